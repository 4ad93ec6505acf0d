"""What every request pays for the index, counted on the text the host sends, not estimated from
its lines; and `status --format json`'s `always_loaded` rows as docs/commands.md names them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memctl.model.tokens import TokenCounter
from memctl.text import utf16_len

from .conftest import FIXTURES, ROOT
from .test_more_hosts import make

NOTICE = ("> WARNING: MEMORY.md is 201 lines (limit: 200). Only part of it was loaded. Keep index entries to one "
          "line under ~200 chars; move detail into topic files.")


def _status(cli, home: Path) -> dict:
    result = cli("status", str(home), "--format", "json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_the_tokens_of_a_cut_index_are_those_of_the_lines_the_host_loads(cli, tmp_path):
    """The trial: 200 short lines and a 2,500-word last line that Claude Code drops; status said
    7,260 loaded tokens (the one section's 7,297 tokens times 200/201 lines), where the 200 lines
    are 795 tokens. Counted on what the host sends (the lines, trimmed, then its warning), it is
    their count and the warning's, and the dropped line costs nothing."""
    home = tmp_path / "home"
    home.mkdir()
    lines = ["# Index", "", *(f"- n{i}" for i in range(1, 199)), "- " + " ".join(f"word{i}" for i in range(2500))]
    (home / "MEMORY.md").write_text("\n".join(lines) + "\n")
    data = _status(cli, home)
    cap = data["index"]["load_cap"]
    counter = TokenCounter("cl100k_base")
    sent = "\n".join(lines[:200]) + "\n\n" + NOTICE  # Claude Code's truncateEntrypointContent
    assert cap["loaded_lines"] == 200 and cap["notice"] == NOTICE
    assert cap["loaded_tokens"] == counter.count(sent) < 1_000 < data["index"]["tokens"]
    assert counter.count("".join(f"{line}\n" for line in lines[:200])) == 795  # the trial's `head -200`
    (row,) = data["totals"]["always_loaded"]
    assert row == {"path": "MEMORY.md", "kind": "index", "chars": utf16_len(sent), "tokens": cap["loaded_tokens"]}
    assert data["totals"]["always_loaded_tokens"] == cap["loaded_tokens"]
    assert data["totals"]["always_loaded_chars"] == {"used": utf16_len(sent)}  # not the whole file's


def test_what_claude_code_strips_from_the_index_costs_nothing(cli, tmp_path):
    """Front matter and block HTML comments never reach the model (stripped before Claude Code
    measures and loads MEMORY.md), nor the blank lines trim() takes off."""
    home = tmp_path / "home"
    home.mkdir()
    body = "# Index\n\n- [a](a.md) — the first topic\n"
    comment = "<!-- a long note for people, not for the model: " + "words " * 200 + "-->\n"
    (home / "MEMORY.md").write_text(f"---\ntitle: Index\n---\n\n{comment}{body}\n\n")
    data = _status(cli, home)
    assert data["index"]["load_cap"]["loaded_tokens"] == TokenCounter().count(body.strip())
    assert data["totals"]["always_loaded"][0]["chars"] == utf16_len(body.strip())


def test_a_claude_code_auto_memory_counts_its_index_once_as_the_index(cli, tmp_path, monkeypatch):
    """The trial's Claude Code home: the rows said `kind: "stack"` (not a documented kind) with
    `chars: null`, MEMORY.md among them, and `load_cap.loaded_tokens` (4,467, an estimate) was not
    the stack's own count of the same lines (4,553)."""
    root = make(tmp_path, "claude-code")
    monkeypatch.setenv("HOME", str(root / "home"))
    memory = next((root / "home" / ".claude" / "projects").glob("*/memory"))
    data = _status(cli, memory)
    rows = data["totals"]["always_loaded"]
    assert [row["kind"] for row in rows] == ["stack"] * (len(rows) - 1) + ["index"]
    assert all(isinstance(row["chars"], int) and row["chars"] > 0 for row in rows)
    memory_row = next(f for f in data["stack"]["files"] if f["index"])
    assert rows[-1]["tokens"] == memory_row["tokens"] == data["index"]["load_cap"]["loaded_tokens"]
    assert rows[-1]["chars"] == memory_row["loaded"]  # the units Claude Code loads, its warning among them
    assert data["totals"]["always_loaded_chars"] == {"used": sum(row["chars"] for row in rows)}
    assert data["totals"]["always_loaded_tokens"] == data["stack"]["tokens"] == sum(row["tokens"] for row in rows)


def _documented_kinds() -> set[str]:
    text = (ROOT / "docs" / "commands.md").read_text()
    found = re.search(r"always_loaded: \[\{path, kind\s+\(([a-z|]+)\)", text)
    assert found is not None, "docs/commands.md no longer lists always_loaded's kinds"
    return set(found.group(1).split("|"))


@pytest.mark.parametrize("home", ["arc/memory", "openclaw", "volute/home", "fat", "hosts/claude-emoji",
                                  "hosts/openclaw-starved", "homes/arc-repo/memory", "homes/openclaw/workspace",
                                  "homes/claude-code/home/.claude/projects/-work-acme-billing/memory"])
def test_every_always_loaded_row_is_of_a_documented_kind_with_its_characters(cli, home, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    data = _status(cli, FIXTURES / home)
    kinds = _documented_kinds()
    for row in data["totals"]["always_loaded"]:
        assert row["kind"] in kinds
        assert (row["chars"] is None) == (row["kind"] == "context"), row
    if data["bootstrap"] is None:
        assert data["totals"]["always_loaded_chars"]["used"] == sum(
            row["chars"] for row in data["totals"]["always_loaded"] if row["chars"] is not None)
