"""Alien sheets as noun phrases ("a random unused alien", "the unused aliens", "your other
aliens") into `ir.Aliens`, and the test "PLAYER has the "NAME" power" into its predicate."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.owners import ONE_OWNER_HINT, names_several, owner_pos
from compiler.pipeline.resolve.text import np_text
from runtime import ir

ALIEN_HINT = (
    "alien sheets are written 'a random unused alien', 'an unused alien you choose',"
    " 'the unused aliens', 'your alien', 'your other aliens' or 'your aliens'"
)


class AlienPhrases(ResolverBase):
    def _aliens(self, np: ast.NP) -> ir.Node:
        if np.form == "part" and np.inner is not None:
            inner = self._aliens(np.inner.with_tails(np.tails) if np.tails else np.inner)
            assert isinstance(inner, ir.Aliens)
            count, up_to = self._count_of(np, default_one=False)
            return ir.Aliens(inner.source, count, inner.owner, inner.random, up_to)
        if np.form not in ("phrase", "owned") or self._category(np) != "alien":
            raise ResolveError(
                d.WRONG_ARG_TYPE, f"'{np_text(np)}' is not alien sheets", np.pos, ALIEN_HINT
            )
        noun = self._noun(np)
        wanted = {"random", "other"}
        odd = [m for m in np.modifiers if m not in wanted]
        if odd:
            raise ResolveError(
                d.BAD_PHRASE, f"'{odd[0]}' does not narrow alien sheets", np.pos, ALIEN_HINT
            )
        random = "random" in np.modifiers
        chosen = self._tail(np, "chosen") is not None
        others = [t for t in np.tails if t.kind != "chosen"]
        if others:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' cannot be narrowed this way",
                others[0].pos,
                ALIEN_HINT,
            )
        if random and chosen:
            raise ResolveError(
                d.BAD_PHRASE, "an alien is drawn at random or chosen, not both", np.pos
            )
        count, up_to = self._count_of(np, default_one=not self._plural(np))
        if noun.meaning == "unused":
            if np.form == "owned":
                raise ResolveError(
                    d.BAD_PHRASE,
                    "the unused aliens belong to nobody",
                    np.pos,
                    "write 'an unused alien' or 'the unused aliens'",
                )
            if "other" in np.modifiers:
                raise ResolveError(d.BAD_PHRASE, "'other' does not narrow unused aliens", np.pos)
            if np.det == "the" and np.quantity is None:
                count = None  # "the unused aliens": the whole pile
            return ir.Aliens("unused", count, None, random, up_to)
        if np.form != "owned" or random:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' does not say whose alien",
                np.pos,
                "a player's sheets are written 'your alien', 'your other aliens', 'their aliens'",
            )
        owner = self._owner(np)
        if names_several(owner):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' names the aliens of several players, where one is wanted",
                owner_pos(np),
                ONE_OWNER_HINT,
            )
        if "other" in np.modifiers:
            return ir.Aliens("other", None, owner)
        source = "held" if self._plural(np) else "sheet"
        return ir.Aliens(source, None, owner)

    def _has_power(self, who: ir.Node, np: ast.NP) -> ir.Node | None:
        """`the opponent has the "virus" power`: the quoted name is an alien's id or name; None
        when the phrase is not of that form."""
        noun = self.nouns.get(np.noun or "")
        if noun is None or noun.meaning != "power" or np.form != "phrase":
            return None
        named = [m for m in np.modifiers if m.startswith('"')]
        if not named:
            return None
        if len(np.modifiers) != 1 or np.det != "the" or np.quantity is not None or np.tails:
            raise ResolveError(
                d.BAD_CONDITION,
                f"'{np_text(np)}' does not name one alien's power",
                np.pos,
                "write 'the opponent has the \"virus\" power'",
            )
        return ir.Pred("has power", (who, ir.Word(named[0].strip('"'))))
