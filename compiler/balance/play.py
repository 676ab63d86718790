"""The worker's side: compile the cards once per process, then play a batch of seeds and return
one plain row per game."""

from __future__ import annotations

import gc
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.balance.spec import Study, setup_for
from runtime.setup import SetupError


class CardErrors(RuntimeError):
    """The cards given to the study do not compile."""


@dataclass
class Compiled:
    """The cards of a study's packs, compiled once per process."""

    cards: Any
    rules: Any
    fingerprint: str  # of the compiled card set: a resumed study must use the same cards
    outside: list[str]  # ids of the packs from outside folders, in the order found


@dataclass
class Deck:
    """What a worker keeps between batches: the compiled cards and the aliens a focus may meet."""

    cards: Any
    rules: Any
    usable: list[str]
    fingerprint: str
    outside: list[str]


_COMPILED: dict[tuple[str, ...], Compiled] = {}
_DECKS: dict[tuple[tuple[str, ...], int, tuple[str, ...], tuple[str, ...]], Deck] = {}


def deck_for(study: Study) -> Deck:
    """The compiled cards for this study, built on the first batch a process plays."""
    key = (study.card_paths, study.players, study.packs, study.options)
    deck = _DECKS.get(key)
    if deck is None:
        compiled = compiled_for(study.card_paths)
        usable = usable_aliens(study, compiled.cards, compiled.rules)
        deck = _DECKS[key] = Deck(
            compiled.cards, compiled.rules, usable, compiled.fingerprint, compiled.outside
        )
        settle()
    return deck


def settle() -> None:
    """The compiled cards (and whatever else the process holds by now) live as long as the
    process: move them out of the collector's sight, so its full passes while games are played
    do not walk them again and again, and a forked worker does not copy their pages by marking
    them in a pass."""
    gc.collect()
    gc.freeze()


def compiled_for(outside: tuple[str, ...]) -> Compiled:
    compiled = _COMPILED.get(outside)
    if compiled is None:
        compiled = _COMPILED[outside] = compile_cards(outside)
    return compiled


def warm(study: Study) -> int:
    """Compile the cards in this process ahead of the first batch; the count of usable aliens."""
    return len(deck_for(study).usable)


def compile_cards(outside: tuple[str, ...]) -> Compiled:
    """The bundled packs plus the outside pack folders given (each worker reads them itself)."""
    from cards import BUNDLED
    from compiler.pipeline.language_export import stale
    from compiler.pipeline.project import load_project, outside_pack_ids
    from runtime.effects.link import Rules
    from runtime.language import load

    project = load_project([BUNDLED, *(Path(p) for p in outside)], scenarios=False)
    if project.errors:
        raise CardErrors(f"the cards have {project.errors} error(s); run `cosmic validate`")
    load()  # a fully cached compile registers no words
    out_of_date = stale()
    if out_of_date:
        raise CardErrors(out_of_date)
    rules = Rules(project.cards)
    digest = hashlib.sha256(repr(sorted(project.cards.cards.items())).encode()).hexdigest()
    return Compiled(project.cards, rules, digest[:16], outside_pack_ids(project))


def usable_aliens(study: Study, cards: Any, rules: Any) -> list[str]:
    """Aliens of the study's packs that this player count and these options allow."""
    from runtime.agents import RandomAgent
    from runtime.game import Game
    from runtime.rules.start import card_allowed

    probe_study = Study(games=1, players=study.players, packs=study.packs, options=study.options)
    setup = setup_for(probe_study, cards, 0, ())
    probe = Game(cards, setup, [RandomAgent()] * study.players, rules=rules, log=False)
    return sorted(
        c.id
        for c in cards.cards.values()
        if c.kind == "alien" and c.pack in setup.packs and card_allowed(probe, c)
    )


def play_batch(study: Study, seeds: tuple[int, ...]) -> list[dict[str, Any]]:
    deck = deck_for(study)
    return [play_one(study, deck, seed) for seed in seeds]


def play_one(study: Study, deck: Deck, seed: int) -> dict[str, Any]:
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game

    started = time.perf_counter()
    setup = setup_for(study, deck.cards, seed, deck.usable)
    kinds = study.seat_agents()
    agents = [AGENTS[kind](seed * 101 + seat) for seat, kind in enumerate(kinds)]
    try:
        game = Game(deck.cards, setup, agents, rules=deck.rules, log=False)
    except SetupError as exc:
        raise SetupError(f"seed {seed}: {exc}") from exc
    # the aliens as dealt: a player may become another alien during the game
    dealt = [p.alien or "none" for p in game.state.players]
    play_game(game)
    st = game.state
    return {
        "seed": seed,
        "players": study.players,
        "packs": ",".join(setup.packs),
        "options": ",".join(f"{k}={v}" for k, v in sorted(setup.options.items())),
        "aliens": dealt,
        "agents": list(kinds),
        "winners": list(st.winners),
        "turns": st.turn,
        "encounters": st.encounter_serial,
        "finished": bool(st.over),
        "drawn": not st.winners,
        "digest": st.digest(),
        "seconds": round(time.perf_counter() - started, 6),
    }
