"""A game set up from a kept layout (runtime/rules/layouts.py) starts exactly as one laid out
afresh: the same state, RNG included, and the same bookkeeping of its cards, for any seed, after
games from the same layout have been played; setups that differ in packs, players, colours or
options get layouts of their own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules import layouts
from runtime.rules.turn import play_game
from runtime.setup import Setup


def start_of(game: Game) -> tuple[Any, ...]:
    """The starting state's digest and the table's bookkeeping of its cards."""
    return (
        game.state.digest(),
        [card.id for card in game.defs],
        list(game.holder),
        list(game.windows_of),
        {card: list(found) for card, found in game.instances_of.items()},
        dict(game.held),
    )


def new_game(cards: CardSet, rules: Rules, setup: Setup) -> Game:
    agents = [RandomAgent(setup.seed * 101 + s) for s in range(setup.players)]
    return Game(cards, setup, agents, rules=rules, log=False)


SETUPS = 7  # how many setups() gives


def setups(cards: CardSet) -> list[Setup]:
    every_pack = tuple(cards.packs)
    return [
        Setup(players=5),
        Setup(players=3),
        Setup(players=4, options={"techs": True}),
        Setup(players=4, options={"flares_in_deck": 3, "hand_size": 6}),
        Setup(players=4, colors=("green", "red", "yellow", "blue")),
        Setup(players=5, packs=every_pack),
        Setup(players=3, packs=every_pack, options={"lucre": True}),
    ]


@pytest.mark.parametrize("index", range(SETUPS))
def test_a_game_from_a_kept_layout_starts_as_one_laid_out_afresh(
    cards: CardSet, rules: Rules, index: int
) -> None:
    base = setups(cards)[index]
    afresh = {}
    for seed in (1, 2, 3):
        layouts.forget()
        afresh[seed] = start_of(new_game(cards, rules, replace(base, seed=seed)))
    layouts.forget()
    first = new_game(cards, rules, replace(base, seed=50))
    assert layouts.find(first)[1] is not None  # laid out, and kept
    play_game(first)  # a game played to its end leaves the layout as it was
    for seed in (3, 1, 2):
        copied = new_game(cards, rules, replace(base, seed=seed))
        assert start_of(copied) == afresh[seed], seed
        play_game(copied)


def test_setups_that_differ_get_layouts_of_their_own(cards: CardSet, rules: Rules) -> None:
    layouts.forget()
    games = [new_game(cards, rules, setup) for setup in setups(cards)]
    kept = [layouts.find(game)[1] for game in games]
    assert len(kept) == SETUPS and all(layout is not None for layout in kept)
    assert len({id(layout) for layout in kept}) == len(kept)
    again = new_game(cards, rules, Setup(players=5, seed=9))
    assert layouts.find(again)[1] is kept[0]


def test_a_setup_card_step_drawing_random_numbers_is_refused(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    from runtime.extension import ExtensionError
    from runtime.modules.techs import module as techs

    def shuffled_in(game: Game, state: Any, card: Any) -> bool:
        state.rng.random()  # a draw no game copied from the layout would make
        return techs.build_deck(game, state, card)

    monkeypatch.setitem(techs.MODULE.steps, "setup.card", shuffled_in)  # type: ignore[index]
    layouts.forget()
    with pytest.raises(ExtensionError, match=r"setup\.card step drew from the game.s random"):
        new_game(cards, rules, Setup(players=4, options={"techs": True}))
    layouts.forget()
