"""Benchmark: card effects run as compiled hooks vs equivalent hand-written Python, plus compile/link times."""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import shutil
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hook_effects import Effect, effects, reset, snapshot  # bench/hook_effects.py, beside this file

if TYPE_CHECKING:
    from runtime.cards import CardSet
    from runtime.decisions import Answer, Decision
    from runtime.effects.context import Ctx
    from runtime.game import Game, PlayerView


def table(headers: list[str], rows: list[list[str]], left: int = 1) -> str:
    """A plain-text table; the first `left` columns are left-aligned, the rest right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join([fmt(headers), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows)])


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


# ---------------------------------------------------------------- the game at reveal


class InstantAgent:
    """Answers every decision at once with its first option (the cheapest legal answer)."""

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        return tuple(range(decision.minimum)) if not decision.single else (0,)


class Stopped(Exception):
    """Raised from the reveal step to freeze a game there."""


def game_at_reveal(cards: CardSet, rules: Any, first_seed: int) -> tuple[Game, int]:
    """A 5-player game stopped at reveal.reinforcements of an encounter where both encounter
    cards are attacks, face up, preferably with offensive allies; returns (game, seed)."""
    from compiler.tools.setups import build_setup
    from runtime.agents import RandomAgent
    from runtime.game import Game
    from runtime.rules.turn import play_game
    from runtime.state import OFFENSE
    from runtime.windows import Window

    for need_allies in (True, False):
        for seed in range(first_seed, first_seed + 100):
            setup = build_setup(cards, players=5, seed=seed)
            agents = [RandomAgent(seed * 101 + s) for s in range(5)]
            game = Game(cards, setup, agents, rules=rules, log=False)
            original = game.dispatch.step

            def step(
                window: Window,
                game: Game = game,
                original: Any = original,
                allies: bool = need_allies,
            ) -> None:
                enc = game.state.encounter
                if (
                    window is Window.REVEAL_REINFORCEMENTS
                    and enc is not None
                    and enc.face_up == [True, True]
                    and enc.types == ["attack", "attack"]
                    and (enc.allies[OFFENSE] or not allies)
                ):
                    raise Stopped()
                original(window)

            game.dispatch.step = step  # type: ignore[method-assign]
            try:
                play_game(game)
            except Stopped:
                return game, seed
    raise SystemExit("no game reached a reveal with two attack cards; try another --seed")


def time_calls(
    versions: list[tuple[Callable[[Ctx], Any], Callable[[Ctx], Any] | None]],
    ctx: Ctx,
    number: int,
    repeat: int,
) -> list[float]:
    """Best seconds per call of each version (a function, and what is also timed after each call)
    over `repeat` runs of `number` calls. The versions take turns run by run, so other work on
    the machine hits them alike; the state is reset before each run."""
    timers = [
        timeit.Timer(
            "fn(ctx)" if after is None else "fn(ctx); after(ctx)",
            setup=lambda: reset(ctx.game),
            globals={"fn": fn, "after": after, "ctx": ctx},
        )
        for fn, after in versions
    ]
    best = [float("inf")] * len(versions)
    for _ in range(repeat):
        for i, timer in enumerate(timers):
            best[i] = min(best[i], timer.timeit(number) / number)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--number", type=int, default=20_000, help="calls per timing run (default 20000)"
    )
    ap.add_argument(
        "--repeat", type=int, default=15, help="timing runs; the best is kept (default 15)"
    )
    ap.add_argument("--seed", type=int, default=1, help="first seed tried for the game at reveal")
    ap.add_argument(
        "--target", type=float, default=1.5, help="compiled / hand-written ratio to stay under"
    )
    ap.add_argument(
        "--profile",
        action="store_true",
        help="also profile the compiled closures and print the top 25 functions",
    )
    args = ap.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="cosmic-bench-"))
    saved_env = os.environ.get("COSMIC_CACHE_DIR")
    try:
        os.environ["COSMIC_CACHE_DIR"] = str(work)
        return run(args, work)
    finally:
        if saved_env is None:
            os.environ.pop("COSMIC_CACHE_DIR", None)
        else:
            os.environ["COSMIC_CACHE_DIR"] = saved_env
        shutil.rmtree(work, ignore_errors=True)


def run(args: argparse.Namespace, work: Path) -> int:
    from cards import BUNDLED
    from compiler.pipeline.parser import parser
    from compiler.pipeline.project import load_project
    from runtime.effects.context import Ctx
    from runtime.effects.link import Rules
    from runtime.language import load

    # ------------------------------------------------ compile and link the bundled cards
    parser()  # the parse tables: built (or read from the temporary cache) once, not timed
    project = load_project([BUNDLED], use_cache=False)
    if project.errors:
        print(
            f"the bundled cards have {project.errors} error(s); run `cosmic validate`",
            file=sys.stderr,
        )
        return 1
    cards = project.cards
    t_cold, _ = best_of(args.repeat, lambda: load_project([BUNDLED], use_cache=False))
    load_project([BUNDLED], use_cache=True)  # fills the compile cache in the temporary folder
    t_warm, _ = best_of(args.repeat, lambda: load_project([BUNDLED], use_cache=True))
    load()  # a fully cached compile registers no words
    t_link, rules = best_of(args.repeat, lambda: Rules(cards))
    hooks = sum(len(card.hooks) for card in cards.cards.values())
    files = project.files

    # ------------------------------------------------ the effects
    chosen = effects(cards)
    game, seed = game_at_reveal(cards, rules, args.seed)
    enc = game.state.encounter
    assert enc is not None
    for seat in range(game.state.n):
        game.agents[seat] = InstantAgent()
    game.observer = None
    you = enc.offense

    rows: list[list[str]] = []
    notes: list[str] = []
    differ = False  # a version left another state behind: the timings compare different work
    contexts: list[tuple[Effect, Ctx]] = []
    for effect in chosen:
        instance = next(iter(game.instances_of.get(effect.hook.card, ())), None)
        ctx = Ctx(game, you, effect.hook, None, instance if effect.hook.kind == "play" else None)
        # Every version must leave the same state behind.
        versions = [effect.compiled, effect.by_hand]
        if effect.by_hand_as_data is not None:
            versions.append(effect.by_hand_as_data)
        results = []
        for fn in versions:
            reset(game)
            value = fn(ctx)
            results.append((value, snapshot(game)))
        reset(game)
        same = all(r == results[0] for r in results[1:])
        if not same:
            notes.append(f"  WARNING: {effect.label}: compiled, then hand-written: {results}")
            differ = True
        timed = {
            "hand-written": (effect.by_hand, effect.after_by_hand),
            "compiled closure": (effect.compiled, effect.after),
        }
        if effect.by_hand_as_data is not None:
            timed["hand-written, state as data"] = (effect.by_hand_as_data, effect.after_as_data)
        if effect.guarded is not None:
            timed["compiled, as Rules binds it"] = (effect.guarded, effect.after)
        seconds_each = time_calls(list(timed.values()), ctx, args.number, args.repeat)
        times = dict(zip(timed, seconds_each, strict=True))
        baseline = (
            "hand-written, state as data" if effect.by_hand_as_data is not None else "hand-written"
        )
        for i, (version, seconds) in enumerate(times.items()):
            ratio = seconds / times[baseline]
            target = version == "compiled closure"
            rows.append(
                [
                    effect.label if i == 0 else "",
                    version + (" (baseline)" if version == baseline else ""),
                    f"{seconds * 1e9:.0f}",
                    f"{ratio:.2f}x",
                    f"<= {args.target:.2f}x" if target else "",
                    ("PASS" if ratio <= args.target else "FAIL") if target else "",
                    ("yes" if same else "NO") if i == 0 else "",
                ]
            )
        notes.append(f"  {effect.label.split(':')[0]}: from {effect.origin}")
        contexts.append((effect, ctx))

    players = ", ".join(f"{p.color}={p.alien or '-'}" for p in game.state.players)
    print(f"hooks benchmark: game seed {seed}, 5 players ({players})")
    print(
        f"  frozen at reveal.reinforcements of encounter {enc.number} (turn {game.state.turn}): "
        f"offense seat {enc.offense} attack {enc.values[0]} vs defense seat {enc.defense} attack {enc.values[1]}, "
        f"offensive allies {enc.allies[0]}, defensive allies {enc.allies[1]}"
    )
    print(
        "  each call runs as the offense, with the same Ctx for both versions; 'either side' asks the"
        " owner through Game.choose (an agent that answers at once), in both versions"
    )
    print(
        f"  ns per call, best of {args.repeat} runs x {args.number} calls (timeit, gc off); "
        "state reset before each run (bonus, formula, answers)"
    )
    print()
    print(
        table(
            ["effect", "version", "ns/call", "ratio", "target", "result", "same state"],
            rows,
            left=2,
        )
    )
    print()
    print("\n".join(notes))
    print()
    print(
        table(
            ["bundled cards", "seconds", "ms", "per hook (us)"],
            [
                [
                    "load_project cold (no cache)",
                    f"{t_cold:.4f}",
                    f"{t_cold * 1e3:.1f}",
                    f"{t_cold / max(hooks, 1) * 1e6:.0f}",
                ],
                [
                    "load_project warm (cache full)",
                    f"{t_warm:.4f}",
                    f"{t_warm * 1e3:.1f}",
                    f"{t_warm / max(hooks, 1) * 1e6:.0f}",
                ],
                [
                    "Rules() link",
                    f"{t_link:.4f}",
                    f"{t_link * 1e3:.1f}",
                    f"{t_link / max(hooks, 1) * 1e6:.0f}",
                ],
            ],
        )
    )
    print(
        f"\n  {files} files, {len(cards.cards)} cards, {hooks} hooks; best of {args.repeat}; "
        f"cold/warm {t_cold / t_warm:.1f}x"
    )
    if args.profile:
        profiler = cProfile.Profile()
        for effect, ctx in contexts:
            reset(game)
            profiler.enable()
            for _ in range(args.number):
                effect.compiled(ctx)
                if effect.after is not None:
                    effect.after(ctx)
            profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print(
            f"\ncProfile of {args.number} calls of each compiled closure, top 25 by total (own) time:"
        )
        print(out.getvalue())
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
