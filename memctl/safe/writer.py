"""Plan, then write: the one way memctl changes a home.

A command computes a WritePlan (the new text of every file it would change), checks its
guarantees on that plan, and only then hands it to `memctl.safe.journal.apply_plan`, which writes it
under the home's lock through a journal, so that a crash ends in the old state or the new one.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from typing import Any, NamedTuple

from memctl.errors import GuaranteeError, LockedError, WriteError
from memctl.safe.fsutil import check_destination

LOCK_TIMEOUT = 10.0  # seconds a second writer waits for the first
LOCK_REL = ".memctl/lock"


class FileChange(NamedTuple):
    rel: str  # relative to the home
    before: str | None  # None: the file is new
    after: str  # "" when removed
    removed: bool = False  # the file goes away (its text must be somewhere else in the same plan)

    @property
    def target(self) -> str | None:
        """What the file holds once written: its new text, or None when it is removed."""
        return None if self.removed else self.after


class WritePlan(NamedTuple):
    changes: tuple[FileChange, ...]


def archive_name(rel: str, when: datetime, taken: set[str] | frozenset[str] = frozenset(),
                 suffix: str = ".md") -> str:
    """`archive/MEMORY.20261129T151200Z.md` for `MEMORY.md` (a UTC timestamp), `-2`, `-3`… when
    taken; `suffix` is the ending archived files get in the home (MemoryHome.archived_as)."""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".md")
    base = f"archive/{stem}.{when.astimezone(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}"
    name, number = f"{base}{suffix}", 1
    while name in taken:
        number += 1
        name = f"{base}-{number}{suffix}"
    return name


def check_plan(root: str, plan: WritePlan) -> None:
    """Refuse, at planning time, a plan that would write through a link or onto a special file."""
    for change in plan.changes:
        check_destination(root, change.rel)


class HomeLock:
    """The home's write lock (`.memctl/lock`), held by one memctl process at a time.

    An agent that writes memory itself can take the same lock (see docs/safety.md) or use
    `memctl append`, so that memctl never rewrites a file under its feet.
    """

    def __init__(self, root: str, timeout: float | None = None):
        self.root = root
        self.timeout = LOCK_TIMEOUT if timeout is None else timeout
        self._lock: Any = None

    def acquire(self) -> None:
        from filelock import FileLock, Timeout

        from memctl.safe.fsutil import make_folders

        try:
            make_folders(self.root, ".memctl")
            check_destination(self.root, LOCK_REL)
            self._lock = FileLock(os.path.join(self.root, LOCK_REL), timeout=self.timeout)
            self._lock.acquire()
        except Timeout:
            raise LockedError(f"another memctl process is writing this home (waited {self.timeout:g} s for "
                              f"{LOCK_REL}); try again when it is done", self.root) from None
        except OSError as exc:
            raise WriteError(f"cannot take the home's lock {LOCK_REL} ({exc.strerror or exc}); "
                             "nothing was written", self.root) from None
        except GuaranteeError as exc:
            raise GuaranteeError(f"{exc.message.split(';')[0]}; nothing was written", exc.path) from None

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> HomeLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def home_lock_held(root: str) -> bool | None:
    """Whether a process holds the home's write lock now (a memctl write, or an agent's own):
    asked without waiting and without writing anything; None when this system cannot tell."""
    from memctl.safe.fsutil import lock_held

    return lock_held(os.path.join(root, LOCK_REL))


def home_lock(root: str | os.PathLike[str], timeout: float | None = None) -> HomeLock:
    return HomeLock(os.fspath(root), timeout)
