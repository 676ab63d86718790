"""The core rules of play name no expansion: the turn, the encounter's outcome, alliances, destiny,
chance events and ships reach an expansion's mechanics only through runtime/extension.py, so no word of
an expansion (nor an alien's name) appears in their code or comments."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

CORE = (
    "runtime/rules/turn.py",
    "runtime/rules/outcome.py",
    "runtime/rules/allies.py",
    "runtime/rules/destiny.py",
    "runtime/rules/chance.py",
    "runtime/rules/ships.py",
)

# Kickers keep their slots on the encounter and their windows (planning.kickers, reveal.kickers)
# in the core; what a kicker does is the rules module runtime/modules/kickers.py.
EXPANSION_WORDS = re.compile(
    r"lucre|essence|hired|\bhelper|lease|raid|insur|polic(y|ies)|tech|\bforce\b|hidden.alliance"
    r"|foreign.aid|\bdials?\b|patron|purse",
    re.IGNORECASE,
)


def alien_names() -> set[str]:
    names = set()
    for path in (ROOT / "cards").glob("*/alien/*.yaml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("name:"):
                names.add(line.partition(":")[2].strip().strip("'\""))
    return names


@pytest.mark.parametrize("core", CORE)
def test_a_core_module_names_no_expansion_word(core: str) -> None:
    text = (ROOT / core).read_text(encoding="utf-8")
    found = sorted({m.group(0).lower() for m in EXPANSION_WORDS.finditer(text)})
    assert found == [], f"{core} names {found}: reach the mechanic through runtime/extension.py"


@pytest.mark.parametrize("core", CORE)
def test_a_core_module_names_no_alien(core: str) -> None:
    text = (ROOT / core).read_text(encoding="utf-8")
    named = sorted(n for n in alien_names() if re.search(rf"\b{re.escape(n)}\b", text))
    assert named == [], f"{core} names the alien(s) {named}"


def test_the_word_list_catches_what_the_modules_hold() -> None:
    for module in ("lucre", "technology", "hidden_alliances", "hired_help", "leases", "raids"):
        text = (ROOT / "runtime" / "modules" / f"{module}.py").read_text(encoding="utf-8")
        assert EXPANSION_WORDS.search(text), module
    assert {"Virus", "Force", "Pirate"} <= alien_names()
