"""Fingerprints of seeded games: write them once, then check that an engine change plays every
game exactly as before (final-state digest, decisions answered, and the log text).

    python bench/digests.py --write before.json     # before the change
    python bench/digests.py --check before.json     # after it: exit 1 on the first difference

Four sets by default: base with random agents (500 games, log off), base with heuristic agents
(200 games, log on, so the log text is covered too), every bundled pack with random agents
(200 games, log off) and base with techs, random agents (100 games, log off). Game k of a set uses seed 1+k, agents seeded as `cosmic simulate` does.

With `--play` (on both --write and --check) a game's fingerprint is only its play: the answers
given, the log text (the log on in every set) and the winners, not the final state's digest. It
holds across a change of the state's shape that leaves every game as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ["COSMIC_CACHE_DIR"] = ""

# (name, agent, packs, games, log, options): "*" stands for every bundled pack
SETS: tuple[tuple[str, str, str, int, bool, tuple[str, ...]], ...] = (
    ("base-random", "random", "base", 500, False, ()),
    ("base-heuristic-log", "heuristic", "base", 200, True, ()),
    ("all-packs-random", "random", "*", 200, False, ()),
    ("base-techs-random", "random", "base", 100, False, ("techs=true",)),
)


def fingerprint(game: Any, log: bool, play: bool = False) -> str:
    st = game.state
    if play:
        parts = [str(len(game.answers)), repr(game.answers), "\n".join(game.log_lines())]
        parts.append(repr(sorted(st.winners)))
    else:
        parts = [st.digest(), str(len(game.answers)), repr(game.answers)]
    if log and not play:
        parts.append("\n".join(game.log_lines()))
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:24]


def play_set(
    cards: Any,
    rules: Any,
    agent: str,
    packs: list[str],
    games: int,
    log: bool,
    play: bool = False,
    options: tuple[str, ...] = (),
) -> list[str]:
    from compiler.tools.setups import build_setup
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game

    out = []
    for k in range(games):
        setup = build_setup(cards, players=5, packs=packs, options=options, seed=1 + k)
        agents = [AGENTS[agent](setup.seed * 101 + s) for s in range(setup.players)]
        game = Game(cards, setup, agents, rules=rules, log=log or play)
        play_game(game)
        out.append(fingerprint(game, log, play))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", metavar="FILE", help="write the fingerprints to FILE")
    mode.add_argument("--check", metavar="FILE", help="compare with the fingerprints in FILE")
    ap.add_argument(
        "--play", action="store_true", help="fingerprint the play only (answers, log, winners)"
    )
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of each set's games")
    args = ap.parse_args(argv)

    from cards import BUNDLED
    from compiler.pipeline.project import load_project
    from runtime.effects.link import Rules
    from runtime.language import load

    project = load_project([BUNDLED], use_cache=False)
    load()
    rules = Rules(project.cards)
    every = sorted(project.cards.packs)
    found: dict[str, list[str]] = {}
    for name, agent, packs, games, log, options in SETS:
        chosen = every if packs == "*" else packs.split(",")
        name = f"{name}:play" if args.play else name  # a check in the other mode finds no set
        count = max(1, int(games * args.scale))
        found[name] = play_set(project.cards, rules, agent, chosen, count, log, args.play, options)
        print(f"{name}: {len(found[name])} games", file=sys.stderr)
    if args.write:
        with open(args.write, "w") as f:
            json.dump(found, f, indent=0)
        return 0
    with open(args.check) as f:
        expected: dict[str, list[str]] = json.load(f)
    bad = 0
    for name, prints in found.items():
        if name not in expected:
            print(f"{name}: not in {args.check} (written with --play or without?)", file=sys.stderr)
            bad += 1
            continue
        for k, (got, want) in enumerate(zip(prints, expected.get(name, []), strict=False)):
            if got != want:
                print(f"{name}: seed {1 + k} plays differently", file=sys.stderr)
                bad += 1
                break
        else:
            print(f"{name}: all {len(prints)} games identical", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
