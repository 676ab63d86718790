"""The effect parser's LALR tables as plain JSON data shipped in the package: grammar text in,
a ready Lark parser out, without rebuilding the tables or unpickling anything.

`grammar/effect.tables.json` is written by `python -m compiler.pipeline.tables` and read back with Lark's
own deserializer, which can only build Lark's grammar and table classes. The file records the
grammar's digest and Lark's version; when either differs (the grammar was edited, another Lark
is installed), the tables are built in memory instead, and a test keeps the shipped file current.
Nothing here reads or writes the user's cache folder.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from lark import Lark, Transformer
from lark import __version__ as LARK_VERSION
from lark.grammar import Rule
from lark.lexer import Lexer, TerminalDef

from grammar import HERE as GRAMMAR_DIR

TABLES_FILE = GRAMMAR_DIR / "effect.tables.json"
# format 2 stores each LALR state's actions as a JSON text of its own, read when first reached:
# the whole file then parses several times faster than with every state's actions as JSON objects
FORMAT = 2
STARTS = ["start", "cond_start", "np_start"]
LEXER_MARK = "<effect lexer>"


def digest(grammar_text: str) -> str:
    return hashlib.sha256(grammar_text.encode("utf-8")).hexdigest()


def build(grammar_text: str, lexer: type[Lexer], transformer: Transformer, **extra: Any) -> Lark:
    """Build the parser from the grammar (the slow path: Lark analyses the grammar)."""
    return Lark(
        grammar_text,
        parser="lalr",
        lexer=lexer,
        transformer=transformer,
        start=STARTS,
        maybe_placeholders=False,
        **extra,
    )


def _restore(data: dict[str, Any], memo: dict[str, Any]) -> tuple[dict[str, Any], dict[int, Any]]:
    """Put back what JSON changed in Lark's serialized form: integer keys (the memo, the tables'
    tokens) and the rules' empty_indices tuples. The states are left as they are: `_fill` reads
    them (a state's integer key and actions are restored there)."""
    table = data["parser"]["parser"]
    table["tokens"] = {int(k): v for k, v in table["tokens"].items()}
    restored = {int(k): v for k, v in memo.items()}
    for item in restored.values():
        options = item.get("options") if isinstance(item, dict) else None
        if isinstance(options, dict) and isinstance(options.get("empty_indices"), list):
            options["empty_indices"] = tuple(options["empty_indices"])
    return data, restored


def states_digest(states: dict[str, str]) -> str:
    """The digest of the stored states' texts: they are read only when the parser reaches them,
    so a damaged one is found by this check when loading, not in the middle of a parse."""
    return digest("\n".join(f"{state}\t{actions}" for state, actions in states.items()))


def serialize(parser: Lark, grammar_text: str) -> dict[str, Any]:
    """The file's content: the tables, the memo of rules and terminals, and what they fit."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    options = dict(data["options"])
    options.pop("transformer", None)  # given again when loading
    options["lexer"] = LEXER_MARK
    data = {**data, "options": options}
    table = data["parser"]["parser"]
    table["states"] = {
        state: json.dumps(actions, separators=(",", ":"))
        for state, actions in table["states"].items()
    }
    data["parser"] = {
        **data["parser"],
        "lexer_conf": {**data["parser"]["lexer_conf"], "lexer_type": LEXER_MARK},
    }
    return {
        "format": FORMAT,
        "grammar": digest(grammar_text),
        "lark": LARK_VERSION,
        "states": states_digest(table["states"]),
        "data": data,
        "memo": memo,
    }


def load(
    grammar_text: str, lexer: type[Lexer], transformer: Transformer, path: Path = TABLES_FILE
) -> Lark | None:
    """The parser from the shipped tables, or None when they are missing or do not fit."""
    try:
        stored = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not (
        isinstance(stored, dict)
        and stored.get("format") == FORMAT
        and stored.get("grammar") == digest(grammar_text)
        and stored.get("lark") == LARK_VERSION
    ):
        return None
    try:
        data, memo = _restore(stored["data"], stored["memo"])
        data["options"]["lexer"] = lexer
        data["parser"]["lexer_conf"]["lexer_type"] = lexer
        table = data["parser"]["parser"]
        states, table["states"] = table["states"], {}
        if stored.get("states") != states_digest(states):
            return None
        loaded: Lark = Lark._load_from_dict(data, _rules(memo), transformer=transformer)
        _fill(loaded, data["rules"], table["tokens"], states)
    except Exception:  # a damaged file costs a rebuild, never a failure
        return None
    return loaded


def _rules(memo: dict[int, Any]) -> dict[int, Any]:
    """The memo's rules built directly (Lark's generic reader makes some five thousand calls for
    them); Lark's loader passes objects in the memo through as they are. A test compares them with
    the rules Lark's own reader gives."""
    from lark.grammar import NonTerminal, Rule, RuleOptions, Terminal

    def symbol(data: dict[str, Any]) -> Any:
        if data["__type__"] == "Terminal":
            return Terminal(data["name"], data["filter_out"])
        return NonTerminal(data["name"])

    built: dict[int, Any] = {}
    for key, item in memo.items():
        if item["__type__"] != "Rule":
            raise ValueError(f"a memo entry of type {item['__type__']!r}")
        o = item["options"]
        options = RuleOptions(
            o["keep_all_tokens"], o["expand1"], o["priority"], o["template_source"]
        )
        options.empty_indices = o["empty_indices"]
        built[key] = Rule(
            NonTerminal(item["origin"]["name"]),
            [symbol(s) for s in item["expansion"]],
            item["order"],
            item["alias"],
            options,
        )
    return built


def _fill(parser: Lark, refs: list[Any], tokens: dict[int, str], states: dict[str, Any]) -> None:
    """Put the LALR states into a parser loaded without them. Lark's own deserializer reads each
    of their several thousand actions through its generic object reader; here each state's
    actions are built directly, when the parser first reaches that state (a test compares the
    two)."""
    rules = {ref["@"]: rule for ref, rule in zip(refs, parser.rules, strict=True)}
    table = parser.parser.parser._parse_table
    table.states = StatesOnDemand(states, tokens, rules)


class StatesOnDemand(dict[int, dict[str, tuple[Any, Any]]]):
    """The parser's states (state number -> token type -> action), each built from its stored
    form on first look-up: a run that parses a few effects reaches a small part of them."""

    def __init__(self, stored: dict[str, Any], tokens: dict[int, str], rules: dict[int, Any]):
        super().__init__()
        self._stored, self._tokens, self._rules = stored, tokens, rules

    def __missing__(self, state: int) -> dict[str, tuple[Any, Any]]:
        from lark.parsers.lalr_analysis import Reduce, Shift

        tokens, rules = self._tokens, self._rules
        actions = {
            tokens[int(token)]: (Reduce, rules[arg["@"]]) if action == 1 else (Shift, arg)
            for token, (action, arg) in json.loads(self._stored[str(state)]).items()
        }
        self[state] = actions
        return actions


def parser_for(grammar_text: str, lexer: type[Lexer], transformer: Transformer) -> Lark:
    """The shipped tables when they fit this grammar and Lark, else tables built now."""
    return load(grammar_text, lexer, transformer) or build(grammar_text, lexer, transformer)


def write(path: Path = TABLES_FILE) -> Path:
    """Build the tables from the grammar and store them (run after editing the grammar)."""
    from compiler.pipeline.lexer import EffectLexer, build_vocabulary
    from compiler.pipeline.tree_builder import Builder
    from grammar import GRAMMAR_FILE

    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    EffectLexer.vocabulary = build_vocabulary(text)
    plain = serialize(build(text, EffectLexer, Builder()), text)
    path.write_text(json.dumps(plain, separators=(",", ":")) + "\n", "utf-8")
    return path


if __name__ == "__main__":
    print(f"wrote {write(Path(sys.argv[1]) if len(sys.argv) > 1 else TABLES_FILE)}")
