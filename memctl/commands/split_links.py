"""Where `split` puts the index's new links: where the index's host loads them.

A split lists the sections it moves under the index heading (`## Topics`), at the end when the
index has none. When the index is still past its host's load cap after the split (a first section
that alone runs past Claude Code's 200 lines), the end is not loaded, and neither would the links
be: they go instead after the last link line the host loads among the sections that stay (as
`capture` places its link), and the plan says what that pushes out. When no such place holds
them all, or the index is still cut after the split whatever the place, the plan warns and says
what to do.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from memctl.text import split_lines

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence

    from memctl.model.home import Doc, MemoryHome

    Inserted = list[tuple[int, str]]
    Rebuild = Callable[[int | None], tuple[str, Inserted]]

_TOP_LINK = re.compile(r"^[-*+][ \t]+\[[^\]\n]*\]\([^)\n]*\)")  # a list item that opens with a link
TRIES = 5  # places checked against the host's cap, each a parse of the planned index


def _span(first: int, last: int) -> str:
    return f"line {first}" if first == last else f"lines {first}–{last}"


def _ours(text: str, inserted: Inserted) -> list[bool]:
    """For each line of `text`, whether memctl inserted it whole (a line of `inserted`)."""
    spans = [(at, at + len(piece)) for at, piece in inserted]
    flags, position = [], 0
    for line in split_lines(text):
        end = position + len(line)
        flags.append(any(a <= position and end <= b for a, b in spans))
        position = end
    return flags


def _block_lines(text: str, inserted: Inserted, block: str) -> tuple[int, int]:
    """The first and last line (1-based) of the links block in the planned text."""
    at, piece = next((at, piece) for at, piece in inserted if block in piece)
    first = text.count("\n", 0, at + piece.index(block)) + 1
    return first, first + block.count("\n") - 1


def _within(ranges: Sequence[tuple[int, int]], first: int, last: int) -> bool:
    return any(a <= first and last <= b for a, b in ranges)


def _candidates(doc: Doc, loaded: Sequence[tuple[int, int]], stays: Callable[[int], bool]) -> list[int]:
    """Lines of the index (1-based, last first) after which the links may go: a top-level link line
    the host loads now, in a part that stays and never moves (past the continuation lines of its
    item), outside code blocks."""
    lines = split_lines(doc.text)
    inside = {n for first, last, _ in doc.blocks for n in range(first, last + 1)}
    found = []
    for number in range(len(lines), 0, -1):
        if number in inside or not _within(loaded, number, number) or not _TOP_LINK.match(lines[number - 1]):
            continue
        after = number
        while after < len(lines) and lines[after].strip() and lines[after][:1] in " \t":
            after += 1  # past the item's indented continuation lines
        if stays(after) and after not in found:
            found.append(after)
    return found


def place_links(home: MemoryHome, doc: Doc, level: int, moved: Collection[int], keep: Collection[str],
                block: str, rebuild: Rebuild, default: tuple[str, Inserted]) -> tuple[str, Inserted, list[str]]:
    """The planned index, what memctl inserted into it, and what the plan should say of where the
    links are: `default` (the links under the index heading) when the host loads them there, else
    `rebuild(n)`, the links after line n of the index, for the last place that keeps them loaded.

    `moved`: the start lines of the sections that move; `keep`: the lower-case headings kept by
    name (they never move, so links put in them stay in the index)."""
    from memctl.commands.capture import index_view

    if doc.rel != home.index.rel or doc.text != home.index.text:
        return (*default, [])
    view = index_view(home)
    assert view.loaded is not None
    text, inserted = default
    now = view.loaded(text)
    first, last = _block_lines(text, inserted, block)
    notes: list[str] = []
    if not _within(now, first, last):
        ranges = [(p.start_line, p.end_line) for p in doc.parts if p.level >= 0 and p.start_line not in moved
                  and (p.level < level or (p.heading or "").strip().lower() in keep)]  # in order: parts tile

        def stays(line: int) -> bool:
            at = bisect_right(ranges, (line, doc.lines))  # the last range starting at or before the line
            return bool(at) and ranges[at - 1][0] <= line <= ranges[at - 1][1]

        removed = sorted((p.start_line, p.lines) for p in doc.parts if p.level >= 0 and p.start_line in moved)
        count = last - first + 1
        tried, placed_well = 0, False
        for after in _candidates(doc, home.index_cap.loaded, stays):
            shifted = after - sum(lines for start, lines in removed if start < after)  # its line once split
            if not _within(now, shifted + 1, shifted + count):
                continue
            if tried == TRIES:
                break
            tried += 1
            candidate, placed = rebuild(after)
            loaded = view.loaded(candidate)
            at, end = _block_lines(candidate, placed, block)
            if _within(loaded, at, end):
                notes.append(_moved_note(home, text, inserted, now, candidate, placed, loaded, at, end))
                text, inserted, now, first, last = candidate, placed, loaded, at, end
                placed_well = True
                break
        if not placed_well:
            notes.append(f"the new links ({_span(first, last)} of {doc.rel}) lie past its host's load cap "
                         f"({home.index_cap.description}) and no place among the links it loads takes them: the "
                         f"host will not see the topics this split makes; link them by hand within "
                         f"{_spans(now)}, or slim what stays")
    total = len(split_lines(text))
    if not _within(now, 1, total):
        notes.append(_still_cut(home, doc, text, now, total))
    return text, inserted, notes


def _spans(ranges: Sequence[tuple[int, int]]) -> str:
    return ", ".join(_span(a, b) for a, b in ranges) or "no line"


def _moved_note(home: MemoryHome, before: str, before_ours: Inserted, before_loaded: Sequence[tuple[int, int]],
                after: str, after_ours: Inserted, after_loaded: Sequence[tuple[int, int]], first: int,
                last: int) -> str:
    """The links moved from under the index heading to where the host loads them, and the lines of
    the index they push out of what it loads."""
    def kept_loaded(text: str, ours: Inserted, loaded: Sequence[tuple[int, int]]) -> list[tuple[int, bool]]:
        flags = _ours(text, ours)
        return [(n, _within(loaded, n, n)) for n, mine in enumerate(flags, 1) if not mine]

    old, new = kept_loaded(before, before_ours, before_loaded), kept_loaded(after, after_ours, after_loaded)
    pushed = [n for (_, was), (n, now) in zip(old, new, strict=False) if was and not now]  # lines of `after`
    rel = home.index.rel
    said = (f"the end of {rel} lies past its host's load cap ({home.index_cap.description}): the new links go in at "
            f"{_span(first, last)}, after the last link line it loads, not under '{home.config.index_heading}'")
    if pushed:
        shown = split_lines(after)[pushed[0] - 1].strip()
        shown = shown if len(shown) <= 60 else shown[:59] + "…"
        which = (_span(pushed[0], pushed[-1]) if len(pushed) == pushed[-1] - pushed[0] + 1
                 else f"{len(pushed)} lines from {pushed[0]}")
        said += f", and push {which} ({shown!r}) out of what it loads"
    return said


def _still_cut(home: MemoryHome, doc: Doc, text: str, loaded: Sequence[tuple[int, int]], total: int) -> str:
    """The index is still past its host's load cap after the split: which lines it drops, from which
    sections, and what to do."""
    from memctl.model.home import doc_from_text, unloaded_runs

    headings = doc_from_text(text, doc.path, doc.rel, home, 6)._facts["headings"]
    runs = unloaded_runs(loaded, total)
    starts = [at + 1 for at, _, _ in headings]  # 1-based first line of each section

    def section_of(line: int) -> str:
        before = [n for n, start in enumerate(starts) if start <= line]
        return repr(headings[before[-1]][2].strip()) if before else "the preamble"

    names: list[str] = []
    for first, last in runs:
        for line in [first, *(s for s in starts if first < s <= last)]:
            name = section_of(line)
            if name not in names:
                names.append(name)
    listed = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    dropped = ", ".join(_span(a, b) for a, b in runs)
    return (f"{doc.rel} is still past its host's load cap after the split ({home.index_cap.description}): "
            f"{dropped} of {total} are not loaded ({listed}); slim the sections that stay by hand, or let split move "
            "more of them (fewer --keep or config `core` headings, or another --level)")
