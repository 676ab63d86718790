"""Essence cards: an essence alien's face-down set, secret cache and face-up unavailable pile, the
cards it has placed before players, and their life cycle (place, refill, reshuffle, recall).

A set is not a deck and a cache is not a hand: nothing here touches the cosmic piles or hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.cards import CardDef
from runtime.state import Placed, State

if TYPE_CHECKING:
    from runtime.game import Game

CACHE_SIZE = 3  # an alien's declaration may change it (the Oligarch keeps its whole set)


def declaration(game: Game, alien: str | None) -> dict[str, object] | None:
    """The `essence:` block of an alien, or None for an alien without essence cards."""
    if alien is None:
        return None
    card = game.cards.cards.get(alien)
    found = card.attrs.get("essence") if card is not None else None
    return found if isinstance(found, dict) else None


def cache_size(game: Game, seat: int) -> int:
    found = declaration(game, game.state.players[seat].alien)
    return int(found.get("cache", CACHE_SIZE)) if found else 0  # type: ignore[call-overload]


def cards_of(game: Game, alien: str) -> list[CardDef]:
    return sorted(
        (c for c in game.cards.cards.values() if c.kind == "essence" and c.alien == alien),
        key=lambda c: c.id,
    )


def set_up(game: Game, state: State) -> None:
    """Shuffle each essence alien's cards face down into its set and draw its cache."""
    from runtime.rules.start import add_instance

    for p in state.players:
        if declaration(game, p.alien) is None or p.alien is None:
            continue
        for card in cards_of(game, p.alien):
            for _ in range(card.copies):
                p.essence_set.append(add_instance(game, state, card))
        state.rng.shuffle(p.essence_set)
        refill(game, p.seat)


def refill(game: Game, seat: int) -> None:
    """Top the cache up from the set; an empty set is re-formed from the unavailable pile."""
    p = game.state.players[seat]
    size = cache_size(game, seat)
    while len(p.cache) < size:
        if not p.essence_set:
            if not p.unavailable:
                return
            p.essence_set, p.unavailable = p.unavailable, []
            game.state.rng.shuffle(p.essence_set)
            game.log("effect", seat, "shuffles the unavailable essence cards into a new set")
        p.cache.append(p.essence_set.pop())


def owner_of(game: Game, instance: int) -> int:
    placed = game.state.placed.get(instance)
    if placed is not None:
        return placed.owner
    for p in game.state.players:
        if instance in p.cache or instance in p.essence_set or instance in p.unavailable:
            return p.seat
    return -1


def place(game: Game, owner: int, instance: int, holder: int, face_up: bool) -> None:
    """Put a card from the owner's cache before a player (the owner included); refill the cache."""
    p = game.state.players[owner]
    p.cache.remove(instance)
    game.state.placed[instance] = Placed(owner, holder, face_up)
    what = game.card_label(instance) if face_up else "an essence card face down"
    where = "beside its alien sheet" if holder == owner else f"before {game.player_name(holder)}"
    game.log("effect", owner, f"places {what} {where}")
    refill(game, owner)


def flip(game: Game, instance: int, *, face_up: bool = True) -> None:
    placed = game.state.placed.get(instance)
    if placed is not None and placed.face_up != face_up:
        placed.face_up = face_up
        way = "up" if face_up else "down"
        game.log("effect", placed.owner, f"turns {game.card_label(instance)} face {way}")


def set_aside(game: Game, instance: int) -> None:
    """A placed card, or one lost from the cache, goes face up to its owner's unavailable pile."""
    st = game.state
    placed = st.placed.pop(instance, None)
    if placed is not None:
        st.players[placed.owner].unavailable.append(instance)
        return
    owner = owner_of(game, instance)
    if owner >= 0 and instance in st.players[owner].cache:
        st.players[owner].cache.remove(instance)
        st.players[owner].unavailable.append(instance)
        refill(game, owner)


def recall(game: Game, owner: int) -> None:
    """The alien sheet is lost or turned face down: every card it placed goes back unavailable."""
    out = [i for i, placed in game.state.placed.items() if placed.owner == owner]
    for instance in out:
        set_aside(game, instance)
    if out:
        game.log("effect", owner, f"takes back {len(out)} essence card(s), now unavailable")
        refill(game, owner)


def before(game: Game, seat: int) -> list[int]:
    """The essence cards lying before a player, in the order they were placed."""
    return [i for i, placed in game.state.placed.items() if placed.holder == seat]


def visible_to(game: Game, viewer: int, instance: int) -> bool:
    """Whether a player may look at an essence card: its owner always; anyone once it is face
    up; never the holder of a face-down card."""
    placed = game.state.placed.get(instance)
    if placed is not None:
        return placed.face_up or viewer == placed.owner
    owner = owner_of(game, instance)
    return viewer == owner or instance in game.state.players[owner].unavailable
