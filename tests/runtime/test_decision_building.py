"""The table builds its decisions with `build_decision`, field by field: what it builds must be
the very Decision the class call makes of the same arguments, defaults included."""

from __future__ import annotations

import dataclasses

from runtime.decisions import Decision, build_decision


def test_build_decision_makes_what_the_class_makes_of_the_same_arguments() -> None:
    def label(option: object) -> str:
        return f"<{option}>"

    cases = [
        (0, "launch.planet", "aim", ["a", "b", "c"]),
        (2, "card.play", "play a card?", (None, 7, 9), 1, 1, None, label, 0),
        (1, "launch.ships", "send", ["p1", "p2"], 1, 4, [3, 1], label),
        (4, "alliance.invite", "invite", [1, 2, 3], 0, 3),
    ]
    for args in cases:
        built, made = build_decision(*args), Decision(*args)  # type: ignore[arg-type]
        assert type(built) is Decision
        assert built == made
        for field in dataclasses.fields(Decision):  # each slot set, as the class sets it
            assert getattr(built, field.name) == getattr(made, field.name)


def test_build_decision_takes_the_fields_the_class_takes_in_their_order() -> None:
    # the fields it leaves out keep the class's defaults (checked above): none may come first
    names = [f.name for f in dataclasses.fields(Decision)]
    taken = build_decision.__code__.co_varnames[: build_decision.__code__.co_argcount]
    assert names[: len(taken)] == list(taken)
    defaults = {f.name: f.default for f in dataclasses.fields(Decision)}
    assert build_decision.__defaults__ == tuple(
        defaults[n] for n in taken[-len(build_decision.__defaults__ or ()) :]
    )
