"""The rules module `lucre` (the Eon economy): purses dealt at setup, a coin at the start of each
turn, ships bought back from the warp and cards bought from the deck, the purse added to a main
player's total, lucre a card gains or spends through the core's ops `gain` and `spend`, and lucre
never made from nothing. Registered through runtime/extension.py; the purses it fills are
purses.py. Its words: the measure `lucre`, the ops `pay` and `buy`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.extension import DealTerm, RulesModule, register
from runtime.invariants import InvariantBroken
from runtime.modules.lucre import purses
from runtime.modules.lucre.purses import (
    BOUGHT,
    LUCRE_PAID,
    LUCRE_PURCHASE,
    PURSE,
    THE_BOX,
    buy_cards,
    gain,
    held_total,
    pay,
    purchase,
    purse_of,
)
from runtime.registry import T, Written, measure, noun, obj, op
from runtime.rules import ships
from runtime.rules.outcome import main_of

if TYPE_CHECKING:
    from runtime.state import Encounter
    from runtime.table import Table

CARDS_PER_ENCOUNTER = 4  # cards a main player may buy in one encounter


def start_purses(game: Table) -> None:
    for player in game.state.players:
        gain(game, player.seat, game.option("starting_lucre") or 0)


def earn_coin(game: Table, offense: int) -> None:
    gain(game, offense, 1)


def buy_back_ships(game: Table, enc: Encounter) -> None:
    """At the start of each of its encounters the offense may buy ships back from the warp."""
    seat = enc.offense
    player = game.state.players[seat]
    most = min(purse_of(game, seat).lucre, player.warp)
    if most <= 0 or game.dispatch.forbidden("buy", seat):
        return
    count = how_many(game, seat, "lucre.buy_ships", "ships back from the warp", most)
    if count:
        game.log("buy", seat, count, "ship(s) back from the warp")
        purchase(game, seat, count)
        ships.retrieve(game, seat, count)


def offer_cards(game: Table, enc: Encounter) -> None:
    """Each main player may buy cards from the deck, 1 lucre each, up to four an encounter."""
    for seat in (enc.offense, enc.defense):
        if seat < 0 or (seat == enc.defense and enc.marks.get("raid")):
            continue  # a raid's victim may not buy its way out of it
        most = min(purse_of(game, seat).lucre, CARDS_PER_ENCOUNTER - BOUGHT.of(enc).bought[seat])
        if most <= 0 or game.dispatch.forbidden("buy", seat):
            continue
        buy_cards(game, seat, how_many(game, seat, "lucre.buy_cards", "cards from the deck", most))


def how_many(game: Table, seat: int, kind: str, what: str, most: int) -> int:
    prompt = f"buy how many {what}, 1 lucre each?"
    return int(game.choose(seat, kind, prompt, list(range(most + 1)), passive=0))


def gain_lucre(game: Table, seat: int, what: str, count: int) -> bool:
    """A card gains lucre (from the box) with the core's op `gain`."""
    if what != "lucre":
        return False
    gain(game, seat, count)
    return True


def spend_lucre(game: Table, seat: int, what: str, count: int) -> bool:
    """A card spends lucre (to the box, as much as the purse holds) with the core's op `spend`."""
    if what != "lucre":
        return False
    pay(game, seat, count)
    return True


def add_purse(game: Table, enc: Encounter, side: int, total: int) -> int:
    """A main player's purse counts toward its side's total."""
    return total + purse_of(game, main_of(enc, side)).lucre


def check_purses(game: Table) -> None:
    """No purse is negative, and the purses (with fees held) hold what came out of the box."""
    st = game.state
    for p in st.players:
        if PURSE.of(p).lucre < 0:
            lucre = PURSE.of(p).lucre
            raise InvariantBroken(f"{game.player_name(p.seat)} has negative lucre ({lucre})")
    purses = sum(PURSE.of(p).lucre for p in st.players) + held_total(game)
    lucre_out = THE_BOX.of(st).lucre_out
    if purses != lucre_out:
        raise InvariantBroken(
            f"the players hold {purses} lucre (held fees included) but {lucre_out} came out"
            " of the box"
        )


# ---------------------------------------------------------------- the module's words


noun("lucre", "measure", "lucre", "a player's money (Expansion Set 6)", "lucre")


@measure(
    "lucre",
    "the lucre a player holds",
    example=Written("turn.start", "if your lucre is at least 5, draw 1 card"),
)
def _lucre(ctx: Ctx, seat: int) -> int:
    return purse_of(ctx.game, seat).lucre


def _can_pay(ctx: Ctx, seat: int, payee: list[int] | None, amount: v.AmountArg) -> bool:
    return purse_of(ctx.game, seat).lucre >= amount.count


@op(
    "pay",
    "pay",
    obj(T.PLAYERS, "payee", optional=True),
    obj(T.AMOUNT),
    doc="Pay lucre to a player (or to the box when nobody is named).",
    feasible=_can_pay,
)
def pay_lucre(ctx: Ctx, seat: int, payees: list[int] | None, amount: v.AmountArg) -> None:
    if not payees:
        purses.pay(ctx.game, seat, amount.count)
        return
    for payee in payees:
        if payee != seat:
            purses.pay(ctx.game, seat, amount.count, payee)


@op(
    "buy",
    "buy",
    obj(T.CARDS),
    doc="Buy cards from the cosmic deck, 1 lucre each (paid to the box unless a card redirects it).",
    example=Written("regroup.end", "you may buy 2 cards"),
)
def buy_from_deck(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    buy_cards(ctx.game, seat, cards.count if cards.count is not None else 1)


def purse(game: Table, seat: int) -> int:
    return purse_of(game, seat).lucre


def show_purse(game: Table, viewer: int, seat: int) -> dict[str, int]:
    """A purse is public."""
    return {"lucre": purse_of(game, seat).lucre}


def pay_in_deal(game: Table, giver: int, taker: int, amount: int) -> None:
    pay(game, giver, amount, taker)


# a deal may hand lucre over, each way, up to the giver's purse
LUCRE_TERM = DealTerm(
    name="lucre",
    question="how much lucre does {giver} pay?",
    phrase="pays {count} lucre",
    most=purse,
    give=pay_in_deal,
)


MODULE = register(
    RulesModule(
        name="lucre",
        log_events={
            "lucre": (("player", "amount"), "{player}'s lucre changes by {amount}"),
            "buy": (("player", "count", "what"), "{player} buys {count} {what} with lucre"),
        },
        doc="money: purses at setup, a coin each turn, ships and cards bought with it, and the "
        "purse added to a main player's total",
        steps={
            "game.start": start_purses,
            "turn.start": earn_coin,
            "regroup.retrieve": buy_back_ships,
            "planning.start": offer_cards,
            "reveal.cards_shown": offer_cards,
            "total": add_purse,
            "amount.gain": gain_lucre,
            "amount.spend": spend_lucre,
            "invariants": check_purses,
            "view.shows": show_purse,
        },
        option="lucre",
        windows=(LUCRE_PAID, LUCRE_PURCHASE),
        decision_kinds=("lucre.buy_ships", "lucre.buy_cards"),
        words=("lucre", "pay", "buy"),
        deal_terms=(LUCRE_TERM,),
        slots=(PURSE, THE_BOX, BOUGHT),
    )
)
