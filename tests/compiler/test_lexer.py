"""The effect-language lexer: effect text in, tokens with positions out, or a LexError saying where."""

from __future__ import annotations

import pickle

import pytest

from compiler.pipeline import shared_texts
from compiler.pipeline.effect_vocabulary import Vocabulary, build_vocabulary, declared_keywords
from compiler.pipeline.lexer import MAX_DIGITS, LexError, lex, tokenize
from compiler.pipeline.parser import parser
from compiler.pipeline.syntax_errors import EffectSyntaxError


@pytest.fixture(scope="module")
def vocab() -> Vocabulary:
    return parser().vocabulary


def kinds(text: str, vocab: Vocabulary) -> list[tuple[str, str]]:
    return [(t.type, str(t.value)) for t in tokenize(text, vocab)]


def test_registry_words_become_their_terminal_with_the_canonical_value(vocab: Vocabulary) -> None:
    assert kinds("each other player loses 1 ship to the warp", vocab) == [
        ("EACH", "each"),
        ("OTHER", "other"),
        ("NOUN", "player"),
        ("VERB", "lose"),
        ("NUMBER", "1"),
        ("NOUN", "ship"),
        ("PREP", "to"),
        ("THE", "the"),
        ("NOUN", "warp"),
        ("_NL", "\n"),
    ]


def test_the_longest_phrase_wins_over_its_first_word(vocab: Vocabulary) -> None:
    tokens = list(tokenize("the number of cards in your hand", vocab))
    assert (tokens[0].type, tokens[0].value) == ("NUMBER_OF", "the number of")
    assert (tokens[0].start_pos, tokens[0].end_pos) == (0, 13)
    assert tokens[1].column == 15


def test_eon_words_read_as_their_ffg_word(vocab: Vocabulary) -> None:
    assert kinds("each challenge", vocab)[1] == ("NOUN", "encounter")


def test_positions_are_one_based_lines_and_columns_and_offsets_into_the_text(
    vocab: Vocabulary,
) -> None:
    tokens = list(tokenize("draw 1 card\nlose 2 ships to the warp", vocab))
    lose = next(t for t in tokens if t.type == "VERB" and t.value == "lose")
    assert (lose.line, lose.column, lose.start_pos, lose.end_pos) == (2, 1, 12, 16)
    ships = next(t for t in tokens if t.value == "ships")
    assert (ships.line, ships.column, ships.end_column) == (2, 8, 13)


def test_a_token_ends_on_its_line_and_a_layout_mark_spans_one_column(vocab: Vocabulary) -> None:
    tokens = list(tokenize("if you win:\n  draw 1 card to the warp", vocab))
    phrase = next(t for t in tokens if t.type == "NOUN")
    assert (phrase.end_line, phrase.end_column) == (2, 14)
    indent = next(t for t in tokens if t.type == "_INDENT")
    assert (indent.start_pos, indent.end_pos, indent.column, indent.end_column) == (12, 12, 1, 2)
    copied = pickle.loads(pickle.dumps(phrase))
    assert (copied.type, copied.start_pos, copied.end_line, copied.end_column) == (
        "NOUN",
        phrase.start_pos,
        2,
        14,
    )


def test_a_line_met_again_in_a_run_is_placed_where_it_stands(vocab: Vocabulary) -> None:
    def placed(text: str) -> list[tuple[object, ...]]:
        return [
            (t.type, t.value, t.start_pos, t.end_pos, t.line, t.column) for t in lex(text, vocab)[0]
        ]

    shared_texts.forget()
    alone = placed('draw 1 card to your "hoard" pile')
    shared_texts.forget()
    nested = placed('if you win:\n  draw 1 card to your "hoard" pile')
    # the second text's line was split when the first was lexed: its tokens are still its own
    shared_texts.forget()
    placed('draw 1 card to your "hoard" pile')
    assert placed('if you win:\n  draw 1 card to your "hoard" pile') == nested
    assert placed('draw 1 card to your "hoard" pile') == alone
    assert nested[-3][2:] == (42, 46, 2, 31)  # `pile`, in its place on the second line


def test_a_line_met_again_with_another_vocabulary_is_read_with_that_one(vocab: Vocabulary) -> None:
    shared_texts.forget()
    assert lex("otherwise:", vocab)[1] is None
    tokens, error = lex("otherwise:", build_vocabulary("%declare IF _NL VERB NOUN\n"))
    assert tokens == [] and error is not None and error.message == "unknown word 'otherwise'"


def test_indentation_opens_and_closes_blocks(vocab: Vocabulary) -> None:
    text = "if you are the offense:\n  draw 1 card\notherwise:\n  lose 1 ship to the warp"
    layout = [t.type for t in tokenize(text, vocab) if t.type in ("_INDENT", "_DEDENT")]
    assert layout == ["_INDENT", "_DEDENT", "_INDENT", "_DEDENT"]
    # `otherwise` continues the `if`, so no statement break comes before it
    types = [t.type for t in tokenize(text, vocab)]
    assert types[types.index("OTHERWISE") - 1] == "_DEDENT"


def test_a_statement_after_a_block_is_separated_from_it(vocab: Vocabulary) -> None:
    types = [t.type for t in tokenize("if you are the offense:\n  draw 1 card\ndraw 1 card", vocab)]
    dedent = types.index("_DEDENT")
    assert types[dedent + 1] == "_NL" and types[dedent + 2] == "VERB"


def test_options_of_a_choice_are_bullets_with_labels(vocab: Vocabulary) -> None:
    text = 'choose one:\n  - "Yes": draw 1 card\n  - "No": draw 2 cards'
    tokens = list(tokenize(text, vocab))
    assert [t.value for t in tokens if t.type == "LABEL"] == ["Yes", "No"]
    types = [t.type for t in tokens]
    assert types.count("BULLET") == 2
    # the second option follows the first without a block break between them
    second = len(types) - 1 - types[::-1].index("BULLET")
    assert types[second - 1] == "_NL" and "_DEDENT" not in types[:second]


def test_comments_and_blank_lines_make_no_tokens(vocab: Vocabulary) -> None:
    tokens = list(tokenize("# a note\n\ndraw 1 card", vocab))
    assert [t.type for t in tokens] == ["VERB", "NUMBER", "NOUN", "_NL"]
    assert (tokens[0].line, tokens[0].start_pos) == (3, 10)


def test_an_unknown_word_is_refused_where_it_stands_with_a_suggestion(vocab: Vocabulary) -> None:
    with pytest.raises(LexError) as caught:
        list(tokenize("draw 1 card\nlsoe 1 ship", vocab))
    assert caught.value.message == "unknown word 'lsoe'"
    assert (caught.value.offset, caught.value.length) == (12, 4)
    assert caught.value.hint is not None and "'lose'" in caught.value.hint


def test_an_unexpected_character_is_refused_at_its_offset(vocab: Vocabulary) -> None:
    with pytest.raises(LexError) as caught:
        list(tokenize("draw 1 card ^", vocab))
    assert caught.value.message == "unexpected character '^'"
    assert (caught.value.offset, caught.value.length) == (12, 1)


def test_lexing_stops_at_an_unknown_word_with_the_tokens_before_it(vocab: Vocabulary) -> None:
    tokens, error = lex("draw 2 cards\nlose 1 shipz", vocab)
    assert [(t.type, str(t)) for t in tokens] == [
        ("VERB", "draw"),
        ("NUMBER", "2"),
        ("NOUN", "cards"),
        ("_NL", "\n"),
        ("VERB", "lose"),
        ("NUMBER", "1"),
    ]
    assert error is not None and (error.message, error.offset) == ("unknown word 'shipz'", 20)


def test_a_syntax_error_before_an_unknown_word_on_its_line_is_the_one_reported() -> None:
    with pytest.raises(EffectSyntaxError) as caught:
        parser().effect("draw 2 cards cards xyzzy")
    assert caught.value.message.startswith("unexpected 'cards'")
    assert caught.value.offset == 13


def test_an_unexpected_character_is_reported_before_the_syntax_of_its_line() -> None:
    with pytest.raises(EffectSyntaxError) as caught:
        parser().effect("draw draw ^")
    assert (caught.value.message, caught.value.offset) == ("unexpected character '^'", 10)


def test_an_unexpected_character_wins_over_the_other_problems_of_its_line(
    vocab: Vocabulary,
) -> None:
    long_number = "9" * (MAX_DIGITS + 1)
    for line in ("lose 1 shipz ^", f"lose {long_number} ^", "lose ^ shipz"):
        tokens, error = lex("draw 2 cards\n" + line, vocab)
        assert [str(t) for t in tokens] == ["draw", "2", "cards", "\n"], line
        assert error is not None and error.message == "unexpected character '^'", line
        assert error.offset == 13 + line.index("^"), line


def test_a_tab_in_the_indentation_is_refused(vocab: Vocabulary) -> None:
    with pytest.raises(LexError, match="tabs cannot indent") as caught:
        list(tokenize("draw 1 card\n\tdraw 1 card", vocab))
    assert caught.value.offset == 12


def test_a_dedent_to_no_enclosing_block_is_refused(vocab: Vocabulary) -> None:
    text = "if you are the offense:\n    draw 1 card\n  draw 1 card"
    with pytest.raises(LexError, match="matches no enclosing block"):
        list(tokenize(text, vocab))


def test_numbers_longer_than_the_limit_are_refused(vocab: Vocabulary) -> None:
    assert kinds("draw " + "9" * MAX_DIGITS + " cards", vocab)[1] == ("NUMBER", "9" * MAX_DIGITS)
    with pytest.raises(LexError, match="out of range"):
        list(tokenize("draw " + "9" * (MAX_DIGITS + 1) + " cards", vocab))


def test_keywords_come_from_the_grammar_declarations() -> None:
    grammar = "%declare IF THEN _NL VERB NOUN\n"
    assert declared_keywords(grammar) == ["IF", "THEN"]
    vocab = build_vocabulary(grammar)
    assert vocab.phrases[("if",)] == ("IF", "if")
    assert vocab.phrases[("draw",)][0] == "VERB"
    for words, hit in vocab.phrases.items():  # a one-word phrase is found alone or grows
        if len(words) == 1:
            assert (vocab.alone.get(words[0]) == hit) != (words in vocab.beginnings)


def test_a_word_with_two_kinds_is_a_vocabulary_error() -> None:
    # `warp` is a registry noun; a grammar that also declares it a keyword is contradictory
    with pytest.raises(ValueError, match="'warp' is both WARP and NOUN"):
        build_vocabulary("%declare WARP\n")
