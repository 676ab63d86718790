"""Effects mean what they say: each phrase that once validated and then did something else,
played on a real game and checked against what the words promise."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compiler.pipeline.parser import EffectSyntaxError, parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.decisions import Answer, Decision
from runtime.effects import compile as c
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.modules.lucre.purses import purse_of
from runtime.rules.ships import ShipsEvent
from runtime.state import Encounter
from tests.runtime.engine_kit import (
    deal,
    events,
    expect,
    hand,
    labels,
    new_game,
    planet,
    set_ships,
    ships_of,
    stack,
    take_from_deck,
)

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def resolved(text: str, window: str = "turn.start") -> ir.Node:
    resolver = Resolver(window, text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return node


def run(game: Game, text: str, seat: int = 0, window: str = "turn.start", event: object = None):
    """Compile `text` as a hook of `seat` in `window` and run it once (with `event`, if any)."""
    effect = c.guarded(c.statement(resolved(text, window)))
    ctx = Ctx(game, seat, HOOK, event)
    effect(ctx)
    return ctx


def first_option(decision: Decision) -> Answer | None:
    return (0,) if decision.minimum <= 1 else tuple(range(decision.minimum))


def effect_lines(game: Game, seat: int) -> list[str]:
    return [str(text) for who, text in events(game, "effect") if who == seat]


# ---------------------------------------------------------------- reveal CARDS


def test_reveal_asks_for_the_cards_shows_them_and_sets_those_cards(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: ["attack 08", "attack 12", "Negotiate"]})
    expect(agent, (0, "effect.reveal", "attack 12"))
    run(game, "reveal 1 attack card\ndiscard those cards")
    asked = agent.of_kind("effect.reveal")
    assert [a.labels for a in asked] == [["attack 08", "attack 12"]]
    assert effect_lines(game, 0) == ["reveals attack 12"]
    assert hand(game, 0) == ["Negotiate", "attack 08"]


# ---------------------------------------------------------------- you may A and B


def test_you_may_a_and_b_is_one_offer_for_both_parts(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: ["attack 08", "Negotiate"]})
    expect(agent, (0, "effect.may", "yes"), (0, "effect.discard", "Negotiate"))
    run(game, "you may discard 1 card and draw 2 cards")
    assert [a.kind for a in agent.asked] == ["effect.may", "effect.discard"]
    assert len(game.state.players[0].hand) == 3
    # declined: neither part happens, and nothing more is asked
    expect(agent, (0, "effect.may", "no"))
    run(game, "you may discard 1 card and draw 2 cards")
    assert len(game.state.players[0].hand) == 3
    assert [a.kind for a in agent.asked][2:] == ["effect.may"]


def test_you_may_a_and_b_is_not_offered_when_a_part_cannot_be_done(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: []})
    run(game, "you may discard 1 card and draw 2 cards")
    assert agent.asked == []
    assert game.state.players[0].hand == []


def test_each_subject_of_may_a_and_b_answers_for_itself(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {1: ["attack 08"], 2: ["attack 07"], 3: ["Negotiate"]})
    expect(
        agent,
        (1, "effect.may", "yes"),
        (2, "effect.may", "no"),
        (3, "effect.may", "yes"),
    )
    run(game, "each other player may discard 1 card and draw 3 cards")
    assert [len(game.state.players[s].hand) for s in (1, 2, 3)] == [3, 1, 3]


# ---------------------------------------------------------------- a copy of


def test_a_copy_of_reads_like_copy_of() -> None:
    text = "your card becomes {} the opponent's card"
    with_article = resolved(text.format("a copy of"), "reveal.after_cards")
    without = resolved(text.format("copy of"), "reveal.after_cards")
    assert isinstance(without, ir.Do)
    assert with_article == replace(without, text=text.format("a copy of"))
    assert isinstance(with_article, ir.Do) and with_article.op == "become"


# ---------------------------------------------------------------- cards in hand


def test_cards_in_hand_is_a_number_that_can_be_written(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, packs=("base", "lucre"))
    deal(game, {0: ["attack 08", "attack 07", "Negotiate"], 1: ["attack 12"]})
    before = purse_of(game, 0).lucre
    run(game, "gain (your cards in hand) lucre")
    assert purse_of(game, 0).lucre == before + 3
    run(game, "if you have at least 3 cards in hand:\n  draw 1 card")
    run(game, "if the opponent has at least 3 cards in hand:\n  draw 1 card")
    assert len(game.state.players[0].hand) == 4
    run(game, "draw (the number of cards in your hand) cards", seat=1)
    assert len(game.state.players[1].hand) == 2
    run(game, "the player with the most cards in hand discards 1 card at random")
    assert len(game.state.players[0].hand) == 3


# ---------------------------------------------------------------- rounding


def test_every_division_rounds_down_unless_rounded_up_is_written(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    player = game.state.players[0]
    for text, expected in (
        ("set your markers to (7 / 2)", 3),
        ("set your markers to (half of 7)", 3),
        ("set your markers to (half of 7 rounded down)", 3),
        ("set your markers to (half of 7 rounded up)", 4),
        ("set your markers to 7\nset your markers to (your markers / 2)", 3),
        ("set your markers to (7 / 0)", 0),
    ):
        run(game, text)
        assert player.tokens.get("markers", 0) == expected, text


@pytest.mark.parametrize("reference", [False, True], ids=["fast forms", "reference forms"])
def test_remainder_digits_smaller_and_larger_work_out_numbers(
    cards: CardSet, rules: Rules, reference: bool
) -> None:
    game, _ = new_game(cards, rules)
    player = game.state.players[0]
    player.tokens["markers"] = 47
    for text, expected in (
        ("set your markers to (the remainder of 17 divided by 5)", 2),
        ("set your markers to (the remainder of 17 divided by 0)", 0),
        ("set your markers to (the smaller of 9 and 4)", 4),
        ("set your markers to (the larger of 9 and (2 * 6))", 12),
        ("set your markers to 47\nset your markers to (the units digit of your markers)", 7),
        ("set your markers to 47\nset your markers to (the tens digit of your markers)", 4),
        (
            "set your markers to 8\nset your markers to (the units digit of your markers * 10"
            " + the tens digit of your markers)",
            80,
        ),
    ):
        if reference:
            with x.reference_forms():
                run(game, text)
        else:
            run(game, text)
        assert player.tokens.get("markers", 0) == expected, text


def test_a_repeat_worked_out_when_it_starts_is_held_to_the_repeat_range(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    player = game.state.players[0]
    for text, expected in (
        ("repeat (the number of your colonies) times:\n  add 1 to your markers", 5),
        ("repeat (your colonies - 2) times:\n  add 1 to your markers", 3),
        ("repeat (2 - your colonies) times:\n  add 1 to your markers", 0),
        ("repeat (your colonies * 9) times:\n  add 1 to your markers", 20),
    ):
        player.tokens["markers"] = 0
        run(game, text)
        assert player.tokens.get("markers", 0) == expected, text


# ---------------------------------------------------------------- draw a kind of card


def test_drawing_a_kind_of_card_from_the_deck_takes_only_that_kind(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: []})
    stack(game, ["attack 08", "Negotiate", "attack 07", "Negotiate"])
    run(game, "draw 2 negotiates")
    assert hand(game, 0) == ["Negotiate", "Negotiate"]
    # the cards passed over stay on top, in order
    assert [game.card_label(x) for x in game.state.deck[-2:]] == ["attack 07", "attack 08"]
    run(game, "draw 1 encounter card")
    assert hand(game, 0) == ["Negotiate", "Negotiate", "attack 08"]


def test_drawing_from_a_players_hand_takes_at_random_from_that_hand(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: ["attack 08", "Negotiate"], 1: []})
    run(game, "draw 1 negotiate from the offense's hand", seat=1)
    assert hand(game, 1) == ["Negotiate"]
    assert hand(game, 0) == ["attack 08"]


# ---------------------------------------------------------------- possessed highest card


def test_take_their_highest_attack_takes_it(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    deal(game, {0: [], 1: ["attack 08", "attack 12", "Negotiate"], 2: ["attack 20"]})
    expect(agent, (0, "effect.player", game.player_name(1)))
    run(game, "for each of the other players you choose:\n  take their highest attack from them")
    assert hand(game, 0) == ["attack 12"]
    assert hand(game, 1) == ["Negotiate", "attack 08"]
    assert events(game, "take") == [(0, 1, 1)]


# ---------------------------------------------------------------- after `instead`


def test_lines_after_instead_still_see_those_ships_and_that_many(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, fallback=first_option)
    deal(game, {0: []})
    red1 = planet(game, "red planet 1")
    set_ships(game, 0, {"red planet 1": 4, "red planet 2": 4})
    event = ShipsEvent(0, {red1: 3})
    run(
        game,
        "instead, those ships go to your colonies\ndraw that many cards\ngain (those ships) markers",
        window="ships.to_warp",
        event=event,
    )
    assert event.cancelled and event.count == 0
    assert len(game.state.players[0].hand) == 3
    assert game.state.players[0].tokens["markers"] == 3
    assert game.state.players[0].warp == 0


# ---------------------------------------------------------------- for each order


# you are seat 2 of 5 in an encounter of seat 0 against seat 3: encounter order (0, 3, 1, 2, 4)
# differs from seat order and from clockwise from you, so each order below is told apart
ORDER_CASES = [
    ("for each player:", [0, 3, 1, 2, 4]),
    ("for each player in reverse order:", [4, 2, 1, 3, 0]),
    ("for each player starting with you:", [2, 3, 4, 0, 1]),
    ("for each player starting with you in reverse order:", [2, 1, 0, 4, 3]),
    ("for each player starting with the defense:", [3, 4, 0, 1, 2]),
    ("for each player starting with the defense in reverse order:", [3, 2, 1, 0, 4]),
    ("for each other player:", [0, 3, 1, 4]),
    ("for each of the other players:", [0, 3, 1, 4]),
    ("for each other player in reverse order:", [4, 1, 3, 0]),
    ("for each of the other players starting with you:", [3, 4, 0, 1]),
    ("for each of the other players starting with you in reverse order:", [1, 0, 4, 3]),
]


@pytest.mark.parametrize("reference", [False, True], ids=["fast", "reference"])
@pytest.mark.parametrize(("lead", "order"), ORDER_CASES)
def test_for_each_goes_in_the_order_written(
    cards: CardSet, rules: Rules, lead: str, order: list[int], reference: bool
) -> None:
    game, _ = new_game(cards, rules, players=5)
    st = game.state
    defended = next(p.id for p in st.planets if p.system == 3)
    st.encounter = Encounter(1, 0, 3, defended, players=5)
    if reference:
        with x.reference_forms():
            run(game, f"{lead}\n  they draw 1 card", seat=2)
    else:
        run(game, f"{lead}\n  they draw 1 card", seat=2)
    assert [seat for seat, _ in events(game, "draw")] == order


def test_only_players_are_gone_through_in_an_order() -> None:
    resolver = Resolver("turn.start", "")
    resolver.effect(
        parser().effect("for each card in your hand in reverse order:\n  gain 1 marker")
    )
    assert [e.message for e in resolver.errors] == ["only players are gone through in an order"]


# ---------------------------------------------------------------- keywords


@pytest.mark.parametrize(
    "text", ["draw 1 card period draw 1 card", "draw 1 card semi draw 1 card", "label draw 1 card"]
)
def test_grammar_names_are_not_words_of_the_language(text: str) -> None:
    with pytest.raises(EffectSyntaxError):
        parser().effect(text)


def test_punctuation_still_separates_statements() -> None:
    both = resolved("draw 1 card. gain 1 marker")
    assert both == resolved("draw 1 card; gain 1 marker") == resolved("draw 1 card\ngain 1 marker")


# ---------------------------------------------------------------- owners of places


def test_ships_taken_from_another_players_place_come_from_that_place(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    assert game.state.offense == 0 and game.state.players[0].color == "red"
    set_ships(game, 1, {"red planet 1": 2, "red planet 3": 1, "blue planet 1": 4})
    run(game, "lose all of your ships in the offense's system", seat=1)
    assert ships_of(game, 1) == {"blue planet 1": 4}
    assert game.state.players[1].warp == 3


# ---------------------------------------------------------------- those cards from the discard pile


def test_drawing_those_cards_from_the_discard_pile_picks_among_them(
    cards: CardSet, rules: Rules
) -> None:
    from runtime.table_events import CardsGained

    game, agent = new_game(cards, rules)
    deal(game, {0: [], 1: ["attack 08", "attack 12"]})
    thrown = list(game.state.players[1].hand)
    for card in thrown:
        game.from_hand(1, card)
        game.discard(card)
    game.discard(take_from_deck(game, "Negotiate"))  # on top of the pile, but not among those
    expect(agent, (0, "effect.draw", "attack 08"))
    event = CardsGained(1, thrown, "discard")
    run(game, "draw 1 of those cards from the discard pile", window="cards.discarded", event=event)
    assert [a.labels for a in agent.of_kind("effect.draw")] == [["attack 08", "attack 12"]]
    assert hand(game, 0) == ["attack 08"]
    assert labels(game, game.state.discard) == ["attack 12", "Negotiate"]
