"""What the game table announces and raises: the events of the gain.* and decision.made windows,
the replaceable card events (cards leaving a hand, a draw from the deck), and the exceptions
that end a game or an encounter at once (plain data, no behaviour)."""

from __future__ import annotations

from runtime.decisions import Answer, Decision
from runtime.windows import Window


class GameOver(Exception):
    """Raised inside the turn loop when the game ends; caught by the loop."""


class EncounterEnded(Exception):
    """Raised by an effect that ends the encounter at once (e.g. a colony handed over)."""

    def __init__(self, success: bool) -> None:
        super().__init__(success)
        self.success = success


# How a player came by cards -> the event window that announces it.
GAIN_WINDOWS: dict[str, Window] = {
    "compensation": Window.GAIN_COMPENSATION,
    "rewards": Window.GAIN_REWARDS,
    "new hand": Window.GAIN_NEW_HAND,
    "power": Window.GAIN_POWER,
    "flare": Window.GAIN_FLARE,
    "card": Window.GAIN_CARD,
    "purchase": Window.GAIN_PURCHASE,
    "deal": Window.GAIN_DEAL,
    "deck": Window.DECK_DRAWN,  # any draw from the cosmic deck, whatever it is for
}


class CardsGained:
    """The event of a gain.* window: `seat` has just taken `instances` into its hand."""

    __slots__ = ("count", "how", "instances", "seat")

    def __init__(self, seat: int, instances: list[int], how: str) -> None:
        self.seat = seat
        self.instances = instances
        self.count = len(instances)
        self.how = how


class DecisionMade:
    """The event of decision.made: a player's answer, which an effect may negate."""

    __slots__ = ("answer", "decision", "negated", "seat")

    def __init__(self, decision: Decision, answer: Answer) -> None:
        self.seat = decision.player
        self.decision = decision
        self.answer = answer
        self.negated = False


class HandEvent:
    """The event of cards.leaving: `instances` are about to leave `seat`'s hand for player `to`
    (-1: a discard pile), `why` saying how ("discard", "compensation", "take", "give", "deal",
    "new hand"). An effect may cancel it (nothing leaves) or keep some of the cards back."""

    __slots__ = ("cancelled", "instances", "named", "seat", "to", "why")

    def __init__(self, seat: int, instances: list[int], to: int, why: str) -> None:
        self.seat = seat
        self.instances = instances
        self.to = to
        self.why = why
        self.named = len(instances)  # "that many": what the event named, whatever stays behind
        self.cancelled = False

    @property
    def count(self) -> int:
        return len(self.instances)


class DrawEvent:
    """The event of deck.drawing: `seat` is about to draw `count` cards from the cosmic deck.
    An effect may cancel the draw or change how many are drawn."""

    __slots__ = ("cancelled", "count", "seat")

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count
        self.cancelled = False
