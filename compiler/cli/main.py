"""The `cosmic` command group; each subcommand lives in its own module, imported only when that
command runs (or when help lists it), so `cosmic --version` and `cosmic validate` stay fast."""

from __future__ import annotations

import importlib

import click

from compiler import __version__

# command name -> (module, attribute), in the order help lists them
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("compiler.cli.validate", "validate"),
    "simulate": ("compiler.cli.simulate", "simulate"),
    "balance": ("compiler.cli.balance", "balance"),
    "play": ("compiler.cli.play", "play"),
    "replay": ("compiler.cli.play", "replay"),
    "test": ("compiler.cli.testing", "test"),
    "explain": ("compiler.cli.inspect", "explain"),
    "render": ("compiler.cli.inspect", "render"),
    "schema": ("compiler.cli.validate", "schema"),
    "docs": ("compiler.cli.inspect", "docs"),
    "new": ("compiler.cli.new", "new"),
    "lsp": ("compiler.cli.lsp", "lsp"),
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, attribute = COMMANDS[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="cosmic")
def cli() -> None:
    """Cosmic Encounter rules compiler and engine.

    Cards are YAML files with effects in a small language; `cosmic` checks them, compiles them
    into hooks and plays games with them.
    """
