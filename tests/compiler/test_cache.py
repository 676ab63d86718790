"""The compile cache holds plain data and never runs code: compiled card files survive a round trip
to JSON unchanged, and a store that is foreign, damaged, tampered with or of another version is
ignored and rebuilt, including a planted pickle under any name the program ever used."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from cards import BUNDLED
from compiler.pipeline import cache as cache_module
from compiler.pipeline import plain
from compiler.pipeline.cache import FORMAT, MAGIC, CompileCache, PackStore, document
from compiler.pipeline.manifest import Manifest, read_manifest
from compiler.pipeline.project import fingerprint, load_project
from compiler.pipeline.stored import StoredCardFile
from grammar import GRAMMAR_FILE
from runtime import ir
from tests import ROOT


@pytest.mark.slow
def test_every_bundled_card_file_survives_a_round_trip() -> None:
    from compiler.pipeline.project import load_project

    # compiled afresh: the session's project (loaded as commands load it) keeps stored files
    project = load_project([BUNDLED], use_cache=False, scenarios=False)
    files = [f for pack in project.packs for f in pack.files]
    assert len(files) > 100
    for f in files:
        back = plain.loads_card_file(plain.dumps(f))
        assert back == f, f.path
        assert back.card is not None and isinstance(back.card.hooks, tuple)
    # one document for all of them, sharing repeated sub-trees, decodes to the same list
    assert plain.decode_json(plain.dumps(files)) == files


def test_round_trip_keeps_tuples_sets_mappings_and_diagnostics() -> None:
    from compiler import diagnostics as d
    from compiler.pipeline.card_file import CardFile
    from runtime.cards import CardDef, Hook

    effect = ir.Do(
        "draw",
        None,
        (ir.Cards(ir.Num(2), ir.CardFilter(frozenset({"attack", "morph"}))), None),
        text="draw 2 cards",
    )
    card = CardDef(
        "x",
        "alien",
        "X",
        "p",
        hooks=(Hook("x", "power", "power", "planning.start", effect, roles=("offense",)),),
        attrs={"essence": {"name": "dreams", "count": 3}, "aliens": ["a", "b"], "flare": False},
    )
    span = d.Span("p/alien/x.yaml", 3, 5, 9)
    warning = d.Diagnostic(d.YAML11_BOOLEAN, "read as a boolean", span, "quote it", None)
    original = CardFile("p/alien/x.yaml", card, [warning], "alien", {"/id": span}, "x")
    back = plain.loads_card_file(plain.dumps(original))
    assert back == original
    assert back.diagnostics[0].code is d.YAML11_BOOLEAN
    assert back.card is not None and back.card.attrs["aliens"] == ["a", "b"]


@pytest.mark.parametrize(
    "tampered",
    [
        b"not json at all",
        b'{"CardFile": ["x", null, [], null, [], null], "extra": 1}',
        b'{"os.system": ["echo hi"]}',
        b'{"CardFile": ["x", null, [], null]}',  # too few fields
        b'{"CardFile": [1, null, [], null, [], null]}',  # a path that is not a string
        b'{"Num": ["three"]}',
        b'{"#": 7}',
        b'{"E": "E999"}',
        b"[" * 100000,
    ],
)
def test_malformed_data_is_refused(tampered: bytes) -> None:
    with pytest.raises(plain.BadData):
        plain.loads_card_file(tampered)


def _bundled_manifests() -> list[Manifest]:
    return [
        read_manifest((p / "pack.yaml").read_bytes(), f"{p.name}/pack.yaml", p.name)
        for p in sorted(BUNDLED.iterdir())
        if (p / "pack.yaml").is_file()
    ]


def test_every_bundled_manifest_survives_a_round_trip_and_a_tampered_one_is_refused() -> None:
    manifests = _bundled_manifests()
    assert any(m.definition is not None and m.definition.options for m in manifests)
    for m in manifests:
        assert m.definition is not None and m.spans, m.path
        assert plain.decode_json(plain.dumps(m)) == m
    (with_options,) = [m for m in manifests if m.pack_id == "base"]
    text = plain.dumps(with_options)
    assert '{"OptionDef":["' in text
    with pytest.raises(plain.BadData):
        plain.decode_json(text.replace('{"OptionDef":["', '{"OptionDef":[7,"', 1))


def test_an_unchanged_manifest_comes_from_the_store_with_its_problems_and_a_changed_one_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from compiler.pipeline import project as project_module

    pack = tmp_path / "pack"
    (pack / "alien").mkdir(parents=True)
    manifest = pack / "pack.yaml"
    manifest.write_text('id: pack\nname: P\nversion: "1"\ncolour: red\n', encoding="utf-8")
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    (pack / "alien" / "germ.yaml").write_text(
        virus.replace("id: virus", "id: germ"), encoding="utf-8"
    )
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    first = load_project([pack])
    assert [x for x in first.diagnostics if x.is_error and x.span.path.endswith("pack.yaml")]
    assert first.packs[0].definition is None

    def not_again(*args: object) -> Manifest:
        raise AssertionError("an unchanged manifest was read again")

    with monkeypatch.context() as patched:
        patched.setattr(project_module, "read_manifest", not_again)
        assert load_project([pack]).diagnostics == first.diagnostics
    manifest.write_text('id: pack\nname: P\nversion: "1"\n', encoding="utf-8")
    fixed = load_project([pack])
    assert not [x for x in fixed.diagnostics if x.span.path.endswith("pack.yaml")]
    definition = fixed.packs[0].definition
    assert definition is not None and definition.id == "pack"


@pytest.mark.slow
def test_a_store_of_another_version_or_shape_is_ignored(tmp_path: Path) -> None:
    project = load_project([BUNDLED / "base"], use_cache=False)
    (pack,) = project.packs
    first = pack.files[0]
    good = document(fingerprint(), str(pack.folder), {"k": first})
    path = tmp_path / "store.json"

    def opened(body: object) -> dict[str, object]:
        text = body if isinstance(body, str) else json.dumps(body)
        path.write_text(text, encoding="utf-8")
        return PackStore(path, fingerprint(), str(pack.folder)).entries

    assert opened(good) == {"k": first}
    assert opened([MAGIC, FORMAT + 1, *good[2:]]) == {}
    assert opened([*good[:2], "0" * 64, *good[3:]]) == {}  # another compiler version
    assert opened([*good[:3], "/elsewhere", good[4]]) == {}  # another pack folder
    row = good[4][0]
    assert opened([*good[:4], [["k", plain.dumps(first.card)]]]) == {}  # not a card file
    assert opened([*good[:4], [["k", plain.dumps(first)]]]) == {}  # a card in the head
    assert opened([*good[:4], [[*row[:7], None]]]) == {}  # a summary, no body
    assert opened([*good[:4], [[*row[:6], [*row[6][:4], "1"], row[7]]]]) == {}
    assert opened([*good[:4], [[*row[:6], [*row[6][:7], '{"CardDef":[]}'], row[7]]]]) == {}
    assert opened([*good[:4], [[*row[:4], [["/id", 1, True, None]], *row[5:]]]]) == {}
    assert opened([*good[:4], [[*row[:5], '[{"Num":[1]}]', *row[6:]]]]) == {}  # not problems
    # a damaged card body is refused when the card is first used, never built from
    text = json.dumps(good)
    assert '{\\"Num\\":[' in text
    found = opened(text.replace('{\\"Num\\":[', '{\\"Num\\":[\\"x\\",', 1))
    stored = found["k"]
    assert isinstance(stored, StoredCardFile) and not stored.decoded
    with pytest.raises(plain.BadData):
        _ = stored.card


@pytest.mark.slow
def test_a_warm_load_decodes_no_card_until_the_cards_are_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    bundled = tmp_path / "bundled"
    bundled.mkdir()
    monkeypatch.setattr(cache_module, "BUNDLED_STORE", str(bundled / "store"))
    cold = load_project([BUNDLED / "base"], use_cache=False)
    load_project([BUNDLED / "base"])
    warm = load_project([BUNDLED / "base"])
    files = [f for pack in warm.packs for f in pack.files]
    assert files and all(isinstance(f, StoredCardFile) for f in files)
    assert warm.diagnostics == cold.diagnostics
    assert not any(f.decoded for f in files if isinstance(f, StoredCardFile))
    assert warm.cards == cold.cards
    assert all(f.decoded for f in files if isinstance(f, StoredCardFile) and f.summary)


def test_a_tampered_store_is_rebuilt_and_the_result_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: pack\nname: P\nversion: "1"\n', encoding="utf-8")
    (pack / "alien").mkdir()
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    (pack / "alien" / "germ.yaml").write_text(
        virus.replace("id: virus", "id: germ"), encoding="utf-8"
    )
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    first = load_project([pack])
    (stored,) = (tmp_path / "cache").glob("cards-*.json")
    text = stored.read_text(encoding="utf-8")
    # in the head, read by every run: the whole store is refused and rebuilt
    assert '"/id",' in text
    stored.write_text(text.replace('"/id",', '"/id","x",', 1), encoding="utf-8")
    second = load_project([pack])
    assert [f.card for f in second.packs[0].files] == list(first.cards.cards.values())
    assert second.diagnostics == first.diagnostics
    assert stored.read_text(encoding="utf-8") == text, "the store was rebuilt"
    # in a card's body, read when the card is used: that card is compiled again and stored
    tag = '\\"Players\\":[\\"'
    assert tag in text
    stored.write_text(text.replace(tag, '\\"Players\\":[7,\\"', 1), encoding="utf-8")
    third = load_project([pack])
    assert third.diagnostics == first.diagnostics
    assert third.cards == first.cards
    assert '\\"Players\\":[7,' not in stored.read_text(encoding="utf-8"), "the card was rebuilt"


MALICIOUS_RUN = """
import sys
import compiler.pipeline.cache
compiler.pipeline.cache.BUNDLED_STORE = sys.argv.pop(1)  # the bundled packs' store, planted too
from compiler.cli.main import cli
cli()
"""


class _Plant:
    """Unpickling this creates the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({str(self.marker)!r}, 'w').close()",))


def _every_cache_name(cache: Path, beside: Path, packs: list[Path]) -> list[Path]:
    """Every file name the compile cache and the parser-table cache have used, old and new."""
    tag = fingerprint()[:16]
    grammar = hashlib.sha256(GRAMMAR_FILE.read_text(encoding="utf-8").encode()).hexdigest()[:16]
    names = [
        cache / f"cards-{tag}.pickle",  # the former one-pickle compile cache
        cache / f"effect-parser-{grammar}.lark",  # the former Lark parser-table cache
        cache / f".cards-{tag}.tmp",
        cache / f"cards-{tag}-{cache_module._digest('loose files')}.json",
    ]
    for folder in packs:
        names.append(cache / f"cards-{tag}-{cache_module._digest(str(folder))}.json")
        names.append(beside / f"{folder.name}-{tag}.json")
    return names


@pytest.mark.slow
def test_a_planted_pickle_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    payload = pickle.dumps(_Plant(marker))
    pickle.loads(payload)  # the plant works: loading it does create the marker
    assert marker.exists()
    marker.unlink()

    small = tmp_path / "small"
    (small / "encounter").mkdir(parents=True)
    (small / "pack.yaml").write_text('id: small\nname: Small\nversion: "1"\n', encoding="utf-8")
    (small / "encounter" / "attack-04.yaml").write_text(
        "id: attack-04\nkind: encounter\nname: Attack 04\ntype: attack\nvalue: 4\n", "utf-8"
    )
    (small / "encounter" / "broken.yaml").write_text(
        "id: broken\nkind: encounter\nname: Broken\ntype: attack\n", "utf-8"
    )
    cache, beside = tmp_path / "cache", tmp_path / "beside"
    cache.mkdir()
    beside.mkdir()
    bundled = sorted(p for p in BUNDLED.iterdir() if (p / "pack.yaml").exists())
    for name in _every_cache_name(cache, beside, [*bundled, small.resolve()]):
        name.write_bytes(payload)

    env = {**os.environ, "COSMIC_CACHE_DIR": str(cache)}
    for _ in range(2):  # the second run reads what the first one stored
        whole = subprocess.run(
            [sys.executable, "-c", MALICIOUS_RUN, str(beside), "validate", "--no-color"],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert not marker.exists(), "a cache file was unpickled"
        assert whole.returncode == 0, whole.stdout + whole.stderr
        assert whole.stdout.strip().startswith("no problems in")
        one = subprocess.run(
            [
                sys.executable,
                "-c",
                MALICIOUS_RUN,
                str(beside),
                "validate",
                "--no-color",
                str(small),
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        assert not marker.exists(), "a cache file was unpickled"
        assert one.returncode == 1, one.stdout + one.stderr
        assert "an attack card needs a 'value'" in one.stdout
        assert "1 error in 3 files" in one.stdout
        assert "Traceback" not in one.stderr + whole.stderr
    assert list(beside.glob("base-*.json")) and list(cache.glob("cards-*.json"))
    assert (cache / f"cards-{fingerprint()[:16]}.pickle").read_bytes() == payload  # never read


def test_rewriting_a_store_removes_the_folders_stores_of_other_compiler_versions(
    tmp_path: Path,
) -> None:
    pack = tmp_path / "pack"
    (pack / "encounter").mkdir(parents=True)
    (pack / "pack.yaml").write_text('id: pack\nname: P\nversion: "1"\n', encoding="utf-8")
    card = "id: attack-04\nkind: encounter\nname: Attack 04\ntype: attack\nvalue: 4\n"
    (pack / "encounter" / "attack-04.yaml").write_text(card, encoding="utf-8")
    (tmp_path / "cache").mkdir()
    cache = CompileCache(fingerprint(), tmp_path / "cache", bundled=tmp_path / "none")
    mine = cache.store_path(pack.resolve())
    other = cache.store_path(tmp_path / "elsewhere")
    assert mine is not None and other is not None
    tag = fingerprint()[:16]
    old = mine.with_name(mine.name.replace(tag, "0123456789abcdef"))
    unrelated = other.with_name(other.name.replace(tag, "0123456789abcdef"))
    for path in (old, unrelated):
        path.write_text("[]", encoding="utf-8")
    store = cache.store(pack.resolve())
    assert store is not None
    store.put("k", load_project([pack], use_cache=False).packs[0].files[0])
    cache.save()
    assert mine.exists() and not old.exists()
    assert unrelated.exists(), "another folder's store is left alone"


def test_a_pack_folder_whose_name_is_not_utf8_is_compiled_without_caching_trouble(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / os.fsdecode(b"pack-\xff")
    (pack / "encounter").mkdir(parents=True)
    (pack / "pack.yaml").write_text('id: odd\nname: Odd\nversion: "1"\n', encoding="utf-8")
    card = "id: attack-04\nkind: encounter\nname: Attack 04\ntype: attack\nvalue: 4\n"
    (pack / "encounter" / "attack-04.yaml").write_text(card, encoding="utf-8")
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    first = load_project([pack])
    second = load_project([pack])
    assert first.errors == second.errors == 0
    assert [f.card for f in second.packs[0].files] == [f.card for f in first.packs[0].files]
