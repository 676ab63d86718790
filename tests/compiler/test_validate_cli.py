"""`cosmic validate` at the command line: its exit codes (0 clean, 1 errors or warnings under
--strict, 2 a bad path), a single file checked alone, and the compile cache giving the same
output as a fresh run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import Result
from validate_kit import (
    BAD_EFFECT_CARD,
    CLEAN_CARD,
    LEADING_ZERO_CARD,
    ROOT,
    UNKNOWN_KEY_CARD,
    run,
    write_pack,
)

from cards import BUNDLED

# --- exit codes ---------------------------------------------------------------


@pytest.mark.slow
def test_bundled_cards_are_clean_and_exit_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COSMIC_CACHE_DIR", "")
    monkeypatch.chdir(ROOT)
    default = run("validate", "--no-cache", "--no-color")
    explicit = run("validate", "--no-cache", "--no-color", str(BUNDLED))
    for result in (default, explicit):
        assert result.exit_code == 0, result.output
        assert re.fullmatch(r"no problems in \d+ files\n", result.output), result.output
    assert default.output == explicit.output


def test_errors_exit_one(in_tmp: Path) -> None:
    write_pack(in_tmp / "broken", {"reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD})
    result = run("validate", "--no-cache", "--no-color", "broken")
    assert result.exit_code == 1
    assert result.output.startswith(
        "broken/reinforcement/late-arrival.yaml:7:3: error[E200]: unknown key 'wehn'\n"
    )
    assert result.output.endswith("\n1 error in 2 files\n")


def test_warnings_fail_only_under_strict(in_tmp: Path) -> None:
    write_pack(in_tmp / "zeros", {"encounter/attack-08.yaml": LEADING_ZERO_CARD})
    lenient = run("validate", "--no-cache", "--no-color", "zeros")
    strict = run("validate", "--no-cache", "--no-color", "--strict", "zeros")
    assert lenient.exit_code == 0
    assert strict.exit_code == 1
    assert lenient.output == strict.output
    assert "zeros/encounter/attack-08.yaml:5:8: warning[W111]: " in lenient.output
    assert lenient.output.endswith("\n1 warning in 2 files\n")


def test_strict_on_a_clean_pack_still_exits_zero(in_tmp: Path) -> None:
    write_pack(in_tmp / "fine", {"encounter/negotiate.yaml": CLEAN_CARD})
    result = run("validate", "--no-cache", "--strict", "fine")
    assert (result.exit_code, result.output) == (0, "no problems in 2 files\n")


def test_a_path_that_does_not_exist_exits_two(in_tmp: Path) -> None:
    result = run("validate", "--no-cache", "--no-color", "no/such/pack")
    assert result.exit_code == 2
    assert result.output.startswith(
        "no/such/pack:1:1: error[E901]: no such file or folder: no/such/pack\n"
    )


# --- what is validated --------------------------------------------------------


def test_a_single_file_reports_only_that_files_problems(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
            "encounter/negotiate.yaml": CLEAN_CARD,
        },
    )
    whole = json.loads(run("validate", "--no-cache", "--format", "json", "mixed").stdout)[
        "diagnostics"
    ]
    assert sorted({r["path"] for r in whole}) == [
        "mixed/artifact/supply-drop.yaml",
        "mixed/reinforcement/late-arrival.yaml",
    ]
    one = run("validate", "--no-cache", "--format", "json", "mixed/artifact/supply-drop.yaml")
    assert one.exit_code == 1
    assert [(r["path"], r["code"]) for r in json.loads(one.stdout)["diagnostics"]] == [
        ("mixed/artifact/supply-drop.yaml", "E300")
    ]
    clean = run("validate", "--no-cache", "--format", "json", "mixed/encounter/negotiate.yaml")
    assert (clean.exit_code, json.loads(clean.stdout)["diagnostics"]) == (0, [])


def _cached_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str) -> list[Result]:
    cache = tmp_path / "cache"
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(cache))
    first = run("validate", "--no-color", target)
    assert list(cache.glob("cards-*.json")), "the first run should fill the compile cache"

    import compiler.pipeline.project

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached card was compiled again")

    monkeypatch.setattr(compiler.pipeline.project, "compile_bytes", no_compiling)
    second = run("validate", "--no-color", target)
    return [first, second]


def test_the_compile_cache_gives_identical_output(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
            "encounter/negotiate.yaml": CLEAN_CARD,
        },
    )
    first, second = _cached_runs(in_tmp, monkeypatch, "mixed")
    assert first.exit_code == second.exit_code == 1
    assert "error[E300]" in first.output
    assert second.output == first.output


def test_the_compile_cache_gives_identical_output_for_awkward_files(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The source lines shown under a diagnostic must not depend on whether the card came from
    # the cache: a byte-order mark, bytes that are not UTF-8, and an error past the last line.
    write_pack(
        in_tmp / "awkward",
        {
            "encounter/bom.yaml": b"\xef\xbb\xbfid: Bom\nkind: encounter\nname: Bom\ntype: morph\n",
            "encounter/latin.yaml": b"id: latin\nkind: encounter\nname: Caf\xe9\ntype: morph\n",
            "encounter/open-quote.yaml": b'id: open-quote\nkind: encounter\nname: "Open\n',
        },
    )
    first, second = _cached_runs(in_tmp, monkeypatch, "awkward")
    assert first.output.count("error[") == 4
    assert second.output == first.output
