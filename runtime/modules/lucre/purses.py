"""Purses: lucre moving between players and the box (payments, fees held by an encounter, gains
and purchases, which a card may redirect), for the lucre module's rules and words and for the
modules that trade in lucre (leases, raids, insurance, hired help). The records the lucre module
keeps in the state (a purse per player, the box, the cards bought in an encounter) are its slots,
declared here; the rules of the lucre economy itself are module.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.extension import Slot
from runtime.windows import Window, WindowKind

if TYPE_CHECKING:
    from runtime.state import Player
    from runtime.table import Table

BOX = -1
HELD = "held lucre"  # Encounter.marks key: {seat: lucre taken from its purse and held for now}


@dataclass(slots=True)
class Purse:
    """A player's lucre."""

    lucre: int = 0


@dataclass(slots=True)
class Box:
    """The lucre of the whole game."""

    lucre_out: int = 0  # lucre taken from the box, less lucre paid back to it


@dataclass(slots=True)
class Bought:
    """The cards each seat bought with lucre in one encounter."""

    bought: list[int]


# The windows lucre opens (the module declares them in its `windows`): a payment about to be made
# to another player or the box, and a payment to the box for what a player buys. A card may
# redirect or cancel either.
LUCRE_PAID = Window("lucre.paid", WindowKind.EVENT, "lucre is about to be paid (replaceable)")
LUCRE_PURCHASE = Window(
    "lucre.purchase",
    WindowKind.EVENT,
    "a player is about to pay the box for ships or cards it buys (replaceable)",
)

PURSE: Slot[Purse] = Slot("lucre", "player", lambda players: Purse())
THE_BOX: Slot[Box] = Slot("lucre", "game", lambda players: Box())
BOUGHT: Slot[Bought] = Slot("lucre", "encounter", lambda players: Bought([0] * players))


def purse_of(game: Table, seat: int) -> Purse:
    return PURSE.of(game.state.players[seat])


def purse(player: Player) -> Purse:
    return PURSE.of(player)


@dataclass(slots=True)
class Payment:
    """The event of lucre.paid and lucre.purchase: `seat` pays `count` lucre to `payee`."""

    seat: int
    count: int
    payee: int  # a seat, or BOX
    cancelled: bool = False


def pay(game: Table, payer: int, amount: int, payee: int = BOX) -> int:
    """Move lucre from a player to another player or the box; returns what was paid."""
    player = purse_of(game, payer)
    amount = min(amount, player.lucre)
    if amount <= 0:
        return 0
    event = Payment(payer, amount, payee)
    game.dispatch.event(LUCRE_PAID, event)
    if event.cancelled:
        return 0
    player.lucre -= event.count
    game.log("lucre", payer, -event.count)
    if event.payee == BOX:
        THE_BOX.of(game.state).lucre_out -= event.count
    else:
        purse_of(game, event.payee).lucre += event.count
        game.log("lucre", event.payee, event.count)
    return event.count


def hold(game: Table, seat: int, amount: int) -> bool:
    """Take lucre out of a player's purse and hold it until the encounter settles it (a fee owed
    now and paid, or handed back, later). False when the purse is too small or there is no
    encounter."""
    enc = game.state.encounter
    player = purse_of(game, seat)
    if enc is None or amount <= 0 or player.lucre < amount:
        return False
    held = enc.marks.setdefault(HELD, {})
    held[seat] = held.get(seat, 0) + amount
    player.lucre -= amount
    game.log("lucre", seat, -amount)
    return True


def release(game: Table, seat: int, amount: int, payee: int) -> None:
    """Settle lucre held from `seat`: to `payee` (another player, or `seat` itself to hand it
    back)."""
    enc = game.state.encounter
    held = enc.marks.get(HELD, {}) if enc is not None else {}
    amount = min(amount, held.get(seat, 0))
    if amount <= 0:
        return
    held[seat] -= amount
    purse_of(game, payee).lucre += amount
    game.log("lucre", payee, amount)


def held_total(game: Table) -> int:
    """Lucre held, out of every purse, by the encounter in play and the ones it suspended."""
    st = game.state
    encounters = [e for e in (st.encounter, *st.suspended) if e is not None]
    return sum(sum(e.marks.get(HELD, {}).values()) for e in encounters)


def gain(game: Table, seat: int, amount: int) -> None:
    if amount > 0:
        purse_of(game, seat).lucre += amount
        THE_BOX.of(game.state).lucre_out += amount
        game.log("lucre", seat, amount)


def purchase(game: Table, seat: int, price: int) -> bool:
    """Pay for something bought (ships, cards): to the box, unless a card replaces the payment
    (a power takes it). False when the buyer cannot afford it."""
    if price <= 0 or purse_of(game, seat).lucre < price:
        return False
    event = Payment(seat, price, BOX)
    game.dispatch.event(LUCRE_PURCHASE, event)
    if not event.cancelled:
        pay(game, seat, price)
    return True


def buy_cards(game: Table, seat: int, count: int) -> list[int]:
    """Buy cards from the deck at 1 lucre each, as many as the buyer can pay for."""
    count = min(count, purse_of(game, seat).lucre)
    if count <= 0 or game.dispatch.forbidden("buy", seat):
        return []
    game.log("buy", seat, count, "card(s) from the deck")
    purchase(game, seat, count)
    enc = game.state.encounter
    if enc is not None:
        BOUGHT.of(enc).bought[seat] += count
    drawn = game.draw(seat, count)
    game.gained(seat, drawn, "purchase")
    return drawn
