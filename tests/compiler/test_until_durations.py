"""Durations that end at a window compile to a Lasting "until" node naming the window (and, for
"your next turn/encounter", the owner), print back as they were written, and an unknown window
is reported with the window's name."""

from __future__ import annotations

import pytest

from compiler.tools.render import statement
from runtime import ir
from tests.compiler.test_language import resolve, resolve_errors

BODY = "each other player may not play any flare"


@pytest.mark.parametrize(
    ("words", "window", "yours"),
    [
        ("until the destiny deck is next drawn", "destiny.drawn", False),
        ("until the deck is next reshuffled", "deck.reshuffled", False),
        ("until the destiny deck is next reshuffled", "destiny.reshuffled", False),
        ("until the end of your next turn", "turn.end", True),
        ("until your next turn", "turn.start", True),
        ("until your next encounter", "regroup.start", True),
        ("until alliance.end", "alliance.end", False),
    ],
)
def test_a_duration_phrase_names_the_window_that_ends_it(
    words: str, window: str, yours: bool
) -> None:
    for text in (f"{words}, {BODY}", f"{BODY} {words}"):
        node = resolve(text)
        assert isinstance(node, ir.Lasting)
        assert (node.duration, node.window, node.yours) == ("until", window, yours)
        assert resolve(statement(node)) == node


def test_a_named_phrase_prints_as_its_words() -> None:
    node = resolve(f"until destiny.drawn, {BODY}")
    assert statement(node).startswith("until the destiny deck is next drawn, ")


def test_an_unknown_window_as_the_end_of_a_duration_is_an_error() -> None:
    assert resolve_errors(f"until destiny.drawnn, {BODY}") == [
        "E305 unknown window 'destiny.drawnn'"
    ]
