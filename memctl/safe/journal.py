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
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple, TypeVar

from memctl.errors import GuaranteeError, InputError, MemctlError, StaleError, WriteError
from memctl.safe import undo
from memctl.safe.fsutil import (
    STATE_FOLDER,
    TEMP_NAME,
    check_destination,
    check_state_folder,
    current_text,
    fsync_folder,
    lock_held,
    make_folders,
    pending_journals,
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
    folders = _new_folders(root, changes)
    try:
        held = write_journal(root, journal_id, command, changes, key, folders, undoes, hold=True)
    except OSError as exc:
        raise WriteError(f"cannot write the journal ({exc.strerror or exc}); nothing was written",
                         JOURNAL_REL) from None
    except KeyboardInterrupt:  # no file was written: a journal that got its name goes too
        with _interrupts_held():
            _unlink_if_there(journal_path(root, journal_id))
        _say_interrupted(command, "nothing was written")
        raise
    done: list[FileChange] = []
    current: FileChange | None = None
    problem = ""
    try:  # the journal is held while this process writes: no other memctl finishes or undoes it meanwhile
        try:
            for change in changes:
                current = change
                try:
                    if change.removed:
                        _remove(root, change.rel, change.before, journal_id)
                    else:
                        _put(root, change.rel, change.before, change.after, journal_id)
                except (OSError, MemctlError) as exc:
                    raise _undo_after_failure(root, journal_id, done, change, exc, len(changes), folders) from None
                done.append(change)
                current = None
        except KeyboardInterrupt:  # Ctrl-C part-way: undone from the journal, as an I/O error is
            _say_interrupted(command, _undo_after_interrupt(root, journal_id, done, current, len(changes), folders))
            raise
        try:
            with _interrupts_held():  # every file is written: a failure here is only a warning
                problem = _finish(root, journal_id, undoes)
        except KeyboardInterrupt:
            _say_interrupted(command, "every file was already written: the write is complete")
            raise
    finally:
        held.close()
    if problem:
        undo.warn(problem)
    return [c.rel for c in changes], journal_id


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT (Ctrl-C) held back while a write is rolled back or recorded: a second Ctrl-C then
    cannot stop it half-way; it is delivered once the block ends."""
    import signal

    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    before = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, before)


def _say_interrupted(command: str, what: str) -> None:
    """The one line a write stopped by Ctrl-C prints on stderr (the CLI then exits 130)."""
    undo.say(f"interrupted: `memctl {command}` was stopped; {what}")


def _undo_after_interrupt(root: str, journal_id: str, done: list[FileChange], current: FileChange | None,
                          total: int, folders: tuple[str, ...]) -> str:
    """Undo a write stopped by Ctrl-C from its journal; what to tell the user (the rest of the line)."""
    import shlex

    error = _undo_after_failure(root, journal_id, done, current, None, total, folders)
    if os.path.lexists(journal_path(root, journal_id)):  # undoing failed too: the journal stays
        return (f"{len(done)} of {total} files were already written and undoing them failed; `memctl recover "
                f"{shlex.quote(root)}` finishes or undoes the write (so does the next memctl command that writes)")
    return error.message.removeprefix("stopped; ")


def _unlink_if_there(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    fsync_folder(os.path.dirname(path))


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


def _undo_after_failure(root: str, journal_id: str, done: list[FileChange], failed: FileChange | None,
                        exc: BaseException | None, total: int, folders: tuple[str, ...] = ()) -> MemctlError:
    """Undo a write that failed (`exc`; None: stopped by Ctrl-C) part-way, from its journal: the
    files written back as they were, the folders it made removed once empty, the journal gone."""
    reason = _reason(exc) if exc is not None else "stopped"
    touched = [*done, failed] if failed is not None else done
    where = failed.rel if failed is not None else (done[-1].rel if done else JOURNAL_REL)
    try:
        with _interrupts_held():
            _roll_back(root, journal_id, touched, folders)
    except (OSError, MemctlError) as again:
        return WriteError(f"{reason}; {len(done)} of {total} files were already written and undoing them failed "
                          f"too ({_reason(again)}): the journal in {JOURNAL_REL} stays, and the next memctl "
                          "command (or `memctl recover`) finishes or undoes the write", where)
    restored = (f"the {plural(len(done), 'file')} already written {'was' if len(done) == 1 else 'were'} restored"
                if done else "no file had been written")
    cls = type(exc) if isinstance(exc, GuaranteeError) else WriteError
    return cls(f"{reason}; nothing was changed ({restored})", where)


def _roll_back(root: str, journal_id: str, touched: list[FileChange], folders: tuple[str, ...]) -> None:
    for change in reversed(touched):  # the failed file may be written already, too
        if current_text(root, change.rel) == change.target:  # anything else is not ours to undo
            _put(root, change.rel, change.target, change.before, journal_id)
    _remove_temps(root, touched, journal_id)
    remove_empty_folders(root, folders)
    _end(root, journal_id)


def remove_empty_folders(root: str, folders: Iterable[str]) -> None:
    """Remove the folders a write made (`folders`, relative to the home), deepest first, once it is
    undone; one that holds anything (a file another program put there meanwhile) stays."""
    for folder in sorted(folders, key=lambda f: f.count("/"), reverse=True):
        try:
            check_destination(root, folder + "/x.md")  # a plain folder of the home, no link on the way
            os.rmdir(os.path.join(root, *folder.split("/")))
        except (OSError, MemctlError):
            continue


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
    return [rel for rel in half_written(root) if _unlink_quietly(os.path.join(root, rel))]


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
        if journal.undoes is not None:  # an undo: the folders of the write it took back go, once empty
            remove_empty_folders(root, undo.folders_of(root, journal.undoes.id))
        problem = _finish(root, journal_id, journal.undoes)  # finished: it can be taken back like any write
        return f"{what} (warning: {problem})" if problem else what
    else:
        for change in reversed(ordered):
            if states[change.rel] == change.target:
                _put(root, change.rel, change.target, change.before, journal_id)
        what = (f"undid an interrupted `memctl {journal.command}`: {', '.join(foreign)} changed since, so every "
                "other file is back as it was before")
        _remove_temps(root, changes, journal_id)
        remove_empty_folders(root, journal.folders)  # the folders it made, once empty again
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
                _unlink_quietly(path)


def _unlink_quietly(path: str) -> bool:
    """Remove `path`; False when it was gone already (another program removed it meanwhile)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


def sweep_temps(root: str) -> list[str]:
    """Remove the temporary files an interrupted memctl write left in the home (`temps`: none of a
    home nested in it, none of a write that runs); the caller holds the lock, so no memctl write of
    this home is under way. Returns those removed, relative to the home (one gone meanwhile is none)."""
    return [rel for rel in temps(root) if _unlink_quietly(os.path.join(root, rel))]


_TEMP_ID = re.compile(r"\.memctl-([0-9a-f]{12})(?:\.old)?\.tmp$")


def _live(root: str, name: str) -> bool:
    """Whether the temporary file `name` is a running write's: the journal its name gives, in the
    home's `.memctl/journal/`, is held by the process writing it."""
    found = _TEMP_ID.search(name)
    return found is not None and lock_held(journal_path(root, found.group(1))) is True


def temps(root: str) -> list[str]:
    """The temporary files interrupted memctl writes left in the home, relative to it; none is
    touched. A folder below that has its own `.memctl/` is another home (a fleet's agent, a
    project's memory): its files are its own, never looked at; nor is a dot-folder (memctl writes
    in none). A temporary file whose write still
    runs (it holds its journal) is no leftover and is not listed."""
    found = []
    stack = [""]
    while stack:  # iterative: a deep tree is no RecursionError
        rel_dir = stack.pop()
        folder = os.path.join(root, rel_dir) if rel_dir else root
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        if rel_dir and any(e.name == STATE_FOLDER and _is_dir(e) for e in entries):
            continue  # a home nested in this one: its lock, its journals, its temporary files
        for entry in entries:
            rel = posixpath.join(rel_dir, entry.name) if rel_dir else entry.name
            if _is_dir(entry):
                if not entry.name.startswith("."):  # memctl writes in no dot-folder (`unmanaged`): .git, .memctl
                    stack.append(rel)
            elif TEMP_NAME.match(entry.name) and _is_file(entry) and not _live(root, entry.name):
                found.append(rel)
    return sorted(found)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:  # gone meanwhile
        return False


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


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
    if not pending_journals(root):
        # no interrupted write to finish first, which could change what there is to take back: a look
        # refuses (nothing to take back, a file changed since) with no lock taken, so nothing is written
        _undo_plan(root, wanted)
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
