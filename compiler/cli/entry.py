"""The `cosmic` executable: arguments in, exit status out. `cosmic --version` is answered here
without loading click or any command (it is what scripts and editors call most often); everything
else goes to the command group in `compiler.cli.main`."""

from __future__ import annotations

import sys

# click's own wording for `--version`, so both ways of asking print the same line
VERSION_LINE = "cosmic, version {}\n"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        from compiler import __version__

        sys.stdout.write(VERSION_LINE.format(__version__))
        sys.stdout.flush()
        return
    from compiler.cli.main import cli

    cli.main(args=args, prog_name="cosmic")
