"""Hired help: a player hired for the rest of an encounter (the Force) decides the chance events
that touch its client and may make each power, edict or flare that takes effect a little stronger
(the client's) or a little weaker (anyone else's). The help ends as soon as the helper is a main
player, however it became one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.cards import Hook
    from runtime.table import Table

HIRED = "hired"  # Encounter.marks key: (helper, client)


def hire(game: Table, helper: int, client: int) -> None:
    enc = game.state.encounter
    if enc is not None:
        enc.marks[HIRED] = (helper, client)


def hired(game: Table) -> tuple[int, int] | None:
    """(helper, client) while the help lasts. A helper that has become a main player (drawn as
    the defense, made the offense) helps no one: the help ends there for the encounter."""
    enc = game.state.encounter
    pair = enc.marks.get(HIRED) if enc is not None else None
    if enc is None or pair is None:
        return None
    helper, client = int(pair[0]), int(pair[1])
    if helper in (enc.offense, enc.defense):
        del enc.marks[HIRED]
        game.log("effect", helper, f"is a main player: its help to {game.player_name(client)} ends")
        return None
    return helper, client


def helper_for(game: Table, *seats: int) -> int | None:
    """The hired helper, if it may act now and its client is among `seats` (any client when no
    seats are given)."""
    pair = hired(game)
    if pair is None:
        return None
    helper, client = pair
    if (seats and client not in seats) or not game.has_power(helper):
        return None
    return int(helper)


def client_of(game: Table) -> int | None:
    enc = game.state.encounter
    pair = enc.marks.get(HIRED) if enc is not None else None
    return None if pair is None else int(pair[1])


def pick(
    game: Table, pool: Sequence[int], count: int, involved: Sequence[int], what: str
) -> list[int] | None:
    """Cards to take `count` of at random from `pool`, chosen by a helper instead when its client
    is involved; None leaves the pick to chance."""
    helper = helper_for(game, *involved)
    count = min(count, len(pool))
    if helper is None or count <= 0:
        return None
    game.log("effect", helper, f"chooses the {what}")
    return game.choose_many(
        helper, "force.pick", f"choose the {what}", list(pool), count, count, game.card_label
    )


def adjustment(game: Table, user: int, hook: Hook) -> int:
    """How much the helper changes each number of a power, edict or flare taking effect: +1 for
    its client's, -1 for anyone else's, 0 if it lets it be."""
    pair = hired(game)
    if pair is None:
        return 0
    helper, client = pair
    if user == helper or not game.has_power(helper):
        return 0
    up = user == client
    prompt = f"{'enlarge' if up else 'limit'} {hook.name} by one in each of its numbers?"
    if not game.yes_no(helper, "force.adjust", prompt):
        return 0
    game.log("effect", helper, f"{'enlarges' if up else 'limits'} {hook.name}")
    return 1 if up else -1


def take_random(game: Table, taker: int, victim: int, count: int) -> list[int]:
    """Move `count` cards at random from the victim's hand to the taker's (a helper picks them
    instead when its client is involved)."""
    hand = game.state.players[victim].hand
    count = min(count, len(hand))
    picked = pick(game, hand, count, (taker, victim), "cards to take")
    if picked is None:
        picked = game.state.rng.sample(hand, count) if count else []
    for card in picked:
        game.from_hand(victim, card)
        game.to_hand(taker, card)
    return picked
