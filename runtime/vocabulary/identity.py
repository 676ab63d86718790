"""Identity and ownership conditions for any player: who played a card, how a flare was played,
whose power or card a zap is aimed at, and the player the destiny card points at. Registered in
runtime/registry.py's tables on import (nothing in; predicates, a selector and a noun out)."""

from __future__ import annotations

from typing import Any

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import SELECTORS
from runtime.registry import T, noun, one_player, predicate


def _plays_in_view(ctx: Ctx) -> list[Any]:
    """The card plays the window's event knows about: the play itself, or the play a zap is
    aimed at (each with a seat, an instance and a hook)."""
    event = ctx.event
    found = [event, getattr(event, "target", None)]
    return [e for e in found if e is not None and hasattr(e, "instance") and hasattr(e, "seat")]


def card_player(ctx: Ctx, target: v.CardTarget) -> int | None:
    """The player who played a card: the one playing it now, or the main player whose side
    it stands for in the encounter (its encounter card or kicker)."""
    if target.instance is None:
        return None
    for play in _plays_in_view(ctx):
        if play.instance == target.instance:
            return int(play.seat)
    enc = ctx.game.state.encounter
    if enc is None:
        return None
    side = target.side
    if side is None:
        for s in (0, 1):
            if target.instance == enc.kickers[s] or target.instance in enc.cards_on(s):
                side = s
    if side is None:
        return None
    return enc.offense if side == 0 else enc.defense


@predicate(
    "card played by",
    "a card was played by one of the players (the player playing it now, or the main player"
    " whose encounter card or kicker it is)",
    "was played by",
    "were played by",
    args=(T.CARD, T.PLAYERS),
)
def _played_by(ctx: Ctx, target: v.CardTarget, seats: list[int]) -> bool:
    seat = card_player(ctx, target)
    return seat is not None and seat in seats


def _played_as(ctx: Ctx, target: v.CardTarget, half: str) -> bool:
    for play in _plays_in_view(ctx):
        if play.instance == target.instance and target.instance is not None:
            hook = getattr(play, "hook", None)
            return hook is not None and hook.kind == half
    return False


@predicate(
    "played wild",
    "a flare being played (or zapped) is played for its wild half",
    "was played wild",
    "is played wild",
    args=(T.CARD,),
)
def _played_wild(ctx: Ctx, target: v.CardTarget) -> bool:
    return _played_as(ctx, target, "wild")


@predicate(
    "played super",
    "a flare being played (or zapped) is played for its super half",
    "was played super",
    "is played super",
    args=(T.CARD,),
)
def _played_super(ctx: Ctx, target: v.CardTarget) -> bool:
    return _played_as(ctx, target, "super")


@predicate(
    "zap targets",
    "a zap being played is aimed at the power of one of the players (as they use it)",
    "targets",
    "targeted",
    args=(T.WORD, T.POWER),
)
def _zap_targets(ctx: Ctx, what: str, seats: list[int]) -> bool:
    aimed = getattr(ctx.event, "target", None)
    if aimed is None or hasattr(aimed, "instance"):
        return False  # no zap, or a zap aimed at a card rather than a power
    seat = getattr(aimed, "seat", None)
    return seat is not None and seat in seats


def destiny_player(ctx: Ctx, of: str | None) -> list[int]:
    """The player the destiny card drawn this encounter names by colour or by its text; nobody
    for a wild card (the offense picks), nor before a card is drawn."""
    enc = ctx.game.state.encounter
    if enc is None or enc.destiny is None:
        return []
    game = ctx.game
    card = game.defs[enc.destiny]
    if card.type == "color":
        return [p.seat for p in game.state.players if p.color == card.color]
    if card.type == "wild":
        return []
    target = game.rules.destiny_target(game, card)
    return [] if target is None else [target]


SELECTORS["destiny player"] = destiny_player
one_player("destiny player")  # a colour names one player
noun(
    "player destiny points at",
    "player",
    "destiny player",
    "the player the destiny card drawn names (by colour or by its text; nobody for a wild card)",
    plural="players destiny points at",
)
