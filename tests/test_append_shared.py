"""`memctl append` writes as the MCP server's `memory_append` and the memory tool do: the same checks
(no credential, no index past what its host loads) and the same lock, waited for (trial 8, findings 5
and 7)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from memctl.commands.mcp import Homes
from memctl.commands.mcp import append as mcp_append
from memctl.commands.memory_store import Refused
from memctl.commands.memory_tool import memory_tool
from memctl.safe.writer import home_lock

from .conftest import ROOT
from .test_faults import state

TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
CAP_REASON = ("would be 201 lines; claude-code loads 200 (first 200 lines then 25,000 UTF-16 code units, front "
              "matter and HTML comments free); nothing was written: move detail into a topic file and keep one "
              "line for it in the index")
SECRET_REASON = ("the text holds what looks like a GitHub token (ghp_…); memory is loaded into requests and often "
                 "kept in git, so no credential is written to it; nothing was written")


def full_index(root: Path) -> Path:
    """A Claude Code home whose index is 200 lines: one more and the host would not load it."""
    (root / "topics").mkdir(parents=True)
    (root / ".memctl.yaml").write_text("profile: claude-code\n")
    (root / "MEMORY.md").write_text("# Memory\n" + "".join(f"- line {n}\n" for n in range(1, 200)))
    (root / "topics" / "ci.md").write_text("# CI\n- the gate needs a green run\n")
    return root


def test_cli_append_refuses_a_credential_and_an_index_past_its_cap(cli, tmp_path):
    """Trial 8 (r05): `memctl append` wrote a GitHub token into MEMORY.md and grew it to 202 lines, exit 0,
    where the MCP `memory_append` ("what `memctl append` does") and the memory tool refused both."""
    home = full_index(tmp_path / "home")
    before = state(home)
    index, topic = str(home / "MEMORY.md"), str(home / "topics" / "ci.md")
    for shown, text, why in ((index, f"- token {TOKEN}", SECRET_REASON),
                             (topic, f"- deploy with {TOKEN}", SECRET_REASON),
                             (index, "- line 200", CAP_REASON)):
        result = cli("append", shown, text)
        assert (result.exit_code, result.stdout) == (2, ""), result.stderr
        assert result.stderr == f"error: {shown}: {why}\n"
        assert state(home) == before
    assert "abcdefghij" not in result.stderr
    # a topic grows as ever, and so does an index with room left
    done = cli("append", topic, "- the runner image is pinned")
    assert (done.exit_code, done.stderr) == (0, "appended 1 line to topics/ci.md\n")
    (home / "MEMORY.md").write_text("# Memory\n- one\n")
    done = cli("append", index, "- two")
    assert (done.exit_code, done.stderr) == (0, "appended 1 line to MEMORY.md\n")
    assert (home / "MEMORY.md").read_text() == "# Memory\n- one\n- two\n"


def test_the_three_writers_refuse_in_the_same_words(cli, tmp_path):
    """One check behind the CLI, MCP `memory_append` and the memory tool: each gives the same reason."""
    reasons: dict[str, list[str]] = {"cli": [], "mcp": [], "tool": []}
    for text in (f"- token {TOKEN}", "- line 200"):
        home = full_index(tmp_path / f"cli-{len(reasons['cli'])}")
        result = cli("append", str(home / "MEMORY.md"), text)
        assert result.exit_code == 2
        reasons["cli"].append(result.stderr.removeprefix(f"error: {home / 'MEMORY.md'}: ").rstrip("\n"))
        home = full_index(tmp_path / f"mcp-{len(reasons['mcp'])}")
        with pytest.raises(Refused) as refused:
            mcp_append(Homes(str(home)), {"path": "MEMORY.md", "text": text}, date(2026, 12, 2))
        reasons["mcp"].append(refused.value.message.removeprefix("MEMORY.md "))
        home = full_index(tmp_path / f"tool-{len(reasons['tool'])}")
        answer = memory_tool(str(home), {"command": "insert", "path": "/memories/MEMORY.md", "insert_line": 200,
                                         "insert_text": text}, datetime(2026, 12, 2, tzinfo=timezone.utc))
        assert answer["is_error"] is True
        reasons["tool"].append(answer["content"].removeprefix("Error: ").removeprefix("MEMORY.md "))
    assert reasons["cli"] == reasons["mcp"] == reasons["tool"] == [SECRET_REASON, CAP_REASON]


# --- the lock: append waits for memctl's own writes ---------------------------------------------------

def test_cli_append_is_never_failed_by_memctls_own_writes(cli, tmp_path, monkeypatch):
    """Trial 8 (r07): an append racing `split --apply` failed, "changed on disk 5 times while memctl was
    appending; nothing was written": it read the file, waited for the lock, and found a file memctl had
    written meanwhile, five times over. Here every time the append goes for the lock another memctl
    write takes it first and changes the file; the append waits, plans again under the lock, and lands."""
    from memctl.safe import writer
    from memctl.safe.fsutil import current_text
    from memctl.safe.journal import apply_plan

    home = tmp_path / "home"
    home.mkdir()
    (home / "MEMORY.md").write_text("# Memory\n- one\n")
    acquire = writer.HomeLock.acquire
    rivals: list[int] = []

    def another_write_first(lock: writer.HomeLock) -> None:
        if not getattr(another_write_first, "inside", False) and len(rivals) < 20:
            another_write_first.inside = True  # type: ignore[attr-defined]
            try:
                text = current_text(str(home), "MEMORY.md") or ""
                rivals.append(len(rivals) + 1)
                change = writer.FileChange("MEMORY.md", text, text + f"- memctl's own line {len(rivals)}\n")
                apply_plan(str(home), writer.WritePlan((change,)), "split")
            finally:
                another_write_first.inside = False  # type: ignore[attr-defined]
        acquire(lock)

    monkeypatch.setattr(writer.HomeLock, "acquire", another_write_first)
    result = cli("append", str(home / "MEMORY.md"), "- the agent's line")
    assert result.exit_code == 0, result.stderr
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "appended 1 line to MEMORY.md\n")
    lines = (home / "MEMORY.md").read_text().splitlines()
    assert lines == ["# Memory", "- one", *(f"- memctl's own line {n}" for n in rivals), "- the agent's line"]
    assert len(rivals) < 20  # it stopped going for the lock once it held it


def test_cli_append_waits_while_another_thread_holds_the_homes_lock(cli, tmp_path, monkeypatch):
    """A writer holds the lock (as a 3,000-topic split does for 20 s) and rewrites the index meanwhile:
    the append waits for it, past the time a second memctl command waits (LOCK_TIMEOUT, shortened
    here), and adds its line to what the writer left."""
    monkeypatch.setattr("memctl.safe.writer.LOCK_TIMEOUT", 0.1)
    home = tmp_path / "home"
    home.mkdir()
    (home / "MEMORY.md").write_text("# Memory\n- one\n")
    held, released = threading.Event(), threading.Event()
    waited: list[float] = []

    def writer() -> None:
        with home_lock(str(home)):
            held.set()
            for n in range(10):
                time.sleep(0.08)
                (home / "MEMORY.md").write_text(f"# Memory\n- one\n- rewritten {n}\n")
            waited.append(time.monotonic())
        released.set()

    thread = threading.Thread(target=writer)
    thread.start()
    assert held.wait(10)
    result = cli("append", str(home / "MEMORY.md"), "- the agent's line")
    finished = time.monotonic()
    thread.join()
    assert result.exit_code == 0, result.stderr
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "appended 1 line to MEMORY.md\n")
    assert released.is_set() and finished >= waited[0]  # it ended after the writer let go
    assert (home / "MEMORY.md").read_text() == "# Memory\n- one\n- rewritten 9\n- the agent's line\n"


def test_appends_from_other_processes_wait_for_the_lock_and_all_land(tmp_path):
    """The same across processes: the lock is held (as a split holds it) and the index rewritten while
    five `memctl append` processes start; each waits, and every line lands once."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "MEMORY.md").write_text("# Memory\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMCTL_CACHE_DIR": str(tmp_path / "cache")}
    with home_lock(str(home)):
        appends = [subprocess.Popen([sys.executable, "-m", "memctl", "append", str(home / "MEMORY.md"),
                                     f"- agent {n}"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True) for n in range(5)]
        for n in range(30):
            (home / "MEMORY.md").write_text(f"# Memory\n- rewritten by the lock's holder ({n})\n")
            time.sleep(0.05)
        assert all(p.poll() is None for p in appends), "an append did not wait for the lock"
    outcomes = [(p.wait(120), *p.communicate()) for p in appends]
    assert outcomes == [(0, "", "appended 1 line to MEMORY.md\n")] * 5
    lines = (home / "MEMORY.md").read_text().splitlines()
    assert lines[:2] == ["# Memory", "- rewritten by the lock's holder (29)"]
    assert sorted(lines[2:]) == sorted(f"- agent {n}" for n in range(5))
