"""Who and what an effect's words pick out in a game (the IR's selectors in, seats, sides and cards
out): the selectors of the effect language and the queries behind its measures (ship counts:
ship_places.py)."""

from __future__ import annotations

from collections.abc import Callable

from runtime import extension, ir
from runtime.cards import COSMIC_DECK_KINDS
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.planet_piles import pile_cards
from runtime.registry import one_player
from runtime.state import DEFENSE, OFFENSE, Encounter


def seat_side(enc: Encounter, seat: int) -> int | None:
    if seat == enc.offense or seat in enc.allies[OFFENSE]:
        return OFFENSE
    if seat == enc.defense or seat in enc.allies[DEFENSE]:
        return DEFENSE
    return None


def side_of(ctx: Ctx, seat: int) -> int | None:
    enc = ctx.game.state.encounter
    return None if enc is None else seat_side(enc, seat)


def _main(enc: Encounter, side: int) -> int:
    return enc.offense if side == OFFENSE else enc.defense


def opponents_of(ctx: Ctx, of: str | None) -> list[int]:
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0:
        return []
    side = seat_side(enc, ctx.subject if ctx.subject >= 0 else ctx.you)
    if side is None:
        side = seat_side(enc, ctx.you)
    return [] if side is None else [_main(enc, 1 - side)]


def _allies(ctx: Ctx, of: str | None) -> list[int]:
    enc = ctx.game.state.encounter
    if enc is None:
        return []
    if of == "offense":
        return list(enc.allies[OFFENSE])
    if of == "defense":
        return list(enc.allies[DEFENSE])
    if of in ("you", "subject", "opponent"):
        seat = ctx.you if of == "you" else ctx.subject
        side = seat_side(enc, seat)
        if side is None:
            return []
        if of == "opponent":
            side = 1 - side
        return [s for s in enc.allies[side] if s != seat]
    return [*enc.allies[OFFENSE], *enc.allies[DEFENSE]]


def winners_of(ctx: Ctx, losers: bool) -> list[int]:
    enc = ctx.game.state.encounter
    if enc is None or enc.outcome not in ("offense", "defense"):
        return []
    side = OFFENSE if enc.outcome == "offense" else DEFENSE
    return [_main(enc, 1 - side if losers else side)]


def _teammates(ctx: Ctx) -> list[int]:
    """The other players on the effect owner's side: its main player and allies."""
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0:
        return []
    side = seat_side(enc, ctx.you)
    if side is None:
        return []
    return [s for s in (_main(enc, side), *enc.allies[side]) if s != ctx.you]


def _opposing(ctx: Ctx) -> list[int]:
    """The main player and allies on the other side from the effect's owner."""
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0:
        return []
    side = seat_side(enc, ctx.you)
    if side is None:
        return []
    return [_main(enc, 1 - side), *enc.allies[1 - side]]


def _in_encounter(ctx: Ctx) -> list[int]:
    enc = ctx.game.state.encounter
    if enc is None or enc.defense < 0:
        return []
    inside = {enc.offense, enc.defense, *enc.allies[OFFENSE], *enc.allies[DEFENSE]}
    return [s for s in ctx.game.dispatch.order() if s in inside]


SELECTORS: dict[str, Callable[[Ctx, str | None], list[int]]] = {
    "you": lambda ctx, of: [ctx.you],
    "they": lambda ctx, of: [ctx.they],
    "subject": lambda ctx, of: [ctx.subject],
    "opponent": opponents_of,
    "offense": lambda ctx, of: (
        [e.offense] if (e := ctx.game.state.encounter) else [ctx.game.state.offense]
    ),
    "defense": lambda ctx, of: (
        [e.defense] if (e := ctx.game.state.encounter) and e.defense >= 0 else []
    ),
    "main player": lambda ctx, of: (
        [e.offense, e.defense] if (e := ctx.game.state.encounter) and e.defense >= 0 else []
    ),
    "ally": _allies,
    "offensive ally": lambda ctx, of: _allies(ctx, "offense"),
    "defensive ally": lambda ctx, of: _allies(ctx, "defense"),
    "player": lambda ctx, of: ctx.game.dispatch.order(),
    "winner": lambda ctx, of: winners_of(ctx, False),
    "loser": lambda ctx, of: winners_of(ctx, True),
    "event player": lambda ctx, of: [ctx.event.seat] if hasattr(ctx.event, "seat") else [],
    "in encounter": lambda ctx, of: _in_encounter(ctx),
    "not main": lambda ctx, of: [
        s for s in ctx.game.dispatch.order() if s not in SELECTORS["main player"](ctx, of)
    ],
    "opposing": lambda ctx, of: _opposing(ctx),
    "teammate": lambda ctx, of: _teammates(ctx),
    "named player": lambda ctx, of: [s] if isinstance(s := ctx.names.get("player"), int) else [],
    "left": lambda ctx, of: [(ctx.you + 1) % ctx.game.state.n],
    "right": lambda ctx, of: [(ctx.you - 1) % ctx.game.state.n],
}


one_player(
    "you",
    "they",
    "subject",
    "opponent",
    "offense",
    "defense",
    "winner",
    "loser",
    "event player",
    "named player",
    "left",
    "right",
)

# The selectors that name at most one player, as generated code writes that player's seat (None:
# no one), so that a test of who it is compares seats rather than building and searching lists.
# Each says what its SELECTORS entry says (tests/runtime/test_generated_player_tests.py).
ONE_SEAT_FORMS = {"event player": "getattr(ctx.event, 'seat', None)"}


def sides_of(ctx: Ctx, which: str) -> list[int]:
    """The encounter sides a side phrase names (asking the owner for `either side`)."""
    enc = ctx.game.state.encounter
    if enc is None:
        return []
    if which == "offense":
        return [OFFENSE]
    if which == "defense":
        return [DEFENSE]
    if which == "both":
        return [OFFENSE, DEFENSE]
    if which == "either":
        names = ("the offense", "the defense")
        pick = ctx.game.choose(
            ctx.subject, "effect.side", "choose a side", [OFFENSE, DEFENSE], lambda s: names[s]
        )
        return [pick]
    side = seat_side(enc, ctx.subject)
    if side is None:
        return []
    return [side] if which == "yours" else [1 - side]


# ---------------------------------------------------------------- cards


def card_target(ctx: Ctx, which: str, owner: int, index: int = 0) -> v.CardTarget:
    enc = ctx.game.state.encounter
    if which == "this":
        return v.CardTarget(ctx.card)
    if which == "event":
        instance = getattr(ctx.event, "instance", None)
        return v.CardTarget(instance if instance is not None else ctx.card)
    if which == "named":  # the card a player named earlier in the effect
        named = ctx.names.get("card")
        return v.CardTarget(named if isinstance(named, int) else None)
    if enc is None:
        return v.CardTarget(None)
    if which == "destiny":
        return v.CardTarget(enc.destiny)
    if which in ("higher", "lower"):
        a, b = enc.values
        if a is None or b is None or a == b or enc.types[0] != "attack" or enc.types[1] != "attack":
            return v.CardTarget(None)
        higher = OFFENSE if a > b else DEFENSE
        pick = higher if which == "higher" else 1 - higher
        return v.CardTarget(enc.cards[pick], pick)
    side = seat_side(enc, owner)
    if side is None:
        return v.CardTarget(None)
    if which == "kicker":
        return v.CardTarget(enc.kickers[side], side)
    if index:  # a card put in beside the selected one: it counts as what it is printed as
        cards = enc.cards_on(side)
        return v.CardTarget(cards[index] if index < len(cards) else None)
    return v.CardTarget(enc.cards[side], side)


def card_types(ctx: Ctx, instance: int, side: int | None = None) -> set[str]:
    """The kinds and types a card counts as (an encounter card as revealed or changed)."""
    card = ctx.game.defs[instance]
    typ = card.type
    if side is not None and card.kind == "encounter":  # only a side's card is revealed or changed
        enc = ctx.game.state.encounter
        if enc is not None and enc.types[side] is not None:
            typ = enc.types[side]
    return {card.kind, typ} if typ else {card.kind}


def matches(ctx: Ctx, instance: int, f: ir.CardFilter) -> bool:
    card = ctx.game.defs[instance]
    if f.named is not None and card.id != f.named:
        return False
    types = f.types
    # card_types() without a side, tested without building its set: a card counts as its kind
    # and its printed type
    if types is not None and card.kind not in types and not (card.type and card.type in types):
        return False
    if f.min_value is not None and (card.value is None or card.value < f.min_value):
        return False
    return not (f.max_value is not None and (card.value is None or card.value > f.max_value))


def one_of_each(ctx: Ctx) -> list[int]:
    """One copy of every card of this game that can be held in a hand, in label order: the cards a
    player may name without looking (`name an encounter card`)."""
    defs = ctx.game.defs
    first: dict[str, int] = {}
    for instance in range(len(ctx.game.state.catalog)):
        card = defs[instance]
        if card.kind in COSMIC_DECK_KINDS or card.kind == "flare":
            first.setdefault(card.id, instance)
    return sorted(first.values(), key=lambda i: (defs[i].label(), defs[i].id))


def cards_matching(ctx: Ctx, arg: v.CardsArg) -> list[int]:
    if arg.instances is not None:
        return list(arg.instances)
    return cards_in(ctx, arg.filter, arg.owner, arg.zone)


def cards_in(ctx: Ctx, f: ir.CardFilter, owner: int, zone: str) -> list[int]:
    """The cards of a zone (of `owner`'s, for a hand or a pile) that pass a filter."""
    st = ctx.game.state
    types = f.types
    if types is not None and types & extension.dealt_kinds():
        # cards of a kind a rules module deals are wherever that module says, never in a hand
        found = extension.answer(ctx.game, "cards.owned", types, owner)
        if found is not None:
            return list(found)
    if zone == "hand":
        pool = st.players[owner].hand if owner >= 0 else []
    elif zone == "discard":
        pool = st.discard
    elif zone == "deck":
        pool = st.deck
    elif zone == "those":
        pool = those_cards(ctx, owner)
    elif zone.startswith("pile:"):  # a card's own pile (`your "hoard" pile`)
        pool = pile_cards(ctx, zone[5:], owner) if owner >= 0 else []
    elif zone == "game":
        pool = one_of_each(ctx)
    elif zone == "encounter":  # the encounter cards on the owner's side
        enc = ctx.game.state.encounter
        side = seat_side(enc, owner) if enc is not None else None
        pool = enc.cards_on(side) if enc is not None and side is not None else []
    else:
        pool = []
    if f.named is None and f.min_value is None and f.max_value is None:
        if types is None:
            return list(pool)
        # kinds or types alone (most filters): matches() without a call for each card (a card
        # of no type has None for one, which no filter names), in a loop rather than a
        # comprehension (a call of its own) for the few cards of a hand or a pile
        defs = ctx.game.defs
        found = []
        for c in pool:
            card = defs[c]
            if card.kind in types or card.type in types:
                found.append(c)
    else:
        found = [c for c in pool if matches(ctx, c, f)]
    if f.highest and found:
        defs = ctx.game.defs
        top = max(defs[c].value or 0 for c in found)
        found = [c for c in found if (defs[c].value or 0) == top]
    return found


def those_cards(ctx: Ctx, owner: int) -> list[int]:
    """ "Those cards": the event's cards in an event window, else the ones the effect last
    handled; of them, the ones still in `owner`'s hand (or all, for no owner)."""
    found = getattr(ctx.event, "instances", None)
    cards = found if found is not None else ctx.moved
    if owner < 0:
        return list(cards)
    holder = ctx.game.holder
    return [c for c in cards if holder[c] == owner]
