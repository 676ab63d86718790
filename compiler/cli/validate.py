"""`cosmic validate` (every problem in a folder of cards, in four formats) and `cosmic schema`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compiler.cli.validate_run import FORMATS


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
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
    from compiler.cli.validate_run import ValidateOptions
    from compiler.cli.validate_run import validate as run

    options = ValidateOptions(paths, fmt, strict, no_cache, color, skip_outside_packs)
    out, status = run(options)
    if out:
        click.echo(out)
    if status:
        sys.exit(status)


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

    from compiler.pipeline.schema import card_document
    from compiler.tools.schema_files import write_all

    if out is None:
        click.echo(json.dumps(card_document(), indent=2))
        return
    for path in write_all(out):
        click.echo(f"wrote {path}")
