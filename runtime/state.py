"""The game state as plain data: players, planets, piles, the current encounter, the lasting
effects (runtime/lasting_data.py) and the seeded RNG; out of it, a digest of all of it.

Card instances are small ints; `State.catalog[i]` is the card id of instance i. Everything here
is lists, dicts, ints and frozen records, so a state deep-copies into an independent game and
digests deterministically.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from runtime import ir
from runtime.lasting_data import Formula, Later, Restriction
from runtime.plain_data import COPIERS, copy_rng, duplicate, plain
from runtime.setup import MAX_PLAYERS

OFFENSE, DEFENSE = 0, 1

# the seats in clockwise order from each seat, by how many players there are (a game has at most
# MAX_PLAYERS): looked up, not built, as the seats' order is asked several times an encounter
CLOCKWISE = tuple(
    tuple((*range(seat, n), *range(seat)) for seat in range(n)) for n in range(MAX_PLAYERS + 1)
)


@dataclass(slots=True)
class Player:
    seat: int
    color: str
    alien: str | None = None
    hand: list[int] = field(default_factory=list)
    warp: int = 0
    removed: int = 0  # ships out of the game
    powered: bool = True  # enough home colonies to use the power (last known)
    power_lost: bool = False  # the alien sheet is gone for good
    tokens: dict[str, int] = field(default_factory=dict)  # counters kept on the alien sheet
    # other aliens' powers the player holds for now (a rules module lends them)
    borrowed: list[str] = field(default_factory=list)
    # a card's own piles, by the name the card declares (`piles: [hoard]`): the cards in each
    piles: dict[str, list[int]] = field(default_factory=dict)
    # other aliens' sheets held for good beside the player's own: their powers work as its own
    gained: list[str] = field(default_factory=list)
    # the records rules modules keep for the player, by module (runtime/extension.py's Slot)
    slots: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Planet:
    id: int
    system: int  # seat of the home system holding it; ~seat (negative) once destroyed
    ships: list[int]  # ships on the planet, by seat

    @property
    def gone(self) -> bool:
        """Destroyed: out of the game, never again a colony or a target."""
        return self.system < 0

    @property
    def home(self) -> int:
        """The seat whose home system holds (or held) the planet."""
        return self.system if self.system >= 0 else ~self.system


@dataclass(slots=True)
class Piece:
    """A token a card brought into play: the card (its id is the piece's kind), the player who
    controls it, and the planets it sits next to (one: on that planet; two: between them)."""

    card: int
    kind: str
    owner: int
    planets: list[int] = field(default_factory=list)


@dataclass(slots=True, init=False)
class Encounter:
    """Everything that lasts for one encounter. Side 0 is the offense, side 1 the defense; the
    lists by seat are as long as there are players."""

    number: int
    offense: int
    defense: int
    planet: int
    destiny: int | None
    gate: list[int]  # ships in the gate, by seat (offense and its allies)
    guard: list[int]  # defensive allies' ships beside the planet, by seat
    invited: list[list[bool]]  # [side][seat]
    allies: list[list[int]]  # seats in the order they joined
    cards: list[int | None]
    kickers: list[int | None]
    # a side's further encounter cards after the one it selected, in the order they were put in,
    # and what each adds to the side's total (an attack's value, kicked at the reveal; else 0)
    extra: list[list[int]]
    extra_values: list[list[int]]
    face_up: list[bool]
    types: list[str | None]  # as revealed/changed
    values: list[int | None]
    bonus: list[int]
    formula: list[Formula | None]
    totals: list[int | None]
    required: list[ir.CardFilter | None]  # the kind of card a side must play
    first_selector: int | None  # side that selects first, face up
    outcome: str | None  # "offense" | "defense" | "deal" | "no deal" | "both lose" | "ended"
    forced: str | None  # a power or card decided the winner: "offense" | "defense" | "both lose"
    reversed: bool
    lower_wins: bool
    success: bool
    deal_made: bool
    no_compensation: bool
    no_rewards: bool
    lost_ships: list[int]  # ships each seat lost to the warp this encounter
    # ships each seat landed on the target planet from the gate as its side won: still the
    # ships it has in the encounter once they have landed
    landed: list[int]
    # by seat (grown as ships are sent), the planets its ships in the gate or beside the target
    # planet were sent from, {planet: ships}: saved ships can go back where they came from
    origins: list[dict[int, int]]
    ship_limit: list[int]  # most ships each seat may send
    ship_weight: list[int]  # what each of a seat's ships counts for in a total
    comp_factor: list[int]  # compensation multiplier, by seat
    reward_factor: list[int]  # defensive-ally reward multiplier, by seat
    deal_penalty: list[int]  # ships each seat loses when the deal fails
    zapped: set[int]  # seats whose power is off this encounter
    powers_off: set[tuple[int, str]]  # (seat, alien) switched off
    used: dict[str, int]  # use counts for per-encounter limits
    delayed: list[Later]  # effects waiting for a later window
    marks: dict[str, Any]
    flares_played: set[int]  # seats that played a flare this encounter
    comp_extra: list[int]  # cards added to compensation, by seat
    reward_extra: list[int]  # added to each batch of rewards
    # the records rules modules keep for the encounter, by module (runtime/extension.py's Slot)
    slots: dict[str, Any]

    def __init__(
        self,
        number: int,
        offense: int,
        defense: int = -1,
        planet: int = -1,
        *,
        players: int = 0,
        ship_limit: int = 0,
        deal_penalty: int = 0,
    ) -> None:
        """A fresh encounter of `players` seats, each with that ship limit and deal penalty.
        Written out, not made by @dataclass: its default factories (a call per container) and
        the lists by seat passed in by keyword made an encounter cost half as much again."""
        self.number, self.offense, self.defense, self.planet = number, offense, defense, planet
        self.destiny = None
        # the lists by seat copied from one of each (a copy costs half a `[0] * players`, which
        # builds a list and then another)
        zeros, ones, no = [0] * players, [1] * players, [False] * players
        self.gate = zeros
        self.guard = zeros.copy()
        self.invited = [no, no.copy()]
        self.allies = [[], []]
        self.cards = [None, None]
        self.kickers = [None, None]
        self.extra = [[], []]
        self.extra_values = [[], []]
        self.face_up = [False, False]
        self.types = [None, None]
        self.values = [None, None]
        self.bonus = [0, 0]
        self.formula = [None, None]
        self.totals = [None, None]
        self.required = [None, None]
        self.first_selector = None
        self.outcome = None
        self.forced = None
        self.reversed = False
        self.lower_wins = False
        self.success = False
        self.deal_made = False
        self.no_compensation = False
        self.no_rewards = False
        self.lost_ships = zeros.copy()
        self.landed = zeros.copy()
        self.origins = []
        self.ship_limit = [ship_limit] * players
        self.ship_weight = ones
        self.comp_factor = ones.copy()
        self.reward_factor = ones.copy()
        self.deal_penalty = [deal_penalty] * players
        self.zapped = set()
        self.powers_off = set()
        self.used = {}
        self.delayed = []
        self.marks = {}
        self.flares_played = set()
        self.comp_extra = zeros.copy()
        self.reward_extra = zeros.copy()
        self.slots = {}

    def cards_on(self, side: int) -> list[int]:
        """Every encounter card on a side, the selected one first."""
        first = self.cards[side]
        return ([first] if first is not None else []) + self.extra[side]


@dataclass(slots=True)
class State:
    seed: int
    rng: random.Random
    catalog: list[str]  # card id of each instance
    players: list[Player]
    planets: list[Planet]
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    destiny_deck: list[int] = field(default_factory=list)
    destiny_discard: list[int] = field(default_factory=list)
    reward_deck: list[int] = field(default_factory=list)  # cards an expansion puts in a reward deck
    reward_discard: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)  # cards on the table this encounter
    aside: list[int] = field(default_factory=list)  # cards out of the game
    hostages: list[list[int]] = field(default_factory=list)  # [taker, owner, ships] this turn
    turn: int = 0
    offense: int = 0
    encounter: Encounter | None = None
    suspended: list[Encounter] = field(default_factory=list)  # encounters paused by a nested one
    retired: list[str] = field(default_factory=list)  # aliens set aside for the rest of the game
    encounters_this_turn: int = 0
    encounter_serial: int = 0  # how many encounters have begun in the game
    winners: list[int] = field(default_factory=list)
    over: bool = False
    used: dict[str, int] = field(
        default_factory=dict
    )  # use counts for per-turn and per-game limits
    restrictions: list[Restriction] = field(default_factory=list)  # what players may not do
    recurring: list[Later] = field(default_factory=list)  # effects that outlive the encounter
    options: dict[str, Any] = field(default_factory=dict)
    ships_per_player: int = 20
    # the alien sheets set aside at setup from those not dealt (ids, sorted), to draw from later
    unused_aliens: list[str] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)  # tokens cards brought into play
    # the records rules modules keep for the whole game, by module (runtime/extension.py's Slot)
    slots: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """How many players; code run many times a game says len(players), a call to C rather
        than to this getter."""
        return len(self.players)

    def home_planets(self, seat: int) -> list[Planet]:
        return [p for p in self.planets if p.system == seat]

    def home_ships(self, seat: int) -> list[int]:
        """The seat's ship count on each of its home planets."""
        return [p.ships[seat] for p in self.planets if p.system == seat]

    def colonies(self, seat: int) -> list[Planet]:
        return [p for p in self.planets if p.ships[seat] > 0]

    def has_colony(self, seat: int) -> bool:
        """Whether the seat has ships on some planet (colonies() without building the list)."""
        for p in self.planets:  # noqa: SIM110 - a loop: any() over a generator resumes it per planet
            if p.ships[seat] > 0:
                return True
        return False

    def home_colonies(self, seat: int, most: int = -1) -> int:
        """How many of the seat's home planets hold its ships; with `most` above 0, counting stops
        there: min(that count, most), enough to compare with a threshold of `most`."""
        count = 0
        for p in self.planets:
            if p.system == seat and p.ships[seat]:
                count += 1
                if count == most:
                    break
        return count

    def foreign_colonies(self, seat: int) -> int:
        count = 0
        # a loop, not sum() over a generator: checked after every encounter; most planets hold
        # none of the seat's ships, so that is asked first
        for p in self.planets:
            if p.ships[seat] and p.system != seat:  # a count, never negative: no comparison
                count += 1
        return count

    def ships_in_play(self, seat: int) -> int:
        """Ships on colonies (not the warp, the gate or beside a planet)."""
        total = 0
        for p in self.planets:  # a loop: sum() over a generator resumes it from C per planet
            total += p.ships[seat]
        return total

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """All seats starting with `seat` and going clockwise (to the left)."""
        n = len(self.players)
        return CLOCKWISE[n][seat % n]

    def copy(self, rng: random.Random | None = None) -> State:
        """An independent copy: it shares nothing mutable with this state (frozen records, the
        card set's hooks and IR nodes, are shared). With `rng`, the copy draws from that
        generator instead of a copy of this state's (copying one costs more than the rest)."""
        return _copy_state(self, rng)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.copy()

    def to_data(self) -> list[Any]:
        """A canonical, JSON-able picture of the whole state (RNG included) for digests and dumps."""
        return plain(self)

    def digest(self) -> str:
        blob = json.dumps(self.to_data(), separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A copy of the state at the start of a step of the game loop (the setup, a turn), and how
    many answers had been given and events logged by then."""

    state: State
    answers: int
    events: int


def _copy_planet(p: Planet) -> Planet:
    return Planet(p.id, p.system, p.ships[:])


def _copy_player(p: Player) -> Player:
    return Player(
        p.seat,
        p.color,
        p.alien,
        p.hand[:],
        p.warp,
        p.removed,
        p.powered,
        p.power_lost,
        p.tokens.copy(),
        p.borrowed[:],
        {name: cards[:] for name, cards in p.piles.items()} if p.piles else {},
        p.gained[:],
        _copy_slots(p.slots) if p.slots else {},
    )


def _copy_slots(slots: dict[str, Any]) -> dict[str, Any]:
    """The records rules modules keep on a holder, each copied (a loop: a comprehension is a
    function called, and a state copy copies every player's)."""
    copies: dict[str, Any] = {}
    for module, record in slots.items():
        copies[module] = duplicate(record)
    return copies


def _copy_state(st: State, rng: random.Random | None = None) -> State:
    return State(
        st.seed,
        copy_rng(st.rng) if rng is None else rng,
        st.catalog[:],
        [_copy_player(p) for p in st.players],
        [Planet(p.id, p.system, p.ships[:]) for p in st.planets],
        st.deck[:],
        st.discard[:],
        st.destiny_deck[:],
        st.destiny_discard[:],
        st.reward_deck[:],
        st.reward_discard[:],
        st.in_play[:],
        st.aside[:],
        [h[:] for h in st.hostages] if st.hostages else [],
        st.turn,
        st.offense,
        duplicate(st.encounter) if st.encounter is not None else None,
        duplicate(st.suspended) if st.suspended else [],
        st.retired[:],
        st.encounters_this_turn,
        st.encounter_serial,
        st.winners[:],
        st.over,
        st.used.copy(),
        duplicate(st.restrictions) if st.restrictions else [],
        duplicate(st.recurring) if st.recurring else [],
        duplicate(st.options),
        st.ships_per_player,
        st.unused_aliens[:],
        duplicate(st.pieces) if st.pieces else [],
        _copy_slots(st.slots) if st.slots else {},
    )


COPIERS.update({Planet: _copy_planet, Player: _copy_player, State: _copy_state})
