"""`cosmic test`: run card scenario tests (bundled, or those of the paths given, with the packs
they belong to) and print a pytest-like summary; optionally JUnit XML for CI."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from compiler.cli.common import fail, load_cards, pack_option
from compiler.pipeline.project import outside_pack_ids


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--verbose", "-v", is_flag=True, help="One line per scenario.")
@click.option("--log", "show_log", is_flag=True, help="Print the game log of failing scenarios.")
@click.option(
    "-k",
    "pattern",
    default=None,
    help="Run only scenarios whose name or file contains PATTERN (ignoring case).",
)
@click.option(
    "--junit-xml",
    "junit_path",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Also write the results as JUnit XML to this file.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help="Play every scenario with this seed instead of its own: one that fails then depends"
    " on how the seed shuffles the packs.",
)
@pack_option
def test(
    paths: tuple[Path, ...],
    verbose: bool,
    show_log: bool,
    pattern: str | None,
    junit_path: Path | None,
    seed: int | None,
    pack_paths: tuple[Path, ...],
) -> None:
    """Run card scenario tests (default: every bundled scenario).

    PATHS are pack folders, folders of packs, folders of scenario files (of any name) or
    scenario files. The packs the scenarios belong to are loaded with the bundled packs.
    """
    from cards import BUNDLED
    from compiler.pipeline.scenario_files.reading import find_scenarios
    from compiler.scenarios.runner import Runner
    from compiler.tools import report

    scenarios, problems = find_scenarios(list(paths) or [BUNDLED])
    for problem in problems:
        click.echo(f"error: {problem}", err=True)
    if problems:
        sys.exit(2)
    own_packs = sorted({s.pack_folder for s in scenarios if s.pack_folder is not None})
    project, rules, _ = load_cards([*pack_paths, *own_packs])
    pack_of = {p.folder: p.id for p in project.packs}
    outside = outside_pack_ids(project)
    if pattern is not None:
        scenarios = [s for s in scenarios if _matches(s, pattern)]
        if not scenarios:
            fail(f"no scenario matches -k '{pattern}' (it is looked for in names and files)", 1)
    runner = Runner(project.cards, rules, seed)
    started = time.perf_counter()
    results = []
    for scenario in scenarios:
        # played with its own pack, or (outside any pack) with base and the outside packs
        own = pack_of.get(scenario.pack_folder) if scenario.pack_folder else None
        packs = [own] if own else ["base", *outside]
        result = runner.run(scenario.path, scenario.shown, packs)
        results.append(result)
        if verbose:
            click.echo(f"{'PASS' if result.passed else 'FAIL'}  {result.path}  {result.name}")
        else:
            click.echo("." if result.passed else "F", nl=False)
    if not verbose and scenarios:
        click.echo("")
    failed = [r for r in results if not r.passed]
    files = {s.shown: s.path for s in scenarios}
    for r in failed:
        click.echo(click.style(f"\n___ {r.name} ___", bold=True))
        if r.diagnostics:
            sources = {r.path: _lines(files[r.path])}
            click.echo(report.render_text(r.diagnostics, sources))
            continue
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
    if junit_path is not None:
        from compiler.scenarios.junit import junit_xml

        junit_path.write_text(junit_xml(results, elapsed), encoding="utf-8")
    if failed:
        sys.exit(1)


def _matches(scenario: Any, pattern: str) -> bool:
    from compiler.pipeline.load import load_yaml_file

    wanted = pattern.lower()
    if wanted in scenario.shown.lower():
        return True
    data = load_yaml_file(scenario.path).data
    return isinstance(data, dict) and wanted in str(data.get("name", "")).lower()


def _lines(path: Path) -> list[str]:
    from compiler.pipeline.loaded import lines_of

    try:
        return lines_of(path.read_bytes())
    except OSError:
        return []
