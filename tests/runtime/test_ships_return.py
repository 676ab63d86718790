"""Saved ships go back where they came from: the encounter records the planets its ships were sent
from (plain data the digest and copies cover), and `return to the planets they came from` sends
ships there (the Homecoming test pack plays it in scenarios: tests/runtime/test_language_packs.py)."""

from __future__ import annotations

from compiler.tools import render
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules import ships
from runtime.rules.ships import GATE, ShipsEvent
from runtime.rules.turn import blank_encounter
from tests.compiler.test_render_roundtrip import read_back, without_wording
from tests.runtime.engine_kit import new_game
from tests.runtime.test_effect_meaning import resolved, run

RED, BLUE = 0, 1


def red_planets(game: Game) -> list[int]:
    return [p.id for p in game.state.planets if p.system == RED]


def launch(game: Game, sent: dict[int, int]) -> None:
    """Red attacks blue's first planet with ships sent from its planets as `sent` says."""
    st = game.state
    enc = blank_encounter(game, 1, RED)
    enc.defense = BLUE
    enc.planet = next(p.id for p in st.planets if p.system == BLUE)
    st.encounter = enc
    for planet, k in sent.items():
        ships.remove_from(game, RED, planet, k)
        enc.gate[RED] += k
    ships.sent_from(enc, RED, dict(sent))


def test_the_planets_ships_were_sent_from_are_state(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    first, second = red_planets(game)[:2]
    before = game.state.digest()
    launch(game, {first: 2, second: 1})
    enc = game.state.encounter
    assert enc is not None and enc.origins[RED] == {first: 2, second: 1}
    copy = game.state.copy()
    assert copy.encounter is not None and copy.encounter.origins[RED] == {first: 2, second: 1}
    copy.encounter.origins[RED][first] = 0
    assert enc.origins[RED][first] == 2  # the copy shares nothing
    assert game.state.digest() != copy.digest() != before


def test_ships_leaving_the_gate_take_their_origins_with_them(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    first, second = red_planets(game)[:2]
    launch(game, {first: 2, second: 1})
    enc = game.state.encounter
    assert enc is not None
    ships.remove_from(game, RED, GATE, 1)  # the latest sent leave first
    assert enc.origins[RED] == {first: 2}
    ships.remove_from(game, RED, GATE, 2)
    assert enc.origins[RED] == {}


def test_lost_ships_from_the_gate_return_to_the_planets_they_came_from(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    first, second = red_planets(game)[:2]
    on_first, on_second = (game.state.planets[p].ships[RED] for p in (first, second))
    launch(game, {first: 2, second: 1})
    event = ShipsEvent(RED, {GATE: 3})
    text = "instead, those ships return to the planets they came from"
    run(game, text, seat=RED, window="ships.to_warp", event=event)
    st = game.state
    assert event.count == 0  # none goes on to the warp
    assert (st.planets[first].ships[RED], st.planets[second].ships[RED]) == (on_first, on_second)
    assert st.encounter is not None and st.encounter.gate[RED] == 0
    assert st.encounter.origins[RED] == {}


def test_ships_with_no_planet_recorded_go_to_a_colony_of_their_owners_choice(
    cards: CardSet, rules: Rules
) -> None:
    picks: list[str] = []

    def answer(decision):  # type: ignore[no-untyped-def]
        picks.append(decision.kind)
        return (len(decision.options) - 1,) * max(decision.minimum, 1)

    game, _ = new_game(cards, rules, fallback=answer)
    first = red_planets(game)[0]
    launch(game, {first: 1})
    st = game.state
    assert st.encounter is not None
    last = red_planets(game)[-1]
    # a ship put in the gate with no planet recorded (as an effect adding one from the warp)
    ships.remove_from(game, RED, last, 1)
    st.encounter.gate[RED] += 1
    moved = "move all of your ships in the encounter to the planets they came from"
    run(game, moved, seat=RED)
    assert st.encounter.gate[RED] == 0
    assert "ships.place" in picks  # the unrecorded ship: its owner picks a colony (the last)
    assert (st.planets[first].ships[RED], st.planets[last].ships[RED]) == (4, 4)


def test_ships_on_a_planet_return_by_staying_there(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    launch(game, {red_planets(game)[0]: 1})
    st = game.state
    enc = st.encounter
    assert enc is not None
    defending = st.planets[enc.planet].ships[BLUE]
    event = ShipsEvent(BLUE, {enc.planet: defending})
    text = "instead, those ships return to the planets they came from"
    run(game, text, seat=BLUE, window="ships.to_warp", event=event)
    assert event.count == 0
    assert st.planets[enc.planet].ships[BLUE] == defending


def test_the_planets_they_came_from_read_as_a_place() -> None:
    node = resolved(
        "instead, 1 of those ships returns to the planets they came from", "ships.to_warp"
    )
    assert "op='ships return'" in repr(node) and "Place(kind='origins'" in repr(node)
    text = render.statement(node)
    assert "return" in text and "the planets they came from" in text
    again = read_back(text, "ships.to_warp")
    assert without_wording(again) == without_wording(node)
