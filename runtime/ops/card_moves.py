"""Ops on cards: draw, discard, take, give, look at, trade and return cards."""

from __future__ import annotations

from runtime import card_events, extension
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.planet_piles import pile_cards
from runtime.effects.selectors import cards_matching, matches
from runtime.registry import T, flag, obj, op, pp, word
from runtime.rules import chance

CARD_SOURCES = frozenset({"deck", "discard", "hand", "pile"})


def pick_cards(ctx: Ctx, arg: v.CardsArg, chooser: int, verb: str) -> list[int]:
    """The cards an argument names: all of them, a random few, or the chooser's pick."""
    game = ctx.game
    if arg.filter.named == "*":
        arg = name_a_card(ctx, arg, chooser)
    pool = cards_matching(ctx, arg)
    if arg.each_type:
        groups: dict[str, list[int]] = {}
        for card in pool:
            groups.setdefault(_type_key(ctx, card), []).append(card)
        # one card of each type; the chooser picks which when a type has several
        return [
            cards[0]
            if len(cards) == 1
            else game.choose(
                chooser, f"effect.{verb}", f"choose a {key} to {verb}", cards, game.card_label
            )
            for key, cards in groups.items()
        ]
    if arg.count is None or (arg.count >= len(pool) and not arg.up_to):
        return pool
    count = max(0, arg.count)
    if arg.random:
        decided = chance.pick(game, pool, count, (chooser, arg.owner), "cards to pick at random")
        return (
            decided if decided is not None else game.state.rng.sample(pool, min(count, len(pool)))
        )
    low = 0 if arg.up_to else min(count, len(pool))
    return game.choose_many(
        chooser,
        f"effect.{verb}",
        f"choose card(s) to {verb}",
        pool,
        low,
        min(count, len(pool)),
        game.card_label,
    )


def name_a_card(ctx: Ctx, arg: v.CardsArg, chooser: int) -> v.CardsArg:
    """The chooser names a card (any card of this game) before looking; the filter becomes it."""
    from dataclasses import replace

    game = ctx.game
    types = arg.filter.types
    unnamed = {"destiny", *extension.dealt_kinds()}  # cards that never reach a hand
    names = sorted(
        {
            d.id
            for d in game.defs
            if d.kind not in unnamed and (types is None or types & {d.kind, d.type})
        },
        # two cards may share a label (kicker variants): the id keeps their order fixed
        key=lambda i: (game.cards.cards[i].label(), i),
    )
    named = game.choose(
        chooser, "effect.name", "name a card", names, lambda i: game.cards.cards[i].label()
    )
    game.log("effect", chooser, f"names {game.cards.cards[named].label()}")
    return v.CardsArg(
        arg.count,
        replace(arg.filter, named=named),
        arg.owner,
        arg.random,
        arg.up_to,
        arg.each_type,
        arg.zone,
    )


def moved(ctx: Ctx, cards: list[int]) -> None:
    """Remember the cards an op just handled: "those cards" in the effect's next statements."""
    ctx.moved[:] = cards


def acquired(ctx: Ctx, seat: int, cards: list[int]) -> None:
    """Announce cards a player came by through this effect: by a power, a flare or another card."""
    moved(ctx, cards)
    hook = ctx.hook
    if hook.kind in ("power", "setup"):
        how = "power"
    elif hook.kind in ("wild", "super") or ctx.game.cards.cards[hook.card].kind == "flare":
        how = "flare"
    else:
        how = "card"
    ctx.game.gained(seat, cards, how)


def _type_key(ctx: Ctx, card: int) -> str:
    d = ctx.game.defs[card]
    return d.type if d.kind == "encounter" and d.type else d.kind


@op(
    "draw",
    "draw",
    obj(T.CARDS),
    # a draw from the drawer's own hand has no meaning
    pp("from", T.PLACE, "source", optional=True, places=CARD_SOURCES, refuses=("hand",)),
    doc="Draw cards from the cosmic deck (or the discard pile, a card's own pile, or another"
    " player's hand at random) into the hand. A kind of card ('draw 2 flares') is searched for from the top of the deck; the"
    " cards passed over stay where they were.",
)
def draw(ctx: Ctx, seat: int, cards: v.CardsArg, source: v.PlaceArg | None) -> None:
    count = cards.count if cards.count is not None else 1
    game = ctx.game
    st = game.state
    # "draw 1 card in the discard pile": the cards' own place is where they come from
    kind = source.kind if source is not None else ("discard" if cards.zone == "discard" else "deck")
    if cards.zone.startswith("pile:"):  # "draw 1 card in your "hoard" pile"
        kind = cards.zone
    typed = cards.filter.named is not None or cards.filter.types is not None
    if kind.startswith("pile:"):  # a card's own pile: the drawer picks from it
        if source is not None and not cards.zone.startswith("pile:"):
            cards.zone = kind
            cards.owner = source.owner if source.owner >= 0 else seat
        drawn = pick_cards(ctx, cards, seat, "draw")
        pile = pile_cards(ctx, kind[5:], cards.owner)
        for card in drawn:
            pile.remove(card)
            game.to_hand(seat, card)
    elif kind == "discard":
        if cards.zone == "those":  # of the cards an event names, those still in the pile
            cards.instances = [c for c in cards_matching(ctx, cards) if c in st.discard]
        elif typed:  # a named card or a kind of card: looked for in the pile
            cards.zone = "discard"
        if cards.zone in ("those", "discard"):
            drawn = pick_cards(ctx, cards, seat, "draw")
            for card in drawn:
                st.discard.remove(card)
        else:
            drawn = [st.discard.pop() for _ in range(min(count, len(st.discard)))]
        for card in drawn:
            game.to_hand(seat, card)
    elif kind == "hand" and source is not None:
        victim = source.owner
        if victim in (-1, seat):  # the drawer's own hand (or nobody's): no card is drawn
            acquired(ctx, seat, [])
            return
        arg = v.CardsArg(count, cards.filter, victim, True, cards.up_to, zone="hand")
        drawn = pick_cards(ctx, arg, seat, "draw")
        for card in drawn:
            game.from_hand(victim, card)
            game.to_hand(seat, card)
        if drawn:
            game.log("take", seat, victim, len(drawn))
    elif typed:
        found = [c for c in reversed(st.deck) if matches(ctx, c, cards.filter)][:count]
        for card in found:
            st.deck.remove(card)
            game.to_hand(seat, card)
        if found:
            game.log("draw", seat, len(found))
        drawn = found
    else:
        drawn = game.draw(seat, count)
    acquired(ctx, seat, drawn)


@op("new hand", "draw", word("a new hand"), doc="Discard the whole hand and draw a new one.")
def new_hand(ctx: Ctx, seat: int, _: str) -> None:
    ctx.game.new_hand(seat)


def _has_cards(ctx: Ctx, seat: int, cards: v.CardsArg, *rest: object) -> bool:
    pool = cards_matching(ctx, cards)
    need = cards.count if cards.count is not None and not cards.up_to else 1 if cards.count else 0
    return len(pool) >= need


@op(
    "discard",
    "discard",
    obj(T.CARDS),
    flag("at random"),
    doc="Discard cards from the hand (chosen, or at random).",
    feasible=_has_cards,
)
def discard(ctx: Ctx, seat: int, cards: v.CardsArg, at_random: bool | None) -> None:
    if at_random:
        cards.random = True
    if cards.zone == "those":
        cards.owner = seat  # those of them the discarding player holds
    game = ctx.game
    picked = card_events.leaving_hands(game, pick_cards(ctx, cards, seat, "discard"), -1, "discard")
    moved(ctx, picked)
    from_hand = []
    for card in picked:
        holder = game.holder[card]
        if holder >= 0:
            game.discard_from_hand(holder, card)
            from_hand.append(card)
        else:
            lift_from_pile(ctx, card)
            game.discard(card)
    game.discarded(seat, from_hand)


def lift_from_pile(ctx: Ctx, card: int) -> bool:
    """Take a card that is in no hand out of the pile holding it: a shared pile (the reward deck
    and its discard pile among them) or a player's own pile. False when no pile holds it."""
    st = ctx.game.state
    for pile in (st.in_play, st.deck, st.discard, st.reward_deck, st.reward_discard):
        if card in pile:
            pile.remove(card)
            return True
    for p in st.players:
        for cards in p.piles.values():
            if card in cards:
                cards.remove(card)
                return True
    return False


@op(
    "take",
    "take",
    obj(T.CARDS),
    pp(
        "from",
        T.PLAYERS,
        "victim",
        eligible=lambda ctx, seat: bool(ctx.game.state.players[seat].hand),
    ),
    flag("at random"),
    doc="Take cards from other players' hands (chosen by the taker, or at random); a player"
    " picked to take from is one holding cards.",
)
def take(
    ctx: Ctx, seat: int, cards: v.CardsArg, victims: list[int], at_random: bool | None
) -> None:
    game = ctx.game
    for victim in victims:
        if victim == seat:
            continue
        arg = v.CardsArg(
            cards.count,
            cards.filter,
            victim,
            cards.random or bool(at_random),
            cards.up_to,
            cards.each_type,
        )
        arg.zone = cards.zone
        taken = [c for c in pick_cards(ctx, arg, seat, "take") if game.holder[c] == victim]
        taken = card_events.leaving(game, victim, taken, seat, "take")
        for card in taken:
            game.from_hand(victim, card)
            game.to_hand(seat, card)
        if taken:
            game.log("take", seat, victim, len(taken))
        acquired(ctx, seat, taken)


@op(
    "give",
    "give",
    obj(T.PLAYERS, "recipient"),
    obj(T.CARDS),
    doc="Give cards of the giver's choice to another player.",
    feasible=lambda ctx, seat, to, cards: len(cards_matching(ctx, cards)) >= (cards.count or 1),
)
def give(ctx: Ctx, seat: int, recipients: list[int], cards: v.CardsArg) -> None:
    game = ctx.game
    for recipient in recipients:
        if recipient == seat:
            continue
        arg = v.CardsArg(
            cards.count, cards.filter, seat, cards.random, cards.up_to, cards.each_type
        )
        arg.zone = cards.zone
        # a card played while the choice was in the air (in answer to a negation) is gone
        given = [c for c in pick_cards(ctx, arg, seat, "give") if game.holder[c] == seat]
        given = card_events.leaving(game, seat, given, recipient, "give")
        for card in given:
            game.from_hand(seat, card)
            game.to_hand(recipient, card)
        if given:
            game.log("give", seat, recipient, len(given))
        acquired(ctx, recipient, given)


@op(
    "look at",
    "look at",
    obj(T.CARDS),
    doc="Look at cards (a hand): the looker learns them; nothing moves.",
)
def look_at(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    seen = cards_matching(ctx, cards)
    ctx.game.log("effect", seat, f"looks at {len(seen)} card(s)")


@op(
    "trade hands",
    "trade hands",
    pp("with", T.PLAYERS, "partner"),
    doc="Swap whole hands with another player.",
)
def trade_hands(ctx: Ctx, seat: int, partners: list[int]) -> None:
    game = ctx.game
    for partner in partners[:1]:
        if partner == seat:
            continue
        mine = list(game.state.players[seat].hand)
        theirs = list(game.state.players[partner].hand)
        for c in mine:
            game.from_hand(seat, c)
        for c in theirs:
            game.from_hand(partner, c)
        for c in theirs:
            game.to_hand(seat, c)
        for c in mine:
            game.to_hand(partner, c)
        game.log("effect", seat, f"trades hands with {game.player_name(partner)}")
        acquired(ctx, seat, theirs)
        acquired(ctx, partner, mine)


@op(
    "shuffle hands",
    "shuffle hands",
    pp("with", T.PLAYERS, "partner"),
    doc="Shuffle both hands together; each player draws back as many as they held, at random.",
)
def shuffle_hands(ctx: Ctx, seat: int, partners: list[int]) -> None:
    game = ctx.game
    st = game.state
    for partner in partners[:1]:
        if partner == seat:
            continue
        mine, theirs = list(st.players[seat].hand), list(st.players[partner].hand)
        pool = mine + theirs
        for c in mine:
            game.from_hand(seat, c)
        for c in theirs:
            game.from_hand(partner, c)
        st.rng.shuffle(pool)
        for c in pool[: len(mine)]:
            game.to_hand(seat, c)
        for c in pool[len(mine) :]:
            game.to_hand(partner, c)
        game.log("effect", seat, f"shuffles hands with {game.player_name(partner)}")
        acquired(ctx, seat, [c for c in pool[: len(mine)] if c not in mine])
        acquired(ctx, partner, [c for c in pool[len(mine) :] if c not in theirs])


@op(
    "return card",
    "return",
    obj(T.CARDS),
    pp("to", T.PLACE, "destination", places=frozenset({"hand", "discard"})),
    doc="Put cards (an encounter card, a played card) into a hand instead of the discard pile.",
)
def return_card(ctx: Ctx, seat: int, cards: v.CardsArg, place: v.PlaceArg) -> None:
    game = ctx.game
    st = game.state
    owner = place.owner if place.owner >= 0 else seat
    kept: list[int] = []
    for card in cards_matching(ctx, cards):
        if card in st.in_play:
            st.in_play.remove(card)
        elif card in st.discard:
            st.discard.remove(card)
        else:
            continue
        kept.append(card)
        if place.kind == "hand":
            game.to_hand(owner, card)
        else:
            game.discard(card)
        game.log("effect", owner, f"keeps {game.card_label(card)}")
    moved(ctx, kept)
