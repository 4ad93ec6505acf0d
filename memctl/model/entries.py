"""Entries of a topic: its top-level list items and paragraphs, and its dated sections.

`consolidate` works entry by entry. Entries come from a CommonMark parser (pulldown-cmark through
pyromark, with markdown-it-py's block tokens as the reference and for files the two read
differently), so nothing inside a code block is ever an entry, and a list item keeps its
continuation lines. They are cached by the digest of the file's text.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any, NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

_ISO = r"(\d{4}-\d{2}-\d{2})"
_OPENING_DATE = re.compile(rf"^\s*(?:[-*+]|\d+[.)])?\s*\**{_ISO}\b")
_HEADING_DATE = re.compile(rf"^\s{{0,3}}#{{1,6}}\s+{_ISO}\b")
_STATE = re.compile(rf"\[STATE:\s*{_ISO}\s*\]", re.IGNORECASE)
_AS_OF = re.compile(rf"\(as of {_ISO}\)", re.IGNORECASE)
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_MARKER_FIRST = frozenset("-*+0123456789")


class Entry(NamedTuple):
    start: int  # 0-based line index into the file
    end: int  # exclusive
    kind: str  # "item", "paragraph" or "section" (a heading that opens with a date, and its body)
    day: date | None


_LEADING_DATE = re.compile(rf"^\**{_ISO}\**\s*(?:[—–:-]+\s*)?")


def entry_key(text: str, ignore_dates: bool = False) -> str:
    """What makes two entries the same: their words, case and white space folded, list markers,
    `[STATE: …]` tags and `(as of …)` dropped. With `ignore_dates`, a leading date goes too, so a
    lesson written down twice on two days is one lesson; elsewhere an incident on another day is
    another incident, and its recurrence is kept."""
    text = text.strip()
    if text[:1] in _MARKER_FIRST:  # each pattern is tried only where its first character is (it runs
        text = _MARKER.sub("", text)  # on every entry of every topic: 400,000 of them in a fleet)
    if ignore_dates:
        text = _LEADING_DATE.sub("", text)
    if "[" in text:
        text = _STATE.sub("", text)
    if "(" in text:
        text = _AS_OF.sub("", text)
    return " ".join(text.split()).lower()


_SEPARATOR = "\x00"  # neither white space to str.split() and `\\s` nor cased: no rule below crosses it
_MARKER_EACH = re.compile(r"\x00(?:[-*+]|\d+[.)])\s+")  # each entry starts after one: a literal to scan for
_LEADING_DATE_EACH = re.compile(rf"\x00\**{_ISO}\**\s*(?:[—–:-]+\s*)?")


def entry_keys(texts: list[str], ignore_dates: bool = False) -> list[str]:
    """[entry_key(text, ignore_dates) for text in texts], with each rule run once over all of them
    joined (consolidate keys every entry of every topic: 320,000 in a 10,000-topic fleet)."""
    if not texts or any(_SEPARATOR in text for text in texts):
        return [entry_key(text, ignore_dates) for text in texts]
    joined = _MARKER_EACH.sub(_SEPARATOR, "".join(_SEPARATOR + text.strip() for text in texts))
    if ignore_dates:
        joined = _LEADING_DATE_EACH.sub(_SEPARATOR, joined)
    if "[" in joined:
        joined = _STATE.sub("", joined)
    if "(" in joined:
        joined = _AS_OF.sub("", joined)
    return [" ".join(piece.split()) for piece in joined.lower().split(_SEPARATOR)[1:]]


def opens_with_date(first_line: str) -> bool:
    """Whether an entry's first line opens with an ISO date (`- 2026-06-02: kettle died`): a whole
    dated record, such as a log line, rather than one field of a record."""
    return _OPENING_DATE.match(first_line) is not None


def entry_date(first_line: str, text: str) -> date | None:
    for pattern, where in ((_HEADING_DATE, first_line), (_OPENING_DATE, first_line), (_STATE, text), (_AS_OF, text)):
        match = pattern.search(where)
        if match:
            try:
                return date.fromisoformat(match.group(1))
            except ValueError:
                return None
    return None


ENTRIES_VERSION = 4  # bump when what entries_and_headings returns changes: it names cached entries (4: one string)
_BLOCKS: Any = None


def _block_tokens(lines: list[str], first: int) -> list[Any]:
    """markdown-it-py's block tokens for lines[first:]. Entries and headings are blocks, so the
    inline pass (a third of the time) is left out, and one parser serves the whole run."""
    global _BLOCKS
    if _BLOCKS is None:
        from markdown_it import MarkdownIt

        _BLOCKS = MarkdownIt("commonmark").disable("inline")
    body = "".join(line.rstrip("\r\n").replace("\r", " ") + "\n" for line in lines[first:])
    return list(_BLOCKS.parse(body))


def entries_to_json(entries: list[Entry]) -> str:
    """Entries as the cache keeps them: `start,end,kind letter,day` rows joined by `;` (one string: a
    31 MB topic's 600,000 entries as lists took 90 MB)."""
    return ";".join(f"{e.start},{e.end},{e.kind[0]},{e.day.isoformat() if e.day else ''}" for e in entries)


def headings_from_json(value: Any, lines: int) -> list[tuple[int, int]] | None:
    """Headings read back from the cache, or None when `value` is not a list of them within `lines`."""
    if type(value) is not list or not all(type(row) is list and len(row) == 2 and type(row[0]) is int
                                          and type(row[1]) is int and 0 <= row[0] < lines for row in value):
        return None
    return [(line, level) for line, level in value]


def entries_from_json(value: Any, lines: int) -> list[Entry] | None:
    """Entries read back from the cache, or None when `value` is not a string of them within `lines`."""
    if type(value) is not str:
        return None
    entries = []
    try:
        for row in value.split(";") if value else ():
            first, stop, letter, when = row.split(",")
            start, end, kind = int(first), int(stop), _KINDS[letter]
            if not 0 <= start < end <= lines:
                return None
            day = None
            if when:
                day = _DAYS.get(when)
                if day is None:
                    day = _DAYS[when] = date.fromisoformat(when)
            entries.append(Entry(start, end, kind, day))
    except (ValueError, KeyError):  # a row of another shape, a number or a day that does not read
        return None
    return entries


_KINDS = {"i": "item", "p": "paragraph", "s": "section"}
_DAYS: dict[str, date] = {}  # the dates read back, by their text: a fleet's entries share a few thousand days


def outline(lines: list[str], first: int) -> Iterable[tuple[str, int, int, int]]:
    """The top-level headings, list items and paragraphs, as `memctl.markup.structure.block_outline` gives
    them: from pulldown-cmark, or from markdown-it-py's block tokens (the reference) where a link
    reference definition makes the two parsers differ."""
    from memctl.markup.structure import _REFERENCE_DEFINITION, block_outline

    if not any(_REFERENCE_DEFINITION.match(line) for line in lines[first:] if "]:" in line):
        return block_outline(lines, first)
    return reference_outline(lines, first)


def reference_outline(lines: list[str], first: int) -> list[tuple[str, int, int, int]]:
    """`outline` from markdown-it-py's block tokens."""
    found: list[tuple[str, int, int, int]] = []
    for token in _block_tokens(lines, first):
        if not token.map:
            continue
        if token.type == "heading_open" and token.level == 0:
            found.append(("heading", token.map[0] + first, int(token.tag[1]), 0))
        elif token.type == "paragraph_open" and token.level == 0:
            found.append(("paragraph", token.map[0] + first, token.map[1] + first, 0))
        elif token.type == "list_item_open" and token.level == 1:
            found.append(("item", token.map[0] + first, token.map[1] + first, 0))
    return found


def entries_and_headings(lines: list[str], first: int, dates: bool = True,
                         ) -> tuple[list[Entry], list[tuple[int, int]]]:
    """The entries of lines[first:] (the body after front matter), and its top-level headings as
    (0-based line, level), each in file order. One pass over the blocks: a block under a heading that
    opens with a date (up to the next heading of its level or above) moves with that section, and is
    no entry of its own (a 31 MB journal's 600,000 items, never listed). Without `dates`, no entry's
    date is read (each `day` is None): what keys the entries needs no date."""
    entries: list[Entry] = []
    headings: list[tuple[int, int]] = []
    sections: list[list[int]] = []  # [start, stop] of each heading that opens with a date
    above: list[tuple[int, list[int] | None]] = []  # the headings open here, levels rising (and its section)
    dated = 0  # how many of them open with a date
    for kind, start, end, _ in outline(lines, first):
        if kind == "heading":  # its third field is its level
            while above and above[-1][0] >= end:
                section = above.pop()[1]
                if section is not None:
                    section[1] = start
                    dated -= 1
            section = [start, len(lines)] if _HEADING_DATE.match(lines[start]) else None
            if section is not None:
                sections.append(section)
                dated += 1
            above.append((end, section))
            headings.append((start, end))
            continue
        if dated:
            continue  # part of a dated section: it moves with it
        while end > start and not lines[end - 1].strip():
            end -= 1
        entries.append(Entry(start, end, kind, entry_date(lines[start], "".join(lines[start:end])) if dates else None))
    for start, stop in sections:
        entries.append(Entry(start, stop, "section",
                             entry_date(lines[start], "".join(lines[start:stop])) if dates else None))
    return sorted(entries), headings
