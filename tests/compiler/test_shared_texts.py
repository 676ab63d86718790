"""Effect texts a run reads again are read once: parsed once, and resolved once per window (with
the card's marker kinds and piles), each repeat reporting its problems at its own place; a new
run reads them afresh."""

from __future__ import annotations

from cards import BUNDLED
from compiler.pipeline import shared_texts
from compiler.pipeline.card_file import compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.parser import parser
from compiler.pipeline.project import load_project

CARD = b"""\
id: twin
kind: alien
name: Twin
alert: green
summary: Twice
text: Draws.
powers:
  - name: One
    when: reveal.start
    as: offense
    do: draw 3 planets
  - name: Two
    when: reveal.start
    as: defense
    do: draw 3 planets
  - name: Three
    when: [reveal.start, resolution.start]
    do: draw a card
"""


def _compiled():  # type: ignore[no-untyped-def]
    return compile_card(load_yaml_bytes(CARD, "twin.yaml"), "test")


def test_a_text_read_twice_in_a_run_is_parsed_once() -> None:
    shared_texts.forget()
    first = parser().effect("draw a card")
    assert parser().effect("draw a card") is first
    shared_texts.forget()
    assert parser().effect("draw a card") is not first


def test_a_repeated_text_resolves_once_per_window() -> None:
    shared_texts.forget()
    _compiled()
    windows = sorted(k[1] for k in shared_texts.RESOLVED if k[2] == "draw a card")
    assert windows == ["resolution.start", "reveal.start"]
    assert [k[2] for k in shared_texts.RESOLVED].count("draw 3 planets") == 1
    shared_texts.forget()


def test_each_repeat_reports_its_problems_at_its_own_place() -> None:
    shared_texts.forget()
    problems = [(x.span.line, x.message) for x in _compiled().diagnostics if x.is_error]
    assert problems == [(11, "'3 planets' is not cards"), (15, "'3 planets' is not cards")]
    shared_texts.forget()


def test_a_run_reads_texts_read_before_it_afresh() -> None:
    stale = parser().effect("draw a card")
    load_project([BUNDLED / "base"], use_cache=False, scenarios=False)
    assert shared_texts.PARSED  # the run shared its texts
    assert parser().effect("draw a card") is not stale


def test_a_store_is_emptied_when_full_so_a_long_lived_process_keeps_few_texts(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(shared_texts, "MAX_KEPT", 3)
    shared_texts.forget()
    for n in range(1, 8):  # as the language server compiles one text per keystroke
        parser().effect(f"draw {n} cards")
        assert 1 <= len(shared_texts.PARSED) <= 3
    assert ("start", "draw 7 cards") in shared_texts.PARSED
    shared_texts.forget()
