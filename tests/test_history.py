from __future__ import annotations

import json
import os
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memctl.commands.history import windows
from memctl.markup.globs import matcher
from memctl.model.home import load_home
from tests.conftest import check_golden

START = datetime(2026, 9, 1, 12, 0, tzinfo=timezone.utc)


def git(root: Path, *args: str, when: datetime | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when.isoformat()
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def growing_repo(root: Path, days: list[int], lines_per_commit: int = 10) -> Path:
    """A home in a git repo whose index gains lines at each commit, on the given days after START."""
    git(root, "init", "-q", "-b", "main")
    home = root / "memory"
    (home / "topics").mkdir(parents=True)
    (home / "topics" / "fleet.md").write_text("# Fleet\n\n- four hosts\n")
    index = ["# Index\n", "- [Fleet](topics/fleet.md)\n"]
    from datetime import timedelta

    for n, day in enumerate(days):
        index += [f"- fact {n}.{i}\n" for i in range(lines_per_commit)]
        (home / "MEMORY.md").write_text("".join(index))
        if n == len(days) - 1:
            (home / "archive").mkdir(exist_ok=True)
            (home / "archive" / "old.md").write_text("# Old\n\n- archived fact\n")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"commit {n}", when=START + timedelta(days=day))
    return home


def test_windows_and_globs():
    until = datetime(2026, 11, 29, 15, tzinfo=timezone.utc)
    assert len(windows("day", None, until)) == 14 and len(windows("hour", None, until)) == 24
    weeks = windows("week", None, until)
    assert len(weeks) == 12 and weeks[-1].start.weekday() == 0
    months = windows("month", None, until)
    assert months[0].start.isoformat() == "2025-12-01T00:00:00+00:00" and months[-1].end.month == 12
    topics = matcher("topics/**/*.md")  # history reads the topic globs as the home's walk does
    assert topics("topics/a.md") and topics("topics/x/y/a.md")
    assert not topics("other/a.md") and not topics("topics/a.txt")


def test_growth_by_day_and_the_forecast(tmp_path, cli):
    home = growing_repo(tmp_path, days=[0, 1, 2, 3, 3, 4])
    result = cli("history", str(home), "--since", "2026-09-01", "--until", "2026-09-05T23:00", "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    periods = report["periods"]
    assert [p["commits"] for p in periods] == [1, 1, 1, 2, 1]
    assert [p["index"]["lines"] for p in periods] == [12, 22, 32, 52, 62]
    assert periods[0]["change"] is None and periods[3]["change"]["lines"] == 20
    counted = load_home(home).counter.count("# Index\n- [Fleet](topics/fleet.md)\n"
                                            + "".join(f"- fact {n}.{i}\n" for n in range(6) for i in range(10)))
    assert periods[-1]["index"]["tokens"] == counted  # the same counter as status
    assert periods[-1]["archive_tokens"] > 0 and periods[-1]["topics_tokens"] == periods[0]["topics_tokens"] > 0
    # four and a half days of history: no rate per week yet (it was +87.2 lines/week from them)
    assert report["forecast"] == {
        "trend": "unknown", "rates_per_week": None, "limit": None, "reaches_on": None,
        "message": "no forecast yet: the index's trend covers 4 days (since 2026-09-01); a rate per week needs 7 "
                   "days of it"}
    later = json.loads(cli("history", str(home), "--until", "2026-09-08T12:00", "--format", "json").stdout)
    forecast = later["forecast"]
    assert forecast["trend"] == "growing" and forecast["limit"] == "lines"
    # the index as it stood each day at noon, 2026-09-01 to 09-08 (days 0 to 7): 12, 22, 32, 52,
    # 62, 62, 62, 62 lines; least squares: 325 / 42 = 7.74 lines a day, 54.2 a week; from 62 lines
    # on 2026-09-08 12:00, 200 lines are 138 / 7.74 = 17.8 days later. The same whatever --period shows.
    assert forecast["rates_per_week"]["lines"] == 54.2
    assert forecast["reaches_on"] == "2026-09-26"
    assert forecast["message"] == "index +54.2 lines/week: reaches 200 lines around 2026-09-26"
    weekly = cli("history", str(home), "--period", "week", "--until", "2026-09-08T12:00", "--format", "json")
    assert json.loads(weekly.stdout)["forecast"] == forecast


def test_weeks_and_months(tmp_path, cli):
    home = growing_repo(tmp_path, days=[0, 8, 15, 40, 70], lines_per_commit=3)
    weekly = json.loads(cli("history", str(home), "--period", "week", "--since", "2026-08-31",
                            "--until", "2026-11-15", "--format", "json").stdout)["periods"]
    assert weekly[0]["start"].startswith("2026-08-31") and sum(p["commits"] for p in weekly) == 5
    monthly = json.loads(cli("history", str(home), "--period", "month", "--since", "2026-09-01",
                             "--until", "2026-11-30", "--format", "json").stdout)["periods"]
    assert [p["commits"] for p in monthly] == [3, 1, 1]
    assert [p["index"]["lines"] for p in monthly] == [11, 14, 17]


def test_text_has_a_table_a_sparkline_and_the_forecast(tmp_path, cli):
    home = growing_repo(tmp_path, days=[0, 1, 2])
    out = cli("history", str(home), "--since", "2026-09-01", "--until", "2026-09-03T20:00").stdout
    assert "growth by day" in " ".join(out.split())  # the title may wrap at 80 columns
    assert "▁▄█" in out and "no forecast yet: the index's trend covers 2 days (since 2026-09-01); a rate per week " \
        "needs 7 days of it" in " ".join(out.split())
    (tmp_path / "later").mkdir()
    later = " ".join(cli("history", str(growing_repo(tmp_path / "later", days=[0, 3, 7])), "--until",
                         "2026-09-08T20:00").stdout.split())
    assert "reaches 200 lines around" in later


SPARK_ROWS = ("index lines", "index bytes", "index tokens", "topics tokens", "archive tokens")


def spark_rows(text: str) -> dict[str, str]:
    return {line[:15].strip(): line[15:] for line in text.splitlines() if line[:15].strip() in SPARK_ROWS}


def test_text_has_a_sparkline_per_measure_with_its_first_and_last_value(tmp_path, cli, monkeypatch):
    growing_repo(tmp_path, days=[0, 1, 2, 3, 3, 4])
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    result = cli("history", "memory", "--since", "2026-09-01", "--until", "2026-09-05T23:00")
    assert result.exit_code == 0 and result.stderr == ""
    rows = spark_rows(result.stdout)
    assert list(rows) == list(SPARK_ROWS)  # was: one row, `index tokens ▁▄█`
    assert rows["index lines"] == "▁▂▄▇█  12 → 62"  # 12, 22, 32, 52, 62 lines
    assert rows["archive tokens"].startswith("▁▁▁▁█  0 → ")
    check_golden("history-growth.txt", result.stdout)


def test_sparklines_stay_under_80_columns_with_more_periods_than_fit(tmp_path, cli, monkeypatch):
    home = growing_repo(tmp_path, days=[0, 1, 2, 3])
    monkeypatch.setenv("COLUMNS", "200")  # a wide terminal: the table takes it, the sparklines never more than 80
    args = ("history", str(home), "--period", "hour", "--since", "2026-09-01T00:00", "--until", "2026-09-04T23:00")
    text = cli(*args).stdout
    data = json.loads(cli(*args, "--format", "json").stdout)
    assert len(data["periods"]) == 84  # from the first commit, 12:00 on the first day
    rows = spark_rows(text)
    assert list(rows) == list(SPARK_ROWS)
    for name, row in rows.items():
        assert len(name) + 1 + len(row) < 80 and row.startswith("…")  # the latest periods, after `…`
    assert rows["index lines"].endswith(f"→ {data['periods'][-1]['index']['lines']:,}")
    assert len({row.index("  ") for row in rows.values()}) == 1  # the sparklines line up


def test_shrinking_and_over(tmp_path, cli):
    home = growing_repo(tmp_path, days=[0, 1], lines_per_commit=150)
    report = json.loads(cli("history", str(home), "--since", "2026-09-01", "--until", "2026-09-02T20:00",
                            "--format", "json").stdout)
    assert report["forecast"]["trend"] == "over"
    assert report["forecast"]["message"].startswith("index is already past its 200-line limit")


def test_not_a_repository_and_no_record(tmp_path, cli):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    env_free = cli("history", str(tmp_path))
    assert env_free.exit_code == 0 and env_free.stdout == ""
    as_json = json.loads(cli("history", str(tmp_path), "--format", "json").stdout)
    assert as_json["git"] is False and as_json["periods"] == [] and as_json["note"].startswith("not in a git")
    assert "no history: not in a git repository" in env_free.stderr and env_free.stderr.count("\n") == 1


def test_shallow_clone_says_where_history_starts(tmp_path, cli):
    (tmp_path / "origin").mkdir()
    growing_repo(tmp_path / "origin", days=[0, 1, 2])
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{tmp_path / 'origin'}", "shallow")
    report = json.loads(cli("history", str(tmp_path / "shallow" / "memory"), "--since", "2026-09-01",
                            "--until", "2026-09-03T20:00", "--format", "json").stdout)
    assert report["shallow"] and "history starts at the first commit available" in report["note"]


def test_dispatch_rollup_with_malformed_lines(copy_fixture, cli):
    root = copy_fixture("arc") / "memory"
    record = root / ".memctl" / "dispatches.jsonl"
    record.parent.mkdir()
    good = {"time": "2026-11-27T10:00:00+00:00", "tokens": 900, "budget": 2000, "skills": ["deploy"],
            "files": [{"path": "MEMORY.md"}, {"path": "topics/fleet.md"}, {"path": "topics/deploys.md"}],
            "omitted": []}
    lines = [json.dumps(good),
             json.dumps({**good, "time": "2026-11-28T09:00:00+00:00", "tokens": 1500,
                         "files": [{"path": "topics/fleet.md"}], "omitted": [{"path": "topics/cost.md"}]}),
             "{not json", json.dumps({"time": "yesterday"}), json.dumps([1, 2]), ""]
    record.write_text("\n".join(lines) + "\n")
    out = cli("history", str(root), "--dispatches", "--since", "2026-11-26", "--until", "2026-11-28T23:00",
              "--format", "json")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)["dispatches"]
    assert data["dispatches"] == 2 and data["malformed_lines"] == 4
    assert [p["dispatches"] for p in data["periods"]] == [0, 1, 1]
    assert data["periods"][2] == {"start": "2026-11-28T00:00:00+00:00", "end": "2026-11-29T00:00:00+00:00",
                                  "name": "2026-11-28", "dispatches": 1, "mean_tokens": 1500, "max_tokens": 1500,
                                  "budget": 2000, "with_omissions": 1}
    assert data["most_loaded"][0] == {"path": "topics/fleet.md", "dispatches": 2}
    assert data["never_loaded"] == ["topics/cost.md", "topics/incidents.md", "topics/publishing.md"]
    assert data["omission_rate"] == 0.5
    text = cli("history", str(root), "--dispatches", "--since", "2026-11-26", "--until", "2026-11-28T23:00").stdout
    assert "Never loaded in this window: topics/cost.md" in text and "4 malformed record lines skipped" in text


def test_record_from_assemble_feeds_history(copy_fixture, cli):
    root = copy_fixture("arc") / "memory"
    assert cli("assemble", str(root), "--skill", "deploy", "--record", "--quiet").exit_code == 0
    data = json.loads(cli("history", str(root), "--dispatches", "--format", "json").stdout)["dispatches"]
    assert data["dispatches"] == 1 and data["malformed_lines"] == 0


@pytest.mark.parametrize("bad", [["--since", "last week"], ["--since", "2026-12-01", "--until", "2026-11-01"]])
def test_bad_dates_are_exit_2(cli, bad):
    result = cli("history", "fixtures/arc/memory", *bad)
    assert result.exit_code == 2 and result.stderr.startswith("error: ")


def test_topics_linked_from_the_index_count_and_deleted_files_drop(tmp_path, cli):
    git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "MEMORY.md").write_text("# I\n- [Core](CORE_MEMORY.md)\n")
    (tmp_path / "CORE_MEMORY.md").write_text("# Core\n\n" + "- rule\n" * 20)
    (tmp_path / "LOOSE.md").write_text("# not linked, not a topic\n" * 30)
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "one", when=START)
    (tmp_path / "CORE_MEMORY.md").unlink()
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "two", when=START.replace(day=2))
    report = json.loads(cli("history", str(tmp_path), "--since", "2026-09-01", "--until", "2026-09-02T20:00",
                            "--format", "json").stdout)
    first, second = report["periods"]
    core = load_home(tmp_path).counter.count("# Core\n\n" + "- rule\n" * 20)
    assert first["topics_tokens"] == core and second["topics_tokens"] == 0


def test_the_forecast_starts_again_after_a_split_and_dates_an_overflow(tmp_path, cli):
    from datetime import timedelta

    home = growing_repo(tmp_path, days=[0, 1, 2, 3], lines_per_commit=40)  # 42 … 162 lines
    index = home / "MEMORY.md"
    for n, day in enumerate(range(5, 13)):  # split down to 20 lines, then slow growth, a week of it
        index.write_text("# Index\n" + "".join(f"- kept {i}\n" for i in range(19 + 2 * n)))
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-q", "-m", f"after {n}", when=START + timedelta(days=day))
    report = json.loads(cli("history", str(home), "--until", "2026-09-13T13:00", "--format", "json").stdout)
    assert report["forecast"]["rates_per_week"]["lines"] == 14.0  # 2 lines a day since the split
    early = json.loads(cli("history", str(home), "--until", "2026-09-08T23:00", "--format", "json").stdout)
    assert early["forecast"]["message"] == (
        "no forecast yet: the index's trend covers 2 days (since its fall of a fifth or more on 2026-09-06: a "
        "split or a consolidation starts a new trend); a rate per week needs 7 days of it")
    (tmp_path / "over").mkdir()
    over = growing_repo(tmp_path / "over", days=[0, 1, 2, 3, 4, 5], lines_per_commit=50)
    report = json.loads(cli("history", str(over), "--until", "2026-09-07T00:00", "--format", "json").stdout)
    assert report["forecast"]["trend"] == "over" and report["forecast"]["over_since"] == "2026-09-04"
    assert report["forecast"]["message"].startswith("index is already past its 200-line limit since 2026-09-04")


def test_a_topic_deleted_with_no_copy_of_its_text_is_reported_lost(tmp_path, cli):
    git(tmp_path, "init", "-q", "-b", "main")
    home = tmp_path / "memory"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# I\n- [Keys](topics/keys.md)\n")
    (home / "topics" / "keys.md").write_text("# Keys\n\n- the release key lives on arc-1\n- rotate it in March\n")
    (home / "topics" / "moved.md").write_text("# Moved\n\n- kept in the archive\n")
    (home / "topics" / "gone.md").write_text("# Gone\n\n- snapshot holds it\n")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "one", when=START)
    for name in ("keys", "moved", "gone"):
        (home / "topics" / f"{name}.md").unlink()
    (home / "archive").mkdir()
    (home / "archive" / "moved.md").write_text("# Moved\n\n- kept in the archive\n")
    snapshot = home / "archive" / "snapshots" / "20260901T120000Z" / "topics"
    snapshot.mkdir(parents=True)
    (snapshot / "gone.md").write_text("# Gone\n\n- snapshot holds it\n")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "a host's consolidation deleted three topics", when=START.replace(day=2))
    deleting = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], capture_output=True, text=True)
    report = json.loads(cli("history", str(home), "--format", "json").stdout)
    (lost,) = report["lost"]
    assert lost["path"] == "topics/keys.md" and lost["commit"] == deleting.stdout.strip()
    assert lost["lines_lost"] == 3 and lost["first_lost_line"] == "# Keys"
    assert lost["restore"] == f"git show {lost['commit'][:12]}^:memory/topics/keys.md"
    text = " ".join(cli("history", str(home)).stdout.split())  # as read, whatever the terminal's width
    assert "lost: topics/keys.md was deleted in" in text and "3 lines of it are kept nowhere" in text
    (home / "topics" / "keys.md").write_text("# Keys\n\n- the release key lives on arc-1\n- rotate it in March\n")
    assert json.loads(cli("history", str(home), "--format", "json").stdout)["lost"] == []  # back: not lost


@pytest.mark.parametrize(("profile", "limit", "measure", "words"), [
    ("openclaw", 12_000, "load cap chars", "12,000 characters (its load cap)"),
    ("claude-code", 25_000, "units", "25,000 UTF-16 units")])
def test_the_forecast_knows_a_limit_in_characters(tmp_path, cli, profile, limit, measure, words):
    """OpenClaw cuts a bootstrap file at 12,000 characters and Claude Code its index at 25,000
    UTF-16 units: an index of few, long lines reaches that first (it was called "flat": the
    forecast knew lines, bytes and tokens only)."""
    git(tmp_path, "init", "-q", "-b", "main")
    home = tmp_path / "memory"
    home.mkdir()
    (home / ".memctl.yaml").write_text(f"profile: {profile}\n")
    from datetime import timedelta

    lines = ["# Index\n"]
    for day in range(8):
        lines.append(f"- fact {day}: " + "the build queue stalls when the lease expires; " * 20 + "\n")
        (home / "MEMORY.md").write_text("".join(lines))
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-q", "-m", f"day {day}", when=START + timedelta(days=day))
    result = cli("history", str(home), "--until", "2026-09-09", "--format", "json")
    assert result.exit_code == 0, result.stderr
    forecast = json.loads(result.stdout)["forecast"]
    assert forecast["trend"] == "growing" and forecast["limit"] == measure, forecast
    assert forecast["rates_per_week"][measure] > 0 and f"reaches {words} around" in forecast["message"]


def _commit_index(root: Path, home: Path, texts: list[str]) -> None:
    from datetime import timedelta

    for day, text in enumerate(texts):
        (home / "MEMORY.md").write_text(text)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"day {day}", when=START + timedelta(days=day * 3))


def test_history_measures_each_version_as_status_measures_the_index(tmp_path, cli):
    """A Claude Code index with front matter and an HTML comment: its 204 file lines are 200 as
    Claude Code counts them, all loaded (history said "past its 200-line limit" from then on, on
    the file's lines, and its figures were not status's)."""
    git(tmp_path, "init", "-q", "-b", "main")
    home = tmp_path / "memory"
    home.mkdir()
    (home / ".memctl.yaml").write_text("profile: claude-code\n")
    head = "---\nname: index\n---\n<!-- kept by hand -->\n"
    at_limit = head + "".join(f"- fact {i}\n" for i in range(200))
    over = head + "".join(f"- fact {i}\n" for i in range(230))
    _commit_index(tmp_path, home, [at_limit, at_limit + "\n", over])
    assert len(at_limit.splitlines()) == 204
    result = cli("history", str(home), "--until", "2026-09-08", "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["forecast"]["over_since"] == "2026-09-07", report["forecast"]  # not 2026-09-01 (200 lines)
    assert report["forecast"]["message"] == "index is already past its 200-line limit since 2026-09-07 (230 lines)"
    status = json.loads(cli("status", str(home), "--format", "json").stdout)["index"]
    shown = report["periods"][-1]["index"]
    assert {k: shown[k] for k in ("lines", "counted_lines", "units", "bytes", "chars", "tokens")} == {
        k: status[k] for k in ("lines", "counted_lines", "units", "bytes", "chars", "tokens")}
    assert shown["load_cap"] == {m["measure"]: m["used"] for m in status["load_cap"]["measures"]}
    assert shown["counted_lines"] == 230 and shown["lines"] == 234
    text = cli("history", str(home), "--until", "2026-09-08").stdout
    assert "230 lines" in text and "234 lines" not in text


def test_history_measures_openclaw_s_load_cap_as_it_counts(tmp_path, cli):
    """OpenClaw trims the end of a bootstrap file before it measures it: 12,000 characters with
    the newline are 11,999, within its 12,000 (history said "past its 12,000-char limit" since)."""
    git(tmp_path, "init", "-q", "-b", "main")
    home = tmp_path / "memory"
    home.mkdir()
    (home / ".memctl.yaml").write_text("profile: openclaw\n")
    line = "- the build queue stalls when the lease expires, every time " + "x" * 39 + "\n"  # 100 characters
    within = "# I\n" + line * 119 + "- " + "y" * 93 + "\n"
    assert len(within) == 12_000
    _commit_index(tmp_path, home, [within, within + line * 5])
    report = json.loads(cli("history", str(home), "--until", "2026-09-05", "--format", "json").stdout)
    forecast = report["forecast"]
    assert forecast["trend"] == "over" and forecast["over_since"] == "2026-09-04", forecast
    status = json.loads(cli("status", str(home), "--format", "json").stdout)["index"]
    (cap,) = status["load_cap"]["measures"]
    assert report["periods"][-1]["index"]["load_cap"] == {"chars": cap["used"]} and cap["used"] == 12_499
    assert forecast["message"] == ("index is already past its 12,000-character load cap since 2026-09-04 "
                                   "(12,499 characters)")
