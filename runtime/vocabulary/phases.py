"""Conditions on the phase of the encounter ("the encounter is in the resolution phase"): one
for each of the seven phases, true from the phase's first step window until the next phase's."""

from __future__ import annotations

from collections.abc import Callable

from runtime.effects.context import Ctx
from runtime.registry import T, Written, predicate

PHASES = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")
# examples for the reference, of the phases no bundled card tests
_WRITTEN = {
    "regroup": "if the encounter is in the regroup phase, draw 1 card",
    "alliance": "if the encounter is in the alliance phase, you may draw 1 card",
    "planning": "if the encounter is in the planning phase, each ally draws 1 card",
    "reveal": "if the encounter is in the reveal phase, the opponent draws 1 card",
}


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
        example=Written("ships.to_warp", _WRITTEN[_phase]) if _phase in _WRITTEN else None,
    )(_in_phase(_phase))
