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


def bm25(query: str, documents: Sequence[str], k1: float = 1.5, b: float = 0.75,
         corpus: tuple[int, float] | None = None) -> list[float]:
    """The Okapi BM25 score of each document (0 where no query term occurs).

    A term matches its plural too: tf(lease) counts `lease` and `leases`. Document length is
    measured in characters, and only the query's terms are looked for, so no document needs
    splitting into words: this runs before every dispatch. `corpus` (size, average length)
    describes the whole collection when `documents` are only the ones that can match.
    """
    wanted = query_terms(query)
    if not wanted or not documents:
        return [0.0] * len(documents)
    alternatives = [re.escape(t) if not t.isascii() and len(t) == 1 else rf"\b{re.escape(t)}s?\b"
                    for t in sorted(wanted, key=len, reverse=True)]
    pattern = re.compile("|".join(alternatives))
    lengths = [len(doc) for doc in documents]
    size, average = corpus or (len(documents), sum(lengths) / len(documents))
    average = average or 1.0
    found: dict[int, Counter[str]] = {}
    for i, doc in enumerate(documents):
        lowered = doc.lower()
        if any(t in lowered for t in wanted):
            hits = Counter(m if m in wanted else m[:-1] for m in pattern.findall(lowered))
            if hits:
                found[i] = hits
    scores = [0.0] * len(documents)
    for term in wanted:
        having = sum(1 for hits in found.values() if hits[term])
        idf = math.log(1 + (size - having + 0.5) / (having + 0.5))
        for i, hits in found.items():
            tf = hits[term]
            if tf:
                scores[i] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / average))
    return scores


def rank(query: str, documents: Sequence[str], floor: float = 0.25,
         corpus: tuple[int, float] | None = None) -> list[int]:
    """Indexes of the documents relevant to the query, best first (ties keep their order).

    A document is relevant when it scores at least `floor` times the best score: a section that
    shares one common word with the query is noise, not an excerpt worth its tokens.
    """
    scores = bm25(query, documents, corpus=corpus)
    best = max(scores, default=0.0)
    if best <= 0:
        return []
    chosen = [i for i, score in enumerate(scores) if score >= best * floor]
    return sorted(chosen, key=lambda i: -scores[i])
