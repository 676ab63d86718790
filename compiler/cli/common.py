"""What several commands share: loading the cards (bundled plus outside packs, failing cleanly if
they have errors) and the `--pack` option that names outside packs."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, status: int = 2) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


def pack_option(command: F) -> F:
    """`--pack PATH` (repeatable): outside packs added to the bundled ones, after COSMIC_PACKS."""
    return click.option(
        "--pack",
        "pack_paths",
        multiple=True,
        type=click.Path(path_type=Path),
        help="An outside pack folder (or a folder of packs) to add to the bundled packs; "
        "repeatable. COSMIC_PACKS adds more (a list of paths, like PATH).",
    )(command)


def load_cards(pack_paths: Sequence[Path] = ()) -> tuple[Any, Any, str]:
    """Compile the bundled cards and the outside packs given (and those of COSMIC_PACKS), and link
    the engine's rules; exit on card errors."""
    from cards import BUNDLED
    from compiler.pipeline.project import load_project, outside_pack_paths
    from compiler.tools import report

    outside = outside_pack_paths(pack_paths)
    for path in outside:
        if not path.exists():
            fail(f"no such pack folder: {path} (from --pack or COSMIC_PACKS)")
    project = load_project([BUNDLED, *outside], scenarios=False)
    if project.errors:
        click.echo(
            report.render_text([x for x in project.diagnostics if x.is_error], project.sources),
            err=True,
        )
        fail(f"the cards have {project.errors} error(s); run `cosmic validate` for details", 1)
    from compiler.pipeline.language_export import stale
    from runtime.effects.link import Rules
    from runtime.language import load

    load()
    out_of_date = stale()
    if out_of_date:
        fail(out_of_date)
    fingerprint = hashlib.sha256(repr(sorted(project.cards.cards.items())).encode()).hexdigest()[
        :16
    ]
    return project, Rules(project.cards), fingerprint
