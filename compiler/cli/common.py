"""What several commands share: loading the cards (failing cleanly if they have errors)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any, NoReturn

import click


def fail(message: str, status: int = 2) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


def load_cards(paths: list[Path] | None = None) -> tuple[Any, Any, str]:
    """Compile the cards (bundled by default) and link the engine's rules; exit on card errors."""
    from cards import BUNDLED
    from compiler import report
    from compiler.project import load_project
    from runtime.effects.link import Rules

    project = load_project(paths or [BUNDLED])
    if project.errors:
        click.echo(
            report.render_text([x for x in project.diagnostics if x.is_error], project.sources),
            err=True,
        )
        fail(f"the cards have {project.errors} error(s); run `cosmic validate` for details", 1)
    fingerprint = hashlib.sha256(repr(sorted(project.cards.cards.items())).encode()).hexdigest()[
        :16
    ]
    return project, Rules(project.cards), fingerprint
