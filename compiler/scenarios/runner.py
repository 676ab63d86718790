"""Card scenario tests: a YAML scenario (setup, starting situation, scripted answers, expectations)
in; played in a real game with the engine's invariants checked after every decision; a result
naming the scenario's file and line for every expectation that failed."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.load import Loaded, load_yaml_file
from compiler.scenarios.expectations import check_expectations
from compiler.scenarios.pieces import set_pieces
from compiler.scenarios.refusals import Refusal, RefusalWatch
from compiler.scenarios.situation import ScenarioError, set_start
from runtime.agents.scripted import Scripted, ScriptedAgent, UnscriptedDecision
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.game import Game, GameOver, PlayerView
from runtime.invariants import InvariantBroken, check
from runtime.setup import COLORS, Setup, SetupError

PLAY_MODES = ("setup", "encounter", "turn", "game")


@dataclass
class Result:
    path: str
    name: str
    failures: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0
    log: list[str] = field(default_factory=list)
    # problems found before playing (the same diagnostics `cosmic validate` gives)
    diagnostics: list[d.Diagnostic] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def discover(paths: Sequence[Path]) -> list[Path]:
    """The scenario files the paths name (see compiler.pipeline.scenario_files.reading)."""
    from compiler.pipeline.scenario_files.reading import find_scenarios

    return [f.path for f in find_scenarios(paths)[0]]


class Runner:
    def __init__(self, cards: CardSet, rules: Any, seed: int | None = None) -> None:
        self.cards = cards
        self.rules = rules
        # every scenario played with this seed instead of its own (a scenario that then fails
        # depends on how the seed shuffles the packs)
        self.seed = seed

    def run(self, path: Path, shown: str | None = None, packs: Sequence[str] = ("base",)) -> Result:
        """Play one scenario file; `packs` (the pack it belongs to) are played when its setup
        names none. A bad file fails with the validator's diagnostics; nothing here raises."""
        from compiler.pipeline.scenario_files.file_check import check_scenario

        started = time.perf_counter()
        shown = shown if shown is not None else str(path)
        loaded = load_yaml_file(path, shown)
        result = Result(shown, path.stem)
        problems = [x for x in loaded.diagnostics if x.is_error]
        if not problems:
            problems = [x for x in check_scenario(loaded, self.cards) if x.is_error]
        if problems:
            result.diagnostics = problems
            result.failures = [(x.span.line, f"{x.message}") for x in problems]
            return result
        data = loaded.data
        assert isinstance(data, dict)  # the checks above refuse anything else
        result.name = str(data.get("name", path.stem))
        try:
            self._play(loaded, data, result, packs)
        except ScenarioError as exc:
            result.failures.append((exc.line, exc.message))
        except Exception as exc:  # a bad scenario fails alone; it never stops the run
            result.failures.append((1, f"internal error: {type(exc).__name__}: {exc}"))
        result.seconds = time.perf_counter() - started
        return result

    # ---------------------------------------------------------------- building the game

    def _play(
        self, loaded: Loaded, data: dict[str, Any], result: Result, packs: Sequence[str]
    ) -> None:
        from compiler.tools.setups import with_requirements
        from runtime.rules.turn import play_game, play_turn, start_game

        setup_data = data.get("setup") or {}
        try:
            aliens = setup_data.get("aliens")
            chosen = with_requirements(self.cards, setup_data.get("packs", packs))
            setup = Setup(
                players=int(setup_data.get("players", 3)),
                packs=chosen,
                aliens=None if aliens is None else tuple(str(a) for a in aliens),
                options=dict(setup_data.get("options") or {}),
                seed=self.seed if self.seed is not None else int(setup_data.get("seed", 1)),
                first_player=0,
            )
        except (SetupError, TypeError, ValueError) as exc:
            raise ScenarioError(f"bad setup: {exc}", loaded.span("/setup").line) from None
        script = self._script(loaded, data.get("answers") or [])
        auto = set(data.get("auto") or [])
        agent = ScriptedAgent(script, fallback=lambda d: _auto_answer(d, auto))
        refused = (data.get("expect") or {}).get("refused") or []
        watch = RefusalWatch(
            agent,
            [
                Refusal(seat, entry, loaded.span(f"/expect/refused/{i}").line)
                for i, (seat, entry) in enumerate(self._script(loaded, refused, "/expect/refused"))
            ],
        )
        start = data.get("start") or {}
        dealt = SetupPlays(watch, {COLORS.index(c) for c in start.get("hands") or {}})
        try:
            game = Game(
                self.cards, setup, [dealt] * setup.players, rules=self.rules, observer=check
            )
        except SetupError as exc:
            raise ScenarioError(
                f"cannot set up the game: {exc}", loaded.span("/setup").line
            ) from None
        mode = str(data.get("play", "encounter"))
        turns = re.fullmatch(r"([1-9]\d?) turns", mode)
        if mode not in PLAY_MODES and turns is None:
            raise ScenarioError(
                f"'play' is one of {', '.join(PLAY_MODES)} or 'N turns', not '{mode}'",
                loaded.span("/play").line,
            )
        try:
            try:
                start_game(game)
                dealt.setting_up = False
                set_start(game, loaded, start)
                set_pieces(game, loaded, start)
                # random events in play (a hand shuffle, a random pick) follow the seed and the
                # situation alone, not how many draws shuffling the packs took
                game.state.rng.seed(setup.seed)
                check(game)
                if mode == "game":
                    play_game(game)
                elif turns is not None:
                    for _ in range(int(turns.group(1))):
                        play_turn(game)
                        if game.state.over:
                            break
                        game.state.offense = (game.state.offense + 1) % game.state.n
                elif mode != "setup":
                    play_turn(game, encounters=1 if mode == "encounter" else None)
            except GameOver:
                pass
        except UnscriptedDecision as exc:
            result.log = game.log_lines()
            raise ScenarioError(
                f"unscripted decision: {exc.decision.describe()}", loaded.span("/answers").line
            ) from None
        except IllegalAnswer as exc:
            result.log = game.log_lines()
            raise ScenarioError(
                f"a scripted answer does not fit: {exc}", loaded.span("/answers").line
            ) from None
        except InvariantBroken as exc:
            result.log = game.log_lines()
            raise ScenarioError(f"engine invariant broken: {exc}", 1) from None
        result.log = game.log_lines()
        leftover = [(p, e) for p, e in agent.script]
        if leftover:
            seat, entry = leftover[0]
            result.failures.append(
                (
                    loaded.span("/answers").line,
                    f"{len(leftover)} scripted answer(s) were never asked for, first: {game.state.players[seat].color} {entry.kind}",
                )
            )
        result.failures.extend(watch.report([p.color for p in game.state.players]))
        check_expectations(game, loaded, data.get("expect") or {}, result)

    def _script(
        self, loaded: Loaded, answers: list[Any], where: str = "/answers"
    ) -> list[tuple[int, Scripted]]:
        script = []
        if not isinstance(answers, list):
            raise ScenarioError("a list of 'colour kind: choice' pairs", loaded.span(where).line)
        for i, entry in enumerate(answers):
            line = loaded.span(f"{where}/{i}").line
            if not isinstance(entry, dict) or len(entry) != 1:
                raise ScenarioError("each answer is one 'colour kind: choice' pair", line)
            ((key, value),) = entry.items()
            color, _, kind = str(key).partition(" ")
            if color not in COLORS or not kind:
                raise ScenarioError(
                    f"'{key}' should be a colour and a decision kind, e.g. 'red launch.planet'",
                    line,
                )
            picks = tuple(value) if isinstance(value, list) else (value,)
            script.append(
                (
                    COLORS.index(color),
                    Scripted(tuple(str(p) if not isinstance(p, int) else p for p in picks), kind),
                )
            )
        return script


@dataclass
class SetupPlays:
    """Wraps the scenario's agent: while the game is set up, a player whose hand the scenario
    replaces passes on every offer to play a card, since the cards it was dealt are not the hand
    the scenario gives it (a Cosmic Zap dealt by the seed never answers a setup power)."""

    inner: RefusalWatch
    replaced: set[int]
    setting_up: bool = True

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        if (
            self.setting_up
            and decision.player in self.replaced
            and decision.kind == "card.play"
            and decision.passive is not None
        ):
            return (decision.passive,)
        return self.inner.decide(decision, view)


def _auto_answer(decision: Decision, auto: set[str]) -> Answer | None:
    """For the kinds a scenario lists under `auto`: the do-nothing option, else no pick, else
    the first option."""
    if decision.kind not in auto:
        return None
    if decision.passive is not None:
        return (decision.passive,)
    if decision.minimum == 0:
        return ()
    return tuple(range(decision.minimum))
