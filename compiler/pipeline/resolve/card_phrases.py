"""Card phrases: named cards, the event's cards and filtered cards in a place, into card selectors."""

from __future__ import annotations

from dataclasses import replace

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import T
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.owners import ONE_OWNER_HINT, names_several, owner_pos
from compiler.pipeline.resolve.planet_piles import pile_planet
from compiler.pipeline.resolve.text import CARD_ZONES, np_text, pos_of
from runtime import ir

# "your second card": the position of a card among its side's encounter cards
ORDINALS = {"second": 1, "third": 2}
# "the higher card", "the lower card": one of the two cards of the encounter
COMPARED = frozenset({"higher", "lower"})


class CardPhrases(ResolverBase):
    def _card_ref(self, np: ast.NP) -> ir.Node:
        if np.form == "copy" and np.inner is not None:
            return self._card_ref(np.inner)
        if np.form == "phrase":
            if self._refers_back(np) and self._noun(np).meaning == "any":
                return self._named_card(np)
            if np.det == "this":
                return ir.CardRef("this")
            if np.det == "that":
                self._need_event(np, "card")
                return ir.CardRef("event")
            if "higher" in np.modifiers or "lower" in np.modifiers:
                return ir.CardRef("higher" if "higher" in np.modifiers else "lower")
            if np.det == "the" and not np.modifiers and self._noun(np).meaning == "destiny":
                return ir.CardRef("destiny")  # the one drawn this encounter
        if np.form == "owned" and np.possessor is not None and self._category(np) == "card":
            which = "kicker" if self._noun(np).meaning == "kicker" else "encounter"
            index = ORDINALS.get(np.modifiers[0], -1) if len(np.modifiers) == 1 else 0
            if np.modifiers and (index < 0 or which == "kicker"):
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{np_text(np)}' is not one particular card",
                    np.pos,
                    "a side's cards are 'your card', 'your second card', 'your third card'",
                )
            owner = self._players(np.possessor)
            if names_several(owner):
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{self._words(np)}' is one card, but its owner names several players",
                    np.possessor.pos,
                    ONE_OWNER_HINT,
                )
            return ir.CardRef(which, owner, index)
        raise ResolveError(
            d.BAD_PHRASE,
            f"'{np_text(np)}' is not one particular card",
            np.pos,
            "name a card such as 'your card', 'the opponent's card', 'this card' or 'that card'",
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
                raise ResolveError(d.BAD_PHRASE, "'worth' takes a plain number", pos_of(value))
            self._in_range(value.value, T.NUMBER.value, value.pos)
            worth = value.value
        least, most = worth, worth
        low_node = high_node = None
        if np.worth_range is not None:
            low, high = np.worth_range
            least, low_node = self._bound(low)
            most, high_node = self._bound(high)
        return ir.CardFilter(
            types,
            least,
            most,
            highest="highest" in np.modifiers,
            least=low_node,
            most=high_node,
        )

    def _bound(self, expr: ast.Expr | None) -> tuple[int | None, ir.Node | None]:
        """A value bound of a card filter: a written number, or a number worked out in play."""
        if expr is None:
            return None, None
        if isinstance(expr, ast.Num):
            self._in_range(expr.value, T.NUMBER.value, expr.pos)
            return expr.value, None
        return None, self._number(expr)

    def _cards(self, np: ast.NP, *, counting: bool = False) -> ir.Node:
        if np.form == "copy" or (
            np.form == "phrase"
            and (
                np.det in ("this", "that")
                or not COMPARED.isdisjoint(np.modifiers)
                or (self._refers_back(np) and self._noun(np).meaning == "any")
            )
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
                f"'{np_text(np)}' is not cards",
                np.pos,
                "cards are written like '2 cards', 'a random card', 'your hand', 'an attack card'",
            )
        noun = self._noun(np)
        if (
            np.form == "owned"
            and noun.meaning in ("any", "encounter", "kicker")
            and all(m in ORDINALS for m in np.modifiers)
            and not self._plural(np)
        ):
            return self._card_ref(np)  # "your card": the card a side plays, not one of a hand
        if any(m in ORDINALS for m in np.modifiers):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' is not one particular card",
                np.pos,
                "a side's cards are 'your card', 'your second card', 'your third card'",
            )
        owner = self._owner(np)
        if not counting and names_several(owner):
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{self._words(np)}' names the cards of several players, where one is wanted",
                owner_pos(np),
                ONE_OWNER_HINT,
            )
        if np.form == "owned" and np.det == "each" and noun.meaning in ("any", "encounter"):
            # "each of your cards": every encounter card on the player's side
            return ir.Cards(None, ir.CardFilter(), owner, zone="encounter")
        zone = "hand"
        if np.form == "phrase" and np.det in ("those", "these"):
            # the event's cards (gain.* windows), else the cards the effect last handled
            zone = "those"
        each_type = named_type = False
        for tail in np.tails:
            if tail.kind == "in" and tail.np is not None:
                place = self._place(tail.np, several=counting)
                assert isinstance(place, ir.Place)
                if place.kind not in CARD_ZONES and not place.kind.startswith("pile:"):
                    raise ResolveError(
                        d.BAD_PHRASE,
                        f"cards are not kept in '{np_text(tail.np)}'",
                        tail.pos,
                        "cards are in a hand, the deck, the discard pile or a card's own pile",
                    )
                if owner is not None and place.owner is not None and owner != place.owner:
                    raise ResolveError(
                        d.BAD_PHRASE,
                        f"'{np_text(np)}' names two owners",
                        np.pos,
                        "name the owner once: 'the opponent's cards' or 'the cards in the opponent's hand'",
                    )
                zone = CARD_ZONES.get(place.kind, place.kind)
                owner = place.owner if owner is None else owner
            elif tail.kind == "of" and tail.np is not None and self._named_type(tail.np):
                named_type = True
                # "a card of the named card type worth 06 or more": the bounds read with the card
                if tail.np.worth_range is not None or tail.np.worth is not None:
                    np = replace(np, worth=tail.np.worth, worth_range=tail.np.worth_range)
            elif tail.kind == "of" and tail.np is not None and tail.np.noun in ("type", "types"):
                each_type = True
            elif tail.kind == "of" and tail.np is not None and zone.startswith("pile:"):
                # the pile is kept beside a planet: `cards in your "citadel" pile of the target planet`
                zone += pile_planet(self._place(tail.np), tail.np, picked=False)
            elif tail.kind == "of" and tail.np is not None:
                raise ResolveError(
                    d.BAD_PHRASE,
                    f"'{np_text(np)}' of what?",
                    tail.pos,
                    "write '1 card of each type'",
                )
        count, up_to = self._count_of(np, default_one=not counting and noun.meaning != "hand")
        if noun.meaning == "hand":
            count = None
        f = self._filter(np)
        if named_type:
            f = replace(f, named_type=True)
        return ir.Cards(count, f, owner, "random" in np.modifiers, up_to, each_type, zone)

    def _card_spec(self, np: ast.NP) -> ir.Node:
        if np.form == "copy":
            return self._card_ref(np)
        if np.worth_range is not None:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' gives a range, but a card becomes one value",
                np.pos,
                "write 'an attack worth 15'",
            )
        f = self._filter(np)
        if f.types is None or len(f.types) != 1:
            raise ResolveError(
                d.BAD_PHRASE,
                f"'{np_text(np)}' does not say what card it becomes",
                np.pos,
                "write 'an attack worth 15', 'a negotiate' or 'a copy of the opponent's card'",
            )
        return f
