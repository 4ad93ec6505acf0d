"""`memctl append`: an agent's own write to its memory, made the way memctl writes.

An agent that appends to a memory file while memctl consolidates it could lose its line; appending
through memctl takes the home's lock, compares the file with what it read right before the rename,
and writes through the journal, so neither side overwrites the other.

The write is the MCP server's `memory_append` (`memory_store.write` of `memory_store.append_plan`):
the same checks (no credential, no index past what its host loads) and the same lock, under which
a file that changed meanwhile is read and planned again, so that only a writer outside memctl can
make it fail, never memctl's own split or another append.
"""

from __future__ import annotations

import os

from memctl.commands.memory_store import Refused, append_plan, memory_file, write
from memctl.errors import GuaranteeError, InputError
from memctl.model.home import find_home
from memctl.safe.fsutil import Guard, check_destination, decode


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


def _folder_refusal(path: str, index_name: str) -> InputError:
    """What `memctl append FOLDER TEXT` is told: append adds lines to a file, and which one it may mean."""
    shown = path.rstrip("/\\") or path
    index = os.path.join(shown, index_name)
    which = (f"its index {index}, or a topic such as {os.path.join(shown, 'topics', 'NAME.md')}"
             if os.path.isfile(index) else f"such as {os.path.join(shown, 'NAME.md')}")
    return InputError(f"is a folder; memctl append adds lines to a markdown file: name the file ({which}); "
                      "nothing was written", path)


def _home_and_rel(path: str, index_name: str) -> tuple[str, str]:
    """The home holding `path` (its real path) and `path` relative to it, as named: no link inside the
    home is resolved, the file's own name least of all, so that `_no_link_on_the_way` sees every one.

    The home is the nearest folder above `path`, as written, that holds the index; a path that reaches
    a home only through a link outside it (`~/lessons` -> `memory/topics`) falls back to the home
    around the link's target, the file's own name still taken as it is."""
    absolute = os.path.abspath(path)
    if os.path.isdir(absolute) and not os.path.islink(absolute):
        raise _folder_refusal(path, index_name)
    folder = os.path.dirname(absolute)
    while True:
        if os.path.isfile(os.path.join(folder, index_name)):
            return os.path.realpath(folder), os.path.relpath(absolute, folder).replace(os.sep, "/")
        parent = os.path.dirname(folder)
        if os.path.lexists(os.path.join(folder, ".git")) or parent == folder:
            break
        folder = parent
    root = find_home(os.path.dirname(absolute) or ".", index_name)
    rel = Guard(root).rel(os.path.dirname(absolute))
    if rel is None:
        raise InputError("lies outside the memory home", path)
    name = os.path.basename(absolute)
    return root, name if rel == "." else f"{rel}/{name}"


def _no_link_on_the_way(root: str, rel: str, shown: str) -> None:
    """Refuse, in the user's words, a file or a folder on its way inside the home that is a symlink:
    append never writes through one (a dangling link would otherwise make the file it names)."""
    parts = rel.split("/")
    here = root
    for number, part in enumerate(parts, start=1):
        here = os.path.join(here, part)
        if not os.path.islink(here):
            if not os.path.lexists(here):
                return
            continue
        try:
            target = os.readlink(here)
        except OSError:
            target = "?"
        dangling = "" if os.path.exists(here) else ", which does not exist"
        what = "is a symlink" if number == len(parts) else f"lies in {'/'.join(parts[:number])}/, a symlink"
        raise GuaranteeError(f"{what} (to {target}{dangling}); memctl never writes through a link; "
                             "nothing was written", shown)


def append_text(path: str, text: str, index_name: str = "MEMORY.md") -> tuple[str, str]:
    """Append `text` to the file at `path` (made if missing) inside a memory home. Returns (home, rel)."""
    if not text.strip():
        raise InputError("nothing to append: the text is empty")
    _check_encodable(text)
    root, rel = _home_and_rel(path, index_name)
    try:
        memory_file(rel, path)  # the rule of the MCP memory_append and the memory tool: never the config
    except Refused as error:
        raise InputError(f"{error.message}; nothing was written") from None
    _no_link_on_the_way(root, rel, path)
    check_destination(root, rel)
    try:
        write(root, lambda store: append_plan(store, rel, text), "append")
    except Refused as error:  # a credential, or an index its host would cut: the file is named once
        raise InputError(error.message.removeprefix(f"{rel} "), path) from None
    return root, rel
