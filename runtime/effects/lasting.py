"""What outlasts the moment an effect runs (periods, restrictions, delayed and recurring effects)
and the use counts of limited hooks: the data, and the dispatcher's methods that keep it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime.effects.context import Ctx

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(slots=True)
class Period:
    """How long a lasting effect holds: this encounter, this turn, the game, a run of
    encounters (by serial number) or of turns (by turn number), or while a condition holds."""

    scope: str
    first: int = 0
    last: int = 0
    guard: Any = None  # for "while": a no-argument test

    def covers(self, serial: int, turn: int) -> bool:
        if self.scope in ("encounter", "encounters"):
            return self.first <= serial <= self.last
        if self.scope == "turns":
            return self.first <= turn <= self.last
        if self.scope == "while":
            return bool(self.guard())
        return True

    def over(self, scope: str, serial: int, turn: int) -> bool:
        """Whether the period has ended once `scope` ends (encounter `serial` just finished, or
        turn `turn` just began)."""
        if self.scope in ("encounter", "encounters"):
            return scope == "encounter" and self.last <= serial
        if self.scope == "turns":
            return scope == "turn" and self.last < turn  # expired as the next turn begins
        if self.scope == "turn":
            return scope == "turn"
        if self.scope == "while":
            return not self.guard()
        return False


@dataclass(slots=True)
class Restriction:
    action: str
    seats: frozenset[int]
    period: Period
    source: str = ""


@dataclass(slots=True)
class Recurring:
    """A delayed effect that fires in each encounter its period covers."""

    window: str
    run: Any
    ctx: Ctx
    period: Period


@dataclass(slots=True)
class DelayedHook:
    window: str
    run: Any
    ctx: Ctx


class Lasting:
    """The part of the dispatcher that keeps use counts, restrictions and recurring effects."""

    game: Table
    restrictions: list[Restriction]
    recurring: list[Recurring]

    def _counter(self, limit: str | None) -> tuple[dict[str, int] | None, str]:
        """Where uses under a limit are counted, and the key prefix (a per-turn count is keyed by
        the turn, so it starts again each turn)."""
        st = self.game.state
        if limit == "encounter":
            return (st.encounter.used if st.encounter is not None else None), ""
        if limit == "turn":
            return st.used, f"turn {st.turn}:"
        return (st.used if limit else None), f"{limit}:"

    def forget_old_uses(self) -> None:
        """Drop the use counts of turns gone by (a new turn has begun)."""
        used = self.game.state.used
        current = f"turn {self.game.state.turn}:"
        for key in [k for k in used if k.startswith("turn ") and not k.startswith(current)]:
            del used[key]

    def used(self, limit: str | None, key: str) -> int:
        table, prefix = self._counter(limit)
        return table.get(prefix + key, 0) if table is not None else 0

    def add_use(self, limit: str | None, key: str, count: int = 1) -> None:
        table, prefix = self._counter(limit)
        if table is not None:
            table[prefix + key] = table.get(prefix + key, 0) + count

    # ------------------------------------------------------------------ restrictions

    def period(self, scope: str, count: int = 1, guard: Any = None) -> Period:
        """The period a lasting effect made now covers."""
        st = self.game.state
        serial = st.encounter_serial
        if scope == "encounters":
            return Period(scope, serial + 1, serial + count)
        if scope == "turns":
            return Period(scope, st.turn + 1, st.turn + count)
        return Period(scope, serial, serial, guard)

    def forbid(
        self, action: str, seats: frozenset[int], period: Period | None, source: str = ""
    ) -> None:
        self.restrictions.append(
            Restriction(action, seats, period or self.period("encounter"), source)
        )

    def forbidden(self, action: str, seat: int) -> bool:
        if not self.restrictions:
            return False
        st = self.game.state
        return any(
            r.action == action and seat in r.seats and r.period.covers(st.encounter_serial, st.turn)
            for r in self.restrictions
        )

    def pending(self, action: str, seat: int) -> bool:
        """Whether a restriction on the player is in force now or still to come."""
        return any(r.action == action and seat in r.seats for r in self.restrictions)

    def lift(self, action: str) -> None:
        """End every restriction of a kind at once."""
        self.restrictions = [r for r in self.restrictions if r.action != action]

    def expire(self, scope: str) -> None:
        """Drop the restrictions and recurring effects whose period ends with `scope`."""
        st = self.game.state
        serial, turn = st.encounter_serial, st.turn
        if self.restrictions:
            self.restrictions = [
                r for r in self.restrictions if not r.period.over(scope, serial, turn)
            ]
        if self.recurring:
            self.recurring = [h for h in self.recurring if not h.period.over(scope, serial, turn)]
