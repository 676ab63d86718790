"""Pieces, the tokens a card brings into play: one is set between two neighbouring planets and
moved, a planet next to it is told apart from one that is not, it survives a copy of the state,
and it leaves play with its card (or follows the card to a new holder)."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.modules.techs.module import spend
from runtime.modules.techs.records import piles, techs_of
from runtime.modules.techs.words import pass_tech
from runtime.ops.pieces import piece_of
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import expect, new_game

HOOK = Hook("test-card", "Test", "power", "regroup.start", ir.Seq(()))


def run(game: Game, text: str, seat: int, card: int) -> None:
    resolver = Resolver("regroup.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK, card=card))


def holds(game: Game, text: str, seat: int, card: int) -> bool:
    resolver = Resolver("regroup.start", text)
    node = resolver.condition(parser().condition(text))
    assert node is not None, [e.message for e in resolver.errors]
    return bool(c.condition(node)(Ctx(game, seat, HOOK, card=card)))


def test_a_piece_sits_between_a_picked_planet_and_the_next_one_round_the_system(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    card = st.players[1].hand[0]
    expect(agent, (1, "effect.planet", "blue planet 5"))
    run(game, "position the piece by your home planets", seat=1, card=card)
    piece = piece_of(st, card)
    assert piece is not None and piece.owner == 1 and piece.kind == st.catalog[card]
    assert [game.planet_name(p) for p in piece.planets] == ["blue planet 1", "blue planet 5"]
    copy = st.copy()
    assert copy.pieces == st.pieces and copy.pieces[0] is not piece
    expect(agent, (1, "effect.planet", "red planet 2"))
    run(game, "position the piece by any planet", seat=1, card=card)
    assert len(st.pieces) == 1
    assert [game.planet_name(p) for p in piece.planets] == ["red planet 2", "red planet 3"]
    assert copy.pieces[0].planets != piece.planets


def test_an_encounter_is_at_the_piece_only_when_its_target_planet_is_next_to_it(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    card = st.players[0].hand[0]
    blue = [p.id for p in st.home_planets(1)]
    st.encounter = enc = blank_encounter(game, 1, 0)
    enc.defense, enc.planet = 1, blue[1]
    assert not holds(game, "the target planet is next to the piece", 0, card)
    expect(agent, (0, "effect.planet", "blue planet 1"))
    run(game, "position the piece by the defense's home planets", seat=0, card=card)
    assert holds(game, "the target planet is next to the piece", 0, card)
    assert not holds(game, "the defense's home planets are next to the piece", 0, card)
    enc.planet = blue[2]
    assert not holds(game, "the target planet is next to the piece", 0, card)
    enc.planet = blue[0]
    assert holds(game, "the target planet is next to the piece", 0, card)
    run(game, "withdraw the piece", seat=0, card=card)
    assert st.pieces == []
    assert not holds(game, "the target planet is next to the piece", 0, card)


def test_a_piece_leaves_play_with_its_tech(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    card = st.players[2].hand[0]
    techs_of(game, 2).completed.append(card)
    expect(agent, (2, "effect.planet", "purple planet 3"))
    run(game, "position the piece by your home planets", seat=2, card=card)
    other = st.players[0].hand[0]
    spend(game, 2, other)
    assert piece_of(st, card) is not None
    spend(game, 2, card)
    assert piece_of(st, card) is None and card in piles(st).tech_discard


def test_a_piece_follows_its_tech_to_the_player_it_is_handed_to(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    card = st.players[0].hand[0]
    techs_of(game, 0).completed.append(card)
    expect(agent, (0, "effect.planet", "red planet 2"))
    run(game, "position the piece by your home planets", seat=0, card=card)
    pass_tech(Ctx(game, 0, HOOK, card=card), 0, None, [1])
    piece = piece_of(st, card)
    assert piece is not None and piece.owner == 1 and card in techs_of(game, 1).completed
