"""The runtime never imports the compiler, YAML, Lark or jsonschema (the compiler targets the
runtime's contract, never the other way round)."""

from __future__ import annotations

import ast

import pytest

from tests import ROOT, fresh_python
from tests.source_trees import import_statements

FORBIDDEN = {"compiler", "yaml", "lark", "jsonschema"}


def test_no_runtime_module_imports_the_toolchain() -> None:
    offenders = []
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not any(name in text for name in FORBIDDEN):
            continue  # an import names its module: a file that never spells one imports none
        for node in import_statements(path):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [
                f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN
            ]
    assert offenders == []


@pytest.mark.slow  # a fresh interpreter
def test_playing_a_game_loads_none_of_the_toolchain() -> None:
    script = (
        "import sys\n"
        "from runtime.cards import CardDef, CardSet, PackDef\n"
        "from runtime.game import Game\n"
        "from runtime.rules.turn import play_game\n"
        "from runtime.setup import Setup\n"
        "from runtime.agents import RandomAgent\n"
        "cards = {f'a{v}': CardDef(f'a{v}', 'encounter', 'A', 'p', copies=6, type='attack', value=v) for v in range(8)}\n"
        "cards.update({c: CardDef(c, 'destiny', c, 'p', copies=3, type='color', color=c) for c in ('red', 'blue', 'purple')})\n"
        "game = Game(CardSet(cards, {'p': PackDef('p', 'P', '1')}), Setup(players=3, packs=('p',), seed=3), [RandomAgent(i) for i in range(3)])\n"
        "play_game(game)\n"
        "print(sorted(m for m in ('compiler', 'yaml', 'lark', 'jsonschema') if m in sys.modules))\n"
    )
    assert fresh_python(script).strip() == "[]"
