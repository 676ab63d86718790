"""The card effects bench/hooks.py times: each compiled from its card text (or taken from the
bundled card whose hook it is) beside a hand-written Python twin, and the state they change
snapshotted and reset between runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime.rules.outcome import ships_in_encounter

if TYPE_CHECKING:
    from runtime.cards import CardSet, Hook
    from runtime.effects.context import Ctx
    from runtime.game import Game

REINFORCEMENT_CARD = "reinforcement-3"
REINFORCEMENT_TEXT = "add 3 to either side's total"
REINFORCEMENT_WINDOW = "reveal.reinforcements"
VIRUS_CARD = "virus"
VIRUS_TEXT = (
    "calculate your total as your card value * your ships in the encounter"
    " + your allies' ships in the encounter"
)
VIRUS_WINDOW = "reveal.totals"
VIRUS_CONDITION = "your card is an attack"


# ---------------------------------------------------------------- hand-written equivalents

SIDE_NAMES = ("the offense", "the defense")


def _side_name(side: int) -> str:
    return SIDE_NAMES[side]


def reinforcement_by_hand(ctx: Ctx) -> None:
    """`add 3 to either side's total`: the owner picks a side through the same decision API."""
    game = ctx.game
    enc = game.state.encounter
    if enc is None:
        return
    side = game.choose(ctx.you, "effect.side", "choose a side", (0, 1), _side_name)
    enc.bonus[side] += 3
    total = enc.totals[side]
    if total is not None:
        enc.totals[side] = total + 3


def virus_by_hand(ctx: Ctx) -> None:
    """`calculate your total as your card value * your ships in the encounter + your allies'
    ships in the encounter`: the side's formula, worked out when totals are compared."""
    enc = ctx.game.state.encounter
    if enc is None:
        return
    you = ctx.you
    if you == enc.offense or you in enc.allies[0]:
        mine = 0
    elif you == enc.defense or you in enc.allies[1]:
        mine = 1
    else:
        return

    def formula(game: Any, enc: Any, side: int) -> int:
        own = (enc.values[mine] or 0) * ships_in_encounter(game, enc, you)
        allies = sum(ships_in_encounter(game, enc, s) for s in enc.allies[mine] if s != you)
        return own + allies

    enc.formula[mine] = formula


@dataclass(slots=True)
class VirusTotal:
    """The Virus's formula kept as the engine keeps every formula: plain data in the state (whose
    it is and for which side), so the state stays copyable and its digest whole; worked out by
    `virus_total`."""

    you: int
    side: int


def virus_as_data_by_hand(ctx: Ctx) -> None:
    """`virus_by_hand` keeping its formula as data rather than as a closure."""
    enc = ctx.game.state.encounter
    if enc is None:
        return
    you = ctx.you
    if you == enc.offense or you in enc.allies[0]:
        enc.formula[0] = VirusTotal(you, 0)
    elif you == enc.defense or you in enc.allies[1]:
        enc.formula[1] = VirusTotal(you, 1)


def virus_total(game: Game, enc: Any, formula: VirusTotal) -> int:
    you, side = formula.you, formula.side
    own = (enc.values[side] or 0) * ships_in_encounter(game, enc, you)
    return own + sum(ships_in_encounter(game, enc, s) for s in enc.allies[side] if s != you)


def virus_condition_by_hand(ctx: Ctx) -> bool:
    """`your card is an attack`."""
    enc = ctx.game.state.encounter
    if enc is None:
        return False
    side = 0 if ctx.you == enc.offense else 1 if ctx.you == enc.defense else None
    return side is not None and enc.types[side] == "attack"


# ---------------------------------------------------------------- the effects


@dataclass
class Effect:
    label: str
    origin: str
    hook: Hook
    compiled: Callable[[Ctx], Any]  # c.statement(ir) / c.condition(ir)
    guarded: Callable[[Ctx], Any] | None  # as Rules binds it (Stop caught), for statements
    by_hand: Callable[[Ctx], Any]
    # Also timed after each call of the compiled versions and of the hand-written one: each works
    # out the formula it left, in its own way (the engine's dispatcher, or the closure itself).
    after: Callable[[Ctx], Any] | None = None
    after_by_hand: Callable[[Ctx], Any] | None = None
    # A twin that keeps what it leaves in the state as plain data, as the engine must (the
    # target's baseline when given): a closure in the state could not be copied or digested.
    by_hand_as_data: Callable[[Ctx], Any] | None = None
    after_as_data: Callable[[Ctx], Any] | None = None


def compile_text(text: str, window: str, kind: str = "effect") -> Any:
    from compiler.pipeline.parser import parser
    from compiler.pipeline.resolve import Resolver

    resolver = Resolver(window, text)
    node: Any
    if kind == "effect":
        node = resolver.effect(parser().effect(text))
    else:
        node = resolver.condition(parser().condition(text))
    if resolver.errors:
        raise SystemExit(f"cannot compile {text!r}: {resolver.errors[0].message}")
    return node


def find_hook(cards: CardSet, card_id: str, window: str, node: Any) -> tuple[Hook | None, str]:
    """The bundled card's hook, if it compiles to exactly the IR of the inline text."""
    card = cards.cards.get(card_id)
    if card is None:
        return None, f"inline text (no card '{card_id}' in the bundled cards)"
    for hook in card.hooks:
        if hook.window == window and hook.effect == node:
            return hook, f"cards/{card.pack}/{card.kind}/{card_id}.yaml"
    return None, f"inline text (card '{card_id}' has no hook matching it)"


def effects(cards: CardSet) -> list[Effect]:
    from runtime.cards import Hook
    from runtime.effects import compile as c

    out: list[Effect] = []
    node = compile_text(REINFORCEMENT_TEXT, REINFORCEMENT_WINDOW)
    hook, origin = find_hook(cards, REINFORCEMENT_CARD, REINFORCEMENT_WINDOW, node)
    hook = hook or Hook(
        REINFORCEMENT_CARD, "play", "play", REINFORCEMENT_WINDOW, node, ("main player", "ally")
    )
    out.append(
        Effect(
            f"{REINFORCEMENT_CARD}: {REINFORCEMENT_TEXT}",
            origin,
            hook,
            c.statement(hook.effect),
            c.guarded(c.statement(hook.effect)),
            reinforcement_by_hand,
        )
    )
    node = compile_text(VIRUS_TEXT, VIRUS_WINDOW)
    hook, origin = find_hook(cards, VIRUS_CARD, VIRUS_WINDOW, node)
    cond = compile_text(VIRUS_CONDITION, VIRUS_WINDOW, "condition")
    hook = hook or Hook(
        VIRUS_CARD, "Multiply", "power", VIRUS_WINDOW, node, ("main player",), condition=cond
    )

    out.append(
        Effect(
            f"{VIRUS_CARD}: calculate your total as ... (+ formula evaluated once)",
            origin,
            hook,
            c.statement(hook.effect),
            c.guarded(c.statement(hook.effect)),
            virus_by_hand,
            work_out_compiled,
            work_out_closure,
            virus_as_data_by_hand,
            work_out_as_data,
        )
    )
    if hook.condition is not None and hook.condition == cond:
        out.append(
            Effect(
                f"{VIRUS_CARD} condition: {VIRUS_CONDITION}",
                origin,
                hook,
                c.condition(hook.condition),
                None,
                virus_condition_by_hand,
            )
        )
    return out


# The offense's formula (each call runs as the offense), worked out as each version's own code
# would: the compiled hook's by the engine's dispatcher, the twins' by their closure or function.


def work_out_compiled(ctx: Ctx) -> int:
    enc = ctx.game.state.encounter
    assert enc is not None
    return ctx.game.dispatch.work_out(enc.formula[0])


def work_out_closure(ctx: Ctx) -> int:
    enc = ctx.game.state.encounter
    assert enc is not None
    return int(enc.formula[0](ctx.game, enc, 0))


def work_out_as_data(ctx: Ctx) -> int:
    enc = ctx.game.state.encounter
    assert enc is not None
    return virus_total(ctx.game, enc, enc.formula[0])


def formula_value(game: Game, enc: Any, side: int) -> int:
    """A side's formula worked out: the compiled hook's is data the dispatcher works out, the
    hand-written twins' a plain function or a record of their own."""
    formula = enc.formula[side]
    if isinstance(formula, VirusTotal):
        return virus_total(game, enc, formula)
    if callable(formula):
        return int(formula(game, enc, side))
    return int(game.dispatch.work_out(formula))


def snapshot(game: Game) -> tuple[Any, ...]:
    enc = game.state.encounter
    assert enc is not None
    formula = formula_value(game, enc, 0) if enc.formula[0] is not None else None
    return (list(enc.bonus), list(enc.totals), formula, len(game.answers))


def reset(game: Game) -> None:
    enc = game.state.encounter
    assert enc is not None
    enc.bonus[0] = enc.bonus[1] = 0
    enc.formula[0] = enc.formula[1] = None
    game.answers.clear()
