"""Which sections a `--query` is about: words, stems, dates and BM25, with rules that mean something.

Terms are the query's words (possessives folded, one-letter words and English stop words dropped),
stemmed with the Snowball English stemmer (PyStemmer; a question in another language, with that
language's), so `deploy`, `deploys` and `deployment` are one term; a day or month name in any
spelling is one term (`Thu`, `Thursday`); a date is a term whose words are the ISO strings of its
days (query_dates.py). Sections are not split into words:
each query stem is looked for as the start of a word, and a word found is kept only if it stems to
the same stem. Okapi BM25 scores the sections (`scores`) and orders them; whether a section is
relevant is decided by how much of the query it holds (`coverage`): the query's terms weighed by
their IDF among the home's sections, so one distinctive word can carry a section and any number
of common ones cannot. BM25 is a dozen lines, written here because rank-bm25 and bm25s import
numpy, which costs more than a whole warm dispatch.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence

from memctl.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Set as AbstractSet
    from datetime import date

    from memctl.commands.query_dates import DateTerm

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
# How much of the query a section must hold: the IDFs of the query's terms it matches over the sum of
# the IDFs of all the query's terms (`coverage`). A term no section holds (or, for a dated query, no
# section on its date) counts ABSENT of its IDF: it may be what the question is about and the
# memory lacks (`Lightning`), or only the asker's word for something (`leave`).
COVERAGE = 0.3  # of the query, at least
LONG = 2  # ... or, in a query of more than six words, the weight of two of its average words
ABSENT = 0.75
STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing don't done down during each either else ever every few for from further
get gets got had has have having he her here hers herself him himself his how however i if in into is isn't it
it's its itself just let's like may me might more most much must my myself need needs no nor not now of off
often on once one only or other our ours ourselves out over own please same shall she should so some such than
that that's the their theirs them themselves then there these they this those through to too under until up
upon us use used very via was wasn't we were what what's when where which while who whom why will with would
yes yet you your yours yourself yourselves
""".split()) | frozenset(  # and the words a question is asked with, not about: to go, to want, to seem, back, next
    """
ago already always anybody anyone anything anyway anywhere around ask asked asking asks away back came come comes
coming else enough even everyone everything everywhere far gave give given gives go goes going gone gotten happen
happened happens just know knows known last later least less lets made make makes making many maybe mean means
next nothing ok okay perhaps put quite rather really said say says see seem seemed seems since somebody someone
something somewhere soon still sure take taken takes taking tell tells thing things think though took tried tries
try trying want wanted wants way well went whatever whether whose within without
""".split())

# A contraction of a function word is one: "I can't log in", "checkout won't load", "why didn't
# the rollback work?" ask about logging in, a checkout, a rollback (the list above has a few); so
# are those typed without the apostrophe ("whats the otp for feb", "dont", "isnt")
_CONTRACTED = re.compile(r"(?:n['’]t|['’](?:re|ve|ll|d|m))$")
STOP_WORDS |= frozenset("""
whats hows wheres whos whens whys thats theres heres its lets dont doesnt didnt isnt arent wasnt werent
cant couldnt wont wouldnt shouldnt havent hasnt hadnt im ive youre youve theyre weve
""".split())

# The Snowball stemmer of each language a question may be asked in (`language_of`); English's otherwise
SNOWBALL = {"de": "german", "fr": "french", "es": "spanish", "pt": "portuguese", "it": "italian", "nl": "dutch",
            "no": "norwegian", "da": "danish", "sv": "swedish"}
_stemmers: dict[str | None, Callable[[str], str]] = {}


def stem(word: str, language: str | None = None) -> str:
    """A word's Snowball stem, in English or in the query's `language` (a key of SNOWBALL): a German
    question finds `Rechnung` for `Rechnungen`, which English's stemmer leaves whole."""
    stemmer = _stemmers.get(language)
    if stemmer is None:
        import Stemmer  # PyStemmer: the Snowball stemmers in C, 1 ms to import

        stemmer = _stemmers[language] = Stemmer.Stemmer(SNOWBALL.get(language or "", "english")).stemWord
    return str(stemmer(word))


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


# A question in another language is told by its function words: two or more of one of these that are
# not English words too (`was`, `an` say nothing), and more of them than English function words of
# its own (`is`, `the`; "is there an EST deadline for the la gig?" is English). Its stop
# words then come from Stopwords ISO (PyPI `stopwordsiso`, MIT), whose 200 kB of lists are read only
# for such a question, its words are stemmed with the language's own Snowball stemmer (SNOWBALL); the
# word frequencies stay English's.
LANGUAGE_HINTS = {
    "de": "der die das und ist nicht ein eine einen ich wir was wann wo wie warum wer welche welcher hat haben mit "
          "für auf dem des zu von im vom beim noch schon wieder seit bis war waren wurde sind letzte letzten "
          "letzter nächste nächsten gestern heute morgen wieviel jetzt sehr auch weil aber dieser diese dieses "
          "mein meine kann muss",
    "fr": "le la les et est une des pour que qui quand où comment pourquoi avec dans du au aux ce cette sont "
          "pas nous vous il elle était dernier dernière prochain prochaine hier aujourd demain quel quelle "
          "combien maintenant très aussi parce mais déjà ces mon mes",
    "es": "el los las y es una por para que qué cuándo dónde cómo quién con del en se su sus está hay fue era "
          "pasado pasada próximo próxima ayer hoy mañana cuál cuánto cuánta cuántos cuántas cuanto ahora muy "
          "también porque pero más ya esta estos estas eso esa ese les nos mis tus",
    "pt": "os um uma para que quando onde como quem com do da dos das em na nas ao não está são foi ontem hoje "
          "amanhã qual isso isto também você quanto quanta agora muito porque mas já esta",
    "it": "il lo gli una che quando dove come chi con del della nel nella sono è ieri oggi domani quale quanto "
          "quanta adesso molto anche perché già questo questa",
    "nl": "het een en niet wat wanneer waar hoe waarom wie met voor ik wij zijn heeft hebben gisteren "
          "vandaag morgen welke hoeveel ook omdat maar deze mijn",
    "no": "og jeg det er som på ikke hva hvor når hvem hvorfor hvordan skal vil kan vi ble blitt hadde noen noe "
          "etter også fordi bare deg meg seg oss dere hun nå fra ved sitt sine mitt ditt dette disse denne "
          "hvilken hvilke igjen forrige neste går",
    "da": "og jeg det er som på ikke hvad hvor hvornår hvem hvorfor hvordan skal vil kan vi blev været havde "
          "nogen noget efter også fordi bare dig mig sig os jer hun nu fra ved sit sine mit dit dette disse "
          "denne hvilken hvilke igen forrige næste går der",
    "sv": "och jag det är som på inte vad när vem varför hur ska vill kan vi blev varit hade någon något efter "
          "också eftersom bara dig mig sig oss hon nu från vid sitt sina mitt ditt detta dessa denna vilken "
          "vilka igen förra nästa igår idag imorgon",
}
_hints: dict[str, frozenset[str]] | None = None


def language_of(said: Sequence[str]) -> str | None:
    """The language of a query's words, when it is not English: the one of LANGUAGE_HINTS that two or
    more of them are function words of, and not English ones (the most, when several are)."""
    global _hints
    if _hints is None:
        from memctl.commands.query_dates import CALENDAR, foreign_names

        # a day or month name of the language is one of its words too ("am Freitag", "venerdì scorso")
        _hints = {lang: frozenset(hints.split()) | (foreign_names(lang) - CALENDAR.keys())
                  for lang, hints in LANGUAGE_HINTS.items()}
    seen = set(said)
    found = sorted(((len(seen & hints - STOP_WORDS), lang) for lang, hints in _hints.items()), reverse=True)
    (most, language), second = found[0], found[1][0]
    hints = _hints[language]
    if most < 2 or second == most or len(seen & hints) <= len(seen & STOP_WORDS - hints):
        return None
    return language


def stop_words(language: str | None) -> frozenset[str]:
    """English's stop words, and those of the query's `language` when it is another (`language_of`)."""
    if language is None:
        return STOP_WORDS
    from stopwordsiso import stopwords  # reads every language's list: only for a question in another

    return STOP_WORDS | frozenset(stopwords(language))


def query_terms(query: str) -> set[str]:
    """The query's stems: stop words and one-letter words dropped; a day or month name, however
    written (`Thu`, `Thursdays`), is its full name."""
    return _terms(query, query)


def _terms(text: str, query: str, stop: frozenset[str] = STOP_WORDS, language: str | None = None) -> set[str]:
    from memctl.commands.query_dates import CALENDAR, calendar_word

    out: set[str] = set()
    for match in _WORD.finditer(text):
        for word in words(match.group(0)):
            if word in CALENDAR:
                if calendar_word(match.group(0), match.start(), query):
                    out.add(CALENDAR[word])
                    continue
            if (len(word) > 1 or _CJK.fullmatch(word)) and word not in stop and not _CONTRACTED.search(word):
                out.add(word if _CJK.fullmatch(word) else stem(word, language))
    return out


_NUMBER = re.compile(r"\d+(?:st|nd|rd|th)?")


def is_number(term: str) -> bool:
    """A term of digits (`12`, `2026`, `30th`): it adds to a section's score, but never makes a match."""
    return _NUMBER.fullmatch(term) is not None


@record
class Query:
    """What a query asks for: its word terms (stems, day and month names, numbers), its dates, and
    the closed compounds of its phrasal verbs (`compounds`), each to the verb's term."""

    terms: frozenset[str]
    dates: tuple[DateTerm, ...]
    compounds: tuple[tuple[str, str], ...] = ()
    numbered: tuple[tuple[str, str, str], ...] = ()  # each thing named by a word and a number: its
    # term, the pattern that finds it, and the pattern that finds the word with any number
    language: str | None = None  # the query's language, when it is not English (`language_of`)
    written: frozenset[str] = frozenset()  # where its stemmer folded a word's accents, the word's start (`_as_written`)


def uncoloured(query: str) -> str:
    """The query without a terminal's colour codes pasted with it (`\x1b[31mflicker\x1b[0m`), which
    would glue their digits to its words."""
    from memctl.text import uncoloured as without

    return without(query, " ")


def parse_query(query: str, today: date) -> Query:
    """The query's dates (relative to `today`) and the terms of the words left once the words
    that only said a date are taken out (`12 Nov` is a day, not `12` and `nov`)."""
    from memctl.commands.query_dates import query_dates

    language = language_of(words(query))
    dates, rest = query_dates(query, today, language)
    terms = frozenset(_terms(rest, query, stop_words(language), language))
    return Query(terms, tuple(dates), compounds(rest, terms), numbered(rest, _ids_alone(rest, query)), language,
                 _as_written(rest, terms, language) if language else frozenset())


def _as_written(text: str, terms: frozenset[str], language: str) -> frozenset[str]:
    """The starts of the query's words as written, where its language's stemmer folded their accents
    (Spanish `técnico` stems to `tecnic`, German `Bohrhämmern` to `bohrhamm`): the memory writes the
    word as the query does, and its own stem is no start of it, so both are looked for."""
    out: set[str] = set()
    for word in words(text):
        term = stem(word, language)
        if term in terms and not word.startswith(term) and len(word) >= len(term):
            out.add(word[: len(term)])
    return frozenset(out)


def _ids_alone(text: str, query: str) -> bool:
    """Whether the query's words are ids alone (`INC-2451`, "what happened in INC-2451?"): then
    each is the thing it names, as `batch 3` is, and not its word (`inc`, in every incident's
    name). With other words ("fix the dunning retry schedule (BIL-812)"), the id says what the task
    is for, and the other words what it asks (`query_asks.id_of`)."""
    return bool(_HYPHEN_ID.search(text)) and not any(not is_number(t) for t in _terms(_HYPHEN_ID.sub(" ", text), query))


# A word and the number after it: "Medivox batch 3", "tank 3's chiller", "review PR 812" (not a
# time or a decimal: "at 14:00", "1.5 kg"; not a count: "3 batches")
_NUMBERED = re.compile(r"(?<![^\W_])([^\W\d_]{2,})[ \t]+#?0*(\d{1,6})(?![\d:.,]\d|[^\W_])")
# ... and an id written with a hyphen: `INC-2451`, `BIL-812` (a term of its own when the query is ids alone)
_HYPHEN_ID = re.compile(r"(?<![^\W_])([^\W\d_]{2,})-0*(\d{1,6})(?![^\W_]|[.,:]\d)")


def numbered(text: str, hyphened: bool = False) -> tuple[tuple[str, str, str], ...]:
    """The things the query names by a word and a number (`batch 3`, `PR 812`), each as a term of
    its own, with the pattern that finds it as a memory writes it (`batch 3`, `batch-3`, `batch #3`,
    `batches 3`, `Batch 03`; not `batch 30`), and the pattern that finds the word with any number
    (a section that names only other batches is about them): a number alone matches nothing,
    since every note has numbers, but `batch 3` tells the notes about that batch from those about
    the others, where `batch` and `3` each are in most of them. With `hyphened`, an id such as
    `INC-2451` is one too."""
    out: dict[str, tuple[str, str]] = {}
    found = _NUMBERED.findall(text) + (_HYPHEN_ID.findall(text) if hyphened else [])
    for word, number in found:
        lowered = word.lower()
        if lowered in STOP_WORDS:
            continue
        base = stem(lowered)  # a short name is its word (`PR`, `PRs`), not every word it starts
        prefix = re.escape(searched(base)) + "[^\\W\\d_]*" if len(base) > 3 else re.escape(lowered) + "s?"
        start = rf"(?<![^\W_]){prefix}[ \t_#-]{{0,3}}"
        out.setdefault(f"{lowered} {number}", (rf"{start}0*{number}(?![\d]|[.,:]\d)", rf"{start}\d+(?![.,:]\d)"))
    return tuple((term, this, any_number) for term, (this, any_number) in out.items())


# The particles of English phrasal verbs that are also written shut into one word with their verb:
# `roll back` and a rollback, `set up` and a setup, `log in` and a login, `back up` and a backup.
PARTICLES = frozenset({"up", "back", "out", "off", "down", "in", "over", "on"})


def compounds(text: str, terms: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """The stems of the closed compounds the query's phrasal verbs are written as, each with the
    verb's term: "how do I roll back a release?" asks about what a memory calls its `rollback`,
    "is the home lab backed up?" about its `backups`. A found word whose stem is one of them
    stands for the verb (`fold`)."""
    said = words(text)
    out: dict[str, str] = {}
    for verb, particle in zip(said, said[1:], strict=False):
        term = stem(verb) if particle in PARTICLES and verb not in STOP_WORDS and len(verb) > 1 else None
        if term is not None and term in terms and not term.isdigit():
            out.setdefault(stem(term + particle), term)
    return tuple(out.items())


def searched(term: str) -> str:
    """What to look for to find a stem's words: the stem, less a final `i` that Snowball wrote for a
    `y` (`daily` and `dailies` stem to `daili`, `Netlify` to `netlifi`: neither starts the word
    `daily` or `Netlify`). Every word found is folded back to its stem, so the shorter prefix only
    finds more words to try (`wife` for `wifi`, dropped by `fold`)."""
    return term[:-1] if len(term) > 3 and term.endswith("i") and term.isascii() and term.isalpha() else term


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

    def __init__(self, terms: set[str] | frozenset[str]) -> None:
        from memctl.commands.query_dates import PREFIX

        terms = {PREFIX.get(t, t) for t in terms}  # a day or month name is found by its shortest spelling
        terms = {searched(t) for t in terms}
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


def fold(match: str, terms: set[str] | frozenset[str], compounds: Mapping[str, str] | None = None,
         language: str | None = None) -> str | None:
    """The query term a found word belongs to, or None (`least` is found by `leas`, but is not it).
    A day or month name in any spelling is its full name and nothing else (`Wed` is Wednesday, never
    the stem of `weddings`); a closed compound of one of the query's phrasal verbs is that verb
    (`compounds`: `rollback` is the `roll` of "roll back"). A word is stemmed in the query's
    `language` (`stem`)."""
    from memctl.commands.query_dates import CALENDAR

    name = CALENDAR.get(match)
    if name is not None:
        return name if name in terms else None
    if match in terms:
        return match
    found = stem(match, language)
    if found in terms:
        return found
    return compounds.get(found) if compounds else None


def idf(having: int, size: int) -> float:
    """BM25's inverse document frequency of a term in `having` of `size` sections."""
    return math.log(1 + (size - having + 0.5) / (having + 0.5))


def frequencies(hits: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """How many of the sections hold each term (its document frequency)."""
    df: dict[str, int] = {}
    for counts in hits:
        for term in counts:
            df[term] = df.get(term, 0) + 1
    return df


def weights(df: Mapping[str, int], size: int, terms: set[str]) -> dict[str, float]:
    """Each query term's share of the query's weight: its IDF among the `size` sections over the sum
    of the IDFs of the terms found in any section (a term the home lacks tells nothing apart)."""
    found = {t: idf(df[t], size) for t in terms if df.get(t)}
    total = sum(found.values()) or 1.0
    return {t: value / total for t, value in found.items()}


def _saturated(tf: int, length: int, average: float, k1: float, b: float) -> float:
    return tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average))


def term_parts(counts: Mapping[str, int], length: int, df: Mapping[str, int], corpus: tuple[int, float],
               k1: float = 1.5, b: float = 0.75) -> tuple[tuple[str, float], ...]:
    """One section's BM25 score, term by term (what --explain shows), largest first."""
    size, average = corpus
    parts = [(term, round(idf(df.get(term, 0), size) * _saturated(tf, length, average or 1.0, k1, b), 2))
             for term, tf in counts.items()]
    return tuple(sorted(parts, key=lambda p: (-p[1], p[0])))


def scores(hits: Sequence[Mapping[str, int]], lengths: Sequence[int], df: Mapping[str, int], terms: set[str],
           corpus: tuple[int, float], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """Okapi BM25 from term counts: `hits[i]` counts the terms in document i, of `lengths[i]`
    characters; `df` is each term's document frequency, `corpus` (documents, average length) of the
    whole collection."""
    size, average = corpus
    average = average or 1.0
    result = [0.0] * len(hits)
    for term in terms:
        weight = idf(df.get(term, 0), size)
        for i, counts in enumerate(hits):
            tf = counts.get(term, 0)
            if tf:
                result[i] += weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / average))
    return result


def distinctive(df: Mapping[str, int], size: int, terms: set[str]) -> set[str]:
    """The terms that are in at most COMMON of the `size` sections: the ones that tell sections apart."""
    return {t for t in terms if df.get(t, 0) <= COMMON * size}


def coverage(hits: Sequence[Mapping[str, int]], df: Mapping[str, int], size: int, terms: set[str],
             frame: tuple[Sequence[int], AbstractSet[int], AbstractSet[str]] | None = None,
             ) -> Callable[[int, AbstractSet[str]], float]:
    """How much of the query a section holds, as a function of the section (its index in `hits`
    and the query words in its own heading): the IDFs of the terms it matches over the sum of the
    IDFs of all the query's terms, a number aside (`12` adds to a score, never to a match); a word
    of the query in the section's own heading counts twice, since the heading says what the
    section is about (at most the whole query). A term no section holds weighs ABSENT of its IDF.

    A query with dates some sections are on is framed by them (`frame`: the sections eligible, those
    on the dates or with no date of their own; those on the dates; the date terms): the date says
    which sections may answer, the words which do. Only the words some eligible section holds count
    ("how much did we spend this month": `spend`); a query of dates alone ("what happened last
    month?", "summarise yesterday's daily note" where no note says `note`) is covered by the date.
    A section of no date of its own lacks the date, which weighs as a term the sections on it hold:
    its words must make up for it ("what took us off air on the 14th?": not every rule that says
    `off air`)."""
    if frame is not None:
        eligible, on_date, dates = frame
        held = {t for i in eligible for t in hits[i]}
        weight = {t: idf(df[t], size) for t in terms if t in held and t not in dates and not is_number(t)}
        if not weight:
            return lambda i, named: 1.0 if i in on_date else 0.0
        dated = idf(len(on_date), size)
    else:
        dated, on_date = 0.0, frozenset()
        weight = {t: idf(df.get(t, 0), size) * (1.0 if df.get(t) else ABSENT) for t in terms if not is_number(t)}
    total = sum(weight.values()) or 1.0

    def covers(i: int, named: AbstractSet[str]) -> float:
        held = sum(weight.get(t, 0.0) for t in hits[i]) + sum(weight.get(t, 0.0) for t in named)
        return min(1.0, held / (total if i in on_date or not dated else total + dated))

    return covers


SHORT = 6  # word terms at most: a question short enough to be about its rarest word


def weighed_words(terms: AbstractSet[str]) -> set[str]:
    """The terms of a short query that background.py can weigh: not digits, day or month names or
    CJK text; none for a long query (a prompt of many words is about several of them)."""
    from memctl.commands.query_dates import CALENDAR

    names = set(CALENDAR.values())
    words = {t for t in terms if not is_number(t) and t not in names and t.isascii()}
    return words if len(words) <= SHORT else set()


# A word is what a short question is about when it is at least this much rarer in English than each
# of the query's other words: half a Zipf step, about three times less common. "gluten-free bread
# recipe" is about `gluten` (3.6; `recipe` 4.4), "mask customer emails in the logs" about no one word
# (`mask` 4.5, `log` 4.6): the memory may call masking `redacting`.
MARGIN = 0.5


def rarest(words: AbstractSet[str]) -> set[str]:
    """The word of a short question clearly rarest in English (background.py; a stem the table lacks
    is rarer than any it has), MARGIN rarer than each other word: what the question is about; none
    when two words are about as rare."""
    from memctl.commands.background import FLOOR, zipf

    common = sorted((zipf(t) or FLOOR - 1, t) for t in words)
    if not common or (len(common) > 1 and common[1][0] - common[0][0] < MARGIN - 1e-9):
        return set()
    return {common[0][1]}


def coverage_needed(terms: set[str]) -> float:
    """The share of the query a section must cover: COVERAGE, or for a long query less, the weight
    of LONG average terms (a section that holds two words of a twelve-word prompt may be its topic;
    full-text engines' `minimum_should_match` lowers the bar for long queries the same way)."""
    words = sum(1 for t in terms if not is_number(t))
    return min(COVERAGE, LONG / words) if words else COVERAGE
