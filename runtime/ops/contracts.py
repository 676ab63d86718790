"""Ops for bargains struck for lucre during an encounter: insurance on ships at risk, leases of
cards, powers and flares that go back when the encounter ends, help hired for the encounter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.cards import COSMIC_DECK_KINDS
from runtime.effects.context import Ctx
from runtime.registry import LATER_STEPS, T, obj, op, pp, word
from runtime.rules import lucre, patron, ships
from runtime.rules.start import card_allowed
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table


@op(
    "insure",
    "insure",
    obj(T.PLAYERS, "customers"),
    doc=(
        "Offer insurance, for a fee the insurer names, on the ships players have in the encounter"
        " (in the gate, on or beside the defensive planet); the fee is held when a policy is taken."
        " At the encounter's end a customer who lost such ships gets them back and its fee back;"
        " one who lost none pays the fee."
    ),
)
def insure(ctx: Ctx, seat: int, customers: list[int]) -> None:
    game = ctx.game
    enc = game.state.encounter
    customers = [c for c in customers if c != seat]
    if enc is None or not customers:
        return
    richest = max(game.state.players[c].lucre for c in customers)
    if richest <= 0:
        return
    fee = int(
        game.choose(
            seat,
            "insure.fee",
            "what fee, in lucre, do you ask for insurance?",
            list(range(1, richest + 1)),  # a fee above every purse sells nothing
        )
    )
    game.log("effect", seat, f"offers insurance for {fee} lucre")
    for customer in customers:
        if game.state.players[customer].lucre < fee:
            continue
        prompt = f"insure your ships in this encounter for {fee} lucre?"
        if not game.yes_no(customer, "insure.accept", prompt):
            continue
        game.log("effect", customer, f"takes out insurance for {fee} lucre")
        lucre.hold(game, customer, fee)
        covered = ships_at_risk(game, customer)
        game.dispatch.delay(
            Window.ENCOUNTER_END.value, ctx, step=SETTLE, args=(seat, customer, fee, covered)
        )


def ships_at_risk(game: Table, seat: int) -> int:
    """A player's ships directly in the encounter: in the gate, beside the defensive planet or
    on it."""
    enc = game.state.encounter
    if enc is None:
        return 0
    on_planet = game.state.planets[enc.planet].ships[seat] if enc.planet >= 0 else 0
    return enc.gate[seat] + enc.guard[seat] + on_planet


def _settle(ctx: Ctx, insurer: int, customer: int, fee: int, covered: int) -> None:
    """At the end of the encounter: replace the ships a customer lost, up to the number it had
    in the encounter when insured, and hand its held fee back; or pay the held fee to the
    insurer."""
    game = ctx.game
    enc = game.state.encounter
    lost = min(enc.lost_ships[customer], covered) if enc is not None else 0
    if lost:
        back = min(lost, game.state.players[customer].warp)
        game.log("effect", customer, f"is insured: {back} lost ship(s) come back")
        lucre.release(game, customer, fee, customer)
        ships.retrieve(game, customer, back)
    else:
        game.log("effect", customer, f"lost no insured ship: pays {fee} lucre")
        lucre.release(game, customer, fee, insurer)


SETTLE = "insurance settles"
LATER_STEPS[SETTLE] = _settle


@op(
    "lease",
    "lease",
    pp("to", T.PLAYERS, "customers"),
    doc=(
        "Each customer may ask to lease one item: a card from the deck, or a power or flare not in"
        " the game; the lessor names a price or refuses, and the item goes back at the encounter's end."
    ),
)
def lease(ctx: Ctx, seat: int, customers: list[int]) -> None:
    game = ctx.game
    for customer in customers:
        if customer == seat or game.state.players[customer].lucre <= 0:
            continue
        items = leasable(game)
        wanted = game.choose(
            customer,
            "lease.request",
            "lease an item?",
            [None, *items],
            lambda item: "nothing" if item is None else f"{item[0]}: {item_name(game, item)}",
            passive=0,
        )
        if wanted is None:
            continue
        kind, card_id = wanted
        if kind == "card" and not any(game.state.catalog[c] == card_id for c in game.state.deck):
            game.log("effect", seat, f"has no {item_name(game, wanted)} in the deck to lease")
            continue
        purse = game.state.players[customer].lucre
        prompt = f"rent for {item_name(game, wanted)} (0 refuses)?"
        price = int(game.choose(seat, "lease.price", prompt, list(range(purse + 1)), passive=0))
        if price == 0:
            continue
        if not game.yes_no(customer, "lease.accept", f"pay {price} lucre for it?"):
            continue
        lucre.pay(game, customer, price, seat)
        game.log("effect", customer, f"leases {item_name(game, wanted)} for {price} lucre")
        handed = hand_over(game, customer, kind, card_id)
        game.dispatch.delay(
            Window.ENCOUNTER_END.value, ctx, step=LEASE_ENDS, args=(customer, kind, card_id, handed)
        )


def leasable(game: Table) -> list[tuple[str, str]]:
    """What can be leased now: card names of the cosmic deck's kinds, and the powers and flares
    of the game's packs that no one holds, that were not set aside and (flares) never dealt."""
    st, packs = game.state, game.setup.packs
    cards = sorted(
        {
            d.id
            for d in game.defs
            if d.kind in COSMIC_DECK_KINDS and d.attrs.get("deck") != "rewards"
        }
    )
    held = {a for p in st.players for a in (p.alien, *p.leased)}
    pool = [c for c in game.cards.cards.values() if c.pack in packs and card_allowed(game, c)]
    powers = sorted(
        c.id for c in pool if c.kind == "alien" and c.id not in held and c.id not in st.retired
    )
    flares = sorted(c.id for c in pool if c.kind == "flare" and c.id not in game.instances_of)
    return (
        [("card", c) for c in cards]
        + [("power", a) for a in powers]
        + [("flare", f) for f in flares]
    )


def item_name(game: Table, item: tuple[str, str]) -> str:
    return game.cards.cards[item[1]].label()


def hand_over(game: Table, customer: int, kind: str, card_id: str) -> int | None:
    """Give the leased item; returns the card instance handed over (None for a power)."""
    st = game.state
    if kind == "power":
        st.players[customer].leased.append(card_id)
        game.dispatch.refresh_powers()
        return None
    if kind == "flare":
        instance = game.add_instance(st, game.cards.cards[card_id])
    else:
        instance = next(c for c in reversed(st.deck) if st.catalog[c] == card_id)
        st.deck.remove(instance)
    game.to_hand(customer, instance)
    return instance


def _lease_end(ctx: Ctx, customer: int, kind: str, card_id: str, instance: int | None) -> None:
    """At the end of the encounter the item goes back: a card to the discard pile, a power or a
    flare out of the game for good."""
    game = ctx.game
    st = game.state
    if kind == "power":
        if card_id in st.players[customer].leased:
            st.players[customer].leased.remove(card_id)
        st.retired.append(card_id)
        game.dispatch.refresh_powers()
        game.log("effect", customer, f"gives back the {item_name(game, (kind, card_id))} power")
        return
    assert instance is not None
    holder = game.holder[instance]
    if holder >= 0:
        game.from_hand(holder, instance)
    else:
        for pile in (st.in_play, st.discard, st.deck):
            if instance in pile:
                pile.remove(instance)
                break
        else:
            return  # already out of the game
    if kind == "flare":
        st.aside.append(instance)
    else:
        game.discard(instance)
    game.log("effect", customer, f"gives back {game.card_label(instance)}")


LEASE_ENDS = "a lease ends"
LATER_STEPS[LEASE_ENDS] = _lease_end


@op(
    "offer help",
    "offer",
    word("your help"),
    pp("to", T.PLAYERS, "customers"),
    doc=(
        "Each customer in turn may offer lucre for help, without saying what help; the first offer"
        " taken makes that customer the helper's client for the rest of the encounter."
    ),
)
def offer_help(ctx: Ctx, seat: int, _: str, customers: list[int]) -> None:
    game = ctx.game
    if patron.client_of(game) is not None:
        return
    for customer in customers:
        purse = game.state.players[customer].lucre
        if customer == seat or purse <= 0:
            continue
        offer = int(
            game.choose(
                customer,
                "force.hire",
                f"offer {game.player_name(seat)} lucre for help (0 to offer nothing)?",
                list(range(purse + 1)),
                passive=0,
            )
        )
        if not offer:
            continue
        prompt = f"take {offer} lucre to help {game.player_name(customer)}?"
        if game.yes_no(seat, "force.accept", prompt):
            lucre.pay(game, customer, offer, seat)
            patron.hire(game, seat, customer)
            game.log("effect", seat, f"is hired by {game.player_name(customer)} for {offer} lucre")
            return
