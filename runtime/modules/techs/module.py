"""The rules module `techs` (technology cards, the base game's `techs` option): two techs dealt to
each player at the start, one research action per player at the start of each encounter (a ship
on a tech, completing it, or abandoning it), and new techs for an offense that declines another
encounter. Completed techs act through their cards' hooks, run here when the dispatcher opens a
window."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime.decisions import Decision
from runtime.effects.context import Ctx
from runtime.extension import RulesModule, register
from runtime.invariants import InvariantBroken
from runtime.modules.techs.records import HELD, PILES, piles, techs_of
from runtime.modules.techs.words import RESEARCH
from runtime.ops.pieces import piece_leaves
from runtime.rules import ship_pieces, ships, systems
from runtime.rules.start import card_allowed
from runtime.windows import Window, WindowKind

if TYPE_CHECKING:
    from runtime.cards import CardDef
    from runtime.dispatch import Dispatcher
    from runtime.effects.link import Rules
    from runtime.state import State
    from runtime.table import Table


# The windows the techs open (the module declares them in its `windows`): a tech just turned face
# up, its research done (its own hooks there act once), and a tech being used.
TECH_COMPLETED = Window(
    "tech.completed",
    WindowKind.EVENT,
    "a player has just completed a tech (that tech); the tech's own hooks here act once",
)
RESPONSE_TECH = Window(
    "response.tech",
    WindowKind.RESPONSE,
    "a tech is being used (that tech; cancelled, it is discarded)",
)


@dataclass(slots=True)
class TechEvent:
    """The event of the tech.completed window (who completed which tech) and of the
    response.tech window (who is using which tech; a response may cancel the use)."""

    seat: int
    tech: int
    cancelled: bool = False


def cost(game: Table, tech: int) -> int:
    """Ships needed to complete a tech; an X tech completes with any number (at least one)."""
    research = game.defs[tech].attrs.get("research", 0)
    return 1 if research == "X" else int(research)


def keep_one(game: Table, seat: int, count: int) -> None:
    """Look at the top techs, keep one face down, discard the others (the cards stay on the
    deck while the player decides)."""
    st = game.state
    pile = piles(st)
    if len(pile.tech_deck) < count and pile.tech_discard:
        st.rng.shuffle(pile.tech_discard)
        pile.tech_deck[:0] = pile.tech_discard
        pile.tech_discard = []
    drawn = pile.tech_deck[-count:] if count else []
    if not drawn:
        return
    kept = game.choose(
        seat, "tech.keep", "keep which tech?", list(reversed(drawn)), game.card_label
    )
    del pile.tech_deck[-len(drawn) :]
    for tech in drawn:
        if tech != kept:
            pile.tech_discard.append(tech)
    techs_of(game, seat).techs.append(kept)
    game.log("effect", seat, f"keeps a tech face down ({len(drawn)} drawn)")


def build_deck(game: Table, state: State, card: CardDef) -> bool:
    """A tech card of the chosen packs goes into the tech deck (unless an option rules it out)."""
    if card.kind != "tech":
        return False
    if card_allowed(game, card):
        for _ in range(card.copies):
            piles(state).tech_deck.append(game.add_instance(state, card))
    return True


def shuffle_deck(game: Table, state: State) -> None:
    state.rng.shuffle(piles(state).tech_deck)


def discard(game: Table, instance: int) -> bool:
    if game.defs[instance].kind != "tech":
        return False
    piles(game.state).tech_discard.append(instance)
    return True


def ships_on_techs(game: Table, seat: int, count: int) -> int:
    """Ships researching techs are the player's too."""
    return count + sum(techs_of(game, seat).research.values())


def tech_piles(game: Table, seen: Counter[int]) -> None:
    st = game.state
    seen.update(piles(st).tech_deck)
    seen.update(piles(st).tech_discard)
    for p in st.players:
        seen.update(HELD.of(p).techs)
        seen.update(HELD.of(p).completed)


def deal(game: Table) -> None:
    for p in game.state.players:
        keep_one(game, p.seat, 2)


def research_step(game: Table) -> None:
    """Each player, clockwise from the offense, may research, complete or abandon one tech."""
    st = game.state
    for seat in st.clockwise_from(st.offense):
        player = techs_of(game, seat)
        if not player.techs:
            continue
        can_research = st.ships_in_play(seat) > 0
        options: list[tuple[str, int | None]] = [("nothing", None)]
        for tech in player.techs:
            if can_research:
                options.append(("research", tech))
            if player.research.get(tech, 0) >= cost(game, tech) and not hidden(game, tech):
                options.append(("complete", tech))
            options.append(("abandon", tech))

        def label(option: tuple[str, int | None]) -> str:
            verb, tech = option
            return verb if tech is None else f"{verb} {game.card_label(tech)}"

        verb, tech = game.choose(seat, "tech.action", "your tech action", options, label, passive=0)
        if tech is None:
            continue
        if verb == "research":
            picked = ships.pick_ships(game, seat, 1, 1, "tech.ship", "a ship to research with")
            for src, k in picked.items():
                ships.remove_from(game, seat, src, k)
                player.research[tech] = player.research.get(tech, 0) + k
                ship_pieces.arrived(game, seat, ship_pieces.held_key(RESEARCH, tech))
            ships.update_powers(game, seat)
            game.log("effect", seat, f"researches a tech ({player.research[tech]} ship(s) on it)")
        else:
            back = player.research.get(tech, 0)
            planet = ships.choose_colony(game, seat, back) if back else -1
            ship_pieces.leaving(game, seat, ship_pieces.held_key(RESEARCH, tech), back, -1, back)
            player.techs.remove(tech)
            player.research.pop(tech, None)
            if verb == "complete":
                player.completed.append(tech)
                game.log("effect", seat, f"completes {game.card_label(tech)}")
            else:
                piles(st).tech_discard.append(tech)
                game.log("effect", seat, "abandons a tech")
            if back:
                systems.add_ships(game, planet, seat, back)
                ship_pieces.arrived(game, seat, planet)
                ships.update_powers(game, seat)
            if verb == "complete" and game.dispatch.listening(TECH_COMPLETED):
                game.dispatch.event(TECH_COMPLETED, TechEvent(seat, tech))


def after_declining(game: Table, seat: int) -> None:
    """An offense that declines another encounter draws 1 tech plus 1 per foreign colony."""
    keep_one(game, seat, 1 + game.state.foreign_colonies(seat))


def research_held(
    game: Table, seat: int, kind: str, tech: int | None
) -> tuple[int, Callable[[int, int], None]] | None:
    """The ships researching the tech an effect belongs to, for an effect that moves them (the
    function taking some away is told who picks the ships that move, -1 for their owner)."""
    if kind != RESEARCH or tech is None:
        return None
    research = techs_of(game, seat).research

    def take(count: int, chooser: int) -> None:
        key = ship_pieces.held_key(RESEARCH, tech)
        ship_pieces.leaving(game, seat, key, count, chooser, research[tech])
        research[tech] -= count

    return research.get(tech, 0), take


def seen(game: Table, viewer: int, instance: int) -> bool | None:
    """Face-down techs are their holder's secret; face-up ones and the discard pile are public."""
    for player in game.state.players:
        held = HELD.of(player)
        if instance in held.techs:
            return player.seat == viewer
        if instance in held.completed:
            return True
    return True if instance in piles(game.state).tech_discard else None


def shown(game: Table, viewer: int, seat: int) -> dict[str, Any]:
    """A player's face-up techs, and how many ships research each face-down one; the face-down
    techs themselves to their holder only."""
    held = techs_of(game, seat)
    out: dict[str, Any] = {
        "completed": [game.card(t) for t in held.completed],
        "research": [held.research.get(t, 0) for t in held.techs],
    }
    if viewer == seat:
        out["techs"] = [game.card(t) for t in held.techs]
    return out


def tech_windows(game: Table, rules: Rules) -> set[str]:
    """Every window a tech's hook acts in."""
    return set(rules.dealt.get("tech", {}))


def spend(game: Table, seat: int, tech: int) -> None:
    """A one-shot tech that was used goes to the tech discard pile."""
    player = techs_of(game, seat)
    if tech in player.completed:
        player.completed.remove(tech)
        piles(game.state).tech_discard.append(tech)
        piece_leaves(game, tech)


def use_tech(game: Table, seat: int, name: str) -> bool:
    """Whether the player uses its tech now: a choice about its own power, never negated."""
    prompt = f"use {name}?"
    use = Decision(seat, "tech.use", prompt, ("no", "yes"), passive=0, about_own_power=True)
    return game.ask(use)[0] == 1


def release(game: Table, seat: int, tech: int) -> None:
    """A hidden tech has been used from face down: the ships still researching it go back to
    its owner's colonies, and the tech is face up until it is spent."""
    player = techs_of(game, seat)
    back = player.research.get(tech, 0)
    planet = ships.choose_colony(game, seat, back) if back else -1
    ship_pieces.leaving(game, seat, ship_pieces.held_key(RESEARCH, tech), back, -1, back)
    player.research.pop(tech, None)
    if tech in player.techs:
        player.techs.remove(tech)
        player.completed.append(tech)
    if back:
        systems.add_ships(game, planet, seat, back)
        ship_pieces.arrived(game, seat, planet)
        ships.update_powers(game, seat)
        game.log("home", seat, back)


def hidden(game: Table, tech: int) -> bool:
    """A hidden tech acts from face down, counting the ships researching it; it is never
    completed the usual way."""
    return bool(game.defs[tech].attrs.get("hidden"))


def ready(game: Table, seat: int) -> list[int]:
    """The techs a player may use now: its completed ones, and its hidden ones researched far
    enough."""
    player = techs_of(game, seat)
    found = list(player.completed)
    for tech in player.techs:
        if hidden(game, tech) and player.research.get(tech, 0) >= cost(game, tech):
            found.append(tech)
    return found


def usable(game: Table, seat: int, tech: int) -> bool:
    player = techs_of(game, seat)
    return tech in player.completed or tech in player.techs


def run_techs(game: Table, d: Dispatcher, name: str, event: Any) -> None:
    """Techs act for their owners; a one-shot tech is discarded once used. A tech's hooks at
    tech.completed act once, for the tech just completed, and are not a use of it."""
    bounds = d.rules.dealt.get("tech", {}).get(name)
    if not bounds:
        return
    completing = name == TECH_COMPLETED.value
    for seat in d.order():
        if completing:
            candidates = [event.tech] if event.seat == seat else []
        else:  # a tech never answers its own use
            candidates = [t for t in ready(game, seat) if t != getattr(event, "tech", None)]
        for tech in candidates:
            card = game.defs[tech]
            for bound in bounds:
                if bound.hook.card != card.id or not usable(game, seat, tech):
                    continue
                if bound.role is not None and not bound.role(game.state, seat):
                    continue
                ctx = Ctx(game, seat, bound.hook, event, tech)
                if bound.test is not None and not bound.test(ctx):
                    continue
                if bound.hook.optional and not use_tech(game, seat, card.name):
                    continue
                face_down = tech in techs_of(game, seat).techs
                if face_down:  # it stays among the face-down techs, with its ships, as it acts
                    game.log("effect", seat, f"reveals {card.name}")
                if not completing:
                    game.log("effect", seat, f"uses {card.name}")
                    if cancelled(game, seat, tech):
                        if face_down:
                            release(game, seat, tech)
                        spend(game, seat, tech)
                        continue
                one_shot = not completing and card.attrs.get("after_use") == "discard"
                if one_shot and not face_down:
                    # discarded as it is used: an effect that runs a whole encounter (Infinity
                    # Drive's) cannot set the same tech off again
                    spend(game, seat, tech)
                bound.run(ctx)
                if face_down:  # its research ships count while it acts
                    release(game, seat, tech)
                    if one_shot:
                        spend(game, seat, tech)


def cancelled(game: Table, seat: int, tech: int) -> bool:
    """Open the response window for a tech's use; True if a response cancelled it."""
    if not game.dispatch.listening(RESPONSE_TECH):
        return False
    use = TechEvent(seat, tech)
    game.dispatch.event(RESPONSE_TECH, use)
    if use.cancelled:
        game.log("effect", seat, f"loses {game.card_label(tech)}: its use is cancelled")
    return use.cancelled


def check_research(game: Table) -> None:
    """No ship researches a tech its owner does not hold face down."""
    st = game.state
    for player in st.players:
        held = HELD.of(player)
        stray = [t for t, n in held.research.items() if n and t not in held.techs]
        if stray:
            raise InvariantBroken(
                f"{game.player_name(player.seat)} has ships on techs it does not hold: {stray}"
            )


MODULE = register(
    RulesModule(
        name="techs",
        doc="technology cards: dealt at the start, researched with ships, completed to act",
        steps={
            "setup.card": build_deck,
            "setup.shuffle": shuffle_deck,
            "card.discard": discard,
            "game.start": deal,
            "regroup.before": research_step,
            "encounter.declined": after_declining,
            "dispatch.windows": tech_windows,
            "dispatch.window": run_techs,
            "invariants.ships": ships_on_techs,
            "invariants.cards": tech_piles,
            "invariants": check_research,
            "ships.held": research_held,
            "view.sees": seen,
            "view.shows": shown,
        },
        option="techs",
        card_kinds=("tech",),
        windows=(TECH_COMPLETED, RESPONSE_TECH),
        words=("research ships", "research number", "transfer tech"),  # words.py
        decision_kinds=("tech.keep", "tech.action", "tech.ship", "tech.use"),
        slots=(HELD, PILES),
    )
)
