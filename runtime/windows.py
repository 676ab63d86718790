"""The named timing windows cards attach to: each window's dotted name, phase, kind and meaning.

The base game's windows are class attributes of `Window`; a rules module declares its own in its
`windows` (runtime/extension.py registers them), so BY_NAME, the name -> Window table, is whole
once runtime/language.py's `load()` has run. There is one Window a name: windows compare by
identity, and a pickled or copied window comes back as the same object."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, NamedTuple, cast


class WindowKind(enum.Enum):
    STEP = "step"  # a moment in the turn sequence
    EVENT = "event"  # something is about to happen or has happened; may carry a replaceable event
    RESPONSE = "response"  # a targeted reply to a play (zaps, quashes)


BY_NAME: dict[str, Window] = {}  # every declared window by its dotted name, in declaration order
_NAMES: list[frozenset[str]] = []  # BY_NAME's names as a set, once asked for (see names())


class WindowError(ValueError):
    """Two different windows declared under one name."""


def declare(window: Window) -> Window:
    """Add `window` to BY_NAME (idempotent for the same window); a second window of its name is
    refused."""
    known = BY_NAME.setdefault(window.value, window)
    if known is not window:
        raise WindowError(f"two windows are named '{window.value}'")
    _NAMES.clear()
    return window


def names() -> frozenset[str]:
    """Every declared window's name, as a set made once (again after a window is declared):
    each game's dispatcher starts from it."""
    if not _NAMES:
        _NAMES.append(frozenset(BY_NAME))
    return _NAMES[0]


def named(name: str) -> Window:
    """The declared window called `name` (how a pickled window is found again)."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise LookupError(
            f"no window is named '{name}': a rules module's windows are known once "
            "runtime.language.load() has registered the modules"
        ) from None


class _Base(NamedTuple):
    """A base-game window as the class body below writes it, made a Window with the class."""

    name: str
    kind: WindowKind
    doc: str


def _base(name: str, kind: WindowKind, doc: str) -> Window:
    return cast("Window", _Base(name, kind, doc))


class WindowType(type):
    """Window's metaclass: it declares the windows written in the class body, in their order, and
    iterating over Window gives every declared window (the modules' too, once registered). It
    leaves attribute lookup alone, so `Window.TURN_START` is a plain class attribute read: the
    rules open about 1,300 windows a game."""

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> None:
        super().__init__(name, bases, namespace)
        for attribute, spec in namespace.items():
            if isinstance(spec, _Base):
                setattr(cls, attribute, declare(cls(*spec)))

    def __iter__(cls) -> Iterator[Window]:
        return iter(list(BY_NAME.values()))

    def __len__(cls) -> int:
        return len(BY_NAME)


class Window(metaclass=WindowType):
    """A moment a card can act. `value` is the dotted name authors write after `when:`, `phase`
    the part before its dot."""

    __slots__ = ("doc", "kind", "phase", "value")

    def __init__(self, name: str, kind: WindowKind, doc: str) -> None:
        self.value = name
        self.kind = kind
        self.doc = doc
        self.phase = name.split(".", 1)[0]

    def __repr__(self) -> str:
        return f"Window({self.value!r})"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return named, (self.value,)

    # The base game's windows, as the reference lists them: the turn's moments in the order of play,
    # then the events and the responses.
    # `_base` stands for the Window the metaclass makes of each once the class exists.
    GAME_SETUP = _base("game.setup", WindowKind.STEP, "once, when the game is set up")
    TURN_START = _base(
        "turn.start",
        WindowKind.STEP,
        "a turn begins, after a hand without encounter cards is replaced",
    )
    REGROUP_START = _base(
        "regroup.start",
        WindowKind.STEP,
        "an encounter begins, before the offense retrieves a ship",
    )
    REGROUP_RETRIEVE = _base(
        "regroup.retrieve",
        WindowKind.EVENT,
        "the offense is about to retrieve a ship from the warp",
    )
    REGROUP_END = _base("regroup.end", WindowKind.STEP, "the regroup phase ends")
    DESTINY_BEFORE_DRAW = _base(
        "destiny.before_draw",
        WindowKind.STEP,
        "before the destiny card is drawn",
    )
    DESTINY_AFTER_DRAW = _base(
        "destiny.after_draw",
        WindowKind.STEP,
        "the destiny card is drawn and its player known",
    )
    LAUNCH_AFTER_AIM = _base(
        "launch.after_aim",
        WindowKind.STEP,
        "the hyperspace gate is aimed at a planet",
    )
    LAUNCH_AFTER_SHIPS = _base(
        "launch.after_ships",
        WindowKind.STEP,
        "the offense's ships are in the gate",
    )
    ALLIANCE_START = _base("alliance.start", WindowKind.STEP, "before any ally is invited")
    ALLIANCE_AFTER_INVITES = _base(
        "alliance.after_invites",
        WindowKind.STEP,
        "both sides have invited allies; no one has answered",
    )
    ALLIANCE_END = _base("alliance.end", WindowKind.STEP, "all alliances are formed")
    PLANNING_NO_CARDS = _base(
        "planning.no_cards",
        WindowKind.EVENT,
        "a main player has no encounter card to play (the event's player); replaceable",
    )
    PLANNING_START = _base(
        "planning.start",
        WindowKind.STEP,
        "before either main player selects an encounter card",
    )
    PLANNING_KICKERS = _base(
        "planning.kickers",
        WindowKind.STEP,
        "main players may play kickers face down",
    )
    PLANNING_FIRST_SHOWN = _base(
        "planning.first_shown",
        WindowKind.STEP,
        "one main player has selected face up; the other has not chosen",
    )
    PLANNING_AFTER_SELECTION = _base(
        "planning.after_selection",
        WindowKind.STEP,
        "both encounter cards are chosen, face down",
    )
    REVEAL_START = _base(
        "reveal.start",
        WindowKind.STEP,
        "the encounter cards are about to be turned up",
    )
    REVEAL_KICKERS = _base(
        "reveal.kickers",
        WindowKind.STEP,
        "the encounter cards and any kickers are face up; kickers have not applied yet",
    )
    REVEAL_AFTER_CARDS = _base(
        "reveal.after_cards", WindowKind.STEP, "the encounter cards are face up"
    )
    REVEAL_REINFORCEMENTS = _base(
        "reveal.reinforcements",
        WindowKind.STEP,
        "main players and allies may add reinforcements",
    )
    REVEAL_TOTALS = _base(
        "reveal.totals", WindowKind.STEP, "the sides' totals are being worked out"
    )
    REVEAL_OUTCOME = _base(
        "reveal.outcome",
        WindowKind.STEP,
        "the winner is decided; last changes to the result",
    )
    RESOLUTION_START = _base(
        "resolution.start",
        WindowKind.STEP,
        "the result is known; nothing has been paid yet",
    )
    RESOLUTION_DEAL_FAILED = _base(
        "resolution.deal_failed",
        WindowKind.STEP,
        "a deal has failed; its penalty is not yet paid",
    )
    RESOLUTION_COMPENSATION = _base(
        "resolution.compensation",
        WindowKind.STEP,
        "compensation is about to be collected",
    )
    RESOLUTION_REWARDS = _base(
        "resolution.rewards",
        WindowKind.STEP,
        "defensive allies are about to collect rewards",
    )
    RESOLUTION_AFTER_OUTCOME = _base(
        "resolution.after_outcome",
        WindowKind.STEP,
        "ships have landed or gone to the warp and payouts are made",
    )
    RESOLUTION_BEFORE_DISCARD = _base(
        "resolution.before_discard",
        WindowKind.STEP,
        "the encounter cards are about to be discarded",
    )
    RESOLUTION_AFTER_DISCARD = _base(
        "resolution.after_discard",
        WindowKind.STEP,
        "the encounter cards have been discarded",
    )
    ENCOUNTER_END = _base(
        "encounter.end", WindowKind.STEP, "the encounter is over; another may follow"
    )
    TURN_END = _base("turn.end", WindowKind.STEP, "the turn is over")
    SHIPS_TO_WARP = _base(
        "ships.to_warp",
        WindowKind.EVENT,
        "ships are about to go to the warp (replaceable)",
    )
    SHIPS_IN_WARP = _base("ships.in_warp", WindowKind.EVENT, "ships have just gone to the warp")
    # replaceable events of cards and colonies, alongside ships.to_warp
    CARDS_LEAVING = _base(
        "cards.leaving",
        WindowKind.EVENT,
        "cards are about to leave a player's hand: discarded, taken or given (that player, those"
        " cards, where they go and why); replaceable",
    )
    DECK_DRAWING = _base(
        "deck.drawing",
        WindowKind.EVENT,
        "a player is about to draw cards from the cosmic deck (that player, that many); replaceable",
    )
    DECK_DRAWN = _base(
        "deck.drawn",
        WindowKind.EVENT,
        "a player has just drawn cards from the cosmic deck (that player, those cards)",
    )
    SHIPS_RETRIEVED = _base(
        "ships.retrieved",
        WindowKind.EVENT,
        "a player has just retrieved ships from the warp onto its colonies (that player, that"
        " many)",
    )
    COLONY_LOSING = _base(
        "colony.losing",
        WindowKind.EVENT,
        "a player's last ships on a planet are about to leave it, losing the colony (that player,"
        " those ships, the planet); replaceable",
    )
    GAIN_COMPENSATION = _base(
        "gain.compensation",
        WindowKind.EVENT,
        "a player has just collected cards as compensation (those cards)",
    )
    GAIN_REWARDS = _base(
        "gain.rewards",
        WindowKind.EVENT,
        "a defensive ally has just drawn cards as rewards (those cards)",
    )
    GAIN_NEW_HAND = _base(
        "gain.new_hand",
        WindowKind.EVENT,
        "a player has just drawn a new hand, once play has begun (those cards)",
    )
    GAIN_POWER = _base(
        "gain.power",
        WindowKind.EVENT,
        "a player has just gained cards through an alien power (those cards)",
    )
    GAIN_FLARE = _base(
        "gain.flare",
        WindowKind.EVENT,
        "a player has just gained cards through a flare (those cards)",
    )
    GAIN_CARD = _base(
        "gain.card",
        WindowKind.EVENT,
        "a player has just gained cards through an artifact, edict, kicker or a rules module's card"
        " (those cards)",
    )
    GAIN_PURCHASE = _base(
        "gain.purchase",
        WindowKind.EVENT,
        "a player has just bought cards from the deck (those cards)",
    )
    GAIN_DEAL = _base(
        "gain.deal",
        WindowKind.EVENT,
        "a player has just received cards in a deal (those cards)",
    )
    # every deal that is made, the main players' or one an effect makes, once carried out
    DEAL_MADE = _base(
        "deal.made",
        WindowKind.EVENT,
        "a deal between two players has just been carried out (its two players); a cancelled"
        " deal never comes here",
    )
    COLONY_GAINED = _base("colony.gained", WindowKind.EVENT, "a player has established a colony")
    COLONY_LOST = _base("colony.lost", WindowKind.EVENT, "a player has lost a colony")
    POWER_LOST = _base(
        "power.lost",
        WindowKind.EVENT,
        "a player's alien power has switched off for want of home colonies",
    )
    ALLIANCE_DECLINED = _base(
        "alliance.declined",
        WindowKind.EVENT,
        "an invited player has just turned the invitation down (that player)",
    )
    ALLIANCE_JOINED = _base(
        "alliance.joined",
        WindowKind.EVENT,
        "a player has just committed ships as an ally (that player, those ships)",
    )
    CARDS_DISCARDED = _base(
        "cards.discarded",
        WindowKind.EVENT,
        "a player has just discarded cards in one go: from hand, a card it played once used or"
        " cancelled, or its encounter card and kicker as the encounter ends (those cards)",
    )
    VICTORY_CHECK = _base(
        "victory.check",
        WindowKind.EVENT,
        "the game checks for winners; the foreign colonies each player needs can change",
    )
    DECISION_MADE = _base(
        "decision.made",
        WindowKind.EVENT,
        "a player has just made a choice in an encounter before the cards are revealed, not one"
        " about their own power (that decision)",
    )
    # the decks' events: what lasts "until the destiny deck is next drawn" ends here too
    DECK_RESHUFFLED = _base(
        "deck.reshuffled",
        WindowKind.EVENT,
        "the cosmic discard pile has just been shuffled into a new deck",
    )
    DESTINY_DRAWN = _base(
        "destiny.drawn",
        WindowKind.EVENT,
        "a destiny card has just been drawn (each card drawn again counts)",
    )
    DESTINY_RESHUFFLED = _base(
        "destiny.reshuffled",
        WindowKind.EVENT,
        "the destiny discard pile has just been shuffled into a new destiny deck",
    )
    RESPONSE_POWER = _base("response.power", WindowKind.RESPONSE, "an alien power is being used")
    RESPONSE_CARD = _base(
        "response.card",
        WindowKind.RESPONSE,
        "a flare, artifact or edict is being played",
    )
    RESPONSE_ZAP = _base(
        "response.zap",
        WindowKind.RESPONSE,
        "a zap is being played against a power or a card",
    )
    RESPONSE_DEAL = _base("response.deal", WindowKind.RESPONSE, "a deal has just been made")


# Another name for Window, which the rules of play import.
Windows = Window
