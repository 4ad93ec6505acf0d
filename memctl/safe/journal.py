"""Crash-safe changes to a home: every multi-file write goes through a journal.

Before any file of a plan is touched, the whole plan (each file's old and new text) is written
and fsynced to `.memctl/journal/<id>.json`. Then the files are written: archive files first, so
that text leaves a file only after its new home is durable; then new files; then the files that
change. Each file goes through a fsynced temporary file and a rename, and is compared with the
plan right before its rename, so that a change another program made meanwhile is never
overwritten. Then the journal is kept as the write's undo record (`memctl.safe.undo`), or removed.

A write that fails part-way (an I/O error, a file changed by someone else) is undone from the
journal before the error is reported. A write that dies part-way (a crash, SIGKILL) leaves its
journal; the next memctl command that writes (or `memctl recover`) finishes it (every file is then
either as before or as planned) or, if another program changed one of the files since, undoes it.
Either way the home ends in the old state or the new one, never a mix. A command that only reads
reports the journal and leaves it.

A journal is acted on only if this user's memctl wrote it for this home, and none that came with a
repository: `memctl.safe.trust` checks each one before it is replayed.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

from memctl.errors import GuaranteeError, InputError, MemctlError, StaleError, WriteError
from memctl.safe import undo
from memctl.safe.fsutil import (
    TEMP_NAME,
    check_destination,
    check_state_folder,
    current_text,
    fsync_folder,
    make_folders,
    write_temp,
)
from memctl.safe.trust import (
    JOURNAL_REL,
    JOURNAL_TEMP,
    Journal,
    Undoes,
    in_progress,
    journal_path,
    journals,
    refusal,
    signing_key,
    write_journal,
    writer_running,
)
from memctl.safe.writer import FileChange, WritePlan, home_lock
from memctl.words import plural

ARCHIVE_DIRS = ("archive", "memory/archive")
REPLANS = 5  # how many times a write whose files changed while it planned is planned again
T = TypeVar("T")



def _temp_name(rel: str, journal_id: str, old: bool = False) -> str:
    return f".{posixpath.basename(rel)}.memctl-{journal_id}{'.old' if old else ''}.tmp"


def _is_archive(rel: str) -> bool:
    return any(rel.startswith(folder + "/") for folder in ARCHIVE_DIRS)


def write_order(changes: Iterable[FileChange]) -> list[FileChange]:
    """Archive files first, then new files, then files that change, then files removed (their text
    is durable elsewhere by then); no-op changes dropped."""
    real = [c for c in changes if c.before != c.target]
    return sorted(real, key=lambda c: (c.removed, not _is_archive(c.rel), c.before is not None))


def _put(root: str, rel: str, expect: str | None, text: str | None, journal_id: str) -> None:
    """Turn `rel` from `expect` into `text` (None: no file), if it still holds `expect`."""
    path = check_destination(root, rel)
    folder = os.path.dirname(path)
    if text is None:  # undoing the creation of a file: it held only text the plan put there
        if current_text(root, rel) == expect:
            os.unlink(path)
            fsync_folder(folder)
        return
    make_folders(root, posixpath.dirname(rel))
    mode = os.lstat(path).st_mode & 0o7777 if expect is not None and os.path.lexists(path) else None
    temp = write_temp(folder, _temp_name(rel, journal_id), text.encode("utf-8"), mode)
    try:
        if expect is None:
            try:
                os.link(temp, path)  # creates the file only if it still does not exist
            except FileExistsError:
                raise StaleError("appeared on disk while memctl was writing (another program made it)", rel) from None
            os.unlink(temp)
        else:
            _swap(root, rel, path, temp, expect, os.path.join(folder, _temp_name(rel, journal_id, old=True)))
    except BaseException:
        if os.path.lexists(temp):
            os.unlink(temp)
        raise
    fsync_folder(folder)


def _remove(root: str, rel: str, expect: str | None, journal_id: str) -> None:
    """Remove `rel` if it still holds `expect`: renamed aside first, so that no program can add to
    it under its name, then read; a file that changed is put back and the write stops."""
    path = check_destination(root, rel)
    folder = os.path.dirname(path)
    aside = os.path.join(folder, _temp_name(rel, journal_id, old=True))
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        raise StaleError("disappeared while memctl was writing (another program removed it)", rel) from None
    if current_text(root, posixpath.join(posixpath.dirname(rel), os.path.basename(aside))) != expect:
        try:
            os.link(aside, path)
        finally:
            os.unlink(aside)
        raise StaleError("changed on disk while memctl was writing (another program wrote to it)", rel)
    os.unlink(aside)
    fsync_folder(folder)


def _swap(root: str, rel: str, path: str, temp: str, expect: str, old: str) -> None:
    """Rename `temp` over `path` if `path` still holds `expect`, and prove afterwards that it did.

    A second name for the old file is kept across the rename: a program that appended to the file
    after the check and before the rename wrote into that old file, so it is read once more after
    the rename, and if it changed, it is put back (with what the program wrote) and the write stops.
    """
    if os.path.lexists(old):
        os.unlink(old)
    os.link(path, old)
    try:
        if current_text(root, posixpath.join(posixpath.dirname(rel), posixpath.basename(old))) != expect:
            raise StaleError("changed on disk while memctl was writing (another program wrote to it)", rel)
        os.replace(temp, path)
        if current_text(root, posixpath.join(posixpath.dirname(rel), posixpath.basename(old))) != expect:
            os.replace(old, path)
            raise StaleError("changed on disk while memctl was writing (another program wrote to it); "
                             "its version was put back", rel)
    finally:
        if os.path.lexists(old):
            os.unlink(old)


def _end(root: str, journal_id: str) -> None:
    path = journal_path(root, journal_id)
    os.unlink(path)
    fsync_folder(os.path.dirname(path))


def _finish(root: str, journal_id: str, undoes: Undoes | None) -> str:
    """A write whose files are all written: its journal becomes its undo record, and the record of
    the write it took back (an undo's) goes. Returns "" or a warning; never fails the write."""
    problem = undo.keep(root, journal_id)
    if undoes is not None:
        undo.drop(root, undoes.id)
    return problem


def _new_folders(root: str, changes: list[FileChange]) -> tuple[str, ...]:
    """The folders a write will make for its new files (an undo removes them again, once empty)."""
    made: set[str] = set()
    for change in changes:
        folder = posixpath.dirname(change.rel) if change.before is None and not change.removed else ""
        while folder and folder not in made and not os.path.isdir(os.path.join(root, folder)):
            made.add(folder)
            folder = posixpath.dirname(folder)
    return tuple(sorted(made))


def _reason(exc: BaseException) -> str:
    if isinstance(exc, MemctlError):
        return exc.message
    if isinstance(exc, OSError):
        return f"the system refused the write ({exc.strerror or exc})"
    return str(exc)


def _writable(root: str, changes: list[FileChange]) -> None:
    """Every folder that will receive a file can be written: checked before the first write."""
    seen = set()
    for change in changes:
        folder = posixpath.dirname(change.rel)
        while folder and not os.path.isdir(os.path.join(root, folder)):
            folder = posixpath.dirname(folder)
        if folder in seen:
            continue
        seen.add(folder)
        if not os.access(os.path.join(root, folder), os.W_OK):
            raise WriteError(f"cannot write in {folder or 'the home folder'} (permission denied); "
                             "nothing was written", change.rel)


def apply_plan(root: str | os.PathLike[str], plan: WritePlan, command: str = "write",
               wait: float | None = None) -> list[str]:
    """Write the plan through a journal, under the home's lock (waited for `wait` seconds, the
    default LOCK_TIMEOUT when None). Returns the files written, in order.

    Each file must still hold what the plan was made from; otherwise nothing is written. Any
    failure part-way is undone from the journal and reported as one line (exit 2).
    """
    root = os.fspath(root)
    if not write_order(plan.changes):
        return []
    with home_lock(root, wait):
        return _apply_locked(root, plan, command)


def _apply_locked(root: str, plan: WritePlan, command: str) -> list[str]:
    """`apply_plan`'s work, once the caller holds the home's lock."""
    return _write(root, plan, command)[0]


def _write(root: str, plan: WritePlan, command: str, undoes: Undoes | None = None) -> tuple[list[str], str]:
    """Write the plan (the caller holds the lock); returns the files written and the journal's id.
    Once every file is written the journal is kept as the write's undo record; `undoes` is the
    record this write takes back (`memctl undo`)."""
    import secrets

    changes = write_order(plan.changes)
    if not changes:
        return [], ""
    recover(root)  # a journal of ours left by a writer that died: ours to finish now that we hold the lock
    for change in changes:
        try:
            now = current_text(root, change.rel)
        except InputError as exc:
            raise GuaranteeError(f"cannot be compared with the plan ({exc.message}); nothing was written",
                                 change.rel) from None
        if now != change.before:
            what = "removed" if now is None else "changed on disk"
            raise StaleError(f"{what} while memctl was planning; nothing was written", change.rel)
    _writable(root, changes)
    key = signing_key(root)
    journal_id = secrets.token_hex(6)
    try:
        held = write_journal(root, journal_id, command, changes, key, _new_folders(root, changes), undoes, hold=True)
    except OSError as exc:
        raise WriteError(f"cannot write the journal ({exc.strerror or exc}); nothing was written",
                         JOURNAL_REL) from None
    try:  # the journal is held while this process writes: no other memctl finishes or undoes it meanwhile
        done: list[FileChange] = []
        for change in changes:
            try:
                if change.removed:
                    _remove(root, change.rel, change.before, journal_id)
                else:
                    _put(root, change.rel, change.before, change.after, journal_id)
            except (OSError, MemctlError) as exc:
                raise _undo_after_failure(root, journal_id, done, change, exc, len(changes)) from None
            done.append(change)
        problem = _finish(root, journal_id, undoes)  # every file is written: a failure here is only a warning
    finally:
        held.close()
    if problem:
        undo.warn(problem)
    return [c.rel for c in changes], journal_id


def apply_fresh(root: str, planned: T, write_of: Callable[[T], WritePlan], replan: Callable[[], T],
                command: str, tries: int = REPLANS, wait: float | None = None) -> T:
    """Write `planned`; when a file changed since it was planned (an agent appending as it works),
    take the home's lock, plan again from the files as they are now and write that, up to `tries`
    times, before the last "changed on disk" error stands. Returns what was written. The lock is
    waited for `wait` seconds (LOCK_TIMEOUT when None: an agent's write waits longer).

    The lock keeps other memctl writers out while planning again; an agent that writes without it
    can still make a try fail, never lose a line: each file is compared with its plan right before
    and after its rename (see `_swap`).
    """
    try:
        if wait is None:
            apply_plan(root, write_of(planned), command)
        else:
            apply_plan(root, write_of(planned), command, wait=wait)
        return planned
    except StaleError as error:
        last = error
    with home_lock(root, wait):
        for _ in range(tries):
            planned = replan()
            try:
                _apply_locked(root, write_of(planned), command)
                return planned
            except StaleError as error:
                last = error
    raise StaleError(f"{last.message} ({tries + 1} tries, planned again under the home's lock)", last.path)


def _undo_after_failure(root: str, journal_id: str, done: list[FileChange], failed: FileChange,
                        exc: BaseException, total: int) -> MemctlError:
    reason = _reason(exc)
    try:
        for change in reversed([*done, failed]):  # the failed file may be written already, too
            if current_text(root, change.rel) == change.target:  # anything else is not ours to undo
                _put(root, change.rel, change.target, change.before, journal_id)
        _remove_temps(root, [*done, failed], journal_id)
        _end(root, journal_id)
    except (OSError, MemctlError) as again:
        return WriteError(f"{reason}; {len(done)} of {total} files were already written and undoing them failed "
                          f"too ({_reason(again)}): the journal in {JOURNAL_REL} stays, and the next memctl "
                          "command (or `memctl recover`) finishes or undoes the write", failed.rel)
    restored = f"the {len(done)} files already written were restored" if done else "no file had been written"
    cls = type(exc) if isinstance(exc, GuaranteeError) else WriteError
    return cls(f"{reason}; nothing was changed ({restored})", failed.rel)


def recover(root: str) -> tuple[list[str], list[str]]:
    """Finish or undo every unfinished write of this user's; the caller holds the home's lock.
    Returns what was done, and the journals it would not act on (one line each): another user's,
    or one whose writer still runs (it holds its journal: only a lock file removed under a running
    write lets two writers in at once, and even then neither touches the other's journal)."""
    done, refused = [], []
    for journal in journals(root):
        if journal.refused:
            refused.append(refusal(journal))
        elif writer_running(root, journal):
            refused.append(f"{journal.rel}: {in_progress(journal)}, not an interrupted one; left to finish")
        else:
            done.append(_replay(root, journal))
    remove_half_written(root)
    return done, refused


def remove_half_written(root: str) -> list[str]:
    """Remove the half-written journals (`.ID.json.tmp`) of writes killed while they wrote them; the
    caller holds the home's lock. Returns them, relative to the home. Such a write changed no file:
    files are written only once the journal is whole and has its name."""
    removed = half_written(root)
    for rel in removed:
        os.unlink(os.path.join(root, rel))
    return removed


def half_written(root: str) -> list[str]:
    """The half-written journals (`.ID.json.tmp`) in the home, relative to it; none is touched."""
    folder = os.path.join(root, ".memctl", "journal")
    check_state_folder(root, JOURNAL_REL)  # one that cannot be read: one line, not a traceback
    if not os.path.isdir(folder) or os.path.islink(folder):
        return []
    return [f"{JOURNAL_REL}/{name}" for name in sorted(os.listdir(folder))
            if name.startswith(".") and name.endswith(".json.tmp")
            and os.path.isfile(path := os.path.join(folder, name)) and not os.path.islink(path)]


def removed_line(rel: str) -> str:
    """What `memctl recover` says of a temporary file it removed."""
    if JOURNAL_TEMP.match(posixpath.basename(rel)) and posixpath.dirname(rel) == JOURNAL_REL:
        return (f"removed a temporary file: {rel} (the half-written journal of a write killed while it wrote it; "
                "no file had been changed yet)")
    return f"removed a temporary file: {rel}"


def _replay(root: str, journal: Journal) -> str:
    journal_id = journal.name[: -len(".json")]
    changes = list(journal.changes)
    states = {}
    for change in changes:
        try:
            states[change.rel] = current_text(root, change.rel)
        except InputError:
            states[change.rel] = "\0unreadable"
    _restore_aside(root, changes, journal_id, states)  # a removal that died between its rename and its unlink
    foreign = [c.rel for c in changes if states[c.rel] not in (c.before, c.target)]
    _remove_temps(root, changes, journal_id)  # a write that died leaves its temporary files
    ordered = write_order(changes)
    if not foreign:
        for change in ordered:
            if states[change.rel] == change.before:
                _put(root, change.rel, change.before, change.target, journal_id)
        what = (f"finished an interrupted `memctl {journal.command}`: {plural(len(ordered), 'file')} as it "
                "planned them")
        _remove_temps(root, changes, journal_id)
        problem = _finish(root, journal_id, journal.undoes)  # finished: it can be taken back like any write
        return f"{what} (warning: {problem})" if problem else what
    else:
        for change in reversed(ordered):
            if states[change.rel] == change.target:
                _put(root, change.rel, change.target, change.before, journal_id)
        what = (f"undid an interrupted `memctl {journal.command}`: {', '.join(foreign)} changed since, so every "
                "other file is back as it was before")
    _remove_temps(root, changes, journal_id)
    _end(root, journal_id)
    return what


def _restore_aside(root: str, changes: list[FileChange], journal_id: str, states: dict[str, str | None]) -> None:
    """A file a dying removal had renamed aside and not yet compared: back under its name, so that
    recovery sees it as it was (and finishes the removal, or undoes the write)."""
    for change in changes:
        if not change.removed or states[change.rel] is not None:
            continue
        aside = posixpath.join(posixpath.dirname(change.rel), _temp_name(change.rel, journal_id, old=True))
        path = check_destination(root, aside)
        if os.path.isfile(path):
            os.link(path, check_destination(root, change.rel))
            os.unlink(path)
            states[change.rel] = current_text(root, change.rel)


def _remove_temps(root: str, changes: list[FileChange], journal_id: str) -> None:
    for change in changes:
        for old in (False, True):
            temp = posixpath.join(posixpath.dirname(change.rel), _temp_name(change.rel, journal_id, old))
            try:
                path = check_destination(root, temp)
            except MemctlError:
                continue
            if os.path.isfile(path):
                os.unlink(path)


def sweep_temps(root: str) -> list[str]:
    """Remove the temporary files an interrupted memctl write left anywhere in the home; the caller
    holds the lock, so no memctl write is under way. Returns them, relative to the home."""
    removed = temps(root)
    for rel in removed:
        os.unlink(os.path.join(root, rel))
    return removed


def temps(root: str) -> list[str]:
    """The temporary files of memctl writes anywhere in the home, relative to it; none is touched."""
    found = []
    stack = [""]
    while stack:  # iterative: a deep tree is no RecursionError
        rel_dir = stack.pop()
        try:
            entries = list(os.scandir(os.path.join(root, rel_dir)))
        except OSError:
            continue
        for entry in entries:
            rel = posixpath.join(rel_dir, entry.name) if rel_dir else entry.name
            if entry.is_dir(follow_symlinks=False):
                if entry.name != ".git":
                    stack.append(rel)
            elif entry.is_file(follow_symlinks=False) and TEMP_NAME.match(entry.name):
                found.append(rel)
    return sorted(found)


def recover_home(root: str) -> dict[str, list[str]]:
    """`memctl recover`: finish or undo unfinished writes, and remove what interrupted writes left.
    A write in progress is not interrupted: said (`in_progress`), and left to finish, with the
    temporary files of the home (some are its own); nothing is waited for or changed."""
    found = journals(root)
    running = [j for j in found if not j.refused and writer_running(root, j)]
    if running:
        return {"journals": [], "refused": [refusal(j) for j in found if j.refused], "removed": [],
                "in_progress": [f"{in_progress(j)}, not an interrupted one; it finishes on its own (run "
                                "`memctl recover` again if it stops without finishing)" for j in running]}
    if all(j.refused for j in found) and not half_written(root) and not temps(root):
        # nothing to finish, undo or remove: no lock is taken, so nothing is written (not even .memctl/)
        return {"journals": [], "refused": [refusal(j) for j in found], "removed": [], "in_progress": []}
    with home_lock(root):
        removed = remove_half_written(root)
        done, refused = recover(root)
        return {"journals": done, "refused": refused, "removed": [*removed, *sweep_temps(root)], "in_progress": []}


class TakenBack(NamedTuple):
    """What `memctl undo` took back (or, with `apply=False`, would): the write, the plan that takes
    it back, the files written, and the id of the undo's own record (None if it was not kept)."""

    record: undo.Record
    plan: WritePlan
    written: list[str]
    record_id: str | None
    refused: list[str]  # one line for each undo record memctl will not act on (reported, never acted on)


def take_back(root: str, wanted: str | None = None, apply: bool = True) -> TakenBack:
    """`memctl undo [ID]`: take back the newest write that is not an undo (or the one `wanted`
    names) through the journal, under the home's lock; refused whole when a file it would restore
    changed since (one line naming it)."""
    if not apply:  # only a look: no lock taken, no interrupted write finished
        record, plan, lines = _undo_plan(root, wanted)
        return TakenBack(record, plan, [], None, lines)
    with home_lock(root):
        recover(root)  # an interrupted write is finished (and recorded) or undone first
        record, plan, lines = _undo_plan(root, wanted)
        written, journal_id = _write(root, plan, "undo", undo.undoes_of(record))
        undo.remove_folders(root, record)
        kept = undo.kept(root, journal_id)
    return TakenBack(record, plan, written, journal_id if kept else None, lines)


def _undo_plan(root: str, wanted: str | None) -> tuple[undo.Record, WritePlan, list[str]]:
    found, refused = undo.records(root)
    record = undo.choose(found, wanted, refused, root)
    undo.check_unchanged(root, record)
    return record, undo.inverse(record), [undo.refusal(r) for r in refused]
