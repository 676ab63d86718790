"""Aiming the gate at a place of a player's: 'a home planet or colony of X' offers X's home
planets and every planet where X has a colony; the planet's player becomes the defense, never
the offense itself, and never once ships are in the gate."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.systems import add_ships
from tests.runtime.engine_kit import new_game
from tests.runtime.test_effect_meaning import run
from tests.runtime.test_ships_outside_encounter import attack_blue

RED, BLUE, PURPLE = 0, 1, 2


def back_home(game: Game) -> None:
    """Red's ships leave the gate for a home planet: nothing is launched yet."""
    st = game.state
    assert st.encounter is not None
    next(p for p in st.planets if p.system == RED).ships[RED] += st.encounter.gate[RED]
    st.encounter.gate[RED] = 0


AIM = "aim the gate at a home planet or colony of the player on your left"


def test_a_colony_abroad_can_be_aimed_at_and_its_owner_defends(
    cards: CardSet, rules: Rules
) -> None:
    offered: list[list[int]] = []

    def last_option(decision: Decision) -> Answer:
        offered.append(list(decision.options))
        return (len(decision.options) - 1,)

    game, _ = new_game(cards, rules, fallback=last_option)
    attack_blue(game)
    st = game.state
    enc = st.encounter
    assert enc is not None
    back_home(game)
    abroad = next(p for p in st.planets if p.system == PURPLE)
    spare = next(p for p in st.planets if p.system == BLUE and p.id != enc.planet and p.ships[BLUE])
    add_ships(game, spare.id, BLUE, -1)
    add_ships(game, abroad.id, BLUE, 1)
    run(game, AIM, RED)
    home = [p.id for p in st.planets if p.system == BLUE]
    assert enc.defense == BLUE
    assert enc.planet == abroad.id  # the last option: the colony in purple's system
    assert offered[-1] == [*home, abroad.id]


def test_the_gate_is_not_aimed_at_the_offense_nor_once_ships_are_in_it(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    target = attack_blue(game)  # red has 2 ships in the gate
    enc = game.state.encounter
    assert enc is not None
    run(game, AIM.replace("player on your left", "player on your right"), BLUE)
    assert (enc.defense, enc.planet) == (BLUE, target)
    back_home(game)
    run(game, "aim the gate at a home planet or colony of the offense", RED)
    assert (enc.defense, enc.planet) == (BLUE, target)
