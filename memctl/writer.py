"""Plan, then write: the one way memctl changes a home.

A command computes a WritePlan (the new text of every file it would change), checks its
guarantees on that plan, and only then writes: under the home's lock, the originals copied to
`archive/` first, every file through a temporary file and a rename.
"""

from __future__ import annotations

import difflib
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from memctl.errors import LockedError
from memctl.fsutil import atomic_write, read_text

LOCK_TIMEOUT = 10.0  # seconds a second writer waits for the first


class FileChange(NamedTuple):
    rel: str  # relative to the home
    before: str | None  # None: the file is new
    after: str


class WritePlan(NamedTuple):
    changes: tuple[FileChange, ...]
    archive: tuple[tuple[str, str], ...] = ()  # (archive rel, text) copies written before anything else


def archive_name(rel: str, when: datetime) -> str:
    """`archive/MEMORY.20261129T151200Z.md` for `MEMORY.md` (a UTC timestamp)."""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".md")
    return f"archive/{stem}.{when.astimezone(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}.md"


def unified_diff(plan: WritePlan) -> str:
    out = []
    for change in plan.changes:
        before = (change.before or "").splitlines(keepends=True)
        after = change.after.splitlines(keepends=True)
        source = f"a/{change.rel}" if change.before is not None else "/dev/null"
        for line in difflib.unified_diff(before, after, source, f"b/{change.rel}"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def home_lock(root: Path, timeout: float | None = None):  # type: ignore[no-untyped-def]
    """The home's write lock (`.memctl/lock`), held by one memctl process at a time."""
    from filelock import FileLock, Timeout

    timeout = LOCK_TIMEOUT if timeout is None else timeout
    folder = root / ".memctl"
    folder.mkdir(exist_ok=True)
    lock = FileLock(str(folder / "lock"), timeout=timeout)

    class _Held:
        def __enter__(self) -> None:
            try:
                lock.acquire()
            except Timeout:
                raise LockedError(f"another memctl process is writing this home (waited {timeout:g} s for "
                                  ".memctl/lock); try again when it is done", root) from None

        def __exit__(self, *exc: object) -> None:
            lock.release()

    return _Held()


def apply_plan(root: str | Path, plan: WritePlan) -> list[str]:
    """Write the plan: archive copies first, then each changed file, atomically. Returns what was written.

    Each file's text on disk must still be what the plan was made from; otherwise nothing more is
    written and the command fails, so a change made meanwhile is never overwritten.
    """
    from memctl.errors import GuaranteeError

    root = Path(root)
    written = []
    with home_lock(root):
        for change in plan.changes:
            path = root / change.rel
            now = read_text(path, change.rel) if path.exists() else None
            if now != change.before:
                raise GuaranteeError("changed on disk while memctl was planning; nothing was written", change.rel)
        for rel, text in plan.archive:
            target = root / rel
            if target.exists():
                raise GuaranteeError("archive copy exists already; nothing was written", rel)
            atomic_write(target, text)
            written.append(rel)
        for change in plan.changes:
            if change.before != change.after:
                atomic_write(root / change.rel, change.after)
                written.append(change.rel)
    return written
