"""Several encounter cards on a side: a card put in face down before the reveal is turned up with
the side's card and adds to its total, cards put in are discarded (or handed back) with it, and a
replacement takes the selected card's place."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules import outcome
from runtime.rules.turn import blank_encounter, finish_encounter
from runtime.state import Encounter
from tests.runtime.engine_kit import deal, hand, labels, new_game, pass_on_plays
from tests.runtime.test_effect_meaning import run


def selected(game: Game, red: str, blue: str) -> Encounter:
    """Red (seat 0) attacks blue (seat 1) with these cards selected, face down."""
    enc = blank_encounter(game, 1, 0)
    enc.defense = 1
    game.state.encounter = enc
    for side, name in ((0, red), (1, blue)):
        (card,) = [c for c in game.state.players[side].hand if game.card_label(c) == name]
        game.from_hand(side, card)
        game.state.in_play.append(card)
        enc.cards[side] = card
    return enc


def game_with(cards: CardSet, rules: Rules) -> Game:
    game, _ = new_game(cards, rules, fallback=pass_on_plays)
    deal(game, {0: ["attack 08", "attack 06", "Negotiate"], 1: ["attack 12", "Negotiate"]})
    return game


def test_a_card_put_in_face_down_is_revealed_with_the_side_and_adds_to_its_total(
    cards: CardSet, rules: Rules
) -> None:
    game = game_with(cards, rules)
    enc = selected(game, "attack 08", "attack 12")
    run(game, "put 1 attack card in your hand with your card", window="planning.after_selection")
    assert labels(game, enc.cards_on(0)) == ["attack 08", "attack 06"]
    assert enc.extra_values[0] == [0]  # face down: it counts for nothing yet
    assert hand(game, 0) == ["Negotiate"]
    outcome.reveal(game, enc)
    assert enc.totals == [14, 12]
    assert enc.outcome == "offense"
    lines = game.log_lines()
    assert lines.index("red (no alien) reveals attack 06") == (
        lines.index("red (no alien) reveals attack 08") + 1
    )
    outcome.discard_encounter_cards(game, enc)
    assert labels(game, game.state.discard[-3:]) == ["attack 08", "attack 06", "attack 12"]
    assert game.state.in_play == []


def test_cards_put_in_go_back_to_hand_when_the_encounter_ends_before_the_reveal(
    cards: CardSet, rules: Rules
) -> None:
    game = game_with(cards, rules)
    enc = selected(game, "attack 08", "attack 12")
    run(game, "put 1 attack card in your hand with your card", window="planning.after_selection")
    finish_encounter(game, enc)
    assert hand(game, 0) == ["Negotiate", "attack 06", "attack 08"]
    assert hand(game, 1) == ["Negotiate", "attack 12"]


def test_a_card_put_in_after_the_reveal_counts_at_once_and_a_negotiate_adds_nothing(
    cards: CardSet, rules: Rules
) -> None:
    game = game_with(cards, rules)
    enc = selected(game, "attack 08", "attack 12")
    outcome.reveal(game, enc)
    assert enc.totals == [8, 12]
    run(game, "put all encounter cards in your hand with your card", window="reveal.after_cards")
    assert enc.extra_values[0] == [6, 0]
    assert outcome.side_total(game, enc, 0) == 14
    assert outcome.outcome_as_it_stands(game, enc) == "offense"


def test_a_replacement_takes_the_selected_cards_place_and_the_old_card_is_discarded(
    cards: CardSet, rules: Rules
) -> None:
    game = game_with(cards, rules)
    enc = selected(game, "attack 08", "attack 12")
    outcome.reveal(game, enc)
    run(game, "replace your card with 1 negotiate card in your hand", window="reveal.after_cards")
    assert labels(game, enc.cards_on(0)) == ["Negotiate"]
    assert enc.types[0] == "negotiate"
    assert labels(game, game.state.discard[-1:]) == ["attack 08"]
    assert outcome.outcome_as_it_stands(game, enc) == "defense"


def test_swapping_encounter_cards_swaps_the_cards_put_in_too(cards: CardSet, rules: Rules) -> None:
    game = game_with(cards, rules)
    enc = selected(game, "attack 08", "attack 12")
    outcome.reveal(game, enc)
    run(game, "put 1 attack card in your hand with your card", window="reveal.after_cards")
    run(game, "swap your card with the opponent's card", window="reveal.after_cards")
    assert labels(game, enc.cards_on(1)) == ["attack 08", "attack 06"]
    assert outcome.side_total(game, enc, 1) == 14
    assert outcome.side_total(game, enc, 0) == 12
