"""Words and phrase text the resolver uses: the names of places and roles it knows, and the
author's words read back from syntax-tree nodes for messages and option labels."""

from __future__ import annotations

from compiler.pipeline import ast
from compiler.pipeline.language_table import ROLES, Op, Slot
from runtime import ir


def action(op: Op, args: tuple[ir.Node | None, ...]) -> str:
    """The name a restriction is checked under by the engine (`play artifact`, `invite`)."""
    if op.name == "must play":
        cards = args[0]
        if isinstance(cards, ir.Cards) and cards.filter.types:
            return f"play {next(iter(cards.filter.types))}"
        return "play card"
    return op.name


def pos_of(item: object) -> ast.Pos:
    pos = getattr(item, "pos", (0, 0))
    return pos if isinstance(pos, tuple) else (0, 0)


def frame_hint(op: Op) -> str:
    return f"'{op.verb}' is written: {op.frame()}"


def slot_text(slot: Slot) -> str:
    what = slot.word or slot.type.value
    return f"'{slot.prep} {what}'" if slot.prep else what


# places cards are kept in, and the zone each one is
CARD_ZONES = {"hand": "hand", "discard": "discard", "deck": "deck"}

# places no player owns: an owner written on them has no meaning, so it is refused
UNOWNED_PLACES = frozenset(
    {
        "warp",
        "encounter",
        "gate",
        "target planet",
        "new colony",
        "event planet",
        "origins",
        "deck",
        "discard",
        "box",
        "game",
        # pieces techs bring: the planet an effect made, the tech's research ships
        "new planet",
        "tech",
    }
)

# role words a player can be tested against; other player nouns name particular players
ROLE_WORDS = {*ROLES, "opponent", "winner", "loser", "player"}

POSSESSIVE_PRONOUNS = {
    "you": "your",
    "your": "your",
    "they": "their",
    "their": "their",
    "it": "its",
}


def np_text(np: ast.NP) -> str:
    parts: list[str] = []
    if np.form == "pronoun":
        return np.word or ""
    if np.form == "outside" and np.inner is not None:
        return "outside " + np_text(np.inner)
    if np.possessor is not None:
        owner = np_text(np.possessor)
        parts.append(POSSESSIVE_PRONOUNS.get(owner, owner + "'s"))
    if np.det:
        parts.append(np.det)
    if np.quantity is not None:
        parts.append(
            np.quantity.kind
            if np.quantity.value is None
            else str(getattr(np.quantity.value, "value", ""))
        )
    parts.extend(np.modifiers)
    if np.inner is not None:
        parts.append("of " + np_text(np.inner))
    if np.noun:
        parts.append(np.noun)
    return " ".join(p for p in parts if p)


def text_of_comp(comp: ast.KindWord | ast.AdjWord) -> str:
    return comp.noun if isinstance(comp, ast.KindWord) else comp.word


def vp_text(stmt: ast.Simple, vp: ast.VerbPhrase) -> str:
    return vp.written + (" ..." if vp.args else "")


def span_of(stmts: tuple[ast.Stmt, ...]) -> ast.Pos:
    if not stmts:
        return (0, 0)
    return (stmts[0].pos[0], stmts[-1].pos[1])


def text_of(stmts: tuple[ast.Stmt, ...]) -> str:
    first = stmts[0] if stmts else None
    if isinstance(first, ast.Simple) and first.verbs:
        return first.verbs[0].written
    return "option"
