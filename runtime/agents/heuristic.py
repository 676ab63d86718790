"""The heuristic agent: plays sensibly from what its player can see (its hand, the board),
falling back on a random legal answer for decisions it has no opinion on."""

from __future__ import annotations

import random

from runtime.agents.random import random_pick
from runtime.decisions import Answer, Decision
from runtime.table import PlayerView


class HeuristicAgent:
    trusted = True  # its answers are legal by construction, so the engine skips re-checking them

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        handler = getattr(self, "on_" + decision.kind.replace(".", "_"), None)
        if handler is not None:
            answer = handler(decision, view)
            if answer is not None:
                return answer
        if decision.single:
            return (self.rng.randrange(len(decision.options)),)
        return random_pick(self.rng, decision)

    # ---------------------------------------------------------------- choices it has views on

    def on_launch_planet(self, d: Decision, view: PlayerView) -> Answer:
        st = view.state
        enc = st.encounter
        defense = enc.defense if enc is not None else -1

        # a planet it does not hold yet (winning one it holds gains no colony: two such players
        # could trade wins forever), then the one with the fewest defending ships
        def worth(i: int) -> tuple[bool, int]:
            planet = st.planets[d.options[i]]
            return planet.ships[view.seat] > 0, planet.ships[defense]

        return (min(range(len(d.options)), key=worth),)

    def on_launch_ships(self, d: Decision, view: PlayerView) -> Answer:
        return self.commit(d, view)

    def on_alliance_ships(self, d: Decision, view: PlayerView) -> Answer:
        return self.commit(d, view)

    def commit(self, d: Decision, view: PlayerView) -> Answer:
        """Send as many ships as allowed, taking from the fullest colonies and keeping one on each."""
        st = view.state
        spare = {i: st.planets[p].ships[view.seat] - 1 for i, p in enumerate(d.options)}
        picks: list[int] = []
        while len(picks) < d.maximum:
            i = max(spare, key=lambda k: spare[k])
            if spare[i] <= 0:
                break
            spare[i] -= 1
            picks.append(i)
        caps = d.caps or [1] * len(d.options)
        while len(picks) < d.minimum:
            i = next(k for k in range(len(d.options)) if picks.count(k) < caps[k])
            picks.append(i)
        return tuple(sorted(picks))

    def on_alliance_invite(self, d: Decision, view: PlayerView) -> Answer:
        st = view.state
        need = 5
        # invite everyone not about to win
        return tuple(i for i, seat in enumerate(d.options) if st.foreign_colonies(seat) < need - 1)

    def on_alliance_join(self, d: Decision, view: PlayerView) -> Answer:
        st = view.state
        labels = list(d.options)
        if "offense" in labels and st.foreign_colonies(view.seat) >= 2:
            return (labels.index("offense"),)
        if "defense" in labels:
            return (labels.index("defense"),)
        if "offense" in labels:
            return (labels.index("offense"),)
        return (0,)

    def on_planning_select(self, d: Decision, view: PlayerView) -> Answer:
        cards = [view.card(i) for i in d.options]
        attacks = [i for i, c in enumerate(cards) if c.type == "attack"]
        if attacks:
            return (max(attacks, key=lambda i: cards[i].value or 0),)
        return (0,)

    def on_power_use(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_encounter_another(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_deal_offer(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("propose terms"),)

    def on_deal_colonies(self, d: Decision, view: PlayerView) -> Answer:
        # a colony for each side if the board allows it, else one for its own side
        enc = view.state.encounter
        mine = 0 if enc is not None and enc.offense == view.seat else 1
        ranked = [(True, True), *(c for c in d.options if c[mine] and not c[1 - mine])]
        for choice in ranked:
            if choice in d.options:
                return (d.options.index(choice),)
        return (0,)

    def on_deal_offense_cards(self, d: Decision, view: PlayerView) -> Answer:
        return (0,)  # as little as the offer allows: the first option is the smallest

    on_deal_defense_cards = on_deal_offense_cards
    on_deal_offense_lucre = on_deal_offense_cards
    on_deal_defense_lucre = on_deal_offense_cards

    def on_deal_accept(self, d: Decision, view: PlayerView) -> Answer:
        return (d.options.index("yes"),)

    def on_rewards_ships(self, d: Decision, view: PlayerView) -> Answer:
        return (len(d.options) // 2,)

    def on_card_play(self, d: Decision, view: PlayerView) -> Answer:
        return (0 if self.rng.random() < 0.6 else self.rng.randrange(len(d.options)),)
