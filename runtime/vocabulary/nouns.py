"""The nouns of the effect language (players, cards, places, measures, things) with their adjectives
and adverbs: registered in runtime/registry.py's tables on import (nothing else in or out). These
are the base game's; a rules module registers its own nouns with its words (runtime/modules/)."""

from __future__ import annotations

from runtime.registry import (
    ADJECTIVES,
    ADVERBS,
    BOARD,
    ELSEWHERE,
    SENT_TO,
    Written,
    noun,
    ship_place,
)

# examples for the reference, of the nouns of a table below that no bundled card uses
_WRITTEN = {
    "morph": Written("reveal.after_cards", "if your card is a morph, draw 1 card"),
    "edict": Written("turn.start", "if you have an edict in your hand, discard 1 edict"),
    "special destiny card": Written(
        "destiny.after_draw", "if the destiny card is a special destiny card, draw 1 card"
    ),
    "hyperspace gate": Written(
        "launch.after_ships", "move 1 of your ships from the hyperspace gate to your colonies"
    ),
    "cosmic deck": Written("turn.start", "draw 2 cards from the cosmic deck"),
}

for _word, _role, _doc in (
    ("player", "player", "any player"),
    ("ally", "ally", "a player allied with a side"),
    ("main player", "main player", "the offense or the defense"),
    ("offense", "offense", "the player whose turn it is"),
    ("defense", "defense", "the player the offense encounters"),
    ("opponent", "opponent", "the other main player"),
    ("winner", "winner", "the main player whose side won"),
    ("loser", "loser", "the main player whose side lost"),
    ("offensive ally", "offensive ally", "a player allied with the offense"),
    ("defensive ally", "defensive ally", "a player allied with the defense"),
):
    noun(_word, "player", _role, _doc)
noun("offense", "player", "offense", "the player whose turn it is", plural="offenses")

for _word, _kind, _doc in (
    ("card", "any", "a card of any kind"),
    ("encounter card", "encounter", "an attack, negotiate or morph"),
    ("attack", "attack", "an attack card"),
    ("attack card", "attack", "an attack card"),
    ("negotiate", "negotiate", "a negotiate card"),
    ("negotiate card", "negotiate", "a negotiate card"),
    ("morph", "morph", "a morph card"),
    ("artifact", "artifact", "an artifact card"),
    ("flare", "flare", "a flare card"),
    ("reinforcement", "reinforcement", "a reinforcement card"),
    ("edict", "edict", "an edict card"),
    ("kicker", "kicker", "a kicker card"),
    ("destiny card", "destiny", "a card of the destiny deck"),
    (
        "wild destiny card",
        "wild",
        "a wild card of the destiny deck (the offense picks the defense)",
    ),
    ("special destiny card", "special", "a destiny card that names a player by its text"),
    ("colour destiny card", "color", "a destiny card that names a player by its colour"),
):
    noun(_word, "card", _kind, _doc, example=_WRITTEN.get(_word))
noun("hand", "card", "hand", "all the cards in a player's hand")
noun(
    "card in hand",
    "measure",
    "cards in hand",
    "how many cards a player holds, as a number",
    plural="cards in hand",
)
noun("new hand", "thing", "new hand", "a fresh hand dealt from the deck")
noun("ship", "ship", "ship", "a ship (an Eon token)")
noun("type", "thing", "type", "a kind of card (attack, negotiate, artifact, ...)")

for _word, _place, _doc in (
    ("warp", "warp", "the warp"),
    ("colony", "colonies", "a planet where a player has ships"),
    ("home colony", "home colonies", "a colony in its owner's home system"),
    ("foreign colony", "foreign colonies", "a colony outside its owner's home system"),
    ("home planet", "home planets", "a planet of a player's home system"),
    ("system", "home planets", "a player's home system: its home planets (five at the start)"),
    ("planet", "planets", "any planet"),
    ("target planet", "target planet", "the planet the gate points at"),
    ("new colony", "new colony", "the planet of the colony just established (colony.gained)"),
    ("gate", "gate", "the hyperspace gate (an Eon cone)"),
    ("hyperspace gate", "gate", "the hyperspace gate"),
    ("encounter", "encounter", "the current encounter"),
    ("deck", "deck", "the cosmic deck"),
    ("cosmic deck", "deck", "the cosmic deck"),
    ("discard pile", "discard", "the cosmic discard pile"),
    ("game", "game", "the game as a whole"),
):
    noun(_word, "place", _place, _doc, example=_WRITTEN.get(_word))
noun("box", "place", "box", "out of the game", plural="boxes")
noun(
    "home planet or colony",
    "place",
    "home planets or colonies",
    "a planet of a player's home system, or any planet where it has a colony",
    plural="home planets or colonies",
)
noun(
    "planet they came from",
    "place",
    "origins",
    "where the ships named were launched from: a planet for ships sent from a colony into the"
    " encounter, the planet they are on for any other ship on a planet",
    plural="planets they came from",
    example=Written("ships.to_warp", "instead, those ships return to the planets they came from"),
)
# the places ships can be in: on the board (where an op takes the ships a phrase names), and off
# it, where they are counted; "a colony", "event planet" ("that planet") and "outside encounter"
# are the kinds the resolver reads from `a colony`, `that planet` and `outside the encounter`
for _kind in (
    "colonies",
    "home colonies",
    "foreign colonies",
    "home planets",
    "planets",
    "home planets or colonies",
    "a colony",
    "target planet",
    "new colony",
    "event planet",
    "gate",
    "encounter",
    "outside encounter",
):
    ship_place(_kind, BOARD)
for _kind in ("warp", "box", "game"):
    ship_place(_kind, ELSEWHERE)
ship_place("origins", SENT_TO)  # "the planets they came from"
# own piles: a card's own pile of cards, named in quotes (`your "hoard" pile`)
noun(
    "pile",
    "place",
    "pile",
    'one of a card\'s own piles, named in quotes: your "hoard" pile; one kept beside a planet'
    " takes `of the target planet` (or `of a planet` the player picks, where cards are put)",
)

for _word, _measure, _doc in (
    ("total", "total", "a side's total in the encounter"),
    ("card value", "card value", "the value of a side's encounter card"),
    ("value", "card value", "the value of a side's encounter card"),
    ("ship limit", "ship limit", "how many ships a player may commit to the encounter"),
    ("deal penalty", "deal penalty", "how many ships a main player loses if the deal fails"),
    ("compensation", "compensation", "the compensation a player collects"),
    ("reward", "rewards", "a card from the deck or a ship from the warp"),
    ("extra compensation", "extra compensation", "cards added to a player's compensation"),
    ("extra reward", "extra rewards", "rewards added to each batch a player receives"),
):
    noun(_word, "measure", _measure, _doc)
for _word, _measure, _doc in (
    ("largest colony", "largest colony", "the most ships a player has on one planet"),
    ("ships lost", "ships lost", "a player's ships gone to the warp this encounter"),
    ("encounter number", "encounter number", "which encounter of the turn this is"),
    ("foreign colony record", "foreign colony record", "the most foreign colonies of any player"),
    ("victor count", "victor count", "how many players reach their goal as winners are checked"),
    ("lone colony", "lone colonies", "a foreign colony of a single ship"),
):
    noun(_word, "measure", _measure, _doc)
noun(
    "colonies to win",
    "measure",
    "colonies to win",
    "the foreign colonies a player needs to win",
    plural="colonies to win",
)

for _word, _doc in (
    ("outcome", "the result of the encounter"),
    ("deal", "an agreement between two players: the main players' or one an effect makes"),
    ("power", "an alien power"),
    ("turn", "the current turn"),
    ("side", "the offense's or the defense's side of an encounter"),
    ("zap", "a card cancelling a power or a card"),
    ("decision", "a choice a player has just made"),
):
    noun(_word, "thing", _word, _doc)
noun("side", "side", "side", "the offense's or the defense's side of an encounter")

ADJECTIVES.update(
    {
        "random": "picked at random",
        "higher": "the higher of the two encounter cards",
        "highest": "of the greatest value among the cards named",
        "lower": "the lower of the two encounter cards",
        "odd": "an odd number",
        "even": "an even number",
        "empty": "with no ships (a home planet: without a colony of the ships' owner)",
        "revealed": "face up in the encounter",
        "named": "a card the acting player names before looking",
        # several encounter cards a side: "your second card" (runtime/state.py cards_on)
        "second": "the second of a side's encounter cards, in the order they were put in",
        "third": "the third of a side's encounter cards, in the order they were put in",
    }
)
ADVERBS.update(
    {
        "at random": "picked at random rather than chosen",
        "face up": "shown to everyone",
        "face down": "hidden: only its owner may look at it",
        "first": "before the others",
        "successfully": "counting as a success for the offense",
        "if able": "only if the player can",
        "at risk": "chosen first and only then open to zaps: a zapped one leaves the game",
    }
)

noun(
    "player on your left",
    "player",
    "left",
    "the next player clockwise",
    plural="players on your left",
    example=Written("turn.start", "the player on your left draws 1 card"),
)
noun(
    "player on your right",
    "player",
    "right",
    "the previous player clockwise",
    plural="players on your right",
    example=Written("regroup.end", "the player on your right may draw 1 card"),
)
noun(
    "opposing player",
    "player",
    "opposing",
    "the opponent or one of the opponent's allies",
    plural="opposing players",
)
noun(
    "player in the encounter",
    "player",
    "in encounter",
    "a main player or an ally",
    plural="players in the encounter",
)
noun(
    "bystander",
    "player",
    "not main",
    "a player who is neither the offense nor the defense (allies included)",
    plural="bystanders",
)
noun(
    "player on your side",
    "player",
    "teammate",
    "another player on your side of the encounter (its main player or an ally)",
    plural="players on your side",
)
noun(
    "ship in play",
    "measure",
    "ships in play",
    "a player's ships on planets and in the encounter (not in the warp, out of the game or captive)",
    plural="ships in play",
)
noun("marker", "measure", "markers", "a counter kept on an alien sheet")
noun("comparison", "thing", "comparison", "how the two totals decide the winner")
# alien sheets as game objects: a player's own, and the pile set aside at setup from those not dealt
noun("alien", "alien", "sheet", "an alien sheet a player holds (its own, or one gained beside it)")
noun(
    "unused alien",
    "alien",
    "unused",
    "an alien sheet of the pile set aside at setup from the aliens not dealt",
)
