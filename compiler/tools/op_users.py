"""Every op of the effect language with the cards that use it: the compiled bundled packs (or
the packs given) in, one line per op out, as text or JSON.

    python -m compiler.tools.op_users            # text: one line per op
    python -m compiler.tools.op_users --json     # {"ops": {op: [card ids]}, "modules": {op: name}}

An op no card uses is listed too (with no users), so a reader sees the whole language."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from compiler.pipeline.card_words import words_of
from runtime.cards import CardSet
from runtime.extension import MODULES
from runtime.registry import OPS


def op_users(cards: CardSet) -> dict[str, list[str]]:
    """Each registered op (sorted) -> the ids of the cards that use it (sorted)."""
    users: dict[str, list[str]] = {name: [] for name in sorted(OPS)}
    for card in sorted(cards.cards.values(), key=lambda c: c.id):
        for op in words_of(card).ops:
            users.setdefault(op, []).append(card.id)
    return users


def op_modules() -> dict[str, str]:
    """Each op a rules module owns -> the module's name."""
    return {w: m.name for m in MODULES.values() for w in m.words if w in OPS}


def as_text(users: Mapping[str, list[str]], modules: Mapping[str, str]) -> str:
    width = max((len(op) for op in users), default=0)
    lines = []
    for op, cards in users.items():
        owner = f" [{modules[op]}]" if op in modules else ""
        listed = ", ".join(cards) if cards else "-"
        lines.append(f"{op.ljust(width)}  {len(cards):3d}  {listed}{owner}")
    used = sum(1 for cards in users.values() if cards)
    lines.append(f"{used} of {len(users)} ops used by the cards")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument(
        "folders", nargs="*", type=Path, help="pack folders (default: the bundled packs)"
    )
    ap.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = ap.parse_args(argv)

    from cards import BUNDLED
    from compiler.pipeline.project import load_project
    from runtime.language import load

    load()
    project = load_project(args.folders or [BUNDLED])
    users = op_users(project.cards)
    modules = op_modules()
    if args.json:
        print(json.dumps({"ops": users, "modules": modules}, indent=1, sort_keys=True))
    else:
        print(as_text(users, modules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
