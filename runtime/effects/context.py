"""The context one effect runs in: whose it is, which card and hook, the event it reacts to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runtime.cards import Hook
    from runtime.table import Table


class Stop(Exception):
    """Raised to end the rest of an effect (a player paid to prevent it)."""


class Ctx:
    __slots__ = (
        "card",
        "event",
        "game",
        "hook",
        "moved",
        "names",
        "nudge",
        "period",
        "subject",
        "they",
        "you",
    )

    def __init__(
        self, game: Table, you: int, hook: Hook, event: Any = None, card: int | None = None
    ) -> None:
        self.game = game
        self.you = you  # the seat the effect belongs to
        self.hook = hook
        self.event = event  # the event of an event or response window, else None
        self.card = card  # the instance being played, for card plays
        self.they = you  # the player bound by `for each`
        self.subject = you  # the player the current statement acts for
        self.period: Any = None  # how long restrictions and delayed effects made now last
        # the cards the effect's last card move handled ("those cards"); shared by copies
        self.moved: list[int] = []
        # what players named in this use of the effect ("the named card type"); shared by
        # copies, so a delayed effect of the same use still knows it
        self.names: dict[str, int | str] = {}
        self.nudge = 0  # added to each number the effect states (hired help: +1, -1 or 0)

    def copy(self) -> Ctx:
        other = Ctx(self.game, self.you, self.hook, self.event, self.card)
        other.they, other.subject, other.period = self.they, self.subject, self.period
        other.moved, other.nudge, other.names = self.moved, self.nudge, self.names
        return other

    def with_they(self, seat: int) -> Ctx:
        other = self.copy()
        other.they = seat
        return other

    def with_subject(self, seat: int) -> Ctx:
        if seat == self.subject:
            return self
        other = self.copy()
        other.subject = seat
        return other
