"""The compiler's language table written from the runtime: the registry's ops, measures,
predicates, nouns and other words, the windows, the roles, the card kinds and the setup limits, as
they stand once `runtime.language.load()` has registered every word and rules module, in; the
JSON data of grammar/language.json (compiler.pipeline.language_table reads it) out.

`python -m compiler.pipeline.language_export` writes the file; a test keeps it current."""

from __future__ import annotations

import json
import sys
from typing import Any

from grammar import LANGUAGE_FILE


def declared() -> dict[str, Any]:
    """The table as the runtime's registry, windows, roles and setup hold it once every word of
    the language and every rules module is registered."""
    from runtime import registry
    from runtime.cards import CARD_KINDS as kinds
    from runtime.language import load
    from runtime.roles import ROLES as roles
    from runtime.setup import BASE_OPTIONS as options
    from runtime.setup import MAX_PLAYERS as most
    from runtime.windows import BY_NAME

    load()
    return {
        "types": {t.name: t.value for t in registry.T},
        "number_ranges": {k: list(v) for k, v in registry.NUMBER_RANGES.items()},
        "preps": list(registry.PREPS),
        "markers": registry.MARKERS,
        "ops": [
            {
                "name": o.name,
                "verb": o.verb,
                "forms": list(o.forms),
                "subject": o.subject.value,
                "doc": o.doc,
                "slots": [
                    {
                        "name": s.name,
                        "type": s.type.value,
                        "prep": s.prep,
                        "optional": s.optional,
                        "word": s.word,
                        "refuses": list(s.refuses),
                        "places": _listed(s.places),
                    }
                    for s in o.slots
                ],
                "subject_places": _listed(o.subject_places),
            }
            for o in registry.OPS.values()
        ],
        "measures": {m.name: m.doc for m in registry.MEASURES.values()},
        "predicates": [
            {
                "name": p.name,
                "doc": p.doc,
                "forms": list(p.forms),
                "args": [a.value for a in p.args],
                "subject": p.subject,
                "places": _listed(p.places),
            }
            for p in registry.PREDICATES.values()
        ],
        "nouns": [
            [n.word, n.plural, n.category, n.meaning, n.doc] for n in registry.NOUNS.values()
        ],
        "adjectives": dict(registry.ADJECTIVES),
        "adverbs": dict(registry.ADVERBS),
        "aliases": dict(registry.ALIASES),
        "windows": [[name, w.kind.value, w.phase, w.doc] for name, w in BY_NAME.items()],
        "roles": {name: doc for name, (_, doc) in roles.items()},
        "one_player": sorted(registry.ONE_PLAYER),
        "ship_places": dict(sorted(registry.SHIP_PLACES.items())),
        "card_kinds": list(kinds),
        "max_players": most,
        "base_options": {name: doc for name, (_, doc) in options.items()},
    }


def _listed(kinds: frozenset[str] | None) -> list[str] | None:
    """Place kinds in the table: sorted, or None where any place is taken."""
    return None if kinds is None else sorted(kinds)


# Lists of words in registration order, which follows the order their modules were first
# imported: a program that imports an ops module before `load()` changes it, not the words.
UNORDERED = ("ops", "predicates", "nouns")


def comparable(table: dict[str, Any]) -> dict[str, Any]:
    """The table with its word lists in one fixed order, to compare what two tables declare."""
    out = dict(table)
    for key in UNORDERED:
        if isinstance(out.get(key), list):
            out[key] = sorted(out[key], key=_name)
    return out


def _name(word: Any) -> str:
    """An op's or predicate's name, a noun's word: what the registry keys each by (so unique)."""
    return str(word["name"] if isinstance(word, dict) else word[0])


def stale() -> str | None:
    """None when grammar/language.json holds what the runtime declares; else an error saying which
    parts differ (a rules module's words edited without the table written again would otherwise
    validate cards the engine cannot play)."""
    regenerate = "run `python -m compiler.pipeline.language_export`"
    try:
        shipped = json.loads(LANGUAGE_FILE.read_bytes())
    except (OSError, ValueError) as exc:
        return f"cannot read {LANGUAGE_FILE}: {exc}; {regenerate}"
    if not isinstance(shipped, dict):
        return f"{LANGUAGE_FILE} is not a language table; {regenerate}"
    now = comparable(json.loads(json.dumps(declared())))
    shipped = comparable(shipped)
    parts = sorted(k for k in now.keys() | shipped.keys() if now.get(k) != shipped.get(k))
    if not parts:
        return None
    return (
        f"{LANGUAGE_FILE} is out of date with the runtime's words (its {', '.join(parts)} "
        f"differ), so cards were checked against another language; {regenerate}"
    )


if __name__ == "__main__":
    LANGUAGE_FILE.write_text(json.dumps(declared(), indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {LANGUAGE_FILE}\n")
