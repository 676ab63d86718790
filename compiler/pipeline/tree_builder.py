"""The syntax-tree builder: the rule callbacks of the LALR parse in, compiler.pipeline.ast nodes
with their source positions out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compiler.pipeline import ast
from compiler.pipeline.duration_builder import DurationBuilder, duration_word
from compiler.pipeline.number_builder import NumberBuilder
from compiler.pipeline.offer_builder import OfferBuilder
from compiler.pipeline.syntax_errors import DETERMINERS
from compiler.pipeline.tokens import Token
from compiler.pipeline.tree_parts import PartsBuilder, with_worth
from compiler.pipeline.tree_parts import span as _pos
from runtime.record import record


def _stmts(items: list[Any]) -> tuple[ast.Stmt, ...]:
    return tuple(i for i in items if not isinstance(i, Token))


@record
class _Order:
    start: ast.NP | None
    reverse: bool


@record
class _Option:
    label: str | None
    body: tuple[ast.Stmt, ...]


def _count_scope(noun: Any) -> str:
    """`for the next N turns` counts turns; any other noun (encounters) counts encounters."""
    return "turns" if str(noun) in ("turn", "turns") else "encounters"


class Builder(PartsBuilder, NumberBuilder, OfferBuilder, DurationBuilder):
    """The LALR parse's rule callbacks (found by rule name) that build compiler.pipeline.ast
    nodes."""

    def start(self, items: list[Any]) -> ast.Effect:
        return ast.Effect(_stmts(items))

    def cond_start(self, items: list[Any]) -> ast.Cond:
        return items[0]

    def np_start(self, items: list[Any]) -> ast.NP:
        return items[0]

    def block(self, items: list[Any]) -> tuple[ast.Stmt, ...]:
        return _stmts(items)

    def inline(self, items: list[Any]) -> tuple[ast.Stmt, ...]:
        return _stmts(items)

    def inline_if(self, items: list[Any]) -> tuple[ast.Stmt, ...]:
        return (ast.IfStmt(items[1], (items[2],), None, _pos(*items)),)

    # ---------------------------------------------------------------- statements

    def if_stmt(self, items: list[Any]) -> ast.IfStmt:
        cond, then = items[1], items[2]
        otherwise = items[4] if len(items) > 4 else None
        return ast.IfStmt(cond, then, otherwise, _pos(*items))

    def for_each(self, items: list[Any]) -> ast.ForEachStmt:
        target = next(i for i in items[1:] if isinstance(i, ast.NP))
        order = next((i for i in items if isinstance(i, _Order)), _Order(None, False))
        return ast.ForEachStmt(target, items[-1], _pos(*items), order.start, order.reverse)

    def order(self, items: list[Any]) -> _Order:
        start = next((i for i in items if isinstance(i, ast.NP)), None)
        reverse = any(isinstance(i, Token) and i.type == "IN_REVERSE_ORDER" for i in items)
        return _Order(start, reverse)

    def choose(self, items: list[Any]) -> ast.ChooseStmt:
        chooser = items[0] if isinstance(items[0], ast.NP) else None
        options = [i for i in items if isinstance(i, _Option)]
        fresh = any(isinstance(i, Token) and i.type == "NOT_YET_CHOSEN" for i in items)
        return ast.ChooseStmt(
            chooser,
            tuple(o.body for o in options),
            _pos(*items),
            tuple(o.label for o in options),
            fresh,
        )

    def option(self, items: list[Any]) -> _Option:
        label = next((str(i) for i in items if isinstance(i, Token) and i.type == "LABEL"), None)
        return _Option(label, _stmts(items))

    def repeat(self, items: list[Any]) -> ast.RepeatStmt:
        return ast.RepeatStmt(items[1], items[3], _pos(*items))

    def instead(self, items: list[Any]) -> ast.InsteadStmt:
        return ast.InsteadStmt(items[-1], _pos(*items))

    def lasting(self, items: list[Any]) -> ast.LastingStmt:
        token = items[0]
        return ast.LastingStmt(duration_word(token), items[-1], _pos(*items))

    def lasting_count(self, items: list[Any]) -> ast.LastingStmt:
        duration = ast.Duration(_count_scope(items[2]), int(items[1]), _pos(*items[:3]))
        return ast.LastingStmt(duration, items[-1], _pos(*items))

    def lasting_while(self, items: list[Any]) -> ast.LastingStmt:
        duration = ast.Duration("while", 0, _pos(*items[:2]), items[1])
        return ast.LastingStmt(duration, items[-1], _pos(*items))

    def delayed(self, items: list[Any]) -> ast.DelayedStmt:
        return ast.DelayedStmt(str(items[1]), items[2], _pos(*items), _pos(items[1]))

    def simple(self, items: list[Any]) -> ast.Simple:
        # [subject] [modal] verb phrases, with AND between them, [prevent] [duration]
        subject = modal = duration = None
        verbs: list[ast.VerbPhrase] = []
        prevent = False
        for item in items:
            if isinstance(item, ast.VerbPhrase):
                verbs.append(item)
            elif isinstance(item, Token):
                if item.type == "TO_PREVENT_THIS":
                    prevent = True
                elif item.type == "DURATION":
                    duration = duration_word(item)
            elif isinstance(item, str):
                modal = item
            elif isinstance(item, ast.NP):
                subject = item
            elif isinstance(item, ast.Duration):
                duration = item
        return ast.Simple(subject, modal, tuple(verbs), prevent, duration, _pos(*items))

    def modal(self, items: list[Any]) -> str:
        return str(items[0].type).lower().replace("_", " ")

    def next_count(self, items: list[Any]) -> ast.Duration:
        return ast.Duration(_count_scope(items[2]), int(items[1]), _pos(*items))

    def verb_phrase(self, items: list[Any]) -> ast.VerbPhrase:
        verb: Token = items[0]
        return ast.VerbPhrase(str(verb), verb.value, tuple(items[1:]), _pos(*items))

    def pp(self, items: list[Any]) -> ast.PP:
        return ast.PP(str(items[0]).lower(), items[1], _pos(*items))

    def adverb(self, items: list[Any]) -> ast.Adverb:
        return ast.Adverb(str(items[0]), _pos(items[0]))

    # ---------------------------------------------------------------- noun phrases

    def np(self, items: list[Any]) -> ast.NP:
        head, tails = items[0], tuple(items[1:])
        return head.with_tails(tails) if tails else head

    def phrase(self, items: list[Any]) -> ast.NP:
        det = quantity = worth = worth_range = None
        modifiers: list[str] = []
        noun = ""
        for item in items:
            if isinstance(item, Token):
                if item.type in DETERMINERS:
                    det = item.type.lower()
                elif item.type == "NOUN":
                    noun = str(item)
                else:
                    modifiers.append(str(item).lower())
            elif isinstance(item, ast.Quantity):
                quantity = item
            elif isinstance(item, tuple) and item and item[0] == "worth":
                worth = item[1]
            elif isinstance(item, tuple) and item and item[0] == "worth range":
                worth_range = (item[1], item[2])
        return ast.NP(
            "phrase",
            _pos(*items),
            det=det,
            quantity=quantity,
            modifiers=tuple(modifiers),
            noun=noun,
            worth=worth,
            worth_range=worth_range,
        )

    def owned(self, items: list[Any]) -> ast.NP:
        possessor = items[0]
        worth = items[-1] if isinstance(items[-1], tuple) else None
        words = items[1:-1] if worth is None else items[1:-2]
        noun = str(items[-1] if worth is None else items[-2])
        modifiers = tuple(str(i).lower() for i in words)
        found = ast.NP("owned", _pos(*items), possessor=possessor, noun=noun, modifiers=modifiers)
        return found if worth is None else with_worth(found, worth)

    def possessor(self, items: list[Any]) -> ast.NP:
        first = items[0]
        if isinstance(first, Token) and first.type in ("YOUR", "THEIR", "ITS"):
            word = {"YOUR": "you", "THEIR": "they", "ITS": "it"}[first.type]
            return ast.NP("pronoun", _pos(first), word=word)
        return first

    def pronoun(self, items: list[Any]) -> ast.NP:
        token = items[0]
        word = {"YOURSELF": "you", "THEM": "they", "THEIRS": "they"}.get(
            token.type, token.type.lower()
        )
        return ast.NP("pronoun", _pos(token), word=word)

    def part(self, items: list[Any]) -> ast.NP:
        quantity = items[0]
        if isinstance(quantity, Token):  # `any number of` arrives as one token
            quantity = ast.Quantity("any number", None, _pos(quantity))
        return ast.NP("part", _pos(*items), quantity=quantity, inner=items[-1])

    def each_of(self, items: list[Any]) -> ast.NP:
        inner: ast.NP = items[-1]
        return replace(inner, det="each", pos=_pos(*items))

    def bare_np(self, items: list[Any]) -> ast.NP:
        at = next(
            i for i, item in enumerate(items) if isinstance(item, Token) and item.type == "NOUN"
        )
        noun: Token = items[at]
        modifiers = tuple(str(m).lower() for m in items[:at])
        head = ast.NP(
            "phrase", _pos(*items[: at + 1]), det="each", noun=str(noun), modifiers=modifiers
        )
        rest = items[at + 1 :]
        if rest and isinstance(rest[0], tuple):  # the value bounds after the noun
            head, rest = with_worth(head, rest[0]), rest[1:]
        tails = tuple(rest)
        return head.with_tails(tails) if tails else head

    def copy(self, items: list[Any]) -> ast.NP:
        return ast.NP("copy", _pos(*items), inner=items[-1], noun="copy")

    def quantity(self, items: list[Any]) -> ast.Quantity:
        token = items[0]
        if token.type == "NUMBER":
            pos = _pos(token)
            return ast.Quantity("number", ast.Num(int(token), pos), pos)
        kind = {"X": "x", "ALL": "all", "ANY_NUMBER_OF": "any number", "THAT_MANY": "that many"}[
            token.type
        ]
        return ast.Quantity(kind, None, _pos(token))

    def worked_out(self, items: list[Any]) -> ast.Quantity:
        return ast.Quantity("number", items[0], _pos(items[0]))

    def _bounded(self, kind: str, items: list[Any]) -> ast.Quantity:
        return ast.Quantity(kind, items[1], _pos(*items))

    def up_to(self, items: list[Any]) -> Any:
        return self._bounded("up to", items)

    def at_least(self, items: list[Any]) -> Any:
        return self._bounded("at least", items)

    def at_most(self, items: list[Any]) -> Any:
        return self._bounded("at most", items)

    def more_than(self, items: list[Any]) -> Any:
        return self._bounded("more than", items)

    def fewer_than(self, items: list[Any]) -> Any:
        return self._bounded("fewer than", items)

    def kind_name(self, items: list[Any]) -> Token:  # `"point"` marker: keeps its quotes
        return Token.new_borrow_pos("KIND_NAME", f'"{items[0]}"', items[0])

    def worth(self, items: list[Any]) -> tuple[str, ast.Expr]:
        return ("worth", items[1])

    def tail_in(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("in", items[1], None, _pos(*items))

    def tail_on(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("in", items[1], None, _pos(*items), written_on=True)

    def tail_of(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("of", items[1], None, _pos(*items))

    def tail_chosen(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("chosen", None, None, _pos(*items))

    def tail_most(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("most", None, str(items[1]), _pos(*items))

    def tail_fewest(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("fewest", None, str(items[1]), _pos(*items))

    # ---------------------------------------------------------------- conditions

    def is_(self, items: list[Any]) -> ast.Is:
        negated = any(isinstance(i, Token) and i.type == "NOT" for i in items)
        return ast.Is(items[0], negated, items[-1], _pos(*items))

    def has(self, items: list[Any]) -> ast.Has:
        return ast.Has(items[0], items[2], _pos(*items))

    def pred(self, items: list[Any]) -> ast.PredCond:
        return ast.PredCond(items[0], str(items[1]), _pos(*items), (items[2:] or [None])[0])

    def owner_word(self, items: list[Any]) -> ast.OwnerWord:
        return ast.OwnerWord(items[0], _pos(*items))

    def label_word(self, items: list[Any]) -> ast.LabelWord:
        return ast.LabelWord(str(items[0]), _pos(*items))

    def compare(self, items: list[Any]) -> ast.Cmp:
        return ast.Cmp(str(items[1]), items[0], items[2], _pos(items[0], items[2]))

    def cond_or(self, items: list[Any]) -> ast.BoolOp:
        return ast.BoolOp("or", items[0], items[2], _pos(items[0], items[2]))

    def cond_and(self, items: list[Any]) -> ast.BoolOp:
        return ast.BoolOp("and", items[0], items[2], _pos(items[0], items[2]))

    def cond_not(self, items: list[Any]) -> ast.NotCond:
        return ast.NotCond(items[1], _pos(*items))

    def _limit(self, kind: str, items: list[Any]) -> ast.Bound:
        return ast.Bound(kind, items[1], _pos(*items))

    def no_less(self, items: list[Any]) -> ast.Bound:
        return self._limit("at least", items)

    def no_more(self, items: list[Any]) -> ast.Bound:
        return self._limit("at most", items)

    def above(self, items: list[Any]) -> ast.Bound:
        return self._limit("more than", items)

    def below(self, items: list[Any]) -> ast.Bound:
        return self._limit("fewer than", items)

    def kind(self, items: list[Any]) -> ast.KindWord:
        return ast.KindWord(str(items[0]), _pos(items[0]))

    def adjective(self, items: list[Any]) -> ast.AdjWord:
        return ast.AdjWord(str(items[0]).lower(), _pos(items[0]))


# `is` is a Python keyword; the grammar's alias reaches the builder under this name.
setattr(Builder, "is", Builder.is_)
