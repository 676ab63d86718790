"""The bundled rules modules, one per module (or package) here. `load()` imports each module's
words of the effect language, then the modules themselves: the words fill runtime/registry.py's
tables, and each module registers with runtime/extension.py (its windows, card kinds and steps)
in the order its steps run when two act at the same point (nothing in; the filled tables out)."""

from __future__ import annotations


def load() -> None:
    """Register the bundled modules' words, then the modules (idempotent: each registers once, on
    import). runtime/language.py calls it after the core's words, so the reference docs list a
    module's words after the base game's."""
    from runtime.modules.essence import words  # noqa: F401, I001
    from runtime.modules.essence import ops  # noqa: F401
    from runtime.modules.techs import words as tech_words  # noqa: F401

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
