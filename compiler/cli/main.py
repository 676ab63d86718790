"""The `cosmic` command group; each subcommand lives in its own module and imports what it needs
only when it runs, so `cosmic --help` stays fast."""

from __future__ import annotations

import click

from compiler.cli.inspect import docs, explain, render
from compiler.cli.lsp import lsp
from compiler.cli.new import new
from compiler.cli.play import play, replay
from compiler.cli.simulate import simulate
from compiler.cli.testing import test
from compiler.cli.validate import schema, validate


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="cosmic-rules")
def cli() -> None:
    """Cosmic Encounter rules compiler and engine.

    Cards are YAML files with effects in a small language; `cosmic` checks them, compiles them
    into hooks and plays games with them.
    """


for command in (validate, simulate, play, replay, test, explain, render, schema, docs, new, lsp):
    cli.add_command(command)
