"""The effect language's syntax tree: what the parser builds, before names are bound.

Positions are (start, end) character offsets into the effect text; the caller maps them to the
YAML file's lines and columns only when a diagnostic needs them.
"""

from __future__ import annotations

from typing import TypeAlias

from runtime.record import record

Pos = tuple[int, int]


@record
class Quantity:
    kind: str  # "number" | "x" | "all" | "any number" | "that many" | "up to" | "at least" | "at most" | "more than" | "fewer than"
    value: Expr | None
    pos: Pos


@record
class Tail:
    kind: str  # "in" | "of" | "chosen" | "most" | "fewest" | "outside"
    np: NP | None
    noun: str | None
    pos: Pos
    # an "in" tail written `on`: an op's own `on PLACE` argument takes it (resolve.arguments)
    written_on: bool = False


@record
class NP:
    form: str  # "phrase" | "owned" | "pronoun" | "part" | "copy" | "outside"
    pos: Pos
    det: str | None = None
    quantity: Quantity | None = None
    modifiers: tuple[str, ...] = ()
    noun: str | None = None  # the noun as written (Eon aliases already mapped)
    worth: Expr | None = None
    possessor: NP | None = None
    inner: NP | None = None
    tails: tuple[Tail, ...] = ()
    word: str | None = None  # pronoun word
    # value bounds of a card filter ("worth 06 or less", "between 05 and 10"): lowest, highest
    worth_range: tuple[Expr | None, Expr | None] | None = None

    def with_tails(self, tails: tuple[Tail, ...]) -> NP:
        from dataclasses import replace

        return replace(
            self,
            tails=self.tails + tails,
            pos=(self.pos[0], max([self.pos[1]] + [t.pos[1] for t in tails])),
        )


@record
class Num:
    value: int
    pos: Pos


@record
class Var:
    pos: Pos


@record
class Count:
    np: NP
    pos: Pos


@record
class TotalValue:
    """The values of some cards added together: `the total value of CARDS`."""

    np: NP
    pos: Pos


@record
class HalfOf:
    value: Expr
    round_up: bool
    pos: Pos


@record
class Bin:
    op: str
    left: Expr
    right: Expr
    pos: Pos


Expr: TypeAlias = Num | Var | NP | Count | TotalValue | HalfOf | Bin


@record
class PP:
    prep: str
    value: Expr
    pos: Pos


@record
class Adverb:
    word: str
    pos: Pos


Arg: TypeAlias = Expr | PP | Adverb


@record
class VerbPhrase:
    verb: str  # canonical verb
    written: str
    args: tuple[Arg, ...]
    pos: Pos


@record
class Duration:
    scope: str  # "encounter" | "turn" | "game" | "encounters" | "while" | "until"
    count: int
    pos: Pos
    condition: Cond | None = None
    window: str = ""  # for "until": the window that ends it
    yours: bool = False  # for "until": only in the owner's next turn or encounter


@record
class Simple:
    subject: NP | None
    modal: str | None  # "may" | "must" | "may not" | "cannot"
    verbs: tuple[VerbPhrase, ...]
    prevent: bool
    duration: Duration | None
    pos: Pos


@record
class IfStmt:
    cond: Cond
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] | None
    pos: Pos


@record
class ForEachStmt:
    np: NP
    body: tuple[Stmt, ...]
    pos: Pos
    start: NP | None = None  # `starting with <player>`: clockwise from that player
    reverse: bool = False  # `in reverse order`


@record
class ChooseStmt:
    chooser: NP | None
    options: tuple[tuple[Stmt, ...], ...]
    pos: Pos
    labels: tuple[str | None, ...] = ()
    fresh: bool = False  # "not yet chosen": each option once before any repeats


@record
class RepeatStmt:
    times: Expr
    body: tuple[Stmt, ...]
    pos: Pos


@record
class RepeatUntilStmt:
    until: Cond
    body: tuple[Stmt, ...]
    pos: Pos


@record
class InsteadStmt:
    body: Simple
    pos: Pos


@record
class LastingStmt:
    duration: Duration
    body: Simple | DelayedStmt
    pos: Pos


@record
class DelayedStmt:
    window: str
    body: tuple[Stmt, ...]
    pos: Pos
    window_pos: Pos = (0, 0)


@record
class OfferStmt:
    """`if <players> accepts: ...`: asked in turn, the first to accept acts as `they`."""

    np: NP
    body: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] | None
    pos: Pos
    start: NP | None = None
    reverse: bool = False


Stmt: TypeAlias = (
    Simple
    | IfStmt
    | ForEachStmt
    | ChooseStmt
    | RepeatStmt
    | RepeatUntilStmt
    | InsteadStmt
    | LastingStmt
    | DelayedStmt
    | OfferStmt
)


@record
class Is:
    left: Expr
    negated: bool
    complement: Complement
    pos: Pos


@record
class Has:
    left: Expr
    np: NP
    pos: Pos


@record
class PredCond:
    left: Expr
    pred: str
    pos: Pos
    obj: NP | None = None  # the object of a condition word that takes one ("was played by X")


@record
class Cmp:
    op: str
    left: Expr
    right: Expr
    pos: Pos


@record
class BoolOp:
    op: str  # "and" | "or"
    left: Cond
    right: Cond
    pos: Pos


@record
class NotCond:
    item: Cond
    pos: Pos


Cond: TypeAlias = Is | Has | PredCond | Cmp | BoolOp | NotCond


@record
class KindWord:
    noun: str
    pos: Pos


@record
class AdjWord:
    word: str
    pos: Pos


@record
class OwnerWord:
    """A possessive standing alone as a complement: "those ships are the defense's"."""

    owner: NP
    pos: Pos


@record
class Bound:
    kind: str  # "at least" | "at most" | "more than" | "fewer than"
    value: Expr
    pos: Pos


@record
class LabelWord:
    """A quoted word standing as a complement: `the chosen option is "left"`."""

    word: str
    pos: Pos


Complement: TypeAlias = Expr | KindWord | AdjWord | Bound | OwnerWord | LabelWord


@record
class Effect:
    stmts: tuple[Stmt, ...]
