"""The rules module `leases` (Set 6): a player leases cards from the deck, or powers and flares
not in the game, to its customers for lucre; each leased item goes back when the encounter
ends. Adds the op `lease`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.cards import COSMIC_DECK_KINDS
from runtime.effects.context import Ctx
from runtime.extension import RulesModule, register
from runtime.modules.lucre import purses
from runtime.registry import LATER_STEPS, T, op, pp
from runtime.rules.start import card_allowed
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table


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
        if customer == seat or purses.purse_of(game, customer).lucre <= 0:
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
        purse = purses.purse_of(game, customer).lucre
        prompt = f"rent for {item_name(game, wanted)} (0 refuses)?"
        price = int(game.choose(seat, "lease.price", prompt, list(range(purse + 1)), passive=0))
        if price == 0:
            continue
        if not game.yes_no(customer, "lease.accept", f"pay {price} lucre for it?"):
            continue
        purses.pay(game, customer, price, seat)
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
    held = {a for p in st.players for a in (p.alien, *p.gained, *p.borrowed)}
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
        st.players[customer].borrowed.append(card_id)
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
        if card_id in st.players[customer].borrowed:
            st.players[customer].borrowed.remove(card_id)
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


MODULE = register(
    RulesModule(
        name="leases",
        doc="cards, powers and flares leased for lucre for the rest of the encounter",
        steps={},
        waits_at=(Window.ENCOUNTER_END.value,),  # the item goes back as the encounter ends
        decision_kinds=("lease.request", "lease.price", "lease.accept"),
        words=("lease",),
        restrained_kinds=("lease.request",),
        state_fields=("Player.borrowed",),
    )
)
