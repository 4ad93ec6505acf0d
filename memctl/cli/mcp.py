"""`memctl mcp`: the MCP server (`memctl mcp [HOME]`, which runs `serve`), and `install`."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from memctl.cli.common import HomeArg, app, emit, err, fail, path_option
from memctl.commands.mcp_install import CLIENTS
from memctl.errors import MemctlError


class ServeByDefault(TyperGroup):
    """`memctl mcp HOME` is `memctl mcp serve HOME`: what a host's config names stays short."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and not args[0].startswith("-")):
            args = ["serve", *args]
        return super().parse_args(ctx, args)


mcp_app = typer.Typer(
    cls=ServeByDefault,
    help="memctl's MCP server on stdio: the home's memory as tools (memory_search, memory_read, "
         "memory_status, memory_append) and resources (the index and the topics), for MCP hosts without "
         "hooks (Claude Desktop, Cursor, Codex…). `memctl mcp HOME` runs `memctl mcp serve HOME`.",
    rich_markup_mode=None)
app.add_typer(mcp_app, name="mcp", short_help="Memory as MCP tools and resources, for hosts without hooks.")

Client = Enum("Client", {name.replace("-", "_"): name for name in CLIENTS}, type=str)  # type: ignore[misc]


class Scope(str, Enum):
    project = "project"
    user = "user"


@mcp_app.command("serve", short_help="Serve the home's memory over stdio (what an MCP host starts).")
def serve(path: HomeArg = Path(".")) -> None:
    """Serve the home's memory over stdio (what an MCP host starts; `memctl mcp PATH` is the same).

    Tools: memory_search {query, budget?, max_sections?} ranks the topics' sections as
    `assemble --query` does, within a token budget; memory_read {path, section?} reads a file or one
    section, front matter stripped, with its tokens; memory_status {} is the headroom `status`
    reports; memory_append {path, text} appends as `memctl append` does (locked, journaled), and is
    refused for a path outside the home, a credential, or an index that would grow past what the
    host loads. Resources: memory://MEMORY.md and memory://<topic>. A failing call is a tool result
    with isError; the server goes on. Needs the MCP SDK: pip install 'memctl-md[mcp]'.

    \b
    Examples:
      memctl mcp memory/
      memctl mcp install memory/ --client cursor --apply
    """
    from memctl.commands.mcp import serve as run
    from memctl.model.config import today

    try:
        run(str(path), today)
    except MemctlError as error:
        fail(error)


@mcp_app.command("install", short_help="Print each MCP host's config entry for the server; --apply merges it.")
def install(
    path: HomeArg = Path("."),
    client: Annotated[list[Client] | None, typer.Option(  # type: ignore[valid-type]
        "--client", metavar="HOST", help="claude-code, claude-desktop, cursor or codex: the host whose config gets "
                                          "the server (repeatable; default: all of them).")] = None,
    scope: Annotated[Scope | None, typer.Option(
        "--scope", help="project: the project's config; user: yours (default: each host's usual one).")] = None,
    file: Annotated[Path | None, path_option("--file", metavar="FILE", help="This config file instead.")] = None,
    name: Annotated[str, typer.Option("--name", metavar="NAME", help="The server's name in the config.")] = "memctl",
    apply: Annotated[bool, typer.Option(
        "--apply", help="Merge the entry into the config file (one --client), keeping every other key.")] = False,
) -> None:
    """Print the config entry that starts memctl's MCP server for each MCP host; --apply merges it.

    Claude Code: <project>/.mcp.json (or `claude mcp add`); Claude Desktop:
    claude_desktop_config.json; Cursor: <project>/.cursor/mcp.json or ~/.cursor/mcp.json; Codex:
    ~/.codex/config.toml's [mcp_servers.memctl] ($CODEX_HOME honoured). The project is the nearest
    folder at or above the home with .claude/ or .git (for Claude Code's auto memory, the project it
    is for). Says on stderr which file and why. --apply (with one --client) writes the file
    atomically, keeping every other key and server; a JSON file is rewritten whole, a TOML file only
    gets a table added at its end and is read back to prove nothing else changed. Running it again
    changes nothing.

    \b
    Examples:
      memctl mcp install memory/
      memctl mcp install memory/ --client cursor --apply
      memctl mcp install memory/ --client codex --apply
    """
    import os
    import shlex

    from memctl.commands.hook_install import launch, note
    from memctl.commands.mcp_install import plan_install
    from memctl.hosts.claude_code import sweep_settings_temps, write_settings
    from memctl.model.home import resolve_home

    chosen = [c.value for c in client] if client else list(CLIENTS)
    if apply and len(chosen) != 1:
        fail(MemctlError("--apply edits one host's config: name it with --client"))
    try:
        root, _ = resolve_home(str(path))
        start = launch()
        command = start.words
        shown = " ".join(shlex.quote(word) for word in command)
        if not start.on_path_is_this:
            err(f"mcp install: {note(start, shown, 'the entry runs')}")
        env = {"PYTHONPATH": start.pythonpath} if start.pythonpath is not None else None
        if env is not None:
            err(f"mcp install: that Python imports this memctl only with PYTHONPATH={shlex.quote(env['PYTHONPATH'])}: "
                "the entry sets it in its `env` (an installed memctl, `pipx install .`, needs none)")
        for number, client_name in enumerate(chosen):
            plan = plan_install(name, client_name, scope.value if scope else None, root, os.getcwd(), command,
                                str(file) if file is not None else None, env)
            host = CLIENTS[client_name]
            err(f"mcp install: {host.title}: {plan.why}: {plan.path} (its format: {host.source})")
            if host.note:
                line = " ".join(shlex.quote(word) for word in [*command, "mcp", root])
                flag = f" --env {shlex.quote('PYTHONPATH=' + env['PYTHONPATH'])}" if env else ""
                err(f"mcp install: {host.title}: {host.note.format(name=name, command=line, env=flag)}")
            emit(plan.snippet if len(chosen) == 1 else f"{'' if number == 0 else chr(10)}# {host.title}: "
                 f"{plan.path}\n{plan.snippet}")
            if plan.problem:
                err(f"{'error' if apply else 'note'}: {plan.problem}")
                if apply:
                    raise typer.Exit(2)
            elif not plan.change:
                err(f"{plan.path}: its {name} entry is there already; nothing to change")
            elif apply:
                sweep_settings_temps(plan.path)
                written = write_settings(plan.path, plan.after)
                err(f"{plan.change} {name} {'to' if plan.change == 'added' else 'in'} {written}")
            else:
                err(f"would {'add' if plan.change == 'added' else 'replace'} {name} "
                    f"{'to' if plan.change == 'added' else 'in'} {plan.path}; --apply --client {client_name} writes it")
    except MemctlError as error:
        fail(error)
