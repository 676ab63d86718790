"""Markers on sheets: a card declares the kinds it keeps, effects add, remove, count and test them
on any player's sheet, and an undeclared kind is refused where it is written."""

from __future__ import annotations

from pathlib import PurePath

from compiler.pipeline.card_file import compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from compiler.tools.render import statement
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from tests.runtime.engine_kit import new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def resolved(text: str, kinds: tuple[str, ...] = ("point", "grudge")) -> ir.Node:
    resolver = Resolver("turn.start", text, marker_kinds=kinds)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return node


def run(game: Game, text: str, seat: int = 0) -> None:
    c.guarded(c.statement(resolved(text)))(Ctx(game, seat, HOOK))


def test_named_markers_are_gained_counted_and_spent_apart_from_other_kinds(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    run(game, 'gain 3 "point" markers\ngain 1 "grudge" marker')
    run(game, 'spend 1 "point" marker')
    assert game.state.players[0].tokens == {"markers:point": 2, "markers:grudge": 1}
    # a count of one kind reads only that kind, in any number slot
    run(game, 'draw (your "point" markers) cards')
    assert len(game.state.players[0].hand) == 8 + 2


def test_markers_go_on_other_players_sheets_and_are_discarded_by_setting_none(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    run(game, 'each of the other players gains 1 "grudge" marker')
    assert [p.tokens.get("markers:grudge", 0) for p in game.state.players] == [0, 1, 1]
    run(game, 'for each player:\n  if their "grudge" markers are at least 1:\n    draw 1 card')
    assert len(game.state.players[0].hand) == 8 + 2
    run(game, 'for each player:\n  set their "grudge" markers to 0')
    assert all(not p.tokens for p in game.state.players)  # none left: nothing on the sheets


def test_spending_more_markers_than_the_sheet_holds_leaves_none(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    run(game, 'gain 2 "point" markers\nspend 5 "point" markers')
    assert game.state.players[0].tokens == {}


def test_a_named_kind_renders_with_its_quotes_and_reads_back_the_same() -> None:
    for text in ('gain 2 "point" markers', 'add (your "point" markers) to your total'):
        node = resolved(text)
        assert isinstance(node, ir.Do)
        again = resolved(statement(node))
        assert again == node or statement(again) == statement(node)


def test_a_kind_the_card_does_not_declare_is_an_error_with_a_suggestion() -> None:
    text = 'gain 1 "piont" marker'
    resolver = Resolver("turn.start", text, marker_kinds=("point",))
    resolver.effect(parser().effect(text))
    [error] = resolver.errors
    assert "no kind of marker named 'piont'" in error.message
    assert error.hint is not None and "point" in error.hint


def test_a_quoted_kind_on_anything_but_markers_is_refused() -> None:
    text = 'draw 1 "point" card'
    resolver = Resolver("turn.start", text, marker_kinds=("point",))
    resolver.effect(parser().effect(text))
    assert [e.message for e in resolver.errors] == ["'card' takes no quoted kind"]


def test_the_card_file_declares_its_kinds_and_points_at_an_undeclared_one() -> None:
    source = (
        "id: hoarder\nkind: alien\nname: Hoarder\nalert: green\ntext: x\nmarkers: [coin]\n"
        "powers:\n  - name: Save\n    when: turn.start\n    as: any player\n"
        '    do: gain 1 "coins" marker\n'
    )
    loaded = load_yaml_bytes(source.encode(), "hoarder.yaml")
    compiled = compile_card(loaded, "test", PurePath("alien/hoarder.yaml"))
    [diag] = [x for x in compiled.diagnostics if x.code.id == "E305"]
    assert (diag.span.line, diag.span.column) == (11, 14)
    assert "coin" in (diag.hint or "")
