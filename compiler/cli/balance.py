"""`cosmic balance`: a study of many seeded games on every core or a Dask cluster, written to
DIR as games.parquet, summary.json and report.html, with the tables printed on the terminal."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.cli.common import fail, pack_option

if TYPE_CHECKING:
    from compiler.balance.spec import Study


@click.command()
@click.option("--games", "-n", default=1000, show_default=True, help="How many games to play.")
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Folder for games.parquet, summary.json and report.html.",
)
@click.option(
    "--resume",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    default=None,
    help="Continue a stopped study in this folder (its plan is read from study.json).",
)
@click.option("--players", "-p", default=5, show_default=True, help="Players per game.")
@click.option(
    "--packs",
    default=None,
    help="Comma-separated packs to play with (default: base and every outside pack given).",
)
@pack_option
@click.option(
    "--aliens", default=None, help="Comma-separated alien ids, one per seat (default: random)."
)
@click.option("--option", "options", multiple=True, help="A setup option, name=value (repeatable).")
@click.option(
    "--seed", default=1, show_default=True, help="Seed of the first game; game k uses seed+k."
)
@click.option(
    "--agent",
    default="heuristic",
    show_default=True,
    help="Agent kind (random, heuristic, lookahead) for every seat, or one per seat: heuristic,random,random.",
)
@click.option("--focus", default=None, help="Deal this alien in every game, at a random seat.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Local worker processes (default: the machine's cores).",
)
@click.option(
    "--scheduler",
    default=None,
    help="'local' for a Dask LocalCluster of --jobs workers, or a Dask scheduler's address.",
)
@click.option("--csv", "write_csv", is_flag=True, help="Also write games.csv.")
@click.option(
    "--batch",
    type=click.IntRange(min=1),
    default=None,
    help="Games per batch (default: up to 100, fewer towards the end so workers finish together).",
)
def balance(
    games: int,
    out: Path | None,
    resume: Path | None,
    players: int,
    packs: str | None,
    pack_paths: tuple[Path, ...],
    aliens: str | None,
    options: tuple[str, ...],
    seed: int,
    agent: str,
    focus: str | None,
    jobs: int | None,
    scheduler: str | None,
    write_csv: bool,
    batch: int | None,
) -> None:
    """Play many games and report win rates with 95% intervals.

    Example: cosmic balance --games 2000 --out study/ then open study/report.html.
    Ctrl-C stops and keeps every finished batch; --resume DIR carries on.
    """
    needs_extra(["pyarrow", "matplotlib"] + (["distributed"] if scheduler else []))
    from compiler.balance.spec import Study
    from compiler.balance.store import Store
    from runtime.setup import SetupError

    if resume is not None:
        if out is not None and out != resume:
            fail("--resume names the study's folder; leave out --out")
        try:
            study = Store(resume).load_study()
        except (OSError, ValueError, TypeError) as exc:
            fail(f"cannot resume from {resume}: {exc}")
        out = resume
    else:
        if out is None:
            fail("say where the study goes: --out DIR (or --resume DIR)")
        if (out / "study.json").exists():
            fail(
                f"{out} already holds a study; continue it with --resume {out}, or pick another folder"
            )
        outside = outside_packs(pack_paths)
        study = Study(
            games=games,
            first_seed=seed,
            players=players,
            packs=chosen_packs(packs, outside),
            aliens=tuple(aliens.split(",")) if aliens else None,
            options=options,
            agents=tuple(a.strip() for a in agent.split(",") if a.strip()),
            focus=focus,
            card_paths=outside,
        )
    try:
        fingerprint = check(study)
    except SetupError as exc:
        fail(f"cannot set up the study: {exc}")
    if resume is None:
        study = replace(study, cards=fingerprint)
    elif study.cards and study.cards != fingerprint:
        fail(
            f"the cards changed since the study in {resume} began; its games would not be "
            "comparable: start a new study with --out"
        )
    run(study, out, jobs or os.cpu_count() or 1, scheduler, write_csv, batch)


def outside_packs(pack_paths: tuple[Path, ...]) -> tuple[str, ...]:
    """--pack folders and COSMIC_PACKS, as absolute paths (workers may start elsewhere)."""
    from compiler.pipeline.project import outside_pack_paths

    found = outside_pack_paths(pack_paths)
    for path in found:
        if not path.exists():
            fail(f"no such pack folder: {path} (from --pack or COSMIC_PACKS)")
    return tuple(str(p.resolve()) for p in found)


def chosen_packs(packs: str | None, outside: tuple[str, ...]) -> tuple[str, ...]:
    """The packs named, or base and every outside pack (as `simulate` chooses)."""
    from compiler.balance.play import CardErrors, compiled_for

    if packs is not None:
        return tuple(p for p in packs.split(",") if p)
    try:
        return ("base", *compiled_for(outside).outside)
    except CardErrors as exc:
        fail(str(exc), 1)


def needs_extra(modules: list[str]) -> None:
    import importlib.util

    absent = [m for m in modules if importlib.util.find_spec(m) is None]
    if absent:
        fail(
            f"cosmic balance needs {', '.join(absent)}: install the 'balance' extra "
            "(pip install -e '.[balance]')"
        )


def check(study: Study) -> str:
    """Set up the first game in this process, so a bad option fails here with a clear message
    rather than in every worker; the fingerprint of the cards."""
    from compiler.balance.play import CardErrors, deck_for
    from compiler.balance.spec import check_agents, setup_for
    from runtime.agents import AGENTS, RandomAgent
    from runtime.game import Game
    from runtime.setup import SetupError

    check_agents(study, list(AGENTS))
    try:
        deck = deck_for(study)  # kept: --jobs 1 plays with it, forked workers inherit it
    except CardErrors as exc:
        fail(str(exc), 1)
    if study.focus is not None and study.focus not in deck.usable:
        raise SetupError(
            f"'{study.focus}' is not an alien these packs and options allow "
            f"(usable: {', '.join(deck.usable)})"
        )
    setup = setup_for(study, deck.cards, study.first_seed, deck.usable)
    Game(deck.cards, setup, [RandomAgent()] * study.players, rules=deck.rules, log=False)
    return deck.fingerprint


def run(
    study: Study, out: Path, jobs: int, scheduler: str | None, write_csv: bool, batch: int | None
) -> None:
    from rich.console import Console

    from compiler.balance import tables
    from compiler.balance.backends import backend_for
    from compiler.balance.progress import GameProgress
    from compiler.balance.runner import run_study
    from compiler.balance.spec import count_missing
    from compiler.balance.store import Store

    console = Console(stderr=True)
    already = study.games - count_missing(study.seeds(), Store(out).done_ranges())
    try:
        backend = backend_for(jobs, scheduler)
    except OSError as exc:
        fail(f"cannot reach the Dask scheduler {scheduler}: {exc}")
    except KeyboardInterrupt:
        fail("stopped while the workers were starting; nothing was played", 130)
    with backend, GameProgress(console, study.games, already) as progress:
        outcome = run_study(
            study, out, backend, on_batch=progress.advance, csv=write_csv, size=batch
        )
    tables.show(outcome.summary, Console())
    played = outcome.summary["games"]
    console.print(f"{played} games in {out}/: games.parquet, summary.json, report.html")
    if outcome.stopped:
        console.print(
            f"stopped after {played} of {study.games} games; continue with "
            f"`cosmic balance --resume {out}`"
        )
        sys.exit(130)
