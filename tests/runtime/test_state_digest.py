"""The state digest covers the whole state: a change to any field of the state, or of anything
hanging from it (players, planets, the encounter, the records rules modules keep in their slots,
restrictions, delayed and recurring effects, formulas, their bindings and periods), changes the
digest."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
from engine_kit import new_game

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects.link import Rules
from runtime.lasting_data import Bindings, Formula, Later, Period, Restriction
from runtime.modules.essence.records import Placed, placed_of
from runtime.plain_data import plain
from runtime.record import Record
from runtime.rules.turn import new_encounter
from runtime.state import State

HOOK = Hook("virus", "Multiply", "power", "reveal.totals", ir.Seq(()))
OTHER_HOOK = Hook("virus", "Other", "power", "reveal.totals", ir.Seq(()))


def full_state(cards: CardSet, rules: Rules) -> State:
    """A state with something in every kind of place: an encounter, the slots of the modules of
    three packs, an essence card laid, a restriction with a "while" period, a delayed and a
    recurring effect, a formula."""
    game = new_game(cards, rules, 4, packs=("base", "lucre", "eons"))[0]
    st = game.state
    enc = new_encounter(game, 1)
    enc.defense, enc.planet = 1, 0
    placed_of(st)[3] = Placed(owner=0, holder=1, face_up=True)
    bound = Bindings(0, HOOK, card=5, they=1, subject=2, moved=[7], nudge=1, names={"number": 3})
    has_lucre = ir.Compare(">=", ir.Measure("lucre"), ir.Num(1))
    while_ = Period("while", 1, 1, has_lucre, Bindings(1, HOOK))
    st.restrictions.append(Restriction("ally", frozenset({1, 2}), while_, "virus"))
    bound.period = Period("turns", 2, 3)
    st.recurring.append(Later("turn.start", bound, ir.Seq(()), period=bound.period))
    enc.delayed.append(Later("encounter.end", Bindings(2, HOOK), step="a lease ends", args=(1,)))
    enc.formula[0] = Formula(0, HOOK, node=ir.Num(4))
    enc.required[1] = ir.CardFilter(frozenset({"attack"}), min_value=4)
    return st


def changed(value: Any) -> Any:
    """A value of the same kind as `value`, but different."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 1
    if isinstance(value, list):
        return [*value, 1]
    if isinstance(value, tuple):
        return (*value, 1)
    if isinstance(value, frozenset):
        return value | {99}
    if isinstance(value, set):
        return value | {99}
    if isinstance(value, dict):
        return {**value, 99: 1}
    if isinstance(value, random.Random):
        return random.Random(12345)
    if isinstance(value, Hook):
        return OTHER_HOOK
    if isinstance(value, Record):  # an IR node
        return ir.Num(-1)
    raise AssertionError(f"no change known for a {type(value).__name__}")


def paths(obj: Any, where: str) -> Iterator[tuple[str, Any, str]]:
    """(path, record, field name) for every field of `obj` and of the records hanging from it
    (IR nodes and hooks are the card set's data: they are changed whole)."""
    if isinstance(obj, Record):
        return
    if is_dataclass(obj):
        for f in fields(obj):
            yield f"{where}.{f.name}", obj, f.name
            yield from paths(getattr(obj, f.name), f"{where}.{f.name}")
    elif isinstance(obj, list):
        for i, item in enumerate(obj[:1]):
            yield from paths(item, f"{where}[{i}]")
    elif isinstance(obj, dict):  # every module's slot, else the first entry
        for key, item in list(obj.items())[: None if where.endswith(".slots") else 1]:
            yield from paths(item, f"{where}[{key}]")


@pytest.mark.slow  # changes every field in turn
def test_every_field_of_the_state_and_what_hangs_from_it_changes_the_digest(
    cards: CardSet, rules: Rules
) -> None:
    st = full_state(cards, rules)
    before = st.digest()
    found = list(paths(st, "state"))
    unchanged = []
    for path, _, _ in found:
        other = copy.deepcopy(st)
        record, name = next((r, n) for p, r, n in paths(other, "state") if p == path)
        value = getattr(record, name)
        if is_dataclass(value) and not isinstance(value, Record):
            continue  # a record of the state: each of its fields is changed in turn
        setattr(record, name, changed(value))
        if other.digest() == before:
            unchanged.append(path)
    assert not unchanged, f"the digest misses {unchanged}"
    walked = {p for p, _, _ in found}
    for needed in (
        "state.encounter.delayed[0].args",
        "state.recurring[0].bindings.moved",
        "state.recurring[0].bindings.names",
        "state.restrictions[0].period.bindings.you",
        "state.encounter.formula[0].node",
        "state.slots[essence].placed[3].captive",
        "state.players[0].slots[techs].research",
        "state.players[0].slots[lucre].lucre",
        "state.players[0].slots[essence].unavailable",
        "state.slots[lucre].lucre_out",
        "state.slots[techs].tech_discard",
        "state.encounter.slots[lucre].bought",
    ):
        assert needed in walked, f"{needed} was not reached"
    assert copy.deepcopy(st).digest() == before


def test_a_state_holding_code_has_no_digest(cards: CardSet, rules: Rules) -> None:
    st = full_state(cards, rules)
    st.recurring[0].args = (lambda: 1,)
    with pytest.raises(TypeError, match="not plain data"):
        st.digest()


def test_a_digest_orders_sets_and_dicts_the_same_however_they_were_built() -> None:
    assert plain({3, 1, 2}) == plain({2, 3, 1})
    assert plain({"b": 1, "a": 2}) == plain({"a": 2, "b": 1})
    assert plain(frozenset({"negotiate", "attack"})) == ["attack", "negotiate"]


def test_a_copy_keeps_the_fields_a_record_inherits() -> None:
    from dataclasses import dataclass, field

    from runtime.plain_data import duplicate

    @dataclass(slots=True)
    class Base:
        items: list[int] = field(default_factory=list)

    @dataclass(slots=True)
    class Derived(Base):
        count: int = 0

    original = Derived([1, 2], 3)
    copied = duplicate(original)
    assert (copied.items, copied.count) == ([1, 2], 3) and copied.items is not original.items


def test_a_formula_is_pictured_as_its_expression_then_a_bindings_record() -> None:
    """Saved traces record state digests: a formula keeps the picture they were made with, its
    expression and then its bound values as a record of their own."""
    bound = Bindings(0, HOOK, card=5, they=1, subject=2, moved=[7], nudge=1, names={"n": 3})
    formula = Formula(
        0, HOOK, card=5, they=1, subject=2, moved=[7], nudge=1, names={"n": 3}, node=ir.Num(4)
    )
    assert plain(formula) == ["Formula", plain(ir.Num(4)), plain(bound)]
