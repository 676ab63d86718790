"""What compiling one card file produced (CardFile: its card, diagnostics, kind and key spans), in
a module of its own that loads no compiler stage, so that reading compiled files back from the
compile cache costs no more than the record itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler import diagnostics as d
from runtime.cards import CardDef


@dataclass
class CardFile:
    """What compiling one card file produced."""

    path: str
    card: CardDef | None
    diagnostics: list[d.Diagnostic] = field(default_factory=list)
    kind: str | None = None
    # where key fields sit, for cross-card checks
    spans: dict[str, d.Span] = field(default_factory=dict)
    declared_id: str | None = None  # the id the file gives, even when the card failed to compile
