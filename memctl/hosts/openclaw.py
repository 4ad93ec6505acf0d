"""OpenClaw's bootstrap injection: which workspace files it puts in the prompt, and how much of each.

OpenClaw injects its bootstrap files in this order, each capped at `bootstrapMaxChars` (budget
`load_cap_chars`, 12,000 by default; 20,000 in older releases) and all of them drawing on one
total, `bootstrapTotalMaxChars` (budget `total_chars`, 60,000; 150,000 in older releases), spent in
order, so that MEMORY.md, last, is the file that starves. Sizes are JavaScript string lengths
(UTF-16 code units) after trimming the end. A missing required file costs a one-line marker; a
missing BOOTSTRAP.md or MEMORY.md costs nothing; an empty file is skipped; once less than 64
characters are left, the remaining files are skipped.
"""

from __future__ import annotations

import os

from memctl.errors import InputError
from memctl.hosts.loadcap import openclaw_trim
from memctl.model.config import Budgets
from memctl.model.home import Doc
from memctl.model.tokens import utf16_len
from memctl.record import record
from memctl.safe.fsutil import read_text

ORDER = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "BOOTSTRAP.md", "MEMORY.md")
OPTIONAL = frozenset({"BOOTSTRAP.md", "MEMORY.md"})  # injected only when present
MIN_FILE_BUDGET = 64


@record
class Injection:
    name: str
    raw: int | None  # characters on disk (UTF-16, end trimmed); None when missing or unreadable
    injected: int  # characters that reach the prompt
    cause: str  # ok, truncated, starved by the total, missing, not present, empty, unreadable


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
                marker = min(len(f"[MISSING] Expected at: {os.path.join(seen_at, name)}"), remaining)
                remaining -= marker
                rows.append(Injection(name, None, marker, "missing"))
                continue
            try:
                text = read_text(path, name)
            except InputError:
                rows.append(Injection(name, None, 0, "unreadable"))
                continue
        raw = utf16_len(text.rstrip())
        if not raw:
            rows.append(Injection(name, 0, 0, "empty"))
            continue
        if remaining < MIN_FILE_BUDGET:
            rows.append(Injection(name, raw, 0, "starved by the total"))
            continue
        cap = min(per_file, remaining)
        if name == index.rel:
            memory_chars = cap
        if raw <= cap:
            injected, cause = raw, "ok"
        else:
            head, tail = openclaw_trim(raw, name, cap, budgets.head_percent or 0, budgets.tail_percent or 0)
            injected = min(cap, head + tail + len(f"\n[...truncated, read {name} for full content...]\n"
                                                  f"…(truncated {name}: kept {head}+{tail} chars of {raw})…\n") + 2)
            cause = "truncated" if cap == per_file else "starved by the total"
        remaining -= injected
        rows.append(Injection(name, raw, injected, cause))
    return Bootstrap(tuple(rows), total, total - remaining, memory_chars)
