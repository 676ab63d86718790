"""Scenario files checked like cards: a loaded scenario and the linked cards in; located
diagnostics out (schema violations with did-you-mean hints, unknown card ids, aliens, packs and
decision kinds)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline import schema_check
from compiler.pipeline.load import Loaded
from runtime.cards import CardSet
from runtime.rules import deal

# The kinds of decision the engine asks (a scripted answer or an `auto:` entry names one): the
# core rules' own, and those each rules module declares (runtime/modules/).
# `effect.<verb>` kinds come from the ops (choose a card to discard, a ship to move...).
CORE_DECISION_KINDS = frozenset(
    [
        "alliance.invite",
        "alliance.join",
        "alliance.ships",
        "card.play",
        "deal.accept",
        "deal.cards",
        "deal.colony",
        "deal.colony_ships",
        "deal.colonies",
        "deal.defense_cards",
        "deal.maker_cards",
        "deal.offense_cards",
        "deal.offer",
        "deal.partner_cards",
        "destiny.home_planet",
        "destiny.home_ships",
        "destiny.invader",
        "destiny.invader_planet",
        "destiny.own_color",
        "destiny.pick",
        "destiny.wild",
        "encounter.another",
        "essence.capture",
        "essence.cycle",
        "essence.lay",
        "essence.recover",
        "essence.share",
        "essence.use",
        "flare.upgrade",
        "launch.planet",
        "launch.ships",
        "planning.select",
        "power.keep",
        "power.order",
        "power.use",
        "rewards.deck",
        "rewards.ships",
        "ships.hostage",
        "ships.lose",
        "ships.piece",
        "ships.place",
    ]
)


def _module_decision_kinds() -> frozenset[str]:
    from runtime.extension import MODULES
    from runtime.language import load

    load()  # the bundled rules modules register on import
    declared = {k for m in MODULES.values() for k in m.decision_kinds}
    # what a deal may hand over besides colonies and cards: how much each party gives
    roles = ("offense", "defense", deal.MAKER, deal.PARTNER)
    terms = {f"deal.{r}_{t.name}" for m in MODULES.values() for t in m.deal_terms for r in roles}
    return frozenset(declared | terms)


DECISION_KINDS = CORE_DECISION_KINDS | _module_decision_kinds()

_EFFECT_KIND = re.compile(r"effect\.[a-z_]+( [a-z_]+)*")


def known_decision_kind(kind: str) -> bool:
    return kind in DECISION_KINDS or _EFFECT_KIND.fullmatch(kind) is not None


def check_scenario(
    loaded: Loaded, cards: CardSet | None, broken: Iterable[str] = ()
) -> list[d.Diagnostic]:
    """Every problem of one scenario file; names are checked only when `cards` is given and the
    file's shape is right. Ids in `broken` (cards whose own files have errors) are not reported
    again here."""
    if not isinstance(loaded.data, dict):
        return []  # the loader has reported it
    found = sorted(schema_check.check(loaded, "scenario"), key=d.Diagnostic.sort_key)
    if found or cards is None:
        return found
    data: dict[str, Any] = loaded.data
    out: list[d.Diagnostic] = []
    card_ids = list(cards.cards)
    skip = set(broken)

    def unknown(
        pointer: str, what: str, word: str, choices: Iterable[str], key: bool = False
    ) -> None:
        if word in skip:
            return  # the card's own file reports its errors
        hint = d.did_you_mean(word, list(choices))
        span = loaded.span(pointer, key=key)
        out.append(d.Diagnostic(d.UNKNOWN_NAME, f"unknown {what} '{word}'", span, hint))

    for i, card_id in enumerate(data.get("covers") or ()):
        if card_id not in cards.cards:
            unknown(f"/covers/{i}", "card", card_id, card_ids)
    setup = data.get("setup") or {}
    for i, pack_id in enumerate(setup.get("packs") or ()):
        if pack_id not in cards.packs:
            unknown(f"/setup/packs/{i}", "pack", pack_id, cards.packs)
    aliens = [c.id for c in cards.cards.values() if c.kind == "alien"]
    for i, alien in enumerate(setup.get("aliens") or ()):
        if alien not in ("none", "") and alien not in aliens:
            unknown(f"/setup/aliens/{i}", "alien", alien, aliens)
    if "aliens" in setup and "players" in setup and len(setup["aliens"]) != setup["players"]:
        out.append(
            d.Diagnostic(
                d.SCHEMA_OTHER,
                f"{setup['players']} players need {setup['players']} aliens, got {len(setup['aliens'])}",
                loaded.span("/setup/aliens"),
                "give one alien per seat ('none' for a player without one)",
            )
        )
    start = data.get("start") or {}
    for key in (
        "hands",
        "completed techs",
        "essence cache",
        "essence unavailable",
        "essence before",
        "essence face down",
    ):
        for color, ids in (start.get(key) or {}).items():
            for i, card_id in enumerate(ids):
                if card_id not in cards.cards:
                    unknown(f"/start/{key}/{color}/{i}", "card", card_id, card_ids)
    for key in ("discard", "deck", "reward deck", "unused aliens"):
        for i, card_id in enumerate(start.get(key) or ()):
            if card_id not in cards.cards:
                unknown(f"/start/{key}/{i}", "card", card_id, card_ids)
    for color, techs in (start.get("techs") or {}).items():
        for i, card_id in enumerate(techs):
            if card_id not in cards.cards:
                where = f"/start/techs/{color}/" + (card_id if isinstance(techs, dict) else str(i))
                unknown(where, "card", card_id, card_ids)
    for i, entry in enumerate(data.get("answers") or ()):
        key = next(iter(entry))
        kind = str(key).partition(" ")[2]
        if not known_decision_kind(kind):
            where = schema_check.pointer(["answers", i, key])
            unknown(where, "decision kind", kind, DECISION_KINDS, key=True)
    for i, kind in enumerate(data.get("auto") or ()):
        if not known_decision_kind(kind):
            unknown(f"/auto/{i}", "decision kind", kind, DECISION_KINDS)
    return sorted(out, key=d.Diagnostic.sort_key)
