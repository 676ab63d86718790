"""The look-ahead agent rehearses answers on copies of the game replayed from its answers, with
hidden cards redealt: the real game is untouched, and the same seeds give the same game."""

from __future__ import annotations

from runtime.agents import HeuristicAgent, LookaheadAgent
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rehearsal import Rehearsed, rehearse_view
from runtime.rules.turn import play_game
from runtime.setup import Setup
from runtime.view import PlayerView, table_of

SHORT = {"max_turns": 4}  # rehearsals replay whole games: keep them short


class Probe:
    """The heuristic agent, which also rehearses its first card choice and checks that the
    real game did not move."""

    trusted = True

    def __init__(self) -> None:
        self.inner = HeuristicAgent(3)
        self.rehearsed: list[Rehearsed] = []
        self.unmoved = True

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        if decision.kind == "planning.select" and not self.rehearsed:
            game = table_of(view)
            before = (game.state.digest(), len(game.answers))
            hands = [list(p.hand) for p in game.state.players]
            for seed in (1, 2, 1):
                self.rehearsed.append(rehearse_view(view, decision, (0,), seed))
            self.unmoved = before == (game.state.digest(), len(game.answers)) and hands == [
                list(p.hand) for p in game.state.players
            ]
        return self.inner.decide(decision, view)


def test_a_rehearsal_leaves_the_real_game_alone(cards: CardSet, rules: Rules) -> None:
    probe = Probe()
    setup = Setup(players=3, seed=11, options=SHORT)
    game = Game(cards, setup, [probe, HeuristicAgent(1), HeuristicAgent(2)], rules=rules)
    play_game(game)
    assert probe.rehearsed and probe.unmoved
    assert probe.rehearsed[0] == probe.rehearsed[2]  # a rehearsal is determined by its seed
    for end in probe.rehearsed:
        assert all(0 <= w < 3 for w in end.winners) and len(end.colonies) == 3


def test_lookahead_games_are_deterministic(cards: CardSet, rules: Rules) -> None:
    def play() -> str:
        agents = [LookaheadAgent(5, playouts=4, candidates=2), HeuristicAgent(6)]
        game = Game(cards, Setup(players=2, seed=4, options=SHORT), agents, rules=rules)
        play_game(game)
        return game.state.digest()

    assert play() == play()


def test_redeal_shuffles_only_what_the_player_cannot_see(cards: CardSet, rules: Rules) -> None:
    import random

    from runtime.rehearsal import redeal

    game = Game(cards, Setup(players=4, seed=9), [HeuristicAgent(s) for s in range(4)], rules=rules)
    st = game.state
    mine = list(st.players[0].hand)
    sizes = [len(p.hand) for p in st.players]
    hidden = sorted([c for p in st.players[1:] for c in p.hand] + st.deck)
    before = [list(p.hand) for p in st.players[1:]]
    redeal(game, 0, random.Random(1))
    assert st.players[0].hand == mine
    assert [len(p.hand) for p in st.players] == sizes
    assert sorted([c for p in st.players[1:] for c in p.hand] + st.deck) == hidden
    assert [list(p.hand) for p in st.players[1:]] != before
    assert all(game.holder[c] == p.seat for p in st.players for c in p.hand)
