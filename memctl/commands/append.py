"""`memctl append`: an agent's own write to its memory, made the way memctl writes.

An agent that appends to a memory file while memctl consolidates it could lose its line; appending
through memctl takes the home's lock, compares the file with what it read right before the rename,
and writes through the journal, so neither side overwrites the other.
"""

from __future__ import annotations

import os

from memctl.errors import GuaranteeError, InputError
from memctl.model.home import find_home
from memctl.safe.fsutil import Guard, check_destination, current_text, decode
from memctl.safe.journal import apply_plan
from memctl.safe.writer import FileChange, WritePlan

TRIES = 5  # a file that another writer keeps changing is read again this many times


def appended(before: str | None, text: str) -> str:
    """`before` with `text` added as whole lines, in the file's own line endings."""
    old = before or ""
    newline = "\r\n" if "\r\n" in old else "\n"
    body = text.replace("\r\n", "\n").replace("\n", newline)
    if not body.endswith(newline):
        body += newline
    joiner = newline if old and not old.endswith("\n") else ""
    return old + joiner + body


def stdin_text(data: bytes) -> str:
    """What was piped in, as strict UTF-8; else a one-line InputError naming stdin, its line and byte."""
    try:
        return decode(data, "stdin")
    except InputError as error:
        raise InputError(f"{error.message}; nothing was written", "stdin", error.line) from None


def _check_encodable(text: str) -> None:
    """A command line's bytes that were not UTF-8 reach Python as lone surrogates, which no file can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        offset = len(text[: exc.start].encode("utf-8"))
        raise InputError(f"the text to append is not valid UTF-8 at byte {offset} (line "
                         f"{text.count(chr(10), 0, exc.start) + 1}); nothing was written") from None


def append_text(path: str, text: str, index_name: str = "MEMORY.md") -> tuple[str, str]:
    """Append `text` to the file at `path` (made if missing) inside a memory home. Returns (home, rel)."""
    if not text.strip():
        raise InputError("nothing to append: the text is empty")
    _check_encodable(text)
    root = find_home(os.path.dirname(os.path.abspath(path)) or ".", index_name)
    rel = Guard(root).rel(os.path.abspath(path))
    if rel is None or rel == ".":
        raise InputError("lies outside the memory home", path)
    check_destination(root, rel)
    for _ in range(TRIES):
        before = current_text(root, rel)
        try:
            apply_plan(root, WritePlan((FileChange(rel, before, appended(before, text)),)), "append")
            return root, rel
        except GuaranteeError as error:
            if "changed on disk" not in error.message and "appeared on disk" not in error.message:
                raise
    raise GuaranteeError(f"changed on disk {TRIES} times while memctl was appending; nothing was written", rel)
