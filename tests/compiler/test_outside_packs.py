"""A pack kept anywhere works with every command: validate, test, simulate, explain, render,
play/replay options and COSMIC_PACKS, run from a folder unrelated to the pack and the repository."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cards import BUNDLED
from compiler.cli.main import cli

ALIENS = "star-pack-alien,none,none"


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """A pack made by `cosmic new pack` in one temporary folder, a cache, and an unrelated cwd."""
    root = tmp_path_factory.mktemp("outside")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COSMIC_CACHE_DIR", str(root / "cache"))
        mp.delenv("COSMIC_PACKS", raising=False)
        elsewhere = root / "elsewhere"
        elsewhere.mkdir()
        mp.chdir(elsewhere)
        pack = root / "authoring" / "star-pack"
        made = CliRunner().invoke(cli, ["new", "pack", str(pack)])
        assert made.exit_code == 0, made.output
        yield {"pack": pack, "root": root, "elsewhere": elsewhere}


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)


def test_a_new_pack_validates_clean_from_an_unrelated_folder(place: dict[str, Path]) -> None:
    result = run("validate", str(place["pack"]))
    assert result.exit_code == 0, result.output
    assert "no problems in 5 files" in result.output  # the manifest, 2 cards, 2 scenarios


def test_a_new_pack_passes_its_own_scenarios(place: dict[str, Path]) -> None:
    result = run("test", str(place["pack"]), "-v")
    assert result.exit_code == 0, result.output
    assert "2 passed" in result.output
    # paths are shown as given to the shell's folder: this pack lies outside it, so absolute
    assert f"PASS  {place['pack'] / 'scenarios' / 'alien-star-pack-alien.yaml'}" in result.output


def test_simulate_plays_an_outside_alien_given_by_pack_option(place: dict[str, Path]) -> None:
    result = run("simulate", "--pack", str(place["pack"]), "--aliens", ALIENS, "-p", "3")
    assert result.exit_code == 0, result.output
    assert "Star Pack Alien" in result.output


@pytest.mark.slow  # plays a game; the quick tier plays one with --pack
def test_simulate_finds_the_outside_pack_through_cosmic_packs_alone(
    place: dict[str, Path],
) -> None:
    env = {"COSMIC_PACKS": str(place["pack"])}
    result = run("simulate", "--aliens", ALIENS, "-p", "3", "--games", "3", "--json", env=env)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["packs"] == ["base", "star-pack"]
    # dealt to the first seat; a swap of powers (the Sorcerer Flare) may move it to another seat
    assert all("star-pack-alien" in g["aliens"] for g in report["games"])
    by_id = run("simulate", "--packs", "star-pack", "-p", "3", "--json", env=env)
    assert by_id.exit_code == 0, by_id.output


@pytest.mark.slow
def test_explain_and_render_show_an_outside_pack(place: dict[str, Path]) -> None:
    explained = run("explain", "--pack", str(place["pack"]), "star-pack-alien")
    assert explained.exit_code == 0, explained.output
    assert "Star Pack Alien (alien, pack star-pack)" in explained.output
    assert "add 3 to your total" in explained.output
    rendered = run("render", str(place["pack"]))
    assert rendered.exit_code == 0, rendered.output
    assert (
        "### Star Pack Alien" in rendered.output and "### Star Pack Alien Flare" in rendered.output
    )
    assert "### Virus" not in rendered.output  # only the pack named


@pytest.mark.slow
def test_new_cards_added_to_a_pack_validate_and_their_scenarios_pass(
    place: dict[str, Path],
) -> None:
    pack = place["root"] / "authoring" / "more-cards"
    assert run("new", "pack", str(pack), "--alien", "grue").exit_code == 0
    for kind, card_id in (
        ("artifact", "lucky-find"),
        ("edict", "decree"),
        ("scenario", "plain-encounter"),
        ("alien", "lurker"),
    ):
        made = run("new", kind, card_id, "--pack", str(pack))
        assert made.exit_code == 0, made.output
    (pack / "flare" / "lurker-flare.yaml").unlink()
    (pack / "scenarios" / "flare-lurker.yaml").unlink()
    assert run("new", "flare", "lurker", "--pack", str(pack)).exit_code == 0
    again = run("new", "artifact", "lucky-find", "--pack", str(pack))
    assert again.exit_code == 2 and "already exists" in again.output
    validated = run("validate", "--strict", str(pack))
    assert validated.exit_code == 0, validated.output
    tested = run("test", str(pack))
    assert tested.exit_code == 0, tested.output
    assert "7 passed" in tested.output


# each validation compiles the pack and the packs it requires: the quick tier validates one
@pytest.mark.parametrize(
    "pack_id",
    [
        pytest.param("set6", marks=pytest.mark.slow),
        pytest.param("eons", marks=pytest.mark.slow),
        "set8",
    ],
)
def test_a_bundled_pack_validates_alone(pack_id: str) -> None:
    result = run("validate", str(BUNDLED / pack_id))
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def _copy_pack(place: dict[str, Path], name: str, replace: tuple[str, str] | None = None) -> Path:
    copy = place["root"] / name
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(place["pack"], copy)
    if replace is not None:
        manifest = copy / "pack.yaml"
        manifest.write_text(manifest.read_text().replace(*replace), encoding="utf-8")
    return copy


def test_two_packs_with_one_id_are_an_error_naming_both(place: dict[str, Path]) -> None:
    copy = _copy_pack(place, "star-pack-copy")
    result = run("simulate", "--pack", str(place["pack"]), "--pack", str(copy))
    assert result.exit_code == 1
    assert "two packs share the id 'star-pack'" in result.output
    assert str(place["pack"] / "pack.yaml") in result.output
    assert str(copy / "pack.yaml") in result.output


def test_an_outside_pack_with_a_bundled_pack_id_is_an_error(place: dict[str, Path]) -> None:
    copy = _copy_pack(place, "fake-base", ("id: star-pack", "id: base"))
    (copy / "pack.yaml").write_text(
        (copy / "pack.yaml").read_text().replace("requires: [base]\n", ""), encoding="utf-8"
    )
    result = run("explain", "--pack", str(copy), "virus")
    assert result.exit_code == 1
    assert "two packs share the id 'base'" in result.output
    assert str(copy / "pack.yaml") in result.output


def test_a_card_id_in_two_packs_is_an_error_naming_both_files(place: dict[str, Path]) -> None:
    copy = _copy_pack(place, "other-pack", ("id: star-pack", "id: other-pack"))
    result = run("validate", str(place["pack"]), str(copy))
    assert result.exit_code == 1
    assert "card id 'star-pack-alien' is also used by" in result.output
    assert "alien/star-pack-alien.yaml" in result.output


@pytest.mark.slow  # validates and explains a pack overriding base
def test_an_explicit_override_of_a_bundled_card_still_works(place: dict[str, Path]) -> None:
    mod = place["root"] / "virus-mod"
    (mod / "alien").mkdir(parents=True, exist_ok=True)
    (mod / "pack.yaml").write_text(
        'id: virus-mod\nname: Virus mod\nversion: "1"\nrequires: [base]\noverrides: [virus]\n'
    )
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text()
    (mod / "alien" / "virus.yaml").write_text(virus.replace("name: Virus", "name: Modded Virus"))
    assert run("validate", str(mod)).exit_code == 0
    explained = run("explain", "--pack", str(mod), "virus")
    assert explained.exit_code == 0, explained.output
    assert "Modded Virus (alien, pack virus-mod)" in explained.output


def test_a_missing_pack_folder_is_a_usage_error(place: dict[str, Path]) -> None:
    result = run("simulate", "--pack", str(place["root"] / "nowhere"))
    assert result.exit_code == 2
    assert "no such pack folder" in result.output


@pytest.mark.slow  # plays a game and replays it
def test_replay_takes_the_outside_pack_a_trace_was_played_with(place: dict[str, Path]) -> None:
    traces = place["root"] / "traces"
    played = run(
        "simulate", "--pack", str(place["pack"]), "--aliens", ALIENS, "-p", "3",
        "--trace", str(traces), "--no-log",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    (trace,) = traces.glob("*.json")
    replayed = run("replay", "--pack", str(place["pack"]), str(trace))
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.startswith("ok")


def test_one_card_file_outside_the_working_folder_reports_its_problems(
    place: dict[str, Path],
) -> None:
    copy = _copy_pack(place, "typo-pack", ("id: star-pack", "id: typo-pack"))
    alien = copy / "alien" / "star-pack-alien.yaml"
    alien.write_text(alien.read_text().replace("add 3 to your", "add 3 to yor"))
    result = run("validate", str(alien))
    assert result.exit_code == 1
    assert f"{alien}:12:18: error[E300]: unknown word 'yor'" in result.output
