"""Open editor buffers in, checked files out: each buffer is compiled from its text and linked with
the rest of its pack (and the bundled packs it requires), which are compiled once through the
compile cache and kept, so an edit re-compiles only the edited file before linking again."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from compiler import diagnostics as d
from compiler.pipeline import schema_check
from compiler.pipeline.card_file import CardFile
from compiler.pipeline.linker import link
from compiler.pipeline.load import Loaded, load_yaml_bytes
from compiler.pipeline.project import (
    MANIFEST,
    Pack,
    Project,
    compile_bytes,
    display,
    load_project,
)
from runtime.cards import CardSet

SCENARIO_FOLDER = "scenarios"


def pack_folder_of(path: Path) -> Path | None:
    """The nearest folder above `path` holding a pack.yaml, or None."""
    return next((p for p in path.parents if (p / MANIFEST).exists()), None)


def is_scenario(path: Path) -> bool:
    return SCENARIO_FOLDER in path.parts[:-1]


def requirement_folders(folder: Path) -> list[Path]:
    """`folder` and the folders of the packs it requires, transitively: a required pack is looked
    for beside the pack first, then among the bundled packs."""
    from cards import BUNDLED

    found: list[Path] = []
    todo = [folder]
    while todo:
        current = todo.pop()
        if current in found:
            continue
        found.append(current)
        for req in _requires(current / MANIFEST):
            for place in (current.parent / req, Path(BUNDLED) / req):
                if (place / MANIFEST).exists():
                    todo.append(place.resolve())
                    break
    return found


def _requires(manifest: Path) -> list[str]:
    try:
        loaded = load_yaml_bytes(manifest.read_bytes(), str(manifest))
    except OSError:
        return []
    data = loaded.data if isinstance(loaded.data, dict) else {}
    requires = data.get("requires", [])
    return [r for r in requires if isinstance(r, str)] if isinstance(requires, list) else []


@dataclass
class PackSet:
    """The packs linked together for one pack folder, with buffers swapped in for their files."""

    project: Project
    files: dict[str, tuple[Pack, int]] = field(default_factory=dict)  # absolute path -> where
    cards: CardSet | None = None
    link_diagnostics: list[d.Diagnostic] = field(default_factory=list)

    @classmethod
    def load(cls, folders: list[Path]) -> PackSet:
        project = load_project(folders)
        found = cls(project)
        for pack in project.packs:
            for i, f in enumerate(pack.files):
                found.files[str(Path(f.path).resolve())] = (pack, i)
        found.relink()
        return found

    @property
    def packs(self) -> list[Pack]:
        return self.project.packs

    def relink(self) -> None:
        self.cards, self.link_diagnostics = link(self.packs)

    def put(self, path: Path, card_file: CardFile, *, relink: bool = True) -> None:
        """Swap in a freshly compiled file (a new file joins its pack) and link again."""
        where = self.files.get(str(path))
        if where is None:
            pack = self.pack_of(path)
            if pack is None:
                return
            pack.files.append(card_file)
            self.files[str(path)] = (pack, len(pack.files) - 1)
        else:
            pack, i = where
            pack.files[i] = card_file
        if relink:
            self.relink()

    def pack_of(self, path: Path) -> Pack | None:
        """The pack whose folder holds `path` (the nearest pack.yaml above it)."""
        folder = pack_folder_of(path)
        if folder is None:
            return None
        return next((p for p in self.packs if p.folder.resolve() == folder.resolve()), None)

    def card_paths(self) -> dict[str, str]:
        """Card id -> absolute path of the file that defines it."""
        out: dict[str, str] = {}
        for path, (pack, i) in self.files.items():
            declared = pack.files[i].declared_id
            if declared:
                out.setdefault(declared, path)
        return out


@dataclass
class Checked:
    """One buffer after checking: what it loaded to, what it compiled to, what is wrong with it."""

    path: Path
    shown: str
    loaded: Loaded
    card_file: CardFile | None
    diagnostics: list[d.Diagnostic]
    packs: PackSet | None


def _folders(packs: PackSet) -> set[Path]:
    return {p.folder.resolve() for p in packs.packs}


def _on_disk(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


class Workspace:
    """Every pack set loaded so far, and the buffers open in the editor."""

    def __init__(self) -> None:
        self.pack_sets: dict[tuple[Path, ...], PackSet] = {}
        self.checked: dict[Path, Checked] = {}

    def pack_set(self, folders: list[Path]) -> PackSet:
        key = tuple(folders)
        if key not in self.pack_sets:
            found = PackSet.load(folders)
            open_files = [(p, c.card_file) for p, c in self.checked.items() if c.card_file]
            for path, card_file in open_files:
                if str(path) in found.files and card_file is not None:
                    found.put(path, card_file, relink=False)
            if open_files:
                found.relink()
            self.pack_sets[key] = found
        return self.pack_sets[key]

    def _share(self, path: Path, card_file: CardFile, own: PackSet | None) -> None:
        """Put a buffer's compiled file into every other pack set that links that file."""
        for packs in self.pack_sets.values():
            if packs is not own and str(path) in packs.files:
                packs.put(path, card_file)

    def pack_set_for(self, path: Path) -> PackSet | None:
        folder = pack_folder_of(path)
        return self.pack_set(sorted(requirement_folders(folder.resolve()))) if folder else None

    def check(self, path: Path, text: str) -> Checked:
        """Check a buffer from its text; the result is also kept for completion and hover."""
        path = path.resolve()
        raw = text.encode("utf-8", errors="replace")
        shown = display(path)
        card_file: CardFile | None = None
        packs: PackSet | None
        if is_scenario(path) and pack_folder_of(path) is not None:
            loaded, packs, diags = self._scenario(path, raw, shown)
        elif path.name == MANIFEST:
            packs = self.pack_set_for(path)
            loaded = load_yaml_bytes(raw, shown)
            own = (
                next((p for p in packs.packs if p.manifest_path == shown), None) if packs else None
            )
            if own is not None and _on_disk(path) == raw:
                diags = list(own.diagnostics)  # as loaded with its pack, all checks included
            else:
                diags = list(loaded.diagnostics)
                if isinstance(loaded.data, dict):
                    diags.extend(schema_check.check(loaded, "pack"))
            if packs is not None:
                diags.extend(x for x in packs.link_diagnostics if x.span.path == shown)
        else:
            packs = self.pack_set_for(path)
            pack = packs.pack_of(path) if packs is not None else None
            loaded, card_file = compile_bytes(raw, path, shown, pack.id if pack else "")
            diags = list(card_file.diagnostics)
            self._share(path, card_file, packs)
            if packs is not None and pack is not None:
                packs.put(path, card_file)
                diags.extend(x for x in packs.link_diagnostics if x.span.path == shown)
            else:
                diags.append(
                    d.Diagnostic(
                        d.ORPHAN_CARD,
                        "this file belongs to no pack (no pack.yaml above it)",
                        d.Span(shown, 1, 1),
                        "put cards in a folder with a pack.yaml",
                    )
                )
        unique = list({(x.code.id, x.message, x.span): x for x in diags}.values())
        found = Checked(
            path, shown, loaded, card_file, sorted(unique, key=d.Diagnostic.sort_key), packs
        )
        self.checked[path] = found
        return found

    def _scenario(
        self, path: Path, raw: bytes, shown: str
    ) -> tuple[Loaded, PackSet, list[d.Diagnostic]]:
        """A scenario is checked against its pack, the packs its setup names, and what they need."""
        from cards import BUNDLED
        from compiler.lsp.scenarios import check_scenario
        from compiler.pipeline.scenario_files.reading import setup_packs

        loaded = load_yaml_bytes(raw, shown)
        own = pack_folder_of(path)
        assert own is not None
        folders = requirement_folders(own.resolve())
        for pack_id in setup_packs(loaded):
            extra = Path(BUNDLED) / pack_id
            if (extra / MANIFEST).exists():
                folders += [f for f in requirement_folders(extra.resolve()) if f not in folders]
        packs = self.pack_set(sorted(folders))
        return loaded, packs, check_scenario(loaded, packs)

    def forget_pack(self, folder: Path) -> list[Path]:
        """Drop every pack set linking the pack in `folder` (its manifest changed on disk), so
        the next check loads it again; the open buffers to check again are returned."""
        folder = folder.resolve()
        for key in [k for k in self.pack_sets if folder in k]:
            del self.pack_sets[key]
        stale = [
            p
            for p, c in self.checked.items()
            if c.packs is not None and folder in _folders(c.packs)
        ]
        return stale

    def others_linked_with(self, path: Path) -> list[Checked]:
        """Other open buffers whose pack set links `path` (their cross-card checks may change)."""
        return [
            c
            for p, c in self.checked.items()
            if p != path and c.packs is not None and str(path) in c.packs.files
        ]

    def relinked(self, checked: Checked) -> list[d.Diagnostic]:
        """A buffer's diagnostics after another file of its pack set changed: its own stay, its
        cross-card ones are taken from the new link."""
        if checked.packs is None or checked.card_file is None:
            return checked.diagnostics
        own = list(checked.card_file.diagnostics)
        own.extend(x for x in checked.packs.link_diagnostics if x.span.path == checked.shown)
        unique = list({(x.code.id, x.message, x.span): x for x in own}.values())
        checked.diagnostics = sorted(unique, key=d.Diagnostic.sort_key)
        return checked.diagnostics

    def close(self, path: Path) -> None:
        """A closed buffer's file counts as it is on disk again."""
        path = path.resolve()
        checked = self.checked.pop(path, None)
        if checked is None or checked.packs is None or checked.card_file is None:
            return
        try:
            raw = path.read_bytes()
        except OSError:
            return
        pack = checked.packs.pack_of(path)
        _, card_file = compile_bytes(raw, path, checked.shown, pack.id if pack else "")
        checked.packs.put(path, card_file)
        self._share(path, card_file, checked.packs)
