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
    home, project, memory = claude_code_trial(tmp_path, monkeypatch)
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
    for plan in (tmp_path / "plan.json", repo / "plan.json"):  # not a file memctl reads, outside the home's folder
        result = cli(command, str(repo / "memory"), "--plan-out", str(plan))
        assert result.exit_code == 0, result.output
        assert not plan.exists() or plan.read_text().startswith('{\n "memctl_plan": 1')


@pytest.mark.parametrize("args", [("report", "{home}", "-o", "{target}"),
                                  ("lint", "{home}", "--output-file", "{target}")])
@pytest.mark.parametrize(("target", "why"), [(".memctl.yaml", "is a file memctl reads for the memory home"),
                                             ("SOUL.md", "is a file name a host loads at start"),  # checked
                                             # before the home is read (then: "a file memctl reads for it")
                                             ("linked.json", "is a symlink")])
def test_report_files_are_refused_by_the_same_check(cli, tmp_path, args, target, why):
    repo = arc_repo(tmp_path)
    (tmp_path / "elsewhere.json").write_text("{}\n")
    (repo / "linked.json").symlink_to(tmp_path / "elsewhere.json")
    before = snapshot(tmp_path)
    result = cli(*(a.format(home=repo / "memory", target=repo / target) for a in args))
    refused(result, repo / target, why)
    assert snapshot(tmp_path) == before


def claude_code_trial(tmp_path: Path, monkeypatch) -> tuple[Path, Path, Path]:
    """Claude Code's auto memory under a HOME of its own, with the project (a git repository with
    `.claude/settings.json`) and `~/.claude/settings.json`: (home, project, memory)."""
    shutil.copytree(HOMES / "claude-code", tmp_path / "cc")
    home, project = tmp_path / "cc" / "home", tmp_path / "cc" / "project" / "acme-billing"
    (project / ".git").mkdir()
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    projects = home / ".claude" / "projects"
    memory = projects / re.sub(r"[^a-zA-Z0-9]", "-", str(project)) / "memory"
    (projects / "-work-acme-billing").rename(memory.parent)
    (memory.parent / "7c1e9b2a-4d0f-4a55-9a61-0f3b2d7e8c11.jsonl").write_text('{"type": "user"}\n')
    (home / ".claude" / "settings.json").write_text('{"model": "opus"}\n')
    (project / ".claude").mkdir(exist_ok=True)
    (project / ".claude" / "settings.json").write_text('{"permissions": {}}\n')
    (project / ".claude" / "rules").mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    return home, project, memory


@pytest.mark.parametrize(("target", "why"), [
    ("{home}/.claude/settings.json", "lies in a .claude/ folder, a host's own"),
    ("{memory}/../7c1e9b2a-4d0f-4a55-9a61-0f3b2d7e8c11.jsonl", "lies in a .claude/ folder, a host's own"),
    ("{project}/.claude/settings.json", "lies in a .claude/ folder, a host's own"),
    ("{project}/.claude/settings.local.json", "lies in a .claude/ folder, a host's own"),  # not there yet
    ("{project}/.claude/rules/plan.md", "lies in a .claude/ folder, a host's own"),  # would load at start
    ("{project}/CLAUDE.local.md", "is a file name a host loads at start"),  # not there yet: would load at start
    ("{project}/sub/AGENTS.md", "is a file name a host loads at start"),
    ("{memory}/notes.json", "lies in the memory home"),  # not a markdown file, still the home's folder
])
def test_plan_out_refuses_claude_codes_own_files_and_start_up_names(cli, tmp_path, monkeypatch, target, why):
    """The trial's r01: a plan over Claude Code's settings, a session transcript, or made as a file
    Claude Code loads at start (CLAUDE.local.md, .claude/rules/plan.md), the whole memory verbatim."""
    home, project, memory = claude_code_trial(tmp_path, monkeypatch)
    (project / "sub").mkdir()
    path = Path(target.format(home=home, project=project, memory=memory))
    before = snapshot(tmp_path)
    refused(cli("split", str(memory), "--plan-out", str(path)), path, why)
    assert snapshot(tmp_path) == before


def test_plan_out_in_the_project_root_outside_the_memory_is_written(cli, tmp_path, monkeypatch):
    _, project, memory = claude_code_trial(tmp_path, monkeypatch)
    os.chdir(project)
    result = cli("split", str(memory), "--plan-out", "plan.json")
    assert result.exit_code == 0, result.output
    assert (project / "plan.json").read_text().startswith('{\n "memctl_plan": 1')


def test_report_outputs_refuse_another_home_openclaws_files_and_a_bare_repository(cli, tmp_path):
    """lint --output-file onto another home's MEMORY.md, report -o onto ~/.openclaw/openclaw.json,
    rollup --plan-out onto the workspace's memory/heartbeat-state.json, lint into a bare repository."""
    shutil.copytree(FIXTURES / "fat", tmp_path / "one")
    shutil.copytree(FIXTURES / "fat", tmp_path / "two")
    claw = tmp_path / "h" / ".openclaw"
    shutil.copytree(HOMES / "openclaw" / "workspace", claw / "workspace")
    (claw / "openclaw.json").write_text("{}\n")
    (claw / "workspace" / "memory").mkdir(exist_ok=True)
    (claw / "workspace" / "memory" / "heartbeat-state.json").write_text("{}\n")
    bare = tmp_path / "bare.git"
    for folder in ("objects", "refs/heads"):
        (bare / folder).mkdir(parents=True)
    (bare / "HEAD").write_text("ref: refs/heads/main\n")
    (bare / "config").write_text("[core]\n\tbare = true\n")
    before = snapshot(tmp_path)
    for args, target, why in (
            (("lint", str(tmp_path / "one"), "--output-file"), tmp_path / "two" / "MEMORY.md", "a memory home"),
            (("lint", str(tmp_path / "one"), "--output-file"), tmp_path / "two" / "plan.txt", "a memory home"),
            (("report", str(tmp_path / "one"), "-o"), claw / "openclaw.json", "lies in a .openclaw/ folder"),
            (("rollup", str(claw / "workspace"), "--plan-out"), claw / "workspace" / "memory" / "heartbeat-state.json",
             "lies in the memory home"),
            (("lint", str(tmp_path / "one"), "--output-file"), bare / "config", "a git repository's own folder"),
            (("lint", str(tmp_path / "one"), "--output-file"), bare / "refs" / "new", "a git repository's own folder")):
        refused(cli(*args, str(target)), target, why)
    assert snapshot(tmp_path) == before


def test_plan_out_onto_a_hard_link_of_the_index_is_refused_and_its_mode_kept(cli, tmp_path):
    """The trial's r02: `ln MEMORY.md plan.json; split --plan-out plan.json` chmodded the index 0600."""
    shutil.copytree(FIXTURES / "fat", tmp_path / "home")
    index = tmp_path / "home" / "MEMORY.md"
    index.chmod(0o644)
    os.link(index, tmp_path / "plan.json")
    before = snapshot(tmp_path)
    refused(cli("split", str(tmp_path / "home"), "--plan-out", str(tmp_path / "plan.json")), tmp_path / "plan.json",
            "is a file memctl reads for the memory home")
    assert snapshot(tmp_path) == before
    assert index.stat().st_mode & 0o777 == 0o644


def test_a_plan_replacing_an_ordinary_file_is_0600_and_the_old_file_untouched(cli, tmp_path):
    """No chmod lands on the name before the write: another name of the old file keeps its mode."""
    shutil.copytree(FIXTURES / "fat", tmp_path / "home")
    (tmp_path / "old.json").write_text("{}\n")
    (tmp_path / "old.json").chmod(0o644)
    os.link(tmp_path / "old.json", tmp_path / "plan.json")
    assert cli("split", str(tmp_path / "home"), "--plan-out", str(tmp_path / "plan.json")).exit_code == 0
    assert (tmp_path / "plan.json").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "old.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "old.json").read_text() == "{}\n"


@pytest.mark.parametrize("command", PLAN_COMMANDS)
def test_plan_out_dash_is_refused_and_writes_no_file_named_dash(cli, tmp_path, command):
    """The trial's r12: `split --plan-out -` wrote a file named `-` (where `report -o -` means
    stdout). A plan holds the files verbatim, credentials too: it goes to a 0600 file, never stdout."""
    repo = arc_repo(tmp_path)
    os.chdir(tmp_path)
    before = snapshot(tmp_path)
    result = cli(command, str(repo / "memory"), "--plan-out", "-")
    refused(result, Path("-"), "--plan-out takes a file")
    assert snapshot(tmp_path) == before and not (tmp_path / "-").exists()


@pytest.mark.parametrize(("target", "command"), [
    ("settings.json", ("report", "{memory}", "-o")),
    ("projects/{slug}/7c1e9b2a-4d0f-4a55-9a61-0f3b2d7e8c11.jsonl", ("lint", "{memory}", "--output-file")),
    ("projects/{slug}/notes.html", ("report", "{memory}", "-o")),  # not there yet
    ("rules/plan.md", ("split", "{memory}", "--plan-out")),  # would load at start, as ~/.claude/rules/ does
    ("plan.json", ("split", "{memory}", "--plan-out")),
])
def test_output_is_refused_in_the_folder_claude_config_dir_names(cli, tmp_path, monkeypatch, target, command):
    """Claude Code's own folder is `$CLAUDE_CONFIG_DIR` when that is set (docs/hosts.md), whatever
    its name: `report -o $CLAUDE_CONFIG_DIR/settings.json` replaced Claude Code's settings with the
    HTML report, exit 0, where `~/.claude/settings.json` is refused."""
    home, project, memory = claude_code_trial(tmp_path, monkeypatch)
    config = tmp_path / "claude-config"
    (home / ".claude").rename(config)  # the user's Claude Code folder, moved
    memory = config / memory.relative_to(home / ".claude")
    (config / "rules").mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    path = config / target.format(slug=memory.parent.name)
    before = snapshot(tmp_path)
    result = cli(*(a.format(memory=memory) for a in command), str(path))
    refused(result, path, f"lies in {config}, Claude Code's own folder ($CLAUDE_CONFIG_DIR: its settings, "
                          "sessions and rules); memctl writes no ")
    assert snapshot(tmp_path) == before
    beside = tmp_path / "report.html"  # outside it, as before
    assert cli("report", str(memory), "-o", str(beside)).exit_code == 0 and beside.exists()


def test_output_is_refused_in_the_folder_codex_home_names(cli, tmp_path, monkeypatch):
    """The same for Codex's `$CODEX_HOME` (its config.toml, sessions, global AGENTS.md)."""
    codex = tmp_path / "codex-home"
    codex.mkdir()
    (codex / "config.toml").write_text('model = "o4"\n')
    monkeypatch.setenv("CODEX_HOME", str(codex))
    shutil.copytree(HOMES / "recipes", tmp_path / "recipes")
    before = snapshot(tmp_path)
    result = cli("lint", str(tmp_path / "recipes"), "--output-file", str(codex / "config.toml"))
    refused(result, codex / "config.toml", f"lies in {codex}, Codex's own folder ($CODEX_HOME: ")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("target", "why"), [
    ("memory/MEMORY.md", "is a file of the memory home"),
    ("memory/topics/manifest.json", "lies in the memory home"),
    ("SOUL.md", "is a file memctl reads for the memory home"),
    (".git/hooks/manifest.json", "lies in a .git folder"),
])
def test_assemble_manifest_is_checked_as_every_report_is(cli, tmp_path, capsys, target, why):
    """Seen on the way: `assemble --manifest FILE` (a report, docs/safety.md) passed no check, so
    `--manifest MEMORY.md` replaced the index with the JSON, exit 0. It is refused as `report -o` is,
    on both command-line paths, nothing written and no bundle printed."""
    from memctl.cli import fast

    repo = arc_repo(tmp_path)
    path = repo / target
    before = snapshot(tmp_path)
    refused(cli("assemble", str(repo / "memory"), "--manifest", str(path)), path, why)
    assert fast.run_assemble([str(repo / "memory"), "--manifest", str(path)]) == 2
    out, said = capsys.readouterr()
    assert out == "" and said.startswith(f"error: {path}: ") and why in said
    assert snapshot(tmp_path) == before
    beside = tmp_path / "manifest.json"
    assert cli("assemble", str(repo / "memory"), "--manifest", str(beside)).exit_code == 0
    assert beside.read_text().startswith('{\n  "tokenizer"')
