"""Benchmark: whole-process start-up and validation time of `cosmic` at 1 to 4,000 card files, cold
and warm, side by side with a plain CSafeLoader load, check-jsonschema and yamllint, and with
another installation's `cosmic` (`--against`, e.g. a checkout of main) in the same rounds."""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from validate import generate, table  # noqa: E402  (bench/validate.py, beside this file)

BIN = Path(sys.executable).parent
# Kinds whose cards point at other cards go last, so a small subset links cleanly.
LINKED_KINDS = ("flare", "essence", "combo")
PLAIN_LOAD = (
    "import sys, yaml, pathlib\n"
    "for p in sorted(pathlib.Path(sys.argv[1]).rglob('*.yaml')):\n"
    "    yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)\n"
)
AGAINST = "against: "  # the name prefix of cases timing `--against`'s executable
OUTSIDE_MANIFEST = 'id: outside\nname: An outside pack\nversion: "1"\nrequires: [base]\n'


def tool(name: str) -> str | None:
    found = BIN / name
    return str(found) if found.exists() else shutil.which(name)


def make_pack(source: Path, folder: Path, files: int) -> list[Path]:
    """A pack of exactly `files` card files copied (and varied) from `source`."""
    scratch = folder.parent / (folder.name + "-all")
    generate(source, scratch, files, 1)
    (made,) = [p for p in scratch.iterdir() if p.is_dir()]
    cards = sorted(
        (p for p in made.rglob("*.yaml") if p.name != "pack.yaml"),
        key=lambda p: (p.parent.name in LINKED_KINDS, str(p)),
    )
    for extra in cards[files:]:
        extra.unlink()
    made.rename(folder)
    scratch.rmdir()
    return [folder / path.relative_to(made) for path in cards[:files]]


def outside_pack(source: Path, folder: Path) -> None:
    """One alien card in a pack of its own that requires the bundled base set."""
    (folder / "alien").mkdir(parents=True)
    (folder / "pack.yaml").write_text(OUTSIDE_MANIFEST, encoding="utf-8")
    text = (source / "alien" / "virus.yaml").read_text(encoding="utf-8")
    text = text.replace("id: virus", "id: germ").replace("name: Virus", "name: Germ")
    (folder / "alien" / "germ.yaml").write_text(text, encoding="utf-8")


# Commands that failed (exit status 2 or more, or a traceback), with the end of what they said:
# their times mean nothing. Exit status 1 is every tool's "problems found" (the generated packs
# hold a few broken cards), a finished run whose time counts.
FAILED: dict[str, str] = {}


# The CPU time (user + system) of the last process `run` timed: on a machine others share, it
# moves far less with their load than the wall-clock time does.
LAST_CPU: list[float] = [0.0]


def run(argv: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    LAST_CPU[0] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 1) or b"Traceback" in done.stderr:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        FAILED[" ".join(argv[:3])] = said[-1] if said else f"exit status {done.returncode}"
    return elapsed


class Case(NamedTuple):
    """One command the bench runs: at a pack size (None: start-up cases), under a name."""

    size: int | None
    name: str
    argv: list[str]
    env: Callable[[], dict[str, str]]  # called for each run (a cold case's cache is new each time)

    @property
    def key(self) -> tuple[int | None, str]:
        return (self.size, self.name)


def instructions(argv: list[str], env: dict[str, str]) -> int | None:
    """The machine instructions one run of a command executes, counted by valgrind's callgrind:
    a figure the machine's other work does not move (None when valgrind is missing or failed)."""
    if shutil.which("valgrind") is None:
        return None
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv]
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    found = re.search(rb"Collected\s*:\s*(\d+)", done.stderr)
    return int(found.group(1)) if found else None


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--sizes",
        default="1,10,100,1000,4000",
        help="card-file counts to time, comma-separated (default 1,10,100,1000,4000)",
    )
    ap.add_argument(
        "--rounds", type=int, default=3, help="interleaved rounds; best and median kept (3)"
    )
    ap.add_argument("--no-tools", action="store_true", help="skip check-jsonschema and yamllint")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count each command's instructions once under valgrind (slow; load-independent)",
    )
    ap.add_argument(
        "--against",
        metavar="COSMIC",
        help="another `cosmic` executable (e.g. main's) to time in the same rounds",
    )
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]

    from cards import BUNDLED
    from grammar import SCHEMA_DIR

    cosmic = tool("cosmic")
    if cosmic is None:
        raise SystemExit("no `cosmic` command: run `pip install -e .` first")
    checkjs = None if args.no_tools else tool("check-jsonschema")
    yamllint = None if args.no_tools else tool("yamllint")
    source = BUNDLED / "base"
    work = Path(tempfile.mkdtemp(prefix="cosmic-startup-"))
    try:
        # An installed package runs from bytecode (pip compiles it); with PYTHONDONTWRITEBYTECODE
        # set, an editable install would recompile every module on every call instead.
        dropped = ("COSMIC_CACHE_DIR", "PYTHONDONTWRITEBYTECODE")
        base_env = {k: v for k, v in os.environ.items() if k not in dropped}
        warm_dir = work / "warm-cache"
        warm_env = {**base_env, "COSMIC_CACHE_DIR": str(warm_dir)}
        packs: dict[int, tuple[Path, list[Path]]] = {}
        for n in sizes:
            folder = work / f"pack{n}"
            packs[n] = (folder, make_pack(source, folder, n))
        outside = work / "outside"
        outside_pack(source, outside)
        # the bundled base pack is found through the outside pack's `requires:`
        one_card = [cosmic, "validate", str(outside)]
        against = args.against
        against_warm_env = {**base_env, "COSMIC_CACHE_DIR": str(work / "against-warm-cache")}

        def cold_env() -> dict[str, str]:
            return {**base_env, "COSMIC_CACHE_DIR": tempfile.mkdtemp(dir=work, prefix="cold-")}

        # Each case: (size or None, name, the command, the environment it runs in).
        def env_of(fixed: dict[str, str]) -> Callable[[], dict[str, str]]:
            return lambda: fixed

        base, warm = env_of(base_env), env_of(warm_env)
        cases: list[Case] = [
            Case(None, "python -c pass", [sys.executable, "-c", "pass"], base),
            Case(None, "cosmic --version", [cosmic, "--version"], base),
            Case(None, "1 outside card (requires base), cold", one_card, cold_env),
            Case(None, "1 outside card (requires base), warm", one_card, warm),
        ]
        if against:
            other = [against, "validate", str(outside)]
            against_warm = env_of(against_warm_env)
            cases += [
                Case(None, f"{AGAINST}cosmic --version", [against, "--version"], base),
                Case(None, f"{AGAINST}1 outside card, cold", other, cold_env),
                Case(None, f"{AGAINST}1 outside card, warm", other, against_warm),
            ]
        for n, (folder, cards) in packs.items():
            names = [str(p) for p in cards]
            cases.append(Case(n, "cosmic cold", [cosmic, "validate", str(folder)], cold_env))
            cases.append(Case(n, "cosmic warm", [cosmic, "validate", str(folder)], warm))
            if against:
                again = [against, "validate", str(folder)]
                cases.append(Case(n, f"{AGAINST}cold", again, cold_env))
                cases.append(Case(n, f"{AGAINST}warm", again, against_warm))
            plain = [sys.executable, "-c", PLAIN_LOAD, str(folder)]
            cases.append(Case(n, "CSafeLoader", plain, base))
            if checkjs:
                schema = str(SCHEMA_DIR / "card.schema.json")
                cj = [checkjs, "--schemafile", schema, *names]
                cases.append(Case(n, "check-jsonschema", cj, base))
            if yamllint:
                yl = [yamllint, "-d", "{extends: relaxed}", *names]
                cases.append(Case(n, "yamllint", yl, base))

        # Untimed: the bundled packs' compiled form beside the package, the bytecode of every
        # module a cold call imports, and the warm cache.
        run([cosmic, "validate", str(BUNDLED)], base_env)
        run(one_card, cold_env())
        run(one_card, warm_env)
        for folder, _ in packs.values():
            run([cosmic, "validate", str(folder)], warm_env)
        if against:
            run([against, "validate"], base_env)
            run([against, "validate", str(outside)], cold_env())
            run([against, "validate", str(outside)], against_warm_env)
            for folder, _ in packs.values():
                run([against, "validate", str(folder)], against_warm_env)

        print(f"load average at start: {loadavg()}  ({os.cpu_count()} cores)")
        times: dict[tuple[int | None, str], list[float]] = {c.key: [] for c in cases}
        cpu: dict[tuple[int | None, str], list[float]] = {c.key: [] for c in cases}
        for _ in range(args.rounds):
            for case in cases:
                times[case.key].append(run(case.argv, case.env()))
                cpu[case.key].append(LAST_CPU[0])
        print(f"load average at end:   {loadavg()}")
        report(times, sizes, args.rounds)
        report_cpu(cpu, sizes)
        if args.instructions:
            report_instructions({c.key: instructions(c.argv, c.env()) for c in cases}, sizes)
        for command, said in FAILED.items():
            print(f"FAILED (times not valid): {command} ...: {said}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def report(times: dict[tuple[int | None, str], list[float]], sizes: list[int], rounds: int) -> None:
    def best(n: int | None, name: str) -> float | None:
        found = times.get((n, name))
        return min(found) if found else None

    def ms(x: float | None) -> str:
        return "-" if x is None else f"{x * 1000:.0f}"

    def ratio(a: float | None, b: float | None) -> str:
        return "-" if a is None or b is None else f"{a / b:.2f}"

    print(f"\nwhole processes, best (median) of {rounds} interleaved rounds, ms\n")
    rows = [
        [name, ms(min(v)), ms(statistics.median(v))] for (n, name), v in times.items() if n is None
    ]
    print(table(["start-up", "best", "median"], rows))
    rows = []
    for n in sizes:
        cold, warm = best(n, "cosmic cold"), best(n, "cosmic warm")
        plain, cj, yl = best(n, "CSafeLoader"), best(n, "check-jsonschema"), best(n, "yamllint")
        rows.append(
            [
                str(n),
                ms(cold),
                ms(warm),
                ms(plain),
                ms(cj),
                ms(yl),
                ratio(cj, cold),
                ratio(yl, cold),
                ratio(warm, plain),
            ]
        )
    print()
    headers = ["files", "cold", "warm", "CSafeLoader", "check-jsonschema", "yamllint"]
    headers += ["cj/cold", "yamllint/cold", "warm/CSafe"]
    print(table(headers, rows))
    if any(name.startswith(AGAINST) for _, name in times):
        rows = []
        for n in sizes:
            cold, warm = best(n, "cosmic cold"), best(n, "cosmic warm")
            cold2, warm2 = best(n, f"{AGAINST}cold"), best(n, f"{AGAINST}warm")
            plain, cj = best(n, "CSafeLoader"), best(n, "check-jsonschema")
            rows.append(
                [
                    str(n),
                    ms(cold),
                    ms(cold2),
                    ms(warm),
                    ms(warm2),
                    ratio(cj, cold2),
                    ratio(warm2, plain),
                ]
            )
        print(f"\n{AGAINST}the other `cosmic` in the same rounds\n")
        headers = ["files", "cold", "cold (against)", "warm", "warm (against)"]
        print(table([*headers, "cj/cold (against)", "warm/CSafe (against)"], rows))
    targets = [
        ("cosmic --version <= 60 ms", best(None, "cosmic --version"), 0.060),
        (
            "1 outside card, cold <= 250 ms",
            best(None, "1 outside card (requires base), cold"),
            0.25,
        ),
        (
            "1 outside card, warm <= 150 ms",
            best(None, "1 outside card (requires base), warm"),
            0.15,
        ),
    ]
    print()
    for label, value, limit in targets:
        verdict = "-" if value is None else ("ok" if value <= limit else "MISSED")
        print(f"{label}: {ms(value)} ms  {verdict}")
    if 100 in sizes:
        cj, cold = best(100, "check-jsonschema"), best(100, "cosmic cold")
        if cj is not None and cold is not None:
            verdict = "ok" if cj / cold >= 2 else "MISSED"
            print(f"check-jsonschema / cosmic cold at 100 files >= 2: {cj / cold:.2f}  {verdict}")
    if 4000 in sizes:
        warm, plain = best(4000, "cosmic warm"), best(4000, "CSafeLoader")
        if warm is not None and plain is not None:
            verdict = "ok" if warm / plain <= 0.5 else "MISSED"
            print(f"cosmic warm / CSafeLoader at 4000 files <= 0.5: {warm / plain:.2f}  {verdict}")


def report_cpu(cpu: dict[tuple[int | None, str], list[float]], sizes: list[int]) -> None:
    """The same processes' CPU time (user + system), best of the rounds: the figure to compare
    when the load average shows others using the machine."""

    def best(n: int | None, name: str) -> str:
        found = cpu.get((n, name))
        return f"{min(found) * 1000:.0f}" if found else "-"

    print("\nCPU time (user + system) of the same processes, best, ms\n")
    rows = [[name, best(n, name)] for (n, name) in cpu if n is None]
    print(table(["start-up", "cpu"], rows))
    names = ["cosmic cold", "cosmic warm", "CSafeLoader", "check-jsonschema", "yamllint"]
    if any(name.startswith(AGAINST) for _, name in cpu):
        names[2:2] = [f"{AGAINST}cold", f"{AGAINST}warm"]
    print()
    print(table(["files", *names], [[str(n), *(best(n, name) for name in names)] for n in sizes]))


def report_instructions(counts: dict[tuple[int | None, str], int | None], sizes: list[int]) -> None:
    """Each command's instructions (millions) and the targets' ratios in instructions. They leave
    out what the kernel does for a process (reading files), so they complement the times."""

    def mi(key: tuple[int | None, str]) -> str:
        found = counts.get(key)
        return "-" if found is None else f"{found / 1e6:.0f}"

    print("\ninstructions of one run each (callgrind), millions\n")
    print(
        table(["start-up", "Minstr"], [[name, mi((n, name))] for (n, name) in counts if n is None])
    )
    names = ["cosmic cold", "cosmic warm", "CSafeLoader", "check-jsonschema", "yamllint"]
    print()
    print(table(["files", *names], [[str(n), *(mi((n, name)) for name in names)] for n in sizes]))
    ratios = [
        (100, "check-jsonschema", "cosmic cold", "check-jsonschema / cosmic cold (>= 2)"),
        (4000, "cosmic warm", "CSafeLoader", "cosmic warm / CSafeLoader (<= 0.5)"),
    ]
    for n, top, bottom, label in ratios:
        a, b = counts.get((n, top)), counts.get((n, bottom))
        if a and b:
            print(f"at {n} files, in instructions: {label}: {a / b:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
