"""Diagnostics: the one record every compiler stage reports problems with (code, span, message, hint)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from runtime.record import Record, record


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True, order=True)
class Span(Record):
    """A place in a source file: 1-based line and column, with an optional end on the same line."""

    path: str
    line: int = 1
    column: int = 1
    end_column: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@record
class Code(Record):
    """A stable diagnostic code with its default severity and a one-line summary for docs and SARIF."""

    id: str
    name: str
    summary: str
    severity: Severity = Severity.ERROR


@record
class Diagnostic(Record):
    code: Code
    message: str
    span: Span
    hint: str | None = None
    severity: Severity | None = None

    @property
    def level(self) -> Severity:
        return self.severity or self.code.severity

    @property
    def is_error(self) -> bool:
        return self.level is Severity.ERROR

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.path, self.span.line, self.span.column, self.code.id)


CODES: dict[str, Code] = {}


def _code(id: str, name: str, summary: str, severity: Severity = Severity.ERROR) -> Code:
    code = Code(id, name, summary, severity)
    CODES[id] = code
    return code


# Files and YAML (E1xx)
FILE_UNREADABLE = _code("E100", "file-unreadable", "The file cannot be read.")
NOT_UTF8 = _code("E101", "not-utf8", "The file is not valid UTF-8.")
FILE_TOO_LARGE = _code("E102", "file-too-large", "The file exceeds the size limit for a card.")
EMPTY_FILE = _code("E103", "empty-file", "The file holds no YAML document.")
YAML_SYNTAX = _code("E104", "yaml-syntax", "The YAML cannot be parsed.")
DUPLICATE_KEY = _code("E105", "duplicate-key", "A mapping repeats a key.")
ALIAS_BOMB = _code("E106", "alias-expansion", "Anchors and aliases expand beyond the allowed size.")
NOT_A_MAPPING = _code("E107", "not-a-mapping", "The document is not a mapping.")
YAML_TAG = _code("E108", "yaml-tag", "The YAML uses an explicit tag, which cards may not.")
MULTIPLE_DOCUMENTS = _code("E109", "multiple-documents", "The file holds more than one document.")
YAML11_BOOLEAN = _code(
    "W110", "yaml11-boolean", "A yes/no/on/off word is read as a boolean.", Severity.WARNING
)
LEADING_ZERO = _code(
    "W111", "leading-zero", "A number with a leading zero is read oddly.", Severity.WARNING
)
NON_STRING_KEY = _code("E112", "non-string-key", "A mapping key is not a plain string.")
NUMBER_TOO_LONG = _code("E113", "number-too-long", "A number has more digits than any card needs.")

# Schema (E2xx)
UNKNOWN_KEY = _code("E200", "unknown-key", "A key that the card kind does not define.")
MISSING_KEY = _code("E201", "missing-key", "A required key is absent.")
WRONG_TYPE = _code("E202", "wrong-type", "A value has the wrong type.")
BAD_VALUE = _code("E203", "bad-value", "A value is not one of the allowed values.")
UNKNOWN_KIND = _code("E204", "unknown-kind", "The card kind is not known.")
SCHEMA_OTHER = _code("E205", "schema", "The value breaks a schema rule.")
ID_MISMATCH = _code("E206", "id-mismatch", "The card id differs from the file name.")
KIND_FOLDER = _code("E207", "kind-folder", "The card sits in the folder of another kind.")

# Effect language (E3xx)
UNKNOWN_WORD = _code(
    "E300", "unknown-word", "A word, or a phrase of known words, the effect language does not know."
)
PARSE_ERROR = _code("E301", "parse-error", "The effect text does not follow the grammar.")
UNKNOWN_OP = _code("E302", "unknown-op", "A verb that names no operation.")
BAD_ARGUMENTS = _code("E303", "bad-arguments", "An operation got arguments it does not take.")
WRONG_ARG_TYPE = _code("E304", "wrong-argument-type", "An argument has the wrong type.")
UNKNOWN_NAME = _code("E305", "unknown-name", "A name (window, role, card, pack) is not defined.")
BAD_PHRASE = _code("E306", "bad-phrase", "A noun phrase cannot be read as what is expected.")
WINDOW_NOT_ALLOWED = _code(
    "E307", "window-not-allowed", "The card kind or role can never act in this window."
)
BAD_CONDITION = _code("E308", "bad-condition", "A condition cannot be understood.")
BAD_INDENT = _code("E309", "bad-indentation", "The indentation of an effect block is wrong.")
NUMBER_OUT_OF_RANGE = _code(
    "E310", "number-out-of-range", "A number is outside the range its place in an effect allows."
)

# Cross-card checks (E4xx)
DUPLICATE_ID = _code("E400", "duplicate-id", "Two cards share an id.")
MISSING_REFERENCE = _code(
    "E401", "missing-reference", "A card refers to a card that does not exist."
)
ESSENCE_COUNT = _code("E402", "essence-count", "An essence set's size differs from its alien.")
MISSING_PACK = _code("E403", "missing-pack", "A pack requires a pack that is not present.")
ORPHAN_CARD = _code(
    "W404", "orphan-card", "A card is not reachable from any pack.", Severity.WARNING
)
MISSING_FLARE = _code("W405", "missing-flare", "An alien has no flare.", Severity.WARNING)
BAD_OVERRIDE = _code("E406", "bad-override", "A mod overrides a card that does not exist.")
BAD_OPTION = _code("E407", "bad-option", "A card requires an option no pack declares.")
MODULE_NOT_NAMED = _code(
    "E408", "module-not-named", "A card needs a rules module its pack does not name."
)
MODULE_OPTION_NOT_REQUIRED = _code(
    "E409",
    "module-option-not-required",
    "A card uses a rules module's word but does not require the option that switches it on.",
)

# Tool failures (E9xx)
INTERNAL = _code("E900", "internal-error", "The validator failed on this file; please report it.")
USAGE = _code("E901", "usage", "The command was used wrongly.")


def did_you_mean(word: str, choices: list[str] | tuple[str, ...] | set[str]) -> str | None:
    """The closest known spelling, phrased as a hint, or None when nothing is close."""
    import difflib

    best = difflib.get_close_matches(word, sorted(choices), n=3, cutoff=0.6)
    if not best:
        return None
    if len(best) == 1:
        return f"did you mean '{best[0]}'?"
    return "did you mean " + ", ".join(f"'{b}'" for b in best[:-1]) + f" or '{best[-1]}'?"
