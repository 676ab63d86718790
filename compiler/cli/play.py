"""`cosmic play` (a game at the terminal against agents) and `cosmic replay` (check a trace)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.cli.common import fail, load_cards, pack_option
from compiler.pipeline.project import outside_pack_ids

if TYPE_CHECKING:
    from runtime.game import Game


@click.command()
@click.option("--players", "-p", default=5, show_default=True)
@click.option(
    "--seat", default=0, show_default=True, help="Your seat (0 goes first around the table)."
)
@click.option("--aliens", default=None, help="Comma-separated alien ids, one per seat.")
@click.option(
    "--packs", default=None, help="Comma-separated packs (default: base and the outside packs)."
)
@click.option("--option", "options", multiple=True, help="A setup option, name=value.")
@click.option("--seed", default=1, show_default=True)
@click.option(
    "--opponents",
    type=click.Choice(["random", "heuristic"]),
    default="heuristic",
    show_default=True,
)
@click.option(
    "--trace",
    "trace_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Save the game's trace here.",
)
@pack_option
def play(
    players: int,
    seat: int,
    aliens: str | None,
    packs: str | None,
    options: tuple[str, ...],
    seed: int,
    opponents: str,
    trace_path: Path | None,
    pack_paths: tuple[Path, ...],
) -> None:
    """Play a game at the terminal against agents."""
    from compiler.cli.terminal import LogFeed, TerminalAgent
    from compiler.tools.setups import build_setup
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game
    from runtime.setup import SetupError

    project, rules, fingerprint = load_cards(pack_paths)
    chosen_packs = packs.split(",") if packs else ["base", *outside_pack_ids(project)]
    try:
        setup = build_setup(
            project.cards,
            players=players,
            packs=chosen_packs,
            aliens=aliens.split(",") if aliens else None,
            options=options,
            seed=seed,
        )
        feed = LogFeed()
        agents = [
            TerminalAgent(feed) if s == seat else AGENTS[opponents](seed * 101 + s)
            for s in range(players)
        ]
        game = Game(project.cards, setup, agents, rules=rules)
    except SetupError as exc:
        fail(f"cannot set up the game: {exc}")
    try:
        play_game(game)
    except (KeyboardInterrupt, click.Abort):
        feed.flush(game)
        click.echo("\ngame abandoned (interrupted)", err=True)
        _save_trace(game, fingerprint, trace_path)
        raise SystemExit(130) from None
    feed.flush(game)
    _save_trace(game, fingerprint, trace_path)


def _save_trace(game: Game, fingerprint: str, trace_path: Path | None) -> None:
    from runtime.trace import Trace

    if trace_path is not None:
        try:
            Trace.of(game, fingerprint).write(trace_path)
        except OSError as exc:
            fail(f"cannot write the trace {trace_path}: {exc.strerror or exc}", 1)
        click.echo(f"trace written to {trace_path}")


@click.command()
@click.argument("trace_path", type=click.Path(path_type=Path))
@click.option("--log", "show_log", is_flag=True, help="Print the replayed game's log.")
@pack_option
def replay(trace_path: Path, show_log: bool, pack_paths: tuple[Path, ...]) -> None:
    """Replay a trace, checking the game's invariants at every step, and check it reaches the
    recorded outcome and final state (or reproduces the failure it records)."""
    from compiler.tools.traces import read_trace
    from runtime.trace import TraceError, changed_packs
    from runtime.trace import replay as run_replay

    try:
        trace = read_trace(trace_path)
    except TraceError as exc:
        fail(str(exc), 1)
    project, rules, _ = load_cards(pack_paths)
    try:
        game = run_replay(trace, project.cards, rules)
    except TraceError as exc:
        fail(f"{trace_path}: {exc}", 1)
    if show_log:
        click.echo("\n".join(game.log_lines()))
    for change in changed_packs(trace, project.cards):
        click.echo(f"note: {change} since this trace was recorded; it still replays", err=True)
    if trace.failure.get("kind") == "stopped":
        click.echo(
            f"ok: {len(trace.answers)} answers replayed, up to where the recorded game was "
            f"stopped ({trace.failure.get('message', '')})"
        )
        return
    if trace.failure:
        click.echo(
            f"ok: {len(trace.answers)} answers replayed; the recorded failure is reproduced: "
            f"{trace.failure.get('message', '')}"
        )
        return
    click.echo(
        f"ok: {len(trace.answers)} answers replayed, turn {trace.turns}, "
        f"final state {trace.digest[:16]} matches"
    )
