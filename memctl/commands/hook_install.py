"""`memctl hook install`: the shell command a host's hooks run to reach this memctl.

A hook runs later, in the host's own environment: a bare `memctl` there runs whatever `memctl` the
host's PATH finds, or nothing (a virtual environment that is not activated), and the hook then fails
at every request. So the hooks run the `memctl` on PATH only when it is this program, and otherwise
this one by its absolute path: the `memctl` script that is running, or this Python with `-m memctl`
(with the folder this memctl was imported from on PYTHONPATH when that Python would not find it
by itself, as when it runs from a source checkout).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys

from memctl.record import record


@record
class Launcher:
    command: str  # the shell words that start this memctl, quoted for a POSIX shell
    note: str  # why it is not the `memctl` on PATH ("" when that one is this program)


def this_memctl() -> Launcher:
    """The command hooks should run to start this memctl, and what to tell the user about it."""
    start = launch()
    command = " ".join(shlex.quote(word) for word in start.words)
    if start.pythonpath is not None:
        command = f"PYTHONPATH={shlex.quote(start.pythonpath)} {command}"
    return Launcher(command, "" if start.on_path_is_this else note(start, command, "the hooks run"))


@record
class Start:
    """How to start this memctl without a shell or a PATH (see `launch`)."""

    words: list[str]  # by absolute path
    pythonpath: str | None  # what PYTHONPATH they need to import this memctl (None: none)
    on_path: str | None  # the `memctl` on PATH, if any
    on_path_is_this: bool  # whether that one is this memctl (then nothing needs saying)


def launch() -> Start:
    """How to start this memctl: the `memctl` script that is running, else the one on PATH when it
    is this Python's and imports this memctl, else this Python's `-m memctl`."""
    running = os.path.abspath(sys.argv[0])
    found = shutil.which("memctl")
    on_path = os.path.abspath(found) if found else None
    if os.path.basename(running) == "memctl" and os.access(running, os.X_OK):  # run as the `memctl` script
        return Start([running], None, on_path, on_path is not None and _same_file(on_path, running))
    import memctl

    package_root = os.path.dirname(os.path.dirname(os.path.abspath(memctl.__file__)))
    finds_it = _imports_this(sys.executable, package_root)
    if on_path is not None and finds_it and _runs_with(on_path, sys.executable):
        return Start([on_path], None, on_path, True)  # the script on PATH is this Python's, and imports this memctl
    return Start([sys.executable, "-m", "memctl"], None if finds_it else package_root, on_path, False)


def note(start: Start, command: str, who: str) -> str:
    """What to tell the user when the command `who` runs is not the `memctl` on PATH."""
    if start.on_path is None:
        return f"no `memctl` on PATH: {who} this memctl as {command}"
    return f"the `memctl` on PATH ({start.on_path}) is not this memctl: {who} this one as {command}"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _runs_with(script: str, python: str) -> bool:
    """Whether the console script `script` is started by `python` (pip writes its absolute path
    after `#!`): the same Python, or another name for it in the same folder (a venv's bin/)."""
    try:
        with open(script, "rb") as file:
            first = file.readline(4096)
    except OSError:
        return False
    if not first.startswith(b"#!"):
        return False
    words = first[2:].decode("utf-8", "replace").split()
    if not words or not os.path.isabs(words[0]):
        return False
    interpreter = os.path.abspath(words[0])
    return interpreter == os.path.abspath(python) or _same_file(os.path.dirname(interpreter),
                                                                os.path.dirname(os.path.abspath(python)))


def _imports_this(python: str, package_root: str) -> bool:
    """Whether `python -m memctl`, run in another folder without this process's PYTHONPATH, imports
    the memctl that is running (asked of that Python: an editable install, a .pth file, a user site
    are all its own to know)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH")}
    try:
        done = subprocess.run([python, "-c", "import memctl, os; print(os.path.abspath(memctl.__file__))"],
                              cwd=os.path.abspath(os.sep), env=env, capture_output=True, text=True, timeout=30,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    if done.returncode != 0:
        return False
    return _same_file(os.path.dirname(os.path.dirname(done.stdout.strip())), package_root)
