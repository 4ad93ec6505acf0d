"""Which sections a `--query` is about: words, stems and BM25, with a floor that means something.

Terms are the query's words (possessives folded, one-letter words and English stop words dropped),
stemmed with the Snowball English stemmer (PyStemmer), so `deploy`, `deploys` and `deployment` are
one term. Sections are not split into words: each query stem is looked for as the start of a word,
and a word found is kept only if it stems to the same stem. Okapi BM25 scores the sections; a section
counts only if it matches a query term that is not in most sections (a word everything contains says
nothing about relevance), and scores at least a share of the best, unless its heading holds a term
that weighs at least HEADING_WEIGHT of the query (`weights`). BM25 is a dozen lines, written here
because rank-bm25 and bm25s import numpy, which costs more than a whole warm dispatch.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Mapping, Sequence

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_WORD_CHARS = re.compile(r"[^\W_]*")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
COMMON = 0.5  # a term in more than this share of the sections does not make a section relevant
# A query term in a section's heading lets the section in below the score floor only if the term
# weighs at least this share of the query: its IDF among the home's sections over the sum of the
# IDFs of the query's terms the home holds. In "rollback a bad release" on fixtures/arc/memory,
# `release` (in 5 of 13 sections) weighs 19%, and § Release steps is loaded at 28% of the best
# score; "keeps" in a six-term prompt (in 9 of 29 sections) weighs 8%, and § Commands I keep
# forgetting, at 12%, is not. A word's IDF alone cannot tell these apart: `build` in 5 of 33
# sections has a higher IDF (1.8) than `release` in 5 of 13 (0.9); what matters is how much of
# the question the word is.
HEADING_WEIGHT = 0.15
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
    A word starts after anything but a letter or a digit: `_` and `-` split words, so the file name
    `feedback_branch_names` holds `branch` and `names`.

    Each stem is searched on its own, as a literal prefix that the regex engine finds with a fast
    scan, and a look-behind drops the finds inside a word; `findall` keeps the words in C. One
    alternation of word-start patterns tries every alternative at every position and is seven times
    slower over a 40 MB home. A stem that another stem starts (`back`, `backup`) is not searched:
    the shorter one finds its words. A query with a CJK term, or with stems that would find one word
    twice (`rock`, `rock'n'roll`), keeps the alternation, whose longest-first match decides.
    """

    def __init__(self, terms: set[str]) -> None:
        ordered = sorted(terms, key=len, reverse=True)
        self._terms = ordered
        self._any = re.compile("|".join(map(re.escape, ordered)))  # a quick test for short texts
        kept = [t for t in ordered if not any(t != s and t.startswith(s) and _WORD_CHARS.fullmatch(t, len(s))
                                              for s in terms)]
        self._combined: re.Pattern[str] | None = None
        self._each: list[tuple[str, re.Pattern[str]]] = []
        if any(_CJK.fullmatch(t) for t in terms) or any(a != b and a.startswith(b) for a in kept for b in kept):
            self._combined = re.compile("|".join(re.escape(t) if _CJK.fullmatch(t)
                                                 else rf"(?<![^\W_]){re.escape(t)}[^\W_]*" for t in ordered))
        else:
            self._each = [(t, re.compile(rf"{re.escape(t)}(?<![^\W_]{re.escape(t)})[^\W_]*")) for t in kept]

    def patterns_in(self, text: str) -> list[re.Pattern[str]]:
        """What to search `text` (lower-cased) with: the pattern of each stem it holds (the
        alternation, for a CJK query); nothing when it holds no stem at all."""
        if self._combined is not None:
            return [self._combined] if any(term in text for term in self._terms) else []
        return [pattern for term, pattern in self._each if term in text]

    def words(self, text: str, start: int = 0, end: int = sys.maxsize) -> list[str]:
        """The words found in `text` (lower-cased) between two offsets, in no set order."""
        if min(end, len(text)) - start < 200 and not self._any.search(text, start, end):
            return []  # a heading or a file name: most hold no stem
        return [word for pattern in self.patterns_in(text) for word in pattern.findall(text, start, end)]


def fold(match: str, terms: set[str]) -> str | None:
    """The query stem a found word belongs to, or None (`least` is found by `leas`, but is not it)."""
    if match in terms:
        return match
    found = stem(match)
    return found if found in terms else None


def idf(having: int, size: int) -> float:
    """BM25's inverse document frequency of a term in `having` of `size` sections."""
    return math.log(1 + (size - having + 0.5) / (having + 0.5))


def weights(hits: Sequence[Mapping[str, int]], size: int, terms: set[str]) -> dict[str, float]:
    """Each query term's share of the query's weight: its IDF among the `size` sections over the sum
    of the IDFs of the terms found in any section (a term the home lacks tells nothing apart)."""
    found = {t: idf(having, size) for t in terms if (having := sum(1 for counts in hits if t in counts))}
    total = sum(found.values()) or 1.0
    return {t: value / total for t, value in found.items()}


def scores(hits: Sequence[Mapping[str, int]], lengths: Sequence[int], terms: set[str], corpus: tuple[int, float],
           k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Okapi BM25 from term counts: `hits[i]` counts the terms in document i, of `lengths[i]`
    characters; `corpus` is (documents, average length) of the whole collection."""
    size, average = corpus
    average = average or 1.0
    result = [0.0] * len(hits)
    for term in terms:
        weight = idf(sum(1 for counts in hits if term in counts), size)
        for i, counts in enumerate(hits):
            tf = counts.get(term, 0)
            if tf:
                result[i] += weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / average))
    return result


def distinctive(hits: Sequence[Mapping[str, int]], size: int, terms: set[str]) -> set[str]:
    """The terms that are in at most COMMON of the `size` sections: the ones that tell sections apart."""
    return {t for t in terms if sum(1 for counts in hits if t in counts) <= COMMON * size}
