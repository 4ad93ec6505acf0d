"""`memctl mcp`: the MCP server driven by the SDK's own client over stdio, as a host drives it, and
`memctl mcp install` for each host's config file; faults at every step of `memory_append`."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from typer.testing import CliRunner

from memctl.cli.main import app
from memctl.commands.mcp import Homes, append
from memctl.commands.mcp_install import memctl_command
from memctl.safe.journal import recover_home

from .conftest import FIXTURES, ROOT
from .test_faults import Faults, eio, leftovers, sigkill, state

TODAY = date(2026, 11, 29)


def server(home: Path | str, **env: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "memctl", "mcp", str(home)], cwd=str(ROOT),
                                 env={**os.environ, "MEMCTL_TODAY": TODAY.isoformat(), **env})


def session(home: Path | str, script: Any, mode: str = "legacy") -> Any:
    """Run `script(client)` against a server started on `home`, over stdio; its result."""
    out: list[Any] = []

    async def main() -> None:
        with anyio.fail_after(60):
            async with Client(server(home), mode=mode) as client:
                out.append(await script(client))

    anyio.run(main)
    return out[0]


async def call(client: Client, name: str, arguments: dict[str, Any]) -> tuple[bool, str, Any]:
    result = await client.call_tool(name, arguments)
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.is_error, result.content[0].text, result.structured_content


@pytest.fixture
def arc(copy_fixture) -> Path:
    return copy_fixture("arc")


def test_a_host_initializes_and_lists_the_tools_and_resources(arc):
    async def script(client: Client) -> Any:
        tools = await client.list_tools()
        listed = await client.list_resources()
        index = await client.read_resource("memory://MEMORY.md")
        topic = await client.read_resource("memory://topics/incidents.md")
        return (client.server_info, client.protocol_version, client.server_capabilities, client.instructions,
                tools.tools, listed, index.contents[0], topic.contents[0])

    info, version, capabilities, instructions, tools, listed, index, topic = session(arc / "memory", script)
    assert info.name == "memctl" and version == "2025-11-25"
    assert capabilities.tools is not None and capabilities.resources is not None
    assert "memory_search" in instructions
    assert {t.name: t.input_schema["required"] for t in tools} == {
        "memory_search": ["query"], "memory_read": ["path"], "memory_status": [], "memory_append": ["path", "text"]}
    assert [t.name for t in tools if t.annotations.read_only_hint] == ["memory_search", "memory_read", "memory_status"]
    assert [r.uri for r in listed.resources] == ["memory://MEMORY.md"] + [
        f"memory://topics/{name}.md" for name in ("cost", "deploys", "fleet", "incidents", "publishing")]
    assert all(r.mime_type == "text/markdown" for r in listed.resources) and listed.next_cursor is None
    assert index.text == (arc / "memory" / "MEMORY.md").read_text()
    assert topic.text == (arc / "memory" / "topics" / "incidents.md").read_text()


def test_each_tool_answers_as_its_command_does(arc):
    home = arc / "memory"

    async def script(client: Client) -> Any:
        return [await call(client, "memory_search", {"query": "build queue stalled", "budget": 1000}),
                await call(client, "memory_read", {"path": "topics/incidents.md", "section": "2026-11-12 build "
                                                   "queue stalled"}),
                await call(client, "memory_read", {"path": "topics/fleet.md"}),
                await call(client, "memory_status", {}),
                await call(client, "memory_append", {"path": "topics/incidents.md",
                                                     "text": "- 2026-11-29 the queue stalled again; same fix."})]

    search, section, whole, status, appended = session(home, script)
    error, text, data = search
    first = data["sections"][0]
    lines = (home / "topics" / "incidents.md").read_text().splitlines(keepends=True)
    assert not error and first == {
        "path": "topics/incidents.md", "heading": "2026-11-12 build queue stalled", "start_line": 9, "end_line": 14,
        "tokens": first["tokens"], "score": first["score"], "terms": ["build", "builds", "queue", "stalled"],
        "text": "".join(lines[8:14])}
    assert first["score"] > 0 and first["tokens"] > 0
    assert data["tokens"] <= 1000 == data["budget"]
    assert len(data["sections"]) == 1 and data["left_out"] == []
    assert text.startswith(f"1 section, {data['tokens']:,} of 1,000 tokens (cl100k_base), "
                           "best first:\n\n<!-- topics/incidents.md § 2026-11-12 build queue stalled, lines 9–14, ")
    error, text, data = section
    assert not error and (data["start_line"], data["end_line"]) == (9, 14) and data["tokens"] > 0
    assert text.startswith(f"<!-- topics/incidents.md § 2026-11-12 build queue stalled, lines 9–14, {data['tokens']} "
                           "tokens (cl100k_base) -->\n## 2026-11-12 build queue stalled\n")
    error, text, data = whole
    raw = (home / "topics" / "fleet.md").read_text()
    assert not error and data["front_matter_lines"] > 0 and data["text"] == raw.split("---\n", 2)[2]
    assert "front matter stripped" in text.splitlines()[0]
    error, text, data = status
    assert not error and data["index"]["path"] == "MEMORY.md" and data["topics"] == 5
    assert text.startswith("home ") and "index MEMORY.md:" in text and "  lines: " in text
    error, text, data = appended
    assert (error, text, data) == (False, "appended 1 line to topics/incidents.md",
                                   {"path": "topics/incidents.md", "lines": 1})
    written = (home / "topics" / "incidents.md").read_text()
    assert written.endswith("\n- 2026-11-29 the queue stalled again; same fix.\n")


def test_search_finds_what_the_hook_finds(arc):
    """memory_search and `hook user-prompt` rank with one function: the same sections, in the same order."""
    prompt = "why did the build queue stall after the deploy?"
    hook = subprocess.run([sys.executable, "-m", "memctl", "hook", "user-prompt", str(arc / "memory")],
                          input=json.dumps({"prompt": prompt}), capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "MEMCTL_TODAY": TODAY.isoformat()}, timeout=60, check=True)
    context = json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    from_hook = re.findall(r"<!-- (\S+), lines (\d+)–(\d+) -->", context)
    assert from_hook

    async def script(client: Client) -> Any:
        return await call(client, "memory_search", {"query": prompt, "max_sections": 4})

    _, _, data = session(arc / "memory", script)
    assert [(s["path"], str(s["start_line"]), str(s["end_line"])) for s in data["sections"]] == from_hook


def test_errors_are_tool_results_and_the_server_goes_on(arc, tmp_path):
    home = arc / "memory"
    (tmp_path / "outside.md").write_text("# not memory\n")
    (home / "topics" / "out.md").symlink_to(tmp_path / "outside.md")
    calls = [
        ("memory_search", {}, "`query` must be the words to look for"),
        ("memory_search", {"query": "queue", "budget": 0}, "`budget` must be a whole number of 1 or more (got 0)"),
        ("memory_search", {"query": "queue", "limit": 3}, "memory_search takes no limit"),
        ("memory_read", {"path": "topics/none.md"}, "topics/none.md does not exist in the memory home"),
        ("memory_read", {"path": "topics/incidents.md", "section": "Nope"}, "has no section 'Nope'; its sections: "),
        ("memory_read", {"path": "../../etc/passwd"}, "would leave the memory folder"),
        ("memory_read", {"path": "/etc/passwd"}, "/etc/passwd lies outside the memory home"),
        ("memory_read", {"path": "topics/out.md"}, "topics/out.md is a symlink; memory never follows a link"),
        ("memory_append", {"path": "../notes.md", "text": "- x"}, "would leave the memory folder"),
        ("memory_append", {"path": "%2e%2e/notes.md", "text": "- x"}, "would leave the memory folder"),
        ("memory_append", {"path": ".git/config.md", "text": "- x"}, ".git is hidden"),
        ("memory_append", {"path": "topics/notes.txt", "text": "- x"}, "markdown files only"),
        ("memory_append", {"path": "topics/cost.md", "text": "- token: ghp_" + "a" * 36},
         "looks like a GitHub token (ghp_…)"),
        ("memory_append", {"path": "topics/cost.md", "text": "  "}, "nothing to append: the text is empty"),
        ("memory_frobnicate", {}, "no tool 'memory_frobnicate'"),
    ]

    async def script(client: Client) -> Any:
        answers = [await call(client, name, arguments) for name, arguments, _ in calls]
        try:
            await client.read_resource("memory://topics/none.md")
        except MCPError as error:
            missing = error.error.message
        still = await call(client, "memory_search", {"query": "build queue stalled"})
        return answers, missing, still

    before = state(home)
    answers, missing, still = session(home, script)
    for (name, _, why), (error, text, data) in zip(calls, answers, strict=True):
        assert error and why in text and data is None, (name, text)
        assert str(tmp_path) not in text
    assert "ghp_aaaa" not in answers[12][1]
    assert "memory://topics/none.md is not the index nor a topic" in missing
    assert still[0] is False and still[2]["sections"]
    assert state(home) == before


def test_memory_append_is_refused_when_the_index_would_pass_the_load_cap(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / ".memctl.yaml").write_text("profile: claude-code\n")
    (home / "MEMORY.md").write_text("# Memory\n" + "".join(f"- fact {n}\n" for n in range(2, 200)))

    async def script(client: Client) -> Any:
        return [await call(client, "memory_append", {"path": "MEMORY.md", "text": "- a\n- b\n- c\n- d"}),
                await call(client, "memory_append", {"path": "MEMORY.md", "text": "- the 200th fact"})]

    refused, done = session(home, script)
    assert refused[0] and refused[1] == (
        "error: MEMORY.md would be 203 lines; claude-code loads 200 (first 200 lines then 25,000 UTF-16 code units, "
        "front matter and HTML comments free); nothing was written: move detail into a topic file and keep one line "
        "for it in the index")
    assert done[:2] == (False, "appended 1 line to MEMORY.md")
    assert (home / "MEMORY.md").read_text().count("\n") == 200


def test_a_file_changed_under_the_server_is_searched_as_it_is_now(arc):
    home = arc / "memory"

    async def script(client: Client) -> Any:
        first = await call(client, "memory_search", {"query": "zeppelin mooring"})
        (home / "topics" / "airships.md").write_text("# Airships\n\n## Zeppelin mooring\n- the mast is at gate 4\n")
        second = await call(client, "memory_search", {"query": "zeppelin mooring"})
        (home / "topics" / "airships.md").unlink()
        third = await call(client, "memory_search", {"query": "zeppelin mooring"})
        return first, second, third

    first, second, third = session(home, script)
    assert first[2]["sections"] == [] and "No topic section is about 'zeppelin mooring'" in first[1]
    assert [s["path"] for s in second[2]["sections"]] == ["topics/airships.md"]
    assert third[2]["sections"] == []


def test_the_2026_protocol_is_served_too(arc):
    async def script(client: Client) -> Any:
        return client.protocol_version, await call(client, "memory_status", {})

    version, (error, _, data) = session(arc / "memory", script, mode="auto")
    assert version == "2026-07-28" and not error and data["topics"] == 5


def test_resources_are_listed_a_thousand_at_a_time(tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Index\n")
    for n in range(1500):
        (home / "topics" / f"t{n:04d}.md").write_text(f"# Topic {n}\n")

    async def script(client: Client) -> Any:
        first = await client.list_resources()
        second = await client.list_resources(cursor=first.next_cursor)
        return first, second

    first, second = session(home, script)
    assert len(first.resources) == 1000 and first.next_cursor == "1000"
    assert len(second.resources) == 501 and second.next_cursor is None
    assert second.resources[-1].uri == "memory://topics/t1499.md"


def test_a_home_that_cannot_be_served_is_one_line_and_exit_2(tmp_path):
    done = subprocess.run([sys.executable, "-m", "memctl", "mcp", str(tmp_path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: {tmp_path}/MEMORY.md: no MEMORY.md in this home\n"


def test_without_the_sdk_memctl_mcp_says_how_to_install_it(monkeypatch, arc):
    for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)  # what an install without the extra has
    done = CliRunner().invoke(app, ["mcp", str(arc / "memory")])
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr == ("error: `memctl mcp` needs the MCP SDK, an optional extra: pip install 'memctl-md[mcp]' "
                           "(or pip install 'mcp>=2.3,<3' beside memctl)\n")


def test_assemble_and_the_hook_never_import_the_sdk(arc):
    probe = ("import atexit, sys\natexit.register(lambda: print(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('mcp', 'mcp_types', 'pydantic', 'anyio', 'starlette')), file=sys.stderr))\n"
             "from memctl.cli import app\nsys.argv = ['memctl'] + sys.argv[1:]\napp()\n")
    for args, stdin in ((["assemble", str(arc / "memory"), "--query", "build queue"], ""),
                        (["hook", "user-prompt", str(arc / "memory")], '{"prompt": "build queue"}')):
        done = subprocess.run([sys.executable, "-c", probe, *args], input=stdin, capture_output=True, text=True,
                              cwd=ROOT, timeout=60)
        assert done.returncode == 0 and done.stdout
        assert done.stderr.splitlines()[-1] == "[]", done.stderr


# --- memctl mcp install ---------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A project with a .git marker and a memory home in it; HOME and the hosts' folders inside tmp."""
    root = tmp_path / "app"
    (root / ".git").mkdir(parents=True)
    (root / "memory").mkdir()
    (root / "memory" / "MEMORY.md").write_text("# Memory\n")
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user" / ".config"))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.chdir(root)
    return root


def install(*args: str):
    return CliRunner().invoke(app, ["mcp", "install", *args])


@pytest.fixture
def installed(monkeypatch):
    """This memctl as an installed `memctl` script would be: on PATH, importable without PYTHONPATH."""
    from memctl.commands import hook_install

    script = "/opt/memctl/bin/memctl"
    monkeypatch.setattr(hook_install, "launch", lambda: hook_install.Start([script], None, script, True))
    return script


def test_install_prints_every_hosts_snippet(project, installed):
    done = install("memory")
    assert done.exit_code == 0, done.stderr
    home = str(project / "memory")
    blocks = done.stdout.split("\n\n# ")
    assert [b.splitlines()[0].lstrip("# ") for b in blocks] == [
        f"Claude Code: {project}/.mcp.json",
        f"Claude Desktop: {project.parent}/user/.config/Claude/claude_desktop_config.json",
        f"Cursor: {project}/.cursor/mcp.json",
        f"Codex: {project.parent}/user/.codex/config.toml"]
    command, *leading = memctl_command()
    assert command == installed and os.path.isabs(command)  # an app started from a desktop has no shell PATH
    claude = json.loads(blocks[0].split("\n", 1)[1])
    assert claude == {"mcpServers": {"memctl": {"type": "stdio", "command": command, "args": [*leading, "mcp", home]}}}
    assert json.loads(blocks[2].split("\n", 1)[1]) == {"mcpServers": {"memctl": {"command": command,
                                                                                "args": [*leading, "mcp", home]}}}
    assert blocks[3].split("\n", 1)[1] == (f'[mcp_servers.memctl]\ncommand = {json.dumps(command)}\n'
                                           f'args = [{", ".join(json.dumps(a) for a in [*leading, "mcp", home])}]\n')
    assert "https://code.claude.com/docs/en/mcp" in done.stderr and "claude mcp add --scope user memctl" in done.stderr
    assert f"would add memctl to {project}/.cursor/mcp.json; --apply --client cursor writes it" in done.stderr
    assert not (project / ".mcp.json").exists() and not (project / ".cursor").exists()


def test_an_entry_for_a_memctl_found_through_pythonpath_sets_it_in_env(project, monkeypatch):
    """A memctl that its Python imports only with PYTHONPATH (a checkout run as `python -m memctl`):
    each host's entry carries `env` (every one of them passes it to the server it starts), Codex's
    as an inline table that reads back, and `claude mcp add` gets `--env`; stderr says why."""
    import tomllib

    from memctl.commands import hook_install

    python, checkout = "/usr/bin/python3", "/src/memctl checkout"
    monkeypatch.setattr(hook_install, "launch",
                        lambda: hook_install.Start([python, "-m", "memctl"], checkout, None, False))
    done = install("memory")
    assert done.exit_code == 0, done.stderr
    home = str(project / "memory")
    blocks = [b.split("\n", 1)[1] for b in done.stdout.split("\n\n# ")]
    want = {"command": python, "args": ["-m", "memctl", "mcp", home], "env": {"PYTHONPATH": checkout}}
    assert json.loads(blocks[0]) == {"mcpServers": {"memctl": {"type": "stdio", **want}}}
    assert json.loads(blocks[1]) == json.loads(blocks[2]) == {"mcpServers": {"memctl": want}}
    assert tomllib.loads(blocks[3]) == {"mcp_servers": {"memctl": want}}
    assert (f"mcp install: that Python imports this memctl only with PYTHONPATH='{checkout}': the entry sets it in "
            "its `env`") in done.stderr
    # the server's name before --env, which takes every word up to `--` (claude-code issues 23365, 46121)
    assert f"claude mcp add --scope user memctl --env 'PYTHONPATH={checkout}' -- {python} -m memctl mcp" in done.stderr
    assert install("memory", "--client", "codex", "--apply").exit_code == 0
    config = project.parent / "user" / ".codex" / "config.toml"
    assert tomllib.loads(config.read_text())["mcp_servers"]["memctl"] == want
    assert "nothing to change" in install("memory", "--client", "codex", "--apply").stderr


def test_install_apply_merges_keeping_every_other_key(project):
    config = project / ".cursor" / "mcp.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"mcpServers": {"github": {"command": "gh-mcp"}}, "theme": "dark"}))
    done = install("memory", "--client", "cursor", "--apply")
    assert done.exit_code == 0, done.stderr
    data = json.loads(config.read_text())
    assert data["theme"] == "dark" and data["mcpServers"]["github"] == {"command": "gh-mcp"}
    assert data["mcpServers"]["memctl"]["args"][-2:] == ["mcp", str(project / "memory")]
    assert f"added memctl to {config}" in done.stderr
    again = install("memory", "--client", "cursor", "--apply")
    assert again.exit_code == 0 and "its memctl entry is there already; nothing to change" in again.stderr
    assert json.loads(config.read_text()) == data


def test_install_apply_for_claude_code_and_desktop(project):
    assert install("memory", "--client", "claude-code", "--apply").exit_code == 0
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["memctl"]["type"] == "stdio"
    desktop = project.parent / "user" / ".config" / "Claude" / "claude_desktop_config.json"
    desktop.parent.mkdir(parents=True)
    desktop.write_text('{"globalShortcut": "Ctrl+Space"}')
    assert install("memory", "--client", "claude-desktop", "--apply").exit_code == 0
    data = json.loads(desktop.read_text())
    assert data["globalShortcut"] == "Ctrl+Space" and "type" not in data["mcpServers"]["memctl"]


def test_install_apply_adds_a_codex_table_and_keeps_the_comments(project):
    config = project.parent / "user" / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    original = '# my settings\nmodel = "o4"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"  # the docs\n'
    config.write_text(original)
    done = install("memory", "--client", "codex", "--apply")
    assert done.exit_code == 0, done.stderr
    text = config.read_text()
    assert text.startswith(original) and text[len(original):].startswith("\n[mcp_servers.memctl]\ncommand = ")
    import tomllib

    parsed = tomllib.loads(text)
    assert parsed["model"] == "o4" and set(parsed["mcp_servers"]) == {"docs", "memctl"}
    assert install("memory", "--client", "codex", "--apply").stderr.count("nothing to change") == 1


def test_install_adds_to_a_crlf_codex_config_in_crlf(project):
    """A config.toml written with CRLF line ends got its table in LF: a file of two line endings."""
    config = project.parent / "user" / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_bytes(b'model = "o3"\r\n[profiles.a]\r\nmodel = "b"\r\n')
    assert install("memory", "--client", "codex", "--apply").exit_code == 0
    data = config.read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") and b"[mcp_servers.memctl]\r\n" in data
    assert install("memory", "--client", "codex", "--apply").stderr.count("nothing to change") == 1


@pytest.mark.parametrize(("text", "why"), [
    ('[mcp_servers.memctl]\ncommand = "other"\n', "already has an [mcp_servers.memctl] with other values"),
    ('mcp_servers = { docs = { command = "d" } }\n', "would not read back as its own keys plus memctl's"),
    ("not = [toml\n", "is not valid TOML"),
])
def test_install_leaves_a_codex_config_it_cannot_add_to(project, text, why):
    config = project.parent / "user" / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(text)
    shown = install("memory", "--client", "codex")
    assert shown.exit_code == 0 and shown.stdout.startswith("[mcp_servers.memctl]") and why in shown.stderr
    done = install("memory", "--client", "codex", "--apply")
    assert done.exit_code == 2 and why in done.stderr and config.read_text() == text


def test_install_refuses_what_it_cannot_do(project):
    (project / ".mcp.json").write_text("{not json")
    done = install("memory", "--client", "claude-code", "--apply")
    assert done.exit_code == 2 and "is not valid JSON" in done.stderr
    assert (project / ".mcp.json").read_text() == "{not json"
    done = install("memory", "--apply")
    assert done.exit_code == 2 and done.stderr == "error: --apply edits one host's config: name it with --client\n"
    done = install("memory", "--client", "claude-desktop", "--scope", "project")
    assert done.exit_code == 2 and "Claude Desktop has no project config file memctl writes; its scopes: user" in \
        done.stderr
    done = install("memory", "--client", "claude-code", "--scope", "user")  # ~/.claude.json is Claude Code's to edit
    assert done.exit_code == 2 and done.stderr.splitlines()[-1] == (
        "error: Claude Code has no user config file memctl writes; its scopes: project (its user and local servers "
        "are kept in ~/.claude.json, which `claude mcp add` edits: run the `claude mcp add --scope user` line "
        "printed without --scope)")
    done = install("memory", "--name", "mem ctl")
    assert done.exit_code == 2 and "must be letters, digits, - and _" in done.stderr


# --- faults at every step of memory_append -------------------------------------------------------------

def append_home(root: Path) -> Path:
    shutil.copytree(FIXTURES / "arc" / "memory", root)
    return root


ARGUMENTS = {"path": "topics/incidents.md", "text": "- 2026-11-29 the queue stalled again\n- same fix"}


def test_an_io_error_or_a_kill_at_every_step_of_memory_append(tmp_path):
    root = append_home(tmp_path / "clean")
    old = state(root)
    homes = Homes(str(root))
    with Faults(0, eio) as counting:
        append(homes, ARGUMENTS, TODAY)
    new = state(root)
    assert new != old and leftovers(root) == [] and counting.calls > 20
    for step in range(1, counting.calls + 1):
        for fault in ("eio", "kill"):
            root = append_home(tmp_path / f"{fault}-{step}")
            if fault == "eio":
                with Faults(step, eio):
                    try:
                        append(Homes(str(root)), ARGUMENTS, TODAY)
                    except Exception as error:  # a MemctlError, said to the model as one line
                        assert "\n" not in str(error) and state(root) == old, f"EIO at step {step}"
            else:
                pid = os.fork()
                if pid == 0:
                    try:
                        with Faults(step, sigkill):
                            append(Homes(str(root)), ARGUMENTS, TODAY)
                    finally:
                        os._exit(0)
                _, status = os.waitpid(pid, 0)
                killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
                assert killed or state(root) == new, f"step {step}: not killed, yet not written"
            recover_home(str(root))
            now = state(root)
            assert now in (old, new), f"{fault} at step {step}: a mixed home"
            assert leftovers(root) == [], f"{fault} at step {step}: left behind"


# --- nothing a tool returns holds a credential -----------------------------------------------------

def secrets_home(root: Path) -> tuple[list[str], list[str]]:
    """The corpus home (tests/test_hostile.py) and a topic whose headings and summary hold every
    one-line secret of the corpus: (the secrets, the headings)."""
    from tests.secrets_corpus import SHAPES
    from tests.test_hostile import corpus_home

    secrets = corpus_home(root)
    from memctl.model.secrets import find_secrets

    one_line = [(name, parts[0]) for name, _, parts in SHAPES  # those a rule finds alone, without their name
                if len(parts) == 1 and "\n" not in parts[0] and list(find_secrets(parts[0]))]
    headings = [f"{name.split(' (')[0]} {secret}" for name, secret in one_line]
    github = next(secret for name, secret in one_line if name == "GitHub classic token")
    body = "".join(f"## {heading}\n\n- the github bot token rotates on the first of the month\n\n"
                   for heading in headings)
    (root / "topics" / "keys.md").write_text(
        f"---\ntitle: Keys\nsummary: the bot's token {github}\n---\n# Keys\n\n{body}", encoding="utf-8")
    return secrets, headings


def test_no_tool_result_holds_a_credential_in_any_field(tmp_path):
    """Every tool over a home holding the corpus, its text and every field of its structured
    result: no secret past its first four characters (a heading holding a token was returned whole,
    in the search's `<!-- … § heading -->` label, `sections[].heading` and `left_out[].heading`,
    and memory_read echoed back the heading it was given)."""
    from memctl.commands.mcp import Homes, call, read_resource, resources
    from tests.secrets_corpus import SHAPES
    from tests.test_hostile import _shown_in_part

    home = tmp_path / "home"
    secrets, headings = secrets_home(home)
    homes = Homes(str(home))
    calls: list[tuple[str, dict[str, Any]]] = [("memory_status", {}),
                                                ("memory_search", {"query": "github bot token"}),
                                                ("memory_search", {"query": "github bot token", "budget": 60}),
                                                ("memory_read", {"path": "topics/keys.md"}),
                                                ("memory_read", {"path": "MEMORY.md"})]
    calls += [("memory_read", {"path": "topics/keys.md", "section": heading}) for heading in headings]
    calls += [("memory_search", {"query": f"{name}: {text}"}) for name, text, _ in SHAPES]
    calls += [("memory_read", {"path": "topics/keys.md", "section": f"No such {text}"}) for _, text, _ in SHAPES[:5]]
    calls += [("memory_append", {"path": "topics/new.md", "text": f"- {text}"}) for _, text, _ in SHAPES[:5]]
    seen = []
    for name, arguments in calls:
        result, error = call(homes, name, arguments, TODAY)
        seen.append(((name, str(arguments)[:60]), error if result is None
                     else result.text + json.dumps(result.data, ensure_ascii=False)))
    seen.append((("resources",), json.dumps(resources(homes), ensure_ascii=False)))
    seen += [(("resource", row["uri"]), read_resource(homes, row["uri"])) for row in resources(homes)]
    leaks = [(what, secret[:4]) for what, output in seen for secret in secrets if _shown_in_part(secret, output)]
    assert leaks == []
    assert any("§ GitHub classic token ghp_…, lines" in output for _, output in seen)  # the heading is there, redacted


def test_a_file_named_after_a_token_is_listed_without_it_and_still_reads(arc):
    """A topic whose file name holds a token (an agent named it after a heading): resources/list
    gave the token whole in the URI, though its name was redacted. The URI holds the redacted path
    and an id; reading it, or memory_read with it or with the redacted path a search gives back,
    reads the file."""
    token = "ghp_" + "a1B2" * 9
    home = arc / "memory"
    topic = home / "topics" / f"ci-{token}.md"
    topic.write_text("---\ntitle: CI\n---\n# CI\n\n- the runner's credentials rotate monthly\n")

    async def script(client: Client) -> Any:
        listed = await client.list_resources()
        (row,) = [r for r in listed.resources if r.name.startswith("topics/ci-")]
        read = await client.read_resource(row.uri)
        by_uri = await call(client, "memory_read", {"path": str(row.uri)})
        found = await call(client, "memory_search", {"query": "runner credentials rotate"})
        by_path = await call(client, "memory_read", {"path": found[2]["sections"][0]["path"]})
        return listed, row, read.contents[0], by_uri, found, by_path

    listed, row, read, by_uri, found, by_path = session(home, script)
    assert token[4:] not in json.dumps([r.model_dump(mode="json") for r in listed.resources])
    assert row.name == "topics/ci-ghp_….md"
    assert re.fullmatch(r"memory://topics/ci-ghp_%E2%80%A6\.md\?file=[0-9a-f]{20}", str(row.uri))
    assert read.text == topic.read_text()  # the resource is the file, as every other one is
    assert [r.uri for r in listed.resources if r.name == "topics/cost.md"] == ["memory://topics/cost.md"]  # unchanged
    assert by_uri[0] is False and by_uri[1].endswith("# CI\n\n- the runner's credentials rotate monthly\n")
    assert found[2]["sections"][0]["path"] == "topics/ci-ghp_….md" and token[4:] not in found[1]
    assert by_path[0] is False and by_path[1] == by_uri[1]


def test_a_search_over_the_server_shows_a_heading_s_token_redacted(tmp_path):
    """The trial's repro: `memctl mcp`, initialize, memory_search {"query": "github bot token"}."""
    home = tmp_path / "home"
    secrets_home(home)
    text = (home / "topics" / "keys.md").read_text(encoding="utf-8")
    github = re.search(r"ghp_[A-Za-z0-9]{36}", text).group(0)

    async def script(client: Client) -> Any:
        return await call(client, "memory_search", {"query": "github bot token"})

    error, text, data = session(home, script)
    assert not error and "§ GitHub classic token ghp_…, lines" in text
    assert github[4:] not in text and github[4:] not in json.dumps(data)
    assert any(row["heading"] == "GitHub classic token ghp_…" for row in data["sections"] + data["left_out"])
