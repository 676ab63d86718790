"""Ops that turn an encounter aside: cancelling things (zaps and the like), revealing, swapping,
changing or reinforcing cards, aiming the gate, redrawing or picking the destiny, changing sides
and negation."""

from __future__ import annotations

from typing import Any

from runtime.dispatch import CardPlay, PowerUse
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import side_of
from runtime.effects.ship_places import PLANET_PLACES, place_planets
from runtime.ops.card_moves import moved, pick_cards
from runtime.registry import T, obj, op, pp, word
from runtime.rules import ship_pieces
from runtime.rules.ship_pieces import GATE, GUARD
from runtime.rules.side_cards import swap_sides
from runtime.state import DEFENSE, OFFENSE
from runtime.windows import Window


class ZapEvent:
    """The event of a response.zap window: a zap about to cancel a power use or a card."""

    __slots__ = ("cancelled", "instance", "seat", "target")

    def __init__(self, seat: int, instance: int | None, target: Any) -> None:
        self.seat = seat
        self.instance = instance
        self.target = target
        self.cancelled = False


def zap_goes_through(ctx: Ctx, target: Any) -> bool:
    """Open the response window for un-zaps; False if the zap itself was cancelled."""
    event = ZapEvent(ctx.you, ctx.card, target)
    ctx.game.dispatch.event(Window.RESPONSE_ZAP, event)
    return not event.cancelled


@op(
    "cancel",
    "cancel",
    obj(T.WORD, "thing"),
    doc="Cancel something: that card, that power, that zap, that deal, compensation, rewards.",
)
def cancel(ctx: Ctx, seat: int, thing: str) -> None:
    game = ctx.game
    enc = game.state.encounter
    event = ctx.event
    what = thing.split()[-1]
    if what == "compensation" and enc is not None:
        enc.no_compensation = True
        game.log("cancel", "compensation")
    elif what == "rewards" and enc is not None:
        enc.no_rewards = True
        game.log("cancel", "rewards")
    elif what in ("card", "flare", "artifact", "edict") and isinstance(event, CardPlay):
        if zap_goes_through(ctx, event):
            event.cancelled = True
            event.discard = True
            game.log("cancel", game.card_label(event.instance))
    elif what == "power" and isinstance(event, PowerUse):
        zap_power(ctx, event)
    elif what == "zap" and isinstance(event, ZapEvent):
        event.cancelled = True
        game.log("cancel", "the zap")
    elif event is not None and hasattr(event, "cancelled"):
        event.cancelled = True
        game.log("cancel", f"the {what}")


def zap_power(ctx: Ctx, event: PowerUse) -> None:
    """Cancel a power as it is used; it stays off for the rest of the encounter."""
    game = ctx.game
    if not zap_goes_through(ctx, event):
        return
    event.cancelled = True
    enc = game.state.encounter
    if enc is not None:
        enc.zapped.add(event.seat)
    game.log("zap", event.seat)


@op(
    "reveal cards",
    "reveal",
    obj(T.CARDS),
    doc="Show cards to every player (the revealer picks which, when the count leaves a choice);"
    " later lines call them 'those cards'.",
)
def reveal_cards(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    game = ctx.game
    shown = pick_cards(ctx, cards, seat, "reveal")
    moved(ctx, shown)
    names = ", ".join(game.card_label(c) for c in shown) or "no cards"
    game.log("effect", seat, f"reveals {names}")


@op(
    "reverse comparison",
    "reverse",
    word("the comparison"),
    doc="The lower total wins the encounter instead of the higher (ties still go to the defense).",
)
def reverse_comparison(ctx: Ctx, seat: int, _: str) -> None:
    enc = ctx.game.state.encounter
    if enc is not None:
        enc.lower_wins = not enc.lower_wins


@op(
    "swap cards",
    "swap",
    obj(T.CARD),
    pp("with", T.CARD, "other"),
    doc="Two encounter cards change places: each main player reveals the card the other selected.",
)
def swap_cards(ctx: Ctx, seat: int, mine: v.CardTarget, other: v.CardTarget) -> None:
    enc = ctx.game.state.encounter
    if enc is None or mine.side is None or other.side is None or mine.side == other.side:
        return
    a, b = mine.side, other.side
    enc.cards[a], enc.cards[b] = enc.cards[b], enc.cards[a]
    enc.types[a], enc.types[b] = enc.types[b], enc.types[a]
    enc.values[a], enc.values[b] = enc.values[b], enc.values[a]
    swap_sides(enc)
    ctx.game.log("effect", seat, "swaps the encounter cards")


@op(
    "aim",
    "aim",
    word("the gate"),
    pp("at", T.PLACE, "target", optional=True, places=PLANET_PLACES),
    doc="Aim the hyperspace gate at a planet of the defense's system, in the offense's place; at"
    " a place of a player's ('a home planet or colony of the chosen player'), that player becomes"
    " the defense, before any ship is in the gate.",
)
def aim(ctx: Ctx, seat: int, _: str, target: v.PlaceArg | None = None) -> None:
    game = ctx.game
    enc = game.state.encounter
    if target is not None:
        aim_at(ctx, seat, target)
        return
    if enc is None or enc.defense < 0 or enc.planet >= 0:
        return
    targets = [p.id for p in game.state.planets if p.system == enc.defense]
    enc.planet = game.choose(
        seat, "launch.planet", "aim the hyperspace gate at", targets, game.planet_name
    )


def aim_at(ctx: Ctx, seat: int, target: v.PlaceArg) -> None:
    """Aim the gate at one of a place's planets; the place's owner (the defense when none is
    written) becomes the defense. Not once ships are in the gate, nor at the offense itself."""
    game = ctx.game
    st = game.state
    enc = st.encounter
    if enc is None or any(enc.gate):
        return
    owner = target.owner if target.owner >= 0 else enc.defense
    if owner < 0 or owner == enc.offense or game.sitting_out(owner):
        return
    planets = place_planets(st, target.kind, owner)
    if not planets:
        return
    aimed = enc.planet >= 0
    enc.planet = game.choose(
        seat, "launch.planet", "aim the hyperspace gate at", planets, game.planet_name
    )
    if owner != enc.defense:
        enc.defense = owner
        game.log("defense", owner)
    if aimed:  # the gate turns after the launch told where it pointed; before, the launch tells
        game.log("aim", enc.planet)


@op(
    "redraw destiny",
    "redraw",
    word("the destiny card"),
    doc="Set the destiny card just drawn aside and draw another in its place; the defense is"
    " whoever the new card points at.",
)
def redraw_destiny(ctx: Ctx, seat: int, _: str) -> None:
    from runtime.rules.destiny import draw_again

    game = ctx.game
    enc = game.state.encounter
    if enc is not None and enc.destiny is not None and enc.planet < 0:
        draw_again(game, enc)


@op(
    "join uninvited",
    "join",
    obj(T.SIDE),
    doc="Ally with a side without an invitation, committing 1 to 4 ships (as the ship limit"
    " allows); the encounter remembers the player joined uninvited.",
)
def join_uninvited(ctx: Ctx, seat: int, sides: list[int]) -> None:
    from runtime.rules import allies

    game = ctx.game
    enc = game.state.encounter
    if enc is None or seat in (enc.offense, enc.defense) or seat in enc.allies[0] + enc.allies[1]:
        return
    for side in sides[:1]:
        if allies.most_ships(game, enc, seat) > 0:
            allies.enlist(game, enc, seat, side)
            enc.marks.setdefault("uninvited", set()).add(seat)


def _is_ally(ctx: Ctx, seat: int) -> bool:
    enc = ctx.game.state.encounter
    return enc is not None and (seat in enc.allies[0] or seat in enc.allies[1])


@op(
    "switch sides",
    "switch sides",
    doc="An ally moves to the other side of the encounter with its ships there.",
    feasible=_is_ally,
)
def switch_sides(ctx: Ctx, seat: int) -> None:
    enc = ctx.game.state.encounter
    if enc is None:
        return
    for side in (OFFENSE, DEFENSE):
        if seat in enc.allies[side]:
            enc.allies[side].remove(seat)
            enc.allies[1 - side].append(seat)
            moved = enc.gate[seat] + enc.guard[seat]
            enc.gate[seat], enc.guard[seat] = (0, moved) if side == OFFENSE else (moved, 0)
            src, dest = (GATE, GUARD) if side == OFFENSE else (GUARD, GATE)
            ship_pieces.cross(ctx.game, seat, src, dest)
            ctx.game.log("effect", seat, f"switches sides with {moved} ship(s)")
            return


@op(
    "pick destiny",
    "pick",
    word("the destiny card"),
    doc="Search the destiny deck and take the card of your choice as the one drawn (the deck is"
    " shuffled afterwards).",
)
def pick_destiny(ctx: Ctx, seat: int, _: str) -> None:
    game = ctx.game
    st = game.state
    enc = st.encounter
    if enc is None or enc.destiny is not None or not st.destiny_deck:
        return
    names = {game.card_label(i): i for i in st.destiny_deck}
    label = game.choose(seat, "destiny.pick", "take which destiny card?", sorted(names))
    st.destiny_deck.remove(names[label])
    st.rng.shuffle(st.destiny_deck)
    enc.destiny = names[label]
    game.log("effect", seat, f"searches the destiny deck and takes {label}")


@op(
    "select blind",
    "select blind",
    doc="The main player's encounter card is the first one drawn from the deck, face down; every"
    " other card drawn on the way goes to the effect's owner.",
)
def select_blind(ctx: Ctx, seat: int) -> None:
    game = ctx.game
    st = game.state
    enc = st.encounter
    if enc is None or seat not in (enc.offense, enc.defense):
        return
    side = 0 if seat == enc.offense else 1
    if enc.cards[side] is not None:
        return
    passed: list[int] = []
    for _ in range(len(st.catalog)):  # bounded: a deck without encounter cards runs dry
        card = game.draw_one()
        if card is None:
            break
        if game.defs[card].kind == "encounter":
            st.in_play.append(card)
            enc.cards[side] = card
            n = len(passed)
            game.log("effect", seat, f"plays the deck's next encounter card ({n} passed over)")
            game.log("select", seat)
            break
        game.to_hand(ctx.you, card)
        passed.append(card)
    game.gained(ctx.you, passed, "power")


@op(
    "reinforce with",
    "reinforce",
    pp("with", T.CARDS, "cards"),
    doc="Discard attack cards from the hand, each adding its value to the player's side's total.",
)
def reinforce_with(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    game = ctx.game
    enc = game.state.encounter
    side = side_of(ctx, seat)
    if enc is None or side is None:
        return
    gone = []
    for card in pick_cards(ctx, cards, seat, "reinforce with"):
        if game.holder[card] != seat or game.defs[card].type != "attack":
            continue
        value = game.defs[card].value or 0
        game.discard_from_hand(seat, card)
        gone.append(card)
        enc.bonus[side] += value
        game.log("effect", seat, f"adds {game.card_label(card)} to its side's total (+{value})")
    game.discarded(seat, gone)


@op(
    "change card",
    "change",
    word("card"),
    doc="A main player takes its revealed encounter card back into its hand and reveals another"
    " encounter card from its hand in its place.",
)
def change_card(ctx: Ctx, seat: int, _: str) -> None:
    game = ctx.game
    st = game.state
    enc = st.encounter
    if enc is None or seat not in (enc.offense, enc.defense):
        return
    side = 0 if seat == enc.offense else 1
    old = enc.cards[side]
    others = [c for c in st.players[seat].hand if game.defs[c].kind == "encounter"]
    if old is None or not others:
        return
    new = game.choose(seat, "effect.change", "reveal which card instead?", others, game.card_label)
    game.from_hand(seat, new)
    st.in_play[st.in_play.index(old)] = new
    game.to_hand(seat, old)
    enc.cards[side] = new
    card = game.defs[new]
    enc.types[side], enc.values[side] = card.type, card.value
    game.log("reveal", seat, new)


@op(
    "negate",
    "negate",
    word("that decision"),
    doc="The player who just made the decision must make it again, differently.",
)
def negate(ctx: Ctx, seat: int, _: str) -> None:
    made = ctx.event
    if made is not None and hasattr(made, "negated"):
        made.negated = True
