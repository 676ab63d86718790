"""The decks' events as windows cards listen to: deck.reshuffled when the cosmic discard pile
becomes the deck (Tick-Tock Flare's wild half is played there, between two draws), and
destiny.reshuffled when the destiny discards become the destiny deck."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.rules import destiny
from tests.runtime.engine_kit import deal, expect, new_game, pass_on_plays, planet, ships_of
from tests.runtime.test_until_periods import run

FLARES = {"use_flares": True, "flares_in_deck": 60}


def test_tick_tock_flare_wild_founds_a_colony_while_the_deck_is_reshuffled(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3, options=FLARES, fallback=pass_on_plays)
    st = game.state
    deal(game, {0: [], 1: ["Tick-Tock Flare"], 2: []})
    st.discard.extend(st.deck)
    st.deck.clear()
    expect(
        agent,
        (1, "card.play", "Tick-Tock Flare (wild)"),
        (1, "effect.player", "purple (no alien)"),
        (1, "effect.count", "4"),
        (1, "effect.planet", "purple planet 3"),
        (1, "effect.how_many", "4"),  # up to four: the player says how many
        (1, "effect.place", ("blue planet 1", "blue planet 1", "blue planet 2", "blue planet 2")),
    )
    before = sum(ships_of(game, 1).values())
    game.draw(0, 2)
    assert len(st.players[0].hand) == 2
    assert st.planets[planet(game, "purple planet 3")].ships[1] == 4
    assert sum(ships_of(game, 1).values()) == before  # the ships came from its colonies


def test_nothing_is_offered_at_a_draw_that_needs_no_reshuffle(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3, options=FLARES)
    deal(game, {1: ["Tick-Tock Flare"]})
    game.draw(0, 2)  # an unscripted offer would raise
    assert agent.asked == []


def test_the_destiny_deck_running_out_ends_what_lasts_until_it_is_reshuffled(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3, fallback=pass_on_plays)
    st = game.state
    run(game, "until the destiny deck is next reshuffled, you may not play any flare")
    st.destiny_discard.extend(st.destiny_deck[1:])
    del st.destiny_deck[1:]
    destiny.draw_card(game)
    assert game.dispatch.forbidden("play flare", 0)
    destiny.draw_card(game)
    assert not game.dispatch.forbidden("play flare", 0)
