"""The replaceable card events a table opens: cards about to leave a hand (whose, which, to whom,
why) and a draw from the cosmic deck (who, how many); in: what is about to happen, out: what
still happens once the cards listening have replaced or changed it."""

from __future__ import annotations

from typing import Protocol

from runtime.interfaces import Hooks
from runtime.table_events import DrawEvent, HandEvent
from runtime.windows import Window


class Table(Protocol):
    """What these events need of the table (which imports this module)."""

    dispatch: Hooks
    holder: list[int]


def leaving(game: Table, seat: int, cards: list[int], to: int, why: str) -> list[int]:
    """The cards of `seat`'s hand that still leave it after cards.leaving (none when an effect
    replaced the event; those an effect kept back stay in the hand)."""
    if not cards or not game.dispatch.listening(Window.CARDS_LEAVING):
        return cards
    event = HandEvent(seat, list(cards), to, why)
    game.dispatch.event(Window.CARDS_LEAVING, event)
    if event.cancelled:
        return []
    holder = game.holder
    return [c for c in event.instances if holder[c] == seat]


def drawing(game: Table, seat: int, count: int) -> int:
    """How many cards `seat` still draws from the deck after deck.drawing (0 when replaced)."""
    if count <= 0 or not game.dispatch.listening(Window.DECK_DRAWING):
        return count
    event = DrawEvent(seat, count)
    game.dispatch.event(Window.DECK_DRAWING, event)
    return 0 if event.cancelled else max(0, event.count)


def leaving_hands(game: Table, cards: list[int], to: int, why: str) -> list[int]:
    """Of `cards`, those that still go after each holder's cards.leaving event (cards that are
    in no hand always go)."""
    held: dict[int, list[int]] = {}
    for card in cards:
        if game.holder[card] >= 0:
            held.setdefault(game.holder[card], []).append(card)
    if not held:
        return cards
    going = {c for seat, group in held.items() for c in leaving(game, seat, group, to, why)}
    in_hands = {c for group in held.values() for c in group}
    return [c for c in cards if c in going or c not in in_hands]
