"""A card file taken from the compile cache: its diagnostics, spans and the summary of its card that
the link stage reads (ids, kinds and references) come decoded; the card's full definition (hooks and
their IR) stays JSON text until something asks for it, so a validation never decodes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.module_needs import USES, words_used
from runtime.cards import CardDef

# the card attributes the link stage checks (flares, essence sets and combos that name aliens)
LINKED_ATTRS = ("aliens", "essence", "flare")


class CardSummary:
    """What the link stage reads of a card, under the same names a CardDef gives them."""

    __slots__ = ("alien", "attrs", "copies", "id", "kind", "name", "pack", "requires")
    # the order the store writes them in
    FIELDS = ("id", "kind", "name", "pack", "copies", "alien", "requires", "attrs")

    def __init__(
        self,
        id: str,
        kind: str,
        name: str,
        pack: str,
        copies: int,
        alien: str | None,
        requires: tuple[str, ...],
        attrs: dict[str, Any],
    ) -> None:
        self.id = id
        self.kind = kind
        self.name = name
        self.pack = pack
        self.copies = copies
        self.alien = alien
        self.requires = requires
        self.attrs = attrs

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSummary) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]


def summary_of(card: CardDef) -> CardSummary:
    attrs = {k: card.attrs[k] for k in LINKED_ATTRS if k in card.attrs}
    # the words the card's hooks use, for the check of the rules modules its pack names
    attrs[USES] = sorted(words_used(card))
    return CardSummary(
        card.id,
        card.kind,
        card.name,
        card.pack,
        card.copies,
        card.alien,
        tuple(card.requires),
        attrs,
    )


class StoredCardFile(CardFile):
    """A compiled card file from the store whose card is decoded on first use. A body that does
    not decode to a card matching its summary is never used: `fallback` compiles the file again
    (the store is then stale for that entry, and its next save writes the fresh result)."""

    def __init__(
        self,
        path: str,
        diagnostics: list[d.Diagnostic],
        kind: str | None,
        spans: dict[str, d.Span],
        declared_id: str | None,
        summary: CardSummary,
        body: str,
        fallback: Callable[[], CardFile] | None = None,
    ) -> None:
        self.path = path
        self.diagnostics = diagnostics
        self.kind = kind
        self.spans = spans
        self.declared_id = declared_id
        self.summary = summary
        self.body = body
        self.fallback = fallback
        self._card: CardDef | None = None

    @property
    def card(self) -> CardDef | None:
        if self._card is None:
            self._card = self._decode()
        return self._card

    @card.setter
    def card(self, value: CardDef | None) -> None:
        self._card = value

    @property
    def decoded(self) -> bool:
        return self._card is not None

    def _decode(self) -> CardDef | None:
        from compiler.pipeline.plain import BadData, decode_json

        try:
            card = decode_json(self.body)
        except BadData:
            card = None
        if isinstance(card, CardDef) and summary_of(card) == self.summary:
            return card
        if self.fallback is None:
            raise BadData(f"the stored card of {self.path} is damaged")
        return self.fallback().card

    def relocated(
        self, path: str, diagnostics: list[d.Diagnostic], spans: dict[str, d.Span]
    ) -> StoredCardFile:
        """The same entry shown at another path, its card still undecoded."""
        moved = StoredCardFile(
            path,
            diagnostics,
            self.kind,
            spans,
            self.declared_id,
            self.summary,
            self.body,
            self.fallback,
        )
        moved._card = self._card
        return moved

    def head(self) -> CardFile:
        """The plain card file without its card, as the store writes beside the body."""
        return CardFile(self.path, None, self.diagnostics, self.kind, self.spans, self.declared_id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardFile):
            return NotImplemented
        return _fields(self) == _fields(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StoredCardFile(path={self.path!r}, id={self.summary.id!r})"


def _fields(f: CardFile) -> tuple[Any, ...]:
    return (f.path, f.card, f.diagnostics, f.kind, f.spans, f.declared_id)


def summary(f: CardFile) -> CardDef | CardSummary | None:
    """What the link stage reads of a card file's card (None when it failed to compile), without
    decoding a stored one."""
    return f.summary if isinstance(f, StoredCardFile) else f.card
