"""The effect parser's LALR tables as plain JSON data shipped in the package: grammar text in,
the tables compiler.pipeline.lalr parses with out, read without importing Lark.

Lark builds the tables: `python -m compiler.pipeline.tables` writes `grammar/effect.tables.json`
from Lark's serialized parser, each state's actions kept as a JSON text of its own that is read
when a parse first reaches it. The file records the grammar's digest (and the Lark that built
it); when the digest differs (the grammar was edited) or the file is missing or damaged, Lark
builds the tables in memory instead, and a test keeps the shipped file current. Nothing here
reads or writes the user's cache folder.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.pipeline.lalr import ParseTables
from compiler.pipeline.tokens import Lexer
from grammar import HERE as GRAMMAR_DIR

if TYPE_CHECKING:
    from lark import Lark

TABLES_FILE = GRAMMAR_DIR / "effect.tables.json"
# format 2 stores each LALR state's actions as a JSON text of its own, read when first reached:
# the whole file then parses several times faster than with every state's actions as JSON objects
FORMAT = 2
STARTS = ["start", "cond_start", "np_start"]
LEXER_MARK = "<effect lexer>"
SHIFT = 0  # an action that shifts to a state (else it reduces by a rule)


def digest(grammar_text: str) -> str:
    return hashlib.sha256(grammar_text.encode("utf-8")).hexdigest()


def build(grammar_text: str, lexer: type[Lexer], transformer: object = None, **extra: Any) -> Lark:
    """Lark's parser for the grammar (the slow path: Lark analyses the grammar), lexing with
    `lexer` and building the tree with `transformer`'s callbacks."""
    from lark import Lark

    return Lark(
        grammar_text,
        parser="lalr",
        lexer=lark_lexer(lexer),
        transformer=transformer,
        start=STARTS,
        maybe_placeholders=False,
        **extra,
    )


def lark_lexer(lexer: type[Lexer]) -> Any:
    """`lexer` as the lexer class Lark takes."""
    from lark.lexer import Lexer as LarkLexer

    class Adapted(LarkLexer):
        def __init__(self, lexer_conf: object) -> None:
            self._lexer = lexer()

        def lex(self, text: str) -> Any:  # type: ignore[override]
            return self._lexer.lex(text)

    return Adapted


def states_digest(states: dict[str, str]) -> str:
    """The digest of the stored states' texts: they are read only when the parser reaches them,
    so a damaged one is found by this check when loading, not in the middle of a parse."""
    return digest("\n".join(f"{state}\t{actions}" for state, actions in states.items()))


def canonical(table: dict[str, Any]) -> dict[str, Any]:
    """Lark's LALR tables numbered in one order, whatever order Lark built them in (it walks sets
    whose order changes from run to run), so the shipped file is the same on every build: symbols
    by name, states breadth-first from the start states (by name) along shifts (by symbol)."""
    names: dict[int, str] = table["tokens"]
    symbol = {old: new for new, old in enumerate(sorted(names, key=names.__getitem__))}
    states: dict[int, dict[int, Any]] = table["states"]
    starts: dict[str, int] = table["start_states"]
    number: dict[int, int] = {}
    queue = deque(starts[name] for name in sorted(starts))
    while queue:
        state = queue.popleft()
        if state in number:
            continue
        number[state] = len(number)
        for token in sorted(states[state], key=symbol.__getitem__):
            action, arg = states[state][token]
            if action == SHIFT:
                queue.append(arg)
    for state in sorted(set(states) - set(number)):  # none in a well-formed table
        number[state] = len(number)

    def renumbered(actions: dict[int, Any]) -> dict[int, Any]:
        moved = {}
        for token in sorted(actions, key=symbol.__getitem__):
            action, arg = actions[token]
            moved[symbol[token]] = (action, number[arg] if action == SHIFT else arg)
        return moved

    return {
        **table,
        "tokens": {new: names[old] for old, new in sorted(symbol.items(), key=lambda x: x[1])},
        "states": {
            number[old]: renumbered(actions)
            for old, actions in sorted(states.items(), key=lambda x: number[x[0]])
        },
        "start_states": {name: number[starts[name]] for name in sorted(starts)},
        "end_states": {name: number[s] for name, s in sorted(table["end_states"].items())},
    }


def serialize(parser: Lark, grammar_text: str) -> dict[str, Any]:
    """The file's content: the tables, the memo of rules and terminals, and what they fit."""
    from lark import __version__ as lark_version
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = parser.memo_serialize([TerminalDef, Rule])
    options = dict(data["options"])
    options.pop("transformer", None)
    options["lexer"] = LEXER_MARK
    data = {**data, "options": options}
    table = canonical(data["parser"]["parser"])
    table["states"] = {
        state: json.dumps(actions, separators=(",", ":"))
        for state, actions in table["states"].items()
    }
    data["parser"]["parser"] = table
    data["parser"] = {
        **data["parser"],
        "lexer_conf": {**data["parser"]["lexer_conf"], "lexer_type": LEXER_MARK},
    }
    return {
        "format": FORMAT,
        "grammar": digest(grammar_text),
        "lark": lark_version,
        "states": states_digest(table["states"]),
        "data": data,
        "memo": memo,
    }


def load(grammar_text: str, path: Path = TABLES_FILE) -> ParseTables | None:
    """The shipped tables, or None when they are missing, damaged or for another grammar."""
    try:
        stored = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return tables_of(stored, grammar_text)


def tables_of(stored: Any, grammar_text: str) -> ParseTables | None:
    """The tables of a stored file's content, or None when it does not fit `grammar_text`."""
    if not (
        isinstance(stored, dict)
        and stored.get("format") == FORMAT
        and stored.get("grammar") == digest(grammar_text)
    ):
        return None
    try:
        states = stored["data"]["parser"]["parser"]["states"]
        if stored.get("states") != states_digest(states):
            return None
        return ParseTables.from_stored(stored["data"], stored["memo"])
    except Exception:  # a damaged file costs a rebuild, never a failure
        return None


def tables_for(grammar_text: str, lexer: type[Lexer], path: Path = TABLES_FILE) -> ParseTables:
    """The shipped tables when they fit this grammar, else tables Lark builds now."""
    found = load(grammar_text, path)
    if found is None:
        built = serialize(build(grammar_text, lexer), grammar_text)
        found = tables_of(json.loads(json.dumps(built)), grammar_text)  # as the file would hold
        if found is None:
            raise RuntimeError("the parser tables Lark built do not read back")
    return found


def write(path: Path = TABLES_FILE) -> Path:
    """Build the tables from the grammar and store them (run after editing the grammar)."""
    from compiler.pipeline.effect_vocabulary import build_vocabulary
    from compiler.pipeline.lexer import EffectLexer
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    plain = serialize(build(text, EffectLexer), text)
    path.write_text(json.dumps(plain, separators=(",", ":")) + "\n", "utf-8")
    return path


if __name__ == "__main__":
    print(f"wrote {write(Path(sys.argv[1]) if len(sys.argv) > 1 else TABLES_FILE)}")
