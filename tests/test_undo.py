"""`memctl undo`: every write taken back byte for byte, refused when a file changed since, listed and
named by id, redone, bounded, never fooled by a record that came with a repository, and itself
crash-safe (SIGKILL and EIO at every step of an undo leave the old or the new home)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import memctl.safe.undo
from memctl.errors import MemctlError
from memctl.safe.journal import apply_plan, recover_home, take_back
from memctl.safe.keys import user_key
from memctl.safe.trust import write_journal
from memctl.safe.undo import records
from memctl.safe.writer import FileChange

from .conftest import FIXTURES, ROOT
from .test_faults import Faults, eio, leftovers, lines, plan_for, sigkill
from .test_trust import forged_changes, git, repo_home
from .test_trust import snapshot as everything

HOMES = FIXTURES / "homes"
CC_PROJECT = "claude-code/home/.claude/projects/-work-acme-billing"
TRANSCRIPT = FIXTURES / "claude-code" / "transcript.jsonl"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) of the home, but memctl's own `.memctl/`."""
    out: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if rel.parts[0] == ".memctl":
            continue
        out[rel.as_posix()] = None if path.is_dir() else path.read_bytes()
    return out


def hook(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """A hook as the host runs it: a process, JSON on stdin."""
    return subprocess.run([sys.executable, "-m", "memctl", "hook", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "MEMCTL_TODAY": "2026-11-23"}, timeout=60)


def copy_home(tmp_path: Path, name: str) -> Path:
    shutil.copytree(HOMES / name.split("/")[0], tmp_path / name.split("/")[0])
    return tmp_path / name


def run_write(command: str, tmp_path: Path, cli, monkeypatch) -> Path:
    """Copy the fixture home `command` writes on, run the command as a user would, return the home."""
    if command == "split":
        root = copy_home(tmp_path, f"{CC_PROJECT}/memory")
        monkeypatch.setenv("HOME", str(tmp_path / "claude-code" / "home"))
        args = ["split", str(root), "--apply"]
    elif command == "capture":
        root = copy_home(tmp_path, f"{CC_PROJECT}/memory")
        transcript = root.parent / "7c1e9b2a-4d0f-4a55-9a61-0f3b2d7e8c11.jsonl"
        args = ["capture", str(root), "--transcript", str(transcript), "--apply"]
    elif command in ("rollup openclaw", "rollup volute"):
        root = copy_home(tmp_path, "openclaw/workspace" if "openclaw" in command else "volute/home")
        args = ["rollup", str(root), "--apply"]
    elif command == "consolidate":
        root = tmp_path / "consolidate"
        shutil.copytree(FIXTURES / "consolidate", root)
        args = ["consolidate", str(root), "--apply"]
    elif command == "lint --fix":
        root = tmp_path / "messy"
        shutil.copytree(FIXTURES / "messy", root)
        args = ["lint", str(root), "--select", "MEM207", "--fix"]
    elif command == "init":
        root = copy_home(tmp_path, "recipes")
        args = ["init", str(root)]
    elif command in ("append", "append to a new file"):
        root = copy_home(tmp_path, "recipes")
        name = "kitchen-log.md" if command == "append" else "pantry/spices.md"
        args = ["append", str(root / "topics" / name), "- 2026-11-23 the oven runs hot"]
    else:  # hook pre-compact: lessons from the session, and a snapshot of what changed, in one write
        root = copy_home(tmp_path, "openclaw/workspace")
        data = json.dumps({"hook_event_name": "PreCompact", "transcript_path": str(TRANSCRIPT)})
        result = hook("pre-compact", str(root), stdin=data)
        assert result.returncode == 0 and "captured" in result.stderr, result.stderr
        return root
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    return root


WRITES = {"split": "split", "consolidate": "consolidate", "rollup openclaw": "rollup", "rollup volute": "rollup",
          "capture": "capture", "lint --fix": "lint --fix", "hook pre-compact": "hook pre-compact", "append": "append",
          "append to a new file": "append", "init": "init"}


@pytest.mark.parametrize("case", WRITES)
def test_undo_after_each_writing_command_restores_every_file_byte_for_byte(case, cli, tmp_path, monkeypatch):
    fixture = {"consolidate": FIXTURES / "consolidate", "lint --fix": FIXTURES / "messy"}.get(case)
    root = run_write(case, tmp_path, cli, monkeypatch)
    original = tree(fixture or HOMES / root.relative_to(tmp_path))  # the fixture itself, before any write
    written = tree(root)
    assert written != original, "the command changed nothing, so the test proves nothing"
    result = cli("undo", str(root))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"took back `memctl {WRITES[case]}` "), result.stderr
    assert tree(root) == original  # every file and folder, every byte: the archive copies and new folders gone
    assert os.listdir(root / ".memctl" / "journal") == []
    redo = result.stderr.rsplit(" ", 3)[-3].rstrip("`")  # "...; `memctl undo PATH ID` redoes it"
    assert result.stderr.endswith(f"`memctl undo {root} {redo}` redoes it\n")
    again = cli("undo", str(root), redo)  # the undo is itself recorded: taking it back redoes the write
    assert again.exit_code == 0, again.stderr
    assert again.stderr.startswith(f"redid `memctl {WRITES[case]}` ")
    assert tree(root) == written


def test_undo_is_refused_when_a_file_it_would_restore_changed_since(cli, tmp_path, monkeypatch):
    root = run_write("consolidate", tmp_path, cli, monkeypatch)
    with open(root / "topics" / "deploys.md", "a") as handle:  # the agent goes on writing, without memctl
        handle.write("- a line the agent wrote after the consolidation\n")
    before = everything(root)
    result = cli("undo", str(root))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: topics/deploys.md: changed since `memctl consolidate` wrote it (")
    assert "nothing was written" in result.stderr
    assert everything(root) == before  # not a byte, .memctl/ included
    listed = cli("undo", str(root), "--list", "--format", "json")
    (write,) = json.loads(listed.stdout)["writes"]
    assert write["can_undo"] is False and write["blocked"].startswith("topics/deploys.md: changed since")


def test_undo_is_refused_when_a_file_it_made_was_removed_or_one_it_removed_came_back(cli, tmp_path, monkeypatch):
    root = run_write("rollup volute", tmp_path, cli, monkeypatch)
    made = sorted((root / "memory" / "journal").glob("2026-W*.md"))[0]
    removed = root / "memory" / "journal" / "2026-10-20.md"
    assert not removed.exists()
    removed.write_text("# 2026-10-20\n\n- written again by hand\n")
    result = cli("undo", str(root))
    assert result.exit_code == 2 and result.stderr == (
        f"error: memory/journal/2026-10-20.md: was made again since `memctl rollup` removed it "
        f"({records(str(root))[0][0].time}); taking the write back would overwrite that, so nothing was written "
        "(`memctl undo --list` shows what can be taken back)\n")
    removed.unlink()
    made.unlink()
    result = cli("undo", str(root))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: memory/journal/{made.name}: was removed since `memctl rollup` wrote it")


def test_list_shows_each_write_newest_first_and_undo_id_takes_back_a_named_one(cli, tmp_path, monkeypatch):
    root = run_write("consolidate", tmp_path, cli, monkeypatch)
    consolidated = tree(root)
    assert cli("append", str(root / "MEMORY.md"), "- a line for the index").exit_code == 0
    assert cli("append", str(root / "topics" / "deploys.md"), "- a line for deploys").exit_code == 0
    listed = cli("undo", str(root), "--list", "--format", "json")
    assert listed.exit_code == 0 and listed.stderr == ""
    writes = json.loads(listed.stdout)["writes"]
    assert [(w["command"], [f["path"] for f in w["files"]], w["can_undo"], w["next"]) for w in writes] == [
        ("append", ["topics/deploys.md"], True, True),
        ("append", ["MEMORY.md"], True, False),
        ("consolidate", ["archive/deploys.md", "archive/incidents.md", "topics/deploys.md", "topics/incidents.md"],
         False, False)]  # the second append changed topics/deploys.md since
    assert all(len(w["id"]) == 12 and w["time"].startswith("20") for w in writes)
    assert [f["change"] for f in writes[2]["files"]] == ["created", "created", "changed", "changed"]
    text = cli("undo", str(root), "--list")
    assert text.stdout.splitlines()[0] == f"{writes[0]['id']}  {writes[0]['time']}  append  (next: `memctl undo` " \
                                          "takes this back)"
    assert f"{writes[2]['id']}  {writes[2]['time']}  consolidate  (blocked: topics/deploys.md changed since " \
           "`memctl consolidate` wrote it)" in text.stdout
    assert "    created  archive/deploys.md\n" in text.stdout

    blocked = cli("undo", str(root), writes[2]["id"])  # its topic changed since: refused, nothing written
    assert blocked.exit_code == 2 and blocked.stderr.startswith("error: topics/deploys.md: changed since")
    named = cli("undo", str(root), writes[1]["id"][:6])  # the index's append, by a prefix of its id
    assert named.exit_code == 0, named.stderr
    assert named.stderr.startswith(f"took back `memctl append` {writes[1]['id']} (")
    assert (root / "MEMORY.md").read_bytes() == consolidated["MEMORY.md"]
    assert (root / "topics" / "deploys.md").read_bytes().endswith(b"- a line for deploys\n")  # the later write stays
    unknown = cli("undo", str(root), "abcdef123456")
    assert unknown.exit_code == 2 and unknown.stderr == (
        "error: no write with the id abcdef123456 can be taken back (`memctl undo --list` shows those that can)\n")
    taken = cli("undo", str(root), writes[1]["id"])  # taken back already: never twice
    assert taken.exit_code == 2 and "no write with the id" in taken.stderr


def test_undo_twice_steps_back_and_the_undos_own_id_redoes(cli, tmp_path, monkeypatch):
    root = tmp_path / "consolidate"
    shutil.copytree(FIXTURES / "consolidate", root)
    original = tree(root)
    assert cli("consolidate", str(root), "--apply").exit_code == 0
    consolidated = tree(root)
    assert cli("append", str(root / "topics" / "deploys.md"), "- after the consolidation").exit_code == 0
    appended = tree(root)
    first = cli("undo", str(root), "--format", "json")
    assert first.exit_code == 0 and first.stderr == ""
    done = json.loads(first.stdout)
    assert done["undone"]["command"] == "append" and done["redo"] is False and done["written"] == ["topics/deploys.md"]
    assert tree(root) == consolidated
    second = cli("undo", str(root))  # again: the write before, not the undo
    assert second.exit_code == 0 and second.stderr.startswith("took back `memctl consolidate`")
    assert tree(root) == original
    nothing = cli("undo", str(root))
    assert nothing.exit_code == 2 and nothing.stderr.startswith("error: nothing to take back but undos: ")
    assert f"`memctl undo {root} " in nothing.stderr  # the command to run, as the others name it (not `PATH`)
    writes = json.loads(cli("undo", str(root), "--list", "--format", "json").stdout)["writes"]
    assert [w["label"].split(" ")[:3] for w in writes] == [["undo", "of", "consolidate"], ["undo", "of", "append"]]
    redo = cli("undo", str(root), writes[1]["id"])  # the append's undo: it comes back, on the original home
    assert redo.exit_code == 2 and redo.stderr.startswith("error: topics/deploys.md: changed since `memctl undo`")
    redo = cli("undo", str(root), writes[0]["id"])
    assert redo.exit_code == 0 and redo.stderr.startswith("redid `memctl consolidate`")
    assert tree(root) == consolidated
    redo = cli("undo", str(root), writes[1]["id"])
    assert redo.exit_code == 0 and tree(root) == appended


def test_undo_diff_shows_what_it_would_write_and_writes_nothing(cli, tmp_path, monkeypatch):
    root = run_write("append", tmp_path, cli, monkeypatch)
    before = everything(root)
    result = cli("undo", str(root), "--diff")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("--- a/topics/kitchen-log.md\n+++ b/topics/kitchen-log.md\n")
    assert [line for line in result.stdout.splitlines() if line[:1] in "+-"] == [
        "--- a/topics/kitchen-log.md", "+++ b/topics/kitchen-log.md", "-- 2026-11-23 the oven runs hot"]
    assert everything(root) == before


def test_undo_id_alone_means_the_home_it_is_run_in(cli, tmp_path, monkeypatch):
    root = run_write("append", tmp_path, cli, monkeypatch)
    (write,) = records(str(root))[0]
    monkeypatch.chdir(root)
    result = cli("undo", write.id)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith(f"took back `memctl append` {write.id}") and "`memctl undo " in result.stderr
    assert tree(root) == tree(HOMES / "recipes")


def test_the_record_is_bounded_oldest_dropped_first(cli, tmp_path, monkeypatch):
    root = copy_home(tmp_path, "recipes")
    monkeypatch.setattr(memctl.safe.undo, "KEEP", 3)
    for n in range(6):
        assert cli("append", str(root / "topics" / "kitchen-log.md"), f"- line {n}").exit_code == 0
    kept = records(str(root))[0]
    assert len(kept) == 3 and len(os.listdir(root / ".memctl" / "undo")) == 3
    assert [r.changes[0].after.splitlines()[-1] for r in kept] == ["- line 5", "- line 4", "- line 3"]
    size = sum(f.stat().st_size for f in (root / ".memctl" / "undo").iterdir())
    monkeypatch.setattr(memctl.safe.undo, "MAX_BYTES", size)  # the next one tips it over: the oldest goes
    assert cli("append", str(root / "topics" / "kitchen-log.md"), "- line 6").exit_code == 0
    assert [r.changes[0].after.splitlines()[-1] for r in records(str(root))[0]] == ["- line 6", "- line 5"]
    monkeypatch.setattr(memctl.safe.undo, "MAX_BYTES", 100)  # one write bigger than the whole cap is not kept
    result = cli("append", str(root / "topics" / "kitchen-log.md"), "- line 7")
    assert result.exit_code == 0 and (root / "topics" / "kitchen-log.md").read_text().endswith("- line 7\n")
    assert "warning: .memctl/undo: this write is not kept for `memctl undo`: its record would be " in result.stderr
    assert records(str(root))[0][0].changes[0].after.endswith("- line 6\n")
    assert os.listdir(root / ".memctl" / "journal") == []


def test_the_record_survives_cache_clear(cli, tmp_path, monkeypatch):
    root = run_write("consolidate", tmp_path, cli, monkeypatch)
    assert cli("cache", "clear", str(root)).exit_code == 0
    assert cli("cache", "clear", "--all").exit_code == 0
    result = cli("undo", str(root))
    assert result.exit_code == 0 and tree(root) == tree(FIXTURES / "consolidate")


def test_a_record_that_cannot_be_written_never_breaks_the_write(cli, tmp_path):
    root = copy_home(tmp_path, "recipes")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / ".memctl").mkdir()
    (root / ".memctl" / "undo").symlink_to(elsewhere)  # memctl never writes through a link
    result = cli("append", str(root / "topics" / "kitchen-log.md"), "- still appended")
    assert result.exit_code == 0
    assert (root / "topics" / "kitchen-log.md").read_text().endswith("- still appended\n")
    assert "warning: .memctl/undo: this write cannot be taken back with `memctl undo` (" in result.stderr
    assert "the write itself is complete" in result.stderr
    assert os.listdir(elsewhere) == [] and os.listdir(root / ".memctl" / "journal") == []


def plant(root: Path, changes: list[FileChange], key: bytes, written_for: Path | None = None) -> None:
    """A record as memctl keeps one (a signed journal, renamed into .memctl/undo/), made with `key`
    for the home `written_for` (by default `root`), then put in `root`."""
    name = "0123456789ab"
    home = written_for or root
    write_journal(str(home), name, "split", changes, key)
    (root / ".memctl" / "undo").mkdir(parents=True, exist_ok=True)
    os.rename(home / ".memctl" / "journal" / f"{name}.json", root / ".memctl" / "undo" / f"000001-{name}.json")


def forge_record(root: Path, how: str, tmp_path: Path) -> str:
    """Put an undo record into the home the way `how` says, commit it, and return what the refusal says."""
    changes = forged_changes(root)  # it would write .git/hooks, .git/config, and wipe the index
    if how == "unsigned":
        (root / ".memctl" / "undo").mkdir(parents=True)
        data = {"version": 2, "id": "0123456789ab", "command": "split", "home": str(root),
                "changes": [c._asdict() for c in changes]}
        (root / ".memctl" / "undo" / "000001-0123456789ab.json").write_text(json.dumps(data))
        said = "no signature"
    elif how == "another key":
        plant(root, changes, os.urandom(32))
        said = "signature is not your memctl's"
    elif how == "another home":
        (tmp_path / "other").mkdir()
        plant(root, changes, user_key()[0], written_for=tmp_path / "other")
        said = "written for another home"
    else:  # a real record of the user's own, for this very home, committed by mistake
        index = (root / "MEMORY.md").read_text()
        plant(root, [FileChange("MEMORY.md", index, "# owned\n")], user_key()[0])
        (root / "MEMORY.md").write_text("# owned\n")  # as the write left it: taking it back would be allowed
        said = "git tracks it"
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "memory")
    return said


@pytest.mark.parametrize("how", ["unsigned", "another key", "another home", "committed"])
def test_an_undo_record_that_came_with_a_clone_is_never_acted_on(cli, tmp_path, monkeypatch, how):
    root = repo_home(tmp_path / "repo")
    said = forge_record(root, how, tmp_path)
    before = everything(root)
    listed = cli("undo", str(root), "--list")
    assert listed.exit_code == 0
    assert listed.stdout == "nothing to take back: memctl has recorded no write in this home\n"
    assert listed.stderr.startswith("warning: .memctl/undo/000001-0123456789ab.json: an undo record memctl will "
                                    "not act on: ") and said in listed.stderr
    plain = cli("undo", str(root))
    assert plain.exit_code == 2 and plain.stderr == (
        "error: nothing to take back: memctl has recorded no write in this home; 1 record in .memctl/undo/ memctl "
        "will not act on (see `memctl undo --list`)\n")
    named = cli("undo", str(root), "0123456789ab")
    assert named.exit_code == 2 and named.stderr.startswith(
        "error: .memctl/undo/000001-0123456789ab.json: an undo record memctl will not act on: ")
    assert said in named.stderr and named.stderr.endswith("; nothing was written\n")
    assert everything(root) == before  # not .git/, not the index, nothing
    assert not (root / ".git" / "hooks" / "pre-commit").exists()
    monkeypatch.setattr(memctl.safe.undo, "KEEP", 1)  # our own writes after it: the forged one is never pruned
    for n in range(2):
        assert cli("append", str(root / "topics" / "cost.md"), f"- line {n}").exit_code == 0
    assert "000001-0123456789ab.json" in os.listdir(root / ".memctl" / "undo")
    (kept,) = records(str(root))[0]  # our older append was dropped instead
    assert kept.changes[0].after.endswith("- line 1\n")
    ours = cli("undo", str(root))
    assert ours.exit_code == 0 and ours.stderr.startswith("warning: .memctl/undo/000001-0123456789ab.json: ")
    assert "took back `memctl append`" in ours.stderr and said in ours.stderr


def test_a_record_of_ours_still_never_writes_outside_the_managed_files(cli, tmp_path):
    root = copy_home(tmp_path, "recipes")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n\tfsmonitor = x\n")  # as if the write had left it so
    plant(root, [FileChange(".git/config", "[core]\n", "[core]\n\tfsmonitor = x\n")], user_key()[0])
    before = everything(root)
    result = cli("undo", str(root), "0123456789ab")
    assert result.exit_code == 2
    assert "it names .git/config, which lies in .git/, a folder memctl never writes in" in result.stderr
    assert everything(root) == before


# --- an undo is a write like any other: SIGKILL or EIO at each of its steps -----------------------------------


def consolidated(root: Path) -> tuple[dict[str, bytes | None], dict[str, bytes | None]]:
    """The consolidate fixture in `root`, consolidated: (its state before, its state after)."""
    shutil.copytree(FIXTURES / "consolidate", root)
    original = tree(root)
    apply_plan(str(root), plan_for("consolidate", root), "consolidate")
    return original, tree(root)


def files(state: dict[str, bytes | None]) -> dict[str, bytes]:
    return {rel: data for rel, data in state.items() if data is not None}


def check_after_recovery(root: Path, original, written, what: str) -> None:
    """Once recovered, the home is the consolidated one or the original, nothing lost, nothing left,
    and the record agrees: the consolidation can still be taken back, or it is taken back."""
    recover_home(str(root))
    now = tree(root)
    assert files(now) in (files(written), files(original)), f"{what}: a mixed home"
    assert not lines(files(original)) - lines(files(now)), f"{what}: lines lost"
    assert leftovers(root) == [], f"{what}: left behind"
    found, refused = records(str(root))
    assert refused == []
    if files(now) == files(written):  # the undo was undone: the consolidation is still there to take back
        take_back(str(root))
        assert tree(root) == original, f"{what}: the consolidation could not be taken back afterwards"
    else:
        assert all(r.what != "consolidate" for r in found), f"{what}: taken back, yet still offered"


@pytest.fixture(scope="module")
def undo_steps(tmp_path_factory):
    """How many write primitives an undo of the consolidation calls."""
    os.environ["MEMCTL_TODAY"] = "2026-11-29"
    try:
        root = tmp_path_factory.mktemp("count") / "home"
        original, _ = consolidated(root)
        with Faults(0, eio) as counting:
            take_back(str(root))
    finally:
        del os.environ["MEMCTL_TODAY"]
    assert tree(root) == original
    return counting.calls


def test_an_undo_killed_at_every_step_leaves_the_old_or_the_new_home(undo_steps, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    assert undo_steps > 20
    for step in range(1, undo_steps + 1):
        root = tmp_path / f"kill-{step}"
        original, written = consolidated(root)
        pid = os.fork()
        if pid == 0:  # the child takes the write back, and is killed at the step
            try:
                with Faults(step, sigkill):
                    take_back(str(root))
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        assert killed or tree(root) == original, f"step {step}: finished without being killed, yet not written"
        check_after_recovery(root, original, written, f"SIGKILL at step {step}")


def test_an_undo_with_an_io_error_at_every_step_changes_nothing_or_completes(undo_steps, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    for step in range(1, undo_steps + 1):
        root = tmp_path / f"eio-{step}"
        original, written = consolidated(root)
        with Faults(step, eio):
            try:
                take_back(str(root))
            except MemctlError as error:
                assert "\n" not in str(error)
                assert tree(root) == written, f"step {step}: undone from the journal at once"
            else:  # the fault hit a step after the last file (keeping the record): the undo is complete
                assert tree(root) == original
        check_after_recovery(root, original, written, f"EIO at step {step}")
    for step in range(1, undo_steps + 1, 3):  # a disk that stays broken from a step on
        root = tmp_path / f"broken-{step}"
        original, written = consolidated(root)
        with Faults(step, eio, persistent=True):
            try:
                take_back(str(root))
            except MemctlError as error:
                assert "\n" not in str(error)
        check_after_recovery(root, original, written, f"EIO from step {step} on")


def test_a_write_killed_at_every_step_can_be_taken_back_once_recovered(tmp_path, monkeypatch):
    """The record is kept by the same rename that ends the write, or by the recovery that finishes it."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    probe = tmp_path / "probe"
    shutil.copytree(FIXTURES / "consolidate", probe)
    with Faults(0, eio) as counting:
        apply_plan(str(probe), plan_for("consolidate", probe), "consolidate")
    for step in range(1, counting.calls + 1):
        root = tmp_path / f"write-{step}"
        shutil.copytree(FIXTURES / "consolidate", root)
        original = tree(root)
        write = plan_for("consolidate", root)
        pid = os.fork()
        if pid == 0:
            try:
                with Faults(step, sigkill):
                    apply_plan(str(root), write, "consolidate")
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        recover_home(str(root))
        if tree(root) == original:  # the write was undone by recovery: nothing to take back
            assert records(str(root)) == ([], [])
            continue
        assert tree(root) == tree(probe), f"step {step}: a mixed home"
        (record,), _ = records(str(root))
        assert record.what == "consolidate"
        take_back(str(root))
        assert tree(root) == original, f"step {step}"
