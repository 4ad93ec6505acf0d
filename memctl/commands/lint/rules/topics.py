"""Rules on topic files: their size, front matter and freshness."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.model.home import Doc, code_lines
from memctl.text import split_lines

_INLINE_EXPIRES = re.compile(r"\[EXPIRES:\s*(\d{4}-\d{2}-\d{2})\s*\]", re.IGNORECASE)


_STATE_TAG = re.compile(r"\[(STATE|UPDATED):\s*(\d{4}-\d{2}-\d{2})\s*\]", re.IGNORECASE)


def _dated_tags(doc: Doc, pattern: re.Pattern[str], group: int) -> Iterator[tuple[int, re.Match[str], date]]:
    """(1-based line, match, date) of each `pattern` outside code blocks whose `group` is a real date."""
    code = code_lines(doc)
    for number, line in enumerate(split_lines(doc.text), start=1):
        if number in code or "[" not in line:
            continue
        for match in pattern.finditer(line):
            try:
                day = date.fromisoformat(match.group(group))
            except ValueError:  # 2026-02-30: not a date, so nothing to check
                continue
            yield number, match, day


@rule("MEM206", "topic-over-budget", "warning")
def topic_over_budget(ctx: Context) -> Iterator[Finding]:
    """A topic file is over the topic budget (`topic_tokens`, 1,000 by default).

    Big topics crowd out everything else a dispatch needs. `memctl consolidate` archives old
    and duplicate entries; `memctl split` turns a topic's sections into topics of their own.
    """
    budget = ctx.home.config.budgets.topic_tokens
    ctx.home.count_tokens(ctx.home.topics, totals=True)  # together: on threads for a cold fleet
    for doc in ctx.home.topics:
        if budget and doc.tokens > budget:
            yield Finding(doc.rel, 1, 1, f"topic is {doc.tokens:,} tokens ({ctx.home.counter.name}), "
                          f"over the topic budget of {budget:,}")


@rule("MEM101", "invalid-front-matter", "error")
def invalid_front_matter(ctx: Context) -> Iterator[Finding]:
    """Front matter that is not valid YAML, or a known key of the wrong type; or a memory file that
    cannot be read at all (not UTF-8, not a regular file, over the size cap).

    Known keys: title and summary (text), skills (a list), always and machine_written (true or
    false), updated and expires (dates, YYYY-MM-DD). Unknown keys are allowed and kept. Other
    commands skip such a file, or ignore its front matter, with a warning.
    """
    for doc in (ctx.home.index, *ctx.home.topics):
        error = doc.front_matter.error
        if error is not None:
            yield Finding(doc.rel, error.line or 1, 1, error.message)
    for error in ctx.home.unreadable:
        what = "folder" if (error.path or "").endswith("/") else "file"
        yield Finding(error.path or ctx.home.index.rel, error.line or 1, 1, f"{error.message}; the {what} is skipped")


@rule("MEM102", "lenient-front-matter", "warning")
def lenient_front_matter(ctx: Context) -> Iterator[Finding]:
    """Front matter that is not valid YAML, but that Claude Code reads anyway.

    A value holding an unquoted `: ` (`description: The billing v2 migration: state, owners,
    deadlines`) or a YAML indicator character (`[`, `{`, `*`, `&`, `#`, …). Claude Code's parser
    retries a failed parse once with each such `key: value` line quoted, and memctl reads the
    front matter the same way (its values are kept); strict YAML readers (other agents' skill
    loaders, GitHub's rendering) reject the whole block. Quote the value.
    """
    for doc in (ctx.home.index, *ctx.home.topics):
        note = doc.front_matter.lenient
        if note is not None:
            yield Finding(doc.rel, note.line or 1, 1, note.message)


@rule("MEM401", "expired-topic", "warning")
def expired_topic(ctx: Context) -> Iterator[Finding]:
    """A topic or entry past its `expires` date.

    Front matter `expires: 2026-09-30` expires a whole topic (assemble stops loading it); an
    inline `[EXPIRES: 2026-09-30]` expires one entry. Expired facts mislead: remove or archive them.
    """
    for doc in (ctx.home.index, *ctx.home.topics):
        expires = doc.front_matter.expires
        if expires and expires < ctx.today:
            yield Finding(doc.rel, doc.key_line("expires"), 1, f"topic expired on {expires.isoformat()}")
        if not doc.may_hold("[expires:"):  # no inline expiry: no line-by-line pass, no read
            continue
        for number, match, day in _dated_tags(doc, _INLINE_EXPIRES, 1):
            if day < ctx.today:
                yield Finding(doc.rel, number, match.start() + 1, f"entry expired on {day.isoformat()}")


@rule("MEM402", "stale-topic", "warning")
def stale_topic(ctx: Context) -> Iterator[Finding]:
    """A topic whose `updated` date, or a fact in the index marked `[STATE: date]` or
    `[UPDATED: date]`, is older than `stale_after_days` (30 by default).

    Memory that nobody has touched in a month may no longer be true.
    """
    days = ctx.home.config.stale_after_days
    cutoff = ctx.today - timedelta(days=days)
    for doc in ctx.home.topics:
        updated = doc.front_matter.updated
        if updated and updated < cutoff:
            age = (ctx.today - updated).days
            yield Finding(doc.rel, doc.key_line("updated"), 1,
                          f"topic last updated {updated.isoformat()}, {age} days ago (stale after {days})")
    index = ctx.home.index
    for number, match, day in _dated_tags(index, _STATE_TAG, 2):
        if day < cutoff:
            yield Finding(index.rel, number, match.start() + 1, f"[{match.group(1).upper()}: {day.isoformat()}] is "
                          f"{(ctx.today - day).days} days old (stale after {days}): check it still holds")


@rule("MEM207", "stale-token-count", "warning", fixable=True)
def stale_token_count(ctx: Context) -> Iterator[Finding]:
    """An index line's `(~N tokens)` is more than 10% off the topic it links to.

    `split` writes these counts so that an agent can judge a topic's cost before opening it; a
    topic that grew or was consolidated since makes the count lie. `memctl lint --fix` rewrites
    them; `split` and `consolidate` keep the counts of what they change current themselves. A
    line in a code block, a code span or an HTML comment (an example of an index line) links to
    nothing, as the link rules read it: its count is text, never reported or rewritten.
    """
    from memctl.model.counts import stale_counts

    home = ctx.home
    home.count_tokens(home.topics, totals=True)  # at once, if MEM206 did not
    tokens = {doc.rel: doc.tokens for doc in home.topics}
    for stale in stale_counts(home.index.text, home.index.rel, tokens):
        yield Finding(home.index.rel, stale.line, stale.column,
                      f"says ~{stale.written:,} tokens for {stale.topic}, which is {stale.actual:,} "
                      f"({home.counter.name}); `memctl lint --fix` rewrites it")


@rule("MEM208", "unrolled-dated-files", "warning")
def unrolled_dated_files(ctx: Context) -> Iterator[Finding]:
    """A rollup folder holds more dated files of closed weeks than `rollup_after` (14).

    A journal or daily notes written every day grow without bound; each file is one more to list,
    search and load. `memctl rollup` folds the days of each week that ended over a week ago into
    one file (and `--period month` the weeks into months), archiving the sources, losing nothing.
    The folders are the config's `rollup` globs (Volute and OpenClaw have them by default).
    """
    from memctl.commands.rollup import dated_files, groups_of

    home = ctx.home
    groups, _ = groups_of(dated_files(home), "week", ctx.today, 7)
    by_folder: dict[str, list[str]] = {}
    for group in groups:
        by_folder.setdefault(group.folder, []).extend(s.rel for s in group.sources if s.kind == "day")
    for folder, files in sorted(by_folder.items()):
        if len(files) > home.config.rollup_after:
            yield Finding(files[0], 1, 1, f"{folder or 'the home'} holds {len(files):,} dated files of closed weeks "
                          f"(more than {home.config.rollup_after}): `memctl rollup` folds them into one file a week")
