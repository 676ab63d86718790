"""The measure of a named kind of marker is built once and kept (registry.measure_def): it reads and
writes its own kind only, and is built again should the markers measure it comes from change."""

from __future__ import annotations

from runtime import ir, registry
from runtime.cards import CardSet, Hook
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.registry import MARKERS, MEASURES, MeasureDef, measure_def
from tests.runtime.engine_kit import new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def test_a_named_marker_measure_is_kept_and_counts_its_own_kind(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    ctx = Ctx(game, 0, HOOK)
    point = measure_def(f"{MARKERS}:point")
    assert point is not None and point.write is not None
    assert measure_def(f"{MARKERS}:point") is point
    grudge = measure_def(f"{MARKERS}:grudge")
    assert grudge is not None and grudge is not point
    point.write(ctx, 0, 3)
    assert (point.read(ctx, 0), grudge.read(ctx, 0)) == (3, 0)
    assert game.state.players[0].tokens == {f"{MARKERS}:point": 3}


def test_a_kept_marker_measure_follows_the_markers_measure(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    ctx = Ctx(game, 0, HOOK)
    kept = measure_def(f"{MARKERS}:point")
    base = MEASURES[MARKERS]
    doubled = MeasureDef(
        base.name, base.doc, lambda ctx, seat, kind: 2 * base.read(ctx, seat, kind), base.write
    )
    MEASURES[MARKERS] = doubled
    try:
        rebuilt = measure_def(f"{MARKERS}:point")
        assert rebuilt is not None and rebuilt is not kept
        game.state.players[0].tokens[f"{MARKERS}:point"] = 2
        assert rebuilt.read(ctx, 0) == 4
    finally:
        MEASURES[MARKERS] = base
        registry._MARKER_MEASURES.clear()
    assert measure_def(f"{MARKERS}:point") is not rebuilt
