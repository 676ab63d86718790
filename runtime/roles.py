"""Roles a player can hold in an encounter (the `as:` filter of a hook), each a test on the state."""

from __future__ import annotations

from collections.abc import Callable

from runtime.state import State

RoleTest = Callable[[State, int], bool]


def _offense(state: State, seat: int) -> bool:
    enc = state.encounter
    return (enc.offense if enc is not None else state.offense) == seat


def _defense(state: State, seat: int) -> bool:
    enc = state.encounter
    return enc is not None and enc.defense == seat


def _main(state: State, seat: int) -> bool:
    # the offense or the defense, read here rather than through _offense and _defense: two calls
    # fewer on the role most hooks filter on
    enc = state.encounter
    if enc is None:
        return state.offense == seat
    return enc.offense == seat or enc.defense == seat


def _offensive_ally(state: State, seat: int) -> bool:
    enc = state.encounter
    return enc is not None and seat in enc.allies[0]


def _defensive_ally(state: State, seat: int) -> bool:
    enc = state.encounter
    return enc is not None and seat in enc.allies[1]


def _ally(state: State, seat: int) -> bool:
    enc = state.encounter  # either side's allies, read here as _main reads its two roles
    return enc is not None and (seat in enc.allies[0] or seat in enc.allies[1])


ROLES: dict[str, tuple[RoleTest, str]] = {
    "any player": (lambda s, p: True, "anyone, in the encounter or not"),
    "offense": (_offense, "the player whose turn it is"),
    "defense": (_defense, "the player whose system the gate points at"),
    "main player": (_main, "the offense or the defense"),
    "ally": (_ally, "a player with ships committed to either side"),
    "offensive ally": (_offensive_ally, "a player allied with the offense"),
    "defensive ally": (_defensive_ally, "a player allied with the defense"),
    "not main player": (lambda s, p: not _main(s, p), "anyone but the offense and the defense"),
    "not offense": (lambda s, p: not _offense(s, p), "anyone but the offense"),
    "not ally": (lambda s, p: not _ally(s, p), "anyone without ships committed as an ally"),
}


def role_test(names: tuple[str, ...]) -> RoleTest | None:
    """A test for 'any of these roles', or None when the hook has no role filter."""
    if not names or "any player" in names:
        return None
    tests = [ROLES[n][0] for n in names]
    if len(tests) == 1:
        return tests[0]

    def any_role(state: State, seat: int) -> bool:
        # a loop, not any() over a generator (half the cost): asked for every hook in reach
        for test in tests:  # noqa: SIM110
            if test(state, seat):
                return True
        return False

    return any_role
