"""Reading memory files strictly and writing them atomically."""

from __future__ import annotations

import os

from memctl.errors import InputError

TYPE_CHECKING = False  # pathlib costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from os import PathLike

    StrPath = str | PathLike[str]


def read_text(path: StrPath, shown: str | None = None) -> str:
    """The file's text, decoded as strict UTF-8 (a BOM, if any, stays as U+FEFF)."""
    name = shown or os.fspath(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise InputError("no such file", name) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a markdown file", name) from None
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", name) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not valid UTF-8 at byte {exc.start}", name, line) from None


def atomic_write(path: StrPath, text: str) -> None:
    """Write `text` to `path` through a fsynced temporary file in the same folder, then rename."""
    import tempfile  # not on the read-only path that runs before every dispatch

    folder, name = os.path.split(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else None
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
