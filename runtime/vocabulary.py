"""The nouns, selectors, measures and conditions of the effect language, and the helpers that
read them from the game (whose card is whose, which cards match, how many ships are where)."""

from __future__ import annotations

from collections.abc import Callable

from runtime import ir
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.registry import ADJECTIVES, ADVERBS, T, measure, noun, predicate, setter
from runtime.rules.outcome import ships_in_encounter, side_total
from runtime.state import DEFENSE, OFFENSE, Encounter, State

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

# ---------------------------------------------------------------- selectors


def _enc(ctx: Ctx) -> Encounter | None:
    return ctx.game.state.encounter


def _side_of(enc: Encounter, seat: int) -> int | None:
    if seat == enc.offense or seat in enc.allies[OFFENSE]:
        return OFFENSE
    if seat == enc.defense or seat in enc.allies[DEFENSE]:
        return DEFENSE
    return None


def side_of(ctx: Ctx, seat: int) -> int | None:
    enc = _enc(ctx)
    return None if enc is None else _side_of(enc, seat)


def _main(enc: Encounter, side: int) -> int:
    return enc.offense if side == OFFENSE else enc.defense


def _order(ctx: Ctx) -> list[int]:
    return ctx.game.dispatch.order()


def _opponent(ctx: Ctx, of: str | None) -> list[int]:
    enc = _enc(ctx)
    if enc is None or enc.defense < 0:
        return []
    side = _side_of(enc, ctx.subject if ctx.subject >= 0 else ctx.you)
    if side is None:
        side = _side_of(enc, ctx.you)
    return [] if side is None else [_main(enc, 1 - side)]


def _allies(ctx: Ctx, of: str | None) -> list[int]:
    enc = _enc(ctx)
    if enc is None:
        return []
    if of == "offense":
        return list(enc.allies[OFFENSE])
    if of == "defense":
        return list(enc.allies[DEFENSE])
    if of in ("you", "subject", "opponent"):
        seat = ctx.you if of == "you" else ctx.subject
        side = _side_of(enc, seat)
        if side is None:
            return []
        if of == "opponent":
            side = 1 - side
        return [s for s in enc.allies[side] if s != seat]
    return [*enc.allies[OFFENSE], *enc.allies[DEFENSE]]


def _winners(ctx: Ctx, losers: bool) -> list[int]:
    enc = _enc(ctx)
    if enc is None or enc.outcome not in ("offense", "defense"):
        return []
    side = OFFENSE if enc.outcome == "offense" else DEFENSE
    return [_main(enc, 1 - side if losers else side)]


def _teammates(ctx: Ctx) -> list[int]:
    """The other players on the effect owner's side: its main player and allies."""
    enc = _enc(ctx)
    if enc is None or enc.defense < 0:
        return []
    side = _side_of(enc, ctx.you)
    if side is None:
        return []
    return [s for s in (_main(enc, side), *enc.allies[side]) if s != ctx.you]


def _opposing(ctx: Ctx) -> list[int]:
    """The main player and allies on the other side from the effect's owner."""
    enc = _enc(ctx)
    if enc is None or enc.defense < 0:
        return []
    side = _side_of(enc, ctx.you)
    if side is None:
        return []
    return [_main(enc, 1 - side), *enc.allies[1 - side]]


def _in_encounter(ctx: Ctx) -> list[int]:
    enc = _enc(ctx)
    if enc is None or enc.defense < 0:
        return []
    inside = {enc.offense, enc.defense, *enc.allies[OFFENSE], *enc.allies[DEFENSE]}
    return [s for s in _order(ctx) if s in inside]


SELECTORS: dict[str, Callable[[Ctx, str | None], list[int]]] = {
    "you": lambda ctx, of: [ctx.you],
    "they": lambda ctx, of: [ctx.they],
    "subject": lambda ctx, of: [ctx.subject],
    "opponent": _opponent,
    "offense": lambda ctx, of: [e.offense] if (e := _enc(ctx)) else [ctx.game.state.offense],
    "defense": lambda ctx, of: [e.defense] if (e := _enc(ctx)) and e.defense >= 0 else [],
    "main player": lambda ctx, of: (
        [e.offense, e.defense] if (e := _enc(ctx)) and e.defense >= 0 else []
    ),
    "ally": _allies,
    "offensive ally": lambda ctx, of: _allies(ctx, "offense"),
    "defensive ally": lambda ctx, of: _allies(ctx, "defense"),
    "player": lambda ctx, of: _order(ctx),
    "winner": lambda ctx, of: _winners(ctx, False),
    "loser": lambda ctx, of: _winners(ctx, True),
    "event player": lambda ctx, of: [ctx.event.seat] if hasattr(ctx.event, "seat") else [],
    "in encounter": lambda ctx, of: _in_encounter(ctx),
    "opposing": lambda ctx, of: _opposing(ctx),
    "teammate": lambda ctx, of: _teammates(ctx),
    "left": lambda ctx, of: [(ctx.you + 1) % ctx.game.state.n],
    "right": lambda ctx, of: [(ctx.you - 1) % ctx.game.state.n],
}


def sides_of(ctx: Ctx, which: str) -> list[int]:
    """The encounter sides a side phrase names (asking the owner for `either side`)."""
    enc = _enc(ctx)
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
    side = _side_of(enc, ctx.subject)
    if side is None:
        return []
    return [side] if which == "yours" else [1 - side]


# ---------------------------------------------------------------- cards


def card_target(ctx: Ctx, which: str, owner: int) -> v.CardTarget:
    enc = _enc(ctx)
    if which == "this":
        return v.CardTarget(ctx.card)
    if which == "event":
        instance = getattr(ctx.event, "instance", None)
        return v.CardTarget(instance if instance is not None else ctx.card)
    if enc is None:
        return v.CardTarget(None)
    if which in ("higher", "lower"):
        a, b = enc.values
        if a is None or b is None or a == b or enc.types[0] != "attack" or enc.types[1] != "attack":
            return v.CardTarget(None)
        higher = OFFENSE if a > b else DEFENSE
        pick = higher if which == "higher" else 1 - higher
        return v.CardTarget(enc.cards[pick], pick)
    side = _side_of(enc, owner)
    if side is None:
        return v.CardTarget(None)
    if which == "kicker":
        return v.CardTarget(enc.kickers[side], side)
    return v.CardTarget(enc.cards[side], side)


def card_types(ctx: Ctx, instance: int, side: int | None = None) -> set[str]:
    """The kinds and types a card counts as (an encounter card as revealed or changed)."""
    card = ctx.game.defs[instance]
    kinds = {card.kind}
    enc = _enc(ctx)
    if card.kind == "encounter":
        kinds.add("encounter")
        typ = card.type
        if side is not None and enc is not None and enc.types[side] is not None:
            typ = enc.types[side]
        if typ:
            kinds.add(typ)
    elif card.type:
        kinds.add(card.type)
    return kinds


def matches(ctx: Ctx, instance: int, f: ir.CardFilter) -> bool:
    card = ctx.game.defs[instance]
    if f.named is not None and card.id != f.named:
        return False
    if f.types is not None and not (f.types & card_types(ctx, instance)):
        return False
    if f.min_value is not None and (card.value is None or card.value < f.min_value):
        return False
    return not (f.max_value is not None and (card.value is None or card.value > f.max_value))


def cards_matching(ctx: Ctx, arg: v.CardsArg) -> list[int]:
    if arg.instances is not None:
        return list(arg.instances)
    st = ctx.game.state
    if arg.filter.types is not None and "essence" in arg.filter.types:
        # a player's essence cards are the ones it has laid face up, never a hand's
        return [i for i, p in st.placed.items() if p.owner == arg.owner and p.face_up]
    if arg.zone == "hand":
        pool = st.players[arg.owner].hand if arg.owner >= 0 else []
    elif arg.zone == "discard":
        pool = st.discard
    elif arg.zone == "deck":
        pool = st.deck
    elif arg.zone == "those":
        pool = those_cards(ctx, arg.owner)
    else:
        pool = []
    if (
        arg.filter.types is None
        and arg.filter.named is None
        and arg.filter.min_value is None
        and arg.filter.max_value is None
    ):
        return list(pool)
    found = [c for c in pool if matches(ctx, c, arg.filter)]
    if arg.filter.highest and found:
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


# ---------------------------------------------------------------- ships


def event_count(event: object) -> int:
    """The number an event carries ("that many"): for ships, all it named, even those an
    `instead` line has already sent elsewhere."""
    named = getattr(event, "named", None)
    return int(named if named is not None else getattr(event, "count", 0) or 0)


def count_ships(ctx: Ctx, arg: v.ShipsArg) -> int:
    st = ctx.game.state
    if arg.event:
        return event_count(ctx.event)
    kind = arg.place.kind if arg.place else "colonies"
    where = arg.place.owner if arg.place else -1
    owners = range(st.n) if arg.owner < 0 else [arg.owner]
    total = 0
    for seat in owners:
        total += ships_at(ctx, seat, kind, where)
    return total


def ships_in_the_encounter(ctx: Ctx, seat: int) -> int:
    enc = ctx.game.state.encounter
    if enc is None:
        return 0
    if seat == enc.offense:
        return enc.gate[seat]
    if seat == enc.defense:
        return ctx.game.state.planets[enc.planet].ships[seat] if enc.planet >= 0 else 0
    return enc.gate[seat] + enc.guard[seat]


def ships_in_the_warp(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].warp


# Direct counters for the places phrases name most often (generated code binds these).
SHIP_COUNTERS = {"encounter": ships_in_the_encounter, "warp": ships_in_the_warp}


def place_planets(st: State, kind: str, owner: int) -> list[int] | None:
    """The planets a place owned by `owner` names: the planets of its home system, or those where
    it has a colony (at home, abroad, or anywhere); None for a place that is not planets."""
    planets = st.planets
    if kind == "home planets":
        return [p.id for p in planets if p.system == owner]
    if kind == "home colonies":
        return [p.id for p in planets if p.system == owner and p.ships[owner]]
    if kind == "foreign colonies":
        return [p.id for p in planets if p.system != owner and p.ships[owner]]
    if kind == "colonies":
        return [p.id for p in planets if p.ships[owner]]
    if kind == "planets":
        return [p.id for p in planets]
    return None


def ships_at(ctx: Ctx, seat: int, kind: str, owner: int = -1) -> int:
    """How many of `seat`'s ships are at a place; a place of planets belongs to `owner` (the
    ships' owner when -1): "your ships in the defense's home colonies"."""
    st = ctx.game.state
    if owner >= 0 and owner != seat:
        found = place_planets(st, kind, owner)
        if found is not None:
            return sum(st.planets[p].ships[seat] for p in found)
    enc = st.encounter
    if kind == "warp":
        return st.players[seat].warp
    if kind == "encounter":
        return 0 if enc is None else ships_in_encounter(ctx.game, enc, seat)
    if kind == "gate":
        return 0 if enc is None else enc.gate[seat]
    if kind == "target planet":
        return 0 if enc is None or enc.planet < 0 else st.planets[enc.planet].ships[seat]
    if kind == "home colonies":
        return sum(p.ships[seat] for p in st.planets if p.system == seat)
    if kind == "foreign colonies":
        return sum(p.ships[seat] for p in st.planets if p.system != seat)
    if kind == "home planets":
        return sum(p.ships[seat] for p in st.planets if p.system == seat)
    return st.ships_in_play(seat)


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
    enc = _enc(ctx)
    if enc is None:
        return None
    side = _side_of(enc, seat)
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
        enc = _enc(ctx)
        return (side_total(ctx.game, enc, side) or 0) if enc is not None else 0
    return totals[side] or 0


@setter("total")
def _add_total(ctx: Ctx, seat: int, new: int) -> None:
    enc = _enc(ctx)
    side = None if enc is None else _side_of(enc, seat)
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
        enc = _enc(ctx)
        return default if enc is None else int(getattr(enc, field)[seat])

    def write(ctx: Ctx, seat: int, new: int) -> None:
        enc = _enc(ctx)
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
    enc = _enc(ctx)
    joined = enc.marks.get("uninvited", ()) if enc is not None else ()
    return bool(seats) and all(s in joined for s in seats)


@predicate("invited you", "the main player invited you to ally", "invited you")
def _invited_you(ctx: Ctx, seats: list[int]) -> bool:
    enc = _enc(ctx)
    if enc is None:
        return False
    return bool(seats) and all(
        enc.invited[_side_of(enc, s) or 0][ctx.you]
        for s in seats
        if s in (enc.offense, enc.defense)
    )


@measure("ships lost", "how many of a player's ships went to the warp this encounter")
def _ships_lost(ctx: Ctx, seat: int) -> int:
    enc = _enc(ctx)
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
    enc = _enc(ctx)
    if enc is None or enc.outcome not in ("offense", "defense"):
        return False
    side = _side_of(enc, seat)
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
    enc = _enc(ctx)
    return enc is not None and enc.deal_made and all(s in (enc.offense, enc.defense) for s in seats)


@predicate(
    "failed to make a deal",
    "the player, a main player, failed to make a deal",
    "failed to make a deal",
)
def _no_deal(ctx: Ctx, seats: list[int]) -> bool:
    enc = _enc(ctx)
    return (
        enc is not None
        and enc.outcome == "no deal"
        and all(s in (enc.offense, enc.defense) for s in seats)
    )


@predicate("lost ships", "the player lost ships to the warp this encounter", "lost ships")
def _lost_ships(ctx: Ctx, seats: list[int]) -> bool:
    enc = _enc(ctx)
    return enc is not None and all(enc.lost_ships[s] > 0 for s in seats)


@predicate("has role", "the player holds a role in the encounter", args=(T.PLAYERS, T.WORD))
def _has_role(ctx: Ctx, seats: list[int], role: str) -> bool:
    from runtime.roles import ROLES

    if role == "opponent":
        opp = _opponent(ctx, None)
        return bool(seats) and all(s in opp for s in seats)
    if role in ("winner", "loser"):
        return bool(seats) and all(s in _winners(ctx, role == "loser") for s in seats)
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
    enc = _enc(ctx)
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
    enc = _enc(ctx)
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
