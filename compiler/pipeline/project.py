"""A project: card folders in; packs found, every card file compiled (through the cache),
linked into one CardSet, with all diagnostics gathered. The CardSet is built when first asked
for: a validation reads only diagnostics, so cards from the cache are never decoded for it."""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import cast

from compiler import diagnostics as d
from compiler.pipeline import shared_texts
from compiler.pipeline.cache import CompileCache, PackStore
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.gc_thresholds import fewer_collections
from compiler.pipeline.linker import card_set, link_files
from compiler.pipeline.loaded import DEFAULT_MAX_BYTES, Loaded, lines_of
from compiler.pipeline.manifest import Manifest, read_manifest
from compiler.pipeline.moved import moved
from compiler.pipeline.pack_folders import MANIFEST, card_entries, display, find_pack_folders
from compiler.pipeline.stored import StoredCardFile, summary
from grammar import GRAMMAR_FILE, LANGUAGE_FILE, MODULES_FILE
from runtime.cards import CardDef, CardSet, PackDef


@dataclass
class Pack:
    id: str
    folder: Path
    manifest_path: str
    definition: PackDef | None
    files: list[CardFile] = field(default_factory=list)
    diagnostics: list[d.Diagnostic] = field(default_factory=list)
    spans: dict[str, d.Span] = field(default_factory=dict)
    # loaded only because a pack that was asked for requires it: linked, but not reported on
    support: bool = False


class Sources(Mapping[str, list[str]]):
    """Source lines by display path, split only when a diagnostic needs them."""

    def __init__(self) -> None:
        self.raw: dict[str, bytes] = {}
        self.split: dict[str, list[str]] = {}

    def __getitem__(self, path: str) -> list[str]:
        if path not in self.split:
            if path not in self.raw:
                raise KeyError(path)
            self.split[path] = lines_of(self.raw[path])
        return self.split[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self.raw.keys() | self.split.keys())

    def __len__(self) -> int:
        return len(self.raw.keys() | self.split.keys())

    def __setitem__(self, path: str, lines: list[str]) -> None:
        self.split[path] = lines


@dataclass
class Project:
    packs: list[Pack]
    chosen: dict[str, CardFile]  # the card file that defines each card id, in link order
    pack_defs: dict[str, PackDef]
    diagnostics: list[d.Diagnostic]
    files: int
    sources: Sources = field(default_factory=Sources)

    @functools.cached_property
    def cards(self) -> CardSet:
        """Every linked card, decoded now if it came from the compile cache."""
        return card_set(self.chosen, self.pack_defs)

    @property
    def errors(self) -> int:
        return sum(1 for x in self.diagnostics if x.is_error)


# The runtime modules a compiled card is made of (the IR, its records, the card definitions): the
# only runtime code the pipeline imports; the language itself comes from grammar/language.json.
RUNTIME_CONTRACT = ("ir.py", "record.py", "cards.py")


@functools.lru_cache(maxsize=1)
def fingerprint() -> str:
    """Changes whenever the language or the compiler changes, so the cache never serves stale IR:
    a hash of the grammar, the language and module tables, the pipeline's stages and the runtime
    modules of the compiler's output."""
    package = Path(__file__).resolve().parent.parent  # the compiler package
    runtime = package.parent / "runtime"
    # the quick schema checks are generated from schema.py and the language table, both hashed;
    # scenario files are never cached
    stages = _sources(package / "pipeline", skip=("checks", "scenario_files"))
    h = hashlib.sha256()
    sources: list[str | Path] = [
        GRAMMAR_FILE,
        LANGUAGE_FILE,
        MODULES_FILE,
        package / "diagnostics.py",
        *stages,
        *(runtime / name for name in RUNTIME_CONTRACT),
    ]
    for source in sources:
        with open(source, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def _sources(folder: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """The Python files under `folder` but its `skip` folders, sorted (os.walk: several times
    cheaper than rglob)."""
    found: list[str] = []
    for where, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if name not in skip]
        found.extend(os.path.join(where, name) for name in files if name.endswith(".py"))
    return sorted(found)


def load_pack(folder: Path, cache: CompileCache | None, sources: Sources) -> Pack:
    store = cache.store(folder) if cache is not None else None
    manifest_path = folder / MANIFEST
    shown = display(manifest_path)
    try:
        raw = manifest_path.read_bytes()
    except OSError as exc:
        problem = d.Diagnostic(
            d.FILE_UNREADABLE, f"cannot read the file: {exc.strerror}", d.Span(shown, 1, 1)
        )
        pack = Pack(folder.name, folder, shown, None, diagnostics=[problem])
        pack.files = [
            compile_file(path, folder.name, store, sources, shown, place)
            for path, shown, place in card_entries(folder, pack.diagnostics)
        ]
        return pack
    manifest = _manifest(raw, shown, folder.name, store)
    sources.raw[shown] = raw
    pack = Pack(
        manifest.pack_id,
        folder,
        shown,
        manifest.definition,
        diagnostics=list(manifest.diagnostics),
        spans=dict(manifest.spans),
    )
    for path, shown_file, place in card_entries(folder, pack.diagnostics):
        pack.files.append(compile_file(path, manifest.pack_id, store, sources, shown_file, place))
    return pack


def _manifest(raw: bytes, shown: str, folder_name: str, store: PackStore | None) -> Manifest:
    """The manifest read and checked, or its earlier result from the pack's store."""
    key = ""
    if store is not None:
        where = b"%s\0%s\0manifest\0" % (os.fsencode(MANIFEST), os.fsencode(folder_name))
        key = hashlib.sha256(where + raw).hexdigest()
        hit = store.get(key)
        if isinstance(hit, Manifest) and (found := moved(hit, shown)) is not None:
            return found
    manifest = read_manifest(raw, shown, folder_name)
    if store is not None:
        store.put(key, manifest)
    return manifest


@functools.cache
def _compile_stages() -> tuple[
    Callable[[bytes, str], Loaded], Callable[[Loaded, str, str | PurePath], CardFile]
]:
    """The loader and the card compiler, imported when the first file is compiled (a run whose
    every card comes from the cache never loads them), and then once: an import statement run
    per file costs as much as reading the file."""
    from compiler.pipeline.card_file import compile_card
    from compiler.pipeline.load import load_yaml_bytes

    return load_yaml_bytes, compile_card


def compile_bytes(
    raw: bytes, path: str | PurePath, shown: str, pack_id: str
) -> tuple[Loaded, CardFile]:
    """One card file's bytes compiled, with the loader's diagnostics and the spans the link stage
    reports cross-card problems at (a file on disk and an editor's buffer alike)."""
    load_yaml_bytes, compile_card = _compile_stages()
    loaded = load_yaml_bytes(raw, shown)
    result = compile_card(loaded, pack_id, path)
    result.diagnostics = list(loaded.diagnostics) + result.diagnostics
    known = loaded.pointers()
    result.spans = {
        p: loaded.span(p) for p in ("/id", "/alien", "/essence/count", "/aliens") if p in known
    }
    if "/requires" in known or "/aliens" in known:  # an item is recorded only with its list
        result.spans.update(
            {p: loaded.span(p) for p in known if p.startswith(("/requires/", "/aliens/"))}
        )
    return loaded, result


def compile_file(
    path: str | Path,
    pack_id: str,
    cache: PackStore | None,
    sources: Sources,
    shown: str | None = None,
    place: str | None = None,
) -> CardFile:
    """One card file compiled, or its earlier result from `cache`, keyed by its content, its pack
    and its `place` in the pack (its shown path when it belongs to no pack)."""
    shown = shown if shown is not None else display(Path(path))
    try:
        raw = read_bytes(path)
    except OSError as exc:
        return CardFile(
            shown,
            None,
            [
                d.Diagnostic(
                    d.FILE_UNREADABLE, f"cannot read the file: {exc.strerror}", d.Span(shown, 1, 1)
                )
            ],
        )
    key = ""
    if cache is not None:
        where = os.fsencode(place if place is not None else shown)
        where += b"\0%s\0" % pack_id.encode("utf-8", "surrogateescape")
        key = hashlib.sha256(where + raw).hexdigest()
        hit = cache.get(key)
        if isinstance(hit, CardFile) and (found := moved(hit, shown)) is not None:
            if len(raw) <= DEFAULT_MAX_BYTES:
                sources.raw[shown] = raw
            if isinstance(found, StoredCardFile):
                found.fallback = functools.partial(
                    _recompile, raw, path, shown, pack_id, cache, key
                )
            return found
    loaded, result = compile_bytes(raw, path, shown, pack_id)
    if loaded.text:
        sources.raw[shown] = raw
    if cache is not None:
        cache.put(key, result)
    return result


def read_bytes(path: str | Path) -> bytes:
    """A file's bytes, read with plain system calls: at thousands of card files, building a
    buffered file object for each costs more than the reading does."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        size = os.fstat(fd).st_size + 1  # one read for a regular file, then one that finds the end
        while chunk := os.read(fd, size):
            chunks.append(chunk)
            size = 1 << 16
        return b"".join(chunks)
    finally:
        os.close(fd)


def _recompile(
    raw: bytes, path: str | Path, shown: str, pack_id: str, cache: PackStore, key: str
) -> CardFile:
    """A stored card file compiled again because its stored card did not decode; its store is
    written again with the fresh result."""
    result = compile_bytes(raw, path, shown, pack_id)[1]
    cache.put(key, result)
    cache.save()
    return result


@fewer_collections()
def load_project(
    paths: Sequence[Path],
    *,
    use_cache: bool = True,
    bundled_requirements: bool = True,
    scenarios: bool = True,
) -> Project:
    """Compile and link the packs found in `paths`; a required pack that none of them provides is
    taken from the bundled packs (linked, but its own diagnostics are not reported). With
    `scenarios`, the packs' scenario files are checked too."""
    from compiler.pipeline.scenario_files.reading import (
        check_scenario_file,
        read_scenario,
        scenario_entries,
        setup_packs,
    )

    shared_texts.forget()
    cache = CompileCache(fingerprint()) if use_cache else None
    folders, problems, orphans = find_pack_folders(paths)
    sources = Sources()
    packs = [load_pack(folder, cache, sources) for folder in folders]
    scenario_files = [
        read_scenario(path, shown, sources)
        for p in packs
        if scenarios
        for path, shown in scenario_entries(p.folder)
    ]
    if bundled_requirements:
        # a scenario may play with more bundled packs than its own pack requires
        named = [pack_id for s in scenario_files for pack_id in setup_packs(s)]
        packs.extend(_bundled_requirements(packs, named, cache, sources))
    loose_store = cache.store(None) if cache is not None and orphans else None
    loose = [compile_file(path, "", loose_store, sources) for path in orphans]
    if cache is not None:
        cache.save()
    chosen, pack_defs, link_diags = link_files(packs)
    support_paths = {f.path for p in packs if p.support for f in p.files} | {
        p.manifest_path for p in packs if p.support
    }
    diagnostics = problems + [x for x in link_diags if x.span.path not in support_paths]
    for pack in packs:
        if pack.support:
            continue
        diagnostics.extend(pack.diagnostics)
        for f in pack.files:
            diagnostics.extend(f.diagnostics)
    for f in loose:
        diagnostics.extend(f.diagnostics)
    broken = {f.declared_id for p in packs for f in p.files if summary(f) is None and f.declared_id}
    if scenario_files:
        # the scenario checks read only the cards' ids and kinds: their summaries serve
        heads = CardSet(
            cast(dict[str, CardDef], {k: summary(f) for k, f in chosen.items()}), pack_defs
        )
        for scenario in scenario_files:
            diagnostics.extend(check_scenario_file(scenario, heads, broken))
    files = sum(1 + len(p.files) for p in packs if not p.support) + len(loose) + len(scenario_files)
    return Project(
        packs, chosen, pack_defs, sorted(diagnostics, key=d.Diagnostic.sort_key), files, sources
    )


def _bundled_requirements(
    packs: list[Pack], named: list[str], cache: CompileCache | None, sources: Sources
) -> list[Pack]:
    """The bundled packs that `packs` require or their scenarios name (with what those require),
    when `packs` do not provide them themselves."""
    from cards import BUNDLED

    have = {p.id for p in packs}
    added: list[Pack] = []
    wanted = [req for p in packs if p.definition for req in p.definition.requires] + named
    while wanted:
        req = wanted.pop(0)
        folder = BUNDLED / req
        if req in have or not (folder / MANIFEST).is_file():
            continue
        pack = load_pack(folder, cache, sources)
        pack.support = True
        have.add(pack.id)
        added.append(pack)
        wanted.extend(pack.definition.requires if pack.definition else ())
    return added


def outside_pack_paths(
    given: Iterable[Path] = (), env: Mapping[str, str] | None = None
) -> list[Path]:
    """Pack paths from `--pack` options followed by those of COSMIC_PACKS (a list like PATH)."""
    env = os.environ if env is None else env
    listed = [Path(p) for p in env.get("COSMIC_PACKS", "").split(os.pathsep) if p.strip()]
    return list(dict.fromkeys([*given, *listed]))


def bundled_project(*, use_cache: bool = True) -> Project:
    from cards import BUNDLED

    return load_project([BUNDLED], use_cache=use_cache)


def outside_pack_ids(project: Project) -> list[str]:
    """The ids of the packs that are not bundled, in the order they were found."""
    from cards import BUNDLED

    return [p.id for p in project.packs if not p.folder.resolve().is_relative_to(BUNDLED)]
