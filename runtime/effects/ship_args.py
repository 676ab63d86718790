"""Ship and place arguments in their runtime form: the IR of `all of the other players' ships in
your colonies` (with the functions working out its numbers and players) in; a function giving one
owner's ships (a ShipsArg), each owner's (an EachOwner) or a place (a PlaceArg) out."""

from __future__ import annotations

from collections.abc import Callable

from runtime import ir
from runtime.effects import codegen
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.forms import CompileError, Fn, at_most
from runtime.registry import ONE_PLAYER, SENT_TO, SHIP_PLACES

Seats = Callable[[Ctx], list[int]]


def several_owners(node: ir.Ships) -> bool:
    """Whether ships are those of each player an owner phrase names (any but a pronoun: the
    defense's, the other players'): an op then acts on each owner's ships in turn, on none when
    the phrase names nobody now."""
    return node.owner is not None and not node.event and codegen.seat_expr(node.owner) is None


def ships_arg(
    node: ir.Ships,
    count: Callable[[Ctx], int] | None,
    owner: Callable[[Ctx], int] | None,
    owners: Seats | None,
    place_owners: Seats | None,
) -> Fn:
    """Ships an op acts on: one owner's (`owner` gives its seat), or all the ships of each
    player a phrase that may name several names (`owners` gives their seats)."""
    place = node.place
    assert place is None or isinstance(place, ir.Place), place
    placer = _placer(place, place_owners)
    up_to, event = node.up_to, node.event
    if owners is not None:
        if (count is not None or up_to) and ir.names_several(node.owner, ONE_PLAYER):
            raise CompileError("a number of ships of several players: whose is not said")
        each = owners

        def each_owners(ctx: Ctx) -> v.EachOwner:
            st = ctx.game.state
            n = at_most(count(ctx), st.ships_per_player * st.n) if count else None
            at = placer(ctx)  # the place's owners worked out once (a chooser asked once)
            return v.EachOwner([v.ShipsArg(n, s, at(s), up_to) for s in each(ctx)])

        return each_owners
    assert owner is not None
    one = owner

    def ships(ctx: Ctx) -> v.ShipsArg:
        who = one(ctx)
        if event and ctx.event is not None and hasattr(ctx.event, "seat"):
            who = ctx.event.seat
        st = ctx.game.state
        n = at_most(count(ctx), st.ships_per_player * st.n) if count else None
        return v.ShipsArg(n, who, placer(ctx)(who), up_to, event)

    return ships


def _no_place(who: int) -> None:
    return None


def _placer(
    place: ir.Place | None, owners: Seats | None
) -> Callable[[Ctx], Callable[[int], v.PlaceArg | None]]:
    """Where ships are, given their owner: the place's own owners when the phrase names them
    ("in the other players' colonies": all of theirs), else the ships' owner's."""
    if place is None:
        return lambda ctx: _no_place
    kind, empty = place.kind, place.empty
    if SHIP_PLACES.get(kind, SENT_TO) == SENT_TO:
        raise CompileError(f"ships are never in '{kind}'")
    if owners is None:

        def owners_own(who: int) -> v.PlaceArg:
            return v.PlaceArg(kind, (who,), empty)

        return lambda ctx: owners_own
    where = owners

    def of_owners(ctx: Ctx) -> Callable[[int], v.PlaceArg]:
        found = v.PlaceArg(kind, tuple(where(ctx)), empty)
        return lambda who: found

    return of_owners


def place_arg(node: ir.Place, owners: Seats | None) -> Fn:
    """A place: the subject's when the phrase names no owner, else the places of each player
    it names together (an op wanting one owner reads PlaceArg.owner, which the resolver keeps
    to one player)."""
    kind, empty = node.kind, node.empty
    if owners is None:
        return lambda ctx: v.PlaceArg(kind, (ctx.subject,), empty)
    where = owners
    return lambda ctx: v.PlaceArg(kind, tuple(where(ctx)), empty)
