"""The effect language as the compiler checks cards against it: grammar/language.json in; the ops
with their slots, the measures, predicates, nouns, adjectives, adverbs, Eon aliases, number
ranges, windows, roles, card kinds and setup limits out, as plain records and tables.

The runtime's registry is the one source of truth: `python -m compiler.pipeline.language_export`
writes the table from it, and a test fails when the two differ. Reading the table instead of the
registry is what lets a validation run without loading any of the engine's code."""

from __future__ import annotations

import enum
import json
from typing import Any

from grammar import LANGUAGE_FILE
from runtime.record import record


class T(enum.Enum):
    """Argument types an op slot can take: runtime.registry.T, member for member (a test checks)."""

    PLAYERS = "players"
    NUMBER = "number"
    CARDS = "cards"
    CARD = "card"
    CARD_SPEC = "card description"
    SHIPS = "ships"
    PLACE = "place"
    SIDE = "side"
    QUANTITY = "quantity"
    FORMULA = "formula"
    AMOUNT = "amount"
    POWER = "power"
    WORD = "word"
    FLAG = "flag"
    NAMEABLE = "nameable"
    ALIENS = "aliens"


@record
class Slot:
    """One argument place of an op: a bare object (no `prep`), or `prep TYPE`, or a fixed word."""

    name: str
    type: T
    prep: str | None = None  # None for a bare object
    optional: bool = False
    word: str | None = None  # for WORD and FLAG slots: the word itself
    # amounts an AMOUNT slot cannot take; place kinds a PLACE slot cannot take of its subject's
    refuses: tuple[str, ...] = ()
    # for a PLACE slot, the place kinds the op gives a meaning to; for a SHIPS slot, the places
    # its ships may be named in; None: any the slot's type allows ("pile": any card's own pile)
    places: frozenset[str] | None = None


@record
class Op:
    """An op (verb) as authors write it: its name in the IR, its verb forms and its slots."""

    name: str
    verb: str
    slots: tuple[Slot, ...]
    doc: str
    subject: T = T.PLAYERS
    forms: tuple[str, ...] = ()  # every surface form of the verb
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


@record
class Predicate:
    """A condition word: its name in the IR, the words written after its subject, its arguments."""

    name: str
    doc: str
    forms: tuple[str, ...] = ()
    args: tuple[T, ...] = (T.PLAYERS,)
    subject: str | None = None  # the one word a WORD subject may be ("the encounter")
    places: frozenset[str] | None = None  # for a PLACE argument: the kinds it gives a meaning to


@record
class Noun:
    """A noun of the language: what category it belongs to and what it means there."""

    word: str  # canonical singular
    plural: str
    category: str  # "player" | "card" | "ship" | "place" | "measure" | "thing" | "side"
    meaning: str  # a role, a card type, a place kind, a measure name...
    doc: str = ""


@record
class Window:
    """A timing window: its dotted name, its kind ("step", "event" or "response"), its phase."""

    name: str
    kind: str
    phase: str
    doc: str


STEP = "step"  # the kind of a window that is a moment of the turn sequence
GAME_SETUP = "game.setup"  # the window of a card's `setup:` effect


# the table's parts, as compiler.pipeline.language_export writes them
PARTS = (
    "types",
    "number_ranges",
    "preps",
    "markers",
    "ops",
    "measures",
    "predicates",
    "nouns",
    "adjectives",
    "adverbs",
    "aliases",
    "windows",
    "roles",
    "one_player",
    "ship_places",
    "card_kinds",
    "max_players",
    "base_options",
)


def _read() -> dict[str, Any]:
    regenerate = "run `python -m compiler.pipeline.language_export`"
    try:
        found: dict[str, Any] = json.loads(LANGUAGE_FILE.read_bytes())
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"cannot read {LANGUAGE_FILE}: {exc}; {regenerate}") from None
    missing = [part for part in PARTS if not isinstance(found, dict) or part not in found]
    if missing:
        raise RuntimeError(f"{LANGUAGE_FILE} lacks {', '.join(missing)}; {regenerate}")
    return found


_TABLE = _read()
if _TABLE["types"] != {t.name: t.value for t in T}:
    raise RuntimeError(
        f"{LANGUAGE_FILE} names other argument types than compiler.pipeline.language_table.T: make"
        " T the registry's, then run `python -m compiler.pipeline.language_export`"
    )


def _kinds(listed: list[str] | None) -> frozenset[str] | None:
    """The place kinds a slot or argument gives a meaning to, as the table lists them."""
    return None if listed is None else frozenset(listed)


NUMBER_RANGES: dict[str, tuple[int, int]] = {
    k: (low, high) for k, (low, high) in _TABLE["number_ranges"].items()
}
PREPS: tuple[str, ...] = tuple(_TABLE["preps"])
MARKERS: str = _TABLE["markers"]  # the measure of a player's markers
OPS: dict[str, Op] = {
    o["name"]: Op(
        o["name"],
        o["verb"],
        tuple(
            Slot(
                s["name"],
                T(s["type"]),
                s["prep"],
                s["optional"],
                s["word"],
                tuple(s["refuses"]),
                _kinds(s["places"]),
            )
            for s in o["slots"]
        ),
        o["doc"],
        T(o["subject"]),
        tuple(o["forms"]),
        _kinds(o["subject_places"]),
    )
    for o in _TABLE["ops"]
}
MEASURES: dict[str, str] = _TABLE["measures"]  # name -> doc
PREDICATES: dict[str, Predicate] = {
    p["name"]: Predicate(
        p["name"],
        p["doc"],
        tuple(p["forms"]),
        tuple(T(a) for a in p["args"]),
        p["subject"],
        _kinds(p["places"]),
    )
    for p in _TABLE["predicates"]
}
NOUNS: dict[str, Noun] = {n[0]: Noun(*n) for n in _TABLE["nouns"]}  # by canonical singular
ADJECTIVES: dict[str, str] = _TABLE["adjectives"]  # word -> meaning doc
ADVERBS: dict[str, str] = _TABLE["adverbs"]
ALIASES: dict[str, str] = _TABLE["aliases"]  # Eon-era words -> their FFG equivalents
WINDOWS: dict[str, Window] = {w[0]: Window(*w) for w in _TABLE["windows"]}  # in turn order
WINDOW_ORDER: dict[str, int] = {name: i for i, name in enumerate(WINDOWS)}
ROLES: dict[str, str] = _TABLE["roles"]  # role -> doc
ONE_PLAYER: frozenset[str] = frozenset(_TABLE["one_player"])  # selectors naming at most one player
# the places ships can be in: place kind -> where it is ("board", "elsewhere", or "sent to" for a
# place ships are only sent to: runtime/registry.py's SHIP_PLACES)
SHIP_PLACES: dict[str, str] = _TABLE["ship_places"]
CARD_KINDS: tuple[str, ...] = tuple(_TABLE["card_kinds"])
MAX_PLAYERS: int = _TABLE["max_players"]
BASE_OPTIONS: dict[str, str] = _TABLE["base_options"]  # option -> doc
del _TABLE


def marker_measure(name: str | None) -> str:
    """The measure name of a kind of marker: "markers" unnamed, "markers:<name>" named."""
    return MARKERS if not name else f"{MARKERS}:{name}"


def _surface() -> dict[str, Noun]:
    out: dict[str, Noun] = {}
    for n in NOUNS.values():
        out[n.word] = n
        out[n.plural] = n
    for eon, ffg in ALIASES.items():
        if ffg in out and eon not in out:
            out[eon] = out[ffg]
    return out


# Every written form of every noun (singular, plural and Eon aliases) -> its definition.
SURFACE_NOUNS: dict[str, Noun] = _surface()
