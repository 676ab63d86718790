"""Determinism and traces: digests, JSON round trips, replay, corrupt traces and atomic writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.rules.turn import play_game
from runtime.setup import Setup
from runtime.trace import FORMAT, VERSION, Trace, TraceError, replay

SETUP = Setup(players=4, seed=11)


def played(cards: CardSet, rules: Rules, setup: Setup = SETUP, agent_seed: int = 0) -> Game:
    agents = [RandomAgent(agent_seed * 10 + s) for s in range(setup.players)]
    game = Game(cards, setup, agents, rules=rules, observer=check)
    play_game(game)
    return game


@pytest.fixture(scope="module")
def finished(cards: CardSet, rules: Rules) -> Game:
    game = played(cards, rules)
    assert game.state.over and game.state.winners
    return game


@pytest.fixture(scope="module")
def data(finished: Game) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(Trace.of(finished).to_json())
    return loaded


def test_same_setup_and_answers_give_the_same_digest(
    cards: CardSet, rules: Rules, finished: Game
) -> None:
    again = played(cards, rules)
    assert again.state.digest() == finished.state.digest()
    assert again.answers == finished.answers
    assert again.log_lines() == finished.log_lines()
    other_seed = played(cards, rules, Setup(players=4, seed=12))
    assert other_seed.state.digest() != finished.state.digest()


DIGESTS_SCRIPT = """
from compiler.pipeline.project import bundled_project
from runtime.agents import RandomAgent
from runtime.game import Game
from runtime.rules.turn import play_game
from runtime.setup import Setup

cards = bundled_project(use_cache=False).cards
for seed in range(4):
    n = 3 + seed % 3
    game = Game(cards, Setup(players=n, seed=seed), [RandomAgent(seed + s) for s in range(n)])
    play_game(game)
    print(game.state.digest())
"""


@pytest.mark.slow
def test_digests_do_not_depend_on_the_process_hash_seed() -> None:
    """Set and dict order may differ between processes; the game must not."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "COSMIC_CACHE_DIR": ""}
        done = subprocess.run(
            [sys.executable, "-c", DIGESTS_SCRIPT],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        outputs.append(done.stdout.split())
    assert len(outputs[0]) == 4
    assert outputs[0] == outputs[1]


@pytest.mark.slow
def test_a_trace_replays_to_the_recorded_digest(
    cards: CardSet, rules: Rules, finished: Game
) -> None:
    trace = Trace.of(finished, "fingerprint")
    parsed = Trace.parse(trace.to_json())
    assert parsed == trace
    assert parsed.winners == tuple(finished.state.winners)
    assert parsed.turns == finished.state.turn
    game = replay(parsed, cards, rules)
    assert game.state.digest() == trace.digest
    assert game.answers == list(trace.answers)
    assert game.log_lines() == finished.log_lines()


def test_a_written_trace_reads_back(tmp_path: Path, finished: Game) -> None:
    trace = Trace.of(finished)
    path = tmp_path / "game.json"
    trace.write(path)
    assert Trace.read(path) == trace
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_bad_json_names_the_line_and_column() -> None:
    with pytest.raises(TraceError) as err:
        Trace.parse('{\n "format": ,\n}', "game.json")
    assert str(err.value) == "game.json:2:12: not valid JSON: Expecting value"


def test_deeply_nested_json_is_a_trace_error() -> None:
    with pytest.raises(TraceError, match="nested too deeply"):
        Trace.parse("[" * 100_000 + "]" * 100_000)


def test_an_unreadable_file_is_a_trace_error(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="cannot read the trace"):
        Trace.read(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(TraceError, match="cannot read the trace"):
        Trace.read(binary)


def changed(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        d.update(fields)

    return edit


def dropped(*keys: str) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        for k in keys:
            del d[k]

    return edit


def setup_changed(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        d["setup"].update(fields)

    return edit


def answers_edited(
    edit_answers: Callable[[list[list[Any]]], list[list[Any]]],
) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        d["answers"] = edit_answers(d["answers"])

    return edit


PARSE_ERRORS = [
    (
        "format marker",
        changed(format="other-trace"),
        f'not a cosmic trace (no "format": "{FORMAT}")',
    ),
    ("not an object", lambda d: d.clear(), "not a cosmic trace"),
    (
        "version",
        changed(version=VERSION + 1),
        f"trace version 2 is not supported (expected {VERSION})",
    ),
    ("version as text", changed(version="1"), "trace version '1' is not supported"),
    ("version as boolean", changed(version=True), "trace version True is not supported"),
    ("missing keys", dropped("answers", "digest"), "the trace lacks answers, digest"),
    ("missing setup", dropped("setup"), "the trace lacks setup"),
    ("setup not an object", changed(setup=[1, 2]), "bad setup: expected an object"),
    (
        "setup unknown field",
        setup_changed(colour="red"),
        "bad setup: unknown setup field(s): colour",
    ),
    ("setup bad seed", setup_changed(seed="x"), "bad setup: malformed setup"),
    ("setup negative players", setup_changed(players=-1), "bad setup: -1 players"),
    (
        "answers not lists",
        changed(answers="0 1 2"),
        "'answers' must be a list of lists of option numbers",
    ),
    ("answers with floats", answers_edited(lambda a: [[1.0], *a[1:]]), "'answers' must be a list"),
    ("digest not text", changed(digest=[1]), "'digest' and 'cards' must be strings"),
    ("winners not seats", changed(winners=5), "'winners' must be a list of seat numbers"),
    ("turns not a number", changed(turns="many"), "'turns' must be a whole number"),
]


@pytest.mark.parametrize(
    ("edit", "message"),
    [pytest.param(e, m, id=name) for name, e, m in PARSE_ERRORS],
)
def test_a_corrupt_trace_is_refused_when_parsed(
    data: dict[str, Any], edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    corrupt = json.loads(json.dumps(data))
    edit(corrupt)
    with pytest.raises(TraceError) as err:
        Trace.parse(json.dumps(corrupt), "t.json")
    assert str(err.value).startswith("t.json: ")
    assert message in str(err.value)


REPLAY_ERRORS = [
    (
        "answer out of range",
        answers_edited(lambda a: [[999], *a[1:]]),
        "answer 1 of the trace does not fit",
    ),
    (
        "negative answer",
        answers_edited(lambda a: [[-1], *a[1:]]),
        "answer 1 of the trace does not fit",
    ),
    (
        "two picks for one",
        answers_edited(lambda a: [[0, 0], *a[1:]]),
        "answer 1 of the trace does not fit",
    ),
    (
        "too few answers",
        answers_edited(lambda a: a[:-1]),
        "the trace ran out of answers at decision",
    ),
    ("too many answers", answers_edited(lambda a: [*a, [0]]), "the game ended after"),
    ("tampered digest", changed(digest="0" * 64), "not the recorded 000000000000"),
    (
        "unknown pack",
        setup_changed(packs=["nope"]),
        "setup cannot be played: unknown pack(s): nope",
    ),
    ("unknown alien", setup_changed(aliens=["zz", "none", "none", "none"]), "unknown alien 'zz'"),
    ("first player not a seat", setup_changed(first_player="x"), "first player 'x' is not a seat"),
    (
        "option of the wrong type",
        setup_changed(options={"hand_size": "x"}),
        "option 'hand_size' must be a whole number",
    ),
    (
        "flag of the wrong type",
        setup_changed(options={"use_flares": "no"}),
        "option 'use_flares' must be true or false",
    ),
    (
        "no planets",
        setup_changed(options={"planets_per_player": 0}),
        "option 'planets_per_player' must be from 1 to 10, not 0",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"),
    [pytest.param(e, m, id=name) for name, e, m in REPLAY_ERRORS],
)
def test_a_corrupt_trace_is_refused_when_replayed(
    cards: CardSet,
    rules: Rules,
    data: dict[str, Any],
    edit: Callable[[dict[str, Any]], None],
    message: str,
) -> None:
    corrupt = json.loads(json.dumps(data))
    edit(corrupt)
    trace = Trace.parse(json.dumps(corrupt))
    with pytest.raises(TraceError) as err:
        replay(trace, cards, rules)
    assert message in str(err.value)


def test_write_leaves_no_partial_file_when_the_move_fails(
    tmp_path: Path, finished: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("old trace", encoding="utf-8")

    def broken_replace(self: Path, target: Any) -> Path:
        raise OSError("disk full")

    monkeypatch.setattr(Path, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        Trace.of(finished).write(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert path.read_text(encoding="utf-8") == "old trace"


def test_write_leaves_nothing_when_the_trace_cannot_be_encoded(tmp_path: Path) -> None:
    trace = Trace(Setup(players=3, options={"odd": object()}), (), "digest")
    path = tmp_path / "game.json"
    with pytest.raises(TypeError):
        trace.write(path)
    assert list(tmp_path.iterdir()) == []
