"""Naming and referring back (IR in, what a player may name and what was named out): the options
of `name a card type`, `choose a player`, `name a number from 1 to 10`, and the named things later
statements read ("the named card type", "the chosen player", "the named number", "the named card").

A name is kept in the effect's context (`Ctx.names`), so it holds for the rest of that use of the
effect and in the delayed effects it makes, and is gone when the effect ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from runtime import extension, ir
from runtime.cards import CardDef
from runtime.effects import values as v
from runtime.effects.context import Ctx

# The range offered by `name a number` without `from ... to ...`: the values attack cards print.
NUMBER_RANGE = (0, 40)
# Kinds of card that never reach a hand, so are never offered as a card type to name (nor are
# the kinds the rules modules deal: runtime/extension.py, `card_kinds`).
OUTSIDE_HANDS = frozenset({"destiny", "alien"})
# No list of options grows past this, however wide the range written ("from 1 to 1000").
MOST_OPTIONS = 100


@dataclass(slots=True)
class NameArg:
    """What may be named now: the kind of thing, the options and how each reads."""

    what: str
    options: list[Any]
    label: Callable[[Any], str]


def card_type(card: CardDef) -> str:
    """The type a card counts as when named: an encounter card's type, else its kind."""
    return card.type if card.kind == "encounter" and card.type else card.kind


def remember(ctx: Ctx, what: str, value: Any) -> None:
    """Keep a name; a named card also names its type and, if it has one, its value."""
    ctx.names[what] = value
    if what == "card":
        card = ctx.game.defs[value]
        ctx.names["card type"] = card_type(card)
        if card.value is not None:
            ctx.names["number"] = card.value


def named_number(ctx: Ctx) -> int:
    value = ctx.names.get("number")
    return value if isinstance(value, int) else 0


def with_named_parts(
    f: ir.CardFilter, least: Callable[[Ctx], int] | None, most: Callable[[Ctx], int] | None
) -> Callable[[Ctx], ir.CardFilter]:
    """A filter whose type or value bounds are worked out when the effect runs, as plain values."""
    named_type = f.named_type
    plain = replace(f, named_type=False, least=None, most=None)

    def concrete(ctx: Ctx) -> ir.CardFilter:
        types = plain.types
        if named_type:
            named = ctx.names.get("card type")
            types = frozenset({named}) if isinstance(named, str) else frozenset()
        low = plain.min_value if least is None else _tighter(plain.min_value, least(ctx), max)
        high = plain.max_value if most is None else _tighter(plain.max_value, most(ctx), min)
        return replace(plain, types=types, min_value=low, max_value=high)

    return concrete


def _tighter(written: int | None, worked_out: int, pick: Callable[[int, int], int]) -> int:
    return worked_out if written is None else pick(written, worked_out)


def options(
    node: ir.Nameable,
    among_players: Callable[[Ctx], list[int]] | None,
    among_cards: Callable[[Ctx], v.CardsArg] | None,
    matching: Callable[[Ctx, v.CardsArg], list[int]],
) -> Callable[[Ctx], NameArg]:
    """The options a Nameable offers, worked out when the naming statement runs."""
    what = node.what

    def evaluate(ctx: Ctx) -> NameArg:
        game = ctx.game
        if what == "player":
            seats = among_players(ctx) if among_players is not None else game.dispatch.order()
            return NameArg(what, list(seats), game.player_name)
        if what == "number":
            return NameArg(what, numbers(*NUMBER_RANGE), str)
        cards = _cards(ctx, among_cards, matching)
        if what == "card":
            return NameArg(what, cards, lambda i: game.defs[i].label())
        if among_cards is not None:
            types = sorted({card_type(game.defs[i]) for i in cards})
        else:
            defs = (game.defs[i] for i in range(len(game.state.catalog)))
            outside = OUTSIDE_HANDS | extension.dealt_kinds()
            types = sorted({card_type(d) for d in defs if d.kind not in outside})
        return NameArg(what, types, str)

    return evaluate


def numbers(low: int, high: int) -> list[int]:
    """The numbers from `low` to `high`, both included, at most MOST_OPTIONS of them."""
    return list(range(low, min(high, low + MOST_OPTIONS - 1) + 1))


def _cards(
    ctx: Ctx,
    among: Callable[[Ctx], v.CardsArg] | None,
    matching: Callable[[Ctx, v.CardsArg], list[int]],
) -> list[int]:
    if among is None:
        return []
    return matching(ctx, among(ctx))
