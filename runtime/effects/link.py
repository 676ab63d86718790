"""Rules: a CardSet's hooks compiled to closures and grouped into tables by window.

Built once per card set and shared by every game played with it (closures take the game from
their context), so simulating thousands of games compiles nothing twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import extension, ir
from runtime.cards import CardDef, CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import conditions
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.record import Record, walk
from runtime.registry import OPS, require_words
from runtime.roles import RoleTest, role_test
from runtime.windows import BY_NAME, Window

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(slots=True)
class Bound:
    """A hook with its effect, condition and cost compiled."""

    hook: Hook
    run: Callable[[Ctx], None]
    test: Callable[[Ctx], bool] | None
    cost: Callable[[Ctx], None] | None
    can_pay: Callable[[Ctx], bool] | None
    role: RoleTest | None
    numbered: bool = False  # the effect states numbers (that a rules module may nudge)
    zapped_inside: bool = False  # the effect opens the window for zaps itself (see zaps_inside)

    def allows(self, game: Table, seat: int, event: Any, card: int | None = None) -> bool:
        """Whether the hook's condition holds for `seat` now and its cost can be paid (the
        hook's role and power are the caller's to check)."""
        test, can_pay = self.test, self.can_pay
        if test is None and can_pay is None:
            return True  # no context to fill
        # A test only reads its context and keeps nothing of it, so each game keeps one context
        # and refills it for the hundred or so tests it makes rather than building one for each
        # (a third of what a test cost); a test made while another is being made gets a new one.
        # Kept by the game, not the module: games played side by side never share it.
        ctx: Ctx | None = game.test_context
        if ctx is None:
            ctx = Ctx(game, seat, self.hook, event, card)
        else:
            game.test_context = None
            ctx.game = game
            ctx.you = ctx.they = ctx.subject = seat
            ctx.hook = self.hook
            ctx.event = event
            ctx.card = card
        try:
            if test is not None and not test(ctx):
                return False
            return can_pay is None or can_pay(ctx)
        finally:
            ctx.game = ctx.event = None  # type: ignore[assignment]  # keep no event alive
            if ctx.moved or ctx.names:  # a test moves no cards and names nothing; should one
                ctx = Ctx(None, -1, self.hook)  # type: ignore[arg-type]
            game.test_context = ctx


@dataclass(slots=True)
class Play:
    """A card that can be played from hand in some window (artifact, edict, reinforcement, flare)."""

    card: str
    kind: str
    bound: Bound
    flare: str | None = None  # "wild" | "super" for flare halves
    alien: str | None = None  # the alien a flare belongs to


def bind(hook: Hook) -> Bound:
    return Bound(
        hook=hook,
        run=_run(hook.effect),
        test=conditions.condition(hook.condition) if hook.condition is not None else None,
        cost=c.statement(hook.cost) if hook.cost is not None else None,
        can_pay=c.feasibility(hook.cost) if hook.cost is not None else None,
        role=role_test(hook.roles),
        numbered=states_numbers(hook.effect),
        zapped_inside=zaps_inside(hook.effect),
    )


def _run(effect: ir.Node) -> Callable[[Ctx], None]:
    """An effect compiled to run; guarded only if it may stop itself (a call less for most)."""
    body = c.statement(effect)
    return c.guarded(body) if c.prevents(effect) else body


def zaps_inside(node: ir.Node | None) -> bool:
    """Whether an effect opens the window for zaps against its power's use itself, once it has
    chosen what it plays (an op given the flag `at risk`)."""
    if isinstance(node, ir.Do):
        slots = OPS[node.op].slots
        return any(
            s.name == "at_risk" and a is not None for a, s in zip(node.args, slots, strict=True)
        )
    if isinstance(node, ir.Seq):
        return any(zaps_inside(n) for n in node.items)
    if isinstance(node, ir.Choose):
        return any(zaps_inside(n) for n in node.options)
    if isinstance(node, ir.If):
        return zaps_inside(node.then) or zaps_inside(node.otherwise)
    if isinstance(node, ir.Offer):
        return zaps_inside(node.body) or zaps_inside(node.otherwise)
    inner = getattr(node, "body", None)
    return isinstance(inner, ir.Node) and zaps_inside(inner)


def states_numbers(node: ir.Node | None) -> bool:
    """Whether an effect states a number an op uses: a count of cards, ships or
    money, an amount
    added to a total (a formula worked out from the board states none)."""
    if isinstance(node, ir.Do):
        if node.op == "calculate":
            return False
        slots = OPS[node.op].slots
        return any(
            a is not None and s.type in c.NUDGED for a, s in zip(node.args, slots, strict=True)
        )
    if isinstance(node, ir.Seq):
        return any(states_numbers(n) for n in node.items)
    if isinstance(node, ir.Choose):
        return any(states_numbers(n) for n in node.options)
    if isinstance(node, ir.If):
        return states_numbers(node.then) or states_numbers(node.otherwise)
    if isinstance(node, ir.Offer):
        return states_numbers(node.body) or states_numbers(node.otherwise)
    inner = getattr(node, "body", None)
    return isinstance(inner, ir.Node) and states_numbers(inner)


def waiting_windows(node: Record | None) -> set[str]:
    """The windows an effect's IR (`node` and the nodes inside it) makes wait: where its delayed
    effects run and where its "until" periods end."""
    return {
        n.window
        for n in walk(node)
        if isinstance(n, ir.Delayed) or (isinstance(n, ir.Lasting) and n.duration == "until")
    }


class Rules:
    def __init__(self, cards: CardSet) -> None:
        require_words()
        self.cards = cards
        self.powers: dict[str, dict[str, list[Bound]]] = {}
        self.plays: dict[str, list[Play]] = {}
        self.upgrades: dict[tuple[str, str], list[Play]] = {}
        # destiny card id -> the players it points at, and the hook it picks them as (built once)
        self.targets: dict[str, tuple[Callable[[Ctx], list[int]], Hook]] = {}
        self.in_play: dict[str, list[Bound]] = {}  # hooks of cards on the table (revealed kickers)
        # card kind a rules module deals -> window -> the hooks of cards of that kind, which the
        # module runs itself (runtime/extension.py: `card_kinds`, the `dispatch.window` point)
        self.dealt: dict[str, dict[str, list[Bound]]] = {}
        self.derived: dict[str, Any] = {}  # tables a rules module builds from `dealt`, once
        self._dealt_kinds = extension.dealt_kinds()
        self.play_windows: dict[str, tuple[str, ...]] = {}  # card id -> windows it can be played in
        self.keeps: set[str] = set()
        self._unplayed: frozenset[Window] | None = None
        # the windows some card's effect can make wait: a delayed effect runs there, or an
        # "until" period ends there (Lasting.delay and Lasting.period refuse any other)
        waits: set[str] = set()
        for card in sorted(cards.cards.values(), key=lambda d: d.id):
            self._link(card)
            for hook in card.hooks:
                waits.update(waiting_windows(hook.effect), waiting_windows(hook.cost))
        self.waits = frozenset(waits)
        windows: dict[str, set[str]] = {}
        for window, plays in self.plays.items():
            for play in plays:
                windows.setdefault(play.card, set()).add(window)
        self.play_windows = {card: tuple(sorted(ws)) for card, ws in windows.items()}

    def _link(self, card: CardDef) -> None:
        if card.kind == "alien" and card.attrs.get("keeps_power"):
            self.keeps.add(card.id)
        if card.target is not None:
            hook = Hook(card.id, "destiny", "destiny", "destiny.after_draw", ir.Seq(()))
            self.targets[card.id] = (x.players(card.target), hook)
        for hook in card.hooks:
            bound = bind(hook)
            if hook.kind in ("power", "setup"):
                self.powers.setdefault(card.id, {}).setdefault(hook.window, []).append(bound)
            elif hook.kind == "in play":
                self.in_play.setdefault(hook.window, []).append(bound)
            elif card.kind in self._dealt_kinds:
                by_window = self.dealt.setdefault(card.kind, {})
                by_window.setdefault(hook.window, []).append(bound)
            elif hook.kind == "super" and hook.upgrades:
                play = Play(card.id, card.kind, bound, "super", card.alien)
                self.upgrades.setdefault((card.alien or "", hook.upgrades), []).append(play)
            else:
                flare = hook.kind if hook.kind in ("wild", "super") else None
                play = Play(card.id, card.kind, bound, flare, card.alien)
                self.plays.setdefault(hook.window, []).append(play)

    def unplayed(self) -> frozenset[Window]:
        """The windows where no card of the card set can be played, found once for every game
        played with these rules (a window declared later is not among them: asked about the long
        way)."""
        if self._unplayed is None:
            self._unplayed = frozenset([w for n, w in BY_NAME.items() if n not in self.plays])
        return self._unplayed

    def keeps_power(self, alien: str) -> bool:
        return alien in self.keeps

    def destiny_target(self, game: Table, card: CardDef) -> int | None:
        target = self.targets.get(card.id)
        enc = game.state.encounter
        if target is None or enc is None:
            return None
        select, hook = target
        found = select(Ctx(game, enc.offense, hook))
        return found[0] if found else None
