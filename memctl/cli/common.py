"""What every command shares: the Typer app, the options declared once, and how output leaves.

Only the modules of `memctl/cli/` import Typer and rich. stdout carries the payload and nothing
else; people's messages go to stderr.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from memctl import __version__
from memctl.errors import EXIT_ERROR, MemctlError
from memctl.model.home import MemoryHome, load_home
from memctl.model.secrets import redact

_CLICK = sys.modules[typer.BadParameter.__module__]  # click's exceptions, or the copy of them Typer ships


def usage_message(error: Any) -> str:
    """A usage error as one line without Click's usage block: `--format: 'bogus' is not one of
    'text', 'json'`, `no such option: --bogus`, as every other bad input is said."""
    param = getattr(error, "param", None)
    if isinstance(error, _CLICK.BadParameter) and not isinstance(error, _CLICK.MissingParameter) \
            and param is not None and error.message:
        name = next((o for o in param.opts if o.startswith("--")), None) if param.param_type_name == "option" \
            else None
        label = name or getattr(param, "human_readable_name", None) or (param.metavar or param.name or "").upper()
        text = f"{label}: {error.message.removeprefix('Value error, ')}"  # Typer 0.29's arguments have no
        # human_readable_name (reading it was a traceback)
    else:
        text = error.format_message()
    text = text.strip().removesuffix(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


class OneLineErrors(typer.core.TyperGroup):
    """The root command: a usage error (a bad option value, an unknown option or command) is one
    line on stderr and exit 2, as every other bad input; `--help` and a bare `memctl` print help."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        run = functools.partial(super().main, args, prog_name, complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        if not standalone_mode:
            return run()
        try:
            code = run()
        except _CLICK.UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # `memctl` alone, `memctl hook`: the help
                error.show()
                sys.exit(error.exit_code)
            err(f"error: {usage_message(error)}")
            sys.exit(EXIT_ERROR)
        except _CLICK.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except typer.Abort:
            sys.stderr.write("Aborted!\n")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    name="memctl",
    help="Keep an LLM agent's markdown memory lean: measure it, assemble it per dispatch, lint it in CI.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class TextOrJson(str, Enum):
    text = "text"
    json = "json"


def readable_path(ctx: Any, param: Any, value: Any) -> Any:
    """A path memctl reads (a home, a file in it, a config), checked as memctl reads it: one that
    is there but cannot be read is one line and exit 2 (`error: memory: cannot read (Permission
    denied)`), before any work. Typer's own check ended in a traceback; a path that is not there
    is left to the command, which says so in its words."""
    from memctl.safe.fsutil import check_readable

    if ctx.resilient_parsing or value is None:  # completing a command line: nothing is printed
        return value
    for path in value if isinstance(value, (list, tuple)) else [value]:
        try:
            check_readable(os.fspath(path))
        except MemctlError as error:
            fail(error)
    return value


def path_argument(help: str, metavar: str = "PATH", **options: Any) -> Any:
    """A path argument memctl reads: checked by `readable_path`, not by Typer."""
    return typer.Argument(metavar=metavar, help=help, readable=False, callback=readable_path, **options)


def path_option(*names: str, metavar: str, help: str, reads: bool = True) -> Any:
    """A path option: one memctl reads (`reads`) is checked as `path_argument`'s; one it writes (a
    report, a plan, a manifest) or takes relative to the home (`split --into`) is the command's."""
    return typer.Option(*names, metavar=metavar, help=help, readable=False,
                        callback=readable_path if reads else None)


ConfigOpt = Annotated[
    Path | None, path_option("--config", metavar="FILE", help="Use this config file instead of .memctl.yaml.")
]
TokenizerOpt = Annotated[
    str | None, typer.Option("--tokenizer", metavar="NAME", help="cl100k_base (default), o200k_base or chars4.")
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", metavar="NAME",
                 help="Host profile: generic, claude-code, openclaw, volute, arc, codex, gemini or cursor."),
]
FormatOpt = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]
HomeArg = Annotated[Path, path_argument("The memory home.")]

# The options of the commands that plan and then write (split, consolidate).
DiffOpt = Annotated[bool, typer.Option("--diff", help="Print the unified diff of every file it would write.")]
ApplyOpt = Annotated[bool, typer.Option("--apply", help="Write the changes (without it, only the plan).")]
PlanOutOpt = Annotated[Path | None, path_option(
    "--plan-out", metavar="FILE", help="Write the full plan to FILE (JSON, mode 0600) for review; nothing else is "
    "written. Not `-`: the plan holds the files verbatim, so it never goes to stdout.",
    reads=False)]
ApplyPlanOpt = Annotated[Path | None, path_option(
    "--apply-plan", metavar="FILE", help="Apply exactly the plan in FILE, if no file changed since.")]


def err(message: str) -> None:
    """Messages for people go to stderr; stdout carries only the payload. Secrets never leave."""
    PROGRESS.stop()
    sys.stderr.write(redact(message.rstrip("\n")) + "\n")


class ProgressBar:
    """A rich progress bar on stderr for a long run, called as (stage, done, total).

    It shows only on a terminal (never in a pipe, a file or a CI log) and only once the run has
    passed `delay` seconds, so a quick command never flickers; it is transient, and goes before
    anything else is written (`emit`, `err`)."""

    def __init__(self, enabled: bool | None = None, delay: float = 1.0, console: Any = None):
        import os
        import time

        if enabled is None:
            enabled = sys.stderr.isatty() and not os.environ.get("CI") and os.environ.get("TERM") != "dumb"
        self.enabled = enabled
        self._clock = time.monotonic
        self._start, self._delay, self._console = self._clock(), delay, console
        self._bar: Any = None
        self._tasks: dict[str, Any] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            if self._clock() - self._start < self._delay:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=self._console or Console(stderr=True), transient=True)
            self._bar.start()
        if stage not in self._tasks:
            for task in self._tasks.values():
                self._bar.update(task, visible=False)
            self._tasks[stage] = self._bar.add_task(stage, total=total)
        self._bar.update(self._tasks[stage], completed=done, total=total)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


PROGRESS = ProgressBar(enabled=False)  # replaced by `progress()` in commands that read whole homes


def progress() -> ProgressBar:
    """The run's progress bar (one per process), started now."""
    global PROGRESS
    if not PROGRESS.enabled:
        PROGRESS = ProgressBar()
    return PROGRESS


def fail(error: MemctlError) -> NoReturn:
    err(f"error: {error}")
    raise typer.Exit(EXIT_ERROR)


def number_option(*names: str, metavar: str, help: str, kind: type = int, low: float = 0,
                  high: float | None = None, above: bool = False,
                  on_error: Callable[[MemctlError], NoReturn] = fail) -> Any:
    """A numeric option, checked in one place: a value out of range or not a number is one line
    through `on_error` (`fail`: `error: --keep-days must be 0 or more (got -1)`, exit 2), not
    Typer's usage block. Typer's own min and max stay for the range --help shows."""
    import os

    from memctl.cli.numbers import check_number

    def parse(value: Any) -> Any:
        try:
            return check_number(names[0], value, kind, low, high, above)
        except MemctlError as error:
            if "_MEMCTL_COMPLETE" in os.environ:  # completing a command line: nothing is printed
                raise ValueError(str(error)) from None
            on_error(error)

    return typer.Option(*names, metavar=metavar, help=help, parser=parse, min=None if above else low, max=high)


def command_option(*names: str, help: str) -> Any:
    """An option naming a command memctl runs without a shell (`--summarizer`, `--extractor`): one
    that splits into no words, or whose quotes do not close, is one line and exit 2 (`error:
    --summarizer: the command is empty`) before anything is read, not a warning a period."""
    import shlex

    def parse(value: Any) -> Any:
        try:
            words = shlex.split(value)
        except ValueError as error:
            fail(MemctlError(f"{names[0]}: {value!r} cannot be split into words ({error})"))
        if not words:
            fail(MemctlError(f"{names[0]}: the command is empty"))
        return value

    return typer.Option(*names, metavar="CMD", help=help, parser=parse)


def open_home(path: str | Path, config: Path | None, tokenizer: str | None, profile: str | None,
              several: bool = False) -> MemoryHome:
    """The home at `path`, its warnings said on stderr; among `several` homes, each warning names
    its home first (`warning: agents/ops: MEMORY.md:12: …`), as its paths are the home's own."""
    home = load_home(path, config_file=config, overrides={"tokenizer": tokenizer, "profile": profile},
                     progress=progress())
    for warning in home.warnings():
        err(f"warning: {home.shown}: {warning}" if several else f"warning: {warning}")
    return home


def emit(text: str, redacted: bool = False) -> None:
    """A report on stdout: anything in it that looks like a credential is cut to four characters
    (`redacted`: a diff, whose lines `memctl.commands.diff.text_diff` took from each file redacted
    whole; searched again, a key block cut off without its END line would run over the next hunk's
    header)."""
    PROGRESS.stop()
    text = text if redacted else redact(text)
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")


def emit_json(data: Any) -> None:
    import json

    emit(json.dumps(data, indent=2, ensure_ascii=False))


def color_wanted() -> bool:
    return sys.stdout.isatty()


def emit_plan(write_plan: Any, diff: bool, format: TextOrJson, data: dict[str, Any], text: str) -> None:
    """What `split` and `consolidate` print: the diff, the plan as JSON, or the plan in words."""
    from memctl.commands.diff import unified_diff

    if diff:
        emit(unified_diff(write_plan), redacted=True)
    elif format is TextOrJson.json:
        emit_json(data)
    else:
        emit(text)


def check_output(path: str | Path, homes: Sequence[MemoryHome | str] = (), what: str = "report") -> None:
    """The one check of a file memctl is told to write its output to (`memctl.cli.dispatch.check_output`,
    which `assemble --manifest` passes too, on the path without Typer)."""
    from memctl.cli.dispatch import check_output as check

    check(path, homes, what)


def save_plan_out(home: MemoryHome, write_plan: Any, command: str, plan_out: Path, summary: dict[str, Any],
                  note: str = "") -> None:
    """`--plan-out FILE`: the plan saved for review, where `check_output` lets a plan go."""
    from memctl.safe.planfile import save_plan

    check_output(plan_out, [home], "plan")
    save_plan(str(plan_out), command, home.root, write_plan, summary)
    err(f"plan written to {plan_out}; `memctl {command} --apply-plan {plan_out}` applies exactly it{note}")


def save_or_apply(home: MemoryHome, write_plan: Any, command: str, plan_out: Path | None, apply: bool,
                  summary: dict[str, Any], note: str = "") -> None:
    """`--plan-out FILE` saves the plan for review (and writes nothing else); `--apply` writes it."""
    if not write_plan.changes:
        return
    if plan_out is not None:
        save_plan_out(home, write_plan, command, plan_out, summary, note)
    elif apply:
        from memctl.safe.journal import apply_plan

        apply_plan(home.root, write_plan, command)


def apply_saved_plan(home: MemoryHome, path: Path, command: str,
                     check: Callable[[Any, dict[str, Any]], None]) -> None:
    """`--apply-plan FILE`: write exactly the reviewed plan, refused whole if an input changed or
    it fails `check`, the command's own check of the plans it makes (`planfile.check_saved`)."""
    from memctl.safe.journal import apply_plan
    from memctl.safe.planfile import check_saved, load_plan

    write, summary = load_plan(str(path), command, home.root)
    check_saved(str(path), home.root, write, summary, check)
    written = apply_plan(home.root, write, command)
    err(f"applied {path}: wrote {len(written)} {'file' if len(written) == 1 else 'files'}"
        if written else f"{path}: nothing to change")


def _version(value: bool) -> None:
    if value:
        emit(f"memctl {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Keep an LLM agent's markdown memory lean."""
