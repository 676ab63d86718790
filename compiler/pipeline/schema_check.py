"""The schema stage: loaded data and a schema name (a card kind, 'pack' or 'scenario') in, every
violation out as a diagnostic at the line of the value, with a hint; valid files take a quick path."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.language_table import ROLES, WINDOWS
from compiler.pipeline.loaded import Loaded
from compiler.pipeline.quickcheck import CheckFailed
from compiler.pipeline.schema import card_document, document


@functools.cache
def _validator(which: str) -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(document(which))


def _subschema(which: str, path: list[str | int]) -> dict[str, Any]:
    """The object schema at a data path (following $refs through $defs), for key hints."""
    doc = card_document() if which not in ("pack", "scenario") else document(which)
    defs = doc.get("$defs", {})
    node: dict[str, Any] = doc if which in ("pack", "scenario") else defs[which]
    for step in path:
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[1]]
        if isinstance(step, int):
            node = node.get("items", {})
        else:
            node = node.get("properties", {}).get(step, {})
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[1]]
    return node


def pointer(path: Iterable[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


@functools.cache
def _quick(which: str) -> Any:
    """A generated validator that only answers 'valid or not', about 20x faster than the
    reference validator; tests check that the two always agree on our schemas."""
    from compiler.pipeline.quickcheck import checker

    return checker(which)


def is_valid(data: Any, which: str) -> bool:
    try:
        _quick(which)(data)
    except CheckFailed:
        return False
    return True


def check(loaded: Loaded, which: str) -> list[d.Diagnostic]:
    """Every schema violation of a card (which = its kind) or a pack manifest (which = 'pack').

    Valid files (nearly all of them) take the quick path; the reference validator then finds
    and explains every problem of the others."""
    if is_valid(loaded.data, which):
        return []
    out: list[d.Diagnostic] = []
    for error in sorted(
        _validator(which).iter_errors(loaded.data), key=lambda e: list(map(str, e.absolute_path))
    ):
        out.extend(_translate(loaded, which, error))
    return out


def _translate(loaded: Loaded, which: str, error: Any) -> list[d.Diagnostic]:
    path = list(error.absolute_path)
    where = pointer(path)
    instance = error.instance
    kind = error.validator
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = list(_subschema(which, path).get("properties", {}))
        out = []
        for key in instance:
            if key not in allowed:
                hint = d.did_you_mean(str(key), allowed) or "allowed keys: " + ", ".join(
                    sorted(allowed)
                )
                out.append(
                    d.Diagnostic(
                        d.UNKNOWN_KEY,
                        f"unknown key '{key}'",
                        loaded.span(pointer([*path, key]), key=True),
                        hint,
                    )
                )
        return out
    if kind == "required" and isinstance(instance, dict):
        missing = [k for k in error.validator_value if k not in instance]
        span = loaded.span(where, key=True) if where else loaded.span("")
        if not where:
            span = d.Span(loaded.path, 1, 1)
        return [
            d.Diagnostic(d.MISSING_KEY, f"missing required key '{k}'", span, f"add '{k}:'")
            for k in missing
        ]
    if "propertyNames" in error.relative_schema_path:
        return [_bad_name(loaded, path, str(instance), error.validator_value)]
    span = loaded.span(where)
    if kind == "type":
        want = error.validator_value
        words = [
            YAML_WORDS.get(str(w), str(w)) for w in (want if isinstance(want, list) else [want])
        ]
        want_text = " or ".join(words)
        return [
            d.Diagnostic(
                d.WRONG_TYPE,
                f"'{path[-1] if path else 'document'}' must be {_article(want_text)}, not {_describe(instance)}",
                span,
            )
        ]
    if kind in ("enum", "const"):
        options = error.validator_value if kind == "enum" else [error.validator_value]
        return [
            d.Diagnostic(
                d.BAD_VALUE,
                f"'{instance}' is not allowed here",
                span,
                d.did_you_mean(str(instance), [str(o) for o in options])
                or "allowed: " + ", ".join(map(str, options[:12])),
            )
        ]
    if kind == "anyOf" and path and path[-1] == "when":
        values = instance if isinstance(instance, list) else [instance]
        found: list[d.Diagnostic] = []
        for i, value in enumerate(values):
            where_i = pointer([*path, i]) if isinstance(instance, list) else where
            if not isinstance(value, str):
                # a mapping, a nested list or a number where a window name belongs
                found.append(
                    d.Diagnostic(
                        d.WRONG_TYPE,
                        f"'when' must be a window name or a list of them, not {_describe(value)}",
                        loaded.span(where_i),
                        "write one window, like 'reveal.totals', or a list of windows",
                    )
                )
                continue
            if value in WINDOWS:
                continue
            hint = (
                d.did_you_mean(str(value), list(WINDOWS)) or "see the windows in docs/language.md"
            )
            found.append(
                d.Diagnostic(d.BAD_VALUE, f"unknown window '{value}'", loaded.span(where_i), hint)
            )
        if not found:
            found.append(
                d.Diagnostic(d.WRONG_TYPE, "'when' must be a window name or a list of them", span)
            )
        return found
    if kind == "pattern" and path and path[-1] == "as":
        text = str(instance)
        roles_out: list[d.Diagnostic] = []
        offset = 0
        for part in text.split(" or "):
            if part not in ROLES:
                line, column = loaded.locate(where, offset)
                role_span = d.Span(loaded.path, line, column, column + len(part))
                hint = d.did_you_mean(part, list(ROLES)) or "roles: " + ", ".join(ROLES)
                roles_out.append(
                    d.Diagnostic(d.BAD_VALUE, f"unknown role '{part}'", role_span, hint)
                )
            offset += len(part) + len(" or ")
        return roles_out
    if kind == "pattern":
        underscores = "_" in str(error.validator_value)
        joiner = "underscores" if underscores else "hyphens"
        return [
            d.Diagnostic(
                d.SCHEMA_OTHER,
                f"'{instance}' does not match the expected form {error.validator_value}",
                span,
                f"use lower-case letters, digits and {joiner}",
            )
        ]
    if kind == "minItems" and path:
        field = str(path[-1])
        advice = {
            "powers": "give the alien at least one power",
            "aliens": "name at least two aliens",
        }
        hint = advice.get(field, f"add at least {error.validator_value} item(s) to '{field}'")
        return [d.Diagnostic(d.SCHEMA_OTHER, f"'{field}' must not be empty", span, hint)]
    return [d.Diagnostic(d.SCHEMA_OTHER, error.message, span)]


def _bad_name(loaded: Loaded, path: list[str | int], name: str, rule: Any) -> d.Diagnostic:
    """A key that breaks a `propertyNames` rule: a colour that is not one, or an answer that is
    not 'colour kind'."""
    span = loaded.span(pointer([*path, name]), key=True)
    if isinstance(rule, list):
        hint = d.did_you_mean(name, [str(r) for r in rule]) or "one of: " + ", ".join(
            map(str, rule)
        )
        return d.Diagnostic(d.BAD_VALUE, f"'{name}' is not a player colour", span, hint)
    return d.Diagnostic(
        d.BAD_VALUE,
        f"'{name}' should be a colour and a decision kind",
        span,
        "write each answer as 'colour kind: choice', e.g. 'red launch.planet: blue planet 1'",
    )


YAML_WORDS = {"object": "mapping", "array": "list"}


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _describe(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
