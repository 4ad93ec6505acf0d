from __future__ import annotations

import json
import re
import shutil
from datetime import date
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from memctl.commands.lint import LintOptions, all_rules, lint_home
from memctl.commands.lint.output import _escape_data, _escape_property
from memctl.model.home import load_home

from .conftest import FIXTURES, ROOT, check_golden

TODAY = date(2026, 11, 29)
LINT = FIXTURES / "lint"
HOMES = sorted(p for p in LINT.iterdir() if p.is_dir())
_EXPECT = re.compile(r"<!-- expect: ([^>]*?) -->")


def expected(home: Path) -> set[tuple[str, int, str]]:
    """The findings marked in a fixture: `expect: CODE` on its line, or `CODE@N` for line N."""
    marks = set()
    for path in sorted([*home.rglob("*.md"), *home.rglob("*.mdc")]):  # .mdc: Cursor's rules
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for match in _EXPECT.finditer(line):
                for token in match.group(1).split(","):
                    code, _, at = token.strip().partition("@")
                    marks.add((path.relative_to(ROOT).as_posix(), int(at) if at else number, code))
    return marks


@pytest.mark.parametrize("home", HOMES, ids=[h.name for h in HOMES])
def test_fixture_findings_match_their_marks(home):
    diagnostics, _ = lint_home(load_home(home.relative_to(ROOT)), TODAY, LintOptions())
    assert {(d.path, d.line, d.code) for d in diagnostics} == expected(home)


def test_every_rule_has_a_fixture_finding_and_an_explanation():
    marked = {code for home in HOMES for _, _, code in expected(home)}
    rules = all_rules()
    assert marked == set(rules)
    for rule in rules.values():
        assert re.fullmatch(r"MEM\d{3}", rule.code) and re.fullmatch(r"[a-z]+(-[a-z]+)+", rule.name)
        assert rule.severity in ("error", "warning") and len(rule.explanation) > len(rule.summary)


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_golden_per_format(cli, fmt, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    result = cli("lint", "fixtures/lint/topics", "--format", fmt)
    assert result.exit_code == 1
    check_golden(f"lint-topics.{fmt}", result.stdout)


def test_sarif_lists_each_rule_once_and_points_at_them():
    from memctl.commands.lint.output import render_sarif

    diagnostics, _ = lint_home(load_home("fixtures/lint/topics"), TODAY, LintOptions())
    sarif = json.loads(render_sarif(diagnostics, all_rules()))
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids == sorted(set(ids)) == sorted(all_rules())
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1


def test_github_escaping_follows_the_actions_toolkit():
    assert _escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert _escape_property("a:b,c%") == "a%3Ab%2Cc%25"


def test_clean_fixtures_pass(cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    result = cli("lint", "fixtures/arc/memory", "fixtures/openclaw")
    assert result.exit_code == 0 and result.stdout == "All checks passed!\n"


def test_exit_codes_strict_and_exit_zero(cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    assert cli("lint", "fixtures/lint/index-near").exit_code == 0  # warnings only
    assert cli("lint", "fixtures/lint/index-near", "--strict").exit_code == 1
    assert cli("lint", "fixtures/lint/index-long").exit_code == 1
    assert cli("lint", "fixtures/lint/index-long", "--exit-zero").exit_code == 0
    bad = cli("lint", "fixtures/lint/index-long", "--ignore", "MEM777")
    assert bad.exit_code == 2 and "unknown rule 'MEM777' in --ignore" in bad.stderr


def test_select_ignore_and_max_index_lines(cli):
    only = cli("lint", "fixtures/lint/index-long", "--select", "index-over-line-limit", "--format", "json")
    assert [d["code"] for d in json.loads(only.stdout)["diagnostics"]] == ["MEM201"]
    assert cli("lint", "fixtures/lint/index-long", "--ignore", "MEM2").exit_code == 0
    wider = cli("lint", "fixtures/lint/index-long", "--select", "MEM201", "--max-index-lines", "300")
    assert wider.exit_code == 0


def test_config_severity_and_per_file_ignores(tmp_path, cli):
    (tmp_path / "MEMORY.md").write_text("# I\n- [x](gone.md)\n")
    (tmp_path / ".memctl.yaml").write_text("lint:\n  severity: {MEM301: warning}\n")
    assert cli("lint", str(tmp_path)).exit_code == 0
    (tmp_path / ".memctl.yaml").write_text("lint:\n  per_file_ignores: {'MEMORY.md': [MEM301]}\n")
    assert cli("lint", str(tmp_path)).stdout == "All checks passed!\n"
    (tmp_path / ".memctl.yaml").write_text("lint:\n  ignore: [MEM000]\n")
    result = cli("lint", str(tmp_path))
    assert result.exit_code == 2 and "unknown rule 'MEM000' in lint.ignore" in result.stderr


def test_list_rules_and_explain(cli):
    listing = cli("lint", "--list-rules").stdout.splitlines()
    assert [line.split()[0] for line in listing] == sorted(all_rules())
    explained = cli("lint", "--explain", "unused-suppression")
    assert explained.exit_code == 0 and explained.stdout.startswith("MEM901 unused-suppression (warning)\n\n")
    assert cli("lint", "--explain", "MEM000").exit_code == 2


def test_output_file_and_statistics(cli, tmp_path):
    out = tmp_path / "report.txt"
    result = cli("lint", "fixtures/lint/index-long", "--output-file", str(out), "--statistics")
    assert result.exit_code == 1 and result.stdout == ""
    assert "1  MEM201  index-over-line-limit (error)" in out.read_text()


def test_output_file_in_a_missing_folder_is_refused_before_any_fix(cli, tmp_path, monkeypatch):
    """`lint --fix -o reprots/lint.txt` (a typo): refused, exit 2, one line, no folder made and
    nothing fixed; `-o -` is stdout, as without -o."""
    import shutil

    home = tmp_path / "home"
    shutil.copytree("fixtures/lint/index-long", home)
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    target = tmp_path / "reprots" / "lint.txt"
    result = cli("lint", str(home), "--fix", "--output-file", str(target))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {target}: no such folder: {target.parent}; nothing was written\n"
    assert not target.parent.exists() and {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before
    monkeypatch.chdir(tmp_path)
    dashed = cli("lint", str(home), "-o", "-")
    assert dashed.exit_code == 1 and "MEM201" in dashed.stdout and not (tmp_path / "-").exists()


def test_output_file_is_never_written_in_git_or_onto_the_memory(cli, tmp_path):
    """A CI job on someone's pull request runs `lint --output-file`: the report must not land
    where git runs what it finds (hooks, config), nor replace a memory file."""
    import shutil

    home = tmp_path / "home"
    shutil.copytree("fixtures/lint/index-long", home)
    (home / ".git" / "hooks").mkdir(parents=True)
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    for target, why in ((home / ".git" / "hooks" / "pre-commit", "lies in a .git folder"),
                        (home / ".GIT" / "config", "lies in a .git folder"),
                        (home / "MEMORY.md", "is a file of the memory home")):
        target.parent.mkdir(parents=True, exist_ok=True)
        result = cli("lint", str(home), "--output-file", str(target))
        assert result.exit_code == 2 and result.stdout == "", result.output
        assert why in result.stderr and len(result.stderr.strip().splitlines()) == 1
    after = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert after == before


def test_pre_commit_hook_runs_memctl_lint_on_the_whole_folder():
    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "memctl-lint")
    assert hook["entry"] == "memctl lint" and hook["pass_filenames"] is False
    assert hook["types"] == ["markdown"] and hook["language"] == "python"


def test_secret_patterns_skip_placeholders(tmp_path):
    (tmp_path / "MEMORY.md").write_text(
        "# I\npassword: <in vault>\ntoken = ${TOKEN}\napi_key = sk-ant-api03-abcdefghijklmnopqrstuv\n"
        "-----BEGIN OPENSSH PRIVATE KEY-----\n")
    diagnostics, _ = lint_home(load_home(tmp_path), TODAY, LintOptions(select=("MEM501",)))
    assert [d.line for d in diagnostics] == [4, 5]
    assert "Anthropic API key (sk-a…)" in diagnostics[0].message and "sk-ant" not in diagnostics[0].message


def test_mem501_says_when_the_model_provider_would_get_the_secret(cli, tmp_path):
    """The index within the host's load cap and an always-loaded topic are sent with every
    request; a topic loaded on demand, or index lines past the cap, only when a task loads them."""
    token = "ghp_" + "a1B2" * 9
    (tmp_path / "topics").mkdir()
    filler = "".join(f"- note {n}: the scratch disk fills up on Fridays.\n" for n in range(250))
    (tmp_path / "MEMORY.md").write_text(f"# Memory\n\n- CI token {token}\n{filler}- late {token}\n")
    (tmp_path / "topics" / "ops.md").write_text(f"# Ops\n\n- deploy with {token}\n")
    (tmp_path / "topics" / "fleet.md").write_text(f"# Fleet\n\n- fleet token {token}\n")
    (tmp_path / ".memctl.yaml").write_text("always: [fleet]\n")
    result = cli("lint", str(tmp_path), "--select", "MEM501")
    assert result.exit_code == 1 and token[4:] not in result.stdout
    found = [line.split(": MEM501 ", 1) for line in result.stdout.splitlines() if "MEM501" in line]
    sent = "possible GitHub token (ghp_…) would be sent to the model provider "
    assert [(where.removeprefix(f"{tmp_path}/"), message) for where, message in found] == [
        ("MEMORY.md:3:12", sent + "with every request"),
        ("MEMORY.md:254:8", sent + "whenever a task loads this file"),
        ("topics/fleet.md:3:15", sent + "with every request"),
        ("topics/ops.md:3:15", sent + "whenever a task loads this file"),
    ]


def test_mem501_counts_a_topic_the_hosts_start_up_imports_as_sent_with_every_request(cli, tmp_path, monkeypatch):
    """A Claude Code project whose CLAUDE.md imports one topic (`@docs/deploy.md`) and links another:
    the host's start-up stack (`Host.stack`) says which one every request pays for."""
    token = "ghp_" + "a1B2" * 9
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    project = tmp_path / "app"
    for folder in (".git", ".claude", "docs"):
        (project / folder).mkdir(parents=True)
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (project / "CLAUDE.md").write_text("# App\n\nSee @docs/deploy.md for deploys.\n\n- [deploy](docs/deploy.md)\n"
                                       "- [runbook](docs/runbook.md)\n")
    for name in ("deploy", "runbook"):
        (project / "docs" / f"{name}.md").write_text(f"# {name}\n\n- token {token}\n")
    result = cli("lint", str(project), "--select", "MEM501")
    assert result.exit_code == 1
    assert [line.split(" would be sent to the model provider ", 1)[1] for line in result.stdout.splitlines()
            if "MEM501" in line] == ["with every request", "whenever a task loads this file"]
    assert "docs/deploy.md:3:9" in result.stdout.splitlines()[0]


def mem501(result) -> list[tuple[str, str]]:
    """Each MEM501 finding's place and when it is sent."""
    return [(where, message.split(" would be sent to the model provider ", 1)[1]) for where, message in
            (line.split(": MEM501 ", 1) for line in result.stdout.splitlines() if ": MEM501 " in line)]


def test_mem501_reads_every_file_of_the_claude_code_start_up(cli, tmp_path, monkeypatch):
    """CLAUDE.local.md, a rule, an `@import`ed file that is no topic, a subfolder's CLAUDE.md, and
    outside the home the user's ~/.claude/CLAUDE.md: the host loads each of them, so a credential
    there reaches the model provider. An import from a parent folder, which a repository's file
    names and Claude Code loads only once approved, is not read."""
    token = "ghp_" + "a1B2" * 9
    user = tmp_path / "user"
    (user / ".claude").mkdir(parents=True)
    (user / ".claude" / "CLAUDE.md").write_text(f"# Me\n\n- my token {token}\n")
    monkeypatch.setenv("HOME", str(user))
    (tmp_path / "shared.md").write_text(f"# Shared\n\n- shared token {token}\n")
    project = tmp_path / "app"
    for folder in (".git", ".claude/rules", "notes", "web"):
        (project / folder).mkdir(parents=True)
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (project / "CLAUDE.md").write_text("# App\n\nSetup: @notes/setup.txt and @../shared.md\n")
    (project / "CLAUDE.local.md").write_text(f"# Local\n\n- my sandbox key {token}\n")
    (project / ".claude" / "rules" / "ci.md").write_text(f"# CI\n\n- CI runs with {token}\n")
    (project / "notes" / "setup.txt").write_text(f"GITHUB_TOKEN={token}\n")
    (project / "web" / "CLAUDE.md").write_text(f"# Web\n\n- deploy token {token}\n")
    result = cli("lint", str(project), "--select", "MEM501")
    assert result.exit_code == 1 and token[4:] not in result.stdout
    assert sorted(mem501(result)) == sorted([
        (f"{project}/.claude/rules/ci.md:3:16", "with every request"),
        (f"{project}/CLAUDE.local.md:3:18", "with every request"),
        (f"{project}/notes/setup.txt:1:14", "with every request"),
        (f"{project}/web/CLAUDE.md:3:16", "whenever a task loads this file"),  # when Claude reads files in web/
        (f"{user}/.claude/CLAUDE.md:3:12", "with every request"),
    ])
    assert "shared.md" not in result.stdout  # outside the project, named by one of its files: not read
    assert result.stdout.endswith("Found 5 errors and 0 warnings in 5 files (6 checked).\n")


def test_mem501_reads_openclaws_bootstrap_files(cli, copy_fixture):
    token = "ghp_" + "a1B2" * 9
    workspace = copy_fixture("homes/openclaw/workspace")
    for name in ("SOUL.md", "USER.md", "AGENTS.md"):
        with open(workspace / name, "a", encoding="utf-8") as file:
            file.write(f"\n- the bot's token is {token}\n")
    result = cli("lint", str(workspace), "--select", "MEM501")
    assert result.exit_code == 1 and token[4:] not in result.stdout
    lines = {name: (workspace / name).read_text().count("\n") for name in ("AGENTS.md", "SOUL.md", "USER.md")}
    assert mem501(result) == [(f"{workspace}/{name}:{count}:22", "with every request") for name, count in lines.items()]


def test_mem501_reads_codexs_agents_md(cli, tmp_path):
    token = "ghp_" + "a1B2" * 9
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (tmp_path / "AGENTS.md").write_text(f"# Agents\n\n- push with {token}\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- builds are slow on Fridays\n")
    result = cli("lint", str(tmp_path), "--select", "MEM501")
    assert result.exit_code == 1
    assert mem501(result) == [(f"{tmp_path}/AGENTS.md:3:13", "with every request")]


def test_mem501_tells_the_hosts_files_from_the_topics_without_resolving_every_topic(tmp_path, monkeypatch):
    """An OpenClaw workspace whose daily notes are topics, and whose AGENTS.md is a topic too (the
    index links it through a symlink named otherwise, which the link resolves): AGENTS.md is
    scanned once, and the host's files are told from the topics without the real path of a note."""
    import memctl.hosts as hosts_module

    token = "ghp_" + "a1B2" * 9
    for name in ("SOUL.md", "USER.md", "TOOLS.md", "IDENTITY.md", "HEARTBEAT.md"):
        (tmp_path / name).write_text(f"# {name}\n\n- be kind\n")
    (tmp_path / "AGENTS.md").write_text(f"# Agents\n\n- deploy with {token}\n")
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "agents-notes.md").symlink_to(tmp_path / "AGENTS.md")
    for day in range(1, 29):
        (tmp_path / "memory" / f"2026-11-{day:02}.md").write_text(f"# 2026-11-{day:02}\n\n- quiet day\n")
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- [agents](memory/agents-notes.md)\n")
    asked: list[str] = []
    real = hosts_module.os.path.realpath
    monkeypatch.setattr(hosts_module.os.path, "realpath",
                        lambda path, **kw: asked.append(str(path)) or real(path, **kw))
    diagnostics, _ = lint_home(load_home(tmp_path, overrides={"profile": "openclaw"}), TODAY,
                               LintOptions(select=("MEM501",)))
    assert [(d.path.rsplit("/", 1)[-1], d.line) for d in diagnostics] == [("AGENTS.md", 3)]
    assert not any("2026-11-" in path for path in asked)


def test_every_output_format_is_offered_and_rendered():
    from memctl.cli.lint import LintFormat
    from memctl.commands.lint.output import FORMATS, render

    assert [f.value for f in LintFormat] == list(FORMATS)
    diagnostics, files = lint_home(load_home("fixtures/lint/index-long"), TODAY, LintOptions())
    outputs = {fmt: render(fmt, diagnostics, files, all_rules()) for fmt in FORMATS}
    assert all("MEM201" in text for text in outputs.values())
    assert len(set(outputs.values())) == len(FORMATS)


def test_the_load_cap_finding_names_the_cut_section_and_counts_the_ones_after_it(tmp_path):
    def mem205(text: str) -> str:
        (tmp_path / "MEMORY.md").write_text(text)
        found, _ = lint_home(load_home(tmp_path), date(2026, 11, 29), LintOptions())
        return next(d.message for d in found if d.code == "MEM205")

    facts = "".join(f"- fact {n}\n" for n in range(250))
    assert mem205("# Index\n\n## Notes\n" + facts).endswith("section 'Notes' is not loaded in full")
    assert mem205("# Index\n\n## Notes\n" + facts + "## More\n- x\n## Last\n- y\n").endswith(
        "section 'Notes' and 2 sections after it are not loaded in full")


def test_text_summary_writes_its_numbers_with_thousands_separators(cli, tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- [a](topics/t0.md)\n")
    for n in range(1001):
        (home / "topics" / f"t{n}.md").write_text(f"# Topic {n}\n\nA fact.\n")
    result = cli("lint", str(home), "--select", "MEM302")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("Found 0 errors and 1,000 warnings in 1,000 files (1,002 checked).\n")
    counted = cli("lint", str(home), "--select", "MEM302", "--statistics")
    assert "1,000  MEM302  " in counted.stdout


def test_fix_says_what_it_did_and_list_rules_marks_what_it_fixes(cli, tmp_path):
    home = tmp_path / "home"
    shutil.copytree("fixtures/arc/memory", home)
    before = {p: p.read_bytes() for p in home.rglob("*.md")}
    result = cli("lint", str(home), "--fix")
    assert result.stderr.splitlines()[0] == \
        "--fix: nothing to fix in MEMORY.md (it rewrites MEM207's stale token counts)"
    assert {p: p.read_bytes() for p in home.rglob("*.md")} == before
    index = home / "MEMORY.md"
    index.write_text(index.read_text().replace("(~146 tokens)", "(~9,000 tokens)", 1))
    fixed = cli("lint", str(home), "--fix", "--select", "MEM207")
    assert fixed.stderr.splitlines()[0] == "fixed 1 token count in MEMORY.md"
    listing = {line.split()[0]: line for line in cli("lint", "--list-rules").stdout.splitlines()}
    assert [code for code, line in listing.items() if "  --fix  " in line] == ["MEM207"]
