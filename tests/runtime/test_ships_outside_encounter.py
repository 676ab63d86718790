"""Where ships come from and where saved ships stay: "outside the encounter" names a player's ships
on colonies that take no part in the encounter (a place to count or move ships from, with its
errors), and saved ships that "stay" are taken out of the event that was sending them away."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.ships import ShipsEvent
from runtime.rules.systems import add_ships
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game
from tests.runtime.test_effect_meaning import resolved, run

RED, BLUE = 0, 1


def attack_blue(game: Game) -> int:
    """Red attacks blue's first home planet with 2 ships in the gate; returns that planet."""
    st = game.state
    target = next(p.id for p in st.planets if p.system == BLUE)
    enc = blank_encounter(game, 1, RED)
    enc.defense = BLUE
    enc.planet = target
    red_home = next(p for p in st.planets if p.system == RED)
    add_ships(game, red_home.id, RED, -2)
    enc.gate[RED] = 2
    st.encounter = enc
    return target


def counted(game: Game, seat: int, what: str) -> int:
    player = game.state.players[seat]
    player.tokens["markers"] = 0
    run(game, f"add ({what}) to your markers", seat=seat)
    return player.tokens["markers"]


def test_the_defended_planet_is_not_outside_the_encounter(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    target = attack_blue(game)
    st = game.state
    on_planets = sum(p.ships[BLUE] for p in st.planets)
    defending = st.planets[target].ships[BLUE]
    assert defending > 0
    outside = "the number of your ships outside the encounter"
    assert counted(game, BLUE, outside) == on_planets - defending
    # the offense's ships in the gate are not on a planet: every colony of its is outside
    assert counted(game, RED, outside) == sum(p.ships[RED] for p in st.planets)


def test_ships_moved_from_outside_the_encounter_leave_the_defense_in_place(
    cards: CardSet, rules: Rules
) -> None:
    # every choice takes the first option: the target planet comes first among blue's planets,
    # so it would be picked if it were offered
    game, _ = new_game(cards, rules, fallback=lambda d: tuple(range(max(1, d.minimum))))
    target = attack_blue(game)
    st = game.state
    defending = st.planets[target].ships[BLUE]
    run(game, "move 2 of your ships from outside the encounter to the warp", seat=BLUE)
    assert st.players[BLUE].warp == 2
    assert st.planets[target].ships[BLUE] == defending


def test_outside_the_encounter_reads_as_a_place() -> None:
    node = resolved("lose 1 of your ships outside the encounter")
    assert "Place(kind='outside encounter'" in repr(node)
    moved = resolved("move up to 4 of your ships from outside the encounter to your colonies")
    assert "Place(kind='outside encounter'" in repr(moved)


def test_only_the_encounter_has_an_outside() -> None:
    text = "move 2 of your ships from outside the warp to your colonies"
    r = Resolver("planning.start", text)
    r.effect(parser().effect(text))
    assert r.errors
    assert "outside the warp" in r.errors[0].message
    assert r.errors[0].hint is not None and "outside the encounter" in r.errors[0].hint


def test_saved_ships_that_stay_leave_the_event_where_they_are(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    target = attack_blue(game)
    st = game.state
    defending = st.planets[target].ships[BLUE]
    event = ShipsEvent(BLUE, {target: defending})
    run(game, "instead, 1 of those ships stays", seat=BLUE, window="ships.to_warp", event=event)
    assert event.count == defending - 1  # the rest still go to the warp
    assert event.named == defending  # "that many" still counts every ship the event named
    assert st.planets[target].ships[BLUE] == defending  # nothing has moved yet
