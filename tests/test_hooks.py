"""`memctl hook`: run as a host runs it (JSON on stdin, JSON on stdout, always exit 0), and install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memctl.hosts.claude_code import merged

from .conftest import FIXTURES, ROOT

HOOKS = FIXTURES / "claude-code" / "hooks"
TRANSCRIPT = FIXTURES / "claude-code" / "transcript.jsonl"


def hook(*args: str, stdin: bytes | str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    data = stdin if isinstance(stdin, str) else stdin.decode("utf-8", "replace")
    return subprocess.run([sys.executable, "-m", "memctl", "hook", *args], input=data, capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "MEMCTL_TODAY": "2026-11-29", **(env or {})},
                          timeout=60)


def context_of(result: subprocess.CompletedProcess[str], event: str = "UserPromptSubmit") -> str:
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output["hookSpecificOutput"]["hookEventName"] == event
    return str(output["hookSpecificOutput"]["additionalContext"])


def test_user_prompt_adds_the_relevant_section_as_claude_code_reads_it():
    result = hook("user-prompt", "fixtures/arc/memory", stdin=(HOOKS / "user-prompt.json").read_text())
    context = context_of(result)
    assert "<!-- topics/incidents.md, lines 9–14 -->\n## 2026-11-12 build queue stalled" in context
    assert "# Arc memory" not in context  # the index: the host loads it already
    assert len(context) <= 8000 and result.stderr == ""


def test_user_prompt_adds_nothing_when_nothing_is_relevant():
    prompt = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "Write a haiku about autumn leaves"})
    result = hook("user-prompt", "fixtures/arc/memory", stdin=prompt)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""


def test_user_prompt_respects_chars_and_the_volute_shape():
    prompt = json.dumps({"prompt": "build queue stalled lease table arc-2"})
    result = hook("user-prompt", "fixtures/arc/memory", "--chars", "400", "--host", "volute", stdin=prompt)
    assert result.returncode == 0
    context = json.loads(result.stdout)["additionalContext"]
    assert 0 < len(context) <= 400
    volute = hook("user-prompt", "fixtures/arc/memory", "--host", "volute",
                  stdin=(HOOKS / "volute-pre-prompt.json").read_text())  # codex/pi minds send no prompt
    assert volute.returncode == 0 and volute.stdout == ""


def test_session_start_names_what_the_load_cap_cuts_and_loads_always_topics():
    start = (HOOKS / "session-start.json").read_text()
    context = context_of(hook("session-start", "fixtures/arc/memory", stdin=start), "SessionStart")
    assert context.startswith("<!-- topics/fleet.md (always) -->\n# Fleet\n")
    fat = context_of(hook("session-start", "fixtures/fat", stdin=start), "SessionStart")
    assert "is cut by the host (first 200 lines" in fat and "these sections of it are not loaded" in fat


TOKEN = "ghp_" + "a1B2" * 9


def test_user_prompt_never_adds_a_section_holding_a_credential(copy_fixture):
    """The hook adds memory to the model's context on its own: a section holding a token is held
    back, whatever its rank, and said on stderr; the exit is 0 as always."""
    home = copy_fixture("arc") / "memory"
    incidents = home / "topics" / "incidents.md"
    incidents.write_text(incidents.read_text().replace("`queuectl leases --expire-stale`",
                                                       f"`queuectl leases --expire-stale --token {TOKEN}`"))
    line = incidents.read_text().splitlines().index(
        f"- Fix: `queuectl leases --expire-stale --token {TOKEN}`, then restart arc-2.") + 1
    result = hook("user-prompt", str(home), stdin=(HOOKS / "user-prompt.json").read_text())
    assert result.returncode == 0 and TOKEN[4:] not in result.stdout + result.stderr
    assert "build queue stalled" not in result.stdout
    assert result.stderr == (f"memctl hook user-prompt: topics/incidents.md:{line}: held back: holds a possible "
                             "GitHub token (ghp_…); a hook never adds a credential to the model's context\n")
    bundle = subprocess.run([sys.executable, "-m", "memctl", "assemble", str(home), "--topic", "incidents"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bundle.returncode == 0 and TOKEN in bundle.stdout  # asked for by hand: verbatim


def test_session_start_leaves_out_the_section_of_an_always_topic_that_holds_a_credential(copy_fixture):
    home = copy_fixture("arc") / "memory"
    fleet = home / "topics" / "fleet.md"
    fleet.write_text(fleet.read_text().replace("with the `arc-ops` key.", f"with the `arc-ops` key; CI uses {TOKEN}."))
    result = hook("session-start", str(home), stdin=(HOOKS / "session-start.json").read_text())
    context = context_of(result, "SessionStart")
    assert TOKEN[4:] not in result.stdout + result.stderr
    assert context.startswith("<!-- topics/fleet.md (always) -->\n# Fleet\n\n## Agents\n")
    assert "## Hosts" not in context and "## Health checks" in context
    assert result.stderr == ("memctl hook session-start: topics/fleet.md:13: held back: holds a possible GitHub token "
                             "(ghp_…); a hook never adds a credential to the model's context\n")


def test_session_start_lists_a_cut_heading_holding_a_credential_by_four_characters(tmp_path):
    sections = "".join(f"## Section {i}\n\n" + "- fact\n" * 3 for i in range(60))
    (tmp_path / "MEMORY.md").write_text(f"# Index\n{sections}## Deploy token {TOKEN}\n\n- rotate monthly.\n")
    result = hook("session-start", str(tmp_path), stdin="{}")
    context = context_of(result, "SessionStart")
    assert "- § Deploy token ghp_… (lines 302–304)" in context and TOKEN[4:] not in result.stdout


@pytest.mark.parametrize("stdin", [b"{not json", b"[1, 2]", b"\xff\xfe"])
def test_bad_input_is_one_line_on_stderr_and_exit_0(stdin):
    result = hook("user-prompt", "fixtures/arc/memory", stdin=stdin)
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "memctl hook user-prompt:" in result.stderr


@pytest.mark.parametrize("args", [["user-prompt", "--chars", "many"], ["no-such-event"], ["user-prompt", "--nope", "1"],
                                  ["user-prompt", "/no/such/home"]])
def test_a_wrong_command_line_or_home_never_blocks_the_prompt(args):
    result = hook(*args, stdin='{"prompt": "build queue"}')
    assert result.returncode == 0 and result.stdout == "" and result.stderr.count("\n") == 1


def test_pre_compact_captures_lessons_then_snapshots_what_changed(copy_fixture):
    home = copy_fixture("openclaw")
    data = json.loads((HOOKS / "pre-compact.json").read_text())
    data["transcript_path"] = str(TRANSCRIPT)
    result = hook("pre-compact", str(home), stdin=json.dumps(data))
    assert result.returncode == 0 and result.stdout == ""
    assert "captured 6 new lessons into LESSONS.md" in result.stderr
    lessons = (home / "LESSONS.md").read_text()
    assert "Stripe retries a webhook" in lessons
    (snapshot,) = (home / "archive" / "snapshots").iterdir()
    assert sorted(p.name for p in snapshot.iterdir()) == ["CORE_MEMORY.md", "LESSONS.md", "MEMORY.md",
                                                           "RUNTIME_REALITY.md"]
    assert (snapshot / "LESSONS.md").read_text() == lessons
    again = hook("pre-compact", str(home), stdin=json.dumps(data))
    assert again.returncode == 0 and again.stderr == ""  # nothing new: no lesson, no snapshot
    (home / "CORE_MEMORY.md").unlink()  # the host's consolidation deletes a file: its text is kept
    assert "Core" in (snapshot / "CORE_MEMORY.md").read_text()
    status = subprocess.run([sys.executable, "-m", "memctl", "status", str(home), "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT)
    assert "snapshots" not in status.stdout  # backups are not memory: never loaded, never counted


def test_pre_compact_with_an_extractor_that_hangs_captures_nothing_still_snapshots_and_exits_0(copy_fixture):
    home = copy_fixture("openclaw")
    before = (home / "LESSONS.md").read_text()
    data = json.dumps({"transcript_path": str(TRANSCRIPT), "trigger": "manual"})
    hang = f"{sys.executable} {Path(__file__).parent / 'summarizers' / 'hang.py'}"
    result = hook("pre-compact", str(home), "--extractor", hang, "--timeout", "1", stdin=data)
    assert result.returncode == 0 and result.stdout == "" and "no lessons captured: the extractor ran past 1 s" \
        in result.stderr
    assert (home / "LESSONS.md").read_text() == before
    (snapshot,) = (home / "archive" / "snapshots").iterdir()  # what the host may delete is copied all the same
    assert (snapshot / "LESSONS.md").read_text() == before


def test_install_merges_with_existing_hooks_and_is_idempotent(tmp_path):
    path = str(tmp_path / "settings.json")
    text = (HOOKS / "settings.json").read_text()
    after, added, _ = merged(text, path, "/usr/bin/memctl", "/home/dev/shop/memory")
    assert added == ["UserPromptSubmit", "SessionStart", "PreCompact"]
    data = json.loads(after)
    original = json.loads(text)
    assert data["permissions"] == original["permissions"] and data["env"] == original["env"]
    assert data["hooks"]["PostToolUse"] == original["hooks"]["PostToolUse"]
    assert data["hooks"]["SessionStart"][0] == original["hooks"]["SessionStart"][0]  # the user's own hook stays
    assert data["hooks"]["SessionStart"][1] == {"hooks": [{
        "type": "command", "command": "/usr/bin/memctl hook session-start /home/dev/shop/memory", "timeout": 10}]}
    again, added_again, _ = merged(after, path, "/usr/bin/memctl", "/home/dev/shop/memory")
    assert again == after and added_again == []


def test_install_cli_shows_the_diff_then_writes_with_apply(tmp_path):
    from typer.testing import CliRunner

    from memctl.cli.main import app

    settings = tmp_path / "settings.json"
    settings.write_text((HOOKS / "settings.json").read_text())
    before = settings.read_text()
    runner = CliRunner()
    shown = runner.invoke(app, ["hook", "install", "fixtures/arc/memory", "--settings", str(settings)])
    assert shown.exit_code == 0 and shown.stdout.startswith(f"--- a/{str(settings).lstrip('/')}")
    assert "memctl hook user-prompt" in shown.stdout and settings.read_text() == before
    written = runner.invoke(app, ["hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply"])
    assert written.exit_code == 0 and "added UserPromptSubmit, SessionStart, PreCompact" in written.stderr
    again = runner.invoke(app, ["hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply"])
    assert again.exit_code == 0 and "nothing to change" in again.stderr and again.stdout == ""
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "hooks": {,\n}\n')
    bad = runner.invoke(app, ["hook", "install", "fixtures/arc/memory", "--settings", str(broken), "--apply"])
    assert bad.exit_code == 2 and "broken.json:2: is not valid JSON" in bad.stderr


def test_session_start_names_a_long_cut_in_a_bounded_list(tmp_path):
    sections = "".join(f"## Section {i}\n\n" + "- fact\n" * 3 for i in range(400))
    (tmp_path / "MEMORY.md").write_text("# Index\n" + sections)
    context = context_of(hook("session-start", str(tmp_path), stdin="{}"), "SessionStart")
    assert len(context) <= 8000 and "Section 399" not in context  # --chars, 8,000 by default
    assert "- § Section 40 (lines 202–206)\n" in context
    assert "- § Section 39 (lines 197–201), 4 of 5 lines loaded\n" in context  # the cut runs through it
    listed = context.count("\n- § Section ")  # 39 to 399 are not loaded in full: 361 sections
    assert context.rstrip().endswith(f"- and {361 - listed} more sections (lines {197 + 5 * listed}–2001)")


@pytest.mark.parametrize(("prompt", "kind"), [(42, "a number (42)"), (None, "null"), (["a"], "a list")])
def test_user_prompt_says_when_the_prompt_is_not_text(prompt, kind):
    from typer.testing import CliRunner

    from memctl.cli.main import app

    said = (f"memctl hook user-prompt: the hook input's \"prompt\" is {kind}, not text; nothing added\n")
    stdin = json.dumps({"prompt": prompt, "cwd": str(ROOT)})
    typed = CliRunner().invoke(app, ["hook", "user-prompt", "fixtures/arc/memory"], input=stdin)
    assert (typed.exit_code, typed.stdout, typed.stderr) == (0, "", said)
    run = hook("user-prompt", "fixtures/arc/memory", stdin=stdin)  # as the host runs it: no Typer
    assert (run.returncode, run.stdout, run.stderr) == (0, "", said)
