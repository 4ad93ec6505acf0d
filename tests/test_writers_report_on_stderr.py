"""What a write wrote goes to stderr; stdout holds the plan alone (trial 8, r16): `rollup --apply`
printed `written: 1 period file, 3 moved to the archive` and `capture --apply` printed `1 new
lesson added to LESSONS.md` on stdout, with nothing on stderr, and `split --apply` put `original
copied to archive/…` on stdout beside its `wrote 3 files` on stderr. docs/commands.md: "--apply
writes (and says `wrote N files` on stderr, last, as every command that writes says what it wrote:
stdout holds the plan alone)"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WRITTEN = re.compile(r"\b(?:wrote|written)\b|copied to|added to|moved to the archive", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")


def trial_home(root: Path) -> Path:
    """The trial's OpenClaw home: a fat index, three daily notes of a closed week."""
    (root / "memory").mkdir(parents=True)
    (root / "AGENTS.md").write_text("# AGENTS\n")
    (root / "SOUL.md").write_text("# SOUL\n")
    facts = "".join(f"- fact {i} about the fleet and its deploys\n" for i in range(30))
    (root / "MEMORY.md").write_text(f"# Memory\n\n## A\n\nFirst sentence about A.\n{facts}\n"
                                    "- [the 3rd](memory/2026-11-03.md)\n")
    for day in ("02", "03", "04"):
        (root / "memory" / f"2026-11-{day}.md").write_text(f"# 2026-11-{day}\n\n- note {day}\n")
    return root


# (command, the dry run's words that say how to write, stderr once applied)
CASES = {
    "split": ("dry run: nothing written (--apply writes, --diff shows the changes)\n",
              r"original copied to archive/MEMORY\.\d{8}T\d{6}Z\.md\nwrote 3 files\n"),
    "rollup": ("--apply writes it; --diff shows every change\n",
               r"wrote 5 files: 1 period file, 3 moved to the archive, MEMORY\.md relinked\n"),
    "capture": ("; --apply writes it",
                r"wrote 2 files: 1 new lesson added to LESSONS\.md, a link to it in MEMORY\.md\n"),
}


@pytest.mark.parametrize("command", CASES)
def test_apply_says_what_it_wrote_on_stderr_and_stdout_holds_the_plan(cli, tmp_path, command):
    home = trial_home(tmp_path / "home")
    hint, said = CASES[command]
    lesson = "Lesson: the runner's scratch disk fills up on Fridays\n"
    dry = cli(command, str(home), input=lesson)
    assert dry.exit_code == 0 and hint in dry.stdout, dry.output
    done = cli(command, str(home), "--apply", input=lesson)
    assert done.exit_code == 0, done.output
    assert done.stdout == dry.stdout.replace(hint, "")  # the plan, as the dry run showed it
    assert not WRITTEN.search(done.stdout)
    assert re.fullmatch(said, done.stderr), done.stderr


@pytest.mark.parametrize("command", CASES)
def test_apply_as_json_says_what_it_wrote_on_stderr(cli, tmp_path, command):
    home = trial_home(tmp_path / "home")
    done = cli(command, str(home), "--apply", "--format", "json", input="Lesson: a new lesson\n")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["applied"] is True
    assert done.stderr.splitlines()[-1].startswith("wrote ")


def test_split_says_on_stderr_that_its_archive_copy_holds_credentials(cli, tmp_path):
    """The copy of the original is a write: once applied, what it holds is said on stderr,
    before `wrote N files`; the dry run's plan says what --apply will copy."""
    home = tmp_path / "home"
    home.mkdir()
    facts = "".join(f"- fact {i} about the fleet and its deploys\n" for i in range(30))
    (home / "MEMORY.md").write_text("# Memory\n\n## Keys\n\n- ci: ghp_" + "a1B2c3D4e5" * 3 + "abcdef\n\n"
                                    f"## Fleet\n\nFirst sentence.\n{facts}")
    dry = cli("split", str(home))
    assert "--apply first copies MEMORY.md to archive/" in dry.stdout
    done = cli("split", str(home), "--apply")
    assert done.exit_code == 0, done.output
    (copy,) = (home / "archive").glob("MEMORY.*.md")
    assert done.stderr.splitlines() == [
        f"original copied to archive/{copy.name}",
        f"archive/{copy.name}, the copy of the original, holds 1 possible credential as MEMORY.md did (MEMORY.md:5 "
        "ghp_…); `memctl undo` takes the split back, the copy too; else delete the copy when you no longer need it",
        "wrote 3 files"]
    assert "copy" not in done.stdout and "possible credential" not in done.stdout
