"""Hidden alliances: every player eligible to ally sets an alliance dial in secret (a side and 1-4
ships, neither, or the star for what a dial cannot show); all dials are revealed at once. With
foreign aid, players outside the encounter may dial a card to a main player instead. The rules
module `hidden_alliances` (Cosmic Eons): it takes over the invited players' answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.decisions import Decision
from runtime.extension import RulesModule, register
from runtime.rules import allies
from runtime.rules.allies import SIDES, most_ships
from runtime.rules.outcome import collect_rewards
from runtime.state import DEFENSE, OFFENSE, Encounter

if TYPE_CHECKING:
    from runtime.table import Table

DIAL_MAX = 4  # the most ships a dial can show; more takes the star


@dataclass(frozen=True, slots=True)
class Dial:
    """One dial position: ally with a side and a number of ships, send aid, neither, or the star."""

    what: str  # "ally" | "aid" | "neither" | "star"
    side: int = -1
    ships: int = 0

    def label(self) -> str:
        if self.what == "ally":
            return f"{SIDES[self.side]} with {self.ships} ship(s)"
        if self.what == "aid":
            return f"foreign aid to the {SIDES[self.side]}"
        return "the star (announce it before the reveal)" if self.what == "star" else "neither"


def set_dials(game: Table, enc: Encounter, others: list[int]) -> None:
    """Ask every eligible player for a dial without showing anyone another's, announce the stars,
    reveal all at once, then move ships and hand out foreign aid."""
    aid = bool(game.option("foreign_aid"))
    others = [s for s in others if s not in enc.allies[0] + enc.allies[1]]  # enlisted already
    dials: dict[int, Dial] = {}
    for seat in others:
        options = positions(game, enc, seat, aid)
        if len(options) > 1:
            decision = Decision(
                seat,
                "alliance.dial",
                "set your alliance dial",
                options,
                labeler=Dial.label,
                passive=0,
                secret=True,
            )
            dials[seat] = options[game.ask(decision)[0]]
    for seat in others:
        if seat in dials and dials[seat].what == "star":
            dials[seat] = announce(game, enc, seat)
    shown = [(s, d.label()) for s, d in dials.items() if d.what != "neither"]
    if shown:
        game.log("dials", shown)
    else:
        game.log("no_dials")
    for seat in others:
        dial = dials.get(seat)
        if dial is not None and dial.what == "ally":
            allies.enlist(game, enc, seat, dial.side, dial.ships, dial.ships)
        elif seat in dials and (enc.invited[OFFENSE][seat] or enc.invited[DEFENSE][seat]):
            allies.declined(game, seat)
    offers = [
        (seat, dial.side, card)
        for seat in others
        if (dial := dials.get(seat)) is not None and dial.what == "aid"
        if (card := offer_card(game, seat, dial.side)) is not None
    ]
    for seat, side, card in offers:
        review(game, enc, seat, side, card)


def positions(game: Table, enc: Encounter, seat: int, aid: bool) -> list[Dial]:
    """The dial positions open to a player: sides that invited it (as far as its ships and the
    limits allow), the star when its limit passes what a dial shows, and aid if the option is on."""
    out = [Dial("neither")]
    limit = most_ships(game, enc, seat)
    for side in (OFFENSE, DEFENSE):
        if enc.invited[side][seat] and not game.dispatch.forbidden("ally", seat):
            out += [Dial("ally", side, k) for k in range(1, min(limit, DIAL_MAX) + 1)]
    if limit > DIAL_MAX and len(out) > 1:
        out.append(Dial("star"))
    if aid and game.state.players[seat].hand:
        out += [Dial("aid", side) for side in (OFFENSE, DEFENSE)]
    return out


def announce(game: Table, enc: Encounter, seat: int) -> Dial:
    """A star: its player says aloud what it stands for, once every dial is down."""
    limit = most_ships(game, enc, seat)
    options = [
        Dial("ally", side, k)
        for side in (OFFENSE, DEFENSE)
        if enc.invited[side][seat]
        for k in range(1, limit + 1)
    ]
    choice = game.choose(seat, "alliance.star", "announce your star", options, Dial.label)
    game.log("effect", seat, f"announces the star: {choice.label()}")
    return choice


def offer_card(game: Table, seat: int, side: int) -> int | None:
    """The aid player picks a card in secret and lays it face down on the table for the main
    player (it no longer counts as in hand while the offer stands); None if its hand is empty by
    now."""
    hand = game.state.players[seat].hand
    if not hand:
        return None
    decision = Decision(
        seat,
        "aid.card",
        f"offer which card as foreign aid to the {SIDES[side]}?",
        list(hand),
        labeler=game.card_label,
        secret=True,
    )
    (pick,) = game.ask(decision)
    card = hand[pick]
    game.from_hand(seat, card)
    game.state.in_play.append(card)
    game.log("effect", seat, f"offers a card as foreign aid to the {SIDES[side]}")
    return card


def review(game: Table, enc: Encounter, seat: int, side: int, card: int) -> None:
    """The main player accepts or refuses an offer. Accepted: the card is its, the offering player
    takes a reward at once and may be invited to ally with a stated number of ships."""
    main = enc.offense if side == OFFENSE else enc.defense
    prompt = f"accept {game.card_label(card)} as foreign aid from {game.player_name(seat)}?"
    accepted = game.yes_no(main, "aid.accept", prompt)
    game.state.in_play.remove(card)
    if not accepted:
        game.to_hand(seat, card)
        game.log("effect", main, f"refuses the foreign aid of {game.player_name(seat)}")
        return
    game.to_hand(main, card)
    game.log("give", seat, main, 1)
    collect_rewards(game, seat, 1)
    limit = most_ships(game, enc, seat)
    if (
        limit <= 0
        or seat in enc.allies[OFFENSE]
        or seat in enc.allies[DEFENSE]
        or game.dispatch.forbidden("invite", main)
        or game.dispatch.forbidden("ally", seat)
    ):
        return
    prompt = f"invite {game.player_name(seat)} to ally with how many ships (0: no)?"
    asked = int(game.choose(main, "aid.invite", prompt, list(range(limit + 1)), passive=0))
    if asked and game.yes_no(
        seat, "aid.ally", f"ally with the {SIDES[side]} with {asked} ship(s)?"
    ):
        allies.enlist(game, enc, seat, side, asked, asked)


def answers(game: Table, enc: Encounter, others: list[int]) -> bool:
    set_dials(game, enc, others)
    return True


MODULE = register(
    RulesModule(
        name="hidden_alliances",
        log_events={
            "dials": (("by_player",), "alliance dials revealed: {by_player}"),
            "no_dials": ((), "alliance dials revealed: all neither"),
        },
        doc="would-be allies set alliance dials in secret and reveal them together; with foreign "
        "aid, players outside the encounter may dial a card to a main player",
        steps={"alliance.answers": answers},
        option="hidden_alliances",
        decision_kinds=(
            "alliance.dial",
            "alliance.star",
            "aid.card",
            "aid.accept",
            "aid.invite",
            "aid.ally",
        ),
    )
)
