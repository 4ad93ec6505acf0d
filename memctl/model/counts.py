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
TOLERANCE = 0.10


class StaleCount(NamedTuple):
    line: int  # 1-based
    column: int
    topic: str  # relative to the home
    written: int
    actual: int


def stale_counts(index_text: str, index_rel: str, tokens: dict[str, int], tolerance: float = TOLERANCE,
                 ) -> list[StaleCount]:
    """Index lines whose `(~N tokens)` is off by more than `tolerance` from the topic they link to."""
    folder = posixpath.dirname(index_rel)
    found = []
    for number, line in enumerate(split_lines(index_text), start=1):
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
