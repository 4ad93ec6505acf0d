"""How a user's embedder is run, as a user meets it: a failing one says why in its own words, in
`assemble --query`, `hook user-prompt` and the MCP server's `memory_search` alike (a new-user
trial's embedder printed "OPENAI_API_KEY is not set" and memctl said only `embedder exited 1`)."""

from __future__ import annotations

import json
import os
import stat
from datetime import date
from pathlib import Path

import pytest

HOME = {
    "MEMORY.md": "# Index\n\nsee topics/\n",
    "topics/deploys.md": "# Deploys\n\n## Gate\n\nThe deploy gate opens at 14:00.\n",
    "topics/other.md": "# Other\n\n## Pasta\n\nWednesday is pasta night.\n",
}
SAID = "embed: OPENAI_API_KEY is not set; run: llm keys set openai"
WARNING = f"embedder exited 1 (stderr: {SAID}); the query is ranked by its words alone"


def _home(tmp_path: Path) -> Path:
    home = Path(os.path.realpath(tmp_path)) / "memory"
    for rel, text in HOME.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_text(text)
    return home


def _script(tmp_path: Path, body: str, name: str = "embed.sh") -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def failing(tmp_path, monkeypatch):
    """An embedder that says why it fails on stderr, as `llm embed` does without a key, and exits 1."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _script(tmp_path, f'echo "{SAID}" >&2\nexit 1\n'))
    return _home(tmp_path)


def test_assemble_names_what_a_failing_embedder_said(cli, failing):
    result = cli("assemble", str(failing), "--query", "deploy gate")
    assert result.exit_code == 0
    assert result.stdout.startswith("<!-- memctl: MEMORY.md (index) -->\n")  # stdout: the bundle alone
    assert "The deploy gate opens at 14:00." in result.stdout and SAID not in result.stdout
    assert result.stderr.splitlines()[0] == f"warning: {WARNING}"


def test_the_user_prompt_hook_names_it_too(cli, failing):
    result = cli("hook", "user-prompt", str(failing), input=json.dumps({"prompt": "deploy gate"}))
    assert result.exit_code == 0 and SAID not in result.stdout
    assert "The deploy gate opens at 14:00." in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert result.stderr == f"memctl hook user-prompt: warning: {WARNING}\n"


def test_memory_search_names_it_too(failing):
    from memctl.commands.mcp import Homes, search

    found = search(Homes(str(failing)), {"query": "deploy gate"}, date(2026, 3, 18))
    assert found.data["warnings"] == [WARNING]
    assert found.text.rstrip("\n").endswith(f"\nwarning: {WARNING}")


def test_what_it_said_is_its_last_line_on_one_line_escaped_and_cut(cli, tmp_path, monkeypatch):
    """A traceback's last line is the one that says why; colour codes go, another control character
    is escaped, a long line is cut; and a megabyte written on stderr first never blocks it."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    body = ("head -c 1048576 /dev/zero | tr '\\0' x >&2\n"
            "printf '\\nTraceback (most recent call last):\\n  File \"embed.py\"\\n' >&2\n"
            "printf '\\033[31mRuntimeError:\\033[0m bell \\007 tab\\t%s\\n\\n   \\n' "
            "\"$(printf 'y%.0s' $(seq 300))\" >&2\n"
            "exit 3\n")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _script(tmp_path, body))
    result = cli("assemble", str(_home(tmp_path)), "--query", "deploy gate")
    assert result.exit_code == 0 and "The deploy gate opens at 14:00." in result.stdout
    warning = result.stderr.splitlines()[0]
    said = "RuntimeError: bell \\x07 tab\\t" + "y" * 300
    assert warning == f"warning: embedder exited 3 (stderr: {said[:199]}…); the query is ranked by its words alone"


def test_an_embedder_that_says_nothing_is_said_as_before(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _script(tmp_path, "echo 'loading' >&2\necho '  ' >&2\nexit 0\n"))
    result = cli("assemble", str(_home(tmp_path)), "--query", "deploy gate")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == ("warning: embedder wrote 0 vectors for 3 texts; the query is ranked by "
                                             "its words alone")  # it exited 0: what it wrote says what went wrong
    monkeypatch.setenv("MEMCTL_EMBEDDER", _script(tmp_path, "exit 4\n", "quiet.sh"))
    quiet = cli("assemble", str(_home(tmp_path)), "--query", "deploy gate")
    assert quiet.stderr.splitlines()[0] == "warning: embedder exited 4; the query is ranked by its words alone"


# --- an embedder that cannot answer a hook in time ----------------------------------------------------

SLOW = '''import json, sys, time
with open(sys.argv[1], "a") as runs:
    runs.write("run\\n")
time.sleep(float(sys.argv[2]))  # its model loading, on every run
for line in sys.stdin:
    if line.strip():
        text = json.loads(line)
        print(json.dumps([float(len(text) % 7 + 1), 1.0, 0.5]), flush=True)
'''


def _prompt(cli, home: Path, prompt: str):
    result = cli("hook", "user-prompt", str(home), input=json.dumps({"prompt": prompt}))
    assert result.exit_code == 0
    assert "The deploy gate opens at 14:00." in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    return result.stderr


def test_the_hook_does_not_wait_again_for_an_embedder_too_slow_for_it(cli, tmp_path, monkeypatch):
    """benchmarks/embedders/minilm.py loads its model on every run (6-13 s), past the hook's 5 s:
    every prompt waited 5 s for nothing. Once a run has shown it cannot answer in the hook's time,
    the next prompts do not run it (a warning says why and what to do) until RETRY_AFTER has passed;
    `assemble`, which gives it 20 s, still runs it, and warms the sections' vectors."""
    import sys

    from memctl.commands import semantic

    monkeypatch.setattr(semantic, "HOOK_TIMEOUT", 1.0)  # the hook's 5 s, and a model that takes 2 s to load
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    runs = tmp_path / "runs.txt"
    script = tmp_path / "slow.py"
    script.write_text(SLOW)
    monkeypatch.setenv("MEMCTL_EMBEDDER", f"{sys.executable} {script} {runs} 2")
    home = _home(tmp_path)

    def started() -> int:
        return len(runs.read_text().splitlines()) if runs.exists() else 0

    first = _prompt(cli, home, "when does the deploy gate open?")
    assert started() == 1
    assert first == ("memctl hook user-prompt: warning: embedder ran past 1 s; the query is ranked by its words "
                     "alone\n")
    second = _prompt(cli, home, "is the deploy gate open at noon?")
    assert started() == 1  # not run again: it could not have answered
    assert second.startswith("memctl hook user-prompt: warning: embedder not run: its last run, ")
    assert second.endswith(" ago, ran past 1 s on 3 texts, and it has 1 s here (a command that loads its model on "
                           "every run cannot answer in time: keep the model loaded in a small server the command "
                           "talks to, see docs/configuration.md; it is tried again 10 min after that run); the "
                           "query is ranked by its words alone\n")
    warmed = cli("assemble", str(home), "--query", "deploy gate at noon")
    assert warmed.exit_code == 0 and "warning" not in warmed.stderr and started() == 2  # 20 s: it answers
    third = _prompt(cli, home, "deploy gate opening time")  # the query alone to embed: tried, and too slow
    assert started() == 3 and "warning: embedder ran past 1 s;" in third
    fourth = _prompt(cli, home, "gate opening hours for deploys")
    assert started() == 3 and "ran past 1 s on 1 text, and it has 1 s here" in fourth
    monkeypatch.setattr(semantic, "RETRY_AFTER", 0.0)  # the 10 minutes have passed: it is tried again
    fifth = _prompt(cli, home, "deploy gate on Friday")
    assert started() == 4 and "warning: embedder ran past 1 s;" in fifth
