"""A place an op has no meaning for is refused at its words, with the places the op takes: each
op's slots (and its ships subject, and a condition) declare the place kinds they give a meaning
to, and the resolver checks every place written there against them. Places an op once ignored
(`lose ... to your colonies` went to the warp, `retrieve ... from the encounter` came from the
warp, `move ... to the gate` landed on a colony) are among them."""

from __future__ import annotations

import pytest

from compiler.pipeline.language_table import OPS, T
from tests.compiler.test_ship_place_errors import DO_COLUMN, DO_LINE, assert_refused_at, compiled

ARRIVALS = (
    "a colony, box, colony, encounter, foreign colony, home colony, home planet, home planet or"
    " colony, new colony, new planet, planet, planet they came from, system, target planet, that"
    " planet, warp"
)
ON_PLANETS = (
    "a colony, colony, foreign colony, home colony, home planet, home planet or colony, new"
    " colony, new planet, outside the encounter, planet, system, target planet, that planet"
)
PLANETS = "colony, foreign colony, home colony, home planet, home planet or colony, planet, system"
OWN_HAND = (
    "'draw ... from' takes another player's hand ('draw 1 card from the offense's hand'), or:"
    " cosmic deck, deck, discard pile, pile"
)

# effect -> (the words the error points at, its message, its hint)
REFUSED = {
    "lose 1 ship to your colonies": (
        "your colonies",
        "'lose' does not take 'to your colonies'",
        "'lose ... to' takes: warp",
    ),
    "retrieve 1 ship from the encounter": (
        "the encounter",
        "'retrieve' does not take 'from the encounter'",
        "'retrieve ... from' takes: warp",
    ),
    "retrieve 1 of your ships in your foreign colonies": (
        "your foreign colonies",
        "'retrieve' cannot act on ships in 'your foreign colonies'",
        "'retrieve' names no place for its ships: Take ships out of the warp and put them on the"
        " owner's colonies ('those ships': the event's ships still in the warp, none if they are"
        " elsewhere).",
    ),
    "capture 1 of the offense's ships in the encounter": (
        "the encounter",
        "'capture' cannot act on ships in 'the encounter'",
        f"'capture' takes ships in: {ON_PLANETS}",
    ),
    "seize 2 of the defense's ships in the gate": (
        "the gate",
        "'seize' cannot act on ships in 'the gate'",
        f"'seize' takes ships in: {ON_PLANETS}",
    ),
    "your ships in your home colonies count as 4": (
        "your home colonies",
        "'count' cannot act on ships in 'your home colonies'",
        "'count' takes ships in: encounter",
    ),
    "your ships in the encounter stay": (
        "the encounter",
        "'stay' cannot act on ships in 'the encounter'",
        "'stay' names no place for its ships: The event's ships named ('those ships') stay where"
        " they are instead of going where the event sends them.",
    ),
    "move 1 of your ships from your colonies to the gate": (
        "the gate",
        "'move' does not take 'to the gate'",
        f"'move ... to' takes: {ARRIVALS}",
    ),
    "move 1 of your ships from the warp to the game": (
        "the game",
        "'move' does not take 'to the game'",
        f"'move ... to' takes: {ARRIVALS}",
    ),
    "move 1 of your ships from the warp to the tech": (
        "the tech",
        "'move' does not take 'to the tech'",
        f"'move ... to' takes: {ARRIVALS}",
    ),
    "your ships in the encounter go to outside the encounter": (
        "outside the encounter",
        "'go' does not take 'to outside the encounter'",
        f"'go ... to' takes: {ARRIVALS}",
    ),
    "your ships in the encounter return to the gate": (
        "the gate",
        "'return' does not take 'to the gate'",
        f"'return ... to' takes: {ARRIVALS}",
    ),
    "move 1 of your ships in the encounter from the warp to your colonies": (
        "the encounter",
        "the ships are named in 'the encounter' and taken 'from' a place too",
        "say once where they come from: 'move 1 of your ships from the encounter to your colonies'",
    ),
    "place 1 of your ships on the warp": (
        "the warp",
        "'place' does not take 'on the warp'",
        "'place ... on' takes: a colony, colony, foreign colony, home colony, home planet, home"
        " planet or colony, new colony, new planet, planet, system, target planet, that planet",
    ),
    "aim the gate at a planet": (
        "a planet",
        "'aim' does not take 'at a planet'",
        "'aim ... at' takes: colony, foreign colony, home colony, home planet, home planet or"
        " colony, system",
    ),
    "destroy the warp": (
        "the warp",
        "'destroy' does not take 'the warp'",
        "'destroy' takes: colony, foreign colony, home colony, home planet, home planet or colony,"
        " new planet, planet, system",
    ),
    "add a new planet to the warp": (
        "the warp",
        "'add' does not take 'to the warp'",
        "'add ... to' takes: home planet, system",
    ),
    "position the piece by the warp": (
        "the warp",
        "'position' does not take 'by the warp'",
        f"'position ... by' takes: {PLANETS}",
    ),
    "station the piece on the encounter": (
        "the encounter",
        "'station' does not take 'on the encounter'",
        f"'station ... on' takes: {PLANETS}",
    ),
    "draw 1 card from your hand": (
        "your hand",
        "'draw' does not take 'from your hand': it is the drawer's own",
        OWN_HAND,
    ),
    "the offense draws 1 card from the offense's hand": (
        "the offense's hand",
        "'draw' does not take 'from the offense's hand': it is the drawer's own",
        OWN_HAND,
    ),
    "return your card to the deck": (
        "the deck",
        "'return' does not take 'to the deck'",
        "'return ... to' takes: discard pile, hand",
    ),
}


@pytest.mark.parametrize("effect", sorted(REFUSED))
def test_a_place_an_op_has_no_meaning_for_is_an_error_at_its_words(effect: str) -> None:
    assert_refused_at(effect, *REFUSED[effect])


def test_a_place_a_condition_cannot_be_said_of_is_an_error_at_its_words() -> None:
    effect = "if the warp is next to the piece, draw 1 card"
    f = compiled(effect)
    column = DO_COLUMN + effect.index("the warp")
    assert [(x.code.id, x.span.line, x.span.column, x.span.end_column) for x in f.diagnostics] == [
        ("E308", DO_LINE, column, column + len("the warp"))
    ]
    assert (f.diagnostics[0].message, f.diagnostics[0].hint) == (
        "'is next to the piece' cannot be said of 'the warp'",
        f"'is next to the piece' is said of: {PLANETS}, target planet",
    )


@pytest.mark.parametrize("ships", ["your ships", "the offense's ships"])
def test_ships_that_are_not_the_events_cannot_stay(ships: str) -> None:
    # only the event's ships were ever kept where they were: `your ships stay` did nothing
    assert_refused_at(
        f"{ships} stay",
        ships,
        f"'stay' acts only on the ships of the window's event, and '{ships}' are not those",
        "name the event's ships: 'those ships stay', '1 of those ships stays'",
    )


@pytest.mark.parametrize(
    "effect",
    [
        "lose 1 ship to the warp",
        "retrieve 2 ships from the warp",
        "capture 1 of the offense's ships in the offense's foreign colonies",
        "seize 2 of the defense's ships outside the encounter",
        "move 1 of your ships from the warp to your home colonies",
        "move 1 of your ships from the warp to a colony of the defense",
        "move all of your ships in the gate to the target planet",
        "place 1 of your ships in the encounter on a home planet of the defense",
        "your ships in the encounter count as 2",
        "if the target planet is next to the piece, draw 1 card",
        "draw 1 card from the offense's hand",
        "the offense draws 1 card from the defense's hand",
    ],
)
def test_places_an_op_gives_a_meaning_to_are_accepted(effect: str) -> None:
    assert compiled(effect).diagnostics == []


def test_every_op_on_ships_declares_the_places_it_sends_them_to() -> None:
    # a destination no move handles once landed the ships on a colony: a new op says which it takes
    for op in OPS.values():
        on_ships = op.subject is T.SHIPS or any(s.type is T.SHIPS for s in op.slots)
        for slot in op.slots:
            if on_ships and slot.type is T.PLACE and slot.prep in ("to", "on"):
                assert slot.places is not None, f"'{op.name}' takes ships {slot.prep} any place"
