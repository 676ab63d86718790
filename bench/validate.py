"""Benchmark: validation throughput (cold and warm load_project) on >= 1,000 generated card files."""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Fields whose values are effect-language text (see compiler/pipeline/card_file.py).
EFFECT_KEYS = ("do", "if", "cost", "setup", "target")
_KEY_LINE = re.compile(r"^(?P<indent>\s*)(?:- )?(?P<key>[A-Za-z_][\w-]*):(?P<rest>.*)$")
_NUMBER = re.compile(r"(?<![\w.-])(\d+)(?![\w.])")
REPEAT_MAX = 20  # the largest repeat count the effect language accepts
# Keys whose values name card ids (renamed together with the cards they name).
ID_KEYS = ("id", "alien", "aliens", "overrides")

YamlLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# ---------------------------------------------------------------- generating the card files


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _rename_ids(text: str, renames: dict[str, str]) -> str:
    if not renames:
        return text
    pattern = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(k) for k in sorted(renames, key=len, reverse=True))
        + r")(?![\w-])"
    )
    return pattern.sub(lambda m: renames[m.group(1)], text)


def vary_card(text: str, renames: dict[str, str], delta: int) -> str:
    """Rename card ids (id, alien, aliens, overrides) and shift each effect-text number by `delta`.

    Works on the lines, so the file keeps its layout: a key with a value on its line (or a block
    scalar) owns the more indented lines below it; a key opening a mapping owns none of them.
    """
    out: list[str] = []
    field: str | None = None  # the key whose value the current line continues
    field_indent = -1
    for line in text.splitlines(keepends=True):
        if field is not None and line.strip() and _indent_of(line) <= field_indent:
            field = None
        if field is not None:
            out.append(_vary_value(line, field, renames, delta))
            continue
        m = _KEY_LINE.match(line)
        value = m.group("rest").strip() if m else ""
        owns = bool(value) and not value.startswith("#")
        if m is None or not (owns or m.group("key") in ID_KEYS):
            out.append(line)
            continue
        field = m.group("key")
        item = line[len(m.group("indent")) :].startswith("- ")
        field_indent = len(m.group("indent")) + (2 if item else 0)
        out.append(
            line[: m.start("rest")] + _vary_value(line[m.start("rest") :], field, renames, delta)
        )
    return "".join(out)


def _shifted(number: int, delta: int) -> int:
    """`number` + `delta`, except that a number from 0 to 20 stays within 1 to 20, the tightest
    range the language allows (a repeat), so every varied copy still compiles cleanly."""
    if number > REPEAT_MAX or number + delta <= REPEAT_MAX:
        return number + delta
    return (number + delta - 1) % REPEAT_MAX + 1


def _vary_value(value: str, key: str, renames: dict[str, str], delta: int) -> str:
    if key in EFFECT_KEYS:
        if delta == 0:
            return value
        return _NUMBER.sub(lambda m: str(_shifted(int(m.group(1)), delta)), value)
    if key in ID_KEYS:
        return _rename_ids(value, renames)
    return value


def generate(source: Path, root: Path, files: int, packs: int, *, vary: bool = True) -> list[Path]:
    """Copy the source pack's cards into `packs` pack folders until there are >= `files` card files.

    Copy k renames every card id `x` to `x-vk` (file names too) and adds k to each number in the
    effect text, so ids stay unique and an effect string with a number differs in every copy.
    """
    from compiler.pipeline.pack_folders import card_files

    cards = card_files(source)  # what the compiler reads (not pack.yaml, not scenarios/)
    if not cards:
        raise SystemExit(f"no card files in {source}")
    ids = {p.stem for p in cards}
    manifest = (source / "pack.yaml").read_text(encoding="utf-8")
    copies = max(1, -(-files // len(cards)))
    written: list[Path] = []
    for p in range(packs):
        folder = root / f"bench{p:02d}"
        folder.mkdir(parents=True)
        text = re.sub(r"(?m)^id:.*$", f"id: bench{p:02d}", manifest)
        text = re.sub(r"(?m)^requires:.*(\n[ -].*)*", "", text)
        (folder / "pack.yaml").write_text(text, encoding="utf-8")
        written.append(folder / "pack.yaml")
    for k in range(copies):
        folder = root / f"bench{k % packs:02d}"
        renames = {i: f"{i}-v{k:03d}" for i in ids}
        delta = k if vary else 0
        for path in cards:
            rel = path.relative_to(source)
            target = folder / rel.parent / f"{renames[path.stem]}.yaml"
            target.parent.mkdir(parents=True, exist_ok=True)
            original = path.read_text(encoding="utf-8")
            target.write_text(vary_card(original, renames, delta), encoding="utf-8")
            written.append(target)
    return written


def effect_strings(data: Any) -> Iterator[str]:
    """Every effect-language string in a loaded card file."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in EFFECT_KEYS and isinstance(value, str):
                yield value
            else:
                yield from effect_strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from effect_strings(item)


# ---------------------------------------------------------------- timing


# The CPU time of the last `best_of` (its best repetition): on a machine others share, it moves
# far less with their load than the wall-clock time does.
LAST_CPU: list[float] = [0.0]


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, result, cpu = float("inf"), None, float("inf")
    for _ in range(repeat):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    LAST_CPU[0] = cpu
    return best, result


def plain_load(paths: list[Path]) -> int:
    count = 0
    for path in paths:
        yaml.load(path.read_text(encoding="utf-8"), Loader=YamlLoader)
        count += 1
    return count


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join("-" * w for w in widths)
    fmt = [
        h.ljust(w) if i == 0 else h.rjust(w)
        for i, (h, w) in enumerate(zip(headers, widths, strict=True))
    ]
    out = ["  ".join(fmt), line]
    for r in rows:
        out.append(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    return "\n".join(out)


def error_files(project: Any) -> set[str]:
    return {os.path.realpath(x.span.path) for x in project.diagnostics if x.is_error}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--files", type=int, default=1000, help="card files to generate, at least (default 1000)"
    )
    ap.add_argument(
        "--packs", type=int, default=1, help="pack folders to spread them over (default 1)"
    )
    ap.add_argument(
        "--repeat", type=int, default=5, help="timed repetitions; the best is kept (default 5)"
    )
    ap.add_argument(
        "--source",
        type=Path,
        default=None,
        help="pack folder to copy (default: the bundled cards/base)",
    )
    ap.add_argument(
        "--profile",
        action="store_true",
        help="also profile one cold run and print the top 25 functions",
    )
    args = ap.parse_args(argv)

    from cards import BUNDLED

    source = args.source or BUNDLED / "base"
    work = Path(tempfile.mkdtemp(prefix="cosmic-bench-"))
    saved_env = os.environ.get("COSMIC_CACHE_DIR")
    try:
        # Nothing may land in the user's cache folder: the parser tables and the compile cache
        # go to a temporary folder that is removed at the end.
        cache_folder = work / "cache"
        cache_folder.mkdir()
        os.environ["COSMIC_CACHE_DIR"] = str(cache_folder)
        root = work / "packs"
        paths = generate(source, root, args.files, args.packs)

        from compiler.pipeline.parser import parser
        from compiler.pipeline.project import load_project

        # Warm-up, not timed: imports, the effect parser's tables, the registry, one cold load
        # (which also finds any generated file that does not compile cleanly).
        parser()
        project = load_project([root], use_cache=False)
        bad = error_files(project)
        if bad:
            # A varied number broke an effect (e.g. a count with a bound): regenerate unvaried.
            shutil.rmtree(root)
            varied = generate(source, root, args.files, args.packs)
            plain = work / "plain"
            generate(source, plain, args.files, args.packs, vary=False)
            for path in varied:
                if os.path.realpath(path) in bad:
                    shutil.copyfile(plain / path.relative_to(root), path)
            shutil.rmtree(plain)
            project = load_project([root], use_cache=False)
        errors = project.errors
        card_files = len(paths) - args.packs
        loaded = [yaml.load(p.read_text(encoding="utf-8"), Loader=YamlLoader) for p in paths]
        effects = [s for data in loaded for s in effect_strings(data)]

        # (c) needs the compile cache filled by one untimed run first.
        os.environ["COSMIC_CACHE_DIR"] = str(cache_folder)
        load_project([root], use_cache=True)
        # The three are timed in turn, `repeat` rounds, keeping each one's best, so that other
        # work on the machine hits them alike.
        t_plain = t_cold = t_warm = float("inf")
        c_plain = c_cold = c_warm = float("inf")  # CPU time (user + system) of the same runs
        for _ in range(args.repeat):
            # (a) plain YAML parse of the same files
            t, _ = best_of(1, lambda: plain_load(paths))
            t_plain, c_plain = min(t_plain, t), min(c_plain, LAST_CPU[0])
            # (b) cold validation: no compile cache
            os.environ["COSMIC_CACHE_DIR"] = ""
            t, cold = best_of(1, lambda: load_project([root], use_cache=False))
            t_cold, c_cold = min(t_cold, t), min(c_cold, LAST_CPU[0])
            # (c) warm validation: every card file found in the cache
            os.environ["COSMIC_CACHE_DIR"] = str(cache_folder)
            t, warm = best_of(1, lambda: load_project([root], use_cache=True))
            t_warm, c_warm = min(t_warm, t), min(c_warm, LAST_CPU[0])
        if len(warm.cards.cards) != len(cold.cards.cards) or warm.errors != cold.errors:
            print("warning: the warm run's result differs from the cold run's", file=sys.stderr)

        loader = (
            "CSafeLoader (libyaml)"
            if YamlLoader is not yaml.SafeLoader
            else "SafeLoader (pure Python!)"
        )
        print(
            f"validate benchmark: {card_files} card files + {args.packs} pack.yaml in {args.packs} pack(s), copied from {source}"
        )
        print(
            f"  {len(effects)} effect strings ({len(set(effects))} distinct), "
            f"{len(cold.cards.cards)} cards linked, {errors} error(s), "
            f"{len(bad)} file(s) left unvaried"
        )
        print(
            f"  best of {args.repeat} interleaved runs each; parser tables, imports and registry warmed up first; YAML loader: {loader}"
        )
        print()
        n = len(paths)
        rows = [
            [
                "(a) plain yaml.load (read+parse)",
                f"{t_plain:.3f}",
                f"{t_plain / n * 1e6:.0f}",
                "1.00x",
                "",
                "",
            ],
            [
                "(b) cold load_project (no cache)",
                f"{t_cold:.3f}",
                f"{t_cold / n * 1e6:.0f}",
                f"{t_cold / t_plain:.2f}x",
                "<= 3.00x",
                "PASS" if t_cold <= 3 * t_plain else "FAIL",
            ],
            [
                "(c) warm load_project (cache full)",
                f"{t_warm:.3f}",
                f"{t_warm / n * 1e6:.0f}",
                f"{t_warm / t_plain:.2f}x",
                "<= 0.50x",
                "PASS" if t_warm <= 0.5 * t_plain else "FAIL",
            ],
        ]
        print(
            table(["measurement", "seconds", "us/file", "ratio to (a)", "target", "result"], rows)
        )
        print(
            f"\n  cold/warm speed-up: {t_cold / t_warm:.1f}x; cold throughput {n / t_cold:.0f} files/s"
        )
        print(
            f"  CPU time (best): (a) {c_plain:.3f} s, (b) {c_cold:.3f} s = {c_cold / c_plain:.2f}x,"
            f" (c) {c_warm:.3f} s = {c_warm / c_plain:.2f}x"
        )

        if args.profile:
            os.environ["COSMIC_CACHE_DIR"] = ""
            profiler = cProfile.Profile()
            profiler.enable()
            load_project([root], use_cache=False)
            profiler.disable()
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("tottime").print_stats(25)
            stats.sort_stats("cumulative").print_stats(15)
            print(
                "\ncProfile of one cold run, top 25 by total (own) time, then top 15 by cumulative:"
            )
            print(out.getvalue())
        return 0
    finally:
        if saved_env is None:
            os.environ.pop("COSMIC_CACHE_DIR", None)
        else:
            os.environ["COSMIC_CACHE_DIR"] = saved_env
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
