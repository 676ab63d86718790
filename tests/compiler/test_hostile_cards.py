"""Hostile card folders get located diagnostics and the right exit code, never an internal error:
odd `when:` values, numbers too long to convert or too large to play, symlink loops and folders
that cannot be read."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli

MANIFEST = 'id: {id}\nname: Test pack {id}\nversion: "1.0"\n'
POWER_CARD = """\
id: odd
kind: alien
name: Odd
text: An alien with one odd power.
powers:
  - name: Oddity
    when: {when}
    as: main player
    use: mandatory
    do: {do}
"""


def pack(root: Path, name: str, cards: dict[str, str]) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id=name), encoding="utf-8")
    for file, text in cards.items():
        path = folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def validate(*paths: str) -> tuple[int, list[dict[str, Any]]]:
    """The exit status and the errors (the test aliens have no flare: that warning is left out)."""
    result = CliRunner().invoke(cli, ["validate", "--format", "json", "--no-cache", *paths])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, [
        x for x in json.loads(result.output)["diagnostics"] if x["severity"] == "error"
    ]


def alien(when: str = "reveal.totals", do: str = "draw 1 card") -> dict[str, str]:
    return {"alien/odd.yaml": POWER_CARD.format(when=when, do=do)}


@pytest.mark.parametrize(
    ("when", "column"),
    [("{window: reveal.totals}", 11), ("[[reveal.totals]]", 12), ("[reveal.totals, 7]", 27)],
    ids=["mapping", "nested list", "number in list"],
)
def test_a_when_that_is_no_window_name_is_a_located_type_error(
    in_tmp: Path, when: str, column: int
) -> None:
    pack(in_tmp, "p", alien(when=when))
    status, found = validate("p")
    assert status == 1
    assert [(x["code"], x["line"], x["column"]) for x in found] == [("E202", 7, column)]
    assert "'when' must be a window name" in found[0]["message"]


def test_an_integer_of_thousands_of_digits_in_yaml_is_located(in_tmp: Path) -> None:
    card = "id: huge\nkind: encounter\nname: Huge\ntype: attack\nvalue: " + "9" * 4400 + "\n"
    pack(in_tmp, "p", {"encounter/huge.yaml": card})
    status, found = validate("p")
    assert status == 1
    assert ("E113", 5, 8) in [(x["code"], x["line"], x["column"]) for x in found]
    assert all(x["code"] != "E900" for x in found)


def test_an_integer_of_thousands_of_digits_in_an_effect_is_located(in_tmp: Path) -> None:
    pack(in_tmp, "p", alien(do="draw " + "9" * 4400 + " cards"))
    status, found = validate("p")
    assert status == 1
    assert [(x["code"], x["line"], x["column"]) for x in found] == [("E310", 10, 14)]


@pytest.mark.parametrize(
    "do",
    [
        "draw 1000000000 cards",
        "draw 2147483648 card",
        "cycle 4294967297 essence card",
        "gain 2147483648 lucre",
        "repeat 21 times: draw 1 card",
    ],
)
def test_a_number_that_would_keep_a_game_busy_forever_is_refused(in_tmp: Path, do: str) -> None:
    pack(in_tmp, "p", alien(do=f'"{do}"'))
    status, found = validate("p")
    assert status == 1
    assert [x["code"] for x in found] == ["E310"]
    assert found[0]["line"] == 10 and found[0]["hint"].startswith("write a number from")


def test_a_path_that_is_a_symlink_loop_is_a_usage_error(in_tmp: Path) -> None:
    os.symlink("b", "a")
    os.symlink("a", "b")
    status, found = validate("a")
    assert status == 2
    assert "symbolic link loop" in found[0]["message"]


def test_a_symlink_loop_inside_a_pack_is_reported_not_followed(in_tmp: Path) -> None:
    folder = pack(in_tmp, "p", alien())
    os.symlink("loop.yaml", folder / "alien" / "loop.yaml")
    os.symlink("..", folder / "alien" / "up")
    status, found = validate("p")
    assert status == 1
    assert [(x["code"], x["path"]) for x in found] == [("E100", "p/alien/loop.yaml")]


def test_a_sub_folder_that_cannot_be_read_is_reported_not_skipped(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = pack(in_tmp, "p", {**alien(), "secret/hidden.yaml": "id: hidden\n"})
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if str(path).endswith("secret"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    status, found = validate(str(folder))
    assert status == 1
    assert [(x["code"], x["path"], x["message"]) for x in found] == [
        ("E100", "p/secret", "cannot read the folder: Permission denied")
    ]


def test_an_option_without_a_range_is_refused(in_tmp: Path) -> None:
    folder = pack(in_tmp, "p", alien())
    manifest = MANIFEST.format(id="p") + "options:\n  - name: bonus\n    default: 3\n    doc: x\n"
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    status, found = validate("p")
    assert status == 1
    assert [(x["code"], x["line"]) for x in found] == [("E407", 6)]
    assert "declares no range" in found[0]["message"]
