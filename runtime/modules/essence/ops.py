"""Ops on essence cards (lay, pass, turn up or down, set aside, cycle, recover, take back), the
captives and hostages the Alien holds, and the setup step of an alien that opens the game."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.ship_places import ON_PLANETS
from runtime.modules.essence import lifecycle
from runtime.modules.essence.records import essence_of, placed_of
from runtime.ops.ship_moves import choose_from, how_many, sources_at
from runtime.registry import T, flag, obj, op, pp, word
from runtime.rules import ship_pieces, systems
from runtime.rules import ships as moves
from runtime.rules.ships import Source


@op(
    "lay essence",
    "lay",
    obj(T.CARDS),
    pp("before", T.PLAYERS, "holder", optional=True),
    flag("face down"),
    flag("at risk"),
    doc="Lay essence cards of your choice from your cache before a player (you, if nobody is"
    " named), face up unless face down; the cache is refilled from the set at once. At risk:"
    " each card is chosen first and its laying is the power's use that a zap may cancel; a zapped"
    " card leaves the game for good.",
)
def lay(
    ctx: Ctx,
    seat: int,
    cards: v.CardsArg,
    holders: list[int] | None,
    face_down: bool | None,
    at_risk: bool | None,
) -> None:
    game = ctx.game
    count = cards.count if cards.count is not None else 1
    ctx.moved = []
    for holder in holders if holders is not None else [seat]:
        for _ in range(count):
            cache = essence_of(game, seat).cache
            if not cache or (at_risk and not game.has_power(seat)):
                return
            name = game.player_name(holder)
            pick = game.choose(
                seat,
                "essence.lay",
                f"lay which essence card before {name}?",
                list(cache),
                game.card_label,
            )
            if at_risk and game.dispatch.zapped(seat, ctx.hook):
                lifecycle.remove_from_game(game, seat, pick)
                continue
            lifecycle.place(game, seat, pick, holder, not face_down)
            ctx.moved.append(pick)


def _placed(ctx: Ctx, target: v.CardTarget) -> int | None:
    instance = target.instance
    return instance if instance is not None and instance in placed_of(ctx.game.state) else None


@op(
    "turn up essence",
    "turn up",
    obj(T.CARD),
    doc="Turn a face-down essence card face up where it lies.",
)
def turn_up(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    if instance is not None:
        lifecycle.flip(ctx.game, instance)


@op(
    "set aside essence",
    "set aside",
    obj(T.CARD),
    doc="Put a placed essence card face up on its owner's unavailable pile.",
)
def set_aside(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    if instance is not None:
        ctx.game.log("effect", seat, f"sets {ctx.game.card_label(instance)} aside, unavailable")
        lifecycle.set_aside(ctx.game, instance)


@op(
    "open the game",
    "open",
    word("the game"),
    doc="At setup: the player takes the first turn of the game, whoever was to start.",
)
def take_first_turn(ctx: Ctx, seat: int, _: str) -> None:
    st = ctx.game.state
    if st.turn == 0 and st.offense != seat:
        st.offense = seat
        ctx.game.log("effect", seat, "opens the game: it takes the first turn instead")


@op(
    "pass essence",
    "pass",
    obj(T.CARD),
    pp("to", T.PLAYERS, "holder"),
    flag("face down"),
    doc="Lay an essence card from your cache before another player (face up unless face down).",
)
def pass_essence(
    ctx: Ctx, seat: int, target: v.CardTarget, holders: list[int], face_down: bool | None
) -> None:
    instance = target.instance
    if instance is None or instance not in essence_of(ctx.game, seat).cache:
        return
    for holder in holders[:1]:
        lifecycle.place(ctx.game, seat, instance, holder, not face_down)


@op(
    "turn down essence",
    "turn down",
    obj(T.CARD),
    doc="Turn a face-up essence card face down where it lies.",
)
def turn_down(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    if instance is not None:
        lifecycle.flip(ctx.game, instance, face_up=False)


@op(
    "cycle essence",
    "cycle",
    obj(T.CARDS),
    doc="Put essence cards of your choice from your cache on your unavailable pile; the cache"
    " is refilled.",
)
def cycle(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    game = ctx.game
    for _ in range(cards.count if cards.count is not None else 1):
        cache = essence_of(game, seat).cache
        if not cache:
            return
        pick = game.choose(
            seat, "essence.cycle", "put which essence card aside?", list(cache), game.card_label
        )
        game.log("effect", seat, "puts an essence card from the cache aside, unavailable")
        lifecycle.set_aside(game, pick)


@op(
    "take back essence",
    "take back",
    word("your essence cards"),
    doc="Every essence card you have laid before players goes to your unavailable pile.",
)
def take_back(ctx: Ctx, seat: int, _: str) -> None:
    lifecycle.recall(ctx.game, seat)


@op(
    "recover essence",
    "recover",
    obj(T.CARDS),
    doc="Take essence cards of your choice from your unavailable pile into your cache, each in"
    " place of a cache card you put on the pile.",
)
def recover(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    game = ctx.game
    p = essence_of(game, seat)
    for _ in range(cards.count if cards.count is not None else 1):
        if not p.unavailable or not p.cache:
            return
        back = game.choose(
            seat,
            "essence.recover",
            "take back which essence card?",
            list(p.unavailable),
            game.card_label,
        )
        out = game.choose(
            seat, "essence.cycle", "put which cache card aside?", list(p.cache), game.card_label
        )
        p.unavailable.remove(back)
        p.cache[p.cache.index(out)] = back
        p.unavailable.append(out)
        game.log("effect", seat, f"takes {game.card_label(back)} back into the cache")


def _spare_colonies(ctx: Ctx, victim: int, place: v.PlaceArg | None) -> list[int]:
    """The planets where the victim has two ships or more: of the place its ships are named in,
    or any."""
    if place is None:
        return [p.id for p in ctx.game.state.planets if p.ships[victim] >= 2]
    return [p for p, n in sources_at(ctx, victim, place).items() if isinstance(p, int) and n >= 2]


@op(
    "capture",
    "capture",
    obj(T.SHIPS, places=ON_PLANETS),
    doc="Take ships of a player as captives, one at a time from a colony where it has two or more"
    " (one of the place its ships are named in, if any), each set on an essence card of your"
    " choice laid face down beside your alien sheet: as many as named, while such colonies and"
    " cache cards last.",
)
def capture(ctx: Ctx, seat: int, ships: v.ShipsArg) -> None:
    game = ctx.game
    victim = ships.owner
    if victim < 0 or victim == seat:
        return
    wanted = ships.count  # None: all that can be taken
    if ships.up_to and wanted:
        spare = sum(
            game.state.planets[p].ships[victim] - 1
            for p in _spare_colonies(ctx, victim, ships.place)
        )
        wanted = how_many(ctx, seat, 0, min(wanted, spare))
    taken = 0
    while wanted is None or taken < wanted:
        colonies = _spare_colonies(ctx, victim, ships.place)
        cache = essence_of(game, seat).cache
        if not colonies or not cache:
            return
        _take_captive(ctx, seat, victim, colonies, cache)
        taken += 1


def _take_captive(ctx: Ctx, seat: int, victim: int, colonies: list[int], cache: list[int]) -> None:
    """One of the victim's ships from a colony the capturer picks, set on an essence card."""
    game = ctx.game
    planet = game.choose(
        seat, "essence.capture", "take a captive from which colony?", colonies, game.planet_name
    )
    card = game.choose(
        seat, "essence.lay", "set the captive on which essence card?", list(cache), game.card_label
    )
    ship_pieces.decide(game, victim, {planet: 1}, seat)
    ship_pieces.leaving(game, victim, planet, 1, seat)
    systems.add_ships(game, planet, victim, -1)
    lifecycle.place(game, seat, card, seat, False, captive=victim)
    ship_pieces.arrived(game, victim, ship_pieces.held_key(lifecycle.CAPTIVE, card))
    game.log("effect", seat, f"takes a ship of {game.player_name(victim)} captive")
    moves.update_powers(game, victim)


@op(
    "release captives",
    "release",
    word("your captives"),
    pp("to", T.PLAYERS, "owners"),
    doc="Captives taken on an earlier turn rejoin their owners in the encounter (the offense's in"
    " the gate, the defense's on the target planet, whatever the limits); the essence card under"
    " each is laid face down before the captive's owner.",
)
def release(ctx: Ctx, seat: int, _: str, owners: list[int]) -> None:
    game = ctx.game
    st = game.state
    enc = st.encounter
    if enc is None or enc.planet < 0:
        return
    for card, placed in list(placed_of(st).items()):
        owner = placed.captive
        if placed.owner != seat or owner not in owners or placed.since >= st.turn:
            continue
        if owner not in (enc.offense, enc.defense):
            continue
        ship_pieces.leaving(game, owner, ship_pieces.held_key(lifecycle.CAPTIVE, card), 1, -1, 1)
        if owner == enc.offense:
            enc.gate[owner] += 1
            ship_pieces.arrived(game, owner, ship_pieces.GATE)
        else:
            systems.add_ships(game, enc.planet, owner, 1)
            ship_pieces.arrived(game, owner, enc.planet)
        placed.captive, placed.holder = -1, owner
        game.log(
            "effect", seat, f"frees the captive of {game.player_name(owner)} into the encounter"
        )


@op(
    "seize",
    "seize",
    obj(T.SHIPS, places=ON_PLANETS),
    doc="Hold a player's ships (taken from its colonies, or from the place they are named in; its"
    " choice) as hostages until the end of the turn, when they go back to its colonies: as many as"
    " named, all of them when no number is, or as many as the seizer says for `up to`.",
)
def seize(ctx: Ctx, seat: int, ships: v.ShipsArg) -> None:
    game = ctx.game
    st = game.state
    victim = ships.owner
    if victim < 0 or victim == seat:
        return
    sources: dict[Source, int] = {}
    if ships.place is None:
        available = moves.free_ships(game, victim)
    else:  # the ships of the place named, the victim's choice among them
        sources = {
            p: n for p, n in sources_at(ctx, victim, ships.place).items() if isinstance(p, int)
        }
        available = sum(sources.values())
    # `seize their ships`: all of them; `up to 3`: as many as the seizer says
    wanted = available if ships.count is None else min(ships.count, available)
    if ships.up_to:
        wanted = how_many(ctx, seat, 0, wanted)
    if ships.place is None:
        picked = moves.pick_ships(
            game, victim, wanted, wanted, "ships.hostage", f"give {wanted} ship(s) as hostages"
        )
    else:
        picked = choose_from(ctx, victim, victim, sources, wanted, "seize") if wanted else {}
    taken = 0
    for src, k in picked.items():
        moves.remove_from(game, victim, src, k)
        taken += k
    if taken:
        st.hostages.append([seat, victim, taken])
        ship_pieces.arrived(game, victim, ship_pieces.HOSTAGE)
        game.log("effect", seat, f"holds {taken} ship(s) of {game.player_name(victim)} hostage")
        moves.update_powers(game, victim)


@op(
    "publish essence",
    "publish",
    obj(T.CARD),
    doc="Move a laid essence card to the middle of the table, where every player may use it.",
)
def publish(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    placed = placed_of(ctx.game.state).get(instance) if instance is not None else None
    if instance is not None and placed is not None and placed.holder >= 0:
        placed.holder = -1
        ctx.game.log("effect", seat, f"{ctx.game.card_label(instance)} goes public")


@op(
    "share essence",
    "share",
    obj(T.CARDS),
    pp("with", T.PLAYERS, "partner"),
    doc="Let another player lay one of the face-up essence cards before you next to its own"
    " sheet: both of you may use it.",
)
def share(ctx: Ctx, seat: int, cards: v.CardsArg, partners: list[int]) -> None:
    game = ctx.game
    mine = [i for i, p in placed_of(game.state).items() if p.holder == seat and p.face_up]
    for partner in partners[:1]:
        if not mine or partner == seat:
            return
        pick = game.choose(seat, "essence.share", "share which card?", mine, game.card_label)
        placed_of(game.state)[pick].holder = partner
        game.log("effect", seat, f"shares {game.card_label(pick)} with {game.player_name(partner)}")
