"""This user's key, and the digests made with it: what lets memctl tell its own caches and journals
from anything a repository, another user or another program put in their place.

The key is 32 random bytes in the user's cache folder (`$MEMCTL_CACHE_DIR`, else
`$XDG_CACHE_HOME/memctl` or `~/.cache/memctl`), made on first use with mode 0600, and used only
where ssh would use a key: the folder and the key must belong to the user and not be writable by
group or others (the key not readable by them either), and the folder must not lie in the home.
"""

from __future__ import annotations

import os
import sys

__all__ = ["blake2b", "cache_folder", "digest", "folder_problem", "read_small", "same_digest", "untrusted", "user_key"]

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Mapping


try:  # the C module behind hashlib.blake2b, without hashlib's OpenSSL start-up (2 ms a run)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b
try:  # hmac.compare_digest, without importing hmac (which loads OpenSSL's hashlib)
    from _operator import _compare_digest as same_digest
except ImportError:  # pragma: no cover - other Pythons
    from hmac import compare_digest as same_digest  # type: ignore[no-redef]


def digest(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def cache_folder(env: Mapping[str, str] | None = None) -> str:
    """Where memctl keeps its caches: $MEMCTL_CACHE_DIR, else the user's cache folder."""
    env = os.environ if env is None else env
    if env.get("MEMCTL_CACHE_DIR"):
        return env["MEMCTL_CACHE_DIR"]
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):  # XDG, without platformdirs' 20 ms
        base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        return os.path.join(base, "memctl")
    import platformdirs

    return platformdirs.user_cache_dir("memctl", appauthor=False)


def read_small(path: str, cap: int) -> bytes | None:
    """A regular file's bytes, or None (missing, special, too big, unreadable): never a hang."""
    from memctl.errors import InputError
    from memctl.safe.fsutil import read_bytes

    try:
        return read_bytes(path, cap=cap)
    except InputError:
        return None


def untrusted(path: str, secret: bool = False) -> str:
    """Why memctl must not use `path` (the cache folder, its `homes/`, the key), or "" if it may.

    As ssh treats its keys: it must belong to this user and not be writable by group or others
    (the key: not readable by them either). A path that does not exist yet is fine: memctl makes it
    with mode 0700 (0600 for the key).
    """
    if not hasattr(os, "getuid"):  # pragma: no cover - Windows has no owner and mode bits to check
        return ""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return f"{path} cannot be looked at ({exc.strerror or exc})"
    if info.st_uid != os.getuid():
        return f"{path} belongs to another user (uid {info.st_uid})"
    loose = info.st_mode & (0o077 if secret else 0o022)
    if loose:
        who = "read or written" if secret else "written"
        return f"{path} can be {who} by group or others (mode {info.st_mode & 0o777:04o})"
    return ""


def folder_problem(folder: str, root: str | None = None) -> str:
    """Why the cache folder must not be used this run (for the home `root`, if given), or ""."""
    real = os.path.realpath(folder)
    if root is not None:
        base = os.path.realpath(root).rstrip(os.sep)
        if real == base or real.startswith(base + os.sep):
            return f"the cache folder {folder} lies inside the home; memctl never writes its cache or key there"
    for path, secret in ((folder, False), (os.path.join(folder, "homes"), False), (os.path.join(folder, "key"), True)):
        why = untrusted(path, secret)
        if why:
            return why
    return ""


def user_key(root: str | None = None) -> tuple[bytes | None, str]:
    """This user's key (made on first use) and "", or None and why it cannot be used."""
    folder = cache_folder()
    problem = folder_problem(folder, root)
    if problem:
        return None, problem
    key = _key(folder)
    return (key, "") if key is not None else (None, f"the key in {folder} cannot be read or made")


def _key(folder: str) -> bytes | None:
    """The random key that signs this user's caches and journals, made on first use (mode 0600)."""
    path = os.path.join(folder, "key")
    data = read_small(path, 1024)
    if data is not None and len(data) >= 32:
        return data[:32]
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temp = os.path.join(folder, f".key.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(32))
        try:
            os.link(temp, path)  # only one process makes the key; the others read it
        finally:
            os.unlink(temp)
    except FileExistsError:
        pass
    except OSError:
        return None
    data = read_small(path, 1024)
    return data[:32] if data is not None and len(data) >= 32 else None
