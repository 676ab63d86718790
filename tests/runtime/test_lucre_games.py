"""Random games with lucre and the ten aliens of Expansion Set 6 (2 to 5 players) finish with a
winner, with every invariant (lucre never negative nor made from nothing) checked after every
decision; two-player base games work too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from compiler.tools.setups import with_requirements
from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import InvariantBroken, check
from runtime.modules.lucre.purses import purse_of
from runtime.rules.turn import play_game
from runtime.setup import Setup
from tests.runtime.engine_kit import play_and_report
from tests.tiers import first_quick

# 200 games: about 10 s when measured.
GAMES = 200
SET6 = ("dragon", "ethic", "extortionist", "force", "hurtz", "lloyd", "negator", "pirate")
SET6 += ("visionary", "witch")


def set6_aliens(cards: CardSet, players: int, rng: random.Random) -> tuple[str, ...]:
    pool = sorted(
        c.id
        for c in cards.cards.values()
        if c.kind == "alien" and c.pack == "set6" and (c.min_players or 0) <= players
    )
    return tuple(rng.sample(pool, players))


@pytest.mark.slow
def test_set6_games_finish_and_keep_invariants(cards: CardSet, rules: Rules) -> None:
    packs = with_requirements(cards, ["set6"])
    played: Counter[str] = Counter()
    problems = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        players = 2 + seed % 4
        aliens = set6_aliens(cards, players, rng)
        setup = Setup(players=players, packs=packs, seed=seed, aliens=aliens)
        agents = [RandomAgent(seed * 10 + s) for s in range(players)]
        game = Game(cards, setup, agents, rules=rules, observer=check)
        problem = play_and_report(game, seed)
        if problem:
            problems.append(problem)
            continue
        played.update(aliens)
    assert problems == []
    assert set(played) == set(SET6)


@pytest.mark.parametrize("seed", first_quick(range(40), 1))
def test_two_player_base_games_finish(cards: CardSet, rules: Rules, seed: int) -> None:
    setup = Setup(players=2, seed=seed)
    game = Game(
        cards, setup, [RandomAgent(seed), RandomAgent(seed + 1)], rules=rules, observer=check
    )
    play_game(game)
    assert game.state.winners


def test_lucre_from_nowhere_breaks_the_invariant(cards: CardSet, rules: Rules) -> None:
    setup = Setup(players=3, packs=with_requirements(cards, ["lucre"]), seed=3)
    game = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    check(game)
    purse_of(game, 1).lucre += 2
    with pytest.raises(InvariantBroken, match="came out of the box"):
        check(game)
