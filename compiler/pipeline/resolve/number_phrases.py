"""Number phrases: literals, counts of things and named measures, into number expressions."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import MARKERS, MEASURES, marker_measure
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import np_text
from runtime import ir


class NumberPhrases(ResolverBase):
    def _number(self, expr: ast.Expr) -> ir.Node:
        if isinstance(expr, ast.Num):
            self._in_range(expr.value, self.scope.argument, expr.pos)
            return ir.Num(expr.value)
        if isinstance(expr, ast.Var):
            raise ResolveError(
                d.UNKNOWN_NAME,
                "'X' has no value on this card",
                expr.pos,
                "X is for techs researched with any number of ships",
            )
        if isinstance(expr, ast.Bin):
            return ir.Arith(expr.op, self._number(expr.left), self._number(expr.right))
        if isinstance(expr, ast.HalfOf):
            return ir.Half(self._number(expr.value), expr.round_up)
        if isinstance(expr, ast.TotalValue):
            return ir.ValueOf(self._cards(expr.np, counting=True))
        if isinstance(expr, ast.Count):
            if self._kept_number(expr.np):
                # "the number of your colonies" is the number the game keeps for them
                return self._quantity(expr.np)
            return ir.CountOf(self._countable(expr.np))
        return self._np_number(expr)

    def _np_number(self, np: ast.NP) -> ir.Node:
        if np.noun == "number" and self._refers_back(np):
            return self._named_number(np)
        if (
            np.form == "phrase"
            and np.det == "that"
            and np.quantity is None
            and np.noun in ("ship", "ships")
        ):
            return ir.EventValue("count")
        if np.form == "phrase" and np.quantity is not None and np.quantity.kind == "that many":
            return ir.EventValue("count")
        if self._kept_number(np):
            return self._quantity(np)
        category = self._category(np)
        if category in ("card", "ship", "player"):
            return ir.CountOf(self._countable(np))
        raise ResolveError(
            d.WRONG_ARG_TYPE,
            f"'{np_text(np)}' is not a number",
            np.pos,
            "numbers are written like '3', 'your ships in the encounter', 'the number of cards in your hand'",
        )

    def _kept_number(self, np: ast.NP) -> bool:
        category = self._category(np)
        return category == "measure" or (category == "place" and self._noun(np).meaning in MEASURES)

    def _countable(self, np: ast.NP) -> ir.Node:
        category = self._category(np)
        if category == "player":
            return self._players(np)
        if category == "card":
            return self._cards(np, counting=True)
        if category == "ship":
            return self._ships(np)
        raise ResolveError(d.WRONG_ARG_TYPE, f"cannot count '{np_text(np)}'", np.pos)

    def _measure_name(self, noun: str, pos: ast.Pos) -> str:
        found = self.nouns.get(noun)
        if found is None:
            raise ResolveError(
                d.UNKNOWN_WORD,
                f"unknown noun '{noun}'",
                pos,
                d.did_you_mean(noun, list(self.nouns)),
            )
        name = found.meaning
        if found.category == "card" and name in ("hand", "any"):
            return "cards in hand"
        if name == "warp":
            return "ships in the warp"
        if name not in MEASURES:
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{noun}' is not something players have a number of",
                pos,
                d.did_you_mean(noun, sorted(MEASURES)),
            )
        return name

    def _quantity(self, np: ast.NP) -> ir.Node:
        """A number the game keeps, for an owner: `your total`, `either side's total`."""
        name = self._marker_measure(self._measure_name(np.noun or "", np.pos), np)
        if np.tails:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' cannot be narrowed this way",
                np.tails[0].pos,
                "a number the game keeps belongs to a player: write 'your total', 'the offense's lucre'",
            )
        owner: ir.Node | None = None
        if np.form == "owned" and np.possessor is not None:
            possessor = np.possessor
            if possessor.form != "pronoun" and self._category(possessor) == "card":
                owner = self._card_ref(possessor)
            elif possessor.form != "pronoun" and self._category(possessor) == "side":
                owner = self._side(possessor)
            else:
                owner = self._players(possessor)
        return ir.Measure(name, owner)

    def _count_of(self, np: ast.NP, *, default_one: bool) -> tuple[ir.Node | None, bool]:
        q = np.quantity
        if q is None:
            if np.det in ("a", "another", "any") or (default_one and not self._plural(np)):
                return ir.Num(1), False
            return None, False
        if q.kind == "number" and q.value is not None:
            return self._number(q.value), False
        if q.kind == "up to" and q.value is not None:
            return self._number(q.value), True
        if q.kind == "any number":
            return ir.Num(99), True
        if q.kind == "all":
            return None, False
        if q.kind == "that many":
            return ir.EventValue("count"), False
        raise ResolveError(d.BAD_PHRASE, f"'{q.kind}' does not say how many", q.pos)

    def _amount(self, np: ast.NP) -> ir.Node:
        noun = self._noun(np)
        if noun.meaning not in ("lucre", "rewards", "markers"):
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np_text(np)}' is not an amount",
                np.pos,
                "amounts are lucre, rewards or markers: '2 lucre', '1 reward', '1 \"point\" marker'",
            )
        count, up_to = self._count_of(np, default_one=True)
        return ir.Amount(self._marker_measure(noun.meaning, np), count or ir.Num(1), up_to)

    def _marker_measure(self, name: str, np: ast.NP) -> str:
        """The measure of a kind of marker a quoted name picks (`"point" markers`), checked
        against the kinds the card declares; any other measure as it is."""
        kinds = [m.strip('"') for m in np.modifiers if m.startswith('"')]
        if not kinds or name != MARKERS:
            return name
        kind = kinds[0]
        if self.marker_kinds is not None and kind not in self.marker_kinds:
            declared = ", ".join(self.marker_kinds) or "none"
            raise ResolveError(
                d.UNKNOWN_NAME,
                f"this card declares no kind of marker named '{kind}' (declared: {declared})",
                np.pos,
                d.did_you_mean(kind, list(self.marker_kinds))
                or f"add it to the card's markers: 'markers: [{kind}]'",
            )
        return marker_measure(kind)
