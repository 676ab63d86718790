"""Owners that may be several players (`the other players' colonies`): whether a phrase of players
can name more than one, where its words are, and what to write instead where one is wanted."""

from __future__ import annotations

from compiler.pipeline import ast
from compiler.pipeline.language_table import ONE_PLAYER, SHIP_PLACES, SURFACE_NOUNS
from runtime import ir

# what an author writes instead of an owner naming several players where one is wanted
ONE_OWNER_HINT = (
    "name one player ('the defense's ...'), or act for each of them:"
    " 'for each other player: ...' with 'their ...' in the lines under it"
)


def names_several(node: ir.Node | None) -> bool:
    """Whether a phrase of players may name more than one player."""
    return ir.names_several(node, ONE_PLAYER)


def owner_pos(np: ast.NP) -> ast.Pos:
    """Where a phrase names its owner: the possessor (`the other players'`), or `of ...`."""
    if np.form == "part" and np.inner is not None:
        return owner_pos(np.inner)
    if np.possessor is not None:
        return np.possessor.pos
    for tail in np.tails:
        if tail.kind == "of" and tail.np is not None:
            return tail.np.pos
    return np.pos


def ship_place_words() -> str:
    """The places ships can be in, as authors write them (for hints)."""
    words = sorted(
        {
            n.word
            for n in SURFACE_NOUNS.values()
            if n.category == "place" and SHIP_PLACES.get(n.meaning, "sent to") != "sent to"
        }
    )
    return ", ".join(words)
