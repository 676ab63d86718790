"""The nouns, measures and conditions of the effect language: importing this package registers them
in runtime/registry.py's tables, in this order (the selectors are in runtime/effects/selectors.py)."""

from runtime.vocabulary import nouns, measures, conditions, identity, phases  # noqa: F401, I001
