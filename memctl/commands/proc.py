"""Running a user's command (a summarizer) as a filter, bounded in time and in output.

The command runs without a shell, in a process group of its own, with the text on stdin. Its
output is read as it comes and capped; past the timeout or the cap, the whole group is killed,
grandchildren included, and nothing it wrote is used. After a normal exit the group is killed as
well, so nothing it started outlives memctl. Its stderr goes to /dev/null, or, for a caller that
names a failure in the command's own words (the embedder), is read as it comes and its tail kept.
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
    stderr: bytes = b""  # the last `keep_stderr` bytes it wrote there, when asked for


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_filter(command: str, data: bytes, timeout: float, env: Mapping[str, str], cap: int = MAX_OUTPUT,
               keep_stderr: int = 0) -> Ran:
    """Run `command` with `data` on stdin; raises OSError or ValueError when it cannot start (a
    command of white space alone, or quotes that do not close, among them). `keep_stderr`: keep
    the last that many bytes it writes on stderr (read as they come, so it never blocks on a full
    pipe), else stderr goes to /dev/null."""
    words = shlex.split(command)
    if not words:
        raise ValueError("the command is empty")
    process = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE if keep_stderr > 0 else subprocess.DEVNULL, env=dict(env),
                               start_new_session=True)
    assert process.stdin is not None and process.stdout is not None

    def feed() -> None:
        try:
            process.stdin.write(data)  # type: ignore[union-attr]
            process.stdin.close()  # type: ignore[union-attr]
        except OSError:  # the command stopped reading: its exit status says the rest
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    deadline = time.monotonic() + timeout
    out, err, problem = _read(process, deadline, timeout, cap, keep_stderr)
    if problem is not None:
        _kill_group(process)
    try:
        code = process.wait(timeout=max(deadline - time.monotonic(), 0.1) if problem is None else 5)
    except subprocess.TimeoutExpired:
        problem = problem or f"ran past {timeout:g} s"
        code = None
    _kill_group(process)  # whatever it started is stopped with it
    process.stdout.close()
    if process.stderr is not None:
        process.stderr.close()
    writer.join(timeout=1)
    return Ran(code if problem is None else None, out, problem, err)


def _read(process: subprocess.Popen[bytes], deadline: float, timeout: float, cap: int, keep_stderr: int
          ) -> tuple[bytes, bytes, str | None]:
    """What the command writes on stdout (until it closes it) and the tail of its stderr, read as
    they come until the deadline; and the problem, if any. Once stdout is closed, stderr is read
    until it is closed too, or the command has exited (what it wrote is read first: a grandchild
    that keeps stderr open does not hold the caller)."""
    import selectors

    assert process.stdout is not None
    chunks: list[bytes] = []
    size = 0
    tail = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if process.stderr is not None:
            selector.register(process.stderr, selectors.EVENT_READ)
        reading_out = True
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                return b"".join(chunks), bytes(tail), f"ran past {timeout:g} s"
            events = selector.select(left if reading_out else min(left, 0.05))
            if not events and not reading_out and process.poll() is not None:
                break
            for key, _ in events:
                stream = key.fileobj
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(stream)
                    reading_out = reading_out and stream is not process.stdout
                elif stream is process.stdout:
                    size += len(chunk)
                    if size > cap:
                        return b"".join(chunks), bytes(tail), f"wrote more than {cap:,} bytes"
                    chunks.append(chunk)
                else:
                    tail += chunk
                    del tail[:-keep_stderr]
    return b"".join(chunks), bytes(tail), None


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
