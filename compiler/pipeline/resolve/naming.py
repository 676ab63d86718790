"""Naming and referring back: what a `name` statement names (`a card type in your hand`, `a
player`, `a number`, `a card in your hand`) and the phrases that read a name later (`the named
card type`, `the chosen player`, `the named number`, `the named card`), into IR."""

from __future__ import annotations

from dataclasses import replace

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import np_text
from runtime import ir

# what can be named, by the noun written after `name a`
NAMEABLE_NOUNS = {"card type": "card type", "type": "card type", "number": "number"}
# the words that refer back to a name: "the named card", "the chosen player"
REFERRING = frozenset({"named", "chosen"})
# what naming something names too (a card's type and value come with it)
NAMED_WITH = {"card": ("card", "card type", "number")}


class Naming(ResolverBase):
    def _nameable(self, np: ast.NP) -> ir.Node:
        if np.form != "phrase" or np.det not in ("a", "another", "any"):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' is not something to name",
                np.pos,
                "write 'name a card type', 'name a number', 'name a card in your hand' or"
                " 'choose a player'; to refer back to a name, write 'the named card type'",
            )
        what = NAMEABLE_NOUNS.get(np.noun or "")
        among: ir.Node | None = None
        if what is None and self._category(np) == "player":
            what = "player"
            chosen = self._players(np)
            among = chosen.base if isinstance(chosen, ir.Chosen) else chosen
        elif what is None and self._category(np) == "card" and self._noun(np).meaning != "hand":
            what = "card"
            among = self._place_cards(np)
        elif what == "card type" and np.tails:
            among = self._place_cards(np)
        elif what is None:
            raise ResolveError(
                d.BAD_PHRASE,
                f"a {np.noun} cannot be named",
                np.pos,
                "a card type, a card, a number or a player can be named",
            )
        assert what is not None
        self.scope.named.update(NAMED_WITH.get(what, (what,)))
        return ir.Nameable(what, among)

    def _place_cards(self, np: ast.NP) -> ir.Node:
        """The cards a name is picked from: those in the place the phrase names ("in your hand"),
        or, with no place, one of each card of the game that fits the phrase ("an encounter
        card"): a name made without looking."""
        if not any(t.kind == "in" for t in np.tails):
            found = self._cards(replace(np, det="a"), counting=True)
            if isinstance(found, ir.Cards):
                return replace(found, count=None, owner=None, up_to=False, zone="game")
            return found
        cards = ast.NP("phrase", np.pos, det="a", noun="card", tails=np.tails)
        found = self._cards(cards, counting=True)
        return replace(found, count=None) if isinstance(found, ir.Cards) else found

    def _calls(self, labels: tuple[str | None, ...]) -> None:
        """A `choose one:` with quoted labels: the label picked is a word the chooser calls."""
        written = [f'option "{label}"' for label in labels if label]
        if written:
            self.scope.named.update(("option", *written))

    def _called(self, left: ast.Expr, label: ast.LabelWord) -> ir.Node:
        """`the chosen option is "left"`: whether the word called earlier is this one."""
        if not (isinstance(left, ast.NP) and self._refers_back(left) and left.noun == "option"):
            raise ResolveError(
                d.BAD_CONDITION,
                f'only the chosen option can be compared with "{label.word}"',
                label.pos,
                "write 'the chosen option is \"left\"' after a `choose one:` whose options are"
                ' labelled `- "left": ...`',
            )
        if f'option "{label.word}"' not in self.scope.named:
            offered = sorted(
                n[len('option "') : -1] for n in self.scope.named if n.startswith("option ")
            )
            raise ResolveError(
                d.UNKNOWN_NAME,
                f'no `choose one:` before this offers "{label.word}"',
                label.pos,
                "the labels offered so far: " + ", ".join(f'"{o}"' for o in offered)
                if offered
                else 'label the options first: `- "left": ...`',
            )
        return ir.Pred("chosen option is", (ir.Word(label.word),))

    def _refers_back(self, np: ast.NP) -> bool:
        """`the named ...` or `the chosen ...`: a phrase that reads something named earlier."""
        return np.form == "phrase" and np.det == "the" and not REFERRING.isdisjoint(np.modifiers)

    def _named(self, np: ast.NP, what: str) -> None:
        """Refuse a reference to a name the effect has not made before it."""
        if what not in self.scope.named:
            raise ResolveError(
                d.UNKNOWN_NAME,
                f"'{np_text(np)}' refers to nothing named before it",
                np.pos,
                f"name it first, e.g. 'name a {what}' (or 'choose a player')",
            )

    def _named_player(self, np: ast.NP) -> ir.Node:
        self._named(np, "player")
        return ir.Players("named player")

    def _named_number(self, np: ast.NP) -> ir.Node:
        self._named(np, "number")
        return ir.Measure("named number")

    def _named_card(self, np: ast.NP) -> ir.Node:
        self._named(np, "card")
        return ir.CardRef("named")

    def _named_type(self, np: ast.NP) -> bool:
        """Whether `of <np>` in a card phrase reads the named card type."""
        if not self._refers_back(np) or np.noun not in ("card type", "type"):
            return False
        self._named(np, "card type")
        return True
