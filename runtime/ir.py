"""The resolved effect IR: the typed, name-bound tree the compiler emits and the runtime executes.

Every node is a frozen dataclass (made by `runtime.record.record`) of plain values, so IR is stored
as plain data in the compile cache and compares by value in tests. Nodes name registry entries
(ops, measures, predicates) by string; the runtime binds those names to implementations when it compiles IR into closures.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeAlias

from runtime.record import Record, record

# ---------------------------------------------------------------- values (evaluate to an int)


@record
class Num(Record):
    value: int


@record
class Measure(Record):
    """A number read from the game, e.g. a player's hand size or a side's card value."""

    name: str
    of: Node | None = None


@record
class Arith(Record):
    op: str  # "+", "-", "*", "/", "%" (remainder), "min", "max"
    left: Node
    right: Node


@record
class Half(Record):
    value: Node
    round_up: bool


@record
class CountOf(Record):
    """How many things a set holds: players selected, cards matching, ships found."""

    thing: Node


@record
class ValueOf(Record):
    """The values of some cards added together (an attack's value; any other card counts 0)."""

    cards: Node


@record
class EventValue(Record):
    """A number carried by the event a hook reacts to (e.g. how many ships are going to the warp)."""

    field: str


# ---------------------------------------------------------------- players


@record
class Players(Record):
    """A selector of players. `role` names a registry selector; `of` narrows allies to a side."""

    role: str
    of: str | None = None  # for allies: "offense" | "defense" | "you" | "opponent"
    other: bool = False  # leave out the player the effect belongs to


@record
class Chosen(Record):
    """Players picked by a chooser (default: the effect's owner) from a base selection."""

    base: Node
    chooser: Node | None = None
    minimum: int = 1
    maximum: int = 1


@record
class Extreme(Record):
    """The player with the most (or fewest) of a measure, ties broken clockwise from the offense."""

    measure: str
    fewest: bool
    base: Node


# ---------------------------------------------------------------- things


@record
class CardFilter(Record):
    types: frozenset[str] | None = None  # card types/kinds: "attack", "negotiate", "artifact", ...
    min_value: int | None = None
    max_value: int | None = None
    named: str | None = None  # a card id
    highest: bool = False  # only the card(s) of greatest value among those matching
    # worked out when the effect runs: the card type named earlier in the effect, and value
    # bounds that are expressions ("worth at most (your ships in the encounter)")
    named_type: bool = False
    least: Node | None = None
    most: Node | None = None


@record
class Cards(Record):
    """Some cards of a player's hand (or a pile): how many, which kind, picked how."""

    count: Node | None  # None means all that match
    filter: CardFilter
    owner: Node | None = None  # whose hand; None = the acting player's
    random: bool = False
    up_to: bool = False
    each_type: bool = False  # one card of each type held
    zone: str = "hand"  # "hand" | "deck" | "discard" | "encounter" | "game" (one of each card)


@record
class CardRef(Record):
    """One specific card: the encounter card of a side, the card being played, this card."""

    which: (
        str  # "encounter" | "this" | "event" | "higher" | "lower" | "kicker" | "named" | "destiny"
    )
    owner: Node | None = None
    index: int = 0  # which of a side's encounter cards: "your second card" is 1


@record
class Ships(Record):
    count: Node | None  # None means all
    owner: Node | None = None
    place: Node | None = None
    up_to: bool = False
    event: bool = False  # the ships of the event being handled ("those ships")


@record
class Place(Record):
    kind: str  # "warp" | "colonies" | "home colonies" | "foreign colonies" | "target planet" | "encounter" | "hand" | "deck" | "discard" | "box" | "home planet"
    owner: Node | None = None
    empty: bool = False  # only planets with no ships at all ("an empty home planet")


@record
class Aliens(Record):
    """Alien sheets: some of the unused pile, or sheets a player holds ("your alien", "your
    other aliens", "your aliens")."""

    source: str  # "unused" | "sheet" | "other" | "held"
    count: Node | None = None  # None means all of them
    owner: Node | None = None  # whose sheets (held ones); None = the acting player's
    random: bool = False  # drawn at random from the unused pile rather than chosen
    up_to: bool = False


@record
class Side(Record):
    which: str  # "yours" | "opponent" | "offense" | "defense" | "either" | "both"


@record
class Amount(Record):
    """A quantity of something counted rather than handled one by one: money, rewards."""

    what: str
    count: Node
    up_to: bool = False


@record
class Word(Record):
    """A fixed word an op takes as an argument (e.g. `the encounter` in `win the encounter`)."""

    word: str


# ---------------------------------------------------------------- naming


@record
class Nameable(Record):
    """What a player may name ("a card type in your hand", "a player", "a card in your hand"):
    the name holds for the rest of the effect's use, its delayed effects included."""

    what: str  # "card type" | "number" | "player" | "card"
    among: Node | None = None  # the players, or the cards (whose types) a name is picked from


# ---------------------------------------------------------------- conditions


@record
class Pred(Record):
    name: str
    args: tuple[Node, ...] = ()


@record
class Compare(Record):
    op: str  # ">=", "<=", ">", "<", "==", "!="
    left: Node
    right: Node


@record
class AllOf(Record):
    items: tuple[Node, ...]


@record
class AnyOf(Record):
    items: tuple[Node, ...]


@record
class Not(Record):
    item: Node


# ---------------------------------------------------------------- statements


@record
class Do(Record):
    """Run an op for each subject player. `may` asks the subject first; `prevent` makes the
    statement a way for its subject to stop the rest of the effect."""

    op: str
    subject: Node | None
    args: tuple[Node | None, ...]
    may: bool = False
    prevent: bool = False
    text: str = ""  # the statement as written, for prompts and logs


@record
class May(Record):
    """One offer for a whole statement ("you may discard a card and draw 2"): each subject is
    asked once, and only if every part can be done; the body acts for that subject."""

    subject: Node | None
    body: Node
    text: str = ""


@record
class Seq(Record):
    items: tuple[Node, ...]


@record
class If(Record):
    cond: Node
    then: Node
    otherwise: Node | None = None


@record
class ForEach(Record):
    """Players one at a time in encounter order (offense, defense, then clockwise from the
    offense), or round the table from `start`, that player first; `reverse` runs the encounter
    order backwards, or goes counterclockwise from `start`."""

    over: Node  # a player selector (binds `they`) or a countable thing (repeats)
    body: Node
    start: Node | None = None
    reverse: bool = False


@record
class Offer(Record):
    """An offer put to players one at a time (in the order a ForEach with the same `start` and
    `reverse` takes them); the first to accept is `they` in `body`; `otherwise` runs when nobody
    accepts."""

    who: Node
    body: Node
    otherwise: Node | None = None
    start: Node | None = None
    reverse: bool = False
    text: str = ""


@record
class Choose(Record):
    options: tuple[Node, ...]
    labels: tuple[str, ...]
    chooser: Node | None = None
    fresh: bool = False  # each option once, until every option has been chosen


@record
class Repeat(Record):
    times: Node  # a literal, or a number worked out when the repeat starts
    body: Node


@record
class RepeatUntil(Record):
    """Run the body until the condition holds (checked before each round; 20 rounds at most)."""

    until: Node
    body: Node


@record
class Instead(Record):
    """Replace the pending event: it is cancelled and the body happens in its place."""

    body: Node


@record
class Lasting(Record):
    """A rule change that holds until the duration ends (end of encounter, turn, game, N encounters)."""

    duration: str  # "encounter" | "turn" | "game" | "encounters" | "while" | "until"
    body: Node
    count: int = 1
    condition: Node | None = None  # for "while": the effect holds as long as this is true
    window: str = ""  # for "until": the effect ends when this window next runs
    # for "until": only a run in a later turn or encounter of the effect's owner
    yours: bool = False


@record
class Delayed(Record):
    """A one-shot hook that fires later in this encounter, at a named window."""

    window: str
    body: Node


@record
class Forbid(Record):
    """A restriction: the subjects may not take an action while it lasts."""

    action: str
    subject: Node
    args: tuple[Node | None, ...] = ()


Node: TypeAlias = (
    Num
    | Measure
    | Arith
    | Half
    | CountOf
    | ValueOf
    | EventValue
    | Players
    | Chosen
    | Extreme
    | CardFilter
    | Cards
    | CardRef
    | Ships
    | Place
    | Side
    | Aliens
    | Amount
    | Word
    | Nameable
    | Pred
    | Compare
    | AllOf
    | AnyOf
    | Not
    | Do
    | May
    | Seq
    | If
    | ForEach
    | Offer
    | Choose
    | Repeat
    | RepeatUntil
    | Instead
    | Lasting
    | Delayed
    | Forbid
)


def names_several(node: Node | None, one_player: Collection[str]) -> bool:
    """Whether players named may be more than one (`the other players`, `both sides`)."""
    if isinstance(node, Players):
        return node.role not in one_player
    if isinstance(node, Chosen):
        return node.maximum != 1
    return isinstance(node, Side) and node.which == "both"
