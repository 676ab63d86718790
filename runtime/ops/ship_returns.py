"""The op that sends ships back: `those ships return to the planets they came from` (or to a
place named), in: the ships named and the destination; out: the ships moved."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.ops.ship_arrivals import ARRIVALS
from runtime.ops.ship_moves import relocate
from runtime.registry import T, Written, op, pp


@op(
    "ships return",
    "return",
    pp("to", T.PLACE, "destination", places=ARRIVALS),
    doc="The ships named go back: to the planets they came from (each ship sent into the"
    " encounter to the planet it was sent from), or to the place named.",
    subject=T.SHIPS,
    example=Written(
        "resolution.after_outcome",
        "your ships in the encounter return to the planets they came from",
    ),
)
def ships_return(ctx: Ctx, seat: int, ships: v.ShipsArg, dest: v.PlaceArg) -> None:
    owner = ships.owner if ships.owner >= 0 else seat
    relocate(ctx, owner, owner, ships, ships.place, dest)
