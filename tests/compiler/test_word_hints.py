"""Errors in effect text point at the word that went wrong and hint at what to write: near
spellings the grammar takes there, the word a phrase went wrong at, and the keyword a word is
close to; each checked as `cosmic validate` reports it (code, column, help line)."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from compiler.pipeline.card_file import compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.syntax_hints import KEYWORD_USAGE
from compiler.pipeline.word_hints import edit_distance

CARD = """\
id: test-card
kind: artifact
name: Test Card
text: A card to test wording with.
play:
  when: reveal.after_cards
  as: main player
"""


def card(text: str, field: str) -> bytes:
    """The card with `text` in `field` (line 8), quoted when YAML would read it as a mapping."""
    written = f'"{text}"' if ": " in text else text
    rest = "  do: draw 1 card\n" if field == "if" else ""
    return (CARD + f"  {field}: {written}\n" + rest).encode()


def reported(text: str, field: str = "do") -> tuple[str, int, str, str | None]:
    """The one diagnostic of a card whose `field` holds `text`: its code, the column in `text`
    (1-based) it points at, its message and its hint."""
    loaded = load_yaml_bytes(card(text, field), "artifact/test-card.yaml")
    diagnostics = compile_card(loaded, "test", PurePath("artifact/test-card.yaml")).diagnostics
    assert len(diagnostics) == 1, [(x.code.id, x.message) for x in diagnostics]
    (found,) = diagnostics
    assert found.span.line == 8
    column = found.span.column - len(f"  {field}: ") - (": " in text)
    return found.code.id, column, found.message, found.hint


def column_of(word: str, text: str) -> int:
    return text.index(word) + 1


@pytest.mark.parametrize(
    ("text", "word", "hint"),
    [
        (
            "the number of the defense's home colonys is at least 1",
            "colonys",
            "did you mean 'colonies' or 'colony'?",
        ),
        (
            "the number of the defense's home colonie is at least 1",
            "colonie",
            "did you mean 'colonies' or 'colony'?",
        ),
        (
            "the number of your foriegn colonies is at least 1",
            "foriegn",
            "did you mean 'foreign'?",
        ),
        (
            "the number of your homeworlds is at least 1",
            "homeworlds",
            "did you mean 'home planets', 'home colonies' or 'home colony'?",
        ),
        ("your total is at lest 3", "lest", "did you mean 'least' or 'lost'?"),
        (
            "the number of your home planet or colonie is at least 1",
            "colonie",
            "did you mean 'colony' or 'colonies'?",
        ),
    ],
)
def test_a_misspelt_word_is_pointed_at_with_its_near_spellings(
    text: str, word: str, hint: str
) -> None:
    assert reported(text, "if") == ("E300", column_of(word, text), f"unknown word '{word}'", hint)


def test_a_phrase_of_known_words_the_language_lacks_says_what_to_write_instead() -> None:
    text = "the number of the defense's home system is at least 1"
    assert reported(text, "if") == (
        "E300",
        column_of("home", text),
        "unknown phrase 'home system'",
        "did you mean 'system' or 'home planets'?",
    )


@pytest.mark.parametrize(
    ("text", "written", "hint"),
    [
        ("draw 1 card for the rest of game", "for", "did you mean 'for the rest of the game'?"),
        (
            "for each player starting you: draw 1 card",
            "starting",
            "did you mean 'starting with you'?",
        ),
    ],
)
def test_a_phrase_missing_a_word_is_offered_with_it(text: str, written: str, hint: str) -> None:
    code, column, message, found = reported(text)
    assert (code, column, found) == ("E300", column_of(written, text), hint)
    assert message.startswith("unknown phrase")


def test_the_grammar_keeps_the_near_spellings_that_can_go_where_the_word_stands() -> None:
    # 'down' and 'draws' are near 'drow' too, but only a verb can start a statement
    assert reported("drow 2 cards") == ("E300", 1, "unknown word 'drow'", "did you mean 'draw'?")


def test_divide_points_to_the_division_sign() -> None:
    code, column, message, hint = reported("divide your total by 2")
    assert (code, column, message) == ("E300", 1, "unknown word 'divide'")
    assert hint == KEYWORD_USAGE["DIVIDED_BY"] and "'/'" in hint and "rounds down" in hint


def test_a_number_written_in_words_is_asked_for_in_digits() -> None:
    assert reported("draw two cards") == (
        "E300",
        6,
        "unknown word 'two'",
        "write numbers in digits: '2'",
    )
    assert reported("draw one card")[::3] == ("E301", "write numbers in digits: '1'")


# (effect, the text the error points at: "" for the end of the line, help line)
PARSE_ERRORS = [
    ("draw 2 cards from", "", "the line stops after 'from': finish what it begins"),
    ("draw (2 cards", "", "close the '(' with ')'"),
    ("draw 2 cards)", ")", "this ')' closes no '('"),
    ("draw 1 card, discard 1 card", ",", "separate statements with ';', '.' or a new line"),
    ("repeat 3: draw 1 card", ":", "write 'times' before ':'"),
    ("repeat 3 times draw 1 card", "draw", "write ':' or ',' before the statement"),
    ("you may draw 1 card or discard 1 card", "or", KEYWORD_USAGE["OR"]),
    ("draw 1 card if you won", "if", KEYWORD_USAGE["IF"]),
    ("on a planet place 1 ship", "on", KEYWORD_USAGE["ON"]),
    (
        "draw 1 card until end of encounter",
        "end",
        "name a window here, such as 'destiny.drawn'; or write a duration such as"
        " 'until the end of the encounter'",
    ),
]


@pytest.mark.parametrize(("text", "at", "hint"), PARSE_ERRORS)
def test_a_parse_error_has_a_help_line(text: str, at: str, hint: str) -> None:
    code, column, _, found = reported(text)
    assert (code, column, found) == ("E301", text.index(at) + 1 if at else len(text) + 1, hint)


def test_a_condition_in_place_of_a_number_comparison_says_how_to_compare() -> None:
    text = "your total is 10 or more"
    assert reported(text, "if")[::3] == ("E301", KEYWORD_USAGE["OR_MORE"])


def test_ships_on_a_place_are_no_error() -> None:
    text = "lose all of your ships on the target planet to the warp"
    loaded = load_yaml_bytes(card(text, "do"), "artifact/test-card.yaml")
    assert compile_card(loaded, "test", PurePath("artifact/test-card.yaml")).diagnostics == []


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("foriegn", "foreign", 1), ("colonys", "colonies", 2), ("lucer", "lucre", 1), ("", "ab", 2)],
)
def test_a_swap_of_neighbours_is_one_edit(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == distance == edit_distance(b, a)
