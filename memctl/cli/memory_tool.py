"""`memctl memory-tool`: one Claude API memory-tool command, run on a home."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import FormatOpt, TextOrJson, app, emit, emit_json, fail, path_argument
from memctl.errors import EXIT_FINDINGS, InputError, MemctlError


@app.command(short_help="Run one Claude API memory-tool command (JSON on stdin) on a home.")
def memory_tool(
    home: Annotated[Path, path_argument("The memory home: the folder /memories stands for.", "HOME")],
    format: FormatOpt = TextOrJson.text,
) -> None:
    """Run one command of the Claude API's memory tool (memory_20250818) on a home, and print the
    tool_result content.

    Reads the tool_use input (or the whole tool_use block) as JSON on stdin: view, create,
    str_replace, insert, delete or rename, on paths under /memories, which stands for HOME.
    Paths are decoded (%2e%2e is ..) and kept inside HOME: never through a symlink, never into
    a dot-folder (.git/, .memctl/). Files are markdown only. Every write takes the home's lock
    and goes through its journal; delete moves the file to archive/ and takes its line out of
    the index; a write that would grow the index past what its host loads, or that holds a
    credential, is refused. --format json prints {"content": ..., "is_error": ...} (with the
    tool_use_id and type of a tool_result when stdin held a tool_use block). Exit 0: done; 1: the
    result is an error (its message is the content); 2: the input or HOME could not be read.
    In Python, memctl.commands.memory_tool.memory_tool(home, input) does the same.

    \b
    Examples:
      echo '{"command": "view", "path": "/memories"}' | memctl memory-tool memory/
      echo '{"command": "create", "path": "/memories/notes.md", "file_text": "# Notes\\n"}' \\
        | memctl memory-tool memory/ --format json
    """
    import json

    from memctl.commands.memory_tool import memory_tool as run
    from memctl.safe.fsutil import decode

    try:
        raw = decode(sys.stdin.buffer.read(), "stdin")
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise InputError(f"not JSON ({exc}); give one memory-tool input, such as "
                             '{"command": "view", "path": "/memories"}', "stdin") from None
        if not isinstance(data, dict):
            raise InputError("not a JSON object: give one memory-tool input", "stdin")
        block = data if data.get("type") == "tool_use" and isinstance(data.get("input"), dict) else None
        result = run(str(home), block["input"] if block else data)
    except MemctlError as error:
        fail(error)
    if format is TextOrJson.json:
        emit_json({"type": "tool_result", "tool_use_id": block.get("id"), **result} if block else result)
    else:
        emit(result["content"])
    if result["is_error"]:
        raise typer.Exit(EXIT_FINDINGS)
