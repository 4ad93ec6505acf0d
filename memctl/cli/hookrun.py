"""Running `memctl hook EVENT` without Typer: a host runs it on every prompt.

Whatever goes wrong (a bad option in the host's settings, a broken home, a failing extractor, a
closed or broken stdout or stderr) is at most one line on stderr and exit 0: Claude Code takes
exit 2 from a UserPromptSubmit hook as "block this prompt", and memory must never stop the user.
`--help` and `hook install` go to the Typer command in hook.py.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timezone

from memctl.cli.numbers import check_number
from memctl.commands.hooks import EVENTS, HOSTS, HookOptions
from memctl.errors import MemctlError

OPTIONS = {"--chars": "chars", "--budget": "budget", "--host": "host", "--max-sections": "max_sections",
           "--extractor": "extractor", "--timeout": "timeout"}
NUMBERS = {"--chars": (int, 1, False), "--budget": (int, 1, False), "--max-sections": (int, 1, False),
           "--timeout": (float, 0, True)}  # option -> (kind, lowest, above it only); hook.py declares the same


class UsageError(Exception):
    pass


def usage_line(problem: str) -> str:
    return f"memctl hook: {problem} (nothing added; see memctl hook --help)\n"


def open_std_streams() -> None:
    """A host may start a hook with stdin, stdout or stderr closed. Each closed one becomes
    /dev/null: a message nobody can read is dropped, never an error, and no file memctl opens
    later can land on descriptor 0, 1 or 2 (where a stray write would go into it)."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)  # the lowest free descriptor: this one, as 0..fd-1 are open
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:  # Python found it closed at start-up
            setattr(sys, name, open(fd, mode, encoding="utf-8", errors="backslashreplace", closefd=False))


def _write(stream_name: str, text: str) -> None:
    """Write and flush; a stream that cannot take it (a closed pipe, a full disk) loses the text,
    and is pointed at /dev/null so that the interpreter's last flush at exit does not fail."""
    stream = getattr(sys, stream_name)
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError, AttributeError):
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass


def say(text: str) -> None:
    """A line for people on stderr, if stderr can take it."""
    _write("stderr", text)


def parse(argv: list[str]) -> tuple[str, str | None, HookOptions]:
    """(event, PATH or None, options) from `EVENT [PATH] [--option value]…`."""
    if not argv or argv[0] not in EVENTS:
        raise UsageError(f"unknown hook event {argv[0] if argv else ''!r}; choose one of {', '.join(EVENTS)}")
    event, rest = argv[0], list(argv[1:])
    values: dict[str, object] = {}
    paths: list[str] = []
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("--"):
            paths.append(arg)
            continue
        flag, has_value, value = arg.partition("=")
        if flag not in OPTIONS:
            raise UsageError(f"unknown option {flag}")
        if not has_value:
            if not rest:
                raise UsageError(f"{flag} needs a value")
            value = rest.pop(0)
        if flag in NUMBERS:
            kind, low, above = NUMBERS[flag]
            try:
                values[OPTIONS[flag]] = check_number(flag, value, kind, low, above=above)
            except MemctlError as problem:
                raise UsageError(str(problem)) from None
        else:
            values[OPTIONS[flag]] = value
    if len(paths) > 1:
        raise UsageError("give one PATH")
    if values.get("host") not in (None, *HOSTS):
        raise UsageError(f"--host is one of {', '.join(HOSTS)}")
    return event, (paths[0] if paths else None), HookOptions(**values)  # type: ignore[arg-type]


def run(argv: list[str]) -> int | None:
    """Exit code 0 whatever happens; None for `--help`, which Typer prints."""
    open_std_streams()
    if any(a in ("--help", "-h") for a in argv):
        return None
    try:
        event, path, options = parse(argv)
    except UsageError as problem:
        say(usage_line(str(problem)))
        return 0
    return run_event(event, path, options)


def run_event(event: str, path: str | None, options: HookOptions) -> int:
    from memctl.commands.hooks import run_hook
    from memctl.model.config import today
    from memctl.model.secrets import redact

    open_std_streams()
    try:
        raw = sys.stdin.buffer.read() if not sys.stdin.isatty() else b""
        out, notes = run_hook(event, path or "", raw, options, today(), datetime.now(timezone.utc))
    except MemctlError as error:
        say(f"memctl hook {event}: {redact(str(error))} (nothing added)\n")
        return 0
    except Exception as error:  # noqa: BLE001 - a hook never blocks its host, whatever broke
        say(f"memctl hook {event}: {type(error).__name__}: {redact(str(error))} (nothing added)\n")
        return 0
    except KeyboardInterrupt:  # an unfinished write is finished or undone by the next memctl run
        say(f"memctl hook {event}: interrupted\n")
        return 0
    _write("stdout", out)
    for note in notes:
        say(f"memctl hook {event}: {redact(note)}\n")
    return 0
