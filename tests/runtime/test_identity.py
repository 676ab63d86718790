"""Identity and ownership tests for any player: whose ships an event moves, who played a card,
which half of a flare was played, whose power a zap is aimed at, and whom the destiny card names."""

from __future__ import annotations

from runtime.cards import CardSet, Hook
from runtime.dispatch import CardPlay, PowerUse
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.ops.interventions import ZapEvent
from runtime.rules.ships import ShipsEvent
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game, take_from_deck
from tests.runtime.test_effect_meaning import HOOK, resolved, run

MARK = ", add 1 to your markers"


def asks(game: Game, condition: str, window: str, event: object, seat: int = 0) -> bool:
    """Whether `condition` holds for `seat` in `window` with `event` (run as a real hook)."""
    player = game.state.players[seat]
    player.tokens["markers"] = 0
    run(game, f"if {condition}{MARK}", seat=seat, window=window, event=event)
    return player.tokens["markers"] == 1


def encounter(game: Game) -> None:
    """Red (seat 0) attacks blue (seat 1); purple (seat 2) allies with the defense."""
    enc = blank_encounter(game, 1, 0)
    enc.defense = 1
    enc.allies[1].append(2)
    game.state.encounter = enc


def test_those_ships_are_any_players(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game)
    blue_ships = ShipsEvent(1, {"warp": 2})
    assert asks(game, "those ships are the defense's", "ships.to_warp", blue_ships)
    assert not asks(game, "those ships are the offense's", "ships.to_warp", blue_ships)
    assert asks(game, "not those ships are yours", "ships.to_warp", blue_ships)
    assert asks(game, "those ships are yours", "ships.to_warp", blue_ships, seat=1)


def test_a_card_was_played_by_the_player_playing_it(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game)
    zap = take_from_deck(game, "Card Zap")
    play = CardPlay(2, zap, Hook("card-zap", "Zap", "play", "response.card", HOOK.effect))
    assert asks(game, "that card was played by an ally", "response.card", play)
    assert asks(game, "that card was played by a defensive ally", "response.card", play)
    assert not asks(game, "that card was played by an offensive ally", "response.card", play)
    assert not asks(game, "that card was played by a main player", "response.card", play)


def test_an_encounter_card_was_played_by_its_main_player(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game)
    enc = game.state.encounter
    assert enc is not None
    enc.cards = [take_from_deck(game, "attack 08"), take_from_deck(game, "attack 12")]
    assert asks(game, "the defense's card was played by the defense", "reveal.after_cards", None)
    assert not asks(game, "your card was played by an ally", "reveal.after_cards", None)
    assert asks(game, "your card is the offense's", "reveal.after_cards", None)


def test_which_half_of_a_flare_was_played(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, options={"use_flares": True, "flares_in_deck": 60})
    encounter(game)
    flare = take_from_deck(game, "Zombie Flare")
    wild = CardPlay(1, flare, Hook("zombie-flare", "Wild", "wild", "ships.to_warp", HOOK.effect))
    super_ = CardPlay(1, flare, Hook("zombie-flare", "Super", "super", "alliance.end", HOOK.effect))
    assert asks(game, "that card was played wild", "response.card", wild)
    assert not asks(game, "that card was played super", "response.card", wild)
    assert asks(game, "that card was played super", "response.card", super_)
    # a card zap aimed at the flare sees the same play through the zap
    zapping = ZapEvent(0, take_from_deck(game, "Card Zap"), super_)
    assert asks(game, "that card was played by you", "response.zap", zapping)
    assert not asks(game, "that zap targets the defense's power", "response.zap", zapping)


def test_a_zap_targets_the_power_of_the_player_using_it(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game)
    power = PowerUse(1, Hook("zombie", "Immortality", "power", "ships.to_warp", HOOK.effect))
    zap = ZapEvent(0, take_from_deck(game, "Cosmic Zap"), power)
    assert asks(game, "that zap targets the defense's power", "response.zap", zap)
    assert asks(game, "that zap targets your power", "response.zap", zap, seat=1)
    assert not asks(game, "that zap targets your power", "response.zap", zap, seat=2)


def test_the_player_destiny_points_at(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game)
    enc = game.state.encounter
    assert enc is not None
    st = game.state
    by_id = {game.defs[c].id: c for c in st.destiny_deck}
    purple = next(p.seat for p in st.players if p.color == "purple")
    enc.destiny = by_id["purple"]
    assert asks(game, "the player destiny points at is not you", "destiny.after_draw", None)
    assert asks(
        game, "the player destiny points at is you", "destiny.after_draw", None, seat=purple
    )
    enc.destiny = by_id["wild"]
    assert asks(game, "the number of players destiny points at is 0", "destiny.after_draw", None)


def test_a_condition_word_with_an_object_reads_back_as_written() -> None:
    from compiler.tools.render import condition

    for text, window in (
        ("that card was played by an ally", "response.card"),
        ("that zap targets your power", "response.zap"),
        ("that card was played wild", "response.card"),
        ("those ships are the defense's", "ships.to_warp"),
    ):
        node = resolved(f"if {text}{MARK}", window)
        assert condition(node.cond) == text  # type: ignore[union-attr]
