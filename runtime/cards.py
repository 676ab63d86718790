"""Card definitions as the engine sees them: a CardDef per card id, its hooks, and the packs holding them.

This is the contract the compiler targets: it turns card files into these records, and the
engine never learns of a card any other way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from runtime.record import Record, record

if TYPE_CHECKING:  # only in annotations: loading card records need not load the IR's classes
    from runtime import ir

# The kinds a card file may have: the base game's, then each rules module's `card_kinds` in the
# order the modules register (runtime/extension.py adds them), so whole once the language is
# loaded. A list, filled in place, so that every module holding it sees the modules' kinds.
CARD_KINDS: list[str] = [
    "alien",
    "flare",
    "encounter",
    "reinforcement",
    "artifact",
    "destiny",
    "edict",
    "kicker",
    "combo",
]

# Kinds that are shuffled into the cosmic deck when their pack is in play.
COSMIC_DECK_KINDS: frozenset[str] = frozenset(
    {"encounter", "reinforcement", "artifact", "edict", "kicker"}
)


@record
class Hook(Record):
    """One way a card acts: a part of an alien power, a flare half, a card's play, a setup step."""

    card: str
    name: str
    kind: str  # "power" | "wild" | "super" | "play" | "setup" | "in play"
    window: str
    effect: ir.Node
    roles: tuple[str, ...] = ()
    optional: bool = False
    condition: ir.Node | None = None
    cost: ir.Node | None = None
    limit: str | None = None  # "encounter" | "turn" | "game"
    text: str = ""
    # A super flare that upgrades a power names it; the engine offers the flare when that power acts.
    upgrades: str | None = None
    # Where a dealt card's hook acts from (runtime/extension.py, `card_kinds`): its owner's
    # hidden pile ("cache") or once laid before a player ("laid").
    zone: str = "laid"
    decider: str = "owner"  # who answers `use: optional` for a laid card: "owner" | "holder"
    users: bool = False  # a laid card acting for each player allowed to use it


@dataclass(frozen=True, slots=True)  # not a record: `attrs` defaults to a new dict
class CardDef(Record):
    id: str
    kind: str
    name: str
    pack: str
    text: str = ""
    copies: int = 1
    type: str | None = None  # encounter: attack/negotiate/morph; destiny: color/wild/special
    value: int | None = None  # attack value, kicker multiplier
    color: str | None = None  # destiny colour
    alien: str | None = None  # owning alien of a flare or of a card of an alien's own set
    hooks: tuple[Hook, ...] = ()
    target: ir.Node | None = None  # special destiny: whom it points at
    requires: tuple[str, ...] = ()  # setup options the card needs
    min_players: int | None = None
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        if self.kind == "encounter" and self.type == "attack":
            return f"attack {self.value:02d}"
        return self.name


def fits(card: CardDef, wanted: ir.CardFilter) -> bool:
    """Whether a card is of the kind a filter asks for (its name, type and value range)."""
    if wanted.named is not None and card.id != wanted.named:
        return False
    if wanted.types is not None and card.kind not in wanted.types and card.type not in wanted.types:
        return False
    if wanted.min_value is not None and (card.value is None or card.value < wanted.min_value):
        return False
    return not (
        wanted.max_value is not None and (card.value is None or card.value > wanted.max_value)
    )


@record
class OptionDef(Record):
    """A setup option a pack declares (a rule variant), with its default."""

    name: str
    default: Any
    doc: str
    pack: str
    choices: tuple[Any, ...] = ()
    needs: tuple[str, ...] = ()  # options that must be on for this one to be on
    minimum: int | None = None  # the range of a whole-number option
    maximum: int | None = None


@record
class PackDef(Record):
    id: str
    name: str
    version: str
    requires: tuple[str, ...] = ()
    options: tuple[OptionDef, ...] = ()
    min_players: int = 3
    max_players: int = 5
    overrides: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()  # the rules modules the pack's mechanics need (runtime/modules/)


@record
class CardSet(Record):
    """The linked output of the compiler: every card of the selected packs, by id."""

    cards: Mapping[str, CardDef]
    packs: Mapping[str, PackDef]

    def options(self) -> dict[str, OptionDef]:
        return {o.name: o for p in self.packs.values() for o in p.options}
