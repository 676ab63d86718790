"""Finding packs: paths given on the command line in; the pack folders under them (a folder with a
pack.yaml), the card files of each, and a diagnostic for each path that holds no pack."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from compiler import diagnostics as d

MANIFEST = "pack.yaml"
SKIP_FOLDERS = {"scenarios"}


def display(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when it lies inside it,
    else absolute."""
    try:
        shown = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path.resolve()) if shown.startswith(os.pardir) else shown


def find_pack_folders(paths: Iterable[Path]) -> tuple[list[Path], list[d.Diagnostic], list[Path]]:
    """Pack folders to load, problems with the paths given, and card files that belong to no pack."""
    folders: list[Path] = []
    problems: list[d.Diagnostic] = []
    orphans: list[Path] = []
    for raw in paths:
        try:
            path = raw.resolve()
            path.stat()
        except FileNotFoundError:
            pass  # reported just below, as for any missing path
        except (OSError, RuntimeError) as exc:  # a symlink loop, a folder on the way unreadable
            reason = getattr(exc, "strerror", None) or "a symbolic link loop"
            problems.append(
                d.Diagnostic(
                    d.USAGE,
                    f"cannot open {raw}: {reason}",
                    d.Span(str(raw), 1, 1),
                    "check the path and its symbolic links",
                )
            )
            continue
        if not path.exists():
            problems.append(
                d.Diagnostic(d.USAGE, f"no such file or folder: {raw}", d.Span(str(raw), 1, 1))
            )
            continue
        if path.is_file():
            folder = next(
                (p for p in [path.parent, *path.parents] if (p / MANIFEST).exists()), None
            )
            if folder is None:
                problems.append(
                    d.Diagnostic(
                        d.ORPHAN_CARD,
                        "this file belongs to no pack (no pack.yaml above it)",
                        d.Span(display(path), 1, 1),
                        "put cards in a folder with a pack.yaml",
                    )
                )
                orphans.append(path)
                continue
            folders.append(folder)
        elif (path / MANIFEST).exists():
            folders.append(path)
        else:
            found = sorted(p.parent for p in path.rglob(MANIFEST))
            if not found:
                problems.append(
                    d.Diagnostic(
                        d.USAGE,
                        f"no pack.yaml in {raw}",
                        d.Span(str(raw), 1, 1),
                        "a pack is a folder with a pack.yaml",
                    )
                )
            folders.extend(found)
    unique = list(dict.fromkeys(folders))
    return unique, problems, orphans


def card_files(folder: Path) -> list[Path]:
    """The card files of a pack folder (not the manifest, not scenarios), sorted."""
    return [Path(path) for path, _, _ in card_entries(folder)]


def card_entries(
    folder: Path, problems: list[d.Diagnostic] | None = None
) -> list[tuple[str, str, str]]:
    """The card files of a pack folder, sorted, each as its path, its display path and its place
    in the pack (its path from the pack folder, with '/' between names); a sub-folder that cannot
    be read is added to `problems` (never skipped in silence). Paths are plain strings: at
    thousands of files, building a Path object for each costs more than a warm run's reading."""
    shown_folder = display(folder)
    root = str(folder)
    out: list[tuple[str, str, str]] = []

    def unreadable(error: OSError) -> None:
        if problems is not None:
            where = display(Path(error.filename)) if error.filename else shown_folder
            problems.append(
                d.Diagnostic(
                    d.FILE_UNREADABLE,
                    f"cannot read the folder: {error.strerror or error}",
                    d.Span(where, 1, 1),
                    "make the folder readable, or move it out of the pack",
                )
            )

    for dirpath, dirnames, filenames in os.walk(root, onerror=unreadable):
        rel_dir = dirpath[len(root) :].lstrip(os.sep)
        if SKIP_FOLDERS & set(rel_dir.split(os.sep)):
            dirnames[:] = []
            continue
        # hidden files and folders (.git, .pre-commit-config.yaml, .github) are no cards
        dirnames[:] = [name for name in dirnames if not name.startswith(".")]
        # a folder named like a card file is listed too, so reading it reports the problem
        odd = [name for name in dirnames if name.endswith(".yaml")]
        dirnames[:] = [name for name in dirnames if not name.endswith(".yaml")]
        for name in filenames + odd:
            if (
                name.startswith(".")
                or not name.endswith(".yaml")
                or (name == MANIFEST and not rel_dir)
            ):
                continue
            rel = os.path.join(rel_dir, name) if rel_dir else name
            shown = rel if shown_folder == "." else os.path.join(shown_folder, rel)
            out.append((rel, os.path.join(dirpath, name), shown))
    out.sort()
    return [(path, shown, rel.replace(os.sep, "/")) for rel, path, shown in out]
