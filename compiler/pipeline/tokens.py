"""The effect language's tokens and lexer base: a Token is the text of one word or mark with its
terminal type and where it sits in the effect; a Lexer turns effect text into Tokens."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Protocol

_new_str = str.__new__


class Token(str):
    """A token: equal to its text, with the terminal `type` the grammar names and its position
    (0-based offsets `start_pos`/`end_pos`, 1-based `line`/`column`, end column exclusive)."""

    __slots__ = (
        "column",
        "end_column",
        "end_line",
        "end_pos",
        "line",
        "start_pos",
        "type",
        "value",
    )

    type: str
    value: Any
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(
        cls,
        type: str,
        value: Any,
        start_pos: int | None = None,
        line: int | None = None,
        column: int | None = None,
        end_line: int | None = None,
        end_column: int | None = None,
        end_pos: int | None = None,
    ) -> Token:
        token = _new_str(cls, value)
        token.type = type
        token.value = value
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_line = end_line
        token.end_column = end_column
        token.end_pos = end_pos
        return token

    @classmethod
    def new_borrow_pos(cls, type: str, value: Any, borrow: Token) -> Token:
        """A token of another type or text at the same place as `borrow`."""
        return cls(
            type,
            value,
            borrow.start_pos,
            borrow.line,
            borrow.column,
            borrow.end_line,
            borrow.end_column,
            borrow.end_pos,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            type(self),
            (
                self.type,
                self.value,
                self.start_pos,
                self.line,
                self.column,
                self.end_line,
                self.end_column,
                self.end_pos,
            ),
        )

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        # two tokens of different types differ even when spelled alike
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


# Token(...) without the class call around __new__ (its look-ups and the __init__ check after
# it): the same token at a third less of the cost, for the lexer's tens of thousands a run
new_token = functools.partial(Token.__new__, Token)


class Lexer(Protocol):
    """What the parser reads tokens from: effect text in, tokens out."""

    def lex(self, text: str) -> Iterator[Token]: ...
