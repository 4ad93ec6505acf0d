"""Codex, Gemini CLI, Cursor and Claude Code's whole start-up, measured the way each loads it, on the
projects of fixtures/homes2 (see make_homes2.py and its README) and the lint fixtures."""

from __future__ import annotations

import json
import os
import shutil
from datetime import date
from pathlib import Path

import pytest

from memctl.cli.views import render_status_text
from memctl.commands.assemble import AssembleOptions, assemble
from memctl.commands.lint import LintOptions, lint_home
from memctl.commands.status import build_status
from memctl.hosts import claude_code, codex, detect, gemini
from memctl.hosts.codex import summary_cut
from memctl.model.home import load_home

from .conftest import FIXTURES, check_golden

TODAY = date(2026, 11, 29)
HOMES2 = FIXTURES / "homes2"


GIT = {"codex": "monorepo", "gemini": "webapp", "claude-code": "project/ledger"}  # the projects' roots


def generator():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_homes2", HOMES2 / "make_homes2.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make(tmp_path: Path, name: str) -> Path:
    """A private copy of a homes2 project with its project's .git marker, HOME its `home/` (set by
    the caller), and for Claude Code its auto memory under the copy's slug."""
    folder = Path(os.path.realpath(tmp_path)) / "h2" / name
    shutil.copytree(HOMES2 / name, folder)
    if name in GIT:
        (folder / GIT[name] / ".git").mkdir()
        (folder / GIT[name] / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    if name == "claude-code":
        projects = folder / "home" / ".claude" / "projects"
        (projects / generator().SLUG).rename(projects / claude_code.slug(str(folder / "project" / "ledger")))
    return folder


def test_the_fixtures_are_what_make_homes2_writes(tmp_path):
    generator().main(tmp_path, markers=True)

    def files(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
                if p.is_file() and ".git" not in p.parts}

    written = files(tmp_path)
    assert written == {k: v for k, v in files(HOMES2).items() if k.split("/", 1)[0] in GIT or k.startswith("cursor/")}
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("HEAD")) == [
        "claude-code/project/ledger/.git/HEAD", "codex/monorepo/.git/HEAD", "gemini/webapp/.git/HEAD"]


@pytest.fixture
def project(tmp_path, monkeypatch):
    def at(name: str) -> Path:
        folder = make(tmp_path, name)
        monkeypatch.setenv("HOME", str(folder / "home"))
        monkeypatch.chdir(folder)
        return folder

    return at


def rows(report: dict) -> list[tuple]:
    return [(f["path"], f["loads"], f["size"], f["loaded"], f["cause"]) for f in report["stack"]["files"]]


def lint(path, **overrides) -> list[tuple[str, int, str]]:
    found, _ = lint_home(load_home(path, overrides=overrides or None), TODAY, LintOptions())
    return [(d.code, d.line, d.path) for d in found]


def golden(name: str, report: dict, replace: tuple[str, str] | None = None) -> None:
    """The JSON and text goldens of a status report (a path that differs on every run replaced)."""
    text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    if replace:
        text = text.replace(*replace)
    check_golden(f"status-{name}.json", text)
    check_golden(f"status-{name}.txt", render_status_text(json.loads(text)))


# --- Codex -------------------------------------------------------------------------------------


def test_codex_loads_one_file_a_folder_root_first_and_cuts_at_the_byte_budget(project):
    root = project("codex")
    report = build_status(load_home("monorepo/services/payments/api"), TODAY)
    assert report["profile"] == "codex"
    assert report["profile_reason"] == "detected: AGENTS.md and no CLAUDE.md or .claude/"
    team = (root / "monorepo/services/payments/TEAM.md").read_bytes()
    summary = (root / "home/.codex/memories/memory_summary.md").read_text().strip().encode()
    assert rows(report) == [
        ("home/.codex/AGENTS.md", "start", 244, 244, "ok"),  # the global file: trimmed, never counted
        ("monorepo/AGENTS.md", "start", 3_775, 3_775, "ok"),
        ("monorepo/services/AGENTS.override.md", "start", 1_274, 1_274, "ok"),  # the override wins its folder
        ("monorepo/services/AGENTS.md", "never", 686, 0, "shadowed"),
        ("monorepo/services/payments/TEAM.md", "start", len(team), 16_384 - 3_775 - 1_274, "cut"),  # a fallback name
        ("monorepo/services/payments/api/AGENTS.md", "start", 216, 0, "dropped"),  # the working folder's own: lost
        ("monorepo/services/payments/api/internal/AGENTS.md", "never", 62, 0, "not loaded"),  # below the cwd
        ("home/.codex/memories/memory_summary.md", "start", -(-len(summary) // 4), 2_500, "cut"),
        ("home/.codex/memories/MEMORY.md", "later", 225, 0, "later"),
    ]
    assert report["stack"]["budget"] == {"what": "project_doc_max_bytes", "used": 16_384, "limit": 16_384,
                                         "left": 0, "over": False}  # config.toml says 16384
    cut, line = report["stack"]["files"][4], team[:11_335].count(b"\n") + 1
    assert cut["why"] == (f"cut at byte 11,335 of {len(team):,} (line {line}, mid-line): "
                          "project_doc_max_bytes (16,384) had 11,335 bytes left; silently")
    stack = load_home("monorepo/services/payments/api").stack
    assert stack.files[4].text == team[:11_335].decode()  # the head, to the byte
    totals = report["totals"]
    assert [r["path"] for r in totals["always_loaded"]] == [
        "home/.codex/AGENTS.md", "monorepo/AGENTS.md", "monorepo/services/AGENTS.override.md",
        "monorepo/services/payments/TEAM.md", "home/.codex/memories/memory_summary.md"]
    assert totals["always_loaded_tokens"] == report["stack"]["tokens"] == sum(r["tokens"] for r in
                                                                              totals["always_loaded"])
    assert report["index"]["load_cap"]["capped"] and report["index"]["load_cap"]["loaded_lines"] == 0
    golden("codex-monorepo", report)


def test_codex_lint_names_the_cut_and_the_lost_files(project):
    project("codex")
    assert lint("monorepo/services/payments/api") == [
        ("MEM210", 65, "home/.codex/memories/memory_summary.md"),
        ("MEM210", 85, "monorepo/services/payments/TEAM.md"),
        ("MEM205", 1, "monorepo/services/payments/api/AGENTS.md"),  # the index's own loss
    ]


def test_codex_budget_defaults_to_32_kib_and_memories_are_off_without_the_feature(project):
    root = project("codex")
    (root / "home/.codex/config.toml").unlink()
    report = build_status(load_home("monorepo/services/payments/api"), TODAY)
    assert report["stack"]["budget"]["limit"] == 32_768  # the override is read, the AGENTS.md beside it is not
    assert report["stack"]["budget"]["used"] == 3_775 + 1_274 + 216
    # without project_doc_fallback_filenames, TEAM.md is no project file: payments/ gives none
    assert [(f["path"].rsplit("/", 2)[-2:], f["loads"], f["cause"]) for f in report["stack"]["files"]][1:5] == [
        (["monorepo", "AGENTS.md"], "start", "ok"), (["services", "AGENTS.override.md"], "start", "ok"),
        (["services", "AGENTS.md"], "never", "shadowed"), (["api", "AGENTS.md"], "start", "ok")]
    summary = report["stack"]["files"][-1]
    assert (summary["role"], summary["loads"], summary["cause"]) == ("memory summary", "never", "not loaded")
    assert any(n.startswith("Codex memories are off ([features] memories = true") for n in report["stack"]["notes"])


@pytest.mark.parametrize("value", ['"32k"', "-1", "1.5", "true"])
def test_a_codex_byte_budget_that_is_not_a_whole_number_is_said(project, cli, value):
    """A `project_doc_max_bytes` memctl cannot take is said with its file and line (it was passed
    over in silence), and Codex's default is counted."""
    root = project("codex")
    config = root / "home/.codex/config.toml"
    config.write_text("model = \"o4\"\nproject_doc_max_bytes = " + value + "\n")
    done = cli("status", "monorepo/services/payments/api", "--format", "json")
    assert done.exit_code == 0
    assert f"config.toml:2: project_doc_max_bytes is {value}, " in done.stderr  # as the TOML writes it
    assert "not a whole number of bytes: memctl counts Codex's default, 32,768" in done.stderr
    assert json.loads(done.stdout)["stack"]["budget"]["limit"] == 32_768


def test_codex_workspace_in_the_config_names_the_working_folder(project):
    root = project("codex")
    (root / "monorepo" / ".memctl.yaml").write_text("workspace: services/payments/api\n")
    from_root = build_status(load_home("monorepo"), TODAY)
    assert from_root["profile"] == "codex" and from_root["index"]["path"] == "AGENTS.md"
    assert from_root["stack"]["working_folder"] == "monorepo/services/payments/api"
    from_api = build_status(load_home("monorepo/services/payments/api"), TODAY)
    assert rows(from_root) == rows(from_api)


def test_codex_cut_mid_character_decodes_lossily(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "AGENTS.md").write_text("# Root\n" + "é" * 10 + "\n", encoding="utf-8")  # 7 + 20 + 1 bytes
    (tmp_path / ".memctl.yaml").write_text("budgets: {total_bytes: 12}\n")
    home = load_home(tmp_path)
    (first,) = home.stack.files
    assert (first.size, first.loaded, first.cause) == (28, 12, "cut")
    assert first.text == "# Root\néé\ufffd"  # 7 bytes, two é and half of the third: U+FFFD, as Codex decodes
    assert first.why.startswith("cut at byte 12 of 28 (line 2, mid-character)")
    assert home.index_cap.loaded == ((1, 1),)  # the index is the cut file: line 2 does not load whole
    assert lint(tmp_path) == [("MEM205", 2, "AGENTS.md")]


def test_codex_blank_override_hides_the_folders_agents_md(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "AGENTS.md").write_text("# Root\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "AGENTS.override.md").write_text(" \n")
    (tmp_path / "sub" / "AGENTS.md").write_text("# Sub\n- never read\n")
    (tmp_path / ".memctl.yaml").write_text("workspace: sub\n")
    stack = load_home(tmp_path).stack
    assert [(os.path.relpath(f.path, tmp_path), f.cause) for f in stack.files] == [
        ("AGENTS.md", "ok"), ("sub/AGENTS.override.md", "empty"), ("sub/AGENTS.md", "shadowed")]
    assert lint(tmp_path) == [("MEM213", 1, "sub/AGENTS.md")]


def test_codex_summary_keeps_half_the_byte_budget_from_each_end():
    text = "".join(f"line {i:04d}\n" for i in range(2_000))  # 20,000 bytes, 5,000 tokens at bytes/4
    kept, head, tail = summary_cut(text)
    assert (head, tail) == (5_000, 5_000)
    assert kept == text[:5_000] + "…2500 tokens truncated…" + text[-5_000:]
    assert summary_cut("short") == ("short", 5, 0)


def test_codex_detection_leaves_claude_code_and_openclaw_homes_alone(tmp_path):
    (tmp_path / "AGENTS.md").write_text("# A\n")
    assert codex.detect(str(tmp_path)) == "detected: AGENTS.md and no CLAUDE.md or .claude/"
    (tmp_path / "CLAUDE.md").write_text("# C\n")
    assert codex.detect(str(tmp_path)) == ""
    (tmp_path / "CLAUDE.md").unlink()
    (tmp_path / "SOUL.md").write_text("# S\n")
    assert detect(str(tmp_path))[0] == "openclaw"  # AGENTS.md beside SOUL.md: an OpenClaw workspace


# --- Gemini CLI --------------------------------------------------------------------------------


def test_gemini_loads_the_global_file_then_the_project_files_sorted_by_path_with_imports(project):
    project("gemini")
    report = build_status(load_home("webapp/frontend"), TODAY)
    assert report["profile"] == "gemini"
    assert [(f["path"], f["role"], f["loads"], f["depth"]) for f in report["stack"]["files"]] == [
        ("home/.gemini/GEMINI.md", "global", "start", 0),
        ("webapp/AGENTS.md", "project", "start", 0),  # context.fileName adds AGENTS.md; sorted before GEMINI.md
        ("webapp/GEMINI.md", "project", "start", 0),
        ("webapp/docs/style-guide.md", "import", "start", 1),
        ("webapp/docs/tokens.md", "import", "start", 2),
        ("webapp/docs/api-conventions.md", "import", "start", 1),
        ("webapp/docs/errors.md", "import", "start", 2),
        ("webapp/frontend/GEMINI.md", "project", "start", 0),
        ("webapp/frontend/components/GEMINI.md", "subfolder", "later", 0),  # JIT: when a tool touches its folder
    ]
    gemini_md = (Path("webapp/GEMINI.md").read_text()).strip()
    assert report["stack"]["files"][2]["size"] == len(gemini_md) == 476  # characters, trimmed
    problems = [(p["kind"], p["path"], p["line"]) for p in report["stack"]["problems"]]
    assert problems == [("import-loop", "webapp/docs/errors.md", 4), ("import-escapes", "webapp/GEMINI.md", 12),
                        ("import-missing", "webapp/GEMINI.md", 13)]  # `@alice`, backticks and fences: no import
    assert "home/.gemini/GEMINI.md holds 3 facts under '## Gemini Added Memories'" in " ".join(report["stack"]["notes"])
    assert report["totals"]["always_loaded_tokens"] == report["stack"]["tokens"]
    golden("gemini-webapp", report)


def test_gemini_sorts_by_full_path_as_javascript_does(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "GEMINI.md").write_text("# Root\n")
    (tmp_path / "Api").mkdir()
    (tmp_path / "Api" / "GEMINI.md").write_text("# Api\n")
    stack = load_home(tmp_path / "Api").stack
    assert [os.path.relpath(f.path, tmp_path) for f in stack.files] == ["Api/GEMINI.md", "GEMINI.md"]


def test_gemini_configured_names_come_before_gemini_md(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".gemini").mkdir()
    (tmp_path / ".gemini" / "settings.json").write_text('{"context": {"fileName": "CONTEXT.md"}}')
    assert gemini.names(gemini.settings(None)) == ("CONTEXT.md", "GEMINI.md")


def test_gemini_lint_finds_each_import_that_loads_nothing():
    assert lint("fixtures/lint/gemini") == [
        ("MEM304", 3, "fixtures/lint/gemini/GEMINI.md"), ("MEM306", 4, "fixtures/lint/gemini/GEMINI.md"),
        ("MEM305", 3, "fixtures/lint/gemini/docs/conventions.md"),
        ("MEM307", 3, "fixtures/lint/gemini/docs/d5.md")]  # d5 is 5 deep: included, its import left as text
    stack = load_home("fixtures/lint/gemini").stack
    assert [f.depth for f in stack.files if "/docs/d" in f.path] == [1, 2, 3, 4, 5]


# --- Cursor ------------------------------------------------------------------------------------


def test_cursor_counts_always_rules_and_agents_md_and_lists_the_rest_by_kind(project):
    project("cursor")
    report = build_status(load_home("shop"), TODAY)
    assert report["profile"] == "cursor" and report["profile_reason"] == "detected: a .cursor/rules/ folder"
    assert [(f["path"].removeprefix("shop/"), f["role"], f["loads"]) for f in report["stack"]["files"]] == [
        ("AGENTS.md", "project", "start"),
        (".cursor/rules/00-house-style.mdc", "always rule", "start"),
        (".cursor/rules/db-migrations.mdc", "agent-requested rule", "later"),
        (".cursor/rules/legacy/vue-components.mdc", "auto-attached rule", "later"),
        (".cursor/rules/notes.md", "rule", "never"),
        (".cursor/rules/react-components.mdc", "auto-attached rule", "later"),
        (".cursor/rules/release-checklist.mdc", "manual rule", "later"),
        (".cursor/rules/security.mdc", "agent-requested rule", "later"),  # alwaysApply: "true" is a string
        ("src/AGENTS.md", "subfolder", "later"),
    ]
    always = [r["path"] for r in report["totals"]["always_loaded"]]
    assert always == ["shop/AGENTS.md", "shop/.cursor/rules/00-house-style.mdc"]
    assert lint("shop") == [("MEM211", 3, "shop/.cursor/rules/legacy/vue-components.mdc"),
                            ("MEM211", 1, "shop/.cursor/rules/notes.md"),
                            ("MEM212", 1, "shop/.cursor/rules/release-checklist.mdc"),
                            ("MEM211", 4, "shop/.cursor/rules/security.mdc")]
    golden("cursor-shop", report)


# --- Claude Code's whole start-up ---------------------------------------------------------------


def test_claude_code_project_status_shows_the_whole_stack_and_the_auto_memory(project):
    root = project("claude-code")
    slug = claude_code.slug(str(root / "project" / "ledger"))
    report = build_status(load_home("project/ledger", overrides={"profile": "claude-code"}), TODAY)
    memory = f"home/.claude/projects/{slug}/memory/MEMORY.md"
    assert [(f["path"], f["role"], f["loads"], f["depth"]) for f in report["stack"]["files"]] == [
        ("home/.claude/CLAUDE.md", "user", "start", 0),
        ("home/.claude/tone.md", "user import", "start", 1),  # @~/.claude/tone.md
        ("home/.claude/rules/commits.md", "user rule", "start", 0),
        ("project/CLAUDE.md", "project", "start", 0),  # a folder above the project: the walk goes to /
        ("project/ledger/CLAUDE.md", "project", "start", 0),
        ("project/ledger/docs/architecture.md", "import", "start", 1),
        ("project/ledger/docs/glossary.md", "import", "start", 2),
        ("project/ledger/.claude/CLAUDE.md", "project", "start", 0),
        ("project/ledger/.claude/rules/api.md", "path-scoped rule", "later", 0),
        ("project/ledger/.claude/rules/testing.md", "project rule", "start", 0),
        ("project/ledger/CLAUDE.local.md", "local", "start", 0),
        ("project/ledger/src/payments/CLAUDE.md", "subfolder", "later", 0),
        (memory, "auto memory", "start", 0),
    ]
    auto = report["stack"]["files"][-1]
    assert (auto["unit"], auto["cause"]) == ("UTF-16 units", "cut") and "lines 201–231 are not loaded" in auto["why"]
    assert report["index"]["path"] == "CLAUDE.md" and not report["index"]["load_cap"]["capped"]
    assert report["index"]["headroom"]["lines"] is None  # CLAUDE.md loads in full: no 200-line limit
    starts = [f for f in report["stack"]["files"] if f["loads"] == "start"]
    assert report["totals"]["always_loaded_tokens"] == sum(f["tokens"] for f in starts) == report["stack"]["tokens"]
    assert lint("project/ledger", profile="claude-code") == [
        ("MEM502", 9, memory), ("MEM210", 201, memory),  # a CLAUDE.md line also in MEMORY.md; its cut
        ("MEM304", 14, "project/ledger/CLAUDE.md")]
    golden("claude-code-project", report, (slug, "-SLUG-"))


def test_claude_code_auto_memory_status_shows_its_projects_stack(project):
    root = project("claude-code")
    slug = claude_code.slug(str(root / "project" / "ledger"))
    memory = f"home/.claude/projects/{slug}/memory"
    report = build_status(load_home(memory), TODAY)  # run from elsewhere: the project is found by its slug
    assert report["profile"] == "claude-code" and report["stack"]["working_folder"] == "project/ledger"
    assert [f["path"] for f in report["stack"]["files"] if f["loads"] == "start"][3:5] == [
        "project/CLAUDE.md", "project/ledger/CLAUDE.md"]
    index = report["stack"]["files"][-1]
    assert index["index"] and index["role"] == "auto memory"
    assert report["index"]["load_cap"]["loaded_lines"] == 200  # the stack's cut is the index's own
    # every request: the project's files and the 200 lines of MEMORY.md, counted once (the index's row
    # is the stack's own, of kind `index`, with the stack's count and the load cap's)
    rows = report["totals"]["always_loaded"]
    assert [r["kind"] for r in rows].count("index") == 1 and rows[-1]["kind"] == "index"
    assert rows[-1]["tokens"] == index["tokens"] == report["index"]["load_cap"]["loaded_tokens"]
    assert report["totals"]["always_loaded_tokens"] == report["stack"]["tokens"]
    found = lint(memory)
    assert ("MEM205", 201, f"{memory}/MEMORY.md") in found and ("MEM502", 9, f"{memory}/MEMORY.md") in found
    assert not any(code == "MEM210" for code, _, _ in found)  # the index's cut is MEM201/MEM205's


def test_claude_code_auto_memory_of_a_project_not_found_says_so(tmp_path, monkeypatch):
    memory = tmp_path / ".claude" / "projects" / "-no-such-project-here" / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# M\n")
    (tmp_path / ".claude" / "CLAUDE.md").write_text("# Me\n- short answers\n")
    report = build_status(load_home(memory), TODAY)
    assert [f["role"] for f in report["stack"]["files"]] == ["user", "auto memory"]
    assert report["stack"]["notes"][0].startswith("the project this auto memory is for was not found")


def test_claude_code_follows_four_hops_and_reports_what_it_skips():
    assert lint("fixtures/lint/claude-stack") == [
        ("MEM502", 3, "fixtures/lint/claude-stack/.claude/rules/style.md"),
        ("MEM304", 6, "fixtures/lint/claude-stack/CLAUDE.md"),
        ("MEM307", 3, "fixtures/lint/claude-stack/docs/four.md"),
        ("MEM305", 3, "fixtures/lint/claude-stack/docs/loop-b.md")]
    stack = load_home("fixtures/lint/claude-stack").stack
    assert [(os.path.basename(f.path), f.depth) for f in stack.files if "/docs/" in f.path] == [
        ("one.md", 1), ("two.md", 2), ("three.md", 3), ("four.md", 4), ("loop-a.md", 1), ("loop-b.md", 2)]


def test_claude_code_never_reads_an_import_that_leaves_the_project(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    (tmp_path / "me" / ".claude").mkdir(parents=True)
    (tmp_path / "me" / "notes.md").write_text("# Notes\n- mine\n")
    (tmp_path / "me" / ".claude" / "CLAUDE.md").write_text("# Me\n@~/notes.md\n")  # user memory: no approval
    (tmp_path / "elsewhere.md").write_text("SECRET-OUTSIDE-THE-PROJECT\n")
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "CLAUDE.md").write_text("# P\n@../elsewhere.md\n")
    report = build_status(load_home(project, overrides={"profile": "claude-code"}), TODAY)
    files = {f["path"].rsplit("/", 1)[-1]: f for f in report["stack"]["files"]}
    assert files["notes.md"]["loads"] == "start" and files["notes.md"]["role"] == "user import"
    assert (files["elsewhere.md"]["loads"], files["elsewhere.md"]["size"], files["elsewhere.md"]["tokens"]) == (
        "later", 0, 0)
    assert "SECRET-OUTSIDE-THE-PROJECT" not in json.dumps(report)


def test_claude_code_imports_are_found_as_claude_code_finds_them():
    text = ("@a.md and @./b.md\n- see @~/c.md, `@not/this.md`\n<!-- @nor/this.md -->\n"
            "```\n@nor/code.md\n```\nmail me@example.com; @my\\ file.md#part\n")
    assert claude_code.imports_of(text) == [("a.md", 1), ("./b.md", 1), ("~/c.md,", 2), ("my file.md", 7)]


# --- the other commands: lint's codes, assemble's budget, init --------------------------------


def test_codex_and_cursor_lint_fixtures_numbers():
    assert lint("fixtures/lint/codex") == [
        ("MEM213", 1, "fixtures/lint/codex/services/AGENTS.md"),
        ("MEM502", 3, "fixtures/lint/codex/services/api/AGENTS.md"),
        ("MEM210", 36, "fixtures/lint/codex/services/api/AGENTS.md")]
    root = (FIXTURES / "lint" / "codex" / "AGENTS.md").read_bytes()
    api = (FIXTURES / "lint" / "codex" / "services" / "api" / "AGENTS.md").read_bytes()
    assert api[:4_096 - len(root)].count(b"\n") + 1 == 36  # 4,096 bytes in all, root first
    assert lint("fixtures/lint/cursor") == [
        ("MEM212", 1, "fixtures/lint/cursor/.cursor/rules/manual.mdc"),
        ("MEM211", 3, "fixtures/lint/cursor/.cursor/rules/nomatch.mdc"),
        ("MEM211", 1, "fixtures/lint/cursor/.cursor/rules/plain.md"),
        ("MEM211", 4, "fixtures/lint/cursor/.cursor/rules/quoted.mdc")]


def test_assemble_takes_what_the_host_loads_anyway_off_the_budget(project):
    project("codex")
    home = load_home("monorepo/services/payments/api")
    bundle = assemble(home, AssembleOptions(budget=20_000), TODAY)
    assert [path for path, _ in bundle.context] == [
        "home/.codex/AGENTS.md", "monorepo/AGENTS.md", "monorepo/services/AGENTS.override.md",
        "monorepo/services/payments/TEAM.md", "home/.codex/memories/memory_summary.md"]  # not the index
    assert bundle.context_tokens == build_status(home, TODAY)["stack"]["tokens"] == 6_200
    assert bundle.tokens + bundle.context_tokens <= 20_000


def test_assemble_takes_openclaw_bootstrap_files_off_the_budget():
    home = load_home("fixtures/hosts/openclaw-starved")
    bundle = assemble(home, AssembleOptions(budget=100_000), TODAY)
    assert [path for path, _ in bundle.context] == ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md",
                                                    "HEARTBEAT.md"]  # MEMORY.md is the bundle's own first block
    boot = build_status(home, TODAY)["bootstrap"]
    assert bundle.context_tokens == sum(f["tokens"] for f in boot["files"] if f["name"] != "MEMORY.md")


@pytest.mark.parametrize(("name", "folder", "profile", "index"), [
    ("codex", "monorepo/services/payments/api", "codex", "AGENTS.md"),
    ("gemini", "webapp/frontend", "gemini", "GEMINI.md"),
    ("cursor", "shop", "cursor", "AGENTS.md"),
    ("claude-code", "project/ledger", "claude-code", "CLAUDE.md"),
])
def test_init_detects_each_host_and_names_its_index(project, cli, name, folder, profile, index):
    project(name)
    result = cli("init", folder)
    assert result.exit_code == 0, result.stderr
    config = Path(folder, ".memctl.yaml").read_text()
    assert f"profile: {profile}  # detected: " in config and f"\nindex: {index}  # the file " in config
    assert load_home(folder).config.profile == profile


def test_status_cli_on_a_project_named_by_profile(project, cli):
    project("claude-code")
    result = cli("status", "project/ledger", "--profile", "claude-code", "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["stack"]["host"] == "Claude Code" and data["index"]["path"] == "CLAUDE.md"


def test_a_hook_in_a_project_reads_its_auto_memory_not_its_claude_md(project, tmp_path):
    from memctl.commands.hooks import home_of_cwd

    root = project("claude-code")
    assert home_of_cwd(str(root / "project" / "ledger")).index.rel == "MEMORY.md"
    shutil.rmtree(root / "home" / ".claude" / "projects")
    with pytest.raises(Exception, match="no host keeps memory for this project elsewhere"):
        home_of_cwd(str(root / "project" / "ledger"))
