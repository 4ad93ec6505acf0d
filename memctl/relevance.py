"""BM25 ranking of sections for `assemble --query`, offline and dependency-free.

Written here rather than taken from rank-bm25 or bm25s because both pull in numpy, whose import
alone costs more than a whole warm `assemble` run; Okapi BM25 itself is a dozen lines.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"\w+")  # cheap to compile, and this runs before every dispatch
_CJK_RANGES = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
STOP_WORDS = frozenset(
    "a an and are as at be but by do for from has have how i if in into is it its of on or so that the "
    "then there these this to was we what when where which who why will with you your".split()
)


def words(text: str) -> list[str]:
    """Lower-cased words; CJK text (no spaces between words) one word a character."""
    found = _WORD.findall(text.lower())
    if text.isascii():
        return found
    cjk = re.compile(f"[{_CJK_RANGES}]")
    out: list[str] = []
    for word in found:
        out.extend(word if cjk.search(word) else (word,))
    return out


def query_terms(query: str) -> set[str]:
    """The query's words without stop words, plurals folded (`leases` → `lease`)."""
    folded = set()
    for word in words(query):
        if word not in STOP_WORDS:
            folded.add(word[:-1] if len(word) > 3 and word[-1] == "s" and word[-2] != "s" else word)
    return folded


def term_pattern(terms: set[str]) -> re.Pattern[str]:
    """Matches each term as a word, plural included (`lease` finds `leases`); CJK terms anywhere."""
    alternatives = [re.escape(t) if not t.isascii() and len(t) == 1 else rf"\b{re.escape(t)}s?\b"
                    for t in sorted(terms, key=len, reverse=True)]
    return re.compile("|".join(alternatives))


def fold(match: str, terms: set[str]) -> str:
    return match if match in terms else match[:-1]


def scores(hits: Sequence[Counter[str]], lengths: Sequence[int], terms: set[str], corpus: tuple[int, float],
           k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Okapi BM25 from term counts: `hits[i]` counts the terms in document i, of `lengths[i]`
    characters; `corpus` is (documents, average length) of the whole collection."""
    size, average = corpus
    average = average or 1.0
    result = [0.0] * len(hits)
    for term in terms:
        having = sum(1 for counts in hits if counts[term])
        idf = math.log(1 + (size - having + 0.5) / (having + 0.5))
        for i, counts in enumerate(hits):
            tf = counts[term]
            if tf:
                result[i] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / average))
    return result


def bm25(query: str, documents: Sequence[str], corpus: tuple[int, float] | None = None) -> list[float]:
    """The BM25 score of each document for the query (0 where no query term occurs).

    Document length is measured in characters, and only the query's terms are looked for, so no
    document needs splitting into words: this runs before every dispatch.
    """
    terms = query_terms(query)
    if not terms or not documents:
        return [0.0] * len(documents)
    pattern = term_pattern(terms)
    hits = [Counter(fold(m, terms) for m in pattern.findall(doc.lower())) for doc in documents]
    lengths = [len(doc) for doc in documents]
    return scores(hits, lengths, terms, corpus or (len(documents), sum(lengths) / len(documents)))


def relevant(values: Sequence[float], floor: float = 0.25) -> list[int]:
    """Indexes of the scores at least `floor` times the best, best first (ties keep their order).

    A section that shares one common word with the query is noise, not an excerpt worth its tokens.
    """
    best = max(values, default=0.0)
    if best <= 0:
        return []
    return sorted((i for i, v in enumerate(values) if v >= best * floor), key=lambda i: -values[i])


def rank(query: str, documents: Sequence[str], floor: float = 0.25,
         corpus: tuple[int, float] | None = None) -> list[int]:
    """Indexes of the documents relevant to the query, best first."""
    return relevant(bm25(query, documents, corpus=corpus), floor)
