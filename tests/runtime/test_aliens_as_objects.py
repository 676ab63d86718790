"""Alien sheets as game objects: players exchanging aliens for good, with what lies on the sheets."""

from __future__ import annotations

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
from runtime.setup import Setup
from tests.runtime.engine_kit import Recorder, new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> None:
    resolver = Resolver("turn.start", text, marker_kinds=("grudge",))
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def test_swapped_powers_move_with_their_sheets_and_markers_for_the_rest_of_the_game(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("tripler", "loser", "none"))
    run(game, 'gain 2 "grudge" markers')
    game.state.players[1].power_lost = True
    run(game, "swap powers with the player on your left")
    red, blue = game.state.players[0], game.state.players[1]
    assert (red.alien, blue.alien) == ("loser", "tripler")
    assert red.power_lost and not blue.power_lost  # a lost power stays lost on its sheet
    assert blue.tokens == {"markers:grudge": 2} and not red.tokens
    # the power table follows the sheets: Tripler's hook now belongs to blue
    thrice = [
        seat for seat, b in game.dispatch.powers["reveal.after_cards"] if b.hook.card == "tripler"
    ]
    assert thrice == [1]
    assert game.has_power(1, "tripler") and not game.has_power(0)


def test_a_player_cannot_swap_powers_with_itself_or_with_an_equal_sheet(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, aliens=("none", "none", "tripler"))
    run(game, "you may swap powers with the player on your left")  # both sheets empty: nothing
    assert [p.alien for p in game.state.players] == [None, None, "tripler"]
    run(game, "swap powers with you")
    assert [p.alien for p in game.state.players] == [None, None, "tripler"]


def test_an_essence_alien_swapped_away_takes_its_set_and_cache_with_it(
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
    before = (list(CARDS.of(st.players[0]).essence_set), list(CARDS.of(st.players[0]).cache))
    assert before[1]  # Anarchist starts with a cache
    run(game, "swap powers with the player on your left")
    assert st.players[1].alien == "anarchist" and st.players[0].alien is None
    assert (CARDS.of(st.players[1]).essence_set, CARDS.of(st.players[1]).cache) == before
    assert not CARDS.of(st.players[0]).essence_set and not CARDS.of(st.players[0]).cache
    check(game)  # every essence card is still with the alien it belongs to
