"""What the paths a config names may reach (a new-user trial: r04, a committed `memory/.memctl.yaml`
with `context: ["/etc/*", "/root/.*"]` made `status` and `report` read and list 69 files outside the
checkout; r17, `lessons:` and `map:` outside the home were refused without naming the config's line).

`context:` files may lie beside the memory (CLAUDE.md, SOUL.md, skills/*/SKILL.md) but not outside
the repository that holds the home, or, outside git, the folder that holds it: a glob that reaches
further is dropped with a warning naming the file and line, as a topics glob outside the home is; a
file a glob finds that a symlink leads out of it is not read. A file memctl writes (`lessons`, a
`map` entry) outside the home is an error naming the file and line.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

SECRET = "SECRET-OUTSIDE-THE-CHECKOUT"


def _git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """r04: a repository whose committed memory/.memctl.yaml names context files; beside the
    checkout, files that are not the repository's."""
    base = Path(os.path.realpath(tmp_path))
    outside = base / "outside"
    outside.mkdir()
    (outside / "id_rsa").write_text(f"{SECRET}\n")
    (outside / "notes.md").write_text(f"# Notes\n\n{SECRET}\n")
    repo = base / "repo"
    (repo / "memory").mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "memory" / "MEMORY.md").write_text("# Memory\n\n- x\n")
    (repo / "CLAUDE.md").write_text("# Project\n\nRun the tests before pushing.\n")
    return repo


def _commit(repo: Path, config: str) -> Path:
    cfg = repo / "memory" / ".memctl.yaml"
    cfg.write_text(config)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a stranger's pull request")
    return cfg


def test_a_committed_context_glob_outside_the_checkout_is_ignored_with_its_line(cli, checkout):
    outside = checkout.parent / "outside"
    cfg = _commit(checkout, f'context:\n  - ../CLAUDE.md\n  - "{outside}/*"\n  - ../../outside/*\n  - "~/.*"\n')
    status = cli("status", str(checkout / "memory"), "--format", "json")
    assert status.exit_code == 0
    data = json.loads(status.stdout)
    assert [f["path"] for f in data["context"]["files"]] == [f"{checkout}/CLAUDE.md"]  # inside the checkout: counted
    where = f"outside the repository that holds the home ({checkout}); ignored"
    assert status.stderr == (f"warning: {cfg}:3: context glob '{outside}/*' points {where}\n"
                             f"warning: {cfg}:4: context glob '../../outside/*' points {where}\n"
                             f"warning: {cfg}:5: context glob '~/.*' points {where}\n")
    assert "id_rsa" not in status.stdout and "notes.md" not in status.stdout
    text = cli("status", str(checkout / "memory"))
    assert text.exit_code == 0 and "id_rsa" not in text.stdout
    report = cli("report", str(checkout / "memory"))
    assert report.exit_code == 0
    assert "id_rsa" not in report.stdout and "outside/notes.md" not in report.stdout


def test_the_trials_etc_and_root_globs_list_nothing(cli, checkout):
    cfg = _commit(checkout, 'context: ["/etc/*", "/root/.*"]\n')
    status = cli("status", str(checkout / "memory"), "--format", "json")
    assert status.exit_code == 0
    assert json.loads(status.stdout)["context"] == {"files": [], "problems": []}
    assert status.stderr.splitlines() == [
        f"warning: {cfg}:1: context glob '{g}' points outside the repository that holds the home ({checkout}); "
        "ignored" for g in ("/etc/*", "/root/.*")]


def test_a_symlink_inside_the_checkout_that_leads_out_of_it_is_not_read(cli, checkout):
    (checkout / "SOUL.md").symlink_to(checkout.parent / "outside" / "notes.md")
    (checkout / "skills" / "deploy").mkdir(parents=True)
    (checkout / "skills" / "deploy" / "SKILL.md").write_text("# Deploy\n\nShip it.\n")
    (checkout / "skills" / "leak").symlink_to(checkout.parent / "outside")
    (checkout.parent / "outside" / "SKILL.md").write_text(f"{SECRET}\n")
    _commit(checkout, "context: [../SOUL.md, ../skills/*/SKILL.md]\n")
    status = cli("status", str(checkout / "memory"), "--format", "json")
    assert status.exit_code == 0
    context = json.loads(status.stdout)["context"]
    assert [f["path"] for f in context["files"]] == [f"{checkout}/skills/deploy/SKILL.md"]
    where = f"resolves outside the repository that holds the home ({checkout}); not read"
    assert context["problems"] == [f"context '../SOUL.md': {checkout}/SOUL.md {where}",
                                   f"context '../skills/*/SKILL.md': {checkout}/skills/leak/SKILL.md {where}"]
    bundle = cli("assemble", str(checkout / "memory"), "--budget", "1000")
    assert bundle.exit_code == 0 and SECRET not in bundle.stdout


def test_outside_git_context_files_lie_in_the_folder_that_holds_the_home(cli, tmp_path):
    """An agent folder that is no repository: `agent/memory/.memctl.yaml` names `../SOUL.md`."""
    base = Path(os.path.realpath(tmp_path))
    agent = base / "agent"
    (agent / "memory").mkdir(parents=True)
    (agent / "memory" / "MEMORY.md").write_text("# Memory\n\n- x\n")
    (agent / "SOUL.md").write_text("# Soul\n\nBe brief.\n")
    (base / "elsewhere.md").write_text(f"{SECRET}\n")
    cfg = agent / "memory" / ".memctl.yaml"
    cfg.write_text("context: [../SOUL.md, ../../elsewhere.md]\n")
    status = cli("status", str(agent / "memory"), "--format", "json")
    assert status.exit_code == 0
    assert [f["path"] for f in json.loads(status.stdout)["context"]["files"]] == [f"{agent}/SOUL.md"]
    assert status.stderr == (f"warning: {cfg}:1: context glob '../../elsewhere.md' points outside the folder that "
                             f"holds the home ({agent}); ignored\n")


def test_a_config_beside_the_memory_folder_names_context_files_beside_it(cli, copy_fixture):
    """The arc-repo fixture outside git: its root `.memctl.yaml` names SOUL.md, CLAUDE.md and the skills,
    beside `memory/`, the home."""
    repo = copy_fixture("homes/arc-repo")
    assert not (repo / ".git").exists()
    (repo / ".memctl.yaml").write_text((repo / ".memctl.yaml").read_text() + "  - ../*.md\n")
    status = cli("status", str(repo), "--format", "json")
    assert status.exit_code == 0
    files = [os.path.relpath(f["path"], repo) for f in json.loads(status.stdout)["context"]["files"]]
    assert files[:2] == ["SOUL.md", "CLAUDE.md"] and all(f.startswith("skills/") for f in files[2:])
    assert status.stderr == (f"warning: {repo}/.memctl.yaml:8: context glob '../*.md' points outside the folder "
                             f"that holds the home ({repo}); ignored\n")


def test_context_bound_is_never_the_file_systems_root_nor_the_users_home(tmp_path, monkeypatch):
    from memctl.model.config import context_folder

    user = Path(os.path.realpath(tmp_path)) / "user"
    (user / "memory").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(user))
    assert context_folder(str(user / "memory"), str(user / "memory")) == (str(user / "memory"), "the home")
    assert context_folder(str(user / "memory"), str(user)) == (str(user / "memory"), "the home")
    deep = user / "agents" / "bot" / "memory"
    deep.mkdir(parents=True)
    assert context_folder(str(deep), str(user / "agents")) == (str(user / "agents"), "the config file's folder")
    assert context_folder(str(deep), str(deep)) == (str(user / "agents" / "bot"), "the folder that holds the home")
    (user / ".git").mkdir()  # a repository of dotfiles in ~ holds everything too
    assert context_folder(str(user / "memory"), None) == (str(user / "memory"), "the home")


# --- r17: a file to write outside the home names the config's line -------------------------------------

@pytest.fixture
def notes(tmp_path: Path) -> Path:
    base = Path(os.path.realpath(tmp_path))
    home = base / "h"
    home.mkdir()
    lines = "".join(f"- note {i} about the fleet and deploys\n" for i in range(30))
    (home / "MEMORY.md").write_text(f"# M\n\n## Notes\n\nFirst.\n{lines}")
    (base / "outside").mkdir()
    return home


def test_lessons_and_map_outside_the_home_name_the_config_and_line(cli, notes):
    cfg = notes / ".memctl.yaml"
    cfg.write_text('profile: generic\nlessons: ../outside/lessons.md\nmap: {"Notes": "../outside/mapped.md"}\n')
    capture = cli("capture", str(notes), "--apply", input="Lesson: x\n")
    assert capture.exit_code == 2
    assert capture.stdout == ""
    assert capture.stderr == (f"error: {cfg}:2: lessons '../outside/lessons.md' points outside the home; memctl "
                              "writes only inside it\n")
    cfg.write_text('profile: generic\nlessons: LESSONS.md\nmap:\n  Notes: ../outside/mapped.md\n')
    split = cli("split", str(notes), "--apply")
    assert split.exit_code == 2
    assert split.stdout == ""
    assert split.stderr == (f"error: {cfg}:4: map entry 'Notes' ('../outside/mapped.md') points outside the home; "
                            "memctl writes only inside it\n")
    assert os.listdir(notes.parent / "outside") == []
    assert sorted(os.listdir(notes)) == [".memctl.yaml", "MEMORY.md"]


def test_a_pyproject_lessons_outside_the_home_names_its_line(cli, notes):
    (notes / "pyproject.toml").write_text("[project]\nname = 'x'\n\n[tool.memctl]\nlessons = '/tmp/lessons.md'\n")
    result = cli("capture", str(notes), "--apply", input="Lesson: x\n")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {notes}/pyproject.toml:5: lessons '/tmp/lessons.md' points outside the home; "
                             "memctl writes only inside it\n")


def test_lessons_and_map_inside_the_home_still_work(cli, notes):
    (notes / "topics").mkdir()
    (notes / "topics" / "fleet.md").write_text("# Fleet\n\n- one.\n")
    (notes / ".memctl.yaml").write_text("profile: generic\nlessons: ./LESSONS.md\nmap: {Notes: topics/fleet.md}\n")
    capture = cli("capture", str(notes), "--apply", input="Lesson: pin the runner image.\n")
    assert capture.exit_code == 0, capture.stderr
    assert "pin the runner image" in (notes / "LESSONS.md").read_text()
    split = cli("split", str(notes), "--apply")
    assert split.exit_code == 0, split.stderr
    assert "note 29 about the fleet" in (notes / "topics" / "fleet.md").read_text()
