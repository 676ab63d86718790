"""Deals an effect makes: the `make a deal with PLAYERS` op (two players of any roles bargain as
the main players do when both negotiate) and what its outcome leaves for later statements of the
same use (`if you made a deal:`, `if you failed to make a deal:`), registered on import."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.registry import T, op, pp, predicate
from runtime.rules import deal

# what a deal made by the effect leaves in its names (Ctx.names): "made" or "failed", and its parties
OUTCOME, MAKER, PARTNER = "deal", "deal maker", "deal partner"


def _has_partner(ctx: Ctx, seat: int, partners: list[int]) -> bool:
    return any(p != seat for p in partners[:1])


@op(
    "make deal",
    "make a deal",
    pp("with", T.PLAYERS, "partner"),
    doc="Bargain with another player (the first named) as the main players do when both"
    " negotiate, whatever roles the two have: offers each way of colonies (on planets where the"
    " other has one), cards and a rules module's terms, until one is accepted or the offers run"
    " out. A failed deal costs nothing; later lines test it with `you made a deal` or `you failed"
    " to make a deal`.",
    feasible=_has_partner,
)
def make_deal(ctx: Ctx, seat: int, partners: list[int]) -> None:
    for partner in partners[:1]:
        if partner == seat:
            continue
        made = deal.make(ctx.game, seat, partner)
        ctx.names[OUTCOME] = "made" if made else "failed"
        ctx.names[MAKER], ctx.names[PARTNER] = seat, partner


def effect_deal(ctx: Ctx) -> tuple[bool, tuple[int, int]] | None:
    """The deal this use of the effect made, if it made one: whether it was made, and its two
    players."""
    outcome = ctx.names.get(OUTCOME)
    maker, partner = ctx.names.get(MAKER), ctx.names.get(PARTNER)
    if outcome is None or not isinstance(maker, int) or not isinstance(partner, int):
        return None
    return outcome == "made", (maker, partner)


def _party(ctx: Ctx, seats: list[int], made: bool) -> bool:
    """Whether each of the players was a party to the deal and it went `made`'s way: the deal this
    use of the effect made, if any, else the encounter's deal between its main players."""
    mine = effect_deal(ctx)
    if mine is not None:
        return bool(seats) and mine[0] == made and all(s in mine[1] for s in seats)
    enc = ctx.game.state.encounter
    if enc is None or not (enc.deal_made if made else enc.outcome == "no deal"):
        return False
    return all(s in (enc.offense, enc.defense) for s in seats)


@predicate(
    "made a deal",
    "the player made a deal: in the effect's own `make a deal`, once it has made one, else as a"
    " main player of the encounter",
    "made a deal",
)
def _dealt(ctx: Ctx, seats: list[int]) -> bool:
    return _party(ctx, seats, True)


@predicate(
    "failed to make a deal",
    "the player failed to make a deal: in the effect's own `make a deal`, once it has made one,"
    " else as a main player of the encounter",
    "failed to make a deal",
)
def _no_deal(ctx: Ctx, seats: list[int]) -> bool:
    return _party(ctx, seats, False)
