"""A raid: a small encounter nested inside the current one, in which a raider's ships attack a
main player's lucre. The encounter it interrupts is suspended until the raid is over. The rules
module `raids` (Set 6); adds the op `raid`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.effects.context import Ctx
from runtime.extension import RulesModule, register
from runtime.modules.lucre import purses
from runtime.registry import T, obj, op
from runtime.rules import allies, deal, ships
from runtime.rules.outcome import compensation, discard_encounter_cards, reveal
from runtime.rules.planning import select_card
from runtime.rules.ships import GATE
from runtime.rules.turn import blank_encounter
from runtime.state import DEFENSE, OFFENSE, Encounter
from runtime.table_events import EncounterEnded

if TYPE_CHECKING:
    from runtime.table import Table


def run_raid(game: Table, raider: int, victim: int) -> None:
    """The raider sends up to four ships against the victim, who defends with its lucre alone.

    The victim may end the raid at once by paying half its lucre, rounded up. Otherwise both
    select encounter cards and reveal them: a raider that wins takes all the victim's lucre, one
    that loses sends its ships to the warp. There are no allies; two negotiates make a deal, and
    only the raider can collect compensation. The raider's ships then go home.
    """
    st = game.state
    main = st.encounter
    if main is None or raider == victim or victim not in (main.offense, main.defense):
        return
    enc = blank_encounter(game, main.number, raider)
    enc.defense = victim
    enc.marks["raid"] = True
    st.suspended.append(main)
    st.encounter = enc
    game.log("raid", raider, victim)
    try:
        allies.commit(game, enc, raider, OFFENSE, "raid.ships", "send 1 to 4 ships on the raid")
        if enc.gate[raider] and not bought_off(game, raider, victim):
            select_card(game, enc, OFFENSE)
            select_card(game, enc, DEFENSE)
            reveal(game, enc)
            if game.has_power(raider):
                settle(game, enc)
    except EncounterEnded:
        pass
    finally:
        end_raid(game, enc, raider)


def bought_off(game: Table, raider: int, victim: int) -> bool:
    """The victim may pay half its lucre, rounded up, to send the raider home."""
    purse = purses.purse_of(game, victim).lucre
    if purse <= 0:
        return False
    half = (purse + 1) // 2
    prompt = f"pay {half} lucre (half of yours) to end the raid?"
    if not game.yes_no(victim, "raid.buy_off", prompt):
        return False
    game.log("effect", victim, f"buys off the raid with {half} lucre")
    purses.pay(game, victim, half, raider)
    return True


def settle(game: Table, enc: Encounter) -> None:
    raider, victim = enc.offense, enc.defense
    outcome = enc.outcome
    if outcome == "offense":
        purses.pay(game, victim, purses.purse_of(game, victim).lucre, raider)
    elif outcome in ("defense", "both lose"):
        ships.send_to_warp(game, raider, {GATE: enc.gate[raider]})
    else:
        deal.negotiate(game, enc)
    if enc.types[OFFENSE] == "negotiate" and outcome == "defense":
        compensation(game, enc)  # the raider's negotiate lost: only the raider is compensated


def end_raid(game: Table, enc: Encounter, raider: int) -> None:
    """Ships still on the raid go home, the raid's cards are discarded, the encounter resumes."""
    st = game.state
    if enc.gate[raider]:
        ships.return_home(game, raider, enc.gate[raider], GATE)
    discard_encounter_cards(game, enc)
    st.encounter = st.suspended.pop()
    game.log("raid_over")


@op(
    "raid",
    "raid",
    obj(T.PLAYERS, "victim"),
    doc="Suspend the encounter for a raid on a main player's lucre (see runtime/modules/raids.py).",
)
def raid(ctx: Ctx, seat: int, victims: list[int]) -> None:
    for victim in victims[:1]:
        run_raid(ctx.game, seat, victim)


MODULE = register(
    RulesModule(
        name="raids",
        log_events={
            "raid": (("player", "victim"), "{player} raids the lucre of {victim}"),
            "raid_over": ((), "the raid is over; the encounter goes on"),
        },
        doc="raids: small encounters nested in the current one, fought for a main player's lucre",
        steps={},
        decision_kinds=("raid.ships", "raid.buy_off"),
        words=("raid",),
        state_fields=("State.suspended",),
    )
)
