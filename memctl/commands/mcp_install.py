"""`memctl mcp install`: the entry that starts memctl's MCP server, in each MCP host's own config file.

Each host reads a `mcpServers` map (Claude Code's `.mcp.json`, Claude Desktop's
`claude_desktop_config.json`, Cursor's `.cursor/mcp.json`) or a `[mcp_servers.<name>]` table
(Codex's `config.toml`): see docs/tools.md for each format and its source. A merge keeps every
other key. JSON is rewritten whole (as `hook install` rewrites Claude Code's settings); TOML is
only ever added to, a new table at the end, and the result is read back with tomllib to prove it
says what the file said plus the new table (memctl has no TOML writer that keeps comments).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from memctl.errors import InputError
from memctl.hosts import claude_code, codex, cursor
from memctl.record import record

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # a server name: a bare TOML key, and a JSON key every host takes


def _home_dir() -> str:
    return os.path.expanduser("~")


def desktop_config() -> str:
    """Claude Desktop's config file: macOS and Windows as its documentation names them; elsewhere
    (no official build) where the Linux builds keep it, under $XDG_CONFIG_HOME."""
    if sys.platform == "darwin":
        return os.path.join(_home_dir(), "Library", "Application Support", "Claude", "claude_desktop_config.json")
    if sys.platform == "win32":
        return os.path.join(os.environ.get("APPDATA", os.path.join(_home_dir(), "AppData", "Roaming")), "Claude",
                            "claude_desktop_config.json")
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(_home_dir(), ".config")
    return os.path.join(base, "Claude", "claude_desktop_config.json")


def codex_home() -> str:
    return os.path.expanduser(os.environ.get("CODEX_HOME") or os.path.join("~", ".codex"))


@record
class Client:
    """One MCP host: its config file by scope, the entry it reads, and where that is documented."""

    title: str
    format: str  # "json" (a `mcpServers` map) or "toml" (`[mcp_servers.<name>]` tables)
    files: dict[str, Callable[[str], str]]  # scope -> the config file, given the project folder
    default_scope: str
    typed: bool = False  # the entry names its transport (`"type": "stdio"`)
    source: str = ""
    note: str = ""  # said on stderr with the snippet
    elsewhere: str = ""  # where its other scopes are kept, and how to write them (said when one is asked)


CLIENTS: dict[str, Client] = {
    claude_code.NAME: Client(
        "Claude Code", "json", {"project": lambda project: os.path.join(project, ".mcp.json")}, "project",
        typed=True, source="https://code.claude.com/docs/en/mcp",
        elsewhere="its user and local servers are kept in ~/.claude.json, which `claude mcp add` edits: run the "
                  "`claude mcp add --scope user` line printed without --scope",
        note="Claude Code asks once before it starts a project's .mcp.json server; for your own scope instead: "
             "claude mcp add --scope user {name}{env} -- {command}"),
    "claude-desktop": Client(
        "Claude Desktop", "json", {"user": lambda project: desktop_config()}, "user",
        source="https://modelcontextprotocol.io/quickstart/user",
        note="restart Claude Desktop to start the server" + ("" if sys.platform in ("darwin", "win32") else
                                                              " (it has no official build for this system)")),
    cursor.NAME: Client(
        "Cursor", "json", {"project": lambda project: os.path.join(project, ".cursor", "mcp.json"),
                           "user": lambda project: os.path.join(_home_dir(), ".cursor", "mcp.json")}, "project",
        source="https://cursor.com/docs/mcp"),
    codex.NAME: Client(
        "Codex", "toml", {"user": lambda project: os.path.join(codex_home(), "config.toml"),
                          "project": lambda project: os.path.join(project, ".codex", "config.toml")}, "user",
        source="https://github.com/openai/codex/blob/main/docs/config.md",
        note="Codex reads a project's .codex/config.toml only in a project you have trusted"),
}


@record
class Install:
    client: str
    scope: str
    path: str
    why: str
    snippet: str  # what the file gets, in its own format
    before: str | None
    after: str  # the file merged ("" when it cannot be merged: `problem` says why)
    change: str  # "added", "replaced" or "" (nothing to change)
    problem: str = ""


def entry(client: Client, command: str, args: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """The server's entry: its command and arguments, and the environment it needs (`env`, which
    every one of these hosts passes to the server it starts)."""
    made: dict[str, Any] = {**({"type": "stdio"} if client.typed else {}), "command": command, "args": args}
    return {**made, "env": env} if env else made


def project_of(home: str, cwd: str) -> tuple[str, str]:
    """The project a home belongs to (as `hook install` finds it), and how it was found."""
    if claude_code.auto_memory_name(home) is not None:
        try:
            project, how = claude_code.memory_project(home, cwd)
        except InputError as error:
            message = error.message.replace("`memctl hook install`", "`memctl mcp install`")
            raise InputError(message.replace("--settings FILE or --scope user", "--file FILE"), error.path) from None
        return project, f"{how}, whose auto memory this is"
    project = claude_code.project_of(home)
    return project, "the nearest folder at or above the home with .claude/ or .git"


def plan_install(name: str, client_name: str, scope: str | None, home: str, cwd: str, command: list[str],
                 file: str | None = None, env: dict[str, str] | None = None) -> Install:
    """The entry for `client_name`, its config file and that file merged (nothing written)."""
    from memctl.safe.fsutil import read_text

    if not NAME.match(name):
        raise InputError(f"the server name {name!r} must be letters, digits, - and _ (at most 64)")
    client = CLIENTS[client_name]
    scope = scope or client.default_scope
    if scope not in client.files:
        raise InputError(f"{client.title} has no {scope} config file memctl writes; its scopes: "
                         f"{', '.join(client.files)}" + (f" ({client.elsewhere})" if client.elsewhere else ""))
    made = entry(client, command[0], [*command[1:], "mcp", home], env)
    if file is not None:
        path, why = os.path.abspath(file), "the file given"
    elif scope == "project":
        project, how = project_of(home, cwd)
        path, why = client.files[scope](project), f"the project config of {project} ({how})"
    else:
        path, why = client.files[scope](""), "the user config"
    snippet = toml_table(name, made) if client.format == "toml" else json.dumps(
        {"mcpServers": {name: made}}, indent=2, ensure_ascii=False) + "\n"
    before = read_text(path) if os.path.lexists(path) else None
    merge = merged_toml if client.format == "toml" else merged_json
    try:
        after, change = merge(before, path, name, made)
    except InputError as error:
        return Install(client_name, scope, path, why, snippet, before, "", "", str(error))
    return Install(client_name, scope, path, why, snippet, before, after, change)


def merged_json(text: str | None, path: str, name: str, made: dict[str, Any]) -> tuple[str, str]:
    """The config with `mcpServers.<name>` set to `made`, every other key kept."""
    data = claude_code.json_object(text, path)
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise InputError("its `mcpServers` is not an object; nothing was written", path)
    old = servers.get(name)
    if old == made:
        return text or "", ""
    servers[name] = made
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", "added" if old is None else "replaced"


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string (tomllib checks it)


def toml_table(name: str, made: dict[str, Any]) -> str:
    rows = [f"[mcp_servers.{name}]"]
    for key, value in made.items():
        if isinstance(value, list):
            shown = "[" + ", ".join(map(_toml_string, value)) + "]"
        elif isinstance(value, dict):  # `env`: an inline table
            shown = "{ " + ", ".join(f"{_toml_string(k)} = {_toml_string(v)}" for k, v in value.items()) + " }"
        else:
            shown = _toml_string(value)
        rows.append(f"{key} = {shown}")
    return "\n".join(rows) + "\n"


def merged_toml(text: str | None, path: str, name: str, made: dict[str, Any]) -> tuple[str, str]:
    """The config with a `[mcp_servers.<name>]` table added at its end, when it has none."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    old_text = text or ""
    try:
        data = tomllib.loads(old_text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"is not valid TOML ({exc}); nothing was written", path) from None
    servers = data.get("mcp_servers", {})
    if not isinstance(servers, dict):
        raise InputError("its `mcp_servers` is not a table; nothing was written", path)
    if servers.get(name) == made:
        return old_text, ""
    if name in servers:
        raise InputError(f"already has an [mcp_servers.{name}] with other values; memctl only adds tables to TOML "
                         "(it has no TOML writer that keeps your comments): change it to the lines printed", path)
    nl = "\r\n" if "\r\n" in old_text and old_text.count("\r\n") == old_text.count("\n") else "\n"  # the file's own
    joiner = "" if not old_text or old_text.endswith("\n") else nl
    after = old_text + joiner + (nl if old_text.strip() else "") + toml_table(name, made).replace("\n", nl)
    expected = {**data, "mcp_servers": {**servers, name: made}}
    try:
        same = tomllib.loads(after) == expected
    except tomllib.TOMLDecodeError:
        same = False
    if not same:  # an inline `mcp_servers = {…}`, a dotted key: a table added at the end would not say it
        raise InputError("a table added at its end would not read back as its own keys plus memctl's (its "
                         "mcp_servers is written another way); add the lines printed yourself", path)
    return after, "added"


def memctl_command() -> list[str]:
    """How a host should start this memctl, by absolute path (an app started from a desktop has no
    shell PATH): this `memctl` when run as one, else the one on PATH when it is this memctl, else
    this Python's `-m memctl` (`hook_install.launch`, which `hook install` asks too)."""
    from memctl.commands.hook_install import launch

    return launch().words
