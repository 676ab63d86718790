"""The effect-language lexer: effect text in, tokens out (keywords, registry words, layout).

Words are matched longest-phrase-first against the phrases of compiler.pipeline.effect_vocabulary
(the grammar's keywords and the registry's words). Indentation becomes _INDENT and _DEDENT tokens,
as in Python. Unknown words raise LexError with a suggestion.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.pipeline.effect_vocabulary import PUNCTUATION, Vocabulary
from compiler.pipeline.shared_texts import LINES
from compiler.pipeline.tokens import Lexer, Token, new_token
from compiler.pipeline.word_hints import refusal

# one piece of a line after the blanks before it; `bad` is any character no other piece begins with
# (a window's and a word's repeats are possessive: nothing after them could take back a letter, and
# the regex engine then keeps no state to backtrack into them)
_PIECE = re.compile(
    r"[ \t]*(?:"
    r"(?P<window>[a-z_]++(?:\.[a-z_]++)++)"
    r'|(?P<label>"[^"]*")'
    r"|(?P<word>[A-Za-z]++(?:-[A-Za-z]++)*+)"
    r"|(?P<poss>'s\b|')"
    r"|(?P<number>(?<![\w)])-?\d+)"
    r"|(?P<cmp>>=|<=|!=|=|>|<)"
    r"|(?P<punct>[:,;.()+*/-])"
    r"|(?P<bad>.))"
)


# one piece of a line as the lexer reads it: (terminal, value, start column, end column), columns
# 0-based within the line
Piece = tuple[str, str, int, int]

MAX_DIGITS = 30  # longer numbers are refused before conversion (Python limits int() at 4,300)


class LexError(Exception):
    """Text that is no word of the language; for an unknown word, `near` holds the spellings
    within reach of it with the terminals each would be (see word_hints.Refusal)."""

    def __init__(
        self,
        message: str,
        offset: int,
        length: int,
        hint: str | None = None,
        near: tuple[tuple[str, frozenset[str]], ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.length = length
        self.hint = hint
        self.near = near


def tokenize(text: str, vocab: Vocabulary) -> Iterator[Token]:
    """Tokens for one effect text, with 1-based line/column and offsets into `text`. A LexError
    comes after the tokens before the place it names (the parse may stop at one of them)."""
    tokens, error = lex(text, vocab)
    # a text that lexes is handed on as its list, without a generator's step per token
    return iter(tokens) if error is None else _raising_after(tokens, error)


def _raising_after(tokens: list[Token], error: LexError) -> Iterator[Token]:
    yield from tokens
    raise error


def lex(text: str, vocab: Vocabulary) -> tuple[list[Token], LexError | None]:
    """The tokens of `text` up to where it stops being lexable, and the LexError there, if any."""
    tokens: list[Token] = []
    try:
        _lex_lines(text, vocab, tokens)
    except LexError as error:
        return tokens, error
    return tokens, None


def _lex_lines(text: str, vocab: Vocabulary, tokens: list[Token]) -> None:
    indents = [0]
    offset = 0
    line_no = 0
    for line_no, line in enumerate(text.split("\n"), start=1):
        body = line.rstrip()
        stripped = body.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            offset += len(line) + 1
            continue
        if stripped.startswith("\t") or "\t" in body[: len(body) - len(stripped) + 1]:
            raise LexError(
                "tabs cannot indent an effect; use spaces", offset, 1, "replace the tab with spaces"
            )
        indent = len(body) - len(stripped)
        if tokens:
            if indent > indents[-1]:
                indents.append(indent)
                tokens.append(_tok("_INDENT", "", offset, line_no, 1))
            else:
                dedented = False
                while indent < indents[-1]:
                    indents.pop()
                    dedented = True
                    tokens.append(_tok("_DEDENT", "", offset, line_no, 1))
                if indent != indents[-1]:
                    raise LexError(
                        "this line's indentation matches no enclosing block",
                        offset,
                        indent or 1,
                        "indent a block's lines by the same amount",
                    )
                # a statement may follow a block: separate them, unless the line continues
                # the block's statement (`otherwise:`) or is the next option of a `choose one:`
                if dedented and not stripped.startswith("- "):
                    first = stripped.split(None, 1)[0].lower().rstrip(":,")
                    if first not in ("otherwise", "else"):
                        tokens.append(_tok("_NL", "\n", offset, line_no, 1))
        col = indent
        if stripped.startswith("- "):
            tokens.append(_tok("BULLET", "-", offset + col, line_no, col + 1))
            col += 2
        _line_tokens(line, col, len(body), offset, line_no, vocab, tokens)
        tokens.append(_tok("_NL", "\n", offset + len(body), line_no, len(body) + 1))
        offset += len(line) + 1
    while len(indents) > 1:
        indents.pop()
        tokens.append(_tok("_DEDENT", "", offset, line_no, 1))


def _tok(kind: str, value: str, offset: int, line: int, column: int) -> Token:
    return new_token(kind, value, offset, line, column, offset + len(value))


def _line_tokens(
    line: str, start: int, end: int, base: int, line_no: int, vocab: Vocabulary, tokens: list[Token]
) -> None:
    """Append the tokens of `line[start:end]` (where the line begins at offset `base` of the
    text). A line met again in the run (`otherwise:`, `for each player:`) is split once: its
    pieces depend on nothing but its text and the vocabulary (see shared_texts.LINES)."""
    known = LINES.get(line)
    if known is not None and known[0] is vocab:
        pieces = known[1]
        error = None
    else:
        found: list[Piece] = []
        error = _split_line(line, start, end, base, vocab, found)
        pieces = tuple(found)
        if error is None:
            LINES[line] = (vocab, pieces)
    for term, value, col, stop in pieces:
        tokens.append(new_token(term, value, base + col, line_no, col + 1, base + stop))
    if error is not None:
        raise error


def _split_line(
    line: str, start: int, end: int, base: int, vocab: Vocabulary, found: list[Piece]
) -> LexError | None:
    """Append the pieces of `line[start:end]` to `found`; at a problem, the LexError, with the
    pieces before the place it names. An unexpected character is refused before any other
    problem of the line, and with none of the line's pieces."""
    pieces = list(_PIECE.finditer(line, start, end))
    i = 0
    count = len(pieces)
    alone = vocab.alone
    while i < count:
        m = pieces[i]
        kind = m.lastgroup or ""
        text = m[kind]
        stop = m.end()
        col = stop - len(text)
        i += 1
        if kind == "word":
            hit = alone.get(text.lower())
            if hit is None:
                phrase = _match_phrase(pieces, i, text, vocab)
                if phrase is None:
                    unexpected = _first_unexpected(pieces[i:], base)
                    if unexpected is not None:
                        found.clear()
                        return unexpected
                    why = refusal(pieces, i - 1, vocab)
                    # a phrase that went wrong further on takes back the pieces of its start
                    while found and found[-1][2] >= why.start:
                        found.pop()
                    return LexError(
                        why.message, base + why.start, why.end - why.start, why.hint, why.near
                    )
                more, hit, stop = phrase
                i += more
            term, value = hit
            found.append((term, value, col, stop))
            continue
        if kind == "window":
            term, value = "WINDOW", text
        elif kind == "number":
            if len(text) > MAX_DIGITS:
                unexpected = _first_unexpected(pieces[i:], base)
                if unexpected is not None:
                    found.clear()
                    return unexpected
                return LexError(
                    f"{text[:8]}... is out of range: a number of {len(text)} digits",
                    base + col,
                    len(text),
                    "numbers in effects are small: a count of cards, ships or lucre",
                )
            term, value = "NUMBER", text
        elif kind == "label":
            term, value = "LABEL", text[1:-1]
        elif kind == "poss":
            term, value = "POSS", text
        elif kind == "cmp":
            term, value = "COMPARE", "==" if text == "=" else text
        elif kind == "bad":
            found.clear()
            return _unexpected(m, base)
        else:
            term, value = PUNCTUATION[text], text
        found.append((term, value, col, col + len(value)))
    return None


def _first_unexpected(rest: list[re.Match[str]], base: int) -> LexError | None:
    """The LexError of the first unexpected character among a line's `rest` pieces, if any."""
    for m in rest:
        if m.lastgroup == "bad":
            return _unexpected(m, base)
    return None


def _unexpected(bad: re.Match[str], base: int) -> LexError:
    return LexError(f"unexpected character '{bad['bad']}'", base + bad.end() - 1, 1)


def _match_phrase(
    pieces: list[re.Match[str]], i: int, word: str, vocab: Vocabulary
) -> tuple[int, tuple[str, str], int] | None:
    """The longest phrase `word` and the words of `pieces` after it (from `pieces[i]` on) spell:
    how many further words it takes, its (terminal, value) and where it ends in the line; None
    when they spell none."""
    words: tuple[str, ...] = (word.lower(),)
    hit = vocab.phrases.get(words)
    found = None if hit is None else (0, hit, pieces[i - 1].end())
    j = i
    while words in vocab.beginnings and j < len(pieces) and pieces[j].lastgroup == "word":
        words += (pieces[j]["word"].lower(),)
        j += 1
        hit = vocab.phrases.get(words)
        if hit is not None:
            found = (j - i, hit, pieces[j - 1].end())
    return found


class EffectLexer(Lexer):
    """The parser's lexer. Lark, which builds the tables, instantiates lexers itself, so the
    vocabulary is set on the class (by compiler.pipeline.parser) before a parser is made."""

    vocabulary: Vocabulary | None = None

    def lex(self, text: str) -> Iterator[Token]:
        vocab = EffectLexer.vocabulary
        if vocab is None:
            raise RuntimeError("EffectLexer.vocabulary is not set")
        return tokenize(text, vocab)
