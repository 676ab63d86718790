"""Helpers for the loader tests (compiler.pipeline.load): YAML text in, a Loaded out, and its
diagnostics' codes and places."""

from __future__ import annotations

from compiler.pipeline.load import Loaded, load_yaml_bytes


def load(text: str, *, expect_mapping: bool = True) -> Loaded:
    return load_yaml_bytes(text.encode("utf-8"), "card.yaml", expect_mapping=expect_mapping)


def codes(loaded: Loaded) -> list[str]:
    return [d.code.id for d in loaded.diagnostics]


def where(loaded: Loaded) -> list[tuple[str, int, int]]:
    return [(d.code.id, d.span.line, d.span.column) for d in loaded.diagnostics]


def word_position(loaded: Loaded, pointer: str, value: str, word: str) -> tuple[int, int]:
    return loaded.locate(pointer, value.index(word))


CARD = """\
id: zombie
kind: alien
powers:
  - name: Undying
    window: [regroup, resolution]
    do: |
      return ship to colony
      draw 1 card
"""
