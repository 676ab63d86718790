"""Ops on a side's encounter cards as a list: put more cards in beside the selected one, or put
another card in its place. In: cards from the acting player's hand; out: the side's cards."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.ops.card_moves import pick_cards
from runtime.registry import T, obj, op, pp
from runtime.rules import side_cards


def _own_side(ctx: Ctx, seat: int, target: v.CardTarget) -> int | None:
    """The side whose card is named, when the acting player is that side's main player."""
    enc = ctx.game.state.encounter
    side = target.side
    if enc is None or side is None or enc.cards[side] is None:
        return None
    return side if seat == (enc.offense if side == 0 else enc.defense) else None


def _encounter_cards(ctx: Ctx, seat: int, cards: v.CardsArg, verb: str) -> list[int]:
    """The encounter cards picked from the acting player's hand (or, for a replacement, one of
    its own piles)."""
    game = ctx.game
    if cards.zone == "those":
        cards.owner = seat  # of the cards just handled, those the player holds
    return [
        c
        for c in pick_cards(ctx, cards, seat, verb)
        if (game.holder[c] == seat or (verb == "replace" and _pile_of(ctx, seat, c) is not None))
        and game.defs[c].kind == "encounter"
    ]


def _pile_of(ctx: Ctx, seat: int, card: int) -> list[int] | None:
    """The acting player's own pile holding a card, if any."""
    for pile in ctx.game.state.players[seat].piles.values():
        if card in pile:
            return pile
    return None


@op(
    "put with",
    "put",
    obj(T.CARDS),
    pp("with", T.CARD, "card"),
    doc="A main player puts encounter cards from its hand beside its side's encounter card: face"
    " down before the reveal (turned up with it), face up after. Each attack among them adds its"
    " value to the side's total; the cards are discarded with the side's card.",
)
def put_with(ctx: Ctx, seat: int, cards: v.CardsArg, card: v.CardTarget) -> None:
    game = ctx.game
    enc = game.state.encounter
    side = _own_side(ctx, seat, card)
    if enc is None or side is None:
        return
    for added in _encounter_cards(ctx, seat, cards, "add"):
        game.from_hand(seat, added)
        side_cards.add_card(game, enc, side, added)
        if enc.face_up[side]:
            game.log("effect", seat, f"adds {game.card_label(added)} to its side's cards")
        else:
            game.log("effect", seat, "adds a card to its side's cards (face down)")


@op(
    "replace card",
    "replace",
    obj(T.CARD),
    pp("with", T.CARDS, "cards"),
    doc="A main player puts an encounter card from its hand (or one of its own piles) in place of"
    " its side's selected card (face up once the cards are revealed); the card it replaces goes"
    " to the discard pile.",
)
def replace_card(ctx: Ctx, seat: int, card: v.CardTarget, cards: v.CardsArg) -> None:
    game = ctx.game
    st = game.state
    enc = st.encounter
    side = _own_side(ctx, seat, card)
    if enc is None or side is None:
        return
    cards.count = min(cards.count if cards.count is not None else 1, 1)
    picked = _encounter_cards(ctx, seat, cards, "replace")
    old = enc.cards[side]
    if not picked or old is None:
        return
    new = picked[0]
    pile = _pile_of(ctx, seat, new)
    if pile is not None:
        pile.remove(new)
    else:
        game.from_hand(seat, new)
    st.in_play[st.in_play.index(old)] = new
    game.discard(old)
    game.discarded(seat, [old])
    enc.cards[side] = new
    if enc.face_up[side]:
        definition = game.defs[new]
        enc.types[side], enc.values[side] = definition.type, definition.value
        shown = f"{game.card_label(new)} in place of {game.card_label(old)}"
        game.log("effect", seat, f"puts {shown}")
    else:
        game.log("effect", seat, "puts another card in place of its card (face down)")
