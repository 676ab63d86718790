"""The compile cache: compiled card files and checked pack manifests by content key, stored as
plain JSON data (compiler.pipeline.plain), one store file per pack folder, so unchanged files cost
one read and one hash on the next run. A card file is stored as its diagnostics and spans, a summary
of its card for the link stage, and its card's full definition as JSON text that is decoded only
when something uses the card (compiler.pipeline.stored): a validation never decodes it.

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
# format 1 was a pickle (cards-<fingerprint>.pickle), never read; format 2 held whole card files
FORMAT = 3
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
            entry = _entry(item)
            if entry is None:
                return {}
            entries[item[0]] = entry
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

        try:
            body = document(self.fingerprint, self.folder, self.used)
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


def document(fingerprint: str, folder: str, entries: dict[str, Any]) -> Any:
    """A store's JSON-ready data: each entry as [key, head, summary, body], where a card file's
    head is the card file without its card, its summary what the link stage reads of the card,
    and its body the card's own encoding as JSON text (summary and body are null for a manifest
    or a card file that holds no card). Raises TypeError on anything it cannot store."""
    import json

    from compiler.pipeline.card_file import CardFile
    from compiler.pipeline.plain import Encoder
    from compiler.pipeline.stored import StoredCardFile, summary_of

    encoder = Encoder()
    rows: list[Any] = []
    for key, value in entries.items():
        if isinstance(value, StoredCardFile):
            head, summary, body = value.head(), value.summary, value.body
        elif isinstance(value, CardFile) and value.card is not None:
            head = CardFile(
                value.path, None, value.diagnostics, value.kind, value.spans, value.declared_id
            )
            summary = summary_of(value.card)
            card = Encoder().encode(value.card)
            body = json.dumps(card, separators=(",", ":"), ensure_ascii=False)
        else:
            head, summary, body = value, None, None
        plain_summary = None if summary is None else list(summary.fields())
        rows.append([key, encoder.encode(head), encoder.encode(plain_summary), body])
    return [MAGIC, FORMAT, fingerprint, folder, rows]


def _entry(item: Any) -> Any:
    """A decoded [key, head, summary, body] row as its card file or manifest; None if malformed."""
    from compiler.pipeline.card_file import CardFile
    from compiler.pipeline.manifest import Manifest
    from compiler.pipeline.stored import StoredCardFile

    if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)):
        return None
    _, head, summary, body = item
    if head.__class__ is Manifest or (head.__class__ is CardFile and head.card is None):
        if summary is None and body is None:
            return head
        found = _summary(summary)
        if head.__class__ is CardFile and found is not None and isinstance(body, str):
            return StoredCardFile(
                head.path, head.diagnostics, head.kind, head.spans, head.declared_id, found, body
            )
    return None


def _summary(fields: Any) -> Any:
    """A stored card summary checked field by field; None if it has the wrong shape."""
    from compiler.pipeline.plain_types import is_plain
    from compiler.pipeline.stored import CardSummary

    if not (isinstance(fields, list) and len(fields) == 8):
        return None
    card_id, kind, name, pack, copies, alien, requires, attrs = fields
    if not (
        all(isinstance(x, str) for x in (card_id, kind, name, pack))
        and copies.__class__ is int
        and (alien is None or isinstance(alien, str))
        and requires.__class__ is tuple
        and all(isinstance(x, str) for x in requires)
        and attrs.__class__ is dict
        and is_plain(attrs)
    ):
        return None
    return CardSummary(card_id, kind, name, pack, copies, alien, requires, attrs)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]
