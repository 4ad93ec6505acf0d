"""`memctl init`'s pre-commit and CI snippets lint what a checkout holds (trial 8, r11)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memctl.hosts.claude_code import slug


def test_auto_memory_outside_the_repository_gets_no_ci_snippet_and_one_line_saying_why(cli, tmp_path, monkeypatch):
    home = tmp_path / "home"
    repo = home / "dev" / "shop"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "CLAUDE.md").write_text("# CLAUDE\n")
    memory = home / ".claude" / "projects" / slug(str(repo)) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n\n- [x](x.md) — x\n")
    (memory / "x.md").write_text("# x\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(repo)
    result = cli("init", str(memory))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""  # no workflow linting ../../.claude/…, no `files: ^../` no file matches
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("wrote .memctl.yaml"), result.stderr
    assert lines[1] == (f"no pre-commit or CI snippet: {memory} lies in no git repository, so no commit or CI "
                        f"checkout holds it; lint it where it lies: memctl lint {memory}")
    assert (memory / ".memctl.yaml").is_file()


def test_a_home_in_a_repository_gets_snippets_relative_to_its_top_from_any_folder(cli, tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    (repo / "memory").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "memory" / "MEMORY.md").write_text("# Memory\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = cli("init", str(repo / "memory"))
    assert result.exit_code == 0, result.stderr
    assert "      - run: memctl lint memory/ --format github\n" in result.stdout
    assert "        entry: memctl lint memory/\n" in result.stdout
    assert "        files: ^memory/.*\\.md$\n" in result.stdout
    assert "no pre-commit or CI snippet" not in result.stderr


def test_a_home_at_the_top_of_its_repository_lints_dot(cli, tmp_path, monkeypatch):
    repo: Path = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "MEMORY.md").write_text("# Memory\n")
    monkeypatch.chdir(repo)
    result = cli("init", ".")
    assert result.exit_code == 0, result.stderr
    assert "      - run: memctl lint . --format github\n" in result.stdout
    assert "        files: ^.*\\.md$\n" in result.stdout
