"""Place phrases: ships, planets, colonies, the warp and other places, and encounter sides, into selectors."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import SHIP_PLACES
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.owners import (
    ONE_OWNER_HINT,
    names_several,
    owner_pos,
    ship_place_words,
)
from compiler.pipeline.resolve.planet_piles import pile_planet
from compiler.pipeline.resolve.text import UNOWNED_PLACES, np_text
from runtime import ir

# what to write instead of ships an op cannot take from where a phrase puts them
OFF_BOARD_HINTS = {
    "box": "ships in the box are out of the game: no effect takes them back",
    "game": "'the game' holds every ship still in it: name where the ships are taken from"
    " ('your colonies', 'the encounter'), or take them 'from the warp'",
}


class PlacePhrases(ResolverBase):
    def _ships(self, np: ast.NP, *, taken: bool = False) -> ir.Node:
        """Ships a phrase names: counted, or `taken` by an op (which then acts on each owner's
        ships, all of them, when the phrase names several owners)."""
        ships = self._ships_at(np, taken)
        if (
            taken
            and isinstance(ships, ir.Ships)
            and (ships.count is not None or ships.up_to)
            and names_several(ships.owner)
        ):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' names some ships of several players, but not whose",
                owner_pos(np),
                "act on all of their ships ('all of the other players' ships'), or on some of"
                " each one's: 'for each other player: ...' with 'their ships' in the lines under it",
            )
        return ships

    def _ships_at(self, np: ast.NP, taken: bool) -> ir.Node:
        if np.form == "pronoun" and np.word in ("they", "it"):
            self._need_event(np, "ships")
            return ir.Ships(None, event=True)
        if np.form == "part" and np.inner is not None:
            inner = self._ships_at(np.inner.with_tails(np.tails) if np.tails else np.inner, taken)
            assert isinstance(inner, ir.Ships)
            count, up_to = self._count_of(np, default_one=False)
            return ir.Ships(count, inner.owner, inner.place, up_to, inner.event)
        if self._category(np) != "ship":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np_text(np)}' is not ships",
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
                place = self._place(tail.np, several=True)
                self._check_ship_place(place, tail.np, taken)
            elif tail.kind == "outside" and tail.np is not None:
                place = self._place(ast.NP("outside", tail.pos, inner=tail.np))
            else:
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{np_text(np)}' cannot be narrowed this way",
                    tail.pos,
                    "write ships like 'your ships in the encounter'",
                )
        count, up_to = self._count_of(np, default_one=True)
        return ir.Ships(count, owner, place, up_to)

    def _check_ship_place(self, place: ir.Node, np: ast.NP, taken: bool) -> None:
        """Ships are named where ships can be: counted anywhere they can be, taken by an op from
        the board (ships elsewhere are taken with the op's `from`)."""
        assert isinstance(place, ir.Place)
        where = SHIP_PLACES.get(place.kind, "sent to")
        if where == "sent to":
            raise ResolveError(
                d.BAD_PHRASE,
                f"ships are never in '{self._words(np)}'",
                np.pos,
                f"ships are in: {ship_place_words()}",
            )
        if place.empty:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' has no ships to name",
                np.pos,
                "'empty' says where ships go ('move 1 of your ships to an empty planet'); name"
                " the planets the ships are on without it",
            )
        if taken and where != "board":
            raise ResolveError(
                d.BAD_PHRASE,
                f"an op takes the ships a phrase names from the board, not from '{self._words(np)}'",
                np.pos,
                OFF_BOARD_HINTS.get(place.kind)
                or f"name the place with 'from': 'move 1 of your ships from {self._words(np)} to"
                " your colonies'",
            )
        if not taken and place.kind == "a colony":
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' is one colony an effect picks: which one is not known here",
                np.pos,
                "count the ships of every colony ('your ships in your colonies') or of a"
                " planet the words name ('the target planet')",
            )

    def _place(self, np: ast.NP, *, several: bool = False) -> ir.Node:
        """A place; one of several players' (all of their places together) only where
        `several` allows it, else refused."""
        place = self._place_of(np)
        if (
            not several
            and isinstance(place, ir.Place)
            and place.owner is not None
            and names_several(place.owner)
        ):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' names the places of several players, where one is wanted",
                owner_pos(np),
                ONE_OWNER_HINT,
            )
        return place

    def _place_of(self, np: ast.NP) -> ir.Node:
        if np.form == "pronoun":
            raise ResolveError(d.WRONG_ARG_TYPE, f"'{np.word}' is not a place", np.pos)
        if np.form == "outside" and np.inner is not None:
            inner = self._place(np.inner)
            if not isinstance(inner, ir.Place) or inner.kind != "encounter":
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{np_text(np)}' is not a place ships can come from",
                    np.pos,
                    "the one place written with 'outside' is 'outside the encounter'",
                )
            return ir.Place("outside encounter")
        noun = self._noun(np)
        if noun.category == "card" and noun.meaning == "hand":
            return ir.Place("hand", self._owner(np))
        if noun.category != "place":
            raise ResolveError(
                d.WRONG_ARG_TYPE,
                f"'{np_text(np)}' is not a place",
                np.pos,
                "places are the warp, your colonies, the encounter, your hand, the target planet, ...",
            )
        owner = self._owner(np)
        tail_of = self._tail(np, "of")
        if noun.meaning == "pile" and tail_of is not None and tail_of.np is not None:
            # a pile kept beside a planet: `your "citadel" pile of the target planet`
            return ir.Place(
                self._pile_kind(np) + pile_planet(self._place(tail_of.np), tail_of.np), owner
            )
        if tail_of is not None and tail_of.np is not None:
            owner = self._players(tail_of.np)
        if noun.meaning == "pile":
            return ir.Place(self._pile_kind(np), owner)
        extra = [m for m in np.modifiers if m != "empty"]
        if extra:
            raise ResolveError(
                d.BAD_PHRASE,
                f"a place cannot be '{extra[0]}'",
                np.pos,
                "the one word a place takes is 'empty' (a planet with no ships)",
            )
        kind = noun.meaning
        if kind == "planets" and np.det == "that" and owner is None:
            # the planet of the window's event: where the ships going to the warp are, the
            # planet of a colony just gained or lost
            self._need_event(np, "planet")
            return ir.Place("event planet")
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

    def _pile_kind(self, np: ast.NP) -> str:
        """The place kind of a card's own pile a quoted name picks (`your "hoard" pile`),
        checked against the piles the card declares."""
        names = [m.strip('"').lower() for m in np.modifiers if m.startswith('"')]
        if len(names) != 1 or len(np.modifiers) != 1:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' names no pile",
                np.pos,
                "name one of the card's own piles in quotes: 'your \"hoard\" pile'",
            )
        name = names[0]
        if self.pile_names is not None and name not in self.pile_names:
            declared = ", ".join(self.pile_names) or "none"
            raise ResolveError(
                d.BAD_PHRASE,
                f"this card declares no pile named '{name}' (declared: {declared})",
                np.pos,
                d.did_you_mean(name, list(self.pile_names))
                or f"add it to the card's piles: 'piles: [{name}]'",
            )
        return f"pile:{name}"

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
            f"'{np_text(np)}' is not a side",
            np.pos,
            "sides are 'your side', 'the offense's side', 'either side', 'both sides'",
        )
