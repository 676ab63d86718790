"""The rules module `hired_help` (Set 6): a player hired for the rest of an encounter decides the
chance events that touch its client and may make each power, edict or flare that takes effect a
little stronger (the client's) or a little weaker (anyone else's). The help ends as soon as the
helper is a main player, however it became one. Adds the op `offer help`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from runtime.effects.context import Ctx
from runtime.extension import RulesModule, register
from runtime.modules.lucre import purses
from runtime.registry import T, noun, op, pp, word

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
    """The helper chooses the cards of a random pick that touches its client (any pick when
    `involved` is empty); None when there is no such helper."""
    helper = helper_for(game, *involved)
    if helper is None:
        return None
    game.log("effect", helper, f"chooses the {what}")
    return game.choose_many(
        helper, "force.pick", f"choose the {what}", list(pool), count, count, game.card_label
    )


def adjustment(game: Table, user: int, hook: Hook) -> int | None:
    """How much the helper changes each number of a power, edict or flare taking effect: +1 for
    its client's, -1 for anyone else's, 0 if it lets it be."""
    pair = hired(game)
    if pair is None:
        return None
    helper, client = pair
    if user == helper or not game.has_power(helper):
        return 0
    up = user == client
    prompt = f"{'enlarge' if up else 'limit'} {hook.name} by one in each of its numbers?"
    if not game.yes_no(helper, "force.adjust", prompt):
        return 0
    game.log("effect", helper, f"{'enlarges' if up else 'limits'} {hook.name}")
    return 1 if up else -1


noun("help", "thing", "help", "aid a player hires for lucre (a power's)")


@op(
    "offer help",
    "offer",
    word("your help"),
    pp("to", T.PLAYERS, "customers"),
    doc=(
        "Each customer in turn may offer lucre for help, without saying what help; the first offer"
        " taken makes that customer the helper's client for the rest of the encounter."
    ),
)
def offer_help(ctx: Ctx, seat: int, _: str, customers: list[int]) -> None:
    game = ctx.game
    if client_of(game) is not None:
        return
    for customer in customers:
        purse = purses.purse_of(game, customer).lucre
        if customer == seat or purse <= 0:
            continue
        offer = int(
            game.choose(
                customer,
                "force.hire",
                f"offer {game.player_name(seat)} lucre for help (0 to offer nothing)?",
                list(range(purse + 1)),
                passive=0,
            )
        )
        if not offer:
            continue
        prompt = f"take {offer} lucre to help {game.player_name(customer)}?"
        if game.yes_no(seat, "force.accept", prompt):
            purses.pay(game, customer, offer, seat)
            hire(game, seat, customer)
            game.log("effect", seat, f"is hired by {game.player_name(customer)} for {offer} lucre")
            return


MODULE = register(
    RulesModule(
        name="hired_help",
        doc="help hired for lucre: the helper decides its client's chance events and nudges the "
        "numbers of powers, edicts and flares",
        steps={"chance.pick": pick, "effect.nudge": adjustment},
        decision_kinds=("force.hire", "force.accept", "force.pick", "force.adjust"),
        words=("offer help",),
    )
)
