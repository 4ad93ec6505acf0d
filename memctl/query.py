"""`assemble --query`: the sections of the home's topics that a task is about, scored and explained."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter

from memctl.home import Doc, Part
from memctl.record import record

MAX_SECTIONS = 8  # query excerpts at most, by default (`--max-sections`)
FLOOR = 0.4  # a section must score this share of the best (config `query_floor`)
SHOWN = 30  # sections scored but not chosen that --explain lists


@record
class Scored:
    doc: Doc
    section: int  # which of the doc's sections
    score: float
    terms: tuple[str, ...]  # the words of the section that matched, as written there
    chosen: bool
    why: str  # for one not chosen: below the floor, one term only, only common terms, past --max-sections

    @property
    def part(self) -> Part:
        """The section, sized and counted (only the sections shown are)."""
        return self.doc.sections[self.section]


def rank_sections(query: str, docs: list[Doc], floor: float = FLOOR, most: int = MAX_SECTIONS) -> list[Scored]:
    """Every section that matches a query term, best first: the chosen ones, then (for --explain)
    up to SHOWN that were not, each with why.

    Each section is scored on its text, its heading (twice) and its file's stem. A file is searched
    once, its matches shared out among its sections; files without any query term count only
    towards the corpus. A section is chosen when it matches a term most sections lack, scores at
    least `floor` of the best (or has a query term in its own heading), and matches two of the
    query's terms or one in its heading or file name (one shared word in the body of a long query
    is chance, not relevance); at most `most` of them.
    """
    from memctl.relevance import TermFinder, distinctive, fold, query_terms, scores

    terms = query_terms(query)
    if not terms:
        return []
    finder = TermFinder(terms)
    sections: list[tuple[Doc, int]] = []
    hits: list[Counter[str]] = []
    matched: list[list[str]] = []
    titled: list[set[str]] = []  # the terms found in each section's heading or file name
    headed: list[bool] = []  # whether a term is in the section's own heading
    lengths: list[int] = []
    size, chars = 0, 0
    folded: dict[str, str | None] = {}

    def term_of(word: str) -> str | None:
        if word not in folded:
            folded[word] = fold(word, terms)
        return folded[word]

    for doc in docs:
        text = doc.text
        lowered = text.lower()
        if not any(term in lowered for term in terms):
            count, length = doc.outline()
            size, chars = size + count, chars + length
            continue
        spans = doc.spans()
        starts = [start for start, _, _ in spans]
        found_in: list[list[str]] = [[] for _ in spans]
        for offset, word in finder.find(lowered):  # one search of the file, its words shared out by offset
            k = bisect_right(starts, offset) - 1
            if k >= 0:
                found_in[k].append(word)
        stem = doc.stem.lower()
        in_stem = finder.words(stem)
        for k, (start, end, heading_text) in enumerate(spans):
            newline = text.find("\n", start, end)
            if not (text[newline + 1 : end] if heading_text and newline >= 0
                    else text[start:end]).strip():
                continue  # a heading with nothing under it (a file's title) is no excerpt
            heading = (heading_text or "").lower()
            in_heading = finder.words(heading)
            title = in_heading + in_stem
            counts: Counter[str] = Counter()
            words = []
            for word, n in Counter(found_in[k] + in_heading + title).items():  # stemmed once per distinct word
                term = term_of(word)
                if term is not None:
                    counts[term] += n
                    words.append(word)
            sections.append((doc, k))
            titled.append({t for t in map(term_of, title) if t})
            headed.append(any(map(term_of, in_heading)))
            hits.append(counts)
            matched.append(sorted(words))
            lengths.append(end - start + 2 * len(heading) + len(stem) + 3)
    size += len(sections)
    chars += sum(lengths)
    if not sections:
        return []
    values = scores(hits, lengths, terms, (size, chars / size))
    keys = distinctive(hits, size, terms)
    best = max(values, default=0.0)
    order = sorted((i for i in range(len(values)) if values[i] > 0), key=lambda i: -values[i])
    result: list[Scored] = []
    chosen = 0
    needed = min(2, len(terms))
    for i in order:
        if not any(hits[i][t] for t in keys):
            why = "matches only terms most sections have"
        elif sum(1 for t in terms if hits[i][t]) < needed and not titled[i]:
            why = "one query term, and not in its heading or file name"
        elif values[i] < best * floor and not headed[i]:
            why = f"below the floor ({values[i] / best:.0%} of the best score; {floor:.0%} needed)"
        elif chosen >= most:
            why = f"past --max-sections {most}"
        else:
            why = ""
        if not why:
            chosen += 1
        elif len(result) - chosen >= SHOWN:
            continue
        doc, k = sections[i]
        result.append(Scored(doc, k, round(values[i], 3), tuple(matched[i]), not why, why))
    return result
