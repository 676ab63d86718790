"""The destiny phase: draw a destiny card and turn it into a defense (colour, own colour, wild, special)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.rules import chance, ship_pieces, ships, systems
from runtime.state import Encounter
from runtime.table_events import EncounterEnded
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.table import Table


def draw_card(game: Table) -> int:
    """The top destiny card, or the one a rules module picks from the destiny deck."""
    st = game.state
    if not st.destiny_deck:
        st.destiny_deck = st.destiny_discard
        st.destiny_discard = []
        st.rng.shuffle(st.destiny_deck)
        if game.dispatch.listening(Windows.DESTINY_RESHUFFLED):
            game.dispatch.event(Windows.DESTINY_RESHUFFLED, None)
    chosen = chance.pick(game, st.destiny_deck, 1, (), "destiny card to draw")
    if chosen:
        st.destiny_deck.remove(chosen[0])
        return chosen[0]
    return st.destiny_deck.pop()


def draw_into(game: Table, enc: Encounter) -> int:
    """Draw the encounter's destiny card and announce it; the card that stands once the
    announcement is over (an effect there may have changed it)."""
    card = enc.destiny = draw_card(game)
    if game.dispatch.listening(Windows.DESTINY_DRAWN):
        game.dispatch.event(Windows.DESTINY_DRAWN, None)
        if enc.destiny is None:
            enc.destiny = card
    return enc.destiny


def draw_destiny(game: Table, enc: Encounter) -> None:
    game.dispatch.step(Windows.DESTINY_BEFORE_DRAW)
    st = game.state
    # only a restriction makes a player sit out: most encounters skip the check
    if st.restrictions and all(game.sitting_out(s) for s in range(st.n) if s != enc.offense):
        game.dispatch.lift("take part")  # nobody could defend: every timeout ends at once
        game.log("effect", enc.offense, "finds every other player sitting out: the timeouts end")
    find_defense(game, enc)
    game.dispatch.step(Windows.DESTINY_AFTER_DRAW)
    if game.events is not None:
        game.log("defense", enc.defense)


def draw_again(game: Table, enc: Encounter) -> None:
    """The destiny card just drawn is refused: it is discarded and the draw starts over."""
    set_aside(game, enc)
    find_defense(game, enc)


def find_defense(game: Table, enc: Encounter) -> None:
    """Draw (unless a card is already drawn or picked) until a card names a defense who is not
    sitting out."""
    for _ in range(50):
        card = enc.destiny if enc.destiny is not None else draw_into(game, enc)
        defense = resolve_card(game, enc, card)
        if defense is not None and not game.sitting_out(defense):
            enc.defense = defense
            if game.events is not None:
                game.log("destiny", enc.destiny, defense)
            return
        set_aside(game, enc)
    # fifty cards naming nobody who can defend: the timeouts end, and the next card stands
    game.dispatch.lift("take part")
    fallback = resolve_card(game, enc, draw_into(game, enc))
    enc.defense = fallback if fallback is not None else (enc.offense + 1) % game.state.n
    if game.events is not None:
        game.log("destiny", enc.destiny, enc.defense)


def set_aside(game: Table, enc: Encounter) -> None:
    """The drawn card is discarded, with anything it had settled (an own-colour target)."""
    assert enc.destiny is not None
    game.log("destiny_redraw", game.defs[enc.destiny].name)
    game.state.destiny_discard.append(enc.destiny)
    enc.destiny = None
    enc.planet = -1


def resolve_card(game: Table, enc: Encounter, instance: int) -> int | None:
    """The defense a destiny card points at, or None to draw again."""
    st = game.state
    card = game.defs[instance]
    offense = enc.offense
    if card.type == "color":
        for p in st.players:  # a loop, not next() over a generator: a destiny card per encounter
            if p.color == card.color:
                return p.seat if p.seat != offense else own_color(game, enc)
        return None
    if card.type == "wild":
        others = [
            s for s in st.clockwise_from(offense) if s != offense and not game.sitting_out(s)
        ] or [s for s in st.clockwise_from(offense) if s != offense]
        return int(
            game.choose(offense, "destiny.wild", "choose the defense", others, game.player_name)
        )
    target = game.rules.destiny_target(game, card)
    if target is None or target == offense:
        return own_color(game, enc)
    return target


def own_color(game: Table, enc: Encounter) -> int | None:
    """Own colour: attack a foreign colony at home, re-establish a home colony, or draw again."""
    st = game.state
    offense = enc.offense
    options: list[str] = ["draw again"]
    home = systems.home_planets(game, offense)
    # other players' ships are there when the planet holds more than the offense's own
    invaders = [p for p in home if sum(p.ships) > p.ships[offense]]
    empty = [p for p in home if p.ships[offense] == 0]
    if invaders:
        options.append("attack a colony in your system")
    if empty and systems.has_colony(game, offense):
        options.append("re-establish a home colony")
    choice = game.choose(
        offense, "destiny.own_color", "your own colour was drawn", options, passive=0
    )
    if choice == "draw again":
        return None
    if choice == "re-establish a home colony":
        planet = game.choose(
            offense,
            "destiny.home_planet",
            "re-establish on",
            [p.id for p in empty],
            game.planet_name,
        )
        picked = ships.pick_ships(game, offense, 1, 4, "destiny.home_ships", "ships to move home")
        enc.planet = planet
        for src, k in picked.items():
            ships.remove_from(game, offense, src, k)
            systems.add_ships(game, planet, offense, k)
            ship_pieces.arrived(game, offense, planet)
        game.log("land", offense, planet, sum(picked.values()))
        ships.update_powers(game, offense)
        raise EncounterEnded(True)
    planet = game.choose(
        offense,
        "destiny.invader_planet",
        "attack the colony on",
        [p.id for p in invaders],
        game.planet_name,
    )
    defenders = [s for s, n in enumerate(st.planets[planet].ships) if n > 0 and s != offense]
    defenders = [s for s in defenders if not game.sitting_out(s)] or defenders
    enc.planet = planet
    return int(
        game.choose(offense, "destiny.invader", "choose the defense", defenders, game.player_name)
    )
