"""The op report lists every op of the language with the cards whose hooks use it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.tools.op_users import as_text, main, op_modules, op_users
from runtime.registry import OPS


def test_every_op_is_listed_with_the_cards_that_use_it(project: Any) -> None:
    users = op_users(project.cards)
    assert set(users) == set(OPS)
    assert "virus" in users["calculate"]
    assert all(cards == sorted(cards) for cards in users.values())
    # a card is listed under an op only if one of its hooks runs it
    assert "virus" not in users["draw"]


def test_an_op_a_rules_module_owns_names_the_module(project: Any) -> None:
    modules = op_modules()
    assert modules["raid"] == "raids"
    text = as_text(op_users(project.cards), modules)
    raid_line = next(line for line in text.splitlines() if line.startswith("raid "))
    assert raid_line.endswith("[raids]")
    assert text.splitlines()[-1].endswith(f"of {len(OPS)} ops used by the cards")


@pytest.mark.slow  # every bundled card again: the tests above read the same report's parts
def test_the_json_report_holds_every_op(capsys: Any) -> None:
    assert main(["--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["ops"]) == set(OPS)
    assert report["modules"]["raid"] == "raids"


def test_a_pack_folder_given_on_the_command_line_is_reported(capsys: Any) -> None:
    from cards import BUNDLED

    assert main(["--json", str(BUNDLED / "set6")]) == 0
    assert json.loads(capsys.readouterr().out)["ops"]["raid"] == ["pirate"]
