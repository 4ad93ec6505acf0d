"""A report written into a memory home's folder: the GitHub Action's SARIF default goes outside the
checkout, and the refusal gives the home's own host's reason (trial 8, r10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ruamel.yaml import YAML

from .conftest import ROOT

BIN = str(Path(sys.executable).parent)


def root_home(repo: Path) -> Path:
    """A repository whose memory home is its root: MEMORY.md at the top."""
    (repo / "topics").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "MEMORY.md").write_text("# Memory\n\n- [a](topics/a.md) — a\n")
    (repo / "topics" / "a.md").write_text("# a\n")
    return repo


def action_env(tmp_path: Path, **inputs: str) -> dict[str, str]:
    """The environment action.yml gives action/lint.sh: each input, its default where not given."""
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text())
    names = {"path": "MEMCTL_PATH", "format": "MEMCTL_FORMAT", "sarif-file": "MEMCTL_SARIF", "args": "MEMCTL_ARGS"}
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCTL_")}
    env.update({names[name]: str(inputs.get(name.replace("-", "_"), spec["default"]))
                for name, spec in action["inputs"].items()})
    (tmp_path / "runner-temp").mkdir()
    env.update(PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", RUNNER_TEMP=str(tmp_path / "runner-temp"),
               GITHUB_OUTPUT=str(tmp_path / "github-output"), MEMCTL_CACHE_DIR=str(tmp_path / "cache"))
    return env


def test_the_action_s_sarif_defaults_work_on_a_repository_whose_root_is_the_home(tmp_path):
    repo = root_home(tmp_path / "repo")
    result = subprocess.run(["bash", str(ROOT / "action" / "lint.sh")], capture_output=True, text=True,
                            env=action_env(tmp_path, format="sarif"), cwd=repo, check=False)
    assert result.returncode == 0, result.stderr
    report = tmp_path / "runner-temp" / "memctl.sarif"
    assert json.loads(report.read_text())["version"] == "2.1.0"
    assert (tmp_path / "github-output").read_text() == f"sarif-file={report}\n"
    assert sorted(p.name for p in repo.iterdir()) == [".git", "MEMORY.md", "topics"]  # nothing written in the home
    assert f"the SARIF report goes to {report}" in result.stderr


def test_action_yml_passes_the_sarif_file_on_as_its_output():
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text())
    (step,) = [s for s in action["runs"]["steps"] if "action/lint.sh" in s.get("run", "")]
    assert action["outputs"]["sarif-file"]["value"] == f"${{{{ steps.{step['id']}.outputs.sarif-file }}}}"
    assert step["env"]["MEMCTL_SARIF"] == "${{ inputs.sarif-file }}" and action["inputs"]["sarif-file"]["default"] == ""


def test_a_sarif_file_named_in_the_workflow_is_written_there(tmp_path):
    repo = root_home(tmp_path / "repo")
    (tmp_path / "out").mkdir()
    named = tmp_path / "out" / "m.sarif"
    result = subprocess.run(["bash", str(ROOT / "action" / "lint.sh")], capture_output=True, text=True,
                            env=action_env(tmp_path, format="sarif", sarif_file=str(named)), cwd=repo, check=False)
    assert result.returncode == 0, result.stderr
    assert named.is_file() and (tmp_path / "github-output").read_text() == f"sarif-file={named}\n"


def test_the_refusal_gives_the_home_s_host_s_reason_not_openclaw_s(cli, tmp_path, monkeypatch):
    repo = root_home(tmp_path / "repo")
    monkeypatch.chdir(repo)
    result = cli("lint", ".", "--format", "sarif", "--output-file", "memctl.sarif")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("error: memctl.sarif: lies in the memory home ., whose folder is the memory's; memctl "
                             "writes a report outside it; nothing was written\n")
    (repo / "AGENTS.md").write_text("# Agents\n")  # two bootstrap files: an OpenClaw workspace
    (repo / "SOUL.md").write_text("# Soul\n")
    openclaw = cli("lint", ".", "--format", "sarif", "--output-file", "memctl.sarif")
    assert openclaw.exit_code == 2 and openclaw.stderr == (
        "error: memctl.sarif: lies in the memory home ., whose folder is the memory's and its host's (OpenClaw keeps "
        "state files there); memctl writes a report outside it; nothing was written\n")
    assert not (repo / "memctl.sarif").exists()


def test_a_home_read_already_is_refused_in_its_host_s_words(cli, tmp_path, monkeypatch):
    """`split --plan-out` checks the file with the home read: its host's reason, whatever the folder says."""
    home = tmp_path / "mind" / "home"
    (home / ".config").mkdir(parents=True)
    (home / ".config" / "config.json").write_text('{"memory": {}}\n')
    (home / "MEMORY.md").write_text("# Memory\n\n## A\n- a\n")
    monkeypatch.chdir(home)
    result = cli("split", ".", "--plan-out", "plan.json")
    assert result.exit_code == 2
    assert result.stderr == ("error: plan.json: lies in the memory home ., whose folder is the memory's and its "
                             "host's (Volute keeps the mind's own files there: .config/, .local/hooks/, "
                             "memory/journal/); memctl writes a plan outside it; nothing was written\n")
