"""Reveal and resolution: turn the cards up, work out totals, decide the result and pay it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime import extension
from runtime.rules import chance, deal, ships, side_cards
from runtime.rules.ships import GATE, GUARD
from runtime.state import DEFENSE, OFFENSE, Encounter
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.table import Table


def main_of(enc: Encounter, side: int) -> int:
    return enc.offense if side == OFFENSE else enc.defense


def reveal(game: Table, enc: Encounter) -> None:
    game.dispatch.step(Windows.REVEAL_START)
    for side in (OFFENSE, DEFENSE):
        card = enc.cards[side]
        assert card is not None
        definition = game.defs[card]
        enc.types[side] = definition.type
        enc.values[side] = definition.value
        enc.face_up[side] = True
        if enc.extra[side]:  # cards put in beside the selected one: most sides have none
            side_cards.reveal_added(game, enc, side)
    apply_morph(enc)
    if game.events is not None:
        for side in (OFFENSE, DEFENSE):
            game.log("reveal", main_of(enc, side), enc.cards[side])
            for added in enc.extra[side]:
                game.log("reveal", main_of(enc, side), added)
            if enc.kickers[side] is not None:
                game.log("reveal", main_of(enc, side), enc.kickers[side])
    game.dispatch.step(Windows.REVEAL_KICKERS)
    extension.run(game, "reveal.kickers", enc)
    game.dispatch.step(Windows.REVEAL_AFTER_CARDS)
    extension.run(game, "reveal.cards_shown", enc)
    game.dispatch.step(Windows.REVEAL_REINFORCEMENTS)
    game.dispatch.step(Windows.REVEAL_TOTALS)
    compute_totals(game, enc)
    enc.outcome = decide(enc)
    game.dispatch.step(Windows.REVEAL_OUTCOME)
    if enc.reversed and enc.outcome in ("offense", "defense"):
        enc.outcome = "defense" if enc.outcome == "offense" else "offense"
    if game.events is not None:
        game.log("outcome", describe(enc))


def apply_morph(enc: Encounter) -> None:
    t0, t1 = enc.types
    if t0 == "morph" and t1 != "morph":
        enc.types[0], enc.values[0] = t1, enc.values[1]
    elif t1 == "morph" and t0 != "morph":
        enc.types[1], enc.values[1] = t0, enc.values[0]


def ships_in_encounter(game: Table, enc: Encounter, seat: int) -> int:
    """A seat's ships in the encounter: in the gate (and, once the offense's side has won, the
    ships that landed from it), on the target planet for the defense, beside it for its allies."""
    if seat == enc.defense:
        return game.state.planets[enc.planet].ships[seat] if enc.planet >= 0 else 0
    in_gate = enc.gate[seat] + enc.guard[seat]
    landed = enc.landed
    # ships land only as the offense's side wins: most counts skip the call
    return (
        in_gate + landed_ships(game, enc, seat) if seat < len(landed) and landed[seat] else in_gate
    )


def landed_ships(game: Table, enc: Encounter, seat: int) -> int:
    """The ships a seat landed on the target planet as its side won that are still there."""
    if enc.planet < 0 or seat >= len(enc.landed) or not enc.landed[seat]:
        return 0
    return min(enc.landed[seat], game.state.planets[enc.planet].ships[seat])


def ships_outside_encounter(game: Table, seat: int) -> dict[int, int]:
    """A seat's ships on planets that take no part in the encounter, by planet: every colony's
    ships, less the defense's on the target planet and the ships that landed there."""
    st = game.state
    enc = st.encounter
    out: dict[int, int] = {}
    for p in st.planets:
        n = p.ships[seat]
        if enc is not None and p.id == enc.planet:
            n -= n if seat == enc.defense else landed_ships(game, enc, seat)
        if n > 0:
            out[p.id] = n
    return out


def side_ships(game: Table, enc: Encounter, side: int) -> int:
    """Weighted ships of a side: the main player's own and its allies' together."""
    seat = main_of(enc, side)
    weight = enc.ship_weight
    total = ships_in_encounter(game, enc, seat) * weight[seat]
    pile = enc.gate if side == OFFENSE else enc.guard
    for s in enc.allies[side]:  # a loop, not sum() over a generator: asked for every attack
        total += pile[s] * weight[s]
    return total


def side_total(game: Table, enc: Encounter, side: int) -> int | None:
    """A side's total as things stand (None unless its card is an attack): its formula or card
    value plus ships, then what the cards put in beside its card add, then every bonus, then what
    the rules modules in play add."""
    if enc.types[side] != "attack":
        return None
    formula = enc.formula[side]
    if formula is not None:
        base = game.dispatch.work_out(formula)
    else:
        base = (enc.values[side] or 0) + side_ships(game, enc, side)
    if enc.extra_values[side]:  # most sides have no card put in beside their own
        base += side_cards.added_value(enc, side)
    return int(extension.fold(game, "total", base + enc.bonus[side], enc, side))


def compute_totals(game: Table, enc: Encounter) -> None:
    for side in (OFFENSE, DEFENSE):
        enc.totals[side] = side_total(game, enc, side)
    if game.events is not None and enc.totals[0] is not None and enc.totals[1] is not None:
        game.log("totals", enc.totals[0], enc.totals[1])


def decide(enc: Encounter) -> str:
    return decide_with(enc, enc.totals)


def decide_with(enc: Encounter, totals: list[int | None]) -> str:
    """The result the comparison rules give for these totals (before any reversal)."""
    if enc.forced is not None:
        return enc.forced
    t0, t1 = enc.types
    if t0 == "morph" and t1 == "morph":
        return "both lose"
    if t0 == "attack" and t1 == "attack":
        a, d = totals[0] or 0, totals[1] or 0
        if enc.lower_wins:
            return "offense" if a < d else "defense"
        return "offense" if a > d else "defense"
    if t0 == "attack":
        return "offense"
    if t1 == "attack":
        return "defense"
    return "deal"


def outcome_as_it_stands(game: Table, enc: Encounter) -> str | None:
    """The result if the encounter were decided now: the totals worked out afresh from the cards,
    ships and modifiers as they stand, then the comparison rules and any reversal. None until
    both cards are face up."""
    if not all(enc.face_up):
        return None
    totals = [side_total(game, enc, side) for side in (OFFENSE, DEFENSE)]
    outcome = decide_with(enc, totals)
    if enc.reversed and outcome in ("offense", "defense"):
        outcome = "defense" if outcome == "offense" else "offense"
    return outcome


OUTCOMES = {
    "offense": "the offense wins",
    "defense": "the defense wins",
    "deal": "both negotiate",
    "both lose": "both sides lose",
}


def describe(enc: Encounter) -> str:
    return OUTCOMES.get(enc.outcome or "", enc.outcome or "")


def resolve(game: Table, enc: Encounter) -> None:
    game.dispatch.step(Windows.RESOLUTION_START)
    outcome = enc.outcome
    if outcome == "offense":
        offense_wins(game, enc)
    elif outcome == "defense":
        defense_wins(game, enc)
    elif outcome == "both lose":
        both_lose(game, enc)
    else:
        deal.negotiate(game, enc)
    if outcome in ("offense", "defense"):
        compensation(game, enc)
    game.dispatch.step(Windows.RESOLUTION_AFTER_OUTCOME)
    game.dispatch.step(Windows.RESOLUTION_BEFORE_DISCARD)
    discard_encounter_cards(game, enc)
    game.dispatch.step(Windows.RESOLUTION_AFTER_DISCARD)


def discard_encounter_cards(game: Table, enc: Encounter) -> None:
    """The main players' encounter cards (every one on the side) and kickers go to the discard
    pile, each main player's announced as cards it discarded."""
    st = game.state
    for side, seat in ((OFFENSE, enc.offense), (DEFENSE, enc.defense)):
        gone = []
        for card in (enc.cards[side], *enc.extra[side], enc.kickers[side]):
            if card is not None and card in st.in_play:
                st.in_play.remove(card)
                game.discard(card)
                gone.append(card)
        if seat >= 0:
            game.discarded(seat, gone)


def offense_wins(game: Table, enc: Encounter) -> None:
    st = game.state
    enc.success = True
    ships.send_to_warp(game, enc.defense, {enc.planet: st.planets[enc.planet].ships[enc.defense]})
    for ally in list(enc.allies[DEFENSE]):
        ships.send_to_warp(game, ally, {GUARD: enc.guard[ally]})
    for seat in [enc.offense, *enc.allies[OFFENSE]]:
        enc.landed[seat] += enc.gate[seat]
        ships.land(game, seat, enc.planet, enc.gate[seat], GATE)


def defense_wins(game: Table, enc: Encounter) -> None:
    for seat in [enc.offense, *enc.allies[OFFENSE]]:
        ships.send_to_warp(game, seat, {GATE: enc.gate[seat]})
    rewards(game, enc)


def both_lose(game: Table, enc: Encounter) -> None:
    st = game.state
    ships.send_to_warp(game, enc.defense, {enc.planet: st.planets[enc.planet].ships[enc.defense]})
    for seat in range(st.n):
        if enc.gate[seat]:
            ships.send_to_warp(game, seat, {GATE: enc.gate[seat]})
        if enc.guard[seat]:
            ships.send_to_warp(game, seat, {GUARD: enc.guard[seat]})


def rewards(game: Table, enc: Encounter) -> None:
    game.dispatch.step(Windows.RESOLUTION_REWARDS)
    for ally in list(enc.allies[DEFENSE]):
        committed = enc.guard[ally]
        if not enc.no_rewards:
            collect_rewards(game, ally, committed * enc.reward_factor[ally])
        ships.return_home(game, ally, enc.guard[ally], GUARD)


def collect_rewards(game: Table, seat: int, count: int) -> None:
    """Each reward is a ship from the warp, a card from the cosmic deck or (when an expansion adds
    one) a card from the reward deck; all are announced before any card is drawn."""
    enc = game.state.encounter
    if count > 0 and enc is not None and enc.reward_extra:
        count += enc.reward_extra[seat]
    if count <= 0:
        return
    st = game.state
    warp = 0 if game.dispatch.forbidden("retrieve", seat) else st.players[seat].warp
    options = list(range(min(count, warp) + 1))
    prompt = f"of {count} reward(s), how many as ships from the warp?"
    from_warp = int(game.choose(seat, "rewards.ships", prompt, options))
    left = count - from_warp
    from_rewards = 0
    if left and (st.reward_deck or st.reward_discard):
        prompt = f"of {left} card reward(s), how many from the reward deck?"
        from_rewards = int(game.choose(seat, "rewards.deck", prompt, list(range(left + 1))))
    game.log("reward", seat, left, from_warp)
    if from_warp:
        ships.retrieve(game, seat, from_warp)
    drawn = [card for _ in range(from_rewards) if (card := game.draw_reward(seat)) is not None]
    chosen = chance.pick(game, st.deck, left - from_rewards, (seat,), "cards to draw as rewards")
    if chosen is not None:
        for card in chosen:
            st.deck.remove(card)
            game.to_hand(seat, card)
        drawn += chosen
    else:
        drawn += game.draw(seat, left - from_rewards)
    game.gained(seat, drawn, "rewards")


def compensation(game: Table, enc: Encounter) -> None:
    """A negotiate that lost to an attack collects a card from the winner per ship it lost."""
    types = enc.types
    if types[OFFENSE] == "negotiate" and types[DEFENSE] == "attack":
        side = OFFENSE
    elif types[DEFENSE] == "negotiate" and types[OFFENSE] == "attack":
        side = DEFENSE
    else:
        return
    winner_side = OFFENSE if enc.outcome == "offense" else DEFENSE
    if side == winner_side:
        return
    game.dispatch.step(Windows.RESOLUTION_COMPENSATION)
    if enc.no_compensation:
        return
    collector, payer = main_of(enc, side), main_of(enc, 1 - side)
    count = enc.lost_ships[collector] * enc.comp_factor[collector]
    if count > 0:
        count = max(0, count + enc.comp_extra[collector])
    count = extension.fold(game, "compensation", count, enc, side)
    if count < 0:
        # a negative kicker turns compensation around: the winner takes from the loser
        collector, payer, count = payer, collector, -count
    taken = chance.take_random(game, collector, payer, count, "compensation")
    if taken:
        game.log("compensation", collector, payer, len(taken))
        game.gained(collector, taken, "compensation")
