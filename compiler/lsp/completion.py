"""A cursor context in, completion items out: keys and values from the card schema, roles, words
of the effect language the grammar accepts at the cursor, card ids, and for scenario files their
keys and decision kinds."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from lsprotocol import types as lsp

from compiler.lsp.cursor import Context, is_card_reference
from compiler.lsp.documents import PackSet
from compiler.lsp.words import expected_terminals, words_for
from compiler.pipeline import schema
from compiler.scenarios.runner import PLAY_MODES
from runtime.roles import ROLES
from runtime.setup import COLORS

_KIND = re.compile(r"^kind:\s*([a-z]+)", re.MULTILINE)
_KINDS = {
    "WINDOW": lsp.CompletionItemKind.Event,
    "VERB": lsp.CompletionItemKind.Function,
    "NOUN": lsp.CompletionItemKind.Class,
    "ADJ": lsp.CompletionItemKind.Property,
    "ADV": lsp.CompletionItemKind.Property,
    "PRED": lsp.CompletionItemKind.Property,
    "PRED_OBJ": lsp.CompletionItemKind.Property,
    "DURATION": lsp.CompletionItemKind.Constant,
}


@functools.cache
def _document() -> dict[str, Any]:
    return schema.card_document()


def _resolve(node: dict[str, Any]) -> list[dict[str, Any]]:
    """A schema node and the alternatives it stands for ($ref, oneOf, anyOf)."""
    if "$ref" in node:
        return _resolve(_document()["$defs"][node["$ref"].rsplit("/", 1)[-1]])
    alternatives = node.get("oneOf") or node.get("anyOf")
    if alternatives:
        return [found for alt in alternatives for found in _resolve(alt)]
    return [node]


def schema_at(kind: str, keys: Sequence[str]) -> list[dict[str, Any]]:
    """The schema nodes that describe the value at `keys` in a card of `kind`."""
    defs = _document()["$defs"]
    nodes = [defs[kind]] if kind in defs else []
    for key in keys:
        step: list[dict[str, Any]] = []
        for node in nodes:
            for option in _resolve(node):
                if key == "-" and "items" in option:
                    step.extend(_resolve(option["items"]))
                elif key in option.get("properties", {}):
                    step.extend(_resolve(option["properties"][key]))
        nodes = step
    return [n for node in nodes for n in _resolve(node)]


def card_kind(lines: Sequence[str], data: Any) -> str | None:
    if isinstance(data, dict) and isinstance(data.get("kind"), str):
        return str(data["kind"])
    found = _KIND.search("\n".join(lines[:60]))
    return found.group(1) if found else None


def _replace(position: lsp.Position, typed: str) -> lsp.Range:
    start = lsp.Position(position.line, max(0, position.character - len(typed)))
    return lsp.Range(start, position)


def _item(
    label: str,
    kind: lsp.CompletionItemKind,
    where: lsp.Range,
    detail: str = "",
    doc: str = "",
    insert: str | None = None,
) -> lsp.CompletionItem:
    return lsp.CompletionItem(
        label=label,
        kind=kind,
        detail=detail or None,
        documentation=lsp.MarkupContent(lsp.MarkupKind.Markdown, doc) if doc else None,
        text_edit=lsp.TextEdit(where, insert if insert is not None else label),
        filter_text=label,
    )


def card_ids(
    packs: PackSet | None, where: lsp.Range, aliens_only: bool
) -> list[lsp.CompletionItem]:
    if packs is None or packs.cards is None:
        return []
    return [
        _item(card_id, lsp.CompletionItemKind.Reference, where, f"{card.kind}: {card.name}")
        for card_id, card in sorted(packs.cards.cards.items())
        if not aliens_only or card.kind == "alien"
    ]


def effect_items(ctx: Context, position: lsp.Position) -> list[lsp.CompletionItem]:
    assert ctx.effect is not None
    text = ctx.effect[: len(ctx.effect) - len(ctx.word)] if ctx.word else ctx.effect
    where = _replace(position, ctx.word)
    return [
        _item(
            w.text, _KINDS.get(w.terminal, lsp.CompletionItemKind.Keyword), where, w.detail, w.doc
        )
        for w in words_for(expected_terminals(text, ctx.start))
    ]


def card_items(
    ctx: Context, position: lsp.Position, kind: str | None, packs: PackSet | None
) -> list[lsp.CompletionItem]:
    """Completions in a card file."""
    if ctx.effect is not None:
        return effect_items(ctx, position)
    card, alien = is_card_reference(ctx)
    if card:
        return card_ids(packs, _replace(position, ctx.word), alien)
    if kind is None:
        return (
            [
                _item(
                    "kind",
                    lsp.CompletionItemKind.Field,
                    _replace(position, ctx.prefix),
                    insert="kind: ",
                )
            ]
            if ctx.key is None
            else []
        )
    if ctx.key is None:
        where = _replace(position, ctx.prefix.lstrip("- "))
        keys: dict[str, str] = {}
        for node in schema_at(kind, ctx.keys):
            for name, prop in node.get("properties", {}).items():
                keys.setdefault(name, str(prop.get("description", "")))
        return [
            _item(name, lsp.CompletionItemKind.Field, where, doc, insert=f"{name}: ")
            for name, doc in sorted(keys.items())
        ]
    if ctx.key == "as":
        typed = re.split(r"\bor\s+", ctx.prefix)[-1]
        where = _replace(position, typed)
        return [
            _item(role, lsp.CompletionItemKind.EnumMember, where, "role", doc)
            for role, (_, doc) in ROLES.items()
        ]
    values: list[str] = []
    for node in schema_at(kind, (*ctx.keys, ctx.key)):
        for option in [node, *(_resolve(node["items"]) if "items" in node else [])]:
            values.extend(str(v) for v in option.get("enum", ()))
            if "const" in option:
                values.append(str(option["const"]))
    typed = ctx.prefix.lstrip("[").split(",")[-1].lstrip() if ctx.in_list else ctx.prefix
    where = _replace(position, typed)
    from runtime.language import load
    from runtime.windows import BY_NAME

    load()  # the rules modules' windows join BY_NAME as they register
    return [
        _item(
            v,
            lsp.CompletionItemKind.Event if v in BY_NAME else lsp.CompletionItemKind.EnumMember,
            where,
            "window" if v in BY_NAME else "",
            BY_NAME[v].doc if v in BY_NAME else "",
        )
        for v in dict.fromkeys(values)
    ]


def scenario_items(
    ctx: Context, position: lsp.Position, packs: PackSet | None
) -> list[lsp.CompletionItem]:
    """Completions in a scenario file."""
    from compiler.lsp.scenarios import scenario_vocabulary

    top_keys, keys_by_section, kinds = scenario_vocabulary()
    card, alien = is_card_reference(ctx)
    if card:
        return card_ids(packs, _replace(position, ctx.word), alien)
    if ctx.keys[:1] == ("answers",) and ctx.key is None:
        match = re.match(r"([a-z]+) +(\S*)$", ctx.prefix)
        if match:
            where = _replace(position, match.group(2))
            return [
                _item(k, lsp.CompletionItemKind.EnumMember, where, "decision kind", insert=f"{k}: ")
                for k in kinds
            ]
        where = _replace(position, ctx.prefix)
        return [
            _item(c, lsp.CompletionItemKind.EnumMember, where, "player colour", insert=f"{c} ")
            for c in COLORS
        ]
    if ctx.key == "auto" or (ctx.key is None and ctx.keys[:1] == ("auto",)):
        typed = ctx.prefix.lstrip("[").split(",")[-1].lstrip() if ctx.key else ctx.prefix
        where = _replace(position, typed)
        return [_item(k, lsp.CompletionItemKind.EnumMember, where, "decision kind") for k in kinds]
    if ctx.key == "play" and not ctx.keys:
        where = _replace(position, ctx.prefix)
        return [
            _item(m, lsp.CompletionItemKind.EnumMember, where) for m in (*PLAY_MODES, "3 turns")
        ]
    if ctx.key is None:
        section = ctx.keys[0] if ctx.keys else ""
        names = top_keys if not ctx.keys else keys_by_section.get(section, [])
        if len(ctx.keys) > 1:
            return []
        where = _replace(position, ctx.prefix.lstrip("- "))
        return [_item(n, lsp.CompletionItemKind.Field, where, insert=f"{n}: ") for n in names]
    return []


def pack_items(
    ctx: Context, position: lsp.Position, packs: PackSet | None
) -> list[lsp.CompletionItem]:
    """Completions in a pack manifest: its keys, and pack ids under `requires:`."""
    document = schema.pack_document()
    if ctx.key is None and not ctx.keys:
        where = _replace(position, ctx.prefix)
        return [
            _item(
                name,
                lsp.CompletionItemKind.Field,
                where,
                str(prop.get("description", "")),
                insert=f"{name}: ",
            )
            for name, prop in sorted(document.get("properties", {}).items())
        ]
    if ctx.key == "requires" or ctx.keys[:1] == ("requires",):
        from cards import BUNDLED

        ids = {p.name for p in BUNDLED.iterdir() if (p / "pack.yaml").exists()}
        ids |= {p.id for p in packs.packs} if packs is not None else set()
        return _named_items(sorted(ids), _replace(position, ctx.word), "pack")
    return []


def _named_items(names: list[str], where: lsp.Range, detail: str) -> list[lsp.CompletionItem]:
    return [_item(n, lsp.CompletionItemKind.Module, where, detail) for n in names]
