"""Generated artefacts are up to date with the registry: the language reference and the schemas;
and the schemas' enumerations are the registry's windows, roles and kinds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import schema
from compiler.pipeline.project import Project
from compiler.tools import schema_files
from compiler.tools.langdoc import language_reference
from grammar import SCHEMA_DIR
from runtime.cards import CARD_KINDS
from runtime.roles import ROLES
from runtime.windows import BY_NAME
from tests import ROOT


@pytest.mark.slow  # compiles every example; tests/compiler/test_inspect_cli.py checks it quick
def test_language_reference_is_current(project: Project) -> None:
    # the bundled cards `cosmic docs` takes its examples from, compiled once for the session
    committed = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert committed == language_reference(project.cards), (
        "docs/language.md is stale: run `cosmic docs`"
    )


def test_schemas_are_current() -> None:
    for name, doc in schema_files.documents().items():
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


def test_language_table_is_the_registrys() -> None:
    from compiler.pipeline.language_export import comparable, declared
    from grammar import LANGUAGE_FILE

    committed = json.loads(LANGUAGE_FILE.read_text(encoding="utf-8"))
    assert comparable(committed) == comparable(json.loads(json.dumps(declared()))), (
        "grammar/language.json is stale: run `python -m compiler.pipeline.language_export`"
    )


def test_the_compilers_argument_types_are_the_registrys() -> None:
    from compiler.pipeline import language_table
    from runtime import registry

    assert [(t.name, t.value) for t in language_table.T] == [(t.name, t.value) for t in registry.T]


def test_schema_enumerations_come_from_the_registry() -> None:
    doc = schema.card_document()
    hook = doc["$defs"]["hook"]["properties"]
    single, listed = hook["when"]["anyOf"]
    assert set(single["enum"]) == set(BY_NAME) == set(listed["items"]["enum"])
    assert set(doc["properties"]["kind"]["enum"]) == set(CARD_KINDS)
    pattern = hook["as"]["pattern"]
    for role in ROLES:
        assert role in pattern


@pytest.mark.slow  # reads the grammar with Lark's own reader
def test_shipped_parser_states_are_the_ones_larks_own_reader_gives() -> None:
    from lark.parsers.lalr_analysis import Shift

    from compiler.pipeline import tables
    from compiler.pipeline.effect_vocabulary import build_vocabulary
    from compiler.pipeline.lexer import EffectLexer
    from grammar import GRAMMAR_FILE
    from tests.lark_tables import larks_reader

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    shipped = tables.load(text)
    assert shipped is not None
    own = larks_reader()

    def rule(r: Any) -> tuple[Any, ...]:
        symbols = [(x.name, x.is_term, bool(getattr(x, "filter_out", False))) for x in r.expansion]
        options = (r.options.expand1, r.options.keep_all_tokens, r.options.template_source)
        return (r.origin.name, symbols, r.alias, options)

    def ours(r: Any) -> tuple[Any, ...]:
        symbols = [(x.name, x.is_term, x.filter_out) for x in r.expansion]
        return (r.origin, symbols, r.alias, (r.expand1, r.keep_all_tokens, r.template_source))

    assert [ours(r) for r in shipped.rules] == [rule(r) for r in own.rules]
    assert len(own.rules) > 100
    theirs = own.parser.parser._parse_table
    numbers = {id(r): number for number, r in enumerate(own.rules)}
    assert len(theirs.states) > 100 and shipped.state_numbers() == sorted(theirs.states)
    for state, actions in theirs.states.items():
        assert shipped.state(state) == {
            name: arg if kind is Shift else ~numbers[id(arg)]
            for name, (kind, arg) in actions.items()
        }
    assert (shipped.start_states, shipped.end_states) == (theirs.start_states, theirs.end_states)


def test_shipped_parser_tables_with_a_damaged_state_are_not_used(tmp_path: Path) -> None:
    from compiler.pipeline import tables
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    stored = json.loads(tables.TABLES_FILE.read_bytes())
    states = stored["data"]["parser"]["parser"]["states"]
    copy = tmp_path / "tables.json"
    copy.write_text(json.dumps(stored), encoding="utf-8")
    assert tables.load(text, copy) is not None
    state = next(iter(states))
    states[state] = states[state].replace("1", "2", 1)
    copy.write_text(json.dumps(stored), encoding="utf-8")
    assert tables.load(text, copy) is None


@pytest.mark.slow
def test_parser_tables_are_current_and_parse_as_built_ones() -> None:
    from cards import BUNDLED
    from compiler.pipeline import tables
    from compiler.pipeline.effect_vocabulary import build_vocabulary
    from compiler.pipeline.lalr import LalrParser
    from compiler.pipeline.lexer import EffectLexer
    from compiler.pipeline.tree_builder import Builder
    from compiler.tools.effect_texts import effect_texts
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    loaded = tables.load(text)
    assert loaded is not None, (
        "grammar/effect.tables.json does not fit the grammar: run `python -m compiler.pipeline.tables`"
    )
    shipped = LalrParser(loaded, EffectLexer(), Builder())
    built = tables.build(text, EffectLexer, Builder())
    found = effect_texts([BUNDLED])
    assert len(found) > 200
    broken = [("start", "draw 2 cards if"), ("start", "you may"), ("cond_start", "you are the")]
    for start, effect in found + broken:
        outcomes = []
        for parse in (shipped.parse, lambda effect, start: built.parse(effect, start=start)):
            try:
                outcomes.append(parse(effect, start))
            except Exception as exc:  # the same error, with the same expected tokens
                outcomes.append((type(exc).__name__, sorted(getattr(exc, "accepts", []))))
        assert outcomes[0] == outcomes[1], effect


@pytest.mark.slow  # generates every check; the schemas themselves are checked quick
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


@pytest.mark.slow  # builds the tables with Lark
def test_parser_tables_are_written_the_same_on_every_build() -> None:
    """Lark numbers states in an order that changes from process to process; the file's is one
    canonical order, so this process's build (under its own hash seed) writes the same bytes."""
    from compiler.pipeline import tables
    from compiler.pipeline.effect_vocabulary import build_vocabulary
    from compiler.pipeline.lexer import EffectLexer
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    built = tables.serialize(tables.build(text, EffectLexer), text)
    shipped = json.loads(tables.TABLES_FILE.read_bytes())
    assert json.loads(json.dumps(built)) == shipped, "run `python -m compiler.pipeline.tables`"


@pytest.mark.slow  # renumbers the whole table twice
def test_canonical_parser_tables_do_not_depend_on_how_lark_numbered_them() -> None:
    import random

    from compiler.pipeline import tables

    table = json.loads(tables.TABLES_FILE.read_bytes())["data"]["parser"]["parser"]
    states = {
        int(s): {int(k): tuple(v) for k, v in json.loads(actions).items()}
        for s, actions in table["states"].items()
    }
    plain = {
        "tokens": {int(k): v for k, v in table["tokens"].items()},
        "states": states,
        "start_states": table["start_states"],
        "end_states": table["end_states"],
    }
    assert tables.canonical(plain) == plain  # the shipped file is in canonical order
    rng = random.Random(7)
    state_ids, token_ids = list(states), list(plain["tokens"])
    new_state = dict(zip(state_ids, rng.sample(state_ids, len(state_ids)), strict=True))
    new_token = dict(zip(token_ids, rng.sample(token_ids, len(token_ids)), strict=True))
    shuffled = {
        "tokens": {new_token[k]: v for k, v in plain["tokens"].items()},
        "states": {
            new_state[s]: {
                new_token[k]: (a, new_state[arg] if a == tables.SHIFT else arg)
                for k, (a, arg) in actions.items()
            }
            for s, actions in states.items()
        },
        "start_states": {k: new_state[v] for k, v in plain["start_states"].items()},
        "end_states": {k: new_state[v] for k, v in plain["end_states"].items()},
    }
    assert shuffled != plain
    assert tables.canonical(shuffled) == plain


def test_a_stale_language_table_is_named_with_the_command_that_writes_it(
    tmp_path: Path, monkeypatch: Any
) -> None:
    from compiler.pipeline import language_export

    assert language_export.stale() is None
    table = json.loads(language_export.LANGUAGE_FILE.read_text(encoding="utf-8"))
    table["ops"] = [op for op in table["ops"] if op["name"] != "draw"]
    edited = tmp_path / "language.json"
    edited.write_text(json.dumps(table), encoding="utf-8")
    monkeypatch.setattr(language_export, "LANGUAGE_FILE", edited)
    message = language_export.stale()
    assert message is not None and "its ops differ" in message
    assert "python -m compiler.pipeline.language_export" in message


def test_words_registered_in_another_order_are_not_a_stale_table(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # a program importing an ops module before the language loads registers its words first
    from compiler.pipeline import language_export

    table = json.loads(language_export.LANGUAGE_FILE.read_text(encoding="utf-8"))
    for key in language_export.UNORDERED:
        table[key].reverse()
    edited = tmp_path / "language.json"
    edited.write_text(json.dumps(table), encoding="utf-8")
    monkeypatch.setattr(language_export, "LANGUAGE_FILE", edited)
    assert language_export.stale() is None
    table["windows"].reverse()  # the windows' order is turn order: it means something
    edited.write_text(json.dumps(table), encoding="utf-8")
    message = language_export.stale()
    assert message is not None and "its windows differ" in message


def test_the_language_tables_parts_are_the_ones_written() -> None:
    from compiler.pipeline.language_export import declared
    from compiler.pipeline.language_table import PARTS

    assert set(declared()) == set(PARTS)
