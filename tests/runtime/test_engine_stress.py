"""Invariants under stress: random and hypothesis-chosen games finish with a winner; the checker bites."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import InvariantBroken, check
from runtime.modules.lucre.purses import purse_of
from runtime.rules.turn import play_game
from runtime.setup import Setup

# 300 games in all: about 13 s when measured (budget: 60 s), so no need to cut the count.
GAMES_PER_COUNT = 100


def random_game(cards: CardSet, rules: Rules, players: int, seed: int, aliens: bool) -> Game:
    setup = Setup(players=players, seed=seed, aliens=None if aliens else ("none",) * players)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    game = Game(cards, setup, agents, rules=rules, observer=check)
    play_game(game)
    return game


def wins_by_power(game: Game, seat: int) -> bool:
    """The seat's alien can win the game outright (Masochist): its winning needs no colonies."""
    alien = game.state.players[seat].alien
    card = game.cards.cards.get(alien) if alien is not None else None
    return card is not None and any("op='win game'" in repr(h.effect) for h in card.hooks)


def problem(cards: CardSet, rules: Rules, players: int, seed: int, aliens: bool) -> str | None:
    """What went wrong with one random game, or None."""
    try:
        game = random_game(cards, rules, players, seed, aliens)
    except Exception as exc:
        return f"{players} players, seed {seed}: {type(exc).__name__}: {exc}"
    st_ = game.state
    if not st_.over or not st_.winners:
        return f"{players} players, seed {seed}: no winner after {st_.turn} turns"
    need = game.setup.option("colonies_to_win")
    if any(st_.foreign_colonies(w) < need and not wins_by_power(game, w) for w in st_.winners):
        return f"{players} players, seed {seed}: a winner {st_.winners} lacks {need} colonies"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_finish_with_a_winner_and_keep_invariants(
    cards: CardSet, rules: Rules, players: int
) -> None:
    problems = [
        p
        for seed in range(GAMES_PER_COUNT)
        if (p := problem(cards, rules, players, 1000 * players + seed, aliens=True)) is not None
    ]
    assert problems == []


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.integers(min_value=3, max_value=5),
    aliens=st.booleans(),
)
def test_any_seeded_random_game_finishes_with_a_winner(
    cards: CardSet, rules: Rules, seed: int, players: int, aliens: bool
) -> None:
    assert problem(cards, rules, players, seed, aliens) is None


# ---------------------------------------------------------------- the checker itself


def lose_a_ship(game: Game) -> None:
    game.state.planets[0].ships[0] -= 1


def negative_warp(game: Game) -> None:
    game.state.players[1].warp -= 1
    game.state.players[1].removed += 1


def copy_a_card(game: Game) -> None:
    game.state.discard.append(game.state.deck[-1])


def drop_a_card(game: Game) -> None:
    game.state.deck.pop()


def misfile_a_card(game: Game) -> None:
    game.holder[game.state.players[0].hand[0]] = 2


def negative_lucre(game: Game) -> None:
    purse_of(game, 2).lucre = -1


@pytest.mark.parametrize(
    ("corrupt", "message", "packs"),
    [
        (lose_a_ship, "red (no alien) has 19 ships accounted for, not 20", ("base",)),
        (negative_warp, "blue (no alien) has a negative ship count", ("base",)),
        (copy_a_card, "is in 2 places", ("base",)),
        (drop_a_card, "is nowhere", ("base",)),
        (misfile_a_card, "in red's hand but indexed elsewhere", ("base",)),
        # a rules module checks its own invariants, in the games that play with it
        (negative_lucre, "purple (no alien) has negative lucre (-1)", ("base", "lucre")),
    ],
)
def test_the_invariant_checker_notices_broken_states(
    cards: CardSet,
    rules: Rules,
    corrupt: Callable[[Game], None],
    message: str,
    packs: tuple[str, ...],
) -> None:
    setup = Setup(players=3, packs=packs, aliens=("none",) * 3)
    game = Game(cards, setup, [RandomAgent()] * 3, rules=rules)
    check(game)
    corrupt(game)
    with pytest.raises(InvariantBroken) as err:
        check(game)
    assert message in str(err.value)
