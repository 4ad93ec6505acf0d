"""What a fault and attack probe found: numeric options answered with a usage block, hooks that
failed with a closed stderr or stdout, `hook install` leftovers, a pre-compact that could keep
lessons without their snapshot, and `append` with non-UTF-8 stdin."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memctl.cli.main import app

from .conftest import ROOT


def memctl(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """memctl as a shell runs it: the real entry point, with its fast paths."""
    return subprocess.run([sys.executable, "-m", "memctl", *args], input=stdin, capture_output=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=60)


# --- numeric options: one line naming the option and its range ---------------------------------


def numeric_options() -> list[tuple[tuple[str, ...], str, type, typing.Any]]:
    """(command, option, int or float, its typer.Option) for every numeric option of every command."""
    found = []
    commands = [((c.name or c.callback.__name__,), c.callback) for c in app.registered_commands]
    for group in app.registered_groups:
        commands += [((group.name, c.name), c.callback) for c in group.typer_instance.registered_commands]
    for names, callback in commands:
        for hint in typing.get_type_hints(callback, include_extras=True).values():
            if typing.get_origin(hint) is not typing.Annotated:
                continue
            kind, info = typing.get_args(hint)[0], typing.get_args(hint)[1]
            kinds = set(typing.get_args(kind)) - {type(None)} or {kind}
            # in Annotated, typer.Option("--name", "-n") keeps its first name as its `default`
            names_given = (getattr(info, "default", None), *(getattr(info, "param_decls", None) or ()))
            decls = [d for d in names_given if isinstance(d, str) and d.startswith("--")]
            if kinds <= {int, float} and decls:
                found.append((names, decls[0], kinds.pop(), info))
    return found


def test_every_numeric_option_is_found():
    options = {(" ".join(names), option) for names, option, _, _ in numeric_options()}
    assert options == {
        ("assemble", "--budget"), ("assemble", "--max-sections"), ("lint", "--max-index-lines"),
        ("split", "--level"), ("consolidate", "--target"), ("consolidate", "--older-than"),
        ("consolidate", "--timeout"), ("rollup", "--keep-days"), ("rollup", "--timeout"), ("capture", "--last"),
        ("capture", "--timeout"), ("hook user-prompt", "--chars"), ("hook user-prompt", "--budget"),
        ("hook user-prompt", "--max-sections"), ("hook session-start", "--chars"),
        ("hook session-start", "--budget"), ("hook pre-compact", "--timeout")}


@pytest.mark.parametrize(("names", "option", "kind"), [(n, o, k) for n, o, k, _ in numeric_options()],
                         ids=[f"{' '.join(n)} {o}" for n, o, _, _ in numeric_options()])
@pytest.mark.parametrize("value", ["-1000000", "x"])
def test_a_bad_number_is_one_line_naming_the_option_and_its_range(names, option, kind, value, tmp_path):
    nowhere = str(tmp_path / "no-home")  # should the check ever let a command run, it finds no home
    result = CliRunner().invoke(app, [*names, nowhere, option, value])
    hook = names[0] == "hook"
    assert result.exit_code == (0 if hook else 2)  # a hook never fails its host, even on a bad option
    assert result.stdout == ""
    prefix = "memctl hook: " if hook else "error: "
    assert result.stderr.startswith(f"{prefix}{option} must be ") and result.stderr.count("\n") == 1
    assert (f"(got {value})" if value != "x" else "(got 'x')") in result.stderr
    assert ("or more" in result.stderr or "more than" in result.stderr or "from 1 to 6" in result.stderr)
    assert "Usage:" not in result.stderr and "Try 'memctl" not in result.stderr


@pytest.mark.parametrize(("args", "line"), [
    (["rollup", "--keep-days", "-1"], "error: --keep-days must be 0 or more (got -1)"),
    (["capture", "--last", "-2"], "error: --last must be 0 or more (got -2)"),
    (["capture", "--timeout", "0"], "error: --timeout must be more than 0 (got 0)"),
    (["consolidate", "--target", "0"], "error: --target must be 1 or more (got 0)"),
    (["consolidate", "--older-than=-1"], "error: --older-than must be 0 or more (got -1)"),
    (["consolidate", "--timeout", "nan"], "error: --timeout must be a number, more than 0 (got nan)"),
    (["rollup", "--timeout", "-5"], "error: --timeout must be more than 0 (got -5)"),
    (["split", "--level", "7"], "error: --level must be from 1 to 6 (got 7)"),
    (["lint", "--max-index-lines", "0"], "error: --max-index-lines must be 1 or more (got 0)"),
    (["rollup", "--keep-days", "three"], "error: --keep-days must be a whole number, 0 or more (got 'three')"),
])
def test_the_probe_s_numbers_through_the_real_entry_point(args, line, tmp_path):
    result = memctl(args[0], str(tmp_path / "no-home"), *args[1:])
    assert (result.returncode, result.stdout, result.stderr.decode()) == (2, b"", line + "\n")


@pytest.mark.parametrize(("args", "line"), [
    (["--budget", "0"], "error: --budget must be 1 or more (got 0)"),
    (["--budget", "--5"], "error: --budget must be a whole number, 1 or more (got '--5')"),
    (["-b", "²"], "error: --budget must be a whole number, 1 or more (got '²')"),
    (["--max-sections", "-1"], "error: --max-sections must be 0 or more (got -1)"),
])
def test_assemble_s_fast_path_leaves_a_bad_number_to_the_same_one_line(args, line):
    fast = memctl("assemble", "fixtures/arc/memory", *args)
    assert (fast.returncode, fast.stdout, fast.stderr.decode()) == (2, b"", line + "\n")
    typer_path = CliRunner().invoke(app, ["assemble", "fixtures/arc/memory", *args])
    assert (typer_path.exit_code, typer_path.stdout, typer_path.stderr) == (2, "", line + "\n")


def test_the_fast_path_s_lowest_numbers_are_the_typer_command_s():
    from memctl.cli import fast

    declared = {option: info.min for names, option, _, info in numeric_options() if names == ("assemble",)}
    assert fast.LOWEST == declared


def test_a_hook_s_bad_number_reads_alike_on_both_paths():
    runner = memctl("hook", "user-prompt", "fixtures/arc/memory", "--chars", "0", stdin=b'{"prompt": "queue"}')
    typer_path = CliRunner().invoke(app, ["hook", "user-prompt", "fixtures/arc/memory", "--chars", "0"],
                                    input='{"prompt": "queue"}')
    line = "memctl hook: --chars must be 1 or more (got 0) (nothing added; see memctl hook --help)\n"
    assert (runner.returncode, runner.stdout, runner.stderr.decode()) == (0, b"", line)
    assert (typer_path.exit_code, typer_path.stdout, typer_path.stderr) == (0, "", line)


def test_good_numbers_still_reach_the_command(cli):
    result = cli("split", "fixtures/fat", "--level", "2", "--format", "json")
    assert result.exit_code == 0 and '"moves"' in result.stdout
    lint = cli("lint", "fixtures/arc/memory", "--max-index-lines", "1")
    assert lint.exit_code == 1 and "MEM201" in lint.stdout  # the option was read, as 1


# --- a hook exits 0 whatever its stdout and stderr are -----------------------------------------

PROMPT = b'{"prompt": "why did the build queue stall?"}'


def hook_with(streams: str, *args: str, stdin: bytes = PROMPT, stdout: int = subprocess.PIPE,
              stderr: int = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """`memctl hook ARGS` from a shell that first runs `exec STREAMS` (`2>&-` closes stderr)."""
    script = f"exec {streams}; exec \"$@\"" if streams else 'exec "$@"'
    return subprocess.run(["sh", "-c", script, "sh", sys.executable, "-m", "memctl", "hook", *args], input=stdin,
                          stdout=stdout, stderr=stderr, cwd=ROOT, timeout=60,
                          env={**os.environ, "MEMCTL_TODAY": "2026-11-29"})


def pre_compact_input() -> bytes:
    import json

    from .conftest import FIXTURES

    return json.dumps({"transcript_path": str(FIXTURES / "claude-code" / "transcript.jsonl")}).encode()


@pytest.mark.parametrize("args", [
    ["user-prompt", "fixtures/arc/memory", "--chars", "many"],  # a usage error: a line for stderr
    ["user-prompt", "/no/such/home"],  # an error: a line for stderr
    ["session-start", "fixtures/arc/memory"],
    ["no-such-event"],
])
@pytest.mark.parametrize("streams", ["2>&-", "2>&- 1>&-"])
def test_a_hook_with_stderr_closed_exits_0(args, streams):
    result = hook_with(streams, *args)
    assert result.returncode == 0
    assert result.stderr == b""  # closed: nothing could come
    if args[0] == "session-start" and "1>&-" not in streams:
        assert b'"hookEventName": "SessionStart"' in result.stdout


def test_pre_compact_with_stderr_closed_exits_0_and_still_captures_and_snapshots(copy_fixture):
    home = copy_fixture("openclaw")
    result = hook_with("2>&-", "pre-compact", str(home), stdin=pre_compact_input())
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    lessons = (home / "LESSONS.md").read_text()
    assert "Stripe retries a webhook" in lessons  # its notes went nowhere; its work was done
    (snapshot,) = (home / "archive" / "snapshots").iterdir()
    assert (snapshot / "LESSONS.md").read_text() == lessons


@pytest.mark.parametrize("event", ["user-prompt", "session-start"])
def test_a_hook_with_stdout_closed_exits_0_without_a_traceback(event):
    result = hook_with("1>&-", event, "fixtures/arc/memory")
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_a_hook_whose_stdout_reader_went_away_exits_0_without_a_traceback(copy_fixture):
    home = copy_fixture("openclaw")
    read, write = os.pipe()
    os.close(read)  # nobody reads: every write is EPIPE
    try:
        prompt = hook_with("", "user-prompt", "fixtures/arc/memory", stdout=write)
        compact = hook_with("", "pre-compact", str(home), stdin=pre_compact_input(), stdout=write)
    finally:
        os.close(write)
    assert (prompt.returncode, prompt.stderr) == (0, b"")
    assert compact.returncode == 0 and b"captured 6 new lessons into LESSONS.md" in compact.stderr
    assert b"Traceback" not in compact.stderr and b"Exception ignored" not in compact.stderr


def test_a_hook_whose_stderr_reader_went_away_exits_0_and_still_answers(copy_fixture):
    home = copy_fixture("openclaw")
    read, write = os.pipe()
    os.close(read)
    try:
        prompt = hook_with("", "user-prompt", "fixtures/arc/memory", "--chars", "many", stderr=write)
        answered = hook_with("", "user-prompt", "fixtures/arc/memory", stderr=write)
        compact = hook_with("", "pre-compact", str(home), stdin=pre_compact_input(), stderr=write)
    finally:
        os.close(write)
    assert (prompt.returncode, prompt.stdout) == (0, b"")
    assert answered.returncode == 0 and b'"hookEventName": "UserPromptSubmit"' in answered.stdout
    assert (compact.returncode, compact.stdout) == (0, b"")
    assert "Stripe retries a webhook" in (home / "LESSONS.md").read_text()


def test_an_interrupted_hook_exits_0(monkeypatch, capsys):
    from memctl.cli import hookrun

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("memctl.commands.hooks.run_hook", interrupted)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(PROMPT)))
    assert hookrun.run(["user-prompt", "fixtures/arc/memory"]) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("", "memctl hook user-prompt: interrupted\n")


# --- append: text that is not UTF-8 is one line, and nothing is written -------------------------


def small_home(root: Path) -> Path:
    (root / "MEMORY.md").write_text("# Memory\n\n- [Notes](topics/notes.md)\n", encoding="utf-8")
    (root / "topics").mkdir()
    notes = root / "topics" / "notes.md"
    notes.write_text("# Notes\n\n- a note\n", encoding="utf-8")
    return notes


def nothing_written(root: Path, notes: Path) -> bool:
    journal = root / ".memctl" / "journal"
    leftovers = [p.name for p in root.rglob("*") if p.name.endswith(".tmp")]
    return (notes.read_text(encoding="utf-8") == "# Notes\n\n- a note\n" and not leftovers
            and not (journal.exists() and any(journal.iterdir())))


@pytest.mark.parametrize("stdin_encoding", ["utf-8:surrogateescape", "utf-8:strict"])
def test_append_of_non_utf8_stdin_is_one_line_naming_stdin_line_and_byte(stdin_encoding, tmp_path):
    notes = small_home(tmp_path)
    result = memctl("append", str(notes), "-", stdin=b"- a new line\n- caf\xe9 au lait\n",
                    env={"PYTHONIOENCODING": stdin_encoding})  # the first is how a C locale reads stdin
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr.decode() == "error: stdin:2: not valid UTF-8 at byte 18; nothing was written\n"
    assert nothing_written(tmp_path, notes)


def test_append_of_a_non_utf8_argument_is_one_line(tmp_path):
    notes = small_home(tmp_path)
    result = memctl("append", str(notes), "- one\n- caf\udce9")  # the byte 0xE9 as the shell passed it
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr.decode() == ("error: the text to append is not valid UTF-8 at byte 11 (line 2); "
                                      "nothing was written\n")
    assert nothing_written(tmp_path, notes)


def test_append_of_utf8_stdin_still_appends(tmp_path):
    notes = small_home(tmp_path)
    result = CliRunner().invoke(app, ["append", str(notes), "-"], input="- café au lait\n".encode())
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "appended 1 line to topics/notes.md\n"
    assert notes.read_text(encoding="utf-8") == "# Notes\n\n- a note\n- café au lait\n"


def test_capture_of_non_utf8_stdin_names_the_line_and_byte(tmp_path):
    small_home(tmp_path)
    result = CliRunner().invoke(app, ["capture", str(tmp_path), "--apply"], input=b"Lesson: ok\nLesson: \xff\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: stdin:2: not valid UTF-8 at byte 19; nothing was written\n"
    assert not (tmp_path / "topics" / "lessons.md").exists()


# --- hook install: what a killed write left beside the settings is swept ------------------------

KILLED_WRITE = """
import os, signal, sys
os.replace = lambda *args: os.kill(os.getpid(), signal.SIGKILL)  # killed between the fsync and the rename
from memctl.hosts.claude_code import write_settings
write_settings(sys.argv[1], '{"hooks": {}}\\n')
"""


def killed_write(settings: Path, folder: Path | None = None) -> list[Path]:
    """Run write_settings in a process killed mid-write; returns what it left in the folder."""
    folder = folder or settings.parent
    before = set(folder.iterdir())
    done = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(settings)], cwd=ROOT, capture_output=True)
    assert done.returncode == -9, done.stderr
    return sorted(set(folder.iterdir()) - before)


def install(*args: str):
    return CliRunner().invoke(app, ["hook", "install", "fixtures/arc/memory", *args])


def test_the_next_install_sweeps_what_a_killed_install_left(tmp_path):
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"permissions": {"allow": ["Bash(ls)"]}}\n')
    (left,) = killed_write(settings)
    assert left.name.startswith(".settings.json.") and left.name.endswith(".memctl.tmp")
    shown = install("--settings", str(settings))
    assert shown.exit_code == 0 and left.exists()  # without --apply nothing is written, nor removed
    assert f"1 temporary file an interrupted write left: {left}; --apply removes them\n" in shown.stderr
    written = install("--settings", str(settings), "--apply")
    assert written.exit_code == 0 and written.stdout.startswith(f"--- a/{str(settings).lstrip('/')}")
    assert written.stderr.startswith(f"removed 1 temporary file an interrupted write left: {left}\n")
    assert not left.exists() and sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]
    assert '"UserPromptSubmit"' in settings.read_text() and '"Bash(ls)"' in settings.read_text()


def test_install_with_its_hooks_there_already_still_sweeps(tmp_path):
    settings = tmp_path / "settings.json"
    assert install("--settings", str(settings), "--apply").exit_code == 0
    (left,) = killed_write(settings)
    again = install("--settings", str(settings), "--apply")
    assert (again.exit_code, again.stdout) == (0, "")
    assert again.stderr == (f"removed 1 temporary file an interrupted write left: {left}\n"
                            f"{settings}: memctl's hooks are there already; nothing to change\n")
    assert not left.exists()


def test_the_sweep_removes_only_memctl_s_own_temporary_names_for_that_file(tmp_path):
    import tempfile

    from memctl.hosts.claude_code import settings_temps, sweep_settings_temps

    settings = tmp_path / "settings.json"
    settings.write_text("{}\n")
    fd, ours = tempfile.mkstemp(prefix=".settings.json.", suffix=".memctl.tmp", dir=tmp_path)  # atomic_write's
    os.close(fd)
    keep = [".settings.json.abcdefgh.memctl.tmp.bak", "settings.json.abcdefgh.memctl.tmp",
            ".settings.json.abcdefg.memctl.tmp", ".settings.json.ABCDEFGH.memctl.tmp",
            ".settings.local.json.abcdefgh.memctl.tmp", ".settings.json.abcdefgh.tmp", ".MEMORY.md.abcdefgh.memctl.tmp",
            ".settings.json.memctl-0123456789ab.tmp"]
    for name in keep:
        (tmp_path / name).write_text("not memctl's to remove\n")
    (tmp_path / ".settings.json.folder00.memctl.tmp").mkdir()  # the right name, but a folder
    (tmp_path / ".settings.json.linkname.memctl.tmp").symlink_to(settings)  # the right name, but a symlink
    assert settings_temps(str(settings)) == [ours]
    assert sweep_settings_temps(str(settings)) == [ours]
    assert not os.path.exists(ours) and sweep_settings_temps(str(settings)) == []
    assert all((tmp_path / name).read_text() == "not memctl's to remove\n" for name in keep)
    assert (tmp_path / ".settings.json.folder00.memctl.tmp").is_dir() and settings.read_text() == "{}\n"
    assert (tmp_path / ".settings.json.linkname.memctl.tmp").is_symlink()
    assert sweep_settings_temps(str(tmp_path / "missing" / "settings.json")) == []


def test_the_sweep_follows_a_symlinked_settings_file_to_where_it_is_written(tmp_path):
    from memctl.hosts.claude_code import sweep_settings_temps

    dotfiles, claude = tmp_path / "dotfiles", tmp_path / ".claude"
    dotfiles.mkdir()
    claude.mkdir()
    (dotfiles / "settings.json").write_text("{}\n")
    (claude / "settings.json").symlink_to(dotfiles / "settings.json")
    (left,) = killed_write(claude / "settings.json", dotfiles)  # written where the link points
    assert os.listdir(claude) == ["settings.json"]
    assert sweep_settings_temps(str(claude / "settings.json")) == [str(left)]
    assert (claude / "settings.json").is_symlink() and (dotfiles / "settings.json").read_text() == "{}\n"


# --- hook pre-compact: the lessons and their snapshot are one journaled change ------------------


class Killed(BaseException):
    """What a SIGKILL does to a write: it stops there, and no handler runs its undo."""


def pre_compact_home(copy_fixture) -> tuple[Path, dict[str, str]]:
    home = copy_fixture("openclaw")
    return home, {p.name: p.read_text() for p in home.glob("*.md")}


def fail_file_writes(monkeypatch, at: int, error: BaseException, journals_too: bool = False) -> list[str]:
    """The write primitive of memctl's writes (memctl.safe.journal's for the files, memctl.safe.trust's
    for the journal) fails at its `at`-th file (counting the journals' own files only with
    `journals_too`); returns the names it was asked to write."""
    from memctl.safe import journal, trust

    real, asked = journal.write_temp, []

    def write_temp(folder: str, name: str, data: bytes, mode: int | None = None) -> str:
        if journals_too or not name.endswith(".json.tmp"):
            asked.append(name)
            if len(asked) == at:
                raise error
        return real(folder, name, data, mode)

    monkeypatch.setattr(journal, "write_temp", write_temp)
    monkeypatch.setattr(trust, "write_temp", write_temp)
    return asked


def run_pre_compact(home: Path):
    return CliRunner().invoke(app, ["hook", "pre-compact", str(home)], input=pre_compact_input().decode(),
                              env={"MEMCTL_TODAY": "2026-11-29"})


def snapshots(home: Path) -> dict[str, str]:
    return {f"{p.parent.name}/{p.name}": p.read_text() for p in (home / "archive" / "snapshots").glob("*/*.md")}


def test_pre_compact_writes_the_lessons_and_their_snapshot_in_one_journaled_change(copy_fixture, monkeypatch):
    from memctl.safe import journal

    home, before = pre_compact_home(copy_fixture)
    plans = []
    real = journal.apply_plan
    monkeypatch.setattr(journal, "apply_plan", lambda root, plan, command="write": plans.append(plan)
                        or real(root, plan, command))
    result = run_pre_compact(home)
    assert (result.exit_code, result.stdout) == (0, "")
    assert "captured 6 new lessons into LESSONS.md" in result.stderr and "snapshot of 4 changed files" in result.stderr
    (plan,) = plans  # one plan, through one journal
    assert {c.rel.rsplit("/", 1)[-1] for c in plan.changes if not c.rel.startswith("archive/")} == {"LESSONS.md"}
    lessons = (home / "LESSONS.md").read_text()
    assert lessons.startswith(before["LESSONS.md"]) and "Stripe retries a webhook" in lessons
    taken = snapshots(home)
    (folder,) = {name.split("/")[0] for name in taken}
    assert taken[f"{folder}/LESSONS.md"] == lessons  # the snapshot holds the lessons just captured
    assert taken[f"{folder}/MEMORY.md"] == before["MEMORY.md"]
    assert not any((home / ".memctl" / "journal").iterdir())


@pytest.mark.parametrize("at", [1, 2, 3, 4, 5])
def test_a_failed_write_at_any_file_of_pre_compact_leaves_neither(copy_fixture, monkeypatch, at):
    home, before = pre_compact_home(copy_fixture)
    asked = fail_file_writes(monkeypatch, at, OSError(5, "Input/output error"))
    result = run_pre_compact(home)
    assert len(asked) == at  # it stopped at the failing file, and wrote no other
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr.startswith("memctl hook pre-compact: ") and result.stderr.endswith("(nothing added)\n")
    assert "nothing was changed" in result.stderr and result.stderr.count("\n") == 1
    assert {p.name: p.read_text() for p in home.glob("*.md")} == before  # no lessons
    assert snapshots(home) == {}  # and no snapshot
    assert not any((home / ".memctl" / "journal").iterdir())


def test_pre_compact_killed_at_any_write_ends_with_both_or_neither(copy_fixture, tmp_path):
    import shutil

    from memctl.safe.journal import recover_home

    home, before = pre_compact_home(copy_fixture)
    pristine = tmp_path / "pristine"
    shutil.copytree(home, pristine)
    with pytest.MonkeyPatch.context() as patch:
        counted = fail_file_writes(patch, 0, Killed(), journals_too=True)  # counts only: there is no 0th call
        assert run_pre_compact(home).exit_code == 0
    assert len(counted) >= 6  # a journal, the four snapshot copies and LESSONS.md
    for at in range(1, len(counted) + 1):
        shutil.rmtree(home)
        shutil.copytree(pristine, home)
        with pytest.MonkeyPatch.context() as patch:
            fail_file_writes(patch, at, Killed(), journals_too=True)
            with pytest.raises(Killed):
                run_pre_compact(home)
        recover_home(str(home))  # the next write (or `memctl recover`) finishes or undoes the interrupted change
        lessons, taken = (home / "LESSONS.md").read_text(), snapshots(home)
        if lessons == before["LESSONS.md"]:
            assert taken == {}, at
        else:
            assert "Stripe retries a webhook" in lessons and [t for n, t in taken.items()
                                                             if n.endswith("/LESSONS.md")] == [lessons], at
        assert not any((home / ".memctl" / "journal").iterdir()) and not list(home.rglob("*.tmp"))
