"""The record of applied writes, and how one is taken back (`memctl undo`).

Every write goes through `memctl.safe.journal`. Once its files are written, its journal (signed
with the user's key, bound to the home's real path, holding each file's text before and after) is
not removed but renamed to `.memctl/undo/<seq>-<id>.json`: one rename, so the record is atomic, and
no second copy of the text is written. The last KEEP writes are kept, at most MAX_BYTES in all,
oldest dropped first (the newest always stays); one write bigger than MAX_BYTES is not kept.

A record is acted on only as a journal is (`memctl.safe.trust`): signed with this user's key, for
this home, naming only files memctl manages, neither tracked by git nor in a commit; any other is
reported and left alone.

Taking a write back is a write like any other: each file back to its text before it, the files it
made removed, the files it removed made again, applied through the journal (so a crash part-way is
finished or undone), and refused whole when one of those files changed since. The undo is recorded
in turn: taking it back (`memctl undo ID`) redoes the write. `memctl undo` with no ID takes back the
newest write that is not an undo, so running it again steps further back.
"""

from __future__ import annotations

import os
import posixpath
import re
import shlex
import sys
from collections.abc import Sequence
from typing import NamedTuple

from memctl.errors import GuaranteeError, InputError, MemctlError
from memctl.safe.fsutil import check_destination, check_state_folder, current_text, fsync_folder, make_folders
from memctl.safe.trust import GONE, Undoes, _parse, came_with_git, journal_path
from memctl.safe.writer import FileChange, WritePlan
from memctl.words import plural

UNDO_REL = ".memctl/undo"
KEEP = 100  # writes kept for `memctl undo`
MAX_BYTES = 64 * 1024 * 1024  # their records' size in all
_NAME = re.compile(r"^(\d{6,})-([0-9a-f]{12})\.json$")
_ID = re.compile(r"^[0-9a-f]{4,12}$")


class Record(NamedTuple):
    """One applied write memctl can take back, or why it will not act on it."""

    id: str
    seq: int
    rel: str  # relative to the home
    time: str = ""
    command: str = "write"  # as its journal says: "undo" for an undo or a redo
    changes: tuple[FileChange, ...] = ()
    folders: tuple[str, ...] = ()  # the folders the write made
    undoes: Undoes | None = None
    refused: str = ""

    @property
    def is_undo(self) -> bool:
        return self.undoes is not None and not self.undoes.redo

    @property
    def what(self) -> str:
        """The command this write was, as the user ran it (a redo is the command it redid)."""
        if self.undoes is None:
            return self.command
        return self.undoes.command if self.undoes.redo else "undo"

    @property
    def label(self) -> str:
        if self.undoes is None:
            return self.command
        if self.undoes.redo:
            return f"{self.undoes.command} (redone)"
        return f"undo of {self.undoes.command} {self.undoes.id}"


def looks_like_id(text: str) -> bool:
    return bool(_ID.match(text.lower()))


def warn(message: str) -> None:
    """A warning on stderr from below the CLI: `apply_plan`'s callers are many, and a failed record
    must be said without breaking the write it follows."""
    say(f"warning: {message}")


def say(line: str) -> None:
    """One line on stderr from below the CLI (a warning, an interrupted write's news); a closed
    stderr is not an error."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"{line}\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _names(root: str) -> list[tuple[int, str, str]]:
    """(seq, id, name) of each record file, oldest first."""
    try:
        names = os.listdir(os.path.join(root, ".memctl", "undo"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as exc:  # there, but not to be read: never "no write recorded"
        check_state_folder(root, UNDO_REL)
        raise InputError(f"cannot read ({exc.strerror or exc})", os.path.join(root, UNDO_REL)) from None
    found = [(int(m.group(1)), m.group(2), n) for n in names if (m := _NAME.match(n))]
    return sorted(found)


def keep(root: str, journal_id: str) -> str:
    """Keep the journal of a write that is complete as its undo record. Returns "" or a warning;
    on any failure the journal is removed as before (the write itself is complete)."""
    source = journal_path(root, journal_id)
    try:
        size = os.lstat(source).st_size
        if size > MAX_BYTES:
            _unlink(source)
            return (f"{UNDO_REL}: this write is not kept for `memctl undo`: its record would be {size:,} bytes, "
                    f"over the cap of {MAX_BYTES:,}; the write itself is complete")
        found = _names(root)
        if any(found_id == journal_id for _, found_id, _ in found):
            _unlink(source)  # kept already, by a run that died before removing the journal
            return ""
        folder = make_folders(root, UNDO_REL)
        rel = f"{UNDO_REL}/{(found[-1][0] + 1) if found else 1:06d}-{journal_id}.json"
        target = check_destination(root, rel)
        if os.path.lexists(target):
            raise GuaranteeError("exists already", rel)
        os.rename(source, target)
        fsync_folder(folder)
        fsync_folder(os.path.dirname(source))
    except (OSError, MemctlError) as exc:
        reason = exc.message if isinstance(exc, MemctlError) else (exc.strerror or str(exc))
        try:
            _unlink(source)
        except OSError:
            pass  # the next command finds every file as planned, keeps the journal then or removes it
        return (f"{UNDO_REL}: this write cannot be taken back with `memctl undo` ({reason}); the write itself "
                "is complete")
    return prune(root)


def _unlink(path: str) -> None:
    if os.path.lexists(path):
        os.unlink(path)
        fsync_folder(os.path.dirname(path))


def prune(root: str) -> str:
    """Drop the oldest records until KEEP and MAX_BYTES hold (the newest always stays). Only records
    of ours are removed: one that came with the repository is reported by `--list`, never touched."""
    sizes = []
    for _, _, name in _names(root):
        try:
            sizes.append((name, os.lstat(os.path.join(root, ".memctl", "undo", name)).st_size))
        except OSError:
            continue
    count, total = len(sizes), sum(size for _, size in sizes)
    if count <= KEEP and total <= MAX_BYTES:
        return ""
    from memctl.safe.keys import user_key

    key, _ = user_key(root)
    came = came_with_git(root, UNDO_REL)
    try:
        for name, size in sizes[:-1]:
            if count <= KEEP and total <= MAX_BYTES:
                break
            rel = f"{UNDO_REL}/{name}"
            if rel in came or _parse(root, name, key, UNDO_REL, git=False).refused:
                continue
            os.unlink(check_destination(root, rel))
            count, total = count - 1, total - size
        fsync_folder(os.path.join(root, ".memctl", "undo"))
    except (OSError, MemctlError) as exc:
        reason = exc.message if isinstance(exc, MemctlError) else (exc.strerror or str(exc))
        return f"{UNDO_REL}: could not drop the oldest writes kept for `memctl undo` ({reason})"
    return ""


def drop(root: str, record_id: str) -> None:
    """Remove the record of a write that was taken back (it cannot be taken back twice)."""
    for _, found_id, name in _names(root):
        if found_id == record_id:
            try:
                _unlink(check_destination(root, f"{UNDO_REL}/{name}"))
            except (OSError, MemctlError):
                pass  # the undo's own record names it: it is shown as taken back and never offered again


def _record(root: str, seq: int, record_id: str, name: str, key: bytes | None, came: dict[str, str]) -> Record:
    journal = _parse(root, name, key, UNDO_REL, git=False)
    rel = journal.rel
    refused = journal.refused or came.get(rel, "")
    if not refused:
        made = {posixpath.dirname(c.rel) for c in journal.changes if c.before is None and not c.removed}
        for folder in journal.folders:
            if not any(m == folder or m.startswith(folder + "/") for m in made):
                refused = f"it names the folder {folder}, in which it made no file"
        if any(c.removed and c.before is None for c in journal.changes):
            refused = "it is damaged"
    if refused:
        return Record(record_id, seq, rel, journal.started, journal.command, refused=refused)
    return Record(record_id, seq, rel, journal.started, journal.command, journal.changes, journal.folders,
                  journal.undoes)


def records(root: str) -> tuple[list[Record], list[Record]]:
    """The writes memctl can take back, newest first (those an undo took back left out), and the
    records it will not act on (`refusal` says why, in one line)."""
    names = _names(root)
    if not names:
        return [], []
    from memctl.safe.keys import user_key

    key, _ = user_key(root)
    came = came_with_git(root, UNDO_REL)  # two git commands for the folder, not two per record
    found = [record for seq, record_id, name in reversed(names)
             if (record := _record(root, seq, record_id, name, key, came)).refused != GONE]  # pruned meanwhile
    good = [r for r in found if not r.refused]
    taken_back = {r.undoes.id for r in good if r.undoes is not None}
    return [r for r in good if r.id not in taken_back], [r for r in found if r.refused]


def refusal(record: Record) -> str:
    return (f"{record.rel}: an undo record memctl will not act on: {record.refused}; memctl takes back only "
            f"writes it recorded for this home; look at it (`cat {record.rel}`), and remove it if it is not yours")


def choose(found: list[Record], wanted: str | None, refused: Sequence[Record] = (), root: str = "PATH") -> Record:
    """The record `memctl undo [ID]` takes back: the one ID names (a unique prefix of 4 or more
    characters), or the newest write that is not an undo. A record memctl will not act on is never
    chosen: naming one is refused with the reason."""
    if wanted is None:
        for record in found:
            if not record.is_undo:
                return record
        if found:
            raise MemctlError(f"nothing to take back but undos: the last write was the undo {found[0].id}; "
                              f"`memctl undo {shlex.quote(root)} {found[0].id}` redoes the write it took back")
        others = (f"; {plural(len(refused), 'record')} in {UNDO_REL}/ memctl will not act on (see `memctl undo "
                  "--list`)") if refused else ""
        raise MemctlError(f"nothing to take back: memctl has recorded no write in this home{others}")
    wanted = wanted.lower()
    if not _ID.match(wanted):
        raise MemctlError(f"{wanted!r} is not a write's id (4 to 12 of the hex digits `memctl undo --list` shows)")
    matches = [r for r in [*found, *refused] if r.id.startswith(wanted)]
    if len(matches) > 1:
        raise MemctlError(f"the id {wanted} names {len(matches)} writes ({', '.join(r.id for r in matches)}); "
                          "give more of it")
    if not matches:
        raise MemctlError(f"no write with the id {wanted} can be taken back (`memctl undo --list` shows those "
                          "that can)")
    if matches[0].refused:
        raise GuaranteeError(f"an undo record memctl will not act on: {matches[0].refused}; nothing was written",
                             matches[0].rel)
    return matches[0]


def blocker(root: str, record: Record) -> tuple[str, str] | None:
    """The first file the write touched that changed since (its path, and how), or None."""
    for change in record.changes:
        try:
            now = current_text(root, change.rel)
        except InputError as exc:
            return change.rel, f"cannot be compared with the write's record ({exc.message})"
        if now == change.target:
            continue
        if change.target is None:
            return change.rel, f"was made again since `memctl {record.what}` removed it ({record.time})"
        if now is None:
            return change.rel, f"was removed since `memctl {record.what}` wrote it ({record.time})"
        return change.rel, f"changed since `memctl {record.what}` wrote it ({record.time})"
    return None


def check_unchanged(root: str, record: Record) -> None:
    """Refuse, naming the file, to take back a write one of whose files changed since."""
    found = blocker(root, record)
    if found is not None:
        rel, how = found
        raise GuaranteeError(f"{how}; taking the write back would overwrite that, so nothing was written "
                             f"(`memctl undo --list` shows what can be taken back)", rel)


def inverse(record: Record) -> WritePlan:
    """The write that takes `record` back: each file as it was before it."""
    changes = []
    for change in record.changes:
        if change.removed:
            changes.append(FileChange(change.rel, None, change.before or ""))
        elif change.before is None:
            changes.append(FileChange(change.rel, change.after, "", removed=True))
        else:
            changes.append(FileChange(change.rel, change.after, change.before))
    return WritePlan(tuple(changes))


def undoes_of(record: Record) -> Undoes:
    """What the undo of `record` says it took back: taking an undo back is a redo."""
    if record.is_undo and record.undoes is not None:
        return Undoes(record.id, record.undoes.command, redo=True)
    return Undoes(record.id, record.what)


def remove_folders(root: str, record: Record) -> None:
    """The folders the write made, once empty again (deepest first); one that still holds a file stays."""
    for folder in sorted(record.folders, key=lambda f: f.count("/"), reverse=True):
        path = os.path.join(root, *folder.split("/"))
        try:
            check_destination(root, folder + "/x.md")  # a plain folder of the home, no link on the way
            os.rmdir(path)
        except (OSError, MemctlError):
            continue


def folders_of(root: str, record_id: str) -> tuple[str, ...]:
    """The folders the recorded write `record_id` made (an undo that took it back removes them once
    empty); none when memctl will not act on its record, or it is gone."""
    from memctl.safe.keys import user_key

    for seq, found_id, name in _names(root):
        if found_id == record_id:
            record = _record(root, seq, found_id, name, user_key(root)[0], came_with_git(root, UNDO_REL))
            return () if record.refused else record.folders
    return ()


def kept(root: str, record_id: str) -> bool:
    return any(found == record_id for _, found, _ in _names(root))
