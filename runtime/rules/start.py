"""Game setup: from a Setup and a CardSet to the starting State (board, decks, aliens, hands)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from runtime import extension
from runtime.cards import COSMIC_DECK_KINDS, CardDef, CardSet
from runtime.draws import shuffle
from runtime.rules import layouts
from runtime.setup import (
    BASE_OPTIONS,
    COLORS,
    MAX_PLAYERS,
    SetupError,
    check_base_option,
    check_option,
)
from runtime.state import Planet, Player, State

if TYPE_CHECKING:
    from runtime.table import Table


BY_ID = attrgetter("id")  # the sort key of cards in id order

# the cards of the chosen packs in id order, by (card set, packs): every game set up from the same
# card set and packs sorts the same cards (the card set is kept with them, to check the key's id)
_IN_PACKS: dict[tuple[int, tuple[str, ...]], tuple[CardSet, tuple[CardDef, ...]]] = {}


def in_packs(cards: CardSet, packs: tuple[str, ...]) -> tuple[CardDef, ...]:
    """Every card of the chosen packs, in id order (worked out once per card set and packs)."""
    key = (id(cards), tuple(packs))
    found = _IN_PACKS.get(key)
    if found is None or found[0] is not cards:
        if len(_IN_PACKS) >= 32:
            _IN_PACKS.clear()
        chosen = tuple(c for c in sorted(cards.cards.values(), key=BY_ID) if c.pack in packs)
        found = _IN_PACKS[key] = (cards, chosen)
    return found[1]


def build_state(game: Table) -> State:
    """The starting state of a game: laid out (or copied from the layout of a game set up the
    same way before), then the aliens dealt, the piles shuffled, the hands dealt."""
    key, layout = layouts.find(game)
    if layout is None:
        lay_out(game)
        chosen = in_packs(game.cards, game.setup.packs)
        flares = tuple(c for c in chosen if c.kind == "flare")
        layout = layouts.keep(
            key,
            game,
            tuple(c for c in chosen if c.kind == "alien" and card_allowed(game, c)),
            flares,
            tuple(f for f in flares if card_allowed(game, f)),
        )
    else:
        game.state = layout.copy_into(game)
    state = game.state
    assign_aliens(game, state, layout.aliens, layout.clashes)
    set_aside_unused(game, state, layout.aliens, layout.clashes)
    deal_piles(game, state, layout)
    deal_hands(game, state)
    extension.run(game, "game.deal", state)
    state.offense = choose_first_player(game, state)
    if game.events is not None:
        game.log("setup", game.setup.players, game.setup.seed)
        for p in state.players:
            if p.alien:
                game.log("alien", p.seat, game.cards.cards[p.alien].name)
        game.log("first", state.offense)
    return state


def lay_out(game: Table) -> None:
    """The part of the setup that no seed changes, checked and built into a new state for the
    game: the board, the options, the rules modules' records and the piles (without flares,
    not shuffled)."""
    setup = game.setup
    n = setup.players
    if not 1 <= n <= MAX_PLAYERS:
        raise SetupError(f"a game has 1 to {MAX_PLAYERS} players, not {n}")
    if not setup.packs:
        raise SetupError("a game needs at least one pack")
    colors = setup.colors or COLORS[:n]
    if len(colors) != n or len(set(colors)) != n:
        raise SetupError(f"{n} players need {n} distinct colours, got {list(colors)}")
    check_requirements(game)
    check_colors(game, colors)
    planets_each = setup.option("planets_per_player")
    per_planet = setup.option("ships_per_planet")
    ships = setup.option("ships_per_player")
    if planets_each * per_planet > ships:
        raise SetupError("more ships on the home planets than each player owns")
    players = [Player(seat, colors[seat]) for seat in range(n)]
    for p in players:
        p.removed = ships - planets_each * per_planet
    planets: list[Planet] = []
    for seat in range(n):
        for _ in range(planets_each):
            counts = [0] * n
            counts[seat] = per_planet
            planets.append(Planet(len(planets), seat, counts))
    state = State(
        seed=setup.seed,
        rng=random.Random(setup.seed),
        catalog=[],
        players=players,
        planets=planets,
        options=resolved_options(game),
        ships_per_player=ships,
    )
    game.state = state
    extension.fill_slots(game, "game", state, n)
    for p in players:
        extension.fill_slots(game, "player", p, n)
    lay_piles(game, state)


def check_requirements(game: Table) -> None:
    """Refuse a setup whose packs are missing or whose options no pack declares."""
    setup, cards = game.setup, game.cards
    missing = [p for p in setup.packs if p not in cards.packs]
    if missing:
        raise SetupError(f"unknown pack(s): {', '.join(missing)}")
    declared = cards.options()
    for name, value in setup.options.items():
        if name in BASE_OPTIONS:
            check_base_option(name, value)
        elif name in declared:
            o = declared[name]
            check_option(name, value, o.default, low=o.minimum, high=o.maximum, choices=o.choices)
        else:
            known = sorted(set(declared) | set(BASE_OPTIONS))
            raise SetupError(f"unknown option '{name}' (known: {', '.join(known)})")
    for name, option in declared.items():
        if option.pack in setup.packs and option_on(game, name):
            for needed in option.needs:
                if not option_on(game, needed):
                    raise SetupError(f"option '{name}' needs the option '{needed}' on")
    for pack_id in setup.packs:
        pack = cards.packs[pack_id]
        if not pack.min_players <= setup.players <= pack.max_players:
            raise SetupError(
                f"pack '{pack_id}' plays with {pack.min_players}-{pack.max_players} players, not {setup.players}"
            )


def resolved_options(game: Table) -> dict[str, object]:
    """The options of this game: the defaults the selected packs declare, then the setup's own."""
    out: dict[str, object] = {}
    for pack_id in game.setup.packs:
        pack = game.cards.packs.get(pack_id)
        for option in pack.options if pack else ():
            out.setdefault(option.name, option.default)
    out.update(game.setup.options)
    return out


def check_colors(game: Table, colors: tuple[str, ...]) -> None:
    """Every colour needs destiny cards in the chosen packs, or its player could never be drawn."""
    packs = game.setup.packs
    known = {
        c.color
        for c in in_packs(game.cards, packs)
        if c.kind == "destiny" and c.type == "color" and c.color is not None
    }
    unknown = [c for c in colors if c not in known]
    if known and unknown:
        raise SetupError(
            f"no destiny cards for colour(s) {', '.join(unknown)} (the packs have {', '.join(sorted(known))})"
        )


def option_on(game: Table, name: str) -> bool:
    return bool(resolved_options(game).get(name, False))


def card_allowed(game: Table, card: CardDef) -> bool:
    if not card.requires and card.min_players is None:
        return True  # most cards: nothing to check
    if card.min_players is not None and game.setup.players < card.min_players:
        return False
    return all(option_on(game, req) for req in card.requires)


def card_refusal(game: Table, card: CardDef) -> str | None:
    if card.min_players is not None and game.setup.players < card.min_players:
        return f"{card.name} needs at least {card.min_players} players"
    for req in card.requires:
        if not option_on(game, req):
            return f"{card.name} needs the '{req}' option"
    return None


def assign_aliens(
    game: Table, state: State, allowed: Sequence[CardDef], clashes: Mapping[str, frozenset[str]]
) -> None:
    """Give each player the alien the setup names, or one dealt at random from those `allowed`
    (the setup's aliens, in id order; `clashes`: the aliens each may not share a game with, as
    runtime/rules/layouts.py's clashes_of finds them)."""
    setup, cards = game.setup, game.cards
    if setup.aliens is not None:
        if len(setup.aliens) != setup.players:
            raise SetupError(
                f"{setup.players} players need {setup.players} aliens, got {len(setup.aliens)}"
            )
        taken = [a for a in setup.aliens if a not in ("none", "")]
        twice = sorted({a for a in taken if taken.count(a) > 1})
        if twice:
            raise SetupError(f"alien(s) {', '.join(twice)} given to more than one player")
        for seat, alien_id in enumerate(setup.aliens):
            if alien_id in ("none", ""):
                continue
            card = cards.cards.get(alien_id)
            if card is None or card.kind != "alien":
                raise SetupError(f"unknown alien '{alien_id}'")
            refusal = card_refusal(game, card)
            if refusal:
                raise SetupError(f"cannot set up {card.name}: {refusal}")
            state.players[seat].alien = alien_id
        for i, one in enumerate(taken):
            for other in taken[i + 1 :]:
                if excluded(game.cards, one, other):
                    names = cards.cards[one].name, cards.cards[other].name
                    raise SetupError(f"{names[0]} and {names[1]} may not be in the same game")
        return
    usable = [c.id for c in allowed]  # in id order
    if setup.option("alien_selection") == "combo":
        usable = from_combo(game, state, set(usable))
    shuffle(state.rng, usable)
    dealt: list[str] = []
    for alien_id in usable:  # in shuffled order, passing over an alien barred by one dealt
        if len(dealt) == setup.players:
            break
        barred = clashes.get(alien_id)
        if barred is None or barred.isdisjoint(dealt):
            dealt.append(alien_id)
    for seat, alien_id in enumerate(dealt):
        state.players[seat].alien = alien_id


def excluded(cards: CardSet, one: str, other: str) -> bool:
    """Whether either alien bars the other from its games (`excludes:`)."""
    by_id = cards.cards
    return other in by_id[one].attrs.get("excludes", ()) or one in by_id[other].attrs.get(
        "excludes", ()
    )


def set_aside_unused(
    game: Table, state: State, allowed: Sequence[CardDef], clashes: Mapping[str, frozenset[str]]
) -> None:
    """The aliens this game allows (`allowed`, in id order; `clashes`: as assign_aliens takes
    them) that no player was dealt form the pile of unused alien sheets (less any barred by a
    dealt one, or barring one), kept in id order (drawing from it picks at random)."""
    dealt = {p.alien for p in state.players}
    by_id = game.cards.cards
    barred: set[str] = set()
    for d in dealt:
        if d:  # a dealt alien from outside `allowed` (named by the setup) bars its own excludes
            barred.update(by_id[d].attrs.get("excludes", ()))
            barred.update(clashes.get(d, ()))
    state.unused_aliens = [c.id for c in allowed if c.id not in dealt and c.id not in barred]


def from_combo(game: Table, state: State, usable: set[str]) -> list[str]:
    """Shuffle the combination cards and reveal them until one names enough usable aliens;
    its aliens are the ones dealt."""
    setup = game.setup
    combos = sorted(
        (c for c in game.cards.cards.values() if c.kind == "combo" and c.pack in setup.packs),
        key=lambda c: c.id,
    )
    state.rng.shuffle(combos)
    for combo in combos:
        aliens = [a for a in combo.attrs.get("aliens", ()) if a in usable]
        if len(aliens) >= setup.players:
            game.log("combo", combo.name)
            return sorted(aliens)
    raise SetupError(f"no combination card names {setup.players} usable aliens")


def lay_piles(game: Table, state: State) -> None:
    """The cards of the chosen packs into their piles, in id order: destiny cards of the
    players' colours, the cards a rules module keeps in a pile of its own, the cosmic and reward
    deck cards the game allows (flares aside, none shuffled)."""
    setup, cards = game.setup, game.cards
    colors = {p.color for p in state.players}
    own_piles = [step for _, step in extension.steps(game, "setup.card")]
    for card in in_packs(cards, setup.packs):
        if card.kind == "destiny":
            if card.type == "color" and card.color not in colors:
                continue
            state.destiny_deck.extend(game.add_instances(state, card, card.copies))
        elif own_piles and any(step(game, state, card) for step in own_piles):
            continue  # a rules module put the card's copies into a pile of its own
        elif card.kind in COSMIC_DECK_KINDS and card_allowed(game, card):
            pile = state.reward_deck if card.attrs.get("deck") == "rewards" else state.deck
            pile.extend(game.add_instances(state, card, card.copies))


def deal_piles(game: Table, state: State, layout: layouts.Layout) -> None:
    """The flares into the cosmic deck (pick_flares), then every pile shuffled."""
    if game.setup.option("use_flares"):
        for flare in pick_flares(game, state, layout):
            state.deck.append(game.add_instance(state, flare))
    shuffle(state.rng, state.deck)
    shuffle(state.rng, state.destiny_deck)
    shuffle(state.rng, state.reward_deck)
    extension.run(game, "setup.shuffle", state)


def pick_flares(game: Table, state: State, layout: layouts.Layout) -> list[CardDef]:
    """The flares of the aliens in play, then random others the game allows up to the
    option's count."""
    in_play = {p.alien for p in state.players if p.alien}
    own = [f for f in layout.flares if f.alien in in_play]
    others = [f for f in layout.allowed_flares if f.alien not in in_play]
    shuffle(state.rng, others)
    room = max(0, game.setup.option("flares_in_deck") - len(own))
    return own + others[:room]


def deal_hands(game: Table, state: State) -> None:
    size = game.setup.option("hand_size")
    for p in state.players:
        for _ in range(size):
            # the top card, as draw_one() draws it while the deck holds one (most deals)
            card = state.deck.pop() if state.deck else game.draw_one()
            if card is None:
                return
            game.to_hand(p.seat, card)


def choose_first_player(game: Table, state: State) -> int:
    if game.setup.first_player is not None:
        first = game.setup.first_player
        if (
            not isinstance(first, int)
            or isinstance(first, bool)
            or not 0 <= first < len(state.players)
        ):
            raise SetupError(f"first player {first!r} is not a seat")
        return first
    by_color = {p.color: p.seat for p in state.players}
    order = list(state.destiny_deck)
    shuffle(state.rng, order)
    for instance in order:
        card = game.defs[instance]
        if card.type == "color" and card.color in by_color:
            return by_color[card.color]
    return state.rng.randrange(len(state.players))
