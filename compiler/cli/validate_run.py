"""`cosmic validate` without click: the parsed options in, the report text and exit status out.

The click command in `compiler.cli.validate` and the console script's quick path
(`compiler.cli.entry`) both run this, so they print the same report and exit alike."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from compiler import diagnostics as d
from runtime.record import record

FORMATS = ("text", "json", "github", "sarif")
# click.echo's pattern for the colour codes it strips when writing to something not a terminal
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


@record
class ValidateOptions:
    paths: tuple[Path, ...] = ()
    fmt: str = "text"
    strict: bool = False
    no_cache: bool = False
    color: bool | None = None
    skip_outside_packs: bool = False


def quick_options(args: Sequence[str]) -> ValidateOptions | None:
    """The options of `validate ARGS` when they take only the plain forms this reads; None for
    anything else (help, a bad or unknown option, an empty path), which click then answers."""
    paths: list[Path] = []
    fmt, strict, no_cache, color, skip = "text", False, False, None, False
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            tail = list(rest)
            if not all(tail):
                return None
            paths.extend(Path(p) for p in tail)
            break
        if arg == "--strict":
            strict = True
        elif arg == "--no-cache":
            no_cache = True
        elif arg in ("--color", "--no-color"):
            color = arg == "--color"
        elif arg == "--skip-outside-packs":
            skip = True
        elif arg == "--format" or arg.startswith("--format="):
            value = arg.partition("=")[2] if "=" in arg else next(rest, None)
            if value not in FORMATS:
                return None
            fmt = value
        elif arg.startswith("-") or not arg:
            return None
        else:
            paths.append(Path(arg))
    return ValidateOptions(tuple(paths), fmt, strict, no_cache, color, skip)


def validate(options: ValidateOptions) -> tuple[str, int]:
    """The report to print (empty for none) and the exit status: 0 clean, 1 problems, 2 a usage
    error or an internal failure."""
    from cards import BUNDLED
    from compiler.pipeline.project import Sources, load_project
    from compiler.tools import report

    paths = options.paths
    if options.skip_outside_packs:
        from compiler.pipeline.scenario_files.reading import owning_pack

        paths = tuple(p for p in paths if not p.is_file() or owning_pack(p.resolve()))
        if not paths:
            return "", 0
    targets = list(paths) or [BUNDLED]
    try:
        project = load_project(targets, use_cache=not options.no_cache)
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
    fmt = options.fmt
    if fmt == "json":
        out = report.render_json(diags, files)
    elif fmt == "github":
        out = report.render_github(diags)
    elif fmt == "sarif":
        out = report.render_sarif(diags, root=str(Path.cwd()))
    else:
        use_color = sys.stdout.isatty() if options.color is None else options.color
        body = report.render_text(diags, sources, color=use_color)
        out = (body + "\n" if body else "") + report.summary_line(diags, files)
    if any(x.code in (d.INTERNAL, d.USAGE) for x in diags):
        return out, 2
    if any(x.is_error for x in diags) or (options.strict and diags):
        return out, 1
    return out, 0


def main(options: ValidateOptions) -> int:
    """Validate and print the report as click.echo would (colour codes stripped when standard
    output is not a terminal); the exit status."""
    out, status = validate(options)
    if out:
        if not sys.stdout.isatty():
            out = ANSI.sub("", out)
        try:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            # as click does: the reader went away, so say nothing more (not even at exit)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    return status
