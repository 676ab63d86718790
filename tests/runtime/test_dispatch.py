"""The hook dispatcher's own bookkeeping, one method at a time: how long periods last, what a
restriction forbids and when it ends, use counts under each limit, the order players act in,
and the pack hook runners it calls."""

from __future__ import annotations

import pytest
from engine_kit import new_game

from runtime import dispatch
from runtime.cards import CardSet
from runtime.effects.lasting import Period
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.windows import Window


@pytest.fixture
def game(cards: CardSet, rules: Rules) -> Game:
    return new_game(cards, rules, 4)[0]


def test_a_run_of_encounters_covers_only_its_serial_numbers_and_ends_after_the_last() -> None:
    p = Period("encounters", 3, 4)
    assert [p.covers(s, 1) for s in (2, 3, 4, 5)] == [False, True, True, False]
    assert not p.over("encounter", 3, 1)
    assert not p.over("turn", 9, 9)  # only the end of an encounter ends it
    assert p.over("encounter", 4, 1)


def test_a_run_of_turns_holds_through_its_last_turn_and_ends_as_the_next_begins() -> None:
    p = Period("turns", 2, 3)
    assert [p.covers(0, t) for t in (1, 2, 3, 4)] == [False, True, True, False]
    assert not p.over("turn", 0, 3)
    assert p.over("turn", 0, 4)
    assert not p.over("encounter", 99, 4)


def test_a_this_turn_period_ends_with_the_turn_and_a_game_period_never() -> None:
    assert Period("turn").over("turn", 0, 1)
    assert not Period("turn").over("encounter", 5, 1)
    assert not Period("game").over("turn", 5, 9) and not Period("game").over("encounter", 5, 9)
    assert Period("game").covers(1000, 1000)


def test_a_while_period_asks_its_guard_each_time() -> None:
    holds = [True]
    p = Period("while", guard=lambda: holds[0])
    assert p.covers(0, 0) and not p.over("encounter", 0, 0)
    holds[0] = False
    assert not p.covers(0, 0) and p.over("encounter", 0, 0)


def test_a_restriction_forbids_one_action_to_its_seats_while_its_period_covers(game: Game) -> None:
    d = game.dispatch
    serial = game.state.encounter_serial
    d.forbid("play artifact", frozenset({1}), Period("encounters", serial + 1, serial + 1))
    assert not d.forbidden("play artifact", 1)  # not yet: it starts with the next encounter
    assert d.pending("play artifact", 1) and not d.pending("play artifact", 2)
    game.state.encounter_serial = serial + 1
    assert d.forbidden("play artifact", 1)
    assert not d.forbidden("play artifact", 2) and not d.forbidden("play flare", 1)
    d.expire("encounter")
    assert not d.pending("play artifact", 1)


def test_lifting_ends_every_restriction_of_that_action_only(game: Game) -> None:
    d = game.dispatch
    d.forbid("take part", frozenset({0}), Period("game"))
    d.forbid("take part", frozenset({2}), Period("game"))
    d.forbid("play flare", frozenset({2}), Period("game"))
    assert game.sitting_out(0) and game.sitting_out(2)
    d.lift("take part")
    assert not game.sitting_out(0) and not game.sitting_out(2)
    assert d.forbidden("play flare", 2)


def test_a_per_turn_use_count_starts_again_each_turn(game: Game) -> None:
    d, st = game.dispatch, game.state
    d.add_use("turn", "key", 2)
    assert d.used("turn", "key") == 2
    st.turn += 1
    assert d.used("turn", "key") == 0
    d.add_use("turn", "key")
    d.forget_old_uses()
    assert d.used("turn", "key") == 1
    assert not any(k.startswith(f"turn {st.turn - 1}:") for k in st.used)


def test_uses_without_a_limit_are_not_counted_and_game_limits_are(game: Game) -> None:
    d = game.dispatch
    d.add_use(None, "free", 3)
    assert d.used(None, "free") == 0
    d.add_use("game", "once")
    assert d.used("game", "once") == 1
    d.add_use("encounter", "here")  # no encounter under way: nowhere to count it
    assert d.used("encounter", "here") == 0


def test_players_act_offense_first_then_defense_then_clockwise(game: Game) -> None:
    st = game.state
    st.offense = 2
    assert game.dispatch.order() == [2, 3, 0, 1]


def test_pack_hook_runners_run_only_in_games_that_deal_their_cards(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    monkeypatch.setattr(dispatch, "PACK_HOOKS", [lambda d, name, event: seen.append(name)])
    d = game.dispatch
    d.quiet.discard(Window.TURN_START.value)
    d.with_essence = False
    d.step(Window.TURN_START)
    assert seen == []
    d.with_essence = True
    d.step(Window.TURN_START)
    assert seen == [Window.TURN_START.value]
