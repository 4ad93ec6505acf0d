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
                                  "INC-2451: statement emails sent twice after a redelivery.\n",
    "topics/user_role.md": "---\nname: Role\ntype: user\n---\n\nBackend engineer on the billing team; names "
                           "things plainly.\n",
}


def test_a_snake_case_file_name_holds_its_words(tmp_path, query):
    """`feedback_branch_names` holds `branch` and `names`: the section's one body word `Branches`
    is backed by its file name (it was not: `_` counted as a letter, so no word started there)."""
    home = _home(tmp_path, CLAUDE_CODE)
    assert query(home, "Pick a branch name for BIL-977") == ["topics/feedback_branch_names.md § preamble"]
