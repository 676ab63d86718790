"""JSON Schemas (draft 2020-12) for card files and pack manifests, generated from the runtime's
registry (windows, roles, card kinds), and the check that maps every violation back to its line."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.load import Loaded
from runtime.cards import CARD_KINDS
from runtime.setup import MAX_PLAYERS
from runtime.windows import BY_NAME

DRAFT = "https://json-schema.org/draft/2020-12/schema"
LIMITS = ("once per encounter", "once per turn", "once per game")
ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"


def role_pattern() -> str:
    from runtime.roles import ROLES  # only when the schemas are built: it loads the game state

    names = "|".join(sorted(ROLES, key=len, reverse=True))
    return f"^({names})( or ({names}))*$"


def _str(doc: str) -> dict[str, Any]:
    return {"type": "string", "description": doc}


def hook_schema(*, required: Iterable[str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        "name": _str("the power's name"),
        "text": _str("rules text for this part, in the card's own words"),
        "when": {
            "anyOf": [
                {"enum": sorted(BY_NAME)},
                {"type": "array", "minItems": 1, "items": {"enum": sorted(BY_NAME)}},
            ],
            "description": "the timing window, or a list of windows",
        },
        "as": {
            "type": "string",
            "pattern": role_pattern(),
            "description": "roles, joined with 'or'",
        },
        "use": {"enum": ["mandatory", "optional"]},
        "if": _str("a condition in the effect language"),
        "do": _str("the effect, in the effect language"),
        "cost": _str("what must be paid first, in the effect language"),
        "limit": {"enum": list(LIMITS)},
    }
    props.update(extra or {})
    return {
        "type": "object",
        "additionalProperties": False,
        "required": sorted(required),
        "properties": props,
    }


def common(kind: str) -> dict[str, Any]:
    return {
        "id": {
            "type": "string",
            "pattern": ID_PATTERN,
            "description": "equals the file name without .yaml",
        },
        "kind": {"const": kind},
        "name": _str("the card's name"),
        "text": _str("rules text in the project's own words"),
        "copies": {"type": "integer", "minimum": 1, "maximum": 60},
        "requires": {
            "type": "array",
            "items": {"type": "string"},
            "description": "setup options the card needs",
        },
        "min_players": {"type": "integer", "minimum": 1, "maximum": 8},
        "notes": _str("designer notes: rulings and interpretations"),
    }


def kind_schema(kind: str) -> dict[str, Any]:
    props = common(kind)
    required = ["id", "kind", "name"]
    play = {"$ref": "#/$defs/hook"}
    if kind in ("encounter", "reinforcement", "artifact", "edict", "kicker"):
        props["deck"] = {
            "enum": ["cosmic", "rewards"],
            "description": "the deck the card is shuffled into",
        }
    if kind == "alien":
        props.update(
            alert={"enum": ["green", "yellow", "red"]},
            summary=_str("a one-line summary"),
            setup=_str("what happens at setup, in the effect language"),
            keeps_power={
                "type": "boolean",
                "description": "the power works with too few home colonies",
            },
            flare={
                "type": "boolean",
                "description": "false for an alien printed without a flare (the Eon sets)",
            },
            powers={"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/power"}},
            essence={
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "count"],
                "properties": {
                    "name": _str("what the essence cards are called"),
                    "count": {"type": "integer", "minimum": 1, "maximum": 100},
                    "cache": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 100,
                        "description": "how many cards the cache holds (3 unless stated)",
                    },
                },
            },
        )
        required += ["text", "powers"]
    elif kind == "flare":
        props.update(
            alien=_str("the id of the alien this flare belongs to"),
            wild={
                "oneOf": [play, {"type": "array", "minItems": 1, "items": play}],
                "description": "the wild half: one hook, or a list of ways to play it",
            },
            super={"$ref": "#/$defs/super"},
        )
        required += ["alien", "wild", "super"]
    elif kind == "encounter":
        props.update(
            type={"enum": ["attack", "negotiate", "morph"]},
            value={"type": "integer", "minimum": 0, "maximum": 99},
        )
        required += ["type"]
    elif kind in ("reinforcement", "artifact", "edict"):
        props.update(play=play)
        required += ["text", "play"]
    elif kind == "kicker":
        props.update(
            value={
                "type": "integer",
                "minimum": -99,
                "maximum": 99,
                "description": "the multiplier (or addend)",
            },
            attack_only={
                "type": "boolean",
                "description": "the kicker does not scale compensation or failed deals",
            },
            effect=play,
        )
        required += ["value"]
    elif kind == "destiny":
        props.update(
            type={"enum": ["color", "wild", "special"]},
            color=_str("the colour of a colour card"),
            target=_str("for a special card: whom it points at, as a player phrase"),
        )
        required += ["type"]
    elif kind == "tech":
        props.update(
            research={"oneOf": [{"type": "integer", "minimum": 0, "maximum": 100}, {"const": "X"}]},
            after_use={"enum": ["discard", "stays", "passes"]},
            hidden={"type": "boolean"},
            play=play,
        )
        required += ["text", "research", "after_use", "play"]
    elif kind == "essence":
        one = {"$ref": "#/$defs/essence_hook"}
        props.update(
            alien=_str("the alien whose set holds this card"),
            play={
                "oneOf": [one, {"type": "array", "minItems": 1, "items": one}],
                "description": "what the card does: one hook, or a list of hooks",
            },
        )
        required += ["alien", "text", "play"]
    elif kind == "combo":
        props.update(
            aliens={
                "type": "array",
                "minItems": 2,
                "items": {"type": "string", "pattern": ID_PATTERN},
            }
        )
        required += ["aliens"]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": props,
    }


def card_document() -> dict[str, Any]:
    """One schema for every card file: it dispatches on `kind` (for editors); validation uses the
    per-kind subschemas directly for precise errors."""
    defs: dict[str, Any] = {
        "hook": hook_schema(required=["when", "do"]),
        "power": hook_schema(required=["name", "when", "do"]),
        "super": hook_schema(
            required=["when", "do"],
            extra={"upgrades": _str("the name of the power this super flare strengthens")},
        ),
        "essence_hook": hook_schema(
            required=["when", "do"],
            extra={
                "from": {
                    "enum": ["cache", "laid", "face down"],
                    "description": "where the card acts from: its owner's cache (a use of the"
                    " owner's power), laid face up before a player (the default), or laid face"
                    " down (the owner turns it up to use it)",
                },
                "for": {
                    "enum": ["owner", "users"],
                    "description": "whom the card acts for (`you`): its owner (the default), or"
                    " each player allowed to use it: the owner, the holder, everyone once public",
                },
                "by": {
                    "enum": ["owner", "holder"],
                    "description": "who decides whether an optional card is used: the alien's"
                    " player (the default) or the player it lies before",
                },
            },
        ),
    }
    for kind in CARD_KINDS:
        defs[kind] = kind_schema(kind)
    return {
        "$schema": DRAFT,
        "title": "Cosmic Encounter card",
        "description": "A card file: one card per file, named after its id.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": list(CARD_KINDS)}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                "then": {"$ref": f"#/$defs/{k}"},
            }
            for k in CARD_KINDS
        ],
        "$defs": defs,
    }


def pack_document() -> dict[str, Any]:
    option = {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "default", "doc"],
        "properties": {
            "name": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
            "default": {"type": ["boolean", "integer", "string"]},
            "doc": {"type": "string"},
            "choices": {"type": "array", "minItems": 1},
            "min": {"type": "integer", "description": "the least value of a whole-number option"},
            "max": {
                "type": "integer",
                "description": "the greatest value of a whole-number option",
            },
            "needs": {
                "type": "array",
                "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
                "description": "options that must be on for this one to be on",
            },
        },
    }
    return {
        "$schema": DRAFT,
        "title": "Cosmic Encounter pack manifest",
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "name", "version"],
        "properties": {
            "id": {"type": "string", "pattern": ID_PATTERN},
            "name": {"type": "string"},
            "version": {"type": "string"},
            "description": {"type": "string"},
            "requires": {"type": "array", "items": {"type": "string", "pattern": ID_PATTERN}},
            "options": {"type": "array", "items": option},
            "players": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "min": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
                    "max": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
                },
            },
            "overrides": {"type": "array", "items": {"type": "string", "pattern": ID_PATTERN}},
        },
    }


def documents() -> dict[str, dict[str, Any]]:
    from compiler.scenarios.file_schema import scenario_document
    from compiler.tools.traces import trace_document

    return {
        "card.schema.json": card_document(),
        "pack.schema.json": pack_document(),
        "scenario.schema.json": scenario_document(),
        "trace.schema.json": trace_document(),
    }


def _document(which: str) -> dict[str, Any]:
    """The schema a file is checked against: a manifest, a scenario, or one card kind."""
    if which == "pack":
        return pack_document()
    if which == "scenario":
        from compiler.scenarios.file_schema import scenario_document

        return scenario_document()
    return {"$defs": card_document()["$defs"], "$ref": f"#/$defs/{which}"}


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, doc in documents().items():
        path = folder / name
        path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------- validation


@functools.cache
def _validator(which: str) -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(_document(which))


def _subschema(which: str, path: list[str | int]) -> dict[str, Any]:
    """The object schema at a data path (following $refs through $defs), for key hints."""
    doc = card_document() if which not in ("pack", "scenario") else _document(which)
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
    import fastjsonschema

    try:
        _quick(which)(data)
    except fastjsonschema.JsonSchemaException:
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
            if value in BY_NAME:
                continue
            hint = (
                d.did_you_mean(str(value), list(BY_NAME)) or "see the windows in docs/language.md"
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
        from runtime.roles import ROLES

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
