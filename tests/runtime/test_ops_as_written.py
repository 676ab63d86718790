"""Ops that once did something other than their words, played on a real board: a draw from the
drawer's own hand, a capture or seizure of several ships, the event's ships retrieved."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.modules.essence.records import placed_of
from runtime.rules.ships import ShipsEvent
from tests.runtime.engine_kit import planet, ships_of
from tests.runtime.test_op_places import DEFENSE, YOU, board, play


def test_a_draw_from_a_hand_that_turns_out_to_be_the_drawers_own_draws_nothing(
    cards: CardSet, rules: Rules
) -> None:
    # you are the offense: the offense's hand is your own, and the deck is not drawn from instead
    game, _ = board(cards, rules)
    st = game.state
    hands, deck = [len(p.hand) for p in st.players], len(st.deck)
    play(game, "draw 1 card from the offense's hand")
    assert ([len(p.hand) for p in st.players], len(st.deck)) == (hands, deck)


def test_a_draw_from_another_players_hand_takes_one_of_its_cards(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = board(cards, rules)
    st = game.state
    theirs, deck = list(st.players[DEFENSE].hand), len(st.deck)
    play(game, "draw 1 card from the defense's hand")
    assert len(st.players[DEFENSE].hand) == len(theirs) - 1
    assert next(c for c in theirs if c not in st.players[DEFENSE].hand) in st.players[YOU].hand
    assert len(st.deck) == deck


def test_a_capture_of_several_ships_takes_as_many_captives_each_on_an_essence_card(
    cards: CardSet, rules: Rules
) -> None:
    # the defense has 3 ships on blue planet 1 and 2 on red planet 5: two captives, then a third
    # leaves one ship on each colony, where no captive is taken
    game, _ = board(cards, rules, packs=("base", "eons"), aliens=("alien", "none", "none"))
    play(game, "capture 2 of the defense's ships")
    assert sum(ships_of(game, DEFENSE).values()) == 6 - 2
    assert sorted(p.captive for p in placed_of(game.state).values()) == [DEFENSE, DEFENSE]
    play(game, "capture 5 of the defense's ships")
    assert ships_of(game, DEFENSE) == {"blue planet 1": 1, "red planet 5": 1, "purple planet 2": 1}
    assert [p.captive for p in placed_of(game.state).values()] == [DEFENSE] * 3


def test_a_capture_of_up_to_n_ships_takes_as_many_as_the_capturer_says(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = board(cards, rules, packs=("base", "eons"), aliens=("alien", "none", "none"))
    play(game, "capture up to 2 of the defense's ships")  # the first answer: none
    assert [a.labels for a in agent.asked if a.kind == "effect.how_many"] == [["0", "1", "2"]]
    assert sum(ships_of(game, DEFENSE).values()) == 6


def test_retrieving_those_ships_takes_the_events_ships_out_of_the_warp_and_no_others(
    cards: CardSet, rules: Rules
) -> None:
    # you have 3 ships in the warp, 2 of them the event's: those 2 land on a colony of yours
    game, _ = board(cards, rules)
    play(game, "retrieve those ships", "ships.in_warp", ShipsEvent(YOU, {"warp": 2}))
    assert game.state.players[YOU].warp == 1
    assert sum(ships_of(game, YOU).values()) == 6 + 2


def test_retrieving_those_ships_that_are_not_in_the_warp_retrieves_none(
    cards: CardSet, rules: Rules
) -> None:
    # ships about to go to the warp from a colony are not in it yet: your warp stays as it was
    game, _ = board(cards, rules)
    leaving = ShipsEvent(YOU, {planet(game, "blue planet 2"): 2})
    play(game, "retrieve those ships", "ships.to_warp", leaving)
    assert game.state.players[YOU].warp == 3
    assert ships_of(game, YOU) == {"red planet 1": 4, "blue planet 2": 2}


def test_a_seizure_of_up_to_n_ships_takes_as_many_as_the_seizer_says(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = board(cards, rules, packs=("base", "eons"), aliens=("alien", "none", "none"))
    play(game, "seize up to 2 of the defense's ships")  # the first answer: none
    assert [a.labels for a in agent.asked if a.kind == "effect.how_many"] == [["0", "1", "2"]]
    assert sum(ships_of(game, DEFENSE).values()) == 6
    assert game.state.hostages == []


def test_a_seizure_of_their_ships_with_no_number_takes_them_all(
    cards: CardSet, rules: Rules
) -> None:
    # blue's home colony holds 3 of its ships: all 3 are seized
    game, _ = board(cards, rules, packs=("base", "eons"), aliens=("alien", "none", "none"))
    play(game, "seize the defense's ships in the defense's home colonies")
    assert game.state.hostages == [[YOU, DEFENSE, 3]]
    assert ships_of(game, DEFENSE) == {"red planet 5": 2, "purple planet 2": 1}
