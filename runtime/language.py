"""The whole effect language and the bundled rules modules: importing every module that registers
ops, measures, predicates and nouns fills runtime/registry.py's tables, and runtime/modules'
`load()` adds the rules modules' words and fills runtime/extension.py's tables, the modules'
windows and card kinds among them (nothing in; the filled tables out)."""

from __future__ import annotations

_loaded = False  # every game calls load(): after the first time there is nothing to import


def load() -> None:
    """Register every word of the language and every bundled rules module (idempotent: a module
    registers once, on import).

    The order is the registry's order (the reference docs list words in it): the core
    vocabulary first, then the core's ops, then the rules modules' words and the modules."""
    global _loaded
    if _loaded:
        return
    from runtime import vocabulary  # noqa: F401, I001
    from runtime.ops import card_moves, encounter, piles  # noqa: F401
    from runtime.ops import interventions  # noqa: F401
    from runtime.ops import players  # noqa: F401
    from runtime.ops import ship_moves, totals  # noqa: F401
    from runtime.ops import ship_returns  # noqa: F401
    from runtime.ops import naming  # noqa: F401
    from runtime.ops import side_cards  # noqa: F401
    from runtime.ops import aliens  # noqa: F401
    from runtime.ops import alien_sheets  # noqa: F401
    from runtime.ops import forced_allies  # noqa: F401
    from runtime.ops import planets  # noqa: F401
    from runtime.ops import card_events  # noqa: F401
    from runtime.ops import pieces  # noqa: F401
    from runtime.ops import deals  # noqa: F401
    from runtime import modules

    modules.load()
    _loaded = True
