"""Pieces that are ships: a card's token that is one of its owner's ships, counted in the owner's
ship count wherever it stands and moving with those ships. In: each lift and arrival of a
player's ships (`leaving` and `arrived`, called by every path that moves ships); out: where each
such piece stands, the mover's yes/no when only some of the ships at its place leave, and the
invariants that it always stands among its owner's ships.

A piece's place is a planet id, GATE, GUARD, WARP, BOX, HOSTAGE, or a place a rules module keeps
named "<kind> <card instance>" (the module answers `ships.held` for that kind and card). The gate
and the place beside the target planet are those of one encounter: the encounter under way, or
one an encounter nested in it paused, which its ships there stay in meanwhile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime import extension
from runtime.plain_data import COPIERS
from runtime.rules import systems
from runtime.state import Encounter, Piece, State

if TYPE_CHECKING:
    from runtime.table import Table

GATE = "gate"  # the same names as runtime/rules/ships.py's sources
GUARD = "guard"
WARP = "warp"
BOX = "box"  # out of the game
HOSTAGE = "hostage"  # held by another player until the end of the turn
MOVING = "moving"  # lifted from its place and not yet arrived: never true between two steps

Place = int | str


@dataclass(slots=True)
class ShipPiece(Piece):
    """A piece that is one of its owner's ships; `at` is where it stands (`planets` holds that
    planet alone while it stands on one); `going` is the mover's answer, for the move under way,
    to whether it is among the ships leaving its place ("yes", "no", or "" not asked); `depth`,
    at GATE or GUARD, says whose: the encounter at that index of the stack of encounters
    (`State.suspended`, outermost first, then `State.encounter`), 0 elsewhere."""

    at: Place = MOVING
    going: str = ""
    depth: int = 0


def ship_pieces(st: State, seat: int) -> list[ShipPiece]:
    """The ship pieces a player owns."""
    return [p for p in st.pieces if isinstance(p, ShipPiece) and p.owner == seat]


def stands_at(st: State, piece: ShipPiece, place: Place) -> bool:
    """Whether the piece stands at a place as a move names it: the gate and beside the target
    planet of the encounter under way."""
    return piece.at == place and (place not in (GATE, GUARD) or piece.depth == current(st))


def aboard(st: State, seat: int) -> int:
    """How many of the player's ships are pieces (ships beyond its ordinary ones)."""
    return len(ship_pieces(st, seat)) if st.pieces else 0


def held_key(kind: str, card: int) -> str:
    """The name of a place a rules module keeps for a card (`ships.held` answers for it)."""
    return f"{kind} {card}"


def current(st: State) -> int:
    """The depth of the encounter under way in the stack of encounters."""
    return len(st.suspended)


def encounter_at(st: State, depth: int) -> Encounter | None:
    """The encounter at a depth of the stack of encounters, if there is one."""
    if depth < len(st.suspended):
        return st.suspended[depth]
    return st.encounter if depth == len(st.suspended) else None


def ships_at(game: Table, seat: int, place: Place, depth: int = -1) -> int:
    """How many of the player's ships stand at a place now; the gate and beside the target
    planet are those of the encounter at `depth` (by default the one under way)."""
    st = game.state
    if isinstance(place, int):
        return st.planets[place].ships[seat]
    if place in (GATE, GUARD):
        enc = encounter_at(st, current(st) if depth < 0 else depth)
        if enc is None or seat >= len(enc.gate):
            return 0
        return (enc.gate if place == GATE else enc.guard)[seat]
    if place == WARP:
        return st.players[seat].warp
    if place == BOX:
        return st.players[seat].removed
    if place == HOSTAGE:
        return sum(count for _, owner, count in st.hostages if owner == seat)
    kind, _, card = place.partition(" ")
    held = extension.answer(game, "ships.held", seat, kind, int(card)) if card.isdigit() else None
    return int(held[0]) if held is not None else 0


def decide(
    game: Table, seat: int, sources: Mapping[Place, int], chooser: int = -1, *, fill: bool = False
) -> None:
    """Before any of the player's ships move from `sources` ({place: how many leave}): for each
    ship piece at a place only some of them leave, the player picking which ships move
    (`chooser`, by default the owner) says whether it is among them. `fill` keeps the answers
    already given for the move under way (asked where the ships were picked)."""
    st = game.state
    if not st.pieces:
        return
    for piece in ship_pieces(st, seat):
        if fill and piece.going:
            continue
        piece.going = ""
        count = sources.get(piece.at, 0) if stands_at(st, piece, piece.at) else 0
        if count > 0 and count < ships_at(game, seat, piece.at):
            yes = _among(game, seat if chooser < 0 else chooser, piece)
            piece.going = "yes" if yes else "no"


def settle(st: State, seat: int | None) -> None:
    """A move of the player's ships is over: forget the answers given for it."""
    for piece in st.pieces:
        if isinstance(piece, ShipPiece) and (seat is None or piece.owner == seat):
            piece.going = ""


def leaving(
    game: Table, seat: int, src: Place, count: int, chooser: int = -1, present: int = -1
) -> None:
    """`count` of the player's ships are leaving `src` now (`present` of them are there, by
    default counted now): a ship piece there goes with them when they all leave, or when the
    mover said it does (`decide`); when only some leave and nobody was asked, the mover
    (`chooser`, by default the owner) is asked now."""
    st = game.state
    if not st.pieces or count <= 0:
        return
    here = [p for p in ship_pieces(st, seat) if stands_at(st, p, src)]
    if not here:
        return
    if present < 0:
        present = ships_at(game, seat, src)
    for piece in here:
        if count <= 0:
            break
        goes = count >= present or piece.going == "yes"
        if not goes and not piece.going:
            goes = _among(game, seat if chooser < 0 else chooser, piece)
        if goes:
            piece.at = MOVING
            piece.planets = []
            piece.going = ""
            count -= 1
        present -= 1


def _among(game: Table, chooser: int, piece: ShipPiece) -> bool:
    name = game.card_label(piece.card)
    return game.yes_no(chooser, "ships.piece", f"is {name} among the ships that move?")


def arrived(game: Table, seat: int, dest: Place) -> None:
    """The player's ships have just arrived at `dest`: a ship piece lifted with them is there."""
    st = game.state
    if not st.pieces:
        return
    for piece in ship_pieces(st, seat):
        if piece.at == MOVING:
            stand(piece, dest, current(st))


def cross(game: Table, seat: int, src: Place, dest: Place) -> None:
    """All the player's ships at `src` now stand at `dest` without being lifted (an ally
    switching sides: from the gate to beside the target planet, or back): its pieces there too."""
    st = game.state
    for piece in ship_pieces(st, seat):
        if stands_at(st, piece, src):
            stand(piece, dest, current(st))


def stand(piece: ShipPiece, place: Place, depth: int = 0) -> None:
    """The piece stands at a place (`depth`: whose gate or guard it is, see ShipPiece)."""
    piece.at = place
    piece.planets = [place] if isinstance(place, int) else []
    piece.depth = depth if place in (GATE, GUARD) else 0


def enlist(game: Table, card: int, seat: int, planet: int) -> ShipPiece:
    """Bring a card's piece into play as one more ship of `seat` on a planet."""
    st = game.state
    piece = ShipPiece(card, st.catalog[card], seat)
    stand(piece, planet)
    st.pieces.append(piece)
    systems.add_ships(game, planet, seat, 1)
    return piece


def discharge(game: Table, piece: ShipPiece) -> None:
    """A ship piece leaves play: its ship leaves the place where it stands."""
    st = game.state
    place, seat = piece.at, piece.owner
    piece.at = MOVING  # not there any more: taken out of st.pieces by the caller
    if isinstance(place, int):
        systems.add_ships(game, place, seat, -1)
        for enc in (*st.suspended, st.encounter):
            if enc is not None and place == enc.planet and seat < len(enc.landed):
                enc.landed[seat] = min(enc.landed[seat], st.planets[place].ships[seat])
    elif place in (GATE, GUARD):
        enc = encounter_at(st, piece.depth)
        if enc is not None:
            if place == GATE:
                enc.gate[seat] -= 1
            else:
                enc.guard[seat] -= 1
    elif place == WARP:
        st.players[seat].warp -= 1
    elif place == BOX:
        st.players[seat].removed -= 1
    elif place == HOSTAGE:
        for entry in st.hostages:
            if entry[1] == seat and entry[2] > 0:
                entry[2] -= 1
                break
        st.hostages = [h for h in st.hostages if h[2] > 0]
    else:
        kind, _, card = str(place).partition(" ")
        held = extension.answer(game, "ships.held", seat, kind, int(card))
        if held is not None:
            held[1](1, -1)


def problem(game: Table) -> str | None:
    """What is wrong with the ship pieces, if anything: each stands at a place (none is left
    lifted between two steps), among at least as many of its owner's ships as there are ship
    pieces there (in the gate or beside the target planet: of the piece's own encounter)."""
    st = game.state
    for piece in st.pieces:
        if not isinstance(piece, ShipPiece):
            continue
        who = game.player_name(piece.owner)
        label = game.card_label(piece.card)
        if piece.at == MOVING:
            return f"{who}'s {label} piece left its place and arrived nowhere"
        mates = ship_pieces(st, piece.owner)
        here = sum(1 for p in mates if p.at == piece.at and p.depth == piece.depth)
        if ships_at(game, piece.owner, piece.at, piece.depth) < here:
            return f"{who}'s {label} piece stands at {piece.at!r}, where {who} has no ship for it"
    return None


def _copy(piece: ShipPiece) -> ShipPiece:
    return ShipPiece(
        piece.card, piece.kind, piece.owner, piece.planets[:], piece.at, piece.going, piece.depth
    )


COPIERS[ShipPiece] = _copy
