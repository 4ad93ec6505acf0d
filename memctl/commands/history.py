"""`memctl history`: how the memory grew (from git) and what dispatches loaded (from the record).

Sizes are counted with the same tokenizer and rules as `status`; each file version is counted
once, keyed by its git blob id in the home's cache.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, NamedTuple

from memctl.commands.gitlog import Commit, Repo
from memctl.errors import InputError, MemctlError
from memctl.hosts import counted_as, version_cap
from memctl.hosts import measure as host_measure
from memctl.markup.globs import matcher
from memctl.markup.markdown import front_matter_span
from memctl.markup.structure import structure
from memctl.model.cache import is_count_list
from memctl.model.home import ARCHIVE_DIRS, MemoryHome, doc_from_text, in_archive
from memctl.safe.fsutil import read_text
from memctl.safe.keys import digest
from memctl.text import split_lines

PERIODS = ("hour", "day", "week", "month")
LOOKBACK = {"hour": 24, "day": 14, "week": 12, "month": 12}  # periods shown by default
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class Window(NamedTuple):
    start: datetime
    end: datetime


def floor(moment: datetime, period: str) -> datetime:
    moment = moment.astimezone(timezone.utc)
    if period == "hour":
        return moment.replace(minute=0, second=0, microsecond=0)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "day":
        return day
    if period == "week":
        return day - timedelta(days=day.weekday())  # weeks start on Monday (ISO)
    return day.replace(day=1)


def step(moment: datetime, period: str) -> datetime:
    if period == "hour":
        return moment + timedelta(hours=1)
    if period == "day":
        return moment + timedelta(days=1)
    if period == "week":
        return moment + timedelta(weeks=1)
    return (moment.replace(day=28) + timedelta(days=4)).replace(day=1)


def windows(period: str, since: datetime | None, until: datetime) -> list[Window]:
    """The periods from `since` (default: the usual look-back) up to the one holding `until`."""
    if period not in PERIODS:
        raise MemctlError(f"unknown period {period!r}; choose one of {', '.join(PERIODS)}")
    last = floor(until, period)
    if since is None:
        first = last
        for _ in range(LOOKBACK[period] - 1):
            first = floor(first - timedelta(seconds=1), period)
    else:
        first = floor(since, period)
    if first > last:
        raise MemctlError("--since is after --until")
    out = []
    while first <= last:
        out.append(Window(first, step(first, period)))
        first = step(first, period)
    return out


def period_name(start: datetime, period: str) -> str:
    """A period's whole name: `2026-11-01 12:00`, `2026-11-01`, `2026-W44` (its ISO week, as roll-ups
    name it) or `2026-11`."""
    if period == "hour":
        return start.strftime("%Y-%m-%d %H:00")
    if period == "week":
        year, week, _ = start.isocalendar()
        return f"{year}-W{week:02d}"
    return start.strftime("%Y-%m" if period == "month" else "%Y-%m-%d")


def parse_moment(value: str, option: str) -> datetime:
    """A date or date-time; without a zone it is taken as UTC."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise MemctlError(f"{option} must be a date like 2026-11-29 (or a date and time), not {value!r}") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


SIZES = ("lines", "counted_lines", "units", "bytes", "chars")  # a version's sizes, tokens aside
CHANGES = ("lines", "counted_lines", "units", "bytes", "tokens")  # a period's change against the one before


def _is_sizes(value: Any, length: int) -> bool:
    """A cached version: `length` counts, then the load cap's measures ([name, used, limit] each)."""
    return (isinstance(value, list) and len(value) == length + 1 and is_count_list(value[:length], length)
            and isinstance(value[-1], list) and all(
                isinstance(m, list) and len(m) == 3 and isinstance(m[0], str)
                and all(type(x) is int for x in m[1:]) for m in value[-1]))


class Sizer:
    """Sizes of the index's and the topics' versions by blob id, measured as `status` measures the
    index now (`memctl.hosts.measure` of what the host loads of it), counted once and kept in the
    home's cache, under the host's figures that measured them."""

    def __init__(self, home: MemoryHome, repo: Repo):
        self.home, self.repo = home, repo
        budgets, level = home.config.budgets, home.config.section_level
        self._cap = version_cap(home)
        room = self._cap(home.index).measures  # the room the index has now (OpenClaw's share)
        self._figures = digest(repr((budgets, level, [limit for _, _, limit in room])))[:16]

    def _measure(self, blobs: list[str], tokens: bool) -> dict[str, list[Any]]:
        home = self.home
        found = {}
        path = os.path.join(home.root, home.index.rel)
        for blob, data in self.repo.blobs(blobs).items():
            text = data.decode("utf-8", errors="replace")
            doc = doc_from_text(text, path, home.index.rel, home, home.config.section_level)
            cap = self._cap(doc)
            sizes = host_measure(doc, cap, home.config.budgets, tokens)
            found[blob] = [doc.lines, sizes["lines"], sizes["units"], sizes["bytes"], sizes["chars"],
                           *([sizes["tokens"]] if tokens else []), [list(m) for m in cap.measures]]
        return found

    def _sized(self, blob_ids: list[str], prefix: str, length: int, tokens: bool) -> dict[str, list[Any]]:
        known = {b: self.home.cache.get(f"{prefix}:{b}", lambda v: _is_sizes(v, length)) for b in blob_ids}
        for blob, value in self._measure([b for b, v in known.items() if v is None], tokens).items():
            self.home.cache.put(f"{prefix}:{blob}", value)
            known[blob] = value
        return {b: v for b, v in known.items() if v is not None}

    def stats(self, blob_ids: list[str]) -> dict[str, dict[str, Any]]:
        """Each version's sizes (`SIZES`), its tokens and its load cap's measures (`load_cap`:
        {name: used}, `limits`: {name: limit})."""
        prefix = f"blob:3:{self.home.counter.name}:{self._figures}"
        return {b: _named(v, True) for b, v in self._sized(blob_ids, prefix, len(SIZES) + 1, True).items()}

    def tokens(self, blob_ids: list[str]) -> dict[str, int]:
        """The tokens of each version of a topic or archived file, counted as `status` counts them."""
        home, name = self.home, self.home.counter.name
        known = {b: home.cache.get(f"tokens:3:{name}:{b}", lambda v: is_count_list(v, 1)) for b in blob_ids}
        for blob, data in self.repo.blobs([b for b, v in known.items() if v is None]).items():
            doc = doc_from_text(data.decode("utf-8", errors="replace"), home.root, "", home,
                                home.config.section_level)
            known[blob] = [doc.tokens]
            home.cache.put(f"tokens:3:{name}:{blob}", known[blob])
        return {b: v[0] for b, v in known.items() if v is not None}

    def shapes(self, blob_ids: list[str]) -> dict[str, dict[str, Any]]:
        """As `stats`, without counting tokens."""
        return {b: _named(v, False) for b, v in self._sized(blob_ids, f"shape:3:{self._figures}", len(SIZES),
                                                                  False).items()}

    def links(self, index_rel: str, blob: str) -> list[str]:
        key = f"links:{self.home.config.section_level}:{blob}"
        cached = self.home.cache.get(key, lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v))
        if cached is not None:
            return cached
        text = self.repo.blobs([blob])[blob].decode("utf-8", errors="replace")
        lines = split_lines(text)
        facts = structure(lines, front_matter_span(lines), self.home.config.section_level)
        folder = posixpath.dirname(index_rel)
        found = []
        for href, _ in facts["links"]:
            target = href.split("#", 1)[0].split("?", 1)[0]
            if target and not _SCHEME.match(target) and not target.startswith(("/", "#")):
                found.append(posixpath.normpath(posixpath.join(folder, target)))
        self.home.cache.put(key, found)
        return found

    def snapshot(self, tree: dict[str, str]) -> dict[str, Any]:
        index_rel = self.home.index.rel
        index_blob = tree.get(index_rel)
        archive = [b for rel, b in tree.items() if rel.endswith(".md")
                   and any(rel.startswith(d + "/") for d in ARCHIVE_DIRS)]
        candidates = {rel: b for rel, b in tree.items() if rel.endswith(".md") and rel != index_rel
                      and not any(rel.startswith(d + "/") for d in ARCHIVE_DIRS)
                      and not any(p.startswith(".") for p in rel.split("/"))}
        globs = [matcher(g) for g in self.home.config.topics]
        by_glob = {rel for rel in candidates if any(match(rel) for match in globs)}
        linked: set[str] = set()
        if index_blob and len(by_glob) < len(candidates):  # only then can a link add a topic
            linked = set(self.links(index_rel, index_blob))
        topics = [b for rel, b in candidates.items() if rel in by_glob or rel in linked]
        index = self.stats([index_blob]).get(index_blob) if index_blob else None
        tokens = self.tokens([*topics, *archive])
        return {
            "index": _shown(index) if index else None,
            "topics_tokens": sum(tokens.get(b, 0) for b in topics),
            "archive_tokens": sum(tokens.get(b, 0) for b in archive),
        }


def _named(value: list[Any], tokens: bool) -> dict[str, Any]:
    sizes: dict[str, Any] = dict(zip(SIZES, value, strict=False))
    if tokens:
        sizes["tokens"] = value[len(SIZES)]
    sizes["load_cap"] = {name: used for name, used, _ in value[-1]}
    sizes["limits"] = {name: limit for name, _, limit in value[-1]}
    return sizes


def _shown(sizes: dict[str, Any]) -> dict[str, Any]:
    """A version of the index as a period shows it: status's figures of the index, by the same names."""
    return {"lines": sizes["lines"], "counted_lines": sizes["counted_lines"], "units": sizes["units"],
            "bytes": sizes["bytes"], "chars": sizes["chars"], "tokens": sizes["tokens"],
            "load_cap": dict(sizes["load_cap"])}


def growth(home: MemoryHome, period: str, since: datetime | None, until: datetime) -> dict[str, Any] | None:
    """Per-period growth from git, or None when the home is not in a git repository."""
    repo = Repo.find(Path(home.root))
    if repo is None:
        return None
    timeline = repo.timeline()
    commits = [commit for commit, _ in timeline]
    # no row before the period of the first commit: the memory was not there yet
    spans = [w for w in windows(period, since, until) if commits and w.end.timestamp() > commits[0].time]
    sizer = Sizer(home, repo)
    periods = []
    previous: dict[str, Any] | None = None
    tree: dict[str, str] = {}
    applied = 0  # commits of the timeline applied to `tree`
    for window in spans:
        start, end = window.start.timestamp(), window.end.timestamp()
        inside = [c for c in commits if start <= c.time < end]
        while applied < len(timeline) and timeline[applied][0].time < end:
            for path, blob in timeline[applied][1].items():
                if blob is None:
                    tree.pop(path, None)
                else:
                    tree[path] = blob
            applied += 1
        state = sizer.snapshot(tree) if applied else {"index": None, "topics_tokens": None, "archive_tokens": None}
        change = None
        if previous is not None and previous["index"] and state["index"]:
            change = {k: state["index"][k] - previous["index"][k] for k in CHANGES}
            change["topics_tokens"] = state["topics_tokens"] - previous["topics_tokens"]
        periods.append({"start": window.start.isoformat(), "end": window.end.isoformat(),
                        "name": period_name(window.start, period), "commits": len(inside), **state, "change": change})
        previous = state
    # the forecast's points: the index after every commit that changed it, whatever the period shown;
    # sized only where the forecast looks (the last four weeks, and back while it was over a limit)
    versions: list[tuple[float, str]] = [(commit.time / 86400, blob) for commit, changes in timeline
                                         if commit.time < until.timestamp()
                                         and (blob := changes.get(home.index.rel)) is not None]
    points = _Points(versions, sizer)
    first = datetime.fromtimestamp(commits[0].time, timezone.utc).isoformat() if commits else None
    note = None
    if repo.shallow:
        note = f"shallow clone: history starts at the first commit available ({first})"
    elif not commits:
        note = "no commit touches this home yet"
    elif not spans:
        note = f"no commit up to {until.date().isoformat()}: the first is from {(first or '')[:10]}"
    return {"periods": periods, "forecast": forecast(home, points, until), "shallow": repo.shallow,
            "first_commit": first, "commits": len(commits), "note": note,
            "lost": lost_files(home, repo, timeline)}


def _slope(points: list[tuple[float, float]]) -> float:
    """Least-squares growth per day of (day, value) points."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    var = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / var if var else 0.0


FORECAST_DAYS = 28  # the forecast fits the last four weeks, for every --period
DROP = 0.2  # a fall of a fifth or more (a split, a consolidation) starts a new trend
MIN_DAYS = 7  # a rate per week from less than a week of the index's life is a guess
MIN_CHANGES = 2  # one change is a step, not a trend
EPSILON = 1e-9  # of a day (86 µs): moments a day apart, in floating point, land on a commit's own


def daily(trend: list[tuple[float, float]], end: float) -> list[tuple[float, float]]:
    """The index's size as it stood at `end` and at each whole day before it, back to the trend's
    first version: `trend` is (day, size) of each version, oldest first, each in force until the
    next. Read by the day, the fit weighs each day alike, so a burst of commits minutes apart
    counts as the one change of size it is, never as a slope of its own."""
    samples = []
    at = len(trend) - 1
    for k in range(int(end - trend[0][0] + EPSILON) + 1):
        moment = end - k
        while at and trend[at][0] > moment + EPSILON:  # a version is in force from its own moment on
            at -= 1
        samples.append((moment, trend[at][1]))
    return samples[::-1]


def weekly_rate(trend: list[tuple[float, float]], end: float) -> float:
    """The least-squares growth a week of the index's size, read by the day (`daily`) up to `end`."""
    return _slope(daily(trend, end)) * 7


def _duration(days: float) -> str:
    minutes = round(days * 1440)
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    if minutes < 48 * 60:
        return f"{minutes // 60} hours"
    return f"{int(days)} days"


def no_forecast(first: float, changes: int, end: float, dropped: bool) -> str | None:
    """Why the trend that starts on day `first` (at a fall of a fifth or more when `dropped`) and
    holds `changes` changes of the index up to `end` gives no forecast, in one line; None when it
    does: it must cover MIN_DAYS days and hold MIN_CHANGES changes."""
    date = datetime.fromtimestamp(first * 86400, timezone.utc).date().isoformat()
    since = (f"since its fall of a fifth or more on {date}: a split or a consolidation starts a new trend" if dropped
             else f"since {date}")
    if end - first < MIN_DAYS - EPSILON:
        return (f"no forecast yet: the index's trend covers {_duration(end - first)} ({since}); a rate per week "
                f"needs {MIN_DAYS} days of it")
    if changes < MIN_CHANGES:
        times = {0: "not changed", 1: "changed once"}.get(changes, f"changed {changes} times")
        return (f"no forecast: the index has {times} in the last {int(end - first)} days ({since}); a trend needs "
                f"{MIN_CHANGES} changes or more")
    return None


class _Points:
    """The index's (day, size) after each commit, sized in batches when first asked for: counting
    every version of a long history costs seconds, and the forecast needs few of them (the last
    four weeks; their sizes without tokens, back to where an index over its limit went over)."""

    BATCH = 256

    def __init__(self, versions: list[tuple[float, str]], sizer: Sizer):
        self._versions, self._sizer = versions, sizer

    def __len__(self) -> int:
        return len(self._versions)

    def day(self, i: int) -> float:
        return self._versions[i][0]

    def sizes(self, indices: list[int]) -> dict[int, dict[str, Any]]:
        """The sizes of the versions `indices` (those that can be read), as `Sizer.stats` gives them."""
        stats = self._sizer.stats([self._versions[i][1] for i in indices])
        return {i: v for i in indices if (v := stats.get(self._versions[i][1]))}

    def backwards(self, last: int, measure: str) -> Iterator[tuple[int, int]]:
        """(index, value of `measure`) from version `last` back to the first."""
        for top in range(last, -1, -self.BATCH):
            chunk = list(range(top, max(top - self.BATCH, -1), -1))
            if measure == "tokens":
                found = {i: size["tokens"] for i, size in self.sizes(chunk).items()}
            else:
                shapes = self._sizer.shapes([self._versions[i][1] for i in chunk])
                found = {i: value for i in chunk if (v := shapes.get(self._versions[i][1]))
                         and (value := measured(v, measure)) is not None}
            for i in chunk:
                if i in found:
                    yield i, found[i]


CAP_MEASURE = "load cap "  # a load cap's measure that is not one of the index's own: "load cap chars"
WORDS = {"lines": "lines", "units": "UTF-16 units", "bytes": "bytes", "tokens": "tokens", "chars": "characters"}


def measured(sizes: dict[str, Any], measure: str) -> int | None:
    """A version's value of a forecast measure: the index's lines as its host counts them, its
    UTF-16 units, bytes or tokens, or a load cap's measure (`load cap chars`)."""
    if measure.startswith(CAP_MEASURE):
        value = sizes["load_cap"].get(measure[len(CAP_MEASURE):])
        return value if isinstance(value, int) else None
    return int(sizes["counted_lines" if measure == "lines" else measure])


def limits_of(budgets: Any, sizes: dict[str, Any]) -> dict[str, int]:
    """The limits the forecast watches, as `status` shows them: the index's own (`index_max_lines`,
    `_units`, `_bytes`, on its lines and units as the host counts them) and the load cap's measures
    (`sizes` of the latest version: the same measure as one of the index's own shares its name,
    the tighter limit kept; another is `load cap <measure>`)."""
    found = {k: v for k, v in (("lines", budgets.index_max_lines), ("units", budgets.index_max_units),
                               ("bytes", budgets.index_max_bytes)) if v}
    for name, limit in sizes["limits"].items():
        own = name in ("lines", "units", "bytes") and measured(sizes, name) == sizes["load_cap"][name]
        key = name if own else CAP_MEASURE + name
        found[key] = min(found.get(key, limit), limit)
    return found


def _words(measure: str) -> tuple[str, str, str]:
    """(plural, singular, what the limit is) of a forecast measure: lines, line, limit."""
    cap = measure.startswith(CAP_MEASURE)
    plural = WORDS.get(measure.removeprefix(CAP_MEASURE), measure.removeprefix(CAP_MEASURE))
    return plural, plural.removesuffix("s"), "load cap" if cap else "limit"


def forecast(home: MemoryHome, points: _Points, until: datetime) -> dict[str, Any]:
    """When, at the recent rate, the index reaches one of its limits (`limits_of`), measured as
    `status` measures it.

    One story for every period view: the index's size as it stood each day of the last
    FORECAST_DAYS days up to now (`daily`: the version in force that day, the one from before the
    window too), from the last time it fell by DROP or more (a split or a consolidation changes
    the trend; the rate before it says nothing about the rate after), fitted by least squares.
    No forecast (`no_forecast`, saying why) from a trend shorter than MIN_DAYS days or with fewer
    than MIN_CHANGES changes: two commits minutes apart are no rate per week.
    """
    from memctl.model.config import now

    end = min(until, now()).timestamp() / 86400  # after now, the index's size is not known yet
    start = end - FORECAST_DAYS
    window = [i for i in range(len(points)) if start <= points.day(i) <= end]
    before = [i for i in range(len(points)) if points.day(i) < start]
    if before:  # the version in force when the window opens
        window.insert(0, before[-1])
    if points and (not window or window[-1] != len(points) - 1):
        window.append(len(points) - 1)
    sized = points.sizes(window)
    latest = max(sized) if sized else None
    limits = limits_of(home.config.budgets, sized[latest]) if latest is not None else {}
    for measure, limit in limits.items():
        value = measured(sized[latest], measure) if latest is not None else None
        if latest is not None and value is not None and value > limit:  # at the limit, it all loads
            since = latest
            for i, earlier in points.backwards(latest, measure):
                if earlier <= limit:
                    break
                since = i
            day = datetime.fromtimestamp(points.day(since) * 86400, timezone.utc).date().isoformat()
            plural, singular, what = _words(measure)
            return {"trend": "over", "rates_per_week": None, "limit": measure, "reaches_on": None, "over_since": day,
                    "message": f"index is already past its {limit:,}-{singular} {what} since {day} "
                               f"({value:,} {plural})"}
    recent = sorted(((max(points.day(i), start), sized[i]) for i in window if i in sized and points.day(i) <= end),
                    key=lambda point: point[0])
    drops = [i for i in range(1, len(recent)) if any(recent[i][1][k] <= (1 - DROP) * recent[i - 1][1][k]
                                                     for k in ("counted_lines", "tokens"))]
    if drops:
        recent = recent[drops[-1]:]
    if not recent:
        return {"trend": "unknown", "rates_per_week": None, "limit": None, "reaches_on": None,
                "message": "not enough history for a forecast: no version of the index in git yet"}
    why = no_forecast(recent[0][0], len(recent) - 1, end, bool(drops))
    if why is not None:
        return {"trend": "unknown", "rates_per_week": None, "limit": None, "reaches_on": None, "message": why}
    current = recent[-1][1]
    rates: dict[str, float] = {}
    for k in dict.fromkeys(["lines", "units", "bytes", "tokens", *limits]):
        known = [(x, value) for x, sizes in recent if (value := measured(sizes, k)) is not None]
        if len(known) == len(recent):
            rate = weekly_rate([(x, float(v)) for x, v in known], end)
            rates[k] = round(rate, 1) if k == "lines" else round(rate)
    soonest: tuple[float, str, int] | None = None
    for measure, limit in limits.items():
        value = measured(current, measure)
        if measure in rates and rates[measure] > 0 and value is not None:
            days = (limit - value) / (rates[measure] / 7)
            if soonest is None or days < soonest[0]:
                soonest = (days, measure, limit)
    if soonest is None:
        trend = "shrinking" if rates["tokens"] < 0 else "flat"
        return {"trend": trend, "rates_per_week": rates, "limit": None, "reaches_on": None,
                "message": f"index is {trend} ({rates['lines']:+.1f} lines/week, {rates['tokens']:+,} tokens/week)"}
    days, measure, limit = soonest
    when = (datetime.fromtimestamp(end * 86400, timezone.utc) + timedelta(days=days)).date()
    plural, _, what = _words(measure)
    shown = f"{rates[measure]:+,.1f}" if measure == "lines" else f"{rates[measure]:+,}"
    return {"trend": "growing", "rates_per_week": rates, "limit": measure, "reaches_on": when.isoformat(),
            "message": f"index {shown} {plural}/week: reaches {limit:,} {plural}"
                       f"{' (its load cap)' if what == 'load cap' else ''} around {when.isoformat()}"}


def dispatches(home: MemoryHome, period: str, since: datetime | None, until: datetime) -> dict[str, Any] | None:
    """Roll up `.memctl/dispatches.jsonl` per period; None when there is no record. A record (or
    `.memctl/`) that is there but cannot be read is a one-line InputError naming it."""
    from memctl.safe.fsutil import check_readable

    path = Path(home.root) / ".memctl" / "dispatches.jsonl"
    check_readable(str(path.parent))
    check_readable(str(path))
    if not path.is_file():
        return None
    spans = windows(period, since, until)
    lo, hi = spans[0].start, spans[-1].end
    records, malformed = [], 0
    with path.open("rb") as handle:
        for raw in handle:
            try:
                record = json.loads(raw)
                moment = parse_moment(record["time"], "time")
                tokens, budget = int(record["tokens"]), int(record["budget"])
                files = [str(f["path"]) for f in record.get("files", [])]
                omitted = len(record.get("omitted", []))
            except (ValueError, KeyError, TypeError, MemctlError):
                malformed += 1
                continue
            if lo <= moment < hi:
                records.append((moment, tokens, budget, files, omitted))
    rows = []
    for window in spans:
        inside = [r for r in records if window.start <= r[0] < window.end]
        rows.append({
            "start": window.start.isoformat(), "end": window.end.isoformat(),
            "name": period_name(window.start, period), "dispatches": len(inside),
            "mean_tokens": round(sum(r[1] for r in inside) / len(inside)) if inside else None,
            "max_tokens": max((r[1] for r in inside), default=None),
            "budget": max((r[2] for r in inside), default=None),
            "with_omissions": sum(1 for r in inside if r[4]),
        })
    from memctl.commands.rollup import rolled_into

    merged = rolled_into(home)  # a day's file loaded before its roll-up counts for the period's file
    loaded = Counter(path for r in records for path in {merged.get(p, p) for p in r[3]} if path != home.index.rel)
    return {
        "periods": rows,
        "dispatches": len(records),
        "malformed_lines": malformed,
        "most_loaded": [{"path": p, "dispatches": n}
                        for p, n in sorted(loaded.items(), key=lambda item: (-item[1], item[0]))[:5]],
        "never_loaded": sorted(d.rel for d in home.topics if d.rel not in loaded),
        "omission_rate": round(sum(1 for r in records if r[4]) / len(records), 4) if records else None,
    }


def lost_files(home: MemoryHome, repo: Repo, timeline: list[tuple[Commit, dict[str, str | None]]],
               ) -> list[dict[str, Any]]:
    """Memory files (the index and topics by the config's globs) deleted in git and not back since,
    whose text is kept nowhere in the home now: not in another memory file, the archive or a
    snapshot. Each with the commit that deleted it and how many of its lines are gone."""
    globs = [matcher(g) for g in home.config.topics]

    def memory_file(rel: str) -> bool:
        return (rel.endswith(".md") and not in_archive(rel)
                and not any(p.startswith(".") for p in rel.split("/"))
                and (rel == home.index.rel or any(match(rel) for match in globs)))

    last_blob: dict[str, str] = {}
    deleted: dict[str, tuple[Commit, str]] = {}  # rel -> (the commit that deleted it, its last version)
    for commit, changes in timeline:
        for rel, blob in changes.items():
            if blob is not None:
                last_blob[rel] = blob
                deleted.pop(rel, None)
            elif rel in last_blob and memory_file(rel):
                deleted[rel] = (commit, last_blob[rel])
    deleted = {rel: v for rel, v in deleted.items() if not os.path.lexists(os.path.join(home.root, rel))}
    if not deleted:
        return []
    kept: set[str] = set()
    for doc in (home.index, *home.topics, *home.archived):
        kept.update(line.strip() for line in doc.text.splitlines())
    from memctl.commands.hooks import SNAPSHOTS

    snapshots = os.path.join(home.root, SNAPSHOTS)
    for folder, _, names in os.walk(snapshots):
        for name in names:
            try:
                kept.update(line.strip() for line in read_text(os.path.join(folder, name)).splitlines())
            except InputError:
                continue
    contents = repo.blobs([blob for _, blob in deleted.values()])
    lost = []
    for rel, (commit, blob) in sorted(deleted.items()):
        text = contents.get(blob, b"").decode("utf-8", errors="replace")
        missing = [line for line in (raw.strip() for raw in text.splitlines()) if line and line not in kept]
        if missing:
            lost.append({"path": rel, "commit": commit.sha,
                         "date": datetime.fromtimestamp(commit.time, timezone.utc).isoformat(),
                         "lines_lost": len(missing), "first_lost_line": missing[0],
                         "restore": f"git show {commit.sha[:12]}^:{posixpath.join(repo.prefix, rel)}"})
    return lost


def build_report(home: MemoryHome, period: str, since: datetime | None, until: datetime,
                 with_dispatches: bool, peek: bool = False) -> dict[str, Any]:
    """The history report (documented in docs/commands.md); `note` says why it is empty, if it is.
    With `peek` (a report that only looks at the dispatch record, `memctl report`), a record that
    cannot be read is one line in `warnings`, not an error."""
    grown = growth(home, period, since, until)
    warnings: list[str] = []
    try:
        record = dispatches(home, period, since, until) if with_dispatches else None
    except InputError as exc:
        if not peek:
            raise
        record = None
        warnings.append(f"{exc}; the dispatch record is left out")
    report: dict[str, Any] = {"home": home.shown, "period": period, "tokenizer": home.counter.name,
                              "until": until.isoformat(), "git": grown is not None,
                              "counted_as": counted_as(home.config.budgets)}
    if grown is not None:
        report.update(grown)
    else:
        report.update(periods=[], forecast=None, shallow=False, first_commit=None, commits=0, note=None, lost=[])
    report["dispatches"] = record
    if warnings:
        report["warnings"] = warnings
    if grown is None and record is None:
        report["note"] = "not in a git repository" + (
            " and no dispatch record (memctl assemble --record writes .memctl/dispatches.jsonl)" if with_dispatches
            else "; --dispatches reads the dispatch record")
    return report
