"""The LALR driver: the shipped parser tables (grammar/effect.tables.json's stored form) and a
builder in, a shift/reduce parse of a lexer's tokens out, whose result is what the builder's rule
callbacks make.

The tree is shaped as the table builder's grammar says (Lark's conventions): a rule's callback is
the builder's method named by the rule's alias, else by the rule itself; a rule without one
makes a Tree; terminals marked filtered (`_`-named ones and anonymous strings) are dropped from
a rule's items, the items of an inlined `_rule` take its place, and a `?rule` with one item left
passes that item on. A token the tables do not expect raises UnexpectedToken with the terminals
the state lists and those that can really go on from there.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any

from compiler.pipeline.tokens import Lexer, Token
from runtime.record import record

Callback = Callable[[Any], Any]


class UnexpectedToken(Exception):
    """The parse met a token its state has no action for. `expected` is every terminal the state
    lists; `accepts` those of them the parse can really go on with (a listed terminal may only
    lead to reductions that fail one step later)."""

    def __init__(self, token: Token, expected: set[str], accepts: set[str]) -> None:
        super().__init__(f"unexpected {token.type} {str(token)!r}; expected {sorted(expected)}")
        self.token = token
        self.expected = expected
        self.accepts = accepts


class Tree:
    """What a rule without a callback makes: the rule's name and its items."""

    __slots__ = ("children", "data")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return False
        return (self.data, self.children) == (other.data, other.children)

    __hash__ = None  # type: ignore[assignment]


@record
class Symbol:
    """One symbol of a rule's expansion: a terminal (maybe filtered out of the tree) or a rule."""

    name: str
    is_term: bool
    filter_out: bool


@record
class Rule:
    """One expansion of the grammar as stored: `origin: expansion`, with the tree options."""

    origin: str
    expansion: tuple[Symbol, ...]
    alias: str | None
    expand1: bool
    keep_all_tokens: bool
    template_source: str | None


class ParseTables:
    """The stored tables: rules, the start and end state of each start rule, and the states, each
    read from its stored text when a parse first reaches it. An action is an int: a shift (or a
    rule's goto) to that state when >= 0, else the reduction by rule number ~action."""

    def __init__(
        self,
        rules: list[Rule],
        states: dict[int, str],
        tokens: dict[int, str],
        rule_numbers: dict[int, int],
        start_states: dict[str, int],
        end_states: dict[str, int],
    ) -> None:
        self.rules = rules
        self.start_states = start_states
        self.end_states = end_states
        self.states = StatesOnDemand(states, tokens, rule_numbers)

    @classmethod
    def from_stored(cls, data: dict[str, Any], memo: dict[str, Any]) -> ParseTables:
        """The tables from the stored form (Lark's serialized parser, states kept as JSON texts).
        Raises ValueError or KeyError when it is not that form."""
        # Terminal and rule names are interned, as the lexer's terminals are: each parse step
        # looks one up in a state's actions, found then by identity, without comparing text.
        refs = [ref["@"] for ref in data["parser"]["parser_conf"]["rules"]]
        rules = [_rule(memo[str(ref)]) for ref in refs]
        table = data["parser"]["parser"]
        states = table["states"]
        if not all(isinstance(actions, str) for actions in states.values()):
            raise ValueError("the states are not stored as texts")
        return cls(
            rules,
            {int(state): actions for state, actions in states.items()},
            {int(token): sys.intern(name) for token, name in table["tokens"].items()},
            {ref: number for number, ref in enumerate(refs)},
            dict(table["start_states"]),
            dict(table["end_states"]),
        )

    def state(self, number: int) -> dict[str, int]:
        """One state's actions: terminal or rule name -> action."""
        return self.states[number]

    def state_numbers(self) -> list[int]:
        return sorted(self.states.stored)

    def terminals(self) -> set[str]:
        return {name for name in self.states.tokens.values() if name.isupper()}


UNREAD: dict[str, int] = {}  # stands for the actions of a state not read yet (told by identity)


class StatesOnDemand:
    """State number -> actions, each state built from its stored text on first look-up: a run
    that parses a few effects reaches a small part of them. The states are numbered from 0 on;
    `read` holds each one's actions by number once built (UNREAD before), for the parse's loop
    to index directly."""

    def __init__(self, stored: dict[int, str], tokens: dict[int, str], rules: dict[int, int]):
        self.stored, self.tokens, self._rules = stored, tokens, rules
        self.read: list[dict[str, int]] = [UNREAD] * (max(stored, default=-1) + 1)

    def __getitem__(self, number: int) -> dict[str, int]:
        found = self.read[number]
        return self.build(number) if found is UNREAD else found

    def build(self, number: int) -> dict[str, int]:
        """Read one state's actions from its stored text."""
        tokens, rules = self.tokens, self._rules
        found = {
            tokens[int(token)]: ~rules[arg["@"]] if kind == 1 else arg
            for token, (kind, arg) in json.loads(self.stored[number]).items()
        }
        self.read[number] = found
        return found


def _rule(stored: dict[str, Any]) -> Rule:
    if stored.get("__type__") != "Rule":
        raise ValueError(f"a stored rule of type {stored.get('__type__')!r}")
    options = stored["options"]
    return Rule(
        sys.intern(stored["origin"]["name"]),
        tuple(
            Symbol(s["name"], s["__type__"] == "Terminal", bool(s.get("filter_out")))
            for s in stored["expansion"]
        ),
        stored["alias"],
        bool(options["expand1"]),
        bool(options["keep_all_tokens"]),
        options["template_source"],
    )


def callback(rule: Rule, builder: object) -> Callback:
    """What reducing by `rule` makes of its items (see the module's docstring). An inlined
    `_rule` without a callback makes the list of its kept items, which the rules using it
    splice into theirs."""
    name = rule.alias or rule.template_source or rule.origin
    make: Callback | None = getattr(builder, name, None)
    if make is None and not _inlined(rule.origin):

        def make(items: list[Any], name: str = name) -> Any:
            return Tree(name, items)

    if make is not None and rule.expand1 and not rule.alias:
        make = _single_or(make)
    keep = [
        (i, not s.is_term and _inlined(s.name))
        for i, s in enumerate(rule.expansion)
        if rule.keep_all_tokens or not (s.is_term and s.filter_out)
    ]
    if len(keep) < len(rule.expansion) or any(inline for _, inline in keep):
        return _filtered(keep, make)
    return list if make is None else make


def _inlined(name: str) -> bool:
    return name.startswith("_")


def _single_or(make: Callback) -> Callback:
    def single(items: list[Any]) -> Any:
        return items[0] if len(items) == 1 else make(items)

    return single


def _filtered(keep: list[tuple[int, bool]], make: Callback | None) -> Callback:
    """The kept items, those of inlined rules spliced in, handed to `make` (or made the result
    when there is none: the rule is itself inlined). Compiled for the rule as one list display
    (`[items[0], *items[2]]`): a loop over `keep` would cost every reduction a turn per item."""
    kept = ", ".join(f"*items[{i}]" if inline else f"items[{i}]" for i, inline in keep)
    made: dict[str, Any] = {"make": make}
    result = f"[{kept}]" if make is None else f"make([{kept}])"
    exec(f"def filtered(items):\n    return {result}", made)
    filtered: Callback = made["filtered"]
    return filtered


def passes_on(rule: Rule) -> bool:
    """Whether reducing by `rule` hands on its one item as it is (a `?rule` of one kept item),
    so the driver need not call a callback nor touch the value stack."""
    if rule.alias or not rule.expand1 or len(rule.expansion) != 1:
        return False
    (symbol,) = rule.expansion
    if symbol.is_term:
        return rule.keep_all_tokens or not symbol.filter_out
    return not _inlined(symbol.name)


def _top(size: int) -> slice:
    """The slice of a stack that its top `size` entries are (none for a rule of no items)."""
    return slice(-size, None) if size else slice(0, 0)


class LalrParser:
    """A parser: the tables, the lexer giving tokens and the builder whose callbacks make the
    tree."""

    def __init__(self, tables: ParseTables, lexer: Lexer, builder: object) -> None:
        self.tables = tables
        self.lexer = lexer
        self.builder = builder
        # per rule: the slice of the stacks its items take, its origin and its callback (None
        # when it passes its item on)
        self._reductions = [
            (
                _top(len(rule.expansion)),
                rule.origin,
                None if passes_on(rule) else callback(rule, builder),
            )
            for rule in tables.rules
        ]
        # a terminal the builder has a method of the same name for passes through it when shifted
        self._token_callbacks: dict[str, Callback] = {
            name: getattr(builder, name)
            for name in tables.terminals()
            if callable(getattr(builder, name, None))
        }
        # (state below, top state, terminal) -> the top state once the reductions that pass an
        # item on are done, filled in as parses meet them
        self._passed_on: dict[tuple[int, int, str], int] = {}
        self._end_states = frozenset(tables.end_states.values())

    def pass_on(self, key: tuple[int, int, str]) -> int:
        """The top state after the reductions that only hand their one item on, from the top
        state of `key` (above the state below it) before its terminal: they pop nothing, so the
        state below stays, and the run of them ends where the next action is another one (or
        at the parse's end). Kept for the parses that meet the same run."""
        below, found, kind = key
        table, reductions = self.tables.states, self._reductions
        while True:
            action = table[found].get(kind)
            if action is None or action >= 0 or reductions[~action][2] is not None:
                break
            found = table[below][reductions[~action][1]]
            if found in self._end_states:  # the parse may end here: the driver checks
                break
        self._passed_on[key] = found
        return found

    def parse(self, text: str, start: str) -> Any:
        """The tree of `text` from the start rule `start`; raises UnexpectedToken where the
        tokens leave the grammar (errors the lexer raises pass through as they are)."""
        return self.finish(self.begin(start), text)

    def finish(self, run: ParseRun, text: str) -> Any:
        """Feed `run` the tokens of `text` and the end: the tree. An error the lexer raises
        leaves `run` as it was after the tokens before it."""
        token = run.feed_all(self.lexer.lex(text))
        end = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
        return run.feed(end, is_end=True)

    def begin(self, start: str) -> ParseRun:
        """A parse fed one token at a time (the editor's completion asks what may come next)."""
        return ParseRun(self, start)


class ParseRun:
    """One parse in progress: the state and value stacks."""

    def __init__(self, parser: LalrParser, start: str) -> None:
        self._parser = parser
        self._tables = parser.tables
        self._end_state = self._tables.end_states[start]
        self.states = [self._tables.start_states[start]]
        self.values: list[Any] = []
        self.last: Token | None = None  # the last token fed

    def feed(self, token: Token, is_end: bool = False) -> Any:
        """Shift `token`, after the reductions it calls for; at the end, the finished tree."""
        if is_end:
            return self._run((token,), self._end_state)
        self._run((token,), None)
        return None

    def feed_all(self, tokens: Iterable[Token]) -> Token | None:
        """Feed each of `tokens` in turn; the last of them, if any."""
        self._run(tokens, None)
        return self.last

    def _run(self, tokens: Iterable[Token], end_state: int | None) -> Any:
        """Shift each token after the reductions it calls for. With `end_state` (the tokens end
        the text), the tree once the start rule is reduced; else None."""
        states, values = self.states, self.values
        # every state on the stack has been the current one, so its actions are read already;
        # the current state's may not be
        table = self._tables.states.read
        build = self._tables.states.build
        reductions = self._parser._reductions
        on_token = self._parser._token_callbacks
        passed_on, pass_on = self._parser._passed_on, self._parser.pass_on
        token = self.last
        for token in tokens:
            kind = token.type
            state = states[-1]
            while True:
                actions = table[state]
                if actions is UNREAD:
                    actions = build(state)
                try:
                    action = actions[kind]
                except KeyError:
                    raise UnexpectedToken(token, self.choices(), self.accepts()) from None
                if action >= 0:
                    states.append(action)
                    values.append(on_token[kind](token) if kind in on_token else token)
                    break
                top, origin, make = reductions[~action]
                if make is None:  # the one item is the result: only the state changes
                    key = (states[-2], state, kind)
                    found = passed_on.get(key)
                    state = pass_on(key) if found is None else found
                    states[-1] = state
                else:
                    items = values[top]
                    del states[top]
                    del values[top]
                    values.append(make(items))
                    state = table[states[-1]][origin]
                    states.append(state)
                if state == end_state:
                    return values[-1]
        self.last = token
        return None

    def choices(self) -> set[str]:
        """The terminals the current state has an action for."""
        return {name for name in self._tables.state(self.states[-1]) if name.isupper()}

    def accepts(self) -> set[str]:
        """The terminals that can really come next: those whose reductions end in a shift, or
        for the end of the text, in the finished tree."""
        return {kind for kind in self.choices() if self._would_shift(kind)}

    def _would_shift(self, kind: str) -> bool:
        states = list(self.states)
        table, rules = self._tables.states, self._tables.rules
        while True:
            action = table[states[-1]].get(kind)
            if action is None:
                return False
            if action >= 0:
                return True
            rule = rules[~action]
            if rule.expansion:
                del states[-len(rule.expansion) :]
            states.append(table[states[-1]][rule.origin])
            if kind == "$END" and states[-1] == self._end_state:
                return True
