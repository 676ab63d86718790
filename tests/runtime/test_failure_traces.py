"""Traces of failed games (as the soak writes them) replay to the same failure on the same cards,
and say so plainly when the cards have changed; replay checks the invariants at every step."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import runtime.invariants
from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import InvariantBroken
from runtime.rules.turn import play_game
from runtime.setup import Setup
from runtime.trace import Trace, TraceError, pack_fingerprints, replay

SETUP = Setup(players=3, seed=5)


def new_game(cards: CardSet, rules: Rules, observer: Any = None) -> Game:
    agents = [RandomAgent(50 + s) for s in range(SETUP.players)]
    return Game(cards, SETUP, agents, rules=rules, observer=observer)


def breaks_at(decision: int) -> Any:
    """An invariant check that fails once a game has taken `decision` answers."""

    def check(game: Game) -> None:
        if len(game.answers) >= decision:
            raise InvariantBroken(f"broken at decision {decision}")

    return check


def failed_trace(cards: CardSet, rules: Rules, decision: int) -> Trace:
    game = new_game(cards, rules, observer=breaks_at(decision))
    with pytest.raises(InvariantBroken) as err:
        play_game(game)
    failure = {"kind": "error", "message": f"InvariantBroken: {err.value}"}
    return Trace.parse(Trace.of(game, failure=failure).to_json())


def test_a_failed_game_replays_to_the_same_failure(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = failed_trace(cards, rules, 30)
    assert len(trace.answers) == 30
    monkeypatch.setattr(runtime.invariants, "check", breaks_at(30))
    game = replay(trace, cards, rules)
    assert len(game.answers) == 30


def test_a_replay_that_fails_otherwise_than_recorded_is_refused(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = failed_trace(cards, rules, 30)
    monkeypatch.setattr(runtime.invariants, "check", breaks_at(20))
    with pytest.raises(TraceError, match="fails after 20 answers with InvariantBroken"):
        replay(trace, cards, rules)


def test_a_recorded_failure_that_no_longer_happens_is_reported(
    cards: CardSet, rules: Rules
) -> None:
    trace = failed_trace(cards, rules, 30)
    with pytest.raises(TraceError, match="ran out of answers"):
        replay(trace, cards, rules)  # the real checks pass: the game goes on past the trace


@pytest.mark.slow
def test_a_game_stopped_for_time_replays_up_to_where_it_stopped(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules)
    play_game(game)
    whole = Trace.of(game)
    cut = dataclasses.replace(
        whole, answers=whole.answers[:40], failure={"kind": "stopped", "message": "slower"}
    )
    assert len(replay(cut, cards, rules).answers) == 40
    not_cut = dataclasses.replace(whole, failure={"kind": "stopped", "message": "slower"})
    with pytest.raises(TraceError, match="does not happen in the replay"):
        replay(not_cut, cards, rules)


def test_replay_checks_the_invariants_at_every_step(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(cards, rules)
    play_game(game)
    monkeypatch.setattr(runtime.invariants, "check", breaks_at(7))
    with pytest.raises(TraceError, match="fails after 7 answers with InvariantBroken"):
        replay(Trace.of(game), cards, rules)


def test_a_failure_replayed_on_changed_cards_says_the_cards_changed(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = failed_trace(cards, rules, 30)
    changed = dataclasses.replace(trace, packs={**trace.packs, "base": "0" * 16})
    monkeypatch.setattr(runtime.invariants, "check", breaks_at(20))
    with pytest.raises(TraceError, match="recorded with other cards: the cards of pack 'base'"):
        replay(changed, cards, rules)
    gone = dataclasses.replace(trace, packs={**trace.packs, "expansion-x": "0" * 16})
    with pytest.raises(TraceError, match="pack 'expansion-x' is not loaded"):
        replay(gone, cards, rules)


@pytest.mark.slow
def test_a_pack_fingerprint_follows_that_packs_cards_only(cards: CardSet) -> None:
    virus = dataclasses.replace(cards.cards["virus"], text="another text")
    changed = CardSet({**cards.cards, "virus": virus}, cards.packs)
    before = pack_fingerprints(cards, ["base", "set8"])
    after = pack_fingerprints(changed, ["base", "set8"])
    assert before["base"] != after["base"] and before["set8"] == after["set8"]
    assert pack_fingerprints(cards, ["base"]) == {"base": before["base"]}
