"""A query's misspelt words, read as the words of the home they are one slip from: "how do I cut a
relase" asks about the `release` the memory writes, "SMS remiders" about its `reminders`.

A word is taken for a slip only when nothing else explains it: no section holds it (nor a word its
stem starts), English's word table (background.py) does not know its stem, it has five letters or
more and no digit (an id, a short word or a name the home never used is what the question asks, not
a typo: "Set up a Lightning node" keeps `lightning`, an English word). Its reading is a word the
home's sections hold whole that is one edit from it (Damerau-Levenshtein: a letter left out, one
too many, one wrong, two swapped), the one written most often there. The candidates, a few hundred
strings, are looked for in one pass over each file the query's other words found (every file,
when they found none), with an
Aho-Corasick automaton (pyahocorasick, which secrets.py uses too), only for a query that has such
a word.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from collections.abc import Set as AbstractSet

    from memctl.model.home import Doc

SHORTEST = 5  # letters: a shorter word is one slip from too many others
# The most text searched for a reading: the files the query's other words found, when they hold no
# more than this (an automaton reads about 30 MB a second; a 10,000-topic home of 52 MB whose every
# file holds a word of the query is not searched, and its slips stay words)
SCAN_CHARS = 4_000_000
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD_END = re.compile(r"[^\W_]*")


def _edits(word: str) -> set[str]:
    """The strings one edit from `word`: a letter deleted, two beside each other swapped, one
    replaced or one inserted (of a-z and the word's own letters)."""
    letters = set(_LETTERS) | set(word)
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deleted = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaced = {a + c + b[1:] for a, b in splits if b for c in letters}
    inserted = {a + c + b for a, b in splits for c in letters}
    return (deleted | swapped | replaced | inserted) - {word}


def slips(query: str, absent: AbstractSet[str], term_of: Callable[[str], str | None]) -> list[str]:
    """The query's words (lower-cased) that may be misspelt: their terms are `absent` (no section
    holds them), and each is five letters or more, of letters alone (not part of a word written
    with a digit, an id), and unknown to English's table."""
    from memctl.commands.background import zipf

    out: list[str] = []
    said = (w.lower() for token in query.split() if not any(c.isdigit() for c in token) for w in _WORD.findall(token))
    for word in dict.fromkeys(said):
        term = term_of(word)
        if (term is not None and term in absent and len(word) >= SHORTEST and zipf(term) is None
                and "'" not in word and "’" not in word):
            out.append(word)
    return out


def readings(words: Sequence[str], docs: Sequence[Doc], stem: Callable[[str], str]) -> dict[str, str]:
    """Each word's reading: the word one edit from it that `docs` write most often (ties: the first
    in alphabetical order), as a whole word or in another form of it (`releases` for `release`: a
    word it starts that has its `stem`); a word none is one edit from is left out."""
    import ahocorasick

    automaton = ahocorasick.Automaton()
    for word in words:
        for near in _edits(word):
            if len(near) >= SHORTEST - 1:
                automaton.add_word(near, near)
    if not len(automaton):
        return {}
    automaton.make_automaton()
    found: dict[str, int] = {}
    for doc in docs:
        text = doc.text.lower()
        for end, near in automaton.iter(text):
            start = end - len(near) + 1
            if start and text[start - 1].isalnum():
                continue  # inside a word
            whole = _WORD_END.match(text, end + 1)
            if whole is None or not whole.group() or stem(near + whole.group()) == stem(near):
                found[near] = found.get(near, 0) + 1
    out: dict[str, str] = {}
    for word in words:  # a reading with the word's own stem is the word (`técnic` of `técnico`), no slip
        near_ones = sorted((near for near in found if near in _edits(word) and stem(near) != stem(word)),
                           key=lambda near: (-found[near], near))
        if near_ones:
            out[word] = near_ones[0]
    return out


def corrected(query: str, readings: dict[str, str]) -> str:
    """The query with each misspelt word replaced by its reading, wherever it is written, in any case."""
    for word, near in readings.items():
        query = re.sub(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", near, query, flags=re.IGNORECASE)
    return query
