"""The replaceable events of cards and colonies: cards about to leave a hand (cards.leaving),
a draw from the deck (deck.drawing, then deck.drawn) and a colony about to be lost
(colony.losing). An effect replaces one (`instead, ...`), keeps part of it back (`those cards
stay`, `1 of those ships stays`), or reads where the cards go and why."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from compiler.pipeline.card_file import compile_card
from compiler.pipeline.load import load_yaml_bytes
from runtime import card_events, ir
from runtime.cards import CardSet, Hook
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.rules import ships
from runtime.table_events import DrawEvent, HandEvent
from tests.runtime.engine_kit import deal, new_game, planet, set_ships

RED, BLUE, PURPLE = 0, 1, 2
HOOK = Hook("test-card", "Test", "power", "cards.leaving", ir.Seq(()))


def with_alien(cards: CardSet, source: str) -> tuple[CardSet, Rules]:
    """The bundled cards plus one alien compiled from its YAML text, and their linked rules."""
    loaded = load_yaml_bytes(source.encode(), "holdout.yaml")
    compiled = compile_card(loaded, "base", PurePath("alien/holdout.yaml"))
    assert compiled.card is not None, [x.message for x in compiled.diagnostics]
    changed = CardSet({**cards.cards, compiled.card.id: compiled.card}, cards.packs)
    return changed, Rules(changed)


def holds(game: Game, text: str, event: object, seat: int = RED) -> bool:
    from runtime.effects.conditions import condition

    test = condition(resolved_condition(text))
    return bool(test(Ctx(game, seat, HOOK, event)))


def resolved_condition(text: str) -> ir.Node:
    from compiler.pipeline.parser import parser
    from compiler.pipeline.resolve import Resolver

    resolver = Resolver("cards.leaving", text)
    node = resolver.condition(parser().condition(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return node


def run_in(game: Game, window: str, text: str, event: object, seat: int = RED) -> None:
    from compiler.pipeline.parser import parser
    from compiler.pipeline.resolve import Resolver
    from runtime.effects import compile as c

    resolver = Resolver(window, text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK, event))


def test_the_conditions_read_where_the_cards_go_and_why(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    hand = list(game.state.players[BLUE].hand[:2])
    owed = HandEvent(BLUE, hand, RED, "compensation")
    assert holds(game, "those cards are leaving as compensation", owed)
    assert holds(game, "those cards are going to you", owed)
    assert not holds(game, "those cards are going to you", owed, seat=PURPLE)
    assert not holds(game, "those cards are being discarded", owed)
    assert not holds(game, "those cards are leaving for a new hand", owed)
    thrown = HandEvent(RED, hand, -1, "new hand")
    assert holds(game, "those cards are being discarded", thrown)
    assert holds(game, "those cards are leaving for a new hand", thrown)
    assert not holds(game, "those cards are leaving as compensation", thrown)
    assert holds(game, "those cards are leaving in a deal", HandEvent(RED, hand, BLUE, "deal"))


def test_cards_that_stay_are_kept_back_and_that_many_still_counts_them(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {RED: ["Ionic Gas", "attack 04", "Plague"]})
    hand = list(game.state.players[RED].hand)
    event = HandEvent(RED, hand, -1, "new hand")
    run_in(game, "cards.leaving", "those artifacts stay", event)
    assert [game.card_label(c) for c in event.instances] == ["attack 04"]
    assert event.named == 3  # "that many" is what the event named


def test_nothing_listening_lets_every_card_go_and_every_draw_happen(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    hand = list(game.state.players[RED].hand)
    assert card_events.leaving(game, RED, hand, -1, "discard") == hand
    assert card_events.drawing(game, RED, 3) == 3
    before = len(game.state.players[RED].hand)
    game.draw(RED, 2)
    assert len(game.state.players[RED].hand) == before + 2


HOLDOUT = """\
id: holdout
kind: alien
name: Holdout
text: Your last ships on a colony never all go to the warp; the first one stays.
powers:
  - name: Dig In
    when: colony.losing
    as: any player
    use: mandatory
    if: those ships are yours
    do: 1 of those ships stays
  - name: Hold the Hand
    when: cards.leaving
    as: any player
    use: mandatory
    if: that player is you and those cards are being discarded
    do: instead, draw 1 card
  - name: Short Draw
    when: deck.drawing
    as: any player
    use: mandatory
    if: that player is you
    do: instead, draw 1 card from the discard pile
"""


@pytest.mark.slow
def test_a_colony_about_to_be_lost_keeps_a_ship_and_a_colony_still_held_opens_nothing(
    cards: CardSet,
) -> None:
    changed, linked = with_alien(cards, HOLDOUT)
    game, _ = new_game(changed, linked, aliens=("holdout", "none", "none"))
    # three home colonies keep the power on
    set_ships(game, RED, {"red planet 1": 2, "red planet 2": 3, "red planet 3": 1})
    p1, p2 = (planet(game, f"red planet {i}") for i in (1, 2))
    assert ships.send_to_warp(game, RED, {p1: 2, p2: 1}) == 2
    # the colony on planet 1 keeps one ship; planet 2 was never at risk, so its ship goes
    assert game.state.planets[p1].ships[RED] == 1
    assert game.state.planets[p2].ships[RED] == 2
    assert game.state.players[RED].warp == 2
    check(game)


@pytest.mark.slow
def test_a_replaced_discard_and_a_replaced_draw_compose(cards: CardSet) -> None:
    changed, linked = with_alien(cards, HOLDOUT)
    game, _ = new_game(changed, linked, aliens=("holdout", "none", "none"))
    st = game.state
    deal(game, {RED: ["attack 04", "attack 05"]})
    hand = list(st.players[RED].hand)
    st.discard.extend([st.deck.pop(), st.deck.pop()])
    deck = len(st.deck)
    # a draw from the deck is replaced by the top card of the discard pile
    top = st.discard[-1]
    assert game.draw(RED, 3) == []
    assert top in st.players[RED].hand and len(st.deck) == deck
    # another player's draw is left alone
    game.draw(BLUE, 3)
    assert len(st.players[BLUE].hand) == 3 and len(st.deck) == deck - 3
    # the discard is replaced: the cards stay, and the card drawn instead is itself a draw,
    # replaced in turn by the next card of the discard pile
    top = st.discard[-1]
    assert card_events.leaving(game, RED, hand, -1, "discard") == []
    assert set(hand) <= set(st.players[RED].hand) and top in st.players[RED].hand
    assert len(st.players[RED].hand) == 4 and st.discard == []
    check(game)


def test_a_draw_event_names_its_player_and_count(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    assert holds(game, "that player is you", DrawEvent(RED, 2))
    assert not holds(game, "that player is you", DrawEvent(BLUE, 2))
