"""Scenarios state the cards they draw (`start: deck:`, `reward deck:`) and their random events
follow the seed alone, so adding cards to a pack never changes what a scenario plays; every
bundled scenario but those about what a seed deals passes with another seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import BUNDLED
from compiler.pipeline.project import Project
from compiler.scenarios.runner import Result, Runner, discover
from runtime.effects.link import Rules

DRAWING = """\
name: the top of the deck is drawn in the order named
covers: [vacuum-turbines]
setup: {players: 3, aliens: [none, none, none], seed: SEED, options: {techs: true}}
start:
  offense: red
  destiny: blue
  completed techs: {purple: [vacuum-turbines]}
  hands: {red: [attack-10, negotiate], blue: [attack-08, negotiate], purple: [attack-05]}
  deck: [DECK]
answers:
  - purple tech.use: "yes"
  - purple effect.discard: []
  - red launch.planet: blue planet 1
  - red launch.ships: [red planet 1]
  - red alliance.invite: []
  - blue alliance.invite: []
  - red planning.select: attack 10
  - blue planning.select: attack 08
auto: [card.play, tech.action, tech.keep]
expect:
  hand size: {purple: 5}
  hand: {purple: [attack-05, attack-11, attack-12, attack-13, attack-14]}
"""


@pytest.fixture(scope="module")
def runner(project: Project, rules: Rules) -> Runner:
    return Runner(project.cards, rules)


def _run(runner: Runner, tmp_path: Path, text: str) -> Result:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return runner.run(path)


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
def test_the_cards_named_on_the_deck_are_drawn_first_whatever_the_seed(
    runner: Runner, tmp_path: Path, seed: int
) -> None:
    deck = "attack-11, attack-12, attack-13, attack-14, attack-15"
    text = DRAWING.replace("SEED", str(seed)).replace("DECK", deck)
    result = _run(runner, tmp_path, text)
    assert result.passed, result.failures


def test_only_the_first_named_cards_are_drawn(runner: Runner, tmp_path: Path) -> None:
    # attack-11 named fifth stays on the deck: purple draws the four above it
    deck = "attack-12, attack-13, attack-14, attack-15, attack-11"
    result = _run(runner, tmp_path, DRAWING.replace("SEED", "1").replace("DECK", deck))
    assert [message for _, message in result.failures] == [
        "expected purple to hold ['attack-11']; the hand is ['attack-05', 'attack-12', "
        "'attack-13', 'attack-14', 'attack-15']"
    ]


def test_a_card_already_placed_in_a_hand_cannot_top_the_deck(
    runner: Runner, tmp_path: Path
) -> None:
    # the base pack holds one attack 40, given to purple
    text = DRAWING.replace("SEED", "1").replace("DECK", "attack-11, attack-40")
    text = text.replace("purple: [attack-05]", "purple: [attack-40]")
    result = _run(runner, tmp_path, text)
    line = text.splitlines().index("  deck: [attack-11, attack-40]") + 1
    assert result.failures == [(line, "no 'attack-40' left for the top of the deck")]


def test_an_unknown_card_on_the_deck_is_located_with_a_hint(runner: Runner, tmp_path: Path) -> None:
    text = DRAWING.replace("SEED", "1").replace("DECK", "attack-11, atack-12")
    result = _run(runner, tmp_path, text)
    (problem,) = result.diagnostics
    assert problem.message == "unknown card 'atack-12'"
    assert problem.span.line == text.splitlines().index("  deck: [attack-11, atack-12]") + 1
    assert problem.hint is not None and "attack-12" in problem.hint


ORACLE = Path(__file__).parents[2] / "cards/base/scenarios/flare-oracle-wild.yaml"


@pytest.mark.parametrize("pack", ["eons", "set8", "dominion-rewards"])
def test_a_shuffle_in_play_does_not_depend_on_the_cards_the_packs_add(
    runner: Runner, tmp_path: Path, pack: str
) -> None:
    # the Oracle Flare shuffles two hands at random; more cards in the game change how much
    # shuffling the setup does, which must not change which cards the hands get back (each of
    # these packs changed them before play was reseeded)
    text = ORACLE.read_text(encoding="utf-8")
    assert "  players: 3\n" in text
    more = f"  players: 3\n  packs: [base, {pack}]\n"
    result = _run(runner, tmp_path, text.replace("  players: 3\n", more))
    assert result.passed, result.failures


KICKERS = Path(__file__).parents[2] / "cards/incursion-rewards/scenarios/reward-deck-kicker.yaml"


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_cards_named_on_the_reward_deck_are_drawn_first_whatever_the_seed(
    runner: Runner, tmp_path: Path, seed: int
) -> None:
    text = KICKERS.read_text(encoding="utf-8")
    assert "seed: 2}" in text and "  reward deck: [incursion-x0, incursion-x3]\n" in text
    result = _run(runner, tmp_path, text.replace("seed: 2}", f"seed: {seed}}}"))
    assert result.passed, result.failures


def test_a_reward_card_named_for_the_cosmic_deck_is_refused_with_the_key_to_use(
    runner: Runner, tmp_path: Path
) -> None:
    text = KICKERS.read_text(encoding="utf-8").replace("  reward deck: [", "  deck: [")
    result = _run(runner, tmp_path, text)
    line = text.splitlines().index("  deck: [incursion-x0, incursion-x3]") + 1
    assert result.failures == [
        (line, "'incursion-x0' is a card of the reward deck; name it under 'reward deck:'")
    ]


ZAPPED = Path(__file__).parents[2] / "cards/eons/scenarios/oligarch-privilege-zapped.yaml"


@pytest.mark.parametrize("seed", [2, 4, 5])
def test_a_zap_dealt_before_the_start_sets_the_hands_never_answers_a_setup_power(
    runner: Runner, tmp_path: Path, seed: int
) -> None:
    # red's hand is replaced by one holding a Cosmic Zap for later; with seed 2 red was also
    # dealt one, which must not be offered against the Oligarch's setup power
    text = ZAPPED.read_text(encoding="utf-8")
    assert "seed: 4}" in text
    result = _run(runner, tmp_path, text.replace("seed: 4}", f"seed: {seed}}}"))
    assert result.passed, result.failures


# what these show is what their own seed deals: the combination card revealed, the hands the
# Oracle Flare shuffles back
DEALT_BY_THEIR_SEED = {"combo-mixed", "combo-peacemakers", "combo-warmongers", "flare-oracle-wild"}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 4])
def test_every_bundled_scenario_passes_with_another_seed(
    project: Project, rules: Rules, seed: int
) -> None:
    other = Runner(project.cards, rules, seed=seed)
    failing = {}
    for path in discover([BUNDLED]):
        if path.stem in DEALT_BY_THEIR_SEED:
            continue
        result = other.run(path, packs=(path.parent.parent.name,))
        if not result.passed:
            failing[f"{path.parent.parent.name}/{path.stem}"] = result.failures[0]
    # a scenario that fails here relies on the shuffle: name the cards it needs under `start:`
    # (hands, deck, reward deck, destiny, essence cache) rather than picking a seed
    assert not failing, failing


@pytest.mark.slow
def test_cosmic_test_seed_plays_every_scenario_with_that_seed() -> None:
    from click.testing import CliRunner

    from compiler.cli.main import cli

    # the Oracle Flare deals red the attack 23 with its own seed (1) and not with seed 2
    same = CliRunner().invoke(cli, ["test", str(ORACLE), "--seed", "1"])
    assert same.exit_code == 0, same.output
    other = CliRunner().invoke(cli, ["test", str(ORACLE), "--seed", "2"])
    assert other.exit_code == 1, other.output
    assert "flare-oracle-wild.yaml:" in other.output and "1 failed" in other.output
