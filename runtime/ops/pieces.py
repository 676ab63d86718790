"""Words of the effect language for pieces, the tokens a card brings into play (State.pieces):
put a card's piece between two neighbouring planets or move it there, station it on a planet as
one of its owner's ships (runtime/rules/ship_pieces.py), take it out of play, and test whether a
planet is next to it or whether it is in the encounter; and the rule that a piece leaves play
with its card (registered in runtime/registry.py's tables on import)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.ship_places import PLANET_LISTS, place_planets
from runtime.registry import T, Written, noun, op, pp, predicate, word
from runtime.rules import ship_pieces
from runtime.rules import ships as moves
from runtime.state import Piece, State
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table

noun("piece", "place", "piece", "the token the card the effect belongs to brought into play")


def piece_of(st: State, card: int | None) -> Piece | None:
    """The piece the card brought into play, if it is in play."""
    for piece in st.pieces:
        if piece.card == card:
            return piece
    return None


def neighbour(st: State, planet: int) -> int:
    """The next planet of the same system (round the circle), skipping destroyed ones."""
    ring = [p.id for p in st.planets if p.system == st.planets[planet].system]
    return ring[(ring.index(planet) + 1) % len(ring)]


def _spots(ctx: Ctx, seat: int, place: v.PlaceArg) -> list[int]:
    owner = place.owner if place.owner >= 0 else seat
    found = place_planets(ctx.game.state, place.kind, owner) or []
    planets = ctx.game.state.planets
    return [p for p in found if not planets[p].gone]


@op(
    "position piece",
    "position",
    word("the piece"),
    pp("by", T.PLACE, "where", places=PLANET_LISTS),
    doc="Put the piece of the card the effect belongs to between two neighbouring planets of the"
    " place named, or move it there if it is already in play: the player picks a planet, and the"
    " piece sits between it and the next planet of its system; both are next to the piece.",
    feasible=lambda ctx, seat, _piece, place: (
        ctx.card is not None and bool(_spots(ctx, seat, place))
    ),
)
def position_piece(ctx: Ctx, seat: int, _piece: object, place: v.PlaceArg) -> None:
    game = ctx.game
    st = game.state
    spots = _spots(ctx, seat, place)
    if ctx.card is None or not spots:
        return
    planet = int(
        game.choose(
            seat, "effect.planet", "put the piece by which planet?", spots, game.planet_name
        )
    )
    pair = sorted({planet, neighbour(st, planet)})
    piece = piece_of(st, ctx.card)
    if isinstance(piece, ship_pieces.ShipPiece):
        return  # a piece that is a ship moves with its owner's ships, never on its own
    if piece is None:
        piece = Piece(ctx.card, st.catalog[ctx.card], seat)
        st.pieces.append(piece)
    piece.planets = pair
    where = " and ".join(game.planet_name(p) for p in pair)
    game.log("effect", seat, f"puts the {game.card_label(ctx.card)} piece between {where}")


@op(
    "withdraw piece",
    "withdraw",
    word("the piece"),
    doc="Take the piece of the card the effect belongs to out of play.",
    feasible=lambda ctx, seat, _piece: piece_of(ctx.game.state, ctx.card) is not None,
    example=Written("resolution.after_outcome", "if you lost, withdraw the piece"),
)
def withdraw_piece(ctx: Ctx, seat: int, _piece: object) -> None:
    if piece_leaves(ctx.game, ctx.card):
        ctx.game.log("effect", seat, "takes its piece out of play")


def piece_leaves(game: Table, card: int | None) -> bool:
    """Take the card's piece out of play (when the card leaves play); whether it was there. A
    piece that is a ship takes its ship out of the place where it stands."""
    st = game.state
    piece = piece_of(st, card)
    if piece is not None:
        if isinstance(piece, ship_pieces.ShipPiece):
            ship_pieces.discharge(game, piece)
            moves.update_powers(game, piece.owner)
        st.pieces.remove(piece)
    return piece is not None


@op(
    "station piece",
    "station",
    word("the piece"),
    pp("on", T.PLACE, "where", places=PLANET_LISTS),
    doc="Bring the piece of the card the effect belongs to into play as one more ship of the"
    " player, on a planet of the place named that the player picks (a home planet if the place"
    " has none): from then on it is one of the player's ships, counted wherever it stands and"
    " moving with those ships, until the card leaves play. When only some of the ships where it"
    " stands move, the player picking them says whether it is among them.",
    feasible=lambda ctx, seat, _piece, place: (
        ctx.card is not None and piece_of(ctx.game.state, ctx.card) is None
    ),
)
def station_piece(ctx: Ctx, seat: int, _piece: object, place: v.PlaceArg) -> None:
    game = ctx.game
    st = game.state
    if ctx.card is None or piece_of(st, ctx.card) is not None:
        return
    spots = _spots(ctx, seat, place) or [p.id for p in st.planets if p.system == seat]
    if not spots:
        return
    planet = int(
        game.choose(
            seat, "effect.planet", "station the piece on which planet?", spots, game.planet_name
        )
    )
    founded = st.planets[planet].ships[seat] == 0
    ship_pieces.enlist(game, ctx.card, seat, planet)
    game.log(
        "effect",
        seat,
        f"stations the piece of {game.card_label(ctx.card)} on {game.planet_name(planet)}"
        " as one of its ships",
    )
    if founded:
        game.log("colony", seat, planet)
        game.dispatch.event(Window.COLONY_GAINED, moves.ColonyEvent(seat, planet))
    moves.update_powers(game, seat)


@predicate(
    "piece in the encounter",
    "the piece of the card the effect belongs to is a ship in the encounter (in the gate, beside"
    " the target planet, or on it as the defense's or as ships that landed there)",
    "is in the encounter",
    args=(T.WORD,),
    subject="the piece",
)
def _piece_in_encounter(ctx: Ctx, _piece: str) -> bool:
    st = ctx.game.state
    piece = piece_of(st, ctx.card)
    enc = st.encounter
    if not isinstance(piece, ship_pieces.ShipPiece) or enc is None:
        return False
    if piece.at in (ship_pieces.GATE, ship_pieces.GUARD):  # this encounter's, not a paused one's
        return ship_pieces.stands_at(st, piece, piece.at)
    if enc.planet < 0 or piece.at != enc.planet:
        return False
    seat = piece.owner
    return seat == enc.defense or (seat < len(enc.landed) and enc.landed[seat] > 0)


@predicate(
    "next to the piece",
    "a planet is next to the piece of the card the effect belongs to (the piece is in play)",
    "is next to the piece",
    "are next to the piece",
    args=(T.PLACE,),
    places=PLANET_LISTS | {"target planet"},
)
def _next_to_piece(ctx: Ctx, place: v.PlaceArg) -> bool:
    st = ctx.game.state
    piece = piece_of(st, ctx.card)
    if piece is None:
        return False
    if place.kind == "target planet":
        enc = st.encounter
        planets = [enc.planet] if enc is not None and enc.planet >= 0 else []
    else:
        planets = place_planets(st, place.kind, place.owner) or []
    return bool(planets) and all(p in piece.planets for p in planets)
