"""Generated artefacts are up to date with the registry: the language reference and the schemas;
and the schemas' enumerations are the registry's windows, roles and kinds."""

from __future__ import annotations

import json

from compiler import schema
from compiler.langdoc import language_reference
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


def test_schema_enumerations_come_from_the_registry() -> None:
    doc = schema.card_document()
    hook = doc["$defs"]["hook"]["properties"]
    single, listed = hook["when"]["anyOf"]
    assert set(single["enum"]) == set(BY_NAME) == set(listed["items"]["enum"])
    assert set(doc["properties"]["kind"]["enum"]) == set(CARD_KINDS)
    pattern = hook["as"]["pattern"]
    for role in ROLES:
        assert role in pattern


def test_diagnostics_reference_is_current() -> None:
    from compiler.codedoc import diagnostics_reference

    committed = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert committed == diagnostics_reference(), "docs/diagnostics.md is stale: run `cosmic docs`"
