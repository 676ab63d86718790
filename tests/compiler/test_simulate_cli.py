"""`cosmic simulate`, the main job: a logged default game, summaries, JSON results, traces that
`cosmic replay` accepts, and clear refusals of setups that cannot be played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli.main import cli


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_the_default_run_logs_one_whole_game() -> None:
    result = run("simulate")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "setup: 5 players, seed 1"
    assert any(line.startswith("turn 1: ") for line in lines)
    assert any(line.startswith("game over, won by ") for line in lines)


@pytest.mark.slow
def test_json_results_are_deterministic_and_complete() -> None:
    first = run("simulate", "--games", "4", "--json", "--packs", "set6", "--players", "4")
    again = run("simulate", "--games", "4", "--json", "--packs", "set6", "--players", "4")
    assert first.exit_code == 0, first.output
    games = json.loads(first.output)["games"]
    assert games == json.loads(again.output)["games"]  # all but the timing
    assert [g["seed"] for g in games] == [1, 2, 3, 4]
    for game in games:
        assert game["finished"] and game["winners"]
        assert game["encounters"] >= game["turns"] > 0
        assert len(game["digest"]) == 64


@pytest.mark.slow  # plays several games
def test_the_summary_counts_wins_turns_and_encounters() -> None:
    result = run("simulate", "--games", "2", "--players", "3")
    assert result.exit_code == 0, result.output
    last = result.output.splitlines()[-1]
    assert last.startswith("shared wins: ") and "average encounters: " in last


@pytest.mark.slow
def test_traces_replay_to_the_same_state(tmp_path: Path) -> None:
    result = run("simulate", "--games", "2", "--seed", "7", "--no-log", "--trace", str(tmp_path))
    assert result.exit_code == 0, result.output
    traces = sorted(tmp_path.glob("game-*.json"))
    assert [t.name for t in traces] == ["game-7.json", "game-8.json"]
    for trace in traces:
        replayed = run("replay", str(trace))
        assert replayed.exit_code == 0, replayed.output


@pytest.mark.slow
def test_setups_that_cannot_be_played_are_refused_clearly() -> None:
    result = run("simulate", "--packs", "set6", "--aliens", "force,virus", "--players", "2")
    assert result.exit_code == 2
    assert "Force needs at least 3 players" in result.output
    assert "Traceback" not in result.output
    result = run("simulate", "--packs", "nope")
    assert result.exit_code == 2
    assert "unknown pack 'nope'" in result.output
