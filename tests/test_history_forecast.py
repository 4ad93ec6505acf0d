"""history's forecast: no rate per week from too short a trend or too few changes, and a rate that
never runs past what the index did (trial 8, r09)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.commands.history import MIN_CHANGES, MIN_DAYS, daily, no_forecast, weekly_rate


def _git(root: Path, *args: str, when: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    if when:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def test_commits_minutes_apart_after_a_split_give_no_forecast_and_say_why(cli, tmp_path, monkeypatch):
    """The trial's r09: a 24 KB index slimmed to 1.5 KB, then one line added five minutes later,
    was "+32,256 characters/week: reaches 12,000 characters (its load cap) around" the next day."""
    _git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "AGENTS.md").write_text("# AGENTS\n")
    (tmp_path / "SOUL.md").write_text("# SOUL\n")
    index = tmp_path / "MEMORY.md"
    index.write_text("# Memory\n\n" + "".join(f"- fact {i}: " + "words about the fleet and deploys " * 3 + "\n"
                                              for i in range(200)))
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "fat", when="2026-11-30T09:00:00+00:00")
    index.write_text("# Memory\n\n" + "".join(f"- fact {i}\n" for i in range(20)))
    _git(tmp_path, "commit", "-qam", "slim", when="2026-11-30T10:00:00+00:00")
    index.write_text(index.read_text() + "- one more fact\n")
    _git(tmp_path, "commit", "-qam", "one line", when="2026-11-30T10:05:00+00:00")
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-01")
    result = cli("history", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    why = ("no forecast yet: the index's trend covers 38 hours (since its fall of a fifth or more on 2026-11-30: a "
           "split or a consolidation starts a new trend); a rate per week needs 7 days of it")
    assert json.loads(result.stdout)["forecast"] == {"trend": "unknown", "rates_per_week": None, "limit": None,
                                                     "reaches_on": None, "message": why}
    text = cli("history", str(tmp_path))
    assert text.exit_code == 0 and " ".join(text.stdout.split()).endswith(why)
    assert "/week:" not in text.stdout


def test_one_change_in_four_weeks_is_no_trend(cli, tmp_path):
    _git(tmp_path, "init", "-q", "-b", "main")
    index = tmp_path / "MEMORY.md"
    index.write_text("# Memory\n\n- a fact\n")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "one", when="2026-09-01T12:00:00+00:00")
    index.write_text("# Memory\n\n- a fact\n- another\n")
    _git(tmp_path, "commit", "-qam", "two", when="2026-10-20T12:00:00+00:00")
    result = cli("history", str(tmp_path), "--until", "2026-10-25T12:00", "--format", "json")
    assert json.loads(result.stdout)["forecast"]["message"] == (
        "no forecast: the index has changed once in the last 28 days (since 2026-09-27); a trend needs 2 changes "
        "or more")


# --- the rule, as properties --------------------------------------------------------------------------

versions = st.lists(st.tuples(st.floats(0, 40, allow_nan=False), st.integers(0, 5_000)), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(versions, st.floats(0, 10, allow_nan=False))
def test_a_forecast_needs_a_week_and_two_changes(found, after):
    trend = sorted(found)
    end = trend[-1][0] + after
    why = no_forecast(trend[0][0], len(trend) - 1, end, dropped=False)
    if end - trend[0][0] < MIN_DAYS - 1e-9 or len(trend) - 1 < MIN_CHANGES:
        assert why is not None and "\n" not in why and why.startswith("no forecast")
    else:
        assert why is None


@settings(max_examples=300, deadline=None)
@given(versions, st.floats(0, 10, allow_nan=False))
def test_the_weekly_rate_never_runs_past_what_the_index_did(found, after):
    """Over a trend of a week or more, the rate a week is at most 4/3 of how far the index's size
    moved in it (a least-squares slope of eight or more daily readings, each between the least and
    the greatest size): never millions from a few characters added."""
    trend = sorted(found)
    end = trend[-1][0] + after
    if no_forecast(trend[0][0], len(trend) - 1, end, dropped=False) is not None:
        return
    sizes = [size for _, size in trend]
    rate = weekly_rate([(day, float(size)) for day, size in trend], end)
    assert abs(rate) <= 4 / 3 * (max(sizes) - min(sizes)) + 1e-6
    if sizes == sorted(sizes):
        assert rate >= -1e-9  # an index that only grew never shrinks in the forecast
    readings = daily([(day, float(size)) for day, size in trend], end)
    assert readings[-1] == (end, float(trend[-1][1])) and len(readings) >= MIN_DAYS + 1


@settings(max_examples=100, deadline=None)
@given(st.integers(8, 28), st.integers(-50, 50), st.floats(0, 0.99, allow_nan=False))
def test_a_steady_rate_is_read_as_it_is(days, per_day, at):
    """A commit a day, each `per_day` larger: the rate a week is seven of them, whatever the hour."""
    trend = [(day + at, float(1_000 + per_day * day)) for day in range(days)]
    assert abs(weekly_rate(trend, days - 1 + at) - 7 * per_day) < 1e-6
