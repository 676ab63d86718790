"""Asking the players: a decision in, an answer out, checked unless the agent is trusted,
recorded, and announced where a card could negate it (then asked again). The table
(runtime/table.py) is built on this."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from runtime.decisions import Answer, Decision, different_answer
from runtime.interfaces import Hooks
from runtime.state import State
from runtime.table_events import DecisionMade
from runtime.view import PlayerView
from runtime.windows import Windows


class Agent(Protocol):
    def decide(self, decision: Decision, view: PlayerView) -> Answer: ...


_new = object.__new__  # read once: choose() makes its decision with it

DECISION_MADE = Windows.DECISION_MADE  # read once: a class attribute read is a lookup each time

# Choices about the chooser's own power, which nothing may negate.
OWN_POWER_KINDS = frozenset({"power.use", "power.order", "power.keep", "flare.upgrade"})


def negatable(game: Asking, decision: Decision, answer: Answer) -> bool:
    """A choice made in an encounter before the reveal, that does something (not a pass), is
    not about the chooser's own power, and could have been made otherwise."""
    enc = game.state.encounter
    if enc is None or (enc.face_up[0] and enc.face_up[1]) or enc.outcome is not None:
        return False
    if decision.about_own_power or decision.kind in OWN_POWER_KINDS:
        return False
    if decision.secret:
        return False  # nobody has seen it to take it back
    if decision.player in game.powers_acting:
        return False  # a choice inside the player's own power's effect
    if not answer or (decision.passive is not None and answer == (decision.passive,)):
        return False  # a pass does nothing to take back
    return different_answer(decision, answer) != answer


class Asking:
    """The deciding half of the table."""

    agents: list[Agent]
    views: list[PlayerView]
    trusted: list[bool]
    answers: list[Answer]
    observer: Callable[[Any], None] | None
    dispatch: Hooks
    state: State
    powers_acting: list[int]

    if TYPE_CHECKING:

        def log(self, *event: Any) -> None: ...

    def ask(self, decision: Decision) -> Answer:
        if len(decision.options) == 1 and decision.single:
            return (0,)
        return self._answered(decision)

    def _answered(self, decision: Decision, again: bool = False) -> Answer:
        """Ask for an answer (checked unless the agent is trusted), record it and announce it,
        asking again if an effect negates it. `again`: the decision is asked anew after a
        negation, and the new answer is not announced."""
        seat = decision.player
        answer = self.agents[seat].decide(decision, self.views[seat])
        if not self.trusted[seat]:
            answer = decision.check(answer)
        self.answers.append(answer)
        if self.observer is not None:
            self.observer(self)
        # negated()'s first test first: most games have nothing that negates a choice
        if not again and self.dispatch.hears_choices and self.negated(decision, answer):
            answer = self.ask_again(decision, answer)
        return answer

    def negated(self, decision: Decision, answer: Answer) -> bool:
        """Announce a choice just made (decision.made), if it may be negated; True when an effect
        negated it."""
        if not (self.dispatch.listening(DECISION_MADE) and negatable(self, decision, answer)):
            return False
        made = DecisionMade(decision, answer)
        self.dispatch.event(DECISION_MADE, made)
        return made.negated

    def ask_again(self, decision: Decision, previous: Answer) -> Answer:
        """Ask a negated decision again: the player must answer differently."""
        self.log("effect", decision.player, f"must choose again: {decision.prompt}")
        if decision.single:
            keep = [i for i in range(len(decision.options)) if (i,) != previous]
            again = Decision(
                decision.player,
                decision.kind,
                decision.prompt,
                [decision.options[i] for i in keep],
                labeler=decision.labeler,
            )
            (i,) = self.ask(again)
            return (keep[i],)
        for _ in range(20):
            answer = self._answered(decision, True)
            if answer != previous:
                return answer
        return different_answer(decision, previous)

    def choose(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: Sequence[Any],
        labeler: Callable[[Any], str] | None = None,
        passive: int | None = None,
    ) -> Any:
        """Ask for exactly one of `options` and return it."""
        if len(options) == 1:
            return options[0]  # the only legal answer: ask() gives it without asking anyone
        # Decision(player, kind, prompt, options, labeler=labeler, passive=passive), made and
        # filled in here: the class call would run the dataclass's __init__ as one more call, on
        # the decision every game asks most (tests/runtime/test_decision_building.py: the same)
        asked: Decision = _new(Decision)
        asked.player = player
        asked.kind = kind
        asked.prompt = prompt
        asked.options = options
        asked.minimum = 1
        asked.maximum = 1
        asked.caps = None
        asked.labeler = labeler
        asked.passive = passive
        asked.about_own_power = False
        asked.secret = False
        (i,) = self._answered(asked)
        return options[i]

    def yes_no(self, player: int, kind: str, prompt: str) -> bool:
        return self.choose(player, kind, prompt, ("no", "yes"), passive=0) == "yes"

    def choose_many(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: Sequence[Any],
        minimum: int,
        maximum: int,
        labeler: Callable[[Any], str] | None = None,
        caps: Sequence[int] | None = None,
    ) -> list[Any]:
        if maximum <= 0 or not options:
            return []
        if len(options) == 1 and minimum == 1 and maximum == 1 and caps is None:
            return [options[0]]  # as ask() answers it
        asked = Decision(player, kind, prompt, options, minimum, maximum, caps, labeler)
        picked = []  # a loop: before Python 3.12 a comprehension is a function to make and call
        for i in self._answered(asked):
            picked.append(options[i])
        return picked
