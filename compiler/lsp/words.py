"""The effect language's words by grammar terminal, each with a one-line doc, taken from the
parser's vocabulary and the runtime registry; and the terminals the grammar accepts after a
given effect text, from the LALR parser itself."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from compiler.pipeline.effect_vocabulary import DURATIONS
from compiler.pipeline.lexer import LexError, tokenize
from compiler.pipeline.parser import parser
from runtime import language, registry
from runtime.windows import BY_NAME

# Layout and punctuation terminals are never offered as words.
_NOT_WORDS = {"$END", "_NL", "_INDENT", "_DEDENT", "NUMBER", "LABEL", "POSS", "COMPARE"}
_SENTINEL = "7"  # a lone number: its own token, never part of a phrase


@dataclass(frozen=True)
class Word:
    text: str
    terminal: str
    detail: str  # what kind of word, or the op's frame
    doc: str


@functools.cache
def by_terminal() -> dict[str, list[Word]]:
    """Every word the lexer knows, grouped by the terminal it becomes."""
    language.load()
    vocab = parser().vocabulary
    out: dict[str, list[Word]] = {}
    frames: dict[str, list[registry.OpDef]] = {}
    for op_def in registry.OPS.values():
        frames.setdefault(op_def.verb, []).append(op_def)
    nouns = registry.surface_nouns()
    predicates = {form: p for p in registry.PREDICATES.values() for form in p.forms}
    for phrase, (terminal, value) in sorted(vocab.phrases.items()):
        text = " ".join(phrase)
        detail, doc = terminal.lower(), ""
        if terminal == "VERB":
            ops = frames.get(value, [])
            detail = "; ".join(o.frame() for o in ops) or "verb"
            doc = " / ".join(o.doc for o in ops)
        elif terminal == "NOUN" and text in nouns:
            noun = nouns[text]
            detail, doc = f"{noun.category} noun", noun.doc or noun.meaning
        elif terminal == "ADJ":
            detail, doc = "adjective", registry.ADJECTIVES.get(text, "")
        elif terminal == "ADV":
            detail, doc = "adverb", registry.ADVERBS.get(text, "")
        elif terminal in ("PRED", "PRED_OBJ") and text in predicates:
            detail, doc = "condition", predicates[text].doc
        elif terminal == "DURATION":
            detail, doc = "duration", f"lasts until the end of the {DURATIONS.get(text, value)}"
        elif terminal == "PREP":
            detail = "preposition"
        else:
            detail = "keyword"
        out.setdefault(terminal, []).append(Word(text, terminal, detail, doc))
    out["WINDOW"] = [Word(name, "WINDOW", "window", w.doc) for name, w in sorted(BY_NAME.items())]
    return out


def expected_terminals(text: str, start: str) -> set[str] | None:
    """The terminals the grammar accepts at the end of `text` (a partial word already cut off),
    or None when the text before it does not lex or parse (then any word may be offered)."""
    effect_parser = parser()
    cut = len(text)
    try:
        padded = text + (" " if text[-1:].isalnum() else "") + _SENTINEL
        tokens = list(tokenize(padded, effect_parser.vocabulary))
    except LexError:
        return None
    sentinel = next(
        (i for i, t in enumerate(tokens) if t.type == "NUMBER" and (t.start_pos or 0) >= cut), None
    )
    if sentinel is None:
        return None
    run = effect_parser.lalr.begin(start)
    try:
        for token in tokens[:sentinel]:
            run.feed(token)
        accepts = run.accepts()
    except Exception:  # any parse failure earlier in the text: no grammar guidance
        return None
    return accepts - _NOT_WORDS


def words_for(terminals: set[str] | None) -> list[Word]:
    """The words to offer for these terminals (every word when the grammar gives no guidance)."""
    table = by_terminal()
    if terminals is None:
        return [w for group in table.values() for w in group]
    return [w for terminal in sorted(terminals) for w in table.get(terminal, [])]
