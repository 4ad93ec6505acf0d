"""`memctl rollup`: 60 days of a Volute journal folded by week, then by month, nothing lost."""

from __future__ import annotations

import json
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.commands.rollup import dated, period_of

from .conftest import FIXTURES
from .test_ranking import _loaded

HOME = FIXTURES / "rollup" / "home"
SUMMARIZERS = Path(__file__).parent / "summarizers"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")


def originals() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((HOME / "memory" / "journal").glob("*.md"))}


def body_of(data: bytes) -> str:
    """A source's text as the period's file holds it: front matter aside, LF line ends."""
    text = data.decode().replace("\r\n", "\n")
    if text.startswith("---\n"):
        text = text[text.index("\n---\n", 3) + 5 :]
    return text.strip("\n")


def test_names_and_periods():
    day = dated("memory/journal/2026-11-23-standup.md")
    assert day is not None and day.kind == "day" and day.label == "2026-11-23 standup"
    assert period_of(day, "week")[0] == "2026-W48" and period_of(day, "month")[0] == "2026-11"
    week = dated("memory/journal/2026-W44.md")
    assert week is not None and week.first == date(2026, 10, 26)
    assert period_of(week, "month")[0] == "2026-10"  # its Thursday, 29 October
    assert dated("memory/journal/2026-02-30.md") is None and dated("memory/journal/notes.md") is None
    assert dated("memory/2026-11.md").kind == "month"  # type: ignore[union-attr]


def test_by_week_then_by_month_every_source_can_be_rebuilt(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    sources = originals()
    plan = cli("rollup", str(home), "--format", "json")
    data = json.loads(plan.stdout)
    assert [g["file"] for g in data["groups"]] == [f"memory/journal/2026-W{w}.md" for w in range(40, 47)]
    assert data["waiting"] == 10  # W47 ended 7 days ago, W48 is this week
    assert sorted(p.name for p in (home / "memory" / "journal").glob("*.md")) == sorted(sources)  # a plan only
    assert cli("rollup", str(home), "--apply").exit_code == 0
    week = (home / "memory" / "journal" / "2026-W41.md").read_text()
    assert week.startswith("---\nperiod: 2026-W41\nfirst_day: 2026-10-05\nlast_day: 2026-10-11\n")
    assert 'skills: ["lab"]' in week and "\n---\n# 2026-10-05 — " in week  # its own heading names its day:
    assert "## 2026-10-05" not in week  # no `## 2026-10-05` above it
    assert cli("rollup", str(home), "--period", "month", "--apply").exit_code == 0
    month = (home / "memory" / "journal" / "2026-10.md").read_text()
    assert "\n# 2026-W40\n\n# 2026-09-28 — tired\n" in month and "\n# 2026-W44\n" in month
    journal = home / "memory" / "journal"
    archive = home / "archive" / "memory" / "journal"
    for name, data_ in sources.items():
        if (journal / name).exists():  # a period still open: untouched
            assert (journal / name).read_bytes() == data_
            continue
        assert (archive / name).read_bytes() == data_, f"{name}: the archive holds it byte for byte"
        assert body_of(data_) in month or any(body_of(data_) in p.read_text() for p in journal.glob("2026-W*.md"))
    assert (archive / "2026-W41.md").read_text() == week  # the weeks, rolled into the month, are kept too
    assert json.loads(cli("rollup", str(home), "--format", "json").stdout)["groups"] == []  # again: nothing
    assert json.loads(cli("rollup", str(home), "--period", "month", "--format", "json").stdout)["groups"] == []


def test_crlf_sources_are_archived_as_they_were(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    crlf = [name for name, data in originals().items() if b"\r\n" in data]
    assert crlf
    cli("rollup", str(home), "--apply")
    archived = [name for name in crlf if (home / "archive" / "memory" / "journal" / name).exists()]
    assert archived and all(b"\r\n" in (home / "archive" / "memory" / "journal" / n).read_bytes() for n in archived)


def test_the_index_links_point_at_the_periods_and_lint_finds_no_broken_link(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    cli("rollup", str(home), "--apply")
    index = (home / "MEMORY.md").read_text()
    assert "- [2026-W40](memory/journal/2026-W40.md)\n- [2026-W41](memory/journal/2026-W41.md)\n" in index
    assert "[that entry](memory/journal/2026-W41.md#2026-10-10--tired)" in index
    assert "- Lars decides when the boat goes out." in index
    cli("rollup", str(home), "--period", "month", "--apply")
    index = (home / "MEMORY.md").read_text()
    assert "[that entry](memory/journal/2026-10.md#2026-10-10--tired)" in index
    assert index.count("memory/journal/2026-10.md)") == 1  # one link line a period
    lint = json.loads(cli("lint", str(home), "--format", "json", "--exit-zero").stdout)
    assert not [d for d in lint["diagnostics"] if "link" in d["name"] or "anchor" in d["name"]]


def test_plan_out_then_apply_plan_writes_exactly_the_plan(copy_fixture, cli, tmp_path):
    home = copy_fixture("rollup/home")
    plan_file = tmp_path / "week.json"
    assert cli("rollup", str(home), "--plan-out", str(plan_file)).exit_code == 0
    assert (home / "memory" / "journal" / "2026-09-28.md").exists()
    assert cli("rollup", str(home), "--apply-plan", str(plan_file)).exit_code == 0
    assert not (home / "memory" / "journal" / "2026-09-28.md").exists()
    assert (home / "memory" / "journal" / "2026-W40.md").exists()


def summarizer(name: str) -> str:
    return f"{sys.executable} {SUMMARIZERS / name}"


def test_summarizer_that_works_replaces_the_body_and_archives_the_verbatim_text(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    result = cli("rollup", str(home), "--summarizer", summarizer("keep_first_lines.py"), "--apply")
    assert result.exit_code == 0, result.stderr
    week = (home / "memory" / "journal" / "2026-W41.md").read_text()
    assert "summarized: true" in week and week.count("\n# 2026-") == 1  # the summarizer kept the first day's lines
    verbatim = (home / "archive" / "memory" / "journal" / "2026-W41.verbatim.md").read_text()
    assert "# 2026-10-10 — tired" in verbatim and "summarized" not in verbatim
    for name, data in originals().items():
        if not (home / "memory" / "journal" / name).exists():
            assert (home / "archive" / "memory" / "journal" / name).read_bytes() == data


@pytest.mark.parametrize(("script", "message"), [
    ("garbage.py", "summarizer output starts with front matter; rolled up verbatim"),
    ("hang.py", "summarizer ran past 1 s; rolled up verbatim"),
])
def test_a_bad_summarizer_is_refused_and_the_week_rolled_up_verbatim(copy_fixture, cli, script, message):
    home = copy_fixture("rollup/home")
    result = cli("rollup", str(home), "--summarizer", summarizer(script), "--timeout", "1", "--apply")
    assert result.exit_code == 0 and message in result.stderr
    week = (home / "memory" / "journal" / "2026-W41.md").read_text()
    assert "summarized" not in week and "# 2026-10-10 — tired" in week


def test_no_rollup_folders_for_a_generic_home_says_how_to_set_them(cli):
    result = cli("rollup", "fixtures/arc/memory")
    assert result.exit_code == 0 and result.stdout == "" and "set `rollup:` in the config" in result.stderr


def test_status_groups_dated_files_by_week_and_all_lists_them(cli):
    text = " ".join(cli("status", "fixtures/rollup/home").stdout.split())
    assert "memory/journal/2026-W41 (6 dated files)" in text and "2026-10-05.md" not in text
    everything = cli("status", "fixtures/rollup/home", "--all").stdout
    assert "memory/journal/2026-10-05.md" in everything
    data = json.loads(cli("status", "fixtures/rollup/home", "--format", "json").stdout)
    assert {t["path"]: t.get("week") for t in data["topics"]}["memory/journal/2026-10-05.md"] == "2026-W41"


def test_lint_warns_until_the_journal_is_rolled_up(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    before = json.loads(cli("lint", str(home), "--format", "json", "--exit-zero").stdout)
    assert [d["code"] for d in before["diagnostics"]] == ["MEM208"]
    cli("rollup", str(home), "--apply")
    after = json.loads(cli("lint", str(home), "--format", "json", "--exit-zero").stdout)
    assert "MEM208" not in [d["code"] for d in after["diagnostics"]]


def test_history_counts_a_days_loads_for_the_week_that_holds_it(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    (home / ".memctl").mkdir(exist_ok=True)
    record = {"time": "2026-11-28T10:00:00+00:00", "tokens": 900, "budget": 8000, "omitted": [],
              "files": [{"path": "MEMORY.md"}, {"path": "memory/journal/2026-10-05.md"},
                        {"path": "memory/journal/2026-10-06.md"}]}
    (home / ".memctl" / "dispatches.jsonl").write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    cli("rollup", str(home), "--apply")
    report = json.loads(cli("history", str(home), "--dispatches", "--format", "json").stdout)
    most = report["dispatches"]["most_loaded"]
    assert most[0] == {"path": "memory/journal/2026-W41.md", "dispatches": 2}
    assert "memory/journal/2026-W41.md" not in report["dispatches"]["never_loaded"]
    cli("rollup", str(home), "--period", "month", "--apply")
    report = json.loads(cli("history", str(home), "--dispatches", "--format", "json").stdout)
    assert report["dispatches"]["most_loaded"][0]["path"] == "memory/journal/2026-10.md"


def test_a_file_that_does_not_read_is_left_and_the_rest_rolled_up(tmp_path, cli):
    journal = tmp_path / "memory" / "journal"
    journal.mkdir(parents=True)
    (tmp_path / "MEMORY.md").write_text("# M\n")
    (tmp_path / ".memctl.yaml").write_text("profile: volute\n")
    (journal / "2026-11-02.md").write_bytes(b"\xef\xbb\xbf# with a BOM\r\n\r\ntext\r\n")
    (journal / "2026-11-03.md").write_text("")
    (journal / "2026-11-04.md").write_text("# plain\n")
    (journal / "2026-11-05.md").write_bytes(b"\xff\xfe not UTF-8")
    result = cli("rollup", str(tmp_path), "--apply")
    assert result.exit_code == 0 and "2026-11-05.md:1: not valid UTF-8" in result.stderr
    week = (journal / "2026-W45.md").read_text()
    assert "## 2026-11-02\n\n# with a BOM\n\ntext\n\n## 2026-11-03\n\n## 2026-11-04\n\n# plain\n" in week
    assert "\ufeff" not in week and (journal / "2026-11-05.md").exists()
    assert (tmp_path / "archive" / "memory" / "journal" / "2026-11-02.md").read_bytes().startswith(b"\xef\xbb\xbf")


# --- a day holding a credential stays where it is (issue 26) -----------------------------------------

TOKEN = "ghp_" + "a1B2" * 9


def test_a_day_holding_a_token_is_not_rolled_up_and_the_rest_of_its_week_is(copy_fixture, cli):
    home = copy_fixture("rollup/home")
    journal = home / "memory" / "journal"
    day = journal / "2026-10-06.md"
    day.write_text(day.read_text() + f"\nThe harbour API token: {TOKEN}\n")
    line = day.read_text().splitlines().index(f"The harbour API token: {TOKEN}") + 1
    held = (f"warning: memory/journal/2026-10-06.md:{line}: not rolled up: holds a possible GitHub token (ghp_…); "
            "--allow-secrets rolls it up\n")
    plan = cli("rollup", str(home), "--format", "json")
    assert plan.exit_code == 0 and plan.stderr == held
    data = json.loads(plan.stdout)
    assert data["held_secrets"] == [{"path": "memory/journal/2026-10-06.md", "line": line,
                                     "reason": "holds a possible GitHub token (ghp_…); --allow-secrets rolls it up"}]
    week = next(g for g in data["groups"] if g["file"] == "memory/journal/2026-W41.md")
    assert "memory/journal/2026-10-06.md" not in week["sources"] and len(week["sources"]) == 5
    applied = cli("rollup", str(home), "--apply")
    assert applied.exit_code == 0 and TOKEN[4:] not in applied.stdout
    assert applied.stderr == held + "wrote 47 files: 7 period files, 39 moved to the archive, MEMORY.md relinked\n"
    assert day.read_text().endswith(f"{TOKEN}\n") and (journal / "2026-W41.md").exists()
    written = [p for p in (*journal.glob("2026-W*.md"), *(home / "archive").rglob("*.md"))]
    assert written and not [p for p in written if TOKEN[4:] in p.read_text()]
    assert not (journal / "2026-10-05.md").exists()  # the rest of the week went ahead
    again = cli("rollup", str(home))  # the day and its week's file: still held, nothing else to do
    assert again.exit_code == 0 and again.stderr == held and "nothing to roll up by week" in again.stdout
    allowed = cli("rollup", str(home), "--allow-secrets", "--apply")
    assert allowed.exit_code == 0 and not day.exists()
    assert allowed.stderr == "wrote 3 files: 1 period file, 1 moved to the archive, MEMORY.md relinked\n"
    assert TOKEN in (journal / "2026-W41.md").read_text()


def test_a_weeks_own_file_holding_a_token_is_not_sent_to_the_summarizer(copy_fixture, cli, tmp_path, monkeypatch):
    home = copy_fixture("rollup/home")
    journal = home / "memory" / "journal"
    assert cli("rollup", str(home), "--apply").exit_code == 0
    week = journal / "2026-W41.md"
    week.write_text(week.read_text() + f"\nThe harbour API token: {TOKEN}\n")
    (journal / "2026-10-09.md").write_text("# 2026-10-09\n\nA late note.\n")
    given = tmp_path / "given.txt"
    monkeypatch.setenv("SUMMARIZER_INPUT", str(given))
    result = cli("rollup", str(home), "--summarizer", summarizer("record_input.py"), "--apply")
    line = week.read_text().splitlines().index(f"The harbour API token: {TOKEN}") + 1
    assert result.exit_code == 0 and not given.exists()
    assert result.stderr == (f"warning: memory/journal/2026-W41.md:{line}: not summarized: holds a possible GitHub "
                             "token (ghp_…); --allow-secrets sends the period to the summarizer\n"
                             "wrote 2 files: 1 period file, 1 moved to the archive\n")
    assert "A late note." in week.read_text() and "summarized" not in week.read_text()


def test_a_note_headed_by_its_own_date_gets_no_second_heading(copy_fixture, cli, monkeypatch):
    """OpenClaw's daily notes start `# 2026-11-02 (Mon)`: the week's file holds that heading once,
    not under a `## 2026-11-02` of its own (which made a week's file a fifth bigger than its days
    on this workspace, 6,272 tokens against 5,196; now 5,872); a note whose heading holds its date
    among other words (`# Rehearsal — 2026-11-06, …`) is its own heading too."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = copy_fixture("homes/openclaw/workspace")
    assert cli("rollup", str(home), "--apply").exit_code == 0
    week = (home / "memory" / "2026-W45.md").read_text()
    headings = [line for line in week.splitlines() if line.startswith("#")]
    assert headings == ["# 2026-11-02 (Mon)", "# 2026-11-03 (Tue)", "# 2026-11-04 (Wed)", "# 2026-11-05 (Thu)",
                        "# 2026-11-06 (Fri)", "# Rehearsal — 2026-11-06, Oefenruimte Delfshaven",  # the day first
                        "# 2026-11-07 (Sat)", "# 2026-11-08 (Sun)"]
    assert cli("rollup", str(home), "--apply").stdout.startswith("nothing to roll up")


def test_two_notes_of_one_day_with_one_heading_keep_their_labels(tmp_path):
    """Two notes of 2026-11-06 both headed `# 2026-11-06 (Fri)` would give one anchor to two
    headings: each is headed by its file's label instead, so a link to either still finds it."""
    from memctl.commands.rollup import Group, headings

    texts = {"memory/2026-11-06.md": "# 2026-11-06 (Fri)\n\nA.\n",
             "memory/2026-11-06-gig.md": "# 2026-11-06 (Fri)\n\nB.\n",
             "memory/2026-11-07.md": "\ufeff# 2026-11-07 (Sat)\n\nC.\n",
             "memory/2026-11-08.md": "# Sunday\n\nD.\n"}
    items = [dated(rel) for rel in texts]
    group = Group("memory", "2026-W45", items[0].first, items[-1].last, items)  # type: ignore[arg-type,union-attr]
    assert headings(group, texts) == {"memory/2026-11-06.md": ("2026-11-06", False),
                                      "memory/2026-11-06-gig.md": ("2026-11-06 gig", False),
                                      "memory/2026-11-07.md": ("2026-11-07 (Sat)", True),
                                      "memory/2026-11-08.md": ("2026-11-08", False)}


@pytest.mark.parametrize(("args", "said"), [
    (["rollup", "--summarizer", " "], "error: --summarizer: the command is empty\n"),
    (["rollup", "--summarizer", "llm 'x"], "error: --summarizer: \"llm 'x\" cannot be split into words (No closing "
                                          "quotation)\n"),
    (["consolidate", "--summarizer", ""], "error: --summarizer: the command is empty\n"),
    (["capture", "--extractor", "  "], "error: --extractor: the command is empty\n"),
])
def test_a_command_option_that_names_no_command_is_one_line(copy_fixture, cli, args, said):
    """A --summarizer or --extractor of white space alone raised IndexError in a traceback (rollup,
    exit 1), or was one warning a period: it is a bad option, said once, exit 2, nothing written."""
    home = copy_fixture("rollup/home")
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    result = cli(args[0], str(home), *args[1:], "--apply")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", said)
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before


def test_a_users_note_named_as_the_weeks_file_is_not_overwritten(tmp_path, cli, monkeypatch):
    """`memory/2026-W47.md` written by the user (a weekly review with its own front matter) has the
    name of W47's roll-up: rolling the week up rewrote it with memctl's front matter, and its
    `tags` and `owner` were nowhere but in the journal. Now the week is left as it is, with a
    warning that says why and what to do; the other weeks still roll up."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-10")
    journal = tmp_path / "memory"
    journal.mkdir()
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    review = "---\ntags: [review]\nowner: jonas\n---\n# Week 47 review\n\nGood week.\n"
    (journal / "2026-W47.md").write_text(review)
    for day in ("2026-11-09", "2026-11-10", "2026-11-16", "2026-11-17"):
        (journal / f"{day}.md").write_text(f"# {day}\n\n- noted\n")
    result = cli("rollup", str(tmp_path), "--apply")
    assert result.exit_code == 0, result.stderr
    assert ("warning: memory/2026-W47.md: not a roll-up memctl wrote (its front matter has no `period: 2026-W47`), "
            "so its week is not rolled up and nothing in it changes") in result.stderr
    assert (journal / "2026-W47.md").read_text() == review
    assert (journal / "2026-11-16.md").exists() and (journal / "2026-11-17.md").exists()
    assert (journal / "2026-W46.md").read_text().startswith("---\nperiod: 2026-W46\n")  # W46 rolled up


def test_a_link_to_a_rolled_up_note_finds_its_heading_as_github_names_it(tmp_path, cli, monkeypatch):
    """The index's link to a note points at the note's heading in the week's file, as GitHub anchors
    it: by the text a heading shows (a link in it by its words), a repeated one with `-1` (the
    11-05 note plans `### 2026-11-06 (Fri)` above the 11-06 note's own heading)."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    journal = tmp_path / "memory"
    journal.mkdir()
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    (journal / "2026-11-04.md").write_text("# 2026-11-04 — [Cykelköket](https://cykelkoket.se) workshop\n\n- bikes\n")
    (journal / "2026-11-05.md").write_text("# 2026-11-05 (Thu)\n\n### 2026-11-06 (Fri)\n\n- plan: pick up Lieke\n")
    (journal / "2026-11-06.md").write_text("# 2026-11-06 (Fri)\n\n- picked up Lieke\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n\nSee [the workshop](memory/2026-11-04.md) and "
                                        "[the pickup](memory/2026-11-06.md).\n")
    assert cli("rollup", str(tmp_path), "--apply").exit_code == 0
    index = (tmp_path / "MEMORY.md").read_text()
    assert "[the workshop](memory/2026-W45.md#2026-11-04--cykelköket-workshop)" in index
    assert "[the pickup](memory/2026-W45.md#2026-11-06-fri-1)" in index


def test_every_link_to_a_moved_note_is_rewritten_or_said(tmp_path, cli, monkeypatch):
    """A link with a title (`[x](… "Monday")`) and a reference definition (`[r1]: …`) in the index
    were left pointing at the moved notes (lint's MEM301 after the roll-up); a topic's link, which
    memctl does not rewrite, was not said. Now the index's are rewritten, the topic's said."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    journal = tmp_path / "memory"
    (tmp_path / "topics").mkdir()
    journal.mkdir()
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    for day in ("2026-11-02", "2026-11-03", "2026-11-04"):
        (journal / f"{day}.md").write_text(f"# {day}\n\n- noted\n")
    (tmp_path / "topics" / "people.md").write_text("# People\n\nMet Jesse ([that day](../memory/2026-11-03.md)).\n")
    (tmp_path / "MEMORY.md").write_text('# Memory\n\n- [Monday](memory/2026-11-02.md "Monday")\n'
                                        "- [People](topics/people.md)\n\nSee [the notes][r1].\n\n"
                                        "[r1]: memory/2026-11-04.md\n")
    result = cli("rollup", str(tmp_path), "--apply")
    assert result.exit_code == 0, result.stderr
    index = (tmp_path / "MEMORY.md").read_text()
    assert "- [2026-W45](memory/2026-W45.md)\n" in index and "2026-11-02.md" not in index
    assert "[r1]: memory/2026-W45.md#2026-11-04\n" in index
    assert ("warning: topics/people.md:3: links to memory/2026-11-03.md, which moves into memory/2026-W45.md: only "
            "the index's links are rewritten") in result.stderr
    lint = cli("lint", str(tmp_path), "--format", "json", "--exit-zero")
    broken = [d for d in json.loads(lint.stdout)["diagnostics"] if d["code"] == "MEM301"]
    assert [d["path"] for d in broken] == [str(tmp_path / "topics" / "people.md")]  # the index links to none


def test_a_dated_question_finds_its_day_in_a_rolled_up_week(tmp_path, cli, monkeypatch):
    """After the roll-up, "what did Lieke have on 2026-11-06?" loaded the 7th's note too: the week's
    file name, 2026-W45, holds the week of the 6th, and counted for each of its days. A section
    headed by a day of its own is that day's."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    journal = tmp_path / "memory"
    journal.mkdir()
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    for day, what in (("2026-11-05", "piano"), ("2026-11-06", "the dentist"), ("2026-11-07", "swimming")):
        (journal / f"{day}.md").write_text(f"# {day}\n\n- Lieke had {what}.\n")
    assert cli("rollup", str(tmp_path), "--apply").exit_code == 0
    result = cli("assemble", str(tmp_path), "--query", "what did Lieke have on 2026-11-06?")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["memory/2026-W45.md § 2026-11-06"]


def _headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


def test_a_note_added_to_a_rolled_up_week_goes_in_by_its_date(tmp_path, cli, monkeypatch):
    """A note for a closed week written after the week was rolled up (a late sync, an agent's
    afterthought) joined the week's file at its end, after Sunday; it goes in among the days by its
    date, as if it had been there at the first run, and the sources are listed in date order."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-01")
    journal = tmp_path / "memory"
    journal.mkdir()
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    for day in ("16", "17", "19"):
        (journal / f"2026-11-{day}.md").write_text(f"# 2026-11-{day}\n\n- note of the {day}th\n")
    assert cli("rollup", str(tmp_path), "--apply").exit_code == 0
    (journal / "2026-11-18.md").write_text("# 2026-11-18\n\n- a late note of the 18th\n")
    (journal / "2026-11-22.md").write_text("- a late note of the 22nd, no heading\n")
    result = cli("rollup", str(tmp_path), "--apply")
    assert result.exit_code == 0, result.stderr
    week = (journal / "2026-W47.md").read_text()
    assert _headings(week) == ["# 2026-11-16", "# 2026-11-17", "# 2026-11-18", "# 2026-11-19", "## 2026-11-22"]
    assert 'sources: ["2026-11-16.md", "2026-11-17.md", "2026-11-18.md", "2026-11-19.md", "2026-11-22.md"]' in week
    assert "# 2026-11-18\n\n- a late note of the 18th\n\n# 2026-11-19\n" in week
    archived = tmp_path / "archive" / "memory" / "2026-11-18.md"
    assert archived.read_text() == "# 2026-11-18\n\n- a late note of the 18th\n"
    assert "nothing to roll up" in cli("rollup", str(tmp_path)).stdout


def test_a_note_added_to_a_rolled_up_month_goes_in_under_its_week(tmp_path, cli, monkeypatch):
    """Into a month's file: a late day of a week the month holds goes in among that week's days,
    under its one `#` heading (it got a second `# 2026-W46` at the month's end); a day of a week it
    lacks gets its week's heading, between the weeks before and after. The index, which links the
    month already, gets no second line for it."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-20")
    journal = tmp_path / "memory"
    journal.mkdir()
    (tmp_path / ".memctl.yaml").write_text("profile: openclaw\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- [a day](memory/2026-11-03.md)\n"
                                        "- [a late one](memory/2026-11-17.md)\n")
    for day in ("03", "10", "24"):
        (journal / f"2026-11-{day}.md").write_text(f"# 2026-11-{day}\n\n- note of the {day}th\n")
    assert cli("rollup", str(tmp_path), "--period", "month", "--apply").exit_code == 0
    (journal / "2026-11-02.md").write_text("late, the 2nd\n")
    (journal / "2026-11-11.md").write_text("# 2026-11-11\n\n- late, the 11th\n")
    (journal / "2026-11-17.md").write_text("- late, the 17th\n")
    result = cli("rollup", str(tmp_path), "--period", "month", "--apply")
    assert result.exit_code == 0, result.stderr
    month = (journal / "2026-11.md").read_text()
    assert _headings(month) == ["# 2026-W45", "## 2026-11-02", "# 2026-11-03", "# 2026-W46", "# 2026-11-10",
                                "# 2026-11-11", "# 2026-W47", "## 2026-11-17", "# 2026-W48", "# 2026-11-24"]
    assert (tmp_path / "MEMORY.md").read_text() == "# Memory\n\n- [2026-11](memory/2026-11.md)\n"
    assert "nothing to roll up" in cli("rollup", str(tmp_path), "--period", "month").stdout


def _openclaw_month(root: Path, days: tuple[str, ...]) -> Path:
    """An OpenClaw workspace whose memory/ holds a note for each of `days` (of 2026-10)."""
    journal = root / "memory"
    journal.mkdir(parents=True)
    (root / ".memctl.yaml").write_text("profile: openclaw\n")
    (root / "MEMORY.md").write_text("# Memory\n")
    for day in days:
        (journal / f"2026-10-{day}.md").write_text(f"# 2026-10-{day}\n\n- note of the {day}th\n")
    return journal


LATE = {"2026-10-14-late.md": "# 2026-10-14 — later\n\n- a late note\n", "2026-10-15-late.md": "- another\n"}


def test_a_late_note_of_a_week_a_month_holds_goes_into_the_months_file(tmp_path, cli, monkeypatch):
    """Weeks rolled up, then the month; then notes for a week the month holds arrive late (a sync,
    an agent's afterthought). The weekly roll-up made a second file for the week, 2026-W42.md,
    beside 2026-10.md, and the next monthly one put its days after the week's last day (found by a
    new-user trial). They go into the month's file, among the week's days by date, as a first run
    would have put them, and no file for the week is made."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-10")
    first = _openclaw_month(tmp_path / "first", ("12", "13", "14", "15", "16", "20", "21"))
    late = _openclaw_month(tmp_path / "late", ("12", "13", "14", "15", "16", "20", "21"))
    for name, text in LATE.items():
        (first / name).write_text(text)
    for folder in (first.parent, late.parent):
        assert cli("rollup", str(folder), "--apply").exit_code == 0
        assert cli("rollup", str(folder), "--period", "month", "--apply").exit_code == 0
    for name, text in LATE.items():
        (late / name).write_text(text)
    result = cli("rollup", str(late.parent))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ["rollup by week: 1 period", "  memory/2026-10.md ← 3 files: 2026-10.md, "
                                              "2026-10-14-late.md, 2026-10-15-late.md"]
    assert cli("rollup", str(late.parent), "--apply").exit_code == 0
    assert sorted(p.name for p in late.iterdir()) == ["2026-10.md"]
    month = (late / "2026-10.md").read_text()
    assert month == (first / "2026-10.md").read_text()
    assert _headings(month) == ["# 2026-W42", "# 2026-10-12", "# 2026-10-13", "# 2026-10-14", "# 2026-10-14 — later",
                                "# 2026-10-15", "## 2026-10-15 late", "# 2026-10-16", "# 2026-W43", "# 2026-10-20",
                                "# 2026-10-21"]
    for period in ("week", "month"):
        assert "nothing to roll up" in cli("rollup", str(late.parent), "--period", period).stdout


def test_a_weeks_file_made_after_its_months_goes_in_among_its_days(tmp_path, cli, monkeypatch):
    """A week's file beside its month's (what the weekly roll-up of late notes made before): the
    monthly roll-up puts each of its days among the month's by date, not all after the week's last."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-10")
    first = _openclaw_month(tmp_path / "first", ("12", "13", "14", "15", "16", "20", "21"))
    for name, text in LATE.items():
        (first / name).write_text(text)
    assert cli("rollup", str(first.parent), "--apply").exit_code == 0
    assert cli("rollup", str(first.parent), "--period", "month", "--apply").exit_code == 0
    late = _openclaw_month(tmp_path / "late", ("12", "13", "14", "15", "16", "20", "21"))
    assert cli("rollup", str(late.parent), "--apply").exit_code == 0
    assert cli("rollup", str(late.parent), "--period", "month", "--apply").exit_code == 0
    week = _openclaw_month(tmp_path / "week", ())  # the late notes alone, rolled up by week: 2026-W42.md
    for name, text in LATE.items():
        (week / name).write_text(text)
    assert cli("rollup", str(week.parent), "--apply").exit_code == 0
    (late / "2026-W42.md").write_text((week / "2026-W42.md").read_text())
    result = cli("rollup", str(late.parent), "--period", "month", "--apply")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in late.iterdir()) == ["2026-10.md"]
    assert (late / "2026-10.md").read_text() == (first / "2026-10.md").read_text()
    archived = {p.name: p.read_text() for p in (late.parent / "archive" / "memory").iterdir()}
    assert archived["2026-W42-2.md"] == (week / "2026-W42.md").read_text()  # beside the first run's 2026-W42.md


def _rolled(texts: dict[str, str], period: str, today: date) -> dict[str, str]:
    from memctl.commands.rollup import plan_rollup, verify

    files = sorted(rel for rel in texts if rel.startswith("memory/"))
    plan = plan_rollup(texts, files, "MEMORY.md", period, today)
    verify(plan, texts, files, "MEMORY.md", today, 7)  # what `rollup` checks before it writes
    after = dict(texts)
    for change in plan.write.changes:
        if change.removed:
            after.pop(change.rel)
        else:
            after[change.rel] = change.after
    return after


_NOTES = st.dictionaries(st.integers(0, 27), st.tuples(st.booleans(), st.sampled_from(["- ok", "text", "- a\n- b"])),
                         min_size=3, max_size=12)


def _month_of_notes(notes: dict[int, tuple[bool, str]], first: set[int]) -> tuple[dict[str, str], dict[str, str]]:
    """The notes of a closed month's days (each with its own `# date` heading or none), and those
    of them written before the first roll-up (the days `first` names)."""
    from hypothesis import assume

    start = date(2026, 11, 2)  # the Monday 2026-11 (a month of ISO weeks) begins on
    texts = {"MEMORY.md": "# Memory\n"}
    for offset, (own_heading, body) in notes.items():
        day = (start + timedelta(days=offset)).isoformat()
        texts[f"memory/{day}.md"] = (f"# {day}\n\n" if own_heading else "") + f"{body} ({day})\n"
    early = {rel: text for rel, text in texts.items()
             if rel == "MEMORY.md" or (date.fromisoformat(rel[7:17]) - start).days in first}
    assume(sum(rel.startswith("memory/") for rel in early) >= 2 and len(early) < len(texts))
    return texts, early


def _same_periods(one: dict[str, str], other: dict[str, str]) -> None:
    periods = sorted(rel for rel in one if rel.startswith("memory/"))
    assert periods == sorted(rel for rel in other if rel.startswith("memory/"))
    assert {rel: one[rel] for rel in periods} == {rel: other[rel] for rel in periods}


@settings(max_examples=150, deadline=None)
@given(notes=_NOTES, first=st.sets(st.integers(0, 27), min_size=2), period=st.sampled_from(["week", "month"]))
def test_rolling_up_a_period_in_two_runs_gives_what_one_run_does(notes, first, period):
    """The notes of a closed month's days, some rolled up first and the rest after (late notes),
    give the period files that rolling them all up at once gives: every note among the days by its
    date, each week's heading once, the sources in date order."""
    texts, early = _month_of_notes(notes, first)
    today = date(2026, 12, 20)
    at_once = _rolled(texts, period, today)
    later = _rolled(early, period, today)
    later.update({rel: text for rel, text in texts.items() if rel not in early})
    in_two = _rolled(later, period, today)
    _same_periods(at_once, in_two)


@settings(max_examples=150, deadline=None)
@given(notes=_NOTES, first=st.sets(st.integers(0, 27), min_size=2))
def test_late_notes_after_weeks_and_a_month_go_where_one_run_puts_them(notes, first):
    """Weeks rolled up, then the month; then late notes, and the usual weekly and monthly runs
    again: the month's file is the one rolling them all up by week and by month at once gives (the
    weekly run made a second file for a late note's week, which the monthly one put after the
    week's last day), and no week's file is left beside it."""
    texts, early = _month_of_notes(notes, first)
    today = date(2026, 12, 20)
    at_once = _rolled(_rolled(texts, "week", today), "month", today)
    later = _rolled(_rolled(early, "week", today), "month", today)
    later.update({rel: text for rel, text in texts.items() if rel not in early})
    weekly = _rolled(later, "week", today)
    weeks = [item for rel in weekly if rel.startswith("memory/") and (item := dated(rel)) is not None
             and item.kind == "week"]
    assert not [w.rel for w in weeks if f"memory/{period_of(w, 'month')[0]}.md" in later]  # type: ignore[index]
    _same_periods(at_once, _rolled(weekly, "month", today))
