"""JSON Schemas (draft 2020-12) for card files and pack manifests, generated from the language
table (windows, roles, card kinds) and the rules modules' table; compiler.pipeline.schema_check
checks data against them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from compiler.pipeline.language_table import CARD_KINDS, MAX_PLAYERS, ROLES, WINDOWS

DRAFT = "https://json-schema.org/draft/2020-12/schema"
LIMITS = ("once per encounter", "once per turn", "once per game")
ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"


def role_pattern() -> str:
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
                {"enum": sorted(WINDOWS)},
                {"type": "array", "minItems": 1, "items": {"enum": sorted(WINDOWS)}},
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
        "markers": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[a-z][a-z -]*$"},
            "uniqueItems": True,
            "description": "kinds of markers the card's effects name, each quoted there:"
            ' markers: [point] lets an effect say `gain 1 "point" marker`',
        },
        "piles": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[a-z][a-z -]*$"},
            "uniqueItems": True,
            "description": "the card's own piles of cards, each quoted where an effect names it:"
            ' piles: [hoard] lets an effect say `put 1 card into your "hoard" pile`',
        },
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
            excludes={
                "type": "array",
                "items": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                "uniqueItems": True,
                "description": "ids of aliens that may not be in the same game as this one",
            },
            flare={
                "type": "boolean",
                "description": "false for an alien printed without a flare (the Eon sets)",
            },
            powers={"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/power"}},
            **{
                "hand piles": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^[a-z][a-z -]*$"},
                    "uniqueItems": True,
                    "description": "own piles (named in `piles:`) whose cards the alien may"
                    " select as its encounter card in place of its hand's, while its power works",
                }
            },
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
            hidden={
                "type": "boolean",
                "description": "the tech acts from face down, counting the ships researching it",
            },
            play={
                "oneOf": [play, {"type": "array", "minItems": 1, "items": play}],
                "description": "what the tech does: one hook, or a list (a hook at"
                " tech.completed acts once, as the tech is completed)",
            },
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
            "modules": {
                "type": "array",
                "items": {"enum": module_names()},
                "description": "the rules modules the pack's mechanics need (docs/extending.md)",
            },
        },
    }


def module_names() -> list[str]:
    from compiler.pipeline.module_needs import owned

    return [module.name for module in owned()]


def document(which: str) -> dict[str, Any]:
    """The schema a file is checked against: a manifest, a scenario, or one card kind."""
    if which == "pack":
        return pack_document()
    if which == "scenario":
        from compiler.pipeline.scenario_files.file_schema import scenario_document

        return scenario_document()
    return {"$defs": card_document()["$defs"], "$ref": f"#/$defs/{which}"}
