"""`cosmic simulate`: the main job. One readable game by default; many games with a summary."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import click

from compiler.cli.common import fail, load_cards, pack_option
from compiler.pipeline.project import outside_pack_ids
from runtime.setup import MAX_PLAYERS, MAX_SEED


@click.command()
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1, 1_000_000),
    default=1,
    show_default=True,
    help="How many games to play.",
)
@click.option(
    "--players",
    "-p",
    type=click.IntRange(1, MAX_PLAYERS),
    default=5,
    show_default=True,
    help="Players per game.",
)
@click.option(
    "--aliens", default=None, help="Comma-separated alien ids, one per seat (default: random)."
)
@click.option(
    "--packs",
    default=None,
    help="Comma-separated packs to play with (default: base and every outside pack given).",
)
@click.option("--option", "options", multiple=True, help="A setup option, name=value (repeatable).")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help="Seed of the first game; game k uses seed+k.",
)
@click.option(
    "--agent", type=click.Choice(["random", "heuristic"]), default="random", show_default=True
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable results.")
@click.option(
    "--trace",
    "trace_dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Write each game's trace to this folder.",
)
@click.option(
    "--log/--no-log",
    "show_log",
    default=None,
    help="Print the game log (default: only for a single game).",
)
@pack_option
def simulate(
    games: int,
    players: int,
    aliens: str | None,
    packs: str,
    options: tuple[str, ...],
    seed: int,
    agent: str,
    as_json: bool,
    trace_dir: Path | None,
    show_log: bool | None,
    pack_paths: tuple[Path, ...],
) -> None:
    """Play simulated games with the bundled cards and any outside packs given.

    With no options: one five-player game of the base set with random aliens and seed 1,
    printed as a readable log.
    """
    from compiler.tools.setups import build_setup
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game
    from runtime.setup import SetupError
    from runtime.trace import Trace

    project, rules, fingerprint = load_cards(pack_paths)
    cards = project.cards
    if games > 1:
        from compiler.balance.play import settle

        settle()  # the cards outlive every game: keep the collector off them
    chosen_packs = (
        [p for p in packs.split(",") if p]
        if packs is not None
        else ["base", *outside_pack_ids(project)]
    )
    log_each = show_log if show_log is not None else games == 1 and not as_json
    if trace_dir is not None:
        try:
            trace_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot make the trace folder {trace_dir}: {exc.strerror or exc}")
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    progress = None
    if games > 1 and not as_json and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True)
        progress.start()
        task = progress.add_task("playing", total=games)
    interrupted = False
    try:
        for k in range(games):
            try:
                setup = build_setup(
                    cards,
                    players=players,
                    packs=chosen_packs,
                    aliens=aliens.split(",") if aliens else None,
                    options=options,
                    seed=seed + k,
                )
                agents = [AGENTS[agent](setup.seed * 101 + seat) for seat in range(players)]
                game = Game(
                    cards, setup, agents, rules=rules, log=log_each or trace_dir is not None
                )
            except SetupError as exc:
                fail(f"cannot set up the game: {exc}")
            play_game(game)
            st = game.state
            results.append(
                {
                    "seed": setup.seed,
                    "aliens": [p.alien for p in st.players],
                    "winners": [st.players[s].alien or st.players[s].color for s in st.winners],
                    "outcome": "win" if st.over else "draw",
                    "turns": st.turn,
                    "encounters": st.encounter_serial,
                    "finished": st.over,
                    "digest": st.digest(),
                }
            )
            if log_each:
                click.echo("\n".join(game.log_lines()))
            if trace_dir is not None:
                where = trace_dir / f"game-{setup.seed}.json"
                try:
                    Trace.of(game, fingerprint).write(where)
                except OSError as exc:
                    fail(f"cannot write the trace {where}: {exc.strerror or exc}")
            if progress is not None:
                progress.advance(task)
    except (KeyboardInterrupt, click.Abort):
        # the game in progress is dropped; the finished ones are still reported below
        interrupted = True
    finally:
        if progress is not None:
            progress.stop()
    elapsed = time.perf_counter() - started
    if interrupted:
        click.echo(f"interrupted: {len(results)} of {games} games finished", err=True)
    if as_json:
        from compiler.tools.report import JSON_FORMAT, TOOL_NAME, tool_version

        played = {
            "format": JSON_FORMAT,
            "tool": TOOL_NAME,
            "version": tool_version(),
            "cards": fingerprint,
            "packs": list(setup.packs) if results else chosen_packs,
            "players": players,
            "options": dict(setup.options) if results else {},
            "agents": [agent] * players,
            "seed": seed,
            "summary": summary_figures(results),
            "interrupted": interrupted,
            "seconds": round(elapsed, 3),
            "games": results,
        }
        click.echo(json.dumps(played, indent=1))
    elif results and (games > 1 or interrupted):
        summarize(results, elapsed)
    if interrupted:
        sys.exit(130)


def summary_figures(results: list[dict[str, Any]]) -> dict[str, Any]:
    """What the summary table shows, as data: games, shared wins, draws (games stopped at the turn
    limit), averages,
    and games played and won per alien."""
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    shared = draws = 0
    for r in results:
        for alien in r["aliens"]:
            played[alien or "none"] += 1
        for w in r["winners"]:
            wins[w] += 1
        shared += len(r["winners"]) > 1
        draws += r["outcome"] == "draw"
    n = max(1, len(results))
    return {
        "games": len(results),
        "shared_wins": shared,
        "draws": draws,
        "average_turns": round(sum(r["turns"] for r in results) / n, 2),
        "average_encounters": round(sum(r["encounters"] for r in results) / n, 2),
        "aliens": {
            alien: {"games": count, "wins": wins[alien]} for alien, count in sorted(played.items())
        },
    }


def summarize(results: list[dict[str, Any]], elapsed: float) -> None:
    from rich.console import Console
    from rich.table import Table

    figures = summary_figures(results)
    played = Counter({a: f["games"] for a, f in figures["aliens"].items()})
    wins = Counter({a: f["wins"] for a, f in figures["aliens"].items()})
    table = Table(title=f"{len(results)} games in {elapsed:.1f}s")
    table.add_column("alien")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    for alien, n in sorted(played.items(), key=lambda kv: (-wins[kv[0]] / kv[1], kv[0])):
        table.add_row(alien, str(n), str(wins[alien]), f"{wins[alien] / n:.0%}")
    console = Console()
    console.print(table)
    line = f"shared wins: {figures['shared_wins']}   draws: {figures['draws']}"
    line += f"   average turns: {figures['average_turns']:.1f}"
    line += f"   average encounters: {figures['average_encounters']:.1f}"
    console.print(line)
