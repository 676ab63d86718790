"""The game log: compact event tuples recorded as the game runs, and their readable text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# event kind -> (field names, text template). Templates use the field names. A rules module adds
# the events of its own mechanic (runtime/extension.py: `log_events`).
EVENTS: dict[str, tuple[tuple[str, ...], str]] = {
    "setup": (("count", "seed"), "setup: {count} players, seed {seed}"),
    "combo": (("name",), "the combination card {name} is revealed"),
    "alien": (("player", "alien"), "{player} is {alien}"),
    "first": (("player",), "{player} goes first"),
    "turn": (("turn", "player"), "turn {turn}: {player} is the offense"),
    "new_hand": (("player", "count"), "{player} discards the hand and draws {count} new cards"),
    "encounter": (("number", "player"), "encounter {number} of {player}'s turn"),
    "retrieve": (("player", "count"), "{player} retrieves {count} ship(s) from the warp"),
    "destiny": (("card", "player"), "destiny: {card} points at {player}"),
    "destiny_redraw": (("card",), "destiny: {card} is set aside and another is drawn"),
    "defense": (("player",), "{player} is the defense"),
    "aim": (("planet",), "the gate is aimed at {planet}"),
    "launch": (("player", "count"), "{player} sends {count} ship(s) into the gate"),
    "invite": (("player", "invitees"), "{player} invites {invitees}"),
    "ally": (("player", "side", "count"), "{player} allies with the {side} with {count} ship(s)"),
    "decline": (("player",), "{player} declines to ally"),
    "select": (("player",), "{player} selects an encounter card"),
    "reveal": (("player", "card"), "{player} reveals {card}"),
    "becomes": (("player", "card"), "{player}'s card now counts as {card}"),
    "totals": (("offense", "defense"), "totals: offense {offense}, defense {defense}"),
    "outcome": (("result",), "result: {result}"),
    "land": (("player", "planet", "count"), "{player} lands {count} ship(s) on {planet}"),
    "warp": (("player", "count"), "{player} loses {count} ship(s) to the warp"),
    "saved": (
        ("player", "count"),
        "{player}'s {count} ship(s) go to the colonies instead of the warp",
    ),
    "stay": (("player", "count"), "{player}'s {count} ship(s) stay where they are"),
    "removed": (("player", "count"), "{player}'s {count} ship(s) leave the game"),
    "home": (("player", "count"), "{player} returns {count} ship(s) to the colonies"),
    "reward": (
        ("player", "cards", "ships"),
        "{player} takes rewards: {cards} card(s), {ships} ship(s)",
    ),
    "compensation": (
        ("player", "from", "count"),
        "{player} takes {count} card(s) from {from} as compensation",
    ),
    "deal": (("terms",), "deal made: {terms}"),
    "no_deal": ((), "no deal"),
    "draw": (("player", "count"), "{player} draws {count} card(s)"),
    "discard": (("player", "card"), "{player} discards {card}"),
    "take": (("player", "from", "count"), "{player} takes {count} card(s) from {from}"),
    "give": (("player", "to", "count"), "{player} gives {count} card(s) to {to}"),
    "power": (("player", "power"), "{player} uses {power}"),
    "play": (("player", "card"), "{player} plays {card}"),
    "cancel": (("what",), "{what} is cancelled"),
    "zap": (("player",), "{player}'s power is zapped for the rest of the encounter"),
    "colony": (("player", "planet"), "{player} establishes a colony on {planet}"),
    "power_off": (("player",), "{player} has too few home colonies and loses the power"),
    "power_on": (("player",), "{player} regains the power"),
    "quake": ((), "cosmic quake: the deck and discard are empty; all hands are redealt"),
    "effect": (("player", "text"), "{player}: {text}"),
    "win": (("players",), "game over, won by {players}"),
    "stalled": (("turns",), "the turn limit is reached after {turns} turns: the game is a draw"),
}

Event = tuple[Any, ...]


def render(event: Event, name_of: Callable[[str, Any], str]) -> str:
    """Text for one event; `name_of(field, value)` names players, cards and planets."""
    kind, *values = event
    fields, template = EVENTS[kind]
    named = {f: name_of(f, v) for f, v in zip(fields, values, strict=False)}
    return template.format(**named)
