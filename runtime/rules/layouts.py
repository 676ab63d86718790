"""Game layouts: the part of a game's setup that no seed changes (the board, the options, the
rules modules' records, the card piles before any flare is added or any pile shuffled, the aliens
and flares the game may deal), kept once per rules, packs, players, colours and options and copied
into every game set up from the same ones (runtime/rules/start.py lays one out and deals from it).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.cards import CardDef, CardSet
from runtime.extension import ExtensionError
from runtime.state import State

if TYPE_CHECKING:
    from runtime.extension import RulesModule
    from runtime.interfaces import LinkedRules
    from runtime.table import Table

_KEPT_MOST = 8  # layouts kept at once (a process plays a handful of setups over and over)


def clashes_of(allowed: tuple[CardDef, ...]) -> dict[str, frozenset[str]]:
    """The aliens each of `allowed` may not share a game with, either way (`excludes:`), for the
    aliens that have any (most have none): worked out once per layout."""
    found: dict[str, set[str]] = {}
    for card in allowed:
        for other in card.attrs.get("excludes", ()):
            found.setdefault(card.id, set()).add(other)
            found.setdefault(other, set()).add(card.id)
    return {alien: frozenset(others) for alien, others in found.items()}


@dataclass(frozen=True)
class Layout:
    """A laid-out game: its state (seed and RNG aside), the table's instance tables for the cards
    in its piles, and the aliens and flares the game may deal (in id order)."""

    # the linked rules, card set and rules modules it was laid out for: held, so that their ids
    # in its key stay theirs
    rules: LinkedRules
    cards: CardSet
    modules: tuple[RulesModule, ...]
    state: State  # copied into each game, with the game's own seed and RNG
    defs: tuple[CardDef, ...]
    windows_of: tuple[tuple[str, ...], ...]
    instances_of: dict[str, tuple[int, ...]]
    aliens: tuple[CardDef, ...]  # the aliens this setup allows
    flares: tuple[CardDef, ...]  # every flare of the packs
    allowed_flares: tuple[CardDef, ...]  # the flares this setup allows
    clashes: dict[str, frozenset[str]]  # the aliens each allowed one may not share a game with

    def copy_into(self, game: Table) -> State:
        """A new state for `game` (its seed and a fresh RNG from it), laid out as this one, and
        the game's instance tables for the cards in it."""
        state = self.state.copy(random.Random(game.setup.seed))
        state.seed = game.setup.seed
        # the table's bookkeeping of its cards (as runtime/checkpoints.py's adopt), none in a hand
        game.defs = list(self.defs)
        game.holder = [-1] * len(self.defs)
        game.windows_of = list(self.windows_of)
        game.instances_of = dict(self.instances_of)  # of tuples, shared
        game.dispatch.forget_plays()
        return state


_LAYOUTS: dict[Hashable, Layout] = {}


def forget() -> None:
    """Drop every kept layout (the next game of each setup is laid out afresh)."""
    _LAYOUTS.clear()


def key_of(game: Table) -> Hashable | None:
    """What a game's layout depends on, or None when the setup holds values that cannot be
    compared (the setup's own checks will refuse them)."""
    setup = game.setup
    options = tuple((k, type(v), v) for k, v in sorted(setup.options.items()))
    colors = None if setup.colors is None else tuple(setup.colors)
    modules = tuple(map(id, game.modules))  # the rules modules in play, as registered now
    key = (
        id(game.rules),
        id(game.cards),
        modules,
        setup.players,
        tuple(setup.packs),
        colors,
        options,
    )
    try:
        hash(key)
    except TypeError:
        return None
    return key


def find(game: Table) -> tuple[Hashable | None, Layout | None]:
    """The key of the game's layout, and the layout if one is kept for it."""
    try:
        key = key_of(game)
    except TypeError:  # option names that do not sort
        return None, None
    return key, (_LAYOUTS.get(key) if key is not None else None)


def keep(
    key: Hashable | None,
    game: Table,
    aliens: tuple[CardDef, ...],
    flares: tuple[CardDef, ...],
    allowed_flares: tuple[CardDef, ...],
) -> Layout:
    """The layout of `game`, whose state has just been laid out (kept under `key` for the games
    set up the same way, unless None)."""
    st = game.state
    if st.rng.getstate() != random.Random(st.seed).getstate():
        # what the layout's RNG drew would be drawn again by no game copied from it
        raise ExtensionError(
            "a rules module's setup.card step drew from the game's random numbers: it may read "
            "only the setup's packs, players, colours and options and the card, and shuffle its "
            "piles at setup.shuffle"
        )
    layout = Layout(
        game.rules,
        game.cards,
        tuple(game.modules),
        st.copy(),
        tuple(game.defs),
        tuple(game.windows_of),
        dict(game.instances_of),
        aliens,
        flares,
        allowed_flares,
        clashes_of(aliens),
    )
    # a layout holds no card in a hand: a game whose setup put one there is laid out anew
    if key is not None and all(h < 0 for h in game.holder):
        if len(_LAYOUTS) >= _KEPT_MOST:
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout
