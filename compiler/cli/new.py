"""`cosmic new`: start a pack (`cosmic new pack DIR`) or add a card or scenario to one
(`cosmic new alien ID --pack DIR`), from templates that validate clean and whose scenarios pass."""

from __future__ import annotations

import re
from pathlib import Path

import click

from compiler.cli.common import fail

ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _check_id(word: str, what: str) -> None:
    if not ID.fullmatch(word):
        fail(f"'{word}' is not a valid {what} id (lower-case letters, digits and hyphens)")


def _write(folder: Path, files: dict[str, str]) -> None:
    """Write every file, or none if any already exists."""
    existing = [name for name in files if (folder / name).exists()]
    if existing:
        fail(f"{folder / existing[0]} already exists; nothing was written")
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        click.echo(f"wrote {path}")


@click.group()
def new() -> None:
    """Start a pack, or add a card or a scenario to one, from a template."""


@new.command("pack")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option("--id", "pack_id", default=None, help="The pack id (default: the folder's name).")
@click.option(
    "--alien", "alien_id", default=None, help="The example alien's id (default: PACK-alien)."
)
def new_pack(folder: Path, pack_id: str | None, alien_id: str | None) -> None:
    """Create a pack in FOLDER: pack.yaml, a README, a pre-commit config, an example alien with
    its flare, and a scenario for each."""
    from compiler.tools.scaffold import pack_files

    pack_id = pack_id or folder.resolve().name.lower()
    _check_id(pack_id, "pack")
    alien_id = alien_id or f"{pack_id}-alien"
    _check_id(alien_id, "card")
    if folder.exists() and any(folder.iterdir()):
        fail(f"{folder} is not empty; choose a new folder")
    _write(folder, pack_files(pack_id, alien_id))
    click.echo(f"next: cosmic validate {folder} && cosmic test {folder}")


def _card_command(kind: str, help_text: str) -> click.Command:
    @click.command(kind, help=help_text)
    @click.argument("card_id")
    @click.option(
        "--pack",
        "pack_folder",
        type=click.Path(path_type=Path, file_okay=False),
        default=Path("."),
        show_default=True,
        help="The pack folder to add to.",
    )
    def command(card_id: str, pack_folder: Path) -> None:
        from compiler.tools.scaffold import files_for

        _check_id(card_id, "scenario" if kind == "scenario" else "card")
        if not (pack_folder / "pack.yaml").is_file():
            fail(f"{pack_folder} is not a pack folder (it has no pack.yaml)")
        _write(pack_folder, files_for(kind, card_id))

    return command


for _kind, _help in (
    ("alien", "Add an alien CARD_ID with its flare, and a scenario for each."),
    ("flare", "Add a flare for the alien CARD_ID, and a scenario for it."),
    ("artifact", "Add an artifact CARD_ID and a scenario for it."),
    ("edict", "Add an edict CARD_ID and a scenario for it."),
    ("scenario", "Add a scenario CARD_ID (a plain encounter to edit)."),
):
    new.add_command(_card_command(_kind, _help))
