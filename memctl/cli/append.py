"""`memctl append`: add lines to a memory file without racing memctl's own writes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import app, err, fail, path_argument
from memctl.errors import MemctlError
from memctl.words import plural


@app.command(context_settings={"ignore_unknown_options": True},
             short_help="Append lines to a memory file under the home's lock.")  # TEXT is often a list item: "- …"
def append(
    path: Annotated[Path, path_argument("A markdown file inside a memory home (made if missing).", "FILE")],
    text: Annotated[str, typer.Argument(metavar="TEXT", help="The lines to add; - reads them from stdin.")],
) -> None:
    """Append lines to a memory file under the home's lock, as an agent should write its memory.

    The write waits for any memctl write to finish (up to five minutes), keeps the file's line
    endings, and never overwrites a change another program made meanwhile: it reads the file
    again and retries. As the MCP memory_append and the memory tool, it refuses (exit 2, nothing
    written) a text holding what looks like a credential, and an index that would grow past what
    its host loads.

    \b
    Examples:
      memctl append memory/topics/lessons.md "- 2026-11-29 Lesson: the gate needs a green CI run."
      echo "- queue drained at 14:05" | memctl append memory/journal/2026-11-29.md -
    """
    from memctl.commands.append import append_text, stdin_text

    try:
        body = stdin_text(sys.stdin.buffer.read()) if text == "-" else text
        root, rel = append_text(str(path), body)
    except MemctlError as error:
        fail(error)
    err(f"appended {plural(len(body.splitlines()), 'line')} to {rel}")
