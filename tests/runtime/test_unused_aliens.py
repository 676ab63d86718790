"""The pile of unused aliens and powers held beside a player's own: set aside at setup, drawn
from, looked at, put back; a gained power acts as the player's own; becoming another alien; the
test "has the NAME power"."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from compiler.tools.setups import with_requirements
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.modules.essence.records import CARDS
from runtime.ops.alien_sheets import _needs_setup, any_drawable, drawable, needs_setup
from runtime.setup import Setup
from tests.runtime.engine_kit import Recorder, expect, new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def holds(game: Game, text: str, seat: int = 0) -> bool:
    resolver = Resolver("turn.start", text)
    cond = resolver.condition(parser().condition(text))
    assert cond is not None, [e.message for e in resolver.errors]
    return bool(c.condition(cond)(Ctx(game, seat, HOOK)))


def test_the_aliens_not_dealt_are_set_aside_as_the_unused_pile(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("tripler", "virus", "none"))
    unused = game.state.unused_aliens
    base = sorted(c.id for c in cards.cards.values() if c.kind == "alien" and c.pack == "base")
    assert unused == [a for a in base if a not in ("tripler", "virus")]
    # an alien with setup instructions stays on the pile but is never drawn after setup
    assert "miser" in unused and "miser" not in drawable(game)


def test_a_gained_power_acts_as_the_players_own_until_it_is_put_back(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("reincarnator", "none", "none"))
    game.state.unused_aliens = ["miser", "tripler"]
    run(game, "gain a random unused alien")
    red = game.state.players[0]
    assert red.gained == ["tripler"] and game.state.unused_aliens == ["miser"]
    thrice = [s for s, b in game.dispatch.powers["reveal.after_cards"] if b.hook.card == "tripler"]
    assert thrice == [0] and game.has_power(0, "tripler")
    assert holds(game, 'you have the "tripler" power') and holds(
        game, 'you have the "Tripler" power'
    )
    assert not holds(game, 'the player on your left has the "tripler" power')
    red.power_lost = True  # a player who loses its power loses the one beside it too
    assert not game.has_power(0, "tripler")
    red.power_lost = False
    run(game, "put back your other aliens")
    assert not red.gained and game.state.unused_aliens == ["miser", "tripler"]
    assert "reveal.after_cards" not in game.dispatch.powers
    assert not holds(game, 'you have the "tripler" power')


def test_nothing_is_drawn_when_only_aliens_with_setup_instructions_are_left(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("none", "none", "none"))
    game.state.unused_aliens = ["miser"]
    run(game, "you may gain a random unused alien")
    assert not game.state.players[0].gained and game.state.unused_aliens == ["miser"]


def test_becoming_another_alien_discards_the_old_sheet_and_its_markers(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("tripler", "none", "none"))
    st = game.state
    st.unused_aliens = ["virus"]
    st.players[0].tokens = {"markers": 2}
    st.players[0].power_lost = True
    run(game, "become a random unused alien")
    red = st.players[0]
    assert (red.alien, red.tokens, red.power_lost) == ("virus", {}, False)
    assert st.unused_aliens == [] and "tripler" in st.retired
    assert game.has_power(0, "virus")


def test_a_chosen_unused_alien_is_picked_by_the_player_after_looking(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, aliens=("none", "none", "none"))
    game.state.unused_aliens = ["miser", "tripler", "virus"]
    expect(agent, (0, "effect.alien", "Virus"))
    run(game, "look at the unused aliens")  # the whole pile, the Miser too
    assert any("looks at 3 alien sheet(s)" in line for line in game.log_lines())
    run(game, "gain an unused alien you choose")
    assert game.state.players[0].gained == ["virus"]


def test_swapping_powers_takes_the_sheets_held_beside_with_it(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, aliens=("reincarnator", "none", "none"))
    game.state.unused_aliens = ["tripler"]
    run(game, "gain a random unused alien")
    run(game, "swap powers with the player on your left")
    red, blue = game.state.players[0], game.state.players[1]
    assert (blue.alien, blue.gained) == ("reincarnator", ["tripler"])
    assert red.alien is None and not red.gained


@pytest.mark.parametrize(
    "text, message",
    [
        ("put back your unused aliens", "belong to nobody"),
        ("put back a random alien", "does not say whose alien"),
        ("put back a random unused alien you choose", "at random or chosen"),
        ("put back 2 higher unused aliens", "does not narrow alien sheets"),
        ("put back 2 cards", "is not alien sheets"),
    ],
)
def test_alien_phrases_that_say_nothing_clear_are_refused(text: str, message: str) -> None:
    resolver = Resolver("turn.start", text)
    resolver.effect(parser().effect(text))
    assert any(message in e.message for e in resolver.errors), [e.message for e in resolver.errors]


def test_an_essence_alien_that_becomes_another_takes_no_essence_card_along(
    cards: CardSet, rules: Rules
) -> None:
    setup = Setup(
        players=3,
        packs=with_requirements(cards, ["eons"]),
        aliens=("anarchist", "none", "none"),
        seed=1,
        first_player=0,
        options={"use_flares": False},
    )
    game = Game(cards, setup, [Recorder()] * 3, rules=rules, observer=check)
    st = game.state
    held = [*CARDS.of(st.players[0]).essence_set, *CARDS.of(st.players[0]).cache]
    assert held
    st.unused_aliens = ["tripler"]
    run(game, "become a random unused alien")
    red = st.players[0]
    assert red.alien == "tripler" and not (
        CARDS.of(red).essence_set or CARDS.of(red).cache or CARDS.of(red).unavailable
    )
    assert set(held) <= set(st.aside)
    check(game)  # every card is in one place, and no essence card is left with another alien


def test_a_power_leased_or_gone_from_the_game_is_not_drawn_from_the_unused_pile(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("none", "none", "none"))
    st = game.state
    st.unused_aliens = ["tripler", "virus", "warpish"]
    st.players[1].borrowed.append("tripler")
    st.retired.append("virus")
    assert drawable(game) == ["warpish"]
    run(game, "gain a random unused alien")
    assert st.players[0].gained == ["warpish"]


def test_the_aliens_kept_from_drawing_are_those_with_setup_instructions(
    cards: CardSet, rules: Rules
) -> None:
    """needs_setup answers once a game for each alien; the answers are the slow way's, with a
    rules module (essence) that sets some aliens up itself."""
    setup = Setup(players=3, packs=with_requirements(cards, ["eons"]), seed=2)
    game = Game(cards, setup, [Recorder()] * 3, rules=rules)
    aliens = [c for c in cards.cards.values() if c.kind == "alien"]
    slow = {a.id: _needs_setup(game, a) for a in aliens}
    assert any(slow.values()) and not all(slow.values())
    assert {a.id: needs_setup(game, a) for a in aliens} == slow
    assert game.aliens_set_up == slow  # kept, and asked again from what is kept
    assert {a.id: needs_setup(game, a) for a in aliens} == slow
    st = game.state
    assert drawable(game) == [a for a in st.unused_aliens if not slow[a]]
    assert any_drawable(game)
    st.unused_aliens = [a for a in st.unused_aliens if slow[a]]
    assert st.unused_aliens and not drawable(game) and not any_drawable(game)
