"""Helpers for the command-line tests of `cosmic validate`: small packs written to a folder, the
CLI run in-process, and card texts with one known problem each."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from compiler.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]

MANIFEST = 'id: {id}\nname: Test pack {id}\nversion: "1.0"\n'
UNKNOWN_KEY_CARD = """\
id: late-arrival
kind: reinforcement
name: Late Arrival
text: Add 3 to either side.
play:
  when: reveal.reinforcements
  wehn: later
  do: add 3 to either side's total
"""
LEADING_ZERO_CARD = "id: attack-08\nkind: encounter\nname: Attack 08\ntype: attack\nvalue: 08\n"
BAD_EFFECT_CARD = """\
id: supply-drop
kind: artifact
name: Supply Drop
text: The offense draws two cards.
play:
  when: regroup.start
  as: offense
  do: drow 2 cards
"""
CLEAN_CARD = "id: negotiate\nkind: encounter\nname: Negotiate\ntype: negotiate\n"


def write_pack(folder: Path, cards: dict[str, str | bytes]) -> Path:
    """A pack folder named after its id, with a manifest and the given card files."""
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id=folder.name), encoding="utf-8")
    for name, text in cards.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return folder


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result
