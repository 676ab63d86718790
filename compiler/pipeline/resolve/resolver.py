"""The resolver: its parts (statements, arguments, players, numbers, cards, places, conditions)
put together, with the entry points the card compiler calls."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.pipeline import ast
from compiler.pipeline.language_table import STEP, SURFACE_NOUNS, WINDOWS
from compiler.pipeline.resolve.alien_phrases import AlienPhrases
from compiler.pipeline.resolve.arguments import Arguments
from compiler.pipeline.resolve.base import ResolveError, Scope
from compiler.pipeline.resolve.card_phrases import CardPhrases
from compiler.pipeline.resolve.conditions import Conditions
from compiler.pipeline.resolve.naming import Naming
from compiler.pipeline.resolve.number_phrases import NumberPhrases
from compiler.pipeline.resolve.offers import Offers
from compiler.pipeline.resolve.place_phrases import PlacePhrases
from compiler.pipeline.resolve.player_phrases import PlayerPhrases
from compiler.pipeline.resolve.statements import Statements
from runtime import ir


@dataclass
class Resolver(
    Statements,
    Offers,
    Arguments,
    PlayerPhrases,
    NumberPhrases,
    CardPhrases,
    PlacePhrases,
    Conditions,
    Naming,
    AlienPhrases,
):
    """Resolves the effect text of one card field in the scope of its window. Problems collect in
    `errors`: `effect` keeps the statements that resolved, `condition` and `players` give None."""

    window: str | None = None
    source: str = ""  # the effect text, for prompts and option labels in the author's words
    marker_kinds: tuple[str, ...] | None = None  # the kinds of markers the card declares
    pile_names: tuple[str, ...] | None = None  # the card's own piles it declares
    errors: list[ResolveError] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.nouns = SURFACE_NOUNS
        window = WINDOWS.get(self.window or "")
        self.scope = Scope(self.window, window is not None and window.kind != STEP)

    def effect(self, effect: ast.Effect) -> ir.Node:
        return self._block(effect.stmts)

    def condition(self, cond: ast.Cond) -> ir.Node | None:
        try:
            return self._cond(cond)
        except ResolveError as exc:
            self.errors.append(exc)
            return None

    def players(self, np: ast.NP) -> ir.Node | None:
        try:
            return self._players(np)
        except ResolveError as exc:
            self.errors.append(exc)
            return None
