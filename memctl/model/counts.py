"""The `(~N tokens)` an index line gives for the topic it links to, kept true.

`split` writes these counts; a topic then grows or is consolidated, and the count lies. Lint's
MEM207 finds counts more than 10% off, `memctl lint --fix` rewrites them, and `consolidate`
rewrites the counts of the topics it changes.
"""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple

from memctl.text import split_lines

COUNT = re.compile(r"\(~([\d,]+) tokens\)")
_LINK = re.compile(r"\]\((?:<([^>\n]+)>|([^()\s]+))")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
TOLERANCE = 0.10


class StaleCount(NamedTuple):
    line: int  # 1-based
    column: int
    topic: str  # relative to the home
    written: int
    actual: int


def stale_counts(index_text: str, index_rel: str, tokens: dict[str, int], tolerance: float = TOLERANCE,
                 ) -> list[StaleCount]:
    """Index lines whose `(~N tokens)` is off by more than `tolerance` from the topic they link to.

    Read as the link rules read the index: a line in the front matter, a code block or an HTML
    block (an example of an index line, one commented out) links to nothing, and neither does a
    code span; their text is never a count to check or rewrite."""
    folder = posixpath.dirname(index_rel)
    found = []
    lines = split_lines(index_text)
    skipped = _verbatim(lines) if "(~" in index_text else set()
    for number, line in enumerate(lines, start=1):
        if number in skipped:
            continue
        if "`" in line:  # a code span blanked out, so the columns stay the line's own
            line = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        count = COUNT.search(line)
        link = _LINK.search(line) if count else None
        if not count or not link:
            continue
        href = (link.group(1) or link.group(2)).split("#", 1)[0]
        topic = posixpath.normpath(posixpath.join(folder, href))
        if topic not in tokens:
            continue
        written = int(count.group(1).replace(",", ""))
        actual = tokens[topic]
        if abs(actual - written) > tolerance * max(actual, 1):
            found.append(StaleCount(number, count.start() + 1, topic, written, actual))
    return found


def _verbatim(lines: list[str]) -> set[int]:
    """The 1-based lines of the front matter and of the code and HTML blocks."""
    from memctl.markup.markdown import front_matter_span
    from memctl.markup.structure import structure

    first = front_matter_span(lines)
    blocks = structure(lines, first, 1)["blocks"]  # [first line (0-based), end (exclusive), kind]
    return {*range(1, first + 1), *(n + 1 for start, end, _ in blocks for n in range(start, end))}


def refresh_counts(index_text: str, index_rel: str, tokens: dict[str, int], tolerance: float = 0.0) -> str:
    """The index with the counts of the topics in `tokens` made true (those off by more than `tolerance`)."""
    stale = {s.line: s for s in stale_counts(index_text, index_rel, tokens, tolerance)}
    if not stale:
        return index_text
    lines = split_lines(index_text)
    for number, item in stale.items():
        line = lines[number - 1]
        rest = COUNT.sub(f"(~{item.actual:,} tokens)", line[item.column - 1 :], 1)
        lines[number - 1] = line[: item.column - 1] + rest
    return "".join(lines)
