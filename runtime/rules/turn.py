"""The turn: start of turn, then encounters (regroup, destiny, launch, alliance, planning, reveal,
resolution) until the offense may not or will not have another; the game loop around turns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime import extension
from runtime.cards import fits
from runtime.checkpoints import checkpoint
from runtime.decisions import Decision
from runtime.rules import allies, destiny, ships, side_cards, systems
from runtime.rules.outcome import resolve, reveal
from runtime.rules.own_piles import hand_pile_cards, has_encounter_card
from runtime.rules.ships import GATE, GUARD
from runtime.state import Encounter
from runtime.table_events import EncounterEnded, GameOver
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.table import Table


def start_game(game: Table) -> None:
    """Start the rules modules in play, then run the setup hooks of every card in play; call
    once before the first turn."""
    extension.run(game, "game.start")
    game.dispatch.step(Windows.GAME_SETUP)


# A game keeps a copy of its state at the start of a turn once this many answers were given since
# the last copy (or since the setup: a game with no copy yet is set up again): a fork replays at
# most these and one turn's answers. A copy costs over 1% of a random game's instructions
# (its generator's 625 words, every player and planet); at 128, games paid for some 2.7 copies,
# 3.5% of their instructions, for forks that most games never make.
CHECKPOINT_EVERY = 256


def play_game(game: Table) -> None:
    """Play from the current state until someone wins or the turn limit stops the game."""
    st = game.state
    limit = game.setup.option("max_turns")
    try:
        if st.turn == 0:
            start_game(game)
        while not st.over and st.turn < limit:
            if st.turn > 0:  # a copy taken before this turn's setup would run the setup again
                checkpoint(game, CHECKPOINT_EVERY)
            play_turn(game)
            st.offense = (st.offense + 1) % len(st.players)
        if not st.over:
            game.log("stalled", st.turn)
    except GameOver:
        pass


def play_turn(game: Table, encounters: int | None = None) -> None:
    """One turn; `encounters` stops it early after that many encounters (scenario tests)."""
    st = game.state
    st.turn += 1
    st.encounters_this_turn = 0
    st.encounter = None
    offense = st.offense
    game.dispatch.expire("turn")
    game.dispatch.forget_old_uses()
    game.log("turn", st.turn, offense)
    if game.sitting_out(offense):
        game.log("effect", offense, "sits this turn out")
        game.dispatch.step(Windows.TURN_END)
        return
    if not has_encounter_card(game, offense):
        game.new_hand(offense)
    extension.run(game, "turn.start", offense)
    game.dispatch.step(Windows.TURN_START)
    number = 0
    while True:
        number += 1
        enc = run_encounter(game, number)
        for offense_seat, defense_seat in enc.marks.get("out of turn", ()):
            if not st.over:
                run_encounter(game, number, (offense_seat, defense_seat))
        if (encounters is not None and number >= encounters) or not wants_another(game, enc):
            break
    st.encounter = None
    ships.return_hostages(game)
    game.dispatch.step(Windows.TURN_END)


def new_encounter(game: Table, number: int) -> Encounter:
    st = game.state
    enc = blank_encounter(game, number, st.offense)
    st.encounter = enc
    st.encounters_this_turn = number
    st.encounter_serial += 1
    return enc


def blank_encounter(game: Table, number: int, offense: int) -> Encounter:
    """An encounter of `offense` with every per-seat number at its rule-book value."""
    n = len(game.state.players)
    enc = Encounter(
        number=number,
        offense=offense,
        gate=[0] * n,
        guard=[0] * n,
        invited=[[False] * n, [False] * n],
        lost_ships=[0] * n,
        landed=[0] * n,
        ship_limit=[game.setup.option("max_gate_ships")] * n,
        ship_weight=[1] * n,
        comp_factor=[1] * n,
        reward_factor=[1] * n,
        deal_penalty=[game.setup.option("failed_deal_loss")] * n,
        comp_extra=[0] * n,
        reward_extra=[0] * n,
    )
    extension.fill_slots(game, "encounter", enc, n)
    return enc


def run_encounter(game: Table, number: int, against: tuple[int, int] | None = None) -> Encounter:
    """One encounter; `against` (offense, defense): one had out of turn, from the launch."""
    if against is None:
        enc = new_encounter(game, number)
        if game.events is not None:
            game.log("encounter", number, enc.offense)
    else:  # its defense is known, and the turn's count of encounters stays as it is
        enc = game.state.encounter = blank_encounter(game, number, against[0])
        enc.defense, game.state.encounter_serial = against[1], game.state.encounter_serial + 1
        name = game.player_name(enc.defense)
        game.log("effect", enc.offense, f"has an encounter out of turn against {name}")
    game.last_encounter = enc
    try:
        if game.sitting_out(enc.offense):
            game.log("effect", enc.offense, "sits this encounter out: the turn ends")
            enc.marks["turn over"] = True
            raise EncounterEnded(False)
        if against is None:
            regroup(game, enc)
            destiny.draw_destiny(game, enc)
        launch(game, enc)
        alliance(game, enc)
        if planning(game, enc):
            reveal(game, enc)
            resolve(game, enc)
    except EncounterEnded as ended:
        enc.success = ended.success
        enc.outcome = enc.outcome or "ended"
    finish_encounter(game, enc)
    ships.check_victory(game)
    return enc


def regroup(game: Table, enc: Encounter) -> None:
    extension.run(game, "regroup.before")
    game.dispatch.step(Windows.REGROUP_START)
    offense = enc.offense
    extension.run(game, "regroup.retrieve", enc)
    if game.state.players[offense].warp > 0:
        event = None  # built only if something could cancel the retrieval
        if game.dispatch.listening(Windows.REGROUP_RETRIEVE):
            event = ships.ShipsEvent(offense, {"warp": 1})
            game.dispatch.event(Windows.REGROUP_RETRIEVE, event)
        if event is None or not event.cancelled:
            ships.retrieve(game, offense, 1)
    game.dispatch.step(Windows.REGROUP_END)


def launch(game: Table, enc: Encounter) -> None:
    if enc.planet < 0:
        targets = [p.id for p in systems.home_planets(game, enc.defense)]
        enc.planet = game.choose(
            enc.offense, "launch.planet", "aim the hyperspace gate at", targets, game.planet_name
        )
    if game.events is not None:
        game.log("aim", enc.planet)
    game.dispatch.step(Windows.LAUNCH_AFTER_AIM)
    allies.commit(game, enc, enc.offense, 0, "launch.ships", "send 1 or more ships into the gate")
    if enc.gate[enc.offense] == 0:
        raise EncounterEnded(False)
    if game.events is not None:
        game.log("launch", enc.offense, enc.gate[enc.offense])
    game.dispatch.step(Windows.LAUNCH_AFTER_SHIPS)


def alliance(game: Table, enc: Encounter) -> None:
    st = game.state
    game.dispatch.step(Windows.ALLIANCE_START)
    left = (enc.offense + 1) % len(st.players)
    others = [s for s in st.clockwise_from(left) if s != enc.offense and s != enc.defense]
    if st.restrictions:  # only a restriction makes a player sit out: most encounters skip this
        others = [s for s in others if not game.sitting_out(s)]
    for side, main in ((0, enc.offense), (1, enc.defense)):
        if not others or game.dispatch.forbidden("invite", main):
            continue
        invitees = game.choose_many(
            main,
            "alliance.invite",
            "invite allies",
            others,
            0,
            len(others),
            labeler=game.player_name,
        )
        for s in invitees:
            enc.invited[side][s] = True
        if invitees and game.events is not None:
            game.log("invite", main, invitees)
    game.dispatch.step(Windows.ALLIANCE_AFTER_INVITES)
    if not extension.first(game, "alliance.answers", enc, others):
        for seat in others:
            answer_invitation(game, enc, seat)
    game.dispatch.step(Windows.ALLIANCE_END)


def answer_invitation(game: Table, enc: Encounter, seat: int) -> None:
    invited = enc.invited
    if not (invited[0][seat] or invited[1][seat]):
        return  # asked by neither side
    if game.dispatch.forbidden("ally", seat) or not systems.has_colony(game, seat):
        return
    if seat in enc.allies[0] or seat in enc.allies[1]:
        return  # a player made to ally already (enlisted) answers no invitation
    options = ["neither"]
    if invited[0][seat]:
        options.append("offense")
    if invited[1][seat]:
        options.append("defense")
    choice = game.choose(
        seat, "alliance.join", "join the encounter as an ally?", options, passive=0
    )
    if choice == "neither":
        allies.declined(game, seat)
        return
    allies.enlist(game, enc, seat, allies.SIDES.index(choice))


@dataclass(slots=True)
class NoCards:
    """The event of planning.no_cards: a main player holds no encounter card."""

    seat: int
    cancelled: bool = False


def out_of_cards(game: Table, seat: int) -> bool:
    """Open planning.no_cards for a main player without encounter cards; True if a card's
    effect replaced the usual consequence and the player now holds one."""
    event = NoCards(seat)
    game.dispatch.event(Windows.PLANNING_NO_CARDS, event)
    return event.cancelled and has_encounter_card(game, seat)


def planning(game: Table, enc: Encounter) -> bool:
    """Select encounter cards; False when the offense has none (its turn ends)."""
    extension.run(game, "planning.start", enc)
    if not has_encounter_card(game, enc.offense) and not out_of_cards(game, enc.offense):
        enc.marks["turn over"] = True
        return False
    if not has_encounter_card(game, enc.defense) and not out_of_cards(game, enc.defense):
        for _ in range(3):
            game.new_hand(enc.defense)
            if has_encounter_card(game, enc.defense):
                break
    game.dispatch.step(Windows.PLANNING_START)
    extension.run(game, "planning.kickers", enc)
    game.dispatch.step(Windows.PLANNING_KICKERS)
    if enc.first_selector is not None:
        first = enc.first_selector
        select_card(game, enc, first)
        enc.face_up[first] = True
        game.dispatch.step(Windows.PLANNING_FIRST_SHOWN)
        select_card(game, enc, 1 - first)
    else:
        select_card(game, enc, 0)
        select_card(game, enc, 1)
    game.dispatch.step(Windows.PLANNING_AFTER_SELECTION)
    return True


def select_card(game: Table, enc: Encounter, side: int) -> None:
    seat = enc.offense if side == 0 else enc.defense
    if enc.cards[side] is not None:
        return
    while True:
        card = game.choose(
            seat,
            "planning.select",
            "select an encounter card",
            selectable(game, enc, side),
            game.card_label,
        )
        if game.holder[card] == seat or card in hand_pile_cards(game, seat):
            break  # else it left the hand while the choice was in the air (a negation): again
    card = prevent_forced(game, enc, side, card)
    if game.holder[card] == seat:
        game.from_hand(seat, card)
    else:  # played from one of the player's own piles, in place of its hand
        for cards in game.state.players[seat].piles.values():
            if card in cards:
                cards.remove(card)
        game.log("effect", seat, "selects from its own pile, not its hand")
    game.state.in_play.append(card)
    enc.cards[side] = card
    if game.events is not None:
        game.log("select", seat)


def prevent_forced(game: Table, enc: Encounter, side: int, card: int) -> int:
    """A card a main player was made to select (a named card it must play) stands unless another
    player prevents it. Negating that selection prevents it: the player then selects one of its
    other encounter cards instead."""
    seat = enc.offense if side == 0 else enc.defense
    required = enc.required[side]
    if required is None:
        return card  # nothing was forced
    hand = [
        c
        for c in (*game.state.players[seat].hand, *hand_pile_cards(game, seat))
        if game.defs[c].kind == "encounter"
    ]
    others = [c for c in hand if not fits(game.defs[c], required)]
    if not others or len(others) == len(hand):
        return card  # nothing was forced, or nothing else could be selected
    decision = Decision(
        seat, "planning.select", "select an encounter card", hand, labeler=game.card_label
    )
    if not game.negated(decision, (hand.index(card),)):
        return card
    game.log("effect", seat, "must choose again: select an encounter card")
    return game.choose(
        seat, "planning.select", "select another encounter card", others, game.card_label
    )


def selectable(game: Table, enc: Encounter, side: int) -> list[int]:
    """The encounter cards a main player may select (drawing a new hand if it holds none)."""
    seat = enc.offense if side == 0 else enc.defense
    defs = game.defs
    options = [
        c
        for c in (*game.state.players[seat].hand, *hand_pile_cards(game, seat))
        if defs[c].kind == "encounter"
    ]
    if not options:
        game.new_hand(seat)
        options = [c for c in game.state.players[seat].hand if game.defs[c].kind == "encounter"]
        if not options:
            raise EncounterEnded(False)
    required = enc.required[side]
    if required is not None:
        fitting = [c for c in options if fits(game.defs[c], required)]
        options = fitting or options
    return options


def wants_another(game: Table, enc: Encounter) -> bool:
    st = game.state
    if st.over or enc.marks.get("turn over"):
        return False
    forced = enc.marks.get("another")
    if forced:
        if not has_encounter_card(game, enc.offense):
            game.new_hand(enc.offense)
        return True
    if not enc.success or enc.number >= game.setup.option("max_encounters"):
        return False
    if not has_encounter_card(game, enc.offense):
        return False
    if game.yes_no(enc.offense, "encounter.another", "have another encounter?"):
        return True
    extension.run(game, "encounter.declined", enc.offense)
    return False


def finish_encounter(game: Table, enc: Encounter) -> None:
    """End-of-encounter hooks, then put back whatever the encounter still holds."""
    st = game.state
    if not st.over:
        game.dispatch.step(Windows.ENCOUNTER_END)
    if any(enc.gate) or any(enc.guard):  # after a resolution, every ship has gone somewhere
        for seat in range(len(st.players)):
            if enc.gate[seat]:
                ships.return_home(game, seat, enc.gate[seat], GATE)
            if enc.guard[seat]:
                ships.return_home(game, seat, enc.guard[seat], GUARD)
    if st.in_play:  # at the usual end, the resolution has discarded every card played
        for side in (0, 1):
            for card in side_cards.cards_of(enc, side):
                if card in st.in_play:
                    # an encounter that ended before the reveal hands the chosen cards back
                    st.in_play.remove(card)
                    owner = enc.offense if side == 0 else enc.defense
                    game.to_hand(owner, card)
        for card in list(st.in_play):
            st.in_play.remove(card)
            game.discard(card)
    if enc.destiny is not None:
        st.destiny_discard.append(enc.destiny)
        enc.destiny = None
    game.dispatch.expire("encounter")
