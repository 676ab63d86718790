"""Traces: a game as (setup, answers, outcome, card fingerprints) in JSON; replaying one must reach
the same outcome, or the same recorded failure, with the game's invariants checked at every step.

A trace is the complete description of a game because every choice goes through a Decision and
all randomness through the state's seeded RNG.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from runtime.cards import CardSet
from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.game import Game, PlayerView
from runtime.setup import MAX_PLAYERS, MAX_SEED, Setup, SetupError

FORMAT = "cosmic-trace"
VERSION = 1


MAX_DIGITS = 20  # no number in a trace needs more; longer ones are refused before conversion
# a string (skipped whole, digits inside it are no number) or an over-long number
_LONG_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|(-?\d{' + str(MAX_DIGITS + 1) + ",})")


class TraceError(Exception):
    """A trace that cannot be read or does not replay; the message says where and why."""


class EndOfTrace(TraceError):
    """The replay asked for one more answer than the trace holds."""


def pack_fingerprints(cards: CardSet, packs: Sequence[str]) -> dict[str, str]:
    """A content fingerprint of each pack's manifest and compiled cards, to tell when they change."""
    every = _fingerprints(cards)
    return {p: every[p] for p in packs if p in every}


_last: list[tuple[CardSet, dict[str, str]]] = []  # the card set last fingerprinted (one per run)


def _fingerprints(cards: CardSet) -> dict[str, str]:
    if _last and _last[0][0] is cards:
        return _last[0][1]
    out = {}
    for pack_id, pack in cards.packs.items():
        mine = sorted(_stable(c) for c in cards.cards.values() if c.pack == pack_id)
        text = _stable(pack) + "\n".join(mine)
        out[pack_id] = hashlib.sha256(text.encode()).hexdigest()[:16]
    _last[:] = [(cards, out)]
    return out


def _stable(value: Any) -> str:
    """A text of a card record that is the same in every run (sets sorted, whatever the hash seed)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ",".join(f"{f.name}={_stable(getattr(value, f.name))}" for f in fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, Mapping):
        return "{" + ",".join(sorted(f"{_stable(k)}:{_stable(v)}" for k, v in value.items())) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_stable(v) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_stable(v) for v in value) + "]"
    return repr(value)


def load_json(text: str, where: str = "trace") -> Any:
    """JSON text to data, refusing what the standard parser would choke on or misread: numbers
    too long to convert, NaN and Infinity, nesting too deep."""
    long = next((m for m in _LONG_NUMBER.finditer(text) if m.group(1)), None)
    if long is not None:
        line = text.count("\n", 0, long.start()) + 1
        col = long.start() - (text.rfind("\n", 0, long.start()) + 1) + 1
        raise TraceError(
            f"{where}:{line}:{col}: a number of {len(long.group(1))} digits; "
            f"no number in a trace has more than {MAX_DIGITS}"
        )

    def constant(name: str) -> Any:
        raise TraceError(f"{where}: '{name}' is not a number a trace can hold")

    try:
        return json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise TraceError(f"{where}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise TraceError(f"{where}: not valid JSON: nested too deeply") from None


@dataclass(frozen=True)
class Trace:
    setup: Setup
    answers: tuple[Answer, ...]
    digest: str
    cards: str = ""  # fingerprint of the card set the game was played with
    winners: tuple[int, ...] = ()
    turns: int = 0
    packs: Mapping[str, str] = field(default_factory=dict)  # pack id -> content fingerprint
    # a game that failed (soak): "error" with the exception it raised, or "stopped" where it was cut
    failure: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "setup": self.setup.to_data(),
            "cards": self.cards,
            "packs": dict(self.packs),
            "answers": [list(a) for a in self.answers],
            "digest": self.digest,
            "winners": list(self.winners),
            "turns": self.turns,
        }
        if self.failure:
            data["failure"] = dict(self.failure)
        return json.dumps(data, indent=1)

    @classmethod
    def of(cls, game: Game, cards: str = "", failure: Mapping[str, str] | None = None) -> Trace:
        st = game.state
        return cls(
            game.setup,
            tuple(game.answers),
            st.digest(),
            cards,
            tuple(st.winners),
            st.turn,
            pack_fingerprints(game.cards, game.setup.packs),
            dict(failure or {}),
        )

    @classmethod
    def parse(cls, text: str, where: str = "trace") -> Trace:
        return cls.from_data(load_json(text, where), where)

    @classmethod
    def from_data(cls, data: Any, where: str = "trace") -> Trace:
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
        if not 1 <= setup.players <= MAX_PLAYERS:
            raise TraceError(f"{where}: bad setup: {setup.players} players (1 to {MAX_PLAYERS})")
        if not 0 <= setup.seed <= MAX_SEED:
            raise TraceError(f"{where}: bad setup: seed {setup.seed} (0 to {MAX_SEED})")
        if not setup.packs:
            raise TraceError(f"{where}: bad setup: no packs")
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
        packs, failure = data.get("packs", {}), data.get("failure", {})
        for name, value in (("packs", packs), ("failure", failure)):
            if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in value.items()
            ):
                raise TraceError(f"{where}: '{name}' must map names to strings")
        if failure and failure.get("kind") not in ("error", "stopped"):
            raise TraceError(f"{where}: a failure's kind is 'error' or 'stopped'")
        return cls(
            setup,
            tuple(tuple(a) for a in answers),
            digest,
            cards,
            tuple(winners),
            turns,
            packs,
            failure,
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
            raise EndOfTrace(
                f"the trace ran out of answers at decision {self.next + 1}: {decision.describe()}"
            )
        answer = self.answers[self.next]
        try:
            decision.check(answer)
        except IllegalAnswer as exc:
            raise TraceError(f"answer {self.next + 1} of the trace does not fit: {exc}") from None
        self.next += 1
        return answer


def changed_packs(trace: Trace, cards: CardSet) -> list[str]:
    """What differs between the cards a trace was recorded with and these, in plain words."""
    now = pack_fingerprints(cards, list(trace.packs))
    out = []
    for pack_id, recorded in sorted(trace.packs.items()):
        if pack_id not in now:
            out.append(f"pack '{pack_id}' is not loaded")
        elif now[pack_id] != recorded:
            out.append(f"the cards of pack '{pack_id}' have changed")
    return out


def replay(trace: Trace, cards: CardSet, rules: Any = None) -> Game:
    """Play a trace's game again, checking the invariants after every decision; raises TraceError
    if it diverges, ends elsewhere, or does not reproduce the failure the trace records."""
    changed = changed_packs(trace, cards)
    try:
        return _replay(trace, cards, rules)
    except TraceError as exc:
        if changed:
            raise TraceError(
                f"{exc} (the trace was recorded with other cards: {'; '.join(changed)})"
            ) from None
        raise


def _replay(trace: Trace, cards: CardSet, rules: Any) -> Game:
    from runtime.invariants import check
    from runtime.rules.turn import play_game

    agent = ReplayAgent(trace.answers)
    try:
        game = Game(cards, trace.setup, [agent] * trace.setup.players, rules=rules, log=True)
    except SetupError as exc:
        raise TraceError(f"the trace's setup cannot be played: {exc}") from None
    game.observer = check
    check(game)
    expected = trace.failure.get("message", "")
    kind = trace.failure.get("kind")
    try:
        play_game(game)
    except EndOfTrace as exc:
        if kind == "stopped" and agent.next == len(trace.answers):
            return game  # the replay reached the point where the recorded game was stopped
        raise TraceError(str(exc)) from None
    except TraceError:
        raise
    except Exception as exc:  # the game itself failed: the trace may record exactly this failure
        got = f"{type(exc).__name__}: {exc}"
        if kind == "error" and got == expected and agent.next == len(trace.answers):
            return game
        raise TraceError(f"the replay fails after {agent.next} answers with {got}") from None
    if kind is not None:
        raise TraceError(f"the recorded failure ({expected}) does not happen in the replay")
    if agent.next != len(trace.answers):
        raise TraceError(
            f"the game ended after {agent.next} of the trace's {len(trace.answers)} answers"
        )
    st = game.state
    if tuple(st.winners) != tuple(trace.winners) or st.turn != trace.turns:
        raise TraceError(
            f"the replay ends on turn {st.turn} won by seats {list(st.winners)}, "
            f"not on turn {trace.turns} won by seats {list(trace.winners)} as recorded"
        )
    digest = st.digest()
    if digest != trace.digest:
        raise TraceError(
            f"the replay ends in state {digest[:12]}, not the recorded {trace.digest[:12]}"
        )
    return game
