"""Reading memory files strictly, and the primitives every write into a home goes through.

Reads open only regular files (a FIFO, a device or a socket is refused, never waited on) and
stop at a size cap. Writes never pass through a symlink or onto anything but a regular file:
`check_destination` walks the path from the home's root with lstat before anything is written.
"""

from __future__ import annotations

import errno
import os
import re
import stat

from memctl.errors import GuaranteeError, InputError, WriteError

TYPE_CHECKING = False  # pathlib costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
    from os import PathLike

    StrPath = str | PathLike[str]

MAX_FILE_BYTES = 64 * 1024 * 1024  # one markdown or config file; more is refused with one line
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: StrPath, shown: str | None = None, cap: int = MAX_FILE_BYTES, follow: bool = True) -> bytes:
    """The bytes of a regular file, at most `cap` of them; anything else is a one-line InputError."""
    name = shown or os.fspath(path)
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError("no such file", name) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a markdown file", name) from None
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", name) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"is {kind_of(info.st_mode)}, not a regular file; memctl reads only regular files", name)
        if info.st_size > cap:
            raise InputError(f"is {info.st_size:,} bytes, over memctl's cap of {cap:,} bytes for one file", name)
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, max(info.st_size - size, 0) + 1)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > cap:
                raise InputError(f"grew past memctl's cap of {cap:,} bytes for one file while being read", name)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", name) from None
    finally:
        os.close(fd)


def check_readable(path: str) -> None:
    """That `path`, if it is there, can be read as memctl reads it: a folder listed and entered, a
    file opened (never waited on: a FIFO opens without a writer). Otherwise a one-line InputError
    naming `path` as given (`cannot read (Permission denied)`); a path that is not there is left
    to the caller, which says so in its own words."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:  # a folder on the way that cannot be entered
        raise InputError(f"cannot read ({exc.strerror or exc})", path) from None
    try:
        if stat.S_ISDIR(info.st_mode):
            with os.scandir(path):
                pass
            os.stat(os.path.join(path, os.curdir))  # entered: what the folder holds can be looked at
        else:
            os.close(os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC))
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", path) from None


def decode(data: bytes, name: str) -> str:
    """Strict UTF-8 (a BOM, if any, stays as U+FEFF) without a NUL byte (valid UTF-8, but no text
    holds one: a file of them is binary, or zeroed by a crash); anything else names the byte and line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not valid UTF-8 at byte {exc.start}", name, line) from None
    nul = data.find(b"\0")
    if nul >= 0:
        raise InputError(f"not a text file (a NUL byte at byte {nul})", name, data.count(b"\n", 0, nul) + 1)
    return text


def read_text(path: StrPath, shown: str | None = None) -> str:
    """The file's text, decoded as strict UTF-8."""
    name = shown or os.fspath(path)
    return decode(read_bytes(path, name), name)


UNREADABLE = "\0"  # what `pending_journals` lists for a journal folder it cannot read (no file has the name)


def pending_journals(root: str) -> list[str]:
    """What an unfinished write left in the home's journal folder: journals, and the temporary file
    of one that was being written (one listdir: every command asks, before it reads the home). A
    journal folder (or `.memctl/`) that is there but cannot be read lists `UNREADABLE` alone: what
    it holds cannot be known (`check_state_folder` says why)."""
    try:
        return sorted(os.listdir(os.path.join(root, ".memctl", "journal")))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError:
        return [UNREADABLE]


def check_state_folder(root: str, rel: str) -> None:
    """That memctl's own `rel` (`.memctl/journal`, `.memctl/undo`), if it is there, and `.memctl/`
    on the way to it, can be listed and entered; else a one-line InputError naming the folder
    (`cannot read (Permission denied)`)."""
    path = root
    for part in rel.split("/"):
        path = os.path.join(path, part)
        check_readable(path)


def lock_held(path: str) -> bool | None:
    """Whether another open file holds an flock lock on the regular file `path` (a memctl writer
    holds one on the home's lock and on its journal while it writes): asked without blocking,
    without writing, and let go at once. False when there is no such file; None when this system
    or filesystem cannot tell (no flock)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return None
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError:
        return False
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            return True if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES) else None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def hold_lock(path: str) -> int | None:
    """An open file holding an exclusive flock lock on `path`, which its caller has just made and
    alone knows of (so the lock is never waited for); None where flock cannot be had. Closing it
    lets go, as the system does when the process dies, however it dies."""
    try:
        import fcntl
    except ImportError:
        return None
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


MANAGED_SUFFIXES = (".md", ".markdown")  # the index, topics, archive, lessons: memory is markdown
STATE_FOLDER = ".memctl"  # memctl's own: lock, journal, dispatch record
ROOT_FILES = (".memctl.yaml", ".gitignore")  # what `memctl init` writes beside the index
TEMP_NAME = re.compile(r"^\.(.+)\.memctl-[0-9a-f]{12}(?:\.old)?\.tmp$")


def unmanaged(parts: list[str]) -> str:
    """Why a path (its `/` parts, relative to the home) is not one of the files memctl manages, or "".

    memctl writes markdown files, its own `.memctl/` folder and, at the root, the two files `init`
    makes; never a dot-folder (the walk never reads one either), so never `.git/`. A temporary
    file counts as the file it stands for. This is the one check every write goes through, a
    journal's included, so no plan, journal or config can aim a write anywhere else.
    """
    if parts[0] == STATE_FOLDER and len(parts) > 1:
        return ""
    hidden = next((p for p in parts[:-1] if p.startswith(".")), None)
    if hidden is not None:
        return f"lies in {hidden}/, a folder memctl never writes in"
    name = parts[-1]
    temp = TEMP_NAME.match(name)
    if temp:
        name = temp.group(1)
    if len(parts) == 1 and name in ROOT_FILES:
        return ""
    if name.startswith(".") or not name.lower().endswith(MANAGED_SUFFIXES):
        return "is not a file memctl manages (it writes markdown files and its own .memctl/ folder only)"
    return ""


def check_destination(root: str, rel: str) -> str:
    """The absolute path where `rel` may be written inside the home `root`.

    A path that is not one of the files memctl manages (`unmanaged`) is refused. Every existing
    part of the path is looked at with lstat: a symlink anywhere on the way, or a destination that
    is a folder, FIFO, socket or device, is refused (GuaranteeError), so that a write can never
    leave the home or land on something that is not a plain file.
    """
    parts = rel.split("/")
    if rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise GuaranteeError("is not a plain path inside the home; nothing was written", rel)
    why = unmanaged(parts)
    if why:
        raise GuaranteeError(f"{why}; nothing was written", rel)
    path = root
    for number, part in enumerate(parts, start=1):
        path = os.path.join(path, part)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return os.path.join(root, *parts)
        except OSError as exc:
            raise WriteError(f"cannot look at it ({exc.strerror}); nothing was written", rel) from None
        shown = "/".join(parts[:number])
        if stat.S_ISLNK(mode):
            raise GuaranteeError(f"{shown} is a symlink; memctl never writes through a link; nothing was written",
                                 rel)
        last = number == len(parts)
        if not last and not stat.S_ISDIR(mode):
            raise GuaranteeError(f"{shown} is {kind_of(mode)}, not a folder; nothing was written", rel)
        if last and not stat.S_ISREG(mode):
            raise GuaranteeError(f"is {kind_of(mode)}; memctl writes only regular files; nothing was written", rel)
    return path


def current_text(root: str, rel: str) -> str | None:
    """What `rel` holds now (None when it does not exist), read without following a link."""
    path = check_destination(root, rel)
    try:
        return decode(read_bytes(path, rel, follow=False), rel)
    except InputError:
        if not os.path.lexists(path):
            return None
        raise


def make_folders(root: str, rel_folder: str) -> str:
    """Create the folders of `rel_folder` one at a time, never following a link; return its path."""
    path = root
    for part in [p for p in rel_folder.split("/") if p]:
        path = os.path.join(path, part)
        try:
            os.mkdir(path)
        except FileExistsError:
            pass
        mode = os.lstat(path).st_mode
        if not stat.S_ISDIR(mode):
            shown = path[len(root) + 1 :].replace(os.sep, "/")
            raise GuaranteeError(f"{shown} is {kind_of(mode)}, not a folder; memctl never writes through a link",
                                 rel_folder)
    return path


def write_temp(folder: str, name: str, data: bytes, mode: int | None = None) -> str:
    """A new, fsynced file `name` in `folder` (never an existing one, never through a link).

    `mode` sets its permission bits exactly (to keep those of the file it replaces); without it
    the umask applies, as for any new file.
    """
    path = os.path.join(folder, name)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o666)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        _unlink_quietly(path)
        raise
    os.close(fd)
    return path


def fsync_folder(folder: str) -> None:
    """Make a rename or a new name in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def atomic_write(path: StrPath, text: str, mode: int | None = None) -> None:
    """Write a file that is not part of a home (a report, a manifest): temporary file, fsync, rename.

    The new file gets `mode` when it is given (set on the temporary file, never on `path`), else
    the old file's mode, else the umask's. An OSError (a full disk, no permission) is a one-line
    WriteError; the old file, if any, stays.
    """
    import tempfile  # not on the read-only path that runs before every dispatch

    shown = os.fspath(path)
    folder, name = os.path.split(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        if mode is None:
            mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else None
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".memctl.tmp", dir=folder)
    except OSError as exc:
        raise WriteError(f"cannot write ({exc.strerror or exc}); nothing was written", shown) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        _unlink_quietly(tmp)
        raise WriteError(f"cannot write ({exc.strerror or exc}); the file was left as it was", shown) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def _folder_above(folder: str, found: Callable[[str], bool]) -> str | None:
    """The first folder on the way up from `folder` (itself included) that `found` says yes to, or None."""
    current = folder
    while not found(current):
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return current


def _git_internals(folder: str) -> str | None:
    """The folder on the way to `folder` (itself included) that is a git repository's own (HEAD,
    objects/ and refs/: a `.git` folder or a bare repository, whatever its name), or None."""
    return _folder_above(folder, lambda at: os.path.isfile(os.path.join(at, "HEAD"))
                         and os.path.isdir(os.path.join(at, "objects")) and os.path.isdir(os.path.join(at, "refs")))


def _memory_home_above(folder: str, index_names: Collection[str]) -> str | None:
    """The folder on the way to `folder` (itself included) that holds a memory index, or None."""
    return _folder_above(folder, lambda at: any(os.path.isfile(os.path.join(at, name)) for name in index_names))


def _same_file(real: str, files: Iterable[str]) -> str | None:
    """The file of `files` that `real` is another name of (a hard link: same device and inode)."""
    try:
        info = os.stat(real)
    except OSError:
        return None
    for file in files:
        try:
            other = os.stat(file)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino):
            return file
    return None


def check_output_file(path: str, homes: Sequence[str], files: Mapping[str, str] | None = None,
                      what: str = "report", host_folders: Collection[str] = (),
                      startup_names: Collection[str] = (), host_paths: Iterable[tuple[str, str]] = (),
                      folder_keeps: Mapping[str, str] | None = None) -> None:
    """Where a file the user names for memctl's output may be written: a report (`report -o`,
    `lint --output-file`) or a plan (`--plan-out`). The one check all of them pass.

    Refused: a path inside a `.git` folder (git runs what it finds there: hooks, config) or a
    `.memctl` folder (memctl's own state: its lock, journals, records); a folder; a symlink (the
    name is replaced, never followed, and a link there is the user's: memctl replaces no link);
    a file memctl manages in one of `homes` (the index, a topic, the archive, `.memctl.yaml`: a
    report or plan is not memory, and would be read as a topic) or one in a dot-folder of a home
    (the host's own: Volute's `.config/config.json`); and any of `files`, the files
    memctl reads for those homes wherever they lie (a topic of another name, the host's context and
    bootstrap files, the config), each by its real path with the home it is read for. The folder
    is resolved through its symlinks first, so no link carries the write there. The folder must
    exist: a mistyped one is refused, never made.

    Refused too, because a host reads or keeps them: a path in a folder named as one of
    `host_folders` (lower case: `.claude`, `.openclaw`: settings, transcripts, rules) or in one of
    `host_paths` (a host's own folder by path, with the words naming it: `$CLAUDE_CONFIG_DIR`), a file named
    as one of `startup_names` (lower case: what a host loads at start wherever it finds it, so a
    plan named CLAUDE.local.md would be loaded by the next session); any file in one of `homes`,
    whatever its name (a home's folder is the memory's, and a host may keep its own files beside the
    memory: `folder_keeps`, by home as named in `homes`, says what in the host's words, from
    `Host.folder_keeps`: "OpenClaw keeps state files there"); a file in a folder
    that is a memory home (an index there, `MEMORY.md`, or in a folder above) or a git
    repository's internals (HEAD, objects/, refs/: bare ones too); and another name (a hard link)
    of any file of `files`. Files that do not exist yet are refused the same."""
    folder, name = os.path.split(os.path.abspath(path))
    real_folder = os.path.realpath(folder)
    real = os.path.join(real_folder, name)
    parts = real.lower().split(os.sep)  # `.GIT` is `.git` on a folder that ignores case
    if ".git" in parts:
        raise GuaranteeError("lies in a .git folder, which memctl never writes in; nothing was written", path)
    repository = _git_internals(real_folder)
    if repository is not None:
        raise GuaranteeError(f"lies in {repository}, a git repository's own folder, which memctl never writes in; "
                             "nothing was written", path)
    if os.path.islink(real):
        raise GuaranteeError(f"is a symlink; memctl writes a {what} over no link; nothing was written", path)
    if os.path.isdir(real):
        raise WriteError("is a folder; name a file; nothing was written", path)
    if os.path.lexists(folder) and not os.path.isdir(folder):  # under a file: the plainest word first
        raise WriteError(f"not a folder: {os.path.dirname(path) or '.'}; nothing was written", path)
    for root in homes:
        base = os.path.realpath(root).rstrip(os.sep)
        if not real.startswith(base + os.sep):
            continue
        inside = real[len(base) + 1 :].split(os.sep)
        if not unmanaged(inside):
            raise GuaranteeError(f"is a file of the memory home {root} (memctl writes a {what} outside its "
                                 "memory files); nothing was written", path)
        hidden = next((part for part in inside[:-1] if part.startswith(".")), None)
        if hidden is not None:  # the host's own folder in the home (Volute's .config/, a .claude/): its settings
            raise GuaranteeError(f"lies in {hidden}/ of the memory home {root}, a folder memctl never writes in; "
                                 "nothing was written", path)
        keeps = (folder_keeps or {}).get(root)
        whose = f"the memory's and its host's ({keeps})" if keeps else "the memory's"
        raise GuaranteeError(f"lies in the memory home {root}, whose folder is {whose}; memctl writes a {what} "
                             "outside it; nothing was written", path)
    read_for = next((home for file, home in (files or {}).items() if os.path.realpath(file) == real), None)
    if read_for is None:
        linked = _same_file(real, files or {})
        read_for = (files or {}).get(linked, "") if linked is not None else None
    if read_for is not None:
        raise GuaranteeError(f"is a file memctl reads for the memory home {read_for} (memctl writes a {what} "
                             "outside the files it reads); nothing was written", path)
    home_above = _memory_home_above(real_folder, ("MEMORY.md",))
    if home_above is not None:
        raise GuaranteeError(f"lies in {home_above}, a memory home (it holds MEMORY.md); memctl writes a {what} "
                             "outside memory homes; nothing was written", path)
    host_folder = next((part for part in parts[:-1] if part in host_folders), None)
    if host_folder is not None:
        raise GuaranteeError(f"lies in a {host_folder}/ folder, a host's own (its settings, sessions and rules); "
                             f"memctl writes no {what} there; nothing was written", path)
    for own, named in host_paths:
        base = os.path.realpath(own).rstrip(os.sep)
        if base and (real == base or real.startswith(base + os.sep)):
            raise GuaranteeError(f"lies in {own}, {named}; memctl writes no {what} there; nothing was written", path)
    if parts[-1] in startup_names:
        raise GuaranteeError(f"is a file name a host loads at start wherever it finds it; a {what} written there "
                             "would be loaded by the next session; name another file; nothing was written", path)
    if STATE_FOLDER in parts:
        raise GuaranteeError(f"lies in a {STATE_FOLDER} folder, memctl's own state, where no {what} goes; nothing was "
                             "written", path)
    if not os.path.isdir(folder):
        shown = os.path.dirname(path) or "."
        problem = "no such folder" if not os.path.lexists(folder) else "not a folder"
        raise WriteError(f"{problem}: {shown}; nothing was written", path)


class Guard:
    """Answers where a path really lies, symlinks resolved, relative to one home folder."""

    def __init__(self, root: StrPath):
        self.root = os.fspath(root)
        self.base = self.root.rstrip(os.sep)
        self._real_dirs: dict[str, str] = {}  # a home's files mostly share a few folders

    def rel(self, path: StrPath) -> str | None:
        """`path`, resolved, relative to the root with `/`; None when it lies outside."""
        folder, name = os.path.split(os.path.abspath(path))
        real_dir = self._real_dirs.get(folder)
        if real_dir is None:
            real_dir = self._real_dirs[folder] = os.path.realpath(folder)
        real = os.path.join(real_dir, name)
        if os.path.islink(real):
            real = os.path.realpath(real)
        if real == self.base:
            return "."
        if not real.startswith(self.base + os.sep):
            return None
        return real[len(self.base) + 1 :].replace(os.sep, "/")

    def inside(self, path: StrPath) -> bool:
        return self.rel(path) is not None
