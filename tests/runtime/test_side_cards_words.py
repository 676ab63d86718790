"""Several encounter cards a side, in the language: `your second card` is the card put in first
beside the selected one (none when there is no such card), `each of your cards` is every encounter
card on the player's side, and an ordinal on anything but a side's card is refused."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game, take_from_deck
from tests.runtime.test_effect_meaning import resolved, run

RED, BLUE, PURPLE = 0, 1, 2


def two_cards_for_red(game: Game) -> tuple[int, int]:
    """An encounter where red (the offense) selected attack 08 and put a negotiate beside it."""
    st = game.state
    enc = blank_encounter(game, 1, RED)
    enc.defense = BLUE
    enc.planet = next(p.id for p in st.planets if p.system == BLUE)
    st.encounter = enc
    first, second = take_from_deck(game, "attack 08"), take_from_deck(game, "Negotiate")
    st.in_play += [first, second]
    enc.cards[0] = first
    enc.extra[0].append(second)
    enc.types[0] = "attack"
    return first, second


def markers_after(game: Game, text: str, seat: int = RED) -> int:
    player = game.state.players[seat]
    player.tokens["markers"] = 0
    run(game, text, seat=seat)
    return player.tokens["markers"]


def test_your_second_card_is_the_card_put_in_beside_the_selected_one(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    two_cards_for_red(game)
    # the second card counts as what it is printed as, not as the side's revealed type
    assert markers_after(game, "if your second card is a negotiate:\n  add 1 to your markers") == 1
    assert markers_after(game, "if your second card is an attack:\n  add 1 to your markers") == 0
    assert markers_after(game, "if your card is an attack:\n  add 1 to your markers") == 1
    # no third card: the test holds for nothing
    assert markers_after(game, "if your third card is a negotiate:\n  add 1 to your markers") == 0


def test_each_of_your_cards_is_every_encounter_card_of_your_side(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    first, second = two_cards_for_red(game)
    st = game.state
    held = len(st.players[RED].hand)
    run(game, "return each of your cards to your hand", seat=RED)
    assert {first, second} <= set(st.players[RED].hand)
    assert len(st.players[RED].hand) == held + 2
    assert first not in st.in_play and second not in st.in_play
    # a player with no side in the encounter has no encounter cards
    purple = list(st.players[PURPLE].hand)
    run(game, "return each of your cards to your hand", seat=PURPLE)
    assert st.players[PURPLE].hand == purple


def test_each_of_your_cards_reads_as_the_side_cards() -> None:
    node = resolved("return each of your cards to your hand", "resolution.before_discard")
    assert "zone='encounter'" in repr(node)
    # without `each of`, a player's cards are still the cards in its hand
    assert "zone='hand'" in repr(resolved("discard your cards", "resolution.start"))


def test_an_ordinal_names_only_a_sides_encounter_card() -> None:
    for text in ("discard your second kicker", "discard your random second card"):
        r = Resolver("reveal.totals", text)
        r.effect(parser().effect(text))
        assert r.errors, text
        assert r.errors[0].hint is not None and "your second card" in r.errors[0].hint, text
