"""The dispatcher's per-game window tables against the slow way of finding them: the windows
where something of the game acts (powers held, kickers dealt, rules modules' cards), the deaf
ones (nothing acts and no card can be played), the silent ones (deaf, and nothing can wait
there), the (seat, power) pairs of each window, and the set of every declared window's name."""

from __future__ import annotations

import pytest
from engine_kit import new_game, play_checked

from runtime import extension, ir
from runtime.cards import CardSet, Hook
from runtime.effects.context import Ctx
from runtime.effects.lasting import UndeclaredWindow
from runtime.effects.link import Rules, waiting_windows
from runtime.language import load
from runtime.modules.leases import LEASE_ENDS
from runtime.setup import Setup
from runtime.table import Table
from runtime.windows import BY_NAME, Window, WindowKind, declare, names

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


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
    # silent: deaf, and no card's effect nor rules module's code can make anything wait there
    may_wait = game.rules.waits | extension.waited_at()
    assert d.silent == {w for w in deaf if w.value not in may_wait}
    assert d.hears_choices == (Window.DECISION_MADE not in d.silent)


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


def test_a_kicker_brought_in_keeps_its_window_busy_as_the_aliens_change(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules, 4, aliens=("tripler", "zombie", "healer", "human"))[0]
    d = game.dispatch
    window, bounds = next(
        (w, bs) for w, bs in rules.in_play.items() if w not in d.busy and w not in d.seat_powers
    )
    game.add_instance(game.state, cards.cards[bounds[0].hook.card])  # the cards' windows anew
    assert window in d.busy
    tables_match_the_slow_way(game)
    game.state.players[1].gained.append("negator")  # the powers' windows anew, the cards' kept
    d.refresh_powers()
    assert window in d.busy and "decision.made" in d.busy
    tables_match_the_slow_way(game)


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


def test_a_window_a_cards_delayed_effect_or_until_period_names_is_never_silent(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules, 4, aliens=("tripler", "zombie", "healer", "human"))[0]
    silent = {w.value for w in game.dispatch.silent}
    named: set[str] = set()
    for card in cards.cards.values():
        for hook in card.hooks:
            named |= waiting_windows(hook.effect) | waiting_windows(hook.cost)
    assert {"encounter.end", "reveal.outcome"} <= named  # a few cards of the base game delay
    assert named <= rules.waits and not named & silent
    assert silent  # and some windows nothing can ever wait for


def test_the_windows_an_effect_makes_wait_are_found_however_deep() -> None:
    later = ir.Delayed("turn.end", ir.Seq(()))
    until = ir.Lasting("until", ir.Seq(()), window="deck.reshuffled")
    effect = ir.Seq((ir.If(ir.Not(ir.Pred("alone", ())), later, until),))
    assert waiting_windows(effect) == {"turn.end", "deck.reshuffled"}
    assert waiting_windows(ir.Lasting("turn", ir.Seq(()))) == set()
    assert waiting_windows(None) == set()


def test_a_delay_or_until_period_at_a_window_nothing_declared_is_refused(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules, 3)[0]
    d = game.dispatch
    # a rules module's code that delays to a window it did not declare fails at once
    assert "leases" in extension.MODULES and "turn.end" not in d.may_wait
    ctx = Ctx(game, 0, HOOK)
    with pytest.raises(UndeclaredWindow, match=r"turn\.end"):
        d.delay("turn.end", ctx, step=LEASE_ENDS, args=(1, "power", "x", None))
    with pytest.raises(UndeclaredWindow, match=r"turn\.end"):
        d.period("until", window="turn.end")
    # the window a module declares in `waits_at`, and a card's, are taken
    assert "encounter.end" in extension.MODULES["leases"].waits_at
    d.delay("encounter.end", ctx, step=LEASE_ENDS, args=(1, "power", "x", None))
    d.let_wait(["turn.end"])  # an effect compiled apart from the cards names it
    assert Window.TURN_END not in d.silent
    assert d.period("until", window="turn.end").window == "turn.end"


def test_choices_are_heard_while_a_power_acting_on_them_is_in_the_game(
    cards: CardSet, rules: Rules
) -> None:
    game = new_game(cards, rules, 4, packs=("base", "set6"))[0]
    d = game.dispatch
    assert not d.hears_choices and not d.listening(Window.DECISION_MADE)
    game.state.players[2].borrowed.append("negator")  # brought into the game (a lease)
    d.refresh_powers()
    assert d.hears_choices and d.listening(Window.DECISION_MADE)
    game.state.players[2].borrowed.remove("negator")
    d.refresh_powers()
    assert not d.hears_choices
    dealt = new_game(cards, rules, 4, aliens=("none", "negator", "none", "none"))[0]
    assert dealt.dispatch.hears_choices
