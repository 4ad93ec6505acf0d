"""A repository's config and flags are input: nothing they name takes memctl outside the home.

Each test is the attack or the mistake as it would arrive in a pull request: a `.memctl.yaml` whose
globs and paths reach out of the memory folder, a `--topic` naming a file elsewhere, a glob that is
no glob, a number out of its range. `context:` files are the one thing named outside on purpose.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memctl.fsutil import Guard
from memctl.walk import walk

SECRET = "SECRET-OUTSIDE-THE-HOME"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository with its memory in memory/ and, beside it, files that are not memory."""
    root = Path(os.path.realpath(tmp_path)) / "repo"
    (root / ".git").mkdir(parents=True)
    home = root / "memory"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- [Deploys](topics/deploys.md)\n")
    (home / "topics" / "deploys.md").write_text("# Deploys\n\n- green on Fridays.\n")
    outside = root / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# Secret\n\n{SECRET}\n")
    (outside / "2026-11-02.md").write_text(f"# Day\n\n{SECRET}\n")
    (outside / "2026-11-03.md").write_text(f"# Day\n\n{SECRET}\n")
    return root


def config(repo: Path, text: str) -> str:
    path = repo / "memory" / ".memctl.yaml"
    path.write_text(text)
    return str(path)


# --- 1. config globs and paths that point outside the home ----------------------------------------

def test_a_glob_that_climbs_out_after_a_wildcard_or_from_an_absolute_path_inside_is_judged_by_where_it_leads(repo):
    from memctl.walk import inside_glob

    guard = Guard(str(repo / "memory"))
    assert inside_glob("../outside/*.md", guard) is None
    assert inside_glob("topics/../../outside/*.md", guard) is None
    assert inside_glob("*/../../outside/*.md", guard) is None
    assert inside_glob("**/../../*.md", guard) is None
    assert inside_glob("/etc/host*", guard) is None
    assert inside_glob("./topics/*.md", guard) == "topics/*.md"
    assert inside_glob("topics/../memory/**/*.md", guard) == "memory/**/*.md"
    assert inside_glob(f"{repo}/memory/topics/*.md", guard) == "topics/*.md"
    assert inside_glob("deploys", guard) == "deploys"


def test_the_walk_itself_refuses_a_glob_whose_folder_lies_outside(repo):
    root = str(repo / "memory")
    found, passed = walk(root, ("../outside/*.md", f"{repo}/outside/*.md", "topics/*.md"), Guard(root))
    assert list(found) == ["topics/deploys.md"]
    assert sorted(passed) == sorted([
        ("../outside", "glob's folder lies outside the home", str(repo / "outside")),
        (f"{repo}/outside", "glob's folder lies outside the home", str(repo / "outside")),
    ])
