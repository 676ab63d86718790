"""The numbers of a study (Wilson intervals, games needed, the tallies) and its outputs: the
versioned summary, the offline report, the command's clean refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.balance.backends import Backend
from compiler.balance.spec import Study, setup_for
from compiler.balance.stats import games_to_detect, wilson
from compiler.balance.tally import SUMMARY_VERSION
from compiler.cli.main import cli

# the runner and the store (pyarrow, numpy: a third of a second) are imported by the tests that
# play a study, all in the full run only


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(20, 100)
    assert round(low, 4) == 0.1334 and round(high, 4) == 0.2888
    assert wilson(0, 10)[0] == 0.0 and 0.27 < wilson(0, 10)[1] < 0.28
    assert wilson(0, 0) == (0.0, 1.0)


def test_games_to_tell_two_points_grow_with_variance() -> None:
    assert games_to_detect(0.2) == 3140  # 7.849 * 0.16 / 0.0004
    assert games_to_detect(0.5) > games_to_detect(0.2) > games_to_detect(0.05)


def test_a_tally_of_hand_made_games_gives_the_summary_and_the_reports_tables() -> None:
    """The quick tier's test of the outputs: the summary, the terminal's tables and the page's
    text built from four known games (the plots are drawn in the full run only)."""
    from io import StringIO

    from rich.console import Console

    from compiler.balance.report import focus_section, headline, rate_table
    from compiler.balance.tables import show
    from compiler.balance.tally import Tally

    tally = Tally(Study(games=4, players=3, agents=("random",), focus="virus"))
    aliens = ["virus", "oracle", "zombie"]
    for winners, turns in (([0], 10), ([0, 1], 12), ([2], 8), ([0], 10)):
        row = {"seconds": 0.1, "winners": winners, "drawn": False, "turns": turns}
        tally.add({**row, "encounters": 2 * turns, "aliens": aliens, "agents": ["random"] * 3})
    summary = tally.summary()
    by_alien = {r["alien"]: (r["games"], r["wins"]) for r in summary["aliens"]}
    assert by_alien == {"virus": (4, 3), "oracle": (4, 1), "zombie": (4, 1)}
    assert summary["aliens"][0]["alien"] == "virus"
    assert summary["shared_wins"] == {"games": 1, "by_winners": {"1": 3, "2": 1}}
    assert summary["length"]["median_turns"] == 10 and summary["length"]["mean_encounters"] == 20
    assert summary["focus"]["alien"] == "virus" and summary["focus"]["games"] == 4
    assert headline(summary["aliens"], summary["fair_share"]).startswith(
        "Strongest: virus, 75.0% of its games"
    )
    assert "<td>virus</td><td>4</td><td>3</td><td>75.0%</td>" in rate_table(
        summary["aliens"], "alien", "alien"
    )
    assert "<h2>Focus: virus</h2>" in focus_section(summary["focus"], summary["fair_share"])
    out = StringIO()
    show(summary, Console(file=out, width=120))
    assert "Win rate by alien" in out.getvalue() and "75.0%" in out.getvalue()


@pytest.mark.slow
def test_focus_study_deals_the_alien_every_game_and_reports_it(tmp_path: Path) -> None:
    from compiler.balance.runner import run_study
    from compiler.balance.store import Store

    study = Study(games=12, players=4, agents=("random",), focus="virus")
    outcome = run_study(study, tmp_path, Backend(), size=5)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary == json.loads(json.dumps(outcome.summary))
    assert summary["format"] == "cosmic-balance-summary"
    assert summary["version"] == SUMMARY_VERSION
    virus = next(r for r in summary["aliens"] if r["alien"] == "virus")
    assert virus["games"] == 12
    focus = summary["focus"]
    assert focus["alien"] == "virus" and focus["games"] == 12
    assert focus["low"] <= focus["win_rate"] <= focus["high"]
    assert sum(r["games"] for r in summary["seats"]) == 48
    seats_of_virus = {row["aliens"].index("virus") for row in Store(tmp_path).rows()}
    assert len(seats_of_virus) > 1  # the focused alien moves around the table


@pytest.mark.slow
def test_report_is_one_offline_file_with_its_plots(tmp_path: Path) -> None:
    from compiler.balance.runner import run_study

    run_study(Study(games=30, players=3, agents=("random",)), tmp_path, Backend(), size=10)
    page = (tmp_path / "report.html").read_text()
    assert page.count("<svg") >= 3  # aliens, seats, game length (and the heatmap when filled)
    # namespaces name URLs but fetch nothing; anything that would load a resource is refused
    for fetch in ('href="http', "src=", "<script", "<link", "@import", "<iframe"):
        assert fetch not in page
    assert not re.search(r"url\((?!#)", page)  # only references inside the page itself
    assert "95%" in page and "fair share" in page


@pytest.mark.slow  # matplotlib takes a second to import; the quick tier draws no plot
def test_matchup_heatmap_embeds_one_pixel_a_cell() -> None:
    """Resampling the cells to the figure's size took about 80 MiB at the end of a base study."""
    from compiler.balance.plots import matchup_heatmap

    aliens = ["a", "b", "c"]
    cell = {"games": 30, "win_rate": 0.3}
    matchups = {"aliens": aliens, "min_games": 20, "cells": [[cell] * 3 for _ in aliens]}
    images = re.findall(r"<image[^>]*>", matchup_heatmap(matchups, 1 / 3))
    assert any('width="3" height="3"' in tag and "pixelated" in tag for tag in images)


def test_balance_refuses_bad_agents_cleanly(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["balance", "--games", "2", "--out", str(tmp_path / "x"), "--agent", "genius"]
    )
    assert result.exit_code == 2
    assert "unknown agent 'genius'" in result.output
    assert isinstance(result.exception, SystemExit)  # a message, not a traceback
    result = runner.invoke(
        cli,
        ["balance", "--games", "2", "--out", str(tmp_path / "y"), "--agent", "random,heuristic"],
    )
    assert result.exit_code == 2 and "one per seat" in result.output


@pytest.mark.slow
def test_balance_command_writes_the_three_files_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = ["balance", "--games", "6", "--players", "3", "--jobs", "1", "--agent", "random"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert {"games.parquet", "summary.json", "report.html", "study.json"} <= {
        p.name for p in out.iterdir()
    }
    assert "Win rate by alien" in result.output
    again = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = CliRunner().invoke(cli, ["balance", "--resume", str(out), "--jobs", "1"])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads((out / "summary.json").read_text())["games"] == 6


def test_a_focus_study_never_deals_two_aliens_that_bar_each_other(project) -> None:  # type: ignore[no-untyped-def]
    # Gambler and Sorcerer may not share a game: a focus study passes over the barred one
    usable = sorted(
        c.id for c in project.cards.cards.values() if c.kind == "alien" and c.pack == "base"
    )
    study = Study(games=1, players=5, agents=("random",), focus="gambler")
    for seed in range(200):
        aliens = setup_for(study, project.cards, seed, usable).aliens
        assert aliens is not None and "gambler" in aliens and "sorcerer" not in aliens


def test_balance_refuses_a_focus_the_packs_do_not_hold(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["balance", "--games", "2", "--out", str(tmp_path / "f"), "--focus", "nobody"]
    )
    assert result.exit_code == 2
    assert "'nobody' is not an alien these packs and options allow" in result.output
    assert "virus" in result.output  # the usable aliens are listed
    assert not (tmp_path / "f").exists()  # nothing is written for a study that cannot start


@pytest.mark.slow
def test_resume_refuses_a_study_begun_with_other_cards(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = ["balance", "--games", "2", "--players", "2", "--jobs", "1", "--agent", "random"]
    assert CliRunner().invoke(cli, [*args, "--out", str(out)]).exit_code == 0
    plan = json.loads((out / "study.json").read_text())
    assert len(plan["cards"]) == 16
    plan["cards"] = "0" * 16  # as if a card had been edited since
    (out / "study.json").write_text(json.dumps(plan))
    result = CliRunner().invoke(cli, ["balance", "--resume", str(out), "--jobs", "1"])
    assert result.exit_code == 2 and "the cards changed" in result.output


@pytest.mark.slow
def test_balance_plays_an_outside_pack_given_by_pack_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("COSMIC_PACKS", raising=False)
    pack = tmp_path / "authoring" / "star-pack"
    assert CliRunner().invoke(cli, ["new", "pack", str(pack)]).exit_code == 0
    out = tmp_path / "study"
    args = ["balance", "--pack", str(pack), "--focus", "star-pack-alien", "--players", "3"]
    args += ["--games", "4", "--jobs", "1", "--agent", "random", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["study"]["packs"] == ["base", "star-pack"]  # base and the outside pack
    assert summary["study"]["card_paths"] == [str(pack.resolve())]
    assert summary["focus"]["alien"] == "star-pack-alien" and summary["focus"]["games"] == 4
    missing = CliRunner().invoke(
        cli, ["balance", "--pack", str(tmp_path / "nowhere"), "--out", str(tmp_path / "x")]
    )
    assert missing.exit_code == 2 and "no such pack folder" in missing.output
