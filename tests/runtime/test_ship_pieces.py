"""Pieces that are ships (runtime/rules/ship_pieces.py): a token counted among its owner's ships
follows them through every kind of move in whole random games (colonies at home and abroad, the
gate, beside the target planet, the warp, a tech's research) with every ship accounted for after
each decision; the mover is asked about it only when some but not all ships leave its place; it
can be held hostage and come back; it survives a copy of the state; and it takes its ship out of
play with its card."""

from __future__ import annotations

from collections import Counter

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.agents import RandomAgent
from runtime.cards import CardSet, Hook
from runtime.decisions import Answer, Decision
from runtime.effects import compile as c
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check, ship_count
from runtime.modules.techs.module import spend
from runtime.modules.techs.records import piles, techs_of
from runtime.ops.interventions import switch_sides
from runtime.ops.pieces import piece_of
from runtime.ops.ship_moves import relocate
from runtime.registry import PREDICATES
from runtime.rules import ship_pieces, ships
from runtime.rules.allies import commit
from runtime.rules.ships import GATE
from runtime.rules.systems import add_ships
from runtime.rules.turn import blank_encounter, play_turn, start_game
from runtime.setup import Setup
from runtime.table_events import GameOver
from runtime.view import PlayerView
from tests.runtime.engine_kit import expect, new_game
from tests.tiers import spread

TOKEN = "the-prometheus"


class Counting(RandomAgent):
    """A random agent that counts the decisions of each kind it is asked."""

    def __init__(self, seed: int, asked: Counter[str]) -> None:
        super().__init__(seed)
        self.asked = asked

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        self.asked[decision.kind] += 1
        return super().decide(decision, view)


def enlist_everyone(game: Game) -> None:
    """Give each player a completed copy of the tech, its token on the player's first planet."""
    st = game.state
    for seat in range(st.n):
        card = game.add_instance(st, game.cards.cards[TOKEN])
        techs_of(game, seat).completed.append(card)
        ship_pieces.enlist(game, card, seat, st.home_planets(seat)[0].id)


def kind_of(game: Game, piece: ship_pieces.ShipPiece) -> str:
    at = piece.at
    if isinstance(at, int):
        return "home planet" if game.state.planets[at].home == piece.owner else "foreign planet"
    return at.split(" ")[0] if " " in at else at


@pytest.mark.slow
def test_a_ship_piece_follows_its_ships_through_every_kind_of_move(
    cards: CardSet, rules: Rules
) -> None:
    visited: Counter[str] = Counter()
    asked: Counter[str] = Counter()

    def observe(game: Game) -> None:
        check(game)  # every ship accounted for, each piece standing among its owner's ships
        for piece in game.state.pieces:
            if isinstance(piece, ship_pieces.ShipPiece):
                visited[kind_of(game, piece)] += 1

    for seed in spread(range(1, 9), 4):  # two of the eight games in the quick tier
        setup = Setup(players=4, seed=seed, options={"techs": True})
        agents = [Counting(seed * 101 + s, asked) for s in range(4)]
        game = Game(cards, setup, agents, rules=rules, log=False, observer=observe)
        st = game.state
        start_game(game)
        enlist_everyone(game)
        check(game)
        try:
            while not st.over and st.turn < 60:
                play_turn(game)
                st.offense = (st.offense + 1) % st.n
        except GameOver:
            pass
        assert all(ship_count(game, seat) == st.ships_per_player for seat in range(st.n))
    kinds = {"home planet", "foreign planet", GATE, "guard", "warp", "tech"}
    assert kinds <= set(visited), f"never seen at {kinds - set(visited)}"
    assert asked["ships.piece"] > 0


def test_the_mover_is_asked_only_when_some_of_the_ships_at_the_pieces_place_leave(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    red = st.home_planets(0)
    piece = ship_pieces.ship_pieces(st, 0)[0]
    assert piece.at == red[0].id and red[0].ships[0] == 5
    ships.send_to_warp(game, 0, {red[1].id: 2})  # not where the piece stands: nobody is asked
    expect(agent, (0, "ships.piece", "no"))
    ships.send_to_warp(game, 0, {red[0].id: 3})
    assert piece.at == red[0].id and red[0].ships[0] == 2
    ships.send_to_warp(game, 0, {red[0].id: 2})  # every ship there goes: the piece goes along
    assert piece.at == ship_pieces.WARP and st.players[0].warp == 7
    assert not agent.script
    expect(agent, (0, "ships.place", "red planet 3"), (0, "ships.piece", "yes"))
    ships.retrieve(game, 0, 1)
    assert piece.at == red[2].id and red[2].ships[0] == 5 and st.players[0].warp == 6
    check(game)


def test_a_ship_piece_rides_into_the_gate_and_lands_with_its_ships(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    st.encounter = enc = blank_encounter(game, 1, 0)
    blue = st.home_planets(1)
    enc.defense, enc.planet = 1, blue[0].id
    expect(agent, (0, "launch.ships", ("red planet 1",) * 2), (0, "ships.piece", "yes"))
    commit(game, enc, 0, 0, "launch.ships", "send ships")
    piece = ship_pieces.ship_pieces(st, 0)[0]
    assert piece.at == GATE and enc.gate[0] == 2
    ships.land(game, 0, enc.planet, enc.gate[0], GATE)
    assert piece.at == blue[0].id and piece.planets == [blue[0].id]
    copy = st.copy()
    assert copy.pieces == st.pieces and copy.pieces[0] is not st.pieces[0]
    check(game)


def test_a_ship_piece_takes_its_ship_out_of_play_with_its_card(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    card = techs_of(game, 2).completed[-1]
    planet = st.home_planets(2)[0]
    assert planet.ships[2] == 5
    spend(game, 2, card)
    assert piece_of(st, card) is None and planet.ships[2] == 4 and card in piles(st).tech_discard
    check(game)


def test_a_ship_piece_held_hostage_comes_back_with_its_ships_at_the_end_of_the_turn(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    st.encounter = enc = blank_encounter(game, 1, 0)
    enc.defense, enc.planet = 1, st.home_planets(1)[0].id
    text = "seize 2 of the offense's ships"
    resolver = Resolver("regroup.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    hook = Hook("test-card", "Test", "power", "regroup.start", ir.Seq(()))
    expect(agent, (0, "ships.hostage", ("red planet 1",) * 2), (0, "ships.piece", "yes"))
    c.guarded(c.statement(node))(Ctx(game, 1, hook))
    piece = ship_pieces.ship_pieces(st, 0)[0]
    assert piece.at == ship_pieces.HOSTAGE and st.hostages == [[1, 0, 2]]
    check(game)
    expect(agent, (0, "ships.place", "red planet 4"))
    ships.return_hostages(game)
    assert piece.at == st.home_planets(0)[3].id and not st.hostages
    check(game)


def test_a_ship_piece_switches_sides_with_its_allys_ships(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    st.encounter = enc = blank_encounter(game, 1, 0)
    enc.defense, enc.planet = 1, st.home_planets(1)[0].id
    piece = ship_pieces.ship_pieces(st, 2)[0]
    expect(agent, (2, "launch.ships", ("purple planet 1",) * 2), (2, "ships.piece", "yes"))
    commit(game, enc, 2, 0, "launch.ships", "send ships")
    enc.allies[0].append(2)
    assert piece.at == GATE and enc.gate[2] == 2
    hook = Hook("test-card", "Test", "power", "regroup.start", ir.Seq(()))
    switch_sides(Ctx(game, 2, hook), 2)
    assert enc.guard[2] == 2 and piece.at == ship_pieces.GUARD
    check(game)
    switch_sides(Ctx(game, 2, hook), 2)
    assert enc.gate[2] == 2 and piece.at == GATE
    check(game)


def test_a_ship_piece_in_a_paused_encounters_gate_stays_out_of_a_raid(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    st.encounter = main = blank_encounter(game, 1, 0)
    main.defense, main.planet = 1, st.home_planets(1)[0].id
    piece = ship_pieces.ship_pieces(st, 0)[0]
    expect(agent, (0, "launch.ships", ("red planet 1",) * 2), (0, "ships.piece", "yes"))
    commit(game, main, 0, 0, "launch.ships", "send ships")
    hook = Hook(TOKEN, "Test", "tech", "regroup.start", ir.Seq(()))
    in_encounter = PREDICATES["piece in the encounter"].test
    assert in_encounter(Ctx(game, 0, hook, card=piece.card), "")
    raid = blank_encounter(game, 1, 0)  # a raid pauses the main encounter (runtime/modules/raids)
    raid.defense = 1
    st.suspended.append(main)
    st.encounter = raid
    assert not in_encounter(Ctx(game, 0, hook, card=piece.card), "")
    expect(agent, (0, "launch.ships", ("red planet 2",) * 2))
    commit(game, raid, 0, 0, "launch.ships", "send ships")  # nobody is asked about the piece
    ships.send_to_warp(game, 0, {GATE: raid.gate[0]})  # the raid is lost, and the piece not in it
    assert not agent.script and piece.at == GATE and main.gate[0] == 2
    assert st.players[0].warp == 2
    check(game)
    ship_pieces.discharge(game, piece)  # its ship leaves the paused encounter's gate
    st.pieces.remove(piece)
    assert main.gate[0] == 1 and raid.gate[0] == 0
    check(game)


def test_a_ship_piece_among_research_ships_is_asked_of_the_player_moving_them(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, options={"techs": True})
    st = game.state
    enlist_everyone(game)
    tech = game.add_instance(st, game.cards.cards["gluon-mines"])
    techs_of(game, 0).techs.append(tech)
    techs_of(game, 0).research[tech] = 3
    home = st.home_planets(0)[0]
    add_ships(game, home.id, 0, -3)
    piece = ship_pieces.ship_pieces(st, 0)[0]
    ship_pieces.stand(piece, ship_pieces.held_key("tech", tech))
    check(game)
    hook = Hook("gluon-mines", "Test", "tech", "regroup.start", ir.Seq(()))
    place = v.PlaceArg("tech", (0,))
    expect(agent, (1, "ships.piece", "yes"))
    ctx = Ctx(game, 1, hook, card=tech)
    relocate(ctx, 1, 0, v.ShipsArg(1, 0, place), place, v.PlaceArg("warp", (0,)))
    assert not agent.script and piece.at == ship_pieces.WARP
    assert techs_of(game, 0).research[tech] == 2 and st.players[0].warp == 1
    check(game)
