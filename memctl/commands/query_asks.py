"""What a short query asks, told from English word frequencies (background.py) and the words the
home holds: its rarest word, its ids, the words of it no file holds. `rank_sections` (query.py)
asks these of the terms and of each section's counts of them (`counts`, one dict a section)."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from collections.abc import Set as AbstractSet

    from memctl.model.home import Doc


def information(words: AbstractSet[str]) -> dict[str, float]:
    """What each word tells in English: 9 less its Zipf frequency (background.py), the negative
    log10 of its share of English words; a stem the table lacks as if just below the table's floor."""
    from memctl.commands.background import FLOOR, zipf

    return {t: 9 - (zipf(t) or FLOOR - 1) for t in words}


def as_written(query: str, terms: AbstractSet[str], term_of: Callable[[str], str | None]) -> str:
    """These terms as the query first writes them (lower-cased), quoted, in order."""
    from memctl.commands.relevance import words

    said = {term: w for w in reversed(words(query)) if (term := term_of(w)) is not None and term in terms}
    return ", ".join(repr(w) for w in sorted(said.get(t, t) for t in terms))


def lacking(query: str, terms: frozenset[str], counts: Sequence[Mapping[str, int]], docs: Sequence[Doc],
            term_of: Callable[[str], str | None]) -> str | None:
    """Why no section answers a short query; None when some may. The words of the query no file
    of the home holds (its text, its file name, its front matter) are what it asks and the memory
    lacks:
    - when its rarest word (`rarest`) is one of them ("renew the domain": a memory that never says
      `renew` does not answer it, however often it says `shop`);
    - when they tell more in English (`information`) than any section holds of the query: "set up
      a Lightning node for the fleet" asks most about Lightning and setting up (8.1), and § Fleet
      coordination holds only `fleet` (4.6); "roll back the last deploy" still finds the deploy
      notes, whose `deploy` (4.6) tells more than `roll` (3.9).
    The table of English is read only when some word of the query is in no section, and the files
    searched only when one of the two may hold."""
    from memctl.commands.query_dates import CALENDAR
    from memctl.commands.relevance import TermFinder, rarest, weighed_words

    weighed = weighed_words(terms) - id_terms(query, term_of)
    held = {t for section in counts for t in section}
    absent = weighed - held
    if not absent:
        return None
    # a word outside ASCII that a section holds (`kākā`, `Salinität`) is not in the table, and rarer
    # than any word it has: what "kākā fan noise" asks about is that, not `noise` (an id such as
    # `S3` stays what the task is for: "the storage quota on the S3 bucket" is about a quota)
    names = set(CALENDAR.values())
    ids = id_terms(query, term_of)
    unweighed = {t for t in terms & held if not t.isascii() and t not in ids and t not in names}
    info = information(weighed | unweighed)
    wanted = rarest(weighed | unweighed)
    best = max(counts, key=lambda section: sum(info.get(t, 0.0) for t in section))
    most = sum(info.get(t, 0.0) for t in best)
    rarest_absent = bool(wanted) and wanted <= absent
    if not rarest_absent and most >= sum(info[t] for t in absent):
        return None
    finder = TermFinder(absent)
    missing = set(absent)
    for doc in docs:
        for text in (doc.text.lower(), doc.stem.lower()):
            missing -= {term for word in finder.words(text) if (term := term_of(word)) is not None}
        if not missing:
            return None
    if rarest_absent and wanted <= missing:
        shown = as_written(query, wanted, term_of).replace(", ", " or ")
        return f"the query's rarest word, {shown}, is in no file of the home"
    lack = sum(info[t] for t in missing)
    if most >= lack:
        return None
    return (f"the query's words in no file of the home, {as_written(query, missing, term_of)}, tell more in English "
            f"({lack:.1f}, 9 - Zipf) than any section holds of it (at most {most:.1f}: "
            f"{as_written(query, best.keys() & info.keys(), term_of)})")


def id_terms(query: str, term_of: Callable[[str], str | None]) -> set[str | None]:
    """The terms of the words written with digits (`BIL-977`, `arc-vm-2`, `x402`): parts of an id,
    what the task is for, which the memory need never have seen, not what it asks about."""
    from memctl.commands.relevance import words

    return {term_of(w) for token in query.split() if any(c.isdigit() for c in token) for w in words(token)}


def id_of(query: str, terms: frozenset[str], term_of: Callable[[str], str | None]) -> tuple[frozenset[str], str]:
    """The terms of the query's ids (`id_terms`) and the ids as written, when the query has other words
    too: "roll back the last deploy on arc-vm-2" asks about a deploy, for arc-vm-2. A section that
    holds only an id's parts (`arc`, `vm`: an incident on that machine) holds what the task is for,
    not what it asks. A query of ids alone ("BIL-977") asks about them: no terms then."""
    from memctl.commands.relevance import is_number, words

    joined = [token for token in query.split() if any(c.isdigit() for c in token) and _JOINED.search(token)]
    ids = {t for token in joined for w in words(token) if (t := term_of(w)) is not None}
    if not ids or not any(t not in ids and not is_number(t) for t in terms):
        return frozenset(), ""
    written = [token.strip(".,;:!?()[]{}'\"`") for token in joined]
    return frozenset(ids), ", ".join(repr(w) for w in written)


# An id joins its parts: `BIL-977`, `arc-vm-2`, `ledger_v2`, `usage.v3`; a name written with a digit
# (`MA3`, `RC2`, `S3`) is a thing the task is about, as any word is
_JOINED = re.compile(r"[^\W_][-_./#:]+[^\W_]|\b[0-9a-f]{7,40}\b")  # ... and a commit's hash


def about(query: str, terms: frozenset[str], counts: Sequence[Mapping[str, int]],
          term_of: Callable[[str], str | None]) -> tuple[str, str] | None:
    """The word a short question is about, and how it was written: its clearly rarest in English
    (`rarest`), when some section holds it and the table weighs every word of the question (none an
    id, a day or month name, a word outside ASCII: then the rarest of those weighed need not be the
    rarest of all). "Did Vera pay?" asks about Vera: a note that says who pays, and not Vera, does
    not answer it. Only a question (ending in `?`): a task's title ("make the CI builds cheaper")
    is about what is to be done, which need not be its rarest word."""
    from memctl.commands.relevance import is_number, rarest, weighed_words, words

    if not query.rstrip().endswith("?"):
        return None
    weighed = weighed_words(terms)
    ids = {t for t in id_terms(query, term_of) if t is not None and not is_number(t)}
    if len(weighed) < 2 or weighed != {t for t in terms if not is_number(t)} or ids:
        return None
    wanted = rarest(weighed)
    if len(wanted) != 1 or not any(t in section for section in counts for t in wanted):
        return None
    term = min(wanted)
    said = sorted({w for w in words(query) if term_of(w) == term})
    return term, said[0] if said else term


def askers_words(query: str, terms: frozenset[str], counts: Sequence[Mapping[str, int]],
                 term_of: Callable[[str], str | None]) -> frozenset[str]:
    """The words of a short question that are only the asker's: when the one word of it that some
    section holds is its clearly rarest in English (`rarest`), the question is about that word, and
    its other words are how the asker put it, not something the memory lacks ("why did we leave
    Mailchimp?": the memory tells of the move, never with `leave`). They weigh nothing in
    `coverage`. A word written with digits is an id, as in `lacking`."""
    from memctl.commands.relevance import rarest, weighed_words

    weighed = weighed_words(terms) - id_terms(query, term_of)
    held = weighed & {t for section in counts for t in section}
    if len(held) != 1 or len(weighed) < 2 or rarest(weighed) != held:
        return frozenset()
    return frozenset(weighed - held)
