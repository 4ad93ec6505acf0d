"""`assemble --query` and `hook user-prompt` as a user meets their ranking (issue 31): each rule on a
small home built the way a host's users write one, through the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _home(tmp_path: Path, files: dict[str, str]) -> Path:
    home = Path(os.path.realpath(tmp_path)) / "home"
    for rel, text in files.items():
        path = home / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if "MEMORY.md" not in files:
        links = "".join(f"- [{rel}]({rel})\n" for rel in files)
        (home / "MEMORY.md").write_text(f"# Index\n\n{links}")
    return home


def _loaded(stdout: str) -> list[str]:
    """The query excerpts of a bundle: `path § heading`, or the path of a section without one."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("<!-- memctl: ") and line.endswith(" (query) -->"):
            out.append(line[len("<!-- memctl: "):].rsplit(" (lines ", 1)[0])
    return out


@pytest.fixture
def query(cli, monkeypatch):
    """Run `assemble HOME --query TEXT` on a day; the query excerpts it loaded."""

    def run(home: Path, text: str, today: str = "2026-11-23") -> list[str]:
        monkeypatch.setenv("MEMCTL_TODAY", today)
        result = cli("assemble", str(home), "--query", text)
        assert result.exit_code == 0, result.stderr
        return _loaded(result.stdout)

    return run


# --- 1. a file name's words are split on `_` and `-` -------------------------------------------------

CLAUDE_CODE = {  # a Claude Code auto-memory folder: one fact a file, snake_case names
    "topics/feedback_branch_names.md": "---\nname: Branch names\ntype: feedback\n---\n\n"
                                       "Branches: `<author>/<ticket>-<slug>`.\n",
    "topics/feedback_deploys.md": "---\nname: Deploy windows\ntype: feedback\n---\n\n"
                                  "No deploys Friday after 14:00 CET.\n",
    "topics/project_inc_2451.md": "---\nname: INC-2451\ntype: project\n---\n\n"
                                  "INC-2451 (2026-11-12): statement emails sent twice after a redelivery.\n",
    "topics/user_role.md": "---\nname: Role\ntype: user\n---\n\nBackend engineer on the billing team; names "
                           "things plainly.\n",
}


def test_a_snake_case_file_name_holds_its_words(tmp_path, query):
    """`feedback_branch_names` holds `branch` and `names`: the section's one body word `Branches`
    is backed by its file name (it was not: `_` counted as a letter, so no word started there)."""
    home = _home(tmp_path, CLAUDE_CODE)
    assert query(home, "Pick a branch name for BIL-977") == ["topics/feedback_branch_names.md § preamble"]


# --- 3. dates and relative dates mean days ----------------------------------------------------------

@pytest.mark.parametrize(("text", "today", "days"), [
    ("2026-11-30", "2026-12-01", ["2026-11-30"]),
    ("12 Nov", "2026-11-23", ["2026-11-12", "2027-11-12"]),  # the last one and the next one
    ("Nov 12, 2025", "2026-11-23", ["2025-11-12"]),
    ("November 12th", "2026-11-23", ["2026-11-12", "2027-11-12"]),
    ("Thu 12 Nov", "2026-11-23", ["2026-11-12", "2027-11-12"]),  # one date, the weekday part of it
    ("on the 30th", "2026-11-23", ["2026-10-30", "2026-11-30"]),
    ("yesterday", "2026-11-23", ["2026-11-22"]),
    ("tomorrow", "2026-12-31", ["2027-01-01"]),
    ("last week", "2026-11-25", ["2026-11-16..2026-11-22"]),
    ("this week", "2026-11-25", ["2026-11-23..2026-11-29"]),
    ("this month", "2026-11-30", ["2026-11-01..2026-11-30"]),
    ("last month", "2026-01-10", ["2025-12-01..2025-12-31"]),
    ("in May", "2026-11-30", ["2026-05-01..2026-05-31", "2027-05-01..2027-05-31"]),
    ("in November", "2026-11-23", ["2026-11-01..2026-11-30"]),  # the month we are in
    ("last Tuesday", "2026-11-23", ["2026-11-17"]),
    ("on Tuesday", "2026-11-23", ["2026-11-17", "2026-11-24"]),
    ("2026-W48", "2026-11-23", ["2026-11-23..2026-11-29"]),
    ("May I deploy?", "2026-11-23", []),  # `may`, `sat`, `sun`: a date only when capitalised inside a sentence
    ("the sun sat low", "2026-11-23", []),
    ("on Wednesdays", "2026-11-23", []),  # a habit, not a day
    ("12 and 2026 and 30", "2026-11-23", []),  # numbers alone are no date
])
def test_query_dates(text, today, days):
    from datetime import date

    from memctl.commands.query_dates import query_dates

    found, _ = query_dates(text, date.fromisoformat(today))
    assert [span for term in found for span in term.term.split(" or ")] == days


def test_a_date_is_looked_for_as_a_memory_writes_it():
    from datetime import date

    from memctl.commands.query_dates import query_dates

    (day,), rest = query_dates("Summarise yesterday's note", date(2026, 11, 23))
    assert day.literals == ("2026-11-22", "2026-w47") and rest.split() == ["Summarise", "'s", "note"]
    (month,), _ = query_dates("this month", date(2026, 11, 23))
    assert month.literals == ("2026-11", "2026-w45", "2026-w46", "2026-w47", "2026-w48")  # weeks by their Thursday
