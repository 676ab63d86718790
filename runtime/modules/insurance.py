"""The rules module `insurance` (Set 6): a player sells insurance policies on the ships its
customers have at risk in the encounter; the fee is held until the encounter ends, then paid to
the insurer, or handed back with the lost ships replaced. Adds the op `insure`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.effects.context import Ctx
from runtime.extension import RulesModule, register
from runtime.modules.lucre import purses
from runtime.registry import LATER_STEPS, T, obj, op
from runtime.rules import ships
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table


@op(
    "insure",
    "insure",
    obj(T.PLAYERS, "customers"),
    doc=(
        "Offer insurance, for a fee the insurer names, on the ships players have in the encounter"
        " (in the gate, on or beside the defensive planet); the fee is held when a policy is taken."
        " At the encounter's end a customer who lost such ships gets them back and its fee back;"
        " one who lost none pays the fee."
    ),
)
def insure(ctx: Ctx, seat: int, customers: list[int]) -> None:
    game = ctx.game
    enc = game.state.encounter
    customers = [c for c in customers if c != seat]
    if enc is None or not customers:
        return
    richest = max(purses.purse_of(game, c).lucre for c in customers)
    if richest <= 0:
        return
    fee = int(
        game.choose(
            seat,
            "insure.fee",
            "what fee, in lucre, do you ask for insurance?",
            list(range(1, richest + 1)),  # a fee above every purse sells nothing
        )
    )
    game.log("effect", seat, f"offers insurance for {fee} lucre")
    for customer in customers:
        if purses.purse_of(game, customer).lucre < fee:
            continue
        prompt = f"insure your ships in this encounter for {fee} lucre?"
        if not game.yes_no(customer, "insure.accept", prompt):
            continue
        game.log("effect", customer, f"takes out insurance for {fee} lucre")
        purses.hold(game, customer, fee)
        covered = ships_at_risk(game, customer)
        game.dispatch.delay(
            Window.ENCOUNTER_END.value, ctx, step=SETTLE, args=(seat, customer, fee, covered)
        )


def ships_at_risk(game: Table, seat: int) -> int:
    """A player's ships directly in the encounter: in the gate, beside the defensive planet or
    on it."""
    enc = game.state.encounter
    if enc is None:
        return 0
    on_planet = game.state.planets[enc.planet].ships[seat] if enc.planet >= 0 else 0
    return enc.gate[seat] + enc.guard[seat] + on_planet


def _settle(ctx: Ctx, insurer: int, customer: int, fee: int, covered: int) -> None:
    """At the end of the encounter: replace the ships a customer lost, up to the number it had
    in the encounter when insured, and hand its held fee back; or pay the held fee to the
    insurer."""
    game = ctx.game
    enc = game.state.encounter
    lost = min(enc.lost_ships[customer], covered) if enc is not None else 0
    if lost:
        back = min(lost, game.state.players[customer].warp)
        game.log("effect", customer, f"is insured: {back} lost ship(s) come back")
        purses.release(game, customer, fee, customer)
        ships.retrieve(game, customer, back)
    else:
        game.log("effect", customer, f"lost no insured ship: pays {fee} lucre")
        purses.release(game, customer, fee, insurer)


SETTLE = "insurance settles"
LATER_STEPS[SETTLE] = _settle


MODULE = register(
    RulesModule(
        name="insurance",
        doc="insurance policies on ships at risk, paid for with a fee held until the encounter ends",
        steps={},
        waits_at=(Window.ENCOUNTER_END.value,),  # the policy settles as the encounter ends
        decision_kinds=("insure.fee", "insure.accept"),
        words=("insure",),
    )
)
