"""Findings from the field, each as the user hit it: an Arc repository's root config, consolidate on a
household's recipes, `--query` letting in a section for one common word in its heading, a month
roll-up that splits an ISO week, and `history` at 80 columns."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from memctl.model.config import load_config

HOMES = Path(__file__).resolve().parent.parent / "fixtures" / "homes"


def home_copy(tmp_path: Path, name: str) -> Path:
    """A private copy of a fixtures/homes home (they are read-only inputs)."""
    target = Path(os.path.realpath(tmp_path)) / name
    shutil.copytree(HOMES / name, target)
    return target


# --- 1. every path in a config is relative to the file that holds it --------------------------------

def test_arc_repo_status_from_the_root_and_from_memory_both_work_and_agree(tmp_path, cli, monkeypatch):
    repo = home_copy(tmp_path, "arc-repo")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    inside = cli("status", "memory/", "--format", "json")
    assert inside.exit_code == 0, inside.stderr  # was: error: memory/memory/MEMORY.md: no memory/MEMORY.md
    assert inside.stderr == ""
    root = cli("status", ".", "--format", "json")
    assert root.exit_code == 0 and root.stderr == ""
    a, b = json.loads(inside.stdout), json.loads(root.stdout)
    assert a["index"]["path"] == "MEMORY.md" and b["index"]["path"] == "memory/MEMORY.md"
    for key in ("lines", "bytes", "tokens", "load_cap"):
        assert a["index"][key] == b["index"][key]
    assert [(t["path"], t["tokens"]) for t in a["topics"]] == [
        (t["path"].removeprefix("memory/"), t["tokens"]) for t in b["topics"]]
    assert [t["path"] for t in a["topics"]] == ["topics/defi.md", "topics/deploys.md", "topics/incidents.md",
                                               "topics/publishing.md"]
    assert a["totals"] == b["totals"] and a["context"] == b["context"]
    assert [f["path"] for f in a["context"]["files"]][:2] == ["SOUL.md", "CLAUDE.md"]  # relative to the config
    lint = cli("lint", "memory/")
    assert (lint.exit_code, lint.stdout, lint.stderr) == (0, "All checks passed!\n", "")
    bundle = cli("assemble", "memory/", "--skill", "deploy")
    assert bundle.exit_code == 0
    assert "<!-- memctl: topics/deploys.md (skill deploy) -->" in bundle.stdout
    assert bundle.stderr.startswith("assembled 2 files, ")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose root config names its memory in memory/, and a folder beside it."""
    root = Path(os.path.realpath(tmp_path)) / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "memory" / "topics").mkdir(parents=True)
    (root / "memory" / "MEMORY.md").write_text("# Memory\n\n- [Deploys](topics/deploys.md)\n")
    (root / "memory" / "topics" / "deploys.md").write_text("# Deploys\n\n## Release\n\n- green on Fridays.\n")
    (root / "notes").mkdir()
    (root / "notes" / "secret.md").write_text("# Not memory\n")
    return root


ROOT_CONFIG = """\
profile: generic
index: memory/MEMORY.md
topics: [memory/topics/*.md, notes/*.md]
always: [memory/topics/deploys.md, deploys]
skills: {ops: [memory/topics/deploys.md, fleet, notes/secret.md]}
dedupe_only: [memory/topics/lessons.md, "*lessons*"]
rollup: [memory/journal/*.md]
lessons: memory/topics/lessons.md
map: {Release: memory/topics/deploys.md}
"""


def test_every_path_of_a_root_config_is_relative_to_it_and_then_to_the_home(repo):
    (repo / ".memctl.yaml").write_text(ROOT_CONFIG)
    config = load_config(str(repo / "memory"), env={})
    assert config.index_file == "MEMORY.md"
    assert config.topics == ("topics/*.md",)
    assert config.always == ("topics/deploys.md", "deploys")  # a name without a `/` stays a name
    assert config.skills == {"ops": ("topics/deploys.md", "fleet")}
    assert config.dedupe_only == ("topics/lessons.md", "*lessons*")
    assert config.rollup == ("journal/*.md",)
    assert config.lessons == "topics/lessons.md"
    assert config.split_map == {"Release": "topics/deploys.md"}
    cfg = repo / ".memctl.yaml"
    assert config.warnings == (  # what lies outside memory/ is dropped, named as the file writes it
        f"{cfg}:3: topics glob 'notes/*.md' points outside the home; ignored",
        f"{cfg}:5: skill 'ops' entry 'notes/secret.md' points outside the home; ignored",
    )
    at_root = load_config(str(repo), env={})  # the repository as the home: the same files
    assert at_root.index_file == "memory/MEMORY.md"
    assert at_root.topics == ("memory/topics/*.md", "notes/*.md")
    assert at_root.lessons == "memory/topics/lessons.md" and at_root.warnings == ()


def test_a_root_config_s_lessons_and_map_outside_the_home_are_still_refused_when_written(repo, cli):
    (repo / ".memctl.yaml").write_text("index: memory/MEMORY.md\nlessons: notes/secret.md\n")
    from typer.testing import CliRunner

    from memctl.cli.main import app

    captured = CliRunner().invoke(app, ["capture", str(repo / "memory"), "--apply"],
                                  input="Lesson: pin the runner image.\n", catch_exceptions=False)
    assert captured.exit_code == 2
    assert captured.stdout == ""
    assert captured.stderr == "error: ../notes/secret.md: is not a plain path inside the home; nothing was written\n"
    assert (repo / "notes" / "secret.md").read_text() == "# Not memory\n"


def test_a_root_config_s_index_outside_the_home_is_an_error_naming_it_as_written(repo, cli):
    (repo / ".memctl.yaml").write_text("index: notes/secret.md\n")
    result = cli("status", str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {repo}/.memctl.yaml:1: index 'notes/secret.md' points outside the home; "
                             "the index must lie inside it\n")


def test_the_default_places_are_beside_the_index(repo):
    (repo / "memory" / "README.md").write_text("# memory/\n- what this folder holds\n")
    (repo / ".memctl.yaml").write_text("index: memory/MEMORY.md\n")
    from memctl.model.home import load_home

    at_root, inside = load_home(repo), load_home(repo / "memory")
    assert at_root.config.topics == ("memory/topics/**/*.md", "memory/memory/**/*.md")
    assert [d.rel for d in at_root.topics] == ["memory/topics/deploys.md"]
    assert [d.rel for d in inside.topics] == ["topics/deploys.md"]
    assert at_root.config.lessons == "memory/topics/lessons.md" and inside.config.lessons is None
