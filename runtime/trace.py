"""Traces: a game as (setup, answers, final digest) in JSON; replaying one must reach the same digest.

A trace is the complete description of a game because every choice goes through a Decision and
all randomness through the state's seeded RNG.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.game import Game, PlayerView
from runtime.setup import Setup, SetupError

FORMAT = "cosmic-trace"
VERSION = 1


class TraceError(Exception):
    """A trace that cannot be read or does not replay; the message says where and why."""


@dataclass(frozen=True)
class Trace:
    setup: Setup
    answers: tuple[Answer, ...]
    digest: str
    cards: str = ""  # fingerprint of the card set the game was played with
    winners: tuple[int, ...] = ()
    turns: int = 0

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "setup": self.setup.to_data(),
                "cards": self.cards,
                "answers": [list(a) for a in self.answers],
                "digest": self.digest,
                "winners": list(self.winners),
                "turns": self.turns,
            },
            indent=1,
        )

    @classmethod
    def of(cls, game: Game, cards: str = "") -> Trace:
        st = game.state
        return cls(game.setup, tuple(game.answers), st.digest(), cards, tuple(st.winners), st.turn)

    @classmethod
    def parse(cls, text: str, where: str = "trace") -> Trace:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TraceError(
                f"{where}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}"
            ) from None
        except RecursionError:
            raise TraceError(f"{where}: not valid JSON: nested too deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TraceError(f'{where}: not a cosmic trace (no "format": "{FORMAT}")')
        version = data.get("version")
        if not _is_int(version) or version != VERSION:
            raise TraceError(
                f"{where}: trace version {version!r} is not supported (expected {VERSION})"
            )
        missing = [k for k in ("setup", "answers", "digest") if k not in data]
        if missing:
            raise TraceError(f"{where}: the trace lacks {', '.join(missing)}")
        if not isinstance(data["setup"], dict):
            raise TraceError(f"{where}: bad setup: expected an object, got {data['setup']!r}")
        try:
            setup = Setup.from_data(data["setup"])
        except SetupError as exc:
            raise TraceError(f"{where}: bad setup: {exc}") from None
        if setup.players < 1:
            raise TraceError(f"{where}: bad setup: {setup.players} players")
        answers = data["answers"]
        if not isinstance(answers, list) or not all(
            isinstance(a, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in a)
            for a in answers
        ):
            raise TraceError(f"{where}: 'answers' must be a list of lists of option numbers")
        digest, cards = data["digest"], data.get("cards", "")
        winners, turns = data.get("winners", []), data.get("turns", 0)
        if not isinstance(digest, str) or not isinstance(cards, str):
            raise TraceError(f"{where}: 'digest' and 'cards' must be strings")
        if not isinstance(winners, list) or not all(_is_int(w) for w in winners):
            raise TraceError(f"{where}: 'winners' must be a list of seat numbers")
        if not _is_int(turns):
            raise TraceError(f"{where}: 'turns' must be a whole number, not {turns!r}")
        return cls(
            setup,
            tuple(tuple(a) for a in answers),
            digest,
            cards,
            tuple(winners),
            turns,
        )

    @classmethod
    def read(cls, path: Path) -> Trace:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TraceError(f"{path}: cannot read the trace: {exc}") from None
        return cls.parse(text, str(path))

    def write(self, path: Path) -> None:
        """Write atomically, so an interrupted run never leaves half a trace."""
        text = self.to_json()
        tmp = path.with_suffix(path.suffix + ".part")
        try:
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ReplayAgent:
    """Gives back a trace's answers in order, checking each fits the decision asked."""

    def __init__(self, answers: Sequence[Answer]) -> None:
        self.answers = list(answers)
        self.next = 0

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        if self.next >= len(self.answers):
            raise TraceError(
                f"the trace ran out of answers at decision {self.next + 1}: {decision.describe()}"
            )
        answer = self.answers[self.next]
        try:
            decision.check(answer)
        except IllegalAnswer as exc:
            raise TraceError(f"answer {self.next + 1} of the trace does not fit: {exc}") from None
        self.next += 1
        return answer


def replay(trace: Trace, cards: Any, rules: Any = None) -> Game:
    """Play a trace's game again; raises TraceError if it diverges or ends elsewhere."""
    from runtime.rules.turn import play_game

    agent = ReplayAgent(trace.answers)
    try:
        game = Game(cards, trace.setup, [agent] * trace.setup.players, rules=rules, log=True)
    except SetupError as exc:
        raise TraceError(f"the trace's setup cannot be played: {exc}") from None
    play_game(game)
    if agent.next != len(trace.answers):
        raise TraceError(
            f"the game ended after {agent.next} of the trace's {len(trace.answers)} answers"
        )
    digest = game.state.digest()
    if digest != trace.digest:
        raise TraceError(
            f"the replay ends in state {digest[:12]}, not the recorded {trace.digest[:12]}"
        )
    return game
