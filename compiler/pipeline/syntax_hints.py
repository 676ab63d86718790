"""The help line of a syntax error: what the author can write where the parser stopped, read from
the word it stopped at, the terminals the grammar takes there and the text before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.pipeline.syntax_errors import describe
from compiler.pipeline.tokens import Token
from compiler.pipeline.word_hints import NUMBER_WORDS, did_you_mean, number_word_hint

if TYPE_CHECKING:
    from compiler.pipeline.effect_vocabulary import Vocabulary
    from compiler.pipeline.lexer import LexError

# Where a keyword goes, told when it is written where it cannot go, or a word close to it is.
KEYWORD_USAGE: dict[str, str] = {
    "OR": "'or' joins conditions; to let a player pick one of several actions, write"
    " 'choose one:' with one '- ' option a line below it",
    "IF": "a condition comes first: 'if you won: draw 1 card', or goes in the hook's 'if:' field",
    "OR_MORE": "'or more' bounds a card's value ('attack cards worth 10 or more');"
    " to compare a number, write 'is at least 10'",
    "OR_LESS": "'or less' bounds a card's value ('attack cards worth 06 or less');"
    " to compare a number, write 'is at most 6'",
    "ON": "'on' goes right after the phrase it places: 'your ships on the target planet',"
    " 'place 1 of your ships on a planet'",
    "IN": "'in' goes right after the phrase it places: 'your ships in the encounter',"
    " '2 cards in your hand'",
    "DIVIDED_BY": "to divide, write '/' between two numbers: 'set your total to (your total / 2)';"
    " every division rounds down ('half of X rounded up' rounds up), and 'divided by' goes"
    " only in 'the remainder of X divided by Y'",
}

_ENDS = {"_NL", "$END"}
_STATEMENT_ENDS = {"_NL", "_SEMI", "_PERIOD", "$END"}


def word_hint(error: LexError, accepts: set[str]) -> str | None:
    """The hint for an unknown word, given the terminals the grammar takes where it stands: the
    near spellings that fit there; else where the keyword it is close to goes."""
    fits = [spelling for spelling, kinds in error.near if not kinds or kinds & accepts]
    if fits:
        return did_you_mean(fits)
    for _, kinds in error.near:
        for kind in sorted(kinds):
            if kind in KEYWORD_USAGE:
                return KEYWORD_USAGE[kind]
    return error.hint


def unexpected_hint(token: Token, accepts: set[str], text: str, vocab: Vocabulary) -> str | None:
    """The help for `token` met where the grammar takes only `accepts`, or None."""
    start = token.start_pos or 0
    written = text[start : token.end_pos or start].lower()
    kind = token.type
    if kind not in _ENDS:
        if "NUMBER" in accepts and written in NUMBER_WORDS:
            return number_word_hint(written)
        if kind in KEYWORD_USAGE:
            return KEYWORD_USAGE[kind]
        begins = _phrases_begun(tuple(written.split()), accepts, vocab)
        if begins:
            return f"here '{written}' begins {_either(begins)}"
    if "_INDENT" in accepts:
        return "a line ending in ':' needs an indented block below it"
    if kind == "VERB" and accepts & {"_COLON", "_COMMA"}:
        return "write ':' or ',' before the statement"
    if kind == "VERB" and accepts & _STATEMENT_ENDS:
        return "a verb cannot go here; put each statement on its own line or separate them with ';'"
    if kind in _ENDS:
        return _ends_too_soon(accepts, text[:start])
    if kind == "_RPAR":
        return "this ')' closes no '('"
    if kind == "_COMMA" and accepts & _STATEMENT_ENDS:
        return "separate statements with ';', '.' or a new line"
    if kind == "NOUN":
        return "a noun needs a word such as 'the', 'a', 'your' or a number before it"
    if len(accepts) == 1:
        (only,) = accepts
        if only == "WINDOW":
            return "name a window here, such as 'destiny.drawn'; or write a duration such as 'until the end of the encounter'"
        return f"write {describe(only)} before '{written}'"
    return None


def _ends_too_soon(accepts: set[str], before: str) -> str:
    if "_COLON" in accepts:
        return "end the line with ':' and indent the block below it"
    if "_RPAR" in accepts:
        return "close the '(' with ')'"
    last = before.split()[-1] if before.split() else ""
    return f"the line stops after '{last}': finish what it begins"


def _phrases_begun(written: tuple[str, ...], accepts: set[str], vocab: Vocabulary) -> list[str]:
    """The longer phrases that the words written begin and that the grammar takes here ("at" in
    "is at lest 3": 'at least', 'at most')."""
    n = len(written)
    if not n or written not in vocab.beginnings:
        return []
    return sorted(
        " ".join(p)
        for p, (terminal, _) in vocab.phrases.items()
        if len(p) > n and p[:n] == written and terminal in accepts
    )


def _either(phrases: list[str]) -> str:
    quoted = [f"'{p}'" for p in phrases[:4]]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
