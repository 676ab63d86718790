"""Piles kept beside a planet (`your "citadel" pile of the target planet`): cards put beside a
planet the player picks, read back only while that planet is targeted, added up with `the total
value of`, and discarded with the planet or the alien sheet; the phrases render and read back."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from compiler.tools.render import statement
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.decisions import Decision
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.effects.planet_piles import discard_planet_piles
from runtime.game import Game
from runtime.invariants import check
from runtime.state import Encounter
from tests.runtime.engine_kit import deal, new_game
from tests.runtime.test_own_piles import resolved

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))
PILE = ("citadel",)


def run(game: Game, text: str, seat: int = 0) -> None:
    c.guarded(c.statement(resolved(text, PILE)))(Ctx(game, seat, HOOK))


def target(game: Game, planet: int) -> None:
    n = game.state.n
    game.state.encounter = Encounter(1, 0, 1, planet, players=n)


def planet_picker(planet: int):  # type: ignore[no-untyped-def]
    def pick(decision: Decision) -> tuple[int, ...] | None:
        if decision.kind == "effect.planet":
            return (list(decision.options).index(planet),)
        return None

    return pick


def test_cards_go_beside_the_planet_the_player_picks(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, fallback=planet_picker(7))
    deal(game, {0: ["attack 08"]})
    run(game, 'put 1 attack card in your hand into your "citadel" pile of a planet')
    [card] = game.state.players[0].piles["citadel@7"]
    assert game.defs[card].id == "attack-08" and game.holder[card] == -1
    check(game)


def test_a_planets_pile_counts_and_adds_up_only_while_that_planet_is_targeted(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    st = game.state
    for seat in range(st.n):  # empty hands: the draws below are counted
        for card in list(st.players[seat].hand):
            game.from_hand(seat, card)
            st.discard.append(card)
    deal(game, {0: ["attack 10", "attack 04", "Negotiate"]})
    for card in list(st.players[0].hand):
        game.from_hand(0, card)
        st.players[0].piles.setdefault("citadel@6", []).append(card)
    value = 'draw (the total value of the cards in your "citadel" pile of the target planet) cards'
    for planet, added in ((6, 14), (5, 0)):  # a negotiate adds nothing; another planet, nothing
        target(game, planet)
        run(game, value)
        assert len(st.players[0].hand) == added
        for card in list(st.players[0].hand):
            game.from_hand(0, card)
            st.discard.append(card)
    target(game, 6)
    run(game, 'discard all cards in your "citadel" pile of the target planet')
    assert st.players[0].piles["citadel@6"] == []
    check(game)


def test_a_destroyed_planet_or_a_cleared_sheet_discards_the_piles_beside_planets(
    cards: CardSet, rules: Rules
) -> None:
    # imported here: importing the op module at collection would register its words early
    from runtime.ops.alien_sheets import clear_sheet

    game, _ = new_game(cards, rules)
    st = game.state
    p = st.players[2]
    p.piles = {"citadel@3": [st.deck.pop()], "citadel@9": [st.deck.pop()]}
    kept = p.piles["citadel@9"][0]
    discard_planet_piles(game, 3)
    assert list(p.piles) == ["citadel@9"] and st.discard[-1] != kept
    clear_sheet(game, 2)
    assert p.piles == {} and st.discard[-1] == kept
    check(game)


def test_piles_beside_planets_render_and_read_back_the_same() -> None:
    for text in (
        'put 1 attack card in your hand into your "citadel" pile of a planet',
        'discard all cards in your "citadel" pile of the target planet',
        'add the total value of all cards in your "citadel" pile of the target planet to the'
        " defense's total",
    ):
        node = resolved(text, PILE)
        assert resolved(statement(node), PILE) == node


def test_cards_are_taken_only_from_a_pile_beside_the_target_planet() -> None:
    for text in (
        'discard all cards in your "citadel" pile of a planet',
        'put 1 card in your hand into your "citadel" pile of the warp',
    ):
        resolver = Resolver("turn.start", text, pile_names=PILE)
        resolver.effect(parser().effect(text))
        [error] = resolver.errors
        assert "a pile cannot be kept beside" in error.message
        assert error.hint is not None and "the target planet" in error.hint
