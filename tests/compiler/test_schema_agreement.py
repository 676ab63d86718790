"""The quick schema check and the reference validator agree on every card and manifest, including
randomly broken ones (the quick check decides whether a file needs the slow, detailed pass)."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.pipeline import schema, schema_check
from compiler.pipeline.load import load_yaml_file
from tests import ROOT, yaml_data


@cache
def bundled_cards() -> list[Any]:
    return [
        yaml_data(p.read_text())
        for p in sorted((ROOT / "cards").glob("*/*/*.yaml"))
        if p.parent.name != "scenarios"
    ]


@cache
def bundled_manifests() -> list[Any]:
    return [yaml_data(p.read_text()) for p in sorted((ROOT / "cards").glob("*/pack.yaml"))]


@cache
def bundled_scenarios() -> list[Any]:
    """Read as the runner reads them (YAML 1.2: an answer `yes` stays a word)."""
    return [load_yaml_file(p).data for p in sorted((ROOT / "cards").glob("*/scenarios/*.yaml"))]


ODD_VALUES = [
    None,
    True,
    0,
    -3,
    1.5,
    "",
    "x",
    "reveal.aftercards",
    "main player or aly",
    [],
    [1],
    {},
    {"a": 1},
]


def reference_valid(data: Any, which: str) -> bool:
    from compiler.pipeline.scenario_files.file_schema import scenario_document

    if which == "pack":
        doc = schema.pack_document()
    elif which == "scenario":
        doc = scenario_document()
    else:
        doc = {"$defs": schema.card_document()["$defs"], "$ref": f"#/$defs/{which}"}
    return not list(jsonschema.Draft202012Validator(doc).iter_errors(data))


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    data = copy.deepcopy(data)
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete" and isinstance(parent, dict):
        del parent[last]
    elif how == "extra" and isinstance(parent, dict):
        parent["extra_key"] = value
    else:
        parent[last] = value
    return data


@pytest.mark.slow
def test_every_bundled_file_is_valid_both_ways() -> None:
    for card in bundled_cards():
        assert schema_check.is_valid(card, card["kind"]) and reference_valid(card, card["kind"]), (
            card["id"]
        )
    for manifest in bundled_manifests():
        assert schema_check.is_valid(manifest, "pack") and reference_valid(manifest, "pack")
    assert len(bundled_scenarios()) > 100
    for scenario in bundled_scenarios():
        assert schema_check.is_valid(scenario, "scenario") and reference_valid(scenario, "scenario")


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_two_validators_agree_on_broken_scenarios(data: st.DataObject) -> None:
    scenario = data.draw(st.sampled_from(bundled_scenarios()))
    path = data.draw(st.sampled_from(paths(scenario)[1:]))
    how = data.draw(st.sampled_from(["replace", "delete", "extra"]))
    value = data.draw(st.sampled_from([*ODD_VALUES, "grey", "red launch", 10**20, [None, 3]]))
    broken = mutate(scenario, path, how, value)
    assert schema_check.is_valid(broken, "scenario") == reference_valid(broken, "scenario"), (
        path,
        how,
        value,
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_two_validators_agree_on_broken_cards(data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(bundled_cards()))
    path = data.draw(st.sampled_from(paths(card)[1:]))
    how = data.draw(st.sampled_from(["replace", "delete", "extra"]))
    value = data.draw(st.sampled_from(ODD_VALUES))
    broken = mutate(card, path, how, value)
    kind = card["kind"]
    assert schema_check.is_valid(broken, kind) == reference_valid(broken, kind), (path, how, value)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_two_validators_agree_on_broken_manifests(data: st.DataObject) -> None:
    manifest = data.draw(st.sampled_from(bundled_manifests()))
    path = data.draw(st.sampled_from(paths(manifest)[1:]))
    how = data.draw(st.sampled_from(["replace", "delete", "extra"]))
    value = data.draw(st.sampled_from(ODD_VALUES))
    broken = mutate(manifest, path, how, value)
    assert schema_check.is_valid(broken, "pack") == reference_valid(broken, "pack"), (
        path,
        how,
        value,
    )


@pytest.mark.slow  # the quick checks and jsonschema over the whole corpus
def test_corpus_cards_agree(tmp_path: Path) -> None:
    checked = 0
    for path in sorted((ROOT / "tests" / "corpus").rglob("*.yaml")):
        loaded = load_yaml_file(path)
        if any(d.is_error for d in loaded.diagnostics):
            continue  # the loader refuses it (an alias bomb, bad UTF-8): no schema check follows
        data = loaded.data
        if not isinstance(data, dict):
            continue
        which = "pack" if path.name == "pack.yaml" else data.get("kind")
        if which != "pack" and which not in schema.card_document()["$defs"]:
            continue
        assert schema_check.is_valid(data, which) == reference_valid(data, which), path
        checked += 1
    assert checked > 50
