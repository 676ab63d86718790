"""Evaluated arguments: what an op receives once the IR of its arguments has been evaluated."""

from __future__ import annotations

from dataclasses import dataclass

from runtime import ir
from runtime.effects.forms import PhraseError


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
    """A place, with the players it belongs to: one player's, several players' together (all of
    their planets of that kind), or nobody's (an owner phrase naming no one now)."""

    kind: str
    owners: tuple[int, ...]
    empty: bool = False  # only planets with no ships at all

    @property
    def owner(self) -> int:
        """The one player whose place it is (-1: nobody), for an op that wants one owner; the
        resolver refuses a place of several players there."""
        owners = self.owners
        if len(owners) == 1:
            return owners[0]
        if owners:
            raise PhraseError(
                f"the place '{self.kind}' of several players reached an op wanting one"
            )
        return -1


@dataclass(slots=True)
class ShipsArg:
    count: int | None  # None = all
    owner: int
    place: PlaceArg | None
    up_to: bool = False
    event: bool = False  # the ships of the event being handled


@dataclass(slots=True)
class EachOwner:
    """All the ships of several owners an op acts on ("all of the other players' ships"): the
    op acts on each owner's ships in turn."""

    ships: list[ShipsArg]


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
