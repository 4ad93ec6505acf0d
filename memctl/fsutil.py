"""Reading memory files strictly and writing them atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from memctl.errors import InputError


def read_text(path: Path, shown: str | None = None) -> str:
    """The file's text, decoded as strict UTF-8 (a BOM, if any, stays as U+FEFF)."""
    name = shown or str(path)
    try:
        data = path.read_bytes()
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


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` through a fsynced temporary file in the same folder, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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


def inside(path: Path, root: Path) -> bool:
    """Whether `path`, with every symlink resolved, lies inside `root` (already resolved)."""
    try:
        path.resolve().relative_to(root)
        return True
    except (ValueError, OSError, RuntimeError):
        return False
