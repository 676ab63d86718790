"""The extension interface: a rules module (a mechanic of a pack that no card language expresses,
such as an economy) declares here what it adds to a game, and the core calls it only through the
points named below (module definitions in, the module's steps called at those points out).

The core opens a point with `run` (every active module's step, in registration order), `first`
(the first module that takes it over), `answer` (the first module's answer that is not None) or
`fold` (each module's step adjusts a number in turn).
A module registers once, on import (runtime/modules/); a game uses the modules its packs name
in their `pack.yaml`, and of those only the ones whose switching option is on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, is_dataclass
from typing import Any, Generic, Protocol, TypeVar

from runtime.cards import CARD_KINDS
from runtime.log import EVENTS
from runtime.windows import BY_NAME, Window, declare


class Game(Protocol):
    """What the extension points need of a game: its modules, its options and its index of the
    switched-on modules' steps (an ActiveSteps of the game)."""

    modules: tuple[RulesModule, ...]
    module_steps: ActiveSteps

    def option(self, name: str) -> Any: ...


# Every point the core opens, with when it opens and what its steps receive after the game.
POINTS: dict[str, str] = {
    "setup.card": "building the piles, for each card of the chosen packs in id order, before "
    "any alien is dealt; a step returning True has put the card's copies into a pile of its own "
    "(the state being set up, the card); `first`. It runs once for the games set up with the "
    "same packs, players, colours and options (they start from a copy): a step reads only "
    "those and the card (not the seed, the named aliens or the first player) and draws nothing "
    "from the state's random numbers",
    "setup.shuffle": "after the cosmic, destiny and reward decks are shuffled: the module "
    "shuffles its own piles (the state being set up)",
    "card.discard": "a card that is in no hand is discarded; a step returning True has put it "
    "on a discard pile of its own (the card instance); `first`",
    "game.deal": "setting up, after the hands are dealt and before the first player is chosen "
    "(the state being set up)",
    "game.start": "once, before the first turn and the cards' setup hooks (no arguments)",
    "turn.start": "the offense's turn begins, before turn.start hooks (the offense's seat)",
    "regroup.before": "an encounter begins, before the regroup window opens (no arguments)",
    "regroup.retrieve": "after regroup.start hooks, before the offense retrieves a ship "
    "(the encounter)",
    "alliance.answers": "the invited players answer; a step returning True has taken the answers "
    "over (the encounter, the seats that may ally); `first`",
    "planning.start": "before the main players are checked for encounter cards (the encounter)",
    "planning.kickers": "after planning.start hooks, before planning.kickers hooks (the encounter)",
    "reveal.kickers": "after reveal.kickers hooks: kickers change the cards' values (the encounter)",
    "reveal.cards_shown": "after reveal.after_cards hooks, before reinforcements (the encounter)",
    "total": "a side's total after every bonus (the encounter, the side, the total so far; "
    "returns the new total); `fold`",
    "compensation": "the cards a side collects as compensation (the encounter, the side, the "
    "count so far; returns the new count); `fold`",
    "deal.failed_loss": "the ships a side loses when a deal fails (the encounter, the side, the "
    "loss so far; returns the new loss); `fold`",
    "chance.pick": "cards about to be taken at random (the pool, how many, the seats the pick "
    "touches, what is picked); a step returning the cards decides the pick; `answer`",
    "amount.gain": "an effect gains an amount of a kind the core does not keep (the seat, what "
    "the amount counts, how many); a step returning True has applied it; `first`",
    "amount.spend": "an effect spends an amount of a kind the core does not keep (the seat, what "
    "the amount counts, how many); a step returning True has applied it; `first`",
    "effect.nudge": "a power, edict or flare stating numbers takes effect (its user's seat, its "
    "hook); a step returning a number adds it to each of those numbers; `answer`",
    "encounter.declined": "the offense declined another encounter (the offense's seat)",
    "alien.swap": "two players exchange alien sheets: the module moves what it keeps with a "
    "sheet (the two seats)",
    "alien.set_up": "whether the module sets an alien up at the start of a game (the game, the "
    "alien's card); a step returning True keeps that alien from being drawn once setup is past; "
    "`first`",
    "alien.discard": "a player's own alien sheet leaves the game: the module takes off what it "
    "keeps on the sheet (the seat)",
    "ships.held": "an effect moves ships from a place a module keeps (the seat, the place's kind, "
    "the card instance the effect belongs to); a step returning (how many are there, a function "
    "taking that many away, given the player picking which ships move or -1 for their owner) has "
    "found them; `answer`",
    "cards.owned": "an effect looks for a player's cards of a kind the module deals; a step "
    "returning a list of card instances has found them (the kinds asked for, the seat); `answer`",
    "power.lost": "a player's alien power stops working, for now or for good (the seat)",
    "dispatch.windows": "the dispatcher builds its tables: the windows where the module's cards "
    "may act in this game (the linked rules; returns a set of window names)",
    "dispatch.window": "a window opens, after the powers' and kickers' hooks and before delayed "
    "effects: the module runs its cards' hooks there (the dispatcher, the window, its event); "
    "opened only for modules whose dispatch.windows step named some window",
    "invariants.ships": "counting a player's ships in checked games: the ships the module "
    "keeps outside the core's places (the seat, the count so far; returns the new count); `fold`",
    "invariants.cards": "counting where each card lies in checked games: the module adds the "
    "cards of the piles it keeps (a Counter of card instances to update)",
    "invariants": "after every decision in checked games; raise InvariantBroken on a broken rule "
    "(no arguments)",
    "view.sees": "whether a player may look at a card instance in no hand (the viewing seat, "
    "the instance); True or False when the card lies in a place the module keeps, else None; "
    "`answer`",
    "view.shows": "an agent asks its view what the module shows of a seat (the viewing seat, the "
    "seat looked at); returns a dict of what the viewer may know there: the public part, and "
    "the viewer's own secrets when it looks at itself; opened for the module asked about only",
}


R = TypeVar("R")

HOLDERS = ("game", "player", "encounter")  # what a module's slot may hang from


class Holder(Protocol):
    """A part of the state that holds the modules' slots: the state itself, a player, an
    encounter (each has `slots`, a dict of module name -> the record that module keeps there)."""

    slots: dict[str, Any]


@dataclass(frozen=True)
class Slot(Generic[R]):
    """A plain-data record a rules module keeps in the state, and its typed accessor. `holder`
    says where it hangs: one for the whole game (on the state), one per player, or one per
    encounter. `new` makes a fresh record, given the number of players: a dataclass with
    `slots=True` of lists, dicts, numbers, strings and such records, so that the state's copy,
    digest, snapshot and restore cover it without code of the module's own."""

    module: str  # the module keeping it (the key in each holder's `slots`)
    holder: str  # "game", "player" or "encounter"
    new: Callable[[int], R]

    def of(self, holder: Holder) -> R:
        """The record this slot keeps on `holder` (the state, a player, an encounter)."""
        try:
            record: R = holder.slots[self.module]
        except KeyError:
            raise LookupError(
                f"no record of the rules module '{self.module}' on this {self.holder}: "
                "no pack of the game names the module"
            ) from None
        return record


@dataclass(frozen=True)
class DealTerm:
    """Something besides colonies and cards that a deal may hand over, each way."""

    # in the decision kinds of an offer: deal.offense_<name>, deal.defense_<name> (the main
    # players' deal), deal.maker_<name>, deal.partner_<name> (a deal an effect makes)
    name: str
    question: str  # asked of the proposer; `{giver}` names the giver ("the offense", "red")
    phrase: str  # what the giver does, in the deal's description; `{count}` is the amount
    most: Callable[[Any, int], int]  # (the game, a seat): the most that seat may give
    give: Callable[[Any, int, int, int], None]  # (the game, giver, taker, amount)


@dataclass(frozen=True)
class RulesModule:
    """What one rules module adds to a game. Only `name`, `doc`, `steps` and `slots` (the records
    it keeps in the state) change play; the other fields declare what the module owns, so that
    docs, agents and tests can find it."""

    name: str
    doc: str
    steps: Mapping[str, Callable[..., Any]]  # extension point -> the module's step there
    option: str | None = None  # the option that switches the module on; None: on when named
    # the timing windows the module opens, each declared here (`Window(name, kind, doc)`): they
    # join runtime/windows.py's BY_NAME as the module registers
    windows: tuple[Window, ...] = ()
    decision_kinds: tuple[str, ...] = ()  # prefixes of the decision kinds it asks
    words: tuple[str, ...] = ()  # ops and measures of the effect language it registers
    state_fields: tuple[str, ...] = ()  # `Class.field` of runtime/state.py it reads or moves
    slots: tuple[Slot[Any], ...] = ()  # the records it keeps in the state (at most one a holder)
    # kinds of card the module deals and runs (their hooks are linked into `Rules.dealt[kind]`);
    # they join runtime/cards.py's CARD_KINDS as the module registers
    card_kinds: tuple[str, ...] = ()
    # kinds of card the core deals but only this module plays (a pack holding them names it)
    played_kinds: tuple[str, ...] = ()
    restrained_kinds: tuple[str, ...] = ()  # decision kinds a random player mostly passes on
    # the windows its code makes something wait for (a delayed effect's window, given to the
    # dispatcher's `delay`; the window ending an "until" period, given to its `period`): the
    # dispatcher skips a window nothing can wait for, so it refuses any window not declared
    waits_at: tuple[str, ...] = ()
    deal_terms: tuple[DealTerm, ...] = ()  # what a deal may hand over besides colonies and cards
    # events of the game log it records: kind -> (field names, text template), as in runtime/log.py
    log_events: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)

    def on(self, game: Game) -> bool:
        return self.option is None or bool(game.option(self.option))


MODULES: dict[str, RulesModule] = {}  # by name, in registration order
# The decision kinds the registered modules ask that a random player mostly passes on: filled
# as each module registers, since the random agent reads it on every decision it may pass on.
RESTRAINED_KINDS: set[str] = set()


class ExtensionError(ValueError):
    """A rules module that cannot be registered, a pack naming no known module, or an amount no
    module of the game takes."""


def register(module: RulesModule) -> RulesModule:
    """Add a rules module (idempotent for the same module); its steps must name known points."""
    unknown = sorted(set(module.steps) - set(POINTS))
    if unknown:
        raise ExtensionError(
            f"rules module '{module.name}' has steps at unknown point(s) {', '.join(unknown)} "
            f"(known: {', '.join(POINTS)})"
        )
    _check_slots(module)
    existing = MODULES.get(module.name)
    if existing is not None and existing is not module:
        raise ExtensionError(f"two rules modules are named '{module.name}'")
    for kind, event in module.log_events.items():
        if EVENTS.get(kind, event) != event:
            raise ExtensionError(f"rules module '{module.name}' redefines the log event '{kind}'")
    _check_windows(module)
    EVENTS.update(module.log_events)
    for window in module.windows:
        declare(window)
    CARD_KINDS.extend(k for k in module.card_kinds if k not in CARD_KINDS)
    RESTRAINED_KINDS.update(module.restrained_kinds)
    MODULES[module.name] = module
    _DECLARED.clear()
    return module


def _check_windows(module: RulesModule) -> None:
    names = [window.value for window in module.windows]
    for window in module.windows:
        known = BY_NAME.get(window.value, window)
        if known is not window or names.count(window.value) > 1:
            raise ExtensionError(
                f"rules module '{module.name}' declares the window '{window.value}', but another "
                "window (the core's, a module's or its own) has that name"
            )


def _check_slots(module: RulesModule) -> None:
    holders = [slot.holder for slot in module.slots]
    for slot in module.slots:
        if slot.module != module.name:
            raise ExtensionError(
                f"rules module '{module.name}' declares a slot of the module '{slot.module}'"
            )
        if slot.holder not in HOLDERS:
            raise ExtensionError(
                f"rules module '{module.name}' declares a slot on '{slot.holder}' "
                f"(known: {', '.join(HOLDERS)})"
            )
        if holders.count(slot.holder) > 1:
            raise ExtensionError(
                f"rules module '{module.name}' declares two slots on {slot.holder}"
            )
        record = slot.new(2)
        if not (is_dataclass(record) and hasattr(type(record), "__slots__")):
            raise ExtensionError(
                f"rules module '{module.name}': the record of its {slot.holder} slot must be a "
                "dataclass with slots=True (plain data the state copies and digests)"
            )


def named_by(packs: Mapping[str, Any], chosen: Iterable[str]) -> tuple[RulesModule, ...]:
    """The modules the chosen packs name (each pack's `modules`), in registration order."""
    wanted = {m for p in chosen if p in packs for m in getattr(packs[p], "modules", ())}
    missing = sorted(wanted - set(MODULES))
    if missing:
        raise ExtensionError(
            f"unknown rules module(s) {', '.join(missing)} (known: {', '.join(MODULES)})"
        )
    return tuple(m for name, m in MODULES.items() if name in wanted)


_DECLARED: dict[str, frozenset[str]] = {}  # what the registered modules declare, gathered once


def dealt_kinds() -> frozenset[str]:
    """The card kinds some registered module deals and runs itself."""
    found = _DECLARED.get("card_kinds")
    if found is None:
        found = _DECLARED["card_kinds"] = frozenset(
            k for m in MODULES.values() for k in m.card_kinds
        )
    return found


def waited_at() -> frozenset[str]:
    """The windows some registered module's code makes something wait for (`waits_at`)."""
    found = _DECLARED.get("waits_at")
    if found is None:
        found = _DECLARED["waits_at"] = frozenset(w for m in MODULES.values() for w in m.waits_at)
    return found


def fill_slots(game: Game, holder_kind: str, holder: Holder, players: int) -> None:
    """Give `holder` (the state, a player or an encounter) a fresh record of each slot the
    game's modules keep on a holder of that kind. Every module the packs name gets its slots,
    switched on or not: what its records hold may still be read."""
    for module in game.modules:
        for slot in module.slots:
            if slot.holder == holder_kind:
                holder.slots[module.name] = slot.new(players)


def shown(game: Game, name: str, viewer: int, seat: int) -> dict[str, Any]:
    """What the module `name` shows `viewer` of `seat` (its `view.shows` step); nothing when the
    module is not in the game, or is switched off."""
    for module in game.modules:
        step = module.steps.get("view.shows")
        if module.name == name and step is not None and module.on(game):
            found: dict[str, Any] = step(game, viewer, seat)
            return found
    return {}


def deal_terms(game: Game) -> tuple[DealTerm, ...]:
    """The deal terms of the active modules, in registration order."""
    return tuple(t for m in game.modules if m.on(game) for t in m.deal_terms)


def run(game: Game, point: str, *args: Any) -> None:
    """Call every active module's step at `point`."""
    for _, step in game.module_steps[point]:
        step(game, *args)


def first(game: Game, point: str, *args: Any) -> bool:
    """Offer `point` to the active modules in turn; True once one has taken it over."""
    for _, step in game.module_steps[point]:  # noqa: SIM110 - a loop: any() makes a generator
        if step(game, *args):
            return True
    return False


def answer(game: Game, point: str, *args: Any) -> Any:
    """The first answer (not None) an active module's step at `point` gives, else None."""
    for _, step in game.module_steps[point]:
        result = step(game, *args)
        if result is not None:
            return result
    return None


def steps(game: Game, point: str) -> list[tuple[RulesModule, Callable[..., Any]]]:
    """The active modules' steps at `point`, in registration order, for a caller that keeps
    them (the dispatcher opens windows too often to look the steps up each time)."""
    return list(game.module_steps[point])


def fold(game: Game, point: str, value: int, *args: Any) -> int:
    """Let each active module's step at `point` adjust `value` in turn (args go before it)."""
    for _, step in game.module_steps[point]:
        value = step(game, *args, value)
    return value


class ActiveSteps(dict[str, tuple[tuple[RulesModule, Callable[..., Any]], ...]]):
    """A game's index of its active modules' steps: point -> (module, step) pairs, in
    registration order, found for every point at the first opening of one. The core opens
    hundreds of points a game, mostly where no module of the game has a step, and whether a
    module is switched on is an option looked up: found once a game, not at every opening.

    Right for the whole game: the modules a game uses and its options are fixed by its setup
    (the state's options are resolved from it as the state is laid out, before any point is
    opened, and nothing in play changes them), and the table starts a new index when its
    modules are replaced."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def __missing__(self, point: str) -> tuple[tuple[RulesModule, Callable[..., Any]], ...]:
        if not self:  # the first point opened: find every point's steps
            game = self.game
            self.update(dict.fromkeys(POINTS, ()))
            for module in game.modules:
                if module.on(game):
                    for at, step in module.steps.items():
                        self[at] = (*self[at], (module, step))
        return self.setdefault(point, ())  # a point no module may have a step at: none
