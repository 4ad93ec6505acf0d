"""`consolidate` as a new user met it: a `--check` that passed over topics it could not read, an
archive whose line ends it mixed, and a `wrote N files` on the other stream than `split`'s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TODAY = "2026-11-29"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY)


@pytest.mark.parametrize("format", ["text", "json"])
def test_split_and_consolidate_say_what_they_wrote_last_on_stderr(cli, copy_fixture, tmp_path, format):
    """The trial: `wrote 24 files` was the last line on stdout for `consolidate --apply`, and on
    stderr for `split --apply`. Both say it on stderr, last, as `init`, `append` and `--apply-plan`
    do: stdout holds the plan, in text or JSON, and nothing else."""
    home = copy_fixture("consolidate")
    done = cli("consolidate", str(home), "--apply", "--format", format)
    assert done.exit_code == 0 and done.stderr == "wrote 4 files\n"
    assert "wrote" not in done.stdout
    if format == "json":
        assert json.loads(done.stdout)["applied"] is True
    else:
        assert done.stdout.endswith("  archived to archive/incidents.md\n")
    fat = copy_fixture("fat")
    split = cli("split", str(fat), "--apply", "--format", format)
    (copy,) = (fat / "archive").glob("MEMORY.*.md")  # what was written, all of it on stderr
    assert split.exit_code == 0 and split.stderr == f"original copied to archive/{copy.name}\nwrote 17 files\n"
    assert "wrote" not in split.stdout and "copied" not in split.stdout
    nothing = cli("consolidate", str(home), "--apply")
    assert nothing.exit_code == 0 and nothing.stderr == "" and nothing.stdout.endswith("nothing to change\n")


def _home_with_skipped_topics(root: Path, monkeypatch) -> Path:
    """The trial's home: a topic over memctl's 64 MB read cap, and one it may not read (chmod 000,
    made here by refusing its open: the tests run as root, who reads anything)."""
    import os

    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# i\n\n- [h](topics/h.md)\n- [u](topics/u.md)\n- [s](topics/s.md)\n")
    with open(root / "topics" / "h.md", "wb") as huge:
        huge.truncate(65 * 1024 * 1024)  # sparse: a size over the cap, no 65 MB written
    (root / "topics" / "u.md").write_text("# U\n\n- 2024-01-02: old entry about the deploy runner\n")
    (root / "topics" / "s.md").write_text("# S\n\n- a small topic, within target\n")
    real_open = os.open
    refused = str(root / "topics" / "u.md")

    def no_permission(path, *args, **kwargs):
        if os.fspath(path) == refused:
            raise PermissionError(13, "Permission denied", refused)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)
    return root


def test_check_fails_when_a_topic_could_not_be_read(cli, tmp_path, monkeypatch):
    """The trial: `consolidate --check` printed `nothing to consolidate: every topic is within 1,000
    tokens` and exited 0 while lint reported both topics (MEM101, exit 1)."""
    home = _home_with_skipped_topics(tmp_path / "home", monkeypatch)
    warnings = ("warning: topics/h.md: is 68,157,440 bytes, over memctl's cap of 67,108,864 bytes for one file; "
                "skipped\nwarning: topics/u.md: cannot read (Permission denied); skipped\n")
    check = cli("consolidate", str(home), "--check")
    assert check.exit_code == 1
    assert check.stderr == warnings
    assert check.stdout == ("nothing to consolidate among the topics read: each is within 1,000 tokens (cl100k_base)\n"
                            "not read: 2 topics, so whether they are within 1,000 tokens is not known (see the "
                            "warnings): topics/h.md, topics/u.md\n")
    data = json.loads(cli("consolidate", str(home), "--check", "--format", "json").stdout)
    assert data["unread"] == [
        {"path": "topics/h.md", "message": "is 68,157,440 bytes, over memctl's cap of 67,108,864 bytes for one file"},
        {"path": "topics/u.md", "message": "cannot read (Permission denied)"}]
    lint = cli("lint", str(home))
    assert lint.exit_code == 1 and lint.stdout.count("MEM101") == 2  # the two say the same now
    only = cli("consolidate", str(home), "--check", "--topic", "s")  # the topic asked for was read: it passes
    assert only.exit_code == 0 and only.stdout.startswith("nothing to consolidate: every topic is within")
    named = cli("consolidate", str(home), "--check", "--topic", "u")
    assert named.exit_code == 2 and named.stderr.endswith("error: topics/u.md: cannot read (Permission denied)\n")


def test_a_plan_with_work_names_the_topics_it_could_not_read(cli, tmp_path, monkeypatch):
    home = _home_with_skipped_topics(tmp_path / "home", monkeypatch)
    (home / "topics" / "s.md").write_text("# S\n\n" + "".join(
        f"- 2024-01-{day:02d}: an old entry about the deploy runner, long enough to count for something\n"
        for day in range(1, 29)))
    check = cli("consolidate", str(home), "--check", "--target", "200")
    assert check.exit_code == 1 and check.stdout.startswith("topics/s.md: ")
    assert ("not read: 2 topics, so whether they are within 200 tokens is not known (see the warnings): "
            "topics/h.md, topics/u.md\ndry run: nothing written") in check.stdout


@pytest.mark.parametrize(("archive_end", "topic_end"), [("\r\n", "\n"), ("\n", "\r\n")])
def test_what_consolidate_archives_takes_the_line_ends_of_the_archive_it_joins(cli, tmp_path, archive_end, topic_end):
    """The trial: an archive of 3 CRLF lines, written by hand, got 21 LF lines from consolidate."""
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "archive").mkdir()
    (home / "MEMORY.md").write_text("# i\n\n- [queue](topics/queue.md)\n")
    entries = "".join(f"- 2024-02-{day:02d}: the queue stalled again, drained by hand after the runner restarted\n"
                      for day in range(1, 25))
    (home / "topics" / "queue.md").write_bytes(f"# Queue\n\n{entries}".replace("\n", topic_end).encode())
    own = "# my own archive notes\n\n- keep me\n".replace("\n", archive_end).encode()
    (home / "archive" / "queue.md").write_bytes(own)
    done = cli("consolidate", str(home), "--target", "200", "--apply")
    assert done.exit_code == 0, done.stderr
    archive = (home / "archive" / "queue.md").read_bytes()
    assert archive.startswith(own) and archive.count(b"2024-02-") >= 10
    lines = archive.split(b"\n")[:-1]
    assert all(line.endswith(b"\r") for line in lines) if archive_end == "\r\n" else b"\r" not in archive
    topic = (home / "topics" / "queue.md").read_bytes()  # the topic keeps its own
    assert (b"\r\n" in topic) == (topic_end == "\r\n") and (topic_end == "\n") == (b"\r" not in topic)
