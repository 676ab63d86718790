"""Plain state data copied and pictured: a value made of lists, dicts, sets, numbers, strings,
frozen records and dataclasses of them in; an independent deep copy (`duplicate`), or a canonical
JSON-able picture that is the same for equal values in any process (`plain`), out."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

from runtime.cards import Hook
from runtime.record import Record

# Copiers for the records a state holds many of, field by field (runtime/state.py fills it;
# tests/runtime/test_state_digest.py checks that a copy of each keeps every field).
COPIERS: dict[type, Callable[[Any], Any]] = {}

_ATOMS = frozenset({int, str, bool, float, type(None)})
# each dataclass's field names, its bases' included (a class's own __slots__ lists only its own)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def duplicate(value: Any) -> Any:
    """A deep copy of plain state data, several times faster than copy.deepcopy (a state is
    copied at the start of every turn so that a game can be forked: runtime/table.py)."""
    t = type(value)
    if t in _ATOMS or isinstance(value, Record) or t is frozenset:
        return value  # immutable: frozen records (hooks, IR nodes) are the card set's own
    atoms = _ATOMS
    if t is list:
        return [v if type(v) in atoms else duplicate(v) for v in value]
    if t is dict:
        return {k: v if type(v) in atoms else duplicate(v) for k, v in value.items()}
    if t is tuple:
        return tuple(v if type(v) in atoms else duplicate(v) for v in value)
    if t is set:
        return {duplicate(v) for v in value}
    fast = COPIERS.get(t)
    if fast is not None:
        return fast(value)
    if t is random.Random:
        return copy_rng(value)
    if is_dataclass(value):
        names = _FIELD_NAMES.get(t)
        if names is None:
            names = _FIELD_NAMES[t] = tuple(f.name for f in fields(value))
        other = object.__new__(t)
        for name in names:
            v = getattr(value, name)
            setattr(other, name, v if type(v) in atoms else duplicate(v))
        return other
    return copy.deepcopy(value)


def copy_rng(rng: random.Random) -> random.Random:
    # seeded with 0, not from the system's entropy (slow), then given the state to copy
    other = random.Random.__new__(random.Random, 0)  # type: ignore[call-arg]
    other.setstate(rng.getstate())
    return other


def plain(value: Any) -> Any:
    """`value` as JSON-able lists, numbers and strings, the same for equal values in any process:
    every field of a record in declaration order (or the record's own `plain_picture`), sets and
    dicts sorted, a hook by its name."""
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=_order)
    if isinstance(value, dict):
        return sorted(([plain(k), plain(v)] for k, v in value.items()), key=_order)
    if isinstance(value, random.Random):
        version, inner, gauss = value.getstate()
        return [version, list(inner), gauss]
    if isinstance(value, Hook):  # the card's own data: its name says which
        return ["Hook", value.card, value.kind, value.name, value.window]
    if is_dataclass(value):
        picture = getattr(value, "plain_picture", None)  # a record that shows itself its own way
        if picture is not None:
            return picture(plain)
        return [type(value).__name__, *(plain(getattr(value, f.name)) for f in fields(value))]
    raise TypeError(f"the state holds a {type(value).__name__}, which is not plain data")


def _order(item: Any) -> str:
    return json.dumps(item, separators=(",", ":"))
