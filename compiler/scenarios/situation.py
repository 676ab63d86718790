"""A scenario's starting situation: the `start:` mapping in, the game's state changed to match it
(offense, destiny, hands, the top of the deck, ships, warp, lucre, techs, essence cards), or a
ScenarioError at the line that cannot be met."""

from __future__ import annotations

from typing import Any, TypeVar

from compiler.pipeline.load import Loaded
from compiler.scenarios.pile_names import pile_key
from runtime.extension import Holder, Slot
from runtime.game import Game
from runtime.modules.essence.records import CARDS, LAID
from runtime.modules.lucre.purses import PURSE, THE_BOX
from runtime.modules.techs.records import HELD, PILES
from runtime.registry import marker_measure
from runtime.rules import systems

R = TypeVar("R")


class ScenarioError(Exception):
    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def module_record(game: Game, slot: Slot[R], holder: Holder, key: str, line: int) -> R:
    """The record a rules module keeps on `holder`, for the scenario key `key`; a ScenarioError
    when no pack of the game names that module."""
    if slot.module not in holder.slots:
        raise ScenarioError(
            f"'{key}' needs the rules module '{slot.module}', which no pack of the game names",
            line,
        )
    return slot.of(holder)


def _take(game: Game, card_id: str, fixed: set[int]) -> int | None:
    """A copy of a card from the piles, or from the hand of a player whose hand the scenario
    leaves alone (that player gets the top card of the deck in exchange)."""
    st = game.state
    for pile in (st.deck, st.discard, st.reward_deck, st.reward_discard):
        for i in pile:
            if st.catalog[i] == card_id:
                pile.remove(i)
                return i
    for p in st.players:
        if p.seat in fixed:
            continue
        for i in p.hand:
            if st.catalog[i] == card_id:
                game.from_hand(p.seat, i)
                if st.deck:
                    game.to_hand(p.seat, st.deck.pop())
                return i
    return None


def _stack_deck(
    game: Game, loaded: Loaded, start: dict[str, Any], key: str, fixed: set[int]
) -> None:
    """`deck: [a, b]` puts those cards on top of the cosmic deck, `a` drawn first (`reward deck:`
    the same for the reward deck), so what a scenario draws never depends on how the seed
    shuffled the packs."""
    rewards = key == "reward deck"
    line = loaded.span(f"/start/{key}").line
    taken: list[int] = []
    for card_id in start.get(key) or []:
        instance = _take(game, str(card_id), fixed)
        if instance is None:
            raise ScenarioError(f"no '{card_id}' left for the top of the {key}", line)
        if (game.defs[instance].attrs.get("deck") == "rewards") != rewards:
            other = "deck" if rewards else "reward deck"
            raise ScenarioError(
                f"'{card_id}' is a card of the {other}; name it under '{other}:'", line
            )
        taken.append(instance)
    # taken first, placed after: a card taken from a hand is replaced from the top of the deck
    pile = game.state.reward_deck if rewards else game.state.deck
    pile.extend(reversed(taken))  # a deck is drawn from its end


def _set_techs(game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
    """`techs: {red: {xenon-lasers: 2}}` (face down, with ships researching them) and
    `completed techs: {red: [warpspace-key]}` (face up) replace the dealt techs."""
    st = game.state
    wanted_down = start.get("techs") or {}
    wanted_up = start.get("completed techs") or {}
    for key, wanted in (("techs", wanted_down), ("completed techs", wanted_up)):
        for color in wanted:
            line = loaded.span(f"/start/{key}/{color}").line
            player = st.players[seat_of(game, color, line)]
            held = module_record(game, HELD, player, key, line)
            module_record(game, PILES, st, key, line).tech_deck.extend(held.techs)
            player.removed += sum(held.research.values())
            held.techs, held.research = [], {}
    for key, wanted in (("techs", wanted_down), ("completed techs", wanted_up)):
        for color, cards in wanted.items():
            line = loaded.span(f"/start/{key}/{color}").line
            player = st.players[seat_of(game, color, line)]
            held = HELD.of(player)
            ids = cards.items() if isinstance(cards, dict) else ((c, 0) for c in cards)
            for card_id, ships in ids:
                tech = _take_tech(game, str(card_id), line)
                if key == "techs":
                    held.techs.append(tech)
                    held.research[tech] = int(ships)
                    player.removed -= int(ships)
                else:
                    held.completed.append(tech)


def _set_essence(game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
    """`essence cache: {purple: [gridlock]}` puts those cards in the owner's cache (the
    rest go to its set); `essence unavailable:` moves cards of the set to the unavailable
    pile; `essence captives: {purple: {blue: depression}}` sets a ship of blue captive on
    that card of purple's; `essence before: {blue: [encounter-envy]}` lays its owner's essence
    cards face up before a player; `essence face down:` the same, face down."""
    from runtime.modules.essence import lifecycle as essence

    for key in ("essence cache", "essence unavailable"):
        for color, cards in (start.get(key) or {}).items():
            line = loaded.span(f"/start/{key}/{color}").line
            seat = seat_of(game, color, line)
            picked = _essence_cards(game, seat, cards, line)
            p = CARDS.of(game.state.players[seat])
            if key == "essence cache":
                essence.arrange(game, seat, picked, [i for i in p.unavailable if i not in picked])
            else:
                essence.arrange(game, seat, [i for i in p.cache if i not in picked], picked)
    for color, held in (start.get("essence captives") or {}).items():
        line = loaded.span(f"/start/essence captives/{color}").line
        alien = seat_of(game, color, line)
        for victim_color, card_id in held.items():
            victim = seat_of(game, victim_color, line)
            (card,) = _essence_cards(game, alien, [card_id], line)
            p = CARDS.of(game.state.players[alien])
            if card not in p.cache:
                essence.arrange(game, alien, [*p.cache, card], p.unavailable)
            planet = max(game.state.planets, key=lambda q: q.ships[victim])
            systems.add_ships(game, planet.id, victim, -1)
            essence.place(game, alien, card, alien, False, captive=victim)
    for key, face_up in (("essence before", True), ("essence face down", False)):
        for color, cards in (start.get(key) or {}).items():
            line = loaded.span(f"/start/{key}/{color}").line
            holder = seat_of(game, color, line)
            placed = module_record(game, LAID, game.state, key, line).placed
            for card_id in cards:
                found = [i for i in game.instances_of.get(str(card_id), ()) if i not in placed]
                if not found:
                    raise ScenarioError(
                        f"no essence card '{card_id}' of an alien in this game", line
                    )
                owner = essence.owner_of(game, found[0])
                p = CARDS.of(game.state.players[owner])
                if found[0] not in p.cache:
                    others = [i for i in p.unavailable if i != found[0]]
                    essence.arrange(game, owner, [*p.cache, found[0]], others)
                essence.place(game, owner, found[0], holder, face_up)


def _essence_cards(game: Game, seat: int, ids: list[Any], line: int) -> list[int]:
    """One of the player's essence cards (not laid) for each id named."""
    player = game.state.players[seat]
    p = module_record(game, CARDS, player, "essence cards", line)
    pool = [*p.cache, *p.essence_set, *p.unavailable]
    picked: list[int] = []
    for card_id in ids:
        found = [i for i in pool if game.state.catalog[i] == str(card_id) and i not in picked]
        if not found:
            raise ScenarioError(f"{player.color} has no essence card '{card_id}'", line)
        picked.append(found[0])
    return picked


def _take_tech(game: Game, card_id: str, line: int) -> int:
    st = game.state
    techs = PILES.of(st)
    for pile in (techs.tech_deck, techs.tech_discard, *(HELD.of(p).techs for p in st.players)):
        for i in pile:
            if st.catalog[i] == card_id:
                pile.remove(i)
                return i
    raise ScenarioError(f"no tech '{card_id}' in the game (is the techs option on?)", line)


def seat_of(game: Game, color: Any, line: int) -> int:
    for p in game.state.players:
        if p.color == color:
            return p.seat
    raise ScenarioError(f"no player is {color}", line)


def planet_of(game: Game, name: Any, line: int) -> int:
    for planet in game.state.planets:
        if game.planet_name(planet.id) == name:
            return planet.id
    raise ScenarioError(f"no planet called '{name}' (planets are named like 'blue planet 1')", line)


def set_start(game: Game, loaded: Loaded, start: dict[str, Any]) -> None:
    st = game.state
    if "offense" in start:
        st.offense = seat_of(game, start["offense"], loaded.span("/start/offense").line)
    hands = start.get("hands") or {}
    fixed = {seat_of(game, color, loaded.span(f"/start/hands/{color}").line) for color in hands}
    for seat in fixed:
        for card in list(st.players[seat].hand):
            game.from_hand(seat, card)
            st.deck.insert(0, card)
    piles = start.get("piles") or {}
    for color, named_piles in piles.items():
        # the named cards replace what a pile held: the held ones go under the deck first, so
        # that the hands and piles named below can take them
        player = st.players[seat_of(game, color, loaded.span(f"/start/piles/{color}").line)]
        for name in named_piles:
            st.deck[:0] = player.piles.pop(pile_key(game, str(name)), [])
    for color, card_ids in hands.items():
        line = loaded.span(f"/start/hands/{color}").line
        seat = seat_of(game, color, line)
        for card_id in card_ids:
            instance = _take(game, str(card_id), fixed)
            if instance is None:
                raise ScenarioError(f"no '{card_id}' left for {color}'s hand", line)
            game.to_hand(seat, instance)
    if "unused aliens" in start:
        set_unused_aliens(game, loaded, start["unused aliens"])
    for color, aliens in (start.get("gained aliens") or {}).items():
        line = loaded.span(f"/start/gained aliens/{color}").line
        player = st.players[seat_of(game, color, line)]
        for alien in aliens:
            if alien not in st.unused_aliens:
                raise ScenarioError(f"'{alien}' is not an unused alien {color} could hold", line)
            st.unused_aliens.remove(alien)
            player.gained.append(str(alien))
        game.dispatch.refresh_powers()
    for card_id in start.get("discard") or []:
        instance = _take(game, str(card_id), fixed)
        if instance is None:
            raise ScenarioError(
                f"no '{card_id}' left for the discard pile", loaded.span("/start/discard").line
            )
        st.discard.append(instance)  # the last one named ends on top
    for color, named_piles in piles.items():
        line = loaded.span(f"/start/piles/{color}").line
        player = st.players[seat_of(game, color, line)]
        for name, card_ids in named_piles.items():
            pile = player.piles.setdefault(pile_key(game, str(name)), [])
            for card_id in card_ids:
                instance = _take(game, str(card_id), fixed)
                if instance is None:
                    raise ScenarioError(f"no '{card_id}' left for {color}'s '{name}' pile", line)
                pile.append(instance)
    _stack_deck(game, loaded, start, "deck", fixed)
    _stack_deck(game, loaded, start, "reward deck", fixed)
    if "destiny" in start:
        # one card, or a list drawn in order: the first named is the first drawn
        named = start["destiny"]
        line = loaded.span("/start/destiny").line
        for wanted in reversed(named if isinstance(named, list) else [named]):
            pick = next(
                (
                    i
                    for i in st.destiny_deck
                    if st.catalog[i] == str(wanted) or game.defs[i].color == str(wanted)
                ),
                None,
            )
            if pick is None:
                raise ScenarioError(f"no destiny card '{wanted}' left in the destiny deck", line)
            st.destiny_deck.remove(pick)
            st.destiny_deck.append(pick)
    for color, planets in (start.get("ships") or {}).items():
        seat = seat_of(game, color, loaded.span(f"/start/ships/{color}").line)
        for name, count in planets.items():
            planet = planet_of(game, name, loaded.span(f"/start/ships/{color}").line)
            player = st.players[seat]
            player.removed += st.planets[planet].ships[seat] - int(count)
            systems.add_ships(game, planet, seat, int(count) - st.planets[planet].ships[seat])
    for color, count in (start.get("warp") or {}).items():
        seat = seat_of(game, color, loaded.span(f"/start/warp/{color}").line)
        player = st.players[seat]
        player.removed += player.warp - int(count)
        player.warp = int(count)
    _set_techs(game, loaded, start)
    _set_essence(game, loaded, start)
    for color, kinds in (start.get("markers") or {}).items():
        seat = seat_of(game, color, loaded.span(f"/start/markers/{color}").line)
        for kind, count in kinds.items():
            if int(count) > 0:
                st.players[seat].tokens[marker_measure(str(kind))] = int(count)
    for color, count in (start.get("lucre") or {}).items():
        line = loaded.span(f"/start/lucre/{color}").line
        seat = seat_of(game, color, line)
        purse = module_record(game, PURSE, st.players[seat], "lucre", line)
        THE_BOX.of(st).lucre_out += int(count) - purse.lucre
        purse.lucre = int(count)
    for p in st.players:
        if p.removed < 0:
            raise ScenarioError(
                f"{p.color} would need more than {st.ships_per_player} ships",
                loaded.span("/start").line,
            )
    from runtime.rules.ships import update_powers

    update_powers(game)


# ---------------------------------------------------------------- expectations


def set_unused_aliens(game: Game, loaded: Loaded, aliens: list[str]) -> None:
    """`unused aliens: [virus, tripler]` is the pile set aside at setup, so what a scenario draws
    from it never depends on how many aliens the packs hold."""
    line = loaded.span("/start/unused aliens").line
    st = game.state
    held = {a for p in st.players for a in (p.alien, *p.gained)}
    for alien in aliens:
        card = game.cards.cards.get(str(alien))
        if card is None or card.kind != "alien":
            raise ScenarioError(f"'{alien}' is not an alien", line)
        if alien in held:
            raise ScenarioError(f"'{alien}' is held by a player, not unused", line)
    st.unused_aliens = sorted(str(a) for a in aliens)
