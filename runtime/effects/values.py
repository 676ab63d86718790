"""Evaluated arguments: what an op receives once the IR of its arguments has been evaluated."""

from __future__ import annotations

from dataclasses import dataclass

from runtime import ir


@dataclass(slots=True)
class CardsArg:
    count: int | None  # None = all that match
    filter: ir.CardFilter
    owner: int  # seat whose hand (or -1 for a pile)
    random: bool = False
    up_to: bool = False
    each_type: bool = False
    zone: str = "hand"
    instances: list[int] | None = None  # specific cards (from a card reference)


@dataclass(slots=True)
class AliensArg:
    """Alien sheets an op acts on: of the unused pile (`owner` -1), or held by a player."""

    source: str  # "unused" | "sheet" | "other" | "held"
    count: int | None  # None = all of them
    owner: int
    random: bool = False
    up_to: bool = False


@dataclass(slots=True)
class PlaceArg:
    kind: str
    owner: int  # -1 when the place has no owner (the warp as a whole, the deck)
    empty: bool = False  # only planets with no ships at all


@dataclass(slots=True)
class ShipsArg:
    count: int | None  # None = all
    owner: int
    place: PlaceArg | None
    up_to: bool = False
    event: bool = False  # the ships of the event being handled


@dataclass(slots=True)
class CardTarget:
    """A specific card: an instance, and the encounter side it stands for (if any)."""

    instance: int | None
    side: int | None = None


@dataclass(slots=True)
class CardSpec:
    """What a card becomes: a type and value, or a copy of another card."""

    type: str | None
    value: int | None = None
    copy_of: CardTarget | None = None


@dataclass(slots=True)
class QuantityArg:
    """A number the game keeps (a measure) for one owner, which ops may change."""

    measure: str
    owners: list[int]


@dataclass(slots=True)
class AmountArg:
    """How much of a counted thing: money, rewards."""

    what: str
    count: int
    up_to: bool = False
