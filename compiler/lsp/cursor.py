"""Buffer lines and a cursor in, where the cursor is out: the chain of keys above it, whether a key
or a value is being typed, and, inside an effect field, the effect text up to the cursor. Read
from the lines alone, so it works while the YAML is half typed and cannot be loaded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

EFFECT_KEYS = {"do": "effect", "cost": "effect", "setup": "effect", "if": "condition"}
PLAYER_KEYS = {"target": "players"}
CARD_LIST_KEYS = {"covers", "aliens"}
ALIEN_KEYS = {"alien", "aliens"}
HAND_LIKE = {"hands", "essence cache", "essence unavailable", "essence before", "essence face down"}

_LINE = re.compile(r"^(?P<indent> *)(?P<dash>- +)?(?:(?P<key>[^\s:#'\"\[{-][^:#]*?):(?:\s|$))?")
_BLOCK_HEADER = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^\s:#][^:#]*?):\s*[|>][-+0-9]*\s*$")
_PARTIAL = re.compile(r"[\w.-]*$")


@dataclass(frozen=True)
class Context:
    keys: tuple[str, ...]  # keys from the top down to the mapping the cursor is in; "-" a list item
    key: str | None  # the key whose value the cursor is in, or None where a key is typed
    prefix: str  # the value (or key) text before the cursor on this line
    word: str  # the partial word just before the cursor
    effect: str | None = None  # effect text up to the cursor (inside do/if/cost/setup/target)
    start: str = "start"  # which grammar start rule the effect text is parsed from
    in_list: bool = False  # the cursor is at an item of a list ("- x" or "[a, x")


def _parents(lines: Sequence[str], line_no: int, column: int) -> list[str]:
    """Keys of the mappings and list items enclosing a key at `column` on line `line_no`."""
    path: list[str] = []
    for previous in range(line_no - 1, -1, -1):
        if column == 0:
            break
        text = lines[previous].rstrip("\r\n")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        match = _LINE.match(text)
        if match is None:
            continue
        indent = len(match["indent"])
        if match["dash"] and indent < column:
            path.insert(0, "-")
            column = indent
            continue
        if match["key"] and indent < column:
            path.insert(0, match["key"].strip())
            column = indent
    return path


def _block_header(lines: Sequence[str], line_no: int, indent: int) -> tuple[int, str] | None:
    """The `key: |` line a block scalar at this line belongs to, if it is inside one: the nearest
    less indented header above, past any less indented lines of the block itself."""
    for previous in range(line_no - 1, -1, -1):
        text = lines[previous].rstrip("\r\n")
        if not text.strip():
            continue
        own = len(text) - len(text.lstrip(" "))
        if own >= indent:
            continue
        match = _BLOCK_HEADER.match(text)
        if match:
            return previous, match["key"].strip()
        if own == 0:
            return None
        indent = own
    return None


def at(lines: Sequence[str], line_no: int, character: int) -> Context:
    """Where the cursor (0-based line and character) is."""
    line = lines[line_no].rstrip("\r\n") if line_no < len(lines) else ""
    before = line[:character]
    word = _PARTIAL.search(before[-200:])  # a bounded tail: a pasted megabyte line stays cheap
    partial = word.group() if word else ""
    indent = len(before) - len(before.lstrip(" "))
    header = _block_header(lines, line_no, indent if before.strip() else character + 1)
    if header is not None:
        header_line, key = header
        body = [lines[i].rstrip("\r\n") for i in range(header_line + 1, line_no)] + [before]
        depth = min((len(x) - len(x.lstrip(" ")) for x in body if x.strip()), default=0)
        effect_text = "\n".join(x[depth:] for x in body)
        head = lines[header_line]
        head_indent = len(head) - len(head.lstrip(" "))
        keys = tuple(_parents(lines, header_line, head_indent + _dash_width(head)))
        if head.lstrip(" ").startswith("- "):
            keys += ("-",)
        return _effect(keys, key, before, partial, effect_text)
    match = _LINE.match(before)
    dash = match["dash"] if match else None
    key_column = indent + (len(dash) if dash else 0)
    keys = tuple(_parents(lines, line_no, indent)) + (("-",) if dash else ())
    if match and match["key"] is not None:
        key = match["key"].strip()
        value = before[match.end() :].lstrip(" ")
        in_flow = value.startswith("[")
        return _effect(keys, key, value, partial, _unquote(value), in_list=in_flow)
    rest = before[key_column:]
    if dash is not None and not re.fullmatch(r"[\w -]*", rest):
        return Context(keys[:-1], None, rest, partial, in_list=True)
    return Context(keys, None, rest, partial, in_list=dash is not None)


def _dash_width(line: str) -> int:
    stripped = line.lstrip(" ")
    match = re.match(r"- +", stripped)
    return len(match.group()) if match else 0


def _effect(
    keys: tuple[str, ...], key: str, prefix: str, word: str, text: str, in_list: bool = False
) -> Context:
    if key in EFFECT_KEYS:
        start = "cond_start" if EFFECT_KEYS[key] == "condition" else "start"
        return Context(keys, key, prefix, word, text, start)
    if key in PLAYER_KEYS:
        return Context(keys, key, prefix, word, text, "np_start")
    return Context(keys, key, prefix, word, in_list=in_list)


def _unquote(value: str) -> str:
    if value[:1] in "\"'":
        return value[1:]
    return value


def is_card_reference(ctx: Context) -> tuple[bool, bool]:
    """(names a card, names an alien) for the value at the cursor."""
    if ctx.key in ("alien", "covers", "aliens"):
        return True, ctx.key in ALIEN_KEYS
    if ctx.key is None and ctx.in_list and len(ctx.keys) >= 2 and ctx.keys[-2] in CARD_LIST_KEYS:
        return True, ctx.keys[-2] in ALIEN_KEYS
    if any(k in HAND_LIKE for k in ctx.keys) and (ctx.key is not None or ctx.in_list):
        return True, False
    return False, False
