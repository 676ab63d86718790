"""The JSON Schema (draft 2020-12) of card scenario files: every key a scenario may use, its type,
and the colours and play modes the runner knows; the runner reads exactly these keys."""

from __future__ import annotations

from typing import Any

from runtime.setup import COLORS

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"
PLAY_PATTERN = "^(setup|encounter|turn|game|[1-9][0-9]? turns)$"
MAX_PLAYERS = len(COLORS)
# a decision kind: 'launch.planet', or an effect's own such as 'effect.reinforce with'
KIND_PATTERN = "^[a-z_]+\\.[a-z_]+( [a-z_]+)*$"


def _str(doc: str) -> dict[str, Any]:
    return {"type": "string", "description": doc}


def _list(items: dict[str, Any], doc: str) -> dict[str, Any]:
    return {"type": "array", "items": items, "description": doc}


def _count(doc: str, minimum: int = 0) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": 1000, "description": doc}


def _by_color(value: dict[str, Any], doc: str) -> dict[str, Any]:
    """A mapping from player colours to `value`."""
    return {
        "type": "object",
        "propertyNames": {"enum": list(COLORS)},
        "additionalProperties": value,
        "description": doc,
    }


CARD_ID = {"type": "string", "pattern": ID_PATTERN}
CARD_IDS = _list(CARD_ID, "card ids")
PLANET_NAMES = _list({"type": "string"}, "planet names, like 'blue planet 1'")
LINES = _list({"type": "string"}, "fragments of log lines")


def _object(props: dict[str, Any], doc: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(required),
        "properties": props,
        "description": doc,
    }


def setup_schema() -> dict[str, Any]:
    return _object(
        {
            "players": {"type": "integer", "minimum": 2, "maximum": MAX_PLAYERS},
            "aliens": _list(
                {"type": "string"}, "one alien id per seat, in seat order; 'none' for no alien"
            ),
            "packs": _list(
                CARD_ID, "packs to play with (default: the scenario's own pack), with requirements"
            ),
            "options": {
                "type": "object",
                "additionalProperties": {"type": ["boolean", "integer", "string"]},
                "description": "setup options, name: value",
            },
            "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
        },
        "the game to set up (default: 3 players, random aliens, the scenario's pack, seed 1)",
    )


def start_schema() -> dict[str, Any]:
    color = {"enum": list(COLORS)}
    return _object(
        {
            "offense": {**color, "description": "the colour of the player who starts"},
            "destiny": {
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                "description": "a destiny card (id or colour), or a list drawn in that order",
            },
            "hands": _by_color(CARD_IDS, "each player's hand, replacing the dealt one"),
            "discard": _list(CARD_ID, "cards put on the discard pile, the last one on top"),
            "unused aliens": _list(
                CARD_ID, "the pile of unused aliens, in place of the one set aside"
            ),
            "gained aliens": _by_color(CARD_IDS, "aliens each player holds beside its own"),
            "deck": _list(CARD_ID, "cards put on top of the cosmic deck, drawn in the order named"),
            "reward deck": _list(
                CARD_ID, "cards put on top of the reward deck, drawn in the order named"
            ),
            "ships": _by_color(
                {"type": "object", "additionalProperties": _count("ships")},
                "ships on planets: {colour: {planet name: count}}",
            ),
            "warp": _by_color(_count("ships in the warp"), "ships in the warp"),
            "lucre": _by_color(_count("lucre"), "purses"),
            "techs": _by_color(
                {
                    "anyOf": [
                        CARD_IDS,
                        {"type": "object", "additionalProperties": _count("ships researching")},
                    ]
                },
                "face-down techs, with the ships researching them",
            ),
            "completed techs": _by_color(CARD_IDS, "face-up techs"),
            "markers": _by_color(
                {"type": "object", "additionalProperties": _count("markers")},
                "markers on each player's sheet: {colour: {kind: count}}",
            ),
            "piles": _by_color(
                {"type": "object", "additionalProperties": CARD_IDS},
                "the cards in a card's own piles: {colour: {pile: [card ids]}}; a pile beside a planet is"
                " named 'citadel of blue planet 1'",
            ),
            "pieces": _by_color(
                {"type": "object", "additionalProperties": PLANET_NAMES},
                "pieces in play: {colour: {card id: [the planets next to it]}}; the card must be"
                " among the player's completed techs",
            ),
            "ship pieces": _by_color(
                {"type": "object", "additionalProperties": _str("a planet name, or 'the warp'")},
                "pieces that are ships: {colour: {card id: where it stands}}, each one more ship"
                " of its owner there; the card must be among the player's completed techs",
            ),
            "essence cache": _by_color(CARD_IDS, "essence cards in the owner's cache"),
            "essence unavailable": _by_color(CARD_IDS, "essence cards in the unavailable pile"),
            "essence before": _by_color(CARD_IDS, "essence cards laid face up before a player"),
            "essence face down": _by_color(
                CARD_IDS, "essence cards laid face down before a player"
            ),
            "essence captives": _by_color(
                _by_color(CARD_ID, "the essence card holding that player's ship"),
                "captive ships: {alien's colour: {captive's colour: essence card}}",
            ),
        },
        "the situation before play starts",
    )


def expect_schema() -> dict[str, Any]:
    return _object(
        {
            "outcome": _str("the last encounter's outcome, e.g. offense, defense, deal"),
            "totals": {
                "type": "array",
                "items": {"type": ["integer", "null"]},
                "minItems": 2,
                "maxItems": 2,
                "description": "the offense's and defense's totals (null: a side with no total)",
            },
            "winners": _list({"enum": list(COLORS)}, "the colours of the winners"),
            "ship limit": _by_color(_count("ships"), "ship limits of the last encounter"),
            "warp": _by_color(_count("ships"), "ships in the warp"),
            "lucre": _by_color(_count("lucre"), "purses"),
            "hand size": _by_color(_count("cards"), "cards in hand"),
            "foreign colonies": _by_color(_count("colonies"), "foreign colonies"),
            "home colonies": _by_color(_count("colonies"), "home colonies"),
            "planets in system": _by_color(
                _count("planets"), "planets in a player's home system (destroyed ones leave it)"
            ),
            "completed techs": _by_color(
                CARD_IDS, "exactly a player's face-up techs ([] for none)"
            ),
            "techs": _by_color(CARD_IDS, "exactly a player's face-down techs ([] for none)"),
            "tech discard": _list(
                CARD_ID, "techs that must be in the tech discard pile (among others)"
            ),
            "essence before": _by_color(
                _list({"type": "string"}, "ids, a face-down one as 'id (face down)'"),
                "the essence cards lying before a player",
            ),
            "unavailable": _by_color(CARD_IDS, "a player's unavailable pile"),
            "markers": _by_color(
                {"type": "object", "additionalProperties": _count("markers")},
                "markers on a player's sheet: {colour: {kind: count}} (0 for none)",
            ),
            "piles": _by_color(
                {"type": "object", "additionalProperties": CARD_IDS},
                "exactly the cards in a card's own piles: {colour: {pile: [card ids]}} ([] for none);"
                " a pile beside a planet is named 'citadel of blue planet 1'",
            ),
            "pieces": _by_color(
                {"type": "object", "additionalProperties": PLANET_NAMES},
                "exactly the pieces a player controls: {colour: {card id: [the planets next to"
                " it]}} ({} for none)",
            ),
            "ship pieces": _by_color(
                {
                    "type": "object",
                    "additionalProperties": _str(
                        "a planet name, 'the gate', 'beside the target planet', 'the warp',"
                        " 'out of the game', 'hostage' or 'on CARD ID' (a tech it researches)"
                    ),
                },
                "exactly the pieces that are ships a player owns, and where each stands: {colour:"
                " {card id: place}} ({} for none)",
            ),
            "hand": _by_color(CARD_IDS, "cards a player must hold (among others)"),
            "planets": {
                "type": "object",
                "additionalProperties": _by_color(_count("ships"), "ships by colour"),
                "description": "ships on planets: {planet name: {colour: count}}",
            },
            "log": _list({"type": "string"}, "fragments that must appear in the log, in order"),
            "no log": LINES,
            "aliens": _by_color({"type": "string"}, "each player's alien ('none' for none)"),
            "power": _by_color({"enum": ["on", "off"]}, "whether a player's power works"),
            "gained aliens": _by_color(
                CARD_IDS, "exactly the aliens a player holds beside its own ([] for none)"
            ),
            "unused aliens": _list(CARD_ID, "exactly the aliens left on the unused pile"),
            "refused": _list(
                answer_schema(), "answers the engine must not accept, each tried at its decision"
            ),
        },
        "what must be true afterwards",
    )


def answer_schema() -> dict[str, Any]:
    """One scripted answer (also the shape of a refused one)."""
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"pattern": f"^({'|'.join(COLORS)}) {KIND_PATTERN[1:]}"},
        "additionalProperties": {
            "anyOf": [
                {"type": ["string", "integer"]},
                {"type": "array", "items": {"type": ["string", "integer"]}},
            ]
        },
        "description": "one 'colour kind: choice' pair; a choice is a label (case-sensitive), a"
        " number, or a list of them",
    }


def scenario_document() -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "title": "Cosmic Encounter card scenario",
        "description": "A scripted situation played in a real game, with what must be true after.",
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "properties": {
            "name": _str("what the scenario shows"),
            "covers": _list(CARD_ID, "the card ids this scenario tests"),
            "setup": setup_schema(),
            "start": start_schema(),
            "play": {
                "type": "string",
                "pattern": PLAY_PATTERN,
                "description": "how far to play: setup, encounter (default), turn, N turns, game",
            },
            "answers": _list(answer_schema(), "every decision, scripted in the order it is asked"),
            "auto": _list(
                {"type": "string", "pattern": KIND_PATTERN},
                "decision kinds answered with the do-nothing option when not scripted",
            ),
            "expect": expect_schema(),
            "notes": _str("rulings and explanations"),
        },
    }
