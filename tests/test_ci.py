"""memctl in CI: the GitHub Action's step, the pre-commit hook, and what GitHub shows."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from ruamel.yaml import YAML

from .conftest import ROOT

BIN = str(Path(sys.executable).parent)


def run_action(tmp_path: Path, path: str, fmt: str = "github",
               args: str = "") -> tuple[subprocess.CompletedProcess[str], Path]:
    summary = tmp_path / "summary.md"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "GITHUB_STEP_SUMMARY": str(summary),
           "MEMCTL_PATH": path, "MEMCTL_FORMAT": fmt, "MEMCTL_ARGS": args, "MEMCTL_SARIF": str(tmp_path / "r.sarif"),
           "MEMCTL_TODAY": "2026-11-29"}
    result = subprocess.run(["bash", str(ROOT / "action" / "lint.sh")], capture_output=True, text=True, env=env,
                            cwd=ROOT, check=False)
    return result, summary


def many_findings(root: Path) -> Path:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# I\n" + "".join(f"- [gone {n}](topics/gone{n}.md)\n" for n in range(14)))
    for n in range(12):
        (root / "topics" / f"stray{n}.md").write_text(f"# Stray {n}\n")
    return root


def test_the_action_annotates_at_most_ten_of_each_type_errors_first_and_summarizes_all(tmp_path):
    home = many_findings(tmp_path / "home")
    result, summary = run_action(tmp_path, str(home))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    errors = [line for line in lines if line.startswith("::error ")]
    warnings = [line for line in lines if line.startswith("::warning ")]
    assert len(errors) == 10 and len(warnings) == 10 and lines.index(warnings[0]) > lines.index(errors[-1])
    assert lines[-1].startswith("::notice title=memctl::6 more findings are not annotated")
    table = summary.read_text()
    assert table.startswith("### memctl lint: 14 errors, 12 warnings in 13 files (13 checked)")
    assert table.count("| ❌ | MEM301 |") == 14 and table.count("| ⚠️ | MEM302 |") == 12


def test_the_action_writes_sarif_with_fingerprints(tmp_path):
    import json

    home = many_findings(tmp_path / "home")
    result, _ = run_action(tmp_path, str(home), fmt="sarif", args="--select MEM301")
    assert result.returncode == 1
    results = json.loads((tmp_path / "r.sarif").read_text())["runs"][0]["results"]
    prints = {r["partialFingerprints"]["memctl/v1"] for r in results}
    assert len(results) == 14 and len(prints) == 14


def test_action_yml_runs_the_script_it_ships():
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text())
    steps = action["runs"]["steps"]
    assert action["runs"]["using"] == "composite" and 'pip install --quiet "$GITHUB_ACTION_PATH"' in steps[0]["run"]
    assert "action/lint.sh" in steps[1]["run"] and set(action["inputs"]) == {"path", "format", "sarif-file", "args"}


def test_the_pre_commit_hook_lints_the_folder_named_in_args(tmp_path):
    hook = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text())[0]
    repo = tmp_path / "repo"
    (repo / "memory").mkdir(parents=True)
    (repo / "memory" / "MEMORY.md").write_text("# Memory\n- [gone](topics/gone.md)\n")
    command = [f"{BIN}/{shlex.split(hook['entry'])[0]}", *shlex.split(hook["entry"])[1:], "memory/"]  # args: [memory/]
    assert hook["pass_filenames"] is False
    failing = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert failing.returncode == 1 and "memory/MEMORY.md:2:10: MEM301" in failing.stdout
    (repo / "memory" / "MEMORY.md").write_text("# Memory\n")
    assert subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False).returncode == 0
