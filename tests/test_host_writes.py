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
from memctl.model.home import load_home
from memctl.model.markdown import parse_front_matter, simple_front_matter
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


# --- CC5: front matter read as Claude Code reads it ---------------------------------------------


def test_an_unquoted_colon_is_read_as_claude_code_reads_it_and_lint_warns(claude, cli):
    _, _, memory = claude
    lint = cli("lint", str(memory), "--select", "MEM101,MEM102")
    assert lint.exit_code == 0
    assert lint.stdout.splitlines()[0] == (
        f"{memory}/billing_v2_migration.md:3:1: MEM102 front matter is not valid YAML (an unquoted ': ' in "
        "description); Claude Code reads it anyway, quoting the value, other tools do not: quote the value")
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
    assert "billing_v2_migration.md:3: front matter is not valid YAML (an unquoted ': ' in description); Claude " \
           "Code reads it anyway, quoting the value, other tools do not: quote the value; topic left as it is" \
        in result.stderr
    assert topic.read_bytes() == before


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
    from memctl.model.markdown import quote_problematic_values

    quoted, lines = quote_problematic_values("a: b: c\nb: 'q: x'\nc: plain\nd: x # y\n  e: f: g\n")
    assert quoted == 'a: "b: c"\nb: \'q: x\'\nc: plain\nd: "x # y"\n  e: f: g\n'
    assert [(n, key) for n, key, _ in lines] == [(0, "a"), (3, "d")]
    assert simple_front_matter('a: "b: c"\n') == {"a": "b: c"}
