"""Aliens that bar each other from a game (`excludes:`): a setup naming both is refused, and a
random deal never seats both."""

from __future__ import annotations

import pytest

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.layouts import clashes_of
from runtime.rules.start import excluded
from runtime.setup import Setup, SetupError


def deal(cards: CardSet, rules: Rules, setup: Setup) -> list[str | None]:
    game = Game(cards, setup, [RandomAgent(s) for s in range(setup.players)], rules=rules)
    return [p.alien for p in game.state.players]


def test_gambler_and_sorcerer_are_refused_together(cards: CardSet, rules: Rules) -> None:
    setup = Setup(players=3, aliens=("sorcerer", "none", "gambler"))
    with pytest.raises(SetupError, match="Sorcerer and Gambler may not be in the same game"):
        deal(cards, rules, setup)


def test_gambler_plays_with_any_other_alien(cards: CardSet, rules: Rules) -> None:
    assert (
        deal(cards, rules, Setup(players=3, aliens=("gambler", "mirror", "none")))[0] == "gambler"
    )


@pytest.mark.slow  # deals many games
def test_a_random_deal_never_seats_gambler_with_sorcerer(cards: CardSet, rules: Rules) -> None:
    with_gambler = 0
    for seed in range(300):
        dealt = deal(cards, rules, Setup(players=5, seed=seed))
        assert len(set(dealt)) == 5
        assert not {"gambler", "sorcerer"} <= set(dealt), f"seed {seed} dealt both"
        with_gambler += "gambler" in dealt
    assert with_gambler > 0  # the deal still hands the Gambler out


def test_the_clashes_kept_with_a_layout_are_the_exclusions_either_way(cards: CardSet) -> None:
    aliens = tuple(c for c in cards.cards.values() if c.kind == "alien")
    clashes = clashes_of(aliens)
    assert clashes  # some alien bars another
    for one in aliens:
        for other in aliens:
            kept = other.id in clashes.get(one.id, frozenset())
            assert kept == excluded(cards, one.id, other.id), (one.id, other.id)


@pytest.mark.parametrize("dealt", ["gambler", "sorcerer"])
def test_an_alien_barred_either_way_by_a_dealt_one_is_not_set_aside(
    cards: CardSet, rules: Rules, dealt: str
) -> None:
    setup = Setup(players=3, aliens=(dealt, "none", "none"))
    game = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    unused = game.state.unused_aliens
    assert "gambler" not in unused and "sorcerer" not in unused
    assert "tripler" in unused
