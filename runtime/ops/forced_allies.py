"""Players made to ally: the noun `invited player` (those a main player invited to its side this
encounter) and the op `enlist PLAYERS`, which puts them on the acting main player's side with
as many ships as they can spare. In: the acting main player and the players; out: ships moved
from their colonies into the encounter, the players listed among that side's allies."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.effects.selectors import SELECTORS, seat_side
from runtime.registry import T, noun, obj, op
from runtime.rules import allies, ship_pieces
from runtime.rules import ships as moves


def invited_players(ctx: Ctx, _of: str | None) -> list[int]:
    """The players the effect owner's side invited to ally this encounter, in turn order."""
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0 or ctx.you not in (enc.offense, enc.defense):
        return []
    side = seat_side(enc, ctx.you)
    if side is None or not enc.invited:
        return []
    order = ctx.game.state.clockwise_from(enc.offense)
    return [s for s in order if enc.invited[side][s]]


SELECTORS["invited"] = invited_players
noun(
    "invited player",
    "player",
    "invited",
    "a player you, a main player, invited to ally with your side this encounter",
    plural="invited players",
)


def _spare(ctx: Ctx, seat: int) -> dict[int, int]:
    """The ships a player can commit without giving up a colony: all but one on each colony."""
    st = ctx.game.state
    found = {p: st.planets[p].ships[seat] - 1 for p in moves.colony_sources(ctx.game, seat)}
    return {p: n for p, n in found.items() if n > 0}


@op(
    "enlist",
    "enlist",
    obj(T.PLAYERS),
    doc="Make players ally with your side (you a main player), whether invited or not and"
    " whatever they would answer: each commits as many ships as its ship limit allows, short of"
    " giving up a colony (it keeps one ship on each), and answers no invitation afterwards.",
)
def enlist(ctx: Ctx, seat: int, guests: list[int]) -> None:
    game = ctx.game
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0:
        return
    side = seat_side(enc, seat)
    if side is None or seat not in (enc.offense, enc.defense):
        return
    for guest in guests:
        if seat_side(enc, guest) is not None or game.sitting_out(guest):
            continue
        spare = _spare(ctx, guest)
        want = min(enc.ship_limit[guest], sum(spare.values()))
        if want <= 0:
            continue
        planets = list(spare)
        picked = game.choose_many(
            guest,
            "alliance.ships",
            f"commit {want} ship(s) to the {allies.SIDES[side]}",
            planets,
            want,
            want,
            labeler=game.planet_name,
            caps=[spare[p] for p in planets],
        )
        ship_pieces.decide(game, guest, {p: picked.count(p) for p in picked})
        for planet in picked:
            moves.remove_from(game, guest, planet, 1)
        if side == 0:
            enc.gate[guest] += want
        else:
            enc.guard[guest] += want
        ship_pieces.arrived(game, guest, ship_pieces.GATE if side == 0 else ship_pieces.GUARD)
        moves.update_powers(game, guest)
        enc.allies[side].append(guest)
        game.log("ally", guest, allies.SIDES[side], want)
        allies.joined(game, guest, side, want)
