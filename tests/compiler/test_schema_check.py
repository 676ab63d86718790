"""The schema stage: loaded data in, each schema violation out as a diagnostic at the line and
column of the offending value, with a hint where one helps."""

from __future__ import annotations

import pytest

from cards import BUNDLED
from compiler.pipeline import schema_check
from compiler.pipeline.load import load_yaml_bytes

VIRUS = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")


def problems(text: str, which: str = "alien") -> list[tuple[str, str, int, int, str | None]]:
    loaded = load_yaml_bytes(text.encode("utf-8"), "alien/virus.yaml")
    assert not loaded.diagnostics
    return [
        (x.code.id, x.message, x.span.line, x.span.column, x.hint)
        for x in schema_check.check(loaded, which)
    ]


def test_a_valid_card_has_no_problems() -> None:
    assert schema_check.is_valid(load_yaml_bytes(VIRUS.encode(), "v.yaml").data, "alien")
    assert problems(VIRUS) == []


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        (
            "alert: red",
            "alret: red",
            ("E200", "unknown key 'alret'", 4, 1, "did you mean 'alert' or 'flare'?"),
        ),
        ("name: Virus\n", "", ("E201", "missing required key 'name'", 1, 1, "add 'name:'")),
        (
            "alert: red",
            "alert: purple",
            ("E203", "'purple' is not allowed here", 4, 8, "allowed: green, yellow, red"),
        ),
        (
            "name: Virus",
            "name: [Virus]",
            ("E202", "'name' must be a string, not a list", 3, 7, None),
        ),
        (
            "when: reveal.totals",
            "when: reveal.totalz",
            (
                "E203",
                "unknown window 'reveal.totalz'",
                11,
                11,
                "did you mean 'reveal.totals', 'reveal.start' or 'reveal.outcome'?",
            ),
        ),
    ],
    ids=["unknown-key", "missing-key", "bad-choice", "wrong-type", "unknown-window"],
)
def test_a_violation_is_placed_at_its_value_with_a_hint(
    before: str, after: str, expected: tuple[str, str, int, int, str | None]
) -> None:
    assert before in VIRUS
    assert problems(VIRUS.replace(before, after)) == [expected]


def test_a_pack_manifest_is_checked_against_the_pack_schema() -> None:
    loaded = load_yaml_bytes(b'id: Bad Id\nname: x\nversion: "1"\n', "pack.yaml")
    found = schema_check.check(loaded, "pack")
    assert [(x.code.id, x.span.line, x.span.column) for x in found] == [("E205", 1, 5)]
    assert found[0].hint == "use lower-case letters, digits and hyphens"


def test_every_violation_of_a_file_is_reported_not_only_the_first() -> None:
    text = VIRUS.replace("alert: red", "alret: red").replace("name: Virus", "name: [Virus]")
    assert [p[0] for p in problems(text)] == ["E200", "E202"]


def test_pointers_escape_slashes_and_tildes() -> None:
    assert schema_check.pointer(["a/b", 0, "c~d"]) == "/a~1b/0/c~0d"


def test_a_quick_check_generated_in_memory_raises_its_own_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the shipped module (a damaged install), the check is generated on the spot and
    answers as the shipped one does."""
    import importlib

    from compiler.pipeline import quickcheck

    def missing(name: str) -> None:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    check = quickcheck.checker("pack")
    check({"id": "outside", "name": "Outside", "version": "1"})
    with pytest.raises(quickcheck.CheckFailed):
        check({"id": "outside", "nmae": "Outside"})


def test_quick_checks_reject_a_word_outside_its_list_and_a_repeated_item() -> None:
    from compiler.pipeline import quickcheck

    check = quickcheck.checker("kicker")
    good = {"id": "k", "kind": "kicker", "name": "K", "value": 2, "markers": ["point"]}
    check({**good, "deck": "cosmic"})
    for bad in (
        {**good, "deck": "other"},
        {**good, "deck": ["cosmic"]},
        {**good, "markers": ["point", "point"]},
        {**good, "effect": {"when": ["turn.start", "turn.strat"], "do": "draw 1 card"}},
    ):
        with pytest.raises(quickcheck.CheckFailed):
            check(bad)


def test_unique_items_compare_by_content_and_keep_true_apart_from_one() -> None:
    from compiler.pipeline.quickcheck import unique_key

    assert unique_key({"a": [1, {"b": 2}]}) == unique_key({"a": [1, {"b": 2}]})
    assert unique_key(True) != unique_key(1)
    assert unique_key([True]) != unique_key([1])
