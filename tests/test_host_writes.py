"""What memctl writes into a host's memory, and where, as each host keeps it: Claude Code's auto
memory outside the project (hook install, hooks without PATH, split, capture), front matter read as
Claude Code reads it, Volute's `memory/topics/`, and OpenClaw's time-stamped daily notes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.commands.capture import marked
from memctl.commands.split import Options, plan_split
from memctl.hosts import HOSTS
from memctl.hosts import claude_code as cc
from memctl.markup.markdown import parse_front_matter, simple_front_matter
from memctl.model.home import load_home
from memctl.safe.journal import apply_plan

from .conftest import FIXTURES, ROOT

HOMES = FIXTURES / "homes"
SESSION = "7c1e9b2a-4d0f-4a55-9a61-0f3b2d7e8c11.jsonl"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")


def slug_of(path: Path) -> str:
    return re.sub(r"[^a-zA-Z0-9]", "-", str(path))


@pytest.fixture
def claude(tmp_path, monkeypatch):
    """A copy of the Claude Code home: HOME is its `home/`, the project has its `.git`, and the
    auto-memory folder is named for the copy's path, as Claude Code names it for the checkout."""
    shutil.copytree(HOMES / "claude-code", tmp_path / "cc")
    home, project = tmp_path / "cc" / "home", tmp_path / "cc" / "project" / "acme-billing"
    (project / ".git").mkdir()
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    projects = home / ".claude" / "projects"
    (projects / "-work-acme-billing").rename(projects / slug_of(project))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return home, project, projects / slug_of(project) / "memory"


@pytest.fixture
def cli():
    from typer.testing import CliRunner

    from memctl.cli.main import app

    def invoke(*args: str, stdin: str | None = None):
        return CliRunner().invoke(app, list(args), input=stdin, catch_exceptions=False)

    return invoke


# --- CC1: `hook install` for an auto-memory folder edits the project's settings ------------------


def test_hook_install_in_the_project_edits_the_projects_settings(claude, cli, monkeypatch):
    home, project, memory = claude
    user_settings = (home / ".claude" / "settings.json").read_text()
    monkeypatch.chdir(project)
    target = project / ".claude" / "settings.json"
    shown = cli("hook", "install", str(memory))
    assert shown.exit_code == 0
    assert shown.stdout.startswith(f"--- a/{str(target).lstrip('/')}\n")
    assert shown.stderr.splitlines()[0] == (
        f"hook install: the project settings of {project} (the current folder's project, whose auto memory this "
        f"is): {target}")
    assert shown.stderr.splitlines()[-1] == f"would add UserPromptSubmit, SessionStart, PreCompact to {target}; " \
                                            "--apply writes it"
    written = cli("hook", "install", str(memory), "--apply")
    assert written.exit_code == 0 and f"added UserPromptSubmit, SessionStart, PreCompact to {target}" in written.stderr
    settings_now = json.loads(target.read_text())
    assert settings_now["hooks"]["PostToolUse"][0]["hooks"][0]["command"] == "just fmt-changed"  # theirs stays
    assert f"hook user-prompt {memory}" in settings_now["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert (home / ".claude" / "settings.json").read_text() == user_settings  # the user's settings untouched


def test_hook_install_from_a_subfolder_or_elsewhere_finds_the_project(claude, cli, monkeypatch, tmp_path):
    _, project, memory = claude
    target = project / ".claude" / "settings.json"
    monkeypatch.chdir(project / "billing")  # inside the repository: its git root is the project
    inside = cli("hook", "install", str(memory))
    assert inside.exit_code == 0 and inside.stdout.startswith(f"--- a/{str(target).lstrip('/')}\n")
    monkeypatch.chdir(tmp_path)  # elsewhere: the folder name read back along the folders that are there
    elsewhere = cli("hook", "install", str(memory))
    assert elsewhere.exit_code == 0 and elsewhere.stdout.startswith(f"--- a/{str(target).lstrip('/')}\n")
    assert elsewhere.stderr.splitlines()[0] == (
        f"hook install: the project settings of {project} (the folder whose path gives the name {slug_of(project)}, "
        f"whose auto memory this is): {target}")


def test_hook_install_says_what_to_do_when_the_project_cannot_be_told(claude, cli, monkeypatch, tmp_path):
    home, _, memory = claude
    projects = memory.parent.parent
    monkeypatch.chdir(tmp_path)
    lost = projects / "-nowhere-at-all" / "memory"
    shutil.copytree(memory, lost)
    result = cli("hook", "install", str(lost))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"error: {lost}: is the auto memory of the project whose path gives the name -nowhere-at-all, and neither "
        f"the current folder's project ({tmp_path}, which gives {slug_of(tmp_path)}) nor any folder on this machine "
        "gives it: run `memctl hook install` in the project, or pass --settings FILE or --scope user\n")
    (tmp_path / "a-b").mkdir()
    (tmp_path / "a" / "b").mkdir(parents=True)
    twice = projects / slug_of(tmp_path / "a-b") / "memory"  # /…/a-b and /…/a/b give the same name
    shutil.copytree(memory, twice)
    result = cli("hook", "install", str(twice))
    assert result.exit_code == 2 and "is the auto memory of one of 2 folders whose path gives the name" in result.stderr
    assert f"({tmp_path / 'a'}/b, {tmp_path}/a-b)" in result.stderr
    monkeypatch.chdir(tmp_path / "a-b")  # run in the project: no doubt left
    settled = cli("hook", "install", str(twice))
    assert settled.exit_code == 0
    shown = str(tmp_path / "a-b").lstrip("/")
    assert settled.stdout.startswith(f"--- /dev/null\n+++ b/{shown}/.claude/settings.json\n")


def test_hook_install_user_scope_honours_claude_config_dir(claude, cli, monkeypatch, tmp_path):
    _, project, memory = claude
    monkeypatch.chdir(project)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    result = cli("hook", "install", str(memory), "--scope", "user")
    target = tmp_path / "cfg" / "settings.json"
    assert result.exit_code == 0 and result.stdout.startswith("--- /dev/null\n")
    assert result.stderr.splitlines()[0] == f"hook install: the user settings: {target}"


def test_hook_install_for_a_worktree_edits_the_main_repository(tmp_path, cli, monkeypatch):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    main = tmp_path / "repo"
    main.mkdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q", str(main)], check=True)
    subprocess.run([*git, "-C", str(main), "commit", "-q", "--allow-empty", "-m", "x"], check=True)
    subprocess.run([*git, "-C", str(main), "worktree", "add", "-q", str(tmp_path / "wt")], check=True)
    memory = tmp_path / "home" / ".claude" / "projects" / slug_of(main) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.chdir(tmp_path / "wt")
    assert cc.git_root(str(tmp_path / "wt")) == str(main)  # all worktrees share the main one's auto memory
    result = cli("hook", "install", str(memory))
    shown = str(main).lstrip("/")
    assert result.exit_code == 0 and result.stdout.startswith(f"--- /dev/null\n+++ b/{shown}/.claude/settings.json")


@pytest.mark.parametrize(("path", "made"), [
    ("/Users/foo/my-project", "-Users-foo-my-project"),  # the example in Claude Code's source
    ("/tmp/aq-spike-deny.4kpu", "-tmp-aq-spike-deny-4kpu"),  # a transcript path seen in a hook's input
    ("/home/dana/src/my_app v2", "-home-dana-src-my-app-v2"),
    ("/home/dana/Zürich/😀", "-home-dana-Z-rich---"),  # é one UTF-16 unit, an emoji two
])
def test_the_slug_is_claude_codes(path, made):
    assert cc.slug(path) == made and cc.slug_matches(made, path)


def test_a_long_slug_is_matched_by_its_first_200_characters():
    path = "/" + "/".join(["segment-of-a-long-path"] * 12)
    made = cc.slug(path)
    assert len(made) > 200
    assert cc.slug_matches(made[:200] + "-1f3k9z", path) and not cc.slug_matches(made[:200], path)
    assert cc.decode_slug(made[:200] + "-1f3k9z") == []  # cut, with a hash: not read back


# --- CC2: a hook with no PATH reads the project's auto memory -----------------------------------


def hook(*args: str, stdin: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "CLAUDE_CONFIG_DIR"}
    return subprocess.run([sys.executable, "-m", "memctl", "hook", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env={**clean, "MEMCTL_TODAY": "2026-11-23", **env}, timeout=60)


def test_hook_without_path_reads_the_auto_memory_of_the_inputs_project(claude):
    home, project, _ = claude
    prompt = json.dumps({"prompt": "What is the state of the billing v2 migration?", "cwd": str(project),
                         "hook_event_name": "UserPromptSubmit"})
    result = hook("user-prompt", stdin=prompt, env={"HOME": str(home)})
    assert result.returncode == 0 and result.stderr == ""
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "<!-- billing_v2_migration.md, lines " in context
    start = hook("session-start", stdin=json.dumps({"source": "startup", "cwd": str(project / "billing")}),
                 env={"HOME": str(home)})
    assert start.returncode == 0 and start.stderr == ""
    assert "/memory/MEMORY.md is cut by the host" in json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]


def test_hook_without_path_honours_claude_config_dir(claude, tmp_path):
    home, project, memory = claude
    config = tmp_path / "elsewhere"
    shutil.move(str(home / ".claude"), str(config))
    prompt = json.dumps({"prompt": "billing v2 migration state", "cwd": str(project)})
    found = hook("user-prompt", stdin=prompt, env={"HOME": str(home), "CLAUDE_CONFIG_DIR": str(config)})
    assert found.returncode == 0 and "billing_v2_migration.md" in found.stdout and found.stderr == ""
    missing = hook("user-prompt", stdin=prompt, env={"HOME": str(home)})  # ~/.claude has gone
    assert missing.returncode == 0 and missing.stdout == ""
    assert missing.stderr == (f"memctl hook user-prompt: {project}/MEMORY.md: no MEMORY.md in this home, and no host "
                              "keeps memory for this project elsewhere (as Claude Code's auto memory in "
                              "~/.claude/projects/) (nothing added)\n")


# --- CC3 and Volute: split writes each host's topic layout --------------------------------------


def test_split_writes_claude_code_topics_flat_with_its_front_matter(claude, cli):
    _, _, memory = claude
    result = cli("split", str(memory), "--apply")
    assert result.exit_code == 0
    assert "  § User (lines 3–10, ~165 tokens) → user.md (create)\n" in result.stdout
    assert not (memory / "topics").exists()
    assert (memory / "user.md").read_text().startswith(
        "---\nname: User\ndescription: Dana's role — staff engineer on billing; owns invoicing + dunning, on-call "
        "every 4th week\ntype: user\n---\n## User\n")
    kinds = {name: load_home(memory).find_topic(name).front_matter.kind
             for name in ("user", "feedback", "reference", "incidents-postmortems", "people")}
    assert kinds == {"user": "user", "feedback": "feedback", "reference": "reference",
                     "incidents-postmortems": "project", "people": "project"}
    index = (memory / "MEMORY.md").read_text()
    assert "\n- [User](user.md) — Dana's role — staff engineer on billing; owns invoicing + dunning, on-call every " \
           "4th week (~201 tokens)\n" in index
    assert all(len(line) < 150 for line in index.splitlines())
    again = cli("split", str(memory))
    assert again.exit_code == 0 and again.stdout.startswith("nothing to split")
    lint = cli("lint", str(memory), "--select", "MEM101,MEM301")
    assert lint.exit_code == 0, lint.stdout


def test_split_writes_volute_topics_in_memory_topics(tmp_path, cli, monkeypatch):
    shutil.copytree(HOMES / "volute" / "home", tmp_path / "home")
    root = tmp_path / "home"
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-10")
    result = cli("split", str(root), "--apply")
    assert result.exit_code == 0
    assert "  § Who's who (lines 5–11, ~90 tokens) → memory/topics/who-s-who.md (create, 1 link rewritten)\n" \
        in result.stdout
    assert not (root / "topics").exists()
    topic = (root / "memory" / "topics" / "who-s-who.md").read_text()
    assert topic.startswith("---\ntitle: Who's who\n") and "skills: [who-s-who]\nupdated: 2026-12-10\n" in topic
    assert "- [Who's who](memory/topics/who-s-who.md) — " in (root / "MEMORY.md").read_text()
    lint = cli("lint", str(root), "--select", "MEM301")
    assert lint.exit_code == 0, lint.stdout  # the links that moved point where they pointed
    assert cli("split", str(root)).stdout.startswith("nothing to split")


@pytest.mark.parametrize("name", sorted(HOSTS))
def test_every_host_names_its_topic_folder_and_front_matter(name):
    from memctl.markup.markdown import front_matter_text

    host = HOSTS[name]
    pairs = host.front_matter_of("Deploys: the runbook", "What we learned: rollbacks", "deploys", date(2026, 11, 23))
    text = front_matter_text(pairs)
    values, error, note = parse_front_matter(text.strip("-\n") + "\n", 2)
    assert error is None and note is None  # what memctl writes, every YAML reader reads
    assert (values.get("title") or values.get("name")) == "Deploys: the runbook"
    assert (values.get("summary") or values.get("description")) == "What we learned: rollbacks"
    assert host.topic_folder == {"claude-code": "", "volute": "memory/topics"}.get(name, "topics")


BLOCKS = st.sampled_from([
    "## Alpha\n", "## Beta\n", "## User\n", "# Title\n", "### deep\n", "text line: with a colon.\n", "- item\n", "\n",
    "- [a link](topics/x.md) — to a topic\n", "see [b](b.md) and [up](memory/topics/c.md).\n",
    "```\n## fenced\n```\n", "<!-- memctl-keep -->\n", "## 日本語\n", "no newline",
])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(BLOCKS, max_size=20), st.sampled_from(["\n", "\r\n"]), st.sampled_from(["claude-code", "volute"]))
def test_split_in_each_hosts_layout_conserves_and_is_stable(tmp_path_factory, blocks, newline, profile):
    root = tmp_path_factory.mktemp("home")
    text = "".join(blocks).replace("\n", newline)
    (root / "MEMORY.md").write_bytes(text.encode())
    home = load_home(root, overrides={"profile": profile})
    now = datetime(2026, 11, 23, 12, tzinfo=timezone.utc)
    result = plan_split(home, home.index, Options(), today=date(2026, 11, 23), now=now)  # verify() raises on a breach
    if not result.moves:
        return
    assert all(m.dest.startswith(home.host.topic_folder) and m.dest.count("/") == home.host.topic_folder.count("/")
               + bool(home.host.topic_folder) for m in result.moves)
    apply_plan(home.root, result.write)
    again = load_home(root, overrides={"profile": profile})
    assert plan_split(again, again.index, Options(), today=date(2026, 11, 23), now=now).moves == ()
    assert (root / result.archive).read_bytes() == text.encode()


# --- CC4: the link capture adds lands where the host loads the index ----------------------------


def test_capture_links_the_lessons_inside_the_200_lines_claude_code_loads(claude, cli):
    home, _, memory = claude
    transcript = memory.parent / SESSION
    result = cli("capture", str(memory), "--transcript", str(transcript), "--apply")
    assert result.exit_code == 0
    assert "  MEMORY.md: a link to lessons.md, which is new, at line 200\n" in result.stdout
    assert result.stderr == (
        "warning: MEMORY.md is cut by its host's load cap (lines 1–200 of 245 load): the link goes in at line 200, "
        "inside what loads, and pushes line 200 ('- [Jira](reference_jira.md) — project BIL; components invoi…') "
        "out of it; `memctl split` slims the index\n"
        "wrote 2 files: 2 new lessons added to lessons.md, a link to it in MEMORY.md\n")  # what it wrote, last
    lines = (memory / "MEMORY.md").read_text().splitlines()
    assert len(lines) == 246 and lines[199] == "- [Lessons](lessons.md) — lessons and decisions captured from sessions"
    loaded = load_home(memory).index_cap
    assert loaded.loaded == ((1, 200),)  # the host loads the link
    assert (memory / "lessons.md").read_text().startswith(
        "---\nname: Lessons\ndescription: lessons and decisions captured from sessions\ntype: project\n---\n"
        "# Lessons\n")


def test_capture_refuses_a_link_it_cannot_put_where_the_host_loads_it(tmp_path, cli):
    prose = "".join(f"Note {n}: the build cache lives on the scratch disk.\n" for n in range(230))
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n" + prose + "- [Old](old.md) — past the cut\n")
    (tmp_path / "old.md").write_text("# Old\n")
    before = (tmp_path / "MEMORY.md").read_text()
    result = cli("capture", str(tmp_path), "--profile", "claude-code", "--apply", "--format", "json",
                 stdin="Lesson: pin the runner image.\n")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["added"] == 1 and data["index_linked"] is False and data["index_link_line"] is None
    why = ("lessons.md is new, but no link to it was added to MEMORY.md: its host loads only lines 1–200 of 233, "
           "and no place among the links there keeps a new line inside what loads; link it by hand within those "
           "lines, or slim the index (`memctl split`)")
    assert data["index_link_refused"] == why
    assert result.stderr == f"warning: {why}\nwrote 1 file: 1 new lesson added to lessons.md\n"
    assert (tmp_path / "MEMORY.md").read_text() == before
    assert "- 2026-11-23 — Lesson: pin the runner image. (stdin, line 1)" in (tmp_path / "lessons.md").read_text()


def test_capture_on_an_index_at_the_cap_puts_the_link_among_the_loaded_links(tmp_path, cli):
    links = "".join(f"- [Topic {n}](t{n}.md) — a fact about topic {n}\n" for n in range(150))
    notes = "".join(f"- note {n}\n" for n in range(48))
    (tmp_path / "MEMORY.md").write_text(f"# Memory\n\n{links}{notes}")  # 200 lines: all load, a 201st would not
    result = cli("capture", str(tmp_path), "--profile", "claude-code", "--apply", stdin="Decision: ship it.\n")
    assert result.exit_code == 0 and "a link to lessons.md, which is new, at line 153" in result.stdout
    lines = (tmp_path / "MEMORY.md").read_text().splitlines()
    assert lines[152] == "- [Lessons](lessons.md) — lessons and decisions captured from sessions"
    assert "pushes line 200 ('- note 47') out of it" in result.stderr


def test_capture_on_an_uncapped_index_still_appends_at_its_end(tmp_path, cli):
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- [Debugging](debugging.md)\n\nLoose note.\n")
    result = cli("capture", str(tmp_path), "--profile", "generic", "--apply", stdin="Lesson: x then y.\n")
    assert result.exit_code == 0
    assert result.stderr == "wrote 2 files: 1 new lesson added to topics/lessons.md, a link to it in MEMORY.md\n"
    assert (tmp_path / "MEMORY.md").read_text().endswith(
        "Loose note.\n- [Lessons](topics/lessons.md) — lessons and decisions captured from sessions\n")
    assert (tmp_path / "topics" / "lessons.md").read_text().startswith("# Lessons\n")  # no front matter: not Claude's


# --- CC5: front matter read as Claude Code reads it ---------------------------------------------


def test_an_unquoted_colon_is_read_as_claude_code_reads_it_and_lint_warns(claude, cli):
    _, _, memory = claude
    lint = cli("lint", str(memory), "--select", "MEM101,MEM102")
    assert lint.exit_code == 0
    assert lint.stdout.splitlines()[0] == (
        f"{memory}/billing_v2_migration.md:3:1: MEM102 front matter is not valid YAML (an unquoted ': ' in "
        "description); memctl reads it as Claude Code does, quoting the value, but stricter readers ignore it: "
        "quote the value")
    assemble = cli("assemble", str(memory), "--topic", "billing_v2_migration")
    assert assemble.exit_code == 0 and "front matter" not in assemble.stderr
    for _ in range(2):  # parsed, then from the cache
        fm = load_home(memory).find_topic("billing_v2_migration").front_matter
        assert (fm.title, fm.summary, fm.kind) == ("Billing v2 migration",
                                                   "The billing v2 migration: state, owners, deadlines", "project")
        assert fm.error is None and fm.lenient is not None and fm.lenient.line == 3


def test_consolidate_leaves_a_topic_only_claude_code_reads_alone(claude, cli):
    _, _, memory = claude
    topic = memory / "billing_v2_migration.md"
    before = topic.read_bytes()
    result = cli("consolidate", str(memory), "--topic", "billing_v2_migration", "--target", "10", "--apply")
    assert result.exit_code == 0  # its front matter is rewritten only once it is strict YAML
    assert "billing_v2_migration.md:3: front matter is not valid YAML (an unquoted ': ' in description); memctl " \
           "reads it as Claude Code does, quoting the value, but stricter readers ignore it: quote the value; topic " \
           "left as it is" in result.stderr
    assert topic.read_bytes() == before


def test_what_memctl_archives_in_an_auto_memory_folder_stays_out_of_claude_codes_recall(claude, cli):
    """Claude Code's recall lists every `*.md` file under the auto-memory folder but MEMORY.md
    (memoryScan.ts: `readdir(memoryDir, {recursive: true})`, newest 200): what consolidate moves,
    split's copy of the index and the pre-compact snapshots are archived as `.markdown`, which it
    does not list, and memctl still reads them as the archive."""
    _, project, memory = claude
    lines = ["---", "name: Deploy notes", "description: what we learned deploying", "type: project", "---", "",
             "## Log", ""]
    lines += [f"- 2025-{month:02}-03: deploy {month} needed the queue drained first, then the edge cache flushed"
              for month in range(1, 13)]
    (memory / "deploy_notes.md").write_text("\n".join([*lines, "- 2026-11-20: the last deploy went fine", ""]))
    with open(memory / "MEMORY.md", "a", encoding="utf-8") as index:
        index.write("- [Deploy notes](deploy_notes.md) — what we learned deploying\n")

    def recalled() -> set[str]:
        return {p.relative_to(memory).as_posix() for p in memory.rglob("*.md") if p.name != "MEMORY.md"}

    topics = recalled()
    assert cli("consolidate", str(memory), "--topic", "deploy_notes", "--target", "60", "--apply").exit_code == 0
    assert cli("split", str(memory / "MEMORY.md"), "--apply").exit_code == 0
    snapshot = cli("hook", "pre-compact", str(memory), stdin=json.dumps({"trigger": "manual", "cwd": str(project)}))
    assert "snapshot of" in snapshot.stderr
    archived = sorted(p.relative_to(memory).as_posix() for p in (memory / "archive").rglob("*") if p.is_file())
    assert archived and all(rel.endswith(".markdown") for rel in archived)
    assert "archive/deploy_notes.markdown" in archived
    assert any(rel.startswith("archive/MEMORY.") for rel in archived)
    assert any(rel.startswith("archive/snapshots/") for rel in archived)
    assert not any(rel.startswith("archive/") for rel in recalled()) and topics <= recalled()
    report = json.loads(cli("status", str(memory), "--format", "json").stdout)
    assert report["archive"]["files"] == len([rel for rel in archived if not rel.startswith("archive/snapshots/")])
    again = cli("consolidate", str(memory), "--topic", "deploy_notes", "--target", "60", "--format", "json")
    assert [(t["steps"], t["archive"]) for t in json.loads(again.stdout)["topics"]] == [([], None)]  # nothing more


@pytest.mark.parametrize(("text", "values", "error"), [
    ("name: A\ndescription: use case: foo\n", {"name": "A", "description": "use case: foo"}, None),
    ('description: say "hi": now\n', {"description": 'say "hi": now'}, None),
    ("description: a: b\r\n", None, "front matter is not valid YAML"),  # a CRLF line: the host's retry skips it
    ("list:\n  - a: b: c\n", None, "front matter is not valid YAML"),  # not a simple key line: still broken
])
def test_the_retry_is_claude_codes(text, values, error):
    found, problem, note = parse_front_matter(text, 2)
    if error is None:
        assert problem is None and note is not None
        assert {k: found[k] for k in values} == values
    else:
        assert problem is not None and problem["message"].startswith(error) and note is None


def test_quoting_is_claude_codes_and_leaves_quoted_and_plain_lines_alone():
    from memctl.markup.markdown import quote_problematic_values

    quoted, lines = quote_problematic_values("a: b: c\nb: 'q: x'\nc: plain\nd: x # y\n  e: f: g\n")
    assert quoted == 'a: "b: c"\nb: \'q: x\'\nc: plain\nd: "x # y"\n  e: f: g\n'
    assert [(n, key) for n, key, _ in lines] == [(0, "a"), (3, "d")]
    assert simple_front_matter('a: "b: c"\n') == {"a": "b: c"}


# --- OpenClaw #9: time-stamped daily notes ------------------------------------------------------


def test_capture_reads_openclaw_daily_notes_with_a_time_before_the_label(tmp_path, cli, monkeypatch):
    shutil.copytree(HOMES / "openclaw" / "workspace", tmp_path / "ws")
    monkeypatch.chdir(tmp_path / "ws")
    day = (tmp_path / "ws" / "memory" / "2026-11-14.md").read_text()
    result = cli("capture", ".", stdin=day)
    assert result.exit_code == 0
    assert result.stdout.startswith(
        "capture: 2 candidates from stdin (7 lines)\n"
        "  + Decision: quote €450 + travel for weddings from now on, not €400\n"
        "  + Lesson: the Roland TD-17 module forgets the click volume after a firmware update\n")


@pytest.mark.parametrize(("line", "found"), [
    ("- 07:22 Decision: pin the image", ("Decision", "pin the image")),
    ("07:22:10 Lesson: read the log", ("Lesson", "read the log")),
    ("- 7:22pm Decision: late call", ("Decision", "late call")),
    ("- 7:22 PM - Lesson: dash after", ("Lesson", "dash after")),
    ("- 07:22 — **Root cause:** the fan", ("Root cause", "the fan")),
    ("* [x] 09:10 Remember: the key", ("Remember", "the key")),
    ("- 09:10 Sem asked about the weekend", None),
    ("- 12:30 Invoice drafted; Lesson: not at the start", None),
    ("- 2026-11-14 Decision: a date is not a time", None),
])
def test_a_time_stamp_before_the_label(line, found):
    got = [(m, b) for _, m, b in marked(line + "\n")]
    assert got == ([found] if found else [])


def test_the_lessons_link_capture_adds_survives_the_next_split(tmp_path):
    """A new user's OpenClaw workspace: capture put the link at the end of the last section, and the
    next split moved that section, link and all, so MEMORY.md no longer linked the lessons."""
    from typer.testing import CliRunner

    from memctl.cli.main import app

    home = tmp_path / "workspace"
    home.mkdir()
    sections = "".join(f"## Notes {n}\n\n" + "".join(f"- note {n}.{i}: a line long enough to count\n"
                                                       for i in range(25)) + "\n" for n in range(3))
    (home / "MEMORY.md").write_text("# Memory\n\n" + sections)
    runner = CliRunner()
    captured = runner.invoke(app, ["capture", str(home), "--apply"], input="Lesson: pin the amp's firmware.\n")
    assert captured.exit_code == 0, captured.stderr
    index = (home / "MEMORY.md").read_text()
    assert index.endswith("\n## Topics\n\n- [Lessons](topics/lessons.md) — lessons and decisions captured from "
                          "sessions\n")
    split = runner.invoke(app, ["split", str(home), "--apply"])
    assert split.exit_code == 0, split.stderr
    assert "](topics/lessons.md)" in (home / "MEMORY.md").read_text()
