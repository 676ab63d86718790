"""Ops on alien sheets as game objects: the pile of unused aliens set aside at setup (drawn from,
looked at, put back), a second power gained for good, a player becoming another alien, and the
test "PLAYER has the "NAME" power". In: the acting player and an `AliensArg`; out: sheets moved
between the unused pile, the players and the box (`State.retired`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from runtime import extension
from runtime.cards import CardDef
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.registry import T, Written, obj, op, predicate

if TYPE_CHECKING:
    from runtime.table import Table


def needs_setup(game: Table, card: CardDef) -> bool:
    """Whether an alien has game-setup instructions (its own setup hooks, its own piles, or setup a
    rules module does for it): such an alien is never drawn after setup, which is past. Worked
    out once a game for each alien asked about (the modules and options in play stay the same)."""
    known = game.aliens_set_up.get(card.id)
    if known is None:
        known = game.aliens_set_up[card.id] = _needs_setup(game, card)
    return known


def _needs_setup(game: Table, card: CardDef) -> bool:
    for hook in card.hooks:  # a loop, not any() over a generator
        if hook.kind == "setup":
            return True
    return bool(card.attrs.get("piles")) or extension.first(game, "alien.set_up", card)


def _unused(game: Table, drawing: bool) -> Iterator[str]:
    cards = game.cards.cards
    st = game.state
    away = {a for p in st.players for a in p.borrowed} | set(st.retired)
    for a in st.unused_aliens:
        if a in cards and a not in away and not (drawing and needs_setup(game, cards[a])):
            yield a


def drawable(game: Table, *, drawing: bool = True) -> list[str]:
    """The unused aliens that may be drawn now (or, not `drawing`, looked at or handled), in the
    pile's order: not one a player holds for now (borrowed), nor one gone from the game."""
    return list(_unused(game, drawing))


def any_drawable(game: Table) -> bool:
    """Whether an unused alien may be drawn now (drawable() finds one): asked before an effect
    draws one, it stops at the first."""
    for _ in _unused(game, True):
        return True
    return False


def held_sheets(game: Table, seat: int, source: str) -> list[str]:
    """A player's sheets: its own ("sheet"), those gained beside it ("other") or both ("held")."""
    p = game.state.players[seat]
    own = [p.alien] if p.alien is not None else []
    if source == "sheet":
        return own
    if source == "other":
        return list(p.gained)
    return own + list(p.gained)


def pick(
    ctx: Ctx, seat: int, aliens: v.AliensArg, prompt: str, *, drawing: bool = True
) -> list[str]:
    """The sheets an op acts on: drawn at random or chosen by the acting player from the unused
    pile, or the held sheets the phrase names (chosen when it names fewer than there are)."""
    game = ctx.game
    if aliens.source == "unused":
        pool = drawable(game, drawing=drawing)
    else:
        pool = held_sheets(game, aliens.owner, aliens.source)
    want = len(pool) if aliens.count is None else min(aliens.count, len(pool))
    if want >= len(pool) and not aliens.up_to:
        return list(pool)
    if aliens.random:
        found = list(pool)
        game.state.rng.shuffle(found)
        return found[:want]
    minimum = 0 if aliens.up_to else want
    chosen = game.choose_many(seat, "effect.alien", prompt, pool, minimum, want, name_of(game))
    return list(chosen)


def name_of(game: Table) -> Callable[[str], str]:
    return lambda alien: game.cards.cards[alien].name


def take_from(game: Table, alien: str) -> None:
    """Lift a sheet from wherever it lies: the unused pile, or a player's gained sheets."""
    st = game.state
    if alien in st.unused_aliens:
        st.unused_aliens.remove(alien)
        return
    for p in st.players:
        if alien in p.gained:
            p.gained.remove(alien)
        elif p.alien == alien:
            clear_sheet(game, p.seat)
            p.alien = None


def clear_sheet(game: Table, seat: int) -> None:
    """What lies on a player's own sheet leaves the game with it: markers, the cards of its own
    piles (to the discard pile) and what rules modules keep on it (`alien.discard`)."""
    p = game.state.players[seat]
    extension.run(game, "power.lost", seat)
    extension.run(game, "alien.discard", seat)
    for cards in p.piles.values():
        for card in cards:
            game.discard(card)
    p.piles, p.tokens = {}, {}


def _can_gain(ctx: Ctx, seat: int, aliens: v.AliensArg) -> bool:
    return aliens.source != "unused" or any_drawable(ctx.game)


@op(
    "gain aliens",
    "gain",
    obj(T.ALIENS),
    doc="Take alien sheets (drawn from the unused aliens, or another player's) and keep them for"
    " good beside your own: each power works as yours, and its flare is yours to play.",
    feasible=_can_gain,
)
def gain_aliens(ctx: Ctx, seat: int, aliens: v.AliensArg) -> None:
    game = ctx.game
    player = game.state.players[seat]
    for alien in pick(ctx, seat, aliens, "gain which alien?"):
        if alien == player.alien or alien in player.gained:
            continue
        take_from(game, alien)
        player.gained.append(alien)
        game.log("effect", seat, f"gains the {game.cards.cards[alien].name} power")
    game.dispatch.refresh_powers()


@op(
    "become alien",
    "become",
    obj(T.ALIENS),
    doc="Discard your alien sheet (out of the game, with the markers and cards on it) and take"
    " another in its place: drawn from the unused aliens, or another player's. Sheets gained"
    " beside it stay.",
    feasible=_can_gain,
)
def become_alien(ctx: Ctx, seat: int, aliens: v.AliensArg) -> None:
    game = ctx.game
    st = game.state
    player = st.players[seat]
    found = pick(ctx, seat, v.AliensArg(aliens.source, 1, aliens.owner, aliens.random), "which?")
    if not found:
        return
    new = found[0]
    old = player.alien
    take_from(game, new)
    if old is not None:
        clear_sheet(game, seat)
        st.retired.append(old)
    player.alien, player.power_lost = new, False
    game.log("effect", seat, f"becomes the {game.cards.cards[new].name}")
    game.dispatch.refresh_powers()


def _retire(ctx: Ctx, seat: int, aliens: v.AliensArg, back: bool) -> None:
    game = ctx.game
    st = game.state
    for alien in pick(ctx, seat, aliens, "which alien?", drawing=False):
        take_from(game, alien)
        if back:
            st.unused_aliens = sorted([*st.unused_aliens, alien])
        else:
            st.retired.append(alien)
        where = "puts back" if back else "discards"
        game.log("effect", seat, f"{where} the {game.cards.cards[alien].name}")
    game.dispatch.refresh_powers()


@op(
    "discard aliens",
    "discard",
    obj(T.ALIENS),
    doc="Alien sheets (yours, or drawn from the unused aliens) leave the game, their powers with"
    " them.",
)
def discard_aliens(ctx: Ctx, seat: int, aliens: v.AliensArg) -> None:
    _retire(ctx, seat, aliens, back=False)


@op(
    "put back aliens",
    "put back",
    obj(T.ALIENS),
    doc="Put alien sheets back on the pile of unused aliens, where they may be drawn again.",
    example=Written("encounter.end", "put back your other aliens"),
)
def put_back_aliens(ctx: Ctx, seat: int, aliens: v.AliensArg) -> None:
    _retire(ctx, seat, aliens, back=True)


@op(
    "look at aliens",
    "look at",
    obj(T.ALIENS),
    doc="Look at alien sheets (the unused aliens): the looker learns which they are.",
    example=Written("turn.start", "look at 3 random unused aliens"),
)
def look_at_aliens(ctx: Ctx, seat: int, aliens: v.AliensArg) -> None:
    game = ctx.game
    seen = pick(ctx, seat, aliens, "look at which alien?", drawing=False)
    game.log("effect", seat, f"looks at {len(seen)} alien sheet(s)")


def holds_power(game: Table, seat: int, alien: str) -> bool:
    """Whether a player holds an alien's power (its sheet, one gained or one held for now), named by the
    alien's id or its name in any case."""
    p = game.state.players[seat]
    wanted = alien.lower()
    cards = game.cards.cards
    for held in (p.alien, *p.gained, *p.borrowed):
        if held is None or (held == p.alien and p.power_lost):
            continue
        if held == wanted or (held in cards and cards[held].name.lower() == wanted):
            return True
    return False


@predicate(
    "has power",
    "the player holds an alien's power now (its own sheet, one gained or one held for now), named in quotes:"
    ' `the opponent has the "virus" power`',
    args=(T.PLAYERS, T.WORD),
)
def _has_power(ctx: Ctx, seats: list[int], alien: str) -> bool:
    return bool(seats) and all(holds_power(ctx.game, s, alien) for s in seats)
