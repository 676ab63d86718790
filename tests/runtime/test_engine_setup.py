"""Game setup: the starting board, decks and hands, and the setups the engine refuses."""

from __future__ import annotations

from typing import Any

import pytest

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.setup import Setup, SetupError


def build(cards: CardSet, rules: Rules, **fields: Any) -> Game:
    setup = Setup(**fields)
    return Game(cards, setup, [RandomAgent(s) for s in range(setup.players)], rules=rules)


def test_the_starting_board(cards: CardSet, rules: Rules) -> None:
    game = build(cards, rules, players=4, aliens=("none",) * 4, options={"use_flares": False})
    st = game.state
    check(game)
    assert [p.color for p in st.players] == ["red", "blue", "purple", "yellow"]
    assert len(st.planets) == 20
    for p in st.players:
        assert [q.ships[p.seat] for q in st.home_planets(p.seat)] == [4] * 5
        assert (p.warp, p.removed, len(p.hand)) == (0, 0, 8)
        assert st.foreign_colonies(p.seat) == 0
    destiny = sorted(game.defs[c].id for c in st.destiny_deck)
    assert len(destiny) == 4 * 3 + 2 + 3  # no green cards: nobody plays green
    assert "green" not in destiny
    cosmic = [game.defs[c] for c in [*st.deck, *(c for p in st.players for c in p.hand)]]
    encounter = [c for c in cosmic if c.kind == "encounter"]
    assert len(encounter) == 55
    assert sum(1 for c in encounter if c.type == "attack") == 39
    assert sum(c.value or 0 for c in encounter if c.type == "attack") == 400
    assert sum(1 for c in encounter if c.type == "negotiate") == 15
    assert sum(1 for c in encounter if c.type == "morph") == 1
    assert sum(1 for c in cosmic if c.kind == "reinforcement") == 6
    assert not any(c.kind == "flare" for c in cosmic)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 3, "packs": ("base", "nope")}, "unknown pack(s): nope"),
        ({"players": 3, "options": {"warp_speed": 3}}, "unknown option 'warp_speed' (known: "),
        ({"players": 6}, "pack 'base' plays with 2-5 players, not 6"),
        ({"players": 1}, "pack 'base' plays with 2-5 players, not 1"),
        ({"players": 0}, "a game has 1 to 8 players, not 0"),
        (
            {"players": 3, "colors": ("red", "red", "blue")},
            "3 players need 3 distinct colours, got ['red', 'red', 'blue']",
        ),
        ({"players": 3, "colors": ("red", "blue")}, "3 players need 3 distinct colours"),
        (
            {"players": 3, "colors": ("red", "blue", "pink")},
            "no destiny cards for colour(s) pink",
        ),
        ({"players": 3, "aliens": ("zz", "none", "none")}, "unknown alien 'zz'"),
        ({"players": 3, "aliens": ("attack-08", "none", "none")}, "unknown alien 'attack-08'"),
        ({"players": 3, "aliens": ("none", "none")}, "3 players need 3 aliens, got 2"),
        (
            {"players": 3, "options": {"hand_size": "8"}},
            "option 'hand_size' must be a whole number, not '8'",
        ),
        (
            {"players": 3, "options": {"hand_size": 1_000_000_000}},
            "option 'hand_size' must be from 1 to 20, not 1000000000",
        ),
        ({"players": 9}, "a game has 1 to 8 players, not 9"),
        ({"players": 3, "packs": ()}, "a game needs at least one pack"),
        (
            {
                "players": 3,
                "packs": ("base", "kickers-additive"),
                "options": {"kicker_style": "zzz"},
            },
            "option 'kicker_style' is one of multiply, add, not 'zzz'",
        ),
        (
            {"players": 3, "packs": ("base", "lucre"), "options": {"starting_lucre": 10**9}},
            "option 'starting_lucre' must be from 0 to 50, not 1000000000",
        ),
        (
            {"players": 3, "options": {"use_flares": 1}},
            "option 'use_flares' must be true or false, not 1",
        ),
        ({"players": 3, "first_player": 3}, "first player 3 is not a seat"),
        (
            {
                "players": 3,
                "packs": ("base", "lucre", "set6"),
                "aliens": ("dragon", "none", "none"),
                "options": {"lucre": False},
            },
            "cannot set up Dragon: Dragon needs the 'lucre' option",
        ),
        (
            {"players": 2, "packs": ("base", "lucre", "set6"), "aliens": ("force", "none")},
            "cannot set up Force: Force needs at least 3 players",
        ),
        ({"players": 2, "packs": ("base", "set8")}, "pack 'set8' plays with 3-5 players, not 2"),
    ],
)
def test_unplayable_setups_are_refused(
    cards: CardSet, rules: Rules, fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError) as err:
        build(cards, rules, **fields)
    assert message in str(err.value)


def test_an_alien_can_only_be_dealt_once(cards: CardSet, rules: Rules) -> None:
    aliens = sorted(c.id for c in cards.cards.values() if c.kind == "alien")
    if not aliens:
        pytest.skip("no alien in the bundled cards")
    alien = aliens[0]
    with pytest.raises(SetupError, match=f"alien\\(s\\) {alien} given to more than one player"):
        build(cards, rules, players=3, aliens=(alien, alien, "none"))


def test_unknown_setup_fields_are_refused() -> None:
    with pytest.raises(SetupError, match="unknown setup field\\(s\\): colour"):
        Setup.from_data({"players": 3, "colour": "red"})
    with pytest.raises(SetupError, match="malformed setup"):
        Setup.from_data({"players": "three"})


def test_every_whole_number_base_option_declares_its_range() -> None:
    from runtime.setup import BASE_CHOICES, BASE_LIMITS, BASE_OPTIONS

    for name, (default, _) in BASE_OPTIONS.items():
        if isinstance(default, bool):
            continue
        if isinstance(default, int):
            low, high = BASE_LIMITS[name]
            assert low <= default <= high, name
        else:
            assert default in BASE_CHOICES[name], name
