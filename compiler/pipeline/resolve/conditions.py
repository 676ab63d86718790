"""Conditions: `and`/`or`/`not`, comparisons, `has` and `is` tests, into condition IR."""

from __future__ import annotations

from dataclasses import replace

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import NOUNS, PREDICATES, Slot, T
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.op_places import check_condition_place
from compiler.pipeline.resolve.text import ROLE_WORDS, np_text, pos_of, text_of_comp
from runtime import ir

# players named by how they stand to the effect's owner: "is an opposing player" tests it
RELATION_WORDS = {"opposing", "teammate", "in encounter", "invited"}


class Conditions(ResolverBase):
    def _cond(self, c: ast.Cond) -> ir.Node:
        if isinstance(c, ast.BoolOp):
            left, right = self._cond(c.left), self._cond(c.right)
            kind = ir.AllOf if c.op == "and" else ir.AnyOf
            items = (
                *(left.items if isinstance(left, kind) else (left,)),
                *(right.items if isinstance(right, kind) else (right,)),
            )
            return kind(items)
        if isinstance(c, ast.NotCond):
            return ir.Not(self._cond(c.item))
        if isinstance(c, ast.Cmp):
            return ir.Compare(c.op, self._number(c.left), self._number(c.right))
        if isinstance(c, ast.PredCond):
            return self._pred(c)
        if isinstance(c, ast.Has):
            return self._has(c)
        if isinstance(c, ast.Is):
            node = self._is(c)
            return ir.Not(node) if c.negated else node
        raise ResolveError(d.BAD_CONDITION, "cannot read this condition", (0, 0))

    def _pred(self, c: ast.PredCond) -> ir.Node:
        """A condition word after its subject, and its object when it takes one; each part is
        read as the type the registry gives it ("that card was played by an ally")."""
        pred = PREDICATES[c.pred]
        written = pred.forms[0] if pred.forms else c.pred
        wanted = pred.args
        if (c.obj is None) != (len(wanted) < 2):
            hint = (
                f"write it '... {written} <{wanted[1].value}>'"
                if len(wanted) > 1
                else f"write it '... {written}' with nothing after it"
            )
            raise ResolveError(
                d.BAD_CONDITION,
                f"'{written}' "
                + ("needs something after it" if c.obj is None else "takes nothing after it"),
                c.pos,
                hint,
            )
        if not isinstance(c.left, ast.NP):
            raise ResolveError(
                d.BAD_CONDITION, f"'{written}' needs {wanted[0].value} before it", c.pos
            )
        fixed = Slot("subject", T.WORD, word=pred.subject) if pred.subject else None
        subject = (
            self._players(c.left)
            if wanted[0] is T.PLAYERS
            else self._convert(c.left, wanted[0], fixed)
        )
        check_condition_place(written, pred.places, subject, self._words(c.left), c.left.pos)
        if c.obj is None:
            return ir.Pred(c.pred, (subject,))
        obj = self._convert(c.obj, wanted[1])
        if isinstance(c.obj, ast.NP):
            check_condition_place(written, pred.places, obj, self._words(c.obj), c.obj.pos)
        if isinstance(obj, ir.Chosen) and obj.chooser is None and c.obj.det in ("a", "an", "any"):
            obj = obj.base  # "played by an ally": any one of them, nobody picks
        return ir.Pred(c.pred, (subject, obj))

    def _has(self, c: ast.Has) -> ir.Node:
        if not isinstance(c.left, ast.NP):
            raise ResolveError(d.BAD_CONDITION, "'has' needs a player before it", c.pos)
        who = self._players(c.left)
        np = c.np
        power = self._has_power(who, np)
        if power is not None:
            return power
        q = np.quantity
        op, bound = ">=", 1
        threshold: ir.Node = ir.Num(1)
        if np.det == "no":
            op, threshold = "==", ir.Num(0)
        elif q is not None and q.value is not None:
            threshold = self._number(q.value)
            op = {
                "number": ">=",
                "at least": ">=",
                "at most": "<=",
                "more than": ">",
                "fewer than": "<",
                "up to": "<=",
            }[q.kind]
        del bound
        category = self._category(np)
        noun = self._noun(np)
        amount: ir.Node
        if category == "card":
            held = self._cards(replace(np, quantity=None, det=None), counting=True)
            if not isinstance(held, ir.Cards) or held.owner not in (None, who):
                raise ResolveError(
                    d.BAD_CONDITION,
                    f"'{np_text(np)}' cannot be had",
                    np.pos,
                    "write 'you have 2 attack cards' or 'you have no cards in your hand'",
                )
            amount = ir.CountOf(replace(held, count=None, owner=who))
        elif category == "ship":
            ships = self._ships(replace(np, quantity=None, det=None))
            assert isinstance(ships, ir.Ships)
            amount = ir.CountOf(ir.Ships(None, who, ships.place))
        elif category in ("measure", "place"):
            if np.tails:
                raise ResolveError(
                    d.BAD_CONDITION,
                    f"'{np_text(np)}' cannot be narrowed this way",
                    np.tails[0].pos,
                    "write it as 'you have at least 3 lucre'",
                )
            amount = ir.Measure(
                self._marker_measure(self._measure_name(noun.word, np.pos), np), who
            )
        else:
            raise ResolveError(d.BAD_CONDITION, f"players do not have '{np_text(np)}'", np.pos)
        return ir.Compare(op, amount, threshold)

    def _is(self, c: ast.Is) -> ir.Node:
        left, comp = c.left, c.complement
        if isinstance(comp, ast.LabelWord):
            return self._called(left, comp)
        if isinstance(comp, ast.OwnerWord):
            return self._owned_by(left, comp)
        if isinstance(comp, ast.Bound):
            op = {"at least": ">=", "at most": "<=", "more than": ">", "fewer than": "<"}[comp.kind]
            return ir.Compare(op, self._number(left), self._number(comp.value))
        if isinstance(comp, ast.AdjWord):
            if comp.word in ("odd", "even"):
                return ir.Pred(comp.word, (self._number(left),))
            raise ResolveError(
                d.BAD_CONDITION,
                f"'is {comp.word}' is not a condition",
                comp.pos,
                d.did_you_mean(comp.word, ["odd", "even"]),
            )
        if not isinstance(left, ast.NP):
            if isinstance(comp, ast.KindWord):
                raise ResolveError(d.BAD_CONDITION, "a number cannot be a kind of thing", comp.pos)
            return ir.Compare("==", self._number(left), self._number(comp))
        kind_np = comp if isinstance(comp, ast.NP) else None
        kind_word = (
            comp.noun
            if isinstance(comp, ast.KindWord)
            else (comp.noun if isinstance(comp, ast.NP) else None)
        )
        left_category = self._category(left)
        comp_pos = pos_of(comp)
        if left_category not in ("card", "player", "ship") and kind_word is not None:
            comp_noun = self.nouns.get(kind_word)
            if comp_noun is not None and comp_noun.category == "card":
                raise ResolveError(d.BAD_CONDITION, "a number cannot be a kind of thing", comp_pos)
        if left_category == "card" and kind_np is not None and self._one_card(kind_np):
            # "your card is the named card": the same printed card
            return ir.Pred("same card", (self._card_ref(left), self._card_ref(kind_np)))
        if left_category == "card":
            noun_pos = (comp_pos[1] - len(kind_word), comp_pos[1]) if kind_word else comp_pos
            kind = self._kind_of(kind_word, noun_pos)
            if left.form == "phrase" and left.det == "both":
                return ir.Pred("both cards are", (ir.Word(kind),))
            return ir.Pred("card is", (self._card_ref(left), ir.Word(kind)))
        if left_category == "ship":
            if kind_np is not None and kind_np.form == "pronoun":
                return ir.Pred(
                    "ships are owned by",
                    (
                        self._pronoun(
                            ast.NP(
                                "pronoun",
                                kind_np.pos,
                                word="you" if kind_np.word in ("you", "yours") else kind_np.word,
                            )
                        ),
                    ),
                )
            raise ResolveError(
                d.BAD_CONDITION,
                "ships can only be compared with their owner: 'those ships are yours'",
                c.pos,
            )
        if left_category == "player":
            who = self._players(left)
            if kind_np is not None and kind_np.form == "pronoun":
                return ir.Pred("is player", (who, self._players(kind_np)))
            named = self.nouns.get(kind_np.noun or "") if kind_np is not None else None
            if (
                kind_np is not None
                and named is not None
                and named.meaning not in ROLE_WORDS
                and not (named.meaning in RELATION_WORDS and kind_np.det in ("a", None))
            ):
                # "that player is the holder": one particular player, not a role
                return ir.Pred("is player", (who, self._players(kind_np)))
            if kind_word is None:
                raise ResolveError(
                    d.BAD_CONDITION, "a player can be compared with a role or a player", c.pos
                )
            role_np = kind_np or ast.NP("phrase", c.pos, det="a", noun=kind_word)
            role = self._role(role_np)
            return ir.Pred("has role", (who, ir.Word(role)))
        if isinstance(comp, (ast.KindWord, ast.AdjWord)):
            raise ResolveError(
                d.BAD_CONDITION, f"'{np_text(left)}' cannot be '{text_of_comp(comp)}'", c.pos
            )
        return ir.Compare("==", self._number(left), self._number(comp))

    def _one_card(self, np: ast.NP) -> bool:
        """A phrase naming one particular card ("the named card", "the opponent's card")."""
        if np.form == "owned":
            return self._category(np) == "card"
        return np.form == "phrase" and self._refers_back(np)

    def _owned_by(self, left: ast.Expr, comp: ast.OwnerWord) -> ir.Node:
        """ "those ships are the defense's", "that card is the opponent's": whose they are."""
        category = self._category(left) if isinstance(left, ast.NP) else None
        owner = self._players(comp.owner)
        if category == "ship":
            return ir.Pred("ships are owned by", (owner,))
        if category == "card" and isinstance(left, ast.NP):
            return ir.Pred("card played by", (self._card_ref(left), owner))
        raise ResolveError(
            d.BAD_CONDITION,
            "only ships and cards belong to a player here",
            pos_of(left),
            "write 'those ships are the defense's' or 'that card is the opponent's'",
        )

    def _kind_of(self, word: str | None, pos: ast.Pos) -> str:
        noun = self.nouns.get(word or "")
        if noun is None or noun.category != "card" or noun.meaning in ("any", "hand"):
            kinds = sorted(
                {
                    n.word
                    for n in NOUNS.values()
                    if n.category == "card" and n.meaning not in ("any", "hand")
                }
            )
            raise ResolveError(
                d.BAD_CONDITION,
                f"'{word}' is not a kind of card",
                pos,
                d.did_you_mean(word or "", kinds),
            )
        return noun.meaning
