"""Ops on a card's own piles (`piles: [hoard]`): cards put into a player's named pile, from a
hand, the top of the deck, the discard pile or another pile. The cards in a pile are counted,
looked at, drawn and discarded through the usual card phrases (`in your "hoard" pile`)."""

from __future__ import annotations

from collections.abc import Callable

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.planet_piles import pile_key
from runtime.effects.selectors import matches
from runtime.ops.card_moves import lift_from_pile, moved, pick_cards
from runtime.registry import T, obj, op, pp


def pile_name(kind: str) -> str | None:
    """The name of the own pile a place kind stands for (`pile:hoard` -> hoard), else None."""
    return kind.removeprefix("pile:") if kind.startswith("pile:") else None


def _from_top_of_deck(ctx: Ctx, cards: v.CardsArg, lay: Callable[[int], None]) -> list[int]:
    """Take cards from the top of the deck, laying each where it goes as it is taken: drawing
    may reshuffle the discard pile, and whatever reacts to that finds no card held nowhere."""
    game = ctx.game
    typed = cards.filter.named is not None or cards.filter.types is not None
    if typed:  # a kind of card: looked for from the top, the cards passed over stay
        found = [c for c in reversed(game.state.deck) if matches(ctx, c, cards.filter)]
        found = found[: cards.count if cards.count is not None else len(found)]
        for card in found:
            game.state.deck.remove(card)
            lay(card)
        return found
    taken: list[int] = []
    for _ in range(cards.count if cards.count is not None else len(game.state.deck)):
        drawn = game.draw_one()
        if drawn is None:
            break
        lay(drawn)
        taken.append(drawn)
    return taken


@op(
    "put into",
    "put",
    obj(T.CARDS),
    pp("into", T.PLACE, "destination"),
    doc="Put cards into a card's own pile (or a hand, the discard pile, or the bottom of the deck):"
    " cards of a hand are picked by their holder, cards of the deck come from its top, and a"
    " pile's cards are picked by the acting player.",
)
def put_into(ctx: Ctx, seat: int, cards: v.CardsArg, place: v.PlaceArg) -> None:
    game = ctx.game
    st = game.state
    owner = place.owner if place.owner >= 0 else seat
    name = pile_name(place.kind)
    if name is not None:  # a pile beside a planet: which planet is known (or picked) now
        name = pile_key(ctx, name, seat, pick=True)
        if name is None:
            return

    def lay(card: int) -> None:
        if name is not None:
            st.players[owner].piles.setdefault(name, []).append(card)
        elif place.kind == "hand":
            game.to_hand(owner, card)
        elif place.kind == "deck":
            st.deck.insert(0, card)  # the deck is drawn from its end: this is its bottom
        else:
            game.discard(card)

    if cards.zone == "deck":
        picked = _from_top_of_deck(ctx, cards, lay)
    else:
        chooser = cards.owner if cards.zone == "hand" and cards.owner >= 0 else seat
        picked = pick_cards(ctx, cards, chooser, "put")
        for card in picked:
            holder = game.holder[card]
            if holder >= 0:
                game.from_hand(holder, card)
            else:
                lift_from_pile(ctx, card)
        for card in picked:
            lay(card)
    where = f'the "{name.partition("@")[0]}" pile' if name is not None else place.kind
    where = "the bottom of the deck" if place.kind == "deck" else where
    if picked:
        game.log("effect", owner, f"puts {len(picked)} card(s) into {where}")
    moved(ctx, picked)
