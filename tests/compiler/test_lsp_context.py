"""Where the cursor is, read from the buffer's lines alone (the YAML may be half typed)."""

from __future__ import annotations

from compiler.lsp.cursor import at
from compiler.lsp.words import expected_terminals

CARD = """\
id: grue
kind: alien
powers:
  - name: Lurk
    when: reveal.
    as: main player or al
    do: |
      if you lost:
        dra
wild: {when: x}
covers: [amoeba, vi
hands:
  - zo
"""
LINES = CARD.splitlines(keepends=True)


def _cursor(marker: str) -> tuple[int, int]:
    offset = CARD.index(marker) + len(marker)
    return CARD.count("\n", 0, offset), offset - (CARD.rfind("\n", 0, offset) + 1)


def test_a_key_being_typed_knows_the_hook_it_is_in() -> None:
    line, _ = _cursor("    as:")
    ctx = at(LINES, line, 4)
    assert ctx.keys == ("powers", "-") and ctx.key is None


def test_a_value_knows_its_key_and_what_is_typed() -> None:
    ctx = at(LINES, *_cursor("when: reveal."))
    assert (ctx.keys, ctx.key, ctx.prefix, ctx.word) == (
        ("powers", "-"),
        "when",
        "reveal.",
        "reveal.",
    )
    ctx = at(LINES, *_cursor("or al"))
    assert ctx.key == "as" and ctx.prefix == "main player or al"


def test_a_block_effect_gives_the_text_up_to_the_cursor_dedented() -> None:
    ctx = at(LINES, *_cursor("        dra"))
    assert ctx.keys == ("powers", "-") and ctx.key == "do"
    assert ctx.effect == "if you lost:\n  dra" and ctx.word == "dra"


def test_list_items_flow_and_block() -> None:
    ctx = at(LINES, *_cursor("[amoeba, vi"))
    assert ctx.key == "covers" and ctx.in_list and ctx.word == "vi"
    ctx = at(LINES, *_cursor("  - zo"))
    assert ctx.keys == ("hands", "-") and ctx.key is None and ctx.in_list and ctx.word == "zo"


def test_expected_words_come_from_the_grammar_at_the_cursor() -> None:
    assert expected_terminals("you may ", "start") == {"VERB", "CHOOSE"}
    assert "WINDOW" in (expected_terminals("at ", "start") or set())
    after_block = expected_terminals("if you lost:\n  draw 1 card\n", "start") or set()
    assert {"IF", "VERB"} <= after_block
    assert expected_terminals("drow ", "start") is None  # an unknown word: no guidance
