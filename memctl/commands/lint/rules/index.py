"""Rules on the index: the file paid for on every request."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.hosts import CapResult, index_sizes
from memctl.model.home import Dropped, Part
from memctl.text import split_lines, utf16_len
from memctl.words import plural


def _line_limit(ctx: Context) -> int | None:
    return ctx.max_index_lines or ctx.home.config.budgets.index_max_lines


@rule("MEM201", "index-over-line-limit", "error")
def index_over_line_limit(ctx: Context) -> Iterator[Finding]:
    """The index has more lines than allowed.

    Claude Code loads only the first 200 lines of MEMORY.md (counted after its front matter and
    HTML comments are stripped and the rest trimmed); the rest is never seen. The limit is the
    profile's `index_max_lines` (200; none for OpenClaw and Volute), or `--max-index-lines`. The
    finding points at the first line past the limit. Fix: `memctl split` moves sections into
    topic files.
    """
    limit, home = _line_limit(ctx), ctx.home
    lines = index_sizes(home)["lines"]
    if limit and lines > limit:
        cap = home.index_cap
        line = cap.loaded[-1][1] + 1 if cap.capped and cap.loaded else limit + 1
        yield Finding(home.index.rel, line, 1, f"index has {lines} lines, more than the limit of {limit}")


@rule("MEM202", "index-over-size-limit", "error")
def index_over_size_limit(ctx: Context) -> Iterator[Finding]:
    """The index is larger than its size limit: 25,000 UTF-16 code units for Claude Code.

    Claude Code stops reading MEMORY.md at 25,000 UTF-16 code units (JavaScript's string length:
    a CJK character is 1, an emoji 2), cut at a line end. Limits: `index_max_units`, and
    `index_max_bytes` for a host that counts bytes. The finding points at the line where the
    limit is crossed.
    """
    budgets, home = ctx.home.config.budgets, ctx.home
    index, sizes = home.index, index_sizes(home)
    for limit, used, unit, size in ((budgets.index_max_units, sizes["units"], "UTF-16 code units", utf16_len),
                                    (budgets.index_max_bytes, sizes["bytes"], "bytes", _utf8_len)):
        if limit and used > limit:
            totals = accumulate(size(line) for line in split_lines(index.text))
            line = next((n for n, total in enumerate(totals, start=1) if total > limit), 1)
            yield Finding(index.rel, line, 1, f"index is {used:,} {unit}, more than the limit of {limit:,}")
            return


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))


@rule("MEM203", "index-over-token-budget", "warning")
def index_over_token_budget(ctx: Context) -> Iterator[Finding]:
    """The index is over its soft token budget (`index_tokens`, 5,000 by default).

    Every token of the index is paid on every request, and irrelevant memory makes an agent
    noisier, not smarter.
    """
    limit, home = ctx.home.config.budgets.index_tokens, ctx.home
    if limit and home.index.tokens > limit:
        yield Finding(home.index.rel, 1, 1, f"index is {home.index.tokens:,} tokens ({home.counter.name}), "
                      f"over its budget of {limit:,}")


@rule("MEM204", "index-near-limit", "warning")
def index_near_limit(ctx: Context) -> Iterator[Finding]:
    """The index has passed 90% of its line or size limit (or the profile's warning line).

    A warning before the error: the next few entries will push it over.
    """
    index, budgets = ctx.home.index, ctx.home.config.budgets
    sizes = index_sizes(ctx.home)
    lines = _line_limit(ctx)
    warn_at = budgets.index_warn_lines or (int(lines * 0.9) if lines else None)
    if lines and warn_at and warn_at < sizes["lines"] <= lines:
        yield Finding(index.rel, warn_at + 1, 1, f"index has {sizes['lines']} lines, past the warning line "
                      f"{warn_at} of its {lines}-line limit")
    for limit, used, unit in ((budgets.index_max_units, sizes["units"], "UTF-16 code units"),
                              (budgets.index_max_bytes, sizes["bytes"], "bytes")):
        if limit and 0.9 * limit < used <= limit:
            yield Finding(index.rel, 1, 1, f"index is {used:,} {unit}, past 90% of its {limit:,} limit")


@rule("MEM205", "index-past-load-cap", "error")
def index_past_load_cap(ctx: Context) -> Iterator[Finding]:
    """Part of the index lies past the profile's load cap and would never be loaded.

    The host cuts what overflows its load cap (Claude Code: 200 lines, then 25,000 UTF-16 code
    units; OpenClaw: 12,000 characters a file with the middle dropped, and what the bootstrap
    files before MEMORY.md leave of 60,000; Volute: hardCapTokens, 25,000 at chars/4). The finding
    points at the first line that is dropped and names the lines and the sections not loaded in
    full: for a head cap everything from there on, for OpenClaw's head and tail only the middle
    (the sections after it load again), as `status` and `assemble` say.
    """
    home = ctx.home
    cap = home.index_cap
    index = home.index
    for run in index.dropped(cap):
        if not run.parts:
            continue
        span = f"line {run.first_line}" if run.lines == 1 else f"lines {run.first_line}–{run.last_line}"
        yield Finding(index.rel, run.first_line, 1, f"the host's load cap ({cap.description}) drops {span} of "
                      f"the index: {_lost(run, cap, run.last_line == index.lines)} not loaded in full")


MOST_NAMED = 5  # sections named in a MEM205 message; the rest are counted


def _lost(run: Dropped, cap: CapResult, to_the_end: bool) -> str:
    """The sections a dropped run takes lines from, in words (`… are` or `… is`)."""
    def name(part: Part) -> str:
        return repr(part.heading) if part.heading else ("front matter" if part.level < 0 else "the preamble")

    first = run.parts[0]
    if to_the_end:  # a head cap: the first section cut, and every one after it
        after = len(run.parts) - 1
        named = f"section {name(first)}" if first.heading else name(first)
        return f"{named} and {plural(after, 'section')} after it are" if after else f"{named} is"

    def shown(part: Part) -> str:
        return name(part) + (f" ({run.lines_in(part)} of its {part.lines} lines)"
                             if cap.state_of(part) == "partial" else "")

    names = [shown(part) for part in run.parts[:MOST_NAMED]]
    if len(run.parts) > MOST_NAMED:
        names.append(f"{plural(len(run.parts) - MOST_NAMED, 'more section')}")
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    many = len(run.parts) > 1
    kind = ("sections " if many else "section ") if all(part.heading for part in run.parts) else ""
    return f"{kind}{listed} {'are' if many else 'is'}"
