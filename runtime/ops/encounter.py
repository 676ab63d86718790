"""Ops on the encounter's course: who wins, ending it or the turn, another encounter, selection
rules, and invitations (the ops that turn its course aside are in interventions.py)."""

from __future__ import annotations

from typing import Any

from runtime import ir
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import side_of
from runtime.ops.card_moves import cards_matching, name_a_card
from runtime.registry import T, flag, obj, op, word
from runtime.rules import ships as moves
from runtime.rules.ships import GATE, GUARD
from runtime.state import DEFENSE, OFFENSE
from runtime.table_events import EncounterEnded


@op(
    "win encounter",
    "win",
    word("the encounter"),
    doc="The player's side wins the encounter, whatever the totals.",
)
def win_encounter(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    side = side_of(ctx, seat)
    if enc is not None and side is not None:
        enc.forced = "offense" if side == OFFENSE else "defense"
        _settle(enc)


@op(
    "lose encounter",
    "lose",
    word("the encounter"),
    doc="The player's side loses the encounter; if both sides lose, every ship in it goes to the warp.",
)
def lose_encounter(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    side = side_of(ctx, seat)
    if enc is None or side is None:
        return
    winner = "defense" if side == OFFENSE else "offense"
    # a side already forced to win (or both already losing) and now losing: both sides lose
    enc.forced = winner if enc.forced in (None, winner) else "both lose"
    _settle(enc)


def _settle(enc: Any) -> None:
    """At reveal.outcome the result is already decided: a forced result replaces it."""
    if enc.forced is not None and enc.outcome in ("offense", "defense", "deal", "both lose"):
        enc.outcome = enc.forced


@op(
    "reverse outcome",
    "reverse",
    word("the outcome"),
    doc="The side that would have won loses and the side that would have lost wins.",
)
def reverse_outcome(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    if enc is not None:
        enc.reversed = not enc.reversed


@op(
    "end encounter",
    "end",
    word("the encounter"),
    flag("successfully"),
    doc="The encounter ends at once; ships in it go home and chosen cards go back to hand.",
)
def end_encounter(ctx: Ctx, seat: int, _: str, success: bool | None) -> None:
    raise EncounterEnded(bool(success))


@op("end turn", "end", word("the turn"), doc="The offense's turn ends after this encounter.")
def end_turn(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    if enc is not None:
        enc.marks["turn over"] = True


@op(
    "another encounter",
    "have another encounter",
    doc="The offense has another encounter this turn, whatever the usual limits.",
)
def another_encounter(ctx: Ctx, seat: int) -> None:
    enc = ctx.game.state.encounter
    if enc is not None:
        enc.marks["another"] = True


@op(
    "encounter against",
    "have an encounter against",
    obj(T.PLAYERS, "defense"),
    doc="Once this encounter is over, the player has an encounter of its own out of turn against "
    "that player: it launches at a planet of that player's home system (no regroup, no destiny "
    "draw); then the turn goes on where it stopped.",
)
def encounter_against(ctx: Ctx, seat: int, defenses: list[int]) -> None:
    enc = ctx.game.state.encounter
    for defense in defenses[:1]:
        if enc is not None and defense != seat:
            enc.marks.setdefault("out of turn", []).append([seat, defense])


@op(
    "select first",
    "select",
    obj(T.CARD),
    flag("first"),
    doc="The player selects the encounter card first and face up, before the other main player chooses.",
)
def select_first(ctx: Ctx, seat: int, card: v.CardTarget, first: bool | None) -> None:
    enc = ctx.game.state.encounter
    side = side_of(ctx, seat)
    if enc is not None and side is not None:
        enc.first_selector = side


@op(
    "must play",
    "play",
    obj(T.CARDS),
    flag("if able"),
    doc="The player must select a card of this kind (or one of the same name as particular cards)"
    " as the encounter card, if it holds one.",
)
def must_play(ctx: Ctx, seat: int, cards: v.CardsArg, if_able: bool | None) -> None:
    enc = ctx.game.state.encounter
    side = side_of(ctx, seat)
    if enc is None or side is None:
        return
    if cards.filter.named == "*":
        # the effect's owner names the card the player must play
        cards = name_a_card(ctx, cards, ctx.you)
    found = cards_matching(ctx, cards) if cards.zone == "those" else cards.instances
    if found:  # particular cards ("those cards"): one of the same name
        named = ctx.game.state.catalog[found[0]]
        enc.required[side] = ir.CardFilter(named=named)
        return
    enc.required[side] = cards.filter


@op(
    "ignore",
    "ignore",
    obj(T.CARD),
    doc="A kicker (or other card in play) has no effect this encounter.",
)
def ignore(ctx: Ctx, seat: int, card: v.CardTarget) -> None:
    enc = ctx.game.state.encounter
    if enc is None or card.side is None:
        return
    if card.instance is not None and card.instance == enc.kickers[card.side]:
        enc.marks[f"kicker {card.side} off"] = True
        ctx.game.log("cancel", f"{ctx.game.card_label(card.instance)}")


@op(
    "invite",
    "invite",
    obj(T.PLAYERS, "guests"),
    doc="Invite players to ally with the inviting main player's side.",
)
def invite(ctx: Ctx, seat: int, guests: list[int]) -> None:
    enc = ctx.game.state.encounter
    side = side_of(ctx, seat)
    if enc is None or side is None:
        return
    for guest in guests:
        if guest not in (enc.offense, enc.defense):
            enc.invited[side][guest] = True


@op(
    "leave encounter",
    "leave",
    word("the encounter"),
    doc="An ally leaves the encounter; its ships there go back to its colonies.",
)
def leave_encounter(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    if enc is None:
        return
    for side, pile, source in ((OFFENSE, enc.gate, GATE), (DEFENSE, enc.guard, GUARD)):
        if seat in enc.allies[side]:
            enc.allies[side].remove(seat)
            moves.return_home(ctx.game, seat, pile[seat], source)
