"""The words of the replaceable card events (cards.leaving, deck.drawing): conditions on where
the cards go and why, and cards kept back in the hand; registered in runtime/registry.py's tables
on import."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import cards_matching
from runtime.registry import T, Written, op, predicate
from runtime.table_events import HandEvent


def _leaving(ctx: Ctx) -> HandEvent | None:
    event = ctx.event
    return event if isinstance(event, HandEvent) else None


@predicate(
    "cards being discarded",
    "the cards a cards.leaving event names are about to go to a discard pile",
    "are being discarded",
    "is being discarded",
    args=(T.CARDS,),
    example=Written("cards.leaving", "if those cards are being discarded, draw 1 card"),
)
def _being_discarded(ctx: Ctx, cards: v.CardsArg) -> bool:
    event = _leaving(ctx)
    return event is not None and event.to < 0


@predicate(
    "cards going to",
    "the cards a cards.leaving event names are about to go to one of the players' hands",
    "are going to",
    "is going to",
    args=(T.CARDS, T.PLAYERS),
)
def _going_to(ctx: Ctx, cards: v.CardsArg, seats: list[int]) -> bool:
    event = _leaving(ctx)
    return event is not None and event.to >= 0 and event.to in seats


def _reason(why: str, written: str, doc: str, example: Written | None = None) -> None:
    """A condition on what a cards.leaving event is for (`why`, as the event says it)."""

    def test(ctx: Ctx, cards: v.CardsArg) -> bool:
        event = _leaving(ctx)
        return event is not None and event.why == why

    predicate(
        f"cards leaving {written}",
        doc,
        f"are leaving {written}",
        f"is leaving {written}",
        args=(T.CARDS,),
        example=example,
    )(test)


_reason("compensation", "as compensation", "the cards a cards.leaving event names are compensation")
_reason(
    "deal",
    "in a deal",
    "the cards a cards.leaving event names are given in a deal",
    Written("cards.leaving", "if those cards are leaving in a deal, draw 1 card"),
)
_reason(
    "new hand",
    "for a new hand",
    "the cards a cards.leaving event names are discarded for a new hand",
)


@op(
    "cards stay",
    "stay",
    doc="The cards named stay in the hand they were about to leave (the rest of the event goes"
    " on).",
    subject=T.CARDS,
)
def cards_stay(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    event = _leaving(ctx)
    if event is None:
        return
    staying = set(cards_matching(ctx, cards))
    kept = [c for c in event.instances if c in staying]
    if kept:
        event.instances = [c for c in event.instances if c not in staying]
        ctx.game.log("effect", event.seat, f"keeps {len(kept)} card(s) in hand")
