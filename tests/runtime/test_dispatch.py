"""The hook dispatcher's own bookkeeping, one method at a time: how long periods last, what a
restriction forbids and when it ends, use counts under each limit, the order players act in,
and the runners of rules modules' cards it calls."""

from __future__ import annotations

import pytest
from engine_kit import new_game, play_checked

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects.link import Rules
from runtime.extension import RulesModule
from runtime.game import Game
from runtime.language import load
from runtime.lasting_data import Bindings, Later, Period
from runtime.modules.lucre.purses import purse_of
from runtime.rules.turn import new_encounter
from runtime.setup import Setup
from runtime.table import Table
from runtime.windows import BY_NAME, Window

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


@pytest.fixture
def game(cards: CardSet, rules: Rules) -> Game:
    return new_game(cards, rules, 4)[0]


def test_a_run_of_encounters_covers_only_its_serial_numbers_and_ends_after_the_last(
    game: Game,
) -> None:
    d, st = game.dispatch, game.state
    p = Period("encounters", 3, 4)
    covered = []
    for serial in (2, 3, 4, 5):
        st.encounter_serial = serial
        covered.append(d.covers(p))
    assert covered == [False, True, True, False]
    st.encounter_serial, st.turn = 3, 1
    assert not d.over(p, "encounter")
    st.encounter_serial = st.turn = 9
    assert not d.over(p, "turn")  # only the end of an encounter ends it
    st.encounter_serial, st.turn = 4, 1
    assert d.over(p, "encounter")


def test_a_run_of_turns_holds_through_its_last_turn_and_ends_as_the_next_begins(
    game: Game,
) -> None:
    d, st = game.dispatch, game.state
    p = Period("turns", 2, 3)
    covered = []
    for turn in (1, 2, 3, 4):
        st.turn = turn
        covered.append(d.covers(p))
    assert covered == [False, True, True, False]
    st.turn = 3
    assert not d.over(p, "turn")
    st.turn = 4
    assert d.over(p, "turn")
    st.encounter_serial = 99
    assert not d.over(p, "encounter")


def test_a_this_turn_period_ends_with_the_turn_and_a_game_period_never(game: Game) -> None:
    d, st = game.dispatch, game.state
    st.encounter_serial, st.turn = 5, 9
    assert d.over(Period("turn"), "turn")
    assert not d.over(Period("turn"), "encounter")
    assert not d.over(Period("game"), "turn") and not d.over(Period("game"), "encounter")
    st.encounter_serial = st.turn = 1000
    assert d.covers(Period("game"))


def test_a_while_period_checks_its_condition_with_the_bindings_it_keeps(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules, 4, packs=("base", "lucre"))[0]
    d = game.dispatch
    hook = Hook("test", "test", "power", "turn.start", ir.Seq(()))
    has_lucre = ir.Compare(">=", ir.Measure("lucre", ir.Players("you")), ir.Num(1))
    p = d.period("while", 1, has_lucre, Bindings(2, hook, they=2, subject=2))
    purse_of(game, 2).lucre = 1
    assert d.covers(p) and not d.over(p, "encounter")
    purse_of(game, 2).lucre = 0
    assert not d.covers(p) and d.over(p, "encounter")


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


def test_a_modules_card_runner_opens_windows_only_in_games_where_its_cards_act(
    game: Game,
) -> None:
    seen: list[str] = []
    scratch = RulesModule(
        name="scratch-cards",
        doc="a test module whose cards act at the start of a turn",
        steps={
            "dispatch.windows": lambda g, rules: (
                {Window.TURN_START.value} if g.option("x") else set()
            ),
            "dispatch.window": lambda g, d, name, event: seen.append(name),
        },
    )
    game.modules = (scratch,)
    d = game.dispatch
    d.find_busy()
    assert d.card_runners == []  # no card of the module can act: its runner is never called
    d.step(Window.TURN_START)
    assert seen == []
    game.state.options["x"] = True
    d.find_busy()
    assert Window.TURN_START.value not in d.quiet
    d.step(Window.TURN_START)
    assert seen == [Window.TURN_START.value]


def test_a_rules_modules_window_where_nothing_acts_is_quiet(game: Game) -> None:
    load()  # the modules' windows are declared as the modules register
    game.dispatch.find_busy()
    assert {"lucre.paid", "tech.completed"} <= set(BY_NAME)
    assert {"lucre.paid", "tech.completed"} <= game.dispatch.quiet


def idle_windows(game: Game) -> list[Window]:
    """The windows where nothing of this game can act and no card is held for a play, but
    where some card's effect may make something wait."""
    d = game.dispatch
    return [
        w
        for w in Window
        if w.value in d.quiet and not game.held.get(w.value) and w.value in d.may_wait
    ]


def two_idle_windows(game: Game) -> tuple[Window, Window]:
    idle = idle_windows(game)
    return idle[0], idle[1]


def test_a_delayed_effect_makes_only_the_window_it_waits_for_worth_opening(game: Game) -> None:
    d = game.dispatch
    mine, other = two_idle_windows(game)
    enc = new_encounter(game, 1)
    assert not d.listening(mine) and not d.listening(other)
    enc.delayed.append(Later(mine.value, Bindings(0, HOOK), ir.Seq(())))
    assert d.listening(mine) and not d.listening(other)
    d.step(other)
    assert len(enc.delayed) == 1  # another window leaves it waiting
    d.step(mine)
    assert enc.delayed == [] and not d.listening(mine)


def test_a_recurring_effect_makes_only_its_window_and_the_one_ending_it_worth_opening(
    game: Game,
) -> None:
    d, st = game.dispatch, game.state
    acting, ending, other = idle_windows(game)[:3]
    later = Later(acting.value, Bindings(0, HOOK), ir.Seq(()))
    later.period = Period("until", st.turn, st.encounter_serial, window=ending.value)
    st.recurring.append(later)
    assert d.listening(acting) and d.listening(ending) and not d.listening(other)
    d.step(acting)
    d.step(other)
    assert st.recurring == [later]
    d.step(ending)
    assert st.recurring == [] and not d.listening(acting)


def test_a_restriction_makes_only_the_window_ending_its_period_worth_opening(game: Game) -> None:
    d = game.dispatch
    ending, other = two_idle_windows(game)
    d.forbid("play flare", frozenset({1}), d.period("until", window=ending.value))
    d.forbid("play artifact", frozenset({2}), Period("game"))
    assert d.listening(ending) and not d.listening(other)
    d.event(other, None)
    assert d.forbidden("play flare", 1)
    d.event(ending, None)
    assert not d.forbidden("play flare", 1) and d.forbidden("play artifact", 2)
    assert not d.listening(ending)


def every_waiting_window_is_listened_to(game: Table) -> None:
    """Each window a delayed or recurring effect or an "until" period names is worth opening,
    and a quiet window with no card held for it and nothing naming it is not."""
    d, st = game.dispatch, game.state
    named = {r.period.window for r in st.restrictions}
    for later in [*(st.encounter.delayed if st.encounter else ()), *st.recurring]:
        named.add(later.window)
        if later.period is not None:
            named.add(later.period.window)
    for window in Window:
        name = window.value
        expected = name in named or name not in d.quiet or bool(game.held.get(name))
        assert d.listening(window) == expected, (name, named)


@pytest.mark.slow  # plays random games
def test_windows_are_listened_to_exactly_when_something_waits_throughout_random_games(
    cards: CardSet, rules: Rules
) -> None:
    every_pack = tuple(sorted(cards.packs))
    setups = [Setup(players=5, packs=every_pack, seed=seed) for seed in range(4)]
    checked = play_checked(cards, rules, setups, every_waiting_window_is_listened_to)
    assert checked > 500  # the checks ran at many decisions, not at a handful
