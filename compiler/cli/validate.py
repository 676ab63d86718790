"""`cosmic validate` (every problem in a folder of cards, in four formats) and `cosmic schema`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler import diagnostics as d


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github", "sarif"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option(
    "--no-cache", is_flag=True, help="Compile every file again, ignoring the compile cache."
)
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the text output (default: when writing to a terminal).",
)
@click.option(
    "--skip-outside-packs",
    is_flag=True,
    help="Ignore files that belong to no pack (for hooks that pass every changed YAML file).",
)
def validate(
    paths: tuple[Path, ...],
    fmt: str,
    strict: bool,
    no_cache: bool,
    color: bool | None,
    skip_outside_packs: bool,
) -> None:
    """Check card files and packs, reporting every problem at once.

    PATHS are packs, folders of packs, single card files or scenario files (default: the bundled
    cards). The bundled packs a pack requires are loaded with it. Scenario files (under a pack's
    scenarios/ folder) are checked too. Exit status: 0 when clean, 1 when problems were found, 2
    on a usage error or internal failure.
    """
    from cards import BUNDLED
    from compiler.pipeline.project import Sources, load_project
    from compiler.tools import report

    if skip_outside_packs:
        from compiler.scenarios.files import owning_pack

        paths = tuple(p for p in paths if not p.is_file() or owning_pack(p.resolve()))
        if not paths:
            return
    targets = list(paths) or [BUNDLED]
    try:
        project = load_project(targets, use_cache=not no_cache)
        diags = project.diagnostics
        files = project.files
        sources = project.sources
    except Exception as exc:  # still reported as a diagnostic, never a bare traceback
        diags = [
            d.Diagnostic(
                d.INTERNAL,
                f"internal error: {type(exc).__name__}: {exc}",
                d.Span(str(targets[0]), 1, 1),
                "please report this",
            )
        ]
        files, sources = 0, Sources()
    singles = [Path(p) for p in paths if Path(p).is_file()]
    if singles:
        from compiler.pipeline.project import display

        wanted = {display(p.resolve()) for p in singles}  # as the diagnostics show them
        diags = [x for x in diags if x.span.path in wanted or x.span.path.endswith("pack.yaml")]
    if fmt == "json":
        out = report.render_json(diags, files)
    elif fmt == "github":
        out = report.render_github(diags)
    elif fmt == "sarif":
        out = report.render_sarif(diags, root=str(Path.cwd()))
    else:
        use_color = sys.stdout.isatty() if color is None else color
        body = report.render_text(diags, sources, color=use_color)
        out = (body + "\n" if body else "") + report.summary_line(diags, files)
    if out:
        click.echo(out)
    if any(x.code in (d.INTERNAL, d.USAGE) for x in diags):
        sys.exit(2)
    if any(x.is_error for x in diags) or (strict and diags):
        sys.exit(1)


@click.command()
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Folder to write the schemas to (default: print the card schema).",
)
def schema(out: Path | None) -> None:
    """Write the JSON Schemas of card files, pack manifests, scenario files and game traces (for
    editors and CI)."""
    import json

    from compiler.pipeline import schema as schemas

    if out is None:
        click.echo(json.dumps(schemas.card_document(), indent=2))
        return
    for path in schemas.write_all(out):
        click.echo(f"wrote {path}")
