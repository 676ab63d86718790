"""The loader's values (compiler.pipeline.load): YAML text in, plain data out, following YAML 1.2
(anchors copied, no merge keys), with a warning where YAML 1.1 would have read a word or a
number differently."""

from __future__ import annotations

import math
from itertools import product

import pytest
from load_kit import CARD, load, where
from yaml.error import Mark

from compiler.pipeline.loaded import Loaded
from compiler.pipeline.yaml_import import ScalarNode
from compiler.pipeline.yaml_values import PLAIN_TAG, STR_TAG, Builder, TaglessLoader

# --- plain data -------------------------------------------------------------


def test_loads_plain_data_without_diagnostics() -> None:
    loaded = load(CARD)
    assert loaded.diagnostics == []
    assert loaded.data == {
        "id": "zombie",
        "kind": "alien",
        "powers": [
            {
                "name": "Undying",
                "window": ["regroup", "resolution"],
                "do": "return ship to colony\ndraw 1 card\n",
            }
        ],
    }
    assert loaded.path == "card.yaml"
    assert loaded.text == CARD


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("FALSE", False),
        ("null", None),
        ("Null", None),
        ("NULL", None),
        ("~", None),
        ("", None),
        ("42", 42),
        ("-7", -7),
        ("+3", 3),
        ("0", 0),
        ("1.5", 1.5),
        ("-.5", -0.5),
        ("1e3", 1000.0),
        (".inf", math.inf),
        ("-.Inf", -math.inf),
        ("0x1F", 31),
        ("0o17", 15),
        ("tRUE", "tRUE"),
        ("12:30", "12:30"),
        ("2001-12-14", "2001-12-14"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("1_000", "1_000"),
        ("0b101", "0b101"),
        ("'true'", "true"),
        ('"42"', "42"),
        ("'~'", "~"),
        ("''", ""),
        ("!!str 42", "42"),
        ("!!int 42", 42),
        ("!!float 2", 2.0),
        ("!!bool true", True),
        ("!!null ''", None),
    ],
)
def test_scalars_follow_the_yaml_1_2_core_schema(source: str, expected: object) -> None:
    loaded = load(f"value: {source}\n")
    assert loaded.diagnostics == []
    value = loaded.data["value"]
    assert value == expected
    assert type(value) is type(expected)


def test_nan_is_a_float() -> None:
    assert math.isnan(load("value: .nan\n").data["value"])


def test_anchors_and_aliases_expand_to_copies_of_plain_data() -> None:
    loaded = load("base: &b {cost: 2}\nother: *b\n")
    assert loaded.diagnostics == []
    assert loaded.data == {"base": {"cost": 2}, "other": {"cost": 2}}


def test_merge_key_is_an_ordinary_string_key() -> None:
    loaded = load("a: &a {x: 1}\nb:\n  <<: *a\n")
    assert loaded.data["b"] == {"<<": {"x": 1}}


# --- YAML 1.1 surprises ------------------------------------------------------


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N", "yEs"])
def test_yaml11_boolean_words_stay_strings_with_a_warning(word: str) -> None:
    loaded = load(f"optional: {word}\n")
    assert loaded.data == {"optional": word}
    assert where(loaded) == [("W110", 1, 11)]
    warning = loaded.diagnostics[0]
    assert not warning.is_error
    assert warning.hint is not None and "quote" in warning.hint


def test_quoted_yaml11_word_is_silent() -> None:
    loaded = load("a: 'yes'\nb: \"off\"\nc: !!str on\n")
    assert loaded.diagnostics == []
    assert loaded.data == {"a": "yes", "b": "off", "c": "on"}


def test_yaml11_word_as_key_warns_but_stays_a_key() -> None:
    loaded = load("on: play\n")
    assert loaded.data == {"on": "play"}
    assert where(loaded) == [("W110", 1, 1)]


def test_leading_zero_keeps_the_decimal_value_and_warns() -> None:
    loaded = load("cost: 017\nother: -08\nzero: 0\nquoted: '017'\n")
    assert loaded.data == {"cost": 17, "other": -8, "zero": 0, "quoted": "017"}
    assert where(loaded) == [("W111", 1, 7), ("W111", 2, 8)]
    first = loaded.diagnostics[0]
    assert "octal 15" in first.message
    assert "the string '-08'" in loaded.diagnostics[1].message
    assert first.hint is not None and "17" in first.hint and '"017"' in first.hint


# --- plain scalars known as strings while composing ------------------------------------------


def _resolved_at_once(text: str) -> bool:
    loader = TaglessLoader("")
    try:
        return loader.resolve(ScalarNode, text, (True, False)) == STR_TAG
    finally:
        loader.dispose()


def _kept_by_core_rules(text: str) -> bool:
    loaded = Loaded("card.yaml")
    mark = Mark("card.yaml", 0, 0, 0, None, None)
    value = Builder(loaded).plain(ScalarNode(PLAIN_TAG, text, mark, mark), text)
    return value == text and value.__class__ is str and not loaded.diagnostics


def test_plain_scalars_taken_as_strings_at_once_are_those_the_core_rules_keep() -> None:
    letters = "yesnoftrulYESNOFTRUL~0.-+x "
    texts = {"", *(a + b + c for a in letters for b in letters for c in letters)}
    texts |= {a + b for a in letters for b in letters} | set(letters)
    texts |= {
        "".join(t)
        for w in ("true", "false", "null")
        for t in product(*zip(w, w.upper(), strict=True))
    }
    texts |= {"0x1f", "0o17", "017", ".inf", "-.Inf", "1e3", "Undying", "draw 1 card"}
    # a text that starts like a number is always left to the full rules
    kept = {t for t in texts if _kept_by_core_rules(t) and t[:1] not in set("0123456789+-.")}
    assert {t for t in texts if _resolved_at_once(t)} == kept


def test_no_other_character_lowercases_to_a_letter_of_a_yaml11_boolean() -> None:
    letters = set("yesnof")
    found = [c for c in map(chr, range(0x110000)) if not c.isascii() and set(c.lower()) & letters]
    assert found == []
