"""Words of the effect language for pieces, the tokens a card brings into play (State.pieces):
put a card's piece between two neighbouring planets or move it there, take it out of play, and
test whether a planet is next to it; and the rule that a piece leaves play with its card
(registered in runtime/registry.py's tables on import)."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import place_planets
from runtime.registry import T, noun, op, pp, predicate, word
from runtime.state import Piece, State

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
    pp("by", T.PLACE, "where"),
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
)
def withdraw_piece(ctx: Ctx, seat: int, _piece: object) -> None:
    if piece_leaves(ctx.game.state, ctx.card):
        ctx.game.log("effect", seat, "takes its piece out of play")


def piece_leaves(st: State, card: int | None) -> bool:
    """Take the card's piece out of play (when the card leaves play); whether it was there."""
    piece = piece_of(st, card)
    if piece is not None:
        st.pieces.remove(piece)
    return piece is not None


@predicate(
    "next to the piece",
    "a planet is next to the piece of the card the effect belongs to (the piece is in play)",
    "is next to the piece",
    "are next to the piece",
    args=(T.PLACE,),
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
