"""The effect language: the grammar is conflict-free LALR, statements parse and resolve to the
expected IR, errors point at the right offset, and Eon words mean the FFG ones."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lark import Lark

from compiler.pipeline import tables
from compiler.pipeline.lexer import EffectLexer
from compiler.pipeline.parser import EffectSyntaxError, parser
from compiler.pipeline.resolve import Resolver
from grammar import GRAMMAR_FILE
from runtime import ir


def resolve(text: str, window: str = "planning.start") -> ir.Node:
    r = Resolver(window, text)
    node = r.effect(parser().effect(text))
    assert not r.errors, [e.message for e in r.errors]
    return node


def resolve_errors(text: str, window: str = "planning.start") -> list[str]:
    r = Resolver(window, text)
    r.effect(parser().effect(text))
    return [f"{e.code.id} {e.message}" for e in r.errors]


@pytest.mark.slow  # a Lark build, strict
def test_grammar_has_no_lalr_conflicts() -> None:
    # strict mode turns every shift/reduce or reduce/reduce conflict into an error; built as the
    # shipped parser tables are, with the effect lexer
    tables.build(GRAMMAR_FILE.read_text(), EffectLexer, strict=True)


@pytest.mark.slow  # a second Lark build, with Lark's own lexer
def test_grammar_terminals_do_not_collide() -> None:
    # with Lark's basic lexer, strict mode also checks that no two terminals' patterns can match
    # the same text (with interegular)
    Lark(
        GRAMMAR_FILE.read_text(),
        parser="lalr",
        lexer="basic",
        strict=True,
        start=["start", "cond_start", "np_start"],
    )


def test_simple_statement_resolves_to_op_with_typed_arguments() -> None:
    node = resolve("draw 2 cards")
    assert node == ir.Do(
        "draw", None, (ir.Cards(ir.Num(2), ir.CardFilter()), None), text="draw 2 cards"
    )


def test_subject_may_and_prevention() -> None:
    node = resolve("the opponent may pay you 2 lucre to prevent this", "resolution.after_outcome")
    assert isinstance(node, ir.Do)
    assert (node.op, node.may, node.prevent) == ("pay", True, True)
    assert node.subject == ir.Players("opponent")
    assert node.args == (ir.Players("you"), ir.Amount("lucre", ir.Num(2)))


def test_allies_of_a_side_and_their_ships() -> None:
    node = resolve("each ally of the offense loses 1 ship to the warp")
    assert isinstance(node, ir.Do)
    assert node.subject == ir.Players("offensive ally")
    assert node.args == (ir.Ships(ir.Num(1)), ir.Place("warp"))


def test_formula_keeps_arithmetic_and_grouping() -> None:
    node = resolve(
        "calculate your total as your card value * (your ships in the encounter + 1)",
        "reveal.totals",
    )
    assert isinstance(node, ir.Do)
    formula = node.args[1]
    assert isinstance(formula, ir.Arith) and formula.op == "*"
    assert isinstance(formula.right, ir.Arith) and formula.right.op == "+"


def test_blocks_if_otherwise_choose_for_each() -> None:
    text = 'if your card is an attack:\n  draw 2 cards\notherwise:\n  choose one:\n    - "a": draw 1 card\n    - "b": discard 1 card'
    node = resolve(text)
    assert isinstance(node, ir.If) and isinstance(node.otherwise, ir.Choose)
    assert node.otherwise.labels == ("a", "b")
    loop = resolve(
        "for each of your allies:\n  they may move 1 of their ships from the warp to the encounter",
        "alliance.end",
    )
    assert isinstance(loop, ir.ForEach) and loop.over == ir.Players("ally", "you")


def test_eon_words_compile_to_the_same_ir_as_ffg_words() -> None:
    def same(eon: str, ffg: str) -> None:
        a, b = resolve(eon), resolve(ffg)
        assert isinstance(a, ir.Do) and isinstance(b, ir.Do)
        assert replace(a, text="") == replace(b, text="")

    same(
        "each ally of the offense loses 1 token to the warp",
        "each ally of the offense loses 1 ship to the warp",
    )
    same(
        "move 1 of your ships from the cone to your bases",
        "move 1 of your ships from the gate to your colonies",
    )


def test_statement_text_is_the_authors_words() -> None:
    node = resolve("each ally of the offense loses 1 token to the warp")
    assert (
        isinstance(node, ir.Do)
        and node.text == "each ally of the offense loses 1 token to the warp"
    )


def test_conditions() -> None:
    r = Resolver("reveal.after_cards", "")
    assert r.condition(parser().condition("you have at least 2 lucre")) == ir.Compare(
        ">=", ir.Measure("lucre", ir.Players("you")), ir.Num(2)
    )
    assert r.condition(parser().condition("both cards are attacks")) == ir.Pred(
        "both cards are", (ir.Word("attack"),)
    )
    node = r.condition(parser().condition("your card is a negotiate and you are not the offense"))
    assert isinstance(node, ir.AllOf) and isinstance(node.items[1], ir.Not)


@pytest.mark.parametrize(
    ("text", "message", "offset"),
    [
        ("drow 2 cards", "unknown word 'drow'", 0),
        ("draw 2 kards", "unknown word 'kards'", 7),
        ("if your card is an attack draw 2 cards", "unexpected 'draw'", 26),
    ],
)
def test_syntax_errors_say_where(text: str, message: str, offset: int) -> None:
    with pytest.raises(EffectSyntaxError) as caught:
        parser().effect(text)
    assert caught.value.message.startswith(message)
    assert caught.value.offset == offset


def test_unknown_word_suggests_the_closest() -> None:
    with pytest.raises(EffectSyntaxError) as caught:
        parser().effect("drow 2 cards")
    assert caught.value.hint is not None and "'draw'" in caught.value.hint


@pytest.mark.parametrize(
    ("text", "window", "expected"),
    [
        ("draw 2", "planning.start", "E304 expected cards here, not a number"),
        ("draw 2 ships", "planning.start", "E304 '2 ships' is not cards"),
        ("cancel that card", "planning.start", "E307"),
        ("instead, draw 1 card", "planning.start", "E307"),
        (
            "at reveal.nowhere: draw 1 card",
            "planning.start",
            "E305 unknown window 'reveal.nowhere'",
        ),
        ("repeat 50 times: draw 1 card", "planning.start", "E310"),
        (
            "repeat 2 times:\n  repeat (your colonies) times: draw 1 card",
            "planning.start",
            "E310",
        ),
        ("draw 1000000000 cards", "planning.start", "E310"),
        ("gain 2147483648 lucre", "planning.start", "E310"),
        ("add 5000 to your total", "reveal.totals", "E310"),
    ],
)
def test_resolve_errors(text: str, window: str, expected: str) -> None:
    errors = resolve_errors(text, window)
    assert errors and errors[0].startswith(expected), errors
