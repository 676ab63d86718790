"""Essence cards at work: the hooks of cards laid before players and of cards in a cache, run
for their owners or for every player allowed to use them, when the dispatcher opens a window."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from runtime.dispatch import Dispatcher, PowerUse
from runtime.effects.context import Ctx
from runtime.modules.essence import lifecycle
from runtime.modules.essence.records import essence_of, placed_of
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.effects.link import Bound, Rules
    from runtime.table import Table


def essence_key(seat: int, instance: int | None = None) -> str:
    """The use counter of a player's essence cards: one for its whole cache, or one per laid
    card it may use."""
    return f"essence:{seat}" if instance is None else f"essence:{seat}:{instance}"


@dataclass(slots=True)
class Tables:
    """The essence cards' hooks of a card set, by window: those acting once laid, those acting
    from a cache, and the windows each alien's essence cards use."""

    laid: dict[str, list[Bound]] = field(default_factory=dict)
    cache: dict[str, list[Bound]] = field(default_factory=dict)
    windows: dict[str, set[str]] = field(default_factory=dict)


def tables(rules: Rules) -> Tables:
    """The essence tables of a card set, built from its linked `essence` hooks once."""
    found = rules.derived.get("essence")
    if found is None:
        found = Tables()
        for window, bounds in rules.dealt.get("essence", {}).items():
            for bound in bounds:
                table = found.cache if bound.hook.zone == "cache" else found.laid
                table.setdefault(window, []).append(bound)
                alien = rules.cards.cards[bound.hook.card].alien or ""
                found.windows.setdefault(alien, set()).add(window)
        rules.derived["essence"] = found
    return found


def windows(game: Table, rules: Rules) -> set[str]:
    """The windows where the essence cards of the aliens in play act."""
    by_alien = tables(rules).windows
    return {w for p in game.state.players for w in by_alien.get(p.alien or "", ())}


def run(game: Table, d: Dispatcher, name: str, event: Any) -> None:
    """The essence hooks of a window: those of laid cards, then those of cache cards."""
    found = tables(d.rules)
    laid = found.laid.get(name)
    if laid and placed_of(d.game.state):
        run_laid(d, laid, event)
    cached = found.cache.get(name)
    if cached:
        run_cached(d, cached, event)


def run_laid(d: Dispatcher, bounds: list[Bound], event: Any) -> None:
    """Essence cards laid before players act for their owners (`you`), whoever holds them
    (`the holder`), in the order the owners sit from the offense: a face-up card as it lies,
    a face-down one only through a hook that acts `from: face down` (and turns it up)."""
    placed = placed_of(d.game.state)
    for seat in d.order():
        for instance in [i for i, p in placed.items() if p.owner == seat]:
            act(d, seat, instance, bounds, event)


def ready(d: Dispatcher, seat: int, instance: int, zone: str) -> bool:
    """Whether an essence card is where a hook of the given zone acts from."""
    st = d.game.state
    if zone == "cache":
        return instance in essence_of(d.game, seat).cache
    placed = placed_of(st).get(instance)
    return placed is not None and placed.face_up == (zone != "face down")


def run_cached(d: Dispatcher, bounds: list[Bound], event: Any) -> None:
    """Essence cards in a cache act as uses of their owner's power: only while the power
    works, open to zaps, and with one use limit shared by the whole set."""
    game = d.game
    for seat in d.order():
        cache = essence_of(game, seat).cache
        if cache and game.has_power(seat):
            for instance in list(cache):
                act(d, seat, instance, bounds, event)


def act(d: Dispatcher, seat: int, instance: int, bounds: list[Bound], event: Any) -> None:
    """Run one essence card's hooks, each while the card is where it acts from, for its
    owner or (`for: users`) for each player allowed to use it."""
    card_id = d.game.defs[instance].id
    for bound in bounds:
        hook = bound.hook
        if hook.card != card_id or not ready(d, seat, instance, hook.zone):
            continue
        for actor in users(d, seat, instance) if hook.users else (seat,):
            use(d, seat, actor, instance, bound, event)


def users(d: Dispatcher, owner: int, instance: int) -> list[int]:
    """Who may use a laid card: its owner and its holder, or everyone once it is public."""
    placed = placed_of(d.game.state).get(instance)
    if placed is None:
        return []
    allowed = d.order() if placed.holder < 0 else {owner, placed.holder}
    return [s for s in d.order() if s in allowed and not d.game.sitting_out(s)]


def use(d: Dispatcher, owner: int, actor: int, instance: int, bound: Bound, event: Any) -> None:
    """One use of an essence card's hook with `you` = actor (the owner unless the card acts
    for its users); uses from a cache are uses of the owner's power."""
    game = d.game
    hook = bound.hook
    key = (instance, hook.window)
    if key in d.acting or not ready(d, owner, instance, hook.zone):
        return  # an essence card does not set itself off again
    if bound.role is not None and not bound.role(game.state, actor):
        return
    counter = essence_key(actor, instance) if hook.users else essence_key(owner)
    if hook.limit and d.used(hook.limit, counter) >= 1:
        return
    ctx = Ctx(game, actor, hook, event, instance)
    if bound.test is not None and not bound.test(ctx):
        return
    placed = placed_of(game.state).get(instance)
    hidden = placed is not None and not placed.face_up and actor != owner
    name = "an essence card" if hidden else game.card_label(instance)
    asked = placed.holder if placed is not None and hook.decider == "holder" else actor
    if hook.optional and not game.yes_no(asked, "essence.use", f"use {name}?"):
        return
    d.add_use(hook.limit, counter)
    if hook.zone == "cache":
        power_use = PowerUse(owner, hook)
        game.log("power", owner, name)
        d.run(Window.RESPONSE_POWER.value, power_use)
        if power_use.cancelled:
            return
    else:
        if hook.zone == "face down":
            lifecycle.flip(game, instance)  # turned up before it acts, so the log may name it
        game.log("effect", actor, f"{name} takes effect")
    d.acting.add(key)
    try:
        bound.run(ctx)
    finally:
        d.acting.discard(key)
