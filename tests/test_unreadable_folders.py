"""A folder of the home that cannot be read is said, as an unreadable file is (trial 6, r03): before,
`topics/ops/` at mode 000 holding a 10,804-token topic gave no problem in `status`, only "points to
no file" in `lint`, and `consolidate --check` exit 0, "each is within 1,000 tokens".

The tests run as root, for whom mode 000 changes nothing: the `unreadable` fixture of
tests/test_error_messages.py makes the operating system answer for the folder as it does for
another user's folder at mode 000 (EACCES from every call that lists or enters it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.test_error_messages import unreadable  # noqa: F401  (a fixture)

SAID = "cannot read this folder (Permission denied): the files in it are not measured"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")


def ops_home(root: Path) -> Path:
    (root / "topics" / "ops").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Mem\n\n- [ops](topics/ops/deploys.md)\n- [a](topics/a.md)\n")
    (root / "topics" / "a.md").write_text("# A\n\n- a thing\n")
    notes = "".join(f"- 2026-0{1 + i % 9}-1{i % 9}: deploy note {i} "
                    + " ".join(f"queue{i} runner{j}" for j in range(10)) + "\n" for i in range(200))
    (root / "topics" / "ops" / "deploys.md").write_text("# Deploys\n\n" + notes)
    return root


def test_status_lists_an_unreadable_folder_under_problems(cli, tmp_path, unreadable):  # noqa: F811
    home = ops_home(tmp_path / "h")
    unreadable(home / "topics" / "ops")
    result = cli("status", str(home), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["problems"] == [{"path": "topics/ops/", "line": None, "message": SAID}]
    assert [t["path"] for t in data["topics"]] == ["topics/a.md"]
    assert f"topics/ops/: {SAID}; skipped" in data["warnings"]
    text = cli("status", str(home))
    assert "Problems" in text.stdout and "topics/ops/" in text.stdout


def test_lint_says_mem101_for_the_folder_not_that_its_link_points_to_no_file(cli, tmp_path, unreadable):  # noqa: F811
    home = ops_home(tmp_path / "h")
    unreadable(home / "topics" / "ops")
    result = cli("lint", str(home))
    assert result.exit_code == 1
    assert "MEM101" in result.stdout and f"{SAID}; the folder is skipped" in result.stdout
    assert "MEM301" not in result.stdout  # whether topics/ops/deploys.md is there is not known


def test_consolidate_check_does_not_claim_every_topic_is_within_target(cli, tmp_path, unreadable):  # noqa: F811
    home = ops_home(tmp_path / "h")
    (home / "topics" / "ops" / "deploys.md").write_text("# Deploys\n\n- one small note\n")  # within target too
    unreadable(home / "topics" / "ops")
    result = cli("consolidate", str(home), "--check")
    assert result.exit_code == 1
    assert "not read: 1 topic" in result.stdout and "topics/ops/" in result.stdout


def test_an_openclaw_memory_folder_that_cannot_be_read_is_named_once(cli, tmp_path, unreadable):  # noqa: F811
    """OpenClaw's memory/ at 000: `status` said only "No topic files.", `rollup` "nothing to roll up"."""
    home = tmp_path / "ws"
    (home / "memory" / "archive").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- a fact\n")
    (home / "AGENTS.md").write_text("# Agents\n")
    (home / "SOUL.md").write_text("# Soul\n")
    for day in ("2026-11-02", "2026-11-03"):
        (home / "memory" / f"{day}.md").write_text(f"# {day}\n\n- a note\n")
    (home / ".memctl.yaml").write_text("profile: openclaw\n")
    unreadable(home / "memory")
    status = cli("status", str(home), "--format", "json")
    assert status.exit_code == 0
    assert json.loads(status.stdout)["problems"] == [{"path": "memory/", "line": None, "message": SAID}]
    rollup = cli("rollup", str(home))
    assert rollup.stderr.count(SAID) == 1  # memory/archive/, which cannot be entered through it, is not said again
    assert f"warning: memory/: {SAID}; skipped" in rollup.stderr


@pytest.mark.parametrize("args", [(), ("--apply",), ("--period", "month", "--format", "json")])
def test_rollup_of_a_folder_that_cannot_be_read_is_an_error_naming_it(cli, tmp_path, unreadable, args):  # noqa: F811
    """Trial 6: OpenClaw's memory/ at 000 made `rollup` warn, then say "nothing to roll up by week",
    exit 0: what periods its notes make is not known. It is one line naming the folder, exit 2, and
    nothing is written; once it reads, its notes roll up."""
    home = tmp_path / "ws"
    (home / "memory").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- a fact\n")
    (home / ".memctl.yaml").write_text("profile: openclaw\n")
    for day in ("2026-11-02", "2026-11-03"):
        (home / "memory" / f"{day}.md").write_text(f"# {day}\n\n- a note\n")
    before = sorted(os.listdir(home))
    unreadable(home / "memory")
    result = cli("rollup", str(home), *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == ("error: memory/: cannot read this folder (Permission denied), so its "
                                              "dated notes cannot be rolled up; nothing was rolled up")
    assert "nothing to roll up" not in result.stderr
    assert sorted(os.listdir(home)) == before  # no archive/, no period file, no .memctl/
    for day in ("2026-11-02", "2026-11-03"):  # the notes where they were (read past the denial)
        with open(home / "memory" / f"{day}.md") as note:
            assert note.read() == f"# {day}\n\n- a note\n"


def test_history_says_git_failed_not_that_the_home_is_not_in_a_repository(cli, tmp_path):
    """Trial 6: `.git/objects` at mode 000 made `history` say "no history: not in a git repository",
    exit 0. A `.git` git fails on is said as such, exit 2: here a `.git` file naming a folder that is
    gone (git's answer is the same one, "not a git repository"; mode 000 means nothing to root)."""
    home = tmp_path / "repo"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# M\n\n- [a](topics/a.md)\n")
    (home / "topics" / "a.md").write_text("# A\n- x\n")
    (home / ".git").write_text(f"gitdir: {tmp_path}/gone\n")
    result = cli("history", str(home))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {home}/.git: git cannot tell the history: it failed on this repository (")
    assert result.stderr.count("\n") == 1 and "not in a git repository" not in result.stderr
    (home / ".git").unlink()  # no .git at all: no history, as before
    plain = cli("history", str(home))
    assert plain.exit_code == 0 and "not in a git repository" in plain.stdout + plain.stderr
