"""What to tell an author about a word the effect language does not know: which word to point at
and which known spellings are within a small edit distance of it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from compiler.pipeline import language_table as words
from runtime.record import record

if TYPE_CHECKING:
    from compiler.pipeline.effect_vocabulary import Vocabulary

Phrase = tuple[str, ...]
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
# the terminals of the registry's words; any other a phrase is is a keyword of the grammar
_VOCABULARY_TERMINALS = {"VERB", "NOUN", "ADJ", "ADV", "PRED", "PRED_OBJ", "PREP", "DURATION"}
ANY_PLACE: frozenset[str] = frozenset()  # a spelling that fits wherever its words were written


@record
class Refusal:
    """An unknown word: the message, where it points in the line (start and end columns), the
    hint, and the near spellings with the terminals each would be (ANY_PLACE: those the words
    before it already decide), for the parser to keep the ones it can take there."""

    message: str
    start: int
    end: int
    hint: str | None
    near: tuple[tuple[str, frozenset[str]], ...] = ()


# spelled-out numbers, which the language writes in digits
_SPELLED = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBER_WORDS = {w: str(n) for n, w in enumerate(_SPELLED.split(" "))}


def number_word_hint(word: str) -> str | None:
    digits = NUMBER_WORDS.get(word.lower())
    return None if digits is None else f"write numbers in digits: '{digits}'"


def edit_distance(a: str, b: str) -> int:
    """Letters inserted, deleted, replaced or swapped with their neighbour to turn `a` into `b`."""
    before: list[int] | None = None
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if before is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
    return row[-1]


def within_reach(word: str) -> int:
    """How many edits a misspelling of a word this long may be away from it."""
    return 1 if len(word) <= 5 else 2 if len(word) <= 9 else 3


def closest(word: str, spellings: dict[str, str]) -> list[str]:
    """The suggestions (values of `spellings`) whose spelling (key) is within reach of `word`,
    best first: those that agree with it in ending in 's' (plural nouns, verbs of a subject) or
    that it begins, then the nearer, then in alphabetical order."""
    reach = within_reach(word)
    found: dict[str, tuple[bool, int, str]] = {}
    for spelling, shown in spellings.items():
        if abs(len(spelling) - len(word)) > reach:
            continue
        distance = edit_distance(word, spelling)
        if distance <= reach:
            # a word cut short ("colonie") agrees with the spelling it begins
            differs = spelling.endswith("s") != word.endswith("s") and not spelling.startswith(word)
            key = (differs, distance, shown)
            found[shown] = min(found.get(shown, key), key)
    return sorted(found, key=found.__getitem__)


def did_you_mean(spellings: list[str]) -> str | None:
    best = spellings[:3]
    if not best:
        return None
    if len(best) == 1:
        return f"did you mean '{best[0]}'?"
    return "did you mean " + ", ".join(f"'{b}'" for b in best[:-1]) + f" or '{best[-1]}'?"


class _Index:
    """The vocabulary as an unknown word is compared with it: each word that starts a phrase or
    is one, with the terminals those phrases are; and the two-word phrases written as one."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.first_words: dict[str, set[str]] = {}
        self.glued: dict[str, str] = {}
        for phrase, (terminal, _) in vocab.phrases.items():
            self.first_words.setdefault(phrase[0], set()).add(terminal)
            if len(phrase) == 2 and not _eon(phrase):
                self.glued["".join(phrase)] = " ".join(phrase)

    def continuations(self, prefix: Phrase) -> list[str]:
        """The words that go on from `prefix` in some phrase."""
        n = len(prefix)
        return sorted({p[n] for p in self.vocab.phrases if len(p) > n and p[:n] == prefix})

    def completions(self, prefix: Phrase, plural: bool) -> list[str]:
        """The phrases one word longer than `prefix`, FFG spellings first and those agreeing with
        `plural` before the others."""
        n = len(prefix)
        found = [p for p in self.vocab.phrases if len(p) == n + 1 and p[:n] == prefix]
        found.sort(key=lambda p: (_eon(p), p[-1].endswith("s") != plural, len(p[-1]), p))
        return [" ".join(p) for p in found]


_INDEXES: dict[int, _Index] = {}


def _index(vocab: Vocabulary) -> _Index:
    found = _INDEXES.get(id(vocab))
    if found is None or found.vocab is not vocab:
        _INDEXES.clear()  # one vocabulary is in use at a time; an old one is not kept alive
        found = _INDEXES[id(vocab)] = _Index(vocab)
    return found


def _eon(phrase: Phrase) -> bool:
    return any(w in words.ALIASES for w in phrase)


def refusal(line_words: list[re.Match[str]], at: int, vocab: Vocabulary) -> Refusal:
    """Why the word `line_words[at]` (with the line's other word pieces around it) cannot be read:
    a word that only begins phrases points at the word after it, where the phrase went wrong."""
    index = _index(vocab)
    piece = line_words[at]
    word = piece["word"].lower()
    if (word,) in vocab.beginnings:
        return _unfinished(line_words, at, index)
    after = _words_before(line_words, at, vocab)
    if after and (*after, word) in vocab.beginnings:  # the phrase goes wrong further on
        return _unfinished(line_words, at - len(after), index)
    if word in NUMBER_WORDS:
        return Refusal(
            f"unknown word '{piece['word']}'",
            piece.start("word"),
            piece.end(),
            number_word_hint(word),
        )
    spellings = {w: w for w in index.first_words}
    spellings.update(index.glued)
    follow = index.continuations(after) if after else []
    near = closest(word, {w: w for w in follow})  # what the words before it begin, first
    near += [s for s in closest(word, spellings) if s not in near]
    if not near:
        near = _split(word, index)
    kinds = [
        (s, ANY_PLACE if s in follow else frozenset(index.first_words.get(s.split()[0], ())))
        for s in near
    ]
    return Refusal(
        f"unknown word '{piece['word']}'",
        piece.start("word"),
        piece.end(),
        did_you_mean(near),
        tuple(kinds),
    )


def continues_near(before: str, word: str, vocab: Vocabulary) -> bool:
    """Whether `word` is a misspelling of a word that goes on, in some phrase, from the last
    words of the text `before` it ("home planet or" before "colonie")."""
    index = _index(vocab)
    last = tuple(_WORD.findall(before.lower())[-3:])
    for n in range(len(last), 0, -1):
        run = last[-n:]
        if run in vocab.beginnings and closest(
            word.lower(), {w: w for w in index.continuations(run)}
        ):
            return True
    return False


def _words_before(line_words: list[re.Match[str]], at: int, vocab: Vocabulary) -> Phrase:
    """The longest run of words just before `at` that begins a longer phrase ("at" before
    "lest"), or () when none does."""
    for n in (3, 2, 1):
        if at - n < 0 or any(m.lastgroup != "word" for m in line_words[at - n : at]):
            continue
        run = tuple(m["word"].lower() for m in line_words[at - n : at])
        if run in vocab.beginnings:
            return run
    return ()


def _split(word: str, index: _Index) -> list[str]:
    """For a word glued from a phrase's first word and something else ("homeworlds"): the
    phrases that first word begins."""
    for cut in range(len(word) - 2, 2, -1):
        head = word[:cut]
        if (head,) in index.vocab.beginnings:
            return index.completions((head,), word.endswith("s"))
    return []


def _unfinished(line_words: list[re.Match[str]], at: int, index: _Index) -> Refusal:
    """A word that begins phrases, followed by words that finish none of them."""
    vocab = index.vocab
    first = line_words[at]
    prefix: Phrase = (first["word"].lower(),)
    j = at + 1
    while j < len(line_words) and line_words[j].lastgroup == "word":
        longer = (*prefix, line_words[j]["word"].lower())
        if longer not in vocab.beginnings:
            break
        prefix, j = longer, j + 1
    written = " ".join(m["word"] for m in line_words[at:j])
    stray = line_words[j] if j < len(line_words) and line_words[j].lastgroup == "word" else None
    if stray is None:
        return Refusal(
            f"unknown word '{written}'",
            first.start("word"),
            line_words[j - 1].end(),
            did_you_mean(index.completions(prefix, False)),
        )
    text = stray["word"]
    goes_on = index.continuations(prefix)
    near = closest(text.lower(), {w: w for w in goes_on})
    if near:
        return Refusal(
            f"unknown word '{text}'", stray.start("word"), stray.end(), did_you_mean(near)
        )
    if text.lower() in index.first_words:
        return Refusal(
            f"unknown phrase '{written} {text}'",
            first.start("word"),
            stray.end(),
            did_you_mean(_instead(prefix, text.lower(), index)),
        )
    listed = [f"'{w}'" for w in goes_on[:6]] + (["..."] if len(goes_on) > 6 else [])
    return Refusal(
        f"unknown word '{text}'",
        stray.start("word"),
        stray.end(),
        f"after '{written}' comes {', '.join(listed[:-1])} or {listed[-1]}"
        if len(listed) > 1
        else f"after '{written}' comes {listed[0]}",
    )


def _instead(prefix: Phrase, word: str, index: _Index) -> list[str]:
    """What to write for a known word that does not go on from `prefix`: the phrase with the one
    word left out put back ("for the rest of game": 'for the rest of the game'; "starting you":
    'starting with you', a keyword before what follows it); else, for a noun, the noun alone and
    the phrase `prefix` begins that means the same ("home system": 'system', 'home planets')."""
    n = len(prefix)
    missing = [
        " ".join(p)
        for p in index.vocab.phrases
        if len(p) == n + 2 and p[:n] == prefix and p[-1] == word
    ]
    missing += [
        " ".join((*p, word))
        for p, (terminal, _) in index.vocab.phrases.items()
        if len(p) == n + 1 and p[:n] == prefix and terminal not in _VOCABULARY_TERMINALS
    ]
    if missing:
        return sorted(missing)
    noun = words.SURFACE_NOUNS.get(word)
    if noun is None:
        return []
    found = [word]
    if tuple(noun.meaning.split())[:n] == prefix:
        found.append(noun.meaning)
    return found
