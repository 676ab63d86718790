"""The compile cache: per-user folder, keyed by file content, so unchanged cards cost one read and
one hash on the next run. Cache trouble never fails a run; it just means compiling again."""

from __future__ import annotations

import os
from pathlib import Path


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
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


class CompileCache:
    """Compiled card files by content key, kept in one pickle in the user's cache folder.

    The file holds only what this program wrote; an unreadable or stale file is ignored.
    """

    def __init__(self, fingerprint: str, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else cache_dir()
        self.path = self.folder / f"cards-{fingerprint[:16]}.pickle" if self.folder else None
        self.entries: dict[str, object] = {}
        self.dirty = False
        if self.path is not None and self.path.exists():
            import pickle

            try:
                with self.path.open("rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict):
                    self.entries = loaded
            except Exception:
                self.entries = {}

    def get(self, key: str) -> object | None:
        return self.entries.get(key)

    def put(self, key: str, value: object) -> None:
        self.entries[key] = value
        self.dirty = True

    def save(self) -> None:
        if not self.dirty or self.path is None:
            return
        import pickle
        import tempfile

        try:
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".cards-", suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(self.entries, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
            self.dirty = False
        except OSError:
            pass
