"""`cosmic play` at the terminal: the log is up to date before each prompt, `board` and `?` answer
without spending the decision, and Ctrl-C ends the game with exit code 130."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.cli.terminal import LogFeed, TerminalAgent, board, explain
from compiler.tools.setups import build_setup
from runtime.agents import AGENTS
from runtime.decisions import Answer, Decision
from runtime.game import Game, PlayerView
from runtime.rules.turn import play_game


class Stop(Exception):
    """Ends a test game at the first prompt that has been looked at."""


def terminal_game(project, rules, typed: Iterator[str], seed: int = 4):  # type: ignore[no-untyped-def]
    """A 3-player game with a terminal player in seat 0 whose typing comes from `typed`; returns
    the game, the printed lines, and what had been printed when each question was asked."""
    printed: list[str] = []
    seen_at_prompt: list[list[str]] = []

    def ask(question: str) -> str:
        seen_at_prompt.append(list(printed))
        try:
            return next(typed)
        except StopIteration:
            raise Stop from None

    agent = TerminalAgent(LogFeed(printed.append), ask=ask, echo=printed.append)
    setup = build_setup(
        project.cards, players=3, packs=["base"], aliens=None, options=(), seed=seed
    )
    agents = [agent, AGENTS["random"](1), AGENTS["random"](2)]
    game = Game(project.cards, setup, agents, rules=rules)
    return game, printed, seen_at_prompt


def test_the_log_is_shown_before_the_prompt_that_follows_it(project, rules) -> None:  # type: ignore[no-untyped-def]
    game, _printed, seen = terminal_game(project, rules, iter(()))
    with contextlib.suppress(Stop):
        play_game(game)
    log = [line.strip() for line in game.log_lines()]
    shown = "\n".join(seen[0])
    # every event before the first question is already on screen when the question is asked
    assert log and all(line in shown for line in log)
    # the setup lines at least (a card may be offered before the first turn: a setup power)
    assert any("goes first" in line for line in seen[0])


def test_board_and_help_do_not_answer_the_decision(project, rules) -> None:  # type: ignore[no-untyped-def]
    game, printed, seen = terminal_game(project, rules, iter(["board", "?", "zz"]))
    with contextlib.suppress(Stop):
        play_game(game)
    assert len(seen) == 4  # board, ?, a bad answer, then asked again
    text = "\n".join(printed)
    assert "red system" in text and "cards in hand" in text
    assert "answer with" in text
    assert "numbers only" in text


def test_help_gives_the_text_of_named_cards_and_of_the_players_power(project, rules) -> None:  # type: ignore[no-untyped-def]
    game, _, _ = terminal_game(project, rules, iter(()))
    zap = next(i for i, d in enumerate(game.defs) if d.id == "cosmic-zap")
    decision = Decision(0, "card.play", "play a card now?", [None, zap], labeler=game_label(game))
    lines = explain(decision, game)
    own = game.cards.cards[game.state.players[0].alien]  # type: ignore[index]
    assert any(line.startswith(f"{own.name} (alien): ") for line in lines)
    assert any(line.startswith("Cosmic Zap (artifact): ") for line in lines)
    assert lines[2] == "  0. pass"


def game_label(game: Game):  # type: ignore[no-untyped-def]
    return lambda option: "pass" if option is None else game.card_label(option)


def test_the_board_shows_every_system_and_the_encounter(project, rules) -> None:  # type: ignore[no-untyped-def]
    game, _, _ = terminal_game(project, rules, iter(()))
    lines = board(game)
    for player in game.state.players:
        assert any(line.strip().startswith(f"{player.color} system") for line in lines)
        assert any(line.startswith(game.player_name(player.seat)) for line in lines)


def test_an_answer_typed_is_checked_against_the_options(project, rules) -> None:  # type: ignore[no-untyped-def]
    game, printed, _ = terminal_game(project, rules, iter(["7", "1"]))
    agent = game.agents[0]
    decision = Decision(0, "alliance.join", "join?", ["neither", "offense", "defense"], passive=0)
    answer: Answer = agent.decide(decision, PlayerView(game, 0))
    assert answer == (1,)
    assert any("not one of" in line for line in printed)


def test_ctrl_c_ends_the_game_with_exit_code_130() -> None:
    result = CliRunner().invoke(cli, ["play", "--players", "3"], input="")
    assert result.exit_code == 130, result.output
    assert "game abandoned" in result.output
