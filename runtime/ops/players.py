"""Ops on what players own outside the encounter: rewards, markers, powers, the game's end (an
amount the core does not keep, gained or spent, goes to the rules modules: `amount.gain`,
`amount.spend`)."""

from __future__ import annotations

from runtime import extension
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.registry import MARKERS, T, Written, marker_name, measure_def, obj, op, word
from runtime.rules.outcome import collect_rewards


@op(
    "gain",
    "gain",
    obj(T.AMOUNT),
    doc="Gain rewards (each a card from the deck or a ship from the warp), markers, or an amount"
    " a rules module keeps (money from the box).",
)
def gain(ctx: Ctx, seat: int, amount: v.AmountArg) -> None:
    if amount.what == "rewards":
        collect_rewards(ctx.game, seat, amount.count)
    elif marker_kind(amount.what) is not None:
        change_markers(ctx, seat, amount.what, amount.count)
    else:
        to_module(ctx, "amount.gain", "gain", seat, amount)


@op(
    "win game",
    "win",
    word("the game"),
    doc="The player wins the game at once (with anyone else winning at the same moment).",
)
def win_game(ctx: Ctx, seat: int, _: str) -> None:
    ctx.game.end([seat])


@op(
    "spend",
    "spend",
    obj(T.AMOUNT, refuses=("rewards",)),
    doc="Remove markers from the player's alien sheet (as many as it has, up to the amount), or"
    " spend an amount a rules module keeps (money paid to the box).",
    example=Written("turn.start", "you may spend 3 markers and draw 2 cards"),
)
def spend(ctx: Ctx, seat: int, amount: v.AmountArg) -> None:
    if marker_kind(amount.what) is not None:
        change_markers(ctx, seat, amount.what, -amount.count)
    else:
        to_module(ctx, "amount.spend", "spend", seat, amount)


def to_module(ctx: Ctx, point: str, verb: str, seat: int, amount: v.AmountArg) -> None:
    """Hand an amount the core does not keep to the rules module that keeps it. The compiler
    refuses a card whose pack names no module owning the amount's word (E408): no module taking
    it means a card played outside its packs, or its module switched off by an option."""
    if not extension.first(ctx.game, point, seat, amount.what, amount.count):
        on = [m.name for m in ctx.game.modules if m.on(ctx.game)]
        raise extension.ExtensionError(
            f"'{ctx.hook.card}' would {verb} {amount.count} {amount.what}, but no rules module "
            f"of this game takes '{amount.what}' at {point} (modules on: {', '.join(on) or 'none'})"
        )


def marker_kind(what: str) -> str | None:
    """The kind of marker an amount is ("" for plain markers), or None for any other amount."""
    if what == MARKERS:
        return ""
    return marker_name(what)


def change_markers(ctx: Ctx, seat: int, what: str, by: int) -> None:
    """Add markers of one kind to a player's sheet, or remove them (never below none)."""
    m = measure_def(what)
    assert m is not None and m.write is not None
    before = m.read(ctx, seat)
    after = max(0, before + by)
    m.write(ctx, seat, after)
    kind = marker_kind(what)
    label = f'"{kind}" marker(s)' if kind else "marker(s)"
    if after > before:
        ctx.game.log("effect", seat, f"gains {after - before} {label} ({after} in all)")
    elif after < before:
        ctx.game.log("effect", seat, f"loses {before - after} {label} ({after} left)")


@op(
    "suspend power",
    "suspend",
    obj(T.POWER),
    doc="A player's power stops working for the rest of the encounter (without a zap).",
)
def suspend_power(ctx: Ctx, seat: int, owners: list[int]) -> None:
    enc = ctx.game.state.encounter
    if enc is None:
        return
    for owner in owners:
        enc.zapped.add(owner)
        ctx.game.log("zap", owner)


@op(
    "lose power",
    "lose",
    obj(T.POWER),
    doc="A player loses its alien power for the rest of the game.",
    example=Written("resolution.after_outcome", "the loser loses the loser's power"),
)
def lose_power(ctx: Ctx, seat: int, owners: list[int]) -> None:
    for owner in owners:
        ctx.game.state.players[owner].power_lost = True
        extension.run(ctx.game, "power.lost", owner)
        ctx.game.log("effect", owner, "loses the alien power for good")


@op(
    "keep one power",
    "keep",
    word("1 power"),
    doc="A player holding several powers keeps one of them; the others stop for the encounter.",
)
def keep_one_power(ctx: Ctx, seat: int, _: str) -> None:
    game = ctx.game
    enc = game.state.encounter
    player = game.state.players[seat]
    held = [a for a in (player.alien, *player.gained, *player.borrowed) if a is not None]
    if enc is None or len(held) < 2:
        return
    kept = game.choose(
        seat, "power.keep", "keep which power?", held, lambda a: game.cards.cards[a].name
    )
    for alien in held:
        if alien != kept:
            enc.powers_off.add((seat, alien))
    game.log("effect", seat, f"keeps only the {game.cards.cards[kept].name} power")


@op(
    "regain power",
    "regain",
    obj(T.POWER),
    doc="A player whose power was lost has it again.",
    example=Written("turn.start", "you may discard 3 cards and regain your power"),
)
def regain_power(ctx: Ctx, seat: int, owners: list[int]) -> None:
    for owner in owners:
        ctx.game.state.players[owner].power_lost = False
        ctx.game.log("power_on", owner)


@op(
    "sit out",
    "sit out",
    doc="The player takes no part in the game for the effect's duration (the next turn unless it"
    " says otherwise): no turn, no alliances, no defending, no power.",
)
def sit_out(ctx: Ctx, seat: int) -> None:
    game = ctx.game
    period = ctx.period if ctx.period is not None else game.dispatch.period("turns", 1)
    game.dispatch.forbid("take part", frozenset({seat}), period, ctx.hook.card)
    game.log("effect", seat, "is put in a timeout")
