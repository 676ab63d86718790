"""Ops on ships and places of several players, played on a real game: `lose all of your ships in
the other players' colonies` takes yours from every colony of theirs, `move all of the other
players' ships ...` moves each one's; and counts of ships in places that hold them, with the
runtime refusing a place it does not know rather than counting every ship."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import expressions as x
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.forms import PhraseError
from runtime.effects.link import Rules
from runtime.effects.ship_places import ships_at
from runtime.game import Game
from tests.runtime.engine_kit import new_game, set_ships, ships_of

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))
YOU = 0


def board(cards: CardSet, rules: Rules) -> tuple[Game, list[str]]:
    """Four players: you (red) with colonies at home and in two other systems; blue and yellow
    with colonies in your system beside yours, purple with one on its home planet 3 beside
    yours."""
    game, _ = new_game(cards, rules, players=4, fallback=lambda d: (0,) * max(d.minimum, 1))
    colors = [p.color for p in game.state.players]
    red, blue, purple, yellow = colors
    set_ships(
        game,
        0,
        {
            f"{red} planet 1": 4,
            f"{blue} planet 2": 2,
            f"{purple} planet 3": 3,
            f"{red} planet 5": 1,
        },
    )
    set_ships(game, 1, {f"{blue} planet 1": 3, f"{red} planet 5": 2})
    set_ships(game, 2, {f"{purple} planet 1": 3, f"{purple} planet 3": 1})
    set_ships(game, 3, {f"{yellow} planet 1": 3, f"{red} planet 1": 1})
    return game, colors


def play(game: Game, text: str) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, YOU, HOOK))


def where_all(game: Game) -> list[tuple[dict[str, int], int]]:
    """Every player's ships: on which planets, and how many in the warp."""
    return [(ships_of(game, p.seat), p.warp) for p in game.state.players]


# effect -> where every player's ships are after it, as (planet -> count, warp) by seat, written
# with the seat's colours: r(ed), b(lue), p(urple), y(ellow) and the planet's number
CASES = {
    # the other players' colonies are blue 1, red 5, purple 1, purple 3, yellow 1 and red 1:
    # yours there go (only blue's, blue 1 and red 5, while the place was read as blue's alone)
    "lose all of your ships in the other players' colonies": [
        ({"b2": 2}, 8),
        ({"b1": 3, "r5": 2}, 0),
        ({"p1": 3, "p3": 1}, 0),
        ({"y1": 3, "r1": 1}, 0),
    ],
    # their home planets are all of blue's, purple's and yellow's systems
    "lose all of your ships in each other player's home planets": [
        ({"r1": 4, "r5": 1}, 5),
        ({"b1": 3, "r5": 2}, 0),
        ({"p1": 3, "p3": 1}, 0),
        ({"y1": 3, "r1": 1}, 0),
    ],
    # each other player's ships on your home colonies (red 1 and red 5): blue's and yellow's
    "move all of the other players' ships from your home colonies to the warp": [
        ({"r1": 4, "b2": 2, "p3": 3, "r5": 1}, 0),
        ({"b1": 3}, 2),
        ({"p1": 3, "p3": 1}, 0),
        ({"y1": 3}, 1),
    ],
    "lose all of the other players' ships in your foreign colonies": [
        ({"r1": 4, "b2": 2, "p3": 3, "r5": 1}, 0),
        ({"b1": 3, "r5": 2}, 0),
        ({"p1": 3}, 1),
        ({"y1": 3, "r1": 1}, 0),
    ],
    # every other player loses all of its ships on colonies it shares with you
    "lose all of the other players' ships in your colonies": [
        ({"r1": 4, "b2": 2, "p3": 3, "r5": 1}, 0),
        ({"b1": 3}, 2),
        ({"p1": 3}, 1),
        ({"y1": 3}, 1),
    ],
}


def short(seen: dict[str, int]) -> dict[str, int]:
    """Planet names shortened to a colour's initial and the planet's number: "r1"."""
    return {f"{name.split()[0][0]}{name.split()[-1]}": n for name, n in seen.items()}


@pytest.mark.parametrize("reference", [False, True], ids=["generated", "reference"])
@pytest.mark.parametrize("text", sorted(CASES))
def test_an_op_on_several_players_ships_or_places_moves_every_ship_it_names(
    cards: CardSet, rules: Rules, text: str, reference: bool
) -> None:
    game, _ = board(cards, rules)
    with x.reference_forms() if reference else nullcontext():
        play(game, text)
    got = [(short(seen), warp) for seen, warp in where_all(game)]
    assert got == CASES[text], text


def test_counts_of_several_players_cards_are_all_of_their_cards(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = board(cards, rules)
    hands = [len(p.hand) for p in game.state.players]
    play(game, "gain (the number of cards in the other players' hands) markers")
    assert game.state.players[YOU].tokens == {"markers": sum(hands[1:])}


def test_ships_are_counted_in_every_place_that_holds_them(cards: CardSet, rules: Rules) -> None:
    game, _ = board(cards, rules)
    st = game.state
    st.players[YOU].warp, st.players[YOU].removed = 2, 8  # of 20: 10 on planets
    ctx = Ctx(game, YOU, HOOK)
    assert ships_at(ctx, YOU, "box") == 8
    assert ships_at(ctx, YOU, "game") == 10 + 2
    assert ships_at(ctx, YOU, "new planet") == 0  # the effect has made no planet
    ctx.names["new planet"] = next(p.id for p in st.planets if p.ships[YOU] == 3)
    assert ships_at(ctx, YOU, "new planet") == 3


@pytest.mark.parametrize("kind", ["discard", "hand", "piece", "origins", "pile:hoard"])
def test_a_place_that_holds_no_ships_is_an_error_never_every_ship(
    cards: CardSet, rules: Rules, kind: str
) -> None:
    game, _ = board(cards, rules)
    ctx = Ctx(game, YOU, HOOK)
    with pytest.raises(PhraseError):
        ships_at(ctx, YOU, kind)
    with pytest.raises(PhraseError):
        play_ships(ctx, kind)


def play_ships(ctx: Ctx, kind: str) -> None:
    """An op given ships in a place it cannot take them from (IR the resolver refuses)."""
    from runtime.ops.ship_moves import lose_ships

    lose_ships(ctx, YOU, v.ShipsArg(None, YOU, v.PlaceArg(kind, (YOU,))), None)


def test_a_place_of_several_players_is_refused_where_an_op_wants_one_owner() -> None:
    with pytest.raises(PhraseError):
        _ = v.PlaceArg("home planets", (1, 2)).owner
    assert v.PlaceArg("home planets", (2,)).owner == 2
    assert v.PlaceArg("home planets", ()).owner == -1
