"""Effect text in, syntax tree (compiler.pipeline.ast) out; or an EffectSyntaxError saying where and what
was expected. One LALR parser per process: the shipped tables of grammar/effect.lark run by
compiler.pipeline.lalr over the lexer's tokens (registry words), without loading Lark."""

from __future__ import annotations

import functools
from typing import Any

from compiler.pipeline import ast, tables
from compiler.pipeline.lalr import LalrParser, UnexpectedToken
from compiler.pipeline.lexer import EffectLexer, LexError, Vocabulary, build_vocabulary
from compiler.pipeline.shared_texts import PARSED
from compiler.pipeline.syntax_errors import EffectSyntaxError, expected_text
from compiler.pipeline.tree_builder import Builder
from grammar import GRAMMAR_FILE


class EffectParser:
    def __init__(self) -> None:
        text = GRAMMAR_FILE.read_text(encoding="utf-8")
        self.vocabulary: Vocabulary = build_vocabulary(text)
        EffectLexer.vocabulary = self.vocabulary
        self.lalr = LalrParser(tables.tables_for(text, EffectLexer), EffectLexer(), Builder())

    def effect(self, text: str) -> ast.Effect:
        return self.parse(text, "start")

    def condition(self, text: str) -> ast.Cond:
        return self.parse(text, "cond_start")

    def players(self, text: str) -> ast.NP:
        return self.parse(text, "np_start")

    def parse(self, text: str, start: str) -> Any:
        """Parse once per distinct text in a run (compiler.pipeline.shared_texts): cards repeat
        phrases, and syntax trees are immutable with positions relative to the text, so a repeat
        can share the first result."""
        key = (start, text)
        found = PARSED.get(key)
        if found is None:
            try:
                found = self._parse_text(text, start)
            except EffectSyntaxError as exc:
                found = exc
            PARSED[key] = found
        if isinstance(found, EffectSyntaxError):
            raise found
        return found

    def _parse_text(self, text: str, start: str) -> Any:
        try:
            return self.lalr.parse(text, start)
        except LexError as exc:
            raise EffectSyntaxError(exc.message, exc.offset, exc.length, exc.hint) from None
        except UnexpectedToken as exc:
            raise self._unexpected(text, exc) from None

    def _unexpected(self, text: str, exc: UnexpectedToken) -> EffectSyntaxError:
        token = exc.token
        accepts = exc.accepts or exc.expected
        if token.type == "$END":
            return EffectSyntaxError(
                f"the effect ends too soon; expected {expected_text(accepts)}",
                len(text.rstrip()),
                1,
            )
        offset = token.start_pos or 0
        shown = "end of line" if token.type == "_NL" else repr(str(token.value))
        message = f"unexpected {shown}; expected {expected_text(accepts)}"
        hint = None
        if (
            token.type == "VERB"
            and "VERB" not in accepts
            and ("_COLON" in accepts or "_COMMA" in accepts)
        ):
            hint = "end the condition with ':' or ',' before the statement"
        elif token.type == "VERB" and "VERB" not in accepts:
            hint = "a verb cannot go here; put each statement on its own line or separate them with ';'"
        elif token.type == "_NL" and "_INDENT" in accepts:
            hint = "a line ending in ':' needs an indented block below it"
        elif token.type == "NOUN" and "NOUN" not in accepts:
            hint = "a noun needs a word such as 'the', 'a', 'your' or a number before it"
        return EffectSyntaxError(message, offset, max(1, len(str(token.value))), hint)


@functools.lru_cache(maxsize=1)
def parser() -> EffectParser:
    return EffectParser()
