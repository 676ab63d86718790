"""A pack's store is keyed by each file's place in the pack, not by the path the working folder
shows: calls from different folders reuse the same entries (the store is not rewritten) and still
report every problem at the path as seen from where they run."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from cards import BUNDLED
from compiler.pipeline import project as project_module
from compiler.pipeline.cache import CompileCache
from compiler.pipeline.card_file import CardFile
from compiler.pipeline.project import fingerprint, load_project

# problems reported at the card's own lines: a YAML 1.1 boolean kept as a string, of the wrong type
GERM_PROBLEMS = "flare: no\n"


def make_pack(root: Path) -> Path:
    pack = root / "packs" / "outside"
    (pack / "alien").mkdir(parents=True)
    (pack / "pack.yaml").write_text(
        'id: outside\nname: Outside\nversion: "1"\nrequires: [base]\nsize: 3\n', "utf-8"
    )
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    germ = virus.replace("id: virus", "id: germ").replace("name: Virus", "name: Germ")
    (pack / "alien" / "germ.yaml").write_text(germ + GERM_PROBLEMS, "utf-8")
    return pack


def test_calls_from_two_folders_share_the_store_and_show_their_own_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = make_pack(tmp_path)
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    first = load_project([pack])
    assert {x.span.path for x in first.diagnostics} == {
        "packs/outside/pack.yaml",
        "packs/outside/alien/germ.yaml",
    }
    store = CompileCache(fingerprint()).store_path(pack.resolve())
    assert store is not None and store.is_file()
    written = (store.read_bytes(), store.stat().st_mtime_ns)

    monkeypatch.chdir(tmp_path / "packs")

    def not_again(*args: object) -> CardFile:
        raise AssertionError("a card file stored from another folder was compiled again")

    with monkeypatch.context() as patched:
        patched.setattr(project_module, "compile_bytes", not_again)
        patched.setattr(project_module, "read_manifest", not_again)
        second = load_project([pack])
    assert (store.read_bytes(), store.stat().st_mtime_ns) == written, "the store was rewritten"
    fresh = load_project([pack], use_cache=False)
    assert second.diagnostics == fresh.diagnostics
    assert {x.span.path for x in second.diagnostics} == {
        "outside/pack.yaml",
        "outside/alien/germ.yaml",
    }
    germ = second.packs[0].files[0]
    assert germ.path == "outside/alien/germ.yaml" == germ.spans["/id"].path
    assert germ == fresh.packs[0].files[0]


def test_an_entry_whose_message_quotes_its_old_path_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from compiler import diagnostics as d
    from compiler.pipeline.moved import moved

    span = d.Span("a/x.yaml", 2, 3)
    quoted = d.Diagnostic(d.INTERNAL, "internal error while loading a/x.yaml: boom", span)
    plain = d.Diagnostic(d.YAML11_BOOLEAN, "read as a boolean", span, "quote it")
    assert moved(CardFile("a/x.yaml", None, [quoted]), "x.yaml") is None
    shifted = moved(CardFile("a/x.yaml", None, [plain], spans={"/id": span}), "x.yaml")
    assert shifted is not None
    assert shifted.diagnostics[0].span == d.Span("x.yaml", 2, 3)
    assert shifted.spans["/id"].path == "x.yaml"
    assert os.sep not in shifted.path


# quick although it reads every compiler stage: the quick tier's cards come from the compile
# store, which this fingerprint keeps from going stale
def test_the_compiler_fingerprint_reads_every_stage_and_runtime_module_it_imports() -> None:
    import compiler
    from compiler.pipeline.project import RUNTIME_CONTRACT, _sources

    package = Path(compiler.__file__).resolve().parent
    skipped = ("checks", "scenario_files")
    stages = {
        str(m)
        for m in (package / "pipeline").rglob("*.py")
        if not any(folder in m.parts for folder in skipped)
    }
    assert set(_sources(package / "pipeline", skip=skipped)) == stages
    assert str(package / "pipeline" / "resolve" / "resolver.py") in stages
    # what a stage imports from the runtime at its top is hashed too (the language it reads from
    # grammar/language.json, which is hashed, instead of the registry)
    imported = set()
    for stage in stages:
        for node in ast.parse(Path(stage).read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names if a.name.startswith("runtime.")}
            elif isinstance(node, ast.ImportFrom) and node.module == "runtime":
                imported |= {f"runtime.{a.name}" for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("runtime."):
                imported.add(node.module or "")
    contract = {"runtime." + name.removesuffix(".py") for name in RUNTIME_CONTRACT}
    assert imported <= contract, sorted(imported - contract)
    assert "runtime.cards" in imported and "runtime.ir" in imported
