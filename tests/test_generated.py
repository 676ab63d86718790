"""Generated artefacts are up to date with the registry: the language reference and the schemas;
and the schemas' enumerations are the registry's windows, roles and kinds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import schema
from compiler.tools.langdoc import language_reference
from grammar import SCHEMA_DIR
from runtime.cards import CARD_KINDS
from runtime.roles import ROLES
from runtime.windows import BY_NAME
from tests import ROOT


def test_language_reference_is_current() -> None:
    committed = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert committed == language_reference(), "docs/language.md is stale: run `cosmic docs`"


def test_schemas_are_current() -> None:
    for name, doc in schema.documents().items():
        committed = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
        assert committed == doc, (
            f"grammar/schemas/{name} is stale: run `cosmic schema --out grammar/schemas`"
        )


def test_module_table_is_current() -> None:
    from compiler.pipeline.module_needs import declared
    from grammar import MODULES_FILE

    committed = json.loads(MODULES_FILE.read_text(encoding="utf-8"))
    assert committed == declared(), (
        "grammar/modules.json is stale: run `python -m compiler.pipeline.module_needs`"
    )


def test_schema_enumerations_come_from_the_registry() -> None:
    doc = schema.card_document()
    hook = doc["$defs"]["hook"]["properties"]
    single, listed = hook["when"]["anyOf"]
    assert set(single["enum"]) == set(BY_NAME) == set(listed["items"]["enum"])
    assert set(doc["properties"]["kind"]["enum"]) == set(CARD_KINDS)
    pattern = hook["as"]["pattern"]
    for role in ROLES:
        assert role in pattern


def test_shipped_parser_states_are_the_ones_larks_own_reader_gives() -> None:
    import json

    from lark import Lark

    from compiler.pipeline import tables
    from compiler.pipeline.lexer import EffectLexer, build_vocabulary
    from compiler.pipeline.tree_builder import Builder
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    shipped = tables.load(text, EffectLexer, Builder())
    assert shipped is not None
    stored = json.loads(tables.TABLES_FILE.read_bytes())
    data, memo = tables._restore(stored["data"], stored["memo"])
    table = data["parser"]["parser"]
    table["states"] = {
        int(state): {int(token): action for token, action in json.loads(actions).items()}
        for state, actions in table["states"].items()
    }
    data["options"]["lexer"] = data["parser"]["lexer_conf"]["lexer_type"] = EffectLexer
    own = Lark._load_from_dict(data, memo, transformer=Builder())

    def rule(r: Any) -> tuple[Any, ...]:
        symbols = [(type(x), x.name, getattr(x, "filter_out", None)) for x in r.expansion]
        return (r.origin, symbols, r.order, r.alias, vars(r.options), hash(r))

    assert [rule(r) for r in shipped.rules] == [rule(r) for r in own.rules]
    assert len(own.rules) > 100
    ours, theirs = shipped.parser.parser._parse_table, own.parser.parser._parse_table
    assert len(theirs.states) > 100
    assert {state: ours.states[state] for state in theirs.states} == theirs.states
    assert (ours.start_states, ours.end_states) == (theirs.start_states, theirs.end_states)


def test_shipped_parser_tables_with_a_damaged_state_are_not_used(tmp_path: Path) -> None:
    import json

    from compiler.pipeline import tables
    from compiler.pipeline.lexer import EffectLexer, build_vocabulary
    from compiler.pipeline.tree_builder import Builder
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    stored = json.loads(tables.TABLES_FILE.read_bytes())
    states = stored["data"]["parser"]["parser"]["states"]
    copy = tmp_path / "tables.json"
    copy.write_text(json.dumps(stored), encoding="utf-8")
    assert tables.load(text, EffectLexer, Builder(), copy) is not None
    state = next(iter(states))
    states[state] = states[state].replace("1", "2", 1)
    copy.write_text(json.dumps(stored), encoding="utf-8")
    assert tables.load(text, EffectLexer, Builder(), copy) is None


@pytest.mark.slow
def test_parser_tables_are_current_and_parse_as_built_ones() -> None:
    import yaml

    from cards import BUNDLED
    from compiler.pipeline import tables
    from compiler.pipeline.lexer import EffectLexer, build_vocabulary
    from compiler.pipeline.tree_builder import Builder
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    shipped = tables.load(text, EffectLexer, Builder())
    assert shipped is not None, (
        "grammar/effect.tables.json does not fit the grammar: run `python -m compiler.pipeline.tables`"
    )
    built = tables.build(text, EffectLexer, Builder())
    starts = {"do": "start", "cost": "start", "setup": "start", "if": "cond_start"}
    found: list[tuple[str, str]] = []

    def collect(data: object) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                if key in starts and isinstance(value, str):
                    found.append((starts[key], value))
                else:
                    collect(value)
        elif isinstance(data, list):
            for item in data:
                collect(item)

    for path in sorted(BUNDLED.rglob("*.yaml")):
        collect(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert len(found) > 200
    broken = [("start", "draw 2 cards if"), ("start", "you may"), ("cond_start", "you are the")]
    for start, effect in found + broken:
        outcomes = []
        for parser in (shipped, built):
            try:
                outcomes.append(parser.parse(effect, start=start))
            except Exception as exc:  # the same error, with the same expected tokens
                outcomes.append((type(exc).__name__, sorted(getattr(exc, "accepts", []))))
        assert outcomes[0] == outcomes[1], effect


def test_quick_schema_checks_are_current() -> None:
    from compiler.pipeline import quickcheck

    for which in quickcheck.names():
        committed = (quickcheck.CHECKS_DIR / f"{which}.py").read_text(encoding="utf-8")
        assert committed == quickcheck.generate(which), (
            f"compiler/pipeline/checks/{which}.py is stale: run `python -m compiler.pipeline.quickcheck`"
        )


def test_diagnostics_reference_is_current() -> None:
    from compiler.tools.codedoc import diagnostics_reference

    committed = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert committed == diagnostics_reference(), "docs/diagnostics.md is stale: run `cosmic docs`"
