"""Soak test: thousands of seeded random games, invariants checked after every decision, each game
under a time limit; any failure leaves a trace behind that `cosmic replay` plays to the same
failure (or says that the cards have changed since). Ctrl-C stops the soak and reports the games
played so far.

    python bench/soak.py                      # 2000 games, 2-5 players, every bundled pack mix
    python bench/soak.py --games 10000 --packs base,set8 --limit 5 --out soak-output/
    python bench/soak.py --games 300 --packs set6 --alien-pack set6   # only Expansion Set 6 aliens
    python bench/soak.py --games 400 --packs eons,dials-on --alien-pack eons  # essence aliens

A mix may name `techs-on` (the techs option) and `dials-on` (hidden alliances and foreign aid).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# every bundled pack mix, half of them with the techs option on
PACK_MIXES: tuple[tuple[str, ...], ...] = (
    ("base",),
    ("base", "techs-on"),
    ("set8",),
    ("set8", "kickers-negative", "dominion-rewards", "techs-on"),
    ("kickers-additive", "incursion-rewards"),
    ("kickers-additive", "incursion-rewards", "techs-on"),
    ("set6",),
    ("set6", "set8", "techs-on"),
    ("eons", "dials-on"),
    ("eons", "set6", "techs-on", "dials-on"),
)
# entries of a mix that switch options on rather than name packs
OPTION_FLAGS: dict[str, dict[str, bool]] = {
    "techs-on": {"techs": True},
    "dials-on": {"hidden_alliances": True, "foreign_aid": True},
}


class TooSlow(Exception):
    pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--packs", default=None, help="comma-separated packs (default: cycle through several mixes)"
    )
    parser.add_argument("--limit", type=float, default=10.0, help="seconds allowed per game")
    parser.add_argument(
        "--out", type=Path, default=Path("soak-output"), help="where failing traces go"
    )
    parser.add_argument(
        "--no-check", action="store_true", help="skip the invariant checks (faster)"
    )
    parser.add_argument("--players", default="2,3,4,5", help="player counts to cycle through")
    parser.add_argument(
        "--alien-pack", default=None, help="deal aliens from this pack only (at random per game)"
    )
    args = parser.parse_args(argv)

    from compiler.pipeline.project import bundled_project
    from runtime.agents import RandomAgent
    from runtime.effects.link import Rules
    from runtime.game import Game
    from runtime.invariants import check
    from runtime.language import load
    from runtime.rules.turn import play_game
    from runtime.setup import Setup
    from runtime.trace import Trace

    project = bundled_project()
    if project.errors:
        print("the bundled cards have errors; run `cosmic validate`", file=sys.stderr)
        return 2
    load()  # a fully cached compile registers no words
    rules = Rules(project.cards)
    mixes = [tuple(args.packs.split(","))] if args.packs else list(PACK_MIXES)
    counts = [int(n) for n in args.players.split(",")]

    def alarm(signum: int, frame: Any) -> None:
        raise TooSlow()

    signal.signal(signal.SIGALRM, alarm)
    failures: Counter[str] = Counter()
    turns: list[int] = []
    draws = 0
    started = time.perf_counter()
    k = 0
    interrupted = False
    try:
        for k in range(args.games):
            seed = args.seed + k
            pick = random.Random(seed)
            from compiler.tools.setups import with_requirements

            mix = mixes[k % len(mixes)]
            options = {k: v for flag in mix for k, v in OPTION_FLAGS.get(flag, {}).items()}
            packs = with_requirements(project.cards, [p for p in mix if p not in OPTION_FLAGS])
            players = pick.choice(counts)
            if players < max(project.cards.packs[p].min_players for p in packs):
                players = 3
            aliens = deal_from(project.cards, args.alien_pack, players, pick)
            setup = Setup(players=players, packs=packs, seed=seed, aliens=aliens, options=options)
            agents = [RandomAgent(seed * 101 + s) for s in range(setup.players)]
            game = Game(
                project.cards,
                setup,
                agents,
                rules=rules,
                log=False,
                observer=None if args.no_check else check,
            )
            signal.setitimer(signal.ITIMER_REAL, args.limit)
            failure: dict[str, str] | None = None
            try:
                play_game(game)
            except TooSlow:
                failure = {"kind": "stopped", "message": f"slower than {args.limit}s"}
            except Exception as exc:  # a soak reports every failure, whatever it is
                failure = {"kind": "error", "message": f"{type(exc).__name__}: {exc}"}
                traceback.print_exc(limit=6)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if failure is None:
                turns.append(game.state.turn)
                if not game.state.over:
                    draws += 1  # every game should end: a draw at the turn limit is reported
                    failures["draw at the turn limit"] += 1
                    print(f"seed {seed} ({'+'.join(packs)}): a draw after {game.state.turn} turns")
                continue
            failures[failure["message"].split(":")[0]] += 1
            args.out.mkdir(parents=True, exist_ok=True)
            where = args.out / f"game-{seed}.json"
            Trace.of(game, failure=failure).write(where)
            print(
                f"seed {seed} ({'+'.join(packs)}, {setup.players} players): "
                f"{failure['message']}; trace in {where}"
            )
        k = args.games
    except KeyboardInterrupt:
        signal.setitimer(signal.ITIMER_REAL, 0)
        interrupted = True
        print(f"interrupted after {k} of {args.games} games")
    elapsed = time.perf_counter() - started
    played = len(turns)
    print(
        f"{k} games in {elapsed:.1f}s ({k / max(elapsed, 1e-9):.1f}/s); "
        f"{played - draws} finished with a winner, {draws} draw(s); "
        f"average {sum(turns) / max(1, played):.1f} turns; "
        f"failures: {dict(failures) or 'none'}"
    )
    return 1 if failures else 130 if interrupted else 0


def deal_from(
    cards: Any, pack: str | None, players: int, pick: random.Random
) -> tuple[str, ...] | None:
    """`players` aliens of one pack, at random among those allowed at this player count."""
    if pack is None:
        return None
    pool = sorted(
        c.id
        for c in cards.cards.values()
        if c.kind == "alien" and c.pack == pack and (c.min_players or 0) <= players
    )
    return tuple(pick.sample(pool, min(players, len(pool))))


if __name__ == "__main__":
    sys.exit(main())
