"""The words of the effect language about essence cards: who holds a card and whose it is, a
player's cache and its uses, the captives held on cards, and face-down cards before a player."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.effects.selectors import SELECTORS
from runtime.modules.essence.hooks import essence_key
from runtime.modules.essence.records import essence_of, placed_of
from runtime.registry import measure, noun, one_player, predicate, setter


def _essence_owner(ctx: Ctx) -> list[int]:
    """The player whose essence alien the effect's card belongs to."""
    placed = placed_of(ctx.game.state).get(ctx.card) if ctx.card is not None else None
    return [placed.owner] if placed is not None else []


def _holder(ctx: Ctx) -> list[int]:
    """The player the effect's essence card lies before."""
    placed = placed_of(ctx.game.state).get(ctx.card) if ctx.card is not None else None
    return [placed.holder] if placed is not None else []


SELECTORS["owner"] = lambda ctx, of: _essence_owner(ctx)
SELECTORS["holder"] = lambda ctx, of: _holder(ctx)
one_player("owner", "holder")
noun(
    "essence card",
    "card",
    "essence",
    "a card of an essence alien's set (never in a deck or a hand)",
)
noun("owner", "player", "owner", "the player whose essence card it is", plural="owners")
noun("holder", "player", "holder", "the player an essence card lies before", plural="holders")
noun("essence use", "measure", "essence uses", "a use this turn of essence cards from a cache")
noun(
    "essence cache",
    "measure",
    "essence cache",
    "an essence alien's secret cache",
    plural="essence caches",
)
noun("captive", "measure", "captives", "a player's ship held captive on an essence card")
noun("old captive", "measure", "old captives", "a captive taken before this turn")


@measure("essence uses", "times this turn a player has used essence cards from its cache")
def _essence_uses(ctx: Ctx, seat: int) -> int:
    return ctx.game.dispatch.used("turn", essence_key(seat))


@setter("essence uses")
def _set_essence_uses(ctx: Ctx, seat: int, new: int) -> None:
    ctx.game.dispatch.add_use("turn", essence_key(seat), new - _essence_uses(ctx, seat))


@measure("essence cache", "how many essence cards a player has in its cache")
def _essence_cache(ctx: Ctx, seat: int) -> int:
    return len(essence_of(ctx.game, seat).cache)


@measure("captives", "how many of a player's ships are held captive")
def _captives(ctx: Ctx, seat: int) -> int:
    return sum(1 for p in placed_of(ctx.game.state).values() if p.captive == seat)


@measure("old captives", "how many of a player's ships were taken captive before this turn")
def _old_captives(ctx: Ctx, seat: int) -> int:
    turn = ctx.game.state.turn
    return sum(
        1 for p in placed_of(ctx.game.state).values() if p.captive == seat and p.since < turn
    )


@predicate(
    "holds a face-down essence card of yours",
    "the player has one of your essence cards face down before it",
    "holds a face-down essence card of yours",
    "hold a face-down essence card of yours",
)
def _holds_hidden(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(_hidden_before(ctx, s) for s in seats)


@predicate(
    "holds no face-down essence card of yours",
    "the player has none of your essence cards face down before it",
    "holds no face-down essence card of yours",
    "hold no face-down essence card of yours",
)
def _holds_no_hidden(ctx: Ctx, seats: list[int]) -> bool:
    return all(not _hidden_before(ctx, s) for s in seats)


@predicate(
    "holds a face-up essence card",
    "an essence card lies face up before the player",
    "holds a face-up essence card",
    "hold a face-up essence card",
)
def _holds_face_up(ctx: Ctx, seats: list[int]) -> bool:
    placed = placed_of(ctx.game.state).values()
    return bool(seats) and all(any(p.holder == s and p.face_up for p in placed) for s in seats)


def _hidden_before(ctx: Ctx, seat: int) -> bool:
    return any(
        p.holder == seat and p.owner == ctx.you and not p.face_up
        for p in placed_of(ctx.game.state).values()
    )
