"""Soak of pieces that are ships: seeded random games with the techs option on where every player
holds a completed copy of a tech whose piece is a ship (The Prometheus by default), its token on
the player's first home planet from the start, and the invariants checked after every decision.
Random agents almost never research a tech costing 7, so the ordinary soak seldom sees the token;
this one does. Prints how often a token was seen at each kind of place, and each failure.

    python bench/ship_piece_soak.py --games 300
    python bench/ship_piece_soak.py --games 100 --packs eons,set6 --agent heuristic
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--packs", default="base", help="comma-separated packs")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agent", default="random", help="random or heuristic")
    ap.add_argument("--tech", default="the-prometheus", help="the tech whose piece is a ship")
    ap.add_argument("--turns", type=int, default=200, help="turn limit per game")
    args = ap.parse_args(argv)

    from compiler.pipeline.project import bundled_project
    from compiler.tools.setups import with_requirements
    from runtime.agents import AGENTS
    from runtime.effects.link import Rules
    from runtime.game import Game
    from runtime.invariants import check
    from runtime.language import load
    from runtime.modules.techs.records import techs_of
    from runtime.rules import ship_pieces
    from runtime.rules.turn import play_turn, start_game
    from runtime.setup import Setup
    from runtime.table_events import GameOver

    project = bundled_project()
    load()
    rules = Rules(project.cards)
    packs = with_requirements(project.cards, args.packs.split(","))
    seen: Counter[str] = Counter()
    failures = 0

    def observe(game: Any) -> None:
        check(game)
        for piece in game.state.pieces:
            if isinstance(piece, ship_pieces.ShipPiece):
                seen[kind_of(game, piece)] += 1

    for seed in range(args.seed, args.seed + args.games):
        setup = Setup(players=args.players, packs=packs, seed=seed, options={"techs": True})
        agents = [AGENTS[args.agent](seed * 101 + s) for s in range(args.players)]
        game = Game(project.cards, setup, agents, rules=rules, log=False, observer=observe)
        st = game.state
        try:
            start_game(game)
            for seat in range(st.n):  # a copy of the tech each, its token on the first planet
                card = game.add_instance(st, project.cards.cards[args.tech])
                techs_of(game, seat).completed.append(card)
                ship_pieces.enlist(game, card, seat, st.home_planets(seat)[0].id)
            check(game)
            while not st.over and st.turn < args.turns:
                play_turn(game)
                st.offense = (st.offense + 1) % st.n
        except GameOver:
            pass
        except Exception as exc:  # a soak reports every failure, whatever it is
            failures += 1
            traceback.print_exc(limit=6)
            print(f"seed {seed}: {type(exc).__name__}: {exc}")
    print(
        f"{args.games} games ({'+'.join(packs)}, {args.players} players, {args.agent} agents); "
        f"token seen at: {dict(seen.most_common())}; failures: {failures}"
    )
    return 1 if failures else 0


def kind_of(game: Any, piece: Any) -> str:
    """The kind of place a ship piece stands at: a home or a foreign planet, or its place's name."""
    at = piece.at
    if isinstance(at, int):
        return "home planet" if game.state.planets[at].home == piece.owner else "foreign planet"
    return str(at).split(" ")[0]


if __name__ == "__main__":
    sys.exit(main())
