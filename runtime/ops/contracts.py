"""Ops for bargains struck for lucre during an encounter: insurance sold on ships at risk."""

from __future__ import annotations

from collections.abc import Callable

from runtime.effects.context import Ctx
from runtime.registry import T, obj, op
from runtime.rules import lucre, ships
from runtime.windows import Window

MAX_FEE = 10  # the most an insurer may ask; a fee above every customer's purse sells nothing


@op(
    "insure",
    "insure",
    obj(T.PLAYERS, "customers"),
    doc=(
        "Offer insurance, for a fee the insurer names, on the ships players have in the encounter;"
        " at its end a customer who lost ships gets them back, one who lost none pays the fee."
    ),
)
def insure(ctx: Ctx, seat: int, customers: list[int]) -> None:
    game = ctx.game
    enc = game.state.encounter
    customers = [c for c in customers if c != seat]
    if enc is None or not customers:
        return
    richest = max(game.state.players[c].lucre for c in customers)
    if richest <= 0:
        return
    fee = int(
        game.choose(
            seat,
            "insure.fee",
            "what fee, in lucre, do you ask for insurance?",
            list(range(1, min(richest, MAX_FEE) + 1)),
        )
    )
    game.log("effect", seat, f"offers insurance for {fee} lucre")
    for customer in customers:
        if game.state.players[customer].lucre < fee:
            continue
        prompt = f"insure your ships in this encounter for {fee} lucre?"
        if not game.yes_no(customer, "insure.accept", prompt):
            continue
        game.log("effect", customer, f"takes out insurance for {fee} lucre")
        game.dispatch.delay(
            Window.ENCOUNTER_END.value, _settlement(seat, customer, fee), ctx.copy()
        )


def _settlement(insurer: int, customer: int, fee: int) -> Callable[[Ctx], None]:
    """At the end of the encounter: replace a customer's lost ships, or collect the fee."""

    def settle(ctx: Ctx) -> None:
        game = ctx.game
        enc = game.state.encounter
        lost = enc.lost_ships[customer] if enc is not None else 0
        if lost:
            back = min(lost, game.state.players[customer].warp)
            game.log("effect", customer, f"is insured: {back} lost ship(s) come back")
            ships.retrieve(game, customer, back)
        else:
            lucre.pay(game, customer, fee, insurer)

    return settle
