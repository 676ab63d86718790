"""The core names no expansion: every module of runtime/ outside runtime/modules/ reaches an
expansion's mechanics only through runtime/extension.py, so no word of an expansion (nor an
alien's name) appears in its code or comments: a module declares its own windows, nouns and card
kinds. Each rules module lives in a file (or package) named after the module."""

from __future__ import annotations

import functools
import pathlib
import re

import pytest

from runtime import extension
from runtime.language import load
from tests.tiers import sample_quick

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "runtime"

CORE = sorted(
    path.relative_to(ROOT).as_posix()
    for path in RUNTIME.rglob("*.py")
    if "modules" not in path.relative_to(RUNTIME).parts
)

# Kickers keep their slots on the encounter and their windows (planning.kickers, reveal.kickers)
# in the core; what a kicker does is the rules module runtime/modules/kickers.py.
EXPANSION_WORDS = re.compile(
    r"lucre|essence|hired|\bhelper|lease|raid|insur|polic(y|ies)|tech|\bforce\b|hidden.alliance"
    r"|foreign.aid|\bdials?\b|patron|purse",
    re.IGNORECASE,
)


@functools.cache
def alien_names() -> frozenset[str]:
    names = set()
    for path in (ROOT / "cards").glob("*/alien/*.yaml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("name:"):
                names.add(line.partition(":")[2].strip().strip("'\""))
    return frozenset(names)


@functools.cache
def any_alien_name() -> re.Pattern[str]:
    """One pattern for every alien's name but the code words, each as a whole word."""
    aliens = sorted(alien_names() - CODE_WORDS)
    return re.compile(rf"\b(?:{'|'.join(re.escape(n) for n in aliens)})\b")


def expansion_words(relative: str) -> list[str]:
    text = (ROOT / relative).read_text(encoding="utf-8")
    return sorted({m.group(0).lower() for m in EXPANSION_WORDS.finditer(text)})


# a case for each core module: the quick tier reads every fourth
SAMPLED = sample_quick(CORE, lambda i, _core: i % 4 == 0)


@pytest.mark.parametrize("core", SAMPLED)
def test_a_core_module_names_no_expansion_word(core: str) -> None:
    found = expansion_words(core)
    assert found == [], f"{core} names {found}: reach the mechanic through runtime/extension.py"


# Alien names that are words of the code too: ir.Chosen is the IR node of a chosen player, and
# ir.Alien (with the types around it) an alien sheet as a game object.
CODE_WORDS = {"Chosen", "Alien"}


@pytest.mark.parametrize("core", SAMPLED)
def test_a_core_module_names_no_alien(core: str) -> None:
    text = (ROOT / core).read_text(encoding="utf-8")
    if not any_alien_name().search(text):
        return  # the usual case, found with one search instead of one per alien
    aliens = alien_names() - CODE_WORDS
    named = sorted(n for n in aliens if re.search(rf"\b{re.escape(n)}\b", text))
    assert named == [], f"{core} names the alien(s) {named}"


def module_files() -> dict[str, pathlib.Path]:
    """Each rules module's name -> the file (or package) under runtime/modules/ registering it."""
    load()
    found = {}
    for path in (RUNTIME / "modules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"RulesModule\(\s*name=\"([a-z_]+)\"", text):
            relative = path.relative_to(RUNTIME / "modules")
            found[match.group(1)] = relative.parents[-2] if len(relative.parts) > 1 else relative
    return found


def test_each_rules_module_lives_in_a_file_named_after_it() -> None:
    files = module_files()
    assert set(files) == set(extension.MODULES), "a registered module not found by its file"
    for name, path in files.items():
        assert path.with_suffix("").as_posix() == name, f"the rules module '{name}' is in {path}"


def test_the_word_list_catches_what_the_modules_hold() -> None:
    for name, path in module_files().items():
        if name == "kickers":
            continue  # kickers are core words on purpose (see EXPANSION_WORDS)
        files = [path] if path.suffix else sorted((RUNTIME / "modules" / path).rglob("*.py"))
        text = "".join((RUNTIME / "modules" / f).read_text(encoding="utf-8") for f in files)
        assert EXPANSION_WORDS.search(text), name
    assert {"Virus", "Force", "Pirate"} <= alien_names()


def test_the_core_is_the_whole_runtime_outside_its_modules() -> None:
    assert "runtime/dispatch.py" in CORE and "runtime/effects/link.py" in CORE
    assert not any(c.startswith("runtime/modules/") for c in CORE)
