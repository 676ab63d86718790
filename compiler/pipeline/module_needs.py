"""The link stage's check of rules modules: the linked cards and the packs' manifests in, a
diagnostic out for each card that needs a rules module its pack does not name (in `modules:`,
directly or through a pack it requires), and for each card that uses the words of a module an
option switches on without requiring that option (so a game without it never deals the card). A
card needs a module when it is of a kind the module deals or plays (a tech, an essence card, a
kicker) or when its hooks use a word the module owns (an op such as `raid`, a measure such as
`essence cache`).

What each module owns is read from grammar/modules.json, written from the registered modules by
`python -m compiler.pipeline.module_needs` (a test keeps it current), so that a validation from the
compile cache needs no runtime code loaded."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from compiler import diagnostics as d
from grammar import MODULES_FILE
from runtime.cards import CardDef, PackDef
from runtime.record import record

if TYPE_CHECKING:
    from compiler.pipeline.card_file import CardFile
    from compiler.pipeline.card_words import Words

USES = "uses"  # the summary attribute holding the words a stored card uses (see stored.py)


@record
class Owned:
    """What one rules module owns: the card kinds it deals or plays and the words it registers."""

    name: str
    kinds: frozenset[str]
    words: frozenset[str]
    option: str | None  # the option that switches the module on; None: on whenever named


def declared() -> dict[str, dict[str, Any]]:
    """What the registered rules modules own, as grammar/modules.json holds it."""
    from runtime.extension import MODULES
    from runtime.language import load

    load()  # the bundled rules modules register on import
    return {
        m.name: {
            "kinds": sorted({*m.card_kinds, *m.played_kinds}),
            "words": sorted(m.words),
            "option": m.option,
        }
        for m in MODULES.values()
    }


def owned() -> list[Owned]:
    table = json.loads(MODULES_FILE.read_text(encoding="utf-8"))
    return [
        Owned(name, frozenset(o["kinds"]), frozenset(o["words"]), o["option"])
        for name, o in table.items()
    ]


def words_used(card: Any) -> frozenset[str]:
    """The words a card uses: worked out from a compiled card, read from a stored summary."""
    if isinstance(card, CardDef):
        return frozenset(_words_of()(card).all())
    return frozenset(card.attrs.get(USES, ()))


@functools.cache
def _words_of() -> Callable[[CardDef], Words]:
    """The walk of a compiled card's IR, imported when first needed (a validation from the compile
    cache never needs it), and then once: an import statement run per card costs more than
    anything else the link stage does with a card that needs no module."""
    from compiler.pipeline.card_words import words_of

    return words_of


def named_with_requirements(defs: Mapping[str, PackDef]) -> dict[str, set[str]]:
    """Each pack -> the modules it names or a pack it requires (at any depth) names."""
    found: dict[str, set[str]] = {}

    def of(pack_id: str, seen: frozenset[str]) -> set[str]:
        if pack_id in found:
            return found[pack_id]
        pack = defs.get(pack_id)
        if pack is None or pack_id in seen:
            return set()
        names = set(pack.modules)
        for req in pack.requires:
            names |= of(req, seen | {pack_id})
        found[pack_id] = names
        return names

    for pack_id in defs:
        of(pack_id, frozenset())
    return found


def need(card: Any, modules: Iterable[Owned]) -> list[tuple[Owned, str, bool]]:
    """The modules a card needs, each with what it needs it for and whether for a word it uses
    (rather than for being of a kind the module deals, which only a game with it deals)."""
    out = []
    words = None
    for module in modules:
        if card.kind in module.kinds:
            article = "an" if card.kind[0] in "aeiou" else "a"
            out.append((module, f"is {article} {card.kind} card", False))
            continue
        if module.words:
            words = words_used(card) if words is None else words
            used = sorted(words & module.words)
            if used:
                out.append((module, f"uses '{used[0]}'", True))
    return out


def check_modules(
    cards: Mapping[str, Any],
    origin: Mapping[str, CardFile],
    defs: Mapping[str, PackDef],
    manifests: Mapping[str, str],
) -> list[d.Diagnostic]:
    """A MODULE_NOT_NAMED error for each card whose pack does not name a module it needs, and a
    MODULE_OPTION_NOT_REQUIRED error for each card using the words of a named module an option
    switches on without requiring that option."""
    named = named_with_requirements(defs)
    modules = owned()
    # most cards need no module: one test against everything any module owns settles them
    kinds = frozenset().union(*(m.kinds for m in modules))
    words = frozenset().union(*(m.words for m in modules))
    out = []
    for card_id, card in cards.items():
        if card.pack not in defs:
            continue  # a card outside any pack (checked on its own) names no modules
        if card.kind not in kinds and words.isdisjoint(words_used(card)):
            continue
        for module, why, for_word in need(card, modules):
            f = origin[card_id]
            span = f.spans.get("/kind") or f.spans.get("/id") or d.Span(f.path, 1, 1)
            if module.name not in named.get(card.pack, set()):
                manifest = manifests.get(card.pack, "pack.yaml")
                out.append(
                    d.Diagnostic(
                        d.MODULE_NOT_NAMED,
                        f"'{card_id}' {why}, which needs the rules module '{module.name}', but"
                        f" pack '{card.pack}' does not name it",
                        span,
                        f"add '{module.name}' to 'modules:' in {manifest}, or require a pack"
                        " that names it",
                    )
                )
            elif for_word and module.option is not None and module.option not in card.requires:
                out.append(
                    d.Diagnostic(
                        d.MODULE_OPTION_NOT_REQUIRED,
                        f"'{card_id}' {why}, which the rules module '{module.name}' plays only"
                        f" with the option '{module.option}' on",
                        f.spans.get("/requires") or span,
                        f"add '{module.option}' to the card's 'requires:', so that a game"
                        " without that option never deals it",
                    )
                )
    return out


if __name__ == "__main__":
    MODULES_FILE.write_text(json.dumps(declared(), indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {MODULES_FILE}\n")
