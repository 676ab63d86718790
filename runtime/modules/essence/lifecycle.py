"""Essence cards: an essence alien's face-down set, secret cache and face-up unavailable pile, the
cards it has placed before players, and their life cycle (place, refill, reshuffle, recall).

A set is not a deck and a cache is not a hand: nothing here touches the cosmic piles or hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.cards import CardDef
from runtime.modules.essence.records import CARDS, Placed, essence_of, placed_of
from runtime.rules import ship_pieces
from runtime.state import State

if TYPE_CHECKING:
    from runtime.table import Table

CAPTIVE = "captive"  # the place of a ship held captive on an essence card (ships.held)
CACHE_SIZE = 3  # an alien's declaration may change it (the Oligarch keeps its whole set)


def declaration(game: Table, alien: str | None) -> dict[str, object] | None:
    """The `essence:` block of an alien, or None for an alien without essence cards."""
    if alien is None:
        return None
    card = game.cards.cards.get(alien)
    found = card.attrs.get("essence") if card is not None else None
    return found if isinstance(found, dict) else None


def cache_size(game: Table, seat: int) -> int:
    found = declaration(game, game.state.players[seat].alien)
    return int(found.get("cache", CACHE_SIZE)) if found else 0  # type: ignore[call-overload]


def cards_of(game: Table, alien: str) -> list[CardDef]:
    return sorted(
        (c for c in game.cards.cards.values() if c.kind == "essence" and c.alien == alien),
        key=lambda c: c.id,
    )


def set_up(game: Table, state: State) -> None:
    """Shuffle each essence alien's cards face down into its set and draw its cache."""
    for player in state.players:
        if declaration(game, player.alien) is None or player.alien is None:
            continue
        p = CARDS.of(player)
        for card in cards_of(game, player.alien):
            for _ in range(card.copies):
                p.essence_set.append(game.add_instance(state, card))
        state.rng.shuffle(p.essence_set)
        refill(game, player.seat)


def refill(game: Table, seat: int) -> None:
    """Top the cache up from the set; a set that runs out is re-formed from the unavailable pile
    at once."""
    p = essence_of(game, seat)
    size = cache_size(game, seat)
    while True:
        if not p.essence_set and p.unavailable:
            reshuffle(game, seat)
        if len(p.cache) >= size or not p.essence_set:
            return
        p.cache.append(p.essence_set.pop())


def reshuffle(game: Table, seat: int) -> None:
    p = essence_of(game, seat)
    p.essence_set, p.unavailable = [*p.essence_set, *p.unavailable], []
    game.state.rng.shuffle(p.essence_set)
    game.log("effect", seat, "shuffles the unavailable essence cards into a new set")


def owner_of(game: Table, instance: int) -> int:
    """The seat whose essence alien the card belongs to (-1 if no player has it)."""
    placed = placed_of(game.state).get(instance)
    if placed is not None:
        return placed.owner
    for player in game.state.players:
        p = CARDS.of(player)
        if instance in p.cache or instance in p.essence_set or instance in p.unavailable:
            return player.seat
    return -1


def place(
    game: Table, owner: int, instance: int, holder: int, face_up: bool, captive: int = -1
) -> None:
    """Put a card from the owner's cache before a player (the owner included), perhaps with a
    captive ship on it; refill the cache."""
    p = essence_of(game, owner)
    p.cache.remove(instance)
    placed_of(game.state)[instance] = Placed(owner, holder, face_up, captive, game.state.turn)
    what = game.card_label(instance) if face_up else "an essence card face down"
    where = "beside its alien sheet" if holder == owner else f"before {game.player_name(holder)}"
    game.log("effect", owner, f"places {what} {where}")
    refill(game, owner)


def remove_from_game(game: Table, owner: int, instance: int) -> None:
    """A card of the owner's cache leaves the game for good (set aside); the cache is refilled."""
    essence_of(game, owner).cache.remove(instance)
    game.state.aside.append(instance)
    game.log("effect", owner, f"loses {game.card_label(instance)} for good")
    refill(game, owner)


def flip(game: Table, instance: int, *, face_up: bool = True) -> None:
    placed = placed_of(game.state).get(instance)
    if placed is not None and placed.face_up != face_up:
        placed.face_up = face_up
        way = "up" if face_up else "down"
        game.log("effect", placed.owner, f"turns {game.card_label(instance)} face {way}")


def _unavailable(game: Table, instance: int) -> int:
    """Move a laid or cached card to its owner's unavailable pile; returns the owner."""
    st = game.state
    placed = placed_of(st).pop(instance, None)
    owner = placed.owner if placed is not None else owner_of(game, instance)
    if placed is not None and placed.captive >= 0:
        held = ship_pieces.held_key(CAPTIVE, instance)
        ship_pieces.leaving(game, placed.captive, held, 1, -1, 1)
        st.players[placed.captive].warp += 1  # a captive left without its card goes to the warp
        ship_pieces.arrived(game, placed.captive, ship_pieces.WARP)
        game.log("warp", placed.captive, 1)
    if owner < 0:
        return owner
    p = essence_of(game, owner)
    if placed is None and instance in p.cache:
        p.cache.remove(instance)
    p.unavailable.append(instance)
    return owner


def set_aside(game: Table, instance: int) -> None:
    """A laid card, or one lost from the cache, goes face up to its owner's unavailable pile;
    the cache is topped up if it can be."""
    owner = _unavailable(game, instance)
    if owner >= 0:
        refill(game, owner)


def recall(game: Table, owner: int) -> None:
    """Every card the owner has laid goes back to its unavailable pile (the sheet was lost or
    turned face down, or a card says so)."""
    out = [i for i, placed in placed_of(game.state).items() if placed.owner == owner]
    for instance in out:
        _unavailable(game, instance)
    if out:
        game.log("effect", owner, f"takes back {len(out)} essence card(s), now unavailable")
        refill(game, owner)


def arrange(game: Table, seat: int, cache: list[int], unavailable: list[int]) -> None:
    """Set a player's piles (for a scenario): these cards in the cache and on the unavailable
    pile, the rest of its cards not laid before anyone in its set."""
    p = essence_of(game, seat)
    pool = [*p.cache, *p.essence_set, *p.unavailable]
    p.cache = list(cache)
    p.unavailable = list(unavailable)
    p.essence_set = [i for i in pool if i not in cache and i not in unavailable]


def before(game: Table, seat: int) -> list[int]:
    """The essence cards lying before a player, in the order they were placed."""
    return [i for i, placed in placed_of(game.state).items() if placed.holder == seat]


def visible_to(game: Table, viewer: int, instance: int) -> bool:
    """Whether a player may look at an essence card: a laid card face up, or by its owner; a
    cache card by its owner; an unavailable card by anyone. A set is face down to all."""
    placed = placed_of(game.state).get(instance)
    if placed is not None:
        return placed.face_up or viewer == placed.owner
    owner = owner_of(game, instance)
    if owner < 0:
        return False
    p = essence_of(game, owner)
    return instance in p.unavailable or (viewer == owner and instance in p.cache)


def seen_before(game: Table, viewer: int, seat: int) -> list[CardDef | None]:
    """The essence cards lying before a player as `viewer` sees them: None for each face-down card
    it may not look at (its holder included, unless it owns the card)."""
    return [game.card(i) if visible_to(game, viewer, i) else None for i in before(game, seat)]
