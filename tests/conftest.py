from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tests' own memctl cache folder, so that no test reads or writes the user's."""
    return tmp_path_factory.mktemp("memctl-cache")


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    """Paths in reports are shown as given: run every test from the repository root."""
    monkeypatch.chdir(ROOT)
    for name in list(os.environ):
        if name.startswith("MEMCTL_") and name != "MEMCTL_UPDATE_GOLDEN":
            monkeypatch.delenv(name)
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(cache_dir))
    # Hosts read the user's own files (~/.codex, ~/.gemini, ~/.claude): no test reads the real ones.
    monkeypatch.setenv("HOME", str(cache_dir.parent / "home"))
    for name in ("CODEX_HOME", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def copy_fixture(tmp_path: Path):
    """A private copy of a fixture folder, for tests that write or add files."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(FIXTURES / name, target, ignore=shutil.ignore_patterns(".memctl"))
        return target

    return copy


GIT_CANNOT_TELL = ["git refuses", "no git"]


def git_cannot_tell(root: Path, how: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """Make `root` a repository git cannot answer for: one it refuses (another user's clone,
    "dubious ownership"; here a `.git` that points nowhere), or one where git cannot be run (not
    installed). The start of the reason memctl then gives, in parentheses."""
    if how == "git refuses":
        (root / ".git").write_text(f"gitdir: {tmp_path / 'nowhere'}\n")
        return "(not a git repository: "
    (root / ".git").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    return "(it could not run: "


def check_golden(name: str, actual: str) -> None:
    """Compare with tests/golden/NAME; MEMCTL_UPDATE_GOLDEN=1 rewrites it on purpose."""
    path = GOLDEN / name
    if os.environ.get("MEMCTL_UPDATE_GOLDEN") == "1":
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"golden {name} is missing: run with MEMCTL_UPDATE_GOLDEN=1"
    assert actual == path.read_text(encoding="utf-8")


@pytest.fixture
def cli():
    from memctl.cli.main import app

    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return invoke
