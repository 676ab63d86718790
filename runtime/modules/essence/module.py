"""The rules module `essence` as runtime/extension.py sees it: its steps (setup, recall, the
cards' hooks, its invariant) and what it owns (nothing in; the registered module out)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.extension import RulesModule, register
from runtime.invariants import InvariantBroken
from runtime.modules.essence import hooks, lifecycle

if TYPE_CHECKING:
    from runtime.cards import CardDef
    from runtime.state import State
    from runtime.table import Table


def set_up(game: Table, state: State) -> None:
    lifecycle.set_up(game, state)


def power_lost(game: Table, seat: int) -> None:
    lifecycle.recall(game, seat)


def check_cards(game: Table) -> None:
    """Every essence card stays with the alien it belongs to, and a cache is full whenever its
    set or unavailable pile could fill it."""
    st = game.state
    for p in st.players:
        mine = [*p.essence_set, *p.cache, *p.unavailable]
        mine += [i for i, placed in st.placed.items() if placed.owner == p.seat]
        for instance in mine:
            if game.defs[instance].alien != p.alien:
                raise InvariantBroken(
                    f"{game.player_name(p.seat)} keeps essence card #{instance} of another alien"
                )
        size = lifecycle.cache_size(game, p.seat)
        if len(p.cache) > size or (len(p.cache) < size and (p.essence_set or p.unavailable)):
            raise InvariantBroken(
                f"{game.player_name(p.seat)}'s essence cache holds {len(p.cache)}, not {size}"
            )


def has_essence(game: Table, card: CardDef) -> bool:
    """An alien with essence cards has them set out at setup."""
    return bool(card.attrs.get("essence"))


def discard_sheet(game: Table, seat: int) -> None:
    """A discarded alien's essence cards leave the game with its sheet."""
    st = game.state
    p = st.players[seat]
    st.aside.extend([*p.essence_set, *p.cache, *p.unavailable])
    p.essence_set, p.cache, p.unavailable = [], [], []


def swap_sheets(game: Table, one: int, other: int) -> None:
    """An alien's essence cards go with its sheet; those laid before players stay where they lie
    but change owner."""
    st = game.state
    a, b = st.players[one], st.players[other]
    a.essence_set, b.essence_set = b.essence_set, a.essence_set
    a.cache, b.cache = b.cache, a.cache
    a.unavailable, b.unavailable = b.unavailable, a.unavailable
    for placed in st.placed.values():
        if placed.owner in (one, other):
            placed.owner = other if placed.owner == one else one


def laid_face_up(game: Table, types: frozenset[str], owner: int) -> list[int] | None:
    """A player's essence cards are the ones it has laid face up, never a hand's."""
    if "essence" not in types:
        return None
    return [i for i, p in game.state.placed.items() if p.owner == owner and p.face_up]


def captives(game: Table, seat: int, count: int) -> int:
    """A player's ships held captive on essence cards are still its own."""
    return count + sum(1 for placed in game.state.placed.values() if placed.captive == seat)


def captive_held(
    game: Table, seat: int, kind: str, card: int | None
) -> tuple[int, Callable[[int], None]] | None:
    """The player's ship held captive on an essence card, as a place ships can leave."""
    placed = game.state.placed.get(card) if kind == lifecycle.CAPTIVE and card is not None else None
    if placed is None:
        return None
    here = 1 if placed.captive == seat else 0

    def take(count: int) -> None:
        if count > 0:
            placed.captive = -1

    return here, take


def essence_piles(game: Table, seen: Counter[int]) -> None:
    st = game.state
    for p in st.players:
        seen.update(p.essence_set)
        seen.update(p.cache)
        seen.update(p.unavailable)
    seen.update(list(st.placed))


MODULE = register(
    RulesModule(
        name="essence",
        doc="essence cards: an essence alien's set, cache and unavailable pile, cards laid before "
        "players, and their hooks at work",
        steps={
            "game.deal": set_up,
            "power.lost": power_lost,
            "alien.swap": swap_sheets,
            "alien.set_up": has_essence,
            "alien.discard": discard_sheet,
            "cards.owned": laid_face_up,
            "dispatch.windows": hooks.windows,
            "dispatch.window": hooks.run,
            "invariants.ships": captives,
            "ships.held": captive_held,
            "invariants.cards": essence_piles,
            "invariants": check_cards,
        },
        decision_kinds=(
            "essence.use",
            "essence.lay",
            "essence.cycle",
            "essence.recover",
            "essence.capture",
            "essence.share",
        ),
        words=(
            "lay essence",
            "turn up essence",
            "set aside essence",
            "pass essence",
            "turn down essence",
            "cycle essence",
            "take back essence",
            "recover essence",
            "capture",
            "release captives",
            "seize",
            "open the game",
            "publish essence",
            "share essence",
            "essence uses",
            "essence cache",
            "captives",
            "old captives",
        ),
        card_kinds=("essence",),
        state_fields=("Player.essence_set", "Player.cache", "Player.unavailable", "State.placed"),
    )
)
