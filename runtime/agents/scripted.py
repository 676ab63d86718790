"""The scripted agent for tests: answers come from a list; a decision nobody scripted is an error."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.view import PlayerView


class UnscriptedDecision(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(f"unscripted decision: {decision.describe()}")
        self.decision = decision


@dataclass
class Scripted:
    """One scripted answer: labels of the options to pick (or indices), for a decision kind."""

    answer: tuple[str | int, ...]
    kind: str | None = None


class ScriptedAgent:
    """Answers decisions in order from a shared script of (player, kind, labels) entries.

    A fallback may answer what the script leaves out (e.g. always pass on card plays); without
    one, an unscripted decision raises UnscriptedDecision.
    """

    def __init__(
        self,
        script: list[tuple[int, Scripted]],
        fallback: Callable[[Decision], Answer | None] | None = None,
    ) -> None:
        self.script = script
        self.fallback = fallback

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        for i, (player, entry) in enumerate(self.script):
            if player != decision.player:
                continue
            if entry.kind is not None and entry.kind != decision.kind:
                continue
            del self.script[i]
            return resolve(decision, entry.answer)
        if self.fallback is not None:
            answer = self.fallback(decision)
            if answer is not None:
                return answer
        raise UnscriptedDecision(decision)


def resolve(decision: Decision, picks: Iterable[str | int]) -> Answer:
    """Turn scripted picks (option labels, label prefixes or indices) into an answer; a number
    picks the option labelled with it, if there is one, else the option at that index."""
    labels = decision.labels()
    out: list[int] = []
    for pick in picks:
        if isinstance(pick, int) and not isinstance(pick, bool) and str(pick) not in labels:
            out.append(pick)  # an index, where no option is labelled with the number itself
            continue
        text = str(pick)
        candidates = [i for i, label in enumerate(labels) if label == text]
        candidates = candidates or [i for i, label in enumerate(labels) if label.startswith(text)]
        for i in candidates:
            cap = decision.caps[i] if decision.caps is not None else 1
            if out.count(i) < cap:
                out.append(i)
                break
        else:
            raise IllegalAnswer(f"'{text}' is not an option of {decision.describe()}")
    return tuple(out)
