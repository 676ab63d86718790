"""The two ways an effect can run agree: generated code and op fast paths (the default) against
plain closures and op implementations (the reference), on every bundled hook random games reach
and on every hook that adds to a total or sets a formula."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from compiler.tools.setups import build_setup
from runtime import ir
from runtime.agents import RandomAgent
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import conditions, link
from runtime.effects import expressions as x
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.registry import OPS
from runtime.rules.systems import add_ships
from runtime.rules.turn import new_encounter, play_game
from runtime.table_events import GameOver

# (packs, options, players): every bundled pack with its own rules turned on
TABLES = [
    (("base",), ("techs=true",), 5),
    (("base", "set8"), (), 5),
    (("set6",), (), 4),
    (("eons",), ("hidden_alliances=true",), 5),
    (("eons", "kickers-negative"), ("hidden_alliances=true", "foreign_aid=true"), 4),
]
GAMES = 8


@contextmanager
def hooks_that_run(ran: set[tuple[str, str, str]]) -> Iterator[None]:
    """While the block links rules, each hook's effect records its (card, name, window) when run."""
    original = link.bind

    def counting(hook: Hook) -> link.Bound:
        bound = original(hook)
        run = bound.run
        key = (hook.card, hook.name, hook.window)

        def recorded(ctx: c.Ctx) -> None:
            ran.add(key)
            run(ctx)

        bound.run = recorded
        return bound

    link.bind = counting
    try:
        yield
    finally:
        link.bind = original


def play(
    cards: CardSet,
    rules: Rules,
    packs: tuple[str, ...],
    options: tuple[str, ...],
    players: int,
    seed: int,
) -> tuple[str, list[str]]:
    setup = build_setup(cards, players=players, packs=packs, options=options, seed=seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    game = Game(cards, setup, agents, rules=rules)
    play_game(game)
    return game.state.digest(), game.log_lines()


@pytest.mark.slow
@pytest.mark.parametrize(("packs", "options", "players"), TABLES)
def test_fast_and_reference_forms_play_the_same_games(
    cards: CardSet, packs: tuple[str, ...], options: tuple[str, ...], players: int
) -> None:
    ran: set[tuple[str, str, str]] = set()
    with hooks_that_run(ran):
        fast = Rules(cards)
    with x.reference_forms():
        reference = Rules(cards)
    for seed in range(GAMES):
        assert play(cards, fast, packs, options, players, seed) == play(
            cards, reference, packs, options, players, seed
        ), f"{packs} seed {seed}"
    assert len(ran) >= 10  # the games reached enough hooks to compare something


def _totals_hooks(cards: CardSet) -> list[Hook]:
    def uses(node: object) -> bool:
        if isinstance(node, ir.Do) and OPS[node.op].specialise is not None:
            return True
        if isinstance(node, tuple):
            return any(uses(n) for n in node)
        return any(uses(getattr(node, f)) for f in getattr(node, "__slots__", ()))

    return [h for card in cards.cards.values() for h in card.hooks if uses(h.effect)]


# the packs naming every rules module that keeps records in the state, for hooks of any pack
MODULES_PACKS = ("base", "lucre", "eons")


def test_every_hook_an_op_fast_path_compiles_does_what_the_op_does(
    cards: CardSet, rules: Rules
) -> None:
    from tests.runtime.engine_kit import new_game

    hooks = _totals_hooks(cards)
    assert hooks, "no bundled hook uses an op with a fast path"
    compiled: list[tuple[Hook, Callable[[c.Ctx], None], Callable[[c.Ctx], None]]] = []
    for hook in hooks:
        fast = c.statement(hook.effect)
        with x.reference_forms():
            reference = c.statement(hook.effect)
        compiled.append((hook, fast, reference))
    for hook, fast, reference in compiled:
        states = []
        for run in (fast, reference):
            game, _ = new_game(
                cards, rules, fallback=lambda d: (0,) * max(d.minimum, 1), packs=MODULES_PACKS
            )
            _encounter(game)
            with contextlib.suppress(GameOver):  # a hook may win the game (Tick-Tock's last token)
                run(c.Ctx(game, 0, hook))
            enc = game.state.encounter
            assert enc is not None
            formulas = [game.dispatch.work_out(f) if f else None for f in enc.formula]
            states.append((enc.bonus, enc.totals, enc.values, formulas, game.state.digest()))
        assert states[0] == states[1], f"{hook.card} {hook.name}"


def _outcome(cards: CardSet, rules: Rules, hook: Hook, run: Callable[[c.Ctx], object]) -> object:
    """What running one compiled piece on a fresh encounter at reveal does: its result (or the
    error it raised), the decisions it asked, and the state it left."""
    from tests.runtime.engine_kit import new_game

    game, agent = new_game(
        cards, rules, fallback=lambda d: (0,) * max(d.minimum, 1), packs=MODULES_PACKS
    )
    _encounter(game)
    try:
        result: object = run(c.Ctx(game, 0, hook))
    except Exception as exc:  # the same failure both ways is the same behaviour
        result = type(exc).__name__
    return result, agent.kinds(), game.state.digest()


@pytest.mark.slow
def test_every_bundled_hook_runs_the_same_both_ways(cards: CardSet, rules: Rules) -> None:
    hooks = [h for card in sorted(cards.cards.values(), key=lambda d: d.id) for h in card.hooks]
    assert len(hooks) >= 199
    for hook in hooks:
        pieces = [hook.effect] + [n for n in (hook.condition, hook.cost) if n is not None]
        for node in pieces:
            compile_one = conditions.condition if node is hook.condition else c.statement
            fast = compile_one(node)
            with x.reference_forms():
                reference = compile_one(node)
            assert _outcome(cards, rules, hook, fast) == _outcome(cards, rules, hook, reference), (
                f"{hook.card} {hook.name}"
            )


def _encounter(game: Game) -> None:
    """An encounter at reveal: attack 08 against attack 12, two ships against the defense's
    four, and one ally of the offense with one ship."""
    st = game.state
    enc = new_encounter(game, 1)
    enc.defense = 1
    enc.planet = next(p.id for p in st.planets if p.system == 1 and p.ships[1])
    for seat, ships in ((0, 2), (2, 1)):  # ships leave a home planet for the gate
        home = next(p for p in st.planets if p.system == seat and p.ships[seat] >= ships)
        add_ships(game, home.id, seat, -ships)
        enc.gate[seat] = ships
    enc.allies[0].append(2)
    enc.values, enc.types = [8, 12], ["attack", "attack"]
