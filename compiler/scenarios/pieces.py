"""A scenario's pieces: `start: pieces:` puts the pieces of completed techs in play, and
`expect: pieces:` compares the pieces each player controls, each by its card id and the planets
next to it; `start: ship pieces:` stations pieces that are ships (one more ship of their owner
where each stands), and `expect: ship pieces:` compares where each player's stand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.pipeline.load import Loaded
from compiler.scenarios.situation import ScenarioError, module_record, planet_of, seat_of
from runtime.game import Game
from runtime.modules.techs.records import HELD
from runtime.rules import ship_pieces
from runtime.state import Piece


def set_pieces(game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
    """`pieces: {blue: {lunar-cannon: [blue planet 1, blue planet 2]}}` and `ship pieces:
    {blue: {the-prometheus: blue planet 1}}` (or `the warp`), once the techs are set."""
    st = game.state
    for key in ("pieces", "ship pieces"):
        for color, kinds in (start.get(key) or {}).items():
            line = loaded.span(f"/start/{key}/{color}").line
            seat = seat_of(game, color, line)
            for kind, where in kinds.items():
                held = module_record(game, HELD, st.players[seat], key, line)
                cards = [c for c in held.completed if st.catalog[c] == kind]
                if not cards:
                    raise ScenarioError(
                        f"{color} has no completed '{kind}' to bring its piece into play"
                        " (name it under 'completed techs')",
                        line,
                    )
                st.pieces = [p for p in st.pieces if p.card != cards[0]]
                if key == "pieces":
                    planets = sorted(planet_of(game, name, line) for name in where)
                    st.pieces.append(Piece(cards[0], str(kind), seat, planets))
                elif where == WARP_NAME:
                    piece = ship_pieces.ShipPiece(cards[0], str(kind), seat)
                    ship_pieces.stand(piece, ship_pieces.WARP)
                    st.pieces.append(piece)
                    st.players[seat].warp += 1
                else:
                    ship_pieces.enlist(game, cards[0], seat, planet_of(game, str(where), line))


WARP_NAME = "the warp"
PLACE_NAMES = {
    ship_pieces.GATE: "the gate",
    ship_pieces.GUARD: "beside the target planet",
    ship_pieces.WARP: WARP_NAME,
    ship_pieces.BOX: "out of the game",
    ship_pieces.HOSTAGE: "hostage",
}


def place_name(game: Game, place: ship_pieces.Place) -> str:
    """A ship piece's place as a scenario names it: a planet's name, `the gate`, `beside the
    target planet`, `the warp`, `out of the game`, `hostage`, or `on CARD` (a place a rules module
    keeps on a card, such as the tech the ship researches)."""
    if isinstance(place, int):
        return game.planet_name(place)
    if place in PLACE_NAMES:
        return PLACE_NAMES[place]
    _, _, card = place.partition(" ")
    return f"on {game.state.catalog[int(card)]}" if card.isdigit() else place


def check_ship_pieces(
    game: Game, loaded: Loaded, want: dict[str, Any], fail: Callable[[str, str], None]
) -> None:
    """Exactly the ship pieces each named player owns, and where each stands."""
    st = game.state
    for color, kinds in want.items():
        seat = seat_of(game, color, loaded.span(f"/expect/ship pieces/{color}").line)
        got = {p.kind: place_name(game, p.at) for p in ship_pieces.ship_pieces(st, seat)}
        wanted = {str(kind): str(where) for kind, where in kinds.items()}
        if got != wanted:
            fail(f"/ship pieces/{color}", f"expected {color}'s ship pieces {wanted}, got {got}")


def check_pieces(
    game: Game, loaded: Loaded, want: dict[str, Any], fail: Callable[[str, str], None]
) -> None:
    """Exactly the pieces each named player controls, and where they are."""
    st = game.state
    for color, kinds in want.items():
        seat = seat_of(game, color, loaded.span(f"/expect/pieces/{color}").line)
        got = {
            piece.kind: sorted(game.planet_name(p) for p in piece.planets)
            for piece in st.pieces
            if piece.owner == seat
        }
        wanted = {str(kind): sorted(str(n) for n in names) for kind, names in kinds.items()}
        if got != wanted:
            fail(f"/pieces/{color}", f"expected {color}'s pieces {wanted}, got {got}")
