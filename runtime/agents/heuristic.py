"""The heuristic agent: plays like a sensible beginner from what its player can see (its hand,
the board), falling back on a random legal answer for decisions it has no opinion on."""

from __future__ import annotations

import random

from runtime.agents.random import random_pick
from runtime.decisions import Answer, Decision
from runtime.view import HiddenCard, PlayerView

# the decision kinds of how much a party of a deal gives: the main players' deal, an effect's deal
DEAL_GIFTS = ("deal.offense_", "deal.defense_", "deal.maker_", "deal.partner_")


class HeuristicAgent:
    trusted = True  # its answers are legal by construction, so the engine skips re-checking them

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        handler = getattr(self, "on_" + decision.kind.replace(".", "_"), None)
        if handler is None and decision.kind.startswith(DEAL_GIFTS):
            handler = self.on_deal_offense_cards  # whatever a side gives: as little as it may
        if handler is not None:
            answer = handler(decision, view)
            if answer is not None:
                return answer
        if decision.single:
            return (self.rng.randrange(len(decision.options)),)
        return random_pick(self.rng, decision)

    # ---------------------------------------------------------------- where am I

    def side_of(self, view: PlayerView) -> int | None:
        """0 when on the offense's side of the encounter, 1 on the defense's, else None."""
        enc = view.encounter()
        if enc is None:
            return None
        if view.seat == enc[0] or view.seat in view.allies(0):
            return 0
        if view.seat == enc[1] or view.seat in view.allies(1):
            return 1
        return None

    # ---------------------------------------------------------------- ships

    def on_launch_planet(self, d: Decision, view: PlayerView) -> Answer:
        enc = view.encounter()
        defense = enc[1] if enc is not None else -1

        # a planet it does not hold yet (winning one it holds gains no colony: two such players
        # could trade wins forever), then the one with the fewest defending ships
        def cost(i: int) -> tuple[bool, int]:
            p = d.options[i]
            return (view.ships(p, view.seat) > 0, view.ships(p, defense))

        return (min(range(len(d.options)), key=cost),)

    def on_launch_ships(self, d: Decision, view: PlayerView) -> Answer:
        return self.commit(d, view)

    def on_alliance_ships(self, d: Decision, view: PlayerView) -> Answer:
        return self.commit(d, view)

    def commit(self, d: Decision, view: PlayerView) -> Answer:
        """Send as many ships as allowed, taking from the fullest colonies and keeping one on
        each; asked for a count (a single colony), the largest."""
        if d.caps is None:
            return (max(range(len(d.options)), key=lambda i: d.options[i]),)
        spare = {i: view.ships(p, view.seat) - 1 for i, p in enumerate(d.options)}
        picks: list[int] = []
        while len(picks) < d.maximum:
            i = max(spare, key=lambda k: spare[k])
            if spare[i] <= 0:
                break
            spare[i] -= 1
            picks.append(i)
        caps = d.caps
        while len(picks) < d.minimum:
            i = next(k for k in range(len(d.options)) if picks.count(k) < caps[k])
            picks.append(i)
        return tuple(sorted(picks))

    def on_ships_place(self, d: Decision, view: PlayerView) -> Answer:
        """Returning ships go home first, to the emptiest home colony (the power needs them)."""

        def worth(i: int) -> tuple[bool, int]:
            p = d.options[i]
            return (view.system_of(p) != view.seat, view.ships(p, view.seat))

        return (min(range(len(d.options)), key=worth),)

    def on_ships_piece(self, d: Decision, view: PlayerView) -> Answer:
        """A piece that is a ship goes with the offense's ships or an ally's as they join an
        encounter (it adds to totals there), and otherwise stays where it is."""
        enc = view.encounter()
        joining = enc is not None and (view.seat == enc[0] or self.side_of(view) is None)
        return (d.options.index("yes" if joining else "no"),)

    # ---------------------------------------------------------------- alliances

    def on_alliance_invite(self, d: Decision, view: PlayerView) -> Answer:
        need = view.colonies_to_win()
        # invite everyone not about to win
        return tuple(
            i for i, seat in enumerate(d.options) if view.foreign_colonies(seat) < need - 1
        )

    def on_alliance_join(self, d: Decision, view: PlayerView) -> Answer:
        labels = list(d.options)
        enc = view.encounter()
        offense_near_win = enc is not None and view.foreign_colonies(enc[0]) >= (
            view.colonies_to_win() - 1
        )
        if "offense" in labels and not offense_near_win:
            return (labels.index("offense"),)
        if "defense" in labels:
            return (labels.index("defense"),)
        return (0,)

    # ---------------------------------------------------------------- cards

    def on_planning_select(self, d: Decision, view: PlayerView) -> Answer:
        cards = [view.card(i) for i in d.options]
        attacks = [i for i, c in enumerate(cards) if c.type == "attack"]
        if attacks:
            return (max(attacks, key=lambda i: cards[i].value or 0),)
        return (0,)

    def on_card_play(self, d: Decision, view: PlayerView) -> Answer:
        """Reinforcements for its own side of an encounter; other cards are kept for later."""
        side = self.side_of(view)
        if side is None:
            return (0,)
        for i, option in enumerate(d.options):
            if option is None:
                continue
            try:
                card = view.card(option[0])
            except HiddenCard:
                continue
            if card.kind == "reinforcement":
                return (i,)
        return (0,)

    def on_effect_side(self, d: Decision, view: PlayerView) -> Answer | None:
        side = self.side_of(view)
        if side is not None and side in d.options:
            return (list(d.options).index(side),)
        return None  # not in the encounter: no opinion

    def on_power_use(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_encounter_another(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_destiny_own_color(self, d: Decision, view: PlayerView) -> Answer:
        for wish in ("re-establish a home colony", "attack a colony in your system"):
            if wish in d.options:
                return (list(d.options).index(wish),)
        return (0,)

    # ---------------------------------------------------------------- deals

    def on_deal_offer(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("propose terms"),)

    def on_deal_colonies(self, d: Decision, view: PlayerView) -> Answer:
        # a colony for each party if the board allows it, else one for itself (an option is the
        # seats that found a colony)
        for wish in (lambda c: len(c) == 2, lambda c: tuple(c) == (view.seat,)):
            for i, founders in enumerate(d.options):
                if wish(founders):
                    return (i,)
        return (0,)

    def on_deal_offense_cards(self, d: Decision, view: PlayerView) -> Answer:
        return (0,)  # as little as the offer allows: the first option is the smallest

    def on_deal_accept(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_rewards_ships(self, d: Decision, view: PlayerView) -> Answer:
        return (len(d.options) // 2,)
