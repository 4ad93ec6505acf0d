"""`assemble --query`: the sections of the home's topics that a task is about, scored and explained."""

from __future__ import annotations

import re
import sys

from memctl.model.home import Doc, Part
from memctl.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from collections.abc import Set as AbstractSet
    from datetime import date

    from memctl.commands.query_dates import DateTerm
    from memctl.commands.relevance import TermFinder
    from memctl.commands.semantic import Embedder
    from memctl.model.home import MemoryHome

MAX_SECTIONS = 8  # query excerpts at most, by default (`--max-sections`)
FLOOR = 0.4  # a section must score this share of the best (config `query_floor`)
SHOWN = 30  # sections scored but not chosen that --explain lists
BY_MEANING = "by meaning"  # --explain's note of a section meaning brought in where the words chose none
IN_BY_MEANING = "in by meaning"  # ... and of one it brought in beside the words' choice
_BLANK = re.compile(r"\s*")


@record
class Scored:
    doc: Doc
    section: int  # which of the doc's sections
    score: float  # BM25
    terms: tuple[str, ...]  # the words of the section that matched, as written there
    chosen: bool
    why: str  # for one not chosen: the rule that left it out
    covers: float = 0.0  # the share of the query's weight the section holds (`coverage`)
    parts: tuple[tuple[str, float], ...] = ()  # each matched term's part of the score, largest first
    similarity: float | None = None  # cosine similarity to the query, when an embedder ranked it too
    notes: tuple[str, ...] = ()  # what else a rule did to its score or covers, for --explain ("leave: asker's word")
    near: bool = False  # left out by a threshold or a guess alone (floor, coverage, `about`): meaning may bring it in

    @property
    def part(self) -> Part:
        """The section, sized and counted (only the sections shown are)."""
        return self.doc.sections[self.section]


def _described(doc: Doc, spans: list[tuple[int, int, str | None]]) -> tuple[str, str]:
    """The front matter's title and summary (`name` and `description` in Claude Code), lower-cased,
    for a file of one section: they say what that section is about (a file of several sections has
    a summary of them all, which is no one section's)."""
    if len(spans) != 1 or not doc.front_matter_lines:
        return "", ""
    fm = doc.front_matter
    return (fm.title or "").lower(), (fm.summary or "").lower()


class _Hits:
    """What the query's terms matched, section by section, and the corpus they were counted in."""

    def __init__(self) -> None:
        self.sections: list[tuple[Doc, int]] = []
        self.counts: list[dict[str, int]] = []
        self.headed: list[AbstractSet[str]] = []  # the terms in the section's own heading (or title)
        self.named: list[AbstractSet[str]] = []  # the terms in its heading alone
        self.dated: list[AbstractSet[str]] = []  # the dates in its heading or its file's name
        self.lengths: list[int] = []  # as BM25 counts them (a log: its entries that hold a term)
        self.entries: dict[int, tuple[int, int]] = {}  # a log's, by index: the entries holding a term, of all
        self.size = 0
        self.chars = 0
        self.same_length: set[Doc] = set()  # files whose lower-casing keeps every offset (most: not `İ`)

    def keep(self, keep: list[int]) -> None:
        for name in ("sections", "counts", "headed", "named", "dated", "lengths"):
            setattr(self, name, [getattr(self, name)[i] for i in keep])
        self.entries = {new: self.entries[old] for new, old in enumerate(keep) if old in self.entries}


def rank_sections(query: str, docs: list[Doc], floor: float = FLOOR, most: int = MAX_SECTIONS,
                  today: date | None = None, embedder: Embedder | None = None,
                  elsewhere: Sequence[Doc] = (), read_as: tuple[tuple[str, str], ...] | None = None) -> list[Scored]:
    """Every section that matches a query term, best first: the chosen ones, then (for --explain)
    up to SHOWN that were not, each with why.

    Each section is scored on its text, its heading (twice) and its file's stem (and, for a file of
    one section, its front matter's title, as a heading, and summary). A file without any query
    term counts only towards the corpus; in the others, each section is searched for the stems the
    file holds (in C: `findall` between the section's offsets), and the words it finds are listed
    only for the sections returned. A date of the query (relative to `today`, MEMCTL_TODAY when not
    given) is a term whose words are the ISO strings of its days; a word and the number after it
    (`batch 3`, `relevance.numbered`) is a term of its own, which the rules of what a question asks
    (`query_asks`) leave to the scores. A section is chosen when
    - it matches a term that most sections lack;
    - it is on each of the query's dates (a lone weekday aside), when any section is;
    - it scores `floor` of the best BM25 score, unless its own heading holds a term that weighs
      HEADING_WEIGHT of the query;
    - it covers COVERAGE of the query (`coverage`; less for a long query, `coverage_needed`):
      one distinctive word can, any number of common ones cannot;
    - it holds the word a short question is about, its clearly rarest (`query_asks.about`), when some does;
    - it holds more than the parts of the query's ids (`query_asks.id_of`), when the query has other words;
    at most `most` of them, those holding more of the query's weight first. None is chosen for a
    short query without a date whose rarest word in English (`rarest`) no file of the home holds,
    neither `docs` nor `elsewhere` (the home's other files: its index, the topics loaded whole):
    "renew the domain for the shop" asks about renewing, and a memory that never says `renew`
    does not answer it, however often it says `shop`; nor for one whose words no file holds tell
    more in English than any section holds of it (`query_asks.lacking`). With an `embedder`
    (semantic.py), the chosen are ordered by reciprocal rank fusion with their similarity in
    meaning, and where the words chose none, the sections most like the query in meaning are.
    A word no section holds that looks misspelt is read as the home's word one slip from it
    (`query_spelling`; `read_as`, the readings, once the query is corrected: each row notes them).
    """
    from memctl.commands import query_asks as asks
    from memctl.commands.query_dates import WEEKDAYS
    from memctl.commands.relevance import TermFinder, fold, parse_query, uncoloured, words

    query = uncoloured(query)
    if today is None:
        from memctl.model.config import today as configured_today

        today = configured_today()
    parsed = parse_query(query, today)
    dates = {d.term: d.literals for d in parsed.dates}
    if not parsed.terms and not dates and not parsed.numbered:
        return []
    finder = TermFinder(parsed.terms | parsed.written) if parsed.terms else None
    folded: dict[str, str | None] = {}
    compounds = dict(parsed.compounds)
    plain: dict[str, str | None] = {}

    def term_of(word: str) -> str | None:
        if word not in folded:
            folded[word] = fold(word, parsed.terms, compounds, parsed.language)
        return folded[word]

    def word_of(word: str) -> str | None:  # the term of the word itself, no compound
        if word not in plain:
            plain[word] = fold(word, parsed.terms, language=parsed.language)
        return plain[word]

    numbered = [(term, re.compile(pattern)) for term, pattern, _ in parsed.numbered]
    others = [(term, re.compile(pattern)) for term, _, pattern in parsed.numbered]  # the word, any number
    # the rules of what a question asks weigh its words by how common they are in English
    english = parsed.language is None
    hits = _collect(docs, finder, term_of, [(term, lit) for term, lits in dates.items() for lit in lits], numbered)
    if read_as is None and parsed.terms:  # "how do I cut a relase": the memory's `release`
        read = _misspelt(query, parsed.terms, hits, docs, term_of, parsed.language)
        if read:
            from memctl.commands.query_spelling import corrected

            notes = tuple(f"{word!r} read as {near!r}" for word, near in read.items())
            return [Scored(s.doc, s.section, s.score, s.terms, s.chosen, s.why, s.covers, s.parts, s.similarity,
                           (*notes, *s.notes), s.near)
                    for s in rank_sections(corrected(query, read), docs, floor, most, today, embedder, elsewhere,
                                           tuple(read.items()))]
    if not hits.sections:  # no section holds a word of the query: meaning may fill in, unless what the
        # home's other files hold of it tells that it asks what no file holds (`query_asks.lacking`)
        if embedder is None:
            return []
        held = _held_elsewhere(elsewhere, finder, term_of) if not parsed.dates and english else {}
        lacking = asks.lacking(query, parsed.terms, [held], [*docs, *elsewhere], word_of if compounds else term_of) \
            if held else None
        return _by_meaning(query, docs, [], most, embedder, bool(lacking))
    # the sections must be on each date some section is on (a lone weekday is a word as much as a day);
    # of dates apart ("on Nov 5 and Nov 10"), on one of them (`_frames`)
    found = [(d, g) for d in parsed.dates for g in [{d.term} | ({d.name} if d.name else set())]
            if any(t in counts for counts in hits.counts for t in g)]
    # ... but beside another date it is a day too ("today: what we agreed on Monday": today's note
    # or Monday's, as two dates apart are either)
    groups = _frames(found if any(d.name not in WEEKDAYS for d, _ in found) else [])
    # a question with a date no section is on is about its rarest word, as one without a date is
    # ("how many words did I translate in 2025?" on a memory of 2026); whether the home lacks what
    # a dated question asks is not asked (an undo of yesterday's release is its rollback)
    dated = any(d.term in counts for d in parsed.dates for counts in hits.counts)
    # whether a file of the home holds a word is asked of the word itself: a compound (`setup` in the
    # index) stands for the query's verb where a section is scored, not as proof the home says it
    lacking = (asks.lacking(query, parsed.terms, hits.counts, [*docs, *elsewhere], word_of if compounds else term_of)
               if not parsed.dates and english else None)
    askers = (asks.askers_words(query, parsed.terms, hits.counts, term_of) if not dated and not lacking and english
              else frozenset())
    about = asks.about(query, parsed.terms, hits.counts, term_of) if not dated and not lacking and english else None
    ranked = _choose(hits, {*parsed.terms, *dates, *(term for term, _ in numbered)}, parsed.terms, groups, floor,
                     most, finder, term_of, [lit for lits in dates.values() for lit in lits], lacking, askers,
                     tuple(f"{w}: asker's word" for w in sorted({w for w in words(query) if term_of(w) in askers})),
                     asks.id_of(query, parsed.terms, term_of), about, numbered, others)
    return _by_meaning(query, docs, ranked, most, embedder, bool(lacking)) if embedder is not None else ranked


def _misspelt(query: str, terms: frozenset[str], hits: _Hits, docs: Sequence[Doc],
              term_of: Callable[[str], str | None], language: str | None) -> dict[str, str]:
    """The query's words that no section holds and that look misspelt, each with the home's word one
    slip from it (`query_spelling`); none when every word of the query is found."""
    absent = terms - {t for counts in hits.counts for t in counts}
    if not absent:
        return {}
    from memctl.commands import query_spelling as spelling

    slipped = spelling.slips(query, absent, term_of)
    if not slipped:
        return {}
    # the reading is looked for in the files the query's other words found (a slip's word is where
    # they are: "how do I cut a relase" finds § How to cut a release by `cut`), or where they found
    # none ("can I deplyo?"), in every file; up to SCAN_CHARS
    found = list({id(doc): doc for doc, _ in hits.sections}.values()) or list(docs)
    if sum(len(doc.text) for doc in found) > spelling.SCAN_CHARS:
        return {}
    from memctl.commands.relevance import stem

    return spelling.readings(slipped, found, lambda word: stem(word, language))


def nothing_found(query: str, today: date) -> str:
    """Why a query loaded no section and matched none, for --explain: it had nothing to search,
    or no topic section holds what it searched for (its words, its dates)."""
    from memctl.commands.query_asks import as_written
    from memctl.commands.relevance import fold, parse_query, uncoloured

    query = uncoloured(query)
    if not query.strip():
        return "nothing to search: the query is empty"
    parsed = parse_query(query, today)
    searched = [*(d.term for d in parsed.dates), *(repr(t) for t, _, _ in parsed.numbered)]
    if parsed.terms:  # the words as the query writes them (`'rotate'`, not the stem `rotat`)
        searched.insert(0, as_written(query, parsed.terms, lambda w: fold(w, parsed.terms, language=parsed.language)))
    if not searched:
        return "nothing to search: its words are all stop words, one-letter words or symbols"
    if not parsed.terms and not parsed.numbered:
        return f"no section is on {' or '.join(d.term for d in parsed.dates)}"
    return f"no topic section holds any of its terms ({', '.join(searched)})"


def _held_elsewhere(files: Sequence[Doc], finder: TermFinder | None,
                    term_of: Callable[[str], str | None]) -> dict[str, int]:
    """The query's terms the home's other files hold (its index, the topics loaded whole), as one
    section's counts: what `query_asks.lacking` weighs when no section the query ranks holds any."""
    held: dict[str, int] = {}
    if finder is None:
        return held
    for doc in files:
        for word in finder.words(doc.text.lower()):
            if (term := term_of(word)) is not None:
                held[term] = held.get(term, 0) + 1
    return held


def _frames(dated: list[tuple[DateTerm, set[str]]]) -> list[set[str]]:
    """The groups of date terms a section must be on one of each of: a date inside another is a
    frame within it ("in October, on the 14th": the 14th of October), dates apart are each a frame
    of their own ("what happened on Nov 5 and Nov 10?", "yesterday and today": either day; a
    section on both was asked for by no one)."""
    def overlap(a: DateTerm, b: DateTerm) -> bool:
        return any(x[0] <= y[1] and y[0] <= x[1] for x in a.spans for y in b.spans)

    if len(dated) > 1 and not any(overlap(a, b) for n, (a, _) in enumerate(dated) for b, _ in dated[n + 1 :]):
        return [{t for _, group in dated for t in group}]
    return [group for _, group in dated]


def rank_home(home: MemoryHome, query: str, most: int, today: date, taken: AbstractSet[str] = frozenset(),
              include_expired: bool = False, embed_timeout: float | None = None) -> tuple[list[Scored], list[str]]:
    """The one ranking `assemble --query`, `hook user-prompt` and the MCP server's `memory_search`
    share: the home's topics (less those `taken` already, and those expired unless asked) ranked
    with the home's floor and embedder (`embed_timeout`: the embedder's, when not its default);
    and what to warn about the embedder."""
    from memctl.commands.semantic import embedder_for

    docs: list[Doc] = []
    elsewhere = [home.index]  # the home's other files: whether the home has a word at all
    for d in home.topics:
        expired = d.rel not in taken and not include_expired and bool(d.front_matter.expires
                                                                      and d.front_matter.expires < today)
        (docs if d.rel not in taken and not expired else elsewhere).append(d)
    embedder, refused = embedder_for(home, embed_timeout)
    ranked = rank_sections(query, docs, home.config.query_floor, most, today, embedder, elsewhere)
    return ranked, [w for w in (refused, embedder and embedder.warning) if w]


def _excerpts(docs: list[Doc]) -> list[tuple[Doc, int]]:
    """Every section a query may load (a heading with nothing under it, a file's title, is none)."""
    out = []
    for doc in docs:
        text = doc.text
        for k, (start, end, heading) in enumerate(doc.spans()):
            newline = text.find("\n", start, end)
            if not _BLANK.fullmatch(text, newline + 1 if heading and newline >= 0 else start, end):
                out.append((doc, k))
    return out


def _by_meaning(query: str, docs: list[Doc], ranked: list[Scored], most: int, embedder: Embedder,
                lacking: bool) -> list[Scored]:
    """The lexical ranking with the embedder's, at most `most` sections (the lexical ranking alone
    when the embedder fails):
    - the sections the words chose, ordered by reciprocal rank fusion of their lexical rank and
      their rank in meaning;
    - beside them, a section the words found but a threshold or a guess alone left out (the floor,
      coverage, the word a question is about: `Scored.near`) when it is among the `most` most like
      the query in meaning, at least the embedder's floor (`Embedder.floor`, SIMILAR unless config
      `embedder_floor` says), and at least as like it as each section the words chose: "why was
      Thursday's boat trip cancelled?" finds the notes that say "Lars called off Thursday" below
      the floor of the one dated last Thursday;
    - where the words chose none (a query in other words than the memory's), the sections most like
      it, those at least the embedder's floor; none when the words found that the query asks what
      no file of the home holds (`query_asks.lacking`): meaning does not overrule that.

    Measured on the relevance set with all-MiniLM-L6-v2 (benchmarks/bench_relevance.py): a section
    that holds none of the query's words and comes in beside the words' choice costs more precision
    than it adds recall, and the section most like an unanswerable query is as similar as a
    paraphrase's answer; so meaning adds to the words' choice only what the words found too."""
    from memctl.commands.semantic import fuse

    sections = _excerpts(docs)
    meaning = embedder.meaning(query, [d.text[d.spans()[k][0] : d.spans()[k][1]] for d, k in sections])
    if meaning is None:
        return ranked
    similar = {(d.rel, k): meaning.similarity[i] for i, (d, k) in enumerate(sections)}
    scored = {(s.doc.rel, s.section): s for s in ranked}
    docs_by = {d.rel: d for d in docs}
    lexical = [(s.doc.rel, s.section) for s in ranked if s.chosen]
    joined: set[tuple[str, int]] = set()
    if lexical:
        order = fuse(lexical, sorted(lexical, key=lambda key: -similar.get(key, 0.0)))
        best = max(similar.get(key, 0.0) for key in lexical)  # as like the query as each chosen one
        closest = set(sorted(similar, key=lambda key: -similar[key])[:most])
        joined = {key for s in ranked if s.near and (key := (s.doc.rel, s.section)) in closest
                  and similar[key] >= max(best, embedder.floor)}
        order = (order + sorted(joined, key=lambda key: -similar[key]))[:most]
    elif lacking:
        order = []
    else:
        alike = sorted((key for key, value in similar.items() if value >= embedder.floor),
                       key=lambda key: -similar[key])
        order = alike[:most]
    result = []
    for key in order:
        s = scored.get(key) or Scored(docs_by[key[0]], key[1], 0.0, (), True, "", 0.0, ())
        notes = (*s.notes, IN_BY_MEANING if key in joined else BY_MEANING) if key not in lexical else s.notes
        result.append(Scored(s.doc, s.section, s.score, s.terms, True, "", s.covers, s.parts,
                             round(similar.get(key, 0.0), 3), notes))
    inside = set(order)
    result += [Scored(s.doc, s.section, s.score, s.terms, False, s.why, s.covers, s.parts,
                      round(similar.get((s.doc.rel, s.section), 0.0), 3), s.notes, s.near) for s in ranked
               if (s.doc.rel, s.section) not in inside]
    return result


_ISO_DATE = re.compile(r"(?<!\d)\d{4}-(?:\d{2}|w\d{2})(?!\d)", re.IGNORECASE)
_ISO_DAY = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def _dated(doc: Doc, section: int) -> bool:
    """Whether the section's heading or its file's name holds a date: a daily note, a dated entry."""
    heading = doc.spans()[section][2] or ""
    return bool(_ISO_DATE.search(heading) or _ISO_DATE.search(_stem_of(doc)))


_UNDERSCORED = re.compile(r"(?<!\d)(\d{4})_(\d{2})_(\d{2})(?!\d)")


def _stem_of(doc: Doc) -> str:
    """A file's name as a query matches it, lower-cased: a date written with underscores, as Claude
    Code's file names are (`project_meeting_notes_2026_03_17`), written as a date is (`2026-03-17`)."""
    stem = doc.stem.lower()
    return _UNDERSCORED.sub(r"\1-\2-\3", stem) if "_" in stem else stem


_SPACE = re.compile(r"\s+")


def _fingerprint(doc: Doc, section: int) -> str:
    """A section's text with its white space folded: two entries written alike are one excerpt."""
    start, end, _ = doc.spans()[section]
    return _SPACE.sub(" ", doc.text[start:end]).strip()


TEMPLATE_CHARS = 2000  # a section longer than this is nobody's template
TEMPLATE_SAME = 0.8  # of its words in order, at least
_TOKEN = re.compile(r"[^\W_]+|[^\w\s]")


def _shape(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def _same_template(text: str, terms: frozenset[str], chosen: list[tuple[frozenset[str], list[str], str]]) -> str | None:
    """Where a chosen file (of one section, undated) is that this one was written from the same
    template as: the same query terms, and TEMPLATE_SAME of their words in the same order, the rest
    its own names and numbers (fifty `customer_NN.md` files each saying "<name> (account <id>): Pix
    payments via Adyen"). One of them says what the others say; the rest would crowd out other
    answers."""
    if len(text) > TEMPLATE_CHARS or not chosen:
        return None
    from difflib import SequenceMatcher

    shape = None
    for held, other, where in chosen:
        if held != terms:
            continue
        shape = shape if shape is not None else _shape(text)
        if not 0.8 <= len(shape) / max(len(other), 1) <= 1.25:
            continue
        matcher = SequenceMatcher(None, shape, other, autojunk=False)
        if matcher.quick_ratio() >= TEMPLATE_SAME and matcher.ratio() >= TEMPLATE_SAME:
            return where
    return None


def _names_another(section: tuple[Doc, int], counts: Mapping[str, int],
                   others: Sequence[tuple[str, re.Pattern[str]]]) -> str:
    """What other thing of the same name a section names, when it names none the query does
    (`Batch 30` for "when is batch 3 due?"): it is about that one. Empty when it names the query's."""
    if any(term in counts for term, _ in others):
        return ""
    doc, k = section
    start, end, _ = doc.spans()[k]
    text = doc.text[start:end].lower()
    found = next((m for _, pattern in others for m in pattern.findall(text)), "")
    return repr(found) if found else ""


def _where(doc: Doc, section: int) -> str:
    return f"{doc.rel}, line {doc.text.count(chr(10), 0, doc.spans()[section][0]) + 1}"


def _count_dates(literals: list[tuple[str, str]], text: str, start: int = 0, end: int = sys.maxsize) -> dict[str, int]:
    found: dict[str, int] = {}
    for term, lit in literals:
        n = text.count(lit, start, end)
        if n:
            found[term] = found.get(term, 0) + n
    return found


_ENTRY = "\n- 20"  # a dated entry of a log: `- 2026-07-10 — ...`
LOG_ENTRIES = 5  # a section of at least this many is a log
LOG_LONGER = 1.5  # ... and it is measured by its entries when it is this many times as long as the average section


def _entries_length(lowered: str, start: int, end: int, patterns: list[re.Pattern[str]]) -> tuple[int, int]:
    """How many lines of a section hold a query term, and how long they are: a log's entries are each
    their own (`- 2026-07-10 — …`, appended one by one), and a log is, for a query, as long as the
    entries that answer it (passage retrieval's unit: the entry, not the file it was appended to)."""
    lines: set[int] = set()
    for pattern in patterns:
        for match in pattern.finditer(lowered, start, end):
            lines.add(lowered.rfind("\n", start, match.start()) + 1)
    total = 0
    for line in lines:
        stop = lowered.find("\n", line, end)
        total += (end if stop < 0 else stop) - line
    return len(lines), total


def _measure_logs(hits: _Hits, bodies: list[int], finder: TermFinder) -> None:
    """A log half again as long as the average section is as long as its entries that hold a query
    term (`_entries_length`); one no longer loses little to BM25's length, and most sections of most
    homes are that: only the few longer are lower-cased again and searched line by line."""
    limit = LOG_LONGER * hits.chars / hits.size if hits.size else 0.0
    whole: dict[Doc, str] = {}  # a file whose lower-casing moves offsets, lowered once
    for i in [i for i, body in enumerate(bodies) if body > limit]:
        doc, k = hits.sections[i]
        start, end, _ = doc.spans()[k]
        if doc in hits.same_length:
            lowered = doc.text[start:end].lower()
        else:
            lowered = whole[doc] if doc in whole else whole.setdefault(doc, doc.text.lower())
        offset = 0 if doc in hits.same_length else start
        entries = lowered.count(_ENTRY, offset, offset + end - start)
        if entries >= LOG_ENTRIES:
            matched, long = _entries_length(lowered, offset, offset + end - start, finder.patterns_in(lowered))
            hits.lengths[i] -= bodies[i] - long
            hits.entries[i] = (matched, entries)


def _count_numbered(numbered: Sequence[tuple[str, re.Pattern[str]]], text: str, start: int = 0,
                    end: int = sys.maxsize) -> dict[str, int]:
    return {term: n for term, pattern in numbered if (n := len(pattern.findall(text, start, end)))}


def _collect(docs: list[Doc], finder: TermFinder | None, term_of: Callable[[str], str | None],
             literals: list[tuple[str, str]], numbered: Sequence[tuple[str, re.Pattern[str]]] = ()) -> _Hits:
    hits = _Hits()
    none: frozenset[str] = frozenset()
    bodies: list[int] = []  # each section's text's length, where a query term is in its text

    def terms_in(text: str) -> list[str]:  # a heading, a file name, a title: short texts
        return [term for word in finder.words(text) if (term := term_of(word)) is not None] if finder else []

    for doc in docs:
        text = doc.text
        lowered = text.lower()
        if len(lowered) == len(text):
            hits.same_length.add(doc)
        stem = _stem_of(doc)
        patterns = finder.patterns_in(lowered) if finder is not None else []
        has_dates = bool(literals) and any(lit in lowered or lit in stem for _, lit in literals)
        named = [(term, pattern) for term, pattern in numbered if pattern.search(lowered) or pattern.search(stem)]
        if not patterns and not has_dates and not named:
            count, length = doc.outline()
            hits.size, hits.chars = hits.size + count, hits.chars + length
            continue
        in_stem = terms_in(stem)
        stem_dates = _count_dates(literals, stem) if has_dates else {}
        spans = doc.spans()
        title, summary = _described(doc, spans) if finder is not None else ("", "")
        in_title, in_summary = (terms_in(title), terms_in(summary)) if title or summary else ([], [])
        for k, (start, end, heading_text) in enumerate(spans):
            newline = text.find("\n", start, end)
            if _BLANK.fullmatch(text, newline + 1 if heading_text and newline >= 0 else start, end):
                continue  # a heading with nothing under it (a file's title) is no excerpt
            heading = heading_text.lower() if heading_text else ""
            length = end - start + 2 * len(heading) + len(stem) + 3 + len(title) + len(summary)
            counts: dict[str, int] = {}
            for pattern in patterns:  # each finds other words, so their counts add up
                found = pattern.findall(lowered, start, end)
                for word in set(found):
                    if (term := term_of(word)) is not None:
                        counts[term] = counts.get(term, 0) + found.count(word)
            for term, n in _count_numbered(named, lowered, start, end).items() if named else ():
                counts[term] = counts.get(term, 0) + n
            in_body = bool(counts)  # a query term in the section's own text
            in_heading = [term for word in finder.words(heading) if (term := term_of(word)) is not None] \
                if heading and finder is not None else []
            for term in in_heading:
                counts[term] = counts.get(term, 0) + 2
            for term in in_stem:
                counts[term] = counts.get(term, 0) + 1
            if named:
                for term in _count_numbered(named, heading):
                    counts[term] = counts.get(term, 0) + 2
                for term in _count_numbered(named, stem):
                    counts[term] = counts.get(term, 0) + 1
            for term in in_title:
                counts[term] = counts.get(term, 0) + 2
            for term in in_summary:
                counts[term] = counts.get(term, 0) + 1
            heading_dates: dict[str, int] = {}
            # a section headed by a day of its own (a week's file of daily notes) is that day's, not
            # its file's week's: `2026-W45.md § 2026-11-07 (Sat)` is not on 2026-11-06
            file_dates = stem_dates if not (stem_dates and _ISO_DAY.search(heading)) else {}
            if has_dates:
                heading_dates = _count_dates(literals, heading)
                for source, weight in ((_count_dates(literals, lowered, start, end), 1), (heading_dates, 2),
                                       (file_dates, 1)):
                    for term, n in source.items():
                        counts[term] = counts.get(term, 0) + weight * n
            if not counts:
                hits.size, hits.chars = hits.size + 1, hits.chars + length
                continue  # no query term: it counts towards the corpus only
            hits.sections.append((doc, k))
            hits.counts.append(counts)
            hits.headed.append({*in_heading, *in_title, *heading_dates} if in_heading or in_title or heading_dates
                               else none)
            hits.named.append(set(in_heading) if in_heading else none)
            hits.dated.append({*heading_dates, *file_dates} if has_dates else none)
            hits.chars += length
            hits.lengths.append(length)
            bodies.append(end - start if in_body else 0)
    hits.size += len(hits.sections)
    if finder is not None:
        _measure_logs(hits, bodies, finder)
    # a date that some heading or file name holds: a line that only mentions it is not about it
    dated = {term for terms in hits.dated for term in terms} if literals else none
    if dated:
        for i, counts in enumerate(hits.counts):
            for term in dated - hits.dated[i]:
                counts.pop(term, None)
        hits.keep([i for i, counts in enumerate(hits.counts) if counts])
    return hits


def _choose(hits: _Hits, terms: set[str], words: frozenset[str], groups: list[set[str]], floor: float, most: int,
            finder: TermFinder | None, term_of: Callable[[str], str | None], literals: list[str],
            lacking: str | None = None, askers: AbstractSet[str] = frozenset(),
            said_askers: tuple[str, ...] = (), id_of: tuple[frozenset[str], str] = (frozenset(), ""),
            about: tuple[str, str] | None = None,
            numbered: Sequence[tuple[str, re.Pattern[str]]] = (),
            others: Sequence[tuple[str, re.Pattern[str]]] = ()) -> list[Scored]:
    from memctl.commands.query_dates import CALENDAR
    from memctl.commands.relevance import (
        HEADING_WEIGHT,
        coverage,
        coverage_needed,
        distinctive,
        frequencies,
        scores,
        term_parts,
        weights,
    )

    names = set(CALENDAR.values())  # a day or month name in a heading is the note's date, not its subject
    counts, size = hits.counts, hits.size
    df = frequencies(counts)
    values = scores(counts, hits.lengths, df, terms, (size, hits.chars / size))
    keys = distinctive(df, size, terms)
    weight = weights(df, size, terms)
    # a query's date leaves out the sections dated another day; the words decide among the rest
    on_date = {i for i, c in enumerate(counts) if all(any(t in c for t in g) for g in groups)}
    other_day = {i for i in range(len(counts)) if i not in on_date and _dated(*hits.sections[i])} if groups else set()
    framing = {t for g in groups for t in g}
    covering = coverage(counts, df, size, terms - askers,
                        (sorted(set(range(len(counts))) - other_day), on_date, framing) if groups else None)
    needed = coverage_needed(terms)
    best = max(values, default=0.0)
    # Coordination level first (classic IR's quorum ranking): a section holding more of the query's
    # weight comes before one holding less, however often the one holds its few terms; BM25 orders
    # the sections of one level. Which sections come first decides which are cut at --max-sections.
    level: dict[int, float] = {}
    same: dict[frozenset[str], float] = {}  # most sections of a large home share a few sets of terms
    for i, value in enumerate(values):
        if value <= 0:
            continue
        named = {t for t in hits.named[i] if t in words and t not in names} if hits.named[i] else None
        if named:
            level[i] = round(covering(i, named), 9)
        else:
            held = frozenset(counts[i])
            known = same.get(held)
            level[i] = known if known is not None else same.setdefault(held, round(covering(i, frozenset()), 9))
    order = sorted(level, key=lambda i: (-level[i], -values[i]))
    top = level[order[0]] if order else 0.0  # the most of the query a section holds: the floor is for those below it
    result: list[Scored] = []
    lowered_texts: dict[Doc, str] = {}  # a file lower-cased whole, once, where that moves offsets
    twins: dict[str, str] = {}  # each chosen section's text, its white space folded: where it is
    templates: list[tuple[frozenset[str], list[str], str]] = []  # each short one chosen: its terms, shape, where
    chosen = 0
    for i in order:
        if chosen >= most and len(result) - chosen >= SHOWN:
            break  # all that is chosen, and all that --explain shows
        headed = hits.headed[i] - names  # a day or month name in a heading is a date, not what it is about
        # a file of one section may be one of many written from a template; a day's note is that
        # day's, however like another day's it reads, and a file's sections are its own entries
        whole = len(hits.sections[i][0].spans()) == 1 and not _dated(*hits.sections[i])
        covers = 0.0
        near = False  # left out by a threshold or a guess alone
        if lacking:
            why = lacking
        elif not any(t in counts[i] for t in keys):
            why = "matches only terms most sections have"
        elif about and about[0] not in counts[i]:
            why = f"lacks {about[1]!r}, the question's rarest word, what it asks about"
            near = True  # a guess at what the question asks, as a threshold is: meaning may overrule it
        elif i in other_day:
            why = f"dated another day than the query's ({' or '.join(sorted(framing))})"
        elif (values[i] < best * floor and level[i] < top - 1e-9
              and max((weight.get(t, 0.0) for t in headed), default=0) < HEADING_WEIGHT):
            why = f"below the floor ({values[i] / best:.0%} of the best score; {floor:.0%} needed)"
            near = True
            if headed:
                term = max(headed, key=lambda t: weight.get(t, 0.0))
                why += (f"; its heading's {term!r} weighs {weight.get(term, 0.0):.0%} of the query "
                        f"({HEADING_WEIGHT:.0%} lets a heading in)")
        elif (covers := level[i]) < needed:
            why = f"covers {covers:.0%} of the query ({needed:.0%} needed)"
            near = True
        elif others and (other := _names_another(hits.sections[i], counts[i], others)):
            why = f"names {other}, not {' or '.join(repr(t) for t, _ in others if t not in counts[i])}"
        elif id_of[0] and counts[i].keys() <= id_of[0]:
            why = f"matches only the query's id {id_of[1]} (what the task is for, not what it asks)"
        elif (twin := twins.get(fingerprint := _fingerprint(*hits.sections[i]))) is not None:
            why = f"the same text as {twin}, chosen already"  # an entry written twice costs one excerpt
        elif whole and (twin := _same_template(fingerprint, frozenset(counts[i]), templates)) is not None:
            why = f"the same template as {twin}, chosen already (only its names and numbers differ)"
        elif chosen >= most:
            why = f"past --max-sections {most}"
        else:
            why = ""
            twins[fingerprint] = _where(*hits.sections[i])
            if whole and len(fingerprint) <= TEMPLATE_CHARS:
                templates.append((frozenset(counts[i]), _shape(fingerprint), twins[fingerprint]))
        if not why:
            chosen += 1
        elif len(result) - chosen >= SHOWN:
            continue
        doc, k = hits.sections[i]
        start, end, title = doc.spans()[k]
        if doc in hits.same_length:
            # Only the section lower-cased (a 30 MB topic's 38 sections each lowered it whole: 11 s), which
            # is the whole file's lowering sliced: a section starts and ends at a line's end, and no case
            # mapping looks across one (the final sigma rule stops at a character neither cased nor
            # case-ignorable).
            section = doc.text[start:end].lower()
        else:
            if doc not in lowered_texts:
                lowered_texts[doc] = doc.text.lower()
            section = lowered_texts[doc][start:end]
        stem = _stem_of(doc)
        described = " ".join(_described(doc, doc.spans()))
        found = [*finder.words(section), *finder.words((title or "").lower()),
                 *finder.words(stem), *finder.words(described)] if finder else []
        matched = sorted({word for word in found if term_of(word) is not None}
                         | {lit for lit in literals if lit in section or lit in stem}
                         | {said for _, pattern in numbered for said in pattern.findall(section)})
        parts = term_parts(counts[i], hits.lengths[i], df, (size, hits.chars / size))
        log = hits.entries.get(i)
        log_note = (f"log: {log[0]} of {log[1]} entries",) if log else ()
        if not covers:
            covers = level[i]
        result.append(Scored(doc, k, round(values[i], 3), tuple(matched), not why, why, round(covers, 3), parts,
                             None, (*said_askers, *log_note), near))
    return result
