"""Owners on ships and places are honoured: random `<owner>'s ships in (or on) <owner>'s <place>`
phrases, counted on random boards, agree with a count made directly on the state (an owner naming
several players stands for all of their ships, or all of their places together); owners a place cannot
have are refused."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.systems import add_ships
from runtime.state import Encounter, State
from tests.runtime.engine_kit import new_game
from tests.tiers import examples

HOOK = Hook("test-card", "Test", "power", "reveal.after_cards", ir.Seq(()))
YOU = 0

# who a phrase names: one player ("you", "offense", "defense") or several (every player, the
# others, the main players, a side's allies); seats() below says which seats each one is
ONE_OWNER = {"your": "you", "the offense's": "offense", "the defense's": "defense"}
SEVERAL_OWNERS = {
    "each player's": "each",
    "the other players'": "others",
    "each other player's": "others",
    "the main players'": "mains",
    "the offense's allies'": "offense allies",
    "the defense's allies'": "defense allies",
}
SHIP_OWNERS_ALL = {**ONE_OWNER, **SEVERAL_OWNERS}
PLACE_OWNERS = {"": None, **SHIP_OWNERS_ALL}
# written place -> the kind compared below; None: the phrase has no place
OWNED_PLACES = {
    "home colonies": "home colonies",
    "foreign colonies": "foreign colonies",
    "colonies": "colonies",
    "home planets": "home planets",
    "system": "home planets",
}
UNOWNED_PLACES = {
    "the warp": "warp",
    "the encounter": "encounter",
    "the gate": "gate",
    "the target planet": "target planet",
}


@st.composite
def phrases(draw: st.DrawFn) -> tuple[str, str, str | None, str | None]:
    """(phrase, ship owner, place kind, place owner)."""
    ships_of = draw(st.sampled_from(sorted(SHIP_OWNERS_ALL)))
    where = draw(st.sampled_from(["", *sorted(OWNED_PLACES), *sorted(UNOWNED_PLACES)]))
    head = f"{ships_of} ships"
    if not where:
        return head, SHIP_OWNERS_ALL[ships_of], None, None
    head += draw(st.sampled_from([" in", " on"]))  # the two words read the same
    if where in UNOWNED_PLACES:
        return f"{head} {where}", SHIP_OWNERS_ALL[ships_of], UNOWNED_PLACES[where], None
    place_of = draw(st.sampled_from(sorted(PLACE_OWNERS)))
    written = f"{place_of} {where}" if place_of else f"the {where}"
    return (
        f"{head} {written}",
        SHIP_OWNERS_ALL[ships_of],
        OWNED_PLACES[where],
        PLACE_OWNERS[place_of],
    )


@st.composite
def boards(draw: st.DrawFn) -> dict[str, object]:
    n = draw(st.integers(3, 5))
    offense = draw(st.integers(0, n - 1))
    defense = draw(st.sampled_from([s for s in range(n) if s != offense]))
    cells = draw(st.lists(st.integers(0, 4), min_size=5 * n * n, max_size=5 * n * n))
    return {
        "n": n,
        "offense": offense,
        "defense": defense,
        "cells": cells,
        "warp": draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)),
        "gate": draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)),
        "target": draw(st.integers(0, 4)),
    }


@cache
def number(text: str) -> Callable[[Ctx], int]:
    effect = f"gain ({text}) markers"
    resolver = Resolver("reveal.after_cards", effect)
    node = resolver.effect(parser().effect(effect))
    assert not resolver.errors, [e.message for e in resolver.errors]
    assert isinstance(node, ir.Do) and isinstance(node.args[0], ir.Amount)
    return x.value(node.args[0].count)


def lay_out(game: Game, board: dict[str, object]) -> Encounter:
    """Put the drawn board on the game: ships on every planet, in the warp and the gate."""
    state = game.state
    n = state.n
    cells, warp, gate = board["cells"], board["warp"], board["gate"]
    assert isinstance(cells, list) and isinstance(warp, list) and isinstance(gate, list)
    for i, p in enumerate(state.planets):
        for seat, count in enumerate(cells[i * n : (i + 1) * n]):
            add_ships(game, p.id, seat, count - p.ships[seat])
    for seat, player in enumerate(state.players):
        player.warp = warp[seat]
    offense, defense, target = board["offense"], board["defense"], board["target"]
    assert isinstance(offense, int) and isinstance(defense, int) and isinstance(target, int)
    planet = [p.id for p in state.planets if p.system == defense][target]
    allies = [s for s in range(n) if s not in (offense, defense)]
    enc = Encounter(1, offense, defense, planet, players=n)
    enc.gate[offense] = gate[offense]
    for i, seat in enumerate(allies):
        side = i % 2
        enc.allies[side].append(seat)
        (enc.gate if side == 0 else enc.guard)[seat] = gate[seat]
    state.encounter = enc
    return enc


def seats(state: State, enc: Encounter, owner: str) -> list[int]:
    """The seats an owner phrase names on this board."""
    return {
        "you": [YOU],
        "offense": [enc.offense],
        "defense": [enc.defense],
        "each": list(range(state.n)),
        "others": [s for s in range(state.n) if s != YOU],
        "mains": [enc.offense, enc.defense],
        "offense allies": list(enc.allies[0]),
        "defense allies": list(enc.allies[1]),
    }[owner]


def direct(state: State, enc: Encounter, owner: str, kind: str | None, where: str | None) -> int:
    """The count worked out from the state alone, by the meaning of the words: each named
    player's ships, on the planets of the place of any player the place's owner names."""
    total = 0
    for s in seats(state, enc, owner):
        place_owners = seats(state, enc, where) if where is not None else [s]
        if kind is None:
            total += sum(p.ships[s] for p in state.planets)
        elif kind == "warp":
            total += state.players[s].warp
        elif kind == "gate":
            total += enc.gate[s]
        elif kind == "target planet":
            total += state.planets[enc.planet].ships[s]
        elif kind == "encounter":
            if s == enc.defense:
                total += state.planets[enc.planet].ships[s]
            elif s == enc.offense:
                total += enc.gate[s]
            else:
                total += enc.gate[s] + enc.guard[s]
        else:
            for p in state.planets:
                if any(
                    (kind == "home planets" and p.system == o)
                    or (kind == "home colonies" and p.system == o and p.ships[o] > 0)
                    or (kind == "foreign colonies" and p.system != o and p.ships[o] > 0)
                    or (kind == "colonies" and p.ships[o] > 0)
                    for o in place_owners
                ):
                    total += p.ships[s]
    return total


@pytest.fixture(scope="module")
def games(cards: CardSet, rules: Rules) -> dict[int, Game]:
    return {n: new_game(cards, rules, players=n)[0] for n in (3, 4, 5)}


@settings(
    max_examples=examples(120),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@pytest.mark.slow  # a property test over boards; the words are checked by the tests below
@given(phrase=phrases(), board=boards(), counted=st.booleans())
def test_owner_place_count_phrases_count_what_they_say(
    games: dict[int, Game],
    phrase: tuple[str, str, str | None, str | None],
    board: dict[str, object],
    counted: bool,
) -> None:
    text, owner, kind, where = phrase
    n = board["n"]
    assert isinstance(n, int)
    game = games[n]
    enc = lay_out(game, board)
    written = f"the number of {text}" if counted else text
    got = number(written)(Ctx(game, YOU, HOOK))
    assert got == direct(game.state, enc, owner, kind, where), written


@pytest.mark.parametrize("place", sorted(UNOWNED_PLACES))
def test_an_owner_on_a_place_nobody_owns_is_refused(place: str) -> None:
    text = f"gain (your ships in the defense's {place.removeprefix('the ')}) markers"
    resolver = Resolver("reveal.after_cards", text)
    resolver.effect(parser().effect(text))
    assert [e.message for e in resolver.errors] == [
        f"'{place.removeprefix('the ')}' belongs to no player"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("discard 2 cards in the warp", "cards are not kept in 'the warp'"),
        ("discard your cards in the opponent's hand", "'your cards' names two owners"),
        ("if you have 2 cards in the opponent's hand:\n  draw 1 card", "'2 cards' cannot be had"),
        ("draw 1 card from the warp", "cards are not kept in 'the warp'"),
        ("gain (your total in the warp) lucre", "'your total' cannot be narrowed this way"),
        (
            "if you have 3 lucre in the warp:\n  draw 1 card",
            "'3 lucre' cannot be narrowed this way",
        ),
    ],
)
def test_words_the_resolver_cannot_give_a_meaning_are_errors(text: str, message: str) -> None:
    resolver = Resolver("turn.start", text)
    resolver.effect(parser().effect(text))
    assert [e.message for e in resolver.errors] == [message]


def test_has_ships_in_a_place_honours_the_places_owner() -> None:
    cond = Resolver("turn.start", "").condition(
        parser().condition("you have 2 ships in the defense's home colonies")
    )
    assert cond == ir.Compare(
        ">=",
        ir.CountOf(
            ir.Ships(None, ir.Players("you"), ir.Place("home colonies", ir.Players("defense")))
        ),
        ir.Num(2),
    )


@pytest.mark.parametrize("where", ["on", "in"])
def test_the_offenses_ships_on_the_defenses_planets_are_counted_there_only(
    games: dict[int, Game], where: str
) -> None:
    game = games[5]
    state = game.state
    defenses = [p.id for p in state.planets if p.system == 3]
    state.encounter = Encounter(1, 0, 3, defenses[0], players=5)
    elsewhere = next(p.id for p in state.planets if p.system == 1)
    for planet, count in ((defenses[0], 2), (defenses[4], 1), (elsewhere, 3)):
        add_ships(game, planet, 0, count - state.planets[planet].ships[0])
    for planet in defenses[1:4]:
        add_ships(game, planet, 0, -state.planets[planet].ships[0])
    count = number(f"the number of the offense's ships {where} the defense's planets")
    assert count(Ctx(game, 2, HOOK)) == 3
