"""Ops on essence cards: lay one from the cache before a player, turn it up, set it aside; and
the setup step of an alien that always opens the game."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.registry import T, flag, obj, op, pp, word
from runtime.rules import essence


@op(
    "lay essence",
    "lay",
    obj(T.CARDS),
    pp("before", T.PLAYERS, "holder", optional=True),
    flag("face down"),
    doc="Lay essence cards of your choice from your cache before a player (you, if nobody is"
    " named), face up unless face down; the cache is refilled from the set at once.",
)
def lay(
    ctx: Ctx, seat: int, cards: v.CardsArg, holders: list[int] | None, face_down: bool | None
) -> None:
    game = ctx.game
    count = cards.count if cards.count is not None else 1
    ctx.moved = []
    for holder in holders if holders is not None else [seat]:
        for _ in range(count):
            cache = game.state.players[seat].cache
            if not cache:
                return
            name = game.player_name(holder)
            pick = game.choose(
                seat,
                "essence.lay",
                f"lay which essence card before {name}?",
                list(cache),
                game.card_label,
            )
            essence.place(game, seat, pick, holder, not face_down)
            ctx.moved.append(pick)


def _placed(ctx: Ctx, target: v.CardTarget) -> int | None:
    instance = target.instance
    return instance if instance is not None and instance in ctx.game.state.placed else None


@op(
    "turn up essence",
    "turn up",
    obj(T.CARD),
    doc="Turn a face-down essence card face up where it lies.",
)
def turn_up(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    if instance is not None:
        essence.flip(ctx.game, instance)


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
        essence.set_aside(ctx.game, instance)


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
    if instance is None or instance not in ctx.game.state.players[seat].cache:
        return
    for holder in holders[:1]:
        essence.place(ctx.game, seat, instance, holder, not face_down)


@op(
    "turn down essence",
    "turn down",
    obj(T.CARD),
    doc="Turn a face-up essence card face down where it lies.",
)
def turn_down(ctx: Ctx, seat: int, target: v.CardTarget) -> None:
    instance = _placed(ctx, target)
    if instance is not None:
        essence.flip(ctx.game, instance, face_up=False)


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
        cache = game.state.players[seat].cache
        if not cache:
            return
        pick = game.choose(
            seat, "essence.cycle", "put which essence card aside?", list(cache), game.card_label
        )
        game.log("effect", seat, "puts an essence card from the cache aside, unavailable")
        essence.set_aside(game, pick)


@op(
    "take back essence",
    "take back",
    word("your essence cards"),
    doc="Every essence card you have laid before players goes to your unavailable pile.",
)
def take_back(ctx: Ctx, seat: int, _: str) -> None:
    essence.recall(ctx.game, seat)


@op(
    "recover essence",
    "recover",
    obj(T.CARDS),
    doc="Take essence cards of your choice from your unavailable pile into your cache, each in"
    " place of a cache card you put on the pile.",
)
def recover(ctx: Ctx, seat: int, cards: v.CardsArg) -> None:
    game = ctx.game
    p = game.state.players[seat]
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
