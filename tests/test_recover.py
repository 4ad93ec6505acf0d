"""What `memctl recover` and the commands that read say of a write, killed or still running (trial 5).

A SIGKILL while the journal itself is being written leaves its temporary file (`.ID.json.tmp`):
no file was changed yet, `status` says so and `recover` says what it removed. A write still in
progress is not an interrupted one: every command that reads says "a write is in progress
(memctl consolidate, pid N, ...)", and `recover` never finishes nor undoes it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
from pathlib import Path

import pytest

from memctl.safe import journal as journal_module
from memctl.safe import trust

from .test_faults import FIXTURES, TODAY, Faults, plan_for, state


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY.isoformat())


def consolidate_home(tmp_path: Path, name: str = "home") -> Path:
    root = tmp_path / name
    shutil.copytree(FIXTURES / "consolidate", root, ignore=shutil.ignore_patterns(".memctl"))
    return root


def journal_folder(root: Path) -> list[str]:
    folder = root / ".memctl" / "journal"
    return sorted(os.listdir(folder)) if folder.exists() else []


def killed_while_writing_its_journal(root: Path) -> str:
    """`consolidate --apply`, SIGKILLed half-way through writing its journal, as `kill -9` does it
    in trial 5 (in a forked child); returns the temporary file it left."""
    write = plan_for("consolidate", root)
    pid = os.fork()
    if pid == 0:  # the child writes, and dies with half of its journal on disk
        try:
            real = trust.write_temp

            def half_then_killed(folder: str, name: str, data: bytes, mode: int | None = None) -> str:
                if name.endswith(".json.tmp"):
                    fd = os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
                    os.write(fd, data[: len(data) // 2])
                    os.kill(os.getpid(), signal.SIGKILL)
                return real(folder, name, data, mode)

            trust.write_temp = half_then_killed
            journal_module.apply_plan(str(root), write, "consolidate")
        finally:
            os._exit(3)  # never reached when killed
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    (left,) = journal_folder(root)
    assert re.fullmatch(r"\.[0-9a-f]{12}\.json\.tmp", left)
    return left


def test_a_journal_killed_half_written_is_said_by_status_and_by_recover(cli, tmp_path):
    root = consolidate_home(tmp_path)
    before = state(root)
    left = killed_while_writing_its_journal(root)
    rel = f".memctl/journal/{left}"
    assert state(root) == before  # no file is written before the journal is whole

    status = cli("status", str(root))
    assert status.exit_code == 0
    assert status.stderr == (f"warning: {rel}: the half-written journal of a memctl write killed before it changed "
                             f"any file; `memctl recover {root}` removes it (so does the next memctl command that "
                             "writes)\n")
    assert journal_folder(root) == [left]  # a read never writes

    recover = cli("recover", str(root))
    assert (recover.exit_code, recover.stderr) == (0, "")
    assert recover.stdout == (f"removed a temporary file: {rel} (the half-written journal of a write killed while "
                              "it wrote it; no file had been changed yet)\n")
    assert journal_folder(root) == [] and state(root) == before
    assert cli("status", str(root)).stderr == ""

    again = consolidate_home(tmp_path, "again")
    left = killed_while_writing_its_journal(again)
    report = json.loads(cli("recover", str(again), "--format", "json").stdout)
    assert report == {"journals": [], "refused": [], "removed": [f".memctl/journal/{left}"], "in_progress": []}


class Paused:
    """`consolidate --apply` in a forked child, stopped part-way through writing its files (holding
    the home's lock and its journal, as a live write does) until `resume`."""

    def __init__(self, root: Path, step: int):
        self.root = root
        write = plan_for("consolidate", root)
        ready_r, ready_w = os.pipe()
        go_r, go_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            code = 0
            try:
                os.close(ready_r)
                os.close(go_w)

                def pause() -> None:
                    os.close(ready_w)  # tells the parent: paused
                    os.read(go_r, 1)

                with Faults(step, pause):
                    journal_module.apply_plan(str(root), write, "consolidate")
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(ready_w)
        os.close(go_r)
        self._go = go_w
        assert os.read(ready_r, 1) == b""  # the child closed its end: it is paused
        os.close(ready_r)

    def resume(self) -> int:
        os.write(self._go, b"x")
        os.close(self._go)
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def steps_of_consolidate(tmp_path: Path) -> int:
    root = consolidate_home(tmp_path, "count")
    write = plan_for("consolidate", root)
    with Faults(0, lambda: None) as counting:
        journal_module.apply_plan(str(root), write, "consolidate")
    return counting.calls


def test_a_write_in_progress_is_said_to_be_in_progress_and_recover_leaves_it(cli, tmp_path):
    """Trial 5: while `consolidate --apply` ran, `status` called it "an unfinished memctl consolidate"
    and advised `memctl recover`, which would have waited for the lock, then failed."""
    root = consolidate_home(tmp_path)
    steps = steps_of_consolidate(tmp_path)
    count = consolidate_home(tmp_path, "new")
    journal_module.apply_plan(str(count), plan_for("consolidate", count), "consolidate")
    old, new = state(root), state(count)
    writer = Paused(root, steps // 2)
    try:
        (name,) = journal_folder(root)
        started = json.loads((root / ".memctl" / "journal" / name).read_bytes().partition(b"\n")[2])["started"]
        part_way = state(root)
        assert part_way not in (old, new)
        about = f"a write is in progress (memctl consolidate, pid {writer.pid}, started {started})"

        for command in ("status", "lint", "history"):
            result = cli(command, str(root))
            assert (f"warning: {about}: what was read may be part-way through it; run a command that reads again "
                    "once it is done (one that writes waits for it)\n") in result.stderr, (command, result.stderr)
            assert "recover" not in result.stderr

        recover = cli("recover", str(root))
        assert (recover.exit_code, recover.stderr) == (0, "")
        assert recover.stdout == (f"nothing to recover: {about}, not an interrupted one; it finishes on its own (run "
                                  "`memctl recover` again if it stops without finishing)\n")
        report = json.loads(cli("recover", str(root), "--format", "json").stdout)
        assert report["in_progress"] == [f"{about}, not an interrupted one; it finishes on its own (run `memctl "
                                         "recover` again if it stops without finishing)"]
        assert (report["journals"], report["removed"]) == ([], [])

        # even one that gets the home's lock while the write runs (its lock file removed under it)
        # neither finishes nor undoes the journal: the writer holds the journal itself
        os.unlink(root / ".memctl" / "lock")
        done, refused = journal_module.recover(str(root))
        assert done == []
        assert refused == [f".memctl/journal/{name}: {about}, not an interrupted one; left to finish"]
        assert state(root) == part_way and journal_folder(root) == [name]
    finally:
        code = writer.resume()
    assert code == 0 and state(root) == new and journal_folder(root) == []
    assert cli("status", str(root)).stderr == ""
    assert cli("recover", str(root)).stdout == "nothing to recover: no interrupted write in this home\n"


def test_a_killed_write_is_still_an_unfinished_one(cli, tmp_path):
    """Its process gone, the system let go of its journal: reported as unfinished, and finished."""
    root = consolidate_home(tmp_path)
    steps = steps_of_consolidate(tmp_path)
    writer = Paused(root, steps // 2)
    os.kill(writer.pid, signal.SIGKILL)
    os.waitpid(writer.pid, 0)
    (name,) = journal_folder(root)
    status = cli("status", str(root))
    assert f"warning: .memctl/journal/{name}: an unfinished `memctl consolidate` (started " in status.stderr
    assert f"`memctl recover {root}` finishes or undoes it" in status.stderr
    recover = cli("recover", str(root))
    assert recover.exit_code == 0
    assert recover.stdout.startswith("finished an interrupted `memctl consolidate`: ")
    assert journal_folder(root) == []


def test_recover_with_nothing_to_recover_writes_nothing(cli, tmp_path):
    """Trial 6 (r12 b): `recover` in a home that had no .memctl/ said "nothing to recover" and left
    .memctl/ and .memctl/lock behind. A command with nothing to do writes nothing: in either format,
    and in a home whose .memctl/ holds only its other state (a dispatch record, no lock)."""
    root = tmp_path / "home"
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Mem\n\n- [k](topics/k.md)\n")
    (root / "topics" / "k.md").write_text("# K\n\n- x\n")
    for args in ((), ("--format", "json")):
        result = cli("recover", str(root), *args)
        assert result.exit_code == 0 and result.stderr == ""
        assert sorted(os.listdir(root)) == ["MEMORY.md", "topics"]
    assert result.stdout.startswith('{\n  "journals": [],')
    (root / ".memctl").mkdir()
    (root / ".memctl" / "dispatches.jsonl").write_text("{}\n")
    text = cli("recover", str(root))
    assert text.stdout == "nothing to recover: no interrupted write in this home\n"
    assert os.listdir(root / ".memctl") == ["dispatches.jsonl"]
    (root / "topics" / ".k.md.memctl-0123456789ab.tmp").write_text("half")  # what a killed write leaves: removed
    swept = cli("recover", str(root))
    assert swept.stdout == "removed a temporary file: topics/.k.md.memctl-0123456789ab.tmp\n"
    assert sorted(os.listdir(root / "topics")) == ["k.md"]
