"""The `cosmic` executable: arguments in, exit status out. `cosmic --version` and `cosmic validate`
with plain options are answered here without loading click (they are what scripts, editors and
pre-commit hooks call most often); everything else goes to the command group in
`compiler.cli.main`."""

from __future__ import annotations

import sys

# click's own wording for `--version`, so both ways of asking print the same line
VERSION_LINE = "cosmic, version {}\n"


def main(argv: list[str] | None = None) -> None:
    if (
        argv is None
    ):  # the `cosmic` process itself, never a caller's (tests check grammars strictly)
        _no_strict_grammar_checks()
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        from compiler import __version__

        sys.stdout.write(VERSION_LINE.format(__version__))
        sys.stdout.flush()
        return
    if args[:1] == ["validate"]:
        from compiler.cli.validate_run import main as validate
        from compiler.cli.validate_run import quick_options

        options = quick_options(args[1:])
        if options is not None:
            sys.exit(validate(options))
    from compiler.cli.main import cli

    cli.main(args=args, prog_name="cosmic")


def _no_strict_grammar_checks() -> None:
    """Lark imports interegular wherever it is installed, only to check a grammar's terminals
    strictly while building tables; the effect parser's tables are shipped built, so in this
    process the import is refused (a None entry makes `import interegular` fail at once)."""
    sys.modules.setdefault("interegular", None)  # type: ignore[arg-type]
