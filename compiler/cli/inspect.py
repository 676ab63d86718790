"""`cosmic explain` (a card's compiled hooks), `cosmic render` (rules text from definitions) and
`cosmic docs` (the generated language reference)."""

from __future__ import annotations

from pathlib import Path

import click

from compiler.cli.common import fail, load_cards


@click.command()
@click.argument("card_id")
@click.option("--ir", "show_ir", is_flag=True, help="Also print the raw IR of each hook.")
def explain(card_id: str, show_ir: bool) -> None:
    """Show one card's hooks: window, roles, condition, optionality and the effect."""
    from compiler import render

    project, _, _ = load_cards()
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
def render(name: str | None) -> None:
    """Write rules text from card definitions as Markdown: a card, a pack, or everything."""
    from compiler import render as text

    project, _, _ = load_cards()
    cards = project.cards.cards
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
    """Generate the effect language reference from the registry."""
    from compiler.langdoc import language_reference

    text = language_reference()
    if check:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            fail(f"{out} is out of date; run `cosmic docs`", 1)
        click.echo(f"{out} is up to date")
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    click.echo(f"wrote {out}")
