"""Places and owners the resolver cannot give a meaning to are errors placed at their words: ships
in a place that holds none (`your ships in the discard pile`), ships an op cannot take from where
the phrase puts them, and owners naming several players where one is wanted."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from cards import BUNDLED
from compiler.pipeline.card_file import CardFile, compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver

VIRUS = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
DO = "do: calculate your total as your card value * your ships in the encounter + your allies' ships in the encounter"
DO_LINE, DO_COLUMN = 15, 9  # where the virus's `do:` text starts in its file
SHIPS_ARE_IN = (
    "ships are in: box, colony, encounter, foreign colony, game, gate, home colony, home planet,"
    " home planet or colony, hyperspace gate, new colony, new planet, planet, system, target"
    " planet, tech, warp"
)
SEVERAL_HINT = (
    "name one player ('the defense's ...'), or act for each of them: 'for each other player:"
    " ...' with 'their ...' in the lines under it"
)


def compiled(effect: str) -> CardFile:
    text = VIRUS.replace(DO, f"do: {effect}")
    loaded = load_yaml_bytes(text.encode("utf-8"), "alien/virus.yaml")
    return compile_card(loaded, "base", PurePath("alien/virus.yaml"))


def assert_refused_at(effect: str, words: str, message: str, hint: str) -> None:
    """The card does not compile: one E306 at `words` of its effect, with this message and hint."""
    f = compiled(effect)
    assert f.card is None
    column = DO_COLUMN + effect.index(words)
    assert [(x.code.id, x.span.line, x.span.column, x.span.end_column) for x in f.diagnostics] == [
        ("E306", DO_LINE, column, column + len(words))
    ]
    assert (f.diagnostics[0].message, f.diagnostics[0].hint) == (message, hint)


# effect -> (the words the error points at, its message, its hint)
REFUSED = {
    "lose all of your ships in the discard pile": (
        "the discard pile",
        "ships are never in 'the discard pile'",
        SHIPS_ARE_IN,
    ),
    "gain (your ships in the cosmic deck) markers": (
        "the cosmic deck",
        "ships are never in 'the cosmic deck'",
        SHIPS_ARE_IN,
    ),
    "gain (your ships in your hand) markers": (
        "your hand",
        "ships are never in 'your hand'",
        SHIPS_ARE_IN,
    ),
    "gain (your ships in the piece) markers": (
        "the piece",
        "ships are never in 'the piece'",
        SHIPS_ARE_IN,
    ),
    "gain (your ships in the planet they came from) markers": (
        "the planet they came from",
        "ships are never in 'the planet they came from'",
        SHIPS_ARE_IN,
    ),
    "move 2 of your ships to the discard pile": (
        "the discard pile",
        "ships are never in 'the discard pile'",
        SHIPS_ARE_IN,
    ),
    "move 2 of your ships from the box to your colonies": (
        "the box",
        "ships cannot be taken from 'the box'",
        "ships in the box are out of the game: no effect takes them back",
    ),
    "lose all of your ships in the warp": (
        "the warp",
        "an op takes the ships a phrase names from the board, not from 'the warp'",
        "name the place with 'from': 'move 1 of your ships from the warp to your colonies'",
    ),
    "gain (your ships in a colony) markers": (
        "a colony",
        "'a colony' is one colony an effect picks: which one is not known here",
        "count the ships of every colony ('your ships in your colonies') or of a planet the"
        " words name ('the target planet')",
    ),
    "gain (your ships in an empty planet) markers": (
        "an empty planet",
        "'an empty planet' has no ships to name",
        "'empty' says where ships go ('move 1 of your ships to an empty planet'); name the"
        " planets the ships are on without it",
    ),
    "lose 2 of the other players' ships": (
        "the other players",
        "'2 of the other players' ships' names some ships of several players, but not whose",
        "act on all of their ships ('all of the other players' ships'), or on some of each"
        " one's: 'for each other player: ...' with 'their ships' in the lines under it",
    ),
    "draw 1 card from the other players' hands": (
        "the other players",
        "'the other players' hands' names the places of several players, where one is wanted",
        SEVERAL_HINT,
    ),
    "discard all of the other players' cards": (
        "the other players",
        "'the other players' cards' names the cards of several players, where one is wanted",
        SEVERAL_HINT,
    ),
    "aim the gate at a home planet of the main players": (
        "the main players",
        "'a home planet of the main players' names the places of several players, where one is"
        " wanted",
        SEVERAL_HINT,
    ),
}


@pytest.mark.parametrize("effect", sorted(REFUSED))
def test_a_place_or_owner_without_a_meaning_is_an_error_at_its_words(effect: str) -> None:
    assert_refused_at(effect, *REFUSED[effect])


def test_ships_are_never_in_a_cards_own_pile() -> None:
    text = 'gain (your ships in your "hoard" pile) markers'
    resolver = Resolver("turn.start", text)
    resolver.effect(parser().effect(text))
    assert [e.message for e in resolver.errors] == ["ships are never in 'your \"hoard\" pile'"]


@pytest.mark.parametrize(
    "effect",
    [
        "lose all of your ships in the other players' colonies",
        "move all of the other players' ships from your home colonies to the warp",
        "lose all of the other players' ships in the encounter",
        "place 1 of your ships on the other players' home planets",
        "gain (your ships in each player's home colonies) markers",
        "gain (the number of cards in the other players' hands) markers",
        "gain (your ships in the box + your ships in the game + your ships in the tech) markers",
        "move all of your ships from the warp to the encounter",
    ],
)
def test_places_and_owners_with_a_meaning_are_accepted(effect: str) -> None:
    assert compiled(effect).diagnostics == []
