"""BM25 ranking of sections for `assemble --query`, offline and dependency-free.

Written here rather than taken from rank-bm25 or bm25s because both pull in numpy, whose import
alone costs more than the whole `assemble` run on a warm cache; the scoring is twenty lines.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
STOP_WORDS = frozenset(
    "a an and are as at be but by do for from has have how i if in into is it its of on or so that the "
    "then there these this to was we what when where which who why will with you your".split()
)


def terms(text: str) -> list[str]:
    """Lower-cased words without stop words, plural `s` folded; CJK text one term a character."""
    out = []
    for word in _WORD.findall(text.lower()):
        if _CJK.search(word):
            out.extend(ch for ch in word if not ch.isspace())
        elif word not in STOP_WORDS:
            out.append(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
    return out


def bm25(query: str, documents: Sequence[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """The Okapi BM25 score of each document for the query (0 where no query term occurs)."""
    wanted = set(terms(query))
    bags = [Counter(terms(doc)) for doc in documents]
    if not wanted or not bags:
        return [0.0] * len(documents)
    average = sum(sum(bag.values()) for bag in bags) / len(bags) or 1.0
    frequency = {t: sum(1 for bag in bags if t in bag) for t in wanted}
    scores = []
    for bag in bags:
        length = sum(bag.values())
        score = 0.0
        for term in wanted:
            tf = bag.get(term, 0)
            if tf:
                idf = math.log(1 + (len(bags) - frequency[term] + 0.5) / (frequency[term] + 0.5))
                score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average))
        scores.append(score)
    return scores
