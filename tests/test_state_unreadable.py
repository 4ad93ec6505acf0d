"""Parts of `.memctl/` that cannot be read (mode 000 for another user; the tests run as root, so
`unreadable` makes the system answer as it would): one line naming the folder, exit 2, for a
command that needs it; a warning for one that only peeks (found by a new-user trial: tracebacks
from `history --dispatches`, `report` and `recover`, `undo --list` saying "nothing to take back",
`status` silent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_error_messages import unreadable  # noqa: F401  (the fixture)


@pytest.fixture
def home(tmp_path: Path, cli, monkeypatch) -> Path:
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    root = tmp_path / "home"
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Mem\n\n- [a](topics/a.md)\n")
    (root / "topics" / "a.md").write_text("# A\n\n- a thing\n")
    assert cli("append", str(root / "topics" / "a.md"), "- another thing").exit_code == 0  # an undo record
    (root / ".memctl" / "journal").mkdir(exist_ok=True)
    (root / ".memctl" / "dispatches.jsonl").write_text("{}\n")
    return root


def one_line(result, code: int, folder: Path) -> None:
    """The error, one line and last (a warning from reading the home may come before it)."""
    assert result.exit_code == code, result.output
    assert result.stderr.endswith(f"\nerror: {folder}: cannot read (Permission denied)\n") or (
        result.stderr == f"error: {folder}: cannot read (Permission denied)\n"), result.stderr
    assert all(line.startswith(("warning: ", "error: ")) for line in result.stderr.splitlines()), result.stderr


@pytest.mark.parametrize("part", [".memctl", ".memctl/dispatches.jsonl"])
def test_history_dispatches_says_the_record_cannot_be_read(cli, home, unreadable, part):  # noqa: F811
    unreadable(home / part)
    one_line(cli("history", str(home), "--dispatches"), 2, home / part)


def test_report_warns_it_left_the_dispatch_record_out(cli, home, tmp_path, unreadable):  # noqa: F811
    unreadable(home / ".memctl" / "dispatches.jsonl")
    result = cli("report", str(home), "-o", str(tmp_path / "r.html"))
    assert result.exit_code == 0, result.output
    assert (f"warning: {home / '.memctl' / 'dispatches.jsonl'}: cannot read (Permission denied); the dispatch "
            "record is left out\n") in result.stderr
    assert "Traceback" not in result.output and (tmp_path / "r.html").is_file()


@pytest.mark.parametrize("argv", [("undo", "{home}", "--list"), ("undo", "{home}")])
def test_undo_says_its_records_cannot_be_read_not_that_there_are_none(cli, home, unreadable, argv):  # noqa: F811
    unreadable(home / ".memctl" / "undo")
    result = cli(*(a.format(home=home) for a in argv))
    one_line(result, 2, home / ".memctl" / "undo")
    assert "nothing to take back" not in result.output


def test_recover_says_the_journal_folder_cannot_be_read(cli, home, unreadable):  # noqa: F811
    unreadable(home / ".memctl" / "journal")
    one_line(cli("recover", str(home)), 2, home / ".memctl" / "journal")


def test_status_warns_of_a_journal_folder_it_cannot_read(cli, home, unreadable):  # noqa: F811
    unreadable(home / ".memctl" / "journal")
    result = cli("status", str(home))
    assert result.exit_code == 0, result.output
    assert f"warning: {home / '.memctl' / 'journal'}: cannot read (Permission denied): an unfinished write" in (
        result.stderr)


def test_a_write_refuses_past_a_journal_folder_it_cannot_read(cli, home, unreadable):  # noqa: F811
    unreadable(home / ".memctl" / "journal")
    result = cli("append", str(home / "topics" / "a.md"), "- a third thing")
    assert result.exit_code == 2, result.output
    assert f"{home / '.memctl' / 'journal'}: cannot read (Permission denied)" in result.stderr
    assert "a third thing" not in (home / "topics" / "a.md").read_text()
