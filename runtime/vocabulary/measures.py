"""The measures of the effect language: numbers an effect reads from the game (and the setters of
those it may change), registered in runtime/registry.py's tables on import."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.effects.selectors import seat_side
from runtime.effects.ship_places import ships_in_play
from runtime.registry import measure, predicate, setter
from runtime.rules.outcome import side_total


@measure("foreign colonies", "how many foreign colonies a player has")
def _foreign(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.foreign_colonies(seat)


@measure("home colonies", "how many home colonies a player has")
def _home(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.home_colonies(seat)


@measure("colonies", "how many colonies a player has")
def _colonies(ctx: Ctx, seat: int) -> int:
    return len(ctx.game.state.colonies(seat))


@measure("cards in hand", "how many cards a player holds")
def _hand(ctx: Ctx, seat: int) -> int:
    return len(ctx.game.state.players[seat].hand)


@measure("ships in the warp", "how many of a player's ships are in the warp")
def _warp(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].warp


def _side_list(ctx: Ctx, seat: int, field: str) -> tuple[list[int | None], int] | None:
    enc = ctx.game.state.encounter
    if enc is None:
        return None
    side = seat_side(enc, seat)
    if side is None:
        return None
    return getattr(enc, field), side


@measure("total", "a side's total (card value, ships and every modifier)")
def _total(ctx: Ctx, seat: int) -> int:
    found = _side_list(ctx, seat, "totals")
    if found is None:
        return 0
    totals, side = found
    if totals[side] is None:  # not worked out yet (before reveal.totals is over): as things stand
        enc = ctx.game.state.encounter
        return (side_total(ctx.game, enc, side) or 0) if enc is not None else 0
    return totals[side] or 0


@setter("total")
def _add_total(ctx: Ctx, seat: int, new: int) -> None:
    enc = ctx.game.state.encounter
    side = None if enc is None else seat_side(enc, seat)
    if enc is None or side is None:
        return
    enc.bonus[side] += new - _total(ctx, seat)
    if enc.totals[side] is not None:
        enc.totals[side] = new


@measure("card value", "the value of a side's encounter card (0 if not an attack)")
def _card_value(ctx: Ctx, seat: int) -> int:
    enc = ctx.game.state.encounter
    if enc is None:
        return 0
    if seat == enc.offense or seat in enc.allies[0]:
        return enc.values[0] or 0
    if seat == enc.defense or seat in enc.allies[1]:
        return enc.values[1] or 0
    return 0


@setter("card value")
def _set_card_value(ctx: Ctx, seat: int, new: int) -> None:
    found = _side_list(ctx, seat, "values")
    if found is not None:
        values, side = found
        values[side] = new


def _per_seat(field: str, doc: str, default: int) -> None:
    def read(ctx: Ctx, seat: int) -> int:
        enc = ctx.game.state.encounter
        return default if enc is None else int(getattr(enc, field)[seat])

    def write(ctx: Ctx, seat: int, new: int) -> None:
        enc = ctx.game.state.encounter
        if enc is not None:
            getattr(enc, field)[seat] = new

    name = doc.split(":")[0]
    measure(name, doc.split(": ", 1)[1])(read)
    setter(name)(write)


_per_seat("ship_limit", "ship limit: how many ships a player may commit to the encounter", 4)
_per_seat("deal_penalty", "deal penalty: ships a main player loses when the deal fails", 3)
_per_seat("comp_factor", "compensation: the multiplier on the compensation a player collects", 1)
_per_seat("reward_factor", "rewards: the multiplier on the rewards a defensive ally collects", 1)
_per_seat("comp_extra", "extra compensation: cards added to the compensation a player collects", 0)
_per_seat("reward_extra", "extra rewards: added to each batch of rewards a player receives", 0)


@measure("foreign colony record", "the most foreign colonies any player has now", owner="board")
def _colony_record(ctx: Ctx, seat: int) -> int:
    st = ctx.game.state
    return max(st.foreign_colonies(p.seat) for p in st.players)


@measure(
    "victor count",
    "how many players reach the foreign colonies they need (while winners are checked)",
    owner="board",
)
def _victor_count(ctx: Ctx, seat: int) -> int:
    from runtime.rules.victory import victors

    need = getattr(ctx.event, "need", None)
    return len(victors(ctx.game, need)) if need is not None else 0


@predicate(
    "is sitting out",
    "the player is in a timeout, now or still to come",
    "is sitting out",
    "are sitting out",
)
def _sitting_out(ctx: Ctx, seats: list[int]) -> bool:
    return bool(seats) and all(ctx.game.dispatch.pending("take part", s) for s in seats)


@predicate(
    "joined uninvited",
    "the player allied with a side without an invitation this encounter",
    "joined uninvited",
)
def _joined_uninvited(ctx: Ctx, seats: list[int]) -> bool:
    enc = ctx.game.state.encounter
    joined = enc.marks.get("uninvited", ()) if enc is not None else ()
    return bool(seats) and all(s in joined for s in seats)


@predicate("invited you", "the main player invited you to ally", "invited you")
def _invited_you(ctx: Ctx, seats: list[int]) -> bool:
    enc = ctx.game.state.encounter
    if enc is None:
        return False
    # a loop, not all() over a generator: making the generator costs more than the test
    for s in seats:
        if s in (enc.offense, enc.defense) and not enc.invited[seat_side(enc, s) or 0][ctx.you]:
            return False
    return bool(seats)


@predicate(
    "invited by you",
    "you, a main player, invited the player to ally with your side this encounter",
    "was invited by you",
    "were invited by you",
)
def _invited_by_you(ctx: Ctx, seats: list[int]) -> bool:
    enc = ctx.game.state.encounter
    side = None if enc is None else seat_side(enc, ctx.you)
    if enc is None or side is None or ctx.you not in (enc.offense, enc.defense):
        return False
    invited = enc.invited[side]
    for s in seats:  # a loop, as in _invited_you
        if not invited[s]:
            return False
    return bool(seats)


@measure("ships lost", "how many of a player's ships went to the warp this encounter")
def _ships_lost(ctx: Ctx, seat: int) -> int:
    enc = ctx.game.state.encounter
    return enc.lost_ships[seat] if enc is not None else 0


@measure("encounter number", "which encounter of the turn this is (1 or 2)", owner="board")
def _encounter_number(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.encounters_this_turn


@measure("largest colony", "the most ships a player has on any one planet")
def _largest_colony(ctx: Ctx, seat: int) -> int:
    return max((p.ships[seat] for p in ctx.game.state.planets), default=0)


@measure("lone colonies", "how many foreign colonies of a player hold a single ship")
def _lone_colonies(ctx: Ctx, seat: int) -> int:
    return sum(1 for p in ctx.game.state.planets if p.system != seat and p.ships[seat] == 1)


@measure("colonies to win", "foreign colonies a player needs to win (changed at victory.check)")
def _colonies_to_win(ctx: Ctx, seat: int) -> int:
    need = getattr(ctx.event, "need", None)
    return int(need[seat]) if need is not None else int(ctx.game.setup.option("colonies_to_win"))


@setter("colonies to win")
def _set_colonies_to_win(ctx: Ctx, seat: int, new: int) -> None:
    need = getattr(ctx.event, "need", None)
    if need is not None:
        need[seat] = max(1, new)


@measure(
    "markers",
    "how many markers a player keeps on its alien sheet (of one kind, when the kind is named:"
    ' `your "point" markers`)',
)
def _markers(ctx: Ctx, seat: int, kind: str = "markers") -> int:
    return ctx.game.state.players[seat].tokens.get(kind, 0)


@setter("markers")
def _set_markers(ctx: Ctx, seat: int, new: int, kind: str = "markers") -> None:
    tokens = ctx.game.state.players[seat].tokens
    if new > 0:
        tokens[kind] = new
    else:
        tokens.pop(kind, None)  # no markers left: the kind leaves the sheet (and the digest)


@measure(
    "ships in play",
    "how many of a player's ships are on planets, in the gate or beside the targeted planet"
    " (not in the warp, out of the game or held captive)",
)
def _ships_in_play(ctx: Ctx, seat: int) -> int:
    return ships_in_play(ctx.game.state, seat)
