"""A checked buffer and a cursor in, Markdown out: the registry doc and an example for a word of an
effect, a window's or a role's doc, a card's name and rendered text for a card id, and a whole
hook's compiled form as `cosmic explain` shows it."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from compiler.lsp.cursor import EFFECT_KEYS, PLAYER_KEYS, Context, is_card_reference
from compiler.lsp.cursor import at as context_at
from compiler.lsp.documents import Checked
from compiler.lsp.words import by_terminal
from compiler.pipeline.lexer import LexError, tokenize
from compiler.pipeline.load import Loaded
from compiler.pipeline.parser import parser
from runtime.cards import CardDef, Hook
from runtime.language import load
from runtime.roles import ROLES
from runtime.windows import BY_NAME

_ID = re.compile(r"[A-Za-z0-9_.-]+")
_HOOK_POINTER = re.compile(r"^/(?:powers/\d+|wild(?:/\d+)?|super|play(?:/\d+)?|effect)$")
_EFFECT_LINE = re.compile(r"^\s*(?:- )?(?:do|if|cost|setup):\s+(.+)$")
DEFAULT_HOOK_NAMES = {"powers": "power", "wild": "wild", "super": "super", "play": "play"}


def word_at(line: str, character: int) -> tuple[str, int, int] | None:
    """The id-like word (letters, digits, '-', '.', '_') under the cursor, with its columns."""
    for match in _ID.finditer(line):
        if match.start() <= character <= match.end():
            return match.group(), match.start(), match.end()
    return None


def value_at(data: Any, pointer: str) -> Any:
    for part in pointer.split("/")[1:]:
        if isinstance(data, dict):
            data = data.get(part.replace("~1", "/").replace("~0", "~"))
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def effect_token_at(loaded: Loaded, line: int, character: int) -> tuple[str, str, str] | None:
    """(terminal, value, text) of the effect token at a 0-based cursor, located with the loader's
    own map from string offsets to file positions."""
    cursor = (line + 1, character + 1)
    vocab = parser().vocabulary
    for pointer, (start_line, _) in loaded.positions.items():
        field = pointer.rsplit("/", 1)[-1]
        if (field not in EFFECT_KEYS and field not in PLAYER_KEYS) or start_line > cursor[0]:
            continue
        text = value_at(loaded.data, pointer)
        if not isinstance(text, str):
            continue
        try:
            tokens = list(tokenize(text, vocab))
        except LexError:
            continue
        for token in tokens:
            if token.type.startswith("_") or token.end_pos is None:
                continue
            first = loaded.locate(pointer, token.start_pos or 0)
            last = loaded.locate(pointer, max(token.end_pos - 1, token.start_pos or 0))
            if first <= cursor and cursor[0] == last[0] and cursor[1] <= last[1] + 1:
                return token.type, str(token.value), text[token.start_pos : token.end_pos]
    return None


@functools.cache
def _bundled_effect_lines() -> tuple[str, ...]:
    from cards import BUNDLED

    found: list[str] = []
    for path in sorted(Path(BUNDLED).glob("*/*/*.yaml")):
        if path.parent.name == "scenarios":
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            match = _EFFECT_LINE.match(line)
            if match and not match.group(1).startswith(("|", ">")):
                found.append(match.group(1))
    return tuple(found)


def example(text: str) -> str | None:
    """The shortest one-line effect of the bundled cards that uses `text`."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.IGNORECASE)
    uses = [line for line in _bundled_effect_lines() if pattern.search(line)]
    return min(uses, key=lambda x: (len(x), x)) if uses else None


def word_doc(terminal: str, value: str, text: str) -> str | None:
    if terminal == "WINDOW":
        return window_doc(value)
    words = [w for w in by_terminal().get(terminal, []) if w.text == text.lower()]
    if not words:
        words = [w for w in by_terminal().get(terminal, []) if w.text == value.lower()]
    if not words or words[0].detail == "keyword":
        return None
    word = words[0]
    out = [f"**{word.text}** ({word.detail})"]
    if terminal == "VERB":
        out = [f"**{text}**: `{word.detail}`"]
    if word.doc:
        out += ["", word.doc]
    found = example(text)
    if found:
        out += ["", "Example:", "```", found, "```"]
    return "\n".join(out)


def window_doc(name: str) -> str | None:
    load()  # the rules modules' windows join BY_NAME as they register
    window = BY_NAME.get(name)
    return f"**{name}** ({window.kind.value} window)\n\n{window.doc}" if window else None


def card_doc(card: CardDef) -> str:
    from compiler.tools.render import card_markdown

    text = f"\n\n{card.text}" if card.text else ""
    return f"**{card.name}** ({card.kind}, pack {card.pack}){text}\n\n---\n\n{card_markdown(card)}"


def hook_pointer(loaded: Loaded, line: int) -> str | None:
    """The hook (a power, wild, super, play or kicker effect) whose lines hold a 0-based line."""
    best: tuple[int, str] | None = None
    for pointer, (start, _) in loaded.positions.items():
        later = best is None or start > best[0]
        hook = isinstance(value_at(loaded.data, pointer), dict)
        if _HOOK_POINTER.match(pointer) and start <= line + 1 and later and hook:
            best = (start, pointer)
    return best[1] if best else None


def hook_doc(checked: Checked, pointer: str) -> str | None:
    from compiler.tools.render import hook_lines

    spec = value_at(checked.loaded.data, pointer)
    if not isinstance(spec, dict):
        return None
    card = checked.card_file.card if checked.card_file is not None else None
    if card is None:
        return "This hook does not compile yet: see the problems reported for this file."
    top = pointer.split("/")[1]
    name = str(spec.get("name", DEFAULT_HOOK_NAMES.get(top, "effect")))
    when = spec.get("when")
    windows = [when] if isinstance(when, str) else when if isinstance(when, list) else []
    hooks: list[Hook] = [h for h in card.hooks if h.name == name and h.window in windows]
    if not hooks:
        return None
    out: list[str] = []
    for hook in hooks:
        out += [f"hook {hook.name} ({hook.kind})", "```", *hook_lines(hook), "```"]
    return "\n".join(out)


def hover(checked: Checked, lines: Sequence[str], line: int, character: int) -> str | None:
    """Markdown for the cursor (0-based line and character in code points), or None."""
    token = effect_token_at(checked.loaded, line, character)
    if token is not None:
        return word_doc(*token)
    text = lines[line].rstrip("\r\n") if line < len(lines) else ""
    word = word_at(text, character)
    ctx: Context = context_at(lines, line, word[2] if word else character)
    if word is not None:
        card = _card(checked, word[0])
        if ctx.key == "when" or (ctx.key is None and ctx.keys[-2:-1] == ("when",)):
            found = window_doc(word[0])
            if found:
                return found
        if ctx.key == "as":
            role = _role_at(text, character)
            if role:
                return f"**{role}** (role)\n\n{ROLES[role][1]}"
        if card is not None and (ctx.key == "id" or is_card_reference(ctx)[0]):
            return card_doc(card)
    pointer = hook_pointer(checked.loaded, line) if checked.card_file is not None else None
    if pointer is None:
        return None
    top = pointer.split("/")[1]
    inside = ctx.keys[:1] == (top,) or (not ctx.keys and ctx.key == top)
    return hook_doc(checked, pointer) if inside else None


def _role_at(text: str, character: int) -> str | None:
    """The role of an `as:` value under the cursor (`main player or ally`)."""
    colon = text.find("as:")
    if colon < 0:
        return None
    pos = colon + 3
    for part in re.split(r"( or )", text[pos:]):
        if part != " or " and pos <= character <= pos + len(part) and part.strip() in ROLES:
            return part.strip()
        pos += len(part)
    return None


def _card(checked: Checked, word: str) -> CardDef | None:
    if checked.packs is None or checked.packs.cards is None:
        return None
    return checked.packs.cards.cards.get(word)
