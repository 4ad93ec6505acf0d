"""Rules on the index: the file paid for on every request."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate

from memctl.lint.registry import Context, Finding, rule
from memctl.loadcap import apply_cap
from memctl.markdown import split_lines


def _line_limit(ctx: Context) -> int | None:
    return ctx.max_index_lines or ctx.home.config.budgets.index_max_lines


@rule("MEM201", "index-over-line-limit", "error")
def index_over_line_limit(ctx: Context) -> Iterator[Finding]:
    """The index has more lines than allowed.

    Claude Code loads only the first 200 lines of MEMORY.md; the rest is never seen. The limit is
    the profile's `index_max_lines` (200 by default), or `--max-index-lines`. The finding points
    at the first line past the limit. Fix: `memctl split` moves sections into topic files.
    """
    limit, index = _line_limit(ctx), ctx.home.index
    if limit and index.lines > limit:
        yield Finding(index.rel, limit + 1, 1, f"index has {index.lines} lines, more than the limit of {limit}")


@rule("MEM202", "index-over-byte-limit", "error")
def index_over_byte_limit(ctx: Context) -> Iterator[Finding]:
    """The index is larger than the byte limit (25,000 bytes by default).

    Claude Code stops reading MEMORY.md after 25,000 bytes. The finding points at the line where
    the limit is crossed.
    """
    limit, index = ctx.home.config.budgets.index_max_bytes, ctx.home.index
    if limit and index.bytes > limit:
        sizes = accumulate(len(line.encode("utf-8")) for line in split_lines(index.text))
        line = next(n for n, total in enumerate(sizes, start=1) if total > limit)
        yield Finding(index.rel, line, 1, f"index is {index.bytes:,} bytes, more than the limit of {limit:,}")


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
    """The index has passed 90% of its line or byte limit (or the profile's warning line).

    A warning before the error: the next few entries will push it over.
    """
    index, budgets = ctx.home.index, ctx.home.config.budgets
    lines = _line_limit(ctx)
    warn_at = budgets.index_warn_lines or (int(lines * 0.9) if lines else None)
    if lines and warn_at and warn_at < index.lines <= lines:
        yield Finding(index.rel, warn_at + 1, 1, f"index has {index.lines} lines, past the warning line "
                      f"{warn_at} of its {lines}-line limit")
    limit = budgets.index_max_bytes
    if limit and 0.9 * limit < index.bytes <= limit:
        yield Finding(index.rel, 1, 1, f"index is {index.bytes:,} bytes, past 90% of its {limit:,}-byte limit")


@rule("MEM205", "index-past-load-cap", "error")
def index_past_load_cap(ctx: Context) -> Iterator[Finding]:
    """Part of the index lies past the profile's load cap and would never be loaded.

    The host cuts what overflows its load cap (Claude Code: 200 lines or 25,000 bytes; OpenClaw:
    12,000 characters with the middle dropped; Volute: 25,000 tokens). The finding names the
    first section that is lost, in whole or in part.
    """
    home = ctx.home
    cap = apply_cap(home.index, home.config.budgets, home.counter)
    cut = cap.cut_part(home.index)
    if cut is not None:
        line = cut.start_line + cap.lines_loaded_in(cut)
        name = cut.heading or ("front matter" if cut.level < 0 else "the preamble")
        yield Finding(home.index.rel, line, 1, f"the host's load cap ({cap.description}) cuts the index here: "
                      f"section {name!r} and {len(home.index.parts) - home.index.parts.index(cut) - 1} after it "
                      "are not loaded in full")
