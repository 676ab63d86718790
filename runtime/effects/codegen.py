"""Generated code for numbers, player lists and conditions: IR in, one Python lambda out.

Nesting a closure per IR node costs a call per node; emitting the whole expression as one
lambda (calling registry functions directly) runs close to hand-written code. Only names from
the registry and this module reach the generated text; every value is bound as a constant.
Anything the generator does not know falls back to the closure compiler in compile.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime import ir
from runtime.effects.context import Ctx
from runtime.effects.forms import PhraseError
from runtime.effects.selectors import ONE_SEAT_FORMS, SELECTORS, cards_in
from runtime.effects.ship_places import SHIP_COUNTERS, ships_at, ships_in_the_encounter
from runtime.registry import MARKERS, MEASURES, PREDICATES, T, marker_name, measure_def
from runtime.roles import ROLES
from runtime.rules.outcome import ships_in_encounter
from runtime.state import Encounter

PRONOUN_SEATS = {"you": "ctx.you", "they": "ctx.they", "subject": "ctx.subject"}
OPERATORS = {"+": "+", "-": "-", "*": "*"}
COMPARISONS = {">=", "<=", ">", "<", "==", "!="}


class Source:
    """The text of one expression and the constants it refers to."""

    def __init__(self) -> None:
        self.env: dict[str, Any] = {}

    def bind(self, obj: Any, hint: str = "k") -> str:
        name = f"_{hint}{len(self.env)}"
        self.env[name] = obj
        return name

    def function(self, expr: str) -> Callable[[Ctx], Any]:
        return eval(f"lambda ctx: {expr}", self.env)


# The closure compiler (compile.py), for what the generator does not know. compile.py calls the
# generator first and fills this table when it loads, so the generator never imports it.
CLOSURES: dict[str, Callable[..., Callable[[Ctx], Any]]] = {}


def _fallback(src: Source, fn: Callable[[Ctx], Any]) -> str:
    return f"{src.bind(fn, 'f')}(ctx)"


# ---------------------------------------------------------------- players


def seat_expr(node: ir.Node | None) -> str | None:
    """A single seat written directly (`ctx.you`), when the phrase names exactly one."""
    if node is None:
        return "ctx.you"
    if isinstance(node, ir.Players) and not node.other and node.role in PRONOUN_SEATS:
        return PRONOUN_SEATS[node.role]
    return None


def players_expr(src: Source, node: ir.Node | None) -> str:
    seat = seat_expr(node)
    if seat is not None:
        return f"[{seat}]"
    if isinstance(node, ir.Players) and node.role in SELECTORS:
        base = f"{src.bind(SELECTORS[node.role], 'sel')}(ctx, {node.of!r})"
        return f"[s for s in {base} if s != ctx.you]" if node.other else base
    return _fallback(src, CLOSURES["players"](node))


def owner_expr(src: Source, node: ir.Node) -> str:
    """The one seat a phrase of players stands for as an owner (-1: none)."""
    seat = seat_expr(node)
    if seat is not None:
        return seat
    return f"{src.bind(only_seat, 'one')}({players_expr(src, node)})"


def only_seat(seats: list[int]) -> int:
    """An owner phrase's seat (-1: it names nobody now); the resolver refuses a phrase naming
    several players where one owner is wanted, so several here is an error, never the first."""
    if len(seats) > 1:
        raise PhraseError(f"an owner names several players ({seats}) where one is wanted")
    return seats[0] if seats else -1


def word_value(node: ir.Node | None) -> str | bool:
    """A word argument's value: the word written, or True where the phrase names none."""
    return node.word if isinstance(node, ir.Word) else True


# ---------------------------------------------------------------- numbers


def value_expr(src: Source, node: ir.Node) -> str:
    if isinstance(node, ir.Num):
        return repr(node.value)
    if (
        isinstance(node, ir.Measure)
        and measure_def(node.name) is not None
        and not isinstance(node.of, (ir.Side, ir.CardRef))
    ):
        m = measure_def(node.name)
        assert m is not None
        seat = seat_expr(node.of)
        if seat is not None and m.owner != "board" and marker_name(node.name) is not None:
            # a named kind of marker: the markers measure read for that kind, in one call
            return f"{src.bind(MEASURES[MARKERS].read, 'm')}(ctx, {seat}, {node.name!r})"
        read = src.bind(m.read, "m")
        if m.owner == "board":
            return f"{read}(ctx, -1)"
        if seat is not None:
            return f"{read}(ctx, {seat})"
        return f"{src.bind(total, 'sum')}({read}, ctx, {players_expr(src, node.of)})"
    if isinstance(node, ir.Arith):
        left, right = value_expr(src, node.left), value_expr(src, node.right)
        if node.op == "/":
            return f"{src.bind(_divide, 'div')}({left}, {right})"
        if node.op in ("min", "max"):
            return f"{node.op}({left}, {right})"
        if node.op == "%":
            return f"{src.bind(remainder, 'rem')}({left}, {right})"
        return f"({left} {OPERATORS[node.op]} {right})"
    if isinstance(node, ir.Half):
        inner = value_expr(src, node.value)
        return f"(({inner}) + 1) // 2" if node.round_up else f"({inner}) // 2"
    if isinstance(node, ir.CountOf):
        return count_expr(src, node.thing)
    return _fallback(src, CLOSURES["value"](node))


def count_expr(src: Source, thing: ir.Node) -> str:
    if isinstance(thing, ir.Players):
        return f"len({players_expr(src, thing)})"
    if (
        isinstance(thing, ir.Ships)
        and thing.count is None
        and isinstance(thing.owner, ir.Players)
        and thing.owner.role == "ally"
        and thing.owner.of is not None
        and isinstance(thing.place, ir.Place)
        and thing.place.kind == "encounter"
    ):
        return f"{src.bind(allied_ships, 'allied')}(ctx, {thing.owner.of!r})"
    if (
        isinstance(thing, ir.Ships)
        and thing.count is None
        and not thing.event
        and thing.owner is not None
    ):
        where = (
            thing.place.kind
            if isinstance(thing.place, ir.Place) and thing.place.owner is None
            else None
        )
        if where is not None or thing.place is None:
            kind = where or "colonies"
            seat = seat_expr(thing.owner)
            counter = SHIP_COUNTERS.get(kind)
            if counter is not None:
                at = src.bind(counter, "at")
                if seat is not None:
                    return f"{at}(ctx, {seat})"
                return f"{src.bind(total, 'sum')}({at}, ctx, {players_expr(src, thing.owner)})"
            at = src.bind(ships_at, "at")
            if seat is not None:
                return f"{at}(ctx, {seat}, {kind!r})"
            return f"sum({at}(ctx, s, {kind!r}) for s in {players_expr(src, thing.owner)})"
    if (
        isinstance(thing, ir.Cards)
        and not thing.filter.named_type
        and thing.filter.least is None
        and thing.filter.most is None
    ):
        # the cards are counted where they lie, with no argument record built for them (how
        # many a phrase asks for does not change how many there are)
        cards, f, zone = src.bind(cards_in, "cards"), src.bind(thing.filter, "f"), thing.zone
        owner = seat_expr(thing.owner) if thing.owner is not None else None
        if thing.owner is not None and owner is None:
            # the cards of each player the owner names ("cards in the other players' hands")
            each = f"len({cards}(ctx, {f}, s, {zone!r}))"
            return f"sum({each} for s in {players_expr(src, thing.owner)})"
        if owner is None:  # "those cards" belong to nobody in particular; others the subject's
            owner = "-1" if zone == "those" else "ctx.subject"
        return f"len({cards}(ctx, {f}, {owner}, {zone!r}))"
    return _fallback(src, CLOSURES["value"](ir.CountOf(thing)))


def total(read: Callable[[Ctx, int], int], ctx: Ctx, seats: list[int]) -> int:
    """The sum of a number read for each of some players (a loop: a generator passed to sum()
    costs more to make than a few players' numbers)."""
    n = 0
    for s in seats:
        n += read(ctx, s)
    return n


def allied_ships(ctx: Ctx, of: str) -> int:
    """Ships that the allies of a player's side have in the encounter."""
    enc = ctx.game.state.encounter
    if enc is None:
        return 0
    if of == "you":
        you = ctx.you
        total = 0
        if you == enc.offense or you in enc.allies[0]:
            game = ctx.game
            for s in enc.allies[0]:
                if s != you:
                    total += ships_in_encounter(game, enc, s)
        elif you == enc.defense or you in enc.allies[1]:
            for s in enc.allies[1]:
                if s != you:
                    total += enc.guard[s]
        return total
    return sum(ships_in_the_encounter(ctx, s) for s in SELECTORS["ally"](ctx, of))


def _divide(a: int, b: int) -> int:
    return a // b if b else 0


def remainder(a: int, b: int) -> int:
    """What is left over from dividing a by b, 0 when b is 0 (like every division)."""
    return a % b if b else 0


# ---------------------------------------------------------------- conditions


def cond_expr(src: Source, node: ir.Node) -> str:
    if isinstance(node, ir.AllOf):
        return "(" + " and ".join(cond_expr(src, n) for n in node.items) + ")"
    if isinstance(node, ir.AnyOf):
        return "(" + " or ".join(cond_expr(src, n) for n in node.items) + ")"
    if isinstance(node, ir.Not):
        return f"(not {cond_expr(src, node.item)})"
    if isinstance(node, ir.Compare) and node.op in COMPARISONS:
        return f"({value_expr(src, node.left)} {node.op} {value_expr(src, node.right)})"
    if isinstance(node, ir.Pred):
        special = _special_predicate(src, node)
        if special is not None:
            return special
        p = PREDICATES[node.name]
        args = ", ".join(arg_expr(src, a, t) for a, t in zip(node.args, p.args, strict=True))
        return f"bool({src.bind(p.test, 'p')}(ctx, {args}))"
    return _fallback(src, CLOSURES["condition"](node))


def arg_expr(src: Source, node: ir.Node | None, t: T) -> str:
    """A predicate's argument: players, numbers and words written out, the rest worked out by
    the closure compiler's argument forms."""
    if node is not None:
        if t is T.PLAYERS:
            return players_expr(src, node)
        if t is T.NUMBER:
            return value_expr(src, node)
        if t is T.WORD:
            return repr(word_value(node))
    return f"{src.bind(CLOSURES['arg'](node, t), 'a')}(ctx)"


def _special_predicate(src: Source, node: ir.Pred) -> str | None:
    """The tests nearly every card makes, written without building any argument."""
    if node.name == "card is":
        card, kind = node.args
        if (
            isinstance(card, ir.CardRef)
            and card.which in ("event", "this")
            and isinstance(kind, ir.Word)
        ):
            test = event_card_is if card.which == "event" else this_card_is
            return f"{src.bind(test, 'card')}(ctx, {kind.word!r})"
        if (
            isinstance(card, ir.CardRef)
            and card.which == "encounter"
            and not card.index
            and isinstance(kind, ir.Word)
        ):
            seat = seat_expr(card.owner)
            if seat is not None:
                return f"{src.bind(encounter_card_is, 'card')}(ctx, {seat}, {kind.word!r})"
    if node.name == "is player":  # "the event player is you": one seat compared with another
        who, others = node.args  # `who` names at most one player (None: no one), `others` one
        one = (
            ONE_SEAT_FORMS.get(who.role) if isinstance(who, ir.Players) and not who.other else None
        )
        seat = seat_expr(others) if others is not None else None
        if one is not None and seat is not None:
            return f"({one} == {seat})"
    if node.name == "has role":
        who, role = node.args
        seat = seat_expr(who)
        if seat is not None and isinstance(role, ir.Word) and role.word in ROLES:
            return f"{src.bind(ROLES[role.word][0], 'role')}(ctx.game.state, {seat})"
    return None


def encounter_card_is(ctx: Ctx, seat: int, kind: str) -> bool:
    """Whether the encounter card of the seat's side is (or now counts as) a kind of card."""
    enc = ctx.game.state.encounter
    if enc is None:
        return False
    if seat == enc.offense or seat in enc.allies[0]:
        side = 0
    elif seat == enc.defense or seat in enc.allies[1]:
        side = 1
    else:
        return False
    return side_card_is(ctx, enc, side, kind)


def event_card_is(ctx: Ctx, kind: str) -> bool:
    """Whether the card of the event (a card played, say), or else this card, is of a kind."""
    instance = getattr(ctx.event, "instance", None)
    return card_is_kind(ctx, instance if instance is not None else ctx.card, kind)


def this_card_is(ctx: Ctx, kind: str) -> bool:
    return card_is_kind(ctx, ctx.card, kind)


def card_is_kind(ctx: Ctx, instance: int | None, kind: str) -> bool:
    """Whether a card, as printed, is of a kind or type (kind: never empty)."""
    if instance is None:
        return False
    card = ctx.game.defs[instance]
    return kind == card.kind or kind == card.type


def side_card_is(ctx: Ctx, enc: Encounter, side: int, kind: str) -> bool:
    card = enc.cards[side]
    if card is None:
        return False
    if kind == "encounter":
        return True
    shown = enc.types[side]
    return shown == kind if shown is not None else ctx.game.defs[card].type == kind


# ---------------------------------------------------------------- entry points


def value(node: ir.Node) -> Callable[[Ctx], int]:
    src = Source()
    return src.function(value_expr(src, node))


def condition(node: ir.Node) -> Callable[[Ctx], bool]:
    own = _own_card_test(node)
    if own is not None:
        return own
    src = Source()
    return src.function(cond_expr(src, node))


def _own_card_test(node: ir.Node) -> Callable[[Ctx], bool] | None:
    """`your card is an attack` on its own, the condition most powers test, as one function."""
    if not (
        isinstance(node, ir.Pred)
        and node.name == "card is"
        and node.args[0] == ir.CardRef("encounter", ir.Players("you"))
        and isinstance(node.args[1], ir.Word)
    ):
        return None
    kind = node.args[1].word

    def your_card_is(ctx: Ctx) -> bool:
        enc = ctx.game.state.encounter
        if enc is None:
            return False
        seat = ctx.you
        if seat == enc.offense:
            side = 0
        elif seat == enc.defense:
            side = 1
        else:
            return encounter_card_is(ctx, seat, kind)  # an ally: its side's card
        shown = enc.types[side]  # side_card_is, inlined: this test runs in nearly every window
        if shown is not None and kind != "encounter" and enc.cards[side] is not None:
            return shown == kind
        return side_card_is(ctx, enc, side, kind)

    return your_card_is


def players(node: ir.Node) -> Callable[[Ctx], list[int]]:
    src = Source()
    return src.function(players_expr(src, node))


def owner(node: ir.Node) -> Callable[[Ctx], int]:
    """The seat an owner phrase stands for, as one function (no list for a single seat)."""
    src = Source()
    return src.function(owner_expr(src, node))
