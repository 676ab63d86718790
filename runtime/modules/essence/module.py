"""The rules module `essence` as runtime/extension.py sees it: its steps (setup, recall, the
cards' hooks, its invariant) and what it owns (nothing in; the registered module out)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from runtime.extension import RulesModule, register
from runtime.invariants import InvariantBroken
from runtime.modules.essence import hooks, lifecycle
from runtime.modules.essence.records import CARDS, LAID, essence_of, placed_of

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
    for player in st.players:
        p = CARDS.of(player)
        mine = [*p.essence_set, *p.cache, *p.unavailable]
        mine += [i for i, placed in placed_of(st).items() if placed.owner == player.seat]
        name = game.player_name(player.seat)
        for instance in mine:
            if game.defs[instance].alien != player.alien:
                raise InvariantBroken(f"{name} keeps essence card #{instance} of another alien")
        size = lifecycle.cache_size(game, player.seat)
        if len(p.cache) > size or (len(p.cache) < size and (p.essence_set or p.unavailable)):
            raise InvariantBroken(f"{name}'s essence cache holds {len(p.cache)}, not {size}")


def has_essence(game: Table, card: CardDef) -> bool:
    """An alien with essence cards has them set out at setup."""
    return bool(card.attrs.get("essence"))


def discard_sheet(game: Table, seat: int) -> None:
    """A discarded alien's essence cards leave the game with its sheet."""
    st = game.state
    p = essence_of(game, seat)
    st.aside.extend([*p.essence_set, *p.cache, *p.unavailable])
    p.essence_set, p.cache, p.unavailable = [], [], []


def swap_sheets(game: Table, one: int, other: int) -> None:
    """An alien's essence cards go with its sheet; those laid before players stay where they lie
    but change owner."""
    st = game.state
    a, b = essence_of(game, one), essence_of(game, other)
    a.essence_set, b.essence_set = b.essence_set, a.essence_set
    a.cache, b.cache = b.cache, a.cache
    a.unavailable, b.unavailable = b.unavailable, a.unavailable
    for placed in placed_of(st).values():
        if placed.owner in (one, other):
            placed.owner = other if placed.owner == one else one


def seen(game: Table, viewer: int, instance: int) -> bool | None:
    """An essence card may be looked at as lifecycle.visible_to says; None for other cards."""
    if instance not in placed_of(game.state) and lifecycle.owner_of(game, instance) < 0:
        return None
    return lifecycle.visible_to(game, viewer, instance)


def shown(game: Table, viewer: int, seat: int) -> dict[str, Any]:
    """The essence cards lying before a player (None for a face-down one the viewer may not
    look at), and the player's own cache when it looks at itself."""
    out: dict[str, Any] = {"before": lifecycle.seen_before(game, viewer, seat)}
    if viewer == seat:
        out["cache"] = [game.card(i) for i in essence_of(game, seat).cache]
    return out


def laid_face_up(game: Table, types: frozenset[str], owner: int) -> list[int] | None:
    """A player's essence cards are the ones it has laid face up, never a hand's."""
    if "essence" not in types:
        return None
    return [i for i, p in placed_of(game.state).items() if p.owner == owner and p.face_up]


def captives(game: Table, seat: int, count: int) -> int:
    """A player's ships held captive on essence cards are still its own."""
    return count + sum(1 for placed in placed_of(game.state).values() if placed.captive == seat)


def captive_held(
    game: Table, seat: int, kind: str, card: int | None
) -> tuple[int, Callable[[int, int], None]] | None:
    """The player's ship held captive on an essence card, as a place ships can leave (its one
    ship leaves whole: nobody picks among ships there)."""
    placed = (
        placed_of(game.state).get(card) if kind == lifecycle.CAPTIVE and card is not None else None
    )
    if placed is None:
        return None
    here = 1 if placed.captive == seat else 0

    def take(count: int, _chooser: int) -> None:
        if count > 0:
            placed.captive = -1

    return here, take


def essence_piles(game: Table, seen: Counter[int]) -> None:
    st = game.state
    for player in st.players:
        p = CARDS.of(player)
        seen.update(p.essence_set)
        seen.update(p.cache)
        seen.update(p.unavailable)
    seen.update(list(placed_of(st)))


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
            "view.sees": seen,
            "view.shows": shown,
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
        slots=(CARDS, LAID),
    )
)
