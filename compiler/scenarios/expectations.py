"""A scenario's expectations: the `expect:` mapping and the played game in, a failure in the result
for each expectation the game does not meet, at the line that states it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from compiler.pipeline.load import Loaded
from compiler.scenarios.pieces import check_pieces, check_ship_pieces
from compiler.scenarios.pile_names import pile_key
from compiler.scenarios.situation import module_record, planet_of, seat_of
from runtime.game import Game
from runtime.modules.essence.records import CARDS, LAID
from runtime.modules.lucre.purses import PURSE
from runtime.modules.techs.records import HELD, PILES
from runtime.registry import marker_measure

if TYPE_CHECKING:
    from compiler.scenarios.runner import Result


def check_expectations(game: Game, loaded: Loaded, expect: dict[str, Any], result: Result) -> None:
    st = game.state
    last = game.last_encounter

    def fail(pointer: str, message: str) -> None:
        result.failures.append((loaded.span("/expect" + pointer).line, message))

    for key, want in expect.items():
        p = "/" + key
        if key == "outcome":
            got = last.outcome if last is not None else None
            if got != want:
                fail(p, f"expected the outcome '{want}', got '{got}'")
        elif key == "totals":
            got_totals = list(last.totals) if last is not None else None
            if got_totals != list(want):
                fail(p, f"expected totals {list(want)}, got {got_totals}")
        elif key == "winners":
            got_w = sorted(st.players[s].color for s in st.winners)
            if got_w != sorted(want):
                fail(p, f"expected winners {sorted(want)}, got {got_w}")
        elif key == "ship limit":
            for color, n in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                got_limit = last.ship_limit[seat] if last is not None else None
                if got_limit != n:
                    fail(f"{p}/{color}", f"expected {color}'s ship limit {n}, got {got_limit}")
        elif key in ("warp", "lucre", "hand size", "foreign colonies", "home colonies"):
            for color, n in want.items():
                line = loaded.span(f"/expect{p}/{color}").line
                seat = seat_of(game, color, line)
                if key == "lucre":
                    got_n = module_record(game, PURSE, st.players[seat], key, line).lucre
                else:
                    got_n = {
                        "warp": lambda s: st.players[s].warp,
                        "hand size": lambda s: len(st.players[s].hand),
                        "foreign colonies": st.foreign_colonies,
                        "home colonies": st.home_colonies,
                    }[key](seat)
                if got_n != n:
                    fail(f"{p}/{color}", f"expected {color}'s {key} to be {n}, got {got_n}")
        elif key == "planets in system":
            for color, n in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                got_n = len(st.home_planets(seat))
                if got_n != n:
                    fail(f"{p}/{color}", f"expected {n} planets in {color}'s system, got {got_n}")
        elif key in ("completed techs", "techs"):
            for color, cards in want.items():
                line = loaded.span(f"/expect{p}/{color}").line
                techs = module_record(game, HELD, st.players[seat_of(game, color, line)], key, line)
                kept = techs.completed if key == "completed techs" else techs.techs
                got_ids = sorted(st.catalog[i] for i in kept)
                if got_ids != sorted(cards):
                    fail(f"{p}/{color}", f"expected {color}'s {key} {sorted(cards)}, got {got_ids}")
        elif key == "pieces":
            check_pieces(game, loaded, want, fail)
        elif key == "ship pieces":
            check_ship_pieces(game, loaded, want, fail)
        elif key == "tech discard":
            pile = module_record(game, PILES, st, key, loaded.span("/expect" + p).line)
            got_ids = sorted(st.catalog[i] for i in pile.tech_discard)
            missing = [c for c in want if c not in got_ids]
            if missing:
                fail(p, f"expected {missing} in the tech discard pile; it holds {got_ids}")
        elif key in ("essence before", "unavailable"):
            for color, cards in want.items():
                line = loaded.span(f"/expect{p}/{color}").line
                seat = seat_of(game, color, line)
                if key == "unavailable":
                    essence = module_record(game, CARDS, st.players[seat], key, line)
                    got_ids = sorted(st.catalog[i] for i in essence.unavailable)
                else:  # a face-down card is written with its way up: "x (face down)"
                    got_ids = sorted(
                        st.catalog[i] + ("" if e.face_up else " (face down)")
                        for i, e in module_record(game, LAID, st, key, line).placed.items()
                        if e.holder == seat
                    )
                if got_ids != sorted(cards):
                    fail(
                        f"{p}/{color}",
                        f"expected {key} {color}: {sorted(cards)}, got {got_ids}",
                    )
        elif key == "piles":
            for color, named_piles in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                for name, cards in named_piles.items():
                    got_ids = sorted(
                        st.catalog[i]
                        for i in st.players[seat].piles.get(pile_key(game, str(name)), [])
                    )
                    if got_ids != sorted(cards):
                        fail(
                            f"{p}/{color}/{name}",
                            f"expected {color}'s '{name}' pile to be {sorted(cards)}, got {got_ids}",
                        )
        elif key == "markers":
            for color, kinds in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                for kind, n in kinds.items():
                    got_n = st.players[seat].tokens.get(marker_measure(str(kind)), 0)
                    if got_n != n:
                        fail(
                            f"{p}/{color}/{kind}",
                            f"expected {n} '{kind}' marker(s) on {color}'s sheet, got {got_n}",
                        )
        elif key == "hand":
            for color, cards in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                held = sorted(st.catalog[c] for c in st.players[seat].hand)
                missing = [c for c in cards if c not in held]
                if missing:
                    fail(
                        f"{p}/{color}",
                        f"expected {color} to hold {missing}; the hand is {held}",
                    )
        elif key == "planets":
            for name, owners in want.items():
                planet = planet_of(game, name, loaded.span(f"/expect{p}").line)
                for color, n in owners.items():
                    seat = seat_of(game, color, loaded.span(f"/expect{p}").line)
                    got_n = st.planets[planet].ships[seat]
                    if got_n != n:
                        fail(
                            f"{p}/{name}",
                            f"expected {n} {color} ship(s) on {name}, got {got_n}",
                        )
        elif key == "log":
            lines = result.log
            at = 0
            for i, fragment in enumerate(want):
                found = next((k for k in range(at, len(lines)) if str(fragment) in lines[k]), None)
                if found is None:
                    fail(
                        f"{p}/{i}",
                        f"the log has no line containing '{fragment}' (after line {at})",
                    )
                    break
                at = found + 1
        elif key == "no log":
            for i, fragment in enumerate(want):
                if any(str(fragment) in line for line in result.log):
                    fail(f"{p}/{i}", f"the log should not mention '{fragment}'")
        elif key == "refused":
            pass  # checked as the decisions come (see compiler/scenarios/refusals.py)
        elif key == "aliens":
            for color, alien in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                got_alien = st.players[seat].alien or "none"
                if got_alien != alien:
                    fail(f"{p}/{color}", f"expected {color} to be {alien}, got {got_alien}")
        elif key == "gained aliens":
            for color, aliens in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                got_gained = sorted(st.players[seat].gained)
                if got_gained != sorted(aliens):
                    fail(
                        f"{p}/{color}",
                        f"expected {color}'s gained aliens {sorted(aliens)}, got {got_gained}",
                    )
        elif key == "unused aliens":
            if sorted(st.unused_aliens) != sorted(want):
                fail(
                    p, f"expected the unused aliens {sorted(want)}, got {sorted(st.unused_aliens)}"
                )
        elif key == "power":
            for color, state in want.items():
                seat = seat_of(game, color, loaded.span(f"/expect{p}/{color}").line)
                on = game.has_power(seat)
                if on != (state == "on"):
                    fail(f"{p}/{color}", f"expected {color}'s power to be {state}")
        else:
            fail(p, f"unknown expectation '{key}'")
