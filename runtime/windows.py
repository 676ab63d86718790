"""The named timing windows cards attach to: each window's dotted name, phase, kind and meaning."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING


class WindowKind(enum.Enum):
    STEP = "step"  # a moment in the turn sequence
    EVENT = "event"  # something is about to happen or has happened; may carry a replaceable event
    RESPONSE = "response"  # a targeted reply to a play (zaps, quashes)


class Window(enum.Enum):
    """Every moment a card can act. The value is the dotted name authors write after `when:`."""

    def __new__(cls, name: str, kind: WindowKind, doc: str) -> Window:
        obj = object.__new__(cls)
        obj._value_ = name
        return obj

    def __init__(self, name: str, kind: WindowKind, doc: str) -> None:
        self.kind = kind
        self.doc = doc
        self.phase = name.split(".", 1)[0]

    GAME_SETUP = ("game.setup", WindowKind.STEP, "once, when the game is set up")
    TURN_START = (
        "turn.start",
        WindowKind.STEP,
        "a turn begins, after a hand without encounter cards is replaced",
    )
    REGROUP_START = (
        "regroup.start",
        WindowKind.STEP,
        "an encounter begins, before the offense retrieves a ship",
    )
    REGROUP_RETRIEVE = (
        "regroup.retrieve",
        WindowKind.EVENT,
        "the offense is about to retrieve a ship from the warp",
    )
    REGROUP_END = ("regroup.end", WindowKind.STEP, "the regroup phase ends")
    DESTINY_BEFORE_DRAW = (
        "destiny.before_draw",
        WindowKind.STEP,
        "before the destiny card is drawn",
    )
    DESTINY_AFTER_DRAW = (
        "destiny.after_draw",
        WindowKind.STEP,
        "the destiny card is drawn and its player known",
    )
    LAUNCH_AFTER_AIM = (
        "launch.after_aim",
        WindowKind.STEP,
        "the hyperspace gate is aimed at a planet",
    )
    LAUNCH_AFTER_SHIPS = (
        "launch.after_ships",
        WindowKind.STEP,
        "the offense's ships are in the gate",
    )
    ALLIANCE_START = ("alliance.start", WindowKind.STEP, "before any ally is invited")
    ALLIANCE_AFTER_INVITES = (
        "alliance.after_invites",
        WindowKind.STEP,
        "both sides have invited allies; no one has answered",
    )
    ALLIANCE_END = ("alliance.end", WindowKind.STEP, "all alliances are formed")
    PLANNING_NO_CARDS = (
        "planning.no_cards",
        WindowKind.EVENT,
        "a main player has no encounter card to play (the event's player); replaceable",
    )
    PLANNING_START = (
        "planning.start",
        WindowKind.STEP,
        "before either main player selects an encounter card",
    )
    PLANNING_KICKERS = (
        "planning.kickers",
        WindowKind.STEP,
        "main players may play kickers face down",
    )
    PLANNING_FIRST_SHOWN = (
        "planning.first_shown",
        WindowKind.STEP,
        "one main player has selected face up; the other has not chosen",
    )
    PLANNING_AFTER_SELECTION = (
        "planning.after_selection",
        WindowKind.STEP,
        "both encounter cards are chosen, face down",
    )
    REVEAL_START = (
        "reveal.start",
        WindowKind.STEP,
        "the encounter cards are about to be turned up",
    )
    REVEAL_KICKERS = (
        "reveal.kickers",
        WindowKind.STEP,
        "the encounter cards and any kickers are face up; kickers have not applied yet",
    )
    REVEAL_AFTER_CARDS = ("reveal.after_cards", WindowKind.STEP, "the encounter cards are face up")
    REVEAL_REINFORCEMENTS = (
        "reveal.reinforcements",
        WindowKind.STEP,
        "main players and allies may add reinforcements",
    )
    REVEAL_TOTALS = ("reveal.totals", WindowKind.STEP, "the sides' totals are being worked out")
    REVEAL_OUTCOME = (
        "reveal.outcome",
        WindowKind.STEP,
        "the winner is decided; last changes to the result",
    )
    RESOLUTION_START = (
        "resolution.start",
        WindowKind.STEP,
        "the result is known; nothing has been paid yet",
    )
    RESOLUTION_DEAL_FAILED = (
        "resolution.deal_failed",
        WindowKind.STEP,
        "a deal has failed; its penalty is not yet paid",
    )
    RESOLUTION_COMPENSATION = (
        "resolution.compensation",
        WindowKind.STEP,
        "compensation is about to be collected",
    )
    RESOLUTION_REWARDS = (
        "resolution.rewards",
        WindowKind.STEP,
        "defensive allies are about to collect rewards",
    )
    RESOLUTION_AFTER_OUTCOME = (
        "resolution.after_outcome",
        WindowKind.STEP,
        "ships have landed or gone to the warp and payouts are made",
    )
    RESOLUTION_BEFORE_DISCARD = (
        "resolution.before_discard",
        WindowKind.STEP,
        "the encounter cards are about to be discarded",
    )
    RESOLUTION_AFTER_DISCARD = (
        "resolution.after_discard",
        WindowKind.STEP,
        "the encounter cards have been discarded",
    )
    ENCOUNTER_END = ("encounter.end", WindowKind.STEP, "the encounter is over; another may follow")
    TURN_END = ("turn.end", WindowKind.STEP, "the turn is over")
    SHIPS_TO_WARP = (
        "ships.to_warp",
        WindowKind.EVENT,
        "ships are about to go to the warp (replaceable)",
    )
    SHIPS_IN_WARP = ("ships.in_warp", WindowKind.EVENT, "ships have just gone to the warp")
    # replaceable events of cards and colonies, alongside ships.to_warp
    CARDS_LEAVING = (
        "cards.leaving",
        WindowKind.EVENT,
        "cards are about to leave a player's hand: discarded, taken or given (that player, those"
        " cards, where they go and why); replaceable",
    )
    DECK_DRAWING = (
        "deck.drawing",
        WindowKind.EVENT,
        "a player is about to draw cards from the cosmic deck (that player, that many); replaceable",
    )
    DECK_DRAWN = (
        "deck.drawn",
        WindowKind.EVENT,
        "a player has just drawn cards from the cosmic deck (that player, those cards)",
    )
    SHIPS_RETRIEVED = (
        "ships.retrieved",
        WindowKind.EVENT,
        "a player has just retrieved ships from the warp onto its colonies (that player, that"
        " many)",
    )
    COLONY_LOSING = (
        "colony.losing",
        WindowKind.EVENT,
        "a player's last ships on a planet are about to leave it, losing the colony (that player,"
        " those ships, the planet); replaceable",
    )
    GAIN_COMPENSATION = (
        "gain.compensation",
        WindowKind.EVENT,
        "a player has just collected cards as compensation (those cards)",
    )
    GAIN_REWARDS = (
        "gain.rewards",
        WindowKind.EVENT,
        "a defensive ally has just drawn cards as rewards (those cards)",
    )
    GAIN_NEW_HAND = (
        "gain.new_hand",
        WindowKind.EVENT,
        "a player has just drawn a new hand, once play has begun (those cards)",
    )
    GAIN_POWER = (
        "gain.power",
        WindowKind.EVENT,
        "a player has just gained cards through an alien power (those cards)",
    )
    GAIN_FLARE = (
        "gain.flare",
        WindowKind.EVENT,
        "a player has just gained cards through a flare (those cards)",
    )
    GAIN_CARD = (
        "gain.card",
        WindowKind.EVENT,
        "a player has just gained cards through an artifact, edict, kicker or tech (those cards)",
    )
    GAIN_PURCHASE = (
        "gain.purchase",
        WindowKind.EVENT,
        "a player has just bought cards from the deck with lucre (those cards)",
    )
    GAIN_DEAL = (
        "gain.deal",
        WindowKind.EVENT,
        "a player has just received cards in a deal (those cards)",
    )
    # every deal that is made, the main players' or one an effect makes, once carried out
    DEAL_MADE = (
        "deal.made",
        WindowKind.EVENT,
        "a deal between two players has just been carried out (its two players); a cancelled"
        " deal never comes here",
    )
    COLONY_GAINED = ("colony.gained", WindowKind.EVENT, "a player has established a colony")
    COLONY_LOST = ("colony.lost", WindowKind.EVENT, "a player has lost a colony")
    POWER_LOST = (
        "power.lost",
        WindowKind.EVENT,
        "a player's alien power has switched off for want of home colonies",
    )
    ALLIANCE_DECLINED = (
        "alliance.declined",
        WindowKind.EVENT,
        "an invited player has just turned the invitation down (that player)",
    )
    ALLIANCE_JOINED = (
        "alliance.joined",
        WindowKind.EVENT,
        "a player has just committed ships as an ally (that player, those ships)",
    )
    CARDS_DISCARDED = (
        "cards.discarded",
        WindowKind.EVENT,
        "a player has just discarded cards in one go: from hand, a card it played once used or"
        " cancelled, or its encounter card and kicker as the encounter ends (those cards)",
    )
    VICTORY_CHECK = (
        "victory.check",
        WindowKind.EVENT,
        "the game checks for winners; the foreign colonies each player needs can change",
    )
    LUCRE_PAID = ("lucre.paid", WindowKind.EVENT, "lucre is about to be paid (replaceable)")
    LUCRE_PURCHASE = (
        "lucre.purchase",
        WindowKind.EVENT,
        "a player is about to pay the box for ships or cards it buys (replaceable)",
    )
    DECISION_MADE = (
        "decision.made",
        WindowKind.EVENT,
        "a player has just made a choice in an encounter before the cards are revealed, not one"
        " about their own power (that decision)",
    )
    # the decks' events: what lasts "until the destiny deck is next drawn" ends here too
    DECK_RESHUFFLED = (
        "deck.reshuffled",
        WindowKind.EVENT,
        "the cosmic discard pile has just been shuffled into a new deck",
    )
    DESTINY_DRAWN = (
        "destiny.drawn",
        WindowKind.EVENT,
        "a destiny card has just been drawn (each card drawn again counts)",
    )
    DESTINY_RESHUFFLED = (
        "destiny.reshuffled",
        WindowKind.EVENT,
        "the destiny discard pile has just been shuffled into a new destiny deck",
    )
    # techs: a tech has just been turned face up, its research done (its hooks there act once)
    TECH_COMPLETED = (
        "tech.completed",
        WindowKind.EVENT,
        "a player has just completed a tech (that tech); the tech's own hooks here act once",
    )
    RESPONSE_POWER = ("response.power", WindowKind.RESPONSE, "an alien power is being used")
    RESPONSE_CARD = (
        "response.card",
        WindowKind.RESPONSE,
        "a flare, artifact or edict is being played",
    )
    RESPONSE_ZAP = (
        "response.zap",
        WindowKind.RESPONSE,
        "a zap is being played against a power or a card",
    )
    RESPONSE_DEAL = ("response.deal", WindowKind.RESPONSE, "a deal has just been made")
    RESPONSE_TECH = (
        "response.tech",
        WindowKind.RESPONSE,
        "a tech is being used (that tech; cancelled, it is discarded)",
    )


BY_NAME: dict[str, Window] = {w.value: w for w in Window}


if TYPE_CHECKING:
    Windows = Window
else:

    class Windows:
        """Every Window member as a plain class attribute (`Windows.TURN_START is
        Window.TURN_START`), for the rules that open windows. On Python 3.11 reading a member off
        an Enum class goes through EnumType's `__getattr__` hook and costs about 0.3 µs, five
        times a plain attribute; a game reads one about 1,300 times."""

    for _member in Window:
        setattr(Windows, _member.name, _member)
    del _member
