"""Which sections a `--query` is about: words, stems and BM25, with a floor that means something.

Terms are the query's words (possessives folded, one-letter words and English stop words dropped),
stemmed with the Snowball English stemmer (PyStemmer), so `deploy`, `deploys` and `deployment` are
one term. Sections are not split into words: each query stem is looked for as the start of a word,
and a word found is kept only if it stems to the same stem. Okapi BM25 scores the sections; a section
counts only if it matches a query term that is not in most sections (a word everything contains says
nothing about relevance), and scores at least a share of the best. BM25 is a dozen lines, written
here because rank-bm25 and bm25s import numpy, which costs more than a whole warm dispatch.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
COMMON = 0.5  # a term in more than this share of the sections does not make a section relevant
STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing don't done down during each either else ever every few for from further
get gets got had has have having he her here hers herself him himself his how however i if in into is isn't it
it's its itself just let's like may me might more most much must my myself need needs no nor not now of off
often on once one only or other our ours ourselves out over own please same shall she should so some such than
that that's the their theirs them themselves then there these they this those through to too under until up
upon us use used very via was wasn't we were what what's when where which while who whom why will with would
yes yet you your yours yourself yourselves
""".split())

_stemmer = None


def stem(word: str) -> str:
    global _stemmer
    if _stemmer is None:
        import Stemmer  # PyStemmer: the Snowball stemmers in C, 1 ms to import

        _stemmer = Stemmer.Stemmer("english")
    return str(_stemmer.stemWord(word))


def words(text: str) -> list[str]:
    """Lower-cased words: possessives folded (`week's` → `week`); CJK text one word a character."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        word = re.sub(r"['’]s$", "", word)
        if not word.isascii() and _CJK.search(word):
            out.extend(_CJK.findall(word))
        else:
            out.append(word)
    return out


def query_terms(query: str) -> set[str]:
    """The query's stems: stop words and one-letter words dropped."""
    return {w if _CJK.fullmatch(w) else stem(w) for w in words(query)
            if (len(w) > 1 or _CJK.fullmatch(w)) and w not in STOP_WORDS}


class TermFinder:
    """Finds each stem at the start of a word (`deploy` finds `deployment`); a CJK term anywhere.

    Each stem is searched on its own, as a literal prefix, which the regex engine finds with a fast
    scan; one alternation of `\\bstem` patterns tries every alternative at every position and is
    seven times slower over a 40 MB home. A query with a CJK term keeps the alternation, whose
    longest-first matching decides how a CJK character inside a matched word counts.
    """

    def __init__(self, terms: set[str]) -> None:
        ordered = sorted(terms, key=len, reverse=True)
        self._terms = ordered
        self._combined = None
        self._each: list[re.Pattern[str]] = []
        if any(_CJK.fullmatch(t) for t in terms):
            self._combined = re.compile("|".join(re.escape(t) if _CJK.fullmatch(t) else rf"\b{re.escape(t)}[^\W_]*"
                                                 for t in ordered))
        else:
            self._each = [re.compile(rf"{re.escape(t)}[^\W_]*") for t in ordered]

    def find(self, text: str) -> list[tuple[int, str]]:
        """The words found in `text` (lower-cased): (offset, word), in text order."""
        if not any(term in text for term in self._terms):
            return []
        if self._combined is not None:
            return [(m.start(), m.group()) for m in self._combined.finditer(text)]
        found: dict[int, str] = {}
        for pattern in self._each:
            for m in pattern.finditer(text):
                start = m.start()
                if start and (text[start - 1].isalnum() or text[start - 1] == "_"):
                    continue  # inside a word: `\b` would not match here
                found.setdefault(start, m.group())  # two stems find the same word once
        return sorted(found.items()) if len(self._each) > 1 else list(found.items())

    def words(self, text: str) -> list[str]:
        return [word for _, word in self.find(text)]


def fold(match: str, terms: set[str]) -> str | None:
    """The query stem a found word belongs to, or None (`least` is found by `leas`, but is not it)."""
    if match in terms:
        return match
    found = stem(match)
    return found if found in terms else None


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


def distinctive(hits: Sequence[Counter[str]], size: int, terms: set[str]) -> set[str]:
    """The terms that are in at most COMMON of the `size` sections: the ones that tell sections apart."""
    return {t for t in terms if sum(1 for counts in hits if counts[t]) <= COMMON * size}


def relevant(values: Sequence[float], hits: Sequence[Counter[str]], size: int, terms: set[str],
             floor: float, most: int) -> list[int]:
    """Indexes of the relevant sections, best first (ties keep their order), at most `most`.

    A section must match a distinctive term and score at least `floor` times the best.
    """
    keys = distinctive(hits, size, terms)
    best = max(values, default=0.0)
    if best <= 0:
        return []
    chosen = [i for i, v in enumerate(values) if v >= best * floor and any(hits[i][t] for t in keys)]
    return sorted(chosen, key=lambda i: -values[i])[:most]
