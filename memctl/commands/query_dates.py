"""Dates in a query, as the days they mean: `2026-11-30`, `12 Nov`, `Nov 12`, `November 12th`, `the
30th`, `yesterday`, `last night`, `this morning`, `last week`, `this month`, `last month`, `on
Tuesday`, `last weekend`, `in May`, `in 2025` (a year after a preposition: `the 2014 data` is a
number), in a question in another language its day and month names and its `letzten Freitag`, each
relative to today (MEMCTL_TODAY); after `since` or `after` (a few words before it: "since the quote
on the 13th"), from that day to today. A date is looked for in a section as the ISO forms a memory
writes dates in: a day `2026-11-12` (in a file name such as `2026-11-12.md`, a heading such as
`2026-11-12 (Thu)`, or a line), its ISO week `2026-W46` (a weekly note); a month `2026-11` (also
every `2026-11-…` day, and the ISO weeks whose Thursday is in it); a year `2025-`. Day and month
names and their abbreviations are one word each (`Thu`, `Thurs`, `Thursday`; `Nov`, `November`),
found only as such (`Wed` is not `wedding`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date, timedelta

from memctl.record import record

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_SHORT = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
          "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
          "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
          "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
          "dec": "december"}
# Every way a day or month name is written, to its full name: `Thu`, `Thursdays` → thursday.
CALENDAR: dict[str, str] = {**_SHORT, **{name: name for name in WEEKDAYS + MONTHS},
                            **{name + "s": name for name in WEEKDAYS}}
# The shortest spelling of each name: a word that starts with it may be one of the name's spellings.
PREFIX: dict[str, str] = {name: min((w for w, n in CALENDAR.items() if n == name), key=len)
                          for name in WEEKDAYS + MONTHS}
# Spellings that are also common English words: a query means the date only when it writes them with
# a capital inside the sentence (`in May`, `Sat 14 Nov`), not `may I`, `sat down`, `the sun`.
_AMBIGUOUS = frozenset({"may", "march", "august", "mar", "sat", "sun", "wed", "jan", "jun", "mon"})
_WORDS = frozenset({"may", "march", "august"})  # month names that are words too

# Yesterday, today and tomorrow in the languages a question may be asked in (relevance.LANGUAGE_HINTS;
# not German's and Dutch's `morgen`, which is the morning too)
_OTHER_DAYS = {"gestern": -1, "heute": 0, "hier": -1, "aujourd'hui": 0, "aujourd’hui": 0, "demain": 1,
               "ayer": -1, "hoy": 0, "mañana": 1, "ontem": -1, "hoje": 0, "amanhã": 1, "ieri": -1, "oggi": 0,
               "domani": 1, "gisteren": -1, "vandaag": 0, "i går": -1, "i dag": 0, "i morgen": 1, "igår": -1,
               "idag": 0, "imorgon": 1}
# Day and month names in full, Monday to Sunday and January to December, in the other languages a
# question may be asked in (relevance.LANGUAGE_HINTS), as the Unicode CLDR writes them (Babel's
# `Locale.days`/`months`, format, wide), with the spelling without accents beside each accented one:
# they are dates in a question in that language only (`mars`, `mayo`, `domingo` are words in English)
_FOREIGN_NAMES = {
    "de": ("montag dienstag mittwoch donnerstag freitag samstag/sonnabend sonntag",
           "januar februar märz/maerz april mai juni juli august september oktober november dezember"),
    "fr": ("lundi mardi mercredi jeudi vendredi samedi dimanche",
           "janvier février/fevrier mars avril mai juin juillet août/aout septembre octobre novembre "
           "décembre/decembre"),
    "es": ("lunes martes miércoles/miercoles jueves viernes sábado/sabado domingo",
           "enero febrero marzo abril mayo junio julio agosto septiembre/setiembre octubre noviembre diciembre"),
    "pt": ("segunda-feira terça-feira/terca-feira quarta-feira quinta-feira sexta-feira sábado/sabado domingo",
           "janeiro fevereiro março/marco abril maio junho julho agosto setembro outubro novembro dezembro"),
    "it": ("lunedì/lunedi martedì/martedi mercoledì/mercoledi giovedì/giovedi venerdì/venerdi sabato domenica",
           "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"),
    "nl": ("maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
           "januari februari maart april mei juni juli augustus september oktober november december"),
    "no": ("mandag tirsdag onsdag torsdag fredag lørdag/lordag søndag/sondag",
           "januar februar mars april mai juni juli august september oktober november desember"),
    "da": ("mandag tirsdag onsdag torsdag fredag lørdag/lordag søndag/sondag",
           "januar februar marts april maj juni juli august september oktober november december"),
    "sv": ("måndag/mandag tisdag onsdag torsdag fredag lördag/lordag söndag/sondag",
           "januari februari mars april maj juni juli augusti september oktober november december"),
}
# The words that make a weekday the last one or the next one in those languages, written before it
# ("letzten Freitag", "vorige vrijdag", "forrige fredag", "el próximo viernes") or after it
# ("vendredi dernier", "el viernes pasado", "sexta-feira passada", "venerdì scorso"); Danish and
# Swedish "i fredags" is last Friday
_FOREIGN_LAST_NEXT = {
    "de": ("letzten letzte letzter vergangenen vergangene", "nächsten nächste kommenden kommende", "", ""),
    "fr": ("", "", "dernier", "prochain"),
    "es": ("", "próximo próxima", "pasado pasada", "próximo próxima que viene"),
    "pt": ("", "próximo próxima", "passado passada", "que vem"),
    "it": ("", "prossimo prossima", "scorso scorsa", "prossimo prossima"),
    "nl": ("vorige afgelopen", "volgende komende", "", ""),
    "no": ("forrige sist", "neste", "", ""),
    "da": ("sidste forrige", "næste", "", ""),
    "sv": ("förra", "nästa", "", ""),
}


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _calendar_of(language: str | None) -> dict[str, str]:
    """Every way the question's language writes a day or month name, to its English full name:
    CALENDAR, and for a question in another language (`_FOREIGN_NAMES`) that language's names too."""
    if language not in _FOREIGN_NAMES:
        return CALENDAR
    days, months = _FOREIGN_NAMES[language]
    names = {spelling: english for english, written in zip(WEEKDAYS + MONTHS, days.split() + months.split(),
                                                            strict=True) for spelling in written.split("/")}
    return {**CALENDAR, **names}


def foreign_names(language: str) -> frozenset[str]:
    """The day and month names of a language other than English (`_FOREIGN_NAMES`), every spelling."""
    return frozenset(_calendar_of(language).keys() - CALENDAR.keys()) if language in _FOREIGN_NAMES else frozenset()


_DAY = r"(?P<{}>\d{{1,2}})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>\d{4}))?"


def _forms(language: str | None) -> list[tuple[str, str]]:
    """The forms a date is written in, in order: a longer form first, so `Thu 12 Nov 2026` is one
    date, not three. In another language, its day and month names too, a day of the month with its
    dot ("12. Dezember"), and its words for the last and the next weekday (`_FOREIGN_LAST_NEXT`)."""
    calendar = _calendar_of(language)
    month_word = _alternation([w for w, n in calendar.items() if n in MONTHS])
    weekday_word = _alternation([w for w, n in calendar.items() if n in WEEKDAYS and not w.endswith("ys")])
    before_last, before_next, after_last, after_next = _FOREIGN_LAST_NEXT.get(language or "", ("", "", "", ""))
    dot = r"\.?" if language else ""
    rel_before = _alternation(["last", "this", "next", *before_last.split(), *before_next.split()])
    after = [*after_last.split(), *after_next.split()]
    forms = [
        ("week_of", r"\bweek\s+(?:of|starting|beginning)\s+(?:on\s+)?"
                    r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d])"),
        ("iso_day", r"(?<![\d-])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d])"),
        ("iso_week", r"(?<![\d-])(?P<y>\d{4})-w(?P<w>\d{1,2})(?!\d)"),
        ("dotted_day", r"(?<![\w.])(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})(?![\d]|\.\d)"),  # 12.12.2026, day first
        ("iso_month", r"(?<![\d-])(?P<y>\d{4})-(?P<m>\d{1,2})(?![\d-])"),
        ("day_month", rf"(?:\b(?:{weekday_word})\.?,?\s+)?(?:the\s+)?\b{_DAY.format('d')}{dot}\s+(?:of\s+)?"
                      rf"(?P<month>{month_word})\b\.?{_YEAR}"),
        ("month_day", rf"(?:\b(?:{weekday_word})\.?,?\s+)?\b(?P<month>{month_word})\.?\s+(?:the\s+)?"
                      rf"{_DAY.format('d')}(?![\d:.])\b{_YEAR}"),
        ("month_year", rf"\b(?P<month>{month_word})\.?\s+(?P<year>\d{{4}})\b"),
        ("year", r"\b(?P<prep>in|during|throughout|since|after|for|of)\s+(?P<y>(?:19|20)\d{2})\b(?![-/.]\w)"),
        ("relative", r"\b(?P<rel>last|this|next|past)\s+(?P<unit>weekend|week|month)\b"),
        ("the_weekend", r"\b(?:at|over|on|during)\s+the\s+weekend\b"),
        ("named_day", r"\b(?P<word>yesterday|today|tonight|tomorrow|last\s+night|this\s+(?:morning|afternoon|evening)|"
                      + _alternation(_OTHER_DAYS).replace("\\ ", r"\s+") + r")\b"),
        ("rel_weekday", rf"\b(?P<rel>{rel_before})\s+(?P<weekday>{weekday_word})\b"),
        ("ordinal", rf"(?:\b(?P<weekday>{weekday_word})\.?,?\s+)?\bthe\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)\b"),
        ("month", rf"\b(?P<rel>(?:last|this|next)\s+)?(?P<month>{month_word})\b"),
        ("weekday", rf"\b(?P<weekday>{weekday_word})\b(?!s)"),
    ]
    if after:  # "vendredi dernier": before the lone weekday
        forms.insert(-1, ("weekday_rel", rf"\b(?P<weekday>{weekday_word})\s+(?P<rel>{_alternation(after)})\b"))
    if language in ("da", "sv"):
        forms.insert(-1, ("i_weekdays", rf"\bi\s+(?P<weekday>{weekday_word})s\b"))
    return forms


# each word for the last or next weekday (`_FOREIGN_LAST_NEXT`), to English's
_REL = {word: english for before_last, before_next, after_last, after_next in _FOREIGN_LAST_NEXT.values()
        for words, english in ((before_last, "last"), (before_next, "next"), (after_last, "last"), (after_next, "next"))
        for word in words.split()}
_REL.update({"que viene": "next", "que vem": "next"})
_patterns: dict[str | None, re.Pattern[str]] = {}  # compiled on the first query that may hold a date (6 ms)
# A query without a digit or one of these words holds no date: most do not, and skip the compile.
# (of a phrase, its last word: `i går`; of an elided one, its first: `aujourd'hui`)
_TRIGGERS = frozenset({*CALENDAR, "yesterday", "today", "tonight", "tomorrow", "week", "weekend", "month", "night",
                       "morning", "afternoon", "evening",
                       *(w.split()[-1] if " " in w else re.split(r"['’]", w)[0] for w in _OTHER_DAYS)})
# "since the quote on the 13th", "after the Nov 8 complaint": from that day to today
_SINCE = re.compile(r"\b(?:since|after)\b(?:\s+[^\s.,;:!?]+){0,4}?\s*$", re.IGNORECASE)
_BETWEEN = re.compile(r"\b(?:between|from)\b.+\b(?:and|to|until|till|through)\b", re.IGNORECASE)
# "what happened on Friday?", "what did the window guy charge on Monday?": a weekday after `on`, in a
# question told in the past, is the last one (as `last Friday` is); "can I ship on Friday?" and "who
# waters on Thursday?" may be a habit or the next one, and stay a word as much as a day
_ON_WEEKDAY = re.compile(r"\bon\s+$", re.IGNORECASE)
_PAST = re.compile(r"\b(?:did|didn['’]t|was|wasn['’]t|were|weren['’]t|happened|went|said|told)\b", re.IGNORECASE)
_NAMED_DAYS = {"yesterday": -1, "last night": -1, "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0,
               "this evening": 0, "tomorrow": 1, **_OTHER_DAYS}
_LETTERS = re.compile(r"[^\W\d_]+")


def _date_pattern(language: str | None = None) -> re.Pattern[str]:
    language = language if language in _FOREIGN_NAMES else None
    if language not in _patterns:
        _patterns[language] = re.compile("|".join(f"(?P<{name}>{form.replace('(?P<', f'(?P<{name}_')})"
                                                  for name, form in _forms(language)), re.IGNORECASE)
    return _patterns[language]


@record
class DateTerm:
    """One date of a query: what it was written as, the days it may mean (one span, or the last and
    the next of a date written without its year or month), and the ISO strings that write them
    (lower case, as a section's text is searched)."""

    text: str  # as the query wrote it
    spans: tuple[tuple[date, date], ...]  # first and last day, inclusive
    literals: tuple[str, ...]
    keeps_word: bool  # a lone day or month name: its word is a query term too (`Wednesday is pasta night`)
    name: str | None = None  # that day or month name, in full


    @property
    def term(self) -> str:
        """The term's name in scores and --explain: its days, in ISO."""
        return " or ".join(a.isoformat() if a == b else f"{a.isoformat()}..{b.isoformat()}" for a, b in self.spans)


def iso_week(day: date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-w{week:02d}"


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def _month_end(year: int, month: int) -> date:
    return (date(year + (month == 12), month % 12 + 1, 1)) - timedelta(days=1)


def _literals_of_days(first: date, last: date) -> tuple[str, ...]:
    """The ISO strings of the days of one month from `first` to `last`, and the day-first dotted
    strings much of Europe writes (`17.03.2026`; a whole month `.03.2026`)."""
    days = _days(first, last)
    if first.day == 1 and last == _month_end(first.year, first.month):  # a whole month: its prefix finds its days
        weeks = sorted({iso_week(d) for d in days if d.weekday() == 3})  # a week belongs to its Thursday's month
        return (f"{first.year}-{first.month:02d}", *weeks, f".{first.month:02d}.{first.year}")
    return (*(d.isoformat() for d in days), *sorted({iso_week(d) for d in days if len(days) < 7 or d.weekday() == 3}),
            *(f"{d.day:02d}.{d.month:02d}.{d.year}" for d in days))


def _literals_of_span(first: date, last: date) -> tuple[str, ...]:
    """The ISO strings of a span's days: a whole year by its prefix (`2025-`), and the rest a month
    at a time (`_literals_of_days`)."""
    out: list[str] = []
    while first <= last:
        if first.month == first.day == 1 and date(first.year, 12, 31) <= last:
            out.append(f"{first.year}-")
            first = date(first.year + 1, 1, 1)
            continue
        end = min(_month_end(first.year, first.month), last)
        out.extend(_literals_of_days(first, end))
        first = end + timedelta(days=1)
    return tuple(out)


def _term(text: str, spans: list[tuple[date, date]], keeps_word: bool = False, name: str | None = None
          ) -> DateTerm | None:
    if not spans:
        return None
    literals = dict.fromkeys(lit for first, last in spans for lit in _literals_of_span(first, last))
    return DateTerm(text, tuple(spans), tuple(literals), keeps_word, name if keeps_word else None)


def _since(found: DateTerm, today: date) -> DateTerm | None:
    """A date after "since" or "after": from its last reading on or before today to today."""
    first = max((first for first, _ in found.spans if first <= today), default=None)
    if first is None:
        return None
    return _term(found.text, [(first, today)])


def _nearest(today: date, candidates: list[date]) -> list[date]:
    """The last of the candidates on or before today and the first after it: a date the query left
    its year or month out of may be either (a memory is mostly about the past, a plan about the next)."""
    before = [d for d in candidates if d <= today]
    after = [d for d in candidates if d > today]
    return ([max(before)] if before else []) + ([min(after)] if after else [])


def _day_in(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# every spelling of a day or month name in every language, to its English name (a query's pattern
# finds only its own language's: `_forms`)
_NAMES: dict[str, str] = {word: name for language in (None, *_FOREIGN_NAMES)
                          for word, name in _calendar_of(language).items()}


def _month_number(word: str) -> int:
    return MONTHS.index(_NAMES[word.lower().rstrip(".")]) + 1


def _weekday_number(word: str) -> int:
    return WEEKDAYS.index(_NAMES[word.lower()])


def query_dates(query: str, today: date, language: str | None = None) -> tuple[list[DateTerm], str]:
    """The query's dates, and its text with the words that only said a date blanked out (a lone day
    or month name stays: it is also a word the memory may use). A question in another `language`
    (relevance.language_of) names its days and months in that language too."""
    if (language not in _FOREIGN_NAMES and not any(c.isdigit() for c in query)
            and _TRIGGERS.isdisjoint(_LETTERS.findall(query.lower()))):
        return [], query
    terms: dict[str, DateTerm] = {}
    rest = list(query)
    for match in _date_pattern(language).finditer(query):
        kind = match.lastgroup
        assert kind is not None

        def group(name: str, match: re.Match[str] = match, kind: str = kind) -> str:
            return match.group(f"{kind}_{name}") or ""

        try:  # a day past the calendar's end (9999-12-31 and the day after it) is no date
            found = _parse(kind, group, match.group(0), match.start(), query, today)
            if found is not None and ((kind == "year" and group("prep").lower() in ("since", "after"))
                                      or _SINCE.search(query, 0, match.start())):
                found = _since(found, today) or found
        except (ValueError, OverflowError):
            found = None
        if found is None:
            continue
        terms.setdefault(found.term, found)
        if not found.keeps_word:
            rest[match.start() : match.end()] = " " * (match.end() - match.start())
    dates = list(terms.values())
    # "between Nov 5 and Nov 10", "from the 3rd to the 9th": the days from one to the other (not
    # "from Monday to Friday": a lone weekday is a habit as much as a day)
    if len(dates) == 2 and _BETWEEN.search(query) and not any(d.name in WEEKDAYS for d in dates):
        first, last = sorted(_reading(d, today) for d in dates)
        dates = [_term(f"{dates[0].text} … {dates[1].text}", [(first[0], max(first[1], last[1]))]) or dates[0]]
    return dates, "".join(rest)


def _reading(found: DateTerm, today: date) -> tuple[date, date]:
    """The reading of a date a span from it means: the last on or before today, or its first."""
    return max((span for span in found.spans if span[0] <= today), default=found.spans[0])


def _capitalised_inside(word: str, start: int, query: str) -> bool:
    return word[:1].isupper() and bool(query[:start].strip())


def calendar_word(word: str, start: int, query: str) -> bool:
    """Whether `word` (as the query writes it, at `start`) names a day or month: always, unless it
    is also a common English word (`may`, `sat`), which must be capitalised inside the sentence."""
    bare = re.sub(r"['’]s$", "", word)
    name = bare.lower()
    return name in CALENDAR and (name not in _AMBIGUOUS or _capitalised_inside(bare, start, query))


def _whole_month(first: date) -> tuple[date, date]:
    return first, _month_end(first.year, first.month)


def _weekend(today: date, step: int, text: str = "the weekend") -> DateTerm | None:
    """A weekend: Saturday and Sunday of this week (Monday to Sunday), the one before it (`last`)
    or after it (`next`). On a Monday "last weekend" is the two days just gone."""
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5, weeks=step)
    return _term(text, [(saturday, saturday + timedelta(days=1))])


def _parse(kind: str, group: Callable[[str], str], text: str, start: int, query: str, today: date) -> DateTerm | None:
    year = today.year
    if kind in ("iso_day", "dotted_day"):
        day = _day_in(int(group("y")), int(group("m")), int(group("d")))
        return _term(text, [(day, day)]) if day else None
    if kind == "week_of":  # "the week of 2026-11-02": its Monday to its Sunday, as an ISO week
        day = _day_in(int(group("y")), int(group("m")), int(group("d")))
        monday = day - timedelta(days=day.weekday()) if day else None
        return _term(text, [(monday, monday + timedelta(days=6))]) if monday else None
    if kind == "iso_week":
        try:
            monday = date.fromisocalendar(int(group("y")), int(group("w")), 1)
        except ValueError:
            return None
        return _term(text, [(monday, monday + timedelta(days=6))])
    if kind == "iso_month":
        month = int(group("m"))
        return _term(text, [_whole_month(date(int(group("y")), month, 1))]) if 1 <= month <= 12 else None
    if kind in ("day_month", "month_day"):
        month, number = _month_number(group("month")), int(group("d"))
        years = [int(group("year"))] if group("year") else [year - 1, year, year + 1]
        days = [d for y in years if (d := _day_in(y, month, number))]
        return _term(text, [(d, d) for d in (days if group("year") else _nearest(today, days))])
    if kind == "month_year":
        return _term(text, [_whole_month(date(int(group("year")), _month_number(group("month")), 1))])
    if kind == "the_weekend":  # "what did we do over the weekend?": the last one; "at the weekend" ahead stays words
        return _weekend(today, -1) if _PAST.search(query) else None
    if kind == "relative":
        step = {"last": -1, "past": -1, "this": 0, "next": 1}[group("rel").lower()]
        if group("unit").lower() == "weekend":
            return _weekend(today, step, text)
        if group("unit").lower() == "week":
            monday = today - timedelta(days=today.weekday()) + timedelta(weeks=step)
            return _term(text, [(monday, monday + timedelta(days=6))])
        index = today.year * 12 + today.month - 1 + step
        return _term(text, [_whole_month(date(index // 12, index % 12 + 1, 1))])
    if kind == "named_day":
        day = today + timedelta(days=_NAMED_DAYS[" ".join(group("word").lower().split())])
        return _term(text, [(day, day)])
    if kind == "year":  # "in 2025", "during 2025": the whole year (a year alone, "the 2014 data", is a number)
        return _term(text, [(date(int(group("y")), 1, 1), date(int(group("y")), 12, 31))])
    if kind == "i_weekdays":  # Danish and Swedish "i fredags": last Friday
        weekday = _weekday_number(group("weekday"))
        day = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
        return _term(text, [(day, day)])
    if kind in ("rel_weekday", "weekday_rel"):
        rel, weekday = group("rel").lower(), _weekday_number(group("weekday"))
        rel = _REL.get(" ".join(rel.split()), rel)
        if rel == "this":
            day = today - timedelta(days=today.weekday()) + timedelta(days=weekday)
        elif rel == "last":
            day = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
        else:
            day = today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)
        return _term(text, [(day, day)])
    if kind == "ordinal":  # "the 14th": this month's or a month beside it; "Monday the 11th": one on a Monday
        on = _weekday_number(group("weekday")) if group("weekday") else None
        steps = range(-1, 2) if on is None else range(-12, 3)  # a plan is weeks ahead, a memory months back
        months = [today.year * 12 + today.month - 1 + step for step in steps]
        days = [d for m in months if (d := _day_in(m // 12, m % 12 + 1, int(group("d"))))
                and (on is None or d.weekday() == on)]
        return _term(text, [(d, d) for d in _nearest(today, days)])
    word = group("month") if kind == "month" else group("weekday")
    if word.lower() in _AMBIGUOUS and not _capitalised_inside(word, start + text.index(word), query):
        return None
    if kind == "month":
        month, rel = _month_number(word), group("rel").strip().lower()
        firsts = [date(y, month, 1) for y in (year - 1, year, year + 1)]
        this_month = date(today.year, today.month, 1)
        if rel == "last":
            chosen = [max(f for f in firsts if f < this_month)]
        elif rel == "next":
            chosen = [min(f for f in firsts if f > this_month)]
        elif rel == "this" or date(year, month, 1) == this_month:
            chosen = [date(year, month, 1)]
        else:
            chosen = _nearest(today, firsts)
        # `May`, `March` and `August` are common words too: only their dates are looked for
        return _term(text, [_whole_month(f) for f in chosen], not rel and word.lower() not in _WORDS,
                     _NAMES[word.lower()])
    weekday = _weekday_number(word)
    if _ON_WEEKDAY.search(query, 0, start) and _PAST.search(query):
        day = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
        return _term(text, [(day, day)])
    days = [today - timedelta(days=(today.weekday() - weekday) % 7)]  # the last one, today if today is one
    if days[0] != today:
        days.append(today + timedelta(days=(weekday - today.weekday()) % 7))
    return _term(text, [(d, d) for d in days], True, _NAMES[word.lower()])
