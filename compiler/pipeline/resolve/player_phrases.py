"""Player phrases: roles, pronouns, owners, allies and powers, into player selectors."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import np_text
from runtime import ir

# The players a pronoun names are fixed selectors: built once and shared (IR never changes), as
# nearly every effect names someone by a pronoun ("you", "your ships", "they").
_YOU = ir.Players("you")
_SUBJECT = ir.Players("subject")
_THEY = ir.Players("they")
_EVENT_PLAYER = ir.Players("event player")


class PlayerPhrases(ResolverBase):
    def _players(self, np: ast.NP) -> ir.Node:
        if np.form == "pronoun":
            return self._pronoun(np)
        if np.form == "part" and np.inner is not None:
            inner = self._players(np.inner)
            q = np.quantity
            if q is not None and q.kind == "any number":
                return ir.Chosen(inner, None, 0, 99)
            return inner
        category = self._category(np)
        if category == "player" and self._refers_back(np):
            return self._named_player(np)
        if category == "side":
            return self._side(np)
        if category == "card" and np.noun in ("card",) and np.form == "owned":
            return self._card_ref(np)
        if category != "player":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np.noun}' is not a player",
                np.pos,
                "players are written like 'the opponent', 'each ally of the offense', 'a player you choose'",
            )
        noun = self._noun(np)
        role = noun.meaning
        if np.det == "that" and np.form == "phrase":
            self._need_event(np, noun.word)
            return ir.Players("event player")
        of: str | None = None
        other = "other" in np.modifiers or np.det == "another"
        if np.form == "owned" and np.possessor is not None:
            of = self._ally_side(np.possessor, np)
            if role not in ("ally", "offensive ally", "defensive ally"):
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{np_text(np)}' does not name players",
                    np.pos,
                    "only allies belong to a player: 'your allies', 'the opponent's allies'",
                )
        # most phrases have no tails: then none is looked for
        tail_of = most = None
        chosen = False
        if np.tails:
            tail_of = self._tail(np, "of")
            most = self._tail(np, "most") or self._tail(np, "fewest")
            chosen = self._tail(np, "chosen") is not None
        if tail_of is not None and tail_of.np is not None:
            if role != "ally":
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{role} of ...' means nothing here",
                    tail_of.pos,
                    "write 'each ally of the offense' or 'the defense's allies'",
                )
            of = self._ally_side(tail_of.np, np)
        if role == "ally" and of in ("offense", "defense"):
            role, of = f"{'offensive' if of == 'offense' else 'defensive'} ally", None
        base: ir.Node = ir.Players(role, of, other)
        if most is not None:
            where = self._tail(np, "in")
            if (
                most.noun in ("ship", "ships")
                and where is not None
                and where.np is not None
                and where.np.noun == "warp"
            ):
                measure = "ships in the warp"
            else:
                measure = self._measure_name(most.noun or "", most.pos)
            return ir.Extreme(measure, most.kind == "fewest", base)
        if np.det in ("a", "another", "any") or chosen:
            q = np.quantity
            if q is not None and q.kind == "any number":
                return ir.Chosen(base, None, 0, 99)
            if q is not None and q.kind in ("number", "up to") and isinstance(q.value, ast.Num):
                # "2 players you choose", "up to 1 other player you choose" (none at all allowed)
                self._in_range(q.value.value, "chosen players", q.pos)
                return ir.Chosen(
                    base, None, 0 if q.kind == "up to" else q.value.value, q.value.value
                )
            return ir.Chosen(base, None, 1, 1)
        return base

    def _power(self, np: ast.NP) -> ir.Node:
        """Whose power a phrase names: `your power`, `the opponent's power`, `that power`."""
        if np.noun not in ("power", "powers"):
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np_text(np)}' is not a power",
                np.pos,
                "write 'your power', 'the opponent's power' or 'that power'",
            )
        if np.form == "owned" and np.possessor is not None:
            return self._players(np.possessor)
        if np.det == "that":
            self._need_event(np, "power")
            return ir.Players("event player")
        raise ResolveError(
            d.BAD_PHRASE,
            f"whose power is '{np_text(np)}'?",
            np.pos,
            "write 'your power' or 'the opponent's power'",
        )

    def _ally_side(self, owner: ast.NP, np: ast.NP) -> str:
        if owner.form == "pronoun":
            if owner.word == "you":
                return "you"
            if owner.word == "they":
                return "subject"
        if owner.form == "phrase" and owner.noun in ("offense", "defense", "opponent"):
            return owner.noun
        raise ResolveError(
            d.BAD_PHRASE,
            f"whose allies is '{np_text(owner)}'?",
            np.pos,
            "allies belong to the offense, the defense, the opponent or you",
        )

    def _pronoun(self, np: ast.NP) -> ir.Node:
        word = np.word or ""
        if word in ("you", "yours"):
            return _YOU
        if word == "they":
            if self.scope.subject_set:
                return _SUBJECT
            if self.scope.loop_var:
                return _THEY
            if self.scope.in_event:
                return _EVENT_PLAYER
            raise ResolveError(
                d.BAD_PHRASE,
                "'they' refers to nobody here",
                np.pos,
                "use 'they' inside 'for each ...' or after a subject such as 'each ally'",
            )
        raise ResolveError(d.BAD_PHRASE, f"'{word}' is not a player here", np.pos)

    def _owner(self, np: ast.NP) -> ir.Node | None:
        """Whose thing a phrase names: the possessor, or the owner in `in <someone>'s hand`."""
        if np.form == "owned" and np.possessor is not None:
            return self._players(np.possessor)
        return None

    def _role(self, np: ast.NP) -> str:
        noun = self._noun(np)
        if noun.category != "player":
            raise ResolveError(d.BAD_CONDITION, f"'{np.noun}' is not a role", np.pos)
        role = noun.meaning
        tail = self._tail(np, "of")
        if role == "ally" and tail is not None and tail.np is not None:
            side = self._ally_side(tail.np, np)
            if side in ("offense", "defense"):
                return f"{'offensive' if side == 'offense' else 'defensive'} ally"
        return role
