"""A repository's config and flags are input: nothing they name takes memctl outside the home.

Each test is the attack or the mistake as it would arrive in a pull request: a `.memctl.yaml` whose
globs and paths reach out of the memory folder, a `--topic` naming a file elsewhere, a glob that is
no glob, a number out of its range. `context:` files are the one thing named outside on purpose.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memctl.errors import ConfigError
from memctl.model.config import load_config
from memctl.model.home import load_home
from memctl.model.walk import walk
from memctl.safe.fsutil import Guard

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
    from memctl.model.walk import inside_glob

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


def test_topics_globs_outside_the_home_are_dropped_with_a_warning_each(cli, repo):
    outside = repo / "outside"
    cfg = config(repo, f'profile: generic\ntopics: ["../outside/*.md", "{outside}/*.md", "topics/*.md"]\n')
    warnings = (f"warning: {cfg}:2: topics glob '../outside/*.md' points outside the home; ignored\n"
                f"warning: {cfg}:2: topics glob '{outside}/*.md' points outside the home; ignored\n")
    status = cli("status", str(repo / "memory"), "--format", "json")
    assert status.exit_code == 0
    assert status.stderr == warnings
    report = json.loads(status.stdout)
    assert [t["path"] for t in report["topics"]] == ["topics/deploys.md"]
    bundle = cli("assemble", str(repo / "memory"))
    assert bundle.exit_code == 0
    assert SECRET not in bundle.stdout and "# Deploys" not in bundle.stdout  # the index only: no topic asked for
    assert bundle.stderr.startswith(warnings)
    assert bundle.stderr.removeprefix(warnings).startswith("assembled 1 file, ")
    assert bundle.stderr.count("\n") == 3


def test_always_naming_a_file_outside_is_never_bundled(cli, repo):
    cfg = config(repo, 'topics: ["../outside/*.md", "topics/*.md"]\nalways: ["../outside/secret.md", deploys]\n')
    result = cli("assemble", str(repo / "memory"))
    assert result.exit_code == 0
    assert SECRET not in result.stdout
    assert "<!-- memctl: topics/deploys.md (always) -->" in result.stdout
    assert result.stderr.splitlines()[:2] == [
        f"warning: {cfg}:1: topics glob '../outside/*.md' points outside the home; ignored",
        f"warning: {cfg}:2: always entry '../outside/secret.md' points outside the home; ignored",
    ]
    assert result.stderr.splitlines()[2].startswith("assembled 2 files, ")


def test_rollup_globs_outside_the_home_are_neither_read_nor_folded(cli, repo):
    cfg = config(repo, 'rollup: ["../outside/*.md"]\n')
    before = sorted(p.name for p in (repo / "outside").iterdir())
    result = cli("rollup", str(repo / "memory"), "--diff")
    assert result.exit_code == 0
    assert SECRET not in result.stdout
    assert result.stderr.splitlines()[0] == (
        f"warning: {cfg}:1: rollup glob '../outside/*.md' points outside the home; ignored")
    assert sorted(p.name for p in (repo / "outside").iterdir()) == before


def test_skills_and_dedupe_only_outside_are_dropped_with_a_warning(cli, repo):
    cfg = config(repo, 'skills: {ops: ["../outside/secret.md", deploys]}\ndedupe_only: ["/etc/*"]\n')
    result = cli("assemble", str(repo / "memory"), "--skill", "ops")
    assert result.exit_code == 0
    assert SECRET not in result.stdout and "<!-- memctl: topics/deploys.md (skill ops) -->" in result.stdout
    assert result.stderr.splitlines()[:2] == [
        f"warning: {cfg}:1: skill 'ops' entry '../outside/secret.md' points outside the home; ignored",
        f"warning: {cfg}:2: dedupe_only glob '/etc/*' points outside the home; ignored",
    ]
    home = load_home(repo / "memory")
    assert home.config.skills == {"ops": ("deploys",)} and home.config.dedupe_only == ()


def test_a_cached_config_is_checked_and_warned_about_like_a_fresh_one(cli, repo):
    cfg = config(repo, 'topics: ["../outside/*.md", "topics/*.md"]\n')
    warning = f"warning: {cfg}:1: topics glob '../outside/*.md' points outside the home; ignored\n"
    for _ in range(2):  # the second run reads the config's values and lines from the cache
        result = cli("status", str(repo / "memory"), "--format", "json")
        assert result.exit_code == 0
        assert result.stderr == warning
        assert [t["path"] for t in json.loads(result.stdout)["topics"]] == ["topics/deploys.md"]


def test_an_index_outside_the_home_is_an_error_naming_the_key(cli, repo):
    cfg = config(repo, "profile: generic\nindex: ../outside/secret.md\n")
    result = cli("status", str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {cfg}:2: index '../outside/secret.md' points outside the home; "
                             "the index must lie inside it\n")


def test_memctl_index_outside_the_home_is_an_error_naming_the_variable(cli, repo, monkeypatch):
    monkeypatch.setenv("MEMCTL_INDEX", str(repo / "outside" / "secret.md"))
    result = cli("assemble", str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: MEMCTL_INDEX '{repo}/outside/secret.md' points outside the home; "
                             "the index must lie inside it\n")


def test_lessons_map_into_and_map_flags_outside_the_home_are_refused_and_nothing_is_written(cli, repo):
    secret = (repo / "outside" / "secret.md").read_text()
    cfg = config(repo, "lessons: ../outside/secret.md\n")
    from memctl.cli.main import app

    captured = CliRunner().invoke(app, ["capture", str(repo / "memory"), "--apply"],
                                  input="Lesson: pin the runner image.\n", catch_exceptions=False)
    assert captured.exit_code == 2
    assert captured.stdout == ""
    assert captured.stderr == (f"error: {cfg}:1: lessons '../outside/secret.md' points outside the home; memctl "
                               "writes only inside it\n")
    config(repo, "map: {Deploys: ../outside/secret.md}\n")
    (repo / "memory" / "MEMORY.md").write_text("# Memory\n\n## Deploys\n\n- green on Fridays.\n")
    mapped = cli("split", str(repo / "memory"), "--apply")
    assert mapped.exit_code == 2
    assert mapped.stdout == ""
    assert mapped.stderr == (f"error: {cfg}:1: map entry 'Deploys' ('../outside/secret.md') points outside the home; "
                             "memctl writes only inside it\n")
    (repo / "memory" / ".memctl.yaml").unlink()
    into = cli("split", str(repo / "memory"), "--into", "../outside", "--apply")
    assert into.exit_code == 2
    assert into.stdout == ""
    assert into.stderr == f"error: {repo}/memory: --into ../outside lies outside the home\n"
    flag = cli("split", str(repo / "memory"), "--map", "Deploys=../outside/secret.md", "--apply")
    assert flag.exit_code == 2
    assert flag.stdout == ""
    assert flag.stderr == "error: ../outside/secret.md: is not a plain path inside the home; nothing was written\n"
    assert (repo / "outside" / "secret.md").read_text() == secret


def test_context_files_outside_the_home_are_still_counted(cli, repo):
    (repo / "CLAUDE.md").write_text("# Project\n\nRun the tests before pushing.\n")
    config(repo, "context: [../CLAUDE.md]\n")
    status = cli("status", str(repo / "memory"), "--format", "json")
    assert status.exit_code == 0
    assert status.stderr == ""
    assert [c["path"] for c in json.loads(status.stdout)["context"]["files"]] == [f"{repo}/CLAUDE.md"]
    bundle = cli("assemble", str(repo / "memory"), "--budget", "1000")
    assert bundle.exit_code == 0
    assert "Run the tests" not in bundle.stdout  # the host loads it; the bundle only makes room
    assert bundle.stderr.startswith("assembled 1 file, ") and "; the context files take " in bundle.stderr


# --- 2. --topic outside the home --------------------------------------------------------------------

def test_topic_flag_naming_a_file_outside_is_refused_even_when_a_glob_reached_it(cli, repo):
    target = repo / "outside" / "secret.md"
    config(repo, f'topics: ["{repo}/outside/*.md", "topics/*.md"]\n')
    result = cli("assemble", str(repo / "memory"), "--topic", str(target))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert SECRET not in result.stderr
    assert result.stderr == f"error: --topic '{target}' points outside the home; only topics inside it are loaded\n"


@pytest.mark.parametrize("name", ["../outside/secret.md", "../outside/secret", "topics/leak.md", "topics/leak"])
def test_topic_flag_with_a_relative_path_or_a_symlink_out_is_refused_naming_the_flag(cli, repo, name):
    (repo / "memory" / "topics" / "leak.md").symlink_to(repo / "outside" / "secret.md")
    result = cli("assemble", str(repo / "memory"), "--topic", name)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: --topic '{name}' points outside the home; only topics inside it are loaded\n"


def test_topic_flag_inside_the_home_still_loads_by_stem_and_by_path(cli, repo):
    for name in ("deploys", "topics/deploys.md", "./topics/deploys"):
        result = cli("assemble", str(repo / "memory"), "--topic", name)
        assert result.exit_code == 0
        assert "<!-- memctl: topics/deploys.md (requested) -->" in result.stdout
        assert result.stderr.startswith("assembled 2 files, ")


def test_consolidate_topic_outside_the_home_is_refused(cli, repo):
    result = cli("consolidate", str(repo / "memory"), "--topic", str(repo / "outside" / "secret.md"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: no topic '{repo}/outside/secret.md' in this home\n"


# --- 3. a glob that is no glob ------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["lint", "status", "rollup", "assemble"])
@pytest.mark.parametrize("key", ["rollup", "topics", "dedupe_only", "context"])
def test_a_bad_glob_is_one_line_naming_the_file_line_and_glob(cli, repo, command, key):
    cfg = config(repo, f"profile: generic\n{key}: ['topics/*.md', '[z-a]']\n")
    result = cli(command, str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {cfg}:2: {key} glob '[z-a]' is not a valid glob: bad character range z-a\n"


def test_a_bad_glob_in_pyproject_is_named_with_its_line(cli, repo):
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n\n[tool.memctl]\nrollup = ['[!]']\n")
    result = cli("status", str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {repo}/pyproject.toml:5: rollup glob '[!]' is not a valid glob: "
                             "unterminated character set\n")
    assert result.stderr.count("\n") == 1


def test_glob_problem_names_only_what_is_wrong():
    from memctl.markup.globs import glob_problem

    assert glob_problem("[z-a]") == "bad character range z-a"
    assert glob_problem("topics/**/*.md") is None
    assert glob_problem("notes/[0-9]*.md") is None
    assert glob_problem("unclosed[") is None  # a lone bracket is a literal


# --- 4. numbers -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "message"), [
    ("query_floor: -3", "query_floor must be a number from 0 to 1 (got -3)"),
    ("query_floor: 1e999", "query_floor must be a number from 0 to 1 (got inf)"),
    ("query_floor: .nan", "query_floor must be a number from 0 to 1 (got nan)"),
    ("query_floor: 1.5", "query_floor must be a number from 0 to 1 (got 1.5)"),
    ("query_floor: true", "query_floor must be a number from 0 to 1 (got true)"),
    ("embedder_floor: 1.2", "embedder_floor must be a number from 0 to 1 (got 1.2)"),
    ("embedder_floor: -0.1", "embedder_floor must be a number from 0 to 1 (got -0.1)"),
    ("stale_after_days: -5", "stale_after_days must be a whole number from 0 to 36,500 (got -5)"),
    ("stale_after_days: 10000000", "stale_after_days must be a whole number from 0 to 36,500 (got 10000000)"),
    ("rollup_after: -1", "rollup_after must be a whole number from 0 to 1,000,000,000 (got -1)"),
    ("rollup_after: 2.5", "rollup_after must be a whole number from 0 to 1,000,000,000 (got 2.5)"),
    ("section_level: 7", "section_level must be a whole number from 1 to 6 (got 7)"),
    ("section_level: 2.0", "section_level must be a whole number from 1 to 6 (got 2.0)"),
    ("budgets: {topic_tokens: 0}",
     "budget topic_tokens must be a whole number from 1 to 1,000,000,000, or null (got 0)"),
    ("budgets: {topic_tokens: 1e999}",
     "budget topic_tokens must be a whole number from 1 to 1,000,000,000, or null (got inf)"),
    ("budgets: {load_cap_units: 10000000000}",
     "budget load_cap_units must be a whole number from 1 to 1,000,000,000, or null (got 10000000000)"),
    ("budgets: {bundle_tokens: null}",
     "budget bundle_tokens must be a whole number from 1 to 1,000,000,000 (got null)"),
    ("budgets: {head_percent: 101}", "budget head_percent must be a whole number from 0 to 100 (got 101)"),
])
@pytest.mark.parametrize("command", ["status", "assemble"])
def test_a_number_out_of_range_is_one_line_naming_the_range(cli, repo, line, message, command):
    cfg = config(repo, f"profile: generic\n{line}\n")
    result = cli(command, str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {cfg}:2: {message}\n"


@pytest.mark.parametrize(("text", "line", "message"), [
    ("budgets:\n  topic_tokens: 800\n  index_tokens: -5\n", 4,
     "budget index_tokens must be a whole number from 1 to 1,000,000,000, or null (got -5)"),
    ("budgets:\n  topic_tokens: 800\n  nope: 3\n", 4, "unknown budget 'nope'; valid budgets: "),
    ("rollup: 5\n", 2, 'rollup must be a list of texts, such as ["topics/*.md"] (got 5)'),
    ("topics:\n  - topics/*.md\n  - 2\n", 4,
     'topics must be a list of texts, such as ["topics/*.md"] (got 2 in the list)'),
    ("skills:\n  deploy: [deploys]\n  ship: 3\n", 4,
     "skills must be a mapping of names to lists of texts (got 3 for 'ship')"),
    ("cache: maybe\n", 2, "cache must be true or false (got 'maybe')"),
])
def test_a_value_of_the_wrong_kind_is_named_at_its_own_line_in_words(cli, repo, text, line, message):
    """The line of the value itself, not of the key above it, and no Python type names."""
    cfg = config(repo, f"profile: generic\n{text}")
    result = cli("status", str(repo / "memory"))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {cfg}:{line}: {message}") and result.stderr.count("\n") == 1


def test_ints_are_numbers_where_a_share_is_meant(repo):
    config(repo, "query_floor: 1\nstale_after_days: 0\nrollup_after: 0\n")
    loaded = load_config(str(repo / "memory"), env={})
    assert (loaded.query_floor, loaded.stale_after_days, loaded.rollup_after) == (1.0, 0, 0)
    assert type(loaded.query_floor) is float
    config(repo, "query_floor: 0\n")
    assert load_config(str(repo / "memory"), env={}).query_floor == 0.0


@pytest.mark.parametrize(("variable", "value", "message"), [
    ("MEMCTL_SECTION_LEVEL", "0", "MEMCTL_SECTION_LEVEL must be a whole number from 1 to 6 (got 0)"),
    ("MEMCTL_SECTION_LEVEL", "two", "MEMCTL_SECTION_LEVEL must be a whole number from 1 to 6 (got 'two')"),
    ("MEMCTL_BUDGET_TOPIC_TOKENS", "-4",
     "MEMCTL_BUDGET_TOPIC_TOKENS must be a whole number from 1 to 1,000,000,000 (got -4)"),
    ("MEMCTL_BUDGET_BUNDLE_TOKENS", "inf",
     "MEMCTL_BUDGET_BUNDLE_TOKENS must be a whole number from 1 to 1,000,000,000 (got 'inf')"),
    ("MEMCTL_BUDGET_TAIL_PERCENT", "250", "MEMCTL_BUDGET_TAIL_PERCENT must be a whole number from 0 to 100 (got 250)"),
])
def test_an_environment_number_out_of_range_names_the_variable(cli, repo, monkeypatch, variable, value, message):
    monkeypatch.setenv(variable, value)
    result = cli("status", str(repo / "memory"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"


def test_volute_infinite_hard_cap_is_no_cap_not_a_traceback(repo):
    home = repo / "memory"
    (home / ".config").mkdir()
    (home / ".config" / "config.json").write_text('{"memory": {"hardCapTokens": 1e999, "softBudgetTokens": NaN}}')
    loaded = load_home(home)
    assert loaded.config.profile == "volute"
    assert loaded.config.budgets.load_cap_tokens == 1_000_000_000
    assert loaded.config.budgets.index_tokens == 5_000  # not a number: Volute's default


def test_a_config_error_is_a_config_error(repo):
    config(repo, "query_floor: -3\n")
    with pytest.raises(ConfigError, match=r"\.memctl\.yaml:1: query_floor must be a number from 0 to 1 \(got -3\)$"):
        load_home(repo / "memory")
