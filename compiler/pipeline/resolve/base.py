"""What every part of the resolver shares: the error it raises, the scope a phrase is read in, the
helpers that classify noun phrases, and the methods each part offers the others (declared here as
abstract methods, each defined by one part)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import NUMBER_RANGES, Noun, Slot, T
from compiler.pipeline.resolve.text import np_text
from runtime import ir


class ResolveError(Exception):
    def __init__(self, code: d.Code, message: str, pos: ast.Pos, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.pos = pos
        self.hint = hint


@dataclass
class Scope:
    """What the text around a phrase makes available: `they`, the event of the window."""

    window: str | None = None
    in_event: bool = False  # the window carries an event ("those ships", "that card")
    loop_var: bool = False  # inside `for each <players>`
    subject_set: bool = False  # inside the arguments of a statement with its own subject
    recurring: bool = False  # inside a lasting effect that spans later encounters
    argument: str = T.NUMBER.value  # what the numbers written here count (a NUMBER_RANGES key)
    repeats: int = 1  # how many times the enclosing repeats run the text here
    named: set[str] = field(default_factory=set)  # what the effect has named so far
    # inside the places an op on ships is given: a place of several players is all of theirs
    ship_op: bool = False


class ResolverBase(ABC):
    """The state a resolver carries, and the seams between its parts."""

    window: str | None
    source: str
    errors: list[ResolveError]
    nouns: dict[str, Noun]
    scope: Scope
    marker_kinds: tuple[str, ...] | None  # the kinds of markers the card declares (None: unchecked)
    pile_names: tuple[str, ...] | None  # the card's own piles it declares (None: unchecked)

    def _slice(self, pos: ast.Pos) -> str:
        return " ".join(self.source[pos[0] : pos[1]].split()) if self.source else ""

    def _words(self, np: ast.NP) -> str:
        """A phrase as the author wrote it (rebuilt from its parts when the text is not at hand)."""
        return self._slice(np.pos) or np_text(np)

    def _noun(self, np: ast.NP) -> Noun:
        noun = np.noun or ""
        found = self.nouns.get(noun)
        if found is None:
            raise ResolveError(
                d.UNKNOWN_WORD,
                f"unknown noun '{noun}'",
                np.pos,
                d.did_you_mean(noun, list(self.nouns)),
            )
        if (
            np.modifiers
            and found.meaning not in ("markers", "pile")
            and any(m.startswith('"') for m in np.modifiers)
        ):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{noun}' takes no quoted kind",
                np.pos,
                "a quoted name picks a kind of marker ('1 \"point\" marker') or a card's own pile"
                " ('your \"hoard\" pile')",
            )
        return found

    def _category(self, np: ast.NP) -> str:
        if np.form == "pronoun":
            return "player"
        if np.form == "part" and np.inner is not None:
            return self._category(np.inner)
        if np.form == "copy":
            return "card"
        return self._noun(np).category

    def _plural(self, np: ast.NP) -> bool:
        n = self._noun(np)
        return np.noun == n.plural and n.plural != n.word

    def _tail(self, np: ast.NP, kind: str) -> ast.Tail | None:
        for tail in np.tails:
            if tail.kind == kind:
                return tail
        return None

    def _need_event(self, np: ast.NP, what: str) -> None:
        if not self.scope.in_event:
            raise ResolveError(
                d.WINDOW_NOT_ALLOWED,
                f"'that {what}' refers to the event of the window, but {self.scope.window or 'this window'} has none",
                np.pos,
                "use it in an event or response window (e.g. response.card, ships.to_warp)",
            )

    def _in_range(
        self, value: int, argument: str, pos: ast.Pos, message: str | None = None
    ) -> None:
        """The one check of a written number against the range the registry gives its kind."""
        low, high = NUMBER_RANGES.get(argument) or NUMBER_RANGES[T.NUMBER.value]
        if message is not None and not low <= value <= high:
            raise ResolveError(
                d.NUMBER_OUT_OF_RANGE, message, pos, f"{argument}s may make at most {high} in all"
            )
        if not low <= value <= high:
            what = {
                T.CARDS.value: "a number of cards",
                T.SHIPS.value: "a number of ships",
                T.AMOUNT.value: "an amount",
                "repeat": "a repeat",
                "duration": "a duration",
            }.get(argument, "a number")
            raise ResolveError(
                d.NUMBER_OUT_OF_RANGE,
                f"{value} is out of range for {what}",
                pos,
                f"write a number from {low} to {high}",
            )

    @abstractmethod
    def _block(self, stmts: tuple[ast.Stmt, ...]) -> ir.Node: ...

    @abstractmethod
    def _offer(self, stmt: ast.OfferStmt) -> ir.Node: ...

    @abstractmethod
    def _verb_phrase(self, stmt: ast.Simple, vp: ast.VerbPhrase, *, prevent: bool) -> ir.Node: ...

    @abstractmethod
    def _players(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _power(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _pronoun(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _owner(self, np: ast.NP) -> ir.Node | None: ...

    @abstractmethod
    def _number(self, expr: ast.Expr) -> ir.Node: ...

    @abstractmethod
    def _countable(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _measure_name(self, noun: str, pos: ast.Pos) -> str: ...

    @abstractmethod
    def _quantity(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _count_of(self, np: ast.NP, *, default_one: bool) -> tuple[ir.Node | None, bool]: ...

    @abstractmethod
    def _card_ref(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _cards(self, np: ast.NP, *, counting: bool = False) -> ir.Node: ...

    @abstractmethod
    def _card_spec(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _ships(self, np: ast.NP, *, taken: bool = False) -> ir.Node: ...

    @abstractmethod
    def _place(self, np: ast.NP, *, several: bool = False) -> ir.Node: ...

    @abstractmethod
    def _side(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _amount(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _aliens(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _has_power(self, who: ir.Node, np: ast.NP) -> ir.Node | None: ...

    @abstractmethod
    def _marker_measure(self, name: str, np: ast.NP) -> str: ...

    @abstractmethod
    def _cond(self, c: ast.Cond) -> ir.Node: ...

    @abstractmethod
    def _role(self, np: ast.NP) -> str: ...

    @abstractmethod
    def _nameable(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _refers_back(self, np: ast.NP) -> bool: ...

    @abstractmethod
    def _calls(self, labels: tuple[str | None, ...]) -> None: ...

    @abstractmethod
    def _called(self, left: ast.Expr, label: ast.LabelWord) -> ir.Node: ...

    @abstractmethod
    def _named_player(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _named_number(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _named_card(self, np: ast.NP) -> ir.Node: ...

    @abstractmethod
    def _named_type(self, np: ast.NP) -> bool: ...

    @abstractmethod
    def _convert(self, expr: ast.Expr, t: T, slot: Slot | None = None) -> ir.Node: ...
