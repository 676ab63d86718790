"""A game copied at a decision plays on as the original does: random games of mixed packs and
player counts are forked at a random decision and both continuations end with the digest of the
game played without a copy; a copy shares nothing mutable with its original."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from compiler.tools.setups import build_setup
from runtime.agents import AGENTS
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Agent, Game, PlayerView
from runtime.record import Record
from runtime.rules.turn import play_game
from runtime.view import table_of

PACKS = (("base",), ("base", "set8"), ("lucre", "set6"), ("eons",), ("base", "kickers-negative"))


class ForkAt:
    """Plays as `inner`; at the `at`-th decision of the game (with `at` None: the first decision
    after the game kept a checkpoint), first forks the game (the fork plays on with copies of
    the inner agents as they are at that moment)."""

    def __init__(self, inner: Agent, at: int | None, forks: list[Game]) -> None:
        self.inner, self.at, self.forks = inner, at, forks

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        game = table_of(view)
        due = game.mark is not None if self.at is None else len(game.answers) == self.at
        if due and not self.forks:
            inner = [a.inner for a in game.agents if isinstance(a, ForkAt)]
            self.forks.append(game.fork(copy.deepcopy(inner)))
        return self.inner.decide(decision, view)


def agents(kind: str, seed: int, players: int) -> list[Agent]:
    return [AGENTS[kind](seed * 101 + s) for s in range(players)]


def game_setup(cards: CardSet, k: int) -> tuple[Any, str]:
    setup = build_setup(cards, players=3 + k % 3, packs=PACKS[k % len(PACKS)], seed=k)
    return setup, ("random", "heuristic")[k % 2]


@pytest.mark.slow
@pytest.mark.parametrize("k", range(50))
def test_a_game_forked_at_a_random_decision_plays_on_as_the_original(
    cards: CardSet, rules: Rules, k: int
) -> None:
    setup, kind = game_setup(cards, k)
    plain = Game(cards, setup, agents(kind, k, setup.players), rules=rules)
    play_game(plain)
    at = random.Random(k).randrange(len(plain.answers))
    forks: list[Game] = []
    inner = agents(kind, k, setup.players)
    original = Game(cards, setup, [ForkAt(a, at, forks) for a in inner], rules=rules)
    play_game(original)
    (fork,) = forks
    play_game(fork)
    assert original.state.digest() == plain.state.digest()
    assert fork.state.digest() == plain.state.digest()
    assert fork.answers == plain.answers
    assert fork.log_lines() == plain.log_lines()


def mutable_parts(obj: Any) -> Iterator[Any]:
    """Every mutable object reachable from a state (frozen records are the card set's data)."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        item = todo.pop()
        if isinstance(item, (bool, int, str, float, type(None), Record, frozenset)):
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, (list, tuple, set)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif hasattr(item, "__slots__"):
            todo.extend(getattr(item, name) for name in type(item).__slots__)


def test_a_fork_shares_nothing_mutable_with_its_original(cards: CardSet, rules: Rules) -> None:
    setup, kind = game_setup(cards, 2)  # lucre and Set 6: leases, insurance, hired help
    forks: list[Game] = []
    inner = agents(kind, 2, setup.players)
    original = Game(cards, setup, [ForkAt(a, None, forks) for a in inner], rules=rules)
    play_game(original)
    (fork,) = forks
    mark = original.mark
    assert mark is not None and fork.mark is not None
    theirs = {id(o) for o in mutable_parts(original.state)} | {
        id(o) for o in mutable_parts(mark.state)
    }
    mine = [o for o in mutable_parts(fork.state)] + [o for o in mutable_parts(fork.mark.state)]
    assert not [o for o in mine if id(o) in theirs]
    assert not set(map(id, fork.agents)) & set(map(id, original.agents))


def test_a_snapshot_restored_twice_gives_the_same_game_twice(cards: CardSet, rules: Rules) -> None:
    setup, kind = game_setup(cards, 3)
    snaps = []

    class Snap:
        def __init__(self, inner: Agent) -> None:
            self.inner = inner

        def decide(self, decision: Decision, view: PlayerView) -> Answer:
            game = table_of(view)
            if len(game.answers) == 40 and not snaps:
                snaps.append(game.snapshot())
            return self.inner.decide(decision, view)

    original = Game(cards, setup, [Snap(a) for a in agents(kind, 3, setup.players)], rules=rules)
    play_game(original)
    (snap,) = snaps
    digests = set()
    for _ in range(2):
        game = Game.restore(snap, [copy.deepcopy(a.inner) for a in snap.agents])  # type: ignore[attr-defined]
        play_game(game)
        digests.add(game.state.digest())
    assert digests == {original.state.digest()}


def test_a_game_forked_before_its_first_checkpoint_is_set_up_again(
    cards: CardSet, rules: Rules
) -> None:
    """A game not yet played has no checkpoint: its fork is set up again from the setup (giving
    any answers of the setup again) and plays on as the original does."""
    setup, kind = game_setup(cards, 0)
    plain = Game(cards, setup, agents(kind, 0, setup.players), rules=rules)
    assert plain.mark is None
    fork = plain.fork()
    play_game(plain)
    play_game(fork)
    assert fork.state.digest() == plain.state.digest()
