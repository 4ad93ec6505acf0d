"""`memctl hook install` writes hooks that run this memctl, wherever the host runs them.

A hook runs later, in the host's environment: a bare `memctl` there runs nothing when the memctl that
installed it is not on PATH (a virtual environment not activated), or another memctl."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import FIXTURES, ROOT

EVENTS = {"UserPromptSubmit": "user-prompt", "SessionStart": "session-start", "PreCompact": "pre-compact"}
BARE_PATH = "/usr/bin:/bin"  # no memctl there


def home_with_a_space(tmp_path: Path) -> Path:
    home = tmp_path / "my memory"
    shutil.copytree(FIXTURES / "arc" / "memory", home)
    return home


def install(home: Path, settings: Path, path: str, *, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python -m memctl hook install`, as a user runs it from a checkout or a venv not activated."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "memctl", "hook", "install", str(home), "--settings", str(settings),
                           "--apply"], capture_output=True, text=True, cwd=cwd, env={**env, "PATH": path}, timeout=60)


def hook_commands(settings: Path) -> dict[str, list[str]]:
    data = json.loads(settings.read_text())
    return {event: [h["command"] for g in groups for h in g["hooks"]] for event, groups in data["hooks"].items()}


def run_as_the_host(command: str, stdin: str, cwd: Path, path: str) -> subprocess.CompletedProcess[str]:
    """Claude Code runs a command hook through the shell, in the project, with its own environment."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(["/bin/sh", "-c", command], input=stdin, capture_output=True, text=True, cwd=cwd,
                          env={**env, "PATH": path, "MEMCTL_TODAY": "2026-11-29"}, timeout=60)


def test_with_no_memctl_on_path_the_hooks_run_this_memctl(tmp_path):
    home, settings = home_with_a_space(tmp_path), tmp_path / "settings.json"
    assert shutil.which("memctl", path=BARE_PATH) is None
    done = install(home, settings, BARE_PATH)
    assert done.returncode == 0, done.stderr
    commands = hook_commands(settings)
    assert set(commands) == set(EVENTS)
    for event, name in EVENTS.items():
        (command,) = commands[event]
        assert not command.startswith("memctl "), command  # a bare memctl: `sh: memctl: not found` at every request
        assert command.endswith(f" hook {name} '{home}'")
    notes = [line for line in done.stderr.splitlines() if "PATH" in line]
    assert notes == [f"hook install: no `memctl` on PATH: the hooks run this memctl as "
                     f"{commands['PreCompact'][0].split(' hook ')[0]}"]
    project = tmp_path / "project"
    project.mkdir()
    ran = run_as_the_host(commands["SessionStart"][0], '{"source": "startup"}', project, BARE_PATH)
    assert ran.returncode == 0 and ran.stderr == ""
    context = json.loads(ran.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "<!-- topics/fleet.md (always) -->\n# Fleet" in context


def test_another_memctl_on_path_is_not_the_one_the_hooks_run(tmp_path):
    other = tmp_path / "bin"
    other.mkdir()
    (other / "memctl").write_text("#!/bin/sh\necho 'some other memctl' >&2\nexit 3\n")
    (other / "memctl").chmod(0o755)
    home, settings = home_with_a_space(tmp_path), tmp_path / "settings.json"
    done = install(home, settings, f"{other}:{BARE_PATH}")
    assert done.returncode == 0, done.stderr
    assert f"hook install: the `memctl` on PATH ({other}/memctl) is not this memctl: the hooks run this one as " \
           in done.stderr
    (command,) = hook_commands(settings)["UserPromptSubmit"]
    assert str(other) not in command and not command.startswith("memctl ")
    ran = run_as_the_host(command, json.dumps({"prompt": "why did the build queue stall?", "cwd": str(tmp_path)}),
                          tmp_path, f"{other}:{BARE_PATH}")
    assert ran.returncode == 0 and "some other memctl" not in ran.stderr, ran.stderr
    assert "build queue stalled" in json.loads(ran.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.fixture
def memctl_script(tmp_path, monkeypatch):
    """This memctl run as its own `memctl` script (sys.argv[0]), from a folder given to PATH or not."""
    folder = tmp_path / "venv" / "bin"
    folder.mkdir(parents=True)
    script = folder / "memctl"
    script.write_text(f"#!{sys.executable}\nfrom memctl.__main__ import main\nmain()\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script), "hook", "install"])
    return script


def test_the_memctl_on_path_keeps_its_stable_command(tmp_path, cli, memctl_script, monkeypatch):
    monkeypatch.setenv("PATH", f"{memctl_script.parent}:{BARE_PATH}")
    settings = tmp_path / "settings.json"
    done = cli("hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply")
    assert done.exit_code == 0
    assert done.stderr == f"added UserPromptSubmit, SessionStart, PreCompact to {settings}\n"  # nothing to explain
    assert hook_commands(settings) == {event: [f"{memctl_script} hook {name} {ROOT}/fixtures/arc/memory"]
                                       for event, name in EVENTS.items()}


def test_the_memctl_script_off_path_is_named_by_its_path(tmp_path, cli, memctl_script, monkeypatch):
    monkeypatch.setenv("PATH", BARE_PATH)
    settings = tmp_path / "settings.json"
    done = cli("hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply")
    assert done.exit_code == 0
    assert done.stderr.splitlines()[0] == f"hook install: no `memctl` on PATH: the hooks run this memctl as " \
                                          f"{memctl_script}"
    assert hook_commands(settings)["PreCompact"] == [f"{memctl_script} hook pre-compact {ROOT}/fixtures/arc/memory"]


def test_a_hook_an_earlier_install_wrote_with_a_bare_memctl_is_replaced_not_doubled(tmp_path, cli, memctl_script,
                                                                                    monkeypatch):
    monkeypatch.setenv("PATH", BARE_PATH)
    home = f"{ROOT}/fixtures/arc/memory"
    settings = tmp_path / "settings.json"
    own = {"type": "command", "command": "echo mine", "timeout": 5}
    settings.write_text(json.dumps({"hooks": {
        "UserPromptSubmit": [{"hooks": [own, {"type": "command", "command": f"memctl hook user-prompt {home}",
                                              "timeout": 10}]}],
        "SessionStart": [{"hooks": [{"type": "command", "command": f"memctl hook session-start {home}"}]}, {
            "hooks": [{"type": "command", "command": f"/old/venv/bin/memctl hook session-start {home}"}]}],
    }}, indent=2) + "\n")
    shown = cli("hook", "install", "fixtures/arc/memory", "--settings", str(settings))
    assert shown.exit_code == 0
    assert f"would replace memctl's UserPromptSubmit hook `memctl hook user-prompt {home}` in {settings}\n" \
           in shown.stderr
    assert shown.stderr.endswith(f"would add PreCompact to {settings}; --apply writes it\n")
    done = cli("hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply")
    assert done.exit_code == 0
    expected = {event: [f"{memctl_script} hook {name} {home}"] for event, name in EVENTS.items()}
    expected["UserPromptSubmit"].insert(0, "echo mine")  # the user's own hook stays, in its place
    assert hook_commands(settings) == expected  # SessionStart's two old copies are one hook now
    data = json.loads(settings.read_text())
    assert data["hooks"]["UserPromptSubmit"][0]["hooks"][0] == own
    assert data["hooks"]["UserPromptSubmit"][0]["hooks"][1]["timeout"] == 10
    again = cli("hook", "install", "fixtures/arc/memory", "--settings", str(settings), "--apply")
    assert again.exit_code == 0 and "nothing to change" in again.stderr


def _bad_home(tmp_path: Path, kind: str) -> Path:
    """The homes every other command refuses, built as a user's mistakes leave them."""
    home = tmp_path / kind
    home.mkdir()
    if kind == "no-index":
        return home
    if kind == "index-a-folder":
        (home / "MEMORY.md").mkdir()
    elif kind == "binary-index":
        (home / "MEMORY.md").write_bytes(bytes(range(128, 256)) * 20 + b"\x00\x01")
    else:
        (home / "MEMORY.md").write_text("# M\n\n- x\n")
    if kind == "bad-config":
        (home / ".memctl.yaml").write_text("profile: generic\nsection_level: two\n")
    elif kind == "bad-volute-config":
        (home / ".config").mkdir()
        (home / ".config" / "config.json").write_text('{"memory": {"hardCapTokens": 100,}\n')
    return home


@pytest.mark.parametrize("kind", ["no-index", "index-a-folder", "binary-index", "bad-config", "bad-volute-config"])
def test_hook_install_refuses_a_home_every_other_command_refuses(tmp_path, cli, kind):
    home, settings = _bad_home(tmp_path, kind), tmp_path / "settings.json"
    status = cli("status", str(home))
    assert status.exit_code == 2 and status.stderr.startswith("error: ")
    for apply in ((), ("--apply",)):
        done = cli("hook", "install", str(home), "--settings", str(settings), *apply)
        assert (done.exit_code, done.stdout, done.stderr) == (2, "", status.stderr)  # one line, the same one
        assert done.stderr.count("\n") == 1
        assert not settings.exists()


def test_mcp_install_does_not_point_a_host_at_another_memctl_on_path(tmp_path):
    """`mcp install` writes the same command `hook install` does: an MCP host started with another
    `memctl` found on PATH would run that one, or fail (it took the first `memctl` on PATH)."""
    other = tmp_path / "bin"
    other.mkdir()
    (other / "memctl").write_text("#!/bin/sh\necho 'some other memctl' >&2\nexit 3\n")
    (other / "memctl").chmod(0o755)
    home = home_with_a_space(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-m", "memctl", "mcp", "install", str(home), "--client", "cursor"],
                          capture_output=True, text=True, cwd=ROOT, env={**env, "PATH": f"{other}:{BARE_PATH}"},
                          timeout=60)
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)["mcpServers"]["memctl"]
    assert str(other) not in entry["command"] and entry["command"] == sys.executable
    assert entry["args"][:2] == ["-m", "memctl"]
    assert f"mcp install: the `memctl` on PATH ({other}/memctl) is not this memctl: the entry runs this one as " \
           in done.stderr
