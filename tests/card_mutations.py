"""Mutated card files and what the toolchain makes of them: a bundled card's text and a seed in,
a mutant out; a mutant in, its verdict out (refused with diagnostics, accepted, accepted and played,
or an internal failure). Shared by the fuzz test and bench/fuzz.py."""

from __future__ import annotations

import dataclasses
import random
import re
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.linker import link
from compiler.pipeline.project import Project, Sources, compile_file
from compiler.tools.setups import with_requirements
from runtime.agents import RandomAgent
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from runtime.language import load
from runtime.roles import ROLES
from runtime.rules.turn import play_game
from runtime.setup import Setup, SetupError
from runtime.windows import BY_NAME

NUMBERS = (0, -1, 1, 2, 7, 20, 21, 99, 100, 101, 1000, 1001, 10**9, 2**31, 2**32 + 1, 10**40)
ODD_VALUES = ("{a: 1}", "[[x]]", "[]", "{}", "null", "true", "42", '"text"', "[1, [2]]", "~")
ODD_CHARS = ":{}[]-#&*!|>'\"%@`,?\t\\ \n"
GAMES, GAME_TURNS, GAME_SECONDS = 3, 15, 20.0
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
_WORD = re.compile(r"[a-z][a-z'-]+")


@dataclass(frozen=True)
class Source:
    """A bundled card file a mutant starts from."""

    pack: int  # index in the project's packs
    file: int  # index in the pack's files
    rel: Path  # path inside the pack folder: <kind>/<id>.yaml
    text: str
    kind: str | None


def sources(project: Project) -> list[Source]:
    out = []
    for i, pack in enumerate(project.packs):
        for j, f in enumerate(pack.files):
            path = pack.folder / Path(f.path).relative_to(Path(pack.manifest_path).parent)
            text = path.read_text(encoding="utf-8")
            out.append(Source(i, j, path.relative_to(pack.folder), text, f.kind))
    return out


def vocabulary(texts: list[str]) -> list[str]:
    return sorted({w for t in texts for w in _WORD.findall(t)})


def mutate(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    """One to three random edits: numbers, words, lines, values of the wrong type, windows,
    roles, stray characters, or lines spliced in from another card."""
    for _ in range(rnd.randint(1, 3)):
        text = rnd.choice(EDITS)(text, rnd, words, donors)
    return text


def _number(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    found = list(_NUMBER.finditer(text))
    if not found:
        return _word(text, rnd, words, donors)
    m = rnd.choice(found)
    new = "9" * 4400 if rnd.random() < 0.05 else str(rnd.choice(NUMBERS))
    return text[: m.start()] + new + text[m.end() :]


def _word(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    found = list(_WORD.finditer(text))
    if not found:
        return text
    m = rnd.choice(found)
    return text[: m.start()] + rnd.choice(words) + text[m.end() :]


def _lines(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    lines = text.split("\n")
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    how = rnd.choice(("drop", "double", "swap", "splice"))
    if how == "drop":
        del lines[i]
    elif how == "double":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        donor = rnd.choice(donors).split("\n")
        lines.insert(i, rnd.choice(donor))
    return "\n".join(lines)


def _value(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    lines = text.split("\n")
    keyed = [i for i, line in enumerate(lines) if re.match(r"\s*-?\s*[a-z_]+:", line)]
    if not keyed:
        return text
    i = rnd.choice(keyed)
    key = lines[i].split(":", 1)[0]
    if key.strip().lstrip("- ") == "when":
        value = rnd.choice([*ODD_VALUES, rnd.choice(list(BY_NAME)), "regroup.strat"])
    elif key.strip().lstrip("- ") == "as":
        value = rnd.choice([*ODD_VALUES, rnd.choice(list(ROLES)), "main player or ally"])
    else:
        value = rnd.choice(ODD_VALUES)
    lines[i] = f"{key}: {value}"
    return "\n".join(lines)


def _char(text: str, rnd: random.Random, words: list[str], donors: list[str]) -> str:
    at = rnd.randrange(len(text) + 1)
    if rnd.random() < 0.5 and text:
        return text[:at] + text[at + 1 :]
    return text[:at] + rnd.choice(ODD_CHARS) + text[at:]


EDITS = (_number, _number, _word, _word, _lines, _value, _value, _char)


@dataclass
class Verdict:
    outcome: str  # "refused" | "accepted" | "played" | "internal error" | "game failed"
    detail: str = ""


class TooSlow(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise TooSlow()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(project: Project, source: Source, text: str, seed: int = 1) -> Verdict:
    """Compile a mutant in place of its source, link it with every bundled card, and play an
    accepted alien in GAMES short games. Never raises: a failure is the verdict."""
    pack = project.packs[source.pack]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / source.rel
            path.parent.mkdir(parents=True)
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            shown = str(Path(pack.manifest_path).parent / source.rel)
            compiled = compile_file(path, pack.id, None, Sources(), shown)
        files = list(pack.files)
        files[source.file] = compiled
        packs = list(project.packs)
        packs[source.pack] = dataclasses.replace(pack, files=files)
        cards, linked = link(packs)
    except Exception as exc:
        return Verdict("internal error", f"{type(exc).__name__}: {exc}")
    found = compiled.diagnostics + linked
    internal = [x for x in found if x.code == d.INTERNAL]
    if internal:
        return Verdict("internal error", internal[0].message)
    if any(x.is_error for x in found):
        return Verdict("refused", next(x.code.id for x in found if x.is_error))
    card = compiled.card
    if card is None or card.kind != "alien":
        return Verdict("accepted")
    return play(cards, card.id, card.pack, seed)


def play(cards: Any, alien: str, pack_id: str, seed: int) -> Verdict:
    try:
        load()  # a fully cached compile registers no words
        rules = Rules(cards)
        packs = with_requirements(cards, [pack_id])
        low = max(cards.packs[p].min_players for p in packs)
        players = max(3, low, cards.cards[alien].min_players or 0)
    except Exception as exc:
        return Verdict("game failed", f"linking the rules: {type(exc).__name__}: {exc}")
    for k in range(GAMES):
        setup = Setup(
            players=players,
            packs=packs,
            aliens=(alien,) + ("none",) * (players - 1),
            options={"max_turns": GAME_TURNS},
            seed=seed + k,
        )
        agents = [RandomAgent(seed * 31 + k * 7 + s) for s in range(players)]
        try:
            with time_limit(GAME_SECONDS):
                game = Game(cards, setup, agents, rules=rules, log=False, observer=check)
                play_game(game)
        except SetupError:
            return Verdict("accepted", "not playable in this setup")
        except TooSlow:
            return Verdict("game failed", f"game {k + 1} took over {GAME_SECONDS}s")
        except Exception as exc:
            return Verdict("game failed", f"game {k + 1}: {type(exc).__name__}: {exc}")
    return Verdict("played")
