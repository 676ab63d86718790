"""Deals between any two players: `make a deal with PLAYERS` bargains as the main players do (the
subject offers first, questions named maker and partner), hands over cards, colonies and lucre
between seats of any role, costs nothing when it fails, and leaves its outcome to `made a deal` /
`failed to make a deal` later in the same effect; a cancelled deal fails."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.agents.heuristic import HeuristicAgent
from runtime.cards import CardSet, Hook
from runtime.decisions import Decision
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.modules.lucre import purses
from runtime.rules import deal as deals
from runtime.setup import Setup
from runtime.view import PlayerView
from runtime.windows import Window
from tests.runtime.engine_kit import (
    Recorder,
    deal,
    expect,
    hand,
    home,
    new_game,
    set_ships,
    ships_of,
)

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))

DEAL_THEN_TEST = """
make a deal with the player on your right
if you made a deal:
  draw 1 card
if you failed to make a deal:
  draw 3 cards
"""


def run(game: Game, text: str, seat: int) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def test_two_bystanders_swap_cards_and_a_colony_and_the_maker_offers_first(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: [], 1: ["attack 04"], 2: ["attack 08", "attack 10"], 3: []})
    set_ships(game, 2, home("purple", [4, 4, 4, 4, 4]))
    expect(
        agent,
        (2, "deal.offer", "propose terms"),
        (2, "deal.colonies", "blue gets a colony"),
        (2, "deal.maker_cards", 2),
        (2, "deal.partner_cards", 1),
        (1, "deal.accept", "yes"),
        (2, "deal.cards", ("attack 08", "attack 10")),
        (1, "deal.cards", "attack 04"),
        (1, "deal.colony", "purple planet 3"),
        (1, "deal.colony_ships", ("blue planet 1", "blue planet 2")),
    )
    run(game, "make a deal with the player on your right\nif you made a deal:\n  draw 1 card", 2)
    colonies = agent.of_kind("deal.colonies")[0].labels
    assert colonies == [
        "no colonies",
        "purple gets a colony",
        "blue gets a colony",
        "each gets a colony",
    ]
    assert hand(game, 1) == ["attack 08", "attack 10"]
    assert len(game.state.players[2].hand) == 2  # attack 04 and the card the deal earned
    assert "attack 04" in hand(game, 2)
    assert ships_of(game, 1)["purple planet 3"] == 2
    assert ships_of(game, 2)["purple planet 3"] == 4
    assert game.state.encounter is None or not game.state.encounter.deal_made


def test_a_failed_deal_costs_no_ships_and_the_effect_reads_its_failure(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: ["attack 04"], 1: [], 2: ["attack 08"]})
    before = [ships_of(game, s) for s in range(3)]
    expect(
        agent,
        (0, "deal.offer", "propose terms"),
        (0, "deal.colonies", "no colonies"),
        (0, "deal.maker_cards", 0),
        (0, "deal.partner_cards", 1),
        (2, "deal.accept", "no"),
        (2, "deal.offer", "make no offer"),
        (0, "deal.offer", "make no offer"),
        (2, "deal.offer", "make no offer"),
    )
    run(game, DEAL_THEN_TEST, 0)
    assert [ships_of(game, s) for s in range(3)] == before
    assert [p.warp for p in game.state.players] == [0, 0, 0]
    assert len(game.state.players[0].hand) == 4  # attack 04 and the three cards of the failure


def test_lucre_changes_hands_between_any_two_players(cards: CardSet, rules: Rules) -> None:
    setup = Setup(players=3, packs=("base", "lucre"), options={"lucre": True, "use_flares": False})
    agent = Recorder()
    game = Game(cards, setup, [agent] * 3, rules=rules, observer=check)
    deal(game, {0: [], 1: [], 2: []})
    for seat, purse in enumerate((5, 0, 3)):
        purses.purse_of(game, seat).lucre = purse
    purses.THE_BOX.of(game.state).lucre_out = 8
    expect(
        agent,
        (1, "deal.offer", "propose terms"),
        (1, "deal.colonies", "no colonies"),
        (1, "deal.maker_lucre", 0),
        (1, "deal.partner_lucre", 2),
        (2, "deal.accept", "yes"),
    )
    run(game, "make a deal with the player on your left", 1)
    prompts = [a.kind for a in agent.asked]
    assert "deal.maker_cards" not in prompts  # blue holds no card to give
    assert [purses.purse_of(game, s).lucre for s in range(3)] == [5, 2, 1]


def test_quash_played_on_a_deal_an_effect_made_voids_it_and_costs_no_ships(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: ["attack 04"], 1: ["attack 08"], 2: ["Quash"]})
    before = [ships_of(game, s) for s in range(3)]
    expect(
        agent,
        (0, "deal.offer", "propose terms"),
        (0, "deal.colonies", "no colonies"),
        (0, "deal.maker_cards", 1),
        (0, "deal.partner_cards", 1),
        (1, "deal.accept", "yes"),
        (2, "card.play", "Quash"),
    )
    run(
        game,
        "make a deal with the player on your left\nif you failed to make a deal:\n  draw 2 cards",
        0,
    )
    assert len(game.state.players[0].hand) == 3  # attack 04 kept, and two cards drawn
    assert hand(game, 1) == ["attack 08"]
    assert [ships_of(game, s) for s in range(3)] == before


def test_the_deal_goes_to_the_response_window_with_its_two_players(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: [], 1: ["attack 08"], 2: []})
    seen: list[tuple[Window, tuple[int, int]]] = []
    game.dispatch.event = lambda window, event: seen.append((window, event.seats))  # type: ignore[method-assign]
    expect(
        agent,
        (2, "deal.offer", "propose terms"),
        (2, "deal.colonies", "no colonies"),
        (2, "deal.partner_cards", 1),
        (1, "deal.accept", "yes"),
        (1, "deal.cards", "attack 08"),
    )
    assert deals.make(game, 2, 1)
    assert seen[0] == (Window.RESPONSE_DEAL, (2, 1))
    assert hand(game, 2) == ["attack 08"]


def test_the_heuristic_player_asks_a_colony_for_itself_whichever_party_it_is(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, players=3)
    options = [(), (2,), (1,)]
    label = {(): "no colonies", (2,): "purple gets a colony", (1,): "blue gets a colony"}
    agent = HeuristicAgent()
    for seat, wanted in ((2, 1), (1, 2)):
        d = Decision(seat, "deal.colonies", "who founds a colony?", options, labeler=label.get)
        assert agent.decide(d, PlayerView(game, seat)) == (wanted,)
