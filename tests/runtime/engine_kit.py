"""Helpers for the engine rules tests: scripted games, exact hands, stacked decks and boards."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from runtime.agents import RandomAgent
from runtime.agents.scripted import Scripted, ScriptedAgent
from runtime.cards import CardDef, CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game, PlayerView
from runtime.invariants import check
from runtime.rules import ships
from runtime.rules.systems import add_ships
from runtime.setup import Setup
from runtime.state import Encounter

SHIPS_EACH = 20
Pick = str | int


@dataclass
class Asked:
    """A decision as an agent saw it (kept so tests can check what was offered, and to whom)."""

    player: int
    kind: str
    labels: list[str]
    minimum: int
    maximum: int


@dataclass
class Recorder:
    """Answers from a strict script (shared by every seat) and records each decision asked."""

    script: list[tuple[int, Scripted]] = field(default_factory=list)
    fallback: Callable[[Decision], Answer | None] | None = None
    asked: list[Asked] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.inner = ScriptedAgent(self.script, self.fallback)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        self.asked.append(
            Asked(
                decision.player,
                decision.kind,
                decision.labels(),
                decision.minimum,
                decision.maximum,
            )
        )
        return self.inner.decide(decision, view)

    def kinds(self) -> list[tuple[int, str]]:
        return [(a.player, a.kind) for a in self.asked]

    def of_kind(self, kind: str) -> list[Asked]:
        return [a for a in self.asked if a.kind == kind]


def pass_on_plays(decision: Decision) -> Answer | None:
    """Fallback for games whose hands are random: decline every optional card play."""
    if decision.kind in ("card.play", "kicker.play") and decision.passive is not None:
        return (decision.passive,)
    return None


def new_game(
    cards: CardSet,
    rules: Rules,
    players: int = 3,
    *,
    seed: int = 1,
    first: int = 0,
    aliens: tuple[str, ...] | None = None,
    options: Mapping[str, Any] | None = None,
    fallback: Callable[[Decision], Answer | None] | None = None,
    packs: tuple[str, ...] = ("base",),
) -> tuple[Game, Recorder]:
    """A game without aliens or flares (unless asked) whose every seat answers from one script."""
    setup = Setup(
        players=players,
        packs=packs,
        aliens=aliens if aliens is not None else ("none",) * players,
        seed=seed,
        first_player=first,
        options={"use_flares": False, **(options or {})},
    )
    agent = Recorder(fallback=fallback)
    game = Game(cards, setup, [agent] * players, rules=rules, observer=check)
    return game, agent


def expect(agent: Recorder, *entries: tuple[int, str, Pick | tuple[Pick, ...]]) -> None:
    """Append (seat, decision kind, answer) entries; an answer is one label or a tuple of them."""
    for seat, kind, answer in entries:
        picks = answer if isinstance(answer, tuple) else (answer,)
        agent.script.append((seat, Scripted(picks, kind)))


def label(game: Game, instance: int) -> str:
    return game.card_label(instance)


def labels(game: Game, instances: Iterable[int]) -> list[str]:
    return [game.card_label(c) for c in instances]


def hand(game: Game, seat: int) -> list[str]:
    return sorted(labels(game, game.state.players[seat].hand))


def take_from_deck(game: Game, name: str) -> int:
    """An instance with this label from the cosmic deck or discard (removed from that pile), or
    else from a hand it was dealt into (the deal depends on how many cards the packs hold)."""
    st = game.state
    for pile in (st.deck, st.discard):
        for c in reversed(pile):
            if game.card_label(c) == name:
                pile.remove(c)
                return c
    for player in st.players:
        for c in player.hand:
            if game.card_label(c) == name:
                game.from_hand(player.seat, c)
                return c
    raise LookupError(f"no '{name}' left in the deck, the discard or a hand")


def deal(game: Game, hands: Mapping[int, Iterable[str]]) -> None:
    """Give every seat exactly the named cards (seats not listed get an empty hand)."""
    st = game.state
    for p in st.players:
        for c in list(p.hand):
            game.from_hand(p.seat, c)
            st.deck.insert(0, c)
    for seat, names in hands.items():
        for name in names:
            game.to_hand(seat, take_from_deck(game, name))


def stack(game: Game, names: Iterable[str]) -> None:
    """Put the named cards on top of the cosmic deck; the first name is drawn first."""
    picked = [take_from_deck(game, n) for n in names]
    game.state.deck.extend(reversed(picked))


def stack_destiny(game: Game, *ids: str) -> None:
    """Put destiny cards (by card id) on top of the destiny deck; the first is drawn first."""
    st = game.state
    picked = []
    for card_id in ids:
        inst = next(c for c in reversed(st.destiny_deck) if game.defs[c].id == card_id)
        st.destiny_deck.remove(inst)
        picked.append(inst)
    st.destiny_deck.extend(reversed(picked))


def planet(game: Game, name: str) -> int:
    return next(p.id for p in game.state.planets if game.planet_name(p.id) == name)


def set_ships(game: Game, seat: int, where: Mapping[str, int], warp: int = 0) -> None:
    """Put exactly these ships of `seat` on named planets and in the warp; the rest leave play."""
    st = game.state
    for p in st.planets:
        add_ships(game, p.id, seat, -p.ships[seat])
    for name, n in where.items():
        add_ships(game, planet(game, name), seat, n)
    player = st.players[seat]
    player.warp = warp
    player.removed = SHIPS_EACH - sum(where.values()) - warp
    assert player.removed >= 0
    ships.update_powers(game)


def ships_of(game: Game, seat: int) -> dict[str, int]:
    """Where a seat's ships are: planet names with a nonzero count."""
    st = game.state
    return {game.planet_name(p.id): p.ships[seat] for p in st.planets if p.ships[seat] > 0}


def home(color: str, counts: Iterable[int]) -> dict[str, int]:
    """Planet counts for a home system: home('red', [4, 4, 0, 4, 4])."""
    return {f"{color} planet {i + 1}": n for i, n in enumerate(counts) if n}


def events(game: Game, kind: str) -> list[tuple[Any, ...]]:
    return [e[1:] for e in game.events or [] if e[0] == kind]


def last_encounter(game: Game) -> Encounter:
    """The encounter the game played last (it must have played one)."""
    enc = game.last_encounter
    assert enc is not None
    return enc


def with_copies(cards: CardSet, card_id: str, copies: int) -> CardSet:
    """The same card set with a different number of copies of one card."""
    changed = dict(cards.cards)
    changed[card_id] = replace(cards.cards[card_id], copies=copies)
    return CardSet(changed, cards.packs)


def with_plain_alien(cards: CardSet, alien_id: str = "plain") -> CardSet:
    """The same card set plus an alien with no power text (to test power loss by itself)."""
    changed = dict(cards.cards)
    changed[alien_id] = CardDef(alien_id, "alien", "Plain", "base")
    return CardSet(changed, cards.packs)


def play_and_report(game: Game, seed: int) -> str | None:
    """Play a whole game; what went wrong (a failure of any kind, or no winner), else None."""
    from runtime.rules.turn import play_game

    try:
        play_game(game)
    except Exception as exc:  # every failure is reported, whatever it is
        return f"seed {seed}: {type(exc).__name__}: {exc}"
    if not game.state.winners:
        return f"seed {seed}: no winner after {game.state.turn} turns"
    return None


def play_checked(
    cards: CardSet, rules: Rules, setups: Iterable[Setup], observe: Callable[[Game], None]
) -> int:
    """Play each setup to its end with random agents (seeded from the setup's seed), `observe`
    called at every decision; how many decisions were checked."""
    from runtime.rules.turn import play_game

    checked = 0
    for setup in setups:
        agents = [RandomAgent(setup.seed * 10 + s) for s in range(setup.players)]
        game = Game(cards, setup, agents, rules=rules, log=False, observer=observe)
        play_game(game)
        assert game.state.over
        checked += len(game.answers)
    return checked
