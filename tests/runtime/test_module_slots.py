"""Rules modules keep their records in the state's slots: a slot is its module's and plain data,
every module the packs name gets its records on the state, each player and each encounter, a
copy of the state shares none of them, the digest covers them, and a view shows a module's
public part only through the module."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import pytest

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.extension import MODULES, ExtensionError, RulesModule, Slot, register
from runtime.game import Game
from runtime.modules.lucre.purses import BOUGHT, PURSE, THE_BOX
from runtime.modules.techs.records import HELD, PILES
from runtime.rules.turn import new_encounter, start_game
from runtime.setup import Setup
from runtime.view import PlayerView


@dataclass(slots=True)
class Tally:
    counts: list[int] = field(default_factory=list)


@dataclass
class Loose:  # no slots: not a record the state may copy field by field
    counts: list[int] = field(default_factory=list)


@pytest.mark.parametrize(
    ("slots", "message"),
    [
        ((Slot("other", "player", lambda n: Tally()),), "declares a slot of the module 'other'"),
        ((Slot("scratch", "table", lambda n: Tally()),), "a slot on 'table' \\(known: game,"),
        (
            (
                Slot("scratch", "game", lambda n: Tally()),
                Slot("scratch", "game", lambda n: Tally()),
            ),
            "two slots on game",
        ),
        ((Slot("scratch", "game", lambda n: Loose()),), "must be a dataclass with slots=True"),
    ],
)
def test_a_slot_that_is_not_its_modules_own_plain_record_is_refused(
    slots: tuple[Slot[object], ...], message: str
) -> None:
    with pytest.raises(ExtensionError, match=message):
        register(RulesModule("scratch", "", steps={}, slots=slots))
    assert "scratch" not in MODULES


def game_of(cards: CardSet, rules: Rules, packs: tuple[str, ...]) -> Game:
    setup = Setup(players=3, packs=packs, seed=3)
    game = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    start_game(game)
    return game


def test_each_module_the_packs_name_has_its_records_on_the_state_players_and_encounters(
    cards: CardSet, rules: Rules
) -> None:
    game = game_of(cards, rules, ("base", "lucre", "eons"))
    st = game.state
    assert set(st.slots) == {"techs", "lucre", "essence"}
    assert all(set(p.slots) == {"techs", "lucre", "essence"} for p in st.players)
    enc = new_encounter(game, 1)
    assert set(enc.slots) == {"lucre"} and BOUGHT.of(enc).bought == [0, 0, 0]
    assert [PURSE.of(p).lucre for p in st.players] == [4, 4, 4]  # the lucre module set them
    assert THE_BOX.of(st).lucre_out == 12
    base = game_of(cards, rules, ("base",))
    assert set(base.state.slots) == {"techs"} and set(base.state.players[0].slots) == {"techs"}


def test_a_copied_state_shares_no_module_record_and_the_digest_covers_them(
    cards: CardSet, rules: Rules
) -> None:
    st = game_of(cards, rules, ("base", "lucre", "eons")).state
    before = st.digest()
    for other in (st.copy(), copy.deepcopy(st)):
        assert other.digest() == before
        PURSE.of(other.players[0]).lucre += 1
        PILES.of(other).tech_discard.append(99)
        assert PURSE.of(st.players[0]).lucre == 4 and 99 not in PILES.of(st).tech_discard
        assert other.digest() != before
    assert st.digest() == before


def test_a_view_shows_a_modules_public_part_and_the_viewers_own_secrets(
    cards: CardSet, rules: Rules
) -> None:
    setup = Setup(players=3, packs=("base", "lucre"), options={"techs": True}, seed=3)
    game = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    start_game(game)
    held = HELD.of(game.state.players[1])
    assert held.techs  # each player kept a tech at the start
    held.research[held.techs[0]] = 2
    red, blue = PlayerView(game, 0), PlayerView(game, 1)
    assert red.kept("lucre", 1) == {"lucre": 4}
    assert red.kept("techs", 1) == {"completed": [], "research": [2]}  # not which tech
    assert blue.kept("techs") == {
        "completed": [],
        "research": [2],
        "techs": [game.card(held.techs[0])],
    }
    assert not red.may_see(held.techs[0]) and blue.may_see(held.techs[0])
    assert red.kept("essence", 1) == {}  # no pack of the game names it


def test_reading_the_record_of_a_module_not_in_the_game_says_so(
    cards: CardSet, rules: Rules
) -> None:
    st = game_of(cards, rules, ("base",)).state
    with pytest.raises(LookupError, match="rules module 'lucre' on this player: no pack"):
        PURSE.of(st.players[0])
