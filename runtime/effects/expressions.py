"""IR in, closures out, for everything an effect works out rather than does: its arguments, the
players it selects and its numbers (its conditions: conditions.py; the generated forms come from
codegen.py; the switch between both forms: forms.py).

Names in the IR (measures, predicates, selectors) are bound to their registry entries here, once
per card set, so working one out is a chain of direct calls with no lookups.
"""

from __future__ import annotations

from collections.abc import Callable

from runtime import ir
from runtime.effects import codegen, naming, ship_args
from runtime.effects import values as v
from runtime.effects.context import Ctx, formula_of, remember
from runtime.effects.forms import (
    FAST,
    MAX_AMOUNT,
    CompileError,
    Fn,
    absent,
    at_most,
    nobody,
    the_owner,
)
from runtime.effects.forms import reference_forms as reference_forms
from runtime.effects.selectors import SELECTORS, card_target, cards_matching, sides_of
from runtime.effects.ship_places import count_ships, event_count
from runtime.registry import T, measure_def

# ---------------------------------------------------------------- arguments


def arg(node: ir.Node | None, t: T) -> Fn:
    if node is None:
        return absent
    if t is T.NUMBER:
        return value(node)
    if t is T.PLAYERS or t is T.POWER:
        return players(node)
    if t is T.CARDS:
        return _cards(node)
    if t is T.CARD:
        return _card(node)
    if t is T.CARD_SPEC:
        return _card_spec(node)
    if t is T.SHIPS:
        return _ships(node)
    if t is T.PLACE:
        return _place(node)
    if t is T.SIDE:
        assert isinstance(node, ir.Side)
        which = node.which
        return lambda ctx: sides_of(ctx, which)
    if t is T.QUANTITY:
        assert isinstance(node, ir.Measure)
        owners = players(node.of) if node.of is not None else the_owner
        name = node.name
        return lambda ctx: v.QuantityArg(name, owners(ctx))
    if t is T.FORMULA:
        remember(node, "value", value(node))
        # kept as data in the state: the expression and the values this call was bound to
        return lambda ctx: formula_of(ctx, node)
    if t is T.AMOUNT:
        assert isinstance(node, ir.Amount), node
        count, what, up_to = value(node.count), node.what, node.up_to
        return lambda ctx: v.AmountArg(what, at_most(count(ctx), MAX_AMOUNT), up_to)
    if t is T.NAMEABLE:
        return _nameable(node)
    if t is T.ALIENS:
        return _aliens(node)
    if t is T.WORD:
        word = codegen.word_value(node)
        return lambda ctx: word
    if t is T.FLAG:
        return lambda ctx: True  # the adverb is written (an op gets None when it is not)
    raise CompileError(f"no argument form for {t}")


def _owner(node: ir.Node | None) -> Callable[[Ctx], int]:
    if node is None:
        return lambda ctx: ctx.subject
    if FAST.on:
        return codegen.owner(node)
    who = players(node)
    return lambda ctx: codegen.only_seat(who(ctx))


def _cards(node: ir.Node, whose: Callable[[Ctx], int] | None = None) -> Fn:
    """Cards an op acts on or a number counts (`whose`: their owner, worked out by the caller)."""
    if isinstance(node, ir.CardRef):
        target = _card(node)

        def referenced(ctx: Ctx) -> v.CardsArg:
            t = target(ctx)
            found = [t.instance] if t.instance is not None else []
            holder = ctx.game.holder[t.instance] if t.instance is not None else -1
            return v.CardsArg(len(found), ir.CardFilter(), holder, instances=found)

        return referenced
    assert isinstance(node, ir.Cards), node
    count = value(node.count) if node.count is not None else None
    # "those cards" belong to nobody in particular until an op says whose hand to look in
    if whose is not None:
        owner = whose
    elif node.owner is not None or node.zone != "those":
        owner = _owner(node.owner)
    else:
        owner = nobody
    f, rnd, up_to, each, zone = node.filter, node.random, node.up_to, node.each_type, node.zone
    if f.named_type or f.least is not None or f.most is not None:
        worked_out = naming.with_named_parts(
            f,
            value(f.least) if f.least is not None else None,
            value(f.most) if f.most is not None else None,
        )

        def named_cards(ctx: Ctx) -> v.CardsArg:
            n = at_most(count(ctx), len(ctx.game.state.catalog)) if count else None
            return v.CardsArg(n, worked_out(ctx), owner(ctx), rnd, up_to, each, zone)

        return named_cards

    def cards(ctx: Ctx) -> v.CardsArg:
        n = at_most(count(ctx), len(ctx.game.state.catalog)) if count else None
        return v.CardsArg(n, f, owner(ctx), rnd, up_to, each, zone)

    return cards


def _nameable(node: ir.Node) -> Fn:
    assert isinstance(node, ir.Nameable), node
    among = node.among
    return naming.options(
        node,
        players(among) if among is not None and node.what == "player" else None,
        _cards(among) if among is not None and node.what != "player" else None,
        cards_matching,
    )


def _card(node: ir.Node) -> Fn:
    assert isinstance(node, ir.CardRef), node
    which, index = node.which, node.index
    owner = _owner(node.owner) if node.owner is not None else (lambda ctx: ctx.you)
    return lambda ctx: card_target(ctx, which, owner(ctx), index)


def _card_spec(node: ir.Node) -> Fn:
    if isinstance(node, ir.CardRef):
        target = _card(node)
        return lambda ctx: v.CardSpec(None, copy_of=target(ctx))
    assert isinstance(node, ir.CardFilter), node
    kind = next(iter(node.types)) if node.types else None
    worth = node.min_value
    return lambda ctx: v.CardSpec(kind, worth)


def _ships(node: ir.Node) -> Fn:
    assert isinstance(node, ir.Ships), node
    place, several = node.place, ship_args.several_owners(node)
    assert place is None or isinstance(place, ir.Place), place
    return ship_args.ships_arg(
        node,
        value(node.count) if node.count is not None else None,
        None if several else _owner(node.owner),
        players(node.owner) if several else None,
        players(place.owner) if place is not None and place.owner is not None else None,
    )


def _aliens(node: ir.Node) -> Fn:
    assert isinstance(node, ir.Aliens), node
    count = value(node.count) if node.count is not None else None
    owner = _owner(node.owner)
    source, random_, up_to = node.source, node.random, node.up_to

    def aliens(ctx: Ctx) -> v.AliensArg:
        n = at_most(count(ctx), MAX_ALIENS) if count is not None else None
        who = -1 if source == "unused" else owner(ctx)
        return v.AliensArg(source, n, who, random_, up_to)

    return aliens


MAX_ALIENS = 100  # no effect handles more alien sheets than this at once


def _place(node: ir.Node) -> Fn:
    assert isinstance(node, ir.Place), node
    return ship_args.place_arg(node, players(node.owner) if node.owner is not None else None)


# ---------------------------------------------------------------- players


def players(node: ir.Node | None) -> Callable[[Ctx], list[int]]:
    if node is None:
        return the_owner
    return codegen.players(node) if FAST.on else players_closure(node)


def players_closure(node: ir.Node | None) -> Callable[[Ctx], list[int]]:
    """The closure form, for selectors the code generator leaves to it."""
    if node is None:
        return the_owner
    if isinstance(node, ir.Players):
        select = SELECTORS.get(node.role)
        if select is None:
            raise CompileError(f"unknown selector '{node.role}'")
        of, other = node.of, node.other
        if other:
            return lambda ctx: [s for s in select(ctx, of) if s != ctx.you]
        return lambda ctx: select(ctx, of)
    if isinstance(node, ir.Chosen):
        return chosen_players(node)
    if isinstance(node, ir.Side):
        which = node.which

        def mains(ctx: Ctx) -> list[int]:
            enc = ctx.game.state.encounter
            if enc is None:
                return []
            return [enc.offense if s == 0 else enc.defense for s in sides_of(ctx, which)]

        return mains
    if isinstance(node, ir.CardRef):
        target = _card(node)

        def card_owner(ctx: Ctx) -> list[int]:
            enc = ctx.game.state.encounter
            side = target(ctx).side
            if enc is None or side is None:
                return []
            return [enc.offense if side == 0 else enc.defense]

        return card_owner
    if isinstance(node, ir.Extreme):
        base = players(node.base)
        m = measure_def(node.measure)
        assert m is not None, node.measure
        fewest = node.fewest

        def extreme(ctx: Ctx) -> list[int]:
            pool = base(ctx)
            if not pool:
                return []
            scores = [m.read(ctx, s) for s in pool]
            best = min(scores) if fewest else max(scores)
            return [pool[scores.index(best)]]

        return extreme
    raise CompileError(f"not a player selector: {type(node).__name__}")


# ---------------------------------------------------------------- numbers


def chosen_players(
    node: ir.Chosen, eligible: Callable[[Ctx, int], bool] | None = None
) -> Callable[[Ctx], list[int]]:
    """Players a chooser picks from a base selection (only the eligible ones, if a test is
    given: an op's slot may narrow who can be picked)."""
    base = players(node.base)
    chooser = players(node.chooser) if node.chooser is not None else the_owner
    low, high = node.minimum, node.maximum

    def chosen(ctx: Ctx) -> list[int]:
        pool = base(ctx)
        if eligible is not None:
            pool = [s for s in pool if eligible(ctx, s)]
        if not pool:
            return []
        who = chooser(ctx)[0]
        game = ctx.game
        if low == high == 1:
            return [game.choose(who, "effect.player", "choose a player", pool, game.player_name)]
        return game.choose_many(
            who,
            "effect.players",
            "choose players",
            pool,
            min(low, len(pool)),
            min(high, len(pool)),
            game.player_name,
        )

    return chosen


def value(node: ir.Node) -> Callable[[Ctx], int]:
    return codegen.value(node) if FAST.on else value_closure(node)


def value_closure(node: ir.Node) -> Callable[[Ctx], int]:
    """The closure form, for numbers the code generator leaves to it."""
    if isinstance(node, ir.Num):
        n = node.value
        return lambda ctx: n
    if isinstance(node, ir.Measure):
        m = measure_def(node.name)
        if m is None:
            raise CompileError(f"unknown measure '{node.name}'")
        read = m.read
        if m.owner == "board":
            return lambda ctx: read(ctx, -1)
        owners = players(node.of) if node.of is not None else the_owner
        return lambda ctx: sum(read(ctx, s) for s in owners(ctx))
    if isinstance(node, ir.Arith):
        a, b = value(node.left), value(node.right)
        if node.op == "+":
            return lambda ctx: a(ctx) + b(ctx)
        if node.op == "-":
            return lambda ctx: a(ctx) - b(ctx)
        if node.op == "*":
            return lambda ctx: a(ctx) * b(ctx)
        if node.op == "min":
            return lambda ctx: min(a(ctx), b(ctx))
        if node.op == "max":
            return lambda ctx: max(a(ctx), b(ctx))
        if node.op == "%":
            return lambda ctx: codegen.remainder(a(ctx), b(ctx))
        return lambda ctx: a(ctx) // b(ctx) if b(ctx) else 0
    if isinstance(node, ir.Half):
        inner, up = value(node.value), node.round_up
        return lambda ctx: (inner(ctx) + 1) // 2 if up else inner(ctx) // 2
    if isinstance(node, ir.CountOf):
        return _count(node.thing)
    if isinstance(node, ir.ValueOf):
        return _total_value(node.cards)
    if isinstance(node, ir.EventValue):
        field = node.field
        if field == "count":
            return lambda ctx: event_count(ctx.event)
        return lambda ctx: int(getattr(ctx.event, field, 0) or 0)
    raise CompileError(f"not a number: {type(node).__name__}")


def _total_value(node: ir.Node) -> Callable[[Ctx], int]:
    found = _cards(node)
    return lambda ctx: sum(ctx.game.defs[c].value or 0 for c in cards_matching(ctx, found(ctx)))


def _count(thing: ir.Node) -> Callable[[Ctx], int]:
    if isinstance(thing, (ir.Players, ir.Chosen, ir.Extreme)):
        who = players(thing)
        return lambda ctx: len(who(ctx))
    if isinstance(thing, ir.Cards) and thing.owner is not None:
        # the cards of each player the owner names ("cards in the other players' hands")
        owners = players(thing.owner)
        found = _cards(thing, nobody)

        def count_each_owners(ctx: Ctx) -> int:
            arg = found(ctx)
            total = 0
            for seat in owners(ctx):
                arg.owner = seat
                total += len(cards_matching(ctx, arg))
            return total

        return count_each_owners
    if isinstance(thing, (ir.Cards, ir.CardRef)):
        cards = _cards(thing)
        return lambda ctx: len(cards_matching(ctx, cards(ctx)))
    if isinstance(thing, ir.Ships):
        if thing.owner is not None and not thing.event:
            owners = players(thing.owner)
            ships = _ships(ir.Ships(thing.count, None, thing.place, thing.up_to))

            def count_each(ctx: Ctx) -> int:
                total = 0
                for seat in owners(ctx):
                    total += count_ships(ctx, ships(ctx.with_subject(seat)))
                return total

            return count_each
        ships = _ships(thing)
        return lambda ctx: count_ships(ctx, ships(ctx))
    raise CompileError(f"cannot count {type(thing).__name__}")


codegen.CLOSURES.update(players=players_closure, value=value_closure, arg=arg)
