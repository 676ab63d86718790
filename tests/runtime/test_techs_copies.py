"""The techs module's records are copied with the state by their own copiers: a copy equals what
the generic copy of plain data gives and shares no list or dict with the original."""

from __future__ import annotations

from runtime.modules.techs.records import TechPiles, Techs
from runtime.plain_data import COPIERS, duplicate


def test_a_players_techs_copy_equal_and_apart() -> None:
    techs = Techs([3, 7], {3: 2, 7: 0}, [11])
    copy = duplicate(techs)
    assert Techs in COPIERS and TechPiles in COPIERS  # not the walk of any dataclass
    assert type(copy) is Techs and copy == techs
    assert copy.techs is not techs.techs
    assert copy.research is not techs.research
    assert copy.completed is not techs.completed
    techs.techs.append(9)
    techs.research[3] = 4
    techs.completed.clear()
    assert copy == Techs([3, 7], {3: 2, 7: 0}, [11])


def test_the_tech_piles_copy_equal_and_apart() -> None:
    piles = TechPiles([1, 2, 3], [4])
    copy = duplicate(piles)
    assert type(copy) is TechPiles and copy == piles
    piles.tech_deck.pop()
    piles.tech_discard.append(5)
    assert copy == TechPiles([1, 2, 3], [4])
