"""Finding a home's files: an iterative walk that counts each real file once.

The walk starts at each glob's fixed leading folders and goes no deeper than the glob can match.
A glob whose fixed folders lie outside the home (`../notes/*.md`, `/etc/*`) is passed over: the
config drops such globs when it loads (`inside_glob`), and the walk refuses them again. It never
follows a symlinked folder that leads outside the home or that it has walked already (`memory ->
topics`, `topics/loop -> ..`), and it keeps one path for each real file (by device and inode),
preferring a path with no link in it. Hidden files and folders are not walked.
"""

from __future__ import annotations

import os
import posixpath
import stat

from memctl.markup.globs import is_wild, matcher
from memctl.safe.fsutil import Guard, kind_of

# Folders no walk enters: `memctl hook pre-compact`'s copies of the home are backups, not memory
# (read on every run they would make each dispatch slower with every compaction).
NOT_WALKED = frozenset({"archive/snapshots", "memory/archive/snapshots"})


def inside_glob(pattern: str, guard: Guard) -> str | None:
    """The glob relative to the home, its fixed leading folders normalised (`./topics/*.md` is
    `topics/*.md`), or None when it reaches outside the home: an absolute glob not under the home,
    or one whose `..` climb above it (`**` counted as no folder at all, so `**/../..` is refused).
    A symlinked folder is the walk's to judge, when it gets there."""
    parts = pattern.split("/")
    fixed = next((i for i, part in enumerate(parts) if is_wild(part)), len(parts))
    if pattern.startswith("/"):
        found = guard.rel("/".join(parts[:fixed]) or "/")
        if found is None:
            return None
        head = [] if found == "." else [found]
    else:
        normal = posixpath.normpath("/".join(parts[:fixed]) or ".")
        if normal == ".." or normal.startswith("../"):
            return None
        head = [] if normal == "." else [normal]
    depth = len(head[0].split("/")) if head else 0
    for part in parts[fixed:]:
        if part == "..":
            depth -= 1
            if depth < 0:
                return None
        elif part not in ("", ".", "**"):
            depth += 1
    return "/".join(head + parts[fixed:])


def _start(pattern: str) -> tuple[str, int | None]:
    """The glob's fixed leading folders, and how many folders deeper it can match (None: any)."""
    parts = pattern.split("/")
    fixed = []
    for part in parts[:-1]:
        if is_wild(part):
            break
        fixed.append(part)
    depth = None if "**" in pattern else len(parts) - 1 - len(fixed)
    return "/".join(fixed), depth


def walk(root: str, patterns: tuple[str, ...] | list[str], guard: Guard, unread: list[tuple[str, str]] | None = None,
         ) -> tuple[dict[str, tuple[int, int]], list[tuple[str, str, str]]]:
    """The files matching any of `patterns` (relative, `/`, sorted), each with its (device, inode),
    and what was passed over: (path, why, where a link led). A folder the walk would enter but
    cannot list (`topics/ops/` at mode 000) is added to `unread` as (path, the system's reason):
    what it holds is not known, which the command says rather than pass it over in silence."""
    matchers = [matcher(p) for p in patterns]
    starts: dict[str, int | None] = {}
    for pattern in patterns:
        folder, depth = _start(pattern)
        known = starts.get(folder, 0)
        starts[folder] = None if depth is None or known is None else max(depth, known)
    found: dict[tuple[int, int], tuple[bool, str]] = {}  # (device, inode) -> (through a link, rel)
    passed: list[tuple[str, str, str]] = []
    walked: set[tuple[int, int]] = set()
    # Folders reached without a link are walked first, so that a file's own path wins over a linked one.
    plain: list[tuple[str, int, bool, int | None]] = []
    linked_later: list[tuple[str, int, bool, int | None]] = []
    for start, depth in sorted(starts.items(), reverse=True):
        through = _through_link(root, start)
        if guard.rel(os.path.join(root, start)) is None:  # `..`, absolute, or a link out: never listed
            why = "symlink resolves outside the home" if through else "glob's folder lies outside the home"
            passed.append((start, why, os.path.realpath(os.path.join(root, start))))
            continue
        (linked_later if through else plain).append((start, 0, through, depth))
    while plain or linked_later:
        rel_dir, level, linked, depth = (plain or linked_later).pop()
        path = os.path.join(root, rel_dir) if rel_dir else root
        try:
            info = os.stat(path)
            entries = list(os.scandir(path))
        except (FileNotFoundError, NotADirectoryError):
            continue  # a glob's folder that is not there (no `topics/` yet): nothing to find
        except OSError as exc:
            if unread is not None:
                unread.append((rel_dir or ".", exc.strerror or str(exc)))
            continue
        if (info.st_dev, info.st_ino) in walked:
            continue  # a folder reached again through a link
        walked.add((info.st_dev, info.st_ino))
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            is_link = entry.is_symlink()
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if is_link and guard.rel(entry.path) is None:
                if is_dir or any(match(rel) for match in matchers):
                    passed.append((rel, "symlink resolves outside the home", os.path.realpath(entry.path)))
                continue
            if is_dir:
                if rel in NOT_WALKED or (is_link and _is_loop(path, entry.path)):
                    continue  # `topics/loop -> ..`: a link to the folder that holds it, or above
                if depth is None or level < depth:
                    through = linked or is_link
                    (linked_later if through else plain).append((rel, level + 1, through, depth))
                continue
            if not any(match(rel) for match in matchers):
                continue
            try:
                st = os.stat(entry.path) if is_link else None
                if st is not None:
                    mode = st.st_mode
                elif entry.is_file(follow_symlinks=False):  # the folder listing says so: no stat
                    mode = stat.S_IFREG
                else:
                    mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                continue
            if not stat.S_ISREG(mode):
                passed.append((rel, f"is {kind_of(mode)}, not a regular file", ""))
                continue
            key = (st.st_dev, st.st_ino) if st else (info.st_dev, entry.inode())
            through_link = linked or is_link
            if key not in found or (through_link, rel) < found[key]:
                found[key] = (through_link, rel)
    return {rel: key for key, (_, rel) in sorted(found.items(), key=lambda item: item[1][1])}, passed


def _through_link(root: str, rel: str) -> bool:
    """Whether any folder on the way from the root to `rel` is a symlink."""
    path = root
    for part in [p for p in rel.split("/") if p]:
        path = os.path.join(path, part)
        if os.path.islink(path):
            return True
    return False


def _is_loop(folder: str, link: str) -> bool:
    """A symlinked folder that leads to the folder holding it, or above it."""
    target = os.path.realpath(link)
    here = os.path.realpath(folder)
    return here == target or here.startswith(target.rstrip(os.sep) + os.sep)
