"""IR in, rules text out: each op's frame from the registry read back as English, so a card's
definition can be shown (`cosmic explain`) and compared with its printed text (`cosmic render`)."""

from __future__ import annotations

from dataclasses import replace

from compiler.pipeline.effect_vocabulary import DURATIONS
from compiler.tools.render_phrases import (
    any_of,
    number,
    place,
    players,
    possessive,
    role_plural,
    thing,
)
from runtime import ir
from runtime.cards import CardDef, Hook
from runtime.language import load
from runtime.registry import NOUNS, OPS, PREDICATES, PredicateDef, T, third_person

# Every function here reads the registry's words (and render_phrases' too): register them all
# before any is used, whoever imports this first. Only commands that show rules text import it.
load()


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
        text = f"{indent}{head(node)}:\n{statement(node.then, indent + '  ')}"
        if node.otherwise is not None:
            text += f"\n{indent}otherwise:\n{statement(node.otherwise, indent + '  ')}"
        return text
    if isinstance(node, (ir.ForEach, ir.Repeat, ir.RepeatUntil)):
        return f"{indent}{head(node)}:\n{statement(node.body, indent + '  ')}"
    if isinstance(node, ir.Offer):
        text = f"{indent}{head(node)}:\n"
        text += statement(node.body, indent + "  ")
        if node.otherwise is not None:
            text += f"\n{indent}otherwise:\n{statement(node.otherwise, indent + '  ')}"
        return text
    if isinstance(node, ir.Choose):
        who = "" if node.chooser is None else players(node.chooser) + " "
        options = "\n".join(
            choice(label, o, indent) for label, o in zip(node.labels, node.options, strict=False)
        )
        fresh = " not yet chosen" if node.fresh else ""
        return f"{indent}{who}choose one{fresh}:\n{options}"
    if isinstance(node, ir.Instead):
        parts = node.body.items if isinstance(node.body, ir.Seq) else (node.body,)
        if len(parts) > 1 and all(isinstance(p, ir.Do) and p.subject is None for p in parts):
            return f"{indent}instead, " + " and ".join(statement(p) for p in parts)
        return f"{indent}instead, {statement(node.body).strip()}"
    if isinstance(node, ir.Lasting):
        lead = (
            f"for the next {node.count} {node.duration}"
            if node.duration in ("encounters", "turns")
            else _until(node)
            if node.duration == "until"
            else f"until the end of the {node.duration}"
        )
        return f"{indent}{lead}, {statement(node.body, indent).lstrip()}"
    if isinstance(node, ir.Delayed):
        body = statement(node.body, indent + "  ")
        if "\n" in body.strip():
            return f"{indent}{head(node)}:\n{body}"
        return f"{indent}{head(node)}: {body.strip()}"
    if isinstance(node, ir.Forbid):
        op = node.action if node.action in OPS else "must play"
        forbidden = do(ir.Do(op, None, node.args)) if node.args else node.action
        return f"{indent}{players(node.subject)} may not {forbidden}"
    return indent + "?"


def head(node: ir.Node) -> str | None:
    """The words of a block statement before its colon (`for each other player`, `if you lost`,
    `at encounter.end`), or None for a statement that opens no block of its own."""
    if isinstance(node, ir.If):
        return f"if {condition(node.cond)}"
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
        return f"for each {who}{order}"
    if isinstance(node, ir.Offer):
        order = f" starting with {players(node.start)}" if node.start is not None else ""
        order += " in reverse order" if node.reverse else ""
        who = players(node.who)
        who = "any " + who.removeprefix("each ") if who.startswith("each ") else who
        return f"if {who} accepts{order}"
    if isinstance(node, ir.Repeat):
        times = number(node.times)
        return f"repeat {times if isinstance(node.times, ir.Num) else f'({times})'} times"
    if isinstance(node, ir.RepeatUntil):
        return f"repeat until {condition(node.until)}"
    if isinstance(node, ir.Delayed):
        return f"at {node.window}"
    return None


def _until(node: ir.Lasting) -> str:
    """The words of a duration that ends at a window: its phrase if it has one."""
    scope = f"until {node.window}" + (" yours" if node.yours else "")
    return next((text for text, value in DURATIONS.items() if value == scope), scope)


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
    """One option of `choose one`: its label, then its effect on the line or indented below (an
    option that only calls a word has none: `- "left"`)."""
    if label and isinstance(option, ir.Seq) and not option.items:
        return f'{indent}  - "{label}"'
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
        plural = (
            subject in ("", "you", "they")
            or subject.startswith("any number")
            or (isinstance(node.subject, ir.Chosen) and node.subject.maximum > 1)
        )
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
        if slot.type is T.CARD_SPEC and isinstance(arg, ir.CardRef):
            text = f"a copy of {text}"
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
        inner = condition(node.item)
        if isinstance(node.item, ir.Pred) and node.item.name in _SAID_WITH_IS:
            for verb in (" is ", " are "):
                if verb in inner:  # as authors write it: "the holder is not you"
                    return inner.replace(verb, f"{verb}not ", 1)
        return "not " + inner
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
            if kind not in NOUNS:  # a kind only a longer noun names ('a wild destiny card')
                kind = next(
                    (n.word for n in NOUNS.values() if n.category == "card" and n.meaning == kind),
                    kind,
                )
            return f"{thing(args[0])} is {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
        if node.name == "chosen option is":
            return f'the chosen option is "{args[0].word if isinstance(args[0], ir.Word) else "?"}"'
        if node.name == "same card":
            return f"{thing(args[0])} is {thing(args[1])}"
        if node.name == "both cards are":
            return f"both cards are {args[0].word if isinstance(args[0], ir.Word) else '?'}s"
        if node.name == "has role":
            role = args[1].word if isinstance(args[1], ir.Word) else "?"
            subject = players(args[0])
            relation = _relation_words(role)
            if relation is not None:  # a relation to the effect's owner: "players on your side"
                article = "an" if relation[0] in "aeiou" else "a"
                return f"{subject} {'are' if subject in ('you', 'they') else 'is'} {article} {relation}"
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
        if node.name == "has power":
            alien = args[1].word if isinstance(args[1], ir.Word) else "?"
            subject = players(args[0])
            return (
                f'{subject} {"have" if subject in ("you", "they") else "has"} the "{alien}" power'
            )
        pred = PREDICATES.get(node.name)
        written = pred.forms[0] if pred is not None and pred.forms else node.name
        if pred is not None and pred.args[0] is not T.PLAYERS:
            subject = thing(args[0])
            if isinstance(args[0], ir.Word):
                # the encounter is always the current one; other words name the event's thing
                word = args[0].word
                subject = word if word.startswith("the ") else f"that {word}"
            written = f"{subject} {written}"
        else:
            subject = players(args[0])
            written = f"{subject} {_agreeing(written, pred, subject)}"
        if len(args) > 1 and pred is not None and pred.args[1] is T.POWER:
            written += f" {possessive(args[1])} power"
        elif len(args) > 1:
            written += " " + any_of(args[1])
        return written
    return "?"


# the conditions written "X is Y", which authors deny as "X is not Y"
_SAID_WITH_IS = ("has role", "is player", "card is", "same card")
# the verbs a condition's form may open with whose plural is not the verb without its final s
_PLURAL_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do"}


def _agreeing(written: str, pred: PredicateDef | None, subject: str) -> str:
    """The condition's form that agrees with `you` or `they` (`were invited by you`, `hold a
    face-up essence card`), if it has one; else the form given."""
    if pred is None or subject not in ("you", "they"):
        return written
    verb, _, rest = written.partition(" ")
    for plural in (_PLURAL_VERBS.get(verb), verb.removesuffix("s")):
        form = " ".join(filter(None, (plural, rest)))
        if plural and form != written and form in pred.forms:
            return form
    return written


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


def _relation_words(role: str) -> str | None:
    """The noun of a player relation that is no role of its own (`player on your side`)."""
    from runtime.roles import ROLES

    if role in ROLES:
        return None
    noun = next((n for n in NOUNS.values() if n.category == "player" and n.meaning == role), None)
    return None if noun is None else noun.word
