"""Resolve: syntax tree in, typed IR out. Binds verbs to ops, noun phrases to selectors, cards,
ships, places and measures, checks every argument against its op's slots, and reports what does
not fit (with a did-you-mean where a close name exists)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from compiler import ast
from compiler import diagnostics as d
from runtime import ir
from runtime.language import load
from runtime.registry import (
    ADVERBS,
    MEASURES,
    NOUNS,
    NUMBER_RANGES,
    OPS,
    PREDICATES,
    NounDef,
    OpDef,
    Slot,
    T,
    surface_nouns,
)
from runtime.roles import ROLES
from runtime.windows import BY_NAME, Window, WindowKind


class ResolveError(Exception):
    def __init__(self, code: d.Code, message: str, pos: ast.Pos, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.pos = pos
        self.hint = hint


@dataclass
class Scope:
    """What the text around a phrase makes available: `they`, the event of the window."""

    window: str | None = None
    loop_var: bool = False  # inside `for each <players>`
    subject_set: bool = False  # inside the arguments of a statement with its own subject
    in_event: bool = False  # the window carries an event ("those ships", "that card")
    recurring: bool = False  # inside a lasting effect that spans later encounters
    argument: str = T.NUMBER.value  # what the numbers written here count (a NUMBER_RANGES key)
    repeats: int = 1  # how many times the enclosing repeats run the text here


@dataclass
class Resolver:
    window: str | None = None
    source: str = ""  # the effect text, for prompts and option labels in the author's words
    errors: list[ResolveError] = field(default_factory=list)

    def _slice(self, pos: ast.Pos) -> str:
        return " ".join(self.source[pos[0] : pos[1]].split()) if self.source else ""

    def __post_init__(self) -> None:
        load()
        self.nouns = surface_nouns()
        window = BY_NAME.get(self.window or "")
        self.scope = Scope(self.window, in_event=window is not None and window.kind.value != "step")

    # ---------------------------------------------------------------- entry points

    def effect(self, effect: ast.Effect) -> ir.Node:
        return self._block(effect.stmts)

    def condition(self, cond: ast.Cond) -> ir.Node | None:
        try:
            return self._cond(cond)
        except ResolveError as exc:
            self.errors.append(exc)
            return None

    def players(self, np: ast.NP) -> ir.Node | None:
        try:
            return self._players(np)
        except ResolveError as exc:
            self.errors.append(exc)
            return None

    # ---------------------------------------------------------------- statements

    def _block(self, stmts: tuple[ast.Stmt, ...]) -> ir.Node:
        out: list[ir.Node] = []
        for stmt in stmts:
            try:
                out.append(self._stmt(stmt))
            except ResolveError as exc:
                self.errors.append(exc)
        return out[0] if len(out) == 1 else ir.Seq(tuple(out))

    def _stmt(self, stmt: ast.Stmt) -> ir.Node:
        if isinstance(stmt, ast.Simple):
            return self._simple(stmt)
        if isinstance(stmt, ast.IfStmt):
            cond = self._cond(stmt.cond)
            then = self._block(stmt.then)
            otherwise = self._block(stmt.otherwise) if stmt.otherwise is not None else None
            return ir.If(cond, then, otherwise)
        if isinstance(stmt, ast.ForEachStmt):
            return self._for_each(stmt)
        if isinstance(stmt, ast.ChooseStmt):
            chooser = self._players(stmt.chooser) if stmt.chooser is not None else None
            options = tuple(self._block(o) for o in stmt.options)
            written = stmt.labels or (None,) * len(stmt.options)
            labels = tuple(
                lab or self._slice(_span_of(o)) or _text_of(o)
                for lab, o in zip(written, stmt.options, strict=True)
            )
            return ir.Choose(options, labels, chooser, stmt.fresh)
        if isinstance(stmt, ast.RepeatStmt):
            self._in_range(stmt.times, "repeat", stmt.pos)
            # nested repeats multiply: their product is held to the same range
            total = stmt.times * self.scope.repeats
            self._in_range(
                total,
                "repeat",
                stmt.pos,
                f"repeating {stmt.times} times inside repeats makes {total} repeats in all",
            )
            saved_repeats, self.scope.repeats = self.scope.repeats, total
            try:
                return ir.Repeat(stmt.times, self._block(stmt.body))
            finally:
                self.scope.repeats = saved_repeats
        if isinstance(stmt, ast.InsteadStmt):
            if not self.scope.in_event:
                raise ResolveError(
                    d.WINDOW_NOT_ALLOWED,
                    "'instead' replaces an event, but this window has none",
                    stmt.pos,
                    "use 'instead' in an event window such as ships.to_warp or regroup.retrieve",
                )
            return ir.Instead(self._simple(stmt.body))
        if isinstance(stmt, ast.LastingStmt):
            was_recurring = self.scope.recurring
            self.scope.recurring = stmt.duration.scope != "encounter"
            try:
                body = (
                    self._stmt(stmt.body)
                    if isinstance(stmt.body, ast.DelayedStmt)
                    else self._simple(stmt.body)
                )
            finally:
                self.scope.recurring = was_recurring
            return self._lasting(stmt.duration, body)
        if isinstance(stmt, ast.DelayedStmt):
            window = self._window(stmt.window, stmt.window_pos)
            self._check_later(window, stmt.window_pos)
            saved = (self.scope.window, self.scope.in_event)
            self.scope.window = window
            self.scope.in_event = BY_NAME[window].kind is not WindowKind.STEP
            try:
                body = self._block(stmt.body)
            finally:
                self.scope.window, self.scope.in_event = saved
            return ir.Delayed(window, body)
        raise ResolveError(d.PARSE_ERROR, "unsupported statement", (0, 0))

    def _is_chosen(self, np: ast.NP) -> bool:
        """Whether a player phrase involves a choice (so it must be evaluated only once)."""
        if np.form != "phrase" or self.nouns.get(np.noun or "") is None:
            return False
        if self.nouns[np.noun or ""].category != "player":
            return False
        return np.det in ("a", "another", "any") or any(t.kind == "chosen" for t in np.tails)

    def _lasting(self, duration: ast.Duration, body: ir.Node) -> ir.Node:
        self._in_range(duration.count, "duration", duration.pos)
        condition = self._cond(duration.condition) if duration.condition is not None else None
        return ir.Lasting(duration.scope, body, duration.count, condition)

    def _check_later(self, window: str, pos: ast.Pos) -> None:
        """A delayed step must come after the hook's own step, or it never runs."""
        here, there = BY_NAME.get(self.scope.window or ""), BY_NAME[window]
        if self.scope.recurring:
            return  # it fires in later encounters too
        if here is None or here.kind is not WindowKind.STEP or there.kind is not WindowKind.STEP:
            return
        order = list(Window)
        if order.index(there) <= order.index(here):
            raise ResolveError(
                d.WINDOW_NOT_ALLOWED,
                f"'at {window}' never runs: it does not come after {here.value} in the encounter",
                pos,
                "name a later window",
            )

    def _window(self, name: str, pos: ast.Pos) -> str:
        if name not in BY_NAME:
            raise ResolveError(
                d.UNKNOWN_NAME, f"unknown window '{name}'", pos, d.did_you_mean(name, list(BY_NAME))
            )
        return name

    def _for_each(self, stmt: ast.ForEachStmt) -> ir.Node:
        over: ir.Node
        category = self._category(stmt.np)
        if category == "player" or stmt.np.form == "pronoun":
            over = self._players(stmt.np)
            saved = self.scope.loop_var
            self.scope.loop_var = True
            start = self._players(stmt.start) if stmt.start is not None else None
            try:
                body = self._block(stmt.body)
            finally:
                self.scope.loop_var = saved
            return ir.ForEach(over, body, start, stmt.reverse)
        if stmt.start is not None or stmt.reverse:
            raise ResolveError(
                d.BAD_PHRASE,
                "only players are gone through in an order",
                stmt.pos,
                "write 'for each player starting with you:' or 'for each player in reverse order:'",
            )
        over = self._countable(stmt.np)
        return ir.ForEach(over, self._block(stmt.body))

    def _simple(self, stmt: ast.Simple) -> ir.Node:
        subject = stmt.subject
        if len(stmt.verbs) > 1 and subject is not None and self._is_chosen(subject):
            # "a player you choose loses 3 ships and discards ..." picks the player once
            chosen = self._players(subject)
            they = ast.NP("pronoun", subject.pos, word="they")
            saved = self.scope.loop_var
            self.scope.loop_var = True
            try:
                body = self._simple(replace(stmt, subject=they))
            finally:
                self.scope.loop_var = saved
            return ir.ForEach(chosen, body)
        if len(stmt.verbs) > 1 and stmt.modal == "may":
            return self._may_all(stmt)
        parts: list[ir.Node] = []
        for i, vp in enumerate(stmt.verbs):
            last = i == len(stmt.verbs) - 1
            parts.append(self._verb_phrase(stmt, vp, prevent=stmt.prevent and last))
        node: ir.Node = parts[0] if len(parts) == 1 else ir.Seq(tuple(parts))
        if stmt.duration is not None:
            node = self._lasting(stmt.duration, node)
        return node

    def _may_all(self, stmt: ast.Simple) -> ir.Node:
        """`you may A and B`: one offer; the parts act for the player who accepted it."""
        whole = self._simple(replace(stmt, modal=None, duration=None))
        parts = whole.items if isinstance(whole, ir.Seq) else (whole,)
        subject = next((p.subject for p in parts if isinstance(p, ir.Do)), None)
        if subject is not None and subject != ir.Players("you"):
            acting = ir.Players("subject")
            parts = tuple(
                replace(p, subject=acting) if isinstance(p, ir.Do) and p.subject is not None else p
                for p in parts
            )
        else:
            subject = None
        node: ir.Node = ir.May(subject, ir.Seq(parts), self._slice(stmt.pos))
        if stmt.duration is not None:
            node = self._lasting(stmt.duration, node)
        return node

    def _verb_phrase(self, stmt: ast.Simple, vp: ast.VerbPhrase, *, prevent: bool) -> ir.Node:
        candidates = [o for o in OPS.values() if o.verb == vp.verb]
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
                failures.append(exc)
                continue
            return node
        best = max(failures, key=lambda e: e.pos[0])
        frames = "; ".join(o.frame() for o in candidates)
        raise ResolveError(
            best.code, best.message, best.pos, best.hint or f"'{vp.verb}' is written: {frames}"
        )

    def _match(self, stmt: ast.Simple, vp: ast.VerbPhrase, op: OpDef, prevent: bool) -> ir.Node:
        subject: ir.Node | None = None
        saved = self.scope.subject_set
        if stmt.subject is not None:
            if op.subject is T.PLAYERS:
                subject = self._players(stmt.subject)
                self.scope.subject_set = not (
                    stmt.subject.form == "pronoun" and stmt.subject.word == "you"
                )
            else:
                subject = self._convert(stmt.subject, op.subject)
        elif op.subject is not T.PLAYERS:
            raise ResolveError(
                d.BAD_ARGUMENTS,
                f"'{vp.written}' needs a subject ({op.subject.value})",
                vp.pos,
                f"write it as: {op.frame()}",
            )
        try:
            args = self._bind_args(vp, op)
        finally:
            self.scope.subject_set = saved
        if stmt.modal in ("may not", "cannot"):
            return ir.Forbid(_action(op, args), subject or ir.Players("you"), args)
        text = self._slice(stmt.pos) or _vp_text(stmt, vp)
        return ir.Do(op.name, subject, args, may=stmt.modal == "may", prevent=prevent, text=text)

    def _bind_args(self, vp: ast.VerbPhrase, op: OpDef) -> tuple[ir.Node | None, ...]:
        bound: list[ir.Node | None] = [None] * len(op.slots)
        bare = [i for i, s in enumerate(op.slots) if s.prep is None and s.type is not T.FLAG]
        by_prep = {s.prep: i for i, s in enumerate(op.slots) if s.prep is not None}
        flags = {s.word: i for i, s in enumerate(op.slots) if s.type is T.FLAG}
        next_bare = 0
        for a in vp.args:
            if isinstance(a, ast.Adverb):
                if a.word not in flags:
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' does not take '{a.word}'",
                        a.pos,
                        _frame_hint(op),
                    )
                bound[flags[a.word]] = ir.Word(a.word)
            elif isinstance(a, ast.PP):
                if a.prep not in by_prep:
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' does not take '{a.prep} ...'",
                        a.pos,
                        _frame_hint(op),
                    )
                i = by_prep[a.prep]
                bound[i] = self._convert(a.value, op.slots[i].type, op.slots[i])
                self._check_card_place(op, bound[i], a)
            else:
                # a noun phrase that carries `in ...` may stand for a slot that wants a place
                if next_bare >= len(bare):
                    raise ResolveError(
                        d.BAD_ARGUMENTS,
                        f"'{vp.verb}' has one argument too many",
                        _pos_of(a),
                        _frame_hint(op),
                    )
                i = bare[next_bare]
                next_bare += 1
                bound[i] = self._convert(a, op.slots[i].type, op.slots[i])
        for i, slot in enumerate(op.slots):
            if bound[i] is None and not slot.optional:
                raise ResolveError(
                    d.BAD_ARGUMENTS,
                    f"'{vp.verb}' is missing {_slot_text(slot)}",
                    vp.pos,
                    _frame_hint(op),
                )
        return tuple(bound)

    def _check_card_place(self, op: OpDef, place: ir.Node | None, written: ast.PP) -> None:
        """An op that moves cards takes them from, or puts them in, a place that holds cards."""
        if not isinstance(place, ir.Place) or not any(s.type is T.CARDS for s in op.slots):
            return
        if place.kind not in CARD_ZONES:
            raise ResolveError(
                d.BAD_PHRASE,
                f"cards are not kept in '{_np_text(written.value) if isinstance(written.value, ast.NP) else place.kind}'",
                written.pos,
                "cards are in a hand, the deck or the discard pile",
            )

    # ---------------------------------------------------------------- conversions by slot type

    def _convert(self, expr: ast.Expr, t: T, slot: Slot | None = None) -> ir.Node:
        saved = self.scope.argument
        self.scope.argument = t.value
        try:
            return self._convert_as(expr, t, slot)
        finally:
            self.scope.argument = saved

    def _in_range(
        self, value: int, argument: str, pos: ast.Pos, message: str | None = None
    ) -> None:
        """The one check of a written number against the range the registry gives its kind."""
        low, high = NUMBER_RANGES.get(argument, NUMBER_RANGES[T.NUMBER.value])
        if message is not None and not low <= value <= high:
            raise ResolveError(
                d.NUMBER_OUT_OF_RANGE, message, pos, f"{argument}s may make at most {high} in all"
            )
        if not low <= value <= high:
            what = {
                T.CARDS.value: "a number of cards",
                T.SHIPS.value: "a number of ships",
                T.AMOUNT.value: "an amount",
                "repeat": "a repeat",
                "duration": "a duration",
            }.get(argument, "a number")
            raise ResolveError(
                d.NUMBER_OUT_OF_RANGE,
                f"{value} is out of range for {what}",
                pos,
                f"write a number from {low} to {high}",
            )

    def _convert_as(self, expr: ast.Expr, t: T, slot: Slot | None = None) -> ir.Node:
        if t is T.NUMBER or t is T.FORMULA:
            return self._number(expr)
        pos = _pos_of(expr)
        if t is T.CARDS and isinstance(expr, ast.HalfOf) and isinstance(expr.value, ast.NP):
            # "half of your hand rounded up": that many of the cards the phrase names
            whole = self._cards(expr.value, counting=True)
            if isinstance(whole, ir.Cards):
                half = ir.Half(ir.CountOf(whole), expr.round_up)
                return ir.Cards(
                    half, whole.filter, whole.owner, whole.random, False, False, whole.zone
                )
        if not isinstance(expr, ast.NP):
            if t is T.AMOUNT and isinstance(expr, ast.HalfOf):
                raise ResolveError(
                    d.WRONG_ARG_TYPE, "an amount needs a noun, such as '2 lucre'", pos
                )
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"expected {t.value} here, not a number",
                pos,
                "name the thing, e.g. '2 cards' or 'the opponent'",
            )
        if t is T.PLAYERS:
            return self._players(expr)
        if t is T.POWER:
            return self._power(expr)
        if t is T.CARDS:
            return self._cards(expr)
        if t is T.CARD:
            return self._card_ref(expr)
        if t is T.CARD_SPEC:
            return self._card_spec(expr)
        if t is T.SHIPS:
            return self._ships(expr)
        if t is T.PLACE:
            return self._place(expr)
        if t is T.SIDE:
            return self._side(expr)
        if t is T.QUANTITY:
            return self._quantity(expr)
        if t is T.AMOUNT:
            return self._amount(expr)
        if t is T.WORD:
            return self._word(expr, slot)
        raise ResolveError(d.WRONG_ARG_TYPE, f"cannot use a noun phrase as {t.value}", pos)

    def _noun(self, np: ast.NP) -> NounDef:
        noun = np.noun or ""
        found = self.nouns.get(noun)
        if found is None:
            raise ResolveError(
                d.UNKNOWN_WORD,
                f"unknown noun '{noun}'",
                np.pos,
                d.did_you_mean(noun, list(self.nouns)),
            )
        return found

    def _category(self, np: ast.NP) -> str:
        if np.form == "pronoun":
            return "player"
        if np.form == "part" and np.inner is not None:
            return self._category(np.inner)
        if np.form == "copy":
            return "card"
        return self._noun(np).category

    def _plural(self, np: ast.NP) -> bool:
        n = self._noun(np)
        return np.noun == n.plural and n.plural != n.word

    def _tail(self, np: ast.NP, kind: str) -> ast.Tail | None:
        return next((t for t in np.tails if t.kind == kind), None)

    # ---------------------------------------------------------------- players

    def _players(self, np: ast.NP) -> ir.Node:
        if np.form == "pronoun":
            return self._pronoun(np)
        if np.form == "part" and np.inner is not None:
            inner = self._players(np.inner)
            q = np.quantity
            if q is not None and q.kind == "any number":
                return ir.Chosen(inner, None, 0, 99)
            return inner
        category = self._category(np)
        if category == "side":
            return self._side(np)
        if category == "card" and np.noun in ("card",) and np.form == "owned":
            return self._card_ref(np)
        if category != "player":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np.noun}' is not a player",
                np.pos,
                "players are written like 'the opponent', 'each ally of the offense', 'a player you choose'",
            )
        noun = self._noun(np)
        role = noun.meaning
        if np.det == "that" and np.form == "phrase":
            self._need_event(np, noun.word)
            return ir.Players("event player")
        of: str | None = None
        other = "other" in np.modifiers or np.det == "another"
        if np.form == "owned" and np.possessor is not None:
            of = self._ally_side(np.possessor, np)
            if role not in ("ally", "offensive ally", "defensive ally"):
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{_np_text(np)}' does not name players",
                    np.pos,
                    "only allies belong to a player: 'your allies', 'the opponent's allies'",
                )
        tail_of = self._tail(np, "of")
        if tail_of is not None and tail_of.np is not None:
            if role != "ally":
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{role} of ...' means nothing here",
                    tail_of.pos,
                    "write 'each ally of the offense' or 'the defense's allies'",
                )
            of = self._ally_side(tail_of.np, np)
        if role == "ally" and of in ("offense", "defense"):
            role, of = f"{'offensive' if of == 'offense' else 'defensive'} ally", None
        base: ir.Node = ir.Players(role, of, other)
        most = self._tail(np, "most") or self._tail(np, "fewest")
        if most is not None:
            where = self._tail(np, "in")
            if (
                most.noun in ("ship", "ships")
                and where is not None
                and where.np is not None
                and where.np.noun == "warp"
            ):
                measure = "ships in the warp"
            else:
                measure = self._measure_name(most.noun or "", most.pos)
            return ir.Extreme(measure, most.kind == "fewest", base)
        chosen = self._tail(np, "chosen") is not None
        if np.det in ("a", "another", "any") or chosen:
            q = np.quantity
            if q is not None and q.kind == "any number":
                return ir.Chosen(base, None, 0, 99)
            return ir.Chosen(base, None, 1, 1)
        return base

    def _power(self, np: ast.NP) -> ir.Node:
        """Whose power a phrase names: `your power`, `the opponent's power`, `that power`."""
        if np.noun not in ("power", "powers"):
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{_np_text(np)}' is not a power",
                np.pos,
                "write 'your power', 'the opponent's power' or 'that power'",
            )
        if np.form == "owned" and np.possessor is not None:
            return self._players(np.possessor)
        if np.det == "that":
            self._need_event(np, "power")
            return ir.Players("event player")
        raise ResolveError(
            d.BAD_PHRASE,
            f"whose power is '{_np_text(np)}'?",
            np.pos,
            "write 'your power' or 'the opponent's power'",
        )

    def _ally_side(self, owner: ast.NP, np: ast.NP) -> str:
        if owner.form == "pronoun":
            if owner.word == "you":
                return "you"
            if owner.word == "they":
                return "subject"
        if owner.form == "phrase" and owner.noun in ("offense", "defense", "opponent"):
            return owner.noun
        raise ResolveError(
            d.BAD_PHRASE,
            f"whose allies is '{_np_text(owner)}'?",
            np.pos,
            "allies belong to the offense, the defense, the opponent or you",
        )

    def _pronoun(self, np: ast.NP) -> ir.Node:
        word = np.word or ""
        if word in ("you", "yours"):
            return ir.Players("you")
        if word == "they":
            if self.scope.subject_set:
                return ir.Players("subject")
            if self.scope.loop_var:
                return ir.Players("they")
            if self.scope.in_event:
                return ir.Players("event player")
            raise ResolveError(
                d.BAD_PHRASE,
                "'they' refers to nobody here",
                np.pos,
                "use 'they' inside 'for each ...' or after a subject such as 'each ally'",
            )
        raise ResolveError(d.BAD_PHRASE, f"'{word}' is not a player here", np.pos)

    def _owner(self, np: ast.NP) -> ir.Node | None:
        """Whose thing a phrase names: the possessor, or the owner in `in <someone>'s hand`."""
        if np.form == "owned" and np.possessor is not None:
            return self._players(np.possessor)
        return None

    # ---------------------------------------------------------------- numbers

    def _number(self, expr: ast.Expr) -> ir.Node:
        if isinstance(expr, ast.Num):
            self._in_range(expr.value, self.scope.argument, expr.pos)
            return ir.Num(expr.value)
        if isinstance(expr, ast.Var):
            raise ResolveError(
                d.UNKNOWN_NAME,
                "'X' has no value on this card",
                expr.pos,
                "X is for techs researched with any number of ships",
            )
        if isinstance(expr, ast.Bin):
            return ir.Arith(expr.op, self._number(expr.left), self._number(expr.right))
        if isinstance(expr, ast.HalfOf):
            return ir.Half(self._number(expr.value), expr.round_up)
        if isinstance(expr, ast.Count):
            return ir.CountOf(self._countable(expr.np))
        return self._np_number(expr)

    def _np_number(self, np: ast.NP) -> ir.Node:
        if (
            np.form == "phrase"
            and np.det == "that"
            and np.quantity is None
            and np.noun in ("ship", "ships")
        ):
            return ir.EventValue("count")
        if np.form == "phrase" and np.quantity is not None and np.quantity.kind == "that many":
            return ir.EventValue("count")
        category = self._category(np)
        if category == "measure" or (category == "place" and self._noun(np).meaning in MEASURES):
            return self._quantity(np)
        if category in ("card", "ship", "player"):
            return ir.CountOf(self._countable(np))
        raise ResolveError(
            d.WRONG_ARG_TYPE,
            f"'{_np_text(np)}' is not a number",
            np.pos,
            "numbers are written like '3', 'your ships in the encounter', 'the number of cards in your hand'",
        )

    def _countable(self, np: ast.NP) -> ir.Node:
        category = self._category(np)
        if category == "player":
            return self._players(np)
        if category == "card":
            return self._cards(np, counting=True)
        if category == "ship":
            return self._ships(np)
        raise ResolveError(d.WRONG_ARG_TYPE, f"cannot count '{_np_text(np)}'", np.pos)

    def _measure_name(self, noun: str, pos: ast.Pos) -> str:
        found = self.nouns.get(noun)
        if found is None:
            raise ResolveError(
                d.UNKNOWN_WORD,
                f"unknown noun '{noun}'",
                pos,
                d.did_you_mean(noun, list(self.nouns)),
            )
        name = found.meaning
        if found.category == "card" and name in ("hand", "any"):
            return "cards in hand"
        if name == "warp":
            return "ships in the warp"
        if name not in MEASURES:
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{noun}' is not something players have a number of",
                pos,
                d.did_you_mean(noun, sorted(MEASURES)),
            )
        return name

    def _quantity(self, np: ast.NP) -> ir.Node:
        """A number the game keeps, for an owner: `your total`, `either side's total`."""
        name = self._measure_name(np.noun or "", np.pos)
        if np.tails:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{_np_text(np)}' cannot be narrowed this way",
                np.tails[0].pos,
                "a number the game keeps belongs to a player: write 'your total', 'the offense's lucre'",
            )
        owner: ir.Node | None = None
        if np.form == "owned" and np.possessor is not None:
            possessor = np.possessor
            if possessor.form != "pronoun" and self._category(possessor) == "card":
                owner = self._card_ref(possessor)
            elif possessor.form != "pronoun" and self._category(possessor) == "side":
                owner = self._side(possessor)
            else:
                owner = self._players(possessor)
        return ir.Measure(name, owner)

    # ---------------------------------------------------------------- cards

    def _count_of(self, np: ast.NP, *, default_one: bool) -> tuple[ir.Node | None, bool]:
        q = np.quantity
        if q is None:
            if np.det in ("a", "another", "any") or (default_one and not self._plural(np)):
                return ir.Num(1), False
            return None, False
        if q.kind == "number" and q.value is not None:
            return self._number(q.value), False
        if q.kind == "up to" and q.value is not None:
            return self._number(q.value), True
        if q.kind == "any number":
            return ir.Num(99), True
        if q.kind == "all":
            return None, False
        if q.kind == "that many":
            return ir.EventValue("count"), False
        raise ResolveError(d.BAD_PHRASE, f"'{q.kind}' does not say how many", q.pos)

    def _card_ref(self, np: ast.NP) -> ir.Node:
        if np.form == "copy" and np.inner is not None:
            return self._card_ref(np.inner)
        if np.form == "phrase":
            if np.det == "this":
                return ir.CardRef("this")
            if np.det == "that":
                self._need_event(np, "card")
                return ir.CardRef("event")
            if "higher" in np.modifiers or "lower" in np.modifiers:
                return ir.CardRef("higher" if "higher" in np.modifiers else "lower")
        if np.form == "owned" and np.possessor is not None and self._category(np) == "card":
            which = "kicker" if self._noun(np).meaning == "kicker" else "encounter"
            return ir.CardRef(which, self._players(np.possessor))
        raise ResolveError(
            d.BAD_PHRASE,
            f"'{_np_text(np)}' is not one particular card",
            np.pos,
            "name a card such as 'your card', 'the opponent's card', 'this card' or 'that card'",
        )

    def _need_event(self, np: ast.NP, what: str) -> None:
        if not self.scope.in_event:
            raise ResolveError(
                d.WINDOW_NOT_ALLOWED,
                f"'that {what}' refers to the event of the window, but {self.scope.window or 'this window'} has none",
                np.pos,
                "use it in an event or response window (e.g. response.card, ships.to_warp)",
            )

    def _filter(self, np: ast.NP) -> ir.CardFilter:
        meaning = self._noun(np).meaning
        types = None if meaning in ("any", "hand") else frozenset({meaning})
        if "named" in np.modifiers:
            return ir.CardFilter(types, named="*")
        worth = None
        if np.worth is not None:
            value = np.worth
            if not isinstance(value, ast.Num):
                raise ResolveError(d.BAD_PHRASE, "'worth' takes a plain number", _pos_of(value))
            self._in_range(value.value, T.NUMBER.value, value.pos)
            worth = value.value
        return ir.CardFilter(types, worth, worth, highest="highest" in np.modifiers)

    def _cards(self, np: ast.NP, *, counting: bool = False) -> ir.Node:
        if np.form == "copy" or (
            np.form == "phrase"
            and (np.det in ("this", "that") or {"higher", "lower"} & set(np.modifiers))
        ):
            return self._card_ref(np)
        if np.form == "part" and np.inner is not None:
            inner = self._cards(
                np.inner.with_tails(np.tails) if np.tails else np.inner, counting=counting
            )
            if not isinstance(inner, ir.Cards):
                return inner
            count, up_to = self._count_of(np, default_one=False)
            return ir.Cards(
                count, inner.filter, inner.owner, inner.random, up_to, inner.each_type, inner.zone
            )
        if self._category(np) != "card":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{_np_text(np)}' is not cards",
                np.pos,
                "cards are written like '2 cards', 'a random card', 'your hand', 'an attack card'",
            )
        noun = self._noun(np)
        if (
            np.form == "owned"
            and noun.meaning in ("any", "encounter", "kicker")
            and not np.modifiers
            and not self._plural(np)
        ):
            return self._card_ref(np)  # "your card": the card a side plays, not one of a hand
        owner = self._owner(np)
        zone = "hand"
        if np.form == "phrase" and np.det in ("those", "these"):
            # the event's cards (gain.* windows), else the cards the effect last handled
            zone = "those"
        each_type = False
        for tail in np.tails:
            if tail.kind == "in" and tail.np is not None:
                place = self._place(tail.np)
                assert isinstance(place, ir.Place)
                if place.kind not in CARD_ZONES:
                    raise ResolveError(
                        d.BAD_PHRASE,
                        f"cards are not kept in '{_np_text(tail.np)}'",
                        tail.pos,
                        "cards are in a hand, the deck or the discard pile",
                    )
                if owner is not None and place.owner is not None and owner != place.owner:
                    raise ResolveError(
                        d.BAD_PHRASE,
                        f"'{_np_text(np)}' names two owners",
                        np.pos,
                        "name the owner once: 'the opponent's cards' or 'the cards in the opponent's hand'",
                    )
                zone = CARD_ZONES[place.kind]
                owner = place.owner if owner is None else owner
            elif tail.kind == "of" and tail.np is not None and tail.np.noun in ("type", "types"):
                each_type = True
            elif tail.kind == "of" and tail.np is not None:
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{_np_text(np)}' of what?",
                    tail.pos,
                    "write '1 card of each type'",
                )
        count, up_to = self._count_of(np, default_one=not counting and noun.meaning != "hand")
        if noun.meaning == "hand":
            count = None
        return ir.Cards(
            count, self._filter(np), owner, "random" in np.modifiers, up_to, each_type, zone
        )

    def _card_spec(self, np: ast.NP) -> ir.Node:
        if np.form == "copy":
            return self._card_ref(np)
        f = self._filter(np)
        if f.types is None or len(f.types) != 1:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{_np_text(np)}' does not say what card it becomes",
                np.pos,
                "write 'an attack worth 15', 'a negotiate' or 'a copy of the opponent's card'",
            )
        return f

    # ---------------------------------------------------------------- ships and places

    def _ships(self, np: ast.NP) -> ir.Node:
        if np.form == "pronoun" and np.word in ("they", "it"):
            self._need_event(np, "ships")
            return ir.Ships(None, event=True)
        if np.form == "part" and np.inner is not None:
            inner = self._ships(np.inner.with_tails(np.tails) if np.tails else np.inner)
            assert isinstance(inner, ir.Ships)
            count, up_to = self._count_of(np, default_one=False)
            return ir.Ships(count, inner.owner, inner.place, up_to, inner.event)
        if self._category(np) != "ship":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{_np_text(np)}' is not ships",
                np.pos,
                "ships are written like '3 ships', 'your ships in the encounter', 'those ships'",
            )
        if np.det in ("those", "that", "these"):
            self._need_event(np, "ships")
            return ir.Ships(None, event=True)
        owner = self._owner(np)
        place: ir.Node | None = None
        for tail in np.tails:
            if tail.kind == "in" and tail.np is not None:
                place = self._place(tail.np)
            else:
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{_np_text(np)}' cannot be narrowed this way",
                    tail.pos,
                    "write ships like 'your ships in the encounter'",
                )
        count, up_to = self._count_of(np, default_one=True)
        return ir.Ships(count, owner, place, up_to)

    def _place(self, np: ast.NP) -> ir.Node:
        if np.form == "pronoun":
            raise ResolveError(d.WRONG_ARG_TYPE, f"'{np.word}' is not a place", np.pos)
        noun = self._noun(np)
        if noun.category == "card" and noun.meaning == "hand":
            return ir.Place("hand", self._owner(np))
        if noun.category != "place":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{_np_text(np)}' is not a place",
                np.pos,
                "places are the warp, your colonies, the encounter, your hand, the target planet, ...",
            )
        owner = self._owner(np)
        tail_of = self._tail(np, "of")
        if tail_of is not None and tail_of.np is not None:
            owner = self._players(tail_of.np)
        extra = [m for m in np.modifiers if m != "empty"]
        if extra:
            raise ResolveError(
                d.BAD_PHRASE,
                f"a place cannot be '{extra[0]}'",
                np.pos,
                "the one word a place takes is 'empty' (a planet with no ships)",
            )
        kind = noun.meaning
        if kind == "colonies" and np.det == "a" and not self._plural(np):
            kind = "a colony"  # one colony, picked by the effect's owner
        if owner is not None and kind == "planets":
            kind = "home planets"  # "the defense's planets": the planets of its home system
        if owner is not None and kind in UNOWNED_PLACES:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{noun.word}' belongs to no player",
                np.pos,
                f"write 'the {noun.word}'; to name whose ships, put the owner on the ships:"
                f" 'your ships in the {noun.word}'",
            )
        return ir.Place(kind, owner, "empty" in np.modifiers)

    def _side(self, np: ast.NP) -> ir.Node:
        if np.form == "owned" and np.possessor is not None:
            p = np.possessor
            if p.form == "pronoun" and p.word == "you":
                return ir.Side("yours")
            if p.form == "phrase" and p.noun in ("offense", "defense", "opponent"):
                return ir.Side(p.noun if p.noun != "opponent" else "opponent")
        if np.form == "phrase" and np.det in ("either", "both"):
            return ir.Side(np.det)
        raise ResolveError(
            d.BAD_PHRASE,
            f"'{_np_text(np)}' is not a side",
            np.pos,
            "sides are 'your side', 'the offense's side', 'either side', 'both sides'",
        )

    def _amount(self, np: ast.NP) -> ir.Node:
        noun = self._noun(np)
        if noun.meaning not in ("lucre", "rewards", "markers"):
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{_np_text(np)}' is not an amount",
                np.pos,
                "amounts are lucre or rewards: '2 lucre', '1 reward'",
            )
        count, up_to = self._count_of(np, default_one=True)
        return ir.Amount(noun.meaning, count or ir.Num(1), up_to)

    def _word(self, np: ast.NP, slot: Slot | None) -> ir.Node:
        written = _np_text(np)
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
                    d.BAD_ARGUMENTS, f"expected '{slot.word}', not '{written}'", np.pos
                )
            return ir.Word(slot.word)
        if np.form == "phrase" and np.noun:
            noun = self.nouns.get(np.noun)
            if noun is None:
                raise ResolveError(d.UNKNOWN_WORD, f"unknown noun '{np.noun}'", np.pos)
            if np.det == "that":
                self._need_event(np, noun.word)
            return ir.Word(noun.word if noun.word != "reward" else "rewards")
        raise ResolveError(d.BAD_PHRASE, f"'{written}' cannot be used here", np.pos)

    # ---------------------------------------------------------------- conditions

    def _cond(self, c: ast.Cond) -> ir.Node:
        if isinstance(c, ast.BoolOp):
            left, right = self._cond(c.left), self._cond(c.right)
            kind = ir.AllOf if c.op == "and" else ir.AnyOf
            items = (
                *(left.items if isinstance(left, kind) else (left,)),
                *(right.items if isinstance(right, kind) else (right,)),
            )
            return kind(items)
        if isinstance(c, ast.NotCond):
            return ir.Not(self._cond(c.item))
        if isinstance(c, ast.Cmp):
            return ir.Compare(c.op, self._number(c.left), self._number(c.right))
        if isinstance(c, ast.PredCond):
            if not isinstance(c.left, ast.NP):
                raise ResolveError(d.BAD_CONDITION, f"'{c.pred}' needs a player before it", c.pos)
            return ir.Pred(c.pred, (self._players(c.left),))
        if isinstance(c, ast.Has):
            return self._has(c)
        if isinstance(c, ast.Is):
            node = self._is(c)
            return ir.Not(node) if c.negated else node
        raise ResolveError(d.BAD_CONDITION, "cannot read this condition", (0, 0))

    def _has(self, c: ast.Has) -> ir.Node:
        if not isinstance(c.left, ast.NP):
            raise ResolveError(d.BAD_CONDITION, "'has' needs a player before it", c.pos)
        who = self._players(c.left)
        np = c.np
        q = np.quantity
        op, bound = ">=", 1
        threshold: ir.Node = ir.Num(1)
        if np.det == "no":
            op, threshold = "==", ir.Num(0)
        elif q is not None and q.value is not None:
            threshold = self._number(q.value)
            op = {
                "number": ">=",
                "at least": ">=",
                "at most": "<=",
                "more than": ">",
                "fewer than": "<",
                "up to": "<=",
            }[q.kind]
        del bound
        category = self._category(np)
        noun = self._noun(np)
        amount: ir.Node
        if category == "card":
            held = self._cards(replace(np, quantity=None, det=None), counting=True)
            if not isinstance(held, ir.Cards) or held.owner not in (None, who):
                raise ResolveError(
                    d.BAD_CONDITION,
                    f"'{_np_text(np)}' cannot be had",
                    np.pos,
                    "write 'you have 2 attack cards' or 'you have no cards in your hand'",
                )
            amount = ir.CountOf(replace(held, count=None, owner=who))
        elif category == "ship":
            ships = self._ships(replace(np, quantity=None, det=None))
            assert isinstance(ships, ir.Ships)
            amount = ir.CountOf(ir.Ships(None, who, ships.place))
        elif category in ("measure", "place"):
            if np.tails:
                raise ResolveError(
                    d.BAD_CONDITION,
                    f"'{_np_text(np)}' cannot be narrowed this way",
                    np.tails[0].pos,
                    "write it as 'you have at least 3 lucre'",
                )
            amount = ir.Measure(self._measure_name(noun.word, np.pos), who)
        else:
            raise ResolveError(d.BAD_CONDITION, f"players do not have '{_np_text(np)}'", np.pos)
        return ir.Compare(op, amount, threshold)

    def _is(self, c: ast.Is) -> ir.Node:
        left, comp = c.left, c.complement
        if isinstance(comp, ast.Bound):
            op = {"at least": ">=", "at most": "<=", "more than": ">", "fewer than": "<"}[comp.kind]
            return ir.Compare(op, self._number(left), self._number(comp.value))
        if isinstance(comp, ast.AdjWord):
            if comp.word in ("odd", "even"):
                return ir.Pred(comp.word, (self._number(left),))
            raise ResolveError(
                d.BAD_CONDITION,
                f"'is {comp.word}' is not a condition",
                comp.pos,
                d.did_you_mean(comp.word, ["odd", "even"]),
            )
        if not isinstance(left, ast.NP):
            if isinstance(comp, ast.KindWord):
                raise ResolveError(d.BAD_CONDITION, "a number cannot be a kind of thing", comp.pos)
            return ir.Compare("==", self._number(left), self._number(comp))
        kind_np = comp if isinstance(comp, ast.NP) else None
        kind_word = (
            comp.noun
            if isinstance(comp, ast.KindWord)
            else (comp.noun if isinstance(comp, ast.NP) else None)
        )
        left_category = self._category(left)
        comp_pos = _pos_of(comp)
        if left_category not in ("card", "player", "ship") and kind_word is not None:
            comp_noun = self.nouns.get(kind_word)
            if comp_noun is not None and comp_noun.category == "card":
                raise ResolveError(d.BAD_CONDITION, "a number cannot be a kind of thing", comp_pos)
        if left_category == "card":
            noun_pos = (comp_pos[1] - len(kind_word), comp_pos[1]) if kind_word else comp_pos
            kind = self._kind_of(kind_word, noun_pos)
            if left.form == "phrase" and left.det == "both":
                return ir.Pred("both cards are", (ir.Word(kind),))
            return ir.Pred("card is", (self._card_ref(left), ir.Word(kind)))
        if left_category == "ship":
            if kind_np is not None and kind_np.form == "pronoun":
                return ir.Pred(
                    "ships are owned by",
                    (
                        self._pronoun(
                            ast.NP(
                                "pronoun",
                                kind_np.pos,
                                word="you" if kind_np.word in ("you", "yours") else kind_np.word,
                            )
                        ),
                    ),
                )
            raise ResolveError(
                d.BAD_CONDITION,
                "ships can only be compared with their owner: 'those ships are yours'",
                c.pos,
            )
        if left_category == "player":
            who = self._players(left)
            if kind_np is not None and kind_np.form == "pronoun":
                return ir.Pred("is player", (who, self._players(kind_np)))
            named = self.nouns.get(kind_np.noun or "") if kind_np is not None else None
            if kind_np is not None and named is not None and named.meaning not in ROLE_WORDS:
                # "that player is the holder": one particular player, not a role
                return ir.Pred("is player", (who, self._players(kind_np)))
            if kind_word is None:
                raise ResolveError(
                    d.BAD_CONDITION, "a player can be compared with a role or a player", c.pos
                )
            role_np = kind_np or ast.NP("phrase", c.pos, det="a", noun=kind_word)
            role = self._role(role_np)
            return ir.Pred("has role", (who, ir.Word(role)))
        if isinstance(comp, (ast.KindWord, ast.AdjWord)):
            raise ResolveError(
                d.BAD_CONDITION, f"'{_np_text(left)}' cannot be '{_text_of_comp(comp)}'", c.pos
            )
        return ir.Compare("==", self._number(left), self._number(comp))

    def _kind_of(self, word: str | None, pos: ast.Pos) -> str:
        noun = self.nouns.get(word or "")
        if noun is None or noun.category != "card" or noun.meaning in ("any", "hand"):
            kinds = sorted(
                {
                    n.word
                    for n in NOUNS.values()
                    if n.category == "card" and n.meaning not in ("any", "hand")
                }
            )
            raise ResolveError(
                d.BAD_CONDITION,
                f"'{word}' is not a kind of card",
                pos,
                d.did_you_mean(word or "", kinds),
            )
        return noun.meaning

    def _role(self, np: ast.NP) -> str:
        noun = self._noun(np)
        if noun.category != "player":
            raise ResolveError(d.BAD_CONDITION, f"'{np.noun}' is not a role", np.pos)
        role = noun.meaning
        tail = self._tail(np, "of")
        if role == "ally" and tail is not None and tail.np is not None:
            side = self._ally_side(tail.np, np)
            if side in ("offense", "defense"):
                return f"{'offensive' if side == 'offense' else 'defensive'} ally"
        return role


# ---------------------------------------------------------------- helpers


def _action(op: OpDef, args: tuple[ir.Node | None, ...]) -> str:
    """The name a restriction is checked under by the engine (`play artifact`, `invite`)."""
    if op.name == "must play":
        cards = args[0]
        if isinstance(cards, ir.Cards) and cards.filter.types:
            return f"play {next(iter(cards.filter.types))}"
        return "play card"
    return op.name


def _pos_of(item: object) -> ast.Pos:
    pos = getattr(item, "pos", (0, 0))
    return pos if isinstance(pos, tuple) else (0, 0)


def _frame_hint(op: OpDef) -> str:
    return f"'{op.verb}' is written: {op.frame()}"


def _slot_text(slot: Slot) -> str:
    what = slot.word or slot.type.value
    return f"'{slot.prep} {what}'" if slot.prep else what


# places cards are kept in, and the zone each one is
CARD_ZONES = {"hand": "hand", "discard": "discard", "deck": "deck"}

# places no player owns: an owner written on them has no meaning, so it is refused
UNOWNED_PLACES = frozenset(
    {"warp", "encounter", "gate", "target planet", "new colony", "deck", "discard", "box", "game"}
)

# role words a player can be tested against; other player nouns name particular players
ROLE_WORDS = {*ROLES, "opponent", "winner", "loser", "player"}

POSSESSIVE_PRONOUNS = {
    "you": "your",
    "your": "your",
    "they": "their",
    "their": "their",
    "it": "its",
}


def _np_text(np: ast.NP) -> str:
    parts: list[str] = []
    if np.form == "pronoun":
        return np.word or ""
    if np.possessor is not None:
        owner = _np_text(np.possessor)
        parts.append(POSSESSIVE_PRONOUNS.get(owner, owner + "'s"))
    if np.det:
        parts.append(np.det)
    if np.quantity is not None:
        parts.append(
            np.quantity.kind
            if np.quantity.value is None
            else str(getattr(np.quantity.value, "value", ""))
        )
    parts.extend(np.modifiers)
    if np.inner is not None:
        parts.append("of " + _np_text(np.inner))
    if np.noun:
        parts.append(np.noun)
    return " ".join(p for p in parts if p)


def _text_of_comp(comp: ast.KindWord | ast.AdjWord) -> str:
    return comp.noun if isinstance(comp, ast.KindWord) else comp.word


def _vp_text(stmt: ast.Simple, vp: ast.VerbPhrase) -> str:
    return vp.written + (" ..." if vp.args else "")


def _span_of(stmts: tuple[ast.Stmt, ...]) -> ast.Pos:
    if not stmts:
        return (0, 0)
    return (stmts[0].pos[0], stmts[-1].pos[1])


def _text_of(stmts: tuple[ast.Stmt, ...]) -> str:
    first = stmts[0] if stmts else None
    if isinstance(first, ast.Simple) and first.verbs:
        return first.verbs[0].written
    return "option"


__all__ = ["ADVERBS", "PREDICATES", "ResolveError", "Resolver"]
