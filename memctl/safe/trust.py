"""Which journals memctl may act on: its own, for this home, and none that came with a repository.

A journal is written (`write_journal`) with a header `memctl-journal 2 <digest>`: a keyed BLAKE2b
digest of the whole text, made with the user's key (`memctl.safe.keys`), and the text names the
home's real path. It is acted on only when the digest is this user's, the path is this home's,
every file it names is one memctl manages (`memctl.safe.fsutil.check_destination`), and git
neither tracks it nor holds it in a commit. Anything else is reported (`refusal`) and left alone.

A finished write's journal is kept as its undo record (`memctl.safe.undo`, in `.memctl/undo/`) and is
checked the same way, by the same `_parse`, before `memctl undo` acts on it.
"""

from __future__ import annotations

import json
import os
import re
from typing import NamedTuple

from memctl.errors import InputError, MemctlError, WriteError
from memctl.safe.fsutil import (
    UNREADABLE,
    check_destination,
    check_state_folder,
    fsync_folder,
    hold_lock,
    lock_held,
    make_folders,
    pending_journals,
    read_bytes,
    write_temp,
)
from memctl.safe.keys import same_digest
from memctl.safe.writer import FileChange, home_lock_held

JOURNAL_REL = ".memctl/journal"
GONE = "\0gone"  # a `Journal.refused` of one that was listed, then removed before it was read: no journal at all
JOURNAL_VERSION = 2  # 2: signed, and bound to the home's real path
_MAGIC = b"memctl-journal"
MAX_JOURNAL_BYTES = 1024 * 1024 * 1024  # a plan holds whole files: the biggest home's, twice


def journal_path(root: str, journal_id: str) -> str:
    return os.path.join(root, ".memctl", "journal", f"{journal_id}.json")


def signing_key(root: str) -> bytes:
    from memctl.safe.keys import user_key

    key, problem = user_key(root)
    if key is None:
        raise WriteError(f"cannot sign the journal: {problem}; nothing was written (set MEMCTL_CACHE_DIR to a "
                         "folder only you can write, outside the home)", JOURNAL_REL)
    return key


def _sign(key: bytes, payload: bytes) -> str:
    from memctl.safe.keys import blake2b

    return blake2b(payload, key=key, digest_size=32, person=b"memctl-journal").hexdigest()


class Held:
    """A writer's hold on its journal (an flock lock on the journal's file, from before it has its
    name until the write is done): what tells a write in progress from one whose process died.
    `close` lets go; so does the system when the process dies, a SIGKILL or a power cut included."""

    def __init__(self, fd: int | None):
        self.fd = fd

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def write_journal(root: str, journal_id: str, command: str, changes: list[FileChange], key: bytes,
                  folders: tuple[str, ...] = (), undoes: Undoes | None = None, hold: bool = False) -> Held:
    """The signed journal of a write, fsynced; `folders` are those the write creates, `undoes` the
    applied write it takes back (`memctl undo`): kept with the journal, which becomes the undo record.
    With `hold`, the journal stays locked for the write (`Held`, which the writer closes once it is
    done): `writer_running` then tells it from a journal whose writer died."""
    from datetime import datetime, timezone

    folder = make_folders(root, JOURNAL_REL)
    data = {"version": JOURNAL_VERSION, "id": journal_id, "home": os.path.realpath(root), "command": command,
            "pid": os.getpid(), "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "changes": [{"rel": c.rel, "before": c.before, "after": c.after, "removed": c.removed} for c in changes]}
    if folders:
        data["folders"] = list(folders)
    if undoes is not None:
        data["undoes"] = undoes._asdict()
    payload = json.dumps(data, ensure_ascii=False).encode("utf-8")
    head = b" ".join((_MAGIC, str(JOURNAL_VERSION).encode(), _sign(key, payload).encode()))
    # 0600: the journal, later the undo record, holds the files' text verbatim, credentials too
    temp = write_temp(folder, f".{journal_id}.json.tmp", head + b"\n" + payload, 0o600)
    held = Held(None)
    try:
        held = Held(hold_lock(temp) if hold else None)  # locked before it is a journal: never one unheld
        os.replace(temp, journal_path(root, journal_id))
    except BaseException:
        held.close()
        if os.path.lexists(temp):
            os.unlink(temp)
        raise
    try:
        fsync_folder(folder)
    except BaseException:
        held.close()
        raise
    return held


class Undoes(NamedTuple):
    """The applied write an undo takes back: its id, the command it was, and whether it was itself
    an undo (taking back an undo redoes the write)."""

    id: str
    command: str
    redo: bool = False


class Journal(NamedTuple):
    """One file found in the journal folder (or kept as an undo record): what it would do, or why it
    must not be acted on."""

    name: str
    rel: str  # relative to the home
    command: str = "write"
    started: str = ""
    changes: tuple[FileChange, ...] = ()
    refused: str = ""  # why memctl will not act on it ("" when it is this user's, for this home)
    folders: tuple[str, ...] = ()  # the folders the write created
    undoes: Undoes | None = None  # the write it took back, for `memctl undo`
    pid: int | None = None  # the process that wrote it


def _extras(data: dict[str, object]) -> tuple[tuple[str, ...], Undoes | None] | None:
    """A journal's `folders` and `undoes`, or None when they are not as `write_journal` writes them."""
    folders, undoes = data.get("folders", []), data.get("undoes")
    if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
        return None
    if undoes is None:
        return tuple(folders), None
    if not isinstance(undoes, dict) or not isinstance(undoes.get("id"), str) \
            or not isinstance(undoes.get("command"), str) or not isinstance(undoes.get("redo", False), bool):
        return None
    return tuple(folders), Undoes(undoes["id"], undoes["command"], undoes.get("redo", False))


def _parse(root: str, name: str, key: bytes | None, folder: str = JOURNAL_REL, cap: int = MAX_JOURNAL_BYTES,
           git: bool = True) -> Journal:
    """The journal `name` in `folder`, checked: signed with this user's key, for this home, its changes
    sane (and, with `git`, neither tracked by git nor in a commit)."""
    rel = f"{folder}/{name}"
    try:
        path = check_destination(root, rel)
        raw = read_bytes(path, rel, cap=cap, follow=False)
    except MemctlError as exc:
        if exc.message == "no such file" and not os.path.lexists(os.path.join(root, *rel.split("/"))):
            return Journal(name, rel, refused=GONE)  # listed, then removed: its write finished meanwhile
        return Journal(name, rel, refused=f"cannot be read ({exc.message})")
    head, _, payload = raw.partition(b"\n")
    parts = head.split(b" ")
    if len(parts) != 3 or parts[0] != _MAGIC or parts[1] != str(JOURNAL_VERSION).encode():
        return Journal(name, rel, refused="it carries no signature of this memctl version's")
    if key is None or not same_digest(parts[2].decode("ascii", "replace"), _sign(key, payload)):
        return Journal(name, rel, refused="its signature is not your memctl's (it was made by another user, "
                                          "machine or program)")
    try:
        data = json.loads(payload.decode("utf-8"))
        changes = tuple(FileChange(c["rel"], c["before"], c["after"], c.get("removed", False))
                        for c in data["changes"])
        ok = all(isinstance(c.rel, str) and isinstance(c.after, str) and isinstance(c.before, (str, type(None)))
                 and isinstance(c.removed, bool) for c in changes)
        home, command, started = data["home"], str(data.get("command", "write")), str(data.get("started", ""))
        extras = _extras(data)
    except (ValueError, KeyError, TypeError, AttributeError):
        ok, home, command, started, changes, extras = False, None, "write", "", (), None
    if not ok or extras is None or data.get("id") != name.removesuffix(".json").rpartition("-")[2]:
        return Journal(name, rel, refused="it is damaged")
    if home != os.path.realpath(root):
        return Journal(name, rel, command, started, refused=f"it was written for another home ({home})")
    for change in changes:
        try:
            check_destination(root, change.rel)  # signed or not, a journal never aims a write elsewhere
        except MemctlError as exc:
            return Journal(name, rel, command, started, refused=f"it names {change.rel}, which {exc.message}")
    tracked = tracked_by_git(root, rel) if git else ""
    if tracked:
        return Journal(name, rel, command, started, refused=tracked)
    pid = data.get("pid")
    return Journal(name, rel, command, started, changes, folders=extras[0], undoes=extras[1],
                   pid=pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None)


def tracked_by_git(root: str, rel: str) -> str:
    """Why the file `rel` of the home came with the repository (git tracks it, or it is in a
    commit), or "": a journal from a clone is never acted on. Only asked when a journal is found."""
    return came_with_git(root, rel).get(rel, "")


class GitCannotTell(dict[str, str]):
    """What `came_with_git` gives when git, inside a repository, fails (it refuses a repository
    another user owns, "dubious ownership"; a damaged index): every file may have come with it."""

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why

    def __contains__(self, key: object) -> bool:
        return True

    def __getitem__(self, key: str) -> str:
        return self.why

    def get(self, key: str, default: str | None = None) -> str:  # type: ignore[override]
        return self.why


def came_with_git(root: str, folder: str) -> dict[str, str]:
    """Each file under `folder` (a file itself, or a folder of the home) that came with the
    repository, relative to the home, and why: git tracks it, or it is in a commit. Two git
    commands however many files the folder holds; {} outside a repository. When git fails inside
    one, or cannot be run there at all, it cannot tell what came with it: then every file did
    (`GitCannotTell`)."""
    import subprocess

    top = root
    while not os.path.lexists(os.path.join(top, ".git")):
        parent = os.path.dirname(top)
        if parent == top:
            return {}
        top = parent
    path = os.path.relpath(os.path.join(root, folder), top)
    git = ["git", "--literal-pathspecs", "-c", "core.fsmonitor=false", "-C", top]  # a `*` in a path is a `*`
    try:
        listed = subprocess.run([*git, "ls-files", "-z", "--", path], capture_output=True, timeout=30, check=False)
        logged = subprocess.run([*git, "log", "--all", "-z", "--format=commit:%h", "--name-only", "--", path],
                                capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        # a `.git` is here, and git cannot be asked (not installed, as on slim images; too slow): what
        # came with the repository cannot be told from what did not
        why = "it ran past 30 s" if isinstance(error, subprocess.TimeoutExpired) else f"it could not run: {error}"
        return GitCannotTell(f"git cannot tell whether it came with the repository ({why})")
    failed = next((ran for ran in (listed, logged) if ran.returncode != 0), None)
    if failed is not None:
        said = failed.stderr.decode("utf-8", "replace").strip().splitlines()
        first = said[0].removeprefix("fatal: ").strip() if said else f"it exited {failed.returncode}"
        return GitCannotTell(f"git cannot tell whether it came with the repository ({first})")

    def home_rel(item: bytes) -> str:
        return os.path.relpath(os.path.join(top, os.fsdecode(item)), root).replace(os.sep, "/")

    found: dict[str, str] = {}
    commit = ""
    for item in logged.stdout.split(b"\0"):
        item = item.lstrip(b"\n")
        if item.startswith(b"commit:"):
            commit = item[len(b"commit:"):].decode(errors="replace")
        elif item:
            found.setdefault(home_rel(item), f"it is in git's history (commit {commit})")
    for item in listed.stdout.split(b"\0"):
        if item:
            found[home_rel(item)] = "git tracks it (it came with the repository)"
    return found


def journals(root: str) -> list[Journal]:
    """Every journal in the home, checked (an empty list, without asking for the key, when none)."""
    found = pending_journals(root)
    if UNREADABLE in found:  # a write must not go on past a journal it cannot see
        check_state_folder(root, JOURNAL_REL)
    names = [n for n in found if not n.startswith(".") and n.endswith(".json")]
    if not names:
        return []
    from memctl.safe.keys import user_key

    key, _ = user_key(root)
    # one removed between the listing and the reading (a write that finished, its journal kept as its
    # undo record) is no journal: never "a journal memctl will not apply"
    return [journal for name in names if (journal := _parse(root, name, key)).refused != GONE]


def _pid_alive(pid: int | None) -> bool | None:
    """Whether a process `pid` runs on this machine (None: cannot tell here)."""
    if pid is None or os.name != "posix":  # on Windows, os.kill(pid, 0) would end the process
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return None
    return True


def writer_running(root: str, journal: Journal) -> bool:
    """Whether the memctl process that wrote `journal` is still writing: it holds the journal's lock
    (`write_journal(hold=True)`) until the write is done, and the system lets go of it when the process
    dies. Where flock cannot tell (no flock on this filesystem), the home's lock being held and
    the process named in the journal running say it; a journal nobody holds is an interrupted write."""
    held = lock_held(os.path.join(root, journal.rel))
    if held is not None:
        return held
    return bool(home_lock_held(root)) and _pid_alive(journal.pid) is not False


def in_progress(journal: Journal) -> str:
    """`a write is in progress (memctl consolidate, pid 4821, started …)`: a journal whose writer runs."""
    about = [f"memctl {journal.command}"]
    if journal.pid is not None:
        about.append(f"pid {journal.pid}")
    if journal.started:
        about.append(f"started {journal.started}")
    return f"a write is in progress ({', '.join(about)})"


JOURNAL_TEMP = re.compile(r"^\.([0-9a-f]{12})\.json\.tmp$")


def half_written(root: str) -> list[str]:
    """The half-written journals in the home (`.memctl/journal/.ID.json.tmp`, relative to the home)
    of writes killed while they wrote them: nothing of such a write was changed, since memctl writes
    no file before its journal is whole and renamed to `ID.json`. One being written now (the home's
    lock held) is not one; nor is a temporary file beside the journal it became."""
    names = pending_journals(root)
    found = [n for n in names if (m := JOURNAL_TEMP.match(n)) and f"{m.group(1)}.json" not in names]
    if not found or home_lock_held(root):
        return []
    return [f"{JOURNAL_REL}/{name}" for name in found]


def refusal(journal: Journal) -> str:
    """The one line a user reads about a journal memctl will not act on."""
    return (f"{journal.rel}: a journal memctl will not apply: {journal.refused}; memctl acts only on journals "
            f"it wrote for this home; look at it (`cat {journal.rel}`), and remove it if it is not yours")


def pending_notices(root: str, shown: str) -> list[str]:
    """What a command that only reads says of the journals it finds: it acts on none of them."""
    notices = []
    if UNREADABLE in pending_journals(root):  # a command that only reads goes on, and says so
        try:
            check_state_folder(root, JOURNAL_REL)
        except InputError as exc:
            return [f"{exc}: an unfinished write there cannot be seen; what was read may be part-way through "
                    "one (a command that writes refuses until the folder can be read)"]
    for journal in journals(root):
        if journal.refused:
            notices.append(refusal(journal))
        elif writer_running(root, journal):
            notices.append(f"{in_progress(journal)}: what was read may be part-way through it; run a command that "
                           "reads again once it is done (one that writes waits for it)")
        else:
            since = f" (started {journal.started})" if journal.started else ""
            notices.append(f"{journal.rel}: an unfinished `memctl {journal.command}`{since}: what was read may be "
                           f"part-way through it; `memctl recover {shown}` finishes or undoes it "
                           "(so does the next memctl command that writes)")
    for rel in half_written(root):
        notices.append(f"{rel}: the half-written journal of a memctl write killed before it changed any file; "
                       f"`memctl recover {shown}` removes it (so does the next memctl command that writes)")
    return notices
