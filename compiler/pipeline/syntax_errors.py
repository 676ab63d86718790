"""Syntax errors of the effect language: the EffectSyntaxError a parse raises, and the plain words
that name what the parser expected at the point it stopped."""

from __future__ import annotations


class EffectSyntaxError(Exception):
    def __init__(self, message: str, offset: int, length: int = 1, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.length = length
        self.hint = hint


# How terminals read in "expected ..." messages.
DESCRIBE: dict[str, str] = {
    "VERB": "a verb",
    "NOUN": "a noun",
    "ADJ": "an adjective",
    "ADV": "an adverb such as 'at random'",
    "PRED": "a condition word such as 'lost'",
    "PRED_OBJ": "a condition word such as 'was played by'",
    "PREP": "a preposition",
    "NUMBER": "a number",
    "WINDOW": "a window name such as reveal.after_cards",
    "DURATION": "a duration such as 'until the end of the encounter'",
    "COMPARE": "a comparison",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "_COLON": "':'",
    "_SEMI": "';'",
    "_PERIOD": "'.'",
    "LABEL": "a quoted option label",
    "_COMMA": "','",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "POSS": "'s",
    "BULLET": "'- ' starting an option",
    "$END": "the end of the effect",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
}
DETERMINERS = {
    "THE",
    "A",
    "EACH",
    "BOTH",
    "EITHER",
    "ANOTHER",
    "NO",
    "THAT",
    "THOSE",
    "THIS",
    "THESE",
    "ANY",
}
NOUN_PHRASE_STARTS = {
    "THE",
    "A",
    "EACH",
    "YOUR",
    "THEIR",
    "YOU",
    "NUMBER",
    "ALL",
    "ANOTHER",
    "THAT",
}


def describe(terminal: str) -> str:
    if terminal in DESCRIBE:
        return DESCRIBE[terminal]
    return "'" + terminal.lower().replace("_", " ") + "'"


def expected_text(accepts: set[str]) -> str:
    names = set(accepts)
    parts: list[str] = []
    if len(names & NOUN_PHRASE_STARTS) >= 4:
        names -= NOUN_PHRASE_STARTS | {
            "BOTH",
            "EITHER",
            "NO",
            "THOSE",
            "THIS",
            "THESE",
            "ANY",
            "ITS",
            "THEY",
            "THEM",
            "IT",
            "YOURSELF",
            "YOURS",
            "THEIRS",
            "X",
            "ANY_NUMBER_OF",
            "THAT_MANY",
            "UP_TO",
            "AT_LEAST",
            "AT_MOST",
            "MORE_THAN",
            "FEWER_THAN",
            "COPY",
            "NUMBER_OF",
            "HALF",
            "TWICE",
            "_LPAR",
        }
        parts.append("a noun phrase (e.g. 'the opponent', '2 cards')")
    ordered = sorted(names, key=lambda n: (n not in DESCRIBE, n))
    parts.extend(describe(n) for n in ordered[:8])
    if len(ordered) > 8:
        parts.append(f"{len(ordered) - 8} more")
    return (
        ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]
        if parts
        else "something else"
    )
