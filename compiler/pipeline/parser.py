"""Effect text in, syntax tree (compiler.pipeline.ast) out; or an EffectSyntaxError saying where and what
was expected. One LALR parser per process: the shipped tables of grammar/effect.lark run by
compiler.pipeline.lalr over the lexer's tokens (registry words), without loading Lark."""

from __future__ import annotations

import functools
from typing import Any

from compiler.pipeline import ast, tables
from compiler.pipeline.effect_vocabulary import Vocabulary, build_vocabulary
from compiler.pipeline.lalr import LalrParser, UnexpectedToken
from compiler.pipeline.lexer import EffectLexer, LexError, lex
from compiler.pipeline.shared_texts import PARSED
from compiler.pipeline.syntax_errors import EffectSyntaxError, expected_text
from compiler.pipeline.syntax_hints import unexpected_hint, word_hint
from compiler.pipeline.tokens import Token
from compiler.pipeline.tree_builder import Builder
from compiler.pipeline.word_hints import continues_near
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
        run = self.lalr.begin(start)
        try:
            return self.lalr.finish(run, text)
        except LexError as exc:
            hint = word_hint(exc, run.accepts()) if exc.near else exc.hint
            raise EffectSyntaxError(exc.message, exc.offset, exc.length, hint) from None
        except UnexpectedToken as exc:
            raise self._unexpected(text, exc) from None

    def _unexpected(self, text: str, exc: UnexpectedToken) -> EffectSyntaxError:
        token = exc.token
        unknown = self._unknown_after(text, token)
        if unknown is not None:
            return unknown
        accepts = exc.accepts or exc.expected
        hint = unexpected_hint(token, accepts, text, self.vocabulary)
        if token.type == "$END":
            return EffectSyntaxError(
                f"the effect ends too soon; expected {expected_text(accepts)}",
                len(text.rstrip()),
                1,
                hint,
            )
        offset = token.start_pos or 0
        shown = "end of line" if token.type == "_NL" else repr(str(token.value))
        message = f"unexpected {shown}; expected {expected_text(accepts)}"
        return EffectSyntaxError(message, offset, max(1, len(str(token.value))), hint)

    def _unknown_after(self, text: str, token: Token) -> EffectSyntaxError | None:
        """The error of an unknown word right after `token` that is a misspelling of a word
        going on from it ("is at lest 3"): the phrase went wrong there, not at `token`."""
        start = token.start_pos or 0
        lexed, unknown = lex(text, self.vocabulary)
        if unknown is None or not lexed or lexed[-1].start_pos != start:
            return None
        word = text[unknown.offset : unknown.offset + unknown.length]
        if not continues_near(text[: unknown.offset], word, self.vocabulary):
            return None
        return EffectSyntaxError(unknown.message, unknown.offset, unknown.length, unknown.hint)


@functools.lru_cache(maxsize=1)
def parser() -> EffectParser:
    return EffectParser()
