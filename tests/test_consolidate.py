from __future__ import annotations

import json
import re
import sys
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.commands.consolidate import Options, plan_consolidate, verify
from memctl.errors import GuaranteeError
from memctl.model.home import load_home
from memctl.safe.journal import apply_plan

from .conftest import check_golden

TODAY = date(2026, 11, 29)
SUMMARIZERS = Path(__file__).parent / "summarizers"


def run(root: Path, options: Options | None = None, today: date = TODAY):
    options = options or Options()
    home = load_home(root)
    plan = plan_consolidate(home, options, today)
    verify(home, plan, options, today)
    apply_plan(home.root, plan.write)
    return plan


def nonblank_lines(root: Path) -> Counter[str]:
    files = [*root.glob("topics/*.md"), *root.glob("archive/*.md")]
    return Counter(line for f in files for line in f.read_text().splitlines() if line.strip())


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY.isoformat())


def test_plan_golden_text_and_json(cli):
    text = cli("consolidate", "fixtures/consolidate")
    assert text.exit_code == 0 and text.stderr == ""
    check_golden("consolidate-plan.txt", text.stdout)
    data = json.loads(cli("consolidate", "fixtures/consolidate", "--format", "json").stdout)
    assert [t["path"] for t in data["topics"]] == ["topics/deploys.md", "topics/incidents.md"]
    assert data["topics"][1]["steps"][0]["name"] == "older" and not data["applied"]


def test_check_exits_1_when_over_target(cli):
    assert cli("consolidate", "fixtures/consolidate", "--check").exit_code == 1
    assert cli("consolidate", "fixtures/arc/memory", "--check").exit_code == 0


REPEATED = "- 2026-11-02: the bastion's host key changed; pinned the new one in `known_hosts`.\n"


def test_duplicates_across_topics_are_archived_with_their_origin(copy_fixture):
    root = copy_fixture("consolidate")
    for name in ("fleet", "deploys"):  # a whole dated entry written down in both topics
        path = root / "topics" / f"{name}.md"
        path.write_text(path.read_text().replace("- Announce in #releases", REPEATED + "- Announce in #releases")
                        if name == "deploys" else path.read_text() + REPEATED)
    run(root)
    deploys = (root / "topics" / "deploys.md").read_text()
    assert deploys.count("Merge the release pull request") == 1  # repeated in its own section
    assert "host key changed" not in deploys
    # an undated line that another topic also has is a field of this topic, not a copy: it stays
    assert "ssh goes through the bastion" in deploys and "Every host has 16 cores" in deploys
    assert "fleetctl rollback --to v4.1.9\nfleetctl rollback --to v4.1.9" in deploys  # code is not an entry
    archive = (root / "archive" / "deploys.md").read_text()
    assert "<!-- from topics/deploys.md:14, a copy of topics/deploys.md:7 -->" in archive
    assert f"<!-- from topics/deploys.md:12, a copy of topics/fleet.md:10 -->\n{REPEATED}" in archive
    fleet = (root / "topics" / "fleet.md").read_text()
    assert fleet.count("SSH goes through the bastion") == 1 and fleet.count("host key changed") == 1


@pytest.mark.parametrize("target", [60, 150, 400])
def test_topics_under_target_are_read_only_when_a_key_checksum_matches(copy_fixture, monkeypatch, target):
    """Topics under target are read entry by entry only when one of their entries' key checksums is
    one of the over-target topics' keys' checksums. With every checksum the same (every topic read),
    and with the checksums read back from the cache, the plan is the same."""
    import memctl.commands.consolidate as consolidate

    root = copy_fixture("consolidate")
    for name in ("fleet", "deploys"):  # a whole dated entry in both: what another topic can hold a copy of
        (root / "topics" / f"{name}.md").write_text((root / "topics" / f"{name}.md").read_text() + REPEATED)
    home = load_home(root)
    options = Options(target=target)
    first = plan_consolidate(home, options, TODAY)
    again = plan_consolidate(home, options, TODAY)  # the checksums now come from the cache
    with monkeypatch.context() as patched:
        patched.setattr(consolidate.zlib, "crc32", lambda data: 7)
        colliding = plan_consolidate(load_home(home.root), options, TODAY)
    assert first.write.changes == again.write.changes == colliding.write.changes
    assert first.topics == again.topics == colliding.topics
    written = "".join(change.after for change in first.write.changes)
    # at 150 tokens deploys.md is over target and fleet.md, which holds the first copy, is not
    assert ("a copy of topics/fleet.md:10" in written) == (target == 150)


def test_old_dated_entries_move_oldest_first_and_leave_one_line(copy_fixture):
    root = copy_fixture("consolidate")
    before = (root / "topics" / "incidents.md").read_text()
    plan = run(root)
    incidents = (root / "topics" / "incidents.md").read_text()
    assert "- 27 older entries (2024-11-20 … 2026-08-26) archived in [archive/incidents.md](../archive/incidents.md)" \
        in incidents
    assert "updated: 2026-11-29" in incidents and "skills: [triage]   # loaded for triage dispatches" in incidents
    archive = (root / "archive" / "incidents.md").read_text()
    assert archive.startswith("## Archived from topics/incidents.md on 2026-11-29: entries older than 90 days\n")
    archived_dates = [line[2:12] for line in archive.splitlines() if line.startswith("- 20")]
    topic_order = [line[2:12] for line in before.splitlines() if line.startswith("- 20")]
    assert archived_dates == [d for d in topic_order if d in archived_dates]  # in the order they stood
    assert archived_dates == sorted(topic_order)[: len(archived_dates)][::-1]  # the oldest were chosen
    assert plan.topics[1].tokens_after <= 200 < plan.topics[1].tokens_before
    assert len(before.splitlines()) > len(incidents.splitlines())


def test_second_run_same_date_changes_nothing(copy_fixture, cli):
    root = copy_fixture("consolidate")
    assert cli("consolidate", str(root), "--apply").exit_code == 0
    snapshot = {p: p.read_bytes() for p in root.rglob("*.md")}
    again = cli("consolidate", str(root), "--apply")
    assert again.stdout.endswith("nothing to change\n")
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == snapshot


def test_nothing_is_lost_and_the_archive_only_grows(copy_fixture):
    root = copy_fixture("consolidate")
    before = nonblank_lines(root)
    run(root)
    after = nonblank_lines(root)
    assert not {line for line in before - after if not line.startswith("updated:")}


def test_crlf_topics_keep_crlf(copy_fixture):
    root = copy_fixture("consolidate")
    path = root / "topics" / "incidents.md"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    run(root)
    assert b"\n" not in path.read_bytes().replace(b"\r\n", b"")
    assert b"\n" not in (root / "archive" / "incidents.md").read_bytes().replace(b"\r\n", b"")


def summarizer(name: str) -> str:
    return f"{sys.executable} {SUMMARIZERS / name}"


def test_summarizer_that_works(copy_fixture, cli):
    root = copy_fixture("consolidate")
    result = cli("consolidate", str(root), "--topic", "deploys", "--older-than", "10000", "--target", "60",
                 "--summarizer", summarizer("keep_first_lines.py"), "--apply")
    assert result.exit_code == 0, result.stderr
    deploys = (root / "topics" / "deploys.md").read_text()
    assert deploys.startswith("---\ntitle: Deploys\nupdated: 2026-11-29\n---\n# Deploys\n")
    assert "Rollback restores" not in deploys
    archive = (root / "archive" / "deploys.md").read_text()
    assert "## Full text of topics/deploys.md before summarizing on 2026-11-29" in archive
    assert "Rollback restores the previous artifacts" in archive


@pytest.mark.parametrize(("script", "message"), [
    ("garbage.py", "output changes the front matter"),
    ("hang.py", "ran past 1 s"),
])
def test_bad_summarizers_are_refused(copy_fixture, cli, script, message):
    root = copy_fixture("consolidate")
    result = cli("consolidate", str(root), "--topic", "deploys", "--target", "60", "--older-than", "10000",
                 "--summarizer", summarizer(script), "--timeout", "1", "--apply")
    assert result.exit_code == 0 and f"warning: topics/deploys.md: summarizer {message}" in result.stderr
    assert "Rollback restores" in (root / "topics" / "deploys.md").read_text()
    assert "Full text of" not in (root / "archive" / "deploys.md").read_text()


def test_a_failing_or_missing_command_is_a_warning(copy_fixture, cli):
    root = copy_fixture("consolidate")
    result = cli("consolidate", str(root), "--topic", "deploys", "--target", "60", "--summarizer",
                 "no-such-command-anywhere")
    assert result.exit_code == 0 and "summarizer could not run" in result.stderr


def test_guarantee_failure_writes_nothing(copy_fixture, cli, monkeypatch):
    root = copy_fixture("consolidate")
    snapshot = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    monkeypatch.setattr("memctl.commands.consolidate._spaced", lambda text, nl: "")  # archive loses the old entries
    result = cli("consolidate", str(root), "--apply")
    assert result.exit_code == 2 and "nothing lost" in result.stderr and result.stdout == ""
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == snapshot


def test_unknown_topic_is_exit_2(cli):
    result = cli("consolidate", "fixtures/consolidate", "--topic", "nope")
    assert result.exit_code == 2 and "no topic 'nope'" in result.stderr


ENTRY = st.builds(
    lambda day, words: f"- {day.isoformat()}: {words}\n" if day else f"- {words}\n",
    st.one_of(st.none(), st.dates(date(2023, 1, 1), date(2026, 11, 28))),
    st.sampled_from(["queue stalled", "disk full", "tag twice", "cert expired", "Queue  Stalled"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(ENTRY, max_size=25), min_size=1, max_size=3), st.integers(20, 200))
def test_topics_plus_archive_never_shrink(tmp_path_factory, topics, target):
    root = tmp_path_factory.mktemp("home")
    (root / "MEMORY.md").write_text("# I\n")
    (root / "topics").mkdir()
    for i, entries in enumerate(topics):
        (root / "topics" / f"t{i}.md").write_text(f"---\nupdated: 2026-01-01\n---\n# T{i}\n\n" + "".join(entries))
    before = nonblank_lines(root)
    try:
        run(root, Options(target=target))
    except GuaranteeError as error:  # a refused plan writes nothing, which also loses nothing
        assert "nothing lost" not in str(error)
    after = nonblank_lines(root)
    lost = {line: n for line, n in (before - after).items() if not line.startswith("updated:")}
    assert not lost


def test_topic_with_broken_front_matter_is_left_alone_with_a_warning(copy_fixture, cli):
    root = copy_fixture("consolidate")
    path = root / "topics" / "incidents.md"
    path.write_text(path.read_text().replace("title: Incidents", "title: [Incidents"))
    before = path.read_bytes()
    result = cli("consolidate", str(root), "--apply")
    assert result.exit_code == 0 and "topics/incidents.md:2: front matter is not valid YAML" in result.stderr
    assert path.read_bytes() == before


def test_consolidate_keeps_meaning_on_a_hand_kept_home(copy_fixture, cli):
    root = copy_fixture("messy")
    result = cli("consolidate", str(root), "--apply")
    assert result.exit_code == 0, result.stderr
    chronicle = (root / "topics" / "chronicle.md").read_text()
    assert "## 2026-03" not in chronicle and "## 2026-04" not in chronicle  # emptied headings went with them
    assert chronicle.index("- 7 older entries") < chronicle.index("## 2026-05")  # where the first one stood
    archive = (root / "archive" / "chronicle.md").read_text()
    assert "## 2026-03\n\n- 2026-03-10:" in archive and "\n\n## 2026-04\n\n- 2026-04-10:" in archive
    lessons = (root / "topics" / "lessons.md").read_text()
    assert lessons.count("Ask one question at a time") == 1 and lessons.count("Rui at Gráfica Lumen") == 1
    assert "2026-05-10 — Ask one question" in lessons  # the first time it was learned stays
    assert "older entries" not in lessons  # a lesson is learned once: never thinned by age
    home = load_home(root)
    index = (root / "MEMORY.md").read_text()
    assert f"(~{home.find_topic('chronicle').tokens} tokens)" in index  # its count kept true
    assert f"(~{home.find_topic('lessons').tokens} tokens)" in index
    again = cli("consolidate", str(root), "--apply", "--topic", "lessons", "--target", "60")
    assert again.exit_code == 0 and again.stdout.endswith(
        "nothing to archive: no duplicates and no dated entries old enough\nnothing to change\n")


def test_lessons_over_target_are_deduplicated_only(copy_fixture):
    root = copy_fixture("messy")
    plan = run(root, Options(target=60))
    lessons = next(t for t in plan.topics if t.path == "topics/lessons.md")
    assert [s.name for s in lessons.steps] == ["duplicates"] and lessons.tokens_after > 60


def test_lint_fix_rewrites_stale_counts_and_checks_every_topics_links(copy_fixture, cli):
    root = copy_fixture("messy")
    (root / "topics" / "gate.md").write_text("# Gate\n- see [the runbook](runbook.md).\n")
    found = cli("lint", str(root), "--select", "MEM207,MEM301")
    assert "MEM207 says ~900 tokens for topics/chronicle.md" in found.stdout
    assert "topics/gate.md:2:21: MEM301 link to runbook.md points to no file" in found.stdout
    fixed = cli("lint", str(root), "--select", "MEM207", "--fix")
    assert fixed.exit_code == 0 and "fixed 2 token counts in MEMORY.md" in fixed.stderr
    assert fixed.stdout == "All checks passed!\n"
    home = load_home(root)
    assert f"(~{home.find_topic('chronicle').tokens} tokens)" in (root / "MEMORY.md").read_text()


@pytest.mark.parametrize("front", [
    "title: Deploys\nupdated: 2026-01-02\n",
    "updated: 2026-01-02  # set by memctl\nskills: [deploy, ops]\nalways: false\n",
    "# a comment\ntitle:   Spaced\nupdated:   2025-12-31\r\ntags: []\n",
    "title: Two\nupdated: 2026-11-29\n",
])
def test_updated_is_set_in_place_and_reads_as_the_yaml_path_writes_it(front):
    from ruamel.yaml import YAML

    from memctl.commands.consolidate import _set_updated, _set_updated_yaml
    from memctl.markup.markdown import front_matter_span
    from memctl.text import split_lines

    text = f"---\n{front}---\n# Body\n- an entry\n"
    day = date(2026, 11, 29)
    fast = _set_updated(text, day, "\n")
    lines = split_lines(text)
    slow = _set_updated_yaml(lines, front_matter_span(lines), day, "\n", text)
    changed = [(a, b) for a, b in zip(split_lines(text), split_lines(fast), strict=True) if a != b]
    assert all(a.startswith("updated:") and "2026-11-29" in b for a, b in changed)  # nothing else touched
    assert len(changed) == (0 if "2026-11-29" in front else 1)

    def data(written: str) -> dict:
        lines = split_lines(written)
        return dict(YAML(typ="safe").load("".join(lines[1 : front_matter_span(lines) - 1]).replace("\r", "")))

    assert data(fast) == data(slow) and data(fast)["updated"] == day


ENTRY_TEXT = st.lists(st.one_of(
    st.sampled_from(["- ", "* ", "12. ", "3) ", "**2026-01-0", "2026-11-02", " — ", ": ", "[STATE: 2026-01-01]",
                     "(as of 2026-02-03)", "(As Of 2025-12-31 )", "\n", "\r\n", "  ", "\t", "Σ", "ΌΣ ", "İ",
                     "\x1c", "\x00", "word", "Deploy", "-", "["]),
    st.text(max_size=6)), max_size=10).map("".join)


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(ENTRY_TEXT, max_size=8), ignore_dates=st.booleans())
def test_entry_keys_of_a_topic_at_once_are_each_entry_s_key(texts, ignore_dates):
    """Keys made for all of a topic's entries in one pass (rules run over the texts joined) equal
    the keys made one entry at a time: separators, final sigma and white space never cross over."""
    from memctl.model.entries import entry_key, entry_keys

    assert entry_keys(texts, ignore_dates) == [entry_key(text, ignore_dates) for text in texts]


FRONT_TEXT = st.lists(st.sampled_from(["---", "...", "--- ", "\ufeff---", "----", "title: x", "", "\r", "\n", "\r\n",
                                       "\n", "\n"]), max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(FRONT_TEXT)
def test_the_body_start_found_in_the_text_is_the_one_found_in_its_lines(text):
    from memctl.markup.markdown import front_matter_chars, front_matter_span
    from memctl.text import split_lines

    lines = split_lines(text)
    assert front_matter_chars(text) == len("".join(lines[: front_matter_span(lines)]))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["- a\n", "- b\r\n", "  \n", "\n", "- c", "x\r\r\n", " - a\n"]), max_size=40),
       st.integers(1, 12))
def test_nonblank_lines_read_a_piece_at_a_time_are_the_lines(pieces, size):
    from memctl.commands import consolidate
    from memctl.text import split_lines

    text = "".join(pieces)
    whole = [line.rstrip("\r\n") for line in split_lines(text) if line.strip()]
    real = consolidate._PIECE
    consolidate._PIECE = size  # tiny pieces, so that a cut falls anywhere
    try:
        for start in (0, len(text) // 2):
            tail = [line.rstrip("\r\n") for line in split_lines(text[start:]) if line.strip()]
            assert [x for lines in consolidate._nonblank(text, start) for x in lines] == tail
        assert [x for lines in consolidate._nonblank(text) for x in lines] == whole
    finally:
        consolidate._PIECE = real


def test_verify_finds_an_archive_that_would_not_only_grow(copy_fixture):
    from memctl.safe.writer import FileChange, WritePlan

    root = copy_fixture("consolidate")
    (root / "archive").mkdir()
    (root / "archive" / "deploys.md").write_text("# Archive\n\n- an old entry, archived before\n")
    options = Options(target=60)
    home = load_home(root)
    plan = plan_consolidate(home, options, TODAY)
    verify(home, plan, options, TODAY)  # as planned, it holds
    bent = tuple(FileChange(c.rel, c.before, c.after.replace("an old entry", "an entry")) if c.rel.startswith(
        "archive/") else c for c in plan.write.changes)
    with pytest.raises(GuaranteeError, match="the archive would not only grow"):
        verify(home, plan._replace(write=WritePlan(bent)), options, TODAY)


ENTRIES = st.lists(st.builds(
    lambda start, length, kind, day: (start, start + length, kind, day),
    st.integers(0, 50), st.integers(1, 9), st.sampled_from(["item", "paragraph", "section"]),
    st.one_of(st.none(), st.dates(date(1990, 1, 1), date(2030, 12, 31)))), max_size=12)


@settings(max_examples=300, deadline=None)
@given(ENTRIES, st.text(alphabet="0123456789,;ips-x ", max_size=30))
def test_entries_read_back_from_the_cache_are_the_entries_written(rows, garbage):
    from memctl.model.entries import Entry, entries_from_json, entries_to_json

    entries = [Entry(*row) for row in rows]
    written = entries_to_json(entries)
    assert entries_from_json(written, 60) == entries
    if entries:
        assert entries_from_json(written, max(e.end for e in entries) - 1) is None  # past the file's end
    found = entries_from_json(garbage, 60)  # anything else reads as None or as entries within the file
    assert found is None or all(type(e) is Entry and 0 <= e.start < e.end <= 60 for e in found)


# --- an entry holding a credential stays where it is (issue 26) ------------------------------------

TOKEN = "ghp_" + "a1B2" * 9


def test_an_old_entry_holding_a_token_is_not_archived_and_the_rest_of_the_plan_goes_ahead(copy_fixture, cli):
    root = copy_fixture("consolidate")
    incidents = root / "topics" / "incidents.md"
    incidents.write_text(incidents.read_text().replace(
        "- 2025-05-25: a runner ran out of memory; raised the memory limit.",
        f"- 2025-05-25: rotated the deploy token, now {TOKEN}."))
    line = incidents.read_text().splitlines().index(f"- 2025-05-25: rotated the deploy token, now {TOKEN}.") + 1
    held = (f"warning: topics/incidents.md:{line}: entry kept: holds a possible GitHub token (ghp_…); "
            "--allow-secrets archives it\n")
    plan = cli("consolidate", str(root), "--format", "json")
    assert plan.exit_code == 0 and plan.stderr == held
    data = json.loads(plan.stdout)
    assert data["held_secrets"] == [{"path": "topics/incidents.md", "line": line, "step": "older",
                                     "reason": "holds a possible GitHub token (ghp_…); --allow-secrets archives it"}]
    applied = cli("consolidate", str(root), "--apply")
    assert applied.exit_code == 0 and applied.stderr == held + "wrote 4 files\n" and TOKEN[4:] not in applied.stdout
    assert "1. older: 26 entries from 2024-11-20 to 2025-04-28 and 2025-06-19 to 2026-08-26 archived" in applied.stdout
    assert TOKEN in incidents.read_text() and "2025-06-19: the scratch disk filled up" not in incidents.read_text()
    archive = (root / "archive" / "incidents.md").read_text()
    assert TOKEN[4:] not in archive and "2025-06-19: the scratch disk filled up" in archive
    line = incidents.read_text().splitlines().index(f"- 2025-05-25: rotated the deploy token, now {TOKEN}.") + 1
    dry = cli("consolidate", str(root), "--allow-secrets")
    assert dry.stderr == f"topics/incidents.md:{line}: goes to archive/incidents.md with a possible GitHub token " \
                         "(ghp_…) (--allow-secrets)\n"
    again = cli("consolidate", str(root), "--allow-secrets", "--apply")
    assert again.exit_code == 0 and TOKEN[4:] not in again.stdout  # --allow-secrets says where each went
    assert again.stderr == f"topics/incidents.md:{line}: archived to archive/incidents.md with a possible GitHub " \
                           "token (ghp_…) (--allow-secrets)\nwrote 2 files\n"
    assert TOKEN not in incidents.read_text() and TOKEN in (root / "archive" / "incidents.md").read_text()


def test_the_pointer_line_s_days_leave_out_the_entry_kept_for_its_token(copy_fixture, cli):
    """The entry of 2025-05-25 stays in the topic for the token it holds: the pointer said
    `26 older entries (2024-11-20 … 2026-08-26) archived`, a range that takes it in. Its days are
    the runs of what moved, apart where a kept entry stands; once the token is gone from the entry
    and it is archived, the runs join again."""
    root = copy_fixture("consolidate")
    incidents = root / "topics" / "incidents.md"
    kept = f"- 2025-05-25: rotated the deploy token, now {TOKEN}."
    incidents.write_text(incidents.read_text().replace(
        "- 2025-05-25: a runner ran out of memory; raised the memory limit.", kept))
    applied = cli("consolidate", str(root), "--apply")
    assert applied.exit_code == 0
    assert "1. older: 26 entries from 2024-11-20 to 2025-04-28 and 2025-06-19 to 2026-08-26 archived" in applied.stdout
    text = incidents.read_text()
    pointer = ("- 26 older entries (2024-11-20 … 2025-04-28, 2025-06-19 … 2026-08-26) archived in "
               "[archive/incidents.md](../archive/incidents.md)\n")
    assert pointer + kept + "\n" in text
    archive = (root / "archive" / "incidents.md").read_text()
    archived = sorted(re.findall(r"^- (\d{4}-\d{2}-\d{2}):", archive, re.M))
    assert (archived[0], archived[-1], len(archived)) == ("2024-11-20", "2026-08-26", 26)
    assert max(d for d in archived if d < "2025-05-25") == "2025-04-28"
    assert min(d for d in archived if d > "2025-05-25") == "2025-06-19"
    again = cli("consolidate", str(root))
    assert again.exit_code == 0 and again.stdout.endswith("nothing to change\n")
    incidents.write_text(text.replace(kept, "- 2025-05-25: rotated the deploy token; the new one is in the vault."))
    rotated = cli("consolidate", str(root), "--apply")
    assert rotated.exit_code == 0 and "1. older: 1 entry from 2025-05-25 archived" in rotated.stdout
    assert ("- 27 older entries (2024-11-20 … 2026-08-26) archived in [archive/incidents.md](../archive/incidents.md)"
            "\n") in incidents.read_text()


def test_a_duplicate_holding_a_token_is_not_copied_into_the_archive(copy_fixture, cli):
    root = copy_fixture("consolidate")
    repeated = f"- 2026-11-02: the bastion's deploy token is {TOKEN}.\n"
    for name in ("fleet", "deploys"):
        path = root / "topics" / f"{name}.md"
        path.write_text(path.read_text().replace("- Announce in #releases", repeated + "- Announce in #releases")
                        if name == "deploys" else path.read_text() + repeated)
    result = cli("consolidate", str(root), "--topic", "deploys", "--apply")
    assert result.exit_code == 0
    assert result.stderr == ("warning: topics/deploys.md:12: duplicate entry kept: holds a possible GitHub token "
                             "(ghp_…); --allow-secrets archives it\nwrote 2 files\n")
    assert (root / "topics" / "deploys.md").read_text().count(TOKEN) == 1
    archive = (root / "archive" / "deploys.md").read_text()
    assert TOKEN[4:] not in archive and "a copy of topics/deploys.md:7" in archive  # the other duplicate went


def test_a_body_holding_a_token_is_never_sent_to_the_summarizer(copy_fixture, cli, tmp_path, monkeypatch):
    root = copy_fixture("consolidate")
    deploys = root / "topics" / "deploys.md"
    deploys.write_text(deploys.read_text() + f"\n## Credentials\n\nDEPLOY_TOKEN={TOKEN}\n")
    line = deploys.read_text().splitlines().index(f"DEPLOY_TOKEN={TOKEN}") + 1
    given = tmp_path / "given.txt"
    monkeypatch.setenv("SUMMARIZER_INPUT", str(given))
    args = ("consolidate", str(root), "--topic", "deploys", "--older-than", "10000", "--target", "60",
            "--summarizer", summarizer("record_input.py"))
    result = cli(*args, "--apply")
    assert result.exit_code == 0
    assert result.stderr == (f"warning: topics/deploys.md:{line}: body not summarized: holds a possible GitHub token "
                             "(ghp_…); --allow-secrets sends the body to the summarizer\nwrote 2 files\n")
    assert not given.exists() and TOKEN in deploys.read_text()
    assert "Full text of" not in (root / "archive" / "deploys.md").read_text()
    allowed = cli(*args, "--allow-secrets", "--apply")
    assert allowed.exit_code == 0 and TOKEN in given.read_text()
    assert "Full text of topics/deploys.md" in (root / "archive" / "deploys.md").read_text()
