"""`cosmic explain` (a card's compiled hooks), `cosmic render` (rules text from definitions) and
`cosmic docs` (the generated language reference)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from compiler.cli.common import fail, load_cards, pack_option


@click.command()
@click.argument("card_id")
@click.option("--ir", "show_ir", is_flag=True, help="Also print the raw IR of each hook.")
@pack_option
def explain(card_id: str, show_ir: bool, pack_paths: tuple[Path, ...]) -> None:
    """Show one card's hooks: window, roles, condition, optionality and the effect."""
    from compiler.tools import render

    project, _, _ = load_cards(pack_paths)
    card = project.cards.cards.get(card_id)
    if card is None:
        from compiler.diagnostics import did_you_mean

        fail(
            f"no card '{card_id}'"
            + (
                f"; {did_you_mean(card_id, list(project.cards.cards))}"
                if did_you_mean(card_id, list(project.cards.cards))
                else ""
            )
        )
    click.echo(f"{card.name} ({card.kind}, pack {card.pack})")
    if card.text:
        click.echo(f"  text: {card.text}")
    if card.target is not None:
        click.echo(f"  points at: {render.players(card.target)}")
    if not card.hooks:
        click.echo("  no hooks: the engine's rules for its card type apply")
    for hook in card.hooks:
        click.echo(f"\n  hook {hook.name} ({hook.kind})")
        for line in render.hook_lines(hook):
            click.echo("    " + line)
        if show_ir:
            click.echo(f"    ir: {hook.effect!r}")


@click.command()
@click.argument("name", required=False)
@pack_option
def render(name: str | None, pack_paths: tuple[Path, ...]) -> None:
    """Write rules text from card definitions as Markdown: a card, a pack, or everything.

    NAME is a card id, a pack id, or the folder of an outside pack (which is then loaded too).
    """
    from compiler.tools import render as text

    folder = None
    if name is not None and Path(name, "pack.yaml").is_file():
        folder = Path(name)
        pack_paths = (*pack_paths, folder)
    elif name is not None and (os.sep in name or name in (".", "..")):
        fail(f"{name} is not a pack folder (it has no pack.yaml)")
    project, _, _ = load_cards(pack_paths)
    cards = project.cards.cards
    if folder is not None:
        resolved = folder.resolve()
        name = next(p.id for p in project.packs if p.folder == resolved)
    if name is None:
        chosen = sorted(cards.values(), key=lambda c: (c.pack, c.kind, c.id))
    elif name in cards:
        chosen = [cards[name]]
    elif name in project.cards.packs:
        chosen = sorted((c for c in cards.values() if c.pack == name), key=lambda c: (c.kind, c.id))
    else:
        fail(f"'{name}' is neither a card nor a pack")
    click.echo("\n".join(text.card_markdown(c) for c in chosen))


@click.command()
@click.option(
    "--out", type=click.Path(path_type=Path), default=Path("docs/language.md"), show_default=True
)
@click.option(
    "--check", is_flag=True, help="Exit 1 if the file differs from what would be generated."
)
def docs(out: Path, check: bool) -> None:
    """Generate the effect language reference from the registry, and the diagnostics reference
    (diagnostics.md, beside it) from the codes."""
    from compiler.tools.codedoc import diagnostics_reference
    from compiler.tools.langdoc import language_reference

    pages = {out: language_reference(), out.with_name("diagnostics.md"): diagnostics_reference()}
    if check:
        for path, text in pages.items():
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if current != text:
                fail(f"{path} is out of date; run `cosmic docs`", 1)
            click.echo(f"{path} is up to date")
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    for path, text in pages.items():
        path.write_text(text, encoding="utf-8")
        click.echo(f"wrote {path}")
