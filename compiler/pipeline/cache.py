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
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.manifest import Manifest
from compiler.pipeline.plain_types import is_json_data, is_plain
from compiler.pipeline.stored import CardSummary, StoredCardFile, summary_of

MAGIC = "cosmic-compiled-cards"
# format 1 was a pickle (cards-<fingerprint>.pickle), never read; format 2 held whole card files;
# format 3 wrote each card file's head, summary and body as tagged plain data; format 4 wrote a
# summary's attributes as plain encoding in JSON text, which cost a second JSON parse per row
FORMAT = 5
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
        try:
            raw = self.path.read_bytes()
        except OSError:
            return {}
        try:
            # plain JSON: the rows' few tagged parts (manifests, diagnostics, card attributes)
            # are decoded row by row, the cards' bodies only when used
            stored = json.loads(raw)
        except (ValueError, RecursionError):
            return {}
        if not (
            isinstance(stored, list)
            and len(stored) == 5
            and stored[:4] == [MAGIC, FORMAT, self.fingerprint, self.folder]
            and isinstance(stored[4], list)
        ):
            return {}
        from compiler.pipeline.plain import Reader

        entries: dict[str, Any] = {}
        read = Reader(heads=True).decode
        for item in stored[4]:
            entry = _entry(item, read)
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
        try:
            body = document(self.fingerprint, self.folder, self.used)
            # a path that is not valid UTF-8 (undecodable bytes) cannot be stored: no caching then
            data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        except (TypeError, ValueError, RecursionError):
            return
        try:
            _replace(self.path, data)
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


def _replace(path: Path, data: bytes) -> None:
    """`path` replaced by a file holding `data`, never half-written: written to a new file of its
    own beside it first (as tempfile.mkstemp makes one, whose import would cost more than the
    write), then renamed over it."""
    tmp = path.parent / f".cards-{os.getpid()}-{os.urandom(8).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags | getattr(os, "O_BINARY", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        os.unlink(tmp)
        raise


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
    """A store's JSON-ready data. A card file is one flat row, so reading a store back is one
    plain JSON parse and a few checks a row: [key, path, kind, declared id, spans, problems,
    summary, body], where spans are [pointer, line, column, end column] (with a path only when
    not the file's own), problems its diagnostics in plain encoding as JSON text ("" for none),
    summary what the link stage reads of its card, as [id, kind, name, pack, copies, alien,
    requires, attrs] with attrs as JSON data when they are JSON's own kinds of value (as YAML's
    lists and mappings of strings are), else in plain encoding as JSON text ("" for none), and
    body the card's
    own encoding as JSON text (summary and body are null for a file that holds no card). A
    manifest is [key, its plain encoding as JSON text]. Raises TypeError on anything it cannot
    store."""
    from compiler.pipeline.plain import dumps

    rows: list[Any] = []
    for key, value in entries.items():
        if not isinstance(value, CardFile):
            rows.append([key, dumps(value)])
            continue
        if isinstance(value, StoredCardFile):
            summary, body = value.summary, value.body
        elif value.card is not None:
            summary, body = summary_of(value.card), dumps(value.card)
        else:
            summary, body = None, None
        spans = [
            [k, s.line, s.column, s.end_column, *([] if s.path == value.path else [s.path])]
            for k, s in value.spans.items()
        ]
        plain_summary = None
        if summary is not None:
            attrs: dict[str, Any] | str = summary.attrs
            if not is_json_data(attrs):
                attrs = dumps(attrs) if attrs else ""
            *named, requires, _ = summary.fields()
            plain_summary = [*named, list(requires), attrs]
        problems = dumps(value.diagnostics) if value.diagnostics else ""
        rows.append(
            [key, value.path, value.kind, value.declared_id, spans, problems, plain_summary, body]
        )
    return [MAGIC, FORMAT, fingerprint, folder, rows]


def _entry(item: Any, read: Callable[[str], Any]) -> Any:
    """A stored row as its card file or manifest (its tagged parts decoded with `read`); None if
    malformed."""

    if item.__class__ is not list or not item or item[0].__class__ is not str:
        return None
    if len(item) == 2:
        found = _plain(item[1], read)
        return found if found.__class__ is Manifest else None
    if len(item) != 8:
        return None
    _, path, kind, declared_id, spans, problems, summary, body = item
    if not (
        path.__class__ is str
        and (kind is None or kind.__class__ is str)
        and (declared_id is None or declared_id.__class__ is str)
        and problems.__class__ is str
    ):
        return None
    places = _places(spans, path)
    diagnostics = _diagnostics(problems, read)
    if places is None or diagnostics is None:
        return None
    if summary is None and body is None:
        return CardFile(path, None, diagnostics, kind, places, declared_id)
    found = _summary(summary, read)
    if found is None or body.__class__ is not str:
        return None
    return StoredCardFile(path, diagnostics, kind, places, declared_id, found, body)


def _plain(text: Any, read: Callable[[str], Any]) -> Any:
    """A store's head record (a manifest, a diagnostic) from its plain encoding; None if bad."""
    from compiler.pipeline.plain import BadData

    if text.__class__ is not str:
        return None
    try:
        return read(text)
    except BadData:
        return None


def _places(items: Any, owner: str) -> Any:
    """Stored spans as {pointer: Span}; None if they have the wrong shape."""

    if items.__class__ is not list:
        return None
    out = {}
    for item in items:
        if item.__class__ is not list or len(item) not in (4, 5):
            return None
        key, line, column, end = item[:4]
        path = item[4] if len(item) == 5 else owner
        if not (
            key.__class__ is str
            and path.__class__ is str
            and line.__class__ is int
            and column.__class__ is int
            and (end is None or end.__class__ is int)
        ):
            return None
        out[key] = Span(path, line, column, end)
    return out


def _diagnostics(text: str, read: Callable[[str], Any]) -> Any:
    """Stored diagnostics ("" for none); None if they are not a list of diagnostics."""

    if not text:
        return []
    found = _plain(text, read)
    if found.__class__ is not list or any(x.__class__ is not Diagnostic for x in found):
        return None
    return found


def _summary(fields: Any, read: Callable[[str], Any]) -> Any:
    """A stored card summary checked field by field; None if it has the wrong shape."""
    if fields.__class__ is not list or len(fields) != 8:
        return None
    card_id, kind, name, pack, copies, alien, requires, attrs = fields
    if not (
        card_id.__class__ is str
        and kind.__class__ is str
        and name.__class__ is str
        and pack.__class__ is str
        and copies.__class__ is int
        and (alien is None or alien.__class__ is str)
        and requires.__class__ is list
    ):
        return None
    for x in requires:
        if x.__class__ is not str:
            return None
    if attrs.__class__ is dict:
        pass  # JSON data: plain already
    elif attrs.__class__ is not str:
        return None
    elif attrs:
        attrs = _plain(attrs, read)
        if attrs.__class__ is not dict or not is_plain(attrs):
            return None
    else:
        attrs = {}
    return CardSummary(card_id, kind, name, pack, copies, alien, tuple(requires), attrs)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]
