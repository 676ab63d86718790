"""Setups from command-line words: packs with what they require, typed options, chosen aliens."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from runtime.cards import CardSet
from runtime.setup import BASE_OPTIONS, MAX_PLAYERS, MAX_SEED, Setup, SetupError


def with_requirements(cards: CardSet, packs: Iterable[str]) -> tuple[str, ...]:
    """The packs asked for plus every pack they need, in dependency order."""
    out: list[str] = []

    def add(pack_id: str) -> None:
        if pack_id in out:
            return
        pack = cards.packs.get(pack_id)
        if pack is None:
            known = ", ".join(sorted(cards.packs))
            raise SetupError(f"unknown pack '{pack_id}' (known: {known})")
        for req in pack.requires:
            add(req)
        out.append(pack_id)

    for p in packs:
        add(p)
    return tuple(out)


def parse_options(cards: CardSet, pairs: Sequence[str]) -> dict[str, Any]:
    """`name=value` words typed after the option's declared default (bool, int or text)."""
    declared: dict[str, Any] = {name: default for name, (default, _) in BASE_OPTIONS.items()}
    declared.update({o.name: o.default for o in cards.options().values()})
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, raw = pair.partition("=")
        name = name.strip()
        if name not in declared:
            raise SetupError(f"unknown option '{name}' (known: {', '.join(sorted(declared))})")
        default = declared[name]
        if not eq:
            value: Any = True
        elif isinstance(default, bool):
            if raw.lower() not in ("true", "false", "on", "off", "yes", "no", "1", "0"):
                raise SetupError(f"option '{name}' is on or off, not '{raw}'")
            value = raw.lower() in ("true", "on", "yes", "1")
        elif isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise SetupError(f"option '{name}' takes a whole number, not '{raw}'") from None
        else:
            value = raw
        out[name] = value
    return out


def build_setup(
    cards: CardSet,
    *,
    players: int = 5,
    packs: Sequence[str] = ("base",),
    aliens: Sequence[str] | None = None,
    options: Sequence[str] = (),
    seed: int = 1,
) -> Setup:
    if not 1 <= players <= MAX_PLAYERS:
        raise SetupError(f"a game has 1 to {MAX_PLAYERS} players, not {players}")
    if not 0 <= seed <= MAX_SEED:
        raise SetupError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {seed}")
    if not packs:
        raise SetupError(f"name at least one pack (known: {', '.join(sorted(cards.packs))})")
    chosen = with_requirements(cards, packs)
    if aliens is not None:
        for alien in aliens:
            card = cards.cards.get(alien)
            if alien not in ("none", "") and (card is None or card.kind != "alien"):
                known = sorted(c.id for c in cards.cards.values() if c.kind == "alien")
                raise SetupError(f"unknown alien '{alien}' (known: {', '.join(known)})")
        if len(aliens) != players:
            raise SetupError(f"{players} players need {players} aliens, got {len(aliens)}")
    return Setup(
        players=players,
        packs=chosen,
        aliens=None if aliens is None else tuple(aliens),
        options=parse_options(cards, options),
        seed=seed,
    )
