"""The optional semantic backend of `--query`: a command the user brings turns texts into vectors.

Config `embedder:` (or MEMCTL_EMBEDDER) names a command, run without a shell, in a process group of
its own, with a timeout (memctl/commands/proc.py, as a summarizer): it reads JSON lines, one text a
line, on stdin, and writes one JSON array of numbers a line on stdout, in the same order (a small
wrapper around `llm embed`, or a local model server, does), BATCH texts a run, within TIMEOUT
seconds a query. Each vector is cached by the command and the text's digest, as each batch comes,
so a warm query embeds the query alone and a cold home warms over a few queries. The sections the
words chose are ordered by reciprocal rank fusion of their lexical rank and their rank in meaning,
as OpenClaw fuses vector and text search, and stay chosen; a section the words found and a
threshold (or the guess of what a question is about) alone left out comes in beside them when it is
at least the floor (SIMILAR, or config `embedder_floor` for another model) and as like the query in
meaning as each of them; where the words chose none, the sections most like the query (cosine
similarity at least the floor, at most --max-sections of them) come in by meaning, unless the words
found that the query asks what the memory lacks (query.py's `_by_meaning` says why no more). Off by
default and never required: a failing or slow embedder is one warning and the lexical result (one
that exits non-zero named with the last line it wrote on stderr, its own words for why). What it
finds is as good as the model behind it.

A repository is input, never instructions: an `embedder:` in a config file git tracks (one that
came with a clone or a pull request) is not run, nor one in a file another user owns or could
change (`memctl.model.config.command_refusal`); MEMCTL_EMBEDDER or an untracked config of the
user's own is theirs.
"""

from __future__ import annotations

import json
import math
import os
import time

from memctl.record import record
from memctl.words import plural

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from memctl.model.cache import Cache
    from memctl.model.home import MemoryHome

Key = tuple[str, int]  # a section: its file (relative to the home) and which of its sections

TIMEOUT = 20.0  # seconds for one run of the embedder (a cold home sends every section at once)
# In a hook, the host kills what runs past its own timeout, and the prompt then gets no memory at
# all: the 10 s `hook install` gives UserPromptSubmit, Volute's 15 s for a pre-prompt hook. The
# embedder gets half the shorter, the words' ranking the rest.
HOOK_TIMEOUT = 5.0
# The cosine similarity a section needs to come in by meaning (query.py's `_by_meaning`).
# Measured with all-MiniLM-L6-v2 (benchmarks/embedders/minilm.py) on fixtures/relevance: the section
# most like an unanswerable query is at 0.14-0.36, a paraphrase's answer at 0.28-0.44. Meaning does
# not fill in for a query whose words the memory lacks (`query_asks.lacking`: 0.14-0.36 in
# labels.json); of the other unanswerable queries, the best section is at 0.32 (holdout.json).
# Another model's similarities lie elsewhere (multilingual-e5-small puts every section of these
# homes at 0.75-0.87, the answers and the rest alike): this is the floor of a small sentence model,
# and config `embedder_floor` is another model's.
SIMILAR = 0.35
RRF_K = 60  # reciprocal rank fusion's constant (Cormack et al. 2009; OpenClaw's hybrid search too)
BATCH = 256  # texts a run of the embedder is given
RETRY_AFTER = 600.0  # seconds a run too slow for its time keeps the next ones from waiting for it (_too_slow)
MAX_TEXT = 8000  # characters of a section sent to the embedder (models cut long inputs anyway)
STDERR_KEPT = 4096  # bytes of the end of what it writes on stderr: its last line says why it failed
SAID = 200  # characters of that line a warning shows


@record
class Meaning:
    """The embedder's view of one query: each section's cosine similarity to it, by index."""

    similarity: dict[int, float]


class Embedder:
    """A user's embedding command, its cache, and the warning it gave this run (at most one)."""

    def __init__(self, command: str, cache: Cache | None = None, timeout: float | None = None,
                 floor: float | None = None) -> None:
        self.command = command
        self.cache = cache
        self.timeout = TIMEOUT if timeout is None else timeout
        self.floor = SIMILAR if floor is None else floor  # the similarity a section needs to come in by meaning
        self.warning: str | None = None
        self.calls = 0

    def _key(self, text: str) -> str:
        from memctl.safe.keys import digest

        return f"emb:1:{digest(self.command)}:{digest(text)}"

    def vectors(self, texts: Sequence[str], fresh: bool = False) -> list[list[float]] | None:
        """One vector a text (cached ones from the cache, unless `fresh`), or None after a warning."""
        out: list[list[float] | None] = [None] * len(texts)
        missing: list[int] = []
        for i, text in enumerate(texts):
            cached = self.cache.get(self._key(text), _is_vector) if self.cache is not None and not fresh else None
            if cached is None:
                missing.append(i)
            else:
                out[i] = cached
        deadline = time.monotonic() + self.timeout
        for first in range(0, len(missing), BATCH):  # in batches, each cached as it comes: a cold home
            batch = missing[first : first + BATCH]  # of 40,000 sections warms over a few queries
            left = deadline - time.monotonic()
            if left <= 0:
                return self._fail(f"ran past {self.timeout:g} s with {len(missing) - first:,} sections still to "
                                  "embed (those it did are cached for the next query)")
            too_slow = self._too_slow(len(batch)) if first == 0 else None
            if too_slow is not None:
                return self._fail(too_slow)
            got = self._run([texts[i] for i in batch], left, whole=first == 0)
            if got is None:
                return None
            for i, vector in zip(batch, got, strict=True):
                out[i] = vector
                if self.cache is not None:
                    self.cache.put(self._key(texts[i]), vector)
        return [v for v in out if v is not None]

    def _run(self, texts: list[str], timeout: float, whole: bool = False) -> list[list[float]] | None:
        """The vectors of `texts` from one run of the command within `timeout`, or None after a
        warning; what the run took is kept in the cache (`whole`: it had this run's whole time)."""
        from memctl.commands.proc import run_filter

        self.calls += 1
        data = "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in texts).encode("utf-8")
        started = time.monotonic()
        try:
            ran = run_filter(self.command, data, timeout, os.environ, keep_stderr=STDERR_KEPT)
        except (OSError, ValueError) as exc:
            return self._fail(f"could not run ({exc})")
        if self.cache is not None:  # how long it took: when cut, at least its time (see _too_slow)
            cut = (ran.problem or "").startswith("ran past")
            took = self.timeout if cut and whole else round(time.monotonic() - started, 1)
            self.cache.put(self._run_key(), [int(time.time()), len(texts), took, cut])  # int: never ahead of now
        if ran.problem is not None:
            return self._fail(ran.problem.replace(f"{timeout:g} s", f"{self.timeout:g} s"))
        if ran.returncode != 0:
            said = last_words(ran.stderr)
            return self._fail(f"exited {ran.returncode}" + (f" (stderr: {said})" if said else ""))
        try:
            vectors = [json.loads(line) for line in ran.stdout.decode("utf-8").splitlines() if line.strip()]
        except (UnicodeDecodeError, ValueError):
            return self._fail("wrote something that is not JSON lines")
        if len(vectors) != len(texts):
            return self._fail(f"wrote {plural(len(vectors), 'vector')} for {plural(len(texts), 'text')}")
        if not all(_is_vector(v) for v in vectors) or len({len(v) for v in vectors}) != 1:
            return self._fail("wrote something that is not one array of numbers a line, all of one length")
        return vectors

    def _run_key(self) -> str:
        from memctl.safe.keys import digest

        return f"emb-run:1:{digest(self.command)}"

    def _too_slow(self, texts: int) -> str | None:
        """Why the command is not run now, if its last run (kept in the cache) tells it cannot answer
        in this run's time: that run, at most RETRY_AFTER ago, took at least as long for no more
        texts than it would get now (a command that loads its model on every run, 6-13 s for
        benchmarks/embedders/minilm.py, never fits the hook's 5 s: every prompt waited those 5 s for
        nothing). `assemble` has 20 s, so a run the hook cut does not keep it from warming the vectors."""
        last = self.cache.get(self._run_key(), _is_run) if self.cache is not None else None
        if last is None:
            return None
        at, given, took, cut = last
        ago = time.time() - at
        if not 0 <= ago < RETRY_AFTER or given > texts or took < self.timeout:
            return None
        how = f"ran past {took:g} s" if cut else f"took {took:g} s"
        when = f"{ago:.0f} s" if ago < 60 else f"{ago // 60:.0f} min"
        return (f"not run: its last run, {when} ago, {how} on {plural(given, 'text')}, and it has {self.timeout:g} s "
                f"here (a command that loads its model on every run cannot answer in time: keep the model loaded "
                f"in a small server the command talks to, see docs/configuration.md; it is tried again "
                f"{RETRY_AFTER / 60:g} min after that run)")

    def _fail(self, why: str) -> list[list[float]] | None:
        """None, and the run's one warning (the first problem)."""
        if self.warning is None:
            self.warning = f"embedder {why}; the query is ranked by its words alone"
        return None

    def meaning(self, query: str, texts: Sequence[str]) -> Meaning | None:
        """How like the query each text is, or None (and a warning) when the embedder fails."""
        asked = [query[:MAX_TEXT], *(t[:MAX_TEXT] for t in texts)]
        vectors = self.vectors(asked)
        if vectors is not None and len({len(v) for v in vectors}) > 1:
            vectors = self.vectors(asked, fresh=True)  # a model changed behind the same command: embed again
        if vectors is None:
            return None
        first, rest = vectors[0], vectors[1:]
        if len(rest) != len(texts) or any(len(v) != len(first) for v in rest):
            self._fail("gave the query a vector of another length than the sections'")
            return None
        return Meaning({i: _cosine(first, v) for i, v in enumerate(rest)})


def last_words(stderr: bytes) -> str:
    r"""The last line of `stderr` that says anything (`embed: OPENAI_API_KEY is not set`), as one
    line of a warning: stripped, colour codes dropped, any other control character escaped (`\x07`),
    cut to SAID characters; "" when there is none."""
    import re

    from memctl.text import uncoloured

    text = uncoloured(stderr.decode("utf-8", "replace"))
    line = next((line.strip() for line in reversed(text.splitlines()) if line.strip()), "")
    line = re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]",
                  lambda m: {"\t": "\\t"}.get(m.group(), f"\\x{ord(m.group()):02x}"), line)
    return line if len(line) <= SAID else line[: SAID - 1] + "…"


def _is_run(value: object) -> bool:
    """The shape of a run's record: [when (epoch seconds), texts, seconds, cut at its timeout]."""
    return (isinstance(value, list) and len(value) == 4 and all(isinstance(x, (int, float)) for x in value[:3])
            and isinstance(value[3], bool))


def _is_vector(value: object) -> bool:
    return (isinstance(value, list) and bool(value)
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in value))


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def fuse(lexical: Sequence[Key], semantic: Sequence[Key], k: int = RRF_K) -> list[Key]:
    """Reciprocal rank fusion of two rankings (best first) of the same items: each item scores
    1/(k + its rank) in each ranking it is in; best first, ties by the lexical ranking."""
    score: dict[Key, float] = {}
    for ranking in (lexical, semantic):
        for rank, item in enumerate(ranking, start=1):
            score[item] = score.get(item, 0.0) + 1.0 / (k + rank)
    first = {item: n for n, item in enumerate([*lexical, *semantic])}
    return sorted(score, key=lambda item: (-score[item], first[item]))


def embedder_for(home: MemoryHome, timeout: float | None = None) -> tuple[Embedder | None, str | None]:
    """The home's embedder (None when none is set; `timeout`, TIMEOUT unless given), or None and
    why it is not run."""
    command = os.environ.get("MEMCTL_EMBEDDER") or home.config.embedder
    if not command:
        return None, None
    if not os.environ.get("MEMCTL_EMBEDDER") and home.config.source is not None:
        from memctl.model.config import command_refusal
        from memctl.safe.trust import tracked_by_git

        folder, name = os.path.split(os.path.abspath(home.config.source))
        foreign = command_refusal(home.config.source)
        if foreign:
            from memctl.model.config import shown_config

            return None, (f"the embedder named in {shown_config(home.config.source)} is not run: {foreign}, and "
                          "memctl runs a command a config names only from a file you (or root) own that no one else "
                          "can change (fix its owner or mode, or set MEMCTL_EMBEDDER); the query is ranked by its "
                          "words alone")
        tracked = tracked_by_git(folder, name)
        if tracked:
            return None, (f"the embedder named in {name} is not run: {tracked}, and a repository's config names "
                          "no command for memctl to run (set MEMCTL_EMBEDDER, or name it in a config git does not "
                          "track); the query is ranked by its words alone")
    return Embedder(command, home.cache, timeout, home.config.embedder_floor), None
