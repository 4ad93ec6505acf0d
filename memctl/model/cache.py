"""A small content-addressed cache, kept in the user's cache folder, never in the home.

Everything memctl derives from a file (its token count, sections, links, front matter) is a pure
function of the file's bytes, so it is keyed by a digest of them. A warm cache lets `assemble`
run without importing the tokenizer, the markdown parser or the YAML parser at all.

Trust: the cache lives outside the home (`$MEMCTL_CACHE_DIR`, else the platform's user cache
folder: `$XDG_CACHE_HOME/memctl` or `~/.cache/memctl`), one file per home keyed by the home's real
path, and each file carries a keyed digest (BLAKE2b with a random key kept beside it, readable by
the user alone). A cache committed to a repository, copied from elsewhere or edited by hand fails
the check and is ignored, then rebuilt. Each entry is also checked for its shape when read: an
entry of the wrong shape is a miss, never a crash.
"""

from __future__ import annotations

import json
import os

from memctl.safe.keys import blake2b, cache_folder, digest, read_small, same_digest, user_key

TYPE_CHECKING = False  # typing and pathlib cost milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import Any

CACHE_VERSION = 3  # 3: one line an entry, decoded when asked for
MAX_ENTRIES = 100_000  # the most recently used are kept (three a file: 30,000 for a 10,000-topic home)
MAX_CACHE_BYTES = 256 * 1024 * 1024  # a larger cache file is ignored
_MAGIC = b"memctl-cache"


def is_cache_file(path: str) -> bool:
    """Whether `path` is a regular file that starts with memctl's cache header (every version's
    has it): the only files `memctl cache clear` removes."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, 64)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.startswith(_MAGIC + b" ")


def cache_file(root: str, env: Mapping[str, str] | None = None) -> str:
    """The cache file of the home whose real path is `root`."""
    return os.path.join(cache_folder(env), "homes", digest(root)[:24] + ".cache")


def _sign(key: bytes, payload: bytes) -> str:
    return blake2b(payload, key=key, digest_size=32).hexdigest()


class Cache:
    """A map from string keys to plain values; `path=None` keeps it in memory only.

    On disk, after the signed header, one line an entry: the key, a tab, the value as compact
    JSON. A run splits the lines and decodes only the values it asks for (a 10,000-topic home's
    cache held 50,000 entries and 15 MB; decoding all of them took 0.6 s of a warm run), and
    writes back the lines it did not touch as they were, with those another run saved meanwhile.
    """

    def __init__(self, path: str | None, key: bytes | None = None):
        self.path = path
        self._raw: dict[str, str] = {}  # as read: key -> its value's JSON, decoded when asked for
        self._data: dict[str, Any] = {}  # decoded, or put by this run
        self._used: set[str] = set()
        self._dirty = False
        self._key = key
        self._seen: tuple[int, int] | None = None  # the file's size and mtime when it was read
        if path is None:
            return
        if self._key is None:
            self._key, self.problem = user_key()
        self._raw, self._seen = self._read()

    def _read(self) -> tuple[dict[str, str], tuple[int, int] | None]:
        """The entries of the cache file as it is now (none when it is missing, foreign or damaged),
        and its size and mtime."""
        if self.path is None or self._key is None:
            return {}, None
        try:
            info = os.stat(self.path)
            seen = (info.st_size, info.st_mtime_ns)
        except OSError:
            seen = None
        raw = read_small(self.path, MAX_CACHE_BYTES)
        if raw is None:
            return {}, seen
        head, _, payload = raw.partition(b"\n")
        parts = head.split(b" ")
        if len(parts) != 3 or parts[0] != _MAGIC or parts[1] != str(CACHE_VERSION).encode():
            return {}, seen
        if not same_digest(parts[2].decode("ascii", "replace"), _sign(self._key, payload)):
            return {}, seen  # not written by memctl for this user: ignored, and rebuilt
        try:
            lines = payload.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            return {}, seen
        return dict(line.split("\t", 1) for line in lines if "\t" in line), seen

    @classmethod
    def for_home(cls, root: str) -> Cache:
        """The home's cache; an in-memory one, with `problem` saying why, where the folder or key
        cannot be trusted (see `folder_problem`)."""
        key, problem = user_key(root)
        if problem:
            cache = cls(None)
            cache.problem = f"{problem}: no cache this run"
            return cache
        return cls(cache_file(root), key)

    problem = ""  # why this run has no cache on disk, for the user to hear once

    def _value(self, key: str) -> Any:
        if key in self._data:
            return self._data[key]
        text = self._raw.get(key)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        self._data[key] = value
        return value

    def get(self, key: str, valid: Callable[[Any], bool] | None = None) -> Any:
        """The value, or None when there is none or it does not pass `valid` (a miss)."""
        value = self._value(key)
        if value is None:
            return None
        if valid is not None and not valid(value):
            return None
        self._used.add(key)
        return value

    def put(self, key: str, value: Any) -> None:
        if "\t" in key or "\n" in key:
            raise ValueError(f"a cache key holds a tab or a line end: {key!r}")
        self._used.add(key)
        if self._value(key) != value:
            self._data[key] = value
            self._raw.pop(key, None)
            self._dirty = True

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every entry, decoded (for tests and tools; a run asks for its keys with get)."""
        for key in [*self._raw, *(k for k in self._data if k not in self._raw)]:
            yield key, self._value(key)

    def save(self) -> None:
        """Write the cache if it changed; where it cannot be written, memctl simply stays uncached."""
        if not self._dirty or self.path is None or self._key is None:
            return
        lines = {key: text for key, text in self._raw.items() if key not in self._data}
        try:
            now = os.stat(self.path)
            changed = (now.st_size, now.st_mtime_ns) != self._seen
        except OSError:
            changed = False
        if changed:  # another run saved since this one read: keep what it added, not only ours
            for key, text in self._read()[0].items():
                if key not in lines and key not in self._data:
                    lines[key] = text
        for key, value in self._data.items():
            if value is not None:
                lines[key] = json.dumps(value, separators=(",", ":"))
        if len(lines) > MAX_ENTRIES:  # keep this run's entries, then the newest others
            used = {k: v for k, v in lines.items() if k in self._used}
            others = [(k, v) for k, v in lines.items() if k not in self._used]
            lines = dict(others[max(0, len(others) - (MAX_ENTRIES - len(used))) :]) | used
        payload = "".join(f"{key}\t{text}\n" for key, text in lines.items()).encode("utf-8")
        head = b" ".join((_MAGIC, str(CACHE_VERSION).encode(), _sign(self._key, payload).encode()))
        try:
            folder, name = os.path.split(self.path)
            os.makedirs(folder, mode=0o700, exist_ok=True)
            temp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(head + b"\n" + payload)
            os.replace(temp, self.path)
            self._dirty = False
        except OSError:
            pass


def is_count_list(value: Any, length: int) -> bool:
    """A cached list of `length` token counts."""
    return (isinstance(value, list) and len(value) == length
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value))
