"""The compile cache: compiled card files and checked pack manifests by content key, stored as
plain JSON data (compiler.pipeline.plain), one store file per pack folder, so unchanged files cost
one read and one hash on the next run.

Stores of outside packs live in the user's cache folder. The bundled packs' stores live beside
the installed package (in `cards/.compiled/`, when that folder is writable), so every later run
that loads a bundled pack finds them compiled, whatever the user's cache holds. A store file is
only ever parsed as JSON and checked field by field; one that is unreadable, damaged, of another
format or compiler version, or of the wrong shape is ignored and rebuilt. Cache trouble never
fails a run; it just means compiling again.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

MAGIC = "cosmic-compiled-cards"
FORMAT = 2  # format 1 was a pickle (cards-<fingerprint>.pickle); it is never read
BUNDLED_STORE = ".compiled"


def cache_dir() -> Path | None:
    """$COSMIC_CACHE_DIR, else $XDG_CACHE_HOME/cosmic, else ~/.cache/cosmic; None if unusable or
    switched off (COSMIC_CACHE_DIR set to an empty string)."""
    chosen = os.environ.get("COSMIC_CACHE_DIR")
    if chosen is not None:
        if not chosen:
            return None
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "cosmic"
    return folder if _writable(folder) else None


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


class PackStore:
    """The compiled files of one pack folder: read once when opened, written back (holding only
    the entries used in this run) when anything changed, which also removes the folder's stores
    of earlier compiler versions."""

    def __init__(self, path: Path, fingerprint: str, folder: str) -> None:
        self.path = path
        self.fingerprint = fingerprint
        self.folder = folder
        self.entries: dict[str, Any] = self._read()
        self.used: dict[str, Any] = {}
        self.dirty = False

    def _read(self) -> dict[str, Any]:
        from compiler.pipeline.card_file import CardFile
        from compiler.pipeline.manifest import Manifest
        from compiler.pipeline.plain import BadData, decode_json

        try:
            raw = self.path.read_bytes()
        except OSError:
            return {}
        try:
            stored = decode_json(raw)
        except BadData:
            return {}
        if not (
            isinstance(stored, list)
            and len(stored) == 5
            and stored[:4] == [MAGIC, FORMAT, self.fingerprint, self.folder]
            and isinstance(stored[4], list)
        ):
            return {}
        entries: dict[str, Any] = {}
        for item in stored[4]:
            if not (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], str)
                and isinstance(item[1], CardFile | Manifest)
            ):
                return {}
            entries[item[0]] = item[1]
        return entries

    def get(self, key: str) -> Any:
        found = self.entries.get(key)
        if found is not None:
            self.used[key] = found
        return found

    def put(self, key: str, value: Any) -> None:
        self.used[key] = value
        self.dirty = True

    def save(self) -> None:
        if not self.dirty and len(self.used) == len(self.entries):
            return
        import json
        import tempfile

        from compiler.pipeline.plain import Encoder

        try:
            entries = [[key, value] for key, value in self.used.items()]
            body = Encoder().encode([MAGIC, FORMAT, self.fingerprint, self.folder, entries])
            # a path that is not valid UTF-8 (undecodable bytes) cannot be stored: no caching then
            data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        except (TypeError, ValueError, RecursionError):
            return
        try:
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".cards-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self.path)
            except OSError:
                os.unlink(tmp)
                raise
        except OSError:
            return
        self.entries = dict(self.used)
        self.dirty = False
        self._remove_stale()

    def _remove_stale(self) -> None:
        """Remove this folder's stores written by other compiler versions: they can never be
        read again (their names differ from this one only in the compiler's fingerprint)."""
        import re

        before, tag, after = self.path.name.partition(self.fingerprint[:16])
        if not tag:
            return
        family = re.compile(re.escape(before) + "[0-9a-f]{16}" + re.escape(after))
        try:
            for sibling in self.path.parent.iterdir():
                if sibling.name != self.path.name and family.fullmatch(sibling.name):
                    sibling.unlink()
        except OSError:
            pass


class CompileCache:
    """Where each pack folder's store lives; stores open on first use and are saved together."""

    def __init__(
        self, fingerprint: str, folder: Path | None = None, bundled: Path | None = None
    ) -> None:
        self.fingerprint = fingerprint
        self.folder = folder if folder is not None else cache_dir()
        if bundled is None:
            from cards import BUNDLED

            bundled = BUNDLED
        self.bundled = bundled
        self.stores: dict[Path, PackStore] = {}

    def store_path(self, pack_folder: Path | None) -> Path | None:
        """Beside the package for a bundled pack (else the user's folder); None if nowhere."""
        tag = self.fingerprint[:16]
        if pack_folder is not None and pack_folder.parent == self.bundled:
            beside = self.bundled / BUNDLED_STORE
            if _writable(beside):
                return beside / f"{pack_folder.name}-{tag}.json"
        if self.folder is None:
            return None
        where = str(pack_folder) if pack_folder is not None else "loose files"
        return self.folder / f"cards-{tag}-{_digest(where)}.json"

    def store(self, pack_folder: Path | None) -> PackStore | None:
        """The store of a pack folder (None for files that belong to no pack)."""
        path = self.store_path(pack_folder)
        if path is None:
            return None
        if path not in self.stores:
            where = str(pack_folder) if pack_folder is not None else ""
            self.stores[path] = PackStore(path, self.fingerprint, where)
        return self.stores[path]

    def save(self) -> None:
        for store in self.stores.values():
            store.save()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]
