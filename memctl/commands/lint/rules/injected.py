"""Rules on the files the host injects with the index on every request (OpenClaw's bootstrap files)."""

from __future__ import annotations

from collections.abc import Iterator

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.hosts import injection


@rule("MEM209", "injected-file-cut", "error")
def injected_file_cut(ctx: Context) -> Iterator[Finding]:
    """A file the host injects with the index on every request is cut, so part of it never reaches the agent.

    OpenClaw injects AGENTS.md, SOUL.md, TOOLS.md, IDENTITY.md, USER.md, HEARTBEAT.md, BOOTSTRAP.md
    and MEMORY.md, in that order, each at most `load_cap_chars` (12,000) characters and all of them
    at most `total_chars` (60,000). A file over its cap keeps its head and its tail and loses the
    middle; a file after others that used up most of the total is cut the same way to what they
    leave, or not injected at all once less than 64 characters are left. The finding names the
    file, its size, the cap it is over and what is dropped, at the first dropped line. MEMORY.md's
    own cut is MEM205. Hosts that inject no other files have nothing to check. Fix: move detail
    out of the file into one the agent reads when it needs it, or raise OpenClaw's
    `agents.defaults.bootstrapMaxChars` / `bootstrapTotalMaxChars` (and `load_cap_chars` /
    `total_chars` here to match).
    """
    home = ctx.home
    boot = injection(home)
    if boot is None:
        return
    per_file = home.config.budgets.load_cap_chars or 0
    used = 0  # what the files before this one took of the total
    for row in boot.files:
        if row.name != home.index.rel and row.cut and row.raw is not None and row.dropped_lines:
            first, last = row.dropped_lines
            lines = f"line {first:,}" if first == last else f"lines {first:,}–{last:,}"
            if row.injected == 0:
                yield Finding(row.name, 1, 1, f"{row.name} ({row.raw:,} characters) is not injected at all: the "
                              f"files before it take {used:,} of the {boot.total:,} characters in all, and the host "
                              f"injects no file once less than 64 are left ({lines} never reach the agent)")
            else:
                if row.cause == "truncated":
                    over = f"is {row.raw:,} characters, over the host's {per_file:,} a file"
                else:
                    over = (f"is {row.raw:,} characters, and the files before it leave it {boot.total - used:,} "
                            f"of the {boot.total:,} in all")
                dropped = row.raw - row.head - row.tail
                yield Finding(row.name, first, 1, f"{row.name} {over}: the host injects its first {row.head:,} "
                              f"and last {row.tail:,} characters, so {dropped:,} characters, {lines}, never reach "
                              f"the agent")
        used += row.injected
