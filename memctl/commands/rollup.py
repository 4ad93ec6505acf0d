"""`memctl rollup`: dated notes and journals folded into one file a week or a month, nothing lost.

A file is dated when its name is an ISO date (`2026-11-23.md`, `2026-11-23-standup.md`) or an ISO
week (`2026-W47.md`, what a weekly roll-up writes). Every closed period (not the current one, not
one that ended within `keep_days`) with more than one file in a folder becomes one file in that
folder: each source's text under a heading naming its date, in date order, with front matter that
records the period and the sources. The sources move to `archive/<folder>/` under their own
names; the index's links to them are rewritten to the period's file. Weeks roll into months: a
week belongs to the month of its Thursday, as ISO weeks belong to years, and so does each of its
days, so a month runs from the Monday of its first week to the Sunday of its last (2026-10 is
2026-09-28 … 2026-11-01) and rolling days up by week, then by month, gives the months that rolling
them up by month does. A month's file keeps the weeks as `#` headings and the days as `##` headings.

The planner is a function of the files' texts, so that the plan can be checked (every source's
text in the new file or the archive, the index changed only in its links) and planned again on its
own result (a second run changes nothing) before anything is written.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

from memctl.errors import GuaranteeError, MemctlError
from memctl.safe.writer import FileChange, WritePlan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.model.home import MemoryHome

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[-_ ]([^/]+))?\.md$")
_WEEK = re.compile(r"^(\d{4})-W(\d{2})\.md$")
_MONTH = re.compile(r"^(\d{4})-(\d{2})\.md$")
_TITLE = r"""(?:\s+(?:"[^"]*"|'[^']*'))?"""  # a link's title: [x](file.md "Monday")
_LINK_LINE = re.compile(rf"^\s*(?:[-*+]\s+)?\[[^\]]*\]\(\s*<?([^)\s>]+)>?{_TITLE}\s*\)\s*[.;,]?\s*$")
# an inline link's target, or a reference definition's (`[r1]: memory/2026-10-15.md`): the part
# before it, the file, its anchor, and what follows (a title, the closing parenthesis)
_LINK = re.compile(rf"(\]\(\s*<?|^ {{0,3}}\[[^\]]+\]:[ \t]*<?)([^)\s>#]+)(#[^)\s>]*)?(>?{_TITLE}\s*\)|>?(?=\s|$))",
                   re.MULTILINE)
PERIODS = ("week", "month")


@dataclass
class Dated:
    rel: str  # relative to the home
    kind: str  # day, week or month
    first: date  # the first day it covers
    last: date  # the last
    label: str  # "2026-11-23", "2026-11-23 standup", "2026-W47"

    @property
    def folder(self) -> str:
        return posixpath.dirname(self.rel)

    @property
    def name(self) -> str:
        return posixpath.basename(self.rel)


def dated(rel: str) -> Dated | None:
    """What a file's name says about the days it holds, or None when it is not dated."""
    name = posixpath.basename(rel)
    try:
        if match := _DAY.match(name):
            day = date(int(match[1]), int(match[2]), int(match[3]))
            suffix = f" {match[4]}" if match[4] else ""
            return Dated(rel, "day", day, day, f"{day.isoformat()}{suffix}")
        if match := _WEEK.match(name):
            monday = date.fromisocalendar(int(match[1]), int(match[2]), 1)
            return Dated(rel, "week", monday, monday + timedelta(days=6), f"{match[1]}-W{match[2]}")
        if match := _MONTH.match(name):
            first, last = month_span(int(match[1]), int(match[2]))
            return Dated(rel, "month", first, last, f"{match[1]}-{match[2]}")
    except ValueError:  # 2026-02-30, 2026-W54: not a date
        return None
    return None


def _month_end(day: date) -> date:
    following = date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    return following - timedelta(days=1)


def _thursday(day: date) -> date:
    """The Thursday of the ISO week `day` is in: what decides the week's year, and its month."""
    return day + timedelta(days=3 - day.weekday())


def month_span(year: int, month: int) -> tuple[date, date]:
    """The days a month's roll-up holds: the ISO weeks whose Thursday falls in the month, from the
    first one's Monday to the last one's Sunday."""
    first, last = _thursday(date(year, month, 1)), _thursday(_month_end(date(year, month, 1)))
    if first.month != month:
        first += timedelta(weeks=1)
    if last.month != month:
        last -= timedelta(weeks=1)
    return first - timedelta(days=3), last + timedelta(days=3)


def period_of(item: Dated, period: str) -> tuple[str, date, date] | None:
    """(name, first day, last day) of the period `item` rolls into; None when it is that big already."""
    if period == "week":
        if item.kind != "day":
            return None
        year, week, _ = item.first.isocalendar()
        monday = date.fromisocalendar(year, week, 1)
        return f"{year}-W{week:02d}", monday, monday + timedelta(days=6)
    if item.kind == "month":
        return None
    anchor = _thursday(item.first)  # a day goes with its week, and the week with its Thursday's month
    return (f"{anchor.year}-{anchor.month:02d}", *month_span(anchor.year, anchor.month))


@dataclass
class Group:
    folder: str
    name: str  # 2026-W47 or 2026-11
    first: date
    last: date
    sources: list[Dated]  # in date order; one may be the period's own file from an earlier run
    period: str = "week"  # week or month: what the file is (a week's late notes go into a month's file)
    rel: str = ""

    def __post_init__(self) -> None:
        self.rel = posixpath.join(self.folder, f"{self.name}.md")


@dataclass
class RollupPlan:
    period: str
    groups: list[Group]
    write: WritePlan
    summarized: list[str] = field(default_factory=list)  # period files whose body a summarizer wrote
    warnings: list[str] = field(default_factory=list)
    skipped_open: int = 0  # dated files left because their period is open or recent
    # what a credential in it held back: (file, line, what was not done, why)
    held: list[tuple[str, int, str, str]] = field(default_factory=list)


def groups_of(files: list[str], period: str, today: date, keep_days: int,
              months: frozenset[str] = frozenset()) -> tuple[list[Group], int]:
    """The closed periods with more than one file, folder by folder; and how many dated files wait
    for their period to close. By week, a day of a closed week whose month's roll-up is one of
    `months` (memctl's month files, by path) goes into that month's file, as a monthly run would
    put it there, and not into a second file for its week."""
    buckets: dict[tuple[str, str], Group] = {}
    waiting = 0
    for rel in files:
        item = dated(rel)
        if item is None:
            continue
        own = item.kind == period
        target = (item.label, item.first, item.last) if own else period_of(item, period)
        if target is None:
            continue
        name, first, last = target
        if (today - last).days <= keep_days:
            waiting += 0 if own else 1
            continue
        kind = period
        if period == "week" and item.kind == "day":
            month = period_of(item, "month")
            if month is not None and posixpath.join(item.folder, f"{month[0]}.md") in months:
                (name, first, last), kind = month, "month"
        group = buckets.setdefault((item.folder, name), Group(item.folder, name, first, last, [], kind))
        group.sources.append(item)
    for group in buckets.values():
        if group.period != period and (found := dated(group.rel)) is not None:
            group.sources.append(found)  # the month's file the late days go into
    groups = []
    for group in buckets.values():
        group.sources.sort(key=_in_date_order(group.period))
        if len(group.sources) > 1:
            groups.append(group)
    return sorted(groups, key=lambda g: (g.folder, g.first)), waiting


def _in_date_order(period: str) -> Callable[[Dated], tuple[date, bool, str]]:
    """The order of a period's sources: by date, its own file from an earlier run first on its day."""
    return lambda item: (item.first, item.kind != period, item.label)


# --- the period's file -------------------------------------------------------------------------


def _split(text: str) -> tuple[dict[str, object], str]:
    """A file's front matter (as data; {} when none or unreadable) and its body."""
    from memctl.markup.markdown import front_matter_span
    from memctl.text import split_lines

    lines = split_lines(text)
    span = front_matter_span(lines)
    if not span:
        return {}, text
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:  # every key, not only those memctl knows: a roll-up's own `sources` among them
        values = YAML(typ="safe", pure=True).load("".join(lines[1 : span - 1]))
    except (YAMLError, ValueError):
        values = None
    return (values if isinstance(values, dict) else {}), "".join(lines[span:])


def _ended(text: str, newline: str) -> str:
    text = text.replace("\r\n", "\n").replace("\n", newline)
    return text if text.endswith(newline) or not text else text + newline


def _chunk(body: str, nl: str) -> str:
    """A source's body as its period's file holds it: no byte-order mark, no blank lines around it,
    the file's line ends, and one blank line after it (nothing for an empty file)."""
    text = _source_text(body)
    return _ended(text, nl) + nl if text else ""


def _source_text(body: str) -> str:
    """What of a source's body must be found in its period's file, with LF line ends."""
    return body.lstrip("\ufeff").replace("\r\n", "\n").strip("\n")


def _yaml_list(items: list[str]) -> str:
    from memctl.markup.markdown import yaml_string

    return "[" + ", ".join(map(yaml_string, items)) + "]"


def _originals(item: Dated, values: dict[str, object]) -> list[str]:
    """The day files a file stands for: itself, or the sources its front matter names."""
    sources = values.get("sources")
    if item.kind != "day" and isinstance(sources, list) and all(isinstance(s, str) for s in sources):
        return [str(s) for s in sources]
    return [item.name]


_HEADING = re.compile(r"#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$")


def headings(group: Group, texts: dict[str, str]) -> dict[str, tuple[str, bool]]:
    """Each source's heading in its period's file, and whether it is the source's own: a day's note
    that starts with a heading holding its date (`# 2026-11-23 (Mon)`, as OpenClaw's and Volute's
    notes do) needs no `## 2026-11-23` above it, unless another source's heading would have the same
    anchor; the others are headed by their label (`2026-11-23 standup`, `2026-W47`)."""
    found: dict[str, tuple[str, bool]] = {}
    for item in group.sources:
        first = _source_text(_split(texts[item.rel])[1]).split("\n", 1)[0]
        match = _HEADING.match(first) if item.kind == "day" else None
        own = match is not None and item.first.isoformat() in match[1]
        found[item.rel] = (match[1], True) if match is not None and own else (item.label, False)
    anchors = [_anchor(heading) for heading, _ in found.values()]
    return {rel: (heading, own) if not own or anchors.count(_anchor(heading)) == 1 else (label, False)
            for (rel, (heading, own)), label in zip(found.items(), (s.label for s in group.sources), strict=True)}


_DATED_HEADING = re.compile(r"(\d{4})-(?:(\d{2})-(\d{2})|W(\d{2}))(?!\d)")


def _parts_of(group: Group, body: str, originals: list[str]) -> tuple[list[tuple[int, date]], set[str]]:
    """Where the parts of a period's file from an earlier run start, and on which day (a week's on
    its Monday), in order: its headings (of level 1 or 2, outside code blocks) that begin with the
    date of one of its sources, or with a week of the period, the first of each; and the weeks it
    holds. A note added to a closed period after its roll-up goes in before the first part of a
    later day, as if it had been there at the first run."""
    from memctl.markup.structure import structure
    from memctl.text import split_lines

    days = {d.first for name in originals if (d := dated(name)) is not None and d.kind == "day"}
    lines = split_lines(body)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    parts: list[tuple[int, date]] = []
    weeks: set[str] = set()
    seen: set[date] = set()
    for line, level, text in structure(lines, 0, 2)["headings"]:
        match = _DATED_HEADING.match(text)
        if level > 2 or match is None:
            continue
        try:
            if match[4]:
                day, label = date.fromisocalendar(int(match[1]), int(match[4]), 1), f"{match[1]}-W{match[4]}"
            else:
                day, label = date(int(match[1]), int(match[2]), int(match[3])), ""
        except ValueError:
            continue
        if day in seen or not group.first <= day <= group.last or not (label or day in days):
            continue
        seen.add(day)
        if label:
            weeks.add(label)
        parts.append((offsets[line], day))
    return parts, weeks


def _days_of(week: Dated, chunk: str, originals: list[str]) -> list[tuple[int, int, date]]:
    """A week's file, as its month's file holds it (`chunk`), in the parts of its days: (start, end,
    day), what comes before the first day's heading with it; [] when no heading names a day of it
    (a summarized week). A week rolled up after its month was (a late note's, by an older memctl)
    goes into the month's file so, its days among the month's by their dates."""
    parts, _ = _parts_of(Group(week.folder, week.label, week.first, week.last, []), chunk, originals)
    ends = [offset for offset, _ in parts[1:]] + [len(chunk)]
    return [(0 if number == 0 else offset, end, day) for number, ((offset, day), end) in enumerate(zip(parts, ends,
                                                                                                      strict=True))]


def render_group(group: Group, texts: dict[str, str], period: str, today: date) -> tuple[str, str, dict[str, int]]:
    """The period file's front matter, its verbatim body, and where in the body each source's part
    starts (its heading, or the heading of the week it opens, is the first at or after it). The
    sources go in date order; into the period's own file from an earlier run, the notes added since
    go in among its parts by their dates (`_parts_of`)."""
    all_crlf = all("\r\n" in texts[s.rel] for s in group.sources)
    nl = "\r\n" if all_crlf else "\n"
    sources: list[str] = []
    skills: list[str] = []
    body: list[str] = []
    current_week = None
    headed = headings(group, texts)
    starts: dict[str, int] = {}
    size = 0
    own_rel = next((s.rel for s in group.sources if s.name == f"{group.name}.md"), None)
    own = ""  # what is left of the own file's body, and its parts, each (offset in it, day)
    parts: list[tuple[int, date]] = []
    weeks: set[str] = set()
    taken = 0  # how much of the own file's body is in `body` so far

    def add(part: str) -> None:
        nonlocal size
        body.append(part)
        size += len(part)

    def own_until(day: date) -> None:  # the own file's parts before the first of a day after `day`
        nonlocal taken, current_week
        stop = next((offset for offset, starts_on in parts if starts_on > day and offset >= taken), len(own))
        if stop > taken:
            add(own[taken:stop])
            taken = stop
            current_week = None

    if own_rel is not None:
        values, text = _split(texts[own_rel])
        own = _chunk(text, nl)
        listed = values.get("sources")
        parts, weeks = _parts_of(group, own, [str(s) for s in listed] if isinstance(listed, list) else [])
    for item in group.sources:
        values, text = _split(texts[item.rel])
        sources.extend(s for s in _originals(item, values) if s not in sources)
        listed = values.get("skills")
        for skill in listed if isinstance(listed, list) else []:
            if isinstance(skill, str) and skill not in skills:
                skills.append(skill)
        if item.rel == own_rel:  # the period's own file from an earlier run: its body as it is
            continue
        chunk = _chunk(text, nl)
        if own_rel is not None and item.kind == "week" and item.label in weeks:
            days = _days_of(item, chunk, _originals(item, values))
            for number, (start, end, day) in enumerate(days):  # among the month's days, each by its date
                own_until(day)
                if not number:
                    starts[item.rel] = size
                add(chunk[start:end])
            if days:
                continue
        if own_rel is not None:
            own_until(item.last)
        starts[item.rel] = size
        if period == "month":
            week = item.label if item.kind == "week" else period_of(item, "week")[0]  # type: ignore[index]
            if week != current_week and week not in weeks:
                add(f"# {week}{nl}{nl}")
                current_week = week
            if item.kind == "week":
                add(chunk)
                continue
            starts[item.rel] = size  # a day's own heading, not its week's
        add(chunk if headed[item.rel][1] else f"## {item.label}{nl}{nl}" + chunk)
    if taken < len(own):
        add(own[taken:])
    if own_rel is not None:
        sources.sort(key=lambda name: d.first if (d := dated(name)) is not None else group.last)
    front = [f"period: {group.name}", f"first_day: {group.first.isoformat()}", f"last_day: {group.last.isoformat()}",
             f"sources: {_yaml_list(sources)}"]
    if skills:
        front.append(f"skills: {_yaml_list(skills)}")
    front.append(f"rolled_up: {today.isoformat()}")
    head = f"---{nl}" + "".join(line + nl for line in front) + f"---{nl}"
    text = "".join(body)
    return head, text[: -len(nl)] if text.endswith(nl + nl) else text, starts


def anchors_of(head: str, body: str, starts: dict[str, int]) -> dict[str, str]:
    """Each source's anchor in its period's file: that of the first heading at or after where its
    part starts, as GitHub makes anchors (`_anchor`; a repeated one gets `-1`, `-2`), headings in
    code blocks left out."""
    from bisect import bisect_left

    from memctl.markup.structure import structure
    from memctl.text import split_lines

    lines = split_lines(head + body)
    found = structure(lines, len(split_lines(head)), 6)["headings"]
    made: list[str] = []
    seen: dict[str, int] = {}
    for _, _, text in found:
        base = _anchor(text)
        made.append(base if base not in seen else f"{base}-{seen[base]}")
        seen[base] = seen.get(base, 0) + 1
    at = [line for line, _, _ in found]
    out = {}
    for rel, offset in starts.items():
        line = (head + body[:offset]).count("\n")
        index = bisect_left(at, line)
        out[rel] = made[index] if index < len(made) else ""
    return out


# --- the plan ----------------------------------------------------------------------------------


def _archive_rel(rel: str, text: str, existing: dict[str, str], taken: set[str],
                 archived_as: Callable[[str], str] = str) -> str | None:
    """Where a source goes in the archive (`archive/<folder>/<name>`, with the ending `archived_as`
    gives it, `-2` … when that is taken by other text); None when the archive holds it already."""
    base = archived_as(posixpath.join("archive", rel))
    (stem, suffix), number = posixpath.splitext(base), 1
    candidate = base
    while True:
        if candidate in existing and existing[candidate] == text:
            return None
        if candidate not in existing and candidate not in taken:
            return candidate
        number += 1
        candidate = f"{stem}-{number}{suffix}"


def _relink_index(index_rel: str, index_text: str, moved: dict[str, tuple[str, str, str]]) -> str:
    """The index with its links to moved files pointing at their period's file: a line that is only a
    link to one becomes one link line to the period (once per period, none when a line links it
    already; the others go), any other link keeps its line and points at the source's heading in
    the period's file."""
    from memctl.text import split_lines

    folder = posixpath.dirname(index_rel)
    resolve = _resolver(index_rel)

    def relative(rel: str) -> str:
        return posixpath.relpath(rel, folder or ".")

    out: list[str] = []
    periods = {period_rel for period_rel, _, _ in moved.values()}
    lines = split_lines(index_text)
    # a period linked from a line of its own already (rolled up before) gets no second link line
    linked_periods = {target for line in lines if (match := _LINK_LINE.match(line.rstrip("\r\n")))
                      and (target := resolve(match[1].split("#", 1)[0])) in periods}
    for line in lines:
        match = _LINK_LINE.match(line.rstrip("\r\n"))
        target = resolve(match[1].split("#", 1)[0]) if match else None
        if target in moved:
            period_rel, label, _ = moved[target]
            if period_rel not in linked_periods:
                linked_periods.add(period_rel)
                ending = line[len(line.rstrip("\r\n")):]
                indent = line[: len(line) - len(line.lstrip())]
                marker = line.lstrip()[:2] if line.lstrip()[:1] in "-*+" else ""
                out.append(f"{indent}{marker}[{label}]({relative(period_rel)}){ending}")
            continue

        def retarget(m: re.Match[str]) -> str:
            rel = resolve(m[2])
            if rel not in moved:
                return m[0]
            period_rel, _, anchor = moved[rel]
            kept = m[3] or f"#{anchor}"  # a heading it pointed at is in the period's file too
            return f"{m[1]}{relative(period_rel)}{kept}{m[4]}"

        out.append(_LINK.sub(retarget, line))
    return "".join(out)


def _resolver(index_rel: str) -> Callable[[str], str | None]:
    """A link's target relative to the home, from the index's folder (None for a URL or an absolute path)."""
    folder = posixpath.dirname(index_rel)

    def resolve(href: str) -> str | None:
        if re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I) or href.startswith("/"):
            return None
        return posixpath.normpath(posixpath.join(folder, href.split("#", 1)[0]))

    return resolve


_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: its text as shown (a link's or an image's words, not its
    address), lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", _INLINE_LINK.sub(r"\1", heading).strip().lower()).replace(" ", "-")


def plan_rollup(texts: dict[str, str], files: list[str], index_rel: str, period: str, today: date,
                keep_days: int = 7, summarizer: str | None = None, timeout: float = 120.0,
                count: Callable[[str], int] | None = None, target_tokens: int = 1000,
                allow_secrets: bool = False, archived_as: Callable[[str], str] = str) -> RollupPlan:
    """The roll-up of `files` (dated files, relative to the home), whose texts and the index's (and
    the archive's) are in `texts`. Unless `allow_secrets`, a file that holds what looks like a
    credential stays where it is (a period's own file from an earlier run is rolled into, but
    not sent to a summarizer). `archived_as` names a file in the archive (MemoryHome.archived_as)."""
    if period not in PERIODS:
        raise MemctlError(f"unknown period {period!r}; choose week or month")
    months = frozenset(rel for rel in files if period == "week" and (item := dated(rel)) is not None
                       and item.kind == "month" and rel in texts
                       and str(_split(texts[rel])[0].get("period")) == item.label)  # memctl's month roll-ups
    groups, waiting = groups_of(files, period, today, keep_days, months)
    warnings: list[str] = []
    for group in [g for g in groups if g.rel in texts and str(_split(texts[g.rel])[0].get("period")) != g.name]:
        groups.remove(group)  # a note of the user's named as the period's file: rolling up would overwrite it
        warnings.append(f"{group.rel}: not a roll-up memctl wrote (its front matter has no `period: {group.name}`), "
                        f"so its {period} is not rolled up and nothing in it changes; rename it (it is a dated "
                        "file by its name) to roll up its days")
    held: list[tuple[str, int, str, str]] = []
    if not allow_secrets:
        groups, held = _hold_secrets(groups, texts)
    changes: list[FileChange] = []
    summarized: list[str] = []
    taken: set[str] = set()
    moved: dict[str, tuple[str, str, str]] = {}  # source rel -> (period rel, period label, anchor)
    for group in groups:
        head, body, starts = render_group(group, texts, group.period, today)
        anchors = anchors_of(head, body, starts)
        nl = "\r\n" if head.endswith("\r\n") else "\n"
        after = head + body
        # held back, only the period's own file from an earlier run can hold a secret: found in what
        # the summarizer would be sent, its line that of the period's file as the roll-up writes it
        own = next((s for s in group.sources if s.rel == group.rel), None)
        secret = None if allow_secrets or not summarizer or own is None else _first_secret(after)
        if secret is not None:
            held.append((group.rel, secret[2], "not summarized", _why(secret, "sends the period to the summarizer")))
        if summarizer and secret is None:
            summary, problem = _summarize(summarizer, body, timeout, group, count, target_tokens)
            if problem:
                warnings.append(f"{group.rel}: {problem}; rolled up verbatim")
            else:
                verbatim = archived_as(posixpath.join("archive", group.folder, f"{group.name}.verbatim.md"))
                if verbatim in texts or verbatim in taken:
                    warnings.append(f"{group.rel}: {verbatim} exists already; rolled up verbatim")
                else:
                    changes.append(FileChange(verbatim, None, after))
                    taken.add(verbatim)
                    stamp = f"rolled_up: {today.isoformat()}{nl}"
                    after = head.replace(stamp, f"{stamp}summarized: true{nl}") + _ended(summary, nl)
                    summarized.append(group.rel)
        changes.append(FileChange(group.rel, texts[own.rel] if own else texts.get(group.rel), after))
        for item in group.sources:
            if item.rel == group.rel:
                continue
            archived = _archive_rel(item.rel, texts[item.rel], texts, taken, archived_as)
            if archived is not None:
                changes.append(FileChange(archived, None, texts[item.rel]))
                taken.add(archived)
            changes.append(FileChange(item.rel, texts[item.rel], "", removed=True))
            moved[item.rel] = (group.rel, group.name, anchors[item.rel])
    if moved and index_rel in texts:
        relinked = _relink_index(index_rel, texts[index_rel], moved)
        if relinked != texts[index_rel]:
            changes.append(FileChange(index_rel, texts[index_rel], relinked))
    return RollupPlan(period, groups, WritePlan(tuple(changes)), summarized, warnings, waiting, held)


def _first_secret(text: str) -> tuple[str, str, int] | None:
    """The first thing in `text` that looks like a credential: (kind, the secret, its 1-based line)."""
    from memctl.model.secrets import find_secrets

    found = next(find_secrets(text), None)
    return None if found is None else (found[0], text[found[1] : found[2]], text.count("\n", 0, found[1]) + 1)


def _why(secret: tuple[str, str, int], does: str) -> str:
    from memctl.model.secrets import held_back

    return held_back(secret[0], secret[1], does)


def _hold_secrets(groups: list[Group], texts: dict[str, str]) -> tuple[list[Group], list[tuple[str, int, str, str]]]:
    """The groups without their sources that hold what looks like a credential (each left where it
    is, named with its line and why), and without a group that has one file left."""
    kept: list[Group] = []
    held: list[tuple[str, int, str, str]] = []
    for group in groups:
        sources = []
        for item in group.sources:
            secret = None if item.rel == group.rel else _first_secret(texts[item.rel])
            if secret is None:
                sources.append(item)
            else:
                held.append((item.rel, secret[2], "not rolled up", _why(secret, "rolls it up")))
        if len(sources) > 1:
            group.sources = sources
            kept.append(group)
    return kept, held


def _summarize(command: str, body: str, timeout: float, group: Group, count: Callable[[str], int] | None,
               target_tokens: int) -> tuple[str, str | None]:
    """The summarizer's text for a period's body, or why it is refused."""
    from memctl.commands.proc import filter_text

    env = {**os.environ, "MEMCTL_PERIOD": group.name, "MEMCTL_TARGET_TOKENS": str(target_tokens)}
    out, problem = filter_text(command, body, timeout, env)
    if out is None:
        return "", problem
    if out.lstrip().startswith("---"):
        return "", "summarizer output starts with front matter"
    size = count or len
    if size(out) >= size(body):
        return "", "summarizer output is not smaller"
    return out, None


# --- the guarantee -----------------------------------------------------------------------------


def verify(plan: RollupPlan, texts: dict[str, str], files: list[str], index_rel: str, today: date,
           keep_days: int, allow_secrets: bool = False, archived_as: Callable[[str], str] = str,
           stable: bool = True) -> None:
    """Before anything is written: every source's text is in the archive byte for byte and in its
    period's file (a summarized period's in its verbatim copy in the archive); the index changed
    only in its links; and (`stable`) the plan, made again on its own result, changes nothing."""
    from memctl.text import split_lines

    after = dict(texts)
    for change in plan.write.changes:
        if change.removed:
            after.pop(change.rel, None)
        else:
            after[change.rel] = change.after
    archived = set(after[rel] for rel in after if rel.startswith("archive/"))
    new = {c.rel: c.after for c in plan.write.changes if c.before is None and not c.removed}
    for group in plan.groups:
        period_text = after[group.rel]
        if group.rel in plan.summarized:  # the text as rolled up, before the summarizer shortened it
            verbatim = archived_as(posixpath.join("archive", group.folder, f"{group.name}.verbatim.md"))
            if verbatim not in new:
                raise GuaranteeError(f"summarized, but its text as rolled up would not be in {verbatim}; nothing was "
                                     "written", group.rel)
            period_text = new[verbatim]
        for item in group.sources:
            if item.rel == group.rel:  # its lines in order, the notes added since among them
                if not _in_order(_source_text(_split(texts[item.rel])[1]).split("\n"),
                                 period_text.replace("\r\n", "\n")):
                    raise GuaranteeError("the period's own file would lose text; nothing was written", item.rel)
                continue
            if texts[item.rel] not in archived:
                raise GuaranteeError("its text would not be in the archive; nothing was written", item.rel)
            source, held = _source_text(_split(texts[item.rel])[1]), period_text.replace("\r\n", "\n")
            among = item.kind == "week" and any(s.rel == group.rel for s in group.sources)  # its days spread
            if source not in held and not (among and _in_order(source.split("\n"), held)):
                raise GuaranteeError(f"its text would not be in {group.rel}; nothing was written", item.rel)
    if index_rel in texts and after.get(index_rel) != texts[index_rel]:
        resolve = _resolver(index_rel)
        touched = {c.rel for c in plan.write.changes if c.removed} | {g.rel for g in plan.groups}

        def kept_lines(text: str) -> list[str]:
            """The index's lines as they read, link lines to the moved files and their periods left
            out and links to them blanked: what the rewrite may not change."""
            out = []
            for line in split_lines(text):
                whole = _LINK_LINE.match(line.rstrip("\r\n"))
                if whole and resolve(whole[1]) in touched:
                    continue
                out.append(_LINK.sub(lambda m: m[0] if resolve(m[2]) not in touched else "](…)", line).rstrip())
            return out

        if kept_lines(after[index_rel]) != kept_lines(texts[index_rel]):
            raise GuaranteeError("the index would change in more than its links; nothing was written", index_rel)
    if not stable:
        return
    remaining = [f for f in files if f in after] + [g.rel for g in plan.groups if g.rel not in files]
    again = plan_rollup(after, remaining, index_rel, plan.period, today, keep_days, allow_secrets=allow_secrets,
                        archived_as=archived_as)
    if again.write.changes:
        raise GuaranteeError("a second roll-up would change the result again; nothing was written",
                             again.write.changes[0].rel)


def saved_options(today: date, keep_days: int, allow_secrets: bool) -> dict[str, object]:
    """What a plan file records of how its roll-up was asked for (`--plan-out`), so that
    `--apply-plan` checks that the plan, made again on its own result, changes nothing, as
    `--apply` does: on the day it was made, as that day's run would."""
    return {"today": today.isoformat(), "keep_days": keep_days, "allow_secrets": allow_secrets}


def verify_saved(home: MemoryHome, write: WritePlan, summary: dict[str, object]) -> None:
    """The checks `verify` runs on a plan rollup makes, run on a plan read from a file
    (`--apply-plan`), which anyone may have edited since: every source's text is in the archive
    byte for byte and in its period's file (a summarized one's verbatim copy), the index changes
    only in its links, the plan removes only the sources it rolls up and writes no other file than
    their periods', the archive's new files and the index, and (when the plan file says how the
    roll-up was asked for) a second run would change nothing. Raises GuaranteeError."""
    files, texts, _ = read_dated(home)
    period, saved = summary.get("period"), summary.get("groups")
    if period not in PERIODS or not isinstance(saved, list) or not all(
            isinstance(g, dict) and isinstance(g.get("file"), str) and isinstance(g.get("sources"), list)
            and all(isinstance(s, str) for s in g["sources"]) for g in saved):
        raise GuaranteeError("it does not say what it rolls up (its summary is not as --plan-out writes it)")
    groups, summarized = [], []
    for entry in saved:
        item = dated(entry["file"])
        if item is None or item.kind not in PERIODS:
            raise GuaranteeError("it names a period's file that is not one", entry["file"])
        sources = [dated(rel) for rel in entry["sources"]]
        for rel, source in zip(entry["sources"], sources, strict=True):
            if source is None or rel not in texts or rel not in files:
                raise GuaranteeError("it rolls up a file that is not a dated note of this home", rel)
        groups.append(Group(item.folder, item.label, item.first, item.last, [s for s in sources if s], item.kind))
        if entry.get("summarized") is True:
            summarized.append(item.rel)
    changes = {c.rel: c for c in write.changes}
    if len(changes) != len(write.changes):
        raise GuaranteeError("it writes a file twice")
    moving = {s.rel for g in groups for s in g.sources if s.rel != g.rel}
    periods = {g.rel for g in groups}
    for rel, change in changes.items():
        if change.removed:
            if rel not in moving:
                raise GuaranteeError("it removes a file it does not roll up", rel)
        elif not (rel in periods or rel == home.index.rel or (change.before is None and rel.startswith("archive/"))):
            raise GuaranteeError("it writes a file the roll-up does not", rel)
    for rel in sorted(periods - changes.keys()):
        raise GuaranteeError("it does not write the period's file", rel)
    plan = RollupPlan(str(period), groups, write, summarized)
    options = summary.get("options")
    when = keep_days = None
    if isinstance(options, dict) and isinstance(options.get("keep_days"), int) and isinstance(
            options.get("allow_secrets"), bool):
        try:
            when = date.fromisoformat(str(options.get("today")))
            keep_days = options["keep_days"]
        except ValueError:
            when = None
    if when is None or keep_days is None:
        verify(plan, texts, files, home.index.rel, date.today(), 0, archived_as=home.archived_as, stable=False)
        return
    verify(plan, texts, files, home.index.rel, when, keep_days, bool(options["allow_secrets"]),  # type: ignore[index]
           home.archived_as)


def _in_order(lines: list[str], text: str) -> bool:
    """Whether `text` holds each of `lines` as a line of its own, in this order (others between)."""
    found = iter(text.split("\n"))
    return all(any(line == other for other in found) for line in lines)


# --- reading and reporting ---------------------------------------------------------------------


def dated_files(home: MemoryHome, unread: list[tuple[str, str]] | None = None) -> list[str]:
    """The dated files the config's `rollup` globs find, outside the archive (none are read); the
    folders among them that cannot be listed are added to `unread` (path, the system's reason)."""
    from memctl.model.home import in_archive
    from memctl.model.walk import walk
    from memctl.safe.fsutil import Guard

    if not home.config.rollup:
        return []
    found, _ = walk(home.root, home.config.rollup, Guard(home.root), unread)
    return [rel for rel in found if dated(rel) is not None and not in_archive(rel)]


def rolled_into(home: MemoryHome) -> dict[str, str]:
    """Each rolled-up source (a path as it was) -> the period file that holds it now, from the
    `sources` the roll-ups' front matter names."""
    out: dict[str, str] = {}
    for rel in dated_files(home):
        item = dated(rel)
        if item is None or item.kind == "day":
            continue
        doc = next((d for d in home.topics if d.rel == rel), None)
        values = _split(doc.text)[0] if doc is not None else {}
        for source in _originals(item, values):
            if source == item.name:
                continue
            out[posixpath.join(item.folder, source)] = rel
            day = dated(source)
            if item.kind == "month" and day is not None and day.kind == "day":  # and the week it was in
                out[posixpath.join(item.folder, f"{period_of(day, 'week')[0]}.md")] = rel  # type: ignore[index]
    return out


def links_left(home: MemoryHome, plan: RollupPlan) -> list[str]:
    """A warning for each link of another file than the index (a topic, a note that stays) to a
    file the roll-up moves: memctl rewrites only the index's links, and this one would point at
    nothing (the archive keeps the file, the period's file its text)."""
    into = {item.rel: group.rel for group in plan.groups for item in group.sources if item.rel != group.rel}
    moved = {c.rel for c in plan.write.changes if c.removed} & into.keys()
    if not moved:
        return []
    out = []
    for doc in home.topics:
        if doc.rel in moved or doc.rel in {g.rel for g in plan.groups}:
            continue
        for link in doc.links:
            if link.target in moved:
                out.append(f"{doc.rel}:{link.line}: links to {link.target}, which moves into {into[link.target]}: "
                           "only the index's links are rewritten (change this one to the period's file)")
    return out


def read_dated(home: MemoryHome) -> tuple[list[str], dict[str, str], list[str]]:
    """The dated files to roll up, the texts the plan needs (theirs, the index's and the archive's),
    and a warning for each dated file that cannot be read: it is left where it is, and joins its
    period's file on a later run once it reads. A folder of them that cannot be listed (`memory/`
    at mode 000) is an error naming it: what periods its notes make is not known, and "nothing to
    roll up" would not be true."""
    from memctl.errors import InputError
    from memctl.safe.fsutil import read_text

    texts = {doc.rel: doc.text for doc in (home.index, *home.archived)}
    files, warnings = [], []
    unread: list[tuple[str, str]] = []
    found = dated_files(home, unread)
    if unread:
        folder, why = min(unread)  # the outermost first: `memory/` before `memory/journal/`
        raise InputError(f"cannot read this folder ({why}), so its dated notes cannot be rolled up; nothing was "
                         "rolled up", "./" if folder == "." else f"{folder}/")
    for rel in found:
        try:
            texts[rel] = read_text(os.path.join(home.root, rel), rel)
        except InputError as error:
            if rel not in {e.path for e in home.unreadable}:  # a topic that does not read is named already
                warnings.append(f"{error}; left as it is")
            continue
        files.append(rel)
    return files, texts, warnings


def plan_data(plan: RollupPlan, applied: bool) -> dict[str, object]:
    """The plan as JSON data (documented in docs/commands.md)."""
    archived = [c.rel for c in plan.write.changes if c.before is None and c.rel.startswith("archive/")]
    index = [c.rel for c in plan.write.changes if c.before is not None and not c.removed
             and c.rel not in {g.rel for g in plan.groups}]
    return {
        "period": plan.period,
        "groups": [{"file": g.rel, "first_day": g.first.isoformat(), "last_day": g.last.isoformat(),
                    "sources": [s.rel for s in g.sources], "summarized": g.rel in plan.summarized}
                   for g in plan.groups],
        "archived": archived,
        "relinked": index,
        "waiting": plan.skipped_open,
        "held_secrets": [{"path": rel, "line": line, "reason": why} for rel, line, _, why in plan.held],
        "applied": applied,
    }


def render_held(plan: RollupPlan) -> list[str]:
    """A line for each file left where it is because it holds what looks like a credential."""
    return [f"{rel}:{line}: {what}: {why}" for rel, line, what, why in plan.held]


def written_line(plan: RollupPlan) -> str:
    """What an applied roll-up says on stderr, last, as every command that writes says what it wrote."""
    from memctl.words import plural

    written = sum(1 for c in plan.write.changes if not c.removed and c.before != c.after)
    moved = sum(1 for c in plan.write.changes if c.removed)
    relinked = [rel for rel in plan_data(plan, True)["relinked"]]  # type: ignore[attr-defined]
    return (f"wrote {plural(written, 'file')}: {plural(len(plan.groups), 'period file')}, {moved:,} moved to the "
            f"archive" + "".join(f", {rel} relinked" for rel in relinked))


def render_text(plan: RollupPlan, applied: bool, keep_days: int) -> str:
    from memctl.words import plural

    if not plan.groups:
        lines = [f"nothing to roll up by {plan.period}: no closed period has more than one file"
                 + (" that can move (the warnings name those holding what looks like a credential)"
                    if plan.held else "")]
    else:
        lines = [f"rollup by {plan.period}: {plural(len(plan.groups), 'period')}"]
        for group in plan.groups:
            names = [s.name for s in group.sources]
            summary = " (summarized)" if group.rel in plan.summarized else ""
            lines.append(f"  {group.rel}{summary} ← {plural(len(names), 'file')}: {', '.join(names)}")
        data = plan_data(plan, applied)
        archived = data["archived"]
        assert isinstance(archived, list)
        lines.append(f"  {plural(len(archived), 'file')} to the archive (archive/<folder>/, same names)")
        for rel in data["relinked"]:  # type: ignore[attr-defined]
            lines.append(f"  {rel}: links to the rolled-up files now point at their period's file")
        if not applied:  # once applied, what was written is said on stderr (`written_line`): stdout holds the plan
            lines.append("--apply writes it; --diff shows every change")
    if plan.skipped_open:
        lines.append(f"{plural(plan.skipped_open, 'dated file')} wait for their {plan.period} to end "
                     f"(the current one, or one that ended within {keep_days} days)")
    return "\n".join(lines) + "\n"
