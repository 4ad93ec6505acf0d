"""consolidate's plan is the plan its first, plainer algorithm made (issue 27 made it faster, never other).

The plain algorithm made the key of every entry of every topic and compared them all, and counted
the topic's running size with a count of each pointer line it wrote; `_old_archive_old` below is
that step as it was. Each test plans generated homes both ways and asks for the same plan, cold
(nothing cached) and warm (what the first run cached read back).
"""

from __future__ import annotations

import posixpath
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memctl.commands.consolidate as consolidate
from memctl.commands.consolidate import Options, Step, plan_consolidate, verify
from memctl.model.home import load_home
from memctl.words import plural

TODAY = date(2026, 11, 29)


def _old_archive_old(work, entries, older_than, today, target, archive_rel, secrets, counts=None):
    """consolidate._archive_old before issue 27: every removed entry and every pointer line counted
    as it came, the archived text built by adding strings."""
    c = consolidate
    cutoff = today - timedelta(days=older_than)
    dated = sorted((e for e in entries if e.day and e.day < cutoff and work.lines[e.start] is not None),
                   key=lambda e: (e.day, e.start))
    moved = []
    nl = work.newline
    href = posixpath.relpath(archive_rel, posixpath.dirname(work.doc.rel) or ".")
    existing = c._existing_summary(work, archive_rel)
    count, earlier = (existing[1], existing[2]) if existing else (0, [])
    days, held = [], []
    position = None
    summary_now = ""
    saved = work.save()
    estimate = before = work.count(work.text(today))
    for entry in dated:
        if estimate <= target:
            estimate = work.count(work.text(today))
            if estimate <= target:
                break
        found = work.secret_in(entry.start, entry.end)
        if found is not None:
            secrets.append(c._held(work.doc.rel, found, "older", "archives it"))
            held.append(entry.day)
            continue
        removed = work.remove(entry)
        moved.append((entry, removed))
        estimate -= work.count(removed)
        days.append(entry.day)
        count += 1
        position = entry.start if position is None else min(position, entry.start)
        if existing is not None and work.lines[existing[0]] is not None:
            summary_now = work.lines[existing[0]] or ""
            work.drop(existing[0])
            position = min(position, existing[0])
        line = f"- {c._older(count, _plain_runs(earlier, days, held))} archived in [{archive_rel}]({href}){nl}"
        work.insert(position, line)
        estimate += work.count(line) - work.count(summary_now)
        summary_now = line
    if not moved:
        return [], []
    staying = [e.day for e in entries if e.day and work.lines[e.start] is not None]
    summary_now = f"- {c._older(count, _plain_runs(earlier, days, staying))} archived in [{archive_rel}]({href}){nl}"
    work.insert(position, summary_now)
    emptied = c._emptied_headings(work, {n for e, _ in moved for n in range(e.start, e.end)})
    if emptied and position is not None:
        position = min(position, min(emptied))
        work.insert(position, summary_now + nl)

    def spaced(text):
        text = c._ended(text, nl)
        return text + nl if text.lstrip().startswith("#") and not text.endswith(nl * 2) else text

    pieces = [(e.start, spaced(text)) for e, text in moved] + [(n, c._ended(text, nl) + nl)
                                                              for n, text in emptied.items()]
    header = (f"## Archived from {work.doc.rel} on {today.isoformat()}: entries older than {older_than} days"
              f"{nl}{nl}")
    body = ""
    for _, text in sorted(pieces):
        if text.lstrip().startswith("#") and body and not body.endswith(nl + nl):
            body += nl
        body += text
    span = " and ".join(a.isoformat() + ("" if a == b else f" to {b.isoformat()}")
                        for a, b in _plain_runs([], days, staying))
    moving = f"{plural(len(moved), 'entry', 'entries')} from {span}"
    after = work.count(work.text(today))
    if after >= before:
        work.restore(saved)
        one = len(moved) == 1
        why = (f"archiving {moving} would {'make the topic bigger' if after > before else 'not make it smaller'} "
               f"({before:,} → {after:,} tokens): the pointer line left in {'its' if one else 'their'} place is "
               f"{'longer than' if after > before else 'as long as'} {'the entry' if one else 'the entries'}")
        return [], [Step("older", len(moved), after, why)]
    work.archived.append([header + body])
    return [Step("older", len(moved), after, f"{moving} archived")], []


def _plain_runs(earlier, days, kept):
    """Every archived day and an earlier pointer's runs, in order, joined where they overlap or no
    kept entry's day lies strictly between them."""
    runs = []
    for first, last in sorted([*earlier, *((d, d) for d in days)]):
        if runs and (first <= runs[-1][1] or not any(runs[-1][1] < k < first for k in kept)):
            runs[-1] = (runs[-1][0], max(runs[-1][1], last))
        else:
            runs.append((first, last))
    return runs


DAY = st.dates(date(2024, 1, 1), date(2026, 11, 28)).map(date.isoformat)
WORDS = st.sampled_from(["queue stalled", "disk full", "Disk  Full", "tag twice", "cert expired 🚀",
                         "rollback #30", "café naïve", "[STATE: 2025-01-02] lease lost", "kept (as of 2025-03-04)",
                         "token ghp_" + "a1B2" * 9])  # held back: the pointer's days go around it
SHARED = ["- 2025-02-03: the bastion's host key changed.\n", "- 2024-05-06: disk full on ci-3.\n"]
BLOCK = st.one_of(
    st.builds(lambda d, w: f"- {d}: {w}\n", DAY, WORDS),  # a dated item
    st.builds(lambda d, w: f"- {d}: {w}\n  and its second line\n", DAY, WORDS),
    st.builds(lambda w: f"- {w}\n", WORDS),  # an undated item: a field of its section
    st.builds(lambda d, w: f"\n{d} {w}, a paragraph.\n\n", DAY, WORDS),
    st.builds(lambda d, w: f"\n## {d} {w}\n\n- inside the dated section\n\n", DAY, WORDS),  # a dated section
    st.builds(lambda w: f"\n## {w}\n\n", WORDS),  # a heading
    st.builds(lambda w: f"\n### {w}\n\n", WORDS),
    st.just("\n```bash\n# not a heading\n- 2024-01-01: not an entry\n```\n\n"),
    st.sampled_from(SHARED),  # a whole dated entry other topics hold too
    st.sampled_from(SHARED),
    st.just("- 3 older entries (2024-01-02 … 2024-03-04) archived in [archive/t0.md](../archive/t0.md)\n"),
)
TOPIC = st.lists(BLOCK, min_size=1, max_size=30).map("".join)


def _plan(root: Path, options: Options, today: date):
    home = load_home(root)
    plan = plan_consolidate(home, options, today)
    verify(home, plan, options, today)
    home.save_cache()
    return plan


def _same(root: Path, options: Options, cache: Path, monkeypatch: pytest.MonkeyPatch, today: date = TODAY) -> None:
    """The plan, cold then warm, is the plain algorithm's."""
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(cache / "new"))
    new = [_plan(root, options, today), _plan(root, options, today)]
    with monkeypatch.context() as old:
        old.setenv("MEMCTL_CACHE_DIR", str(cache / "old"))
        old.setattr(consolidate, "_archive_old", _old_archive_old)
        old.setattr(consolidate.zlib, "crc32", lambda data: 7)  # every key made, and compared with every other
        reference = _plan(root, options, today)
    for plan in new:
        assert plan.write.changes == reference.write.changes
        assert (plan.topics, plan.warnings, plan.held, plan.secrets) == \
            (reference.topics, reference.warnings, reference.held, reference.secrets)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(topics=st.lists(TOPIC, min_size=1, max_size=4), target=st.integers(10, 300),
       older_than=st.sampled_from([0, 90, 400]), crlf=st.booleans(), nested=st.booleans(), keeper=st.booleans())
def test_the_plan_is_the_plain_algorithm_s(tmp_path_factory, monkeypatch, topics, target, older_than, crlf, nested,
                                          keeper):
    root = tmp_path_factory.mktemp("home")
    if keeper:  # a topic under any target holding the entries others copy: the copy that stays
        topics = ["".join(SHARED), *topics]
    (root / "MEMORY.md").write_text("# Index\n\n" + "".join(f"- [t{i}](topics/t{i}.md)\n" for i in range(len(topics))))
    for i, body in enumerate(topics):
        folder = root / "topics" / ("team" if nested and i % 2 else "")
        folder.mkdir(parents=True, exist_ok=True)
        text = f'---\ntitle: "Topic #{i}"\nupdated: 2026-01-01\n---\n# Topic {i}\n\n{body}'
        (folder / f"t{i}.md").write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode())
    cache = tmp_path_factory.mktemp("cache")
    _same(root, Options(target=target, older_than=older_than), cache, monkeypatch)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(topic=TOPIC, target=st.integers(10, 120), later=st.integers(1, 400))
def test_a_second_run_on_a_later_day_is_the_plain_algorithm_s(tmp_path_factory, monkeypatch, topic, target, later):
    """After an applied run, the topic holds memctl's pointer line, which the next run adds up."""
    from memctl.safe.journal import apply_plan

    root = tmp_path_factory.mktemp("home")
    (root / "MEMORY.md").write_text("# Index\n\n- [t0](topics/t0.md)\n")
    (root / "topics").mkdir()
    (root / "topics" / "t0.md").write_text(f"---\nupdated: 2026-01-01\n---\n# T\n\n{topic}{topic}")
    home = load_home(root)
    plan = plan_consolidate(home, Options(target=target), date(2025, 6, 1))
    apply_plan(home.root, plan.write)
    cache = tmp_path_factory.mktemp("cache")
    _same(root, Options(target=target, older_than=30), cache, monkeypatch, date(2025, 6, 1) + timedelta(days=later))


def test_the_shaped_generator_s_home_is_planned_as_the_plain_algorithm_plans_it(tmp_path, monkeypatch):
    """bench's second generator: quoted titles with `#`, nested folders, fences, tables, shared entries."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    try:
        from shaped import make_shaped_fleet
    finally:
        sys.path.pop(0)
    make_shaped_fleet(tmp_path / "home", 60)
    for target in (None, 400):
        _same(tmp_path / "home", Options(target=target), tmp_path / f"cache-{target}", monkeypatch)
