"""Golden tests: each pack under tests/corpus is validated and compared with its expected.txt."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import CODES

# How to work with the corpus
# ---------------------------
# Each folder under tests/corpus is one case: a pack (pack.yaml plus <kind>/<id>.yaml cards) and
# expected.txt, the exact output of
#     cosmic validate --format text --no-color --no-cache tests/corpus/<case>
# run from the repository root. A case without a pack.yaml is validated file by file instead
# (every .yaml under it is passed as a path), which is how a card outside any pack is reached.
#
# To rewrite goldens after an intended change, run
#     COSMIC_UPDATE_GOLDEN=1 .venv/bin/pytest tests/compiler/test_corpus.py          (every case)
#     COSMIC_UPDATE_GOLDEN=e203-bad-use,e400-duplicate-id .venv/bin/pytest ...        (named cases)
# and read every changed expected.txt by eye before committing it: a golden is a claim that this
# is the right diagnostic, at the right line and column, with a sensible hint. Some goldens show
# output the validator does not produce yet (see tests/corpus/README.md); do not regenerate those
# wholesale, or the expectation they record is lost.

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
GOLDEN = "expected.txt"
UPDATE = os.environ.get("COSMIC_UPDATE_GOLDEN", "")

# Codes no card or pack file can produce, with the reason; every other code needs a case.
NOT_FROM_CARD_FILES: dict[str, str] = {
    "E302": (
        "unreachable: the lexer only makes a VERB token from an op's own surface forms, so the "
        "resolver always finds an op for it; an unknown verb is reported as E300 unknown-word"
    ),
    "E900": "an internal failure of the validator itself, not a property of any file",
    "E901": "a usage error of the command line (a path that does not exist); see test_validate_cli",
}


def _write_unreadable_card(case: Path) -> None:
    # A directory named like a card: found by the *.yaml scan, but it cannot be read as a file.
    (case / "reinforcement" / "locked-vault.yaml").mkdir(parents=True)


def _write_unreadable_manifest(case: Path) -> None:
    (case / "pack.yaml").mkdir()


def _write_huge_card(case: Path) -> None:
    head = (
        "id: bloated\nkind: artifact\nname: Bloated\ntext: A card padded past the size limit.\n"
        "play:\n  when: regroup.start\n  as: offense\n  do: draw 1 card\nnotes: >\n"
    )
    size = 300_000
    body = ("  " + "padding " * 12 + "\n") * (size // 99 + 1)
    data = (head + body).encode("ascii")[: size - 1] + b"\n"
    assert len(data) == size
    folder = case / "artifact"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bloated.yaml").write_bytes(data)


# Cases whose trigger is awkward to commit: the test builds it in a copy of the case folder.
GENERATED: dict[str, Callable[[Path], None]] = {
    "e100-unreadable-card": _write_unreadable_card,
    "e100-unreadable-manifest": _write_unreadable_manifest,
    "e102-file-too-large": _write_huge_card,
}

CASES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
_HEADER = re.compile(r"^\S+:\d+:\d+: (?:error|warning)\[([EW]\d{3})\]: ", re.MULTILINE)


def _targets(case_dir: Path, cwd: Path) -> list[str]:
    if (case_dir / "pack.yaml").exists():
        return [case_dir.relative_to(cwd).as_posix()]
    return sorted(p.relative_to(cwd).as_posix() for p in case_dir.rglob("*.yaml"))


def _validate(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    cwd = ROOT
    case_dir = CORPUS / case
    if case in GENERATED:
        cwd = tmp_path
        case_dir = tmp_path / "tests" / "corpus" / case
        shutil.copytree(CORPUS / case, case_dir, ignore=shutil.ignore_patterns(GOLDEN))
        GENERATED[case](case_dir)
    monkeypatch.chdir(cwd)
    # no user cache: the case's own files are compiled afresh, as with --no-cache; the bundled
    # packs a case requires come from their compiled store, which gives the same diagnostics
    # (tests/compiler/test_cache.py) without compiling hundreds of cards again for each case
    monkeypatch.setenv("COSMIC_CACHE_DIR", "")
    args = ["validate", "--format", "text", "--no-color"]
    result = CliRunner().invoke(cli, [*args, *_targets(case_dir, cwd)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.output, result.exit_code


def _expected_exit(golden: str) -> int:
    codes = set(_HEADER.findall(golden))
    if codes & {"E900", "E901"}:
        return 2
    return 1 if any(c.startswith("E") for c in codes) else 0


def _should_update(case: str) -> bool:
    return UPDATE == "1" or case in UPDATE.split(",")


def _goldens() -> dict[str, str]:
    return {c: (CORPUS / c / GOLDEN).read_text(encoding="utf-8") for c in CASES}


@pytest.mark.parametrize("case", CASES)
def test_corpus_case(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    output, exit_code = _validate(case, tmp_path, monkeypatch)
    golden_path = CORPUS / case / GOLDEN
    if _should_update(case):
        golden_path.write_text(output, encoding="utf-8")
    expected = golden_path.read_text(encoding="utf-8")
    assert output == expected
    assert exit_code == _expected_exit(expected)


def test_corpus_has_enough_cases_and_each_has_a_golden() -> None:
    assert len(CASES) >= 45
    assert [c for c in CASES if not (CORPUS / c / GOLDEN).is_file()] == []
    assert [c for c in GENERATED if c not in CASES] == []


def test_corpus_covers_every_code_a_card_file_can_produce() -> None:
    seen: set[str] = set()
    for text in _goldens().values():
        seen.update(_HEADER.findall(text))
    assert set(NOT_FROM_CARD_FILES) <= set(CODES)
    assert sorted(set(CODES) - set(NOT_FROM_CARD_FILES) - seen) == []
    # A code listed as impossible must stay impossible; otherwise it belongs in the corpus.
    assert sorted(seen & set(NOT_FROM_CARD_FILES)) == []


def test_clean_cases_report_no_problems() -> None:
    clean = [c for c in CASES if c.startswith("clean-")]
    assert len(clean) >= 3
    for case in clean:
        assert _HEADER.findall(_goldens()[case]) == [], case
        assert _goldens()[case].startswith("no problems in "), case
