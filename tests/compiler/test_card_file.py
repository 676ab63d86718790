"""Compiling one card file: loaded YAML in, a CardDef with its hooks (or None) and diagnostics
placed inside the YAML file out; and the window-role rules it applies."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from cards import BUNDLED
from compiler.pipeline.card_file import CardFile, compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.window_roles import absent_role

VIRUS = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")


def compiled(text: str) -> CardFile:
    loaded = load_yaml_bytes(text.encode("utf-8"), "alien/virus.yaml")
    return compile_card(loaded, "base", PurePath("alien/virus.yaml"))


def located(f: CardFile) -> list[tuple[str, int, int, int | None]]:
    return [(x.code.id, x.span.line, x.span.column, x.span.end_column) for x in f.diagnostics]


def test_a_valid_card_compiles_to_its_hooks() -> None:
    f = compiled(VIRUS)
    assert f.diagnostics == [] and f.card is not None
    assert (f.card.id, f.card.kind, f.card.pack) == ("virus", "alien", "base")
    assert [(h.window, h.roles) for h in f.card.hooks] == [("reveal.totals", ("main player",))]


def test_an_error_in_effect_text_is_placed_at_its_word_in_the_yaml_file() -> None:
    f = compiled(VIRUS.replace("do: calculate your total", "do: calculaet your total"))
    assert f.card is None
    assert located(f) == [("E300", 15, 9, 18)]
    assert f.diagnostics[0].hint == "did you mean 'calculate' or 'calculates'?"


def test_a_role_no_one_holds_in_the_window_is_refused_at_the_role() -> None:
    text = VIRUS.replace("as: main player", "as: defense").replace(
        "when: reveal.totals", "when: turn.start"
    )
    f = compiled(text)
    assert f.card is None
    assert located(f) == [("E307", 12, 9, 16)]
    assert f.diagnostics[0].message == "no one is the defense in turn.start"


def test_the_card_id_must_match_the_file_name() -> None:
    f = compiled(VIRUS.replace("id: virus", "id: germ"))
    assert f.card is None and located(f) == [("E206", 1, 5, 9)]
    assert f.diagnostics[0].hint == "rename the file to 'germ.yaml' or set 'id: virus'"


@pytest.mark.parametrize(
    ("window", "role", "message"),
    [
        ("game.setup", "offense", "there is no offense at game setup"),
        ("game.setup", "ally", "no one is the {role} at game setup"),
        ("turn.start", "defense", "no one is the {role} in {window}"),
        ("alliance.start", "ally", "no one is an {role} yet in {window}"),
        ("reveal.totals", "defense", None),
        ("alliance.end", "ally", None),
    ],
)
def test_which_roles_exist_in_which_window(window: str, role: str, message: str | None) -> None:
    absent = absent_role(window, role)
    assert (absent[0] if absent else None) == message


ODD_PATHS = [
    "alien/virus.yaml",
    "packs/base/alien/virus.yaml",
    "/abs/packs/base/flare/virus-v001.yaml",
    "virus.yaml",
    "/virus.yaml",
    "./virus.yaml",
    "alien/./virus.yaml",
    "alien//virus.yaml",
    "../alien/virus.yaml",
    "alien/../virus.yaml",
    "alien/.yaml",
    "alien/..yaml",
    "alien/.hidden.yaml",
    "alien/virus.v2.yaml",
    "alien/virus.yml",
    "alien/virus.",
    "alien/virus",
    "alien/virus.yaml/",
    "alien/.",
    "",
]


@pytest.mark.parametrize("path", ODD_PATHS)
def test_the_file_name_and_folder_checked_read_as_a_pure_path_reads_them(path: str) -> None:
    text = VIRUS.replace("id: virus", "id: other").replace("kind: alien", "kind: flare")
    loaded = load_yaml_bytes(text.encode("utf-8"), "alien/virus.yaml")
    from_string = compile_card(loaded, "base", path)
    from_pure_path = compile_card(loaded, "base", PurePath(path))
    assert from_string.diagnostics == from_pure_path.diagnostics
    messages = [x.message for x in from_string.diagnostics]
    assert any("differs from the file name" in m for m in messages)
