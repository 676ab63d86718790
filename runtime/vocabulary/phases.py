"""Conditions on the phase of the encounter ("the encounter is in the resolution phase"): one
for each of the seven phases, true from the phase's first step window until the next phase's."""

from __future__ import annotations

from collections.abc import Callable

from runtime.effects.context import Ctx
from runtime.registry import T, predicate

PHASES = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")


def _in_phase(phase: str) -> Callable[[Ctx, str], bool]:
    def test(ctx: Ctx, _encounter: str) -> bool:
        return ctx.game.state.encounter is not None and ctx.game.dispatch.phase == phase

    return test


for _phase in PHASES:
    predicate(
        f"in the {_phase} phase",
        f"the encounter is in its {_phase} phase (an event, such as ships going to the warp,"
        f" happens during it)",
        f"is in the {_phase} phase",
        args=(T.WORD,),
        subject="the encounter",
    )(_in_phase(_phase))
