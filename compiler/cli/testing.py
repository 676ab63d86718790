"""`cosmic test`: run card scenario tests and print a pytest-like summary."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from compiler.cli.common import load_cards


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--verbose", "-v", is_flag=True, help="One line per scenario.")
@click.option("--log", "show_log", is_flag=True, help="Print the game log of failing scenarios.")
def test(paths: tuple[Path, ...], verbose: bool, show_log: bool) -> None:
    """Run card scenario tests (default: every bundled scenario)."""
    from cards import BUNDLED
    from compiler.scenario import Runner, discover

    project, rules, _ = load_cards()
    files = discover(list(paths) or [BUNDLED])
    runner = Runner(project.cards, rules)
    started = time.perf_counter()
    results = []
    for path in files:
        result = runner.run(path)
        results.append(result)
        if verbose:
            click.echo(f"{'PASS' if result.passed else 'FAIL'}  {path}  {result.name}")
        else:
            click.echo("." if result.passed else "F", nl=False)
    if not verbose and files:
        click.echo("")
    failed = [r for r in results if not r.passed]
    for r in failed:
        click.echo(click.style(f"\n___ {r.name} ___", bold=True))
        for line, message in r.failures:
            click.echo(f"{r.path}:{line}: {message}")
        if show_log and r.log:
            click.echo("  game log:")
            click.echo("\n".join("    " + line for line in r.log))
    elapsed = time.perf_counter() - started
    summary = (
        f"{len(results) - len(failed)} passed"
        + (f", {len(failed)} failed" if failed else "")
        + f" in {elapsed:.2f}s"
    )
    click.echo(summary)
    if failed or not files:
        sys.exit(1)
