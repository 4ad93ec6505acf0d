"""Typer-free parsers for `memctl assemble`, the command that runs before every dispatch, and for
`status` and `lint`, which scripts and CI run on small homes again and again.

Importing Typer alone takes longer than a warm `assemble` run, so the entry point parses these
commands' options here with small parsers driven by tables. Anything they do not handle (help, a
usage error, an option they do not know) returns None and falls through to the Typer command in
assemble.py, status.py or lint.py, which stays the reference; tests/test_cli_layers.py checks that
assemble's two parsers accept the same options and read them alike, and tests/test_speed.py that
status and lint print the same through either path.
"""

from __future__ import annotations

import os
import sys

from memctl.cli.dispatch import AssembleArgs, LintArgs, StatusArgs, run_lint, run_status
from memctl.cli.dispatch import run_assemble as run

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

FLAGS = {  # option -> (AssembleArgs field, kind)
    "--skill": ("skills", "append"),
    "--topic": ("topics", "append"),
    "--query": ("query", "str"),
    "--budget": ("budget", "int"),
    "--format": ("format", "choice"),
    "--manifest": ("manifest", "path"),
    "--record": ("record", "flag"),
    "--record-strict": ("record_strict", "flag"),
    "--strict": ("strict", "flag"),
    "--quiet": ("quiet", "flag"),
    "--include-expired": ("include_expired", "flag"),
    "--keep-front-matter": ("keep_front_matter", "flag"),
    "--max-sections": ("max_sections", "int"),
    "--explain": ("explain", "flag"),
    "--allow-secrets": ("allow_secrets", "flag"),
    "--tokenizer": ("tokenizer", "str"),
    "--profile": ("profile", "str"),
    "--config": ("config", "path"),
}
SHORT = {"-s": "--skill", "-t": "--topic", "-q": "--query", "-b": "--budget", "-f": "--format"}
LOWEST = {"--budget": 1, "--max-sections": 0}  # as assemble.py declares them; a number below is Typer's to report


FORMATS = ("md", "xml", "json")


def parse(argv: list[str]) -> AssembleArgs | None:
    """AssembleArgs for these arguments, or None when Typer should handle them.

    Takes `--flag value`, `--flag=value`, `-s value`, one PATH and `--`; anything else (help,
    an unknown or repeated single option, a bad or out-of-range number, a bad format) is left to Typer.
    """
    values: dict[str, object] = {}
    lists: dict[str, list[str]] = {"skills": [], "topics": []}
    paths: list[str] = []
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            paths.extend(rest)
            break
        if not arg.startswith("-") or arg == "-":
            paths.append(arg)
            continue
        flag, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        flag = SHORT.get(flag, flag)
        if flag not in FLAGS:
            return None
        dest, kind = FLAGS[flag]
        if kind == "flag":
            if inline:
                return None
            values[dest] = True
            continue
        if not inline:
            if not rest:
                return None
            inline = rest.pop(0)
        if kind == "append":
            lists[dest].append(inline)
        elif dest in values:
            return None
        elif kind == "int":
            try:
                number = int(inline)  # as Typer's path reads it (numbers.check_number)
            except ValueError:
                return None
            if number < LOWEST[flag]:
                return None
            values[dest] = number
        elif kind == "choice":
            if inline not in FORMATS:
                return None
            values[dest] = inline
        elif kind == "path":
            values[dest] = inline
        else:
            values[dest] = inline
    if len(paths) > 1:
        return None
    return AssembleArgs(path=paths[0] if paths else ".", skills=tuple(lists["skills"]),
                        topics=tuple(lists["topics"]), **values)  # type: ignore[arg-type]


def run_assemble(argv: list[str]) -> int | None:
    args = parse(argv)
    return None if args is None else run(args)


STATUS_FLAGS = {"--format": ("format", ("text", "json")), "-f": ("format", ("text", "json")),
                "--tokenizer": ("tokenizer", None), "--profile": ("profile", None), "--config": ("config", None),
                "--all": ("all_topics", True)}
LINT_FLAGS = {"--format": ("format", ("text", "json", "github", "sarif")),
              "-f": ("format", ("text", "json", "github", "sarif")),
              "--select": ("select", None), "--ignore": ("ignore", None), "--strict": ("strict", True),
              "--exit-zero": ("exit_zero", True), "--statistics": ("statistics", True),
              "--tokenizer": ("tokenizer", None), "--profile": ("profile", None), "--config": ("config", None)}


def _parse_homes(argv: list[str], flags: Mapping[str, tuple[str, object]]) -> dict[str, object] | None:
    """PATH... and the options of `flags` (field, True for a flag, else the values it takes or None
    for any); None for anything else, as `parse` does."""
    from pathlib import Path  # Typer hands the command Path objects: `home/` is `home` in every report

    values: dict[str, object] = {}
    paths: list[str] = []
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            paths.extend(rest)
            break
        if not arg.startswith("-") or arg == "-":
            paths.append(arg)
            continue
        flag, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if flag not in flags:
            return None
        dest, kind = flags[flag]
        if kind is True:
            if inline:
                return None
            values[dest] = True
            continue
        if not inline:
            if not rest:
                return None
            inline = rest.pop(0)
        if dest in values or (isinstance(kind, tuple) and inline not in kind):
            return None
        values[dest] = inline
    values["paths"] = tuple(os.fspath(Path(path)) for path in paths)
    if isinstance(values.get("config"), str):
        values["config"] = os.fspath(Path(values["config"]))  # type: ignore[arg-type]
    return values


def _progress_shown() -> bool:
    """Whether Typer's path would show its progress bar (stderr a terminal, outside CI): that path
    then runs, bar and all."""
    return sys.stderr.isatty() and not os.environ.get("CI") and os.environ.get("TERM") != "dumb"


def run_status_fast(argv: list[str]) -> int | None:
    values = None if _progress_shown() else _parse_homes(argv, STATUS_FLAGS)
    return None if values is None else run_status(StatusArgs(**values))  # type: ignore[arg-type]


def run_lint_fast(argv: list[str]) -> int | None:
    values = None if _progress_shown() else _parse_homes(argv, LINT_FLAGS)
    return None if values is None else run_lint(LintArgs(**values))  # type: ignore[arg-type]
