"""`cosmic schema`: the JSON Schemas it writes are the ones the compiler checks against, refuse a
misspelt or missing key and take a sample of the bundled cards (the quick tier's test); in the full
run, they are valid JSON Schemas that every bundled card, manifest and scenario satisfies."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from validate_kit import UNKNOWN_KEY_CARD, run

from cards import BUNDLED
from compiler.pipeline.load import load_yaml_file
from compiler.pipeline.pack_folders import card_files
from compiler.tools import schema_files
from tests import yaml_data

NAMES = ("card", "pack", "scenario", "trace")


def written(out: Path) -> dict[str, dict[str, object]]:
    """`cosmic schema --out` run into `out`: each schema it wrote, by name."""
    result = run("schema", "--out", str(out))
    assert result.exit_code == 0
    assert result.output == "".join(f"wrote {out / f'{n}.schema.json'}\n" for n in NAMES)
    return {n: json.loads((out / f"{n}.schema.json").read_text(encoding="utf-8")) for n in NAMES}


def test_schema_writes_the_checked_schemas_that_refuse_a_misspelt_or_missing_key(
    tmp_path: Path,
) -> None:
    schemas = written(tmp_path / "schemas")
    assert {f"{n}.schema.json": doc for n, doc in schemas.items()} == schema_files.documents()
    cards = jsonschema.Draft202012Validator(schemas["card"])
    packs = jsonschema.Draft202012Validator(schemas["pack"])
    base = BUNDLED / "base"
    assert packs.is_valid(yaml_data((base / "pack.yaml").read_text(encoding="utf-8")))
    for path in card_files(base)[::20]:
        data = yaml_data(path.read_text(encoding="utf-8"))
        assert [e.message for e in cards.iter_errors(data)] == [], path
    # The schema is not vacuous: a misspelt hook key and a missing kind are both rejected.
    broken = yaml_data(UNKNOWN_KEY_CARD)
    assert not cards.is_valid(broken)
    assert not cards.is_valid({"id": "x", "name": "X"})
    assert not packs.is_valid({"id": "x", "name": "X"})


@pytest.mark.slow  # checks each schema against JSON Schema's own and every bundled file against it
def test_schema_writes_valid_json_schemas_that_bundled_cards_satisfy(tmp_path: Path) -> None:
    schemas = written(tmp_path / "schemas")
    for doc in schemas.values():
        jsonschema.Draft202012Validator.check_schema(doc)

    cards = jsonschema.Draft202012Validator(schemas["card"])
    packs = jsonschema.Draft202012Validator(schemas["pack"])
    pack_folders = sorted(p.parent for p in BUNDLED.rglob("pack.yaml"))
    assert pack_folders
    for folder in pack_folders:
        manifest = yaml_data((folder / "pack.yaml").read_text(encoding="utf-8"))
        assert [e.message for e in packs.iter_errors(manifest)] == [], folder
        files = card_files(folder)  # the card files `cosmic validate` checks (no scenarios)
        assert files or manifest.get("options"), folder  # a pack of rules alone adds options
        for path in files:
            data = yaml_data(path.read_text(encoding="utf-8"))
            assert [e.message for e in cards.iter_errors(data)] == [], path

    # Scenario files (read as the runner reads them: YAML 1.2, so `yes` stays a word) satisfy
    # the scenario schema an editor is given.
    scenarios = jsonschema.Draft202012Validator(schemas["scenario"])
    scenario_paths = sorted(BUNDLED.glob("*/scenarios/*.yaml"))
    assert len(scenario_paths) > 100
    for path in scenario_paths:
        data = load_yaml_file(path).data
        assert [e.message for e in scenarios.iter_errors(data)] == [], path
