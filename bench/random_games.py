"""Seeded random 5-player base games, ready to play: the bundled cards compiled (no compile
cache), the language loaded and the rules linked once, the collector settled and two games
played to warm up; what comes out is a function that plays `count` games from a seed."""

from __future__ import annotations

from collections.abc import Callable


def random_games(warm_up_seed: int) -> Callable[[int, int], None]:
    """`play(count, first)`: games from seed `first` on, set up and played as
    bench/simulate.py's random run plays them (no log), once two games from `warm_up_seed` have
    been played."""
    from cards import BUNDLED
    from compiler.balance.play import settle
    from compiler.pipeline.project import load_project
    from compiler.tools.setups import build_setup
    from runtime.agents import AGENTS
    from runtime.effects.link import Rules
    from runtime.game import Game
    from runtime.language import load
    from runtime.rules.turn import play_game

    cards = load_project([BUNDLED], use_cache=False).cards
    load()
    rules = Rules(cards)
    settle()  # as bench/simulate.py and `cosmic simulate` do

    def play(count: int, first: int) -> None:
        for k in range(count):
            setup = build_setup(cards, players=5, packs=("base",), seed=first + k)
            agents = [AGENTS["random"](setup.seed * 101 + s) for s in range(setup.players)]
            play_game(Game(cards, setup, agents, rules=rules, log=False))

    play(2, warm_up_seed)  # imports and first-call caches
    return play
