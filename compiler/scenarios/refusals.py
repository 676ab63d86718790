"""Refused answers in scenario tests: `expect: refused:` lists answers that the engine must not
accept at the first decision of their player and kind. In: the scripted entries; out: a failure
for each answer that was accepted, or whose decision never came."""

from __future__ import annotations

from dataclasses import dataclass, field

from runtime.agents.scripted import Scripted, resolve
from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.game import PlayerView


@dataclass(slots=True)
class Refusal:
    seat: int
    entry: Scripted
    line: int  # where the entry sits in the scenario file


def accepted(decision: Decision, picks: tuple[str | int, ...]) -> bool:
    """Whether the engine would take these picks as an answer to the decision: every pick names
    an offered option (labels match exactly) and the count and caps fit."""
    labels = decision.labels()
    if any(isinstance(p, str) and p not in labels for p in picks):
        return False
    try:
        decision.check(resolve(decision, picks))
    except IllegalAnswer:
        return False
    return True


@dataclass
class RefusalWatch:
    """Wraps the scenario's agent: before each decision is answered, checks the refusals waiting
    for that player and kind, then lets the inner agent answer as scripted."""

    inner: object
    pending: list[Refusal]
    failures: list[tuple[int, str]] = field(default_factory=list)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        for i, refusal in enumerate(self.pending):
            if refusal.seat == decision.player and refusal.entry.kind == decision.kind:
                del self.pending[i]
                if accepted(decision, refusal.entry.answer):
                    shown = ", ".join(str(p) for p in refusal.entry.answer)
                    self.failures.append(
                        (
                            refusal.line,
                            f"[{shown}] should be refused, but fits {decision.describe()}",
                        )
                    )
                break
        answer: Answer = self.inner.decide(decision, view)  # type: ignore[attr-defined]
        return answer

    def report(self, color_of: list[str]) -> list[tuple[int, str]]:
        """The failures: accepted answers, and refusals whose decision never came."""
        missing = [
            (r.line, f"no {color_of[r.seat]} {r.entry.kind} decision came, so nothing was refused")
            for r in self.pending
        ]
        return [*self.failures, *missing]
