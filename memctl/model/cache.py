"""A small content-addressed cache, kept in the user's cache folder, never in the home.

Everything memctl derives from a file (its token count, sections, links, front matter) is a pure
function of the file's bytes, so it is keyed by a digest of them. A warm cache lets `assemble`
run without importing the tokenizer, the markdown parser or the YAML parser at all.

Which digest a file has is kept too, keyed by what `stat` says of it (size, mtime, ctime, inode,
device), as git's index does: a file whose stat is unchanged is neither read nor hashed. Its brief
(sizes, front matter) is kept in the same record, so that `status` learns all it needs of a file
from one entry. A file
changed within a second of the run that stat'ed it is never taken on its stat (git's "racily
clean" rule: a second change within the file system's clock tick would leave the stat as it was).

Trust: the cache lives outside the home (`$MEMCTL_CACHE_DIR`, else the platform's user cache
folder: `$XDG_CACHE_HOME/memctl` or `~/.cache/memctl`), one file per home keyed by the home's real
path, and each file carries a keyed digest (BLAKE2b with a random key kept beside it, readable by
the user alone). A cache committed to a repository, copied from elsewhere or edited by hand fails
the check and is ignored, then rebuilt. Each entry is also checked for its shape when read: an
entry of the wrong shape is a miss, never a crash.

Size: each file is bounded by bytes (MAX_SEGMENT_BYTES); past it, the entries this run did not use
go, oldest first. Entries another version of memctl made (facts of another PARSE_VERSION, findings
of another rule set: `Cache.retire`) go whenever the file is written. The commands that plan
writes (consolidate, split, rollup, history) derive many entries no other command asks for (the
count of every entry of every topic, at every step), so they keep those in a file of their own
beside the home's: no command evicts another's entries, and a dispatch never reads a consolidate's.
"""

from __future__ import annotations

import json
import os
import sys
import time

from memctl.safe.keys import blake2b, cache_folder, digest, read_small, same_digest, user_key

TYPE_CHECKING = False  # typing and pathlib cost milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import Any

CACHE_VERSION = 3  # 3: one line an entry, decoded when asked for
MAX_SEGMENT_BYTES = 64 * 1024 * 1024  # the most a cache file keeps: this run's entries, then the newest others
MAX_ENTRIES = 1_000_000  # a backstop far above any home's needs: the bound that binds is the bytes
MAX_CACHE_BYTES = 256 * 1024 * 1024  # a larger cache file is ignored
OWN_FILE_COMMANDS = frozenset({"consolidate", "split", "rollup", "history"})  # see the module's docstring
SAME_SECOND = 1_000_000_000  # ns: a file changed this close to the run that stat'ed it is not known by its stat
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


def cache_files(root: str, env: Mapping[str, str] | None = None) -> list[str]:
    """Every cache file of the home: its own, and the one of each command that keeps a file of its own."""
    main = cache_file(root, env)
    return [main, *command_files(main)]


def command_files(main: str) -> list[str]:
    """The files of the commands that keep one of their own, beside the home's cache file `main`."""
    return [f"{main[: -len('.cache')]}.{command}.cache" for command in sorted(OWN_FILE_COMMANDS)]


def run_command(argv: list[str] | None = None) -> str:
    """The memctl command this process runs (its first word that is not an option), or ""."""
    for word in sys.argv[1:] if argv is None else argv:
        if not word.startswith("-"):
            return word
    return ""


_SCAN = json.decoder.JSONDecoder().scan_once  # type: ignore[attr-defined]  # json.loads' own scanner, without its three Python layers


def _decoded(text: str) -> Any:
    """json.loads(text), or None where it fails: the scanner alone reads a value that fills the
    text (what memctl writes, 40,000 of them a warm run, at half the cost); anything else (white
    space around it, more after it, not JSON at all) goes to json.loads itself."""
    try:
        value, end = _SCAN(text, 0)
        if end == len(text):
            return value
    except (StopIteration, ValueError):
        pass
    try:
        return json.loads(text)
    except ValueError:
        return None


def _sign(key: bytes, payload: bytes) -> str:
    return blake2b(payload, key=key, digest_size=32).hexdigest()


class _File:
    """One cache file: after the signed header, one line an entry (the key, a tab, the value as
    compact JSON). A run splits the lines and decodes only the values it asks for (a 10,000-topic
    home's cache held 50,000 entries and 15 MB; decoding all of them took 0.6 s of a warm run), and
    writes back the lines it did not touch as they were, with those another run saved meanwhile."""

    def __init__(self, path: str | None, key: bytes | None):
        self.path = path
        self.key = key
        self.raw: dict[str, str] = {}  # as read: key -> its value's JSON, decoded when asked for
        self.data: dict[str, Any] = {}  # decoded, or put by this run
        self.used: set[str] = set()
        self.retired: dict[str, str] = {}  # a family of keys -> the prefix of its current version's
        self.dirty = False
        self.seen: tuple[int, int] | None = None  # the file's size and mtime when it was read
        if path is not None and key is not None:
            self.raw, self.seen = self.read()

    def read(self) -> tuple[dict[str, str], tuple[int, int] | None]:
        """The entries of the cache file as it is now (none when it is missing, foreign or damaged),
        and its size and mtime."""
        if self.path is None or self.key is None:
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
        if not same_digest(parts[2].decode("ascii", "replace"), _sign(self.key, payload)):
            return {}, seen  # not written by memctl for this user: ignored, and rebuilt
        try:
            lines = payload.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            return {}, seen
        return dict(line.split("\t", 1) for line in lines if "\t" in line), seen

    def value(self, key: str) -> Any:
        if key in self.data:
            return self.data[key]
        text = self.raw.get(key)
        if text is None:
            return None
        value = _decoded(text)
        self.data[key] = value
        return value

    def count_of(self, key: str) -> int | None:
        """The one count of a one-element count list (`[123]`), read without a JSON parser."""
        text = self.raw.get(key)
        if text is not None and key not in self.data:
            number = text[1:-1]
            if text[:1] == "[" and text[-1:] == "]" and number.isascii() and number.isdigit():
                self.used.add(key)
                return int(number)
        value = self.value(key)
        if type(value) is list and len(value) == 1 and type(value[0]) is int and value[0] >= 0:
            self.used.add(key)
            return value[0]
        return None

    def put(self, key: str, value: Any) -> None:
        self.used.add(key)
        if self.value(key) != value:
            self.data[key] = value
            self.raw.pop(key, None)
            self.dirty = True

    def drop(self, key: str) -> None:
        if self.value(key) is not None:
            self.data[key] = None
            self.raw.pop(key, None)
            self.dirty = True

    def _retired(self, key: str) -> bool:
        """Whether `key` is of a family of keys this run named (`Cache.retire`) and not of its current version."""
        for family, current in self.retired.items():
            if key.startswith(family) and not key.startswith(current):
                return True
        return False

    def save(self) -> None:
        """Write the file if it changed; where it cannot be written, memctl simply stays uncached."""
        if not self.dirty or self.path is None or self.key is None:
            return
        lines = {key: text for key, text in self.raw.items() if key not in self.data}
        try:
            now = os.stat(self.path)
            changed = (now.st_size, now.st_mtime_ns) != self.seen
        except OSError:
            changed = False
        if changed:  # another run saved since this one read: keep what it added, not only ours
            for key, text in self.read()[0].items():
                if key not in lines and key not in self.data:
                    lines[key] = text
        for key, value in self.data.items():
            if value is None:
                continue  # dropped, or not a value when read: gone
            read = self.raw.get(key)  # decoded and not put since: written back as it was read
            lines[key] = read if read is not None else json.dumps(value, separators=(",", ":"))
        used = [(k, v) for k, v in lines.items() if k in self.used]
        others = [(k, v) for k, v in lines.items() if k not in self.used and not self._retired(k)]
        kept: list[tuple[str, str]] = []
        size = 0
        for k, v in reversed(others + used):  # this run's entries first, then the newest others
            size += len(k) + len(v) + 2
            if size > MAX_SEGMENT_BYTES or (len(kept) >= max(MAX_ENTRIES, len(used)) and k not in self.used):
                break
            kept.append((k, v))
        lines = dict(reversed(kept))  # this run's entries last: the file's order is the age order
        payload = "".join(f"{key}\t{text}\n" for key, text in lines.items()).encode("utf-8")
        head = b" ".join((_MAGIC, str(CACHE_VERSION).encode(), _sign(self.key, payload).encode()))
        try:
            folder, name = os.path.split(self.path)
            os.makedirs(folder, mode=0o700, exist_ok=True)
            temp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(head + b"\n" + payload)
            os.replace(temp, self.path)
            self.dirty = False
        except OSError:
            pass


class Cache:
    """A map from string keys to plain values; `path=None` keeps it in memory only.

    What describes the home's files (their stat and digest, facts, counts: `shared=True`) goes in
    the home's cache file; what a command derives beyond them goes in the command's own file when
    it keeps one (OWN_FILE_COMMANDS), else in the home's. A key is looked for in both.
    """

    def __init__(self, path: str | None, key: bytes | None = None, command: str | None = None):
        self.path = path
        self.started = time.time_ns()  # before any file of the home is read
        if path is not None and key is None:
            key, self.problem = user_key()
        self._key = key
        self._home = _File(path, key)
        self._own: _File | None = None
        command = run_command() if command is None else command
        if command in OWN_FILE_COMMANDS and path is not None and path.endswith(".cache"):
            self._own = _File(f"{path[: -len('.cache')]}.{command}.cache", key)  # as command_files names it

    @classmethod
    def for_home(cls, root: str) -> Cache:
        """The home's cache; an in-memory one, with `problem` saying why, where the folder or key
        cannot be trusted (see `folder_problem`)."""
        key, problem = user_key(root)
        if problem:
            cache = cls(None)
            cache.problem = f"{problem}: no cache this run"
            return cache
        cache = cls(cache_file(root), key)
        cache.folder = cache_folder()
        return cache

    problem = ""  # why this run has no cache on disk, for the user to hear once
    folder: str | None = None  # the user's cache folder, checked for this home (a home's cache on disk only)

    @property
    def key(self) -> bytes | None:
        """The user's key, which signs this cache (None for one in memory)."""
        return self._key if self.path is not None else None

    @property
    def _data(self) -> dict[str, Any]:
        """What this run decoded or put in the home's file (for tests)."""
        return self._home.data

    def get(self, key: str, valid: Callable[[Any], bool] | None = None) -> Any:
        """The value, or None when there is none or it does not pass `valid` (a miss)."""
        for where in (self._own, self._home):
            if where is None:
                continue
            value = where.value(key)
            if value is None:
                continue
            if valid is not None and not valid(value):
                return None
            where.used.add(key)
            return value
        return None

    def retire(self, family: str, current: str) -> None:
        """Let the entries whose keys start with `family` (`doc:`) but not with `current` (`doc:12:`)
        go when the file is next written: made by another version of memctl (or rule set), no run
        asks for them, and every run would read them until the file outgrew its bound. The first
        run of a new version writes its own entries, and the file without the old ones."""
        for where in (self._home, self._own):
            if where is not None:
                where.retired[family] = current

    def count_of(self, key: str) -> int | None:
        """get(key) of a list of one token count, as that count: the quick way (see TokenCounter.count)."""
        for where in (self._own, self._home):
            if where is not None:
                found = where.count_of(key)
                if found is not None:
                    return found
        return None

    def put(self, key: str, value: Any, shared: bool = False) -> None:
        if "\t" in key or "\n" in key:
            raise ValueError(f"a cache key holds a tab or a line end: {key!r}")
        (self._home if shared or self._own is None else self._own).put(key, value)

    def file_record(self, rel: str, info: os.stat_result) -> tuple[str, Any] | None:
        """The digest of the home's file `rel` (relative to the home) and the brief kept with it
        (None when there is none), if its stat `info` is the one recorded with them: the file is
        then as it was, and need not be read."""
        if "\t" in rel or "\n" in rel:
            return None
        found = self._home.value("f:" + rel)
        if (type(found) is list and len(found) in (6, 7) and found[:5] == [info.st_size, info.st_mtime_ns,
                                                                            info.st_ctime_ns, info.st_ino, info.st_dev]
                and type(found[5]) is str):
            self._home.used.add("f:" + rel)
            return found[5], found[6] if len(found) == 7 else None
        return None

    def file_digest(self, rel: str, info: os.stat_result) -> str | None:
        """The digest part of `file_record`."""
        found = self.file_record(rel, info)
        return None if found is None else found[0]

    def remember_file(self, rel: str, info: os.stat_result, text_digest: str, brief: Any = None) -> None:
        """Record the digest of the file `rel`, and `brief` (what a command may ask of the file
        without reading it: see memctl/model/home.py), with the stat it had before it was read;
        not for a file changed within SAME_SECOND of this run's start (its stat may not show a
        second change)."""
        if "\t" in rel or "\n" in rel:
            return
        if max(info.st_mtime_ns, info.st_ctime_ns) >= self.started - SAME_SECOND:
            self._home.drop("f:" + rel)  # racily clean: read and hashed again by the next run
            return
        self._home.put("f:" + rel, [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev,
                                    text_digest, *(() if brief is None else (brief,))])

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every entry of the home's file, decoded (for tests and tools; a run asks for its keys with get)."""
        home = self._home
        for key in [*home.raw, *(k for k in home.data if k not in home.raw)]:
            value = home.value(key)
            if value is not None:
                yield key, value

    def save(self) -> None:
        """Write the cache if it changed; where it cannot be written, memctl simply stays uncached."""
        self._home.save()
        if self._own is not None:
            self._own.save()


def is_count_list(value: Any, length: int) -> bool:
    """A cached list of `length` token counts."""
    return (isinstance(value, list) and len(value) == length
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value))
