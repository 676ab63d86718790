"""PyYAML imported at less cost: nothing in; yaml and the node classes the loader reads out.

Importing yaml compiles, in yaml.reader, a test for the characters YAML forbids, written as a
negated class reaching U+10FFFF: `re` takes about 10 ms to compile it, a third of the whole
import, though the C parser this compiler loads with never uses it. The same characters listed
directly compile in well under a millisecond, so that pattern is put in `re`'s cache under the
text yaml asks for before yaml is imported (a test checks both find exactly the same
characters). Where `re` keeps no such cache, yaml compiles its own, as before."""

from __future__ import annotations

import re

# yaml.reader.Reader.NON_PRINTABLE as PyYAML writes it, and the characters it matches listed
NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
LISTED = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"


def _seed() -> None:
    cache = getattr(re, "_cache", None)
    if isinstance(cache, dict):
        cache.setdefault((str, NON_PRINTABLE, 0), re.compile(LISTED))


_seed()

import yaml  # noqa: E402  (after the cache is seeded)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode  # noqa: E402

__all__ = ["MappingNode", "Node", "ScalarNode", "SequenceNode", "yaml"]
