"""Durations that end at a window, played on a real game: "until the destiny deck is next drawn",
"until the deck is next reshuffled", "until the end of your next turn" and "until your next
encounter" hold as plain data in the state and end when that window next runs (for "your", in
the owner's next turn or encounter only)."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules, waiting_windows
from runtime.game import Game
from runtime.rules import destiny
from runtime.rules.turn import new_encounter
from runtime.windows import Window
from tests.runtime.engine_kit import new_game, pass_on_plays

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    game.dispatch.let_wait(waiting_windows(node))  # no card of the rules makes them wait
    c.statement(node)(Ctx(game, seat, HOOK))


def no_flares(game: Game, seat: int) -> bool:
    return game.dispatch.forbidden("play flare", seat)


def end_turn(game: Game, turn: int, offense: int) -> None:
    st = game.state
    st.turn, st.offense, st.encounter = turn, offense, None
    game.dispatch.step(Window.TURN_END)


def test_a_restriction_until_the_destiny_deck_is_next_drawn_ends_at_the_next_draw(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 4, fallback=pass_on_plays)
    run(game, "until the destiny deck is next drawn, each other player may not play any flare")
    assert [no_flares(game, s) for s in range(4)] == [False, True, True, True]
    game.dispatch.step(Window.TURN_END)  # another window leaves it in force
    assert no_flares(game, 1)
    destiny.draw_into(game, new_encounter(game, 1))
    assert not any(no_flares(game, s) for s in range(4))
    assert game.state.restrictions == []


def test_a_restriction_until_the_deck_is_next_reshuffled_ends_when_the_discards_become_the_deck(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    st = game.state
    run(game, "you may not play any flare until the deck is next reshuffled")
    st.discard.extend(st.deck[:-1])
    del st.deck[:-1]
    game.draw(1, 1)  # the last card of the deck: no reshuffle yet
    assert no_flares(game, 0)
    game.draw(1, 1)
    assert not no_flares(game, 0) and st.discard == []


def test_the_end_of_your_next_turn_is_not_the_end_of_this_one_nor_of_another_players_turn(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    game.state.turn, game.state.offense = 4, 0
    run(game, "until the end of your next turn, the other players may not play any flare")
    end_turn(game, 4, 0)  # the turn it was made in
    end_turn(game, 5, 1)
    end_turn(game, 6, 2)
    assert no_flares(game, 1) and no_flares(game, 2)
    end_turn(game, 7, 0)
    assert not no_flares(game, 1) and not no_flares(game, 2)


def test_until_your_next_encounter_ends_as_your_next_encounter_begins_even_in_this_turn(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    st = game.state
    st.offense = 0
    new_encounter(game, 1)
    run(game, "until your next encounter, the other players may not play any flare")
    game.dispatch.step(Window.REGROUP_START)  # the encounter it was made in goes on
    assert no_flares(game, 1)
    st.offense = 1
    new_encounter(game, 1)
    game.dispatch.step(Window.REGROUP_START)  # another player's encounter
    assert no_flares(game, 1)
    st.offense = 0
    new_encounter(game, 1)
    game.dispatch.step(Window.REGROUP_START)
    assert not no_flares(game, 1)


def test_a_recurring_effect_until_a_window_runs_in_each_encounter_until_that_window(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    st = game.state
    run(game, "until destiny.drawn, at regroup.start: draw 1 card")
    assert len(st.recurring) == 1 and st.recurring[0].period is not None
    assert st.recurring[0].period.window == "destiny.drawn"
    before = len(st.players[0].hand)
    for _ in range(2):
        new_encounter(game, 1)
        game.dispatch.step(Window.REGROUP_START)
    assert len(st.players[0].hand) == before + 2
    destiny.draw_into(game, st.encounter)  # type: ignore[arg-type]
    game.dispatch.step(Window.REGROUP_START)
    assert st.recurring == [] and len(st.players[0].hand) == before + 2


def test_an_until_period_keeps_its_window_and_owner_in_a_copied_game(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    game.state.turn = 2
    run(game, "the other players may not play any flare until the end of your next turn", 1)
    period = game.state.restrictions[0].period
    assert (period.scope, period.window, period.seat, period.first) == ("until", "turn.end", 1, 2)
    copied = game.state.copy().restrictions[0].period
    assert copied == period and copied is not period
