"""The dispatcher's per-game window tables against the slow way of finding them: the windows
where something of the game acts (powers held, kickers dealt, rules modules' cards), the deaf
ones (nothing acts and no card can be played), the (seat, power) pairs of each window, and the
set of every declared window's name."""

from __future__ import annotations

from engine_kit import new_game, play_checked

from runtime import extension
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.language import load
from runtime.setup import Setup
from runtime.table import Table
from runtime.windows import BY_NAME, Window, WindowKind, declare, names


def tables_match_the_slow_way(game: Table) -> None:
    d = game.dispatch
    st = game.state
    slow_powers: dict[str, list[tuple[int, object]]] = {}
    for player in st.players:
        for alien in (player.alien, *player.gained, *player.borrowed):
            for window, bounds in game.rules.powers.get(alien or "", {}).items():
                slow_powers.setdefault(window, []).extend((player.seat, b) for b in bounds)
    assert d.powers == slow_powers
    # busy: a power held, a kicker of this game's cards that can be revealed, or a window a
    # rules module in play says its cards act in
    busy = set(slow_powers)
    for window, bounds in game.rules.in_play.items():
        if any(game.instances_of.get(b.hook.card) for b in bounds):
            busy.add(window)
    for module, windows in extension.steps(game, "dispatch.windows"):
        if "dispatch.window" in module.steps:
            busy |= windows(game, game.rules)
    assert d.busy == busy
    quiet = {name for name in BY_NAME if name not in busy}
    assert d.quiet == quiet
    deaf = {w for w in Window if w.value in quiet and w.value not in game.held}
    assert d.deaf == deaf


def test_the_window_tables_follow_the_aliens_held_throughout_random_games(
    cards: CardSet, rules: Rules
) -> None:
    setups = [Setup(players=5, packs=tuple(sorted(cards.packs)), seed=seed) for seed in (1, 2)]
    checked = play_checked(cards, rules, setups, tables_match_the_slow_way)
    assert checked > 100


def test_a_game_set_up_has_deaf_windows_and_busy_ones(cards: CardSet, rules: Rules) -> None:
    game = new_game(cards, rules, 4, aliens=("tripler", "zombie", "healer", "human"))[0]
    tables_match_the_slow_way(game)
    d = game.dispatch
    assert Window.DECISION_MADE in d.deaf and "reveal.after_cards" in d.busy
    assert not d.listening(Window.DECISION_MADE)


def test_the_set_of_window_names_is_made_again_once_a_window_is_declared() -> None:
    load()
    assert names() == frozenset(BY_NAME)
    late = declare(Window("scratch.late", WindowKind.EVENT, "a window declared late"))
    try:
        assert "scratch.late" in names() and names() == frozenset(BY_NAME)
    finally:
        del BY_NAME[late.value]
        declare(Window.TURN_START)  # BY_NAME changed: the set is made again
    assert names() == frozenset(BY_NAME)
