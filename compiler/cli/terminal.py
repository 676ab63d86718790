"""A human at the terminal: a decision and what its player may see in, an answer typed back.

Before each prompt the log is brought up to date, so the player decides knowing everything that
has happened; `board` shows the table, `?` explains the options and the cards they name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import click

from runtime.cards import CardDef
from runtime.decisions import Answer, Decision, IllegalAnswer
from runtime.modules.lucre.purses import purse
from runtime.table import Table
from runtime.view import PlayerView, table_of

Echo = Callable[[str], None]


class LogFeed:
    """Prints the log lines a game has written since the last call."""

    def __init__(self, echo: Echo = click.echo) -> None:
        self.shown = 0
        self.echo = echo

    def flush(self, game: Table) -> None:
        lines = game.log_lines()
        for line in lines[self.shown :]:
            self.echo(click.style("  " + line, dim=True))
        self.shown = len(lines)


def status_line(game: Table, seat: int) -> str:
    """One line per glance: each player's colonies (home+foreign), warp and hand size."""
    state = game.state
    lucre = bool(game.option("lucre")) and "lucre" in state.slots  # the lucre module in play
    parts = []
    for p in state.players:
        mark = "*" if p.seat == seat else ""
        part = (
            f"{mark}{p.color} {state.home_colonies(p.seat)}+{state.foreign_colonies(p.seat)}"
            f" col, {p.warp} warp, {len(p.hand)} cards"
        )
        if lucre:
            part += f", {purse(p).lucre} lucre"
        parts.append(part)
    return " | ".join(parts)


def board(game: Table) -> list[str]:
    """The table as public information: each player, then the ships on each planet of each system."""
    state = game.state
    lines = []
    for p in state.players:
        lines.append(
            f"{game.player_name(p.seat)}: {state.home_colonies(p.seat)} home and "
            f"{state.foreign_colonies(p.seat)} foreign colonies, {p.warp} ships in the warp, "
            f"{len(p.hand)} cards in hand" + ("" if p.alien is None or p.powered else ", no power")
        )
    for p in state.players:
        planets = []
        for index, planet in enumerate(state.home_planets(p.seat), start=1):
            planets.append(f"{index}: {ships_text(game, planet.ships) or 'empty'}")
        lines.append(f"  {p.color} system  " + "  ".join(f"[{x}]" for x in planets))
    enc = state.encounter
    if enc is not None and enc.defense >= 0:
        lines.append(
            f"encounter {enc.number}: {game.player_name(enc.offense)} against "
            f"{game.player_name(enc.defense)}"
            + (f" on {game.planet_name(enc.planet)}" if enc.planet >= 0 else "")
        )
        for where, by_seat in (("in the gate", enc.gate), ("beside the planet", enc.guard)):
            if shown := ships_text(game, by_seat):
                lines.append(f"  {where}: {shown}")
    return lines


def ships_text(game: Table, by_seat: list[int]) -> str:
    """Ship counts by seat as 'red 3, blue 1', leaving out seats with none."""
    return ", ".join(f"{game.state.players[s].color} {n}" for s, n in enumerate(by_seat) if n)


def cards_named(game: Table, texts: Iterable[str]) -> list[CardDef]:
    """The cards of this game whose name (or power's name) appears in any of the texts."""
    known: dict[str, CardDef] = {}
    for instance in range(len(game.defs)):
        card = game.defs[instance]
        known.setdefault(card.label(), card)
    for player in game.state.players:
        if player.alien is not None:
            alien = game.cards.cards[player.alien]
            known.setdefault(alien.name, alien)
            for hook in alien.hooks:
                if hook.name:
                    known.setdefault(hook.name, alien)
    found: dict[str, CardDef] = {}
    joined = "\n".join(texts)
    for name, card in known.items():
        if card.text and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", joined):
            found.setdefault(card.id, card)
    return list(found.values())


def explain(decision: Decision, game: Table) -> list[str]:
    """What `?` shows: the question, every option, and the text of each card they name (the
    asking player's own alien always among them)."""
    lines = [f"{decision.kind}: {decision.prompt}"]
    if decision.single:
        lines.append("answer with the number of one option")
    else:
        lines.append(
            f"answer with {decision.minimum} to {decision.maximum} numbers separated by spaces"
            + ("; repeat a number to pick that option again" if decision.caps else "")
        )
    labels = decision.labels()
    for i, label in enumerate(labels):
        note = " (does nothing)" if decision.passive == i else ""
        lines.append(f"  {i}. {label}{note}")
    own = game.state.players[decision.player].alien
    named = cards_named(game, [decision.prompt, *labels])
    if own is not None and all(card.id != own for card in named):
        named.insert(0, game.cards.cards[own])
    for card in named:
        lines.append(f"{card.name} ({card.kind}): {card.text}")
    lines.append("type 'board' to see the table, '?' for this help")
    return lines


class TerminalAgent:
    """A human player: each decision is shown with numbered options and read from the terminal."""

    def __init__(
        self,
        feed: LogFeed | None = None,
        ask: Callable[[str], str] | None = None,
        echo: Echo = click.echo,
    ) -> None:
        self.feed = feed if feed is not None else LogFeed(echo)
        self.ask = ask if ask is not None else _prompt
        self.echo = echo

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        game = table_of(view)  # the display prints only what this seat may see
        me = view.seat
        self.feed.flush(game)
        say = self.echo
        say("")
        say(click.style(status_line(game, me), fg="cyan"))
        say(click.style(f"{game.player_name(me)}: {decision.prompt}", bold=True))
        hand = ", ".join(game.card_label(c) for c in game.state.players[me].hand)
        say(f"  your hand: {hand or 'empty'}")
        for i, label in enumerate(decision.labels()):
            cap = (
                f" (up to {decision.caps[i]})"
                if decision.caps is not None and decision.caps[i] > 1
                else ""
            )
            say(f"  {i}. {label}{cap}")
        question = (
            "choice"
            if decision.single
            else f"choose {decision.minimum}-{decision.maximum} (numbers separated by spaces)"
        )
        while True:
            raw = self.ask(question).strip()
            if raw in ("?", "help"):
                for line in explain(decision, game):
                    say(line)
                continue
            if raw in ("board", "b"):
                for line in board(game):
                    say(line)
                continue
            try:
                answer = tuple(int(x) for x in raw.split())
            except ValueError:
                say("  numbers only ('?' explains the options, 'board' shows the table)")
                continue
            try:
                return decision.check(answer)
            except IllegalAnswer as exc:
                say(f"  {exc}")


def _prompt(question: str) -> str:
    return str(click.prompt(question, default="", show_default=False))
