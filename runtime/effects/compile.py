"""IR in, closures out: each statement becomes a function of the effect's context (what it works
out on the way comes from expressions.py).

Ops in the IR are bound to their registry entries here, once per card set, so running an effect
is a chain of direct calls with no lookups.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime import ir
from runtime.effects import values as v
from runtime.effects.conditions import condition
from runtime.effects.context import Ctx, Stop, bindings_of, remember
from runtime.effects.expressions import (
    FAST,
    CompileError,
    Fn,
    absent,
    arg,
    at_most,
    chosen_players,
    players,
    the_owner,
    value,
)
from runtime.effects.ship_args import several_owners
from runtime.record import walk
from runtime.registry import NUMBER_RANGES, OPS, T

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
    if isinstance(node, ir.Offer):
        return _offer(node)
    if isinstance(node, ir.Repeat):
        body = statement(node.body)
        times = value(node.times)
        most = NUMBER_RANGES["repeat"][1]

        def repeat(ctx: Ctx) -> None:
            for _ in range(at_most(times(ctx), most)):
                body(ctx)

        return repeat
    if isinstance(node, ir.RepeatUntil):
        body, done = statement(node.body), condition(node.until)
        most = NUMBER_RANGES["repeat"][1]

        def repeat_until(ctx: Ctx) -> None:
            for _ in range(most):
                if done(ctx):
                    return
                body(ctx)

        return repeat_until
    if isinstance(node, ir.Instead):
        body = statement(node.body)

        def instead(ctx: Ctx) -> None:
            if ctx.event is not None and hasattr(ctx.event, "cancelled"):
                ctx.event.cancelled = True
            body(ctx)

        return instead
    if isinstance(node, ir.Lasting):
        body, scope, count, cond = statement(node.body), node.duration, node.count, node.condition
        window, yours = node.window, node.yours
        if cond is not None:
            remember(cond, "condition", condition(cond))

        def lasting(ctx: Ctx) -> None:
            inner = ctx.copy()
            # a "while" period keeps its condition and the effect's bindings, as data
            bindings = bindings_of(inner) if cond is not None else None
            seat = ctx.you if yours else -1
            inner.period = ctx.game.dispatch.period(scope, count, cond, bindings, window, seat)
            body(inner)

        return lasting
    if isinstance(node, ir.Delayed):
        later, window = node.body, node.window
        remember(later, "statement", statement(later))

        def delayed(ctx: Ctx) -> None:
            ctx.game.dispatch.delay(window, ctx, later)

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
    if op.specialise is not None and FAST.on:
        fast = op.specialise(node)
        if fast is not None:
            return fast
    args = [_op_arg(a, s.type, s.eligible) for a, s in zip(node.args, op.slots, strict=True)]
    impl, feasible, may, prevent = op.impl, op.feasible, node.may, node.prevent
    prompt = node.text or op.verb
    # ships of several players ("the other players' ships"): the op acts on each one's in turn
    spreads = any(isinstance(a, ir.Ships) and several_owners(a) for a in (node.subject, *node.args))
    if op.subject is not T.PLAYERS:
        thing = arg(node.subject, op.subject)

        def act_on(ctx: Ctx) -> None:
            impl(ctx, ctx.you, thing(ctx), *[a(ctx) for a in args])

        def act_on_each(ctx: Ctx) -> None:
            for values in each_owner([thing(ctx), *[a(ctx) for a in args]]):
                impl(ctx, ctx.you, *values)

        return act_on_each if spreads else act_on
    if node.subject is None and feasible is None and not may and not prevent and not spreads:
        return _direct(impl, args)
    subjects = players(node.subject) if node.subject is not None else the_owner

    def run(ctx: Ctx) -> None:
        for seat in subjects(ctx):
            c = ctx.with_subject(seat)
            values = [a(c) for a in args]
            calls = each_owner(values) if spreads else [values]
            if feasible is not None:
                calls = [values for values in calls if feasible(c, seat, *values)]
            if not calls:  # nothing the subject can do, or nobody's ships to act on
                continue
            if may and not c.game.yes_no(seat, "effect.may", f"{prompt}?"):
                continue
            for values in calls:
                impl(c, seat, *values)
            if prevent:
                raise Stop()

    return run


def each_owner(values: list[Any]) -> list[list[Any]]:
    """An op's arguments, once for each owner of the ships it acts on when they are several
    players' ("all of the other players' ships": each one's in turn), else as they are."""
    for i, found in enumerate(values):
        if isinstance(found, v.EachOwner):
            return [[*values[:i], ships, *values[i + 1 :]] for ships in found.ships]
    return [values]


def _may(node: ir.May) -> Callable[[Ctx], None]:
    body, can, prompt = statement(node.body), feasibility(node.body), node.text
    subjects = players(node.subject) if node.subject is not None else the_owner

    def offer(ctx: Ctx) -> None:
        for seat in subjects(ctx):
            c = ctx.with_subject(seat)
            if can is not None and not can(c):
                continue
            if c.game.yes_no(seat, "effect.may", f"{prompt}?"):
                body(c)

    return offer


# Slots whose numbers a rules module may nudge (the effect.nudge point): counts of things and
# plain numbers.
NUDGED = frozenset({T.NUMBER, T.AMOUNT, T.CARDS, T.SHIPS})


def _op_arg(node: ir.Node | None, t: T, eligible: Callable[..., bool] | None = None) -> Fn:
    if node is None:
        return absent
    if eligible is not None and isinstance(node, ir.Chosen):
        return chosen_players(node, eligible)  # the chooser is offered only eligible players
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


# A computed amount (of rewards, say) is bounded like a written one.
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
    """The players `who` selects in the order written: from the first player `start` names round
    the table, clockwise or (`reverse`) counterclockwise, that player first either way; without
    `start`, in encounter order, or that order backwards (`reverse`)."""
    first = players(start) if start is not None else None

    def ordered(ctx: Ctx) -> list[int]:
        found = who(ctx)
        named = first(ctx) if first is not None else None
        if not named:
            return found[::-1] if reverse else found
        round_the_table = ctx.game.state.clockwise_from(named[0])
        if reverse:
            round_the_table = round_the_table[:1] + round_the_table[:0:-1]
        rank = {s: i for i, s in enumerate(round_the_table)}
        return sorted(found, key=rank.__getitem__)

    return ordered


def _offer(node: ir.Offer) -> Callable[[Ctx], None]:
    """Each player in turn may accept; the first who does acts as `they`, the rest are not asked."""
    who = _ordered(players(node.who), node.start, node.reverse)
    body = statement(node.body)
    otherwise = statement(node.otherwise) if node.otherwise is not None else None
    prompt = f"accept: {node.text}?" if node.text else "accept the offer?"

    def offer(ctx: Ctx) -> None:
        for seat in who(ctx):
            if ctx.game.yes_no(seat, "effect.accept", prompt):
                ctx.game.log("effect", seat, "accepts the offer")
                body(ctx.with_they(seat))
                return
        if otherwise is not None:
            otherwise(ctx)

    return offer


def _choose(node: ir.Choose) -> Callable[[Ctx], None]:
    options = [statement(o) for o in node.options]
    labels = node.labels
    chooser = players(node.chooser) if node.chooser is not None else the_owner
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
            ctx.names["option"] = labels[index]  # the word called: `the chosen option is "left"`
            options[index](ctx.with_subject(seat))

    return choose


def guarded(body: Callable[[Ctx], None]) -> Callable[[Ctx], None]:
    """Run an effect, stopping quietly where a player paid to prevent the rest."""

    def run(ctx: Ctx) -> None:
        try:  # noqa: SIM105 - try/except costs nothing when nothing is raised; suppress() does
            body(ctx)
        except Stop:
            pass

    return run


def prevents(node: object) -> bool:
    """Whether an effect may stop itself where a player pays to prevent the rest (only such an
    effect needs running guarded)."""
    return any(isinstance(n, ir.Do) and n.prevent for n in walk(node))


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
            calls = each_owner([a(inner) for a in args])
            if not any(check(inner, seat, *values) for values in calls):
                return False
        return True

    return can


def asks(node: object) -> bool:
    """Whether working out an argument asks a player to choose (`a player you choose`)."""
    return any(isinstance(n, ir.Chosen) for n in walk(node))
