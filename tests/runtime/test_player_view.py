"""Agents see only what their player may see: the view has no door to the whole state, and
asking it about a card in another hand, in a deck or lying face down is refused."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from runtime.agents import HeuristicAgent
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.modules.essence.records import CARDS, placed_of
from runtime.modules.techs.records import HELD, PILES
from runtime.rules.turn import play_game
from runtime.setup import Setup
from runtime.state import State
from runtime.view import HiddenCard, PlayerView, table_of
from tests.tiers import spread


def hidden_from(game: Game, seat: int) -> set[int]:
    """Card instances the seat may not look at right now (found from the whole table)."""
    st = game.state
    essence = "essence" in st.slots  # a module's records are there when a pack names it
    hidden = {
        i
        for p in st.players
        if p.seat != seat
        for i in (*p.hand, *(CARDS.of(p).cache if essence else ()), *HELD.of(p).techs)
    }
    hidden |= {*st.deck, *st.destiny_deck, *PILES.of(st).tech_deck, *st.reward_deck}
    laid = placed_of(st) if essence else {}
    hidden |= {i for i, placed in laid.items() if not placed.face_up and placed.owner != seat}
    enc = st.encounter
    if enc is not None:
        for side, main in ((0, enc.offense), (1, enc.defense)):
            for card in (enc.cards[side], enc.kickers[side]):
                if card is not None and main != seat and not enc.face_up[side]:
                    hidden.add(card)
    return hidden


@dataclass
class Snoop:
    """Plays as the heuristic agent, but first tries every way at cards it should not see."""

    seed: int
    refused: int = 0
    own_seen: int = 0
    leaks: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.inner = HeuristicAgent(self.seed)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        for door in ("state", "game"):
            if hasattr(view, door):
                self.leaks.append(f"view.{door}")
        for name in dir(view):
            if not name.startswith("_"):
                value = getattr(view, name)
                if isinstance(value, (Game, State)):
                    self.leaks.append(f"view.{name}")
        game = table_of(view)
        for instance in sorted(hidden_from(game, view.seat)):
            try:
                card = view.card(instance)
            except HiddenCard:
                self.refused += 1
            else:
                self.leaks.append(f"{decision.kind}: saw {card.id} ({instance})")
        for instance in game.state.players[view.seat].hand:
            view.card(instance)  # its own hand is its to read
            self.own_seen += 1
        return self.inner.decide(decision, view)


@pytest.mark.parametrize(
    ("packs", "players", "options"),
    [
        (("base",), 4, {}),
        pytest.param(("base", "eons"), 4, {"hidden_alliances": True}, marks=pytest.mark.slow),
    ],
)
def test_an_agent_cannot_reach_hidden_cards(
    cards: CardSet, rules: Rules, packs: tuple[str, ...], players: int, options: dict[str, bool]
) -> None:
    for seed in spread(range(3), 3):  # the first game alone in the quick tier
        snoops = [Snoop(seed * 10 + s) for s in range(players)]
        setup = Setup(players=players, packs=packs, seed=seed, options=options)
        game = Game(cards, setup, snoops, rules=rules, log=False)
        play_game(game)
        assert game.state.turn > 0
        for snoop in snoops:
            assert snoop.leaks == []
    assert sum(s.refused for s in snoops) > 100  # it really tried other hands and the deck
    assert sum(s.own_seen for s in snoops) > 100
