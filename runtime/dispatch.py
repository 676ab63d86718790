"""Hook dispatch: when the engine opens a window, run the powers, delayed effects and card plays
(runtime/effects/card_plays.py) that act there, in order of play, with the targeted response windows (zaps, card zaps).

A window where nothing of the game can act or wait (`silent`) costs one look-up to ask about,
one with nothing bound to it a few: the engine opens dozens per encounter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import extension
from runtime.cards import Hook
from runtime.effects.card_plays import CardPlay as CardPlay
from runtime.effects.card_plays import CardPlays
from runtime.effects.context import Ctx
from runtime.effects.lasting import Lasting
from runtime.windows import BY_NAME, Window, Windows, names

if TYPE_CHECKING:
    from runtime.effects.link import Bound, Play, Rules
    from runtime.table import Table


# every window's name, for the tables below (read once: a member's value is a property call)
@dataclass(slots=True)
class PowerUse:
    """The event of a response.power window: a power about to act."""

    seat: int
    hook: Hook
    cancelled: bool = False


class Dispatcher(CardPlays, Lasting):
    def __init__(self, game: Table, rules: Rules) -> None:
        self.game = game
        self.rules = rules
        # window -> the powers acting there grouped by seat, in seat order
        self.seat_powers: dict[str, list[tuple[int, list[Bound]]]] = {}
        self._orders: dict[tuple[int, int], list[int]] = {}
        # The windows where a power, kicker or rules module's card of this game can act (every
        # window until the tables are built): a few. The others are quiet (see `quiet`).
        self.busy: frozenset[str] = names()
        # the quiet windows where no card can be played either (by Window, as `silent`, made
        # from them): only what lasts may wait there
        self.deaf: frozenset[Window] = frozenset()
        self.also_waits: frozenset[str] = frozenset()  # see let_wait
        self.may_wait = rules.waits | extension.waited_at()  # see Lasting.may_wait
        # what find_busy finds for find_deaf: the windows where a card of this game can act,
        # and the declared windows where something may wait
        self.cards_act: frozenset[str] = frozenset()
        self.waited: list[Window] = []
        # The deaf windows where nothing can wait either: nothing at all can act there in this
        # game, so listening() answers at once (none until the tables are built).
        self.silent: frozenset[Window] = frozenset()
        # Whether decision.made is not silent: the table asks after every decision whether the
        # choice is worth announcing, and in most games nothing can ever act on one.
        self.hears_choices = True
        self.held = game.held  # the table's count of cards in hands playable in each window
        # window -> the (instance, play) pairs of this game that could be played there
        self._plays_by_window: dict[str, list[tuple[int, Play]]] = {}
        # (card, window) pairs whose hooks run now: a rules module's card never sets itself off
        self.acting: set[tuple[int, str]] = set()
        # the `dispatch.window` steps of the rules modules whose cards can act in this game
        self.card_runners: list[Callable[[Table, Dispatcher, str, Any], None]] = []
        self.ready = False  # the tables above are built (the starting state is dealt)
        # the phase of the step window opened last: events happen within it. Not kept in the
        # state: a game restored from a checkpoint (a turn's start) replays its steps again
        self.phase = ""

    # ------------------------------------------------------------------ tables

    def refresh_powers(self) -> None:
        """Rebuild the window -> (seat, power hooks) table from the aliens players hold now."""
        by_seat: dict[str, list[tuple[int, list[Bound]]]] = {}
        powers = self.rules.powers
        for player in self.game.state.players:
            seat = player.seat
            for alien in (player.alien, *player.gained, *player.borrowed):
                found = powers.get(alien) if alien is not None else None
                if not found:
                    continue
                for window, bounds in found.items():
                    mine = by_seat.get(window)
                    if mine is None:
                        by_seat[window] = [(seat, list(bounds))]
                    elif mine[-1][0] == seat:
                        mine[-1][1].extend(bounds)
                    else:
                        mine.append((seat, list(bounds)))
        self.seat_powers = by_seat
        if self.ready:
            self.find_deaf()  # the aliens held changed, not the cards: their windows stand
        else:
            self.ready = True
            self.find_busy()

    def find_busy(self) -> None:
        """Find the windows where a kicker or rules module's card of this game can act and the
        ones where something may wait, then the busy, deaf and silent ones (find_deaf). Found when
        the tables are first built and again when the game's cards change (forget_plays) or
        something may wait at more windows (let_wait): what they depend on changes nowhere else
        (a rules module registers before the tables are built)."""
        rules = self.rules
        game = self.game
        # only kickers dealt in this game can be revealed
        cards_act = {
            w
            for w, bounds in rules.in_play.items()
            if any(game.instances_of.get(b.hook.card) for b in bounds)
        }
        self.card_runners = []
        for module, windows in extension.steps(game, "dispatch.windows"):
            found = windows(game, rules)
            runner = module.steps.get("dispatch.window")
            if found and runner is not None:
                cards_act |= found
                self.card_runners.append(runner)
        self.cards_act = frozenset(cards_act)
        # found again with the tables, in case a rules module registered since the game began
        may_wait = self.may_wait = rules.waits | extension.waited_at() | self.also_waits
        self.waited = [BY_NAME[n] for n in may_wait if n in BY_NAME]
        self.find_deaf()

    def find_deaf(self) -> None:
        """Find the busy windows, where a power held or a card of this game (`cards_act`) can
        act, the deaf ones, quiet with no card playable, and the silent ones, deaf with nothing
        that may wait there (`waited`). Found again whenever the aliens held change
        (refresh_powers). Card plays do not make a window busy: `run` offers them wherever a
        playable card is in a hand."""
        busy = self.busy = self.cards_act.union(self.seat_powers)
        # a window declared after this (a rules module registered later) is not deaf: listening()
        # asks about it the long way
        deaf = self.deaf = self.rules.unplayed().difference(
            [BY_NAME[n] for n in busy if n in BY_NAME]
        )
        self.silent = deaf.difference(self.waited)
        self.hears_choices = Windows.DECISION_MADE not in self.silent

    def let_wait(self, windows: Iterable[str]) -> None:
        """Let something wait for `windows` in this game too: the windows of an effect compiled
        apart from the rules' cards (a test's), which `Rules.waits` does not hold."""
        self.also_waits |= frozenset(windows)
        self.may_wait |= self.also_waits
        if self.ready:
            self.find_busy()

    @property
    def powers(self) -> dict[str, list[tuple[int, Bound]]]:
        """Window -> (seat, power hook) pairs, in seat order."""
        return {
            window: [(seat, b) for seat, bounds in by_seat for b in bounds]
            for window, by_seat in self.seat_powers.items()
        }

    @property
    def quiet(self) -> frozenset[str]:
        """The windows where nothing in this game can ever act but a card played from hand or
        what lasts (the modules' windows included)."""
        return names() - self.busy

    # ------------------------------------------------------------------ windows

    def listening(self, window: Window) -> bool:
        """Whether anything could act in a window now (so its event is worth building): a
        power, kicker or rules module's card of this game, a card play held for it, or a
        delayed or recurring effect or an "until" period that waits for this very window."""
        if window in self.silent:  # most windows asked about: one look-up
            return False
        name = window.value
        if name in self.busy or self.held.get(name):
            return True
        return name in self.may_wait and self.waiting_at(name)

    def step(self, window: Window) -> None:
        self.phase = window.phase
        name = window.value
        if name not in self.busy and (name not in self.may_wait or not self.waiting_at(name)):
            # run()'s path for a window where nothing but a card play can act, one call fewer
            if self.held.get(name):
                self.offer_plays(name, None)
            return
        self.run(name, None)

    def event(self, window: Window, event: Any) -> None:
        name = window.value
        if name not in self.busy and (name not in self.may_wait or not self.waiting_at(name)):
            if self.held.get(name):  # as in step()
                self.offer_plays(name, event)
            return
        self.run(name, event)

    def run(self, name: str, event: Any) -> None:
        st = self.game.state
        enc = st.encounter
        delayed = enc.delayed if enc is not None and enc.delayed else None
        if (st.restrictions or st.recurring) and self.ending_at(name):
            self.end_periods(name)
        if name not in self.busy and not ((delayed or st.recurring) and self.later_at(name)):
            # nothing but a card play can act here
            if self.held.get(name):
                self.offer_plays(name, event)
            return
        powers = self.seat_powers.get(name)
        if powers:
            if len(powers) > 1:
                self.run_powers(powers, event)
            else:
                # one seat's powers (most windows): nothing to put in order, and eligible()
                # checks that each works now, as run_powers does before any of them acts
                seat, bounds = powers[0]
                if len(bounds) > 1:
                    self.run_seat(seat, bounds, event)
                elif self.eligible(seat, bounds[0], event):
                    self.use_power(seat, bounds[0], event)  # one power: nothing to put in order
        in_play = self.rules.in_play.get(name)
        if in_play and enc is not None:
            self.run_in_play(in_play, enc, event)
        for run_cards in self.card_runners:
            run_cards(self.game, self, name, event)
        if delayed:
            self.run_delayed(name, delayed, event)
        if st.recurring:
            self.run_recurring(name, event)
        if self.held.get(name):
            self.offer_plays(name, event)

    def order(self) -> list[int]:
        """Offense, defense, then the others clockwise from the offense (cached per pairing)."""
        st = self.game.state
        enc = st.encounter
        key = (st.offense, -2) if enc is None else (enc.offense, enc.defense)
        cached = self._orders.get(key)
        if cached is not None:
            return cached
        offense, defense = key
        order = list(st.clockwise_from(offense))  # the offense first
        if defense >= 0:
            order.remove(defense)
            order.insert(1, defense)
        self._orders[key] = order
        return order

    # ------------------------------------------------------------------ powers

    def run_powers(self, powers: list[tuple[int, list[Bound]]], event: Any) -> None:
        """Run the powers of several seats acting in a window, by seat (offense, defense, then
        clockwise)."""
        game = self.game
        by_seat: dict[int, list[Bound]] = {}
        for seat, bounds in powers:
            # a loop, not a comprehension (a call of its own): a seat has a power or two here
            working: list[Bound] = []
            for b in bounds:
                if game.has_power(seat, b.hook.card):
                    working.append(b)
            if working:
                by_seat[seat] = working
        # every seat is in order(): with one seat's powers there is nothing to put in order
        for seat in self.order() if len(by_seat) > 1 else tuple(by_seat):
            mine = by_seat.get(seat)
            if mine:
                self.run_seat(seat, mine, event)

    def run_seat(self, seat: int, bounds: list[Bound], event: Any) -> None:
        """Run one seat's eligible powers, in the order the player picks."""
        if len(bounds) == 1:  # a seat's one power (most seats), as run() uses it: no lists
            if self.eligible(seat, bounds[0], event):
                self.use_power(seat, bounds[0], event)
            return
        ready = [b for b in bounds if self.eligible(seat, b, event)]
        while ready:
            bound = ready.pop(0) if len(ready) == 1 else self.pick_order(seat, ready)
            self.use_power(seat, bound, event)
            ready = [b for b in ready if self.eligible(seat, b, event)]

    def pick_order(self, seat: int, ready: list[Bound]) -> Bound:
        bound = self.game.choose(
            seat,
            "power.order",
            "which of your effects resolves first?",
            ready,
            lambda b: b.hook.name,
        )
        ready.remove(bound)
        return bound

    def eligible(self, seat: int, bound: Bound, event: Any) -> bool:
        game = self.game
        role = bound.role
        if role is not None and not role(game.state, seat):
            return False  # the role first: the cheaper test, and the one that fails most
        hook = bound.hook
        if not game.has_power(seat, hook.card):
            return False
        if hook.limit and self.uses(hook, seat) >= 1:
            return False
        test = bound.test
        can_pay = bound.can_pay
        if test is None and can_pay is None:
            return True  # no context to build
        return bound.allows(game, seat, event)

    def use_power(self, seat: int, bound: Bound, event: Any) -> None:
        game = self.game
        hook = bound.hook
        if hook.optional and not game.yes_no(seat, "power.use", f"use {hook.name}?"):
            return
        game.powers_acting.append(seat)
        # most powers have no super flare: no call to offer one
        upgrades = self.rules.upgrades.get((hook.card, hook.name))
        bound, flare = self.offer_upgrade(seat, bound, upgrades) if upgrades else (bound, None)
        try:
            if bound.hook.limit:  # most powers have no limit: nothing to count
                self.count_use(bound.hook, seat)
            if game.events is not None:
                game.log("power", seat, hook.name)
            # an effect that chooses what it plays before zaps may answer opens its own window
            if not bound.zapped_inside and self.zapped(seat, hook):
                return
            ctx = Ctx(game, seat, bound.hook, event, flare)  # "this card": the super flare
            if bound.numbered:
                ctx.nudge = extension.answer(game, "effect.nudge", seat, bound.hook) or 0
            if bound.cost is not None:
                bound.cost(ctx)
            bound.run(ctx)
        finally:
            game.powers_acting.pop()
            # a super flare stays on the table while the power it strengthens acts, then goes home
            if flare is not None and flare in game.state.in_play:
                game.state.in_play.remove(flare)
                game.to_hand(seat, flare)

    def zapped(self, seat: int, hook: Hook) -> bool:
        """Open the window for zaps against a use of `seat`'s power; True when it was cancelled."""
        use = PowerUse(seat, hook)
        self.run(Windows.RESPONSE_POWER.value, use)
        return use.cancelled

    def offer_upgrade(
        self, seat: int, bound: Bound, upgrades: list[Play]
    ) -> tuple[Bound, int | None]:
        """A super flare that upgrades this power (one of `upgrades`, the super flares that
        upgrade it) may be played as the power acts.

        Returns the hook to run and the flare played for it (still in play: see use_power).
        """
        game = self.game
        player = game.state.players[seat]
        if bound.hook.card != player.alien and bound.hook.card not in player.gained:
            return bound, None  # a borrowed power is not the player's to strengthen
        enc = game.state.encounter
        if (enc is not None and seat in enc.flares_played) or self.forbidden("play flare", seat):
            return bound, None
        for play in upgrades:
            if play.bound.hook.window != bound.hook.window:
                continue  # it strengthens the power where it acts, not its other hooks
            held = [i for i in game.instances_of.get(play.card, ()) if game.holder[i] == seat]
            prompt = f"play {play.bound.hook.card} to strengthen {bound.hook.name}?"
            if (
                held
                and game.yes_no(seat, "flare.upgrade", prompt)
                and self.play_card(seat, held[0], play, None, run=False)
            ):
                return play.bound, held[0]
        return bound, None

    def uses(self, hook: Hook, seat: int) -> int:
        return self.used(hook.limit, f"{hook.card}:{hook.name}:{seat}")

    def count_use(self, hook: Hook, seat: int) -> None:
        """Count a use of a hook with a limit."""
        self.add_use(hook.limit, f"{hook.card}:{hook.name}:{seat}")

    # ------------------------------------------------------------------ cards on the table

    def run_in_play(self, bounds: list[Bound], enc: Any, event: Any) -> None:
        """Effects of revealed kickers, each acting for the main player who played it."""
        game = self.game
        for side in (0, 1):
            card = enc.kickers[side]
            if card is None or not enc.face_up[side] or enc.marks.get(f"kicker {side} off"):
                continue
            seat = enc.offense if side == 0 else enc.defense
            card_id = game.defs[card].id
            for bound in bounds:
                if bound.hook.card != card_id:
                    continue
                ctx = Ctx(game, seat, bound.hook, event, card)
                if bound.test is None or bound.test(ctx):
                    game.log("effect", seat, f"{game.card_label(card)} takes effect")
                    bound.run(ctx)
