"""The effect language's words: the grammar's keywords (read from the terminals
grammar/effect.lark declares) and the registry's vocabulary as the language table holds it (verbs,
nouns, adjectives, adverbs, predicate words, with the Eon aliases), as phrases the lexer matches."""

from __future__ import annotations

import sys

from compiler.pipeline import language_table as words
from runtime.record import record

# Terminals the lexer makes from something other than a keyword: layout and punctuation (the
# grammar's `_`-prefixed names, which the parse tree drops), the pieces its line pattern matches
# (numbers, windows, labels...), and the registry's vocabulary. Every other terminal the grammar
# declares is a keyword.
PRODUCED = frozenset(
    {"BULLET", "NUMBER", "WINDOW", "LABEL", "POSS", "COMPARE"}
    | {"VERB", "NOUN", "ADJ", "ADV", "PRED", "PRED_OBJ", "PREP", "DURATION"}
)

# Extra spellings of keywords beyond the one their terminal name gives.
KEYWORD_SPELLINGS: dict[str, tuple[str, ...]] = {
    "A": ("a", "an"),
    "CHOOSE": ("choose", "chooses"),
    "EACH": ("each", "every"),
    "IS": ("is", "are", "was", "were"),
    "HAS": ("has", "have", "had"),
    "OTHERWISE": ("otherwise", "else"),
    "ACCEPTS": ("accepts", "accept"),
    "TO_PREVENT_THIS": ("to prevent this", "to prevent it"),
    "CANNOT": ("cannot", "can not"),
    "PLUS": ("plus",),
    "MINUS": ("minus",),
    "NUMBER_OF": ("the number of",),
    "TOTAL_VALUE_OF": ("the total value of",),
    "WITH_THE_MOST": ("with the most",),
    "WITH_THE_FEWEST": ("with the fewest",),
    "ANY_NUMBER_OF": ("any number of",),
    "REMAINDER_OF": ("the remainder of",),
    "SMALLER_OF": ("the smaller of",),
    "LARGER_OF": ("the larger of",),
    "UNITS_DIGIT_OF": ("the units digit of",),
    "TENS_DIGIT_OF": ("the tens digit of",),
}

DURATIONS: dict[str, str] = {
    "until the end of the encounter": "encounter",
    "this encounter": "encounter",
    "for the rest of the encounter": "encounter",
    "until the end of the turn": "turn",
    "this turn": "turn",
    "for the rest of the turn": "turn",
    "until the end of the game": "game",
    "for the rest of the game": "game",
    # durations that end at a window: "until <window>", and "yours" for the owner's next turn
    # or encounter (see runtime Period.seat)
    "until the destiny deck is next drawn": "until destiny.drawn",
    "until the destiny deck is next reshuffled": "until destiny.reshuffled",
    "until the deck is next reshuffled": "until deck.reshuffled",
    "until the cosmic deck is next reshuffled": "until deck.reshuffled",
    "until the end of your next turn": "until turn.end yours",
    "until the start of your next turn": "until turn.start yours",
    "until your next turn": "until turn.start yours",
    "until your next encounter": "until regroup.start yours",
}

PUNCTUATION: dict[str, str] = {
    ":": "_COLON",
    ",": "_COMMA",
    ";": "_SEMI",
    ".": "_PERIOD",
    "(": "_LPAR",
    ")": "_RPAR",
    "+": "PLUS",
    "-": "MINUS",
    "*": "STAR",
    "/": "SLASH",
}

# terminals spelled by a symbol; PLUS and MINUS are also keywords ("plus", "minus")
_SYMBOLS = frozenset(t for t in PUNCTUATION.values() if t not in KEYWORD_SPELLINGS)


@record
class Vocabulary:
    """Phrases (tuples of lower-case words) -> (terminal type, value); `beginnings`: the word
    tuples that begin a longer phrase; `alone`: the words that begin no longer phrase than
    themselves -> their (terminal type, value)."""

    phrases: dict[tuple[str, ...], tuple[str, str]]
    beginnings: frozenset[tuple[str, ...]]
    alone: dict[str, tuple[str, str]]

    def words(self) -> list[str]:
        return sorted({" ".join(p) for p in self.phrases})


def declared_keywords(grammar_text: str) -> list[str]:
    names: list[str] = []
    for line in grammar_text.splitlines():
        if line.startswith("%declare"):
            # interned, as the parse tables' names are: the parser looks each token's up
            names.extend(map(sys.intern, line.split()[1:]))
    return [n for n in names if not n.startswith("_") and n not in PRODUCED and n not in _SYMBOLS]


def build_vocabulary(grammar_text: str) -> Vocabulary:
    phrases: dict[tuple[str, ...], tuple[str, str]] = {}

    def add(text: str, kind: str, value: str | None = None) -> None:
        key = tuple(text.lower().split())
        known = phrases.get(key)
        if known is not None and known[0] != kind:
            raise ValueError(f"'{text}' is both {known[0]} and {kind} in the effect language")
        phrases[key] = (kind, value if value is not None else text)

    keywords = declared_keywords(grammar_text)
    for name in keywords:
        for spelling in KEYWORD_SPELLINGS.get(name, (name.lower().replace("_", " "),)):
            add(spelling, name)
    for text, scope in DURATIONS.items():
        add(text, "DURATION", scope)
    for prep in words.PREPS:
        # a preposition the grammar reads itself (`on`, a place after a phrase) is its keyword
        if prep.upper().replace(" ", "_") not in keywords:
            add(prep, "PREP")
    for op_def in words.OPS.values():
        for form in op_def.forms:
            if tuple(form.split()) not in phrases:
                add(form, "VERB", op_def.verb)
    for surface, noun_def in words.SURFACE_NOUNS.items():
        add(
            surface,
            "NOUN",
            surface if surface in (noun_def.word, noun_def.plural) else _alias_target(surface),
        )
    eon_spellings = {ffg: eon for eon, ffg in words.ALIASES.items()}
    for key, hit in list(phrases.items()):
        if len(key) > 1 and any(w in eon_spellings for w in key):
            variant = tuple(eon_spellings.get(w, w) for w in key)
            phrases.setdefault(variant, hit)
    for adj in words.ADJECTIVES:
        add(adj, "ADJ")
    for adv in words.ADVERBS:
        add(adv, "ADV")
    for pred in words.PREDICATES.values():
        # a condition word that takes an object ("was played by X") is a terminal of its own
        kind = "PRED_OBJ" if len(pred.args) > 1 else "PRED"
        for form in pred.forms:
            add(form, kind, pred.name)
    beginnings = frozenset(key[:n] for key in phrases for n in range(1, len(key)))
    alone = {key[0]: hit for key, hit in phrases.items() if len(key) == 1 and key not in beginnings}
    return Vocabulary(phrases, beginnings, alone)


def _alias_target(word: str) -> str:
    return words.ALIASES.get(word, word)
