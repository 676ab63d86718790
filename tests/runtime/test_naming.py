"""Naming and referring back, and numbers in card filters: effect text played on a real game (in
the generated and the plain closure forms) and checked against what the words promise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import deal, expect, hand, new_game, set_ships, ships_of

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


@pytest.fixture(params=["generated", "plain closures"], autouse=True)
def form(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "generated":
        yield request.param
    else:
        with x.reference_forms():
            yield request.param


def resolved(text: str, window: str = "turn.start") -> ir.Node:
    resolver = Resolver(window, text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return node


def run(game: Game, text: str, seat: int = 0, window: str = "turn.start") -> Ctx:
    ctx = Ctx(game, seat, HOOK)
    c.guarded(c.statement(resolved(text, window)))(ctx)
    return ctx


def problems(text: str) -> list[tuple[str, str]]:
    resolver = Resolver("turn.start", text)
    resolver.effect(parser().effect(text))
    return [(e.message, text[e.pos[0] : e.pos[1]]) for e in resolver.errors]


# ---------------------------------------------------------------- naming


def test_a_card_type_is_named_from_the_types_held_and_read_back_by_a_filter(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: ["attack 08", "Negotiate", "Cosmic Zap"], 1: ["attack 12", "Negotiate"]})
    expect(agent, (0, "effect.name", "negotiate"))
    run(game, "name a card type in your hand\neach other player discards a card of the named type")
    (asked,) = agent.of_kind("effect.name")
    assert asked.labels == ["artifact", "attack", "negotiate"]
    assert hand(game, 1) == ["attack 12"]
    assert hand(game, 0) == ["Cosmic Zap", "Negotiate", "attack 08"]


def test_the_chosen_player_is_the_one_picked_from_the_phrase_players(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 4)
    for seat in range(4):
        set_ships(game, seat, {f"{('red', 'blue', 'purple', 'yellow')[seat]} planet 1": 4})
    expect(agent, (0, "effect.player", "purple (no alien)"), (2, "ships.lose", ()))
    run(game, "choose another player\nthe chosen player loses 2 ships")
    (asked,) = agent.of_kind("effect.player")
    assert asked.labels == ["blue (no alien)", "purple (no alien)", "yellow (no alien)"]
    assert [game.state.players[s].warp for s in range(4)] == [0, 0, 2, 0]


def test_a_named_number_is_offered_in_its_range_and_counts_later(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: []})
    expect(agent, (0, "effect.name", "3"))
    run(game, "name a number from 2 to 4\ndraw (the named number) cards")
    assert agent.of_kind("effect.name")[0].labels == ["2", "3", "4"]
    assert len(game.state.players[0].hand) == 3


def test_naming_a_card_names_its_type_and_value_too(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: ["attack 10", "Negotiate"], 1: ["attack 08", "attack 12", "attack 20"]})
    expect(agent, (0, "effect.name", "attack 10"), (1, "effect.discard", "attack 20"))
    run(
        game,
        "name a card in your hand\ndiscard the named card\n"
        "if the named card is an attack:\n"
        "  each other player discards a card of the named card type worth at least (the named number)",
    )
    assert hand(game, 0) == ["Negotiate"]
    # attack 08 was never offered: it is worth less than the named 10
    assert agent.of_kind("effect.discard")[0].labels == ["attack 12", "attack 20"]
    assert hand(game, 1) == ["attack 08", "attack 12"]


def test_a_name_holds_in_a_delayed_effect_of_the_same_use(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: [], 1: [], 2: []})
    game.state.encounter = blank_encounter(game, 1, 0)
    expect(agent, (0, "effect.player", "purple (no alien)"))
    run(
        game,
        "choose another player\nat encounter.end:\n  the chosen player draws 2 cards",
        window="planning.start",
    )
    assert [len(p.hand) for p in game.state.players] == [0, 0, 0]
    game.dispatch.run("encounter.end", None)
    assert [len(p.hand) for p in game.state.players] == [0, 0, 2]


def test_each_use_of_an_effect_starts_with_nothing_named(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    expect(agent, (0, "effect.player", "blue (no alien)"))
    first = run(game, "choose another player")
    second = Ctx(game, 0, HOOK)
    assert first.names == {"player": 1} and second.names == {}


def test_a_reference_to_nothing_named_is_refused_where_it_is_written() -> None:
    assert problems("the chosen player draws 1 card") == [
        ("'the chosen player' refers to nothing named before it", "the chosen player")
    ]
    assert problems("discard a card of the named card type\nname a card type") == [
        ("'the named card type' refers to nothing named before it", "the named card type")
    ]


def test_only_indefinite_things_of_a_nameable_kind_can_be_named() -> None:
    (found,) = problems("name the opponent")
    assert found[0] == "'the opponent' is not something to name"
    (found,) = problems("name a ship")
    assert found[0] == "a ship cannot be named"


# ---------------------------------------------------------------- numbers in card filters


@pytest.mark.parametrize(
    ("phrase", "left"),
    [
        ("all attack cards worth 06 or less", ["attack 08", "attack 12"]),
        ("all attack cards worth 08 or more", ["attack 04", "attack 06"]),
        ("all attack cards between 05 and 08", ["attack 04", "attack 12"]),
        ("all of your attack cards worth at most 06", ["attack 08", "attack 12"]),
        ("all attack cards worth at least (2 * 5)", ["attack 04", "attack 06", "attack 08"]),
    ],
)
def test_a_value_bound_keeps_exactly_the_cards_in_range(
    cards: CardSet, rules: Rules, phrase: str, left: list[str]
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: ["attack 04", "attack 06", "attack 08", "attack 12"]})
    run(game, f"discard {phrase}")
    assert hand(game, 0) == left


def test_a_worked_out_bound_is_read_when_the_effect_runs(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: ["attack 04", "attack 06", "attack 08", "attack 12"]})
    effect = c.statement(
        resolved("discard all attack cards worth at most (your ships in the warp)")
    )
    set_ships(game, 0, {"red planet 1": 4}, warp=4)
    effect(Ctx(game, 0, HOOK))
    assert hand(game, 0) == ["attack 06", "attack 08", "attack 12"]
    set_ships(game, 0, {"red planet 1": 4}, warp=8)
    effect(Ctx(game, 0, HOOK))
    assert hand(game, 0) == ["attack 12"]


# ---------------------------------------------------------------- for each other player


def test_for_each_other_player_goes_through_everyone_but_you(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 4)
    deal(game, {0: [], 1: [], 2: [], 3: []})
    run(game, "for each other player:\n  they draw 1 card")
    assert [len(p.hand) for p in game.state.players] == [0, 1, 1, 1]


# ---------------------------------------------------------------- landing on another's colonies


def test_ships_sent_to_another_players_colonies_land_on_one_of_theirs(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    set_ships(game, 0, {"red planet 1": 4})
    set_ships(game, 1, {"blue planet 1": 3, "purple planet 2": 1})
    expect(
        agent,
        (0, "effect.player", "blue (no alien)"),
        (0, "ships.place", "purple planet 2"),
    )
    run(game, "choose another player\nmove 2 of your ships to the chosen player's colonies")
    (asked,) = agent.of_kind("ships.place")
    assert asked.labels == ["blue planet 1", "purple planet 2"]
    assert ships_of(game, 0) == {"red planet 1": 2, "purple planet 2": 2}
