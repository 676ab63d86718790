"""A scenario's pieces: `start: pieces:` puts the pieces of completed techs in play, and
`expect: pieces:` compares the pieces each player controls, each by its card id and the planets
next to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.pipeline.load import Loaded
from compiler.scenarios.situation import ScenarioError, module_record, planet_of, seat_of
from runtime.game import Game
from runtime.modules.techs.records import HELD
from runtime.state import Piece


def set_pieces(game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
    """`pieces: {blue: {lunar-cannon: [blue planet 1, blue planet 2]}}`, once the techs are set."""
    st = game.state
    for color, kinds in (start.get("pieces") or {}).items():
        line = loaded.span(f"/start/pieces/{color}").line
        seat = seat_of(game, color, line)
        for kind, names in kinds.items():
            held = module_record(game, HELD, st.players[seat], "pieces", line)
            cards = [c for c in held.completed if st.catalog[c] == kind]
            if not cards:
                raise ScenarioError(
                    f"{color} has no completed '{kind}' to bring its piece into play"
                    " (name it under 'completed techs')",
                    line,
                )
            planets = sorted(planet_of(game, name, line) for name in names)
            st.pieces = [p for p in st.pieces if p.card != cards[0]]
            st.pieces.append(Piece(cards[0], str(kind), seat, planets))


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
