"""OpenClaw: what memctl knows about it, first its bootstrap injection (which workspace files it
puts in the prompt, and how much of each).

OpenClaw injects its bootstrap files in this order, each capped at `bootstrapMaxChars` (budget
`load_cap_chars`, 12,000 by default; 20,000 in older releases) and all of them drawing on one
total, `bootstrapTotalMaxChars` (budget `total_chars`, 60,000; 150,000 in older releases), spent in
order, so that MEMORY.md, last, is the file that starves. Sizes are JavaScript string lengths
(UTF-16 code units) after trimming the end. A missing required file costs a one-line marker; a
missing BOOTSTRAP.md or MEMORY.md costs nothing; an empty file is skipped; once less than 64
characters are left, the remaining files are skipped. A file over its cap keeps a head and a
tail, with a marker between them naming the file.

A workspace is told by two or more of its bootstrap files. Lessons go to LESSONS.md beside
MEMORY.md; daily notes are `memory/YYYY-MM-DD.md` (and `memory/journal/`), which `rollup` folds.
Sources: docs/hosts.md.
"""

from __future__ import annotations

import os

from memctl.errors import InputError
from memctl.hosts.base import Budgets, Cap, CapResult, Host, line_ends, whole
from memctl.record import record
from memctl.safe.fsutil import read_text
from memctl.text import utf16_len

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.hosts.base import Counter, Doc, Home

NAME = "openclaw"

ORDER = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "BOOTSTRAP.md", "MEMORY.md")
OPTIONAL = frozenset({"BOOTSTRAP.md", "MEMORY.md"})  # injected only when present
BOOTSTRAP_FILES = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md")  # two: a workspace
MIN_FILE_BUDGET = 64


@record
class Injection:
    name: str
    raw: int | None  # characters on disk (UTF-16, end trimmed); None when missing or unreadable
    injected: int  # characters that reach the prompt
    cause: str  # ok, truncated, starved by the total, missing, not present, empty, unreadable
    text: str = ""  # what reaches the prompt: the file (end trimmed), its head and tail, or the marker
    head: int = 0  # when the file is cut: the characters kept from its head...
    tail: int = 0  # ...and from its tail (the middle, raw - head - tail of them, is dropped)
    dropped_lines: tuple[int, int] | None = None  # when cut: the first and last line holding a dropped character

    @property
    def cut(self) -> bool:
        """Whether the host injects less of the file than it holds (truncated, or starved)."""
        return self.raw is not None and self.injected < self.raw


@record
class Bootstrap:
    files: tuple[Injection, ...]
    total: int  # the total budget
    used: int  # what all files together take of it
    memory_chars: int  # what MEMORY.md may take: its per-file cap, or what the files before it leave


def bootstrap(root: str, index: Doc, budgets: Budgets, workspace: str | None = None) -> Bootstrap:
    """The bootstrap injection of the workspace `root`, whose MEMORY.md is `index`. A missing
    file's marker names its path as OpenClaw sees it: under `workspace` (the config key, for a home
    checked out elsewhere than where OpenClaw runs it), else under `root`."""
    seen_at = os.path.expanduser(workspace) if workspace else root
    per_file = budgets.load_cap_chars or 0
    total = budgets.total_chars or per_file * len(ORDER)
    remaining = total
    rows, memory_chars = [], 0
    for name in ORDER:
        if name == index.rel:
            text = index.text
        else:
            path = os.path.join(root, name)
            if not os.path.lexists(path):
                if name in OPTIONAL:
                    rows.append(Injection(name, None, 0, "not present"))
                    continue
                marker = utf16_head(f"[MISSING] Expected at: {os.path.join(seen_at, name)}", remaining)
                remaining -= utf16_len(marker)
                rows.append(Injection(name, None, utf16_len(marker), "missing", marker))
                continue
            try:
                text = read_text(path, name)
            except InputError:
                rows.append(Injection(name, None, 0, "unreadable"))
                continue
        text = text.rstrip()  # trimEnd()
        raw = utf16_len(text)
        if not raw:
            rows.append(Injection(name, 0, 0, "empty"))
            continue
        if remaining < MIN_FILE_BUDGET:
            rows.append(Injection(name, raw, 0, "starved by the total", dropped_lines=(1, text.count("\n") + 1)))
            continue
        cap = min(per_file, remaining)
        if name == index.rel:
            memory_chars = cap
        if raw <= cap:
            row = Injection(name, raw, raw, "ok", text)
        else:
            head, tail = openclaw_trim(raw, name, cap, budgets.head_percent or 0, budgets.tail_percent or 0)
            head_text, tail_text = utf16_head(text, head), utf16_tail(text, tail)
            kept = head_text + "\n" + _marker(name, head, tail, raw) + "\n" + tail_text
            kept = utf16_head(kept, cap)  # clamped to the budget when even the marker does not fit
            middle = text[len(head_text) : len(text) - len(tail_text)]
            first = head_text.count("\n") + 1
            row = Injection(name, raw, utf16_len(kept), "truncated" if cap == per_file else "starved by the total",
                            kept, head, tail, (first, first + middle[:-1].count("\n")))
        remaining -= row.injected
        rows.append(row)
    return Bootstrap(tuple(rows), total, total - remaining, memory_chars)


def describe(budgets: Budgets) -> str:
    if not budgets.load_cap_chars:
        return "no load cap"
    return (f"{budgets.load_cap_chars:,} characters a file, {budgets.total_chars or 0:,} in all "
            f"(head {budgets.head_percent}% and tail {budgets.tail_percent}% kept)")


def _marker(name: str, head: int, tail: int, length: int) -> str:
    """What OpenClaw puts between the head and the tail it keeps of a file (joined to them by a newline each)."""
    return (f"\n[...truncated, read {name} for full content...]\n"
            f"…(truncated {name}: kept {head}+{tail} chars of {length})…\n")


def openclaw_trim(length: int, name: str, max_chars: int, head_percent: int, tail_percent: int) -> tuple[int, int]:
    """Characters OpenClaw keeps from the head and the tail of a file of `length` over `max_chars`.

    The marker between them names the file and the counts, so its length is found by a few
    rounds; the head and tail then share what is left, by their percentages.
    """
    def marker(head: int, tail: int) -> int:
        return len(_marker(name, head, tail, length)) + 2

    head = tail = 0
    for _ in range(3):
        budget = max(0, max_chars - marker(head, tail))
        head, tail = budget * head_percent // 100, budget * tail_percent // 100
    while head + tail + marker(head, tail) > max_chars and (head or tail):
        over = head + tail + marker(head, tail) - max_chars
        if tail:
            tail = max(0, tail - over)
        else:
            head = max(0, head - over)
    return head, tail


def utf16_head(text: str, units: int) -> str:
    """The longest start of `text` within `units` UTF-16 code units (a surrogate pair is not split)."""
    if text.isascii() or utf16_len(text) <= units:
        return text[:max(units, 0)]
    used = 0
    for i, char in enumerate(text):
        used += 2 if ord(char) > 0xFFFF else 1
        if used > units:
            return text[:i]
    return text


def utf16_tail(text: str, units: int) -> str:
    """The longest end of `text` within `units` UTF-16 code units."""
    if units <= 0:
        return ""
    return utf16_head(text[::-1], units)[::-1]



def load(doc: Doc, lines: list[str], budgets: Budgets, counter: Counter, file_chars: int | None) -> CapResult:
    """A file over its share of the bootstrap budget keeps a head and a tail (`head_percent` and
    `tail_percent` of what the marker leaves), the middle dropped. `file_chars` is this file's cap
    when the total budget leaves it less than `load_cap_chars`."""
    description, total = describe(budgets), len(lines)
    limit = budgets.load_cap_chars if file_chars is None else file_chars
    ends = line_ends(lines)
    text_units = utf16_len(doc.text.rstrip())  # trimEnd(): trailing white space is not counted
    measures = ((("chars", text_units, limit),) if limit else ())
    if limit is None or text_units <= limit:
        return CapResult(description, whole(total), total, None, measures)
    if limit < 64:  # starved: OpenClaw skips a file once less than 64 characters are left
        return CapResult(description, (), total, None, measures)
    head, tail = openclaw_trim(text_units, doc.rel.rsplit("/", 1)[-1], limit, budgets.head_percent or 0,
                               budgets.tail_percent or 0)
    head_lines = sum(1 for end in ends if end <= head)
    tail_start = text_units - tail
    starts = [0, *ends[:-1]]
    tail_lines = sum(1 for start in starts if start >= tail_start and start < text_units)
    loaded = list(whole(total, head_lines))
    if tail_lines:
        loaded.append((total - tail_lines + 1, total))
    return CapResult(description, tuple(loaded), total, None, measures)



def injection(home: Home) -> Bootstrap | None:
    """The bootstrap files injected with the index, when a per-file cap is set."""
    budgets = home.config.budgets
    if not budgets.load_cap_chars:
        return None
    return bootstrap(home.root, home.index, budgets, home.config.workspace)


CAP = Cap(NAME, describe, load, injection=injection)


def detect(home: str) -> str:
    found = [name for name in BOOTSTRAP_FILES if os.path.exists(os.path.join(home, name))]
    if len(found) >= 2:
        return f"detected: OpenClaw bootstrap files ({', '.join(found)})"
    return ""


HOST = Host(NAME, note="12,000 characters a bootstrap file (head and tail kept), 60,000 in all, MEMORY.md last",
            preset={"load_cap_mode": "openclaw", "load_cap_lines": None, "load_cap_units": None,
                    "load_cap_chars": 12_000, "total_chars": 60_000, "index_max_lines": None,
                    "index_max_units": None},
            lessons="LESSONS.md", topic_folder="topics", dated=("memory/journal/*.md", "memory/*.md"),
            own_folders=(".openclaw",), startup_names=(*ORDER, "memory.md"),
            folder_keeps="OpenClaw keeps state files there")
