"""The language server's checks of a buffer equal `cosmic validate`'s for the same file: every
card file of the golden corpus, checked from its text, gives the diagnostics load_project gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.lsp.documents import Workspace, requirement_folders
from compiler.pipeline.pack_folders import card_files, display
from compiler.pipeline.project import load_project
from tests.tiers import sample_quick

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
CASES = sorted(p.parent for p in CORPUS.glob("*/pack.yaml"))


# loading a bundled pack for the language server reads its hundreds of scenarios too (about a
# second): the quick tier checks those that link none and stand at every third place in CASES (tests/compiler/
# test_corpus.py checks each case's diagnostics), the full run every case and the tests below,
# which all link a bundled pack
LINKING = [c for c in CASES if "requires:" in (c / "pack.yaml").read_text(encoding="utf-8")]


def _in_quick_tier(index: int, case: Path) -> bool:
    return case not in LINKING and index % 3 == 0


def _key(diags):  # type: ignore[no-untyped-def]
    return [(x.code.id, x.message, x.span, x.hint, x.level) for x in diags]


@pytest.mark.parametrize("case", sample_quick(CASES, _in_quick_tier, lambda c: c.name))
def test_buffer_diagnostics_equal_validate_for_corpus_cards(case: Path) -> None:
    # the case's own files are compiled afresh (tests keep no user cache); the bundled packs it
    # requires come from their store, as the language server's own load takes them
    project = load_project([case])
    workspace = Workspace()
    for path in card_files(case):
        if not path.is_file():
            continue
        shown = display(path)
        want = [x for x in project.diagnostics if x.span.path == shown]
        text = path.read_bytes().decode("utf-8", errors="replace")
        if text.encode("utf-8") != path.read_bytes():
            continue  # not UTF-8: an editor buffer cannot hold these bytes
        got = workspace.check(path, text).diagnostics
        assert _key(got) == _key(want), shown


@pytest.mark.slow
def test_a_bundled_pack_is_linked_with_the_packs_it_requires() -> None:
    from cards import BUNDLED

    folders = {f.name for f in requirement_folders(Path(BUNDLED, "set6").resolve())}
    assert folders == {"set6", "base", "lucre"}
    pirate = Path(BUNDLED, "set6", "alien", "pirate.yaml")
    checked = Workspace().check(pirate, pirate.read_text(encoding="utf-8"))
    assert checked.diagnostics == []
    assert checked.packs is not None and checked.packs.cards is not None
    assert "virus" in checked.packs.cards.cards  # base is linked in for the cross-card checks


@pytest.mark.slow
def test_an_edit_in_one_card_updates_the_cross_card_checks_of_another() -> None:
    from cards import BUNDLED

    workspace = Workspace()
    alien = Path(BUNDLED, "base", "alien", "virus.yaml")
    flare = Path(BUNDLED, "base", "flare", "virus-flare.yaml")
    checked_flare = workspace.check(flare, flare.read_text(encoding="utf-8"))
    assert checked_flare.diagnostics == []
    text = alien.read_text(encoding="utf-8").replace("id: virus", "id: virux", 1)
    workspace.check(alien, text)
    after = workspace.relinked(checked_flare)
    assert [x.code.id for x in after] == ["E401"]
    workspace.check(alien, alien.read_text(encoding="utf-8"))
    assert workspace.relinked(checked_flare) == []


@pytest.mark.slow
def test_a_saved_manifest_that_now_requires_base_links_base_in(tmp_path: Path) -> None:
    pack = tmp_path / "mine"
    (pack / "flare").mkdir(parents=True)
    manifest = 'id: mine\nname: Mine\nversion: "1.0"\n'
    (pack / "pack.yaml").write_text(manifest, encoding="utf-8")
    source = CORPUS / "clean-alien-and-flare" / "flare" / "mirage-flare.yaml"
    text = source.read_text(encoding="utf-8")
    flare_text = text.replace("mirage-flare", "virus-echo").replace("mirage", "virus")
    flare = pack / "flare" / "virus-echo.yaml"
    flare.write_text(flare_text, encoding="utf-8")
    workspace = Workspace()
    assert [x.code.id for x in workspace.check(flare, flare_text).diagnostics] == ["E401"]
    (pack / "pack.yaml").write_text(manifest + "requires: [base]\n", encoding="utf-8")
    assert workspace.forget_pack(pack) == [flare.resolve()]
    assert workspace.check(flare, flare_text).diagnostics == []
