"""What one player may see, handed to its agent with each decision: the public board, its own
hand and secrets, and the cards lying face up; a face-down card of anyone else is refused."""

from __future__ import annotations

from typing import Any, Protocol

from runtime import extension
from runtime.cards import CardDef
from runtime.setup import Setup
from runtime.state import State


class Seen(Protocol):
    """What a view reads from the game it looks at (the table declares more)."""

    state: State
    setup: Setup
    holder: list[int]
    modules: tuple[extension.RulesModule, ...]
    module_steps: extension.ActiveSteps

    def card(self, instance: int) -> CardDef: ...

    def option(self, name: str) -> Any: ...


class HiddenCard(LookupError):
    """An agent asked about a card its player may not look at."""


class PlayerView:
    """The only window an agent has on the game. It keeps the game out of its public surface:
    no `state`, no `game`; every accessor answers from public information or the seat's own."""

    __slots__ = ("__game", "seat")

    def __init__(self, game: Seen, seat: int) -> None:
        self.__game = game
        self.seat = seat

    # ------------------------------------------------------------------ the board (public)

    @property
    def players(self) -> int:
        return self.__game.state.n

    @property
    def turn(self) -> int:
        return self.__game.state.turn

    @property
    def offense(self) -> int:
        """The player whose turn it is."""
        return self.__game.state.offense

    def encounter(self) -> tuple[int, int, int] | None:
        """(offense, defense, planet id) of the encounter under way; -1 where not yet known."""
        enc = self.__game.state.encounter
        return None if enc is None else (enc.offense, enc.defense, enc.planet)

    def allies(self, side: int) -> tuple[int, ...]:
        """Seats allied with a side (0 offense, 1 defense) of the encounter under way."""
        enc = self.__game.state.encounter
        return () if enc is None else tuple(enc.allies[side])

    def planet_ids(self) -> range:
        return range(len(self.__game.state.planets))

    def system_of(self, planet: int) -> int:
        """The seat whose home system holds the planet."""
        return self.__game.state.planets[planet].system

    def ships(self, planet: int, seat: int) -> int:
        return self.__game.state.planets[planet].ships[seat]

    def foreign_colonies(self, seat: int) -> int:
        return self.__game.state.foreign_colonies(seat)

    def home_colonies(self, seat: int) -> int:
        return self.__game.state.home_colonies(seat)

    def warp(self, seat: int) -> int:
        return self.__game.state.players[seat].warp

    def alien(self, seat: int) -> str | None:
        return self.__game.state.players[seat].alien

    def kept(self, module: str, seat: int | None = None) -> dict[str, Any]:
        """What the rules module `module` shows this player of `seat` (itself when None): the
        public part of what the module keeps for that seat, and this player's own secrets when
        it looks at itself (runtime/extension.py, the point `view.shows`); {} when the module
        is not in the game."""
        return extension.shown(self.__game, module, self.seat, self.seat if seat is None else seat)

    def colonies_to_win(self) -> int:
        return int(self.__game.setup.option("colonies_to_win"))

    def hand_size(self, seat: int) -> int:
        return len(self.__game.state.players[seat].hand)

    def deck_size(self) -> int:
        return len(self.__game.state.deck)

    def discard(self) -> list[CardDef]:
        """The cosmic discard pile, face up for all to see."""
        g = self.__game
        return [g.card(i) for i in g.state.discard]

    # ------------------------------------------------------------------ cards

    def hand(self) -> list[CardDef]:
        g = self.__game
        return [g.card(i) for i in g.state.players[self.seat].hand]

    def card(self, instance: int) -> CardDef:
        """A card this player may look at (its own, or one lying face up); HiddenCard otherwise."""
        if not self.may_see(instance):
            raise HiddenCard(f"player {self.seat} may not look at card instance {instance}")
        return self.__game.card(instance)

    def may_see(self, instance: int) -> bool:
        g = self.__game
        st = g.state
        me = st.players[self.seat]
        if instance in me.hand:
            return True
        if any(instance in cards for p in st.players for cards in p.piles.values()):
            return any(instance in cards for cards in me.piles.values())  # own piles only
        if g.holder[instance] >= 0:
            return False  # in another player's hand (whatever it did before it got there)
        seen = extension.answer(g, "view.sees", self.seat, instance)
        if seen is not None:  # a card lying where a rules module keeps it
            return bool(seen)
        enc = st.encounter
        if enc is not None:
            for side, main in ((0, enc.offense), (1, enc.defense)):
                if instance == enc.kickers[side] or instance in enc.cards_on(side):
                    return main == self.seat or enc.face_up[side]
        public = (st.discard, st.destiny_discard, st.reward_discard, st.aside)
        return any(instance in pile for pile in public)

    def own_selection(self, side: int) -> CardDef | None:
        """The encounter card a side selected, if this player may see it."""
        enc = self.__game.state.encounter
        if enc is None:
            return None
        chosen = enc.cards[side]
        main = enc.offense if side == 0 else enc.defense
        if chosen is None or (main != self.seat and not enc.face_up[side]):
            return None
        return self.__game.card(chosen)


def table_of(view: PlayerView) -> Any:
    """The whole game behind a view, for the terminal's display (which prints only what the seat
    may see) and for test instruments. Agents never call this."""
    return view._PlayerView__game  # type: ignore[attr-defined]
