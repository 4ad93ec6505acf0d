"""`assemble --query`: the sections of the home's topics that a task is about, scored and explained."""

from __future__ import annotations

from collections import Counter

from memctl.home import Doc, Part
from memctl.record import record

MAX_SECTIONS = 8  # query excerpts at most, by default (`--max-sections`)
FLOOR = 0.4  # a section must score this share of the best (config `query_floor`)
SHOWN = 30  # sections scored but not chosen that --explain lists


@record
class Scored:
    doc: Doc
    part: Part
    score: float
    terms: tuple[str, ...]  # the words of the section that matched, as written there
    chosen: bool
    why: str  # for one not chosen: below the floor, one term only, only common terms, past --max-sections


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
    from memctl.relevance import distinctive, fold, query_terms, scores, term_pattern

    terms = query_terms(query)
    if not terms:
        return []
    pattern = term_pattern(terms)
    sections: list[tuple[Doc, Part]] = []
    hits: list[Counter[str]] = []
    matched: list[list[str]] = []
    titled: list[set[str]] = []  # the terms found in each section's heading or file name
    headed: list[bool] = []  # whether a term is in the section's own heading
    lengths: list[int] = []
    size, chars = 0, 0
    folded: dict[str, str | None] = {}
    for doc in docs:
        lowered = doc.text.lower()
        if not any(term in lowered for term in terms):
            count, length = doc.outline()
            size, chars = size + count, chars + length
            continue
        stem = doc.stem.lower()
        for part in doc.sections:
            body = doc.text[part.start : part.end]
            if not (body.split("\n", 1)[1] if part.heading and "\n" in body else body).strip():
                continue  # a heading with nothing under it (a file's title) is no excerpt
            heading = (part.heading or "").lower()
            title = pattern.findall(f"{heading} {stem}")
            found = pattern.findall(lowered, part.start, part.end) + pattern.findall(heading) + title
            counts: Counter[str] = Counter()
            words = []
            for match, n in Counter(found).items():  # counted in C, stemmed once per distinct word
                if match not in folded:
                    folded[match] = fold(match, terms)
                if folded[match] is not None:
                    counts[folded[match] or ""] += n
                    words.append(match)
            sections.append((doc, part))
            titled.append({folded[m] or "" for m in title if folded.get(m) or fold(m, terms)})
            headed.append(any(fold(m, terms) for m in pattern.findall(heading)))
            hits.append(counts)
            matched.append(sorted(words))
            lengths.append(part.chars + 2 * len(heading) + len(stem) + 3)
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
        doc, part = sections[i]
        result.append(Scored(doc, part, round(values[i], 3), tuple(matched[i]), not why, why))
    return result
