"""The whole effect language and the bundled rules modules: importing every module that registers
ops, measures, predicates and nouns fills runtime/registry.py's tables, and importing
each of runtime/modules fills runtime/extension.py's (nothing in; the filled tables out)."""

from __future__ import annotations


def load() -> None:
    """Register every word of the language (idempotent: a module registers once, on import).

    The order is the registry's order (the reference docs list words in it): the core
    vocabulary first, then the essence cards' words, then the ops."""
    from runtime import vocabulary  # noqa: F401, I001
    from runtime.modules.essence import words  # noqa: F401
    from runtime.ops import card_moves, encounter, piles  # noqa: F401
    from runtime.ops import interventions  # noqa: F401
    from runtime.modules.essence import ops  # noqa: F401
    from runtime.ops import players  # noqa: F401
    from runtime.ops import ship_moves, totals  # noqa: F401
    from runtime.ops import ship_returns  # noqa: F401
    from runtime.ops import naming  # noqa: F401
    from runtime.ops import side_cards  # noqa: F401
    from runtime.ops import aliens  # noqa: F401
    from runtime.ops import alien_sheets  # noqa: F401
    from runtime.ops import forced_allies  # noqa: F401
    from runtime.ops import planets  # noqa: F401
    from runtime.modules.techs import words as tech_words  # noqa: F401
    from runtime.ops import card_events  # noqa: F401
    from runtime.ops import pieces  # noqa: F401
    from runtime.ops import deals  # noqa: F401

    # the rules modules, in the order their steps run when two act at the same point
    from runtime.modules.techs import module as techs  # noqa: F401
    from runtime.modules.lucre import module as lucre  # noqa: F401
    from runtime.modules import hidden_alliances  # noqa: F401
    from runtime.modules import kickers  # noqa: F401
    from runtime.modules import hired_help  # noqa: F401
    from runtime.modules import insurance  # noqa: F401
    from runtime.modules import leases  # noqa: F401
    from runtime.modules import raids  # noqa: F401
    from runtime.modules.essence import module  # noqa: F401
