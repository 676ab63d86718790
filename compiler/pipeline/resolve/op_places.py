"""The places an op gives a meaning to: a place bound to an op's slot, the place of the ships a
slot (or the op's subject) names, and a condition's place, checked against the kinds the registry
declares for it; any other is an error at the place's words, with a hint naming what is taken."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import NOUNS, Op, Slot, T
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import pos_of
from runtime import ir

_YOU = ir.Players("you")

# among an op's ship places: it acts on the window's event's ships alone (`those ships stay`);
# runtime/effects/ship_places.py declares it, read here from grammar/language.json
EVENT_SHIPS = "event ships"

# the place kinds the resolver reads from words that are no noun of their own
_READ_FROM = {
    "a colony": "a colony",
    "event planet": "that planet",
    "outside encounter": "outside the encounter",
    "hand": "hand",
}


def place_words(kinds: frozenset[str]) -> str:
    """Place kinds as authors write them (for hints and the reference)."""
    words = {n.word for n in NOUNS.values() if n.category == "place" and n.meaning in kinds}
    words.update(_READ_FROM[kind] for kind in kinds if kind in _READ_FROM)
    return ", ".join(sorted(words))


def takes(kinds: frozenset[str] | None, kind: str) -> bool:
    """Whether a place kind is among those declared (`pile` stands for every card's own pile)."""
    if kinds is None or kind in kinds:
        return True
    return kind.startswith("pile:") and "pile" in kinds


def ship_place_pos(np: ast.NP) -> ast.Pos | None:
    """Where a ship phrase names its place: its `in ...` or `outside ...` words."""
    for tail in np.tails:
        if tail.kind == "in" and tail.np is not None:
            return tail.np.pos
        if tail.kind == "outside":
            return tail.pos
    if np.form == "part" and np.inner is not None:
        return ship_place_pos(np.inner)
    return None


def check_condition_place(
    written_as: str, kinds: frozenset[str] | None, place: ir.Node, words: str, pos: ast.Pos
) -> None:
    """A condition's place is one it can be said of (`the target planet is next to the piece`)."""
    if kinds is None or not isinstance(place, ir.Place) or takes(kinds, place.kind):
        return
    raise ResolveError(
        d.BAD_CONDITION,
        f"'{written_as}' cannot be said of '{words}'",
        pos,
        f"'{written_as}' is said of: {place_words(kinds)}",
    )


class OpPlaces(ResolverBase):
    def _check_places(
        self,
        op: Op,
        bound: list[ir.Node | None],
        written: list[ast.Arg | None],
        subject: ir.Node | None,
    ) -> None:
        """Each place bound to a slot, and the place of the ships bound to one, is a place the
        op takes (and not one of the subject's own the slot refuses); ships taken `from` a place
        are not named in another as well."""
        for slot, node, words in zip(op.slots, bound, written, strict=True):
            if node is None or words is None:
                continue
            value = words.value if isinstance(words, ast.PP) else words
            if slot.type is T.SHIPS and isinstance(node, ir.Ships):
                self._check_ships_place(op, slot.places, node, value)
                if node.place is not None and isinstance(value, ast.NP):
                    self._check_one_source(op, bound, value)
            elif isinstance(node, ir.Place) and not takes(slot.places, node.kind):
                self._refuse_place(op, slot, node, value)
            elif isinstance(node, ir.Place) and self._subjects_own(slot, node, subject):
                self._refuse_own_place(op, slot, value)

    def _refuse_place(self, op: Op, slot: Slot, place: ir.Place, value: object) -> None:
        kinds = slot.places or frozenset()
        pos = getattr(value, "pos", (0, 0))
        words = self._slice(pos) or place.kind
        written = f"{slot.prep} {words}" if slot.prep else words
        verb = f"{op.verb} ... {slot.prep}" if slot.prep else op.verb
        raise ResolveError(
            d.BAD_PHRASE,
            f"'{op.verb}' does not take '{written}'",
            pos,
            f"'{verb}' takes: {place_words(kinds)}",
        )

    @staticmethod
    def _subjects_own(slot: Slot, place: ir.Place, subject: ir.Node | None) -> bool:
        """A place the slot refuses as the subject's own: one of its kinds owned by the subject
        (`you` when none is written) or by no one named, which is the subject's own too."""
        owner = place.owner
        return place.kind in slot.refuses and (owner is None or owner == (subject or _YOU))

    def _refuse_own_place(self, op: Op, slot: Slot, value: object) -> None:
        pos = getattr(value, "pos", (0, 0))
        raise ResolveError(
            d.BAD_PHRASE,
            f"'{op.verb}' does not take '{slot.prep} {self._slice(pos)}': it is the {op.verb}er's own",
            pos,
            f"'{op.verb} ... {slot.prep}' takes another player's {', '.join(slot.refuses)}"
            f" ('{op.verb} 1 card {slot.prep} the offense's hand'), or: "
            + place_words((slot.places or frozenset()) - set(slot.refuses)),
        )

    def _check_ships_place(
        self, op: Op, kinds: frozenset[str] | None, ships: ir.Node, written: object
    ) -> None:
        """The place ships are named in (`1 of your ships in the encounter`) is one the op takes
        ships from or acts on."""
        if kinds is None or not isinstance(ships, ir.Ships):
            return
        place = ships.place
        places = kinds - {EVENT_SHIPS}
        if isinstance(place, ir.Place) and not takes(places, place.kind):
            pos = (ship_place_pos(written) if isinstance(written, ast.NP) else None) or pos_of(
                written
            )
            words = self._slice(pos) or place.kind
            where = f"'{words}'" if words.startswith("outside") else f"in '{words}'"
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{op.verb}' cannot act on ships {where}",
                pos,
                f"'{op.verb}' takes ships in: {place_words(places)}"
                if places
                else f"'{op.verb}' names no place for its ships: {op.doc}",
            )
        if EVENT_SHIPS in kinds and not ships.event:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{op.verb}' acts only on the ships of the window's event, and"
                f" '{self._slice(pos_of(written))}' are not those",
                pos_of(written),
                f"name the event's ships: 'those ships {op.verb}', '1 of those ships {op.verb}s'",
            )

    def _check_one_source(self, op: Op, bound: list[ir.Node | None], ships: ast.NP) -> None:
        """Ships named in a place are not taken `from` another place as well."""
        for slot, node in zip(op.slots, bound, strict=True):
            if slot.prep == "from" and slot.type is T.PLACE and node is not None:
                pos = ship_place_pos(ships) or ships.pos
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"the ships are named in '{self._slice(pos)}' and taken 'from' a place too",
                    pos,
                    f"say once where they come from: '{op.verb} 1 of your ships from the"
                    " encounter to your colonies'",
                )
