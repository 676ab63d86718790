"""The game table: a game's state with the services every rule needs (asking decisions, recording
answers, naming things, moving cards). Asking is runtime/asking.py's half of it.

The table calls nothing above it: the hook dispatcher and the linked rules reach it through the
`Hooks` and `LinkedRules` protocols of runtime/interfaces.py, the events it announces are in
runtime/table_events.py, and runtime/game.py puts the pieces together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from runtime import card_events, extension
from runtime.asking import Agent, Asking
from runtime.cards import CardDef, CardSet
from runtime.decisions import Answer
from runtime.draws import shuffle
from runtime.interfaces import Hooks, LinkedRules
from runtime.log import Event, render
from runtime.setup import BASE_OPTIONS, Setup
from runtime.state import Checkpoint, Encounter, State
from runtime.table_events import GAIN_WINDOWS, CardsGained, GameOver
from runtime.view import PlayerView
from runtime.windows import Windows


class Table(Asking):
    """A game's state and services; runtime/game.py's Game fills in the dispatcher and the state."""

    dispatch: Hooks
    state: State

    def __init__(
        self,
        cards: CardSet,
        setup: Setup,
        agents: Sequence[Agent],
        *,
        rules: LinkedRules,
        log: bool = True,
        observer: Callable[[Any], None] | None = None,
    ) -> None:
        if len(agents) != setup.players:
            raise ValueError(
                f"{setup.players} players need {setup.players} agents, got {len(agents)}"
            )
        self.cards = cards
        self.setup = setup
        self.rules = rules
        self.agents = list(agents)
        self.trusted = [bool(getattr(a, "trusted", False)) for a in self.agents]
        self.views = [PlayerView(self, s) for s in range(setup.players)]  # live: one a seat
        self.answers: list[Answer] = []
        self.events: list[Event] | None = [] if log else None
        self.observer = observer  # called after every decision (invariant checks in tests)
        self.defs: list[CardDef] = []
        self.holder: list[int] = []  # instance -> seat holding it in hand, or -1
        # card id -> its instances in this game (tuples: a kept layout's are shared, not copied)
        self.instances_of: dict[str, tuple[int, ...]] = {}
        self.windows_of: list[tuple[str, ...]] = []  # instance -> windows it can be played in
        # playable cards in hands, by window
        self.held: dict[str, int] = dict.fromkeys(self.rules.plays, 0)
        self.last_encounter: Encounter | None = None
        self.power_threshold: int = setup.option("power_threshold")
        self.powers_acting: list[int] = []  # seats whose power's effect is running now
        self.modules = extension.named_by(cards.packs, setup.packs)
        self.mark: Checkpoint | None = None  # the last copy of the state the game loop kept
        # Kept here for the layers above, which build and read them, so typed Any: the table
        # imports nothing above it, not even for a type.
        self.systems: Any = None  # runtime/rules/systems.py's index of planets, built there
        # alien id -> whether it has setup instructions (runtime/ops/alien_sheets.py's
        # needs_setup), found once a game
        self.aliens_set_up: dict[str, bool] = {}
        # the context a hook's condition is tested in (runtime/effects/link.py: Bound.allows),
        # kept between tests; None while a test is being made. Its period and nudge stay None
        # and 0: only an effect run sets them
        self.test_context: Any = None

    @property
    def modules(self) -> tuple[extension.RulesModule, ...]:
        """The rules modules in play."""
        return self._modules

    @modules.setter
    def modules(self, modules: tuple[extension.RulesModule, ...]) -> None:
        self._modules = modules
        # their steps by extension point, found when the first point is opened (the state is laid
        # out by then: whether a module is switched on is an option of the state)
        self.module_steps = extension.ActiveSteps(self)

    def add_instance(self, state: State, card: CardDef) -> int:
        """A new copy of `card` in this game (placed nowhere yet): at setup, or later for a card
        brought into the game (a flare a rules module hands over)."""
        return self.add_instances(state, card, 1)[0]

    def add_instances(self, state: State, card: CardDef, copies: int) -> range:
        """`copies` new copies of `card` in this game (placed nowhere yet), as add_instance."""
        added = range(len(state.catalog), len(state.catalog) + copies)
        state.catalog.extend([card.id] * copies)
        self.defs.extend([card] * copies)
        self.holder.extend([-1] * copies)
        self.windows_of.extend([self.rules.play_windows.get(card.id, ())] * copies)
        self.instances_of[card.id] = (*self.instances_of.get(card.id, ()), *added)
        self.dispatch.forget_plays()
        return added

    # ------------------------------------------------------------------ names and the log

    def log(self, *event: Any) -> None:
        """Log an event if the log is kept (the rules test `events` first where they log most)."""
        if self.events is not None:
            self.events.append(event)

    def card(self, instance: int) -> CardDef:
        return self.defs[instance]

    def player_name(self, seat: int) -> str:
        p = self.state.players[seat]
        alien = self.cards.cards[p.alien].name if p.alien else "no alien"
        return f"{p.color} ({alien})"

    def planet_name(self, planet: int) -> str:
        p = self.state.planets[planet]
        home = self.state.players[p.home].color
        index = [q.id for q in self.state.planets if q.home == p.home].index(planet) + 1
        return f"{home} planet {index}" + (" (destroyed)" if p.gone else "")

    def card_label(self, instance: int) -> str:
        return self.defs[instance].label()

    def name_of(self, field: str, value: Any) -> str:
        if value is None:
            return "nobody"
        if field in ("player", "from", "to", "offense_player", "victim"):
            return self.player_name(value)
        if field in ("players", "invitees"):
            return ", ".join(self.player_name(s) for s in value) or "nobody"
        if field == "planet":
            return self.planet_name(value)
        if field == "by_player":  # (seat, what) pairs
            return ", ".join(f"{self.player_name(s)}: {d}" for s, d in value)
        if field == "card":
            return self.card_label(value) if isinstance(value, int) else str(value)
        return str(value)

    def log_lines(self) -> list[str]:
        return [render(e, self.name_of) for e in (self.events or [])]

    # ------------------------------------------------------------------ cards

    def to_hand(self, seat: int, instance: int) -> None:
        self.state.players[seat].hand.append(instance)
        self.holder[instance] = seat
        for window in self.windows_of[instance]:
            self.held[window] += 1

    def from_hand(self, seat: int, instance: int) -> None:
        self.state.players[seat].hand.remove(instance)
        self.holder[instance] = -1
        for window in self.windows_of[instance]:
            self.held[window] -= 1

    def discard(self, instance: int) -> None:
        """Put a card that is not in any hand onto its discard pile."""
        card = self.defs[instance]
        if card.kind == "destiny":
            self.state.destiny_discard.append(instance)
        elif card.attrs.get("deck") == "rewards":
            self.state.reward_discard.append(instance)
        elif extension.first(self, "card.discard", instance):
            return
        else:
            self.state.discard.append(instance)

    def draw_reward(self, seat: int) -> int | None:
        """The top card of the reward deck into a hand (reshuffling its discards), if any."""
        st = self.state
        if not st.reward_deck and st.reward_discard:
            st.reward_deck, st.reward_discard = st.reward_discard, []
            shuffle(st.rng, st.reward_deck)
        if not st.reward_deck:
            return None
        card = st.reward_deck.pop()
        self.to_hand(seat, card)
        return card

    def option(self, name: str) -> Any:
        """A setup option: as set for this game, else the default its pack declares."""
        if name in self.state.options:
            return self.state.options[name]
        return self.setup.option(name) if name in BASE_OPTIONS else None

    def discard_from_hand(self, seat: int, instance: int) -> None:
        self.from_hand(seat, instance)
        self.discard(instance)
        self.log("discard", seat, instance)

    def draw_one(self) -> int | None:
        """The top card of the cosmic deck, reshuffling the discard pile (or quaking) as needed."""
        st = self.state
        if not st.deck:
            if st.discard:
                st.deck = st.discard
                st.discard = []
                shuffle(st.rng, st.deck)
                self.dispatch.event(Windows.DECK_RESHUFFLED, None)  # it may take cards
            else:
                self.quake()
                if not st.deck:
                    return None
        return st.deck.pop() if st.deck else None

    def draw(self, seat: int, count: int) -> list[int]:
        drawn: list[int] = []
        for _ in range(card_events.drawing(self, seat, count)):
            card = self.draw_one()
            if card is None:
                break
            self.to_hand(seat, card)
            drawn.append(card)
        if drawn:
            self.log("draw", seat, len(drawn))
            self.gained(seat, list(drawn), "deck")  # deck.drawn
        return drawn

    def quake(self) -> None:
        """Cosmic quake: the deck and discard are empty, so every hand is shuffled into a new deck."""
        st = self.state
        for p in st.players:
            for card in list(p.hand):
                self.from_hand(p.seat, card)
                st.deck.append(card)
        shuffle(st.rng, st.deck)
        self.log("quake")
        if not st.deck:
            return
        size = self.setup.option("hand_size")
        for p in st.players:
            for _ in range(size):
                if st.deck:
                    self.to_hand(p.seat, st.deck.pop())

    def new_hand(self, seat: int) -> None:
        old = card_events.leaving(self, seat, list(self.state.players[seat].hand), -1, "new hand")
        for card in old:
            self.from_hand(seat, card)
            self.discard(card)
        size = self.setup.option("hand_size")
        self.log("new_hand", seat, size)
        self.discarded(seat, old)
        self.gained(seat, self.draw(seat, size), "new hand")

    def gained(self, seat: int, instances: list[int], how: str) -> None:
        """Announce cards a player has just come by (`how`: a key of GAIN_WINDOWS)."""
        if not instances:
            return
        window = GAIN_WINDOWS[how]
        if self.dispatch.listening(window):
            self.dispatch.event(window, CardsGained(seat, list(instances), how))

    def discarded(self, seat: int, instances: list[int]) -> None:
        """Announce cards a player has just discarded from hand in one go."""
        if instances and self.dispatch.listening(Windows.CARDS_DISCARDED):
            self.dispatch.event(Windows.CARDS_DISCARDED, CardsGained(seat, instances, "discard"))

    def has_encounter_card(self, seat: int) -> bool:
        defs = self.defs
        return any(defs[c].kind == "encounter" for c in self.state.players[seat].hand)

    # ------------------------------------------------------------------ power

    def sitting_out(self, seat: int) -> bool:
        """Whether the player is in a timeout: it takes no part in the game for now."""
        if not self.state.restrictions:  # an if, not bool(...) and: asked for every power use
            return False
        return self.dispatch.forbidden("take part", seat)

    def has_power(self, seat: int, alien: str | None = None) -> bool:
        """Whether the player's power (or `alien`'s, held for now or gained beside it) works now."""
        if self.state.restrictions and self.sitting_out(seat):
            return False
        p = self.state.players[seat]
        if alien is not None and alien != p.alien:
            held = alien in p.borrowed or (alien in p.gained and not p.power_lost)
            if not held or not p.powered:
                return False
        elif p.alien is None or p.power_lost or not p.powered:
            return False
        enc = self.state.encounter
        if enc is None:
            return True
        if enc.powers_off and (seat, alien or p.alien) in enc.powers_off:
            return False
        return seat not in enc.zapped

    def end(self, winners: Sequence[int]) -> None:
        st = self.state
        if st.over:
            return
        st.winners = sorted(set(winners))
        st.over = True
        self.log("win", st.winners)
        raise GameOver()
