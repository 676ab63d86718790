"""Kickers: main players may play one face down before selecting; revealed with the encounter cards,
a kicker multiplies (or, in the additive variant, adds to) the attack value, compensation and the
failed-deal losses it applies to. The rules module `kickers`, named by every pack that deals
kicker cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.extension import RulesModule, register
from runtime.state import DEFENSE, OFFENSE, Encounter

if TYPE_CHECKING:
    from runtime.table import Table


def style(game: Table) -> str:
    """'multiply' (the default) or 'add', from the `kicker_style` option."""
    return str(game.option("kicker_style") or "multiply")


def value(game: Table, enc: Encounter, side: int) -> int | None:
    """The multiplier a side's kicker applies, or None without a working kicker."""
    card = enc.kickers[side]
    if card is None or enc.marks.get(f"kicker {side} off"):
        return None
    return game.defs[card].value


def play_step(game: Table, enc: Encounter) -> None:
    """Each main player may play one kicker; after one is played the other gets another chance."""
    st = game.state
    if not any(
        game.defs[c].kind == "kicker"
        for p in (enc.offense, enc.defense)
        for c in st.players[p].hand
    ):
        return
    passed = [False, False]
    for _ in range(4):
        progress = False
        for side in (OFFENSE, DEFENSE):
            if enc.kickers[side] is not None or passed[side]:
                continue
            seat = enc.offense if side == OFFENSE else enc.defense
            options = [c for c in st.players[seat].hand if game.defs[c].kind == "kicker"]
            if not options:
                passed[side] = True
                continue
            choice = game.choose(
                seat,
                "kicker.play",
                "play a kicker face down?",
                [None, *options],
                labeler=lambda c: "no kicker" if c is None else game.card_label(c),
                passive=0,
            )
            if choice is None:
                passed[side] = True
                continue
            if game.holder[choice] != seat:
                continue  # gone from the hand while the choice was in the air
            game.from_hand(seat, choice)
            st.in_play.append(choice)
            enc.kickers[side] = choice
            game.log("play", seat, "a kicker (face down)")
            passed[1 - side] = False  # the other main player may now answer with a kicker
            progress = True
        if not progress:
            break


def on_reveal(game: Table, enc: Encounter, side: int) -> None:
    k = value(game, enc, side)
    if k is None or enc.types[side] != "attack":
        return
    base = enc.values[side] or 0
    enc.values[side] = base + k if style(game) == "add" else base * k
    if style(game) != "add":  # the kicker scales every attack card the side revealed
        enc.extra_values[side] = [worth * k for worth in enc.extra_values[side]]
    game.log(
        "becomes",
        enc.offense if side == OFFENSE else enc.defense,
        f"attack {enc.values[side]} (kicker)",
    )


def reveal_kickers(game: Table, enc: Encounter) -> None:
    for side in (OFFENSE, DEFENSE):
        on_reveal(game, enc, side)


def scales_payouts(game: Table, enc: Encounter, side: int) -> int | None:
    card = enc.kickers[side]
    if card is None or style(game) == "add" or game.defs[card].attrs.get("attack_only"):
        return None
    return value(game, enc, side)


def compensation(game: Table, enc: Encounter, side: int, count: int) -> int:
    k = scales_payouts(game, enc, side)
    return count if k is None else count * k


def failed_deal_loss(game: Table, enc: Encounter, side: int, base: int) -> int:
    """What `side` loses when the deal fails: the OTHER side's kicker multiplies it."""
    k = scales_payouts(game, enc, 1 - side)
    return base if k is None else base * k


MODULE = register(
    RulesModule(
        name="kickers",
        doc="kicker cards: played face down before selection, they scale the attack value, "
        "compensation and the ships lost when a deal fails",
        steps={
            "planning.kickers": play_step,
            "reveal.kickers": reveal_kickers,
            "compensation": compensation,
            "deal.failed_loss": failed_deal_loss,
        },
        decision_kinds=("kicker.play",),
        played_kinds=("kicker",),
        state_fields=("Encounter.kickers",),
    )
)
