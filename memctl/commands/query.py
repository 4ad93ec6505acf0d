"""`assemble --query`: the sections of the home's topics that a task is about, scored and explained."""

from __future__ import annotations

import re

from memctl.model.home import Doc, Part
from memctl.record import record

MAX_SECTIONS = 8  # query excerpts at most, by default (`--max-sections`)
FLOOR = 0.4  # a section must score this share of the best (config `query_floor`)
SHOWN = 30  # sections scored but not chosen that --explain lists
_BLANK = re.compile(r"\s*")


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

    Each section is scored on its text, its heading (twice) and its file's stem. A file without any
    query term counts only towards the corpus; in the others, each section is searched for the
    stems the file holds (in C: `findall` between the section's offsets), and the words it finds are
    listed only for the sections returned. A section is chosen when it matches a term most sections
    lack, scores at least `floor` of the best (or has in its own heading a query term that weighs
    HEADING_WEIGHT of the query: one common word of a long prompt in a heading is chance too), and
    matches two of the query's terms or one in its heading or file name (one shared word in the body
    of a long query is chance, not relevance); at most `most` of them.
    """
    from memctl.commands.relevance import HEADING_WEIGHT, TermFinder, distinctive, fold, query_terms, scores, weights

    terms = query_terms(query)
    if not terms:
        return []
    finder = TermFinder(terms)
    sections: list[tuple[Doc, int]] = []
    hits: list[dict[str, int]] = []
    titled: list[bool] = []  # whether a term is in the section's heading or file name
    headed: list[set[str]] = []  # the terms in the section's own heading
    lengths: list[int] = []
    size, chars = 0, 0
    folded: dict[str, str | None] = {}
    same_length: set[Doc] = set()  # files whose lower-casing keeps every offset (most: not `İ`)

    def term_of(word: str) -> str | None:
        if word not in folded:
            folded[word] = fold(word, terms)
        return folded[word]

    for doc in docs:
        text = doc.text
        lowered = text.lower()
        if len(lowered) == len(text):
            same_length.add(doc)
        patterns = finder.patterns_in(lowered)
        if not patterns:
            count, length = doc.outline()
            size, chars = size + count, chars + length
            continue
        stem = doc.stem.lower()
        in_stem = [term for word in finder.words(stem) if (term := term_of(word)) is not None]
        for k, (start, end, heading_text) in enumerate(doc.spans()):
            newline = text.find("\n", start, end)
            if _BLANK.fullmatch(text, newline + 1 if heading_text and newline >= 0 else start, end):
                continue  # a heading with nothing under it (a file's title) is no excerpt
            heading = (heading_text or "").lower()
            length = end - start + 2 * len(heading) + len(stem) + 3
            in_heading = [term for word in finder.words(heading) if (term := term_of(word)) is not None]
            counts: dict[str, int] = {}
            for pattern in patterns:  # each finds other words, so their counts add up
                found = pattern.findall(lowered, start, end)
                for word in set(found):
                    if (term := term_of(word)) is not None:
                        counts[term] = counts.get(term, 0) + found.count(word)
            for term in in_heading:
                counts[term] = counts.get(term, 0) + 2
            for term in in_stem:
                counts[term] = counts.get(term, 0) + 1
            if not counts:
                size, chars = size + 1, chars + length
                continue  # no query term: it counts towards the corpus only
            sections.append((doc, k))
            titled.append(bool(in_heading or in_stem))
            headed.append(set(in_heading))
            hits.append(counts)
            lengths.append(length)
    size += len(sections)
    chars += sum(lengths)
    if not sections:
        return []
    values = scores(hits, lengths, terms, (size, chars / size))
    keys = distinctive(hits, size, terms)
    weight = weights(hits, size, terms)
    best = max(values, default=0.0)
    order = sorted((i for i in range(len(values)) if values[i] > 0), key=lambda i: -values[i])
    result: list[Scored] = []
    lowered_texts: dict[Doc, str] = {}  # a file lower-cased whole, once, where that moves offsets
    chosen = 0
    needed = min(2, len(terms))
    for i in order:
        if not any(t in hits[i] for t in keys):
            why = "matches only terms most sections have"
        elif len(hits[i]) < needed and not titled[i]:
            why = "one query term, and not in its heading or file name"
        elif values[i] < best * floor and max((weight[t] for t in headed[i]), default=0.0) < HEADING_WEIGHT:
            why = f"below the floor ({values[i] / best:.0%} of the best score; {floor:.0%} needed)"
            if headed[i]:
                term = max(headed[i], key=weight.__getitem__)
                why += (f"; its heading's {term!r} weighs {weight[term]:.0%} of the query "
                        f"({HEADING_WEIGHT:.0%} lets a heading in)")
        elif chosen >= most:
            why = f"past --max-sections {most}"
        else:
            why = ""
        if not why:
            chosen += 1
        elif len(result) - chosen >= SHOWN:
            continue
        doc, k = sections[i]
        start, end, title = doc.spans()[k]
        if doc in same_length:
            # Only the section lower-cased (a 30 MB topic's 38 sections each lowered it whole: 11 s), which
            # is the whole file's lowering sliced: a section starts and ends at a line's end, and no case
            # mapping looks across one (the final sigma rule stops at a character neither cased nor
            # case-ignorable); in that slice, only the terms it holds are searched for.
            section = doc.text[start:end].lower()
        else:
            if doc not in lowered_texts:
                lowered_texts[doc] = doc.text.lower()
            section = lowered_texts[doc][start:end]
        found = [*finder.words(section), *finder.words((title or "").lower()),
                 *finder.words(doc.stem.lower())]
        matched = sorted({word for word in found if term_of(word) is not None})
        result.append(Scored(doc, k, round(values[i], 3), tuple(matched), not why, why))
    return result
