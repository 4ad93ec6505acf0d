"""A crash or an I/O error at every write step of `split --apply`, `consolidate --apply` and `rollup --apply`.

Faults are injected from the test side: the operating system's write primitives are wrapped to
fail (EIO) or to SIGKILL the process at their Nth call during the write. After each, the next
command is run (loading the home finishes or undoes the interrupted write), and the home must be
in its old state or its new one, with no line lost, no journal and no temporary file left.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
from collections import Counter
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from memctl.commands.consolidate import Options, plan_consolidate, verify
from memctl.commands.split import Options as SplitOptions
from memctl.commands.split import plan_split
from memctl.errors import MemctlError
from memctl.model.home import load_home
from memctl.safe.journal import apply_plan, recover_home

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TODAY = date(2026, 11, 29)
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
PRIMITIVES = ("open", "write", "fsync", "replace", "rename", "link", "unlink", "mkdir")
LINK_TARGET = re.compile(r"\]\([^)]*")  # a link may point elsewhere after a write; its words may not go
SECTION = "- {n}. a fact worth keeping about the build fleet, its queues and the deploy gate.\n"


def split_home(root: Path) -> None:
    sections = "".join(f"## Part {k}\n" + "".join(SECTION.format(n=n) for n in range(6)) for k in range(4))
    (root / "MEMORY.md").write_text("# Memory\n\nThe index.\n\n" + sections, encoding="utf-8")
    (root / "topics").mkdir()
    (root / "topics" / "part-2.md").write_text("# Part 2, from before\n\n- an older note.\n", encoding="utf-8")


def rollup_home(root: Path) -> None:
    """Eight journal days in two closed weeks (one CRLF, one with front matter), linked from a sentence."""
    journal = root / "memory" / "journal"
    journal.mkdir(parents=True)
    for day in (2, 3, 5, 6, 8, 9, 10, 12):
        text = f"# 2026-11-{day:02d}\n\n- the boat went out; {day} crates of samples.\n"
        if day == 3:
            text = text.replace("\n", "\r\n")
        if day == 9:
            text = "---\nskills: [diving]\n---\n" + text
        (journal / f"2026-11-{day:02d}.md").write_bytes(text.encode())
    (root / "MEMORY.md").write_text("# Memory\n\nThe storm came on [the 9th](memory/journal/2026-11-09.md).\n")
    (root / ".memctl.yaml").write_text("profile: volute\n")


def plan_for(command: str, root: Path):
    home = load_home(root)
    if command == "rollup":
        from memctl.commands.rollup import plan_rollup, read_dated
        from memctl.commands.rollup import verify as verify_rollup

        files, texts, _ = read_dated(home)
        plan = plan_rollup(texts, files, home.index.rel, "week", TODAY)
        verify_rollup(plan, texts, files, home.index.rel, TODAY, 7)
        return plan.write
    if command == "split":
        return plan_split(home, home.index, SplitOptions(), today=TODAY, now=NOW).write
    options = Options()
    plan = plan_consolidate(home, options, TODAY)
    verify(home, plan, options, TODAY)
    return plan.write


def make_home(command: str, root: Path) -> Path:
    if command == "split":
        root.mkdir()
        split_home(root)
    elif command == "rollup":
        root.mkdir()
        rollup_home(root)
    else:
        shutil.copytree(FIXTURES / "consolidate", root)
    return root


def state(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".memctl" not in p.relative_to(root).parts}


def leftovers(root: Path) -> list[str]:
    temps = [p.name for p in root.rglob("*") if p.name.endswith(".tmp")]
    journal = root / ".memctl" / "journal"
    return temps + (sorted(os.listdir(journal)) if journal.exists() else [])


def lines(files: dict[str, bytes]) -> Counter[str]:
    found: Counter[str] = Counter()
    for data in files.values():
        found.update(LINK_TARGET.sub("](", line) for line in data.decode().splitlines()
                     if line.strip() and " older entries (" not in line and not line.startswith("updated: "))
    return found


class Faults:
    """Wraps the write primitives; `action` runs at call number `at` (and after it if `persistent`)."""

    def __init__(self, at: int, action, persistent: bool = False):
        self.at, self.action, self.persistent, self.calls = at, action, persistent, 0
        self.saved = {name: getattr(os, name) for name in PRIMITIVES}

    def __enter__(self):
        for name, original in self.saved.items():
            setattr(os, name, self._wrap(original))
        return self

    def __exit__(self, *exc):
        for name, original in self.saved.items():
            setattr(os, name, original)

    def _wrap(self, original):
        def call(*args, **kwargs):
            self.calls += 1
            if self.calls == self.at or (self.persistent and self.calls > self.at):
                self.action()
            return original(*args, **kwargs)

        return call


def eio():
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def sigkill():
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.fixture(scope="module", params=["consolidate", "split", "rollup"])
def scenario(request, tmp_path_factory):
    """The command, its home's old state, its new state, and how many primitive calls the write makes."""
    command = request.param
    os.environ["MEMCTL_TODAY"] = TODAY.isoformat()
    try:
        root = make_home(command, tmp_path_factory.mktemp(command) / "home")
        old = state(root)
        write = plan_for(command, root)
        with Faults(0, eio) as counting:
            apply_plan(str(root), write, command)
        new = state(root)
    finally:
        del os.environ["MEMCTL_TODAY"]
    assert new != old and leftovers(root) == []
    assert not lines(old) - lines(new), "the clean run itself must lose nothing"
    return command, old, new, counting.calls


def check_after_next_command(root: Path, old: dict[str, bytes], new: dict[str, bytes], what: str) -> None:
    recover_home(str(root))  # the next command that writes (or `memctl recover`) finishes or undoes it
    now = state(root)
    assert now in (old, new), f"{what}: a mixed home"
    assert not lines(old) - lines(now), f"{what}: lines lost"
    assert leftovers(root) == [], f"{what}: left behind"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY.isoformat())


def test_an_io_error_at_every_step_changes_nothing(scenario, tmp_path):
    command, old, new, steps = scenario
    assert steps > 20
    for step in range(1, steps + 1):
        root = make_home(command, tmp_path / f"eio-{step}")
        write = plan_for(command, root)
        with Faults(step, eio):
            try:
                apply_plan(str(root), write, command)
            except MemctlError as error:
                assert "\n" not in str(error)
                assert state(root) == old, f"step {step}: undone from the journal at once"
            else:  # the fault hit a step after the last file (removing the journal)
                assert state(root) == new
        check_after_next_command(root, old, new, f"EIO at step {step}")


def test_a_disk_that_stays_broken_is_repaired_by_the_next_command(scenario, tmp_path):
    command, old, new, steps = scenario
    for step in range(1, steps + 1, 3):
        root = make_home(command, tmp_path / f"broken-{step}")
        write = plan_for(command, root)
        with Faults(step, eio, persistent=True):
            try:
                apply_plan(str(root), write, command)
            except MemctlError as error:
                assert "\n" not in str(error) and ("recover" in str(error) or state(root) == old)
            else:  # only removing the journal failed: every file is as planned
                assert state(root) == new
        check_after_next_command(root, old, new, f"EIO from step {step} on")


def test_sigkill_at_every_step_leaves_the_old_or_the_new_home(scenario, tmp_path):
    command, old, new, steps = scenario
    for step in range(1, steps + 1):
        root = make_home(command, tmp_path / f"kill-{step}")
        write = plan_for(command, root)
        pid = os.fork()
        if pid == 0:  # the child writes, and is killed at the step
            try:
                with Faults(step, sigkill):
                    apply_plan(str(root), write, command)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        assert killed or state(root) == new, f"step {step}: finished without being killed, yet not written"
        check_after_next_command(root, old, new, f"SIGKILL at step {step}")


def test_a_removal_killed_after_setting_the_file_aside_keeps_an_agents_late_append(tmp_path):
    """Killed between renaming a source aside and comparing it: an agent had appended to it in that
    instant, so recovery puts it back under its name, sees it changed, and undoes the write."""
    from memctl.safe.journal import _temp_name, recover
    from memctl.safe.keys import user_key
    from memctl.safe.trust import write_journal as _begin
    from memctl.safe.writer import FileChange

    root = tmp_path / "home"
    root.mkdir()
    rollup_home(root)
    journal = root / "memory" / "journal"
    source = "memory/journal/2026-11-02.md"
    before = (root / source).read_text()
    changes = [FileChange("archive/" + source, None, before), FileChange(source, before, "", removed=True)]
    _begin(str(root), "0123456789ab", "rollup", changes, user_key()[0])
    (root / "archive" / "memory" / "journal").mkdir(parents=True)
    (root / "archive" / source).write_text(before)
    aside = journal / _temp_name(source, "0123456789ab", old=True)
    os.rename(root / source, aside)
    with open(aside, "a") as handle:  # the agent's append, into the file as memctl moved it
        handle.write("- a late line\n")
    done, refused = recover(str(root))
    assert refused == []
    assert (root / source).read_text() == before + "- a late line\n"
    assert not (root / "archive" / source).exists() and not aside.exists()
    assert "undid an interrupted `memctl rollup`" in done[0]
