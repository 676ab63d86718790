"""A fresh encounter record: every field set, the lists by seat as long as there are players and
at their given values, and no container shared with another encounter or between its sides."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from runtime.state import Encounter


def containers(value: Any) -> list[Any]:
    """`value` and every list, dict and set inside it."""
    if isinstance(value, list):
        return [value, *(c for item in value for c in containers(item))]
    if isinstance(value, (dict, set)):
        return [value]
    return []


def test_a_fresh_encounter_sets_every_field() -> None:
    enc = Encounter(3, 1, players=4)
    for f in fields(Encounter):
        getattr(enc, f.name)  # an unset slot raises AttributeError
    assert (enc.number, enc.offense, enc.defense, enc.planet) == (3, 1, -1, -1)


def test_the_lists_by_seat_hold_each_seat_at_its_value() -> None:
    enc = Encounter(1, 0, 2, 7, players=5, ship_limit=4, deal_penalty=3)
    assert (enc.defense, enc.planet) == (2, 7)
    assert enc.ship_limit == [4] * 5 and enc.deal_penalty == [3] * 5
    assert enc.gate == enc.guard == enc.lost_ships == enc.landed == [0] * 5
    assert enc.ship_weight == enc.comp_factor == enc.reward_factor == [1] * 5
    assert enc.invited == [[False] * 5, [False] * 5]


def test_no_container_is_shared_between_encounters_or_sides() -> None:
    one, other = Encounter(1, 0, players=5), Encounter(2, 0, players=5)
    seen: dict[int, str] = {}
    for enc, who in ((one, "one"), (other, "other")):
        for f in fields(Encounter):
            for c in containers(getattr(enc, f.name)):
                where = f"{who}.{f.name}"
                assert id(c) not in seen, f"{where} shares a container with {seen[id(c)]}"
                seen[id(c)] = where
