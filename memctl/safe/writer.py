"""Plan, then write: the one way memctl changes a home.

A command computes a WritePlan (the new text of every file it would change), checks its
guarantees on that plan, and only then hands it to `memctl.safe.journal.apply_plan`, which writes it
under the home's lock through a journal, so that a crash ends in the old state or the new one.
"""

from __future__ import annotations

import difflib
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


def archive_name(rel: str, when: datetime, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """`archive/MEMORY.20261129T151200Z.md` for `MEMORY.md` (a UTC timestamp), `-2`, `-3`… when taken."""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".md")
    base = f"archive/{stem}.{when.astimezone(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}"
    name, number = f"{base}.md", 1
    while name in taken:
        number += 1
        name = f"{base}-{number}.md"
    return name


def check_plan(root: str, plan: WritePlan) -> None:
    """Refuse, at planning time, a plan that would write through a link or onto a special file."""
    for change in plan.changes:
        check_destination(root, change.rel)


def unified_diff(plan: WritePlan) -> str:
    """The unified diff of every change in the plan, as it may be printed: see `text_diff`."""
    out = []
    for change in plan.changes:
        source = f"a/{change.rel}" if change.before is not None else "/dev/null"
        out.append(text_diff(change.before or "", change.after, source,
                             "/dev/null" if change.removed else f"b/{change.rel}"))
    return "".join(out)


def text_diff(before: str, after: str, source: str, target: str, context: int = 3) -> str:
    """The unified diff of two texts, as it may be printed: its lines taken from the texts
    redacted whole (and its file names redacted), so a credential is found in the file, not in
    the hunk, and a hunk that shows only the middle of a key block (neither its BEGIN nor its END
    line) hides it too. The changes are those of the texts as they are, so a rotated token still
    shows as a changed line."""
    from memctl.model.secrets import redact

    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    shown_old, shown_new = _shown_lines(before, old, redact), _shown_lines(after, new, redact)
    out: list[str] = []
    for group in difflib.SequenceMatcher(None, old, new).get_grouped_opcodes(context):
        if not out:
            out += [redact(f"--- {source}\n"), redact(f"+++ {target}\n")]
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + line for line in shown_old[i1:i2]]
                continue
            if tag in ("replace", "delete"):
                out += ["-" + line for line in shown_old[i1:i2]]
            if tag in ("replace", "insert"):
                out += ["+" + line for line in shown_new[j1:j2]]
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in out)


def _shown_lines(text: str, lines: list[str], redact: Any) -> list[str]:
    """`text`'s lines redacted, line for line. When the redacted text does not have as many (a key
    block in a file whose lines end in a lone CR, a secret holding a form feed: redaction keeps the
    `\\n`s only), each line alone, and a line that is part of a finding of the whole text but
    shows nothing on its own is hidden whole."""
    shown = redact(text).splitlines(keepends=True)
    if len(shown) == len(lines):
        return shown
    from memctl.model.secrets import find_secrets

    spans = [(start, end) for _, start, end in find_secrets(text)]
    out, at = [], 0
    for line in lines:
        end = at + len(line)
        hidden = redact(line)
        if hidden == line and any(start < end and at < stop for start, stop in spans):
            body = line.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
            hidden = "…" + line[len(body):]
        out.append(hidden)
        at = end
    return out


def _range(start: int, stop: int) -> str:
    """A hunk's range as unified diffs write it (difflib's own, which is private)."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1  # an empty range begins at the line before it
    return f"{beginning},{length}"


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


def home_lock(root: str | os.PathLike[str], timeout: float | None = None) -> HomeLock:
    return HomeLock(os.fspath(root), timeout)
