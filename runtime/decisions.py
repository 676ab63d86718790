"""Decisions: every choice a player makes, as (who, what kind, legal options) in, an answer out.

An answer is a sorted tuple of option indices. Most decisions pick exactly one option; a
decision with `caps` is a multiset pick (e.g. how many ships from each colony).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Answer = tuple[int, ...]


class IllegalAnswer(ValueError):
    """An agent or a trace gave an answer the decision does not allow."""


@dataclass(slots=True)
class Decision:
    player: int
    kind: str  # a stable name such as "launch.planet" or "power.use"
    prompt: str
    options: Sequence[Any]
    minimum: int = 1
    maximum: int = 1
    caps: Sequence[int] | None = None
    labeler: Callable[[Any], str] | None = None
    passive: int | None = None  # the do-nothing option, if there is one
    about_own_power: bool = (
        False  # a choice about the chooser's own power (no power may take it over)
    )
    secret: bool = False  # answered without seeing other players' answers to the same question

    def label(self, index: int) -> str:
        option = self.options[index]
        return self.labeler(option) if self.labeler else str(option)

    def labels(self) -> list[str]:
        return [self.label(i) for i in range(len(self.options))]

    @property
    def single(self) -> bool:
        return self.minimum == 1 and self.maximum == 1 and self.caps is None

    def check(self, answer: Answer) -> Answer:
        """Return the answer in canonical (sorted) form, or raise IllegalAnswer."""
        picked = tuple(sorted(answer))
        if not self.minimum <= len(picked) <= self.maximum:
            raise IllegalAnswer(
                f"{self.kind}: expected {self.minimum}..{self.maximum} picks, got {len(picked)}"
            )
        n = len(self.options)
        counts: dict[int, int] = {}
        for i in picked:
            if not isinstance(i, int) or not 0 <= i < n:
                raise IllegalAnswer(f"{self.kind}: option {i!r} is not one of 0..{n - 1}")
            counts[i] = counts.get(i, 0) + 1
        for i, c in counts.items():
            cap = self.caps[i] if self.caps is not None else 1
            if c > cap:
                raise IllegalAnswer(
                    f"{self.kind}: option {self.label(i)!r} picked {c} times (at most {cap})"
                )
        return picked

    def describe(self) -> str:
        shown = ", ".join(self.labels()[:12])
        more = "" if len(self.options) <= 12 else f", ... ({len(self.options)} in all)"
        return f"player {self.player} {self.kind}: {self.prompt} [{shown}{more}]"


def different_answer(decision: Decision, answer: Answer) -> Answer:
    """A legal answer other than `answer`, if the decision has one (else `answer` itself)."""
    n = len(decision.options)
    if decision.single:
        return answer if n < 2 else ((answer[0] + 1) % n,)
    caps = list(decision.caps) if decision.caps is not None else [1] * n
    counts = [answer.count(i) for i in range(n)]
    spare = [i for i in range(n) if counts[i] < caps[i]]
    if len(answer) > decision.minimum:
        return answer[:-1]
    if len(answer) < decision.maximum and spare:
        return tuple(sorted((*answer, spare[0])))
    if answer and spare:
        swapped = [*answer[1:], next((i for i in spare if i != answer[0]), spare[0])]
        if sorted(swapped) != list(answer):
            return tuple(sorted(swapped))
    return answer
