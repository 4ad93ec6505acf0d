"""Where memctl writes a file the user names for its output: a plan (`--plan-out`) or a report
(`report -o`, `lint --output-file`). One check (`memctl.cli.common.check_output`) refuses, one
line and exit 2, nothing written: a file memctl reads or manages for the home (index, topic,
archive, config, the host's context and bootstrap files, wherever they lie), anything in `.git/`
or `.memctl/`, and a symlink (found by a new-user trial: `split --plan-out MEMORY.md` replaced the
index with the JSON plan, exit 0)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

HOMES = FIXTURES / "homes"
PLAN_COMMANDS = ("split", "consolidate", "rollup")


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")


def snapshot(root: Path) -> dict[str, tuple[bytes | str, int]]:
    """Every file and link under `root`: its bytes (a link: where it points) and its mode."""
    found: dict[str, tuple[bytes | str, int]] = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            found[str(path)] = (os.readlink(path), info.st_mode)
        elif path.is_file():
            found[str(path)] = (path.read_bytes(), info.st_mode)
    return found


def refused(result, target: Path, why: str) -> None:
    assert (result.exit_code, result.stdout) == (2, ""), result.output
    assert result.stderr.startswith(f"error: {target}: ") and why in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr


def arc_repo(tmp_path: Path) -> Path:
    """Arc's agent repository: `.memctl.yaml` at its root names `memory/MEMORY.md` and the context
    files SOUL.md, CLAUDE.md and skills/*/SKILL.md, all outside the home (`memory/`)."""
    repo = tmp_path / "repo"
    shutil.copytree(HOMES / "arc-repo", repo)
    (repo / ".git" / "hooks").mkdir(parents=True)
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return repo


@pytest.mark.parametrize("command", PLAN_COMMANDS)
@pytest.mark.parametrize(("target", "why"), [
    ("memory/MEMORY.md", "is a file of the memory home"),
    ("memory/topics/deploys.md", "is a file of the memory home"),
    ("memory/.memctl.yaml", "is a file of the memory home"),
    ("memory/.memctl/plan.json", "is a file of the memory home"),
    ("memory/archive/plan.md", "is a file of the memory home"),
    (".memctl.yaml", "is a file memctl reads for the memory home"),  # the config, outside the home
    ("SOUL.md", "is a file memctl reads for the memory home"),  # a context file
    ("CLAUDE.md", "is a file memctl reads for the memory home"),
    ("skills/deploy/SKILL.md", "is a file memctl reads for the memory home"),
    (".git/hooks/plan.json", "lies in a .git folder"),
    (".memctl/plan.json", "lies in a .memctl folder"),
    ("linked.json", "is a symlink"),
])
def test_plan_out_refuses_what_memctl_reads_and_writes_nothing(cli, tmp_path, command, target, why):
    repo = arc_repo(tmp_path)
    (repo / ".memctl").mkdir()
    (tmp_path / "elsewhere.json").write_text("{}\n")
    (repo / "linked.json").symlink_to(tmp_path / "elsewhere.json")
    assert (repo / "memory" / "topics" / "deploys.md").is_file()
    before = snapshot(tmp_path)
    result = cli(command, str(repo / "memory"), "--plan-out", str(repo / target))
    refused(result, repo / target, why)
    assert snapshot(tmp_path) == before


def test_split_plan_out_onto_the_index_leaves_it_whole(cli, tmp_path):
    """The trial's case: `memctl split H --plan-out H/MEMORY.md` (and a relative path)."""
    shutil.copytree(FIXTURES / "fat", tmp_path / "home")
    before = snapshot(tmp_path)
    refused(cli("split", str(tmp_path / "home"), "--plan-out", str(tmp_path / "home" / "MEMORY.md")),
            tmp_path / "home" / "MEMORY.md", "is a file of the memory home")
    os.chdir(tmp_path)
    refused(cli("split", "home", "--plan-out", "home/MEMORY.md"), Path("home/MEMORY.md"),
            "is a file of the memory home home (memctl writes a plan outside its memory files); nothing was written")
    assert snapshot(tmp_path) == before
    assert "nothing to take back" in cli("undo", str(tmp_path / "home"), "--list").output


def test_rollup_plan_out_onto_an_openclaw_bootstrap_file_is_refused(cli, tmp_path):
    shutil.copytree(HOMES / "openclaw" / "workspace", tmp_path / "ws")
    before = snapshot(tmp_path)
    for name in ("SOUL.md", "TOOLS.md", "HEARTBEAT.md"):  # bootstrap files OpenClaw injects
        result = cli("rollup", str(tmp_path / "ws"), "--plan-out", str(tmp_path / "ws" / name))
        assert (result.exit_code, result.stdout) == (2, ""), (name, result.output)
        assert len(result.stderr.splitlines()) == 1 and "nothing was written" in result.stderr
    assert snapshot(tmp_path) == before


def test_plan_out_refuses_the_hosts_own_folder_in_the_home(cli, tmp_path):
    """Volute keeps its settings (memory budgets memctl reads) in the mind's `.config/config.json`."""
    shutil.copytree(HOMES / "volute" / "home", tmp_path / "home")
    before = snapshot(tmp_path)
    target = tmp_path / "home" / ".config" / "config.json"
    refused(cli("rollup", str(tmp_path / "home"), "--plan-out", str(target)), target,
            f"lies in .config/ of the memory home {tmp_path / 'home'}, a folder memctl never writes in")
    assert snapshot(tmp_path) == before


def test_plan_out_refuses_a_claude_code_file_outside_the_auto_memory(cli, tmp_path, monkeypatch):
    """Claude Code's start-up loads the project's CLAUDE.md and ~/.claude/CLAUDE.md, outside the
    auto-memory folder: a plan is not written over either."""
    shutil.copytree(HOMES / "claude-code", tmp_path / "cc")
    home, project = tmp_path / "cc" / "home", tmp_path / "cc" / "project" / "acme-billing"
    (project / ".git").mkdir()
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    projects = home / ".claude" / "projects"
    memory = projects / re.sub(r"[^a-zA-Z0-9]", "-", str(project)) / "memory"
    (projects / "-work-acme-billing").rename(memory.parent)
    monkeypatch.setenv("HOME", str(home))
    before = snapshot(tmp_path)
    for target in (project / "CLAUDE.md", home / ".claude" / "CLAUDE.md"):
        refused(cli("split", str(memory), "--plan-out", str(target)), target, "is a file memctl reads for the memory")
    assert snapshot(tmp_path) == before


def test_plan_out_refuses_the_config_named_by_config(cli, tmp_path):
    shutil.copytree(FIXTURES / "fat", tmp_path / "home")
    config = tmp_path / "memctl.yaml"
    config.write_text("core: [Critical flags]\n")
    before = snapshot(tmp_path)
    refused(cli("split", str(tmp_path / "home"), "--config", str(config), "--plan-out", str(config)), config,
            "is a file memctl reads for the memory home")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("command", PLAN_COMMANDS)
def test_plan_out_outside_the_memory_is_still_written(cli, tmp_path, command):
    repo = arc_repo(tmp_path)
    for plan in (tmp_path / "plan.json", repo / "memory" / "plan.json"):  # not a file memctl reads
        result = cli(command, str(repo / "memory"), "--plan-out", str(plan))
        assert result.exit_code == 0, result.output
        assert not plan.exists() or plan.read_text().startswith('{\n "memctl_plan": 1')


@pytest.mark.parametrize("args", [("report", "{home}", "-o", "{target}"),
                                  ("lint", "{home}", "--output-file", "{target}")])
@pytest.mark.parametrize(("target", "why"), [(".memctl.yaml", "is a file memctl reads for the memory home"),
                                             ("SOUL.md", "is a file memctl reads for the memory home"),
                                             ("linked.json", "is a symlink")])
def test_report_files_are_refused_by_the_same_check(cli, tmp_path, args, target, why):
    repo = arc_repo(tmp_path)
    (tmp_path / "elsewhere.json").write_text("{}\n")
    (repo / "linked.json").symlink_to(tmp_path / "elsewhere.json")
    before = snapshot(tmp_path)
    result = cli(*(a.format(home=repo / "memory", target=repo / target) for a in args))
    refused(result, repo / target, why)
    assert snapshot(tmp_path) == before
