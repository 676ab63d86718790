"""The techs module's words of the effect language: the tech an effect belongs to as a place
with its research ships, the measures `research ships` and `research number`, and handing a
completed tech to another player (registered in runtime/registry.py's tables on import)."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.modules.techs.records import techs_of
from runtime.ops.pieces import piece_of
from runtime.registry import ELSEWHERE, T, measure, noun, op, pp, ship_place, word
from runtime.rules import ship_pieces, ships

RESEARCH = "tech"  # the place: the tech an effect belongs to, with its research ships

noun(RESEARCH, "place", RESEARCH, "the tech the effect belongs to, with the ships researching it")
ship_place(RESEARCH, ELSEWHERE)  # the module keeps them (ships.held)
noun(
    "research number",
    "measure",
    "research number",
    "the ships a tech needs to be completed",
    plural="research numbers",
)
noun(
    "research ship",
    "measure",
    "research ships",
    "a ship researching the tech the effect belongs to",
    plural="research ships",
)


@measure("research ships", "how many ships are researching the tech the effect belongs to")
def research_ships(ctx: Ctx, seat: int) -> int:
    if ctx.card is None:
        return 0
    return techs_of(ctx.game, seat).research.get(ctx.card, 0)


@measure(
    "research number",
    "the research number of the tech being used (response.tech) or just completed (an X tech: 0)",
    owner="board",
)
def research_number(ctx: Ctx, seat: int) -> int:
    tech = getattr(ctx.event, "tech", None)
    if not isinstance(tech, int):
        return 0
    research = ctx.game.defs[tech].attrs.get("research", 0)
    return research if isinstance(research, int) else 0


@op(
    "transfer tech",
    "transfer",
    word("this tech"),
    pp("to", T.PLAYERS),
    doc="Hand the completed tech the effect belongs to to another player (the first named), who"
    " holds it face up and may use it from then on.",
)
def pass_tech(ctx: Ctx, seat: int, _tech: object, players: list[int]) -> None:
    game = ctx.game
    tech = ctx.card
    giver = techs_of(game, seat)
    takers = [s for s in players if s != seat]
    if tech is None or tech not in giver.completed or not takers:
        return
    giver.completed.remove(tech)
    techs_of(game, takers[0]).completed.append(tech)
    piece = piece_of(game.state, tech)
    if isinstance(piece, ship_pieces.ShipPiece):  # a ship changes colour: it joins the holder's
        ship_pieces.discharge(game, piece)
        game.state.pieces.remove(piece)
        ships.update_powers(game, seat)
        taker = takers[0]
        ship_pieces.enlist(game, tech, taker, ships.choose_colony(game, taker, 1))
        ships.update_powers(game, taker)
    elif piece is not None:  # a piece goes with its tech to the new holder
        piece.owner = takers[0]
    game.log("effect", seat, f"passes {game.card_label(tech)} to {game.player_name(takers[0])}")
