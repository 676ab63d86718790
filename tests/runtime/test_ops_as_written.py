"""Ops that once did something other than their words, played on a real board: a draw from the
drawer's own hand, a capture of several ships, the event's ships retrieved."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
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
