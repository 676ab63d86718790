"""Card plays: the cards each player could play from hand when a window opens, offered in
order of play, and a card played (open to card zaps, a flare going back to its hand). The
dispatcher (runtime/dispatch.py) is built on this; the tables it keeps come in, plays out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import extension
from runtime.cards import Hook
from runtime.effects.context import Ctx
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.effects.link import Play, Rules
    from runtime.table import Table


@dataclass(slots=True)
class CardPlay:
    """The event of a response.card window: a card being played."""

    seat: int
    instance: int
    hook: Hook
    cancelled: bool = False
    discard: bool = False  # cancelled cards are discarded even if they would go back to a hand


MAX_PLAYS = 64  # cards played in one window at most: the offers stop there


class CardPlays:
    """The card-play half of the dispatcher."""

    game: Table
    rules: Rules
    _plays_by_window: dict[str, list[tuple[int, Play]]]
    ready: bool

    if TYPE_CHECKING:

        def run(self, name: str, event: Any) -> None: ...
        def order(self) -> list[int]: ...
        def find_busy(self) -> None: ...
        def forbidden(self, action: str, seat: int) -> bool: ...

    def forget_plays(self) -> None:
        """Drop the cached card plays: a card instance has joined the game."""
        self._plays_by_window.clear()
        if self.ready:
            self.find_busy()  # a kicker brought into the game may act where none could

    def pairs(self, window: str) -> list[tuple[int, Play]]:
        """Every (instance, play) of this game that could be played in a window, built once."""
        found = self._plays_by_window.get(window)
        if found is None:
            instances_of = self.game.instances_of
            found = []  # a loop over the table's copies of each card: about fifteen a game
            for play in self.rules.plays.get(window, ()):
                for instance in instances_of.get(play.card, ()):
                    found.append((instance, play))
            self._plays_by_window[window] = found
        return found

    def offer_plays(self, window: str, event: Any, played: frozenset[int] = frozenset()) -> None:
        """Offer the cards each seat could play in a window now, in order of play, until everyone
        passes; a card played changes what can be played, so the cards are then offered again
        (bar those in `played`, played here already and back in hand: a flare kept). The caller
        knows a card is held for the window.

        The cards are found here rather than by a function of their own: most windows opened
        with a card held for them have nothing playable, and end after one call."""
        game = self.game
        holder = game.holder
        st = game.state
        options: dict[int, list[tuple[int, Play]]] = {}  # seat -> its (instance, play) pairs
        pairs = self._plays_by_window.get(window)
        if pairs is None:
            pairs = self.pairs(window)
        for instance, play in pairs:
            seat = holder[instance]
            if seat < 0:
                continue  # most copies lie in decks and piles
            bound = play.bound
            if bound.role is not None and not bound.role(st, seat):
                continue  # the role first, as eligible() tests it: the cheaper test
            if play.flare:
                # one flare a player an encounter; the wild half is for anyone but the alien's
                # own players, the super half only for them while the power works
                enc = st.encounter
                if enc is not None and seat in enc.flares_played:
                    continue
                player = st.players[seat]
                own = player.alien == play.alien or play.alien in player.gained
                if play.flare == "wild":
                    if own:
                        continue
                elif not own or not game.has_power(seat, play.alien):
                    continue
            if st.restrictions and self.forbidden(f"play {play.kind}", seat):
                continue
            if (bound.test is not None or bound.can_pay is not None) and not bound.allows(
                game, seat, event, instance
            ):
                continue
            mine = options.get(seat)
            if mine is None:
                options[seat] = [(instance, play)]
            else:
                mine.append((instance, play))
        if not options:
            return  # most windows opened with a card held for them: nothing can be played now
        # one seat with something to play (most offers): no order to work out
        for seat in self.order() if len(options) > 1 else options:
            mine = options.get(seat)
            choices = [c for c in mine if c[0] not in played] if mine and played else mine
            if not choices:
                continue
            pick = game.choose(
                seat, "card.play", "play a card now?", [None, *choices], self.label_play, passive=0
            )
            if pick is None:
                continue
            instance, play = pick
            self.play_card(seat, instance, play, event)
            played = played | {instance}
            if len(played) < MAX_PLAYS:
                self.offer_plays(window, event, played)
            return
        # Everyone who could play passed. A pass changes nothing (it is never negated), so the
        # cards playable now are the ones just offered: nobody has more to say.

    def label_play(self, option: tuple[int, Play] | None) -> str:
        """An option of a card-play decision: pass, or a card with the effect it would play."""
        if option is None:
            return "pass"
        return f"{self.game.card_label(option[0])} ({option[1].bound.hook.name})"

    def play_card(
        self, seat: int, instance: int, play: Play, event: Any, *, run: bool = True
    ) -> bool:
        """Play a card from hand; False when it was cancelled. Flares go back to the hand.

        With `run=False` (a super flare strengthening a power) the effect is not run here, and a
        card that was not cancelled stays in play until the power has acted (see use_power).
        """
        game = self.game
        st = game.state
        if game.holder[instance] != seat:
            return False  # gone from the hand while the choice was in the air (a negation's zap)
        game.from_hand(seat, instance)
        st.in_play.append(instance)
        if play.flare and st.encounter is not None:
            st.encounter.flares_played.add(seat)
        if game.events is not None:
            game.log("play", seat, instance)
        played = CardPlay(seat, instance, play.bound.hook)
        discarded = False
        try:
            self.run(Windows.RESPONSE_CARD.value, played)
            if not played.cancelled and run:
                bound = play.bound
                ctx = Ctx(game, seat, bound.hook, event, instance)
                if bound.numbered and (play.flare or play.kind == "edict"):
                    ctx.nudge = extension.answer(game, "effect.nudge", seat, bound.hook) or 0
                if bound.cost is not None:
                    bound.cost(ctx)
                bound.run(ctx)
        finally:
            # also when the effect ends the encounter (EncounterEnded): a flare still goes home
            if instance in st.in_play and (run or played.cancelled):
                st.in_play.remove(instance)
                if play.flare and not played.discard:
                    game.to_hand(seat, instance)
                else:
                    game.discard(instance)
                    discarded = True
        if discarded:
            game.discarded(seat, [instance])  # used or cancelled, the card is the player's discard
        return not played.cancelled
