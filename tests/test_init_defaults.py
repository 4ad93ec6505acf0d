"""`memctl init`'s commented lines are the defaults as they stand: uncommenting one changes nothing."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from .conftest import FIXTURES
from .test_more_hosts import make

COMMENTED_KEY = re.compile(r"^# ([a-z_]+): ")


def _status(cli, home: Path) -> dict:
    result = cli("status", str(home), "--format", "json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_the_claude_code_topics_default_init_writes_is_claude_code_s(cli, tmp_path):
    """The trial: in an auto-memory folder of four memories, `init` wrote `# topics:
    ["topics/**/*.md", "memory/**/*.md"]`; uncommenting that "default" took status from 4 topics to
    none of them (238 to 199 in a larger home). Claude Code's default is every `.md` of the folder."""
    home = tmp_path / "home" / ".claude" / "projects" / "-work-app" / "memory"
    home.mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- [a](a.md) — a\n")
    for name in "abcd":
        (home / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {name}\ntype: project\n---\n\n- {name}\n")
    done = cli("init", str(home))
    assert done.exit_code == 0, done.stderr
    config = (home / ".memctl.yaml").read_text()
    assert '\n# topics: ["**/*.md"]  # the default for this home: topic files\n' in config
    assert "\n# context: []  # files the host loads besides the memory, e.g. [../SOUL.md]\n" in config
    before = _status(cli, home)
    (home / ".memctl.yaml").write_text(config.replace("\n# topics:", "\ntopics:"))
    after = _status(cli, home)
    assert len(before["topics"]) == len(after["topics"]) == 4


HOMES = {"claude-code": "homes/claude-code/home/.claude/projects/-work-acme-billing/memory",
         "openclaw": "homes/openclaw/workspace", "volute": "homes/volute/home", "generic": "homes/recipes",
         "codex": "monorepo/services/payments/api", "gemini": "webapp/frontend"}


def _home(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the host's fixture home (fixtures/homes, or a homes2 project with HOME its own)."""
    if name in ("codex", "gemini"):
        root = make(tmp_path, name)
        monkeypatch.setenv("HOME", str(root / "home"))
        return root / HOMES[name]
    top = HOMES[name].split("/")[1]
    shutil.copytree(FIXTURES / "homes" / top, tmp_path / top)
    return tmp_path / HOMES[name].split("/", 1)[1]


@pytest.mark.parametrize("name", HOMES)
def test_uncommenting_every_line_init_commented_changes_nothing(cli, tmp_path, monkeypatch, name):
    """A commented line of the config `init` writes holds the default (examples follow `e.g.`), so a
    user who uncomments it, to edit it later, gets the same home: the same status, to the byte."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    home = _home(name, tmp_path, monkeypatch)
    done = cli("init", str(home))
    assert done.exit_code == 0, done.stderr
    config = home / ".memctl.yaml"
    written = config.read_text()
    keys = [m.group(1) for line in written.splitlines() if (m := COMMENTED_KEY.match(line))]
    assert "topics" in keys and "budgets" in keys
    as_written = _status(cli, home)
    config.write_text("\n".join(line[2:] if COMMENTED_KEY.match(line) else line for line in written.splitlines()))
    assert _status(cli, home) == as_written
