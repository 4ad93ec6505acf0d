"""`memctl memory-tool` and `memory_tool()`: the Claude API memory tool (memory_20250818) on a home.

Every command, every answer as the documentation words it, every refused path, and the writes:
journaled under the lock, archived on delete, refused past the host's load cap; faults (EIO and
SIGKILL) at every step of create, delete and rename leave the old home or the new one."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import threading
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memctl.cli.main import app
from memctl.commands.memory_tool import memory_tool
from memctl.errors import InputError
from memctl.safe.journal import recover_home
from memctl.safe.writer import home_lock

from .conftest import FIXTURES
from .test_faults import LINK_TARGET, Faults, eio, leftovers, sigkill, state

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
INDEX = ("# Memory\n\nThe index.\n\n## Topics\n- [Deploy](topics/deploy.md) — the gate and rollbacks\n"
         "- [Fleet](topics/fleet.md)\n\nThe [deploy notes](topics/deploy.md#gate) say more.\n")
DEPLOY = "# Deploy\n\n## Gate\n- the gate needs a green CI run\n- see the [fleet](fleet.md)\n\n## Rollback\n- revert\n"
FLEET = "# Fleet\n\n- six runners\n"


def make_home(root: Path) -> Path:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX)
    (root / "topics" / "deploy.md").write_text(DEPLOY)
    (root / "topics" / "fleet.md").write_text(FLEET)
    return root


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path / "home")


def run(home: Path, **tool_input: object) -> dict:
    return memory_tool(str(home), tool_input, now=NOW)


def ok(home: Path, **tool_input: object) -> str:
    result = run(home, **tool_input)
    assert result["is_error"] is False, result["content"]
    return result["content"]


def refused(home: Path, **tool_input: object) -> str:
    before = state(home)
    result = run(home, **tool_input)
    assert result["is_error"] is True, result["content"]
    assert state(home) == before, "a refused command changed the home"
    return result["content"]


# --- view -----------------------------------------------------------------------------------------

def test_view_lists_the_folder_two_levels_deep_with_sizes(home):
    (home / "topics" / "deep" / "deeper").mkdir(parents=True)
    (home / "topics" / "deep" / "deeper" / "far.md").write_text("x" * 2000)
    (home / ".git").mkdir()
    (home / "node_modules").mkdir()
    assert ok(home, command="view", path="/memories") == (
        "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and "
        "node_modules:\n"
        f"{(len(INDEX.encode()) + len(DEPLOY) + len(FLEET) + 2000) / 1024:.1f}K\t/memories\n"
        f"{len(INDEX.encode())}B\t/memories/MEMORY.md\n"
        f"{(len(DEPLOY) + len(FLEET) + 2000) / 1024:.1f}K\t/memories/topics/\n"
        "2.0K\t/memories/topics/deep/\n"
        f"{len(DEPLOY)}B\t/memories/topics/deploy.md\n"
        f"{len(FLEET)}B\t/memories/topics/fleet.md")


def test_view_shows_a_file_with_line_numbers_and_a_range(home):
    assert ok(home, command="view", path="/memories/topics/fleet.md") == (
        "Here's the content of /memories/topics/fleet.md with line numbers:\n"
        "     1\t# Fleet\n     2\t\n     3\t- six runners")
    assert ok(home, command="view", path="/memories/topics/deploy.md", view_range=[3, 4]).splitlines()[1:] == [
        "     3\t## Gate", "     4\t- the gate needs a green CI run"]
    assert ok(home, command="view", path="/memories/topics/deploy.md", view_range=[7, -1]).splitlines()[1:] == [
        "     7\t## Rollback", "     8\t- revert"]


@pytest.mark.parametrize(("span", "message"), [
    ([0, 2], "Its first element `0` should be within the range of lines of the file: [1, 3]"),
    ([2, 9], "Its second element `9` should be -1 or within [2, 3]"),
    ([2], "`view_range` must be two line numbers"),
])
def test_a_bad_view_range_says_what_is_allowed(home, span, message):
    assert message in refused(home, command="view", path="/memories/topics/fleet.md", view_range=span)


def test_a_long_file_is_cut_and_says_how_to_see_the_rest(home):
    (home / "topics" / "long.md").write_text("".join(f"- line {n} {'x' * 60}\n" for n in range(1, 1001)))
    shown = ok(home, command="view", path="/memories/topics/long.md")
    assert len(shown) < 17_000
    last = int(shown.splitlines()[-2].split("\t")[0])
    assert shown.splitlines()[-1] == f"(cut at 16,000 characters: view_range [{last + 1}, -1] shows the rest)"


def test_view_of_a_missing_path_and_a_credential_in_a_file(home):
    assert refused(home, command="view", path="/memories/nope.md") == (
        "Error: The path /memories/nope.md does not exist. Please provide a valid path.")
    (home / "topics" / "keys.md").write_text("- deploy key: sk-ant-api03-abcdefghijklmnopqrstuvwxyz\n")
    shown = ok(home, command="view", path="/memories/topics/keys.md")
    assert "sk-a…" in shown and "abcdefghij" not in shown


# --- create, str_replace, insert -------------------------------------------------------------------

def test_create_writes_a_new_markdown_file(home):
    assert ok(home, command="create", path="/memories/topics/new/notes.md", file_text="# Notes\n- one\n") == (
        "File created successfully at: /memories/topics/new/notes.md")
    assert (home / "topics" / "new" / "notes.md").read_text() == "# Notes\n- one\n"


def test_create_refuses_an_existing_file_and_anything_but_markdown(home):
    assert refused(home, command="create", path="/memories/topics/fleet.md", file_text="x") == (
        "Error: File /memories/topics/fleet.md already exists (str_replace or insert change it; delete it "
        "first to replace it whole)")
    assert refused(home, command="create", path="/memories/notes.txt", file_text="x") == (
        "Error: /memories/notes.txt: memory keeps markdown files only (memctl measures, lints and loads .md); "
        "use /memories/notes.md instead")
    assert "markdown files only" in refused(home, command="create", path="/memories/data.xml", file_text="<a/>")


def test_a_credential_is_never_written(home):
    message = refused(home, command="create", path="/memories/keys.md",
                      file_text="- aws: AKIAIOSFODNN7EXAMPLE\n")
    assert message.startswith("Error: the text holds what looks like an AWS access key (AKIA…)")
    assert "IOSFODNN7" not in message
    assert "GitHub token" in refused(home, command="str_replace", path="/memories/topics/fleet.md",
                                     old_str="six", new_str="ghp_" + "a" * 36)


def test_a_credential_already_in_a_file_does_not_block_editing_or_moving_it(home):
    (home / "topics" / "keys.md").write_text("# Keys\n- aws: AKIAIOSFODNN7EXAMPLE\n")
    ok(home, command="insert", path="/memories/topics/keys.md", insert_line=1, insert_text="(rotate these)")
    ok(home, command="rename", old_path="/memories/topics/keys.md", new_path="/memories/old/keys.md")
    assert "AKIAIOSFODNN7EXAMPLE" in (home / "old" / "keys.md").read_text()


def test_str_replace_needs_exactly_one_occurrence(home):
    assert ok(home, command="str_replace", path="/memories/topics/deploy.md", old_str="- revert",
              new_str="- revert, then tell the channel") == (
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
        "     6\t\n     7\t## Rollback\n     8\t- revert, then tell the channel")
    assert refused(home, command="str_replace", path="/memories/topics/deploy.md", old_str="- nothing",
                   new_str="x") == ("Error: No replacement was performed, old_str `- nothing` did not appear "
                                    "verbatim in /memories/topics/deploy.md.")
    assert refused(home, command="str_replace", path="/memories/topics/deploy.md", old_str="the ",
                   new_str="a ") == ("Error: No replacement was performed. Multiple occurrences of old_str `the ` "
                                     "in lines: 4, 5, 8. Please ensure it is unique")
    assert "must not be empty" in refused(home, command="str_replace", path="/memories/topics/deploy.md",
                                          old_str="", new_str="x")


def test_str_replace_and_insert_keep_a_files_crlf_line_ends(home):
    (home / "topics" / "win.md").write_bytes(b"# Win\r\n\r\n- one\r\n- two\r\n")
    ok(home, command="str_replace", path="/memories/topics/win.md", old_str="- one\n- two", new_str="- 1\n- 2")
    ok(home, command="insert", path="/memories/topics/win.md", insert_line=1, insert_text="intro\n")
    assert (home / "topics" / "win.md").read_bytes() == b"# Win\r\nintro\r\n\r\n- 1\r\n- 2\r\n"


def test_insert_at_the_top_the_end_and_out_of_range(home):
    assert ok(home, command="insert", path="/memories/topics/fleet.md", insert_line=0,
              insert_text="---\nupdated: 2026-11-29\n---") == "The file /memories/topics/fleet.md has been edited."
    ok(home, command="insert", path="/memories/topics/fleet.md", insert_line=6, insert_text="- and a spare")
    assert (home / "topics" / "fleet.md").read_text() == ("---\nupdated: 2026-11-29\n---\n# Fleet\n\n- six runners\n"
                                                          "- and a spare\n")
    assert refused(home, command="insert", path="/memories/topics/fleet.md", insert_line=9, insert_text="x") == (
        "Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 7]")
    assert "whole number" in refused(home, command="insert", path="/memories/topics/fleet.md", insert_line="2",
                                     insert_text="x")


# --- delete and rename -----------------------------------------------------------------------------

def test_delete_archives_the_file_and_takes_its_line_out_of_the_index(home):
    assert ok(home, command="delete", path="/memories/topics/deploy.md") == (
        "Successfully deleted /memories/topics/deploy.md (kept in /memories/archive/topics/deploy.md)")
    assert not (home / "topics" / "deploy.md").exists()
    assert (home / "MEMORY.md").read_text() == ("# Memory\n\nThe index.\n\n## Topics\n- [Fleet](topics/fleet.md)\n\n"
                                                "The deploy notes say more.\n")
    archived = (home / "archive" / "topics" / "deploy.md").read_text()
    assert archived == (DEPLOY.replace("](fleet.md)", "](../../topics/fleet.md)")  # its link still leads there
                        + "\n<!-- memctl memory-tool delete, 2026-11-29T12:00:00Z: the index line that linked here, "
                          "taken out of MEMORY.md:\n- [Deploy](topics/deploy.md) — the gate and rollbacks\n-->\n")
    (home / "topics" / "deploy.md").write_text("# Deploy, again\n")
    ok(home, command="delete", path="/memories/topics/deploy.md")
    assert (home / "archive" / "topics" / "deploy.20261129T120000Z.md").read_text() == "# Deploy, again\n"


def test_delete_of_a_folder_moves_every_file(home):
    ok(home, command="delete", path="/memories/topics")
    assert not (home / "topics").exists()
    assert sorted(p.name for p in (home / "archive" / "topics").iterdir()) == ["deploy.md", "fleet.md"]
    assert "topics/" not in (home / "MEMORY.md").read_text()


def test_delete_refuses_the_index_the_archive_the_root_and_other_files(home):
    assert "the index the host loads first" in refused(home, command="delete", path="/memories/MEMORY.md")
    ok(home, command="delete", path="/memories/topics/fleet.md")
    assert "never deleted" in refused(home, command="delete", path="/memories/archive/topics/fleet.md")
    assert refused(home, command="delete", path="/memories") == "Error: Cannot delete the /memories directory itself"
    (home / "topics" / "data.json").write_text("{}")
    assert "/memories/topics/data.json, which memory does not manage" in refused(
        home, command="delete", path="/memories/topics")
    assert refused(home, command="delete", path="/memories/gone.md") == (
        "Error: The path /memories/gone.md does not exist")


def test_rename_moves_the_file_and_the_index_link_follows(home):
    assert ok(home, command="rename", old_path="/memories/topics/deploy.md",
              new_path="/memories/topics/ops/release.md") == (
        "Successfully renamed /memories/topics/deploy.md to /memories/topics/ops/release.md")
    assert (home / "topics" / "ops" / "release.md").read_text() == DEPLOY.replace("](fleet.md)", "](../fleet.md)")
    assert (home / "MEMORY.md").read_text() == INDEX.replace("topics/deploy.md", "topics/ops/release.md")
    assert refused(home, command="rename", old_path="/memories/topics/fleet.md",
                   new_path="/memories/topics/ops/release.md") == (
        "Error: The destination /memories/topics/ops/release.md already exists")
    assert "does not exist" in refused(home, command="rename", old_path="/memories/x.md", new_path="/memories/y.md")
    assert "markdown files only" in refused(home, command="rename", old_path="/memories/topics/fleet.md",
                                            new_path="/memories/fleet.txt")
    assert "the index the host loads first" in refused(home, command="rename", old_path="/memories/MEMORY.md",
                                                      new_path="/memories/INDEX.md")


def test_wikilinks_in_the_index_follow_a_rename_and_go_with_a_delete(home):
    """An Arc index names topics by `[[stem]]`: a rename changes the name, a delete takes the line out."""
    (home / "MEMORY.md").write_text("# Index\n\n- [[deploy]] the gate\n"
                                    "- see [[deploy|the deploy notes]] and [[fleet]]\n")
    ok(home, command="rename", old_path="/memories/topics/fleet.md", new_path="/memories/topics/ships.md")
    assert (home / "MEMORY.md").read_text() == ("# Index\n\n- [[deploy]] the gate\n"
                                                "- see [[deploy|the deploy notes]] and [[ships]]\n")
    ok(home, command="delete", path="/memories/topics/deploy.md")
    assert (home / "MEMORY.md").read_text() == "# Index\n\n- see the deploy notes and [[ships]]\n"
    assert (home / "archive" / "topics" / "deploy.md").read_text().endswith("\n- [[deploy]] the gate\n-->\n")


def test_rename_of_a_folder(home):
    ok(home, command="rename", old_path="/memories/topics", new_path="/memories/notes")
    assert sorted(p.name for p in (home / "notes").iterdir()) == ["deploy.md", "fleet.md"]
    assert (home / "notes" / "deploy.md").read_text() == DEPLOY  # links between the moved files still hold
    assert not (home / "topics").exists()
    assert (home / "MEMORY.md").read_text() == INDEX.replace("topics/", "notes/")


# --- what is refused ---------------------------------------------------------------------------------

def test_paths_that_leave_the_memory_folder_are_refused(home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# not memory\n")
    (home / "topics" / "link").symlink_to(outside)
    (home / "escape.md").symlink_to(outside / "secret.md")
    (home / ".git").mkdir()
    (home / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    cases = {
        "/memories/../outside/secret.md": "would leave the memory folder",
        "/etc/passwd": "memory paths start with /memories",
        "/memoriesX/a.md": "memory paths start with /memories",
        "/memories/%2e%2e/outside/secret.md": "would leave the memory folder",
        "/memories/%252e%252e/outside/secret.md": "would leave the memory folder",
        "/memories/topics/link/secret.md": "topics/link is a symlink; memory never follows a link",
        "/memories/escape.md": "escape.md is a symlink; memory never follows a link",
        "/memories/.git/HEAD": ".git is hidden; memory never reads or writes a dot-file or dot-folder",
        "/memories/.git/config.md": ".git is hidden",
        "/memories/..\\outside\\secret.md": "a NUL or a backslash",
    }
    for path, why in cases.items():
        for tool_input in ({"command": "view", "path": path},
                           {"command": "create", "path": path, "file_text": "# x\n"},
                           {"command": "str_replace", "path": path, "old_str": "not", "new_str": "now"},
                           {"command": "insert", "path": path, "insert_line": 0, "insert_text": "x"},
                           {"command": "delete", "path": path},
                           {"command": "rename", "old_path": path, "new_path": "/memories/moved.md"},
                           {"command": "rename", "old_path": "/memories/topics/fleet.md", "new_path": path}):
            message = refused(home, **tool_input)
            assert why in message, (tool_input, message)
            assert str(tmp_path) not in message  # the model never learns where the home lies
    assert (outside / "secret.md").read_text() == "# not memory\n"
    assert (home / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"


def test_unknown_commands_and_bad_input_are_results_not_crashes(home):
    assert refused(home, command="undo_edit", path="/memories") == (
        "Error: unknown command 'undo_edit'; the memory tool's commands are view, create, str_replace, insert, "
        "delete, rename")
    assert "`file_text` must be a string" in refused(home, command="create", path="/memories/a.md")
    assert "`path` must be a path under /memories" in refused(home, command="view")
    with pytest.raises(InputError, match="must be a folder"):
        memory_tool(str(home / "nothing"), {"command": "view", "path": "/memories"})


def write_index(root: Path, lines: int) -> None:
    (root / ".memctl.yaml").write_text("profile: claude-code\n")
    (root / "MEMORY.md").write_text("# Memory\n" + "".join(f"- fact {n}\n" for n in range(2, lines + 1)))


def test_a_write_that_grows_the_index_past_the_hosts_load_cap_is_refused(home):
    write_index(home, 199)
    assert refused(home, command="insert", path="/memories/MEMORY.md", insert_line=199,
                   insert_text="- a\n- b\n- c\n- d") == (
        "Error: MEMORY.md would be 203 lines; claude-code loads 200 (first 200 lines then 25,000 UTF-16 code "
        "units, front matter and HTML comments free); nothing was written: move detail into a topic file and "
        "keep one line for it in the index")
    ok(home, command="insert", path="/memories/MEMORY.md", insert_line=199, insert_text="- the 200th")
    ok(home, command="create", path="/memories/topics/more.md", file_text="- a topic is not capped\n")
    assert "would be 201 lines" in refused(home, command="str_replace", path="/memories/MEMORY.md",
                                           old_str="- fact 2\n", new_str="- fact 2\n- fact 2b\n")


def test_an_index_already_over_the_cap_may_shrink_but_not_grow(copy_fixture, tmp_path):
    shutil.copytree(FIXTURES / "homes" / "claude-code", tmp_path / "cc")
    memory = tmp_path / "cc" / "home" / ".claude" / "projects" / "-work-acme-billing" / "memory"
    assert "would be 246 lines; claude-code loads 200" in refused(
        memory, command="insert", path="/memories/MEMORY.md", insert_line=3, insert_text="- one more")
    first = next(line for line in (memory / "MEMORY.md").read_text().splitlines() if line.startswith("- ["))
    target = first.split("](", 1)[1].split(")", 1)[0]
    ok(memory, command="delete", path=f"/memories/{target}")
    assert first not in (memory / "MEMORY.md").read_text()


# --- the CLI ---------------------------------------------------------------------------------------

def cli(*args: str, stdin: str):
    return CliRunner().invoke(app, list(args), input=stdin)


def test_cli_prints_the_tool_result_content(home):
    done = cli("memory-tool", str(home), stdin='{"command": "view", "path": "/memories/topics/fleet.md"}')
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout == "Here's the content of /memories/topics/fleet.md with line numbers:\n" \
                          "     1\t# Fleet\n     2\t\n     3\t- six runners\n"


def test_cli_json_and_a_whole_tool_use_block(home):
    done = cli("memory-tool", str(home), "--format", "json", stdin=json.dumps(
        {"type": "tool_use", "id": "toolu_01", "name": "memory",
         "input": {"command": "create", "path": "/memories/a.md", "file_text": "# A\n"}}))
    assert done.exit_code == 0
    assert json.loads(done.stdout) == {"type": "tool_result", "tool_use_id": "toolu_01",
                                       "content": "File created successfully at: /memories/a.md", "is_error": False}
    done = cli("memory-tool", str(home), "--format", "json", stdin='{"command": "view", "path": "/memories/b.md"}')
    assert done.exit_code == 1
    assert json.loads(done.stdout) == {"content": "Error: The path /memories/b.md does not exist. Please provide a "
                                                  "valid path.", "is_error": True}


def test_cli_input_that_is_not_a_memory_tool_input_is_exit_2(home):
    for stdin, message in (("not json", "error: stdin: not JSON"), ("[1]", "error: stdin: not a JSON object"),
                           (b"\xff".decode("latin-1"), "error: stdin")):
        done = cli("memory-tool", str(home), stdin=stdin)
        assert done.exit_code == 2 and done.stdout == "" and done.stderr.startswith(message), done.stderr
    done = cli("memory-tool", str(home / "missing"), stdin='{"command": "view", "path": "/memories"}')
    assert done.exit_code == 2 and "must be a folder" in done.stderr


# --- the lock and the journal ------------------------------------------------------------------------

def test_a_write_waits_for_the_homes_lock(home):
    lock = home_lock(str(home))
    lock.acquire()
    done: list[dict] = []
    writer = threading.Thread(target=lambda: done.append(
        run(home, command="create", path="/memories/late.md", file_text="# Late\n")))
    writer.start()
    time.sleep(0.5)
    assert not (home / "late.md").exists() and not done  # still waiting for the lock
    lock.release()
    writer.join(10)
    assert done and done[0]["is_error"] is False and (home / "late.md").read_text() == "# Late\n"


def test_an_interrupted_write_is_finished_before_the_next(home, monkeypatch):
    """A journal left by a killed memctl write is finished by the memory tool's next write."""
    from memctl.safe import journal

    real = journal._put
    calls = []

    class Killed(BaseException):  # stands for a kill: not undone, the journal stays (Ctrl-C is undone at once)
        pass

    def dies_after_the_first_file(*args, **kwargs):
        calls.append(args[1])
        if len(calls) == 2:
            raise Killed
        return real(*args, **kwargs)

    monkeypatch.setattr(journal, "_put", dies_after_the_first_file)
    with pytest.raises(Killed):
        run(home, command="delete", path="/memories/topics/fleet.md")
    assert os.listdir(home / ".memctl" / "journal")
    monkeypatch.setattr(journal, "_put", real)
    ok(home, command="create", path="/memories/next.md", file_text="# Next\n")
    assert not (home / "topics" / "fleet.md").exists() and (home / "archive" / "topics" / "fleet.md").exists()
    assert leftovers(home) == []


# --- faults at every step ------------------------------------------------------------------------------

WRITES = {
    "create": {"command": "create", "path": "/memories/topics/new.md", "file_text": "# New\n- a fact\n"},
    "delete": {"command": "delete", "path": "/memories/topics/deploy.md"},
    "rename": {"command": "rename", "old_path": "/memories/topics/deploy.md", "new_path": "/memories/ops/deploy.md"},
    "str_replace": {"command": "str_replace", "path": "/memories/MEMORY.md", "old_str": "The index.",
                    "new_str": "The index, kept short."},
}


@pytest.fixture(scope="module", params=sorted(WRITES))
def write_scenario(request, tmp_path_factory):
    """The write, the home's old and new states, and how many primitive calls the write makes."""
    name = request.param
    os.environ["MEMCTL_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    try:
        root = make_home(tmp_path_factory.mktemp(name) / "home")
        old = state(root)
        with Faults(0, eio) as counting:
            result = memory_tool(str(root), WRITES[name], now=NOW)
        assert result["is_error"] is False, result
        new = state(root)
    finally:
        del os.environ["MEMCTL_CACHE_DIR"]
    assert new != old and leftovers(root) == []
    assert not words(old) - words(new), "the clean run itself must lose no word"
    return name, old, new, counting.calls


def words(files: dict[str, bytes]) -> Counter[str]:
    """Every word of the home; where a link points may change with a move, what it says may not."""
    return Counter(w for data in files.values() for w in re.findall(r"[\w']+", LINK_TARGET.sub("](", data.decode())))


def settled(root: Path, old: dict, new: dict, what: str) -> None:
    recover_home(str(root))  # the next command that writes (or `memctl recover`) finishes or undoes it
    now = state(root)
    assert now in (old, new), f"{what}: a mixed home"
    assert not words(old) - words(now), f"{what}: words lost"
    assert leftovers(root) == [], f"{what}: left behind"


def test_an_io_error_at_every_step_of_a_write_changes_nothing(write_scenario, tmp_path):
    name, old, new, steps = write_scenario
    assert steps > 20
    for step in range(1, steps + 1):
        root = make_home(tmp_path / f"eio-{step}")
        with Faults(step, eio):
            result = memory_tool(str(root), WRITES[name], now=NOW)
        if result["is_error"]:
            assert "\n" not in result["content"] and state(root) == old, f"{name}, EIO at step {step}"
        else:
            assert state(root) == new
        settled(root, old, new, f"{name}, EIO at step {step}")


def test_sigkill_at_every_step_of_a_write_leaves_the_old_or_the_new_home(write_scenario, tmp_path):
    name, old, new, steps = write_scenario
    for step in range(1, steps + 1):
        root = make_home(tmp_path / f"kill-{step}")
        pid = os.fork()
        if pid == 0:
            try:
                with Faults(step, sigkill):
                    memory_tool(str(root), WRITES[name], now=NOW)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        assert killed or state(root) == new, f"{name}, step {step}: not killed, yet not written"
        settled(root, old, new, f"{name}, SIGKILL at step {step}")
