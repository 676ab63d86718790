"""IR phrases in, English words out: players and roles, numbers and quantities, cards, ships, places
and the other things an op's slots hold (compiler.tools.render puts them into sentences).

It is longer than 400 lines because its phrase kinds nest in each other (a number counts
cards, a card filter holds numbers, a place names players), so each renderer calls the others:
split apart, they would import each other in a cycle."""

from __future__ import annotations

from runtime import ir
from runtime.language import load
from runtime.registry import NOUNS, marker_name

# the place of ships on colonies that take no part in the encounter
OUTSIDE = "outside encounter"

ROLE_TEXT = {
    "you": "you",
    "opponent": "the opponent",
    "offense": "the offense",
    "defense": "the defense",
    "main player": "each main player",
    "offensive ally": "each ally of the offense",
    "defensive ally": "each ally of the defense",
    "ally": "each ally",
    "player": "each player",
    "winner": "the winner",
    "loser": "the loser",
    "event player": "that player",
    "they": "they",
    "subject": "they",
    "named player": "the chosen player",
    "left": "the player on your left",
    "right": "the player on your right",
}
# roles that name several players at once read "each <noun>"; the others "the <noun>"
SEVERAL = {"player", "ally", "main player", "opposing", "in encounter", "teammate", "invited"}


def role_text(role: str) -> str:
    """A role as its registry noun reads: 'the holder', 'each player on your side'."""
    if role in ROLE_TEXT:
        return ROLE_TEXT[role]
    load()
    noun = next(
        (n.word for n in NOUNS.values() if n.category == "player" and n.meaning == role), role
    )
    return f"{'each' if role in SEVERAL else 'the'} {noun}"


def role_plural(role: str) -> str:
    load()
    return next(
        (n.plural for n in NOUNS.values() if n.category == "player" and n.meaning == role), role
    )


POSSESSIVE = {"you": "your", "they": "their", "subject": "their", "event player": "that player's"}
ALLY_OWNER = {"you": "your allies", "opponent": "the opponent's allies", "subject": "their allies"}


def players(node: ir.Node | None) -> str:
    if node is None:
        return "you"
    if isinstance(node, ir.Players):
        if node.role == "ally" and node.of in ALLY_OWNER:
            return "each of " + ALLY_OWNER[node.of]
        text = role_text(node.role)
        if node.other:
            text = (
                text.replace("each ", "each other ", 1)
                if text.startswith("each ")
                else "another " + text.removeprefix("the ")
            )
        return text
    if isinstance(node, ir.Chosen):
        base = players(node.base)
        noun = base.removeprefix("each ").removeprefix("the ")
        if node.maximum < 99 and (node.minimum != 1 or node.maximum != 1):
            other = "other " if isinstance(node.base, ir.Players) and node.base.other else ""
            role = node.base.role if isinstance(node.base, ir.Players) else noun
            many = role if node.maximum == 1 else role_plural(role)
            lead = "up to " if node.minimum == 0 else ""
            return f"{lead}{node.maximum} {other}{many} you choose"
        if node.maximum > 1 and isinstance(node.base, ir.Players):
            if node.base.role == "ally" and node.base.of in ALLY_OWNER:
                return f"any number of {ALLY_OWNER[node.base.of]} you choose"
            other = "other " if node.base.other else ""
            return f"any number of {other}{role_plural(node.base.role)} you choose"
        if node.maximum > 1:
            return f"any number of {noun.replace('ally', 'allies').replace('player', 'players')} you choose"
        if isinstance(node.base, ir.Players) and node.base.other:
            return f"another {noun.removeprefix('other ')} you choose"
        return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun} you choose"
    if isinstance(node, ir.Extreme):
        base = players(node.base).removeprefix("each ")
        return f"the {base} with the {'fewest' if node.fewest else 'most'} {node.measure}"
    if isinstance(node, ir.Side):
        return side(node)
    if isinstance(node, ir.CardRef):
        return card_ref(node)
    return "?"


def any_of(node: ir.Node | None) -> str:
    """Players as the object of a condition, where a role means any one of them ("an ally")."""
    text = players(node)
    if isinstance(node, ir.Players) and node.role in SEVERAL and text.startswith("each "):
        rest = text.removeprefix("each ")
        return f"{'an' if rest[:1] in 'aeiou' else 'a'} {rest}"
    return text


def possessive(node: ir.Node | None) -> str:
    if node is None:
        return "your"
    if isinstance(node, ir.Players) and node.role in POSSESSIVE and not node.other:
        return POSSESSIVE[node.role]
    if isinstance(node, ir.Side):
        return side(node) + "'s"
    if isinstance(node, ir.Players) and node.role == "ally" and node.of in ALLY_OWNER:
        return ALLY_OWNER[node.of] + "'"  # "your allies' ships"
    text = players(node)
    return text + ("'" if text.endswith("s") else "'s")


def side(node: ir.Side) -> str:
    return {
        "yours": "your side",
        "opponent": "the opponent's side",
        "offense": "the offense's side",
        "defense": "the defense's side",
        "either": "either side",
        "both": "both sides",
    }[node.which]


def number(node: ir.Node | None) -> str:
    if node is None:
        return "all"
    if isinstance(node, ir.Num):
        return str(node.value)
    if isinstance(node, ir.Measure):
        if isinstance(node.of, ir.CardRef):
            return card_ref(node.of) + "'s value"
        name = _measure_words(node.name)
        if node.of is None:
            return f"the {name}"
        return f"{possessive(node.of)} {name}"
    if isinstance(node, ir.Arith) and node.op == "%" and node.right == ir.Num(10):
        return _digit(node.left)
    if isinstance(node, ir.Arith) and node.op in NAMED_ARITH:
        lead, join = NAMED_ARITH[node.op]
        return f"{lead} {_operand(node.left)} {join} {_operand(node.right)}"
    if isinstance(node, ir.Arith):
        op = {"*": "*", "/": "/", "+": "+", "-": "-"}[node.op]
        return f"{_group(node.left, node.op)} {op} {_group(node.right, node.op)}"
    if isinstance(node, ir.Half):
        return f"half of {number(node.value)}" + (" rounded up" if node.round_up else "")
    if isinstance(node, ir.ValueOf) and isinstance(node.cards, ir.Cards):
        return "the total value of " + cards(node.cards)
    if isinstance(node, ir.CountOf):
        inner = node.thing
        if isinstance(inner, ir.Cards) and inner.zone == "those":
            return "the number of " + cards(inner)
        if isinstance(inner, ir.Cards) and inner.count is None and inner.filter == ir.CardFilter():
            where = (
                f"{possessive(inner.owner)} hand"
                if inner.zone == "hand"
                else place(ir.Place(inner.zone, inner.owner))
            )
            return f"the number of cards in {where}"
        counted = thing(inner)
        for lead in ("all of ", "all "):
            counted = counted.removeprefix(lead)
        return "the number of " + counted
    if isinstance(node, ir.EventValue):
        return "that many"
    return thing(node)


def quantity(node: ir.Node | None) -> str:
    """A count written before a noun: a plain number as it is, anything else in brackets."""
    if node is None or isinstance(node, (ir.Num, ir.EventValue)):
        return number(node)
    return f"({number(node)})"


NAMED_ARITH = {
    "%": ("the remainder of", "divided by"),
    "min": ("the smaller of", "and"),
    "max": ("the larger of", "and"),
}


def _digit(value: ir.Node) -> str:
    """`X % 10` is the units digit of X; `(X / 10) % 10` the tens digit."""
    if isinstance(value, ir.Arith) and value.op == "/" and value.right == ir.Num(10):
        return f"the tens digit of {_operand(value.left)}"
    return f"the units digit of {_operand(value)}"


def _operand(node: ir.Node) -> str:
    """An operand of a worded operation: bracketed unless it is a single number or phrase."""
    text = number(node)
    return f"({text})" if isinstance(node, (ir.Arith, ir.Half)) else text


def _group(node: ir.Node, outer: str) -> str:
    text = number(node)
    if isinstance(node, ir.Arith) and outer in "*/" and node.op in ("+", "-"):
        return f"({text})"
    if isinstance(node, ir.Arith) and node.op in NAMED_ARITH:
        return f"({text})"
    return text


def card_ref(node: ir.CardRef) -> str:
    if node.which == "this":
        return "this card"
    if node.which == "event":
        return "that card"
    if node.which in ("higher", "lower"):
        return f"the {node.which} card"
    if node.which == "named":
        return "the named card"
    if node.which == "destiny":
        return "the destiny card"
    noun = "kicker" if node.which == "kicker" else "card"
    nth = ("", "second ", "third ")[node.index]
    return f"{possessive(node.owner)} {nth}{noun}"


def card_noun(kind: str) -> str:
    """The registry's noun for a kind of card: 'attack card', 'flare'."""
    load()
    return f"{kind} card" if f"{kind} card" in NOUNS else kind


def cards(node: ir.Cards) -> str:
    types = sorted(node.filter.types or [])
    noun = " or ".join(card_noun(t) for t in types) if types else "card"
    if node.filter.named == "*":
        noun = "named " + noun
    if node.filter.highest:
        noun = "highest " + noun
    # what follows the noun, after any plural 's': "cards worth 06 of the named card type"
    suffix = worth(node.filter) + (" of the named card type" if node.filter.named_type else "")
    if node.zone == "those" and not node.each_type:  # the event's cards, or the last handled
        many = f"those {noun}s{suffix}"
        if node.count is None:
            return many
        count = quantity(node.count)
        if node.up_to and count == "99":
            return f"any number of {many}"
        return f"{'up to ' if node.up_to else ''}{count} of {many}"
    if node.zone == "encounter":  # the encounter cards on a side
        return f"each of {possessive(node.owner)} cards"
    owner = "" if node.owner is None else f" in {possessive(node.owner)} hand"
    if node.zone in ("discard", "deck") or node.zone.startswith("pile:"):
        owner = f" in {place(ir.Place(node.zone, node.owner))}"
    if "essence" in types and node.owner is not None:
        owner = f" before {players(node.owner)}"
    if node.each_type:
        return f"1 card of each type{owner}"
    if (
        node.count is None
        and types
        and node.owner is not None
        and node.zone == "hand"
        and not suffix
    ):
        return f"{possessive(node.owner)} {noun}s"
    if node.count is None:
        return (
            f"all {noun}s{suffix}{owner}"
            if types or suffix or node.zone != "hand"
            else (f"{possessive(node.owner)} hand" if node.owner is not None else "your hand")
        )
    count = quantity(node.count)
    plural = "" if count == "1" else "s"
    prefix = "up to " if node.up_to else ""
    if node.up_to and count == "99":
        return f"any number of {noun}s{suffix}{owner}"
    return f"{prefix}{count} {'random ' if node.random else ''}{noun}{plural}{suffix}{owner}"


def worth(f: ir.CardFilter) -> str:
    """A filter's value bounds: ' worth 06', ' worth 06 or less', ' between 05 and 10'."""
    low = number(f.least) if f.least is not None else _value(f.min_value)
    high = number(f.most) if f.most is not None else _value(f.max_value)
    if low is None and high is None:
        return ""
    if low is not None and low == high and f.least is None:
        return f" worth {low}"
    if low is not None and high is not None:
        return f" between {_bracketed(low, f.least)} and {_bracketed(high, f.most)}"
    if low is not None:
        return f" worth at least {_bracketed(low, f.least)}"
    return f" worth at most {_bracketed(high or '', f.most)}"


def _value(n: int | None) -> str | None:
    return None if n is None else str(n)


def _bracketed(text: str, node: ir.Node | None) -> str:
    """A worked-out bound is written in brackets, as the grammar asks."""
    return text if node is None or isinstance(node, ir.Num) else f"({text})"


def nameable(node: ir.Nameable) -> str:
    if node.what == "player":
        base = players(node.among) if node.among is not None else "each player"
        if base.startswith("each other "):
            return "another " + base.removeprefix("each other ")
        return "a " + base.removeprefix("each ")
    if node.what == "number":
        return "a number"
    where = ""
    if isinstance(node.among, ir.Cards) and node.among.zone == "game":  # named without looking
        kinds = node.among.filter.types or {"card"}
        kind = next(iter(kinds)) if len(kinds) == 1 else "card"
        noun = f"{kind} card" if f"{kind} card" in NOUNS else kind
        return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"
    if isinstance(node.among, ir.Cards) and node.among.zone in ("discard", "deck"):
        where = f" in {place(ir.Place(node.among.zone))}"
    elif isinstance(node.among, ir.Cards):
        where = f" in {possessive(node.among.owner)} hand"
    return f"a {node.what}{where}"


def ships(node: ir.Ships) -> str:
    if node.event:
        if node.count is None:
            return "those ships"
        return f"{'up to ' if node.up_to else ''}{quantity(node.count)} of those ships"
    where = ""
    if isinstance(node.place, ir.Place):
        where = (
            f" {place(node.place)}" if node.place.kind == OUTSIDE else f" in {place(node.place)}"
        )
    whose = "" if node.owner is None else f"{possessive(node.owner)} "
    if node.count is None:
        return f"all of {whose}ships{where}" if whose else f"all ships{where}"
    count = quantity(node.count)
    if node.up_to and count == "99":
        return f"any number of {whose}ships{where}"
    lead = "up to " if node.up_to else ""
    if node.owner is not None:
        return f"{lead}{count} of {possessive(node.owner)} ships{where}"
    return f"{lead}{count} ship{'s' if count != '1' else ''}{where}"


def place(node: ir.Place) -> str:
    if node.kind.startswith("pile:"):  # a card's own pile
        name, at, planet = node.kind[5:].partition("@")  # a pile kept beside a planet
        beside = f" of {'the target' if planet == 'target planet' else 'a'} planet" if at else ""
        return f'{possessive(node.owner)} "{name}" pile{beside}'
    if node.kind in (
        "warp",
        "encounter",
        "target planet",
        "new colony",
        "new planet",
        "tech",
        "gate",
        "deck",
        "box",
        "game",
    ):
        return f"the {node.kind}"
    if node.kind == "discard":
        return "the discard pile"
    if node.kind == "event planet":
        return "that planet"
    if node.kind == "origins":
        return "the planets they came from"
    if node.kind == OUTSIDE:
        return "outside the encounter"
    if node.kind == "a colony":
        return f"a colony of {players(node.owner)}" if node.owner is not None else "a colony"
    if node.empty:
        of = f" of {players(node.owner)}" if node.owner is not None else ""
        return f"an empty {node.kind.removesuffix('s')}{of}"
    if node.kind == "planets" and node.owner is None:
        return "a planet"
    return f"{possessive(node.owner)} {node.kind}"


def thing(node: ir.Node | None) -> str:
    if node is None:
        return ""
    if isinstance(node, ir.Cards):
        return cards(node)
    if isinstance(node, ir.CardRef):
        return card_ref(node)
    if isinstance(node, ir.Ships):
        return ships(node)
    if isinstance(node, ir.Place):
        return place(node)
    if isinstance(node, ir.Amount):
        count = quantity(node.count)
        what = _measure_words(node.what)
        if count == "1" and marker_name(node.what) is not None:
            what = what.removesuffix("s")
        elif count == "1":
            load()
            what = next((n.word for n in NOUNS.values() if n.plural == what), what)
        return f"{'up to ' if node.up_to else ''}{count} {what}"
    if isinstance(node, ir.Word):
        return node.word if node.word.startswith(("the ", "a ", "another ")) else f"the {node.word}"
    if isinstance(node, ir.Nameable):
        return nameable(node)
    if isinstance(node, ir.Aliens):
        return aliens(node)
    if isinstance(node, ir.CardFilter):
        kind = next(iter(node.types or {"card"}))
        article = "an" if kind[0] in "aeiou" else "a"
        return f"{article} {kind}" + (
            f" worth {node.min_value}" if node.min_value is not None else ""
        )
    if isinstance(node, (ir.Players, ir.Chosen, ir.Extreme, ir.Side)):
        return players(node)
    return number(node)


def aliens(node: ir.Aliens) -> str:
    """Alien sheets as written: "a random unused alien", "the unused aliens", "your other aliens"."""
    if node.source != "unused":
        whose = possessive(node.owner)
        return {"sheet": f"{whose} alien", "other": f"{whose} other aliens"}.get(
            node.source, f"{whose} aliens"
        )
    if node.count is None:
        return "the unused aliens"
    count = quantity(node.count)
    lead = "up to " if node.up_to else ""
    how = "random " if node.random else ""
    return f"{lead}{count} {how}unused alien{'' if count == '1' else 's'}"


def _measure_words(name: str) -> str:
    """A measure as written: a named kind of marker keeps its quoted name (`"point" markers`)."""
    kind = marker_name(name)
    return name if kind is None else f'"{kind}" markers'
