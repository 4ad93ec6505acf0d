"""A small content-addressed cache kept in a home's `.memctl/` folder.

Everything memctl derives from a file (its token count, sections, links, front matter) is a pure
function of the file's bytes, so it is keyed by a digest of them. A warm cache lets `assemble`
run without importing the tokenizer, the markdown parser or the YAML parser at all.
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False  # typing and pathlib cost milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from os import PathLike
    from typing import Any

CACHE_VERSION = 1
MAX_ENTRIES = 20_000  # the most recently used are kept


try:  # the C module behind hashlib.blake2b, without hashlib's OpenSSL start-up (2 ms a run)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b


def digest(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class Cache:
    """A JSON map from string keys to plain values; `path=None` keeps it in memory only."""

    def __init__(self, path: str | PathLike[str] | None):
        self.path = os.fspath(path) if path is not None else None
        self._data: dict[str, Any] = {}
        self._used: set[str] = set()
        self._dirty = False
        if path is not None:
            try:
                with open(path, encoding="utf-8") as handle:
                    raw = json.load(handle)
                if isinstance(raw, dict) and raw.get("version") == CACHE_VERSION:
                    self._data = raw.get("entries", {})
            except (OSError, ValueError):
                self._data = {}  # a missing or damaged cache is rebuilt, never an error

    def get(self, key: str) -> Any:
        value = self._data.get(key)
        if value is not None:
            self._used.add(key)
        return value

    def put(self, key: str, value: Any) -> None:
        self._used.add(key)
        if self._data.get(key) != value:
            self._data[key] = value
            self._dirty = True

    def save(self) -> None:
        """Write the cache if it changed; a home we cannot write to simply stays uncached."""
        if not self._dirty or self.path is None:
            return
        entries = self._data
        if len(entries) > MAX_ENTRIES:  # keep this run's entries, then the newest others
            used = {k: v for k, v in entries.items() if k in self._used}
            others = [(k, v) for k, v in entries.items() if k not in self._used]
            entries = dict(others[max(0, len(others) - (MAX_ENTRIES - len(used))) :]) | used
        payload = json.dumps({"version": CACHE_VERSION, "entries": entries}, separators=(",", ":"))
        try:
            folder, name = os.path.split(self.path)
            os.makedirs(folder, exist_ok=True)
            tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(payload)
            os.replace(tmp, self.path)
            self._dirty = False
        except OSError:
            pass
