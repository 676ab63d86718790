"""Seeded-game digests: play random games from fixed seeds and print one line per configuration
with a hash over every game's final state digest (compare the lines before and after a change
that must not alter play)."""

from __future__ import annotations

import argparse
import hashlib
import os
import sys

os.environ["COSMIC_CACHE_DIR"] = ""
if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    # a few games still play differently under different string hashes: compare like with like
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})

# (label, packs, options): the base game, then every bundled pack with each optional rule on.
CONFIGS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("base", ("base",), ()),
    ("all packs", ("*",), ()),
    ("all packs, options on", ("*",), ("techs", "hidden_alliances", "foreign_aid")),
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per configuration (default 200)")
    ap.add_argument(
        "--seed", type=int, default=1, help="seed of the first game; game k uses seed+k"
    )
    args = ap.parse_args(argv)

    from cards import BUNDLED
    from compiler.pipeline.project import load_project
    from compiler.tools.setups import build_setup
    from runtime.agents import RandomAgent
    from runtime.effects.link import Rules
    from runtime.game import Game
    from runtime.language import load
    from runtime.rules.turn import play_game

    project = load_project([BUNDLED], use_cache=False)
    if project.errors:
        print("the bundled cards do not compile; run `cosmic validate`", file=sys.stderr)
        return 1
    cards = project.cards
    load()
    rules = Rules(cards)
    for label, packs, options in CONFIGS:
        chosen = tuple(sorted(cards.packs)) if packs == ("*",) else packs
        combined = hashlib.sha256()
        options = tuple(o for o in options if o in cards.options())
        for k in range(args.games):
            setup = build_setup(cards, packs=chosen, options=options, seed=args.seed + k)
            agents = [RandomAgent(setup.seed * 101 + s) for s in range(setup.players)]
            game = Game(cards, setup, agents, rules=rules, log=False)
            play_game(game)
            combined.update(game.state.digest().encode())
        print(f"{label}: {args.games} games from seed {args.seed}: {combined.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
