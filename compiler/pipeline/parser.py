"""Effect text in, syntax tree (compiler.pipeline.ast) out; or an EffectSyntaxError saying where and what
was expected. One LALR parser per process, built from grammar/effect.lark and the registry."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from compiler.pipeline import ast, tables
from compiler.pipeline.lexer import EffectLexer, LexError, Vocabulary, build_vocabulary
from grammar import GRAMMAR_FILE


class EffectSyntaxError(Exception):
    def __init__(self, message: str, offset: int, length: int = 1, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.length = length
        self.hint = hint


# How terminals read in "expected ..." messages.
DESCRIBE: dict[str, str] = {
    "VERB": "a verb",
    "NOUN": "a noun",
    "ADJ": "an adjective",
    "ADV": "an adverb such as 'at random'",
    "PRED": "a condition word such as 'lost'",
    "PREP": "a preposition",
    "NUMBER": "a number",
    "WINDOW": "a window name such as reveal.after_cards",
    "DURATION": "a duration such as 'until the end of the encounter'",
    "COMPARE": "a comparison",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "_COLON": "':'",
    "_SEMI": "';'",
    "_PERIOD": "'.'",
    "LABEL": "a quoted option label",
    "_COMMA": "','",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "POSS": "'s",
    "BULLET": "'- ' starting an option",
    "$END": "the end of the effect",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
}
DETERMINERS = {
    "THE",
    "A",
    "EACH",
    "BOTH",
    "EITHER",
    "ANOTHER",
    "NO",
    "THAT",
    "THOSE",
    "THIS",
    "THESE",
    "ANY",
}
NOUN_PHRASE_STARTS = {
    "THE",
    "A",
    "EACH",
    "YOUR",
    "THEIR",
    "YOU",
    "NUMBER",
    "ALL",
    "ANOTHER",
    "THAT",
}


def describe(terminal: str) -> str:
    if terminal in DESCRIBE:
        return DESCRIBE[terminal]
    return "'" + terminal.lower().replace("_", " ") + "'"


def expected_text(accepts: set[str]) -> str:
    names = set(accepts)
    parts: list[str] = []
    if len(names & NOUN_PHRASE_STARTS) >= 4:
        names -= NOUN_PHRASE_STARTS | {
            "BOTH",
            "EITHER",
            "NO",
            "THOSE",
            "THIS",
            "THESE",
            "ANY",
            "ITS",
            "THEY",
            "THEM",
            "IT",
            "YOURSELF",
            "YOURS",
            "THEIRS",
            "X",
            "ANY_NUMBER_OF",
            "THAT_MANY",
            "UP_TO",
            "AT_LEAST",
            "AT_MOST",
            "MORE_THAN",
            "FEWER_THAN",
            "COPY",
            "NUMBER_OF",
            "HALF",
            "TWICE",
            "_LPAR",
        }
        parts.append("a noun phrase (e.g. 'the opponent', '2 cards')")
    ordered = sorted(names, key=lambda n: (n not in DESCRIBE, n))
    parts.extend(describe(n) for n in ordered[:8])
    if len(ordered) > 8:
        parts.append(f"{len(ordered) - 8} more")
    return (
        ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]
        if parts
        else "something else"
    )


def _pos(*items: Any) -> ast.Pos:
    starts, ends = [], []
    for item in items:
        if item is None:
            continue
        if isinstance(item, Token):
            if item.start_pos is not None:
                starts.append(item.start_pos)
                ends.append(
                    item.end_pos if item.end_pos is not None else item.start_pos + len(item)
                )
        elif isinstance(item, tuple) and item and isinstance(item[0], int) and len(item) == 2:
            starts.append(item[0])
            ends.append(item[1])
        elif hasattr(item, "pos"):
            starts.append(item.pos[0])
            ends.append(item.pos[1])
        elif isinstance(item, (list, tuple)):
            for sub in item:
                p = _pos(sub)
                if p != (0, 0):
                    starts.append(p[0])
                    ends.append(p[1])
    return (min(starts), max(ends)) if starts else (0, 0)


def _stmts(items: list[Any]) -> tuple[ast.Stmt, ...]:
    return tuple(i for i in items if not isinstance(i, Token))


@dataclass(frozen=True, slots=True)
class _Order:
    start: ast.NP | None
    reverse: bool


@dataclass(frozen=True, slots=True)
class _Option:
    label: str | None
    body: tuple[ast.Stmt, ...]


class Builder(Transformer):
    """Lark callbacks that build compiler.pipeline.ast nodes during the LALR parse."""

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

    def subject(self, items: list[Any]) -> ast.NP:
        return items[0]

    def option(self, items: list[Any]) -> _Option:
        label = next((str(i) for i in items if isinstance(i, Token) and i.type == "LABEL"), None)
        return _Option(label, _stmts(items))

    def repeat(self, items: list[Any]) -> ast.RepeatStmt:
        return ast.RepeatStmt(int(items[1]), items[3], _pos(*items))

    def instead(self, items: list[Any]) -> ast.InsteadStmt:
        return ast.InsteadStmt(items[-1], _pos(*items))

    def lasting(self, items: list[Any]) -> ast.LastingStmt:
        token = items[0]
        return ast.LastingStmt(ast.Duration(str(token), 1, _pos(token)), items[-1], _pos(*items))

    def lasting_count(self, items: list[Any]) -> ast.LastingStmt:
        duration = ast.Duration(_count_scope(items[2]), int(items[1]), _pos(*items[:3]))
        return ast.LastingStmt(duration, items[-1], _pos(*items))

    def lasting_while(self, items: list[Any]) -> ast.LastingStmt:
        duration = ast.Duration("while", 0, _pos(*items[:2]), items[1])
        return ast.LastingStmt(duration, items[-1], _pos(*items))

    def delayed(self, items: list[Any]) -> ast.DelayedStmt:
        return ast.DelayedStmt(str(items[1]), items[2], _pos(*items), _pos(items[1]))

    def simple(self, items: list[Any]) -> ast.Simple:
        subject = next((i for i in items if isinstance(i, ast.NP)), None)
        modal = next((i for i in items if isinstance(i, str) and not isinstance(i, Token)), None)
        verbs = tuple(i for i in items if isinstance(i, ast.VerbPhrase))
        prevent = any(isinstance(i, Token) and i.type == "TO_PREVENT_THIS" for i in items)
        duration = next((i for i in items if isinstance(i, ast.Duration)), None)
        if duration is None:
            for i in items:
                if isinstance(i, Token) and i.type == "DURATION":
                    duration = ast.Duration(str(i), 1, _pos(i))
        return ast.Simple(subject, modal, verbs, prevent, duration, _pos(*items))

    def modal(self, items: list[Any]) -> str:
        return str(items[0].type).lower().replace("_", " ")

    def prevent(self, items: list[Any]) -> Token:
        return items[0]

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
        det = quantity = worth = None
        modifiers: list[str] = []
        noun = ""
        for item in items:
            if isinstance(item, ast.Quantity):
                quantity = item
            elif isinstance(item, Token) and item.type in DETERMINERS:
                det = item.type.lower()
            elif isinstance(item, tuple) and item and item[0] == "worth":
                worth = item[1]
            elif isinstance(item, Token) and item.type == "NOUN":
                noun = str(item)
            elif isinstance(item, Token):
                modifiers.append(str(item).lower())
        return ast.NP(
            "phrase",
            _pos(*items),
            det=det,
            quantity=quantity,
            modifiers=tuple(modifiers),
            noun=noun,
            worth=worth,
        )

    def owned(self, items: list[Any]) -> ast.NP:
        possessor = items[0]
        noun = str(items[-1])
        modifiers = tuple(str(i).lower() for i in items[1:-1])
        return ast.NP("owned", _pos(*items), possessor=possessor, noun=noun, modifiers=modifiers)

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
        noun: Token = items[0]
        head = ast.NP("phrase", _pos(noun), det="each", noun=str(noun))
        tails = tuple(items[1:])
        return head.with_tails(tails) if tails else head

    def copy(self, items: list[Any]) -> ast.NP:
        return ast.NP("copy", _pos(*items), inner=items[-1], noun="copy")

    def det(self, items: list[Any]) -> Token:
        return items[0]

    def quantity(self, items: list[Any]) -> ast.Quantity:
        token = items[0]
        if token.type == "NUMBER":
            return ast.Quantity("number", ast.Num(int(token), _pos(token)), _pos(token))
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

    def modifier(self, items: list[Any]) -> Token:
        return items[0]

    def worth(self, items: list[Any]) -> tuple[str, ast.Expr]:
        return ("worth", items[1])

    def tail_in(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("in", items[1], None, _pos(*items))

    def tail_of(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("of", items[1], None, _pos(*items))

    def tail_chosen(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("chosen", None, None, _pos(*items))

    def tail_most(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("most", None, str(items[1]), _pos(*items))

    def tail_fewest(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("fewest", None, str(items[1]), _pos(*items))

    # ---------------------------------------------------------------- numbers

    def number(self, items: list[Any]) -> ast.Num:
        return ast.Num(int(items[0]), _pos(items[0]))

    def variable(self, items: list[Any]) -> ast.Var:
        return ast.Var(_pos(items[0]))

    def count(self, items: list[Any]) -> ast.Count:
        return ast.Count(items[1], _pos(*items))

    def half(self, items: list[Any]) -> ast.HalfOf:
        value = next(i for i in items[1:] if not isinstance(i, Token) and not isinstance(i, bool))
        round_up = any(i is True for i in items)
        return ast.HalfOf(value, round_up, _pos(*[i for i in items if not isinstance(i, bool)]))

    def rounding(self, items: list[Any]) -> bool:
        return items[1].type == "UP"

    def twice(self, items: list[Any]) -> ast.Bin:
        return ast.Bin("*", ast.Num(2, _pos(items[0])), items[1], _pos(*items))

    def _bin(self, op: str, items: list[Any]) -> ast.Bin:
        return ast.Bin(op, items[0], items[2], _pos(items[0], items[2]))

    def add(self, items: list[Any]) -> ast.Bin:
        return self._bin("+", items)

    def sub(self, items: list[Any]) -> ast.Bin:
        return self._bin("-", items)

    def mul(self, items: list[Any]) -> ast.Bin:
        return self._bin("*", items)

    def div(self, items: list[Any]) -> ast.Bin:
        return self._bin("/", items)

    # ---------------------------------------------------------------- conditions

    def is_(self, items: list[Any]) -> ast.Is:
        negated = any(isinstance(i, Token) and i.type == "NOT" for i in items)
        return ast.Is(items[0], negated, items[-1], _pos(*items))

    def has(self, items: list[Any]) -> ast.Has:
        return ast.Has(items[0], items[2], _pos(*items))

    def pred(self, items: list[Any]) -> ast.PredCond:
        return ast.PredCond(items[0], str(items[1]), _pos(*items))

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


class EffectParser:
    def __init__(self) -> None:
        text = GRAMMAR_FILE.read_text(encoding="utf-8")
        self.vocabulary: Vocabulary = build_vocabulary(text)
        EffectLexer.vocabulary = self.vocabulary
        self._memo: dict[tuple[str, str], Any] = {}
        self.lark = tables.parser_for(text, EffectLexer, Builder())

    def forget(self) -> None:
        """Start a new run: texts parsed in earlier runs are parsed again."""
        self._memo.clear()

    def effect(self, text: str) -> ast.Effect:
        return self._parse(text, "start")

    def condition(self, text: str) -> ast.Cond:
        return self._parse(text, "cond_start")

    def players(self, text: str) -> ast.NP:
        return self._parse(text, "np_start")

    def _parse(self, text: str, start: str) -> Any:
        """Parse once per distinct text: cards repeat phrases, and syntax trees are immutable
        with positions relative to the text, so a repeat can share the first result."""
        key = (start, text)
        found = self._memo.get(key)
        if found is None:
            try:
                found = self._parse_text(text, start)
            except EffectSyntaxError as exc:
                found = exc
            self._memo[key] = found
        if isinstance(found, EffectSyntaxError):
            raise found
        return found

    def _parse_text(self, text: str, start: str) -> Any:
        try:
            return self.lark.parse(text, start=start)
        except LexError as exc:
            raise EffectSyntaxError(exc.message, exc.offset, exc.length, exc.hint) from None
        except UnexpectedToken as exc:
            raise self._unexpected(text, exc) from None
        except UnexpectedEOF as exc:
            raise EffectSyntaxError(
                f"the effect ends too soon; expected {expected_text(set(exc.expected))}",
                len(text.rstrip()),
                1,
            ) from None
        except (UnexpectedCharacters, UnexpectedInput) as exc:
            raise EffectSyntaxError(
                str(exc).splitlines()[0], getattr(exc, "pos_in_stream", 0) or 0, 1
            ) from None
        except VisitError as exc:
            raise EffectSyntaxError(f"cannot read this effect: {exc.orig_exc}", 0, 1) from None

    def _unexpected(self, text: str, exc: UnexpectedToken) -> EffectSyntaxError:
        token = exc.token
        accepts = set(getattr(exc, "accepts", None) or exc.expected)
        if token.type == "$END":
            return EffectSyntaxError(
                f"the effect ends too soon; expected {expected_text(accepts)}",
                len(text.rstrip()),
                1,
            )
        offset = token.start_pos or 0
        shown = "end of line" if token.type == "_NL" else repr(str(token.value))
        message = f"unexpected {shown}; expected {expected_text(accepts)}"
        hint = None
        if (
            token.type == "VERB"
            and "VERB" not in accepts
            and ("_COLON" in accepts or "_COMMA" in accepts)
        ):
            hint = "end the condition with ':' or ',' before the statement"
        elif token.type == "VERB" and "VERB" not in accepts:
            hint = "a verb cannot go here; put each statement on its own line or separate them with ';'"
        elif token.type == "_NL" and "_INDENT" in accepts:
            hint = "a line ending in ':' needs an indented block below it"
        elif token.type == "NOUN" and "NOUN" not in accepts:
            hint = "a noun needs a word such as 'the', 'a', 'your' or a number before it"
        return EffectSyntaxError(message, offset, max(1, len(str(token.value))), hint)


@functools.lru_cache(maxsize=1)
def parser() -> EffectParser:
    return EffectParser()


def _count_scope(noun: Any) -> str:
    """`for the next N turns` counts turns; any other noun (encounters) counts encounters."""
    return "turns" if str(noun) in ("turn", "turns") else "encounters"
