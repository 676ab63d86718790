"""`cosmic play` (a game at the terminal against agents) and `cosmic replay` (check a trace)."""

from __future__ import annotations

from pathlib import Path

import click

from compiler.cli.common import fail, load_cards
from runtime.decisions import Answer, Decision
from runtime.game import PlayerView


class TerminalAgent:
    """A human player: each decision is shown with numbered options and read from the terminal."""

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        from runtime.decisions import IllegalAnswer

        game = view.game
        me = view.seat
        click.echo("")
        click.echo(click.style(f"{game.player_name(me)}: {decision.prompt}", bold=True))
        hand = ", ".join(game.card_label(c) for c in game.state.players[me].hand)
        click.echo(f"  your hand: {hand or 'empty'}   warp: {game.state.players[me].warp}")
        for i, label in enumerate(decision.labels()):
            cap = (
                f" (up to {decision.caps[i]})"
                if decision.caps is not None and decision.caps[i] > 1
                else ""
            )
            click.echo(f"  {i}. {label}{cap}")
        while True:
            if decision.single:
                raw = click.prompt("choice", type=int)
                answer: tuple[int, ...] = (raw,)
            else:
                raw_text = click.prompt(
                    f"choose {decision.minimum}-{decision.maximum} (numbers separated by spaces; repeat a number to pick it again)",
                    default="",
                    show_default=False,
                )
                try:
                    answer = tuple(int(x) for x in raw_text.split())
                except ValueError:
                    click.echo("  numbers only, please")
                    continue
            try:
                return decision.check(answer)
            except IllegalAnswer as exc:
                click.echo(f"  {exc}")


@click.command()
@click.option("--players", "-p", default=5, show_default=True)
@click.option(
    "--seat", default=0, show_default=True, help="Your seat (0 goes first around the table)."
)
@click.option("--aliens", default=None, help="Comma-separated alien ids, one per seat.")
@click.option("--packs", default="base", show_default=True)
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
def play(
    players: int,
    seat: int,
    aliens: str | None,
    packs: str,
    options: tuple[str, ...],
    seed: int,
    opponents: str,
    trace_path: Path | None,
) -> None:
    """Play a game at the terminal against agents."""
    from compiler.setups import build_setup
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game
    from runtime.setup import SetupError
    from runtime.trace import Trace

    project, rules, fingerprint = load_cards()
    try:
        setup = build_setup(
            project.cards,
            players=players,
            packs=packs.split(","),
            aliens=aliens.split(",") if aliens else None,
            options=options,
            seed=seed,
        )
        agents = [
            TerminalAgent() if s == seat else AGENTS[opponents](seed * 101 + s)
            for s in range(players)
        ]
        game = Game(project.cards, setup, agents, rules=rules)
    except SetupError as exc:
        fail(f"cannot set up the game: {exc}")
    shown = 0

    def show_log(g: Game) -> None:
        nonlocal shown
        lines = g.log_lines()
        for line in lines[shown:]:
            click.echo(click.style("  " + line, dim=True))
        shown = len(lines)

    game.observer = show_log
    try:
        play_game(game)
    except (KeyboardInterrupt, click.Abort):
        click.echo("\ngame abandoned")
    show_log(game)
    if trace_path is not None:
        try:
            Trace.of(game, fingerprint).write(trace_path)
        except OSError as exc:
            fail(f"cannot write the trace {trace_path}: {exc.strerror or exc}", 1)
        click.echo(f"trace written to {trace_path}")


@click.command()
@click.argument("trace_path", type=click.Path(path_type=Path))
@click.option("--log", "show_log", is_flag=True, help="Print the replayed game's log.")
def replay(trace_path: Path, show_log: bool) -> None:
    """Replay a trace, checking the game's invariants at every step, and check it reaches the
    recorded outcome and final state (or reproduces the failure it records)."""
    from compiler.traces import read_trace
    from runtime.trace import TraceError, changed_packs
    from runtime.trace import replay as run_replay

    try:
        trace = read_trace(trace_path)
    except TraceError as exc:
        fail(str(exc), 1)
    project, rules, _ = load_cards()
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
