"""IR in, closures out: each statement becomes a function of the effect's context.

Names in the IR (ops, measures, predicates, selectors) are bound to their registry entries here,
once per card set, so running an effect is a chain of direct calls with no lookups.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from runtime import ir
from runtime.effects import codegen
from runtime.effects import values as v
from runtime.effects.context import Ctx, Stop
from runtime.effects.selectors import (
    SELECTORS,
    card_target,
    cards_matching,
    count_ships,
    event_count,
    sides_of,
)
from runtime.record import Record
from runtime.registry import MEASURES, NUMBER_RANGES, OPS, PREDICATES, T

Fn = Callable[[Ctx], Any]


class CompileError(Exception):
    """IR that names something the registry lacks (a compiler/runtime version mismatch)."""


class _Fast:
    """Whether compiling uses the fast forms: generated code for numbers, players and
    conditions (codegen), and the fast paths ops own. Off, every node compiles to the plain
    closures below and every op runs its implementation: the reference behaviour, which a test
    compares with the fast forms on every bundled hook."""

    on = True


_FAST = _Fast()


@contextmanager
def reference_forms() -> Iterator[None]:
    """Compile with the plain closures and op implementations only, while the block runs."""
    _FAST.on = False
    try:
        yield
    finally:
        _FAST.on = True


# ---------------------------------------------------------------- statements


def statement(node: ir.Node) -> Callable[[Ctx], None]:
    if isinstance(node, ir.Do):
        return _do(node)
    if isinstance(node, ir.Seq):
        parts = [statement(n) for n in node.items]
        if len(parts) == 1:
            return parts[0]

        def seq(ctx: Ctx) -> None:
            for part in parts:
                part(ctx)

        return seq
    if isinstance(node, ir.May):
        return _may(node)
    if isinstance(node, ir.If):
        test, then = condition(node.cond), statement(node.then)
        otherwise = statement(node.otherwise) if node.otherwise is not None else None

        def when(ctx: Ctx) -> None:
            if test(ctx):
                then(ctx)
            elif otherwise is not None:
                otherwise(ctx)

        return when
    if isinstance(node, ir.ForEach):
        return _for_each(node)
    if isinstance(node, ir.Choose):
        return _choose(node)
    if isinstance(node, ir.Repeat):
        body, times = statement(node.body), node.times

        def repeat(ctx: Ctx) -> None:
            for _ in range(times):
                body(ctx)

        return repeat
    if isinstance(node, ir.Instead):
        body = statement(node.body)

        def instead(ctx: Ctx) -> None:
            if ctx.event is not None and hasattr(ctx.event, "cancelled"):
                ctx.event.cancelled = True
            body(ctx)

        return instead
    if isinstance(node, ir.Lasting):
        body, scope, count = statement(node.body), node.duration, node.count
        guard = condition(node.condition) if node.condition is not None else None

        def lasting(ctx: Ctx) -> None:
            inner = ctx.copy()
            test = (lambda: guard(inner)) if guard is not None else None
            inner.period = ctx.game.dispatch.period(scope, count, test)
            body(inner)

        return lasting
    if isinstance(node, ir.Delayed):
        body, window = statement(node.body), node.window

        def delayed(ctx: Ctx) -> None:
            ctx.game.dispatch.delay(window, body, ctx.copy())

        return delayed
    if isinstance(node, ir.Forbid):
        who, action = players(node.subject), node.action

        def forbid(ctx: Ctx) -> None:
            ctx.game.dispatch.forbid(action, frozenset(who(ctx)), ctx.period, ctx.hook.card)

        return forbid
    raise CompileError(f"not a statement: {type(node).__name__}")


def _do(node: ir.Do) -> Callable[[Ctx], None]:
    op = OPS.get(node.op)
    if op is None:
        raise CompileError(f"unknown op '{node.op}'")
    if op.specialise is not None and _FAST.on:
        fast = op.specialise(node)
        if fast is not None:
            return fast
    args = [_op_arg(a, s.type) for a, s in zip(node.args, op.slots, strict=True)]
    impl, feasible, may, prevent = op.impl, op.feasible, node.may, node.prevent
    prompt = node.text or op.verb
    if op.subject is not T.PLAYERS:
        thing = arg(node.subject, op.subject)

        def act_on(ctx: Ctx) -> None:
            impl(ctx, ctx.you, thing(ctx), *[a(ctx) for a in args])

        return act_on
    if node.subject is None and feasible is None and not may and not prevent:
        return _direct(impl, args)
    subjects = players(node.subject) if node.subject is not None else _you

    def run(ctx: Ctx) -> None:
        for seat in subjects(ctx):
            c = ctx.with_subject(seat)
            values = [a(c) for a in args]
            if feasible is not None and not feasible(c, seat, *values):
                continue
            if may and not c.game.yes_no(seat, "effect.may", f"{prompt}?"):
                continue
            impl(c, seat, *values)
            if prevent:
                raise Stop()

    return run


def _may(node: ir.May) -> Callable[[Ctx], None]:
    body, can, prompt = statement(node.body), feasibility(node.body), node.text
    subjects = players(node.subject) if node.subject is not None else _you

    def offer(ctx: Ctx) -> None:
        for seat in subjects(ctx):
            c = ctx.with_subject(seat)
            if can is not None and not can(c):
                continue
            if c.game.yes_no(seat, "effect.may", f"{prompt}?"):
                body(c)

    return offer


# Slots whose numbers hired help may nudge: counts of things and plain numbers.
NUDGED = frozenset({T.NUMBER, T.AMOUNT, T.CARDS, T.SHIPS})


def _op_arg(node: ir.Node | None, t: T) -> Fn:
    if node is None:
        return _none
    evaluate = arg(node, t)
    return _nudgeable(evaluate) if t in NUDGED else evaluate


def _nudgeable(a: Fn) -> Fn:
    def nudged(ctx: Ctx) -> Any:
        value = a(ctx)
        return nudge(value, ctx.nudge) if ctx.nudge else value

    return nudged


def nudge(value: Any, delta: int) -> Any:
    """A number, or the count an argument carries, made `delta` larger (never below 0)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return max(0, value + delta)
    count = getattr(value, "count", None)
    if isinstance(count, int) and not isinstance(value, v.QuantityArg):
        value.count = max(0, count + delta)
    return value


def _direct(impl: Callable[..., None], args: list[Fn]) -> Callable[[Ctx], None]:
    """The effect's owner acts, with nothing to ask first: one call, arguments inline."""
    if len(args) == 1:
        (a0,) = args
        return lambda ctx: impl(ctx, ctx.you, a0(ctx))
    if len(args) == 2:
        a0, a1 = args
        return lambda ctx: impl(ctx, ctx.you, a0(ctx), a1(ctx))
    return lambda ctx: impl(ctx, ctx.you, *[a(ctx) for a in args])


# A computed amount (lucre, rewards) is bounded like a written one.
MAX_AMOUNT = NUMBER_RANGES[T.NUMBER.value][1]


def _at_most(n: int, most: int) -> int:
    """A computed count bounded by what exists (the cards, the ships), so that no effect, however
    its numbers multiply, asks the engine for endless work."""
    return max(0, min(n, most))


def _for_each(node: ir.ForEach) -> Callable[[Ctx], None]:
    body = statement(node.body)
    if isinstance(node.over, (ir.Players, ir.Chosen, ir.Extreme)):
        who = players(node.over)
        if node.start is not None or node.reverse:
            who = _ordered(who, node.start, node.reverse)

        def each_player(ctx: Ctx) -> None:
            for seat in who(ctx):
                body(ctx.with_they(seat))

        return each_player
    count = value(ir.CountOf(node.over))

    def each_thing(ctx: Ctx) -> None:
        for _ in range(min(count(ctx), 100)):
            body(ctx)

    return each_thing


def _ordered(
    who: Callable[[Ctx], list[int]], start: ir.Node | None, reverse: bool
) -> Callable[[Ctx], list[int]]:
    """The players `who` selects, clockwise from the first player `start` names (encounter order
    without one), then reversed if asked."""
    first = players(start) if start is not None else None

    def ordered(ctx: Ctx) -> list[int]:
        found = who(ctx)
        if first is not None:
            named = first(ctx)
            if named:
                st = ctx.game.state
                rank = {s: i for i, s in enumerate(st.clockwise_from(named[0]))}
                found = sorted(found, key=rank.__getitem__)
        return found[::-1] if reverse else found

    return ordered


def _choose(node: ir.Choose) -> Callable[[Ctx], None]:
    options = [statement(o) for o in node.options]
    labels = node.labels
    chooser = players(node.chooser) if node.chooser is not None else _you
    everything = (1 << len(options)) - 1

    def choose(ctx: Ctx) -> None:
        for seat in chooser(ctx):
            offered = list(range(len(options)))
            if node.fresh:
                # the options this player has chosen here since the cycle last began
                key = f"chosen:{ctx.hook.card}:{ctx.hook.name}:{seat}"
                used = ctx.game.state.used
                taken = used.get(key, 0)
                if taken == everything:
                    taken = 0
                offered = [i for i in offered if not taken >> i & 1]
            index = ctx.game.choose(
                seat, "effect.choose", "choose one", offered, labels.__getitem__
            )
            if node.fresh:
                used[key] = taken | 1 << index
            options[index](ctx.with_subject(seat))

    return choose


def _none(ctx: Ctx) -> None:
    return None


def _nobody(ctx: Ctx) -> int:
    return -1


def _you(ctx: Ctx) -> list[int]:
    return [ctx.you]


# ---------------------------------------------------------------- arguments


def arg(node: ir.Node | None, t: T) -> Fn:
    if node is None:
        return _none
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
        owners = players(node.of) if node.of is not None else _you
        name = node.name
        return lambda ctx: v.QuantityArg(name, owners(ctx))
    if t is T.FORMULA:
        formula = value(node)
        # each hook call has its own context, so the formula may keep it to evaluate later
        return lambda ctx: (formula, ctx)
    if t is T.AMOUNT:
        assert isinstance(node, ir.Amount), node
        count, what, up_to = value(node.count), node.what, node.up_to
        return lambda ctx: v.AmountArg(what, _at_most(count(ctx), MAX_AMOUNT), up_to)
    if t in (T.WORD, T.FLAG):
        word = node.word if isinstance(node, ir.Word) else True
        return lambda ctx: word
    raise CompileError(f"no argument form for {t}")


def _owner(node: ir.Node | None) -> Callable[[Ctx], int]:
    if node is None:
        return lambda ctx: ctx.subject
    who = players(node)

    def first(ctx: Ctx) -> int:
        seats = who(ctx)
        return seats[0] if seats else -1

    return first


def _cards(node: ir.Node) -> Fn:
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
    owner = _owner(node.owner) if node.owner is not None or node.zone != "those" else _nobody
    f, rnd, up_to, each, zone = node.filter, node.random, node.up_to, node.each_type, node.zone

    def cards(ctx: Ctx) -> v.CardsArg:
        n = _at_most(count(ctx), len(ctx.game.state.catalog)) if count else None
        return v.CardsArg(n, f, owner(ctx), rnd, up_to, each, zone)

    return cards


def _card(node: ir.Node) -> Fn:
    assert isinstance(node, ir.CardRef), node
    which = node.which
    owner = _owner(node.owner) if node.owner is not None else (lambda ctx: ctx.you)
    return lambda ctx: card_target(ctx, which, owner(ctx))


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
    count = value(node.count) if node.count is not None else None
    owner = _owner(node.owner)
    place = node.place
    assert place is None or isinstance(place, ir.Place), place
    kind, empty = (place.kind, place.empty) if place is not None else ("", False)
    # the place's owner, when the phrase names one ("in the defense's home colonies"); else the
    # ships' owner ("your ships in your colonies" and "your ships in colonies" are the same)
    where = _owner(place.owner) if place is not None and place.owner is not None else None
    up_to, event = node.up_to, node.event

    def ships(ctx: Ctx) -> v.ShipsArg:
        who = owner(ctx)
        if event and ctx.event is not None and hasattr(ctx.event, "seat"):
            who = ctx.event.seat
        at = None
        if place is not None:
            at = v.PlaceArg(kind, where(ctx) if where is not None else who, empty)
        st = ctx.game.state
        n = _at_most(count(ctx), st.ships_per_player * st.n) if count else None
        return v.ShipsArg(n, who, at, up_to, event)

    return ships


def _place(node: ir.Node) -> Fn:
    assert isinstance(node, ir.Place), node
    kind, empty = node.kind, node.empty
    if node.owner is None:
        return lambda ctx: v.PlaceArg(kind, ctx.subject, empty)
    owner = _owner(node.owner)
    return lambda ctx: v.PlaceArg(kind, owner(ctx), empty)


# ---------------------------------------------------------------- players


def players(node: ir.Node | None) -> Callable[[Ctx], list[int]]:
    if node is None:
        return _you
    return codegen.players(node) if _FAST.on else players_closure(node)


def players_closure(node: ir.Node | None) -> Callable[[Ctx], list[int]]:
    """The closure form, for selectors the code generator leaves to it."""
    if node is None:
        return _you
    if isinstance(node, ir.Players):
        select = SELECTORS.get(node.role)
        if select is None:
            raise CompileError(f"unknown selector '{node.role}'")
        of, other = node.of, node.other
        if other:
            return lambda ctx: [s for s in select(ctx, of) if s != ctx.you]
        return lambda ctx: select(ctx, of)
    if isinstance(node, ir.Chosen):
        base = players(node.base)
        chooser = players(node.chooser) if node.chooser is not None else _you
        low, high = node.minimum, node.maximum

        def chosen(ctx: Ctx) -> list[int]:
            pool = base(ctx)
            if not pool:
                return []
            who = chooser(ctx)[0]
            game = ctx.game
            if low == high == 1:
                return [
                    game.choose(who, "effect.player", "choose a player", pool, game.player_name)
                ]
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
        m = MEASURES[node.measure]
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


def value(node: ir.Node) -> Callable[[Ctx], int]:
    return codegen.value(node) if _FAST.on else value_closure(node)


def value_closure(node: ir.Node) -> Callable[[Ctx], int]:
    """The closure form, for numbers the code generator leaves to it."""
    if isinstance(node, ir.Num):
        n = node.value
        return lambda ctx: n
    if isinstance(node, ir.Measure):
        m = MEASURES.get(node.name)
        if m is None:
            raise CompileError(f"unknown measure '{node.name}'")
        read = m.read
        if m.owner == "board":
            return lambda ctx: read(ctx, -1)
        owners = players(node.of) if node.of is not None else _you
        return lambda ctx: sum(read(ctx, s) for s in owners(ctx))
    if isinstance(node, ir.Arith):
        a, b = value(node.left), value(node.right)
        if node.op == "+":
            return lambda ctx: a(ctx) + b(ctx)
        if node.op == "-":
            return lambda ctx: a(ctx) - b(ctx)
        if node.op == "*":
            return lambda ctx: a(ctx) * b(ctx)
        return lambda ctx: a(ctx) // b(ctx) if b(ctx) else 0
    if isinstance(node, ir.Half):
        inner, up = value(node.value), node.round_up
        return lambda ctx: (inner(ctx) + 1) // 2 if up else inner(ctx) // 2
    if isinstance(node, ir.CountOf):
        return _count(node.thing)
    if isinstance(node, ir.EventValue):
        field = node.field
        if field == "count":
            return lambda ctx: event_count(ctx.event)
        return lambda ctx: int(getattr(ctx.event, field, 0) or 0)
    raise CompileError(f"not a number: {type(node).__name__}")


def _count(thing: ir.Node) -> Callable[[Ctx], int]:
    if isinstance(thing, (ir.Players, ir.Chosen, ir.Extreme)):
        who = players(thing)
        return lambda ctx: len(who(ctx))
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


# ---------------------------------------------------------------- conditions


def condition(node: ir.Node) -> Callable[[Ctx], bool]:
    return codegen.condition(node) if _FAST.on else condition_closure(node)


def condition_closure(node: ir.Node) -> Callable[[Ctx], bool]:
    """The closure form, for conditions the code generator leaves to it."""
    if isinstance(node, ir.Pred):
        p = PREDICATES.get(node.name)
        if p is None:
            raise CompileError(f"unknown predicate '{node.name}'")
        test = p.test
        args = [arg(a, t) for a, t in zip(node.args, p.args, strict=True)]
        if len(args) == 1:
            only = args[0]
            return lambda ctx: bool(test(ctx, only(ctx)))
        return lambda ctx: bool(test(ctx, *[a(ctx) for a in args]))
    if isinstance(node, ir.Compare):
        a, b = value(node.left), value(node.right)
        compare = _COMPARE[node.op]
        return lambda ctx: compare(a(ctx), b(ctx))
    if isinstance(node, ir.AllOf):
        parts = [condition(n) for n in node.items]
        return lambda ctx: all(p(ctx) for p in parts)
    if isinstance(node, ir.AnyOf):
        parts = [condition(n) for n in node.items]
        return lambda ctx: any(p(ctx) for p in parts)
    if isinstance(node, ir.Not):
        inner = condition(node.item)
        return lambda ctx: not inner(ctx)
    raise CompileError(f"not a condition: {type(node).__name__}")


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def guarded(body: Callable[[Ctx], None]) -> Callable[[Ctx], None]:
    """Run an effect, stopping quietly where a player paid to prevent the rest."""

    def run(ctx: Ctx) -> None:
        try:  # noqa: SIM105 - try/except costs nothing when nothing is raised; suppress() does
            body(ctx)
        except Stop:
            pass

    return run


def feasibility(node: ir.Node) -> Callable[[Ctx], bool] | None:
    """Whether a cost can be paid now: every op in it that declares a check passes it."""
    if isinstance(node, ir.May):
        return feasibility(node.body)
    if isinstance(node, ir.Seq):
        parts = [p for p in (feasibility(n) for n in node.items) if p is not None]
        return (lambda ctx: all(p(ctx) for p in parts)) if parts else None
    if not isinstance(node, ir.Do):
        return None
    op = OPS[node.op]
    if op.feasible is None or op.subject is not T.PLAYERS:
        return None
    if any(asks(a) for a in (node.subject, *node.args)):
        return None  # a player would be asked to choose: a check must not ask anything
    check = op.feasible
    args = [arg(a, s.type) for a, s in zip(node.args, op.slots, strict=True)]
    subjects = players(node.subject) if node.subject is not None else (lambda ctx: [ctx.you])

    def can(ctx: Ctx) -> bool:
        for seat in subjects(ctx):
            inner = ctx.with_subject(seat)
            if not check(inner, seat, *[a(inner) for a in args]):
                return False
        return True

    return can


def asks(node: object) -> bool:
    """Whether working out an argument asks a player to choose (`a player you choose`)."""
    if isinstance(node, ir.Chosen):
        return True
    if isinstance(node, Record):
        return any(asks(getattr(node, f)) for f in getattr(node, "__slots__", ()))
    if isinstance(node, tuple):
        return any(asks(n) for n in node)
    return False


codegen.CLOSURES.update(
    players=players_closure, value=value_closure, condition=condition_closure, arg=arg
)
