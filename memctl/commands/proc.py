"""Running a user's command (a summarizer) as a filter, bounded in time and in output.

The command runs without a shell, in a process group of its own, with the text on stdin. Its
output is read as it comes and capped; past the timeout or the cap, the whole group is killed,
grandchildren included, and nothing it wrote is used. After a normal exit the group is killed as
well, so nothing it started outlives memctl.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Mapping
from typing import NamedTuple

MAX_OUTPUT = 16 * 1024 * 1024  # bytes; the caller may also cap at a multiple of the input


class Ran(NamedTuple):
    returncode: int | None  # None when the command did not finish
    stdout: bytes
    problem: str | None  # "ran past 5 s", "wrote more than 16 MB": the output is then not to be used


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_filter(command: str, data: bytes, timeout: float, env: Mapping[str, str], cap: int = MAX_OUTPUT) -> Ran:
    """Run `command` with `data` on stdin; raises OSError or ValueError when it cannot start (a
    command of white space alone, or quotes that do not close, among them)."""
    import selectors

    words = shlex.split(command)
    if not words:
        raise ValueError("the command is empty")
    process = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=dict(env), start_new_session=True)
    assert process.stdin is not None and process.stdout is not None

    def feed() -> None:
        try:
            process.stdin.write(data)  # type: ignore[union-attr]
            process.stdin.close()  # type: ignore[union-attr]
        except OSError:  # the command stopped reading: its exit status says the rest
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    chunks: list[bytes] = []
    size = 0
    problem = None
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                problem = f"ran past {timeout:g} s"
                break
            if not selector.select(left):
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            size += len(chunk)
            if size > cap:
                problem = f"wrote more than {cap:,} bytes"
                break
            chunks.append(chunk)
    if problem is not None:
        _kill_group(process)
    try:
        code = process.wait(timeout=max(deadline - time.monotonic(), 0.1) if problem is None else 5)
    except subprocess.TimeoutExpired:
        problem = problem or f"ran past {timeout:g} s"
        code = None
    _kill_group(process)  # whatever it started is stopped with it
    process.stdout.close()
    writer.join(timeout=1)
    return Ran(code if problem is None else None, b"".join(chunks), problem)


def filter_text(command: str, text: str, timeout: float, env: Mapping[str, str], what: str = "summarizer",
                   allow_empty: bool = False) -> tuple[str | None, str | None]:
    """A user's summarizer (or extractor) over `text`: (its UTF-8 output, None), or (None, why it is
    refused: "summarizer ran past 5 s", "… exited 3", "… wrote text that is not UTF-8", "… returned
    nothing"), `what` naming the command in those reasons.

    Its output is capped at ten times the input (16 MB at most); what it writes on stderr is not kept.
    """
    data = text.encode("utf-8")
    try:
        ran = run_filter(command, data, timeout, env, min(MAX_OUTPUT, 10 * len(data) + 4096))
    except (OSError, ValueError) as exc:
        return None, f"{what} could not run ({exc})"
    if ran.problem is not None:
        return None, f"{what} {ran.problem}"
    if ran.returncode != 0:
        return None, f"{what} exited {ran.returncode}"
    try:
        out = ran.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return None, f"{what} wrote text that is not UTF-8"
    if not out.strip() and not allow_empty:
        return None, f"{what} returned nothing"
    return out, None
