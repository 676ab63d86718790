"""The conditions of the effect language: tests on players, cards and numbers an effect may ask
about, registered in runtime/registry.py's tables on import."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.selectors import (
    SELECTORS,
    card_types,
    opponents_of,
    seat_side,
    winners_of,
)
from runtime.registry import T, Written, predicate
from runtime.rules.outcome import outcome_as_it_stands
from runtime.state import DEFENSE, OFFENSE


def _on_side(ctx: Ctx, seat: int, won: bool) -> bool:
    enc = ctx.game.state.encounter
    if enc is None or enc.outcome not in ("offense", "defense"):
        return False
    side = seat_side(enc, seat)
    winning = OFFENSE if enc.outcome == "offense" else DEFENSE
    return side is not None and (side == winning) == won


def _all_on_side(ctx: Ctx, seats: list[int], won: bool) -> bool:
    # loops, not all() over a generator, in the tests of the commonest conditions: making the
    # generator cost more than the test of one player
    for s in seats:
        if not _on_side(ctx, s, won):
            return False
    return bool(seats)


@predicate("won", "the player's side won the encounter", "won", "won the encounter")
def _won(ctx: Ctx, seats: list[int]) -> bool:
    return _all_on_side(ctx, seats, True)


@predicate("lost", "the player's side lost the encounter", "lost", "lost the encounter")
def _lost(ctx: Ctx, seats: list[int]) -> bool:
    return _all_on_side(ctx, seats, False)


def _would_be_on_side(ctx: Ctx, seat: int, win: bool) -> bool:
    enc = ctx.game.state.encounter
    if enc is None:
        return False
    outcome = outcome_as_it_stands(ctx.game, enc)
    if outcome not in ("offense", "defense"):
        return False
    side = seat_side(enc, seat)
    winning = OFFENSE if outcome == "offense" else DEFENSE
    return side is not None and (side == winning) == win


@predicate(
    "would win",
    "the player's side would win if the encounter were decided now (totals and comparison as they"
    " stand, once both cards are face up)",
    "would win",
    "would win the encounter",
    example=Written(
        "reveal.after_cards", "if the opponent would win, subtract 2 from the opponent's total"
    ),
)
def _would_win(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(_would_be_on_side(ctx, s, True) for s in seats)


@predicate(
    "would lose",
    "the player's side would lose if the encounter were decided now (totals and comparison as"
    " they stand, once both cards are face up)",
    "would lose",
    "would lose the encounter",
    example=Written("reveal.after_cards", "if you would lose the encounter, add 3 to your total"),
)
def _would_lose(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(_would_be_on_side(ctx, s, False) for s in seats)


@predicate(
    "lost ships",
    "the player lost ships to the warp this encounter",
    "lost ships",
    example=Written("encounter.end", "if you lost ships, draw 1 card"),
)
def _lost_ships(ctx: Ctx, seats: list[int]) -> bool:
    enc = ctx.game.state.encounter
    return enc is not None and all(enc.lost_ships[s] > 0 for s in seats)


@predicate("has role", "the player holds a role in the encounter", args=(T.PLAYERS, T.WORD))
def _has_role(ctx: Ctx, seats: list[int], role: str) -> bool:
    from runtime.roles import ROLES

    if role == "opponent":
        return _is_player(ctx, seats, opponents_of(ctx, None))
    if role in ("winner", "loser"):
        return _is_player(ctx, seats, winners_of(ctx, role == "loser"))
    if role not in ROLES and role in SELECTORS:  # a relation to you: "on your side", "opposing"
        return _is_player(ctx, seats, SELECTORS[role](ctx, None))
    test = ROLES.get(role, ROLES["any player"])[0]
    st = ctx.game.state
    for s in seats:
        if not test(st, s):
            return False
    return bool(seats)


@predicate("is player", "the player is one of the given players", args=(T.PLAYERS, T.PLAYERS))
def _is_player(ctx: Ctx, seats: list[int], others: list[int]) -> bool:
    for s in seats:
        if s not in others:
            return False
    return bool(seats)


@predicate(
    "card is", "a card is of a type (attack, negotiate, artifact, ...)", args=(T.CARD, T.WORD)
)
def _card_is(ctx: Ctx, target: v.CardTarget, kind: str) -> bool:
    if target.instance is None:
        return False
    return kind in card_types(ctx, target.instance, target.side)


@predicate(
    "same card",
    "two cards are the same printed card (the same name and value), as a named card and a card"
    " played",
    args=(T.CARD, T.CARD),
)
def _same_card(ctx: Ctx, one: v.CardTarget, other: v.CardTarget) -> bool:
    if one.instance is None or other.instance is None:
        return False
    return ctx.game.defs[one.instance].id == ctx.game.defs[other.instance].id


@predicate("both cards are", "both encounter cards are of a type", args=(T.WORD,))
def _both_cards(ctx: Ctx, kind: str) -> bool:
    enc = ctx.game.state.encounter
    return enc is not None and enc.types[OFFENSE] == kind and enc.types[DEFENSE] == kind


@predicate("odd", "a number is odd", args=(T.NUMBER,))
def _odd(ctx: Ctx, n: int) -> bool:
    return n % 2 == 1


@predicate("even", "a number is even", args=(T.NUMBER,))
def _even(ctx: Ctx, n: int) -> bool:
    return n % 2 == 0


@predicate("ships are owned by", "the event's ships belong to the player", args=(T.PLAYERS,))
def _ships_owned(ctx: Ctx, seats: list[int]) -> bool:
    return getattr(ctx.event, "seat", -1) in seats
