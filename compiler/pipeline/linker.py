"""Link: every compiled pack in, one CardSet out, with the checks that need all cards at once
(unique ids, overrides, flares and essence sets that point at aliens, required packs and options).
The checks read only each card's summary, so cards from the compile cache are linked without
decoding their hooks; `link_files` gives the chosen card files, whose cards decode when used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler import diagnostics as d
from compiler.pipeline.module_needs import check_modules
from compiler.pipeline.stored import CardSummary, summary
from runtime.cards import CardDef, CardSet, PackDef

if TYPE_CHECKING:
    from compiler.pipeline.compiled import CardFile
    from compiler.pipeline.project import Pack


def base_options() -> dict[str, str]:
    """The base rules' options (option -> doc), read from the language table only when a card
    requires an option no pack declares, so that linking cards from the cache never loads it."""
    from compiler.pipeline.language_table import BASE_OPTIONS

    return BASE_OPTIONS


def _span(f: CardFile, pointer: str) -> d.Span:
    return f.spans.get(pointer) or f.spans.get("/id") or d.Span(f.path, 1, 1)


def link(packs: list[Pack]) -> tuple[CardSet, list[d.Diagnostic]]:
    chosen, defs, diags = link_files(packs)
    return card_set(chosen, defs), diags


def card_set(chosen: dict[str, CardFile], defs: dict[str, PackDef]) -> CardSet:
    """The linked cards, each decoded now if it came from the compile cache undecoded."""
    cards: dict[str, CardDef] = {}
    for card_id, f in chosen.items():
        card = f.card
        assert card is not None  # only compiled card files are chosen
        cards[card_id] = card
    return CardSet(cards, defs)


def link_files(
    packs: list[Pack],
) -> tuple[dict[str, CardFile], dict[str, PackDef], list[d.Diagnostic]]:
    """The card file chosen for each card id (in link order), the packs' definitions, and the
    link stage's diagnostics."""
    diags: list[d.Diagnostic] = []
    seen_packs: dict[str, Pack] = {}
    shadowed: list[Pack] = []  # a second pack of an id already seen: reported, its cards left out
    for pack in packs:
        if pack.id in seen_packs:
            diags.append(
                d.Diagnostic(
                    d.DUPLICATE_ID,
                    f"two packs share the id '{pack.id}': this one and {seen_packs[pack.id].manifest_path}",
                    pack.spans.get("/id", d.Span(pack.manifest_path, 1, 1)),
                    "give one of them another id, or load only one of them",
                )
            )
            shadowed.append(pack)
            continue
        seen_packs[pack.id] = pack
        if pack.definition is None:
            continue
        for i, req in enumerate(pack.definition.requires):
            if req not in seen_packs and req not in {p.id for p in packs}:
                span = pack.spans.get(f"/requires/{i}", d.Span(pack.manifest_path, 1, 1))
                diags.append(
                    d.Diagnostic(
                        d.MISSING_PACK,
                        f"pack '{pack.id}' requires pack '{req}', which is neither given nor bundled",
                        span,
                        d.did_you_mean(req, [p.id for p in packs])
                        or f"give the folder of pack '{req}' too",
                    )
                )

    defs: dict[str, PackDef] = {
        p.id: p.definition for p in packs if p.definition is not None and p not in shadowed
    }
    cards: dict[str, CardDef | CardSummary] = {}
    origin: dict[str, CardFile] = {}
    broken = {f.declared_id for p in packs for f in p.files if summary(f) is None and f.declared_id}
    for pack in _dependency_order([p for p in packs if p not in shadowed]):
        overrides = list(pack.definition.overrides) if pack.definition else []
        replaced: set[str] = set()
        for f in pack.files:
            card = summary(f)
            if card is None:
                continue
            if card.id in cards:
                if card.id in overrides and cards[card.id].pack != pack.id:
                    cards[card.id] = card
                    origin[card.id] = f
                    replaced.add(card.id)
                    continue
                diags.append(
                    d.Diagnostic(
                        d.DUPLICATE_ID,
                        f"card id '{card.id}' is also used by {origin[card.id].path}",
                        _span(f, "/id"),
                        "rename one, or list the id under 'overrides:' in the mod pack's pack.yaml",
                    )
                )
                continue
            cards[card.id] = card
            origin[card.id] = f
        for i, oid in enumerate(overrides):
            if oid not in replaced:
                diags.append(
                    d.Diagnostic(
                        d.BAD_OVERRIDE,
                        f"pack '{pack.id}' overrides '{oid}', but no card of that id comes before it",
                        pack.spans.get(f"/overrides/{i}", d.Span(pack.manifest_path, 1, 1)),
                    )
                )

    options = {o.name for p in defs.values() for o in p.options}
    for pack in packs:
        if pack.definition is not None:
            diags.extend(check_option_defaults(pack, pack.definition))
    flares_of: dict[str, int] = {}
    essence_count: dict[str, int] = {}
    for card_id, card in cards.items():
        f = origin[card_id]
        if card.kind in ("flare", "essence"):
            alien = cards.get(card.alien or "")
            if card.alien in broken:
                pass  # the alien's own file reports its errors; no knock-on error here
            elif alien is None or alien.kind != "alien":
                diags.append(
                    d.Diagnostic(
                        d.MISSING_REFERENCE,
                        f"{card.kind} '{card_id}' belongs to alien '{card.alien}', which does not exist",
                        _span(f, "/alien"),
                        d.did_you_mean(
                            card.alien or "", [c.id for c in cards.values() if c.kind == "alien"]
                        ),
                    )
                )
            elif card.kind == "flare":
                flares_of[alien.id] = flares_of.get(alien.id, 0) + 1
            else:
                essence_count[alien.id] = essence_count.get(alien.id, 0) + card.copies
        if card.kind == "combo":
            for i, alien_id in enumerate(card.attrs.get("aliens", ())):
                if alien_id not in broken and (
                    cards.get(alien_id) is None or cards[alien_id].kind != "alien"
                ):
                    diags.append(
                        d.Diagnostic(
                            d.MISSING_REFERENCE,
                            f"combo '{card_id}' names alien '{alien_id}', which does not exist",
                            _span(f, f"/aliens/{i}"),
                            d.did_you_mean(
                                alien_id, [c.id for c in cards.values() if c.kind == "alien"]
                            ),
                        )
                    )
        for i, req in enumerate(card.requires):
            if req not in options and req not in base_options():
                diags.append(
                    d.Diagnostic(
                        d.BAD_OPTION,
                        f"'{card_id}' requires the option '{req}', which no pack declares",
                        _span(f, f"/requires/{i}"),
                        d.did_you_mean(req, sorted({*options, *base_options()})),
                    )
                )
    for card_id, card in cards.items():
        if card.kind != "alien":
            continue
        f = origin[card_id]
        essence = card.attrs.get("essence")
        if isinstance(essence, dict):
            want, have = int(essence.get("count", 0)), essence_count.get(card_id, 0)
            if want != have:
                diags.append(
                    d.Diagnostic(
                        d.ESSENCE_COUNT,
                        f"{card.name} declares {want} essence cards but {have} belong to it",
                        _span(f, "/essence/count"),
                        "add or remove essence cards, or fix the count",
                    )
                )
        if card_id not in flares_of and card.attrs.get("flare", True):
            diags.append(
                d.Diagnostic(
                    d.MISSING_FLARE,
                    f"alien '{card_id}' has no flare",
                    _span(f, "/id"),
                    f"add a flare card with 'alien: {card_id}'",
                )
            )
    manifests = {p.id: p.manifest_path for p in packs if p.definition is not None}
    diags.extend(check_modules(cards, origin, defs, manifests))
    return {card_id: origin[card_id] for card_id in cards}, defs, diags


def _dependency_order(packs: list[Pack]) -> list[Pack]:
    """Packs after the packs they require, so overrides replace what they build on."""
    by_id = {p.id: p for p in packs}
    done: list[Pack] = []
    visiting: set[str] = set()

    def visit(p: Pack) -> None:
        if p in done or p.id in visiting:
            return
        visiting.add(p.id)
        for req in p.definition.requires if p.definition else ():
            if req in by_id:
                visit(by_id[req])
        done.append(p)

    for p in sorted(packs, key=lambda p: p.id):
        visit(p)
    return done


def check_option_defaults(pack: Pack, definition: PackDef) -> list[d.Diagnostic]:
    """An option's range must hold its default, and its choices must include it."""
    out = []
    for i, o in enumerate(definition.options):
        problem = None
        hint = "make the default one of the values allowed"
        if o.minimum is not None and o.maximum is not None and o.minimum > o.maximum:
            problem = f"option '{o.name}' has min {o.minimum} above max {o.maximum}"
        elif isinstance(o.default, int) and not isinstance(o.default, bool):
            if o.minimum is None or o.maximum is None:
                problem = f"option '{o.name}' takes a whole number but declares no range"
                hint = "give it 'min:' and 'max:', so no setup can ask for an endless game"
            elif not o.minimum <= o.default <= o.maximum:
                problem = (
                    f"option '{o.name}' defaults to {o.default}, outside {o.minimum} to {o.maximum}"
                )
        if problem is None and o.choices and o.default not in o.choices:
            problem = (
                f"option '{o.name}' defaults to {o.default!r}, which is not one of its choices"
            )
        if problem is not None:
            span = pack.spans.get(f"/options/{i}/default", d.Span(pack.manifest_path, 1, 1))
            out.append(d.Diagnostic(d.BAD_OPTION, problem, span, hint))
    return out
