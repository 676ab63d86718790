"""A player chosen as the source of cards is one who holds cards: `take 1 random card from
another player you choose` never offers a player with an empty hand."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from tests.runtime.engine_kit import deal, expect, hand, new_game
from tests.runtime.test_effect_meaning import run


def test_taking_from_a_chosen_player_offers_only_players_with_cards(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: ["attack 08"], 2: ["attack 12"], 3: ["Negotiate"]})  # seat 1 holds nothing
    expect(agent, (0, "effect.player", "yellow"))
    run(game, "take 1 random card from another player you choose")
    asked = agent.of_kind("effect.player")
    names = [game.player_name(s) for s in (2, 3)]
    assert [a.labels for a in asked] == [names]
    assert hand(game, 0) == ["Negotiate", "attack 08"]


def test_nobody_is_asked_when_no_other_player_holds_cards(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: ["attack 08"]})
    run(game, "take 1 random card from another player you choose")
    assert agent.of_kind("effect.player") == []
    assert hand(game, 0) == ["attack 08"]
