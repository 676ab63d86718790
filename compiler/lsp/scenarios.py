"""Scenario buffers in, diagnostics out: the YAML checks, unknown top-level keys, and card ids (in
`covers:`, hands and `setup: aliens:`) that name no card of the linked packs; plus the keys and
decision kinds the bundled scenarios use, offered as completions."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from compiler import diagnostics as d
from compiler.scenario import PLAY_MODES, SCENARIO_KEYS
from compiler.source import Loaded

if TYPE_CHECKING:
    from compiler.lsp.documents import PackSet

NOT_AN_ALIEN = {"none", ""}
_ANSWER_KEY = re.compile(r"^\s*- ([a-z]+) ([a-z_]+\.[a-z_.]+):")


def card_id_pointers(data: Any) -> list[tuple[str, str, bool]]:
    """(pointer, id, must be an alien) for every card id a scenario names."""
    if not isinstance(data, dict):
        return []
    found: list[tuple[str, str, bool]] = []
    covers = data.get("covers")
    if isinstance(covers, list):
        found += [(f"/covers/{i}", c, False) for i, c in enumerate(covers) if isinstance(c, str)]
    setup = data.get("setup")
    if isinstance(setup, dict) and isinstance(setup.get("aliens"), list):
        found += [
            (f"/setup/aliens/{i}", a, True)
            for i, a in enumerate(setup["aliens"])
            if isinstance(a, str) and a not in NOT_AN_ALIEN
        ]
    start = data.get("start")
    hands = start.get("hands") if isinstance(start, dict) else None
    if isinstance(hands, dict):
        for color, ids in hands.items():
            if isinstance(ids, list):
                found += [
                    (f"/start/hands/{color}/{i}", c, False)
                    for i, c in enumerate(ids)
                    if isinstance(c, str)
                ]
    return found


def scenario_packs(data: Any) -> list[str]:
    """The pack ids a scenario's setup asks for, beyond its own pack."""
    setup = data.get("setup") if isinstance(data, dict) else None
    packs = setup.get("packs") if isinstance(setup, dict) else None
    return [p for p in packs if isinstance(p, str)] if isinstance(packs, list) else []


def check_scenario(loaded: Loaded, packs: PackSet) -> list[d.Diagnostic]:
    # answers name options by their labels, and `yes`/`no` are labels there, not booleans
    diags = [x for x in loaded.diagnostics if x.code is not d.YAML11_BOOLEAN]
    data = loaded.data
    if not isinstance(data, dict):
        return diags
    for key in sorted(set(data) - SCENARIO_KEYS):
        diags.append(
            d.Diagnostic(
                d.UNKNOWN_KEY,
                f"unknown scenario key '{key}'",
                loaded.span("/" + key, key=True),
                d.did_you_mean(key, SCENARIO_KEYS) or "keys: " + ", ".join(sorted(SCENARIO_KEYS)),
            )
        )
    play = data.get("play")
    if (
        isinstance(play, str)
        and play not in PLAY_MODES
        and not re.fullmatch(r"[1-9]\d? turns", play)
    ):
        diags.append(
            d.Diagnostic(
                d.BAD_VALUE,
                f"'play' is one of {', '.join(PLAY_MODES)} or 'N turns', not '{play}'",
                loaded.span("/play"),
                d.did_you_mean(play, PLAY_MODES),
            )
        )
    cards = packs.cards.cards if packs.cards is not None else {}
    aliens = [c for c, card in cards.items() if card.kind == "alien"]
    for pointer, card_id, alien in card_id_pointers(data):
        card = cards.get(card_id)
        if card is not None and (not alien or card.kind == "alien"):
            continue
        what = "alien" if alien else "card"
        diags.append(
            d.Diagnostic(
                d.MISSING_REFERENCE,
                f"no {what} '{card_id}' in the packs this scenario plays with",
                loaded.span(pointer),
                d.did_you_mean(card_id, aliens if alien else list(cards)),
            )
        )
    return diags


@functools.lru_cache(maxsize=1)
def bundled_vocabulary() -> tuple[dict[str, list[str]], list[str]]:
    """Keys under each top-level scenario key, and decision kinds, as the bundled scenarios use
    them (the runner reads them as it plays, so they have no single table)."""
    from cards import BUNDLED

    keys: dict[str, set[str]] = {}
    kinds: set[str] = set()
    for path in sorted(BUNDLED.glob("*/scenarios/*.yaml")):
        text = path.read_text(encoding="utf-8", errors="replace")
        section = ""
        for line in text.splitlines():
            if line and not line[0].isspace() and ":" in line:
                section = line.split(":", 1)[0]
            elif line.startswith("  ") and not line.startswith("   ") and ":" in line:
                key = line.strip().split(":", 1)[0]
                if not key.startswith("- "):
                    keys.setdefault(section, set()).add(key)
            match = _ANSWER_KEY.match(line)
            if match:
                kinds.add(match.group(2))
            if section == "auto":
                kinds.update(re.findall(r"[a-z_]+\.[a-z_.]+", line))
    return {k: sorted(v) for k, v in keys.items()}, sorted(kinds)
