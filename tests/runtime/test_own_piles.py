"""A card's own piles: a card declares the piles it keeps, effects put cards into a player's pile,
count, draw and discard them, an alien may select its encounter card from a pile it names in
`hand piles:`, and an undeclared pile is refused where it is written."""

from __future__ import annotations

from pathlib import PurePath

from compiler.pipeline.card_file import compile_card
from compiler.pipeline.load import load_yaml_bytes
from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from compiler.tools.render import statement
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.invariants import check
from tests.runtime.engine_kit import new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def resolved(text: str, piles: tuple[str, ...] = ("hoard", "stash")) -> ir.Node:
    resolver = Resolver("turn.start", text, pile_names=piles)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return node


def run(game: Game, text: str, seat: int = 0) -> None:
    c.guarded(c.statement(resolved(text)))(Ctx(game, seat, HOOK))


def test_cards_put_into_a_pile_leave_the_deck_and_hand_and_are_counted_there(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    st = game.state
    deck_before = len(st.deck)
    run(game, 'put 3 cards in the deck into your "hoard" pile')
    assert len(st.players[0].piles["hoard"]) == 3
    assert len(st.deck) == deck_before - 3
    hand = list(st.players[0].hand)
    run(game, 'put all cards in your hand into your "stash" pile')
    assert st.players[0].hand == [] and st.players[0].piles["stash"] == hand
    assert all(game.holder[card] == -1 for card in hand)  # out of the hand's index too
    # the count reads one pile only, in any number slot
    run(game, 'draw (the number of cards in your "hoard" pile) cards')
    assert len(st.players[0].hand) == 3
    check(game)  # no card lost or doubled


def test_cards_drawn_or_discarded_from_a_pile_leave_it(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    st = game.state
    run(game, 'put 4 cards in the deck into your "hoard" pile')
    hoard = list(st.players[0].piles["hoard"])
    run(game, 'draw all cards in your "hoard" pile')
    assert st.players[0].piles["hoard"] == [] and set(hoard) <= set(st.players[0].hand)
    run(game, 'put 2 cards in the deck into your "hoard" pile')
    kept = list(st.players[0].piles["hoard"])
    run(game, 'discard all cards in your "hoard" pile')
    assert st.players[0].piles["hoard"] == [] and st.discard[-2:] == kept
    check(game)


def test_each_player_keeps_its_own_pile_of_a_name(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    run(game, 'put 1 card in the deck into your "hoard" pile', seat=1)
    run(game, 'put 2 cards in the deck into your "hoard" pile', seat=2)
    assert [len(p.piles.get("hoard", [])) for p in game.state.players] == [0, 1, 2]
    copy = game.state.copy()
    copy.players[2].piles["hoard"].clear()  # a copied game shares no pile with the original
    assert len(game.state.players[2].piles["hoard"]) == 2


def test_a_pile_renders_with_its_quotes_and_reads_back_the_same() -> None:
    for text in (
        'put 2 cards in your hand into your "hoard" pile',
        'discard all cards in your "hoard" pile',
        'draw 1 card in your "stash" pile',
    ):
        node = resolved(text)
        again = resolved(statement(node))
        assert again == node


def test_a_pile_the_card_does_not_declare_is_an_error_with_a_suggestion() -> None:
    text = 'put 1 card in the deck into your "hord" pile'
    resolver = Resolver("turn.start", text, pile_names=("hoard",))
    resolver.effect(parser().effect(text))
    [error] = resolver.errors
    assert "no pile named 'hord'" in error.message
    assert error.hint is not None and "hoard" in error.hint


def test_hand_piles_must_be_declared_piles() -> None:
    source = (
        "id: hoarder\nkind: alien\nname: Hoarder\nalert: green\ntext: x\npiles: [hoard]\n"
        "hand piles: [stash]\n"
        "powers:\n  - name: Save\n    when: turn.start\n    as: any player\n"
        '    do: put 1 card in the deck into your "hoard" pile\n'
    )
    loaded = load_yaml_bytes(source.encode(), "hoarder.yaml")
    compiled = compile_card(loaded, "test", PurePath("alien/hoarder.yaml"))
    [diag] = [x for x in compiled.diagnostics if x.is_error]
    assert diag.span.line == 7 and "stash" in diag.message


def test_cards_put_from_the_deck_are_never_nowhere_while_a_reshuffle_asks_a_player(
    cards: CardSet, rules: Rules
) -> None:
    # the deck runs out half-way: the reshuffle offers the Tick-Tock Flare to its holder, and
    # the invariants checked at that decision find every card drawn so far already in the pile
    from tests.runtime.engine_kit import deal, pass_on_plays

    options = {"use_flares": True, "flares_in_deck": 60}
    game, agent = new_game(cards, rules, options=options, fallback=pass_on_plays)
    st = game.state
    deal(game, {1: ["Tick-Tock Flare"]})
    st.discard.extend(st.deck[2:])
    del st.deck[2:]
    run(game, 'put 4 cards in the deck into your "hoard" pile')
    assert len(st.players[0].piles["hoard"]) == 4
    assert [a.kind for a in agent.asked] == ["card.play"]
    check(game)


def test_a_card_taken_from_the_reward_discard_pile_leaves_it(cards: CardSet, rules: Rules) -> None:
    # a soak game found a reward-deck kicker kept by the Mite Flare from the Bluster's discards
    # still lying on the reward discard pile as well as in the Mite's hand
    from runtime.ops.card_moves import lift_from_pile

    game, _ = new_game(cards, rules)
    st = game.state
    card = st.deck.pop()
    st.reward_discard.append(card)
    assert lift_from_pile(Ctx(game, 0, HOOK), card)
    game.to_hand(0, card)
    assert card not in st.reward_discard
    check(game)  # the card is in one place only
    assert not lift_from_pile(Ctx(game, 0, HOOK), card)  # a card in a hand is in no pile
