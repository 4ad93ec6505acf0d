"""`memctl hook`: the commands a host runs (user-prompt, session-start, pre-compact), and `install`.

The three events normally run through hookrun.py, without Typer (they run on every prompt); these
Typer commands are their help and reference, and run the same code.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from memctl.cli.common import HomeArg, app, emit, err, fail, number_option, open_home, path_option
from memctl.cli.hookrun import NUMBERS, say, usage_line
from memctl.commands.hooks import BUDGET, CHARS
from memctl.errors import MemctlError
from memctl.hosts import HOOK_ANSWERS, HOSTS
from memctl.hosts.claude_code import NAME

hook_app = typer.Typer(
    help="Memory delivered through the host's own hooks (Claude Code, Volute). Each event reads the "
         "hook's JSON on stdin, answers in the host's format on stdout, and never blocks the host: any "
         "failure is one line on stderr and exit 0.",
    no_args_is_help=True, rich_markup_mode=None)
app.add_typer(hook_app, name="hook", short_help="Memory delivered through Claude Code's and Volute's hooks.")

PathArg = Annotated[Path | None, typer.Argument(  # a home that cannot be read is the hook's to say (exit 0)
    metavar="PATH", help="The memory home (default: the hook input's cwd).", show_default=False, readable=False)]


def _usage(error: MemctlError) -> NoReturn:
    """A bad number is a hook's usage error: one line on stderr and exit 0, as in hookrun.py."""
    say(usage_line(str(error)))
    raise typer.Exit(0)


def _number(name: str, metavar: str, help: str) -> Any:
    kind, low, above = NUMBERS[name]
    return number_option(name, metavar=metavar, help=help, kind=kind, low=low, above=above, on_error=_usage)


CharsOpt = Annotated[int, _number("--chars", "N", "Characters of context at most (≤ 10,000).")]
BudgetOpt = Annotated[int, _number("--budget", "TOKENS", "Tokens of context at most.")]


Host = Enum("Host", {name.replace("-", "_"): name for name in HOOK_ANSWERS}, type=str)  # type: ignore[misc]
CLAUDE_CODE = Host(NAME)


HostOpt = Annotated[Host | None, typer.Option(
    "--host", help="The output's shape (default: volute for a Volute home, else claude-code).")]


def _run(event: str, path: Path | None, **values: object) -> None:
    from memctl.cli.hookrun import run_event
    from memctl.commands.hooks import HookOptions

    host = values.pop("host", None)
    options = HookOptions(host=host.value if isinstance(host, Host) else None, **values)  # type: ignore[arg-type]
    raise typer.Exit(run_event(event, str(path) if path is not None else None, options))


@hook_app.command("user-prompt")
def user_prompt(path: PathArg = None, chars: CharsOpt = CHARS, budget: BudgetOpt = BUDGET, host: HostOpt = None,
                max_sections: Annotated[int, _number("--max-sections", "N", "Sections at most.")] = 4) -> None:
    """UserPromptSubmit: the topic sections the prompt is about, as additionalContext.

    Scored as `assemble --query` scores them, over the topic files only (the host loads the index
    itself); nothing is printed when nothing is relevant enough.

    \b
    Example (what Claude Code runs):
      echo '{"prompt": "why did the deploy fail?", "cwd": "/repo"}' | memctl hook user-prompt memory/
    """
    _run("user-prompt", path, chars=chars, budget=budget, host=host, max_sections=max_sections)


@hook_app.command("session-start")
def session_start(path: PathArg = None, chars: CharsOpt = CHARS, budget: BudgetOpt = BUDGET,
                  host: HostOpt = None) -> None:
    """SessionStart: the always and machine-written topics, and what of the index the host's load
    cap leaves out, as additionalContext.

    \b
    Example:
      echo '{"source": "startup"}' | memctl hook session-start memory/
    """
    _run("session-start", path, chars=chars, budget=budget, host=host)


@hook_app.command("pre-compact")
def pre_compact(path: PathArg = None,
                extractor: Annotated[str | None, typer.Option(
                    "--extractor", metavar="CMD", help="As `memctl capture --extractor`.")] = None,
                timeout: Annotated[float, _number("--timeout", "SECONDS", "How long the extractor may run.")] = 20.0,
                ) -> None:
    """PreCompact: `capture --apply` from the transcript, then a snapshot of every memory file that
    changed since the last one into archive/snapshots/<UTC time>/ (so a consolidation on the host's
    side that deletes a file loses nothing). Prints nothing on stdout.

    \b
    Example:
      echo '{"transcript_path": "/home/me/.claude/projects/app/3f2a.jsonl", "trigger": "auto"}' \\
        | memctl hook pre-compact memory/
    """
    _run("pre-compact", path, extractor=extractor, timeout=timeout)


class Scope(str, Enum):
    project = "project"
    user = "user"


@hook_app.command("install")
def install(
    path: HomeArg = Path("."),
    host: Annotated[Host, typer.Option("--host", help="The host whose settings get the hooks.")] = CLAUDE_CODE,
    scope: Annotated[Scope, typer.Option(
        "--scope", help="project: <project>/.claude/settings.json; user: ~/.claude/settings.json "
                        "($CLAUDE_CONFIG_DIR/settings.json).")] = Scope.project,
    settings: Annotated[Path | None, path_option(
        "--settings", metavar="FILE", help="This settings file instead.")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Write the settings (without it, only the diff).")] = False,
) -> None:
    """Add memctl's three hooks to Claude Code's settings, keeping every other key and hook.

    The project's settings are those of the project the home belongs to: for an auto-memory folder
    (~/.claude/projects/<slug>/memory), the current folder's project when its path gives that slug,
    else the one folder on this machine whose path does; for any other home, the nearest folder at
    or above it with .claude/ or .git. Says on stderr which file it edits and why. Prints the diff;
    --apply writes it, and first removes any temporary file a killed write left beside the settings.
    Running it again changes nothing. The hooks run the memctl on PATH when it is this one, else
    this one by its absolute path (said on stderr), and replace memctl's own hooks for the home
    that start it another way. For Volute, see the README: its hooks are scripts in the mind's
    .local/hooks/.

    \b
    Examples:
      memctl hook install memory/
      cd ~/src/app && memctl hook install ~/.claude/projects/-home-me-src-app/memory --apply
      memctl hook install memory/ --scope user --apply
    """
    import os

    from memctl.commands.hook_install import this_memctl
    from memctl.hosts.claude_code import (
        merged,
        settings_target,
        settings_temps,
        sweep_settings_temps,
        write_settings,
    )
    from memctl.model.home import resolve_home
    from memctl.words import plural

    try:  # a home every other command refuses gets no hooks: the same one line, exit 2, nothing written
        open_home(path, None, None, None)
    except MemctlError as error:
        fail(error)
    if HOSTS[host.value].hook_scripts:  # its hooks are scripts in the home, not settings to edit
        fail(MemctlError(HOSTS[host.value].hook_scripts))
    try:
        root, _ = resolve_home(str(path))
        if settings is not None:
            target = str(settings)
        else:
            target, why = settings_target(scope.value, root, os.getcwd())
            err(f"hook install: {why}: {target}")
        if apply and (removed := sweep_settings_temps(target)):
            err(f"removed {plural(len(removed), 'temporary file')} an interrupted write left: {', '.join(removed)}")
        elif not apply and (left := settings_temps(target)):
            err(f"{plural(len(left), 'temporary file')} an interrupted write left: {', '.join(left)}; "
                "--apply removes them")
        before = None
        if os.path.lexists(target):
            from memctl.safe.fsutil import read_text

            before = read_text(target)
        launcher = this_memctl()
        after, added, replaced = merged(before, target, launcher.command, root)
        if not added and not replaced:
            err(f"{target}: memctl's hooks are there already; nothing to change")
            return
        if launcher.note:
            err(f"hook install: {launcher.note}")
        from memctl.commands.diff import text_diff

        emit(text_diff(before or "", after, f"a/{target.lstrip('/')}" if before is not None else "/dev/null",
                       f"b/{target.lstrip('/')}"), redacted=True)
        written = write_settings(target, after) if apply else target
        said = [f"{'replaced' if apply else 'would replace'} memctl's {event} hook `{old}` in {written}"
                for event, old in replaced]  # started another way: the new command takes its place
        said += [f"{'added' if apply else 'would add'} {', '.join(added)} to {written}"] if added else []
        for number, line in enumerate(said, 1):
            err(line + ("; --apply writes it" if not apply and number == len(said) else ""))
    except MemctlError as error:
        fail(error)
