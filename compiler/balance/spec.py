"""A study's plan: the setup options, the agent of each seat, the focused alien and the seeds,
split into batches; each game's Setup comes from the plan and its seed alone."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from compiler.tools.setups import build_setup
from runtime.rules.start import excluded
from runtime.setup import Setup, SetupError

STUDY_FORMAT = 1  # version of study.json, the plan kept beside the results for --resume


@dataclass(frozen=True)
class Study:
    games: int
    first_seed: int = 1
    players: int = 5
    packs: tuple[str, ...] = ("base",)
    aliens: tuple[str, ...] | None = None  # fixed aliens, one per seat
    options: tuple[str, ...] = ()  # name=value words, as on the command line
    agents: tuple[str, ...] = ("heuristic",)  # one kind for every seat, or one per seat
    focus: str | None = None  # an alien dealt in every game
    card_paths: tuple[str, ...] = field(default=())  # outside pack folders (--pack), absolute
    cards: str = ""  # fingerprint of the card set the study began with

    def seat_agents(self) -> tuple[str, ...]:
        if len(self.agents) == 1:
            return self.agents * self.players
        return self.agents

    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["format"] = STUDY_FORMAT
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Study:
        if data.get("format") != STUDY_FORMAT:
            raise SetupError(f"study.json has format {data.get('format')!r}, not {STUDY_FORMAT}")
        fields = {k: v for k, v in data.items() if k != "format"}
        for name in ("packs", "options", "agents", "card_paths"):
            fields[name] = tuple(fields.get(name) or ())
        if fields.get("aliens") is not None:
            fields["aliens"] = tuple(fields["aliens"])
        return cls(**fields)


def check_agents(study: Study, known: Sequence[str]) -> None:
    for kind in study.agents:
        if kind not in known:
            raise SetupError(f"unknown agent '{kind}' (known: {', '.join(sorted(known))})")
    if len(study.agents) not in (1, study.players):
        raise SetupError(
            f"--agent takes one kind or one per seat: {study.players} players, "
            f"{len(study.agents)} kinds given"
        )
    if study.focus is not None and study.aliens is not None:
        raise SetupError("--focus deals one alien in every game; it cannot be used with --aliens")


def setup_for(study: Study, cards: Any, seed: int, usable: Sequence[str]) -> Setup:
    """The game of `seed`: with a focus, the focused alien sits at a seat drawn from the seed
    and the other seats get distinct aliens drawn from `usable`."""
    aliens: Sequence[str] | None = study.aliens
    if study.focus is not None:
        rng = random.Random(f"focus:{seed}")
        others = [a for a in usable if a != study.focus]
        if len(others) < study.players - 1:
            raise SetupError(f"not enough aliens besides '{study.focus}' for {study.players}")
        rng.shuffle(others)
        picked = [study.focus]
        for alien in others:  # in shuffled order, passing over an alien barred by one picked
            if len(picked) < study.players and not any(excluded(cards, alien, p) for p in picked):
                picked.append(alien)
        if len(picked) < study.players:
            raise SetupError(f"not enough aliens besides '{study.focus}' for {study.players}")
        picked.remove(study.focus)
        picked.insert(rng.randrange(study.players), study.focus)
        aliens = picked
    return build_setup(
        cards,
        players=study.players,
        packs=list(study.packs),
        aliens=aliens,
        options=study.options,
        seed=seed,
    )


def missing(seeds: range, done: Sequence[tuple[int, int]]) -> Iterator[int]:
    """The seeds of `seeds` outside the sorted, merged runs `done`, one at a time (a
    million-game study never holds a list of its seeds)."""
    runs = iter(done)
    run = next(runs, None)
    for seed in seeds:
        while run is not None and run[1] < seed:
            run = next(runs, None)
        if run is None or seed < run[0]:
            yield seed


def count_missing(seeds: range, done: Sequence[tuple[int, int]]) -> int:
    covered = sum(max(0, min(b, seeds.stop - 1) - max(a, seeds.start) + 1) for a, b in done)
    return len(seeds) - covered


def batches(
    seeds: Iterable[int], size: int, left: int | None = None, workers: int = 1
) -> Iterator[tuple[int, ...]]:
    """Consecutive runs of at most `size` seeds, drawn lazily. Given `left`, how many seeds
    there are, the runs taper towards the end: none is more than half a worker's share of the
    seeds not yet handed out (nor fewer than size/8 seeds), so the workers run out of work
    together instead of all but one waiting while it plays a last full run."""
    it = iter(seeds)
    floor = max(1, size // 8)
    while True:
        n = size if left is None else max(floor, min(size, left // (2 * workers)))
        batch = tuple(itertools.islice(it, n))
        if not batch:
            return
        if left is not None:
            left -= len(batch)
        yield batch


def batch_size(games: int, workers: int) -> int:
    """Small enough that every worker gets several batches (balance, progress, little lost on
    Ctrl-C), big enough that a batch's overhead is small next to its games."""
    return max(1, min(100, games // max(1, workers * 8)))
