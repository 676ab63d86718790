"""The effect language's tokens and lexer base: a Token is the text of one word or mark with its
terminal type and where it sits in the effect; a Lexer turns effect text into Tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

_new_str = str.__new__


class Token(str):
    """A token: equal to its text, with the terminal `type` the grammar names and its position
    (0-based offsets `start_pos`/`end_pos`, 1-based `line`/`column`). A token sits on one line:
    its end line and (exclusive) end column are worked out from its start and length."""

    __slots__ = ("column", "end_pos", "line", "start_pos", "type", "value")

    type: str
    value: Any
    start_pos: int | None
    line: int | None
    column: int | None
    end_pos: int | None

    def __new__(
        cls,
        type: str,
        value: Any,
        start_pos: int | None = None,
        line: int | None = None,
        column: int | None = None,
        end_pos: int | None = None,
    ) -> Token:
        token = _new_str(cls, value)
        token.type = type
        token.value = value
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_pos = end_pos
        return token

    @property
    def end_line(self) -> int | None:
        return None if self.end_pos is None else self.line

    @property
    def end_column(self) -> int | None:
        """One past the last column; a token of no text (a layout mark) still spans one."""
        if self.end_pos is None or self.column is None or self.start_pos is None:
            return None
        return self.column + max(self.end_pos - self.start_pos, 1)

    @classmethod
    def new_borrow_pos(cls, type: str, value: Any, borrow: Token) -> Token:
        """A token of another type or text at the same place as `borrow`."""
        return cls(type, value, borrow.start_pos, borrow.line, borrow.column, borrow.end_pos)

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            type(self),
            (self.type, self.value, self.start_pos, self.line, self.column, self.end_pos),
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


def new_token(type: str, value: str, start_pos: int, line: int, column: int, end_pos: int) -> Token:
    """Token(...) without the class call around __new__ (its look-ups and the __init__ check
    after it): the same token at about a third less of the cost, for the lexer's tens of
    thousands a run. A plain function, not a partial of __new__: a caller in Python enters it
    without a call through C."""
    token = _new_str(Token, value)
    token.type = type
    token.value = value
    token.start_pos = start_pos
    token.line = line
    token.column = column
    token.end_pos = end_pos
    return token


class Lexer(Protocol):
    """What the parser reads tokens from: effect text in, tokens out."""

    def lex(self, text: str) -> Iterator[Token]: ...
