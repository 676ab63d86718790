"""The test packs under tests/packs, each playing a part of the language no bundled card needs yet
(Homecoming: ships returning to the planets they came from; Pairing: `your second card` and `each
of your cards`; Calling: a word called in `choose one:` and tested later; Brokering: a deal made
with a player of any role, and its outcome tested later): their scenarios pass with both compiled
forms at several seeds, and the rules text written from each hook reads back as the same hook."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from compiler.pipeline.project import Project, load_project
from compiler.scenarios.runner import Runner
from compiler.tools import render
from runtime.effects import expressions as x
from runtime.effects.link import Rules
from runtime.language import load
from tests.compiler.test_render_roundtrip import read_back, without_wording
from tests.tiers import spread

PACKS = Path(__file__).parents[1] / "packs"
# each pack, and words its hooks' rules text must contain
WORDS = {
    "homecoming": ("the planets they came from",),
    "pairing": ("your second card", "each of your cards"),
    "calling": ('the chosen option is "left"', '- "right"'),
    "brokering": ("make a deal with", "makes a deal with", "made a deal", "failed to make a deal"),
}


@functools.cache
def compiled(name: str) -> Project:
    """The test pack, compiled once for the whole run (its cards are never changed); base, which
    it requires, comes from the bundled packs' compile store."""
    return load_project([PACKS / name])


def loaded(name: str) -> Project:
    project = compiled(name)
    assert project.errors == 0, [d.message for d in project.diagnostics if d.is_error]
    load()
    return project


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_pack_hooks_read_back_as_themselves(name: str) -> None:
    cards = loaded(name).cards.cards
    hooks = [h for card in cards.values() if card.pack == name for h in card.hooks]
    assert len(hooks) >= 3
    texts = []
    for hook in hooks:
        text = render.statement(hook.effect)
        got = read_back(text, hook.window)
        assert without_wording(got) == without_wording(hook.effect), text
        texts.append(text)
        if hook.condition is not None:
            cond = render.condition(hook.condition)
            assert read_back(cond, hook.window, condition=True) == hook.condition, cond
            texts.append(cond)
    for word in WORDS[name]:
        assert any(word in t for t in texts), (word, texts)


@pytest.mark.parametrize("name", sorted(WORDS))
# the quick tier plays the fast form (tests/runtime/test_compiled_forms.py checks it against the
# reference form hook by hook)
@pytest.mark.parametrize("form", ["fast", pytest.param("reference", marks=pytest.mark.slow)])
def test_the_pack_scenarios_pass(name: str, form: str) -> None:
    cards = loaded(name).cards
    if form == "reference":
        with x.reference_forms():
            rules = Rules(cards)
    else:
        rules = Rules(cards)
    paths = sorted((PACKS / name / "scenarios").glob("*.yaml"))
    assert len(paths) == 4
    for seed in spread((None, 2, 4), 3):  # the quick tier plays the first
        runner = Runner(cards, rules, seed)
        for path in paths:
            result = runner.run(path, packs=(name,))
            assert result.passed, (path.name, seed, result.failures)
