"""Ops on numbers the encounter keeps: totals, card values, limits, multipliers, what a card counts as."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from runtime import ir
from runtime.effects import expressions as x
from runtime.effects import values as v
from runtime.effects.context import Ctx, formula_of, remember
from runtime.effects.selectors import side_of, sides_of
from runtime.lasting_data import Formula
from runtime.registry import T, measure_def, obj, op, pp
from runtime.state import DEFENSE, OFFENSE


def _change(ctx: Ctx, q: v.QuantityArg, update: Any) -> None:
    m = measure_def(q.measure)
    if m is None or m.write is None:
        return
    for owner in q.owners:
        m.write(ctx, owner, update(m.read(ctx, owner)))


# ---------------------------------------------------------------- fast paths
# Adding to a side's total or card value, and a side's formula, run in every reveal: for the plain
# forms (no subject, no `may`, no prevention) the op compiles to direct work on the side's numbers.
# Each does exactly what the op's implementation does (a test runs both on every bundled hook).

SIDE_NAMES = ("the offense", "the defense")


def _sides(owner: ir.Node | None) -> Callable[[Ctx], Sequence[int]]:
    """The encounter sides a measure's owner stands for (asking, for `either side`)."""
    if isinstance(owner, ir.Side):
        which = owner.which
        if which == "either":
            return lambda ctx: [
                ctx.game.choose(
                    ctx.subject, "effect.side", "choose a side", (0, 1), SIDE_NAMES.__getitem__
                )
            ]
        return lambda ctx: sides_of(ctx, which)
    if owner is None or owner == ir.Players("you"):
        return own_side
    seats = x.players(owner)

    def of_players(ctx: Ctx) -> list[int]:
        found = [side_of(ctx, s) for s in seats(ctx)]
        return [s for s in found if s is not None]

    return of_players


def own_side(ctx: Ctx) -> tuple[int, ...]:
    """The side the effect's owner is on, as a tuple (empty outside the encounter's sides)."""
    enc = ctx.game.state.encounter
    you = ctx.you
    if enc is None:
        return ()
    if you == enc.offense or you in enc.allies[OFFENSE]:
        return (OFFENSE,)
    if you == enc.defense or you in enc.allies[DEFENSE]:
        return (DEFENSE,)
    return ()


def _plain(node: ir.Do) -> bool:
    return node.subject is None and not node.may and not node.prevent


def _side_change(sign: int) -> Callable[[ir.Do], Callable[[Ctx], None] | None]:
    """`add N to <side>'s total` (or card value), done directly on the side's numbers."""

    def specialise(node: ir.Do) -> Callable[[Ctx], None] | None:
        if not _plain(node):
            return None
        amount, target = node.args
        if not isinstance(target, ir.Measure) or target.name not in ("total", "card value"):
            return None
        if amount is None:
            return None
        fixed = sign * amount.value if isinstance(amount, ir.Num) else None
        delta = x.value(amount)
        sides = _sides(target.of)
        if target.name == "total":

            def change_total(ctx: Ctx) -> None:
                enc = ctx.game.state.encounter
                if enc is None:
                    return
                d = fixed if fixed is not None else sign * delta(ctx)
                if ctx.nudge:
                    d = sign * max(0, abs(d) + ctx.nudge)
                for side in sides(ctx):
                    enc.bonus[side] += d
                    shown = enc.totals[side]
                    if shown is not None:
                        enc.totals[side] = shown + d

            return change_total

        def change_value(ctx: Ctx) -> None:
            enc = ctx.game.state.encounter
            if enc is None:
                return
            d = fixed if fixed is not None else sign * delta(ctx)
            if ctx.nudge:
                d = sign * max(0, abs(d) + ctx.nudge)
            for side in sides(ctx):
                enc.values[side] = (enc.values[side] or 0) + d

        return change_value

    return specialise


def _formula_change(node: ir.Do) -> Callable[[Ctx], None] | None:
    """`calculate your total as ...`: the side's formula, kept until the totals are compared."""
    if not _plain(node):
        return None
    target, formula = node.args
    if not isinstance(target, ir.Measure) or target.name != "total" or formula is None:
        return None
    remember(formula, "value", x.value(formula))
    sides = _sides(target.of)

    def calculate(ctx: Ctx) -> None:
        enc = ctx.game.state.encounter
        if enc is None:
            return
        for side in sides(ctx):
            enc.formula[side] = formula_of(ctx, formula)

    return calculate


# ---------------------------------------------------------------- ops


@op(
    "add",
    "add",
    obj(T.NUMBER, "amount"),
    pp("to", T.QUANTITY, "target"),
    doc="Add a number to a total, a card value or another number the game keeps.",
    specialise=_side_change(1),
)
def add(ctx: Ctx, seat: int, amount: int, q: v.QuantityArg) -> None:
    _change(ctx, q, lambda old: old + amount)


@op(
    "subtract",
    "subtract",
    obj(T.NUMBER, "amount"),
    pp("from", T.QUANTITY, "target"),
    doc="Subtract a number from a total, a card value or another number the game keeps.",
    specialise=_side_change(-1),
)
def subtract(ctx: Ctx, seat: int, amount: int, q: v.QuantityArg) -> None:
    _change(ctx, q, lambda old: old - amount)


@op(
    "multiply",
    "multiply",
    obj(T.QUANTITY, "target"),
    pp("by", T.NUMBER, "factor"),
    doc="Multiply a card value or another number the game keeps.",
)
def multiply(ctx: Ctx, seat: int, q: v.QuantityArg, factor: int) -> None:
    _change(ctx, q, lambda old: old * factor)


@op(
    "set",
    "set",
    obj(T.QUANTITY, "target"),
    pp("to", T.NUMBER, "amount"),
    doc="Set a card value, a limit or another number the game keeps.",
)
def set_value(ctx: Ctx, seat: int, q: v.QuantityArg, amount: int) -> None:
    _change(ctx, q, lambda old: amount)


@op(
    "calculate",
    "calculate",
    obj(T.QUANTITY, "target"),
    pp("as", T.FORMULA, "formula"),
    doc="Work out a side's total with another formula (kept until the totals are compared).",
    specialise=_formula_change,
)
def calculate(ctx: Ctx, seat: int, q: v.QuantityArg, formula: Formula) -> None:
    enc = ctx.game.state.encounter
    if enc is None:
        return
    for owner in q.owners:
        side = side_of(ctx, owner)
        if side is not None:
            enc.formula[side] = formula


@op(
    "count as",
    "count",
    pp("as", T.NUMBER, "worth"),
    doc="Each of these ships counts as a number of ships in the totals (the ships in the"
    " encounter).",
    subject=T.SHIPS,
    subject_places=frozenset({"encounter"}),
)
def count_as(ctx: Ctx, seat: int, ships: v.ShipsArg, worth: int) -> None:
    enc = ctx.game.state.encounter
    if enc is not None:
        owner = ships.owner if ships.owner >= 0 else seat
        enc.ship_weight[owner] = worth


@op(
    "become",
    "become",
    obj(T.CARD_SPEC, "spec"),
    doc="An encounter card counts as another card (an attack of some value, a negotiate, a copy).",
    subject=T.CARD,
)
def become(ctx: Ctx, seat: int, card: v.CardTarget, spec: v.CardSpec) -> None:
    enc = ctx.game.state.encounter
    if enc is None or card.side is None:
        return
    side = card.side
    if spec.copy_of is not None and spec.copy_of.side is not None:
        enc.types[side] = enc.types[spec.copy_of.side]
        enc.values[side] = enc.values[spec.copy_of.side]
    elif spec.copy_of is not None:  # a card outside the encounter (the named card): as printed
        if spec.copy_of.instance is None:
            return
        printed = ctx.game.defs[spec.copy_of.instance]
        enc.types[side] = printed.type
        enc.values[side] = printed.value if printed.type == "attack" else None
    else:
        enc.types[side] = spec.type
        enc.values[side] = spec.value if spec.type == "attack" else None
    main = enc.offense if side == 0 else enc.defense
    label = f"attack {enc.values[side]}" if enc.types[side] == "attack" else str(enc.types[side])
    ctx.game.log("becomes", main, label)
