"""`memctl consolidate`: keep topic files under their budget by archiving, never deleting.

For each topic over its target, in order and each only while it is still over: remove duplicate
entries (archived with where they came from), move old dated entries to `archive/<stem>.md`
(oldest first, one summary line left behind), and, with `--summarizer`, let the user's own
command rewrite the body (the whole previous version archived first).

An entry is a copy of another only where both are the same record: a line under a heading is a
field of the record that heading names (`- time: 21 min` under two recipes is two recipes' times),
so it is a duplicate only of a line in the same section; a whole dated entry (a list item or
paragraph that opens with a date, or a dated section) is a duplicate of its copy anywhere. No step
makes a topic bigger: a step that would not make it smaller is not done, and the plan says why.
"""

from __future__ import annotations

import posixpath
import re
import zlib
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from datetime import date, timedelta
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from memctl.errors import GuaranteeError, MemctlError
from memctl.markup.markdown import front_matter_chars, front_matter_span, simple_front_matter
from memctl.model.counts import COUNT, refresh_counts
from memctl.model.entries import (
    ENTRIES_VERSION,
    Entry,
    entries_and_headings,
    entries_from_json,
    entries_to_json,
    entry_keys,
    headings_from_json,
    opens_with_date,
)
from memctl.model.home import Doc, MemoryHome, doc_from_text, in_archive
from memctl.safe.fsutil import check_destination
from memctl.safe.writer import FileChange, WritePlan, check_plan
from memctl.text import split_lines
from memctl.words import plural

if TYPE_CHECKING:
    from memctl.model.tokens import TokenCounter

_DAYS = r"\d{4}-\d{2}-\d{2}(?: … \d{4}-\d{2}-\d{2})?"  # one day, or the first and last of a run of days
_SUMMARY = re.compile(rf"^- (\d+) older entr(?:y|ies) \(({_DAYS}(?:, {_DAYS})*)\) archived in \[(.+?)\]\(")
KEYS_VERSION = 3  # bump when what an entry's key is changes: it names the cached checksums (3: and where)
_LOCAL = "\x01"  # opens the key of an entry that can be a copy only within its own section


class Step(NamedTuple):
    name: str  # "duplicates", "older" or "summarizer"
    entries: int
    tokens_after: int
    detail: str


class TopicPlan(NamedTuple):
    path: str
    tokens_before: int
    tokens_after: int
    steps: tuple[Step, ...]
    archive: str | None  # the archive file it appends to
    skipped: tuple[Step, ...] = ()  # steps not done, since they would not make the topic smaller: what and why


class ConsolidatePlan(NamedTuple):
    target: int
    topics: tuple[TopicPlan, ...]  # every topic over target
    write: WritePlan
    warnings: tuple[str, ...]
    tokenizer: str = "cl100k_base"
    held: tuple[str, ...] = ()  # topics over target that memctl will not touch (the warnings say why)
    secrets: tuple[Held, ...] = ()  # what stays in place because it holds what looks like a credential
    unread: tuple[tuple[str, str], ...] = ()  # topics that could not be read (path, why): not known to be within


class Held(NamedTuple):
    """An entry (or a body) left in place because it holds what looks like a credential."""

    path: str
    line: int  # 1-based: where the finding is
    step: str  # the step that would have moved it: "duplicates", "older" or "summarizer"
    reason: str  # `holds a possible GitHub token (ghp_…); --allow-secrets archives it`


class Options(NamedTuple):
    topics: tuple[str, ...] = ()
    target: int | None = None
    older_than: int = 90
    summarizer: str | None = None
    timeout: float = 120.0
    allow_secrets: bool = False


class _Work:
    """One topic being consolidated: its lines, what was removed, what goes to the archive. Its lines
    change only through `remove`, `drop`, `insert` and `override`, so the text is built once for
    each state (it is asked for again and again while entries are moved)."""

    def __init__(self, doc: Doc, counter: TokenCounter, lines: list[str], headings: list[tuple[int, int]]):
        self.doc = doc
        self.counter = counter
        self.count: Callable[[str], int] = counter.count
        self._counted: tuple[int, date | None, int] | None = None  # the last state's count: version, date, count
        self.original = lines  # the lines as they were, never changed: what an entry taken whole held
        self.lines: list[str | None] = list(lines)
        self.fm_lines = front_matter_span(lines)
        self.headings = headings  # the top-level headings of the topic as it was: (line, level)
        self.inserted: tuple[int, str] | None = None  # memctl's summary line, and the line it stands before
        self.archived: list[list[str]] = []  # archive sections, in order, each as the parts it is joined from
        self.body_override: str | None = None
        self.newline = doc.newline
        self._head = "".join(lines[: self.fm_lines])  # the front matter: no entry, never changed but `updated`
        self._dated_heads: dict[date, str] = {}
        self._version = 0  # counts the changes
        self._built: tuple[int, date | None, str] | None = None  # the last text built: version, date, text
        self.secrets: list[tuple[int, int, str, str]] = []  # findings: (first line, last line, kind, secret)

    def secret_in(self, start: int, end: int) -> tuple[int, int, str, str] | None:
        """The first finding on lines `start` to `end` (exclusive, 0-based), if any."""
        return next((f for f in self.secrets if f[0] < end and start <= f[1]), None)

    def drop(self, number: int) -> None:
        self.lines[number] = None
        self._version += 1

    def insert(self, position: int, line: str) -> None:
        """`line` stands before line `position` (in place of what was inserted before)."""
        self.inserted = (position, line)
        self._version += 1

    def override(self, body: str) -> None:
        self.body_override = body
        self._version += 1

    def save(self) -> tuple[list[str | None], tuple[int, str] | None, int]:
        """The state to go back to when a step does not pay."""
        return list(self.lines), self.inserted, len(self.archived)

    def restore(self, saved: tuple[list[str | None], tuple[int, str] | None, int]) -> None:
        self.lines, self.inserted = list(saved[0]), saved[1]
        del self.archived[saved[2]:]
        self._version += 1

    def text(self, today: date | None = None) -> str:
        if self._built is not None and self._built[:2] == (self._version, today):
            return self._built[2]
        if not self._version:
            return self.doc.text  # as it was: not joined again (a 30 MB topic's copy)
        if self.body_override is not None:
            text = self._head + self.body_override
        else:
            out: list[str | None] = self.lines
            if self.inserted is not None:
                position, line = self.inserted
                out = [*out[:position], line, *out[position:]]
            text = "".join(filter(None, out))  # the lines removed are None (and no line is empty)
        if today and text != self.doc.text:
            if not text.startswith(self._head):  # (never so: no entry is in the front matter)
                text = _set_updated(text, today, self.newline)
            else:
                if today not in self._dated_heads:
                    self._dated_heads[today] = _set_updated(self._head, today, self.newline)
                text = self._dated_heads[today] + text[len(self._head) :]  # the body after it as it is
        self._built = (self._version, today, text)
        return text

    def tokens(self, today: date | None = None) -> int:
        """count(text(today)), remembered for the state it is in. A state's text on the way is counted
        apart from the counter's memory of texts, which would keep every version of every topic (a
        10,000-topic fleet's, 110 MB); the same count, from the same cache."""
        if self._counted is None or self._counted[:2] != (self._version, today):
            text = self.text(today)
            tokens = self.count(text) if text is self.doc.text else sum(self.counter.count_parts(text, ()))
            self._counted = (self._version, today, tokens)
        return self._counted[2]

    def remove(self, entry: Entry) -> str:
        """Takes the entry's lines out: the text of those that were still there."""
        taken = self.take(entry)
        return "".join(self.original[entry.start : entry.end]) if taken is None else taken

    def take(self, entry: Entry) -> str | None:
        """Takes the entry's lines out: None when all of them were still there (the entry's own text,
        which `original` holds: not copied), else the text of those that were."""
        part = self.lines[entry.start : entry.end]
        self.lines[entry.start : entry.end] = [None] * (entry.end - entry.start)
        self._version += 1
        return None if None not in part else "".join(filter(None, part))  # (no line is empty)


_UPDATED = re.compile(r"^(updated:[ \t]*)\d{4}-\d{2}-\d{2}(?=[ \t]*(?:#.*)?\r?\n?$)")


def _set_updated(text: str, today: date, newline: str) -> str:
    """`updated` set to today in existing front matter, comments and key order kept (ruamel.yaml)."""
    lines = split_lines(text)
    span = front_matter_span(lines)
    if not span:
        return text
    front = "".join(lines[1 : span - 1])
    if simple_front_matter(front.replace("\r\n", "\n")) is not None:  # the usual `updated: 2026-11-02`
        at = [n for n in range(1, span - 1) if _UPDATED.match(lines[n])]
        if len(at) == 1:  # only the date changes, in place: no YAML parser needed, nothing else touched
            line = lines[at[0]]
            lines[at[0]] = _UPDATED.sub(lambda m: m.group(1) + today.isoformat(), line, count=1)
            return "".join(lines)
    return _set_updated_yaml(lines, span, today, newline, text)


def _set_updated_yaml(lines: list[str], span: int, today: date, newline: str, text: str) -> str:
    from io import StringIO

    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.width = 4096
    yaml.preserve_quotes = True
    data = yaml.load("".join(lines[1 : span - 1]).replace("\r\n", "\n"))
    if not isinstance(data, dict) or data.get("updated") == today:
        return text
    data["updated"] = today
    buffer = StringIO()
    yaml.dump(data, buffer)
    return lines[0] + buffer.getvalue().replace("\n", newline) + "".join(lines[span - 1 :])


_PIECE = 1 << 20  # characters of text split into lines at a time


def _nonblank(text: str, start: int = 0) -> Iterator[list[str]]:
    """The nonblank lines of `text[start:]` without their ends, about 1 MB of text at a time (a
    31 MB topic's lines are never all listed at once)."""
    crlf = "\r" in text
    while start < len(text):
        end = text.find("\n", start + _PIECE)
        end = len(text) if end < 0 else end
        lines = text[start:end].split("\n")
        if crlf:
            lines = [line.rstrip("\r") for line in lines]
        yield [line for line in lines if line.strip()]
        start = end + 1


def plan_consolidate(home: MemoryHome, options: Options, today: date, *,
                     texts: dict[str, str] | None = None, run_summarizer: bool = True) -> ConsolidatePlan:
    """The plan; nothing is written. `texts` stands in for files (used to check a second run).

    What the plan holds through its run (the home read, then each topic's entries and keys) is
    frozen out of the garbage collector's sweeps: it is no garbage until the plan is made. Under
    Python's default thresholds (a program calling this; the CLI raises them) a 10,000-topic
    fleet's million objects, swept again by each full collection, made the plan's time grow faster
    than the fleet (1.5 s of 5.7 s at 10,000 topics, 0.19 of 1.45 at 3,000)."""
    import gc

    gc.freeze()
    try:
        return _plan(home, options, today, texts, run_summarizer)
    finally:
        gc.unfreeze()


def _plan(home: MemoryHome, options: Options, today: date, texts: dict[str, str] | None,
          run_summarizer: bool) -> ConsolidatePlan:
    import gc

    if options.older_than < 0 or options.timeout <= 0:
        raise MemctlError("--older-than must be 0 or more days and --timeout more than 0 seconds")
    target = options.target if options.target is not None else home.config.budgets.topic_tokens
    if not target or target <= 0:
        raise MemctlError("no topic budget: set --target or budgets.topic_tokens")
    texts = texts or {}
    archives = {doc.rel: doc.text for doc in home.archived}  # the home has read them already
    docs = [doc_from_text(texts[d.rel], d.path, d.rel, home, home.config.section_level) if d.rel in texts else d
            for d in home.topics]
    chosen = set()
    unread = [error for error in home.unreadable if error.path and not in_archive(error.path)]
    for name in options.topics:
        found = next((d for d in docs if d.rel == name or d.rel == f"{name}.md" or d.stem == name), None)
        if found is None:
            named = next((e for e in unread if e.path in (name, f"{name}.md")
                          or (e.path or "").rsplit("/", 1)[-1] in (name, f"{name}.md")), None)
            if named is not None:  # a topic that could not be read: why, not "no such topic"
                raise named
            raise MemctlError(f"no topic {name!r} in this home")
        chosen.add(found.rel)
    if chosen:  # the topics asked for were all read
        unread = []
    count = home.counter.count
    considered = [d for d in docs if not chosen or d.rel in chosen]  # counted together: a cold fleet's on threads
    counts = home.counter.count_texts([(d.text, d.digest) for d in considered])
    over_target = {d.rel for d, tokens in zip(considered, counts, strict=True) if tokens > target}
    unsure = {d.rel: d.front_matter.error or d.front_matter.lenient for d in docs}  # lenient: not strict YAML
    warnings = [f"{unsure[d.rel]}; topic left as it is" for d in docs if d.rel in over_target and unsure[d.rel]]
    held = [d.rel for d in docs if d.rel in over_target and unsure[d.rel]]
    over_target -= {rel for rel, problem in unsure.items() if problem is not None}
    for doc in docs:
        if doc.rel in over_target:
            try:
                check_destination(home.root, doc.rel)
            except MemctlError as exc:
                warnings.append(f"{exc}; topic left as it is")
                held.append(doc.rel)
                over_target.discard(doc.rel)
    dedupe_only = {doc.rel: is_dedupe_only(home, doc) for doc in docs}
    parsed: dict[str, tuple[list[str], list[Entry], list[tuple[int, int]]]] = {}
    sums: dict[str, list[int]] = {}  # each over-target topic's entries' key checksums (and _LOCAL_BIT), in order
    for doc in docs:
        if doc.rel in over_target:
            lines = split_lines(doc.text)
            entries, headings = _entries(home, doc, lines)
            parsed[doc.rel] = (lines, entries, headings)
            sums[doc.rel] = _local_sums(home, doc, lines, entries, headings, dedupe_only[doc.rel])
    # Duplicates are sought only for topics over target, but whole dated entries are found in every
    # topic. Another topic's whole dated entries count only if one of their key checksums (cached
    # by its digest) is one of theirs; and an entry's key is made only if its checksum stands more
    # than once: two entries with the same key have the same checksum.
    wanted = {n for found in sums.values() for n in found if n < _LOCAL_BIT}
    others: dict[str, list[int]] = {}  # [checksum, start, end, ...] of the whole dated entries of the others
    for doc in docs if over_target else ():
        rel = doc.rel
        if rel not in over_target:
            whole_sums = _key_sums(home, doc, dedupe_only[rel])
            if not wanted.isdisjoint(whole_sums[::3]):
                others[rel] = whole_sums
    stands = Counter(chain((n & _SUM for found in sums.values() for n in found),
                           (n for found in others.values() for n in found[::3])))
    keyed: dict[str, list[tuple[int, int, str]]] = {}  # (start, end, key) of each entry whose checksum is twice
    for doc in docs:
        rel = doc.rel
        if rel in sums:
            lines, entries, headings = parsed[rel]
            twice = [number for number, n in enumerate(sums[rel]) if stands[n & _SUM] > 1]
            if twice:
                found_keys = _keys(rel, lines, [(entries[i].start, entries[i].end) for i in twice],
                                   [sums[rel][i] < _LOCAL_BIT for i in twice], headings, dedupe_only[rel])
                keyed[rel] = [(entries[i].start, entries[i].end, key) for i, key in zip(twice, found_keys, strict=True)]
        elif rel in others:
            whole_sums = others[rel]
            spans = [(whole_sums[at + 1], whole_sums[at + 2]) for at in range(0, len(whole_sums), 3)
                     if stands[whole_sums[at]] > 1]
            if spans:
                found_keys = _keys(rel, split_lines(doc.text), spans, [True] * len(spans), [], dedupe_only[rel])
                keyed[rel] = [(start, end, key) for (start, end), key in zip(spans, found_keys, strict=True)]
    copies = Counter(key for found in keyed.values() for _, _, key in found)  # how often each key stands
    where: dict[str, list[tuple[str, int]]] = {}  # a key that stands more than once -> each (topic, line), in order
    for doc in docs:
        for start, _, key in keyed.get(doc.rel, ()):
            if copies[key] > 1:
                where.setdefault(key, []).append((doc.rel, start + 1))
    gc.freeze()  # the entries and keys found, kept to the end
    plans, changes = [], []
    archive_texts: dict[str, str] = {}
    secrets: list[Held] = []
    for doc in docs:
        if doc.rel not in over_target:
            continue
        lines, entries, headings = parsed[doc.rel]
        work = _Work(doc, home.counter, lines, headings)
        if not options.allow_secrets:
            from memctl.model.secrets import cached_findings, finding_lines

            work.secrets = finding_lines(doc.text, cached_findings(doc.text, doc.digest, home.cache))
        before = count(doc.text)
        steps: list[Step] = []
        duplicates = []
        by_start = {entry.start: entry for entry in entries} if doc.rel in keyed else {}
        for start, _, key in keyed.get(doc.rel, ()):
            places = where.get(key)
            if places is None:
                continue  # the only copy
            entry = by_start[start]
            # the copy that stays: the first one that is not in a topic being thinned out, else the first
            keeper = next((p for p in places if p[0] not in over_target), places[0])
            if keeper != (doc.rel, entry.start + 1):
                secret = work.secret_in(entry.start, entry.end)
                if secret is not None:  # a copy of a secret is not copied once more, into the archive
                    secrets.append(_held(doc.rel, secret, "duplicates", "archives it"))
                    continue
                duplicates.append((entry, f"{keeper[0]}:{keeper[1]}"))
        stem = doc.stem
        archive_rel = home.archived_as(f"archive/{stem}.md")
        nl = work.newline
        if duplicates:
            parts = [f"## Duplicates removed from {doc.rel} on {today.isoformat()}{nl}{nl}"]
            for entry, first in duplicates:
                removed = work.remove(entry)
                parts.append(f"<!-- from {doc.rel}:{entry.start + 1}, a copy of {first} -->{nl}{_ended(removed, nl)}")
            work.archived.append(parts)
            steps.append(Step("duplicates", len(duplicates), work.tokens(today),
                              f"{plural(len(duplicates), 'duplicate entry', 'duplicate entries')} archived"))
        skipped: list[Step] = []
        if work.tokens(today) > target and not dedupe_only[doc.rel]:
            entry_counts = _EntryCounts(home, doc, work, entries)
            done, not_done = _archive_old(work, entries, options.older_than, today, target, archive_rel, secrets,
                                          entry_counts)
            entry_counts.save()
            steps.extend(done)
            skipped.extend(not_done)
        secret = None
        if options.summarizer and work.tokens(today) > target and not dedupe_only[doc.rel]:
            secret = next((f for f in work.secrets if any(work.lines[n] is not None for n in range(f[0], f[1] + 1))),
                          None)  # the body is sent to the summarizer's command, and archived whole
            if secret is not None:
                secrets.append(_held(doc.rel, secret, "summarizer", "sends the body to the summarizer"))
        if options.summarizer and run_summarizer and secret is None and work.tokens(today) > target \
                and not dedupe_only[doc.rel]:
            step, warning = _summarize(work, options, target, today)
            if step:
                steps.append(step)
            if warning:
                warnings.append(f"{doc.rel}: {warning}")
        after_text = work.text(today)
        plans.append(TopicPlan(doc.rel, before, count(after_text), tuple(steps),
                               archive_rel if work.archived else None, tuple(skipped)))
        if after_text != doc.text:
            changes.append(FileChange(doc.rel, doc.text, after_text))
        if work.archived:
            old = archive_texts.get(archive_rel)
            if old is None:
                old = texts.get(archive_rel, archives.get(archive_rel, ""))
            # the archive's own line ends: what moves from a topic of the other kind is written in them
            end = ("\r\n" if "\r\n" in old else "\n") if old else nl
            joined = [old, "" if not old or old.endswith("\n") else end, "" if not old else end]
            for number, section in enumerate(work.archived):  # joined once: a 30 MB topic's archive is 27 MB
                joined += [end] if number else []
                piece = section if _ends_line(section) else [*section, nl]
                joined += piece if end == nl else ["".join(piece).replace("\r\n", "\n").replace("\n", end)]
            archive_texts[archive_rel] = "".join(joined)
    for rel, text in archive_texts.items():
        changes.append(FileChange(rel, texts.get(rel, archives.get(rel)), text))
    index_text = texts.get(home.index.rel, home.index.text)  # the counts of what changed, kept true
    recounted = refresh_counts(index_text, home.index.rel, {c.rel: count(c.after) for c in changes
                                                             if c.rel in over_target})
    if recounted != index_text:
        changes.append(FileChange(home.index.rel, index_text, recounted))
    write = WritePlan(tuple(changes))
    check_plan(home.root, write)
    once = {(h.path, h.line): h for h in reversed(secrets)}  # a line held by two steps is named by the first
    return ConsolidatePlan(target, tuple(plans), write, tuple(warnings), home.counter.name, tuple(sorted(held)),
                           tuple(h for h in secrets if once[h.path, h.line] is h),
                           tuple(sorted((e.path or "", e.message) for e in unread)))


def _held(rel: str, found: tuple[int, int, str, str], step: str, does: str) -> Held:
    from memctl.model.secrets import held_back

    return Held(rel, found[0] + 1, step, held_back(found[2], found[3], does))


def is_dedupe_only(home: MemoryHome, doc: Doc) -> bool:
    """A topic whose entries are learned once and never go stale: deduplicated, never thinned by age
    or summarized. LESSONS.md and lessons.md, machine-written topics, front matter
    `consolidate: dedupe-only`, and the topics named in config `dedupe_only` (stems, paths or globs)."""
    from fnmatch import fnmatch

    fm = doc.front_matter
    return (doc.rel.rsplit("/", 1)[-1].lower() == "lessons.md" or fm.machine_written
            or (fm.consolidate or "").strip().lower() == "dedupe-only"
            or any(doc.stem == name or doc.rel == name or fnmatch(doc.rel, name) for name in home.config.dedupe_only))


def _ended(text: str, newline: str) -> str:
    return text if text.endswith("\n") else text + newline


def _spaced(parts: Sequence[str], newline: str) -> Sequence[str]:
    """An archived entry (the parts its text joins from) ends with a line end, and one that opens
    with a heading with a blank line, so that the next stays apart."""
    if not _ends_line(parts):
        parts = [*parts, newline]
    return [*parts, newline] if _opens_heading(parts) and not _tail(parts).endswith(newline * 2) else parts


def _archive_old(work: _Work, entries: list[Entry], older_than: int, today: date, target: int,
                 archive_rel: str, secrets: list[Held], counts: _EntryCounts) -> tuple[list[Step], list[Step]]:
    """Move dated entries older than the cutoff, oldest first, while the topic is over target: the
    step done, or the step not done when it would not make the topic smaller (the pointer line
    left behind can be longer than the one short entry it stands for). An entry that holds what
    looks like a credential stays where it is (`secrets` gets it), unless `--allow-secrets`.

    The topic's size is kept as a running estimate (each removed entry's own count taken off), and
    counted exactly only when the estimate reaches the target, so a topic of any size takes one
    pass instead of a count of the whole text for every entry moved. The estimate is `base` plus
    the count of the pointer line `pending`, which is counted only when `base` alone is within the
    target (a count is never below 0): the pointer line is rewritten with each entry moved, and
    each of its versions but the last few would otherwise be counted for nothing.
    """
    cutoff = today - timedelta(days=older_than)
    dated = sorted((number for number, e in enumerate(entries)
                    if e.day and e.day < cutoff and work.lines[e.start] is not None),
                   key=lambda number: (entries[number].day, entries[number].start))
    moved: list[tuple[Entry, str | None]] = []  # each entry moved, and its text unless it went whole
    nl = work.newline
    href = posixpath.relpath(archive_rel, posixpath.dirname(work.doc.rel) or ".")
    existing = _existing_summary(work, archive_rel)
    count, earlier = (existing[1], existing[2]) if existing else (0, [])
    runs: list[list[date]] = []  # this run's archived days, as runs no kept entry's day falls inside
    kept_days: list[date] = []  # the days of the old entries kept for what they hold, in order
    position: int | None = None
    summary_now = ""  # the summary line as the estimate counts it
    saved = work.save()
    base = before = work.tokens(today)
    pending: str | None = None  # the estimate is base + count(pending)
    for number in dated:
        entry = entries[number]
        if base <= target and (pending is None or base + work.count(pending) <= target):
            base, pending = work.tokens(today), None
            if base <= target:
                break
        found = work.secret_in(entry.start, entry.end)
        if found is not None:
            secrets.append(_held(work.doc.rel, found, "older", "archives it"))
            assert entry.day is not None
            kept_days.append(entry.day)  # the pointer's days must not take it in (it stays here)
            continue
        removed = work.take(entry)
        moved.append((entry, removed))
        base -= counts.of(number) if removed is None else work.count(removed)
        assert entry.day is not None  # `dated` holds only dated entries
        if runs and not (kept_days and runs[-1][1] <= kept_days[-1]):
            runs[-1][1] = entry.day  # (`dated` is in the order of days)
        else:
            runs.append([entry.day, entry.day])
        count += 1
        position = entry.start if position is None else min(position, entry.start)
        if existing is not None and work.lines[existing[0]] is not None:
            summary_now = work.lines[existing[0]] or ""
            work.drop(existing[0])  # the earlier run's line is replaced by one that adds up both
            position = min(position, existing[0])
        line = f"- {_older(count, _runs(earlier, runs, kept_days))} archived in [{archive_rel}]({href}){nl}"
        work.insert(position, line)
        if pending is None or pending != summary_now:  # (else its count would be taken off at once)
            base += (0 if pending is None else work.count(pending)) - work.count(summary_now)
        pending = summary_now = line
    if not moved:
        return [], []
    # Every dated entry the topic keeps (held back, not reached, newer than the cutoff) bounds the
    # pointer's runs of days: they say what was moved and nothing that is still here.
    staying = sorted(e.day for e in entries if e.day and work.lines[e.start] is not None)
    final = f"- {_older(count, _runs(earlier, runs, staying))} archived in [{archive_rel}]({href}){nl}"
    if final != summary_now:
        assert position is not None
        work.insert(position, final)
        summary_now = final
    emptied = _emptied_headings(work, {n for e, _ in moved for n in range(e.start, e.end)})
    if emptied and position is not None:
        position = min(position, min(emptied))  # the pointer stands where the first of them stood
        work.insert(position, summary_now + nl)  # and keeps the blank line the headings had
    pieces = [(e.start, work.original[e.start : e.end] if text is None else [text]) for e, text in moved]
    pieces += [(n, [_ended(text, nl) + nl]) for n, text in emptied.items()]
    header = (f"## Archived from {work.doc.rel} on {today.isoformat()}: entries older than {older_than} days"
              f"{nl}{nl}")
    body = _Parts()  # the archive section as parts, joined once (a 30 MB topic's 27 MB archived)
    for start, piece in sorted(pieces, key=lambda piece: piece[0]):  # in the order they stood
        parts = _spaced(piece, nl) if start not in emptied else piece
        if _opens_heading(parts) and body.parts and not body.tail.endswith(nl + nl):
            body.add([nl])  # each heading set apart from what precedes it
        body.add(parts)
    span = " and ".join(first.isoformat() + ("" if first == last else f" to {last.isoformat()}")
                        for first, last in _runs([], runs, staying))
    moving = f"{plural(len(moved), 'entry', 'entries')} from {span}"
    after = work.tokens(today)
    if after >= before:  # it does not pay: nothing is archived
        work.restore(saved)
        one = len(moved) == 1
        why = (f"archiving {moving} would {'make the topic bigger' if after > before else 'not make it smaller'} "
               f"({before:,} → {after:,} tokens): the pointer line left in {'its' if one else 'their'} place is "
               f"{'longer than' if after > before else 'as long as'} {'the entry' if one else 'the entries'}")
        return [], [Step("older", len(moved), after, why)]
    work.archived.append([header, *body.parts])
    return [Step("older", len(moved), after, f"{moving} archived")], []


class _Parts:
    """A text kept as the parts it is joined from, and its last four characters (what tells whether
    it ends with a blank line, in either line ending)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.tail = ""

    def add(self, parts: Sequence[str]) -> None:
        self.parts.extend(parts)
        self.tail = _tail(parts, self.tail)


def _tail(parts: Sequence[str], before: str = "") -> str:
    """The last four characters of `before` followed by `parts`, joined."""
    end = ""
    for part in reversed(parts):
        end = part + end
        if len(end) >= 4:
            return end[-4:]
    return (before + end)[-4:]


def _opens_heading(parts: Sequence[str]) -> bool:
    """Whether the text `parts` join into opens (past white space) with `#`."""
    for part in parts:
        opening = part.lstrip()
        if opening:
            return opening[0] == "#"
    return False


def _ends_line(parts: Sequence[str]) -> bool:
    """Whether the text `parts` join into ends with a line end."""
    for part in reversed(parts):
        if part:
            return part[-1] == "\n"
    return False


class _EntryCounts:
    """The token count of each of a topic's entries alone (-1: not counted yet), cached by the
    digest of its text: one list for the topic instead of a cache entry for each entry."""

    def __init__(self, home: MemoryHome, doc: Doc, work: _Work, entries: list[Entry]):
        self.cache = home.cache
        self.key = f"ecount:{ENTRIES_VERSION}:{home.counter.name}:{doc.digest}"
        self.work, self.entries = work, entries
        self.counter = home.counter
        found = home.cache.get(self.key, lambda value: type(value) is list and len(value) == len(entries)
                               and all(type(n) is int and (n > 0 or n == -1) for n in value))
        self.counts: list[int] = [-1] * len(entries) if found is None else found
        self.changed = False

    def of(self, number: int) -> int:
        """count(text of entry `number`), its lines as they were."""
        if self.counts[number] < 0:
            entry = self.entries[number]
            text = "".join(self.work.original[entry.start : entry.end])
            self.counts[number] = sum(self.counter.count_parts(text, ()))  # count(text), its text not kept
            self.changed = True
        return self.counts[number]

    def save(self) -> None:
        if self.changed:
            self.cache.put(self.key, self.counts)


def _older(count: int, runs: Sequence[tuple[date, date]]) -> str:
    """`3 older entries (2026-06-02 … 2026-08-14)`, `1 older entry (2026-06-02)`, and with an entry
    kept in between, `5 older entries (2026-06-02 … 2026-06-20, 2026-07-01 … 2026-08-14)`: what the
    pointer says."""
    days = ", ".join(first.isoformat() + ("" if first == last else f" … {last.isoformat()}") for first, last in runs)
    return f"{count} older {'entry' if count == 1 else 'entries'} ({days})"


def _runs(earlier: Sequence[tuple[date, date]], runs: Sequence[Sequence[date]],
          kept: Sequence[date]) -> list[tuple[date, date]]:
    """The runs of archived days (an earlier pointer's and this one's), in order, two of them joined
    unless the day of an entry the topic keeps (`kept`, in order) falls between them."""
    joined: list[tuple[date, date]] = []
    for first, last in sorted([*earlier, *((run[0], run[1]) for run in runs)]):
        if joined:
            before_first, before_last = joined[-1]
            at = bisect_right(kept, before_last)
            if first <= before_last or not (at < len(kept) and kept[at] < first):
                joined[-1] = (before_first, max(before_last, last))
                continue
        joined.append((first, last))
    return joined


def _emptied_headings(work: _Work, removed: set[int]) -> dict[int, str]:
    """Headings left with nothing under them once their entries were archived: they go with them
    (with the blank lines that followed), so that no empty heading stays behind. Line -> its text."""
    headings = work.headings
    gone: dict[int, str] = {}
    for index in range(len(headings) - 1, -1, -1):  # the deepest and last first: a parent may empty next
        line, level = headings[index]
        if work.lines[line] is None:
            continue
        stop = next((at for at, lvl in headings[index + 1 :] if lvl <= level), len(work.lines))
        body = range(line + 1, stop)
        if not any(n in removed or n in gone for n in body):
            continue  # it lost nothing: an empty heading that was empty before stays as it was
        if any((work.lines[n] or "").strip() for n in body):
            continue
        gone[line] = work.lines[line] or ""
        work.drop(line)
        for n in body:  # the blank lines left under it go too (they are not words: not archived)
            if work.lines[n] is not None:
                work.drop(n)
    return gone


def _existing_summary(work: _Work, archive_rel: str) -> tuple[int, int, list[tuple[date, date]]] | None:
    """An earlier run's pointer line to the same archive: its line, its count and its runs of days."""
    if " older entr" not in work.doc.text:
        return None  # no earlier run's line (most topics): not looked for line by line
    for number, line in enumerate(work.lines):
        match = _SUMMARY.match(line or "")
        if match and match.group(3) == archive_rel:
            runs = []
            for days in match.group(2).split(", "):
                first, _, last = days.partition(" … ")
                runs.append((date.fromisoformat(first), date.fromisoformat(last or first)))
            return number, int(match.group(1)), runs
    return None


def _summarize(work: _Work, options: Options, target: int, today: date) -> tuple[Step | None, str | None]:
    import os

    from memctl.commands.proc import filter_text

    assert options.summarizer is not None
    current = work.text()
    lines = split_lines(current)
    span = front_matter_span(lines)
    body = "".join(lines[span:])
    out, problem = filter_text(options.summarizer, body, options.timeout,
                                  {**os.environ, "MEMCTL_TARGET_TOKENS": str(target)})
    if out is None:
        return None, f"{problem}; topic kept as it was"
    out = out.replace("\r\n", "\n").replace("\n", work.newline)
    if front_matter_span(split_lines(out)):
        return None, "summarizer output changes the front matter; topic kept as it was"
    if work.count(out) >= work.count(body):
        return None, "summarizer output is not smaller; topic kept as it was"
    nl = work.newline
    work.archived.append([f"## Full text of {work.doc.rel} before summarizing on {today.isoformat()}{nl}{nl}",
                          _ended(body, nl)])
    work.override(out)
    return Step("summarizer", 1, work.tokens(today), f"body rewritten by {options.summarizer}"), None


_SUM = (1 << 32) - 1  # a key's checksum, CRC-32
_LOCAL_BIT = 1 << 32  # set on the checksum of an entry that can be a copy only within its own section
_BATCH = 1 << 20  # characters of entries keyed at a time: a huge topic's entries are not all joined at once


def _keys(rel: str, lines: list[str], spans: list[tuple[int, int]], whole: list[bool],
          headings: list[tuple[int, int]], dedupe_only: bool) -> list[str]:
    """The keys of the entries on `spans` (start and end lines). A whole dated entry (a list item or
    paragraph that opens with a date, or a dated section) is keyed by its words alone: its copy
    anywhere in the home is a copy. Any other entry's key holds its topic and the heading it stands
    under (the nearest above it), so that only its copy in the same section is one."""
    starts = [line for line, _ in headings]
    keyed: list[str] = []
    at = 0
    while at < len(spans):
        texts: list[str] = []
        size = 0
        while at + len(texts) < len(spans) and (size < _BATCH or not texts):
            start, end = spans[at + len(texts)]
            texts.append("".join(lines[start:end]))
            size += len(texts[-1])
        batch = slice(at, at + len(texts))
        for (start, _), is_whole, key in zip(spans[batch], whole[batch], entry_keys(texts, dedupe_only), strict=True):
            if not is_whole:
                above = bisect_right(starts, start) - 1
                key = f"{_LOCAL}{rel}{_LOCAL}{starts[above] if above >= 0 else -1}{_LOCAL}{key}"
            keyed.append(key)
        at += len(texts)
    return keyed


def _sum(key: str) -> int:
    return zlib.crc32(key.encode("utf-8", "surrogatepass"))


def _is_whole(lines: list[str], entry: Entry) -> bool:
    return entry.kind == "section" or opens_with_date(lines[entry.start])


def _local_sums(home: MemoryHome, doc: Doc, lines: list[str], entries: list[Entry],
                headings: list[tuple[int, int]], dedupe_only: bool) -> list[int]:
    """The checksum of each of a topic's entries' keys (with _LOCAL_BIT where it can be a copy
    only within its section), cached by its digest and path (a key names its topic)."""
    key = f"lsum:{ENTRIES_VERSION}.{KEYS_VERSION}:{doc.digest}:{int(dedupe_only)}:{doc.rel}"
    found = home.cache.get(key, lambda value: type(value) is list and len(value) == len(entries)
                           and all(type(n) is int and 0 <= n <= _SUM | _LOCAL_BIT for n in value))
    if found is None:
        whole = [_is_whole(lines, entry) for entry in entries]
        keyed = _keys(doc.rel, lines, [(e.start, e.end) for e in entries], whole, headings, dedupe_only)
        found = [_sum(k) | (0 if is_whole else _LOCAL_BIT) for k, is_whole in zip(keyed, whole, strict=True)]
        home.cache.put(key, found)
    return found  # type: ignore[no-any-return]


def _key_sums(home: MemoryHome, doc: Doc, dedupe_only: bool) -> list[int]:
    """[checksum, start, end, ...] of each of the topic's whole dated entries' keys, cached by its
    digest: what tells, without reading a topic's entries, that none of them is a copy of an entry
    of a topic over target, and where those that may be stand."""
    key = f"sum:{ENTRIES_VERSION}.{KEYS_VERSION}:{doc.digest}:{int(dedupe_only)}"
    sums = home.cache.get(key, lambda value: type(value) is list and len(value) % 3 == 0
                          and all(type(n) is int and n >= 0 for n in value))
    if sums is None:  # its entries are not kept: a topic under target needs only these (and no dates)
        lines = split_lines(doc.text)
        entries = [e for e in entries_and_headings(lines, front_matter_span(lines), dates=False)[0]
                   if _is_whole(lines, e)]
        keyed = _keys(doc.rel, lines, [(e.start, e.end) for e in entries], [True] * len(entries), [], dedupe_only)
        sums = [n for e, k in zip(entries, keyed, strict=True) for n in (_sum(k), e.start, e.end)]
        home.cache.put(key, sums)
    return sums  # type: ignore[no-any-return]


def _entries(home: MemoryHome, doc: Doc, lines: list[str]) -> tuple[list[Entry], list[tuple[int, int]]]:
    """The topic's entries and top-level headings, cached by the digest of its text (a second run
    and `verify` reread them)."""
    key = f"ent:{ENTRIES_VERSION}:{doc.digest}"
    cached = home.cache.get(key)
    if type(cached) is dict:
        entries = entries_from_json(cached.get("entries"), len(lines))
        headings = headings_from_json(cached.get("headings"), len(lines))
        if entries is not None and headings is not None:
            return entries, headings
    entries, headings = entries_and_headings(lines, front_matter_span(lines))
    home.cache.put(key, {"entries": entries_to_json(entries), "headings": [list(h) for h in headings]})
    return entries, headings


def verify(home: MemoryHome, plan: ConsolidatePlan, options: Options, today: date, stable: bool = True) -> None:
    """Nothing lost, the archive only grows, and (`stable`) a second run (same arguments and date)
    changes nothing."""
    changes = {c.rel: c for c in plan.write.changes}
    for topic in plan.topics:
        change = changes.get(topic.path)
        if change is None:
            continue
        before, after = change.before or "", change.after
        body_before, body_after = front_matter_chars(before), front_matter_chars(after)
        fm_before, fm_after = split_lines(before[:body_before]), split_lines(after[:body_after])
        if [x for x in fm_before if not x.startswith("updated:")] != [x for x in fm_after if not x.startswith(
                "updated:")] and fm_before:
            raise GuaranteeError("front matter would change beyond `updated`", topic.path)
        # One count of lines, kept small: each line of the body before, less each line after, less
        # each line the archive gains; a line left above zero would be lost.
        left: Counter[str] = Counter()
        for lines in _nonblank(before, body_before):
            left.update(lines)
        for lines in _nonblank(after, body_after):
            left.subtract(lines)
        for line in [line for line in left if _SUMMARY.match(line)]:
            del left[line]  # memctl's own "N older entries … archived in" line, replaced by the new count
        archive = changes[topic.archive] if topic.archive else None
        if archive is not None:
            old = archive.before or ""
            if not archive.after.startswith(old):
                raise GuaranteeError("the archive would not only grow", archive.rel)
            last = old.rfind("\n") + 1  # the archive's lines up to its last are the same after
            for lines in _nonblank(archive.after, last):
                left.subtract(lines)
            for lines in _nonblank(old, last):
                left.update(lines)
        lost = next((line for line, n in left.items() if n > 0), None)
        if lost is not None:
            raise GuaranteeError(f"nothing lost: {lost[:60]!r} would leave without reaching the archive", topic.path)
    for rel, change in changes.items():
        if rel.startswith("archive/") and change.before and not change.after.startswith(change.before):
            raise GuaranteeError("the archive would not only grow", rel)
    index = changes.get(home.index.rel)
    if index is not None and COUNT.sub("", index.before or "") != COUNT.sub("", index.after):
        raise GuaranteeError("the index would change beyond its topics' token counts", index.rel)
    if not stable:
        return
    again = plan_consolidate(home, options, today, texts={r: c.after for r, c in changes.items()},
                             run_summarizer=False)
    if any(c.before != c.after for c in again.write.changes):
        raise GuaranteeError("a second run would change more: the plan is not stable",
                             next(c.rel for c in again.write.changes))


def saved_options(options: Options, today: date) -> dict[str, object]:
    """What a plan file records of how its consolidation was asked for (`--plan-out`), so that
    `--apply-plan` checks a second run would change nothing, as `--apply` does (the summarizer is
    not run again: the second run is checked without it, as `--apply`'s is)."""
    return {"topics": list(options.topics), "target": options.target, "older_than": options.older_than,
            "summarizer": options.summarizer, "allow_secrets": options.allow_secrets, "today": today.isoformat()}


def _options_of(saved: object) -> tuple[Options, date] | None:
    """The options and the day a plan file records; None when it records none (or not as `saved_options` does)."""
    if not isinstance(saved, dict):
        return None
    topics, target, older, summarizer, secrets = (saved.get(k) for k in ("topics", "target", "older_than",
                                                                         "summarizer", "allow_secrets"))
    if not (isinstance(topics, list) and all(isinstance(t, str) for t in topics)
            and (target is None or (isinstance(target, int) and target > 0)) and isinstance(older, int) and older >= 0
            and (summarizer is None or isinstance(summarizer, str)) and isinstance(secrets, bool)):
        return None
    try:
        when = date.fromisoformat(str(saved.get("today")))
    except ValueError:
        return None
    return Options(tuple(topics), target, older, summarizer, allow_secrets=secrets), when


def verify_saved(home: MemoryHome, write: WritePlan, summary: dict[str, object]) -> None:
    """The checks `verify` runs on a plan consolidate makes, run on a plan read from a file
    (`--apply-plan`), which anyone may have edited since: each topic it changes loses no line that
    its archive does not gain, keeps its front matter (`updated` aside), the archive only grows, the
    index changes only in its topics' token counts, the plan writes nothing but topics of the home,
    the archive and the index and removes nothing, and (when the plan file says how consolidate was
    asked for) a second run would change nothing. Raises GuaranteeError."""
    saved = summary.get("topics")
    archives = {t["path"]: t.get("archive") for t in saved if isinstance(t, dict) and isinstance(t.get("path"), str)
                } if isinstance(saved, list) else {}
    changes = {c.rel: c for c in write.changes}
    if len(changes) != len(write.changes):
        raise GuaranteeError("it writes a file twice")
    topics = []
    for rel, change in changes.items():
        if change.removed:
            raise GuaranteeError("it removes a file, which consolidate never does", rel)
        if rel == home.index.rel or rel.startswith("archive/"):
            continue
        found = home.find_topic(rel)
        if found is None or found.rel != rel or in_archive(rel):
            raise GuaranteeError("it writes a file that is not a topic of this home", rel)
        archive = archives.get(rel)
        topics.append(TopicPlan(rel, 0, 0, (), archive if isinstance(archive, str) and archive in changes else None))
    plan = ConsolidatePlan(0, tuple(topics), write, ())
    known = _options_of(summary.get("options"))
    if known is None:
        verify(home, plan, Options(), date.today(), stable=False)
        return
    verify(home, plan, known[0], known[1])


def plan_data(plan: ConsolidatePlan, applied: bool) -> dict[str, object]:
    """The plan as JSON data (documented in docs/commands.md)."""
    return {
        "target": plan.target,
        "tokenizer": plan.tokenizer,
        "topics": [{"path": t.path, "tokens_before": t.tokens_before, "tokens_after": t.tokens_after,
                    "over_target_after": t.tokens_after > plan.target, "archive": t.archive,
                    "steps": [s._asdict() for s in t.steps], "skipped": [s._asdict() for s in t.skipped]}
                   for t in plan.topics],
        "warnings": list(plan.warnings),
        "held": list(plan.held),
        "held_secrets": [h._asdict() for h in plan.secrets],
        "unread": [{"path": path, "message": why} for path, why in plan.unread],
        "applied": applied,
    }


def render_held(plan: ConsolidatePlan) -> list[str]:
    """A line for each entry or body left in place because it holds what looks like a credential."""
    what = {"duplicates": "duplicate entry kept", "older": "entry kept", "summarizer": "body not summarized"}
    return [f"{h.path}:{h.line}: {what[h.step]}: {h.reason}" for h in plan.secrets]


def _unread_line(plan: ConsolidatePlan) -> str:
    """The topics that could not be read, of which nothing is known (lint reports each as MEM101)."""
    count = len(plan.unread)
    return (f"not read: {plural(count, 'topic')}, so whether {'it is' if count == 1 else 'they are'} within "
            f"{plan.target:,} tokens is not known (see the warnings): {', '.join(path for path, _ in plan.unread)}")


def render_plan_text(plan: ConsolidatePlan, applied: bool, requested: bool = False) -> str:
    unread = [_unread_line(plan)] if plan.unread else []
    if not plan.topics and plan.held:
        return "\n".join([f"nothing consolidated: {plural(len(plan.held), 'topic')} over {plan.target:,} tokens "
                          f"({plan.tokenizer}) left as {'it is' if len(plan.held) == 1 else 'they are'} (see the "
                          f"warnings): {', '.join(plan.held)}", *unread]) + "\n"
    if not plan.topics:
        if unread:
            return (f"nothing to consolidate among the topics read: each is within {plan.target:,} tokens "
                    f"({plan.tokenizer})\n{unread[0]}\n")
        return f"nothing to consolidate: every topic is within {plan.target:,} tokens ({plan.tokenizer})\n"
    lines = []
    for topic in plan.topics:
        lines.append(f"{topic.path}: {topic.tokens_before:,} tokens ({plan.tokenizer}), target {plan.target:,}")
        for number, step in enumerate(topic.steps, start=1):
            lines.append(f"  {number}. {step.name}: {step.detail} (→ {step.tokens_after:,} tokens)")
        for step in topic.skipped:
            lines.append(f"  not done: {step.name}: {step.detail}")
        if not topic.steps and not topic.skipped:
            lines.append("  nothing to archive: no duplicates and no dated entries old enough")
        elif topic.tokens_after > plan.target:
            lines.append(f"  still {topic.tokens_after:,} tokens, over target: try --summarizer or --older-than")
        if topic.archive:
            lines.append(f"  archived to {topic.archive}")
    lines += unread
    changed = sum(1 for c in plan.write.changes if c.before != c.after)
    if not applied:  # once applied, `wrote N files` is said on stderr, as every command that writes says it
        lines.append("nothing to change" if requested or not changed
                     else "dry run: nothing written (--apply writes, --diff shows the changes)")
    return "\n".join(lines) + "\n"
