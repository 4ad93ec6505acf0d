"""`memctl capture`: lessons from a Claude Code transcript or stdin, deduplicated, never a secret."""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memctl.commands.capture import (
    find_candidates,
    from_text,
    lesson_key,
    marked,
    plan_capture,
    read_transcript,
)

from .conftest import FIXTURES

TRANSCRIPT = FIXTURES / "claude-code" / "transcript.jsonl"
EXTRACTORS = Path(__file__).parent / "extractors"
TODAY = date(2026, 11, 29)


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")


def test_transcript_turns_since_the_last_compaction_and_only_what_was_said():
    source = read_transcript(str(TRANSCRIPT))
    assert source.label == "session 3f2a1b2c" and source.skipped == 1  # the half-written last line
    assert source.window == "turns 6–13, since the last compaction"
    said = "\n".join(t.text for t in source.turns)
    assert "Stripe retries" in said
    assert "this is a thought" not in said and "tool output" not in said  # thinking, tool results
    assert "This session is being continued" not in said  # the compaction summary is not a turn
    everything = read_transcript(str(TRANSCRIPT), last=100)
    assert everything.turns[0].number == 1 and "Root cause" in "\n".join(t.text for t in everything.turns)
    assert [t.number for t in read_transcript(str(TRANSCRIPT), last=2).turns] == [12, 13]


def test_markers_as_lines_list_items_and_bold_labels_with_their_reason():
    text = ("Lesson: plain\n- Decision: a list item\n**Root cause:** bold colon inside\n"
            "**Dead end**: bold colon outside\n> Remember: quoted\n1. Learned: numbered\n"
            "Decided:\nthe body on the next line\nBecause: the reason line.\n"
            "We also said Lesson: mid-line, which is not a marker.\n"
            "```\nDecision: inside a code block\n```\n")
    found = [(m, b) for _, m, b in marked(text)]
    assert found == [("Lesson", "plain"), ("Decision", "a list item"), ("Root cause", "bold colon inside"),
                     ("Dead end", "bold colon outside"), ("Remember", "quoted"), ("Learned", "numbered"),
                     ("Decided", "the body on the next line Because: the reason line.")]


def test_lesson_key_ignores_dates_markers_provenance_case_and_punctuation():
    a = lesson_key("- 2026-11-29 — Decision: Pin the runner image! (session 3f2a1b2c, turn 41)")
    assert a == lesson_key("* **decision:** pin the   runner image") == "pin the runner image"
    assert a != lesson_key("Decision: pin the runner image to 2.3")


def test_plan_adds_new_lessons_skips_known_ones_and_never_writes_a_secret(copy_fixture):
    home = copy_fixture("openclaw")
    before = (home / "LESSONS.md").read_text()
    source = read_transcript(str(TRANSCRIPT))
    plan = plan_capture(str(home), "LESSONS.md", source, find_candidates(source), TODAY)
    why = {c.body[:20]: c.why for c in plan.candidates}
    assert why["Dana's calendar show"] == "already in LESSONS.md (line 15)"
    assert why["`sk_live_4eC39HqLyjW"].startswith("holds what looks like a credential")
    assert len(plan.added) == 6
    (change,) = plan.write.changes
    assert change.after.startswith(before)  # nothing in the file is rewritten
    new = change.after[len(before):]
    assert new.startswith("\n## Captured\n\n- 2026-11-29 — Dead end: raising the webhook timeout")
    assert "(session 3f2a1b2c, turn 7)" in new and "sk_live" not in new


def test_the_same_lesson_twice_in_one_session_is_added_once(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    source = from_text("Lesson: keep one copy.\nlater…\n- lesson: Keep one copy\n")
    plan = plan_capture(str(tmp_path), "topics/lessons.md", source, find_candidates(source), TODAY)
    assert [c.why for c in plan.candidates] == ["new", "the same as candidate 1"]
    assert plan.write.changes[0].after == ("# Lessons\n\n## Captured\n\n"
                                          "- 2026-11-29 — Lesson: keep one copy. (stdin, line 1)\n")


def run(*args: str, stdin: str | None = None):
    from memctl.cli.main import app

    return CliRunner().invoke(app, list(args), input=stdin, catch_exceptions=False)


def test_cli_plans_then_applies_and_a_second_run_changes_nothing(copy_fixture):
    home = copy_fixture("openclaw")
    before = (home / "LESSONS.md").read_text()
    plan = run("capture", str(home), "--transcript", str(TRANSCRIPT))
    assert plan.exit_code == 0 and "6 new lessons for LESSONS.md; --apply writes them" in plan.stdout
    assert (home / "LESSONS.md").read_text() == before
    assert "1 line skipped" in plan.stderr and "sk_live_4eC3" not in plan.stdout + plan.stderr
    applied = run("capture", str(home), "--transcript", str(TRANSCRIPT), "--apply", "--format", "json")
    data = json.loads(applied.stdout)
    assert data["added"] == 6 and data["applied"] is True
    assert (home / "LESSONS.md").read_text().count("\n- 2026-11-29 — ") == 6
    again = run("capture", str(home), "--transcript", str(TRANSCRIPT), "--apply", "--format", "json")
    assert json.loads(again.stdout)["added"] == 0


def test_dedupe_across_dates(copy_fixture):
    home = copy_fixture("openclaw")
    run("capture", str(home), "--apply", stdin="Decision: answer webhooks at once.\n")
    text = (home / "LESSONS.md").read_text().replace("2026-11-29", "2026-10-02")
    (home / "LESSONS.md").write_text(text)
    again = run("capture", str(home), "--format", "json", stdin="**Decision:** Answer webhooks at once\n")
    assert json.loads(again.stdout)["candidates"][0]["why"].startswith("already in LESSONS.md")


def extractor(name: str) -> str:
    return f"{sys.executable} {EXTRACTORS / name}"


def test_extractor_that_works(copy_fixture):
    home = copy_fixture("openclaw")
    result = run("capture", str(home), "--transcript", str(TRANSCRIPT), "--extractor", extractor("works.py"),
                 "--format", "json")
    data = json.loads(result.stdout)
    texts = [c["text"] for c in data["candidates"]]
    assert "log every webhook's delivery id." in texts
    assert all(c["origin"] == "session 3f2a1b2c, extractor" for c in data["candidates"])


def test_extractor_that_returns_garbage_keeps_only_one_line_lessons(copy_fixture):
    home = copy_fixture("openclaw")
    result = run("capture", str(home), "--transcript", str(TRANSCRIPT), "--extractor", extractor("garbage.py"),
                 "--format", "json")
    data = json.loads(result.stdout)
    assert len(data["candidates"]) == 50 and data["candidates"][0]["text"] == "number 0"
    assert "extractor line 1 is not a one-line lesson" in result.stderr
    assert "extractor line 2 is not a one-line lesson" in result.stderr
    assert "printed 60 candidates; only the first 50" in result.stderr


@pytest.mark.parametrize(("script", "message"), [
    ("binary.py", "the extractor wrote text that is not UTF-8; nothing was written"),
    ("../summarizers/hang.py", "the extractor ran past 1 s; nothing was written"),
])
def test_extractor_that_fails_or_hangs_writes_nothing(copy_fixture, script, message):
    home = copy_fixture("openclaw")
    before = (home / "LESSONS.md").read_text()
    result = run("capture", str(home), "--transcript", str(TRANSCRIPT), "--extractor", extractor(script),
                 "--timeout", "1", "--apply")
    assert result.exit_code == 2 and message in result.stderr
    assert (home / "LESSONS.md").read_text() == before


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe not text", "the transcript is not UTF-8 text"),
    (b"just prose\nand more\n", "not a Claude Code transcript: no line is a JSON object"),
])
def test_a_bad_transcript_is_one_line_and_exit_2(copy_fixture, tmp_path, content, message):
    home = copy_fixture("openclaw")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    result = run("capture", str(home), "--transcript", str(bad))
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_lessons_file_through_a_symlink_is_refused(copy_fixture, tmp_path):
    home = copy_fixture("openclaw")
    outside = tmp_path / "outside.md"
    outside.write_text("# Elsewhere\n")
    (home / "LESSONS.md").unlink()
    (home / "LESSONS.md").symlink_to(outside)
    result = run("capture", str(home), "--apply", stdin="Lesson: never through a link.\n")
    assert result.exit_code == 2 and "symlink" in result.stderr
    assert outside.read_text() == "# Elsewhere\n"


def test_a_new_lessons_file_gets_a_link_from_the_index_once(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- [Debugging](debugging.md)\n")
    (tmp_path / "debugging.md").write_text("# Debugging\n")
    first = run("capture", str(tmp_path), "--profile", "claude-code", "--apply", "--format", "json",
                stdin="Lesson: pin the runner image.\n")
    assert json.loads(first.stdout)["index_linked"] is True
    index = (tmp_path / "MEMORY.md").read_text()
    assert index == ("# Memory\n\n- [Debugging](debugging.md)\n"
                     "- [Lessons](lessons.md) — lessons and decisions captured from sessions\n")
    run("capture", str(tmp_path), "--profile", "claude-code", "--apply", stdin="Decision: ship on Fridays.\n")
    assert (tmp_path / "MEMORY.md").read_text() == index  # linked already: the index is left alone
    assert (tmp_path / "lessons.md").read_text().count("\n- 2026-11-29 — ") == 2
