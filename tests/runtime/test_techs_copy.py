"""A copy of the techs module's records (each player's techs, the game's tech piles) keeps every
field and shares no list or dict with the original."""

from __future__ import annotations

from dataclasses import fields

from runtime.modules.techs.records import TechPiles, Techs
from runtime.plain_data import duplicate


def test_a_copy_of_a_players_techs_is_equal_and_independent() -> None:
    original = Techs([3, 4], {3: 2, 4: 1}, [7])
    copied = duplicate(original)
    assert copied == original
    for f in fields(Techs):
        assert getattr(copied, f.name) is not getattr(original, f.name)
    copied.research[3] += 1
    copied.techs.append(9)
    assert original == Techs([3, 4], {3: 2, 4: 1}, [7])


def test_a_copy_of_the_tech_piles_is_equal_and_independent() -> None:
    original = TechPiles([1, 2, 3], [5])
    copied = duplicate(original)
    assert copied == original
    for f in fields(TechPiles):
        assert getattr(copied, f.name) is not getattr(original, f.name)
