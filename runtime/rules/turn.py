"""The turn: start of turn, then encounters (regroup, destiny, launch, alliance, planning, reveal,
resolution) until the offense may not or will not have another; the game loop around turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime import extension
from runtime.checkpoints import checkpoint
from runtime.rules import allies, destiny, ships, side_cards, systems, victory
from runtime.rules.outcome import resolve, reveal
from runtime.rules.own_piles import has_encounter_card
from runtime.rules.planning import planning
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
    option = game.setup.option
    enc = Encounter(
        number,
        offense,
        players=n,
        ship_limit=option("max_gate_ships"),
        deal_penalty=option("failed_deal_loss"),
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
    victory.check_victory(game)
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
