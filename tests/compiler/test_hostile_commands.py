"""`cosmic simulate` and `cosmic replay` on hostile input: bad arguments and options are usage
errors, hostile traces are refused with a clean message, a replay that differs from its trace is
refused, games at the turn limit are draws, and Ctrl-C keeps what was played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from compiler.cli.main import cli


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "-1"], "-1 is not in the range 1<=x<=8"),
        (["--players", "9"], "9 is not in the range 1<=x<=8"),
        (["--games", "-5"], "-5 is not in the range 1<=x<=1000000"),
        (["--games", "0"], "0 is not in the range 1<=x<=1000000"),
        (["--seed", "1" + "0" * 30], "is not in the range 0<=x<="),
        (["--packs", ""], "name at least one pack"),
        (["--packs", ","], "name at least one pack"),
        (["--trace", "/dev/null/x"], "cannot make the trace folder /dev/null/x"),
        (["--option", "hand_size=1000000000"], "option 'hand_size' must be from 1 to 20"),
        (["--option", "max_turns=" + "9" * 5000], "option 'max_turns' takes a whole number"),
        (
            ["--packs", "kickers-additive", "--option", "kicker_style=zzz"],
            "option 'kicker_style' is one of multiply, add, not 'zzz'",
        ),
        (
            ["--packs", "lucre", "--option", "starting_lucre=-1"],
            "option 'starting_lucre' must be from 0 to 50, not -1",
        ),
    ],
)
def test_bad_simulate_arguments_are_usage_errors(args: list[str], message: str) -> None:
    result = run("simulate", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_game_at_the_turn_limit_is_a_draw_in_json_and_summary() -> None:
    result = run("simulate", "--games", "2", "--json", "--option", "max_turns=2")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [g["outcome"] for g in report["games"]] == ["draw", "draw"]
    assert report["summary"]["draws"] == 2 and not report["interrupted"]
    assert all(g["winners"] == [] and g["turns"] == 2 for g in report["games"])
    summary = run("simulate", "--games", "2", "--option", "max_turns=2")
    assert "draws: 2" in summary.output.splitlines()[-1]


@pytest.mark.slow  # plays games
def test_ctrl_c_during_simulate_keeps_the_finished_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import runtime.rules.turn as turn

    real = turn.play_game
    played: list[int] = []

    def play_two_then_interrupt(game: Any) -> None:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        real(game)

    monkeypatch.setattr(turn, "play_game", play_two_then_interrupt)
    result = CliRunner().invoke(cli, ["simulate", "--games", "5", "--json"])
    assert result.exit_code == 130
    report = json.loads(result.stdout)
    assert report["interrupted"] and [g["seed"] for g in report["games"]] == [1, 2]
    assert "interrupted: 2 of 5 games finished" in result.stderr


# --- replay -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def trace_data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("traces")
    result = run("simulate", "--players", "3", "--seed", "4", "--no-log", "--trace", str(folder))
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads((folder / "game-4.json").read_text(encoding="utf-8"))
    return data


def replay_text(tmp_path: Path, text: str) -> Result:
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    return run("replay", str(path))


def test_a_trace_records_its_packs_with_a_fingerprint(trace_data: dict[str, Any]) -> None:
    assert list(trace_data["packs"]) == ["base"]
    assert len(trace_data["packs"]["base"]) == 16
    assert trace_data["winners"] and trace_data["turns"] > 0


def _with(data: dict[str, Any], **changes: Any) -> str:
    copy = json.loads(json.dumps(data))
    for key, value in changes.items():
        if key.startswith("setup_"):
            copy["setup"][key[6:]] = value
        else:
            copy[key] = value
    return json.dumps(copy)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: json.dumps(d).replace('"seed": 4', '"seed": ' + "9" * 5000), "5000 digits"),
        (lambda d: json.dumps(d).replace('"seed": 4', '"seed": Infinity'), "'Infinity' is not"),
        (lambda d: _with(d, setup_players=10**20), "a number of 21 digits"),
        (lambda d: _with(d, setup_players=100), "at /setup/players: 100 is greater than"),
        (lambda d: _with(d, setup_packs=[]), "at /setup/packs: [] should be non-empty"),
        (lambda d: _with(d, setup_seed=1.5), "at /setup/seed: 1.5 is not of type 'integer'"),
        (lambda d: _with(d, answers="all"), "at /answers: 'all' is not of type 'array'"),
        (lambda d: _with(d, setup_options={"hand_size": 10**9}), "'hand_size' must be from 1"),
        (lambda d: _with(d, setup_options={"kicker_style": "zzz"}), "is one of multiply, add"),
        (lambda d: _with(d, winners=[9]), "at /winners/0: 9 is greater than the maximum"),
        (lambda d: "[" * 50_000 + "]" * 50_000, "nested too deeply"),
    ],
    ids=[
        "5000-digit seed",
        "infinite seed",
        "10**20 players",
        "100 players",
        "no packs",
        "fractional seed",
        "answers not a list",
        "huge hand size",
        "option outside its choices",
        "winner not a seat",
        "deep nesting",
    ],
)
def test_a_hostile_trace_is_refused_cleanly(
    tmp_path: Path, trace_data: dict[str, Any], edit: Any, message: str
) -> None:
    result = replay_text(tmp_path, edit(trace_data))
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "change",
    [{"winners": "other"}, {"turns": 1}],
    ids=["other winners", "other turn count"],
)
def test_a_replay_that_ends_otherwise_than_recorded_is_refused(
    tmp_path: Path, trace_data: dict[str, Any], change: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(trace_data))
    if change.get("winners") == "other":
        data["winners"] = [s for s in range(3) if s not in data["winners"]][:1]
    else:
        data["turns"] += change["turns"]
    result = replay_text(tmp_path, json.dumps(data))
    assert result.exit_code == 1
    assert "as recorded" in result.output


@pytest.mark.slow  # loads another card set
def test_replaying_with_other_cards_says_so_plainly(
    tmp_path: Path, trace_data: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(trace_data))
    data["packs"]["base"] = "0" * 16
    data["turns"] += 1  # and the replay differs
    result = replay_text(tmp_path, json.dumps(data))
    assert result.exit_code == 1
    assert "recorded with other cards: the cards of pack 'base' have changed" in result.output
    data["turns"] -= 1  # the replay matches: the change is only noted
    result = replay_text(tmp_path, json.dumps(data))
    assert result.exit_code == 0
    assert "note: the cards of pack 'base' have changed since this trace was recorded" in (
        result.stderr
    )
