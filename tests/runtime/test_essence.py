"""The essence life cycle on a small made-up alien (four cards, a cache of three): laying a card
refills the cache from the set, an empty set is re-formed from the unavailable pile, a sheet
turned face down takes every laid card back, and player views hide what they must."""

from __future__ import annotations

import dataclasses

import pytest

from runtime.cards import CardDef, CardSet, PackDef
from runtime.effects.link import Rules
from runtime.game import Game, PlayerView
from runtime.invariants import InvariantBroken, check
from runtime.modules.essence import lifecycle as essence
from runtime.modules.essence.records import essence_of, placed_of
from runtime.rules.systems import add_ships
from tests.runtime.engine_kit import new_game

DREAMS = ("dream-a", "dream-b", "dream-c", "dream-d")


@pytest.fixture(scope="module")
def dreamer_cards(cards: CardSet) -> CardSet:
    alien = CardDef(
        "dreamer",
        "alien",
        "Dreamer",
        "base",
        attrs={"essence": {"name": "dreams", "count": 4}},
    )
    dreams = [CardDef(i, "essence", i.title(), "base", alien="dreamer") for i in DREAMS]
    extra: dict[str, CardDef] = {c.id: c for c in (alien, *dreams)}
    packs: dict[str, PackDef] = dict(cards.packs)
    base = packs["base"]  # the Dreamer comes with the base pack here, so it names the module
    packs["base"] = dataclasses.replace(base, modules=(*base.modules, "essence"))
    return CardSet({**cards.cards, **extra}, packs)


@pytest.fixture(scope="module")
def dreamer_rules(dreamer_cards: CardSet) -> Rules:
    return Rules(dreamer_cards)  # linked once: the rules are never changed by a game


@pytest.fixture()
def game(dreamer_cards: CardSet, dreamer_rules: Rules) -> Game:
    game, _ = new_game(dreamer_cards, dreamer_rules, aliens=("dreamer", "none", "none"))
    return game


def names(game: Game, instances: list[int]) -> list[str]:
    return sorted(game.state.catalog[i] for i in instances)


def test_setup_draws_a_cache_of_three_from_the_shuffled_set(game: Game) -> None:
    owner = essence_of(game, 0)
    assert len(owner.cache) == 3 and len(owner.essence_set) == 1 and not owner.unavailable
    assert names(game, [*owner.cache, *owner.essence_set]) == sorted(DREAMS)
    assert not essence_of(game, 1).cache  # an alien without essence has none


def test_laying_refills_and_an_empty_set_is_reformed(game: Game) -> None:
    owner = essence_of(game, 0)
    first = owner.cache[0]
    essence.place(game, 0, first, 1, face_up=False)
    assert len(owner.cache) == 3 and not owner.essence_set  # the last card of the set came up
    essence.set_aside(game, first)
    # the set had run out, so the unavailable pile became the new set at once
    assert owner.essence_set == [first] and not owner.unavailable
    assert "shuffles the unavailable essence cards into a new set" in game.log_lines()[-1]
    check(game)
    second = owner.cache[0]
    essence.place(game, 0, second, 2, face_up=True)
    assert first in owner.cache and len(owner.cache) == 3 and not owner.essence_set
    check(game)


def test_a_sheet_turned_face_down_takes_back_every_laid_card(game: Game) -> None:
    owner = essence_of(game, 0)
    laid = [owner.cache[0], owner.cache[1]]
    essence.place(game, 0, laid[0], 1, face_up=False)
    essence.place(game, 0, laid[1], 0, face_up=True)
    essence.recall(game, 0)
    assert not placed_of(game.state)
    assert len(owner.cache) == 3
    assert names(game, [*owner.cache, *owner.essence_set, *owner.unavailable]) == sorted(DREAMS)
    check(game)


def test_views_show_the_cache_to_its_owner_and_hide_face_down_cards(game: Game) -> None:
    owner = essence_of(game, 0)
    hidden, shown = owner.cache[0], owner.cache[1]
    essence.place(game, 0, hidden, 1, face_up=False)
    essence.place(game, 0, shown, 2, face_up=True)
    mine = PlayerView(game, 0)
    assert [c.id for c in mine.kept("essence")["cache"]] == [
        game.state.catalog[i] for i in owner.cache
    ]
    assert essence.seen_before(game, 0, 1) == [game.defs[hidden]]  # the owner sees what it laid
    assert essence.seen_before(game, 1, 1) == [None]  # the holder may not look at a face-down card
    assert essence.seen_before(game, 2, 2) == [game.defs[shown]]  # a face-up card is public
    essence.flip(game, hidden)
    assert essence.seen_before(game, 1, 1) == [game.defs[hidden]]


def test_a_lost_essence_card_breaks_the_invariants(game: Game) -> None:
    owner = essence_of(game, 0)
    owner.essence_set.pop()
    with pytest.raises(InvariantBroken, match="nowhere"):
        check(game)


def test_a_cache_left_short_breaks_the_invariants(game: Game) -> None:
    owner = essence_of(game, 0)
    owner.unavailable.append(owner.cache.pop())
    with pytest.raises(InvariantBroken, match="essence cache holds 2, not 3"):
        check(game)


def test_a_captive_counts_as_its_owner_ship_and_goes_to_the_warp_on_recall(game: Game) -> None:
    owner = essence_of(game, 0)
    planet = next(p for p in game.state.planets if p.ships[1] >= 2)
    add_ships(game, planet.id, 1, -1)
    essence.place(game, 0, owner.cache[0], 0, face_up=False, captive=1)
    check(game)  # the captive is one of player 1's twenty ships
    essence.recall(game, 0)
    assert game.state.players[1].warp == 1
    check(game)
