"""Verb phrases: a statement's verb matched to its op, each written argument bound to a slot of the op and converted to the slot's type."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import OPS, SHIP_PLACES, Op, Slot, T
from compiler.pipeline.resolve.base import ResolveError
from compiler.pipeline.resolve.op_places import OpPlaces
from compiler.pipeline.resolve.owners import ship_place_words
from compiler.pipeline.resolve.text import (
    CARD_ZONES,
    action,
    frame_hint,
    np_text,
    pos_of,
    slot_text,
    vp_text,
)
from runtime import ir

# The slot types this module compares for every argument, read from the enum once: each `T.X` is an
# attribute read through the enum's metaclass, a Python-level hook.
_PLAYERS, _NUMBER, _FORMULA, _CARDS, _AMOUNT, _WORD = (
    T.PLAYERS,
    T.NUMBER,
    T.FORMULA,
    T.CARDS,
    T.AMOUNT,
    T.WORD,
)


class _Places(NamedTuple):
    """Where an op's written arguments go: its bare objects in order, its slots by preposition,
    its flags by word, and the slots that must be filled; whether it moves cards, or ships."""

    bare: tuple[int, ...]
    by_prep: dict[str | None, int]
    flags: dict[str | None, int]
    required: tuple[int, ...]
    moves_cards: bool
    moves_ships: bool


def _places(op: Op) -> _Places:
    slots = op.slots
    return _Places(
        tuple(i for i, s in enumerate(slots) if s.prep is None and s.type is not T.FLAG),
        {s.prep: i for i, s in enumerate(slots) if s.prep is not None},
        {s.word: i for i, s in enumerate(slots) if s.type is T.FLAG},
        tuple(i for i, s in enumerate(slots) if not s.optional),
        any(s.type is T.CARDS for s in slots),
        op.subject is T.SHIPS or any(s.type is T.SHIPS for s in slots),
    )


# places ships are in but that no op takes them from, with what to write instead
NOT_TAKEN_FROM = {
    "box": "ships in the box are out of the game: no effect takes them back",
    "game": "'the game' holds every ship still in it: name where the ships come from"
    " ('your colonies', 'the warp')",
}


# the table of ops is fixed once loaded: index it by verb, and lay out each op's slots, once
_OPS_BY_VERB: dict[str, list[Op]] = {}
for _op in OPS.values():
    _OPS_BY_VERB.setdefault(_op.verb, []).append(_op)
_PLACES: dict[str, _Places] = {name: _places(op) for name, op in OPS.items()}


class Arguments(OpPlaces):
    def _verb_phrase(self, stmt: ast.Simple, vp: ast.VerbPhrase, *, prevent: bool) -> ir.Node:
        candidates = _OPS_BY_VERB.get(vp.verb, [])
        if not candidates:
            raise ResolveError(
                d.UNKNOWN_OP,
                f"'{vp.written}' names no operation",
                vp.pos,
                d.did_you_mean(vp.verb, sorted({o.verb for o in OPS.values()})),
            )
        failures: list[ResolveError] = []
        for op in candidates:
            try:
                node = self._match(stmt, vp, op, prevent)
            except ResolveError as exc:
                # kept without its traceback, whose frames would hold `failures` in a cycle
                failures.append(exc.with_traceback(None))
                continue
            return node
        best = max(failures, key=lambda e: e.pos[0])
        frames = "; ".join(o.frame() for o in candidates)
        raise ResolveError(
            best.code, best.message, best.pos, best.hint or f"'{vp.verb}' is written: {frames}"
        )

    def _match(self, stmt: ast.Simple, vp: ast.VerbPhrase, op: Op, prevent: bool) -> ir.Node:
        subject: ir.Node | None = None
        saved = self.scope.subject_set
        if stmt.subject is not None:
            if op.subject is _PLAYERS:
                subject = self._players(stmt.subject)
                self.scope.subject_set = not (
                    stmt.subject.form == "pronoun" and stmt.subject.word == "you"
                )
            else:
                subject = self._convert(stmt.subject, op.subject)
                self._check_ships_place(op, op.subject_places, subject, stmt.subject)
        elif op.subject is not _PLAYERS:
            raise ResolveError(
                d.BAD_ARGUMENTS,
                f"'{vp.written}' needs a subject ({op.subject.value})",
                vp.pos,
                f"write it as: {op.frame()}",
            )
        try:
            args = self._bind_args(vp, op, subject)
        finally:
            self.scope.subject_set = saved
        if stmt.modal in ("may not", "cannot"):
            return ir.Forbid(action(op, args), subject or ir.Players("you"), args)
        text = self._slice(stmt.pos) or vp_text(stmt, vp)
        # every verb phrase makes one: its fields in order (op, subject, args, may, prevent,
        # text), as keywords cost a record call a dictionary
        return ir.Do(op.name, subject, args, stmt.modal == "may", prevent, text)

    def _bind_args(
        self, vp: ast.VerbPhrase, op: Op, subject: ir.Node | None
    ) -> tuple[ir.Node | None, ...]:
        saved = self.scope.ship_op
        self.scope.ship_op = _PLACES[op.name].moves_ships
        try:
            return self._bind_each(vp, op, subject)
        finally:
            self.scope.ship_op = saved

    def _bind_each(
        self, vp: ast.VerbPhrase, op: Op, subject: ir.Node | None
    ) -> tuple[ir.Node | None, ...]:
        bound: list[ir.Node | None] = [None] * len(op.slots)
        written: list[ast.Arg | None] = [None] * len(op.slots)
        bare, by_prep, flags, required, moves_cards, moves_ships = _PLACES[op.name]
        next_bare = 0
        args = self._place_taken_on(vp.args) if "on" in by_prep else vp.args
        for a in args:
            if isinstance(a, ast.Adverb):
                if a.word not in flags:
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' does not take '{a.word}'",
                        a.pos,
                        frame_hint(op),
                    )
                bound[flags[a.word]] = ir.Word(a.word)
            elif isinstance(a, ast.PP):
                if a.prep not in by_prep:
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' does not take '{a.prep} ...'",
                        a.pos,
                        frame_hint(op),
                    )
                i = by_prep[a.prep]
                bound[i], written[i] = self._convert(a.value, op.slots[i].type, op.slots[i]), a
                if moves_cards:
                    self._check_card_place(bound[i], a)
                if moves_ships:
                    self._check_ship_slot(bound[i], a)
            else:
                # a noun phrase that carries `in ...` may stand for a slot that wants a place
                if next_bare >= len(bare):
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' has one argument too many",
                        pos_of(a),
                        frame_hint(op),
                    )
                i = bare[next_bare]
                next_bare += 1
                bound[i], written[i] = self._convert(a, op.slots[i].type, op.slots[i]), a
        for i in required:
            if bound[i] is None:
                raise ResolveError(
                    d.BAD_ARGUMENTS,
                    f"'{vp.verb}' is missing {slot_text(op.slots[i])}",
                    vp.pos,
                    frame_hint(op),
                )
        self._check_places(op, bound, written, subject)
        return tuple(bound)

    def _place_taken_on(self, args: tuple[ast.Arg, ...]) -> tuple[ast.Arg, ...]:
        """The arguments of an op written with `on PLACE`: `on` after a phrase reads as `in`
        (the grammar's one reading), so the op's place is the last phrase's last `on` tail,
        with the tails after it ("on a home planet of theirs"), made the `on ...` argument."""
        for i in range(len(args) - 1, -1, -1):
            arg = args[i]
            phrase = arg.value if isinstance(arg, ast.PP) else arg
            if not isinstance(phrase, ast.NP):
                continue
            at = next(
                (j for j in range(len(phrase.tails) - 1, -1, -1) if phrase.tails[j].written_on),
                None,
            )
            if at is None:
                continue
            tail = phrase.tails[at]
            assert tail.np is not None
            after = phrase.tails[at + 1 :]
            place = tail.np.with_tails(after) if after else tail.np
            end = len(self.source[: tail.pos[0]].rstrip()) if self.source else tail.pos[0]
            kept = replace(phrase, tails=phrase.tails[:at], pos=(phrase.pos[0], end))
            before = replace(arg, value=kept) if isinstance(arg, ast.PP) else kept
            on = ast.PP("on", place, (tail.pos[0], phrase.pos[1]))
            return (*args[:i], before, on, *args[i + 1 :])
        return args

    def _check_card_place(self, place: ir.Node | None, written: ast.PP) -> None:
        """An op that moves cards takes them from, or puts them in, a place that holds cards."""
        if not isinstance(place, ir.Place):
            return
        if place.kind not in CARD_ZONES and not place.kind.startswith("pile:"):
            raise ResolveError(
                d.BAD_PHRASE,
                f"cards are not kept in '{np_text(written.value) if isinstance(written.value, ast.NP) else place.kind}'",
                written.pos,
                "cards are in a hand, the deck, the discard pile or a card's own pile",
            )

    def _check_ship_slot(self, place: ir.Node | None, written: ast.PP) -> None:
        """An op that moves ships takes them from, or puts them in, a place ships can be in (and
        takes them from one they can leave)."""
        if not isinstance(place, ir.Place):
            return
        text = self._words(written.value) if isinstance(written.value, ast.NP) else place.kind
        where = SHIP_PLACES.get(place.kind)
        if where is None or (where == "sent to" and written.prep == "from"):
            raise ResolveError(
                d.BAD_PHRASE,
                f"ships are never in '{text}'",
                pos_of(written.value),
                f"ships are in: {ship_place_words()}",
            )
        if written.prep == "from" and place.kind in NOT_TAKEN_FROM:
            raise ResolveError(
                d.BAD_PHRASE,
                f"ships cannot be taken from '{text}'",
                pos_of(written.value),
                NOT_TAKEN_FROM[place.kind],
            )

    def _convert(self, expr: ast.Expr, t: T, slot: Slot | None = None) -> ir.Node:
        """`expr` read as an argument of type `t`; the numbers written in it count what `t` does."""
        saved = self.scope.argument
        self.scope.argument = t._value_  # `.value` is a Python-level property of the enum
        try:
            if t is _NUMBER or t is _FORMULA:
                return self._number(expr)
            return self._convert_phrase(expr, t, slot)
        finally:
            self.scope.argument = saved

    def _convert_phrase(self, expr: ast.Expr, t: T, slot: Slot | None) -> ir.Node:
        if t is _CARDS and isinstance(expr, ast.HalfOf) and isinstance(expr.value, ast.NP):
            # "half of your hand rounded up": that many of the cards the phrase names
            whole = self._cards(expr.value, counting=True)
            if isinstance(whole, ir.Cards):
                half = ir.Half(ir.CountOf(whole), expr.round_up)
                return ir.Cards(
                    half, whole.filter, whole.owner, whole.random, False, False, whole.zone
                )
        if not isinstance(expr, ast.NP):
            if t is _AMOUNT and isinstance(expr, ast.HalfOf):
                raise ResolveError(
                    d.WRONG_ARG_TYPE, "an amount needs a noun, such as '2 lucre'", pos_of(expr)
                )
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"expected {t.value} here, not a number",
                pos_of(expr),
                "name the thing, e.g. '2 cards' or 'the opponent'",
            )
        read = _READERS.get(t._value_)
        if read is not None:
            return read(self, expr)
        if t is _AMOUNT:
            amount = self._amount(expr)
            if slot is not None and isinstance(amount, ir.Amount) and amount.what in slot.refuses:
                raise ResolveError(
                    d.WRONG_ARG_TYPE,
                    f"'{np_text(expr)}' cannot be used here",
                    pos_of(expr),
                    f"this verb takes no {amount.what}",
                )
            return amount
        if t is _WORD:
            return self._word(expr, slot)
        raise ResolveError(d.WRONG_ARG_TYPE, f"cannot use a noun phrase as {t.value}", pos_of(expr))

    def _word(self, np: ast.NP, slot: Slot | None) -> ir.Node:
        if slot is not None and slot.word is not None:
            want = slot.word.split()
            noun = self.nouns.get(np.noun or "")
            canonical = noun.word if noun else (np.noun or "")
            written_noun = np.noun or ""
            # a noun may be several words ("essence cards"): compare the slot's last words
            if canonical != " ".join(want[-len(canonical.split()) :]) and written_noun != " ".join(
                want[-len(written_noun.split()) :]
            ):
                raise ResolveError(
                    d.BAD_ARGUMENTS, f"expected '{slot.word}', not '{np_text(np)}'", np.pos
                )
            return ir.Word(slot.word)
        if np.form == "phrase" and np.noun:
            noun = self.nouns.get(np.noun)
            if noun is None:
                raise ResolveError(d.UNKNOWN_WORD, f"unknown noun '{np.noun}'", np.pos)
            if np.det == "that":
                self._need_event(np, noun.word)
            return ir.Word(noun.word if noun.word != "reward" else "rewards")
        raise ResolveError(d.BAD_PHRASE, f"'{np_text(np)}' cannot be used here", np.pos)


# The part of the resolver that reads a noun phrase as each type of argument that needs nothing
# more than the phrase. One lookup: each `T.X` an if-chain compares with is an attribute read on the
# enum class, which goes through its metaclass's Python-level hook. Keyed by the type's value: a
# member hashes through a Python-level method, its `_value_` (a plain string) in C.
_READERS: dict[str, Callable[[Arguments, ast.NP], ir.Node]] = {
    T.PLAYERS.value: lambda r, np: r._players(np),
    T.POWER.value: lambda r, np: r._power(np),
    T.CARDS.value: lambda r, np: r._cards(np),
    T.CARD.value: lambda r, np: r._card_ref(np),
    T.CARD_SPEC.value: lambda r, np: r._card_spec(np),
    T.SHIPS.value: lambda r, np: r._ships(np, taken=True),
    T.PLACE.value: lambda r, np: r._place(np, several=r.scope.ship_op),
    T.SIDE.value: lambda r, np: r._side(np),
    T.QUANTITY.value: lambda r, np: r._quantity(np),
    T.NAMEABLE.value: lambda r, np: r._nameable(np),
    T.ALIENS.value: lambda r, np: r._aliens(np),
}
