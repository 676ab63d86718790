"""Invariants that hold after every step of every game: ships and cards are all accounted for
(with the ships and piles each rules module in play keeps), the holder index matches the hands;
then each rules module in play checks its own."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from runtime import extension
from runtime.rules import ship_pieces

if TYPE_CHECKING:
    from runtime.table import Table


class InvariantBroken(AssertionError):
    pass


def ship_count(game: Table, seat: int) -> int:
    st = game.state
    p = st.players[seat]
    total = sum(planet.ships[seat] for planet in st.planets) + p.warp + p.removed
    for enc in (st.encounter, *st.suspended):
        if enc is not None:
            total += enc.gate[seat] + enc.guard[seat]
    total += sum(count for _, owner, count in st.hostages if owner == seat)
    total -= ship_pieces.aboard(st, seat)  # a piece that is a ship is one beyond the ordinary
    return extension.fold(game, "invariants.ships", total, seat)


def card_zones(game: Table) -> Counter[int]:
    st = game.state
    seen: Counter[int] = Counter()
    for pile in (
        st.deck,
        st.discard,
        st.destiny_deck,
        st.destiny_discard,
        st.reward_deck,
        st.reward_discard,
        st.in_play,
        st.aside,
    ):
        seen.update(pile)
    for p in st.players:
        seen.update(p.hand)
        for cards in p.piles.values():
            seen.update(cards)
    extension.run(game, "invariants.cards", seen)
    for enc in (st.encounter, *st.suspended):
        if enc is not None and enc.destiny is not None:
            seen[enc.destiny] += 1
    return seen


def check(game: Table) -> None:
    st = game.state
    for p in st.players:
        count = ship_count(game, p.seat)
        if count != st.ships_per_player:
            raise InvariantBroken(
                f"{game.player_name(p.seat)} has {count} ships accounted for, not {st.ships_per_player}"
            )
        if p.warp < 0 or any(planet.ships[p.seat] < 0 for planet in st.planets):
            raise InvariantBroken(f"{game.player_name(p.seat)} has a negative ship count")
    wrong = ship_pieces.problem(game)
    if wrong is not None:
        raise InvariantBroken(wrong)
    seen = card_zones(game)
    for instance in range(len(st.catalog)):
        if seen[instance] != 1:
            where = "nowhere" if seen[instance] == 0 else f"in {seen[instance]} places"
            raise InvariantBroken(f"card #{instance} ({st.catalog[instance]}) is {where}")
    for p in st.players:
        for card in p.hand:
            if game.holder[card] != p.seat:
                raise InvariantBroken(f"card #{card} is in {p.color}'s hand but indexed elsewhere")
    extension.run(game, "invariants")
    held = sum(1 for h in game.holder if h >= 0)
    if held != sum(len(p.hand) for p in st.players):
        raise InvariantBroken("the holder index lists cards that are in no hand")
