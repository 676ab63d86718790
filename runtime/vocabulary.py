"""The nouns, selectors, measures and conditions of the effect language, and the helpers that
read them from the game (whose card is whose, which cards match, how many ships are where)."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import (
    card_types,
    current_encounter,
    opponents_of,
    seat_side,
    winners_of,
)
from runtime.registry import ADJECTIVES, ADVERBS, T, measure, noun, predicate, setter
from runtime.rules.outcome import side_total
from runtime.state import DEFENSE, OFFENSE

# ---------------------------------------------------------------- nouns

for _word, _role, _doc in (
    ("player", "player", "any player"),
    ("ally", "ally", "a player allied with a side"),
    ("main player", "main player", "the offense or the defense"),
    ("offense", "offense", "the player whose turn it is"),
    ("defense", "defense", "the player the offense encounters"),
    ("opponent", "opponent", "the other main player"),
    ("winner", "winner", "the main player whose side won"),
    ("loser", "loser", "the main player whose side lost"),
    ("offensive ally", "offensive ally", "a player allied with the offense"),
    ("defensive ally", "defensive ally", "a player allied with the defense"),
):
    noun(_word, "player", _role, _doc)
noun("offense", "player", "offense", "the player whose turn it is", plural="offenses")

for _word, _kind, _doc in (
    ("card", "any", "a card of any kind"),
    ("encounter card", "encounter", "an attack, negotiate or morph"),
    ("attack", "attack", "an attack card"),
    ("attack card", "attack", "an attack card"),
    ("negotiate", "negotiate", "a negotiate card"),
    ("negotiate card", "negotiate", "a negotiate card"),
    ("morph", "morph", "a morph card"),
    ("artifact", "artifact", "an artifact card"),
    ("flare", "flare", "a flare card"),
    ("reinforcement", "reinforcement", "a reinforcement card"),
    ("edict", "edict", "an edict card"),
    ("kicker", "kicker", "a kicker card"),
    ("essence card", "essence", "a card of an essence alien's set (never in a deck or a hand)"),
    ("destiny card", "destiny", "a card of the destiny deck"),
):
    noun(_word, "card", _kind, _doc)
noun("hand", "card", "hand", "all the cards in a player's hand")
noun(
    "card in hand",
    "measure",
    "cards in hand",
    "how many cards a player holds, as a number",
    plural="cards in hand",
)
noun("new hand", "thing", "new hand", "a fresh hand dealt from the deck")
noun("ship", "ship", "ship", "a ship (an Eon token)")
noun("type", "thing", "type", "a kind of card (attack, negotiate, artifact, ...)")

for _word, _place, _doc in (
    ("warp", "warp", "the warp"),
    ("colony", "colonies", "a planet where a player has ships"),
    ("home colony", "home colonies", "a colony in its owner's home system"),
    ("foreign colony", "foreign colonies", "a colony outside its owner's home system"),
    ("home planet", "home planets", "a planet of a player's home system"),
    ("system", "home planets", "a player's home system: its five home planets"),
    ("planet", "planets", "any planet"),
    ("target planet", "target planet", "the planet the gate points at"),
    ("new colony", "new colony", "the planet of the colony just established (colony.gained)"),
    ("gate", "gate", "the hyperspace gate (an Eon cone)"),
    ("hyperspace gate", "gate", "the hyperspace gate"),
    ("encounter", "encounter", "the current encounter"),
    ("deck", "deck", "the cosmic deck"),
    ("cosmic deck", "deck", "the cosmic deck"),
    ("discard pile", "discard", "the cosmic discard pile"),
    ("game", "game", "the game as a whole"),
):
    noun(_word, "place", _place, _doc)
noun("box", "place", "box", "out of the game", plural="boxes")

for _word, _measure, _doc in (
    ("total", "total", "a side's total in the encounter"),
    ("card value", "card value", "the value of a side's encounter card"),
    ("value", "card value", "the value of a side's encounter card"),
    ("ship limit", "ship limit", "how many ships a player may commit to the encounter"),
    ("deal penalty", "deal penalty", "how many ships a main player loses if the deal fails"),
    ("lucre", "lucre", "a player's money (Expansion Set 6)"),
    ("compensation", "compensation", "the compensation a player collects"),
    ("reward", "rewards", "a card from the deck or a ship from the warp"),
    ("extra compensation", "extra compensation", "cards added to a player's compensation"),
    ("extra reward", "extra rewards", "rewards added to each batch a player receives"),
):
    noun(_word, "measure", _measure, _doc)
for _word, _measure, _doc in (
    ("largest colony", "largest colony", "the most ships a player has on one planet"),
    ("ships lost", "ships lost", "a player's ships gone to the warp this encounter"),
    ("encounter number", "encounter number", "which encounter of the turn this is"),
    ("foreign colony record", "foreign colony record", "the most foreign colonies of any player"),
    ("victor count", "victor count", "how many players reach their goal as winners are checked"),
    ("lone colony", "lone colonies", "a foreign colony of a single ship"),
):
    noun(_word, "measure", _measure, _doc)
noun(
    "essence cache",
    "measure",
    "essence cache",
    "an essence alien's secret cache",
    plural="essence caches",
)
noun(
    "colonies to win",
    "measure",
    "colonies to win",
    "the foreign colonies a player needs to win",
    plural="colonies to win",
)

for _word, _doc in (
    ("outcome", "the result of the encounter"),
    ("deal", "an agreement between the main players"),
    ("power", "an alien power"),
    ("turn", "the current turn"),
    ("side", "the offense's or the defense's side of an encounter"),
    ("zap", "a card cancelling a power or a card"),
    ("decision", "a choice a player has just made"),
    ("help", "aid a player hires for lucre (the Force's)"),
):
    noun(_word, "thing", _word, _doc)
noun("side", "side", "side", "the offense's or the defense's side of an encounter")

ADJECTIVES.update(
    {
        "random": "picked at random",
        "higher": "the higher of the two encounter cards",
        "highest": "of the greatest value among the cards named",
        "lower": "the lower of the two encounter cards",
        "odd": "an odd number",
        "even": "an even number",
        "empty": "with no ships (a home planet: without a colony of the ships' owner)",
        "revealed": "face up in the encounter",
        "named": "a card the acting player names before looking",
    }
)
ADVERBS.update(
    {
        "at random": "picked at random rather than chosen",
        "face up": "shown to everyone",
        "face down": "hidden: only its owner may look at it",
        "first": "before the others",
        "successfully": "counting as a success for the offense",
        "if able": "only if the player can",
        "at risk": "chosen first and only then open to zaps: a zapped one leaves the game",
    }
)

# ---------------------------------------------------------------- measures


@measure("lucre", "the lucre a player holds")
def _lucre(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].lucre


@measure("foreign colonies", "how many foreign colonies a player has")
def _foreign(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.foreign_colonies(seat)


@measure("home colonies", "how many home colonies a player has")
def _home(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.home_colonies(seat)


@measure("colonies", "how many colonies a player has")
def _colonies(ctx: Ctx, seat: int) -> int:
    return len(ctx.game.state.colonies(seat))


@measure("cards in hand", "how many cards a player holds")
def _hand(ctx: Ctx, seat: int) -> int:
    return len(ctx.game.state.players[seat].hand)


@measure("ships in the warp", "how many of a player's ships are in the warp")
def _warp(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].warp


def _side_list(ctx: Ctx, seat: int, field: str) -> tuple[list[int | None], int] | None:
    enc = current_encounter(ctx)
    if enc is None:
        return None
    side = seat_side(enc, seat)
    if side is None:
        return None
    return getattr(enc, field), side


@measure("total", "a side's total (card value, ships and every modifier)")
def _total(ctx: Ctx, seat: int) -> int:
    found = _side_list(ctx, seat, "totals")
    if found is None:
        return 0
    totals, side = found
    if totals[side] is None:  # not worked out yet (before reveal.totals is over): as things stand
        enc = current_encounter(ctx)
        return (side_total(ctx.game, enc, side) or 0) if enc is not None else 0
    return totals[side] or 0


@setter("total")
def _add_total(ctx: Ctx, seat: int, new: int) -> None:
    enc = current_encounter(ctx)
    side = None if enc is None else seat_side(enc, seat)
    if enc is None or side is None:
        return
    enc.bonus[side] += new - _total(ctx, seat)
    if enc.totals[side] is not None:
        enc.totals[side] = new


@measure("card value", "the value of a side's encounter card (0 if not an attack)")
def _card_value(ctx: Ctx, seat: int) -> int:
    enc = ctx.game.state.encounter
    if enc is None:
        return 0
    if seat == enc.offense or seat in enc.allies[0]:
        return enc.values[0] or 0
    if seat == enc.defense or seat in enc.allies[1]:
        return enc.values[1] or 0
    return 0


@setter("card value")
def _set_card_value(ctx: Ctx, seat: int, new: int) -> None:
    found = _side_list(ctx, seat, "values")
    if found is not None:
        values, side = found
        values[side] = new


def _per_seat(field: str, doc: str, default: int) -> None:
    def read(ctx: Ctx, seat: int) -> int:
        enc = current_encounter(ctx)
        return default if enc is None else int(getattr(enc, field)[seat])

    def write(ctx: Ctx, seat: int, new: int) -> None:
        enc = current_encounter(ctx)
        if enc is not None:
            getattr(enc, field)[seat] = new

    name = doc.split(":")[0]
    measure(name, doc.split(": ", 1)[1])(read)
    setter(name)(write)


_per_seat("ship_limit", "ship limit: how many ships a player may commit to the encounter", 4)
_per_seat("deal_penalty", "deal penalty: ships a main player loses when the deal fails", 3)
_per_seat("comp_factor", "compensation: the multiplier on the compensation a player collects", 1)
_per_seat("reward_factor", "rewards: the multiplier on the rewards a defensive ally collects", 1)
_per_seat("comp_extra", "extra compensation: cards added to the compensation a player collects", 0)
_per_seat("reward_extra", "extra rewards: added to each batch of rewards a player receives", 0)


@measure("foreign colony record", "the most foreign colonies any player has now", owner="board")
def _colony_record(ctx: Ctx, seat: int) -> int:
    st = ctx.game.state
    return max(st.foreign_colonies(p.seat) for p in st.players)


@measure(
    "victor count",
    "how many players reach the foreign colonies they need (while winners are checked)",
    owner="board",
)
def _victor_count(ctx: Ctx, seat: int) -> int:
    from runtime.rules.ships import victors

    need = getattr(ctx.event, "need", None)
    return len(victors(ctx.game, need)) if need is not None else 0


@predicate(
    "is sitting out",
    "the player is in a timeout, now or still to come",
    "is sitting out",
    "are sitting out",
)
def _sitting_out(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(ctx.game.dispatch.pending("take part", s) for s in seats)


@predicate(
    "joined uninvited",
    "the player allied with a side without an invitation this encounter",
    "joined uninvited",
)
def _joined_uninvited(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    joined = enc.marks.get("uninvited", ()) if enc is not None else ()
    return bool(seats) and all(s in joined for s in seats)


@predicate("invited you", "the main player invited you to ally", "invited you")
def _invited_you(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    if enc is None:
        return False
    return bool(seats) and all(
        enc.invited[seat_side(enc, s) or 0][ctx.you]
        for s in seats
        if s in (enc.offense, enc.defense)
    )


@measure("ships lost", "how many of a player's ships went to the warp this encounter")
def _ships_lost(ctx: Ctx, seat: int) -> int:
    enc = current_encounter(ctx)
    return enc.lost_ships[seat] if enc is not None else 0


@measure("encounter number", "which encounter of the turn this is (1 or 2)", owner="board")
def _encounter_number(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.encounters_this_turn


@measure("largest colony", "the most ships a player has on any one planet")
def _largest_colony(ctx: Ctx, seat: int) -> int:
    return max((p.ships[seat] for p in ctx.game.state.planets), default=0)


@measure("lone colonies", "how many foreign colonies of a player hold a single ship")
def _lone_colonies(ctx: Ctx, seat: int) -> int:
    return sum(1 for p in ctx.game.state.planets if p.system != seat and p.ships[seat] == 1)


@measure("colonies to win", "foreign colonies a player needs to win (changed at victory.check)")
def _colonies_to_win(ctx: Ctx, seat: int) -> int:
    need = getattr(ctx.event, "need", None)
    return int(need[seat]) if need is not None else int(ctx.game.setup.option("colonies_to_win"))


@setter("colonies to win")
def _set_colonies_to_win(ctx: Ctx, seat: int, new: int) -> None:
    need = getattr(ctx.event, "need", None)
    if need is not None:
        need[seat] = max(1, new)


# ---------------------------------------------------------------- conditions


def _on_side(ctx: Ctx, seat: int, won: bool) -> bool:
    enc = current_encounter(ctx)
    if enc is None or enc.outcome not in ("offense", "defense"):
        return False
    side = seat_side(enc, seat)
    winning = OFFENSE if enc.outcome == "offense" else DEFENSE
    return side is not None and (side == winning) == won


@predicate("won", "the player's side won the encounter", "won", "won the encounter")
def _won(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(_on_side(ctx, s, True) for s in seats)


@predicate("lost", "the player's side lost the encounter", "lost", "lost the encounter")
def _lost(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(_on_side(ctx, s, False) for s in seats)


@predicate("made a deal", "the player, a main player, made a deal", "made a deal")
def _dealt(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    return enc is not None and enc.deal_made and all(s in (enc.offense, enc.defense) for s in seats)


@predicate(
    "failed to make a deal",
    "the player, a main player, failed to make a deal",
    "failed to make a deal",
)
def _no_deal(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    return (
        enc is not None
        and enc.outcome == "no deal"
        and all(s in (enc.offense, enc.defense) for s in seats)
    )


@predicate("lost ships", "the player lost ships to the warp this encounter", "lost ships")
def _lost_ships(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    return enc is not None and all(enc.lost_ships[s] > 0 for s in seats)


@predicate("has role", "the player holds a role in the encounter", args=(T.PLAYERS, T.WORD))
def _has_role(ctx: Ctx, seats: list[int], role: str) -> bool:
    from runtime.roles import ROLES

    if role == "opponent":
        opp = opponents_of(ctx, None)
        return bool(seats) and all(s in opp for s in seats)
    if role in ("winner", "loser"):
        return bool(seats) and all(s in winners_of(ctx, role == "loser") for s in seats)
    test = ROLES.get(role, ROLES["any player"])[0]
    return bool(seats) and all(test(ctx.game.state, s) for s in seats)


@predicate("is player", "the player is one of the given players", args=(T.PLAYERS, T.PLAYERS))
def _is_player(ctx: Ctx, seats: list[int], others: list[int]) -> bool:
    return bool(seats) and all(s in others for s in seats)


@predicate(
    "card is", "a card is of a type (attack, negotiate, artifact, ...)", args=(T.CARD, T.WORD)
)
def _card_is(ctx: Ctx, target: v.CardTarget, kind: str) -> bool:
    if target.instance is None:
        return False
    return kind in card_types(ctx, target.instance, target.side)


@predicate("both cards are", "both encounter cards are of a type", args=(T.WORD,))
def _both_cards(ctx: Ctx, kind: str) -> bool:
    enc = current_encounter(ctx)
    return enc is not None and all(enc.types[s] == kind for s in (OFFENSE, DEFENSE))


@predicate("odd", "a number is odd", args=(T.NUMBER,))
def _odd(ctx: Ctx, n: int) -> bool:
    return n % 2 == 1


@predicate("even", "a number is even", args=(T.NUMBER,))
def _even(ctx: Ctx, n: int) -> bool:
    return n % 2 == 0


@predicate("ships are owned by", "the event's ships belong to the player", args=(T.PLAYERS,))
def _ships_owned(ctx: Ctx, seats: list[int]) -> bool:
    return getattr(ctx.event, "seat", -1) in seats


@predicate("power zapped", "the player's power is zapped this encounter")
def _zapped(ctx: Ctx, seats: list[int]) -> bool:
    enc = current_encounter(ctx)
    return enc is not None and all(s in enc.zapped for s in seats)


# ---------------------------------------------------------------- neighbours, markers, comparisons

noun(
    "player on your left",
    "player",
    "left",
    "the next player clockwise",
    plural="players on your left",
)
noun(
    "player on your right",
    "player",
    "right",
    "the previous player clockwise",
    plural="players on your right",
)
noun(
    "opposing player",
    "player",
    "opposing",
    "the opponent or one of the opponent's allies",
    plural="opposing players",
)
noun(
    "player in the encounter",
    "player",
    "in encounter",
    "a main player or an ally",
    plural="players in the encounter",
)
noun(
    "player on your side",
    "player",
    "teammate",
    "another player on your side of the encounter (its main player or an ally)",
    plural="players on your side",
)
noun("marker", "measure", "markers", "a counter kept on an alien sheet (Warrior's, Tick-Tock's)")
noun("comparison", "thing", "comparison", "how the two totals decide the winner")


@measure("markers", "how many markers a player keeps on its alien sheet")
def _markers(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].tokens.get("markers", 0)


@setter("markers")
def _set_markers(ctx: Ctx, seat: int, new: int) -> None:
    ctx.game.state.players[seat].tokens["markers"] = max(0, new)
