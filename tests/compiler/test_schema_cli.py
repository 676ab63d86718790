"""`cosmic schema`: the JSON Schemas it writes are valid, every bundled card, manifest and
scenario satisfies them (a quarter of the cards and scenarios in the quick tier), and they refuse
a misspelt or missing key."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from validate_kit import UNKNOWN_KEY_CARD, run

from cards import BUNDLED
from compiler.pipeline.load import load_yaml_file
from compiler.pipeline.pack_folders import card_files
from tests import yaml_data
from tests.tiers import spread


def test_schema_writes_valid_json_schemas_that_bundled_cards_satisfy(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    result = run("schema", "--out", str(out))
    assert result.exit_code == 0
    names = ("card", "pack", "scenario", "trace")
    assert result.output == "".join(f"wrote {out / f'{n}.schema.json'}\n" for n in names)
    jsonschema.Draft202012Validator.check_schema(
        json.loads((out / "trace.schema.json").read_text(encoding="utf-8"))
    )
    card_schema = json.loads((out / "card.schema.json").read_text(encoding="utf-8"))
    pack_schema = json.loads((out / "pack.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(card_schema)
    jsonschema.Draft202012Validator.check_schema(pack_schema)

    cards = jsonschema.Draft202012Validator(card_schema)
    packs = jsonschema.Draft202012Validator(pack_schema)
    pack_folders = sorted(p.parent for p in BUNDLED.rglob("pack.yaml"))
    assert pack_folders
    for folder in pack_folders:
        manifest = yaml_data((folder / "pack.yaml").read_text(encoding="utf-8"))
        assert [e.message for e in packs.iter_errors(manifest)] == [], folder
        files = card_files(folder)  # the card files `cosmic validate` checks (no scenarios)
        assert files or manifest.get("options"), folder  # a pack of rules alone adds options
        for path in spread(files, 4):
            data = yaml_data(path.read_text(encoding="utf-8"))
            assert [e.message for e in cards.iter_errors(data)] == [], path

    # Scenario files (read as the runner reads them: YAML 1.2, so `yes` stays a word) satisfy
    # the scenario schema an editor is given.
    scenario_schema = json.loads((out / "scenario.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(scenario_schema)
    scenarios = jsonschema.Draft202012Validator(scenario_schema)
    scenario_paths = sorted(BUNDLED.glob("*/scenarios/*.yaml"))
    assert len(scenario_paths) > 100
    for path in spread(scenario_paths, 4):
        data = load_yaml_file(path).data
        assert [e.message for e in scenarios.iter_errors(data)] == [], path

    # The schema is not vacuous: a misspelt hook key and a missing kind are both rejected.
    broken = yaml_data(UNKNOWN_KEY_CARD)
    assert not cards.is_valid(broken)
    assert not cards.is_valid({"id": "x", "name": "X"})
    assert not packs.is_valid({"id": "x", "name": "X"})
