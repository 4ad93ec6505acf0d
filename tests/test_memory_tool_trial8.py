"""The memory tool on files a user's editor wrote (a byte order mark) and on folders whose files link
each other (trial 8, findings 8 and 12)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memctl.cli.main import app
from memctl.commands.memory_tool import memory_tool

from .test_faults import state

NOW = datetime(2026, 12, 2, 1, 0, tzinfo=timezone.utc)
BOM = b"\xef\xbb\xbf"


def tool(home: Path, **tool_input: object) -> str:
    result = memory_tool(str(home), tool_input, now=NOW)
    assert result["is_error"] is False, result["content"]
    return result["content"]


def refused(home: Path, **tool_input: object) -> str:
    before = state(home)
    result = memory_tool(str(home), tool_input, now=NOW)
    assert result["is_error"] is True, result["content"]
    assert state(home) == before
    return result["content"]


# --- a byte order mark stays at byte 0 --------------------------------------------------------------

@pytest.fixture
def bom_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Index\n\n- [Feedback](topics/feedback.md)\n")
    (home / "topics" / "feedback.md").write_bytes(BOM + b"# Feedback\n\nBOM file.\n")
    return home


def test_insert_at_line_0_of_a_file_with_a_bom_keeps_the_bom_first(bom_home):
    """Trial 8 (r08): the text went in before the BOM, `top line\\n\\xEF\\xBB\\xBF# Feedback`, and the file's
    heading then began with U+FEFF (shown to the model as line 2, `\\ufeff# Feedback`)."""
    run = CliRunner().invoke(app, ["memory-tool", str(bom_home)], input=json.dumps(
        {"command": "insert", "path": "/memories/topics/feedback.md", "insert_line": 0, "insert_text": "top line\n"}))
    assert (run.exit_code, run.stdout, run.stderr) == (0, "The file /memories/topics/feedback.md has been edited.\n",
                                                       "")
    assert (bom_home / "topics" / "feedback.md").read_bytes() == BOM + b"top line\n# Feedback\n\nBOM file.\n"
    assert tool(bom_home, command="view", path="/memories/topics/feedback.md") == (
        "Here's the content of /memories/topics/feedback.md with line numbers:\n"
        "     1\ttop line\n     2\t# Feedback\n     3\t\n     4\tBOM file.")


def test_view_of_a_file_with_a_bom_shows_its_first_line_as_written(bom_home):
    shown = tool(bom_home, command="view", path="/memories/topics/feedback.md", view_range=[1, 2])
    assert shown == ("Here's the content of /memories/topics/feedback.md with line numbers:\n"
                     "     1\t# Feedback\n     2\t")
    assert "\ufeff" not in tool(bom_home, command="view", path="/memories/topics/feedback.md")


def test_str_replace_of_the_first_line_and_a_whole_text_keep_the_bom(bom_home):
    path = "/memories/topics/feedback.md"
    assert tool(bom_home, command="str_replace", path=path, old_str="# Feedback", new_str="# What users said") == (
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
        "     1\t# What users said\n     2\t\n     3\tBOM file.")
    assert (bom_home / "topics" / "feedback.md").read_bytes() == BOM + b"# What users said\n\nBOM file.\n"
    # the whole text as `view` shows it, replaced: the mark is not part of it, and stays
    tool(bom_home, command="str_replace", path=path, old_str="# What users said\n\nBOM file.\n",
         new_str="# Feedback\n- faster search\n")
    assert (bom_home / "topics" / "feedback.md").read_bytes() == BOM + b"# Feedback\n- faster search\n"


def test_a_crlf_file_with_a_bom_keeps_both(bom_home):
    target = bom_home / "topics" / "win.md"
    target.write_bytes(BOM + b"# Win\r\n- one\r\n")
    tool(bom_home, command="insert", path="/memories/topics/win.md", insert_line=0, insert_text="---\nx: 1\n---\n")
    tool(bom_home, command="str_replace", path="/memories/topics/win.md", old_str="- one", new_str="- 1\n- 2")
    assert target.read_bytes() == BOM + b"---\r\nx: 1\r\n---\r\n# Win\r\n- 1\r\n- 2\r\n"


def test_create_over_a_file_with_a_bom_is_refused_and_leaves_it(bom_home):
    """`create` never replaces a file (str_replace and insert change one), so it cannot drop the mark."""
    message = refused(bom_home, command="create", path="/memories/topics/feedback.md", file_text="# New\n")
    assert message.startswith("Error: File /memories/topics/feedback.md already exists")


def test_an_append_to_a_file_that_is_only_a_bom_adds_no_empty_line(cli, bom_home):
    (bom_home / "topics" / "empty.md").write_bytes(BOM)
    done = cli("append", str(bom_home / "topics" / "empty.md"), "- a first line")
    assert (done.exit_code, done.stderr) == (0, "appended 1 line to topics/empty.md\n")
    assert (bom_home / "topics" / "empty.md").read_bytes() == BOM + b"- a first line\n"


# --- files archived or renamed together still link each other ----------------------------------------

def sub_home(root: Path) -> Path:
    (root / "topics" / "sub").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- [a](topics/sub/a.md) — a\n- [other](topics/other.md)\n")
    (root / "topics" / "other.md").write_text("# Other\n")
    (root / "topics" / "sub" / "a.md").write_text("# a\n\n## Gate\n- see [b](b.md) and [the index](../../MEMORY.md)\n")
    (root / "topics" / "sub" / "b.md").write_text(
        "# b, see [a](a.md)\n\n- the [gate](a.md#gate), [other](../other.md), [ref][r]\n"
        "- in code: `[a](a.md)`\n\n[r]: <a.md>\n")
    return root


def test_delete_of_a_folder_keeps_the_links_between_its_files(tmp_path):
    """Trial 8 (r12): the archived b.md linked `../../../topics/sub/a.md`, the deleted original, while
    a.md lay beside it in the archive. Links between files archived together lead to each other there;
    links out of the folder still lead where they led."""
    home = sub_home(tmp_path / "home")
    assert tool(home, command="delete", path="/memories/topics/sub") == (
        "Successfully deleted /memories/topics/sub (kept in /memories/archive/topics/sub/a.md, "
        "/memories/archive/topics/sub/b.md)")
    archive = home / "archive" / "topics" / "sub"
    assert (archive / "b.md").read_text() == (
        "# b, see [a](a.md)\n\n- the [gate](a.md#gate), [other](../../../topics/other.md), [ref][r]\n"
        "- in code: `[a](a.md)`\n\n[r]: <a.md>\n")
    assert (archive / "a.md").read_text().startswith(
        "# a\n\n## Gate\n- see [b](b.md) and [the index](../../../MEMORY.md)\n")
    assert not (home / "topics" / "sub").exists()


def test_links_between_archived_files_follow_a_renamed_archive_copy(tmp_path):
    """Where an archive copy cannot keep its name (an older copy holds it: a UTC time is added), the
    files archived with it link the copy as it is named."""
    home = sub_home(tmp_path / "home")
    (home / "archive" / "topics" / "sub").mkdir(parents=True)
    (home / "archive" / "topics" / "sub" / "a.md").write_text("# a, deleted before\n")
    tool(home, command="delete", path="/memories/topics/sub")
    archive = home / "archive" / "topics" / "sub"
    assert (archive / "a.md").read_text() == "# a, deleted before\n"
    assert (archive / "b.md").read_text() == (
        "# b, see [a](a.20261202T010000Z.md)\n\n- the [gate](a.20261202T010000Z.md#gate), "
        "[other](../../../topics/other.md), [ref][r]\n- in code: `[a](a.md)`\n\n[r]: <a.20261202T010000Z.md>\n")
    assert "[b](b.md)" in (archive / "a.20261202T010000Z.md").read_text()


def test_links_between_archived_files_follow_claude_codes_archive_ending(tmp_path):
    """In a Claude Code auto-memory folder archived files end in `.markdown` (its recall lists every
    `.md`), so a link between two of them is rewritten to that ending."""
    home = sub_home(tmp_path / ".claude" / "projects" / "-work-app" / "memory")
    (home / ".memctl.yaml").write_text("profile: claude-code\n")
    tool(home, command="delete", path="/memories/topics/sub")
    archive = home / "archive" / "topics" / "sub"
    assert sorted(p.name for p in archive.iterdir()) == ["a.markdown", "b.markdown"]
    assert (archive / "b.markdown").read_text().startswith(
        "# b, see [a](a.markdown)\n\n- the [gate](a.markdown#gate), [other](../../../topics/other.md)")
    assert "[b](b.markdown)" in (archive / "a.markdown").read_text()


def test_rename_keeps_the_links_between_moved_files_and_a_files_links_to_itself(tmp_path):
    """A folder renamed: its files link each other as before, and out of it where they led. A file
    renamed: its link to its own heading by name (`[gate](a.md#gate)`) follows it."""
    home = sub_home(tmp_path / "home")
    tool(home, command="rename", old_path="/memories/topics/sub", new_path="/memories/notes")
    assert (home / "notes" / "b.md").read_text() == (
        "# b, see [a](a.md)\n\n- the [gate](a.md#gate), [other](../topics/other.md), [ref][r]\n"
        "- in code: `[a](a.md)`\n\n[r]: <a.md>\n")
    (home / "notes" / "a.md").write_text("# a\n\n## Gate\n- [this gate](a.md#gate), [b](b.md)\n")
    tool(home, command="rename", old_path="/memories/notes/a.md", new_path="/memories/topics/gate.md")
    assert (home / "topics" / "gate.md").read_text() == (
        "# a\n\n## Gate\n- [this gate](gate.md#gate), [b](../notes/b.md)\n")
