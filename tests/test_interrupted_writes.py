"""Trial 8: a write stopped by Ctrl-C, a failed write's folders, `recover` on a folder above a home
(or a home with homes nested in it), a journal that vanished while it was read, and `undo` with
nothing to take back.

r02: `recover fleet` removed the running split's temporary files in `fleet/agent1`, crashed with a
traceback when one vanished under it, and made `fleet/.memctl/lock` with nothing to do. r06: Ctrl-C
during `split --apply` left 109 of 3,000 topics, the journal and a temporary file, and said nothing.
r15: a reader called the journal of a split that had just finished "a journal memctl will not
apply". r18: `undo` with nothing to take back made `.memctl/lock`. r19: a write that was rolled
back (or undone by `recover`) left the empty folders it had made.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from pathlib import Path

import pytest

from memctl.errors import MemctlError
from memctl.safe import journal as journal_module
from memctl.safe import trust
from memctl.safe.fsutil import hold_lock
from memctl.safe.journal import apply_plan, recover_home, take_back
from memctl.safe.keys import user_key
from memctl.safe.writer import FileChange

from .test_faults import TODAY, Faults, leftovers, make_home, plan_for, sigkill, state


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY.isoformat())


def folders(root: Path) -> list[str]:
    """Every folder of the home but memctl's own `.memctl/`."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_dir() and ".memctl" not in p.relative_to(root).parts)


def small_home(root: Path, temp: str | None = None) -> Path:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Mem\n\n- [k](topics/k.md)\n")
    (root / "topics" / "k.md").write_text("# K\n\n- x\n")
    if temp is not None:  # what a killed write left
        (root / "topics" / temp).write_text("half")
    return root


STALE = ".k.md.memctl-0123456789ab.tmp"


# --- 2: recover acts on its own home only ------------------------------------------------------


def test_recover_on_a_folder_above_a_home_is_refused_and_writes_nothing(cli, tmp_path):
    fleet = tmp_path / "fleet"
    agent = small_home(fleet / "agent1", STALE)
    (agent / ".memctl" / "journal").mkdir(parents=True)  # a home memctl has written in
    for shown in (str(fleet), str(tmp_path)):
        result = cli("recover", shown)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (f"error: {shown}: is no memory home (no MEMORY.md, .memctl.yaml or memctl journal "
                                 "in it); `memctl recover` acts on one home, never on the homes below it: name the "
                                 "home's own folder; nothing was written\n")
    assert sorted(os.listdir(fleet)) == ["agent1"]  # no fleet/.memctl/lock
    assert (agent / "topics" / STALE).exists()  # agent1's, for `memctl recover fleet/agent1`
    done = cli("recover", str(agent))
    assert (done.exit_code, done.stdout) == (0, f"removed a temporary file: topics/{STALE}\n")


def test_recover_on_a_home_leaves_the_files_of_a_home_nested_in_it(cli, tmp_path):
    outer = small_home(tmp_path / "outer", STALE)
    inner = small_home(outer / "agent", ".k.md.memctl-abcdefabcdef.tmp")
    (inner / ".memctl").mkdir()  # its own home: its own lock and journals
    result = cli("recover", str(outer))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == f"removed a temporary file: topics/{STALE}\n"
    assert (inner / "topics" / ".k.md.memctl-abcdefabcdef.tmp").exists()
    assert not (outer / "topics" / STALE).exists()


def test_recover_never_removes_the_temporary_file_of_a_write_that_runs(cli, tmp_path):
    """Its journal, held by its writer, names it: it is no leftover, and recover has nothing to do."""
    root = small_home(tmp_path / "home", ".k.md.memctl-0123456789ab.tmp")
    journal = root / ".memctl" / "journal" / "0123456789ab.json"
    journal.parent.mkdir(parents=True)
    journal.write_text("being written")
    fd = hold_lock(str(journal))
    assert fd is not None
    try:
        assert journal_module.temps(str(root)) == []
        assert journal_module.sweep_temps(str(root)) == []
    finally:
        os.close(fd)
    assert journal_module.temps(str(root)) == [f"topics/{STALE}"]  # its writer gone: a leftover


def test_a_temporary_file_removed_while_recover_runs_is_no_traceback(cli, tmp_path, monkeypatch):
    root = small_home(tmp_path / "home", STALE)
    listed = journal_module.temps
    calls = []

    def removed_meanwhile(home: str) -> list[str]:
        found = listed(home)
        calls.append(found)
        if len(calls) == 2:  # under the lock: another program removed it, between the listing and the unlink
            for rel in found:
                os.unlink(os.path.join(home, rel))
        return found

    monkeypatch.setattr(journal_module, "temps", removed_meanwhile)
    result = cli("recover", str(root))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "nothing to recover: no interrupted write in this home\n"
    assert len(calls) == 2


# --- 15: a journal that vanished between listing and reading --------------------------------------


def test_a_journal_removed_while_it_is_read_is_no_warning(cli, tmp_path, monkeypatch):
    root = small_home(tmp_path / "home")
    trust.write_journal(str(root), "0123456789ab", "split", [FileChange("topics/n.md", None, "# N\n")],
                        user_key()[0])
    read = trust.read_bytes

    def finished_meanwhile(path, *args, **kwargs):
        if os.path.basename(path) == "0123456789ab.json" and os.path.lexists(path):
            os.unlink(path)  # its write finished: the journal became its undo record
        return read(path, *args, **kwargs)

    monkeypatch.setattr(trust, "read_bytes", finished_meanwhile)
    for command in ("status", "lint"):
        result = cli(command, str(root))
        assert "will not apply" not in result.stderr and "journal" not in result.stderr, (command, result.stderr)


# --- 18: undo with nothing to take back ------------------------------------------------------------


def test_undo_with_nothing_to_take_back_writes_nothing(cli, tmp_path):
    root = small_home(tmp_path / "home")
    (root / ".git").mkdir()
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "readme.txt").write_text("notes\n")
    for folder in (root, plain):
        before = sorted(os.listdir(folder))
        result = cli("undo", str(folder))
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == "error: nothing to take back: memctl has recorded no write in this home\n"
        assert sorted(os.listdir(folder)) == before  # no .memctl/, no lock


# --- 6: Ctrl-C during a write ----------------------------------------------------------------------


def interrupt():
    raise KeyboardInterrupt


def test_ctrl_c_at_every_step_of_a_write_rolls_it_back_and_says_so(tmp_path, capsys):
    """KeyboardInterrupt (what Python makes of SIGINT) at each system call of `split --apply`'s
    write: the home is as before (or, past the last file, as written), no journal, no temporary
    file, no folder the write made; one line on stderr says what happened."""
    base = make_home("split", tmp_path / "count")
    old, old_folders = state(base), folders(base)
    with Faults(0, lambda: None) as counting:
        apply_plan(str(base), plan_for("split", base), "split")
    new = state(base)
    assert "archive" in folders(base) and "archive" not in old_folders
    rolled_back = 0
    for step in range(1, counting.calls + 1):
        root = make_home("split", tmp_path / f"int-{step}")
        write = plan_for("split", root)
        capsys.readouterr()
        with Faults(step, interrupt):
            try:
                apply_plan(str(root), write, "split")
            except KeyboardInterrupt:
                pass
            else:  # the count's first run made the key too: this write has fewer steps
                assert state(root) == new and leftovers(root) == []
        said = capsys.readouterr().err
        if state(root) == old:
            assert leftovers(root) == [], f"step {step}: left behind"
            assert folders(root) == old_folders, f"step {step}: a folder the write made is left"
            if "already written were restored" in said:
                rolled_back += 1
            if said:
                assert said.startswith("interrupted: `memctl split` was stopped; nothing was ")
            assert said == "" or (said.count("\n") == 1 and said.startswith("interrupted: `memctl split`")), said
        else:
            assert state(root) == new, f"step {step}: a mixed home"
            assert said in ("", "interrupted: `memctl split` was stopped; every file was already written: the write "
                                "is complete\n"), said
            recover_home(str(root))
            assert state(root) == new and leftovers(root) == []
    assert rolled_back > 10


def test_sigint_during_split_apply_rolls_it_back_exits_130_and_says_so(tmp_path):
    """A real SIGINT, sent to `memctl split --apply` (in a forked child) while it is part-way
    through its files, as Ctrl-C sends it."""
    from memctl.cli.main import run

    count = make_home("split", tmp_path / "count")
    with Faults(0, lambda: None) as counting:
        apply_plan(str(count), plan_for("split", count), "split")
    root = make_home("split", tmp_path / "home")
    old, old_folders = state(root), folders(root)
    ready_r, ready_w = os.pipe()
    err_path = tmp_path / "stderr"
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            os.close(ready_r)
            sys.stderr = open(err_path, "w")  # noqa: SIM115 (the child ends with os._exit)
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115

            def wait_for_ctrl_c() -> None:
                os.close(ready_w)  # tells the parent: part-way, waiting
                signal.pause()

            with Faults(counting.calls // 2, wait_for_ctrl_c):
                code = run(["split", str(root), "--apply"])
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(ready_w)
    assert os.read(ready_r, 1) == b""
    os.close(ready_r)
    assert state(root) != old  # under way: some files written
    os.kill(pid, signal.SIGINT)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 130
    said = err_path.read_text()
    assert said.startswith("interrupted: `memctl split` was stopped; nothing was changed (the "), said
    assert said.endswith(" already written were restored)\n") and said.count("\n") == 1, said
    assert state(root) == old and leftovers(root) == [] and folders(root) == old_folders


# --- 19: the folders a rolled-back write made --------------------------------------------------------


def test_a_write_that_fails_part_way_removes_the_folders_it_made(cli, tmp_path):
    """r19: an immutable file in the way; here an EIO at every step of `split --apply`."""
    def eio():
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    base = make_home("split", tmp_path / "count")
    old_folders = folders(base)
    with Faults(0, lambda: None) as counting:
        apply_plan(str(base), plan_for("split", base), "split")
    failed = 0
    for step in range(1, counting.calls + 1):
        root = make_home("split", tmp_path / f"eio-{step}")
        write = plan_for("split", root)
        with Faults(step, eio):
            try:
                apply_plan(str(root), write, "split")
            except MemctlError as error:
                if "nothing was changed" in str(error):
                    failed += 1
                    assert folders(root) == old_folders, f"step {step}: {folders(root)}"
    assert failed > 10
    root = tmp_path / "kept"
    (root / "archive" / "memory").mkdir(parents=True)
    (root / "archive" / "theirs.md").write_text("# theirs\n")  # another program's file, in a folder it made
    journal_module.remove_empty_folders(str(root), ("archive", "archive/memory"))
    assert folders(root) == ["archive"]  # only the empty one goes


def killed_at(step: int, root: Path, write_it) -> None:
    pid = os.fork()
    if pid == 0:
        try:
            with Faults(step, sigkill):
                write_it()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def test_recover_undoing_a_killed_write_removes_the_folders_it_made(tmp_path):
    """A split killed once its archive copy is written, then MEMORY.md changed by an agent:
    recovery undoes the split, and the archive/ folder it made goes too."""
    base = make_home("split", tmp_path / "count")
    old_folders = folders(base)
    with Faults(0, lambda: None) as counting:
        apply_plan(str(base), plan_for("split", base), "split")
    undone = 0
    for step in range(1, counting.calls + 1, 4):
        root = make_home("split", tmp_path / f"kill-{step}")
        write = plan_for("split", root)
        killed_at(step, root, lambda root=root, write=write: apply_plan(str(root), write, "split"))
        if not (root / "archive").is_dir() or not (root / ".memctl" / "journal").is_dir() \
                or not any(n.endswith(".json") for n in os.listdir(root / ".memctl" / "journal")):
            continue
        index = root / "MEMORY.md"
        if any(c.rel == "MEMORY.md" and index.read_text() == c.after for c in write.changes):
            continue  # the index already written: an agent's change would be its own, after the split
        with index.open("a") as handle:
            handle.write("- an agent's line\n")
        report = recover_home(str(root))
        assert report["journals"][0].startswith("undid an interrupted `memctl split`"), report
        assert folders(root) == old_folders, f"step {step}: {folders(root)}"
        undone += 1
    assert undone > 2


def test_recover_finishing_a_killed_undo_removes_the_folders_the_write_had_made(tmp_path):
    """r19: a killed undo of a rollup, finished by `recover`, left an empty archive/memory/."""
    base = make_home("rollup", tmp_path / "base")
    before_folders = folders(base)
    apply_plan(str(base), plan_for("rollup", base), "rollup")
    with Faults(0, lambda: None) as counting:
        take_back(str(base))
    assert folders(base) == before_folders
    finished = 0
    for step in range(1, counting.calls + 1, 3):
        root = make_home("rollup", tmp_path / f"undo-{step}")
        apply_plan(str(root), plan_for("rollup", root), "rollup")
        killed_at(step, root, lambda root=root: take_back(str(root)))
        report = recover_home(str(root))
        if any(line.startswith("finished an interrupted `memctl undo`") for line in report["journals"]):
            finished += 1
            assert folders(root) == before_folders, f"step {step}: {folders(root)}"
    assert finished > 2
