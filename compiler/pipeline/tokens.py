"""The effect language's tokens and lexer base: a Token is the text of one word or mark with its
terminal type and where it sits in the effect; a Lexer turns effect text into Tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol


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
        token = super().__new__(cls, value)
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


class Lexer(Protocol):
    """What the parser reads tokens from: effect text in, tokens out."""

    def lex(self, text: str) -> Iterator[Token]: ...
