"""IR in, rules text out: each op's frame from the registry read back as English, so a card's
definition can be shown (`cosmic explain`) and compared with its printed text (`cosmic render`)."""

from __future__ import annotations

from dataclasses import replace

from runtime import ir
from runtime.cards import CardDef, Hook
from runtime.language import load
from runtime.registry import NOUNS, OPS, PREDICATES, T, third_person

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
    "left": "the player on your left",
    "right": "the player on your right",
}
# roles that name several players at once read "each <noun>"; the others "the <noun>"
SEVERAL = {"player", "ally", "main player", "opposing", "in encounter", "teammate"}


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
        if node.maximum > 1 and isinstance(node.base, ir.Players):
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
        if node.of is None:
            return f"the {node.name}"
        return f"{possessive(node.of)} {node.name}"
    if isinstance(node, ir.Arith):
        op = {"*": "*", "/": "/", "+": "+", "-": "-"}[node.op]
        return f"{_group(node.left, node.op)} {op} {_group(node.right, node.op)}"
    if isinstance(node, ir.Half):
        return f"half of {number(node.value)}" + (" rounded up" if node.round_up else "")
    if isinstance(node, ir.CountOf):
        inner = node.thing
        if isinstance(inner, ir.Cards) and inner.zone == "those":
            return "the number of " + cards(inner)
        if isinstance(inner, ir.Cards) and inner.count is None and not inner.filter.types:
            where = (
                f"{possessive(inner.owner)} hand"
                if inner.zone == "hand"
                else place(ir.Place(inner.zone))
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


def _group(node: ir.Node, outer: str) -> str:
    text = number(node)
    if isinstance(node, ir.Arith) and outer in "*/" and node.op in "+-":
        return f"({text})"
    return text


def card_ref(node: ir.CardRef) -> str:
    if node.which == "this":
        return "this card"
    if node.which == "event":
        return "that card"
    if node.which in ("higher", "lower"):
        return f"the {node.which} card"
    noun = "kicker" if node.which == "kicker" else "card"
    return f"{possessive(node.owner)} {noun}"


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
    if node.filter.min_value is not None and node.filter.min_value == node.filter.max_value:
        noun += f" worth {node.filter.min_value}"
    if node.zone == "those" and not node.each_type:  # the event's cards, or the last handled
        many = f"those {noun}s"
        if node.count is None:
            return many
        count = quantity(node.count)
        if node.up_to and count == "99":
            return f"any number of {many}"
        return f"{'up to ' if node.up_to else ''}{count} of {many}"
    owner = "" if node.owner is None else f" in {possessive(node.owner)} hand"
    if node.zone in ("discard", "deck"):
        owner = f" in {place(ir.Place(node.zone))}"
    if "essence" in types and node.owner is not None:
        owner = f" before {players(node.owner)}"
    if node.each_type:
        return f"1 card of each type{owner}"
    if node.count is None and types and node.owner is not None and node.zone == "hand":
        return f"{possessive(node.owner)} {noun}s"
    if node.count is None:
        return (
            f"all {noun}s{owner}"
            if types
            else (f"{possessive(node.owner)} hand" if node.owner is not None else "your hand")
        )
    count = quantity(node.count)
    plural = "" if count == "1" else "s"
    prefix = "up to " if node.up_to else ""
    if node.up_to and count == "99":
        return f"any number of {noun}s{owner}"
    return f"{prefix}{count} {'random ' if node.random else ''}{noun}{plural}{owner}"


def ships(node: ir.Ships) -> str:
    if node.event:
        if node.count is None:
            return "those ships"
        return f"{'up to ' if node.up_to else ''}{quantity(node.count)} of those ships"
    where = f" in {place(node.place)}" if isinstance(node.place, ir.Place) else ""
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
    if node.kind in ("warp", "encounter", "target planet", "new colony", "gate", "deck", "box"):
        return f"the {node.kind}"
    if node.kind == "discard":
        return "the discard pile"
    if node.kind == "a colony":
        return f"a colony of {players(node.owner)}" if node.owner is not None else "a colony"
    if node.empty:
        of = f" of {players(node.owner)}" if node.owner is not None else ""
        return f"an empty {node.kind.removesuffix('s')}{of}"
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
        what = node.what
        if count == "1":
            load()
            what = next((n.word for n in NOUNS.values() if n.plural == what), what)
        return f"{'up to ' if node.up_to else ''}{count} {what}"
    if isinstance(node, ir.Word):
        return node.word if node.word.startswith(("the ", "a ", "another ")) else f"the {node.word}"
    if isinstance(node, ir.CardFilter):
        kind = next(iter(node.types or {"card"}))
        article = "an" if kind[0] in "aeiou" else "a"
        return f"{article} {kind}" + (
            f" worth {node.min_value}" if node.min_value is not None else ""
        )
    if isinstance(node, (ir.Players, ir.Chosen, ir.Extreme, ir.Side)):
        return players(node)
    return number(node)


def statement(node: ir.Node, indent: str = "") -> str:
    if isinstance(node, ir.Seq):
        return "\n".join(
            indent + joined if (joined := _one_line(n)) is not None else statement(n, indent)
            for n in node.items
        )
    if isinstance(node, ir.Do):
        return indent + do(node)
    if isinstance(node, ir.May):
        return indent + may(node)
    if isinstance(node, ir.If):
        text = f"{indent}if {condition(node.cond)}:\n{statement(node.then, indent + '  ')}"
        if node.otherwise is not None:
            text += f"\n{indent}otherwise:\n{statement(node.otherwise, indent + '  ')}"
        return text
    if isinstance(node, ir.ForEach):
        order = f" starting with {players(node.start)}" if node.start is not None else ""
        order += " in reverse order" if node.reverse else ""
        over = node.over
        if isinstance(over, ir.Players) and over.other and over.of is None:
            who = f"of the other {role_plural(over.role)}"
        elif isinstance(over, ir.Chosen):
            who = f"of {players(over)}"
        elif isinstance(over, ir.Ships) and over.count is None and over.owner is not None:
            where = f" in {place(over.place)}" if isinstance(over.place, ir.Place) else ""
            who = f"of {possessive(over.owner)} ships{where}"
        else:
            who = thing(over).removeprefix("each ").removeprefix("the ")
        return f"{indent}for each {who}{order}:\n{statement(node.body, indent + '  ')}"
    if isinstance(node, ir.Choose):
        who = "" if node.chooser is None else players(node.chooser) + " "
        options = "\n".join(
            choice(label, o, indent) for label, o in zip(node.labels, node.options, strict=False)
        )
        fresh = " not yet chosen" if node.fresh else ""
        return f"{indent}{who}choose one{fresh}:\n{options}"
    if isinstance(node, ir.Repeat):
        return f"{indent}repeat {node.times} times:\n{statement(node.body, indent + '  ')}"
    if isinstance(node, ir.Instead):
        parts = node.body.items if isinstance(node.body, ir.Seq) else (node.body,)
        if len(parts) > 1 and all(isinstance(p, ir.Do) and p.subject is None for p in parts):
            return f"{indent}instead, " + " and ".join(statement(p) for p in parts)
        return f"{indent}instead, {statement(node.body).strip()}"
    if isinstance(node, ir.Lasting):
        lead = (
            f"for the next {node.count} {node.duration}"
            if node.duration in ("encounters", "turns")
            else f"until the end of the {node.duration}"
        )
        return f"{indent}{lead}, {statement(node.body, indent).lstrip()}"
    if isinstance(node, ir.Delayed):
        body = statement(node.body, indent + "  ")
        if "\n" in body.strip():
            return f"{indent}at {node.window}:\n{body}"
        return f"{indent}at {node.window}: {body.strip()}"
    if isinstance(node, ir.Forbid):
        op = node.action if node.action in OPS else "must play"
        forbidden = do(ir.Do(op, None, node.args)) if node.args else node.action
        return f"{indent}{players(node.subject)} may not {forbidden}"
    return indent + "?"


def _one_line(node: ir.Node) -> str | None:
    """Statements written as one (`A and B`, one subject) inside a longer block, else None."""
    if not isinstance(node, ir.Seq) or len(node.items) < 2:
        return None
    parts = node.items
    if not all(isinstance(p, ir.Do) and not p.may for p in parts):
        return None
    subjects = {p.subject for p in parts if isinstance(p, ir.Do)}
    if len(subjects) != 1:
        return None
    texts = [do(p) for p in parts if isinstance(p, ir.Do)]
    who = players(next(iter(subjects))) + " " if next(iter(subjects)) is not None else ""
    return texts[0] + "".join(" and " + t.removeprefix(who) for t in texts[1:])


def choice(label: str, option: ir.Node, indent: str) -> str:
    """One option of `choose one`: its label, then its effect on the line or indented below."""
    body = statement(option, indent + "      ")
    lead = f'{indent}  - "{label}":' if label else f"{indent}  -"
    return f"{lead}\n{body}" if "\n" in body else f"{lead} {body.strip()}"


def may(node: ir.May) -> str:
    """`you may A and B`: the subject once, `may`, then each part's verb phrase."""
    parts = node.body.items if isinstance(node.body, ir.Seq) else (node.body,)
    verbs = [do(replace(p, subject=None)) for p in parts if isinstance(p, ir.Do)]
    who = players(node.subject) if node.subject is not None else "you"
    return f"{who} may {' and '.join(verbs)}"


def do(node: ir.Do) -> str:
    op = OPS[node.op]
    parts: list[str] = []
    if op.subject is not T.PLAYERS:
        subject = thing(node.subject)
        verb = (
            op.verb
            if subject.endswith("s") and not subject.endswith("'s")
            else third_person(op.verb)
        )
        parts.append(subject)
    else:
        subject = players(node.subject) if node.subject is not None else ""
        if subject:
            parts.append(subject)
        plural = subject in ("", "you", "they") or subject.startswith("any number")
        verb = op.verb if plural or node.may else third_person(op.verb)
        if node.may:
            parts.append("may")
    parts.append(verb)
    for slot, arg in zip(op.slots, node.args, strict=True):
        if arg is None:
            continue
        if slot.type is T.FLAG:
            parts.append(slot.word or "")
            continue
        text = thing(arg) if slot.type not in (T.NUMBER, T.FORMULA) else number(arg)
        if slot.type is T.WORD and slot.word:
            text = slot.word if " " in slot.word else f"the {slot.word}"
        if slot.type is T.POWER:
            text = f"{possessive(arg)} power"
        if slot.type is T.QUANTITY and isinstance(arg, ir.Measure):
            text = number(arg)
        parts.append(f"{slot.prep} {text}" if slot.prep else text)
    if node.prevent:
        parts.append("to prevent this")
    return " ".join(p for p in parts if p)


def condition(node: ir.Node) -> str:
    if isinstance(node, ir.AllOf):
        return " and ".join(
            f"({condition(n)})" if isinstance(n, ir.AnyOf) else condition(n) for n in node.items
        )
    if isinstance(node, ir.AnyOf):
        return " or ".join(condition(n) for n in node.items)
    if isinstance(node, ir.Not):
        return "not " + condition(node.item)
    if isinstance(node, ir.Compare):
        words = {
            ">=": "is at least",
            "<=": "is at most",
            ">": "is more than",
            "<": "is fewer than",
            "==": "is",
            "!=": "is not",
        }
        right = number(node.right)
        if node.op != "==" and not isinstance(node.right, ir.Num):
            right = f"({right})"
        return f"{number(node.left)} {words[node.op]} {right}"
    if isinstance(node, ir.Pred):
        args = node.args
        if node.name == "card is":
            kind = args[1].word if isinstance(args[1], ir.Word) else "?"
            return f"{thing(args[0])} is {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
        if node.name == "both cards are":
            return f"both cards are {args[0].word if isinstance(args[0], ir.Word) else '?'}s"
        if node.name == "has role":
            role = args[1].word if isinstance(args[1], ir.Word) else "?"
            subject = players(args[0])
            return (
                f"{subject} {'are' if subject == 'you' else 'is'} {'an' if role[0] in 'aeio' else 'a'} {role}"
                if role not in ("offense", "defense", "opponent", "winner", "loser")
                else f"{subject} {'are' if subject == 'you' else 'is'} the {role}"
            )
        if node.name in ("odd", "even"):
            return f"{number(args[0])} is {node.name}"
        if node.name == "ships are owned by":
            return f"those ships are {possessive(args[0]).replace('your', 'yours')}"
        if node.name == "is player":
            return f"{players(args[0])} is {players(args[1])}"
        pred = PREDICATES.get(node.name)
        written = pred.forms[0] if pred is not None and pred.forms else node.name
        return f"{players(args[0])} {written}"
    return "?"


ROLES_TEXT = " or ".join


def hook_lines(hook: Hook) -> list[str]:
    lines = [f"when: {hook.window}"]
    if hook.roles:
        lines.append(f"as: {' or '.join(hook.roles)}")
    lines.append(f"use: {'optional' if hook.optional else 'mandatory'}")
    if hook.zone != "laid":
        lines.append(f"from: {hook.zone}")
    if hook.users:
        lines.append("for: users")
    if hook.decider != "owner":
        lines.append(f"by: {hook.decider}")
    if hook.limit:
        lines.append(f"limit: once per {hook.limit}")
    if hook.condition is not None:
        lines.append(f"if: {condition(hook.condition)}")
    if hook.cost is not None:
        lines.append(f"cost: {statement(hook.cost).strip()}")
    if hook.upgrades:
        lines.append(f"strengthens: {hook.upgrades}")
    body = statement(hook.effect).splitlines()
    lines.append("do: " + (body[0] if body else ""))
    lines.extend("    " + line for line in body[1:])
    return lines


def card_markdown(card: CardDef) -> str:
    """A card's rules text as Markdown, written from its definition."""
    out = [f"### {card.name}", ""]
    meta = [card.kind]
    if card.type:
        meta.append(card.type)
    if card.value is not None:
        meta.append(f"value {card.value}")
    if card.copies > 1:
        meta.append(f"{card.copies} copies")
    out.append(f"*{', '.join(meta)}*")
    out.append("")
    if card.target is not None:
        out.append(f"Points at {players(card.target)}.")
    for hook in card.hooks:
        label = {
            "power": f"**{hook.name}**",
            "wild": "**Wild**",
            "super": "**Super**",
            "play": "**Play**",
            "setup": "**Setup**",
        }.get(hook.kind, hook.name)
        who = (
            f"As {' or '.join(hook.roles)}, "
            if hook.roles and hook.roles != ("any player",)
            else ""
        )
        when = f"at {hook.window}"
        cond = f", if {condition(hook.condition)}" if hook.condition is not None else ""
        cost = f" Pay first: {statement(hook.cost).strip()}." if hook.cost is not None else ""
        use = " (optional)" if hook.optional and hook.kind == "power" else ""
        body = statement(hook.effect)
        limit = f" Once per {hook.limit}." if hook.limit else ""
        if "\n" in body:  # a block of effects: shown as written, under the item
            out.append(f"- {label}{use}: {who}{when}{cond}:{cost}{limit}")
            out += ["", "  ```", *(f"  {line}" for line in body.splitlines()), "  ```", ""]
        else:
            out.append(f"- {label}{use}: {who}{when}{cond}: {body}.{cost}{limit}")
    return "\n".join(out) + "\n"
