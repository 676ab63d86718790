"""The language registry: every op (verb), measure, predicate and noun, declared once.

The compiler builds its lexer vocabulary, its type checks and its reference docs from these
tables; the runtime binds IR names to the implementations registered here. Adding a word to the
effect language is one registry entry.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any


class T(enum.Enum):
    """Argument types an op slot can take."""

    PLAYERS = "players"  # one or more players (a selector)
    NUMBER = "number"  # an expression
    CARDS = "cards"  # some cards (of a hand or pile)
    CARD = "card"  # one specific card (an encounter card, the card being played)
    CARD_SPEC = "card description"  # what a card becomes: "an attack worth 42", "a negotiate"
    SHIPS = "ships"
    PLACE = "place"
    SIDE = "side"
    QUANTITY = "quantity"  # a number the game keeps that an op may change (a total, a card value)
    FORMULA = "formula"  # an expression kept unevaluated, worked out later (a total's formula)
    AMOUNT = "amount"  # a counted quantity, not handled one by one: "4 coins", "2 rewards"
    POWER = "power"  # whose alien power: "your power", "the opponent's power", "that power"
    WORD = "word"  # a fixed word (e.g. "the encounter" in "win the encounter")
    FLAG = "flag"  # an adverb such as "at random"
    NAMEABLE = "nameable"  # what a player names: "a card type", "a player", "a number from 1 to 6"
    ALIENS = "aliens"  # alien sheets: "a random unused alien", "your other aliens"


# The whole numbers an effect may write, by the kind of argument they count (and for repeats and
# durations); any other number takes the range of T.NUMBER. Wide enough for every card, narrow
# enough that no validated effect keeps a game busy for ever ("draw 1000000000 cards").
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    T.CARDS.value: (0, 100),
    T.SHIPS.value: (0, 100),
    T.AMOUNT.value: (0, 100),
    T.NUMBER.value: (-1000, 1000),
    "repeat": (1, 20),
    "duration": (1, 100),
    "chosen players": (1, 8),
}


@dataclass(frozen=True, slots=True)
class Written:
    """An example in our own words for a word no bundled card uses: one effect line as a card
    would hold it, and the window it is written for."""

    window: str
    text: str


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    type: T
    prep: str | None = None  # None for a bare object
    optional: bool = False
    word: str | None = None  # for WORD and FLAG slots: the word itself
    # for a PLAYERS slot: which players a chooser may pick there, as a test (ctx, seat) -> bool
    # ("take a card from another player you choose" offers only players holding cards)
    eligible: Callable[..., bool] | None = None
    # amounts an AMOUNT slot refuses ("rewards"); a PLACE slot's kinds refused as the subject's own
    refuses: tuple[str, ...] = ()
    # for a PLACE slot, the place kinds the op gives a meaning to; for a SHIPS slot, the places
    # the ships may be named in (`1 of your ships in the encounter`); None: every place the
    # slot's type allows ("pile" stands for every card's own pile)
    places: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class OpDef:
    name: str
    verb: str
    slots: tuple[Slot, ...]
    doc: str
    impl: Callable[..., Any]
    subject: T = T.PLAYERS
    forms: tuple[str, ...] = ()  # every surface form of the verb
    feasible: Callable[..., bool] | None = None  # can the subject do it now (costs, `may`)?
    # An optional fast path, part of the op's own definition: given the op's IR node, a function
    # of the context doing exactly what `impl` would, or None to use `impl` for this node.
    specialise: Callable[[Any], Callable[[Any], None] | None] | None = None
    example: Written | None = None  # for the reference, when no bundled card uses the op
    subject_places: frozenset[str] | None = None  # a SHIPS subject's, as a SHIPS slot's `places`

    def frame(self) -> str:
        """The op as authors write it, e.g. `draw CARDS [from PLACE]`."""
        parts = [self.verb]
        for s in self.slots:
            if s.type is T.FLAG:
                text = s.word or s.name
            elif s.type is T.WORD:
                text = (s.prep + " " if s.prep else "") + (s.word or s.name)
            else:
                text = (s.prep + " " if s.prep else "") + s.type.name
            parts.append(f"[{text}]" if s.optional else text)
        subject = "" if self.subject is T.PLAYERS else f"{self.subject.name} "
        return subject + " ".join(parts)


@dataclass(frozen=True, slots=True)
class MeasureDef:
    """A number the game keeps for a player (or a side, or the board)."""

    name: str
    doc: str
    read: Callable[..., int]
    write: Callable[..., None] | None = None  # settable measures can be changed by add/set/multiply
    owner: str = "player"  # "player" | "board"
    example: Written | None = None  # for the reference, when no bundled card uses the measure


@dataclass(frozen=True, slots=True)
class PredicateDef:
    """A condition word: `you lost`, `you made a deal`."""

    name: str
    doc: str
    test: Callable[..., bool]
    forms: tuple[str, ...] = ()
    args: tuple[T, ...] = (T.PLAYERS,)
    subject: str | None = None  # the one word a WORD subject may be ("the encounter")
    example: Written | None = None  # for the reference, when no bundled card uses the condition
    places: frozenset[str] | None = None  # for a PLACE argument: the kinds it gives a meaning to


@dataclass(frozen=True, slots=True)
class NounDef:
    """A noun of the language: what category it belongs to and what it means there."""

    word: str  # canonical singular
    plural: str
    category: str  # "player" | "card" | "ship" | "place" | "measure" | "thing" | "side"
    meaning: str  # a role, a card type, a place kind, a measure name...
    doc: str = ""
    example: Written | None = None  # for the reference, when no bundled card uses the noun


OPS: dict[str, OpDef] = {}
MEASURES: dict[str, MeasureDef] = {}
PREDICATES: dict[str, PredicateDef] = {}
NOUNS: dict[str, NounDef] = {}  # by canonical singular
ADJECTIVES: dict[str, str] = {}  # word -> meaning doc
ADVERBS: dict[str, str] = {}
# Steps an op leaves for a later window with plain arguments (a lasting_data.Later names one):
# called as step(ctx, *args). Kept by name so that the state holds no code.
LATER_STEPS: dict[str, Callable[..., None]] = {}

# The selectors that name at most one player ("the defense", "the player you choose"); any other
# may name several ("the other players"). An owner phrase naming several players stands for all of
# their places together, or is refused where one owner is wanted (compiler/pipeline/resolve).
ONE_PLAYER: set[str] = set()
# The places ships can be in, by place kind, with where each is: BOARD (planets, the gate, the
# encounter), where an op takes the ships a phrase names; ELSEWHERE (the warp, the box, the game as
# a whole, a place a rules module keeps), where ships are counted, or taken `from` by an op that
# says so; SENT_TO, a place ships are sent to and never counted in (the planets they came from).
SHIP_PLACES: dict[str, str] = {}
BOARD, ELSEWHERE, SENT_TO = "board", "elsewhere", "sent to"


def one_player(*roles: str) -> None:
    """Declare selectors that name at most one player."""
    ONE_PLAYER.update(roles)


def ship_place(kind: str, where: str) -> None:
    """Declare a place kind ships can be in, and where it is (BOARD, ELSEWHERE or SENT_TO)."""
    assert where in (BOARD, ELSEWHERE, SENT_TO), where
    SHIP_PLACES[kind] = where


# Eon-era words and their FFG equivalents, accepted wherever the FFG word is.
ALIASES: dict[str, str] = {
    "token": "ship",
    "tokens": "ships",
    "challenge": "encounter",
    "challenges": "encounters",
    "base": "colony",
    "bases": "colonies",
    "cone": "gate",
    "compromise": "negotiate",
    "compromises": "negotiates",
    "consolation": "compensation",
}

_IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is"}


def third_person(verb: str) -> str:
    head, _, rest = verb.partition(" ")
    if head in _IRREGULAR:
        form = _IRREGULAR[head]
    elif re.search(r"(s|sh|ch|x|z|o)$", head):
        form = head + "es"
    elif re.search(r"[^aeiou]y$", head):
        form = head[:-1] + "ies"
    else:
        form = head + "s"
    return form + (" " + rest if rest else "")


def op(
    name: str,
    verb: str,
    *slots: Slot,
    doc: str,
    subject: T = T.PLAYERS,
    feasible: Callable[..., bool] | None = None,
    specialise: Callable[[Any], Callable[[Any], None] | None] | None = None,
    example: Written | None = None,
    subject_places: frozenset[str] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare an op: its verb (one or two words), its slots in order, and its one-line doc (and,
    if no bundled card uses it, an example for the reference); for an op on ships, the places its
    slots (and its ships subject) give a meaning to, the resolver refusing any other.

    The implementation is called as `impl(ctx, seat, *args)`, one call per subject player, with
    each argument already evaluated to its runtime form (see runtime.effects.values).
    """

    def register(impl: Callable[..., Any]) -> Callable[..., Any]:
        if name in OPS:
            raise ValueError(f"op '{name}' declared twice")
        forms = (verb, third_person(verb))
        OPS[name] = OpDef(
            name,
            verb,
            slots,
            doc,
            impl,
            subject,
            forms,
            feasible,
            specialise,
            example,
            subject_places,
        )
        return impl

    return register


def obj(type: T, name: str | None = None, *, optional: bool = False, **more: Any) -> Slot:
    """A bare object: `draw CARDS` (`more`: the slot's `refuses` or `places`)."""
    return Slot(name or type.value.replace(" ", "_"), type, None, optional, **more)


def pp(prep: str, type: T, name: str | None = None, *, optional: bool = False, **more: Any) -> Slot:
    """A prepositional slot: `from PLACE` (`more`: the slot's `eligible` or `places`)."""
    return Slot(name or prep, type, prep, optional, **more)


def word(text: str, *, prep: str | None = None, optional: bool = False) -> Slot:
    """A fixed noun phrase, matched by its words: `the encounter`, `another encounter`."""
    return Slot(text.split()[-1], T.WORD, prep, optional, text)


def flag(text: str) -> Slot:
    """An adverb the op understands: `at random`, `face up`."""
    return Slot(text.replace(" ", "_"), T.FLAG, None, True, text)


PREPS = ("to", "from", "into", "onto", "on", "by", "with", "as", "for", "than", "before")


def measure(
    name: str, doc: str, *, owner: str = "player", example: Written | None = None
) -> Callable[[Callable[..., int]], Callable[..., int]]:
    def register(read: Callable[..., int]) -> Callable[..., int]:
        MEASURES[name] = MeasureDef(name, doc, read, None, owner, example)
        return read

    return register


MARKERS = "markers"  # the measure of a player's markers; "markers:<name>" counts one named kind


def marker_measure(name: str | None) -> str:
    """The measure name of a kind of marker: "markers" unnamed, "markers:<name>" named."""
    return MARKERS if not name else f"{MARKERS}:{name}"


def marker_name(measure_name: str) -> str | None:
    """The marker kind a measure counts ("spore" for "markers:spore"), or None if not markers."""
    if measure_name.startswith(MARKERS + ":"):
        return measure_name[len(MARKERS) + 1 :]
    return None


def measure_def(name: str) -> MeasureDef | None:
    """A measure by name: a registered one, or the count of one kind of named marker."""
    found = MEASURES.get(name)
    if found is not None or marker_name(name) is None:
        return found
    base = MEASURES[MARKERS]
    kept = _MARKER_MEASURES.get(name)
    if kept is not None and kept[0] is base:
        return kept[1]
    read, write = base.read, base.write
    assert write is not None
    found = MeasureDef(
        name,
        base.doc,
        lambda ctx, seat: read(ctx, seat, name),
        lambda ctx, seat, new: write(ctx, seat, new, name),
        base.owner,
    )
    _MARKER_MEASURES[name] = (base, found)
    return found


# the measure of each named kind of marker, built once (ops that change markers ask for it each
# time they run), with the markers measure it was built from
_MARKER_MEASURES: dict[str, tuple[MeasureDef, MeasureDef]] = {}


def setter(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(write: Callable[..., None]) -> Callable[..., None]:
        MEASURES[name] = replace(MEASURES[name], write=write)
        return write

    return register


def predicate(
    name: str,
    doc: str,
    *forms: str,
    args: tuple[T, ...] = (T.PLAYERS,),
    subject: str | None = None,
    example: Written | None = None,
    places: frozenset[str] | None = None,
) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Declare a condition. `forms` are the words authors write after the subject (none for
    conditions the resolver builds itself, such as `is an attack`); `subject`, the one word a
    WORD subject may be (any other is refused); `places`, the place kinds a PLACE argument may
    be (any other is refused)."""

    def register(test: Callable[..., bool]) -> Callable[..., bool]:
        PREDICATES[name] = PredicateDef(name, doc, test, forms, args, subject, example, places)
        return test

    return register


def noun(
    word: str,
    category: str,
    meaning: str,
    doc: str = "",
    plural: str | None = None,
    *,
    example: Written | None = None,
) -> None:
    if plural is None:
        plural = (
            word
            if word.endswith("compensation")
            else (word[:-1] + "ies" if re.search(r"[^aeiou]y$", word) else word + "s")
        )
    NOUNS[word] = NounDef(word, plural, category, meaning, doc, example)


_SURFACE: dict[int, dict[str, NounDef]] = {}


def surface_nouns() -> dict[str, NounDef]:
    """Every written form of every noun (singular, plural and Eon aliases) -> its definition
    (computed once for each state of the noun table)."""
    cached = _SURFACE.get(len(NOUNS))
    if cached is not None:
        return cached
    out: dict[str, NounDef] = {}
    for n in NOUNS.values():
        out[n.word] = n
        out[n.plural] = n
    for eon, ffg in ALIASES.items():
        if ffg in out and eon not in out:
            out[eon] = out[ffg]
    _SURFACE.clear()
    _SURFACE[len(NOUNS)] = out
    return out


def require_words() -> None:
    """Fail clearly when nothing has filled the tables yet (runtime/language.py's load does)."""
    if not OPS:
        raise RuntimeError(
            "the effect language's words are not registered: call runtime.language.load() first"
        )
