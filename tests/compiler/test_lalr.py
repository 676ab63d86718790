"""The effect parser's own LALR driver runs the shipped tables as Lark's parser does over the same
tables: for every effect, condition and player text of the bundled cards and the diagnostics
corpus, and for broken variants of them, the same syntax tree, or the same unexpected token with
the same expected terminals and so the same diagnostic; a missing or damaged tables file is
rebuilt with Lark and parses the same."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from lark import Lark
from lark.exceptions import UnexpectedToken as LarkUnexpectedToken

from cards import BUNDLED
from compiler.pipeline import tables
from compiler.pipeline.lalr import LalrParser, Tree, UnexpectedToken
from compiler.pipeline.lexer import EffectLexer, LexError
from compiler.pipeline.parser import EffectParser, parser
from compiler.pipeline.syntax_errors import EffectSyntaxError
from compiler.pipeline.tokens import Token
from compiler.pipeline.tree_builder import Builder
from compiler.tools.effect_texts import effect_texts
from grammar import GRAMMAR_FILE
from tests import ROOT, tiers
from tests.lark_tables import larks_reader
from tests.tiers import spread

BROKEN = [
    ("start", "draw 2 cards if"),
    ("start", "you may"),
    ("start", "draw 2 cards draw"),
    ("start", "if you won:\ndraw 1 card"),
    ("start", "choose one:\n- draw 1 card\n  - lose 1 ship"),
    ("cond_start", "you are the"),
    ("cond_start", ""),
    ("np_start", "the"),
    ("start", "the opponent may discard 1 card to prevent this or lose 1 ship"),
]


@functools.cache
def card_texts() -> list[tuple[str, str]]:
    """(start rule, text) of every effect, condition and target in the bundled packs and the
    corpus (files that do not load as YAML are the corpus's other cases), each once."""
    return sorted(set(effect_texts([BUNDLED, ROOT / "tests" / "corpus"])))


def broken_variants(texts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each text cut short after half its words, and with a stray verb at its end: syntax errors
    met at many points of the grammar."""
    variants: set[tuple[str, str]] = set(BROKEN)
    for start, text in texts:
        words = text.split(" ")
        variants.add((start, " ".join(words[: len(words) // 2])))
        variants.add((start, text.rstrip() + " draw"))
    return sorted(variants)


@pytest.fixture(scope="module")
def ours() -> LalrParser:
    return parser().lalr


@pytest.fixture(scope="module")
def larks() -> Lark:
    """Lark's parser over the shipped tables, read by Lark's own deserializer."""
    parser()  # sets the lexer's vocabulary
    return larks_reader(Builder())


def outcome(parse: Any, text: str, start: str) -> tuple[Any, ...]:
    try:
        return ("tree", parse(text, start))
    except LexError as exc:
        return ("lex", exc.message, exc.offset, exc.length, exc.hint)
    except (UnexpectedToken, LarkUnexpectedToken) as exc:
        token = exc.token
        diagnostic = EffectParser._unexpected(parser(), text, exc)  # type: ignore[arg-type]
        return (
            "token",
            (token.type, str(token), token.start_pos, token.end_pos),
            sorted(exc.expected),
            sorted(exc.accepts or ()),
            (diagnostic.message, diagnostic.offset, diagnostic.length, diagnostic.hint),
        )


def lark_parse(larks: Lark) -> Any:
    return lambda text, start: larks.parse(text, start=start)


@pytest.mark.slow  # builds Lark's parser to compare with
def test_every_card_text_parses_to_the_tree_larks_parser_gives(
    ours: LalrParser, larks: Lark
) -> None:
    texts = card_texts()
    assert len(texts) > 400
    assert {start for start, _ in texts} == set(tables.STARTS)
    for start, text in spread(texts, 4):
        mine = outcome(ours.parse, text, start)
        assert mine == outcome(lark_parse(larks), text, start), (start, text)
        # every rule the cards reach has a callback: no bare parse tree is left in the syntax tree
        assert "Tree(" not in repr(mine), (start, text)


@pytest.mark.slow  # builds Lark's parser to compare with
def test_every_broken_text_stops_at_the_token_and_with_the_diagnostic_larks_parser_gives(
    ours: LalrParser, larks: Lark
) -> None:
    variants = spread(broken_variants(card_texts()), 4)  # over 900 of them, a quarter if quick
    outcomes = [(outcome(ours.parse, text, start), start, text) for start, text in variants]
    errors = [found for found, _, _ in outcomes if found[0] == "token"]
    assert len(errors) > (500 if not tiers.QUICK else len(variants) // 2), "too few syntax errors"
    assert any(found[1][0] == "$END" for found in errors), "no text ended too soon"
    for found, start, text in outcomes:
        assert found == outcome(lark_parse(larks), text, start), (start, text)


@pytest.mark.slow  # builds Lark's parser to compare with
def test_the_corpus_syntax_errors_are_reported_as_lark_reported_them(larks: Lark) -> None:
    errors = 0
    for start, text in card_texts():
        try:
            parser()._parse_text(text, start)
        except EffectSyntaxError as exc:
            errors += 1
            theirs = outcome(lark_parse(larks), text, start)
            if theirs[0] == "lex":
                assert (exc.message, exc.offset, exc.length, exc.hint) == theirs[1:]
            else:
                assert (exc.message, exc.offset, exc.length, exc.hint) == theirs[-1], text
    assert errors >= 5


def test_editor_completion_asks_the_driver_what_may_come_next(ours: LalrParser) -> None:
    run = ours.begin("start")
    *tokens, end_of_line = EffectLexer().lex("draw 2")
    assert end_of_line.type == "_NL"
    for token in tokens:
        run.feed(token)
    assert "NOUN" in run.accepts() and "VERB" not in run.accepts()


def test_a_rule_without_a_callback_makes_a_tree_of_its_items(ours: LalrParser) -> None:
    class Bare:
        """A builder with no callbacks: every rule makes a Tree."""

    bare = LalrParser(ours.tables, ours.lexer, Bare())
    tree = bare.parse("draw 2 cards", "start")
    assert isinstance(tree, Tree) and tree.data == "start"
    words = _tokens(tree)
    assert [(t.type, str(t)) for t in words] == [
        ("VERB", "draw"),
        ("NUMBER", "2"),
        ("NOUN", "cards"),
    ]


@pytest.mark.slow  # builds the tables with Lark
def test_missing_parser_tables_are_rebuilt_with_lark_and_parse_the_same(
    ours: LalrParser, tmp_path: Path
) -> None:
    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    rebuilt = tables.tables_for(text, EffectLexer, tmp_path / "missing.json")
    again = LalrParser(rebuilt, EffectLexer(), Builder())
    for start, effect in card_texts()[:200] + BROKEN:
        assert outcome(again.parse, effect, start) == outcome(ours.parse, effect, start)


@pytest.mark.slow  # builds the tables with Lark
def test_damaged_parser_tables_are_rebuilt_with_lark(tmp_path: Path) -> None:
    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    stored = json.loads(tables.TABLES_FILE.read_bytes())
    del stored["memo"][next(iter(stored["memo"]))]
    damaged = tmp_path / "tables.json"
    damaged.write_text(json.dumps(stored), encoding="utf-8")
    assert tables.load(text, damaged) is None
    rebuilt = tables.tables_for(text, EffectLexer, damaged)
    tree = LalrParser(rebuilt, EffectLexer(), Builder()).parse("draw 2 cards", "start")
    assert tree == parser().effect("draw 2 cards")


def test_tokens_of_different_types_differ_even_when_spelled_alike() -> None:
    assert Token("PLUS", "+") != Token("STAR", "+")
    assert Token("PLUS", "+") == "+" and Token("PLUS", "+") == Token("PLUS", "+")


def _tokens(tree: Any) -> list[Token]:
    if isinstance(tree, Token):
        return [tree]
    if isinstance(tree, Tree):
        return [t for child in tree.children for t in _tokens(child)]
    return []
