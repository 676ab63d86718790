"""Ships going back where they came from: given a player's ships by where they are now, puts each
on the planet it was sent from (`Encounter.origins`), and returns how many moved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.rules import ship_pieces, systems
from runtime.rules import ships as moves
from runtime.rules.ships import GATE, GUARD, ColonyEvent, Source
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table

# the place kind of `the planets they came from`
ORIGINS = "origins"


def send_back(
    game: Table, owner: int, ships: dict[Source, int], *, saved: bool, chooser: int = -1
) -> int:
    """Ships on a planet stay there (they came from it); ships in the gate or beside the target
    planet go back to the planets they were sent from, the owner picking which when only some
    go; ships with no planet recorded (from the warp, or added by an effect) go to a colony of
    the owner's choosing. Every choice is made before any ship moves."""
    st = game.state
    enc = st.encounter
    arrivals: list[tuple[Source, int, int]] = []  # (from, to, ships)
    for src, k in ships.items():
        if k <= 0 or isinstance(src, int):
            continue  # already on the planet it came from
        recorded: dict[int, int] = {}
        if src in (GATE, GUARD) and enc is not None and owner < len(enc.origins):
            recorded = {p: n for p, n in enc.origins[owner].items() if not st.planets[p].gone}
        for planet, n in _pick(game, owner, recorded, k).items():
            enc_origins = enc.origins[owner] if enc is not None else {}
            enc_origins[planet] -= n
            if enc_origins[planet] == 0:
                del enc_origins[planet]
            arrivals.append((src, planet, n))
            k -= n
        if k > 0:
            arrivals.append((src, moves.choose_colony(game, owner, k), k))
    leaving: dict[Source, int] = {}
    for src, _, n in arrivals:
        leaving[src] = leaving.get(src, 0) + n
    ship_pieces.decide(game, owner, leaving, chooser, fill=True)
    moved = 0
    for src, planet, n in arrivals:
        if src == "warp":
            ship_pieces.leaving(game, owner, ship_pieces.WARP, n, chooser)
            st.players[owner].warp -= n
        else:
            moves.remove_from(game, owner, src, n, chooser)
        founded = st.planets[planet].ships[owner] == 0
        systems.add_ships(game, planet, owner, n)
        ship_pieces.arrived(game, owner, planet)
        moved += n
        if founded:
            game.log("colony", owner, planet)
            game.dispatch.event(Window.COLONY_GAINED, ColonyEvent(owner, planet))
    if moved:
        game.log("saved" if saved else "home", owner, moved)
        moves.update_powers(game, owner)
    return moved


def _pick(game: Table, owner: int, recorded: dict[int, int], count: int) -> dict[int, int]:
    """`count` of the recorded ships (all of them if there are no more), by planet."""
    if sum(recorded.values()) <= count:
        return dict(recorded)
    if len(recorded) == 1:
        (planet,) = recorded
        return {planet: count}
    planets = list(recorded)
    picked = game.choose_many(
        owner,
        "effect.return",
        f"choose {count} ship(s) to send back where they came from",
        planets,
        count,
        count,
        labeler=game.planet_name,
        caps=[recorded[p] for p in planets],
    )
    out: dict[int, int] = {}
    for planet in picked:
        out[planet] = out.get(planet, 0) + 1
    return out
