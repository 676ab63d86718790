"""Naming: the `name` op (also written `choose a player`) and the words that refer back to a name
("the named card type", "the chosen player", "the named number", "the named card"), registered in
runtime/registry.py's tables on import."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.effects.naming import NUMBER_RANGE, NameArg, named_number, numbers, remember
from runtime.registry import ADJECTIVES, T, Written, measure, noun, obj, op, pp, predicate

noun("card type", "thing", "card type", "a type of card to name: attack, negotiate, artifact, ...")
noun("number", "thing", "number", "a whole number to name")
noun(
    "option",
    "thing",
    "option",
    'the labelled option of a `choose one:` a player picked: a word called ("left", "right")',
    example=Written(
        "turn.start",
        'choose one:\n  - "left"\n  - "right"\nif the chosen option is "left", the player on your'
        " left draws 1 card",
    ),
)
ADJECTIVES.update(
    {
        "chosen": "the one chosen earlier in the effect ('the chosen player')",
    }
)


@measure("named number", "the number named earlier in the effect (0 if none)", owner="board")
def _named_number(ctx: Ctx, seat: int) -> int:
    return named_number(ctx)


@predicate(
    "chosen option is",
    'the option picked earlier in the effect carries this label (`the chosen option is "left"`)',
    args=(T.WORD,),
    example=Written(
        "turn.start",
        'choose one:\n  - "heads"\n  - "tails"\nif the chosen option is "heads", draw 1 card',
    ),
)
def _chosen_option_is(ctx: Ctx, label: str) -> bool:
    return ctx.names.get("option") == label


@op(
    "name",
    "name",
    obj(T.NAMEABLE),
    pp("from", T.NUMBER, "least", optional=True),
    pp("to", T.NUMBER, "most", optional=True),
    doc=(
        "Name a card type, a card, a number or a player (`choose a player` is the same); later"
        " statements of the effect, and its delayed effects, refer to it as the named card type,"
        " the named card, the named number or the chosen player. Naming a card also names its"
        " type and its value; a card is named from a place (`name a card in your hand`) or,"
        " without looking, from every card of the game (`name an encounter card`: a claim that"
        " `your card is the named card` checks later). A number is named from 0 to 40 unless"
        " `from ... to ...` says."
    ),
)
def name(ctx: Ctx, seat: int, thing: NameArg, least: int | None, most: int | None) -> None:
    options = thing.options
    if thing.what == "number" and (least is not None or most is not None):
        low = NUMBER_RANGE[0] if least is None else least
        options = numbers(low, NUMBER_RANGE[1] if most is None else most)
    if not options:
        return
    # a player is chosen as every other effect chooses one; anything else is named
    if thing.what == "player":
        kind, prompt = "effect.player", "choose a player"
    else:
        kind, prompt = "effect.name", f"name a {thing.what}"
    picked = ctx.game.choose(seat, kind, prompt, options, thing.label)
    ctx.game.log("effect", seat, f"names {thing.label(picked)}")
    remember(ctx, thing.what, picked)
