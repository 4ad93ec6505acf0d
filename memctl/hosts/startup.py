"""What the host modules share to work out a start-up stack (`Host.stack`): reading files as a
host reads them, finding folders up and down a tree, and the lines a cut keeps.

A host reads what lies outside the home (`~/.codex/AGENTS.md`, the folders above a project), so
every read here is of a regular file only, lossy on bad UTF-8 as the hosts decode, and every walk
is bounded: a stack is worked out on `status`, `lint` and `assemble`, which run on any folder.
"""

from __future__ import annotations

import os
import re

from memctl.hosts.base import CapResult, Loaded, whole
from memctl.text import split_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from memctl.hosts.base import Doc, Home

SKIPPED_FOLDERS = frozenset({".git", "node_modules", ".venv", "__pycache__", ".hg", ".svn"})
MOST_FOLDERS = 2_000  # folders a walk below the working folder looks into
MOST_FILES = 20_000  # files a walk of a project lists (Cursor's globs are matched against them)


def read_bytes(path: str) -> bytes | None:
    """The bytes of the regular file at `path` (through symlinks), or None (missing, a folder, unreadable)."""
    try:
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def read_str(path: str) -> str | None:
    """The file as text, bad UTF-8 replaced (as Node's and Rust's lossy reads do), or None."""
    data = read_bytes(path)
    return None if data is None else data.decode("utf-8", "replace")


def real(path: str) -> str:
    return os.path.realpath(os.path.expanduser(path))


def shown(path: str) -> str:
    """A path for a report: relative to the current folder when below it, `~/…` under the home."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        relative = path
    if not relative.startswith(".."):
        return relative.replace(os.sep, "/")
    home = os.path.realpath(os.path.expanduser("~"))
    if path == home or path.startswith(home + os.sep):
        return "~" + path[len(home):].replace(os.sep, "/")
    return path.replace(os.sep, "/")


def working_folder(home: Home) -> str:
    """The folder the host is started in: the config's `workspace` (relative to the config file, as
    every path in it is), else the home."""
    given = home.config.workspace
    if not given:
        return home.root
    base = os.path.dirname(os.path.abspath(home.config.source)) if home.config.source else home.root
    return os.path.realpath(os.path.join(base, os.path.expanduser(given)))


def find_up(start: str, markers: Iterable[str], stop: str | None = None) -> str | None:
    """The nearest folder at or above `start` holding one of `markers` (a file or a folder), up to
    `stop` (inclusive) or the file system's root; None when there is none."""
    wanted = [m for m in markers if m and "/" not in m and m not in (".", "..")]
    if not wanted:
        return None
    folder = start
    while True:
        if any(os.path.lexists(os.path.join(folder, marker)) for marker in wanted):
            return folder
        parent = os.path.dirname(folder)
        if folder == stop or parent == folder:
            return None
        folder = parent


def folders_down(top: str, bottom: str) -> list[str]:
    """The folders from `top` down to `bottom` (both included; `bottom` alone when it is not below `top`)."""
    if bottom != top and not bottom.startswith(top.rstrip(os.sep) + os.sep):
        return [bottom]
    chain = [bottom]
    while chain[-1] != top:
        chain.append(os.path.dirname(chain[-1]))
    return chain[::-1]


def below(folder: str, names: Iterable[str], most: int = MOST_FOLDERS) -> list[str]:
    """Files of these names in the folders below `folder` (not in it), breadth first, sorted in
    each folder, at most `most` folders looked into; version-control and dependency folders and
    hidden folders are passed over."""
    wanted = tuple(names)
    found: list[str] = []
    queue, seen = [folder], 0
    while queue and seen < most:
        current = queue.pop(0)
        seen += 1
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir and entry.name not in SKIPPED_FOLDERS and not entry.name.startswith("."):
                queue.append(entry.path)
            elif current != folder and entry.name in wanted and os.path.isfile(entry.path):
                found.append(entry.path)
    return found


def project_files(root: str, most: int = MOST_FILES) -> tuple[list[str], bool]:
    """The files of the project at `root`, relative to it with `/`, and whether that is all of them
    (at most `most` are listed; version-control and dependency folders are passed over)."""
    found: list[str] = []
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if entry.name not in SKIPPED_FOLDERS:
                    stack.append(entry.path)
                continue
            found.append(os.path.relpath(entry.path, root).replace(os.sep, "/"))
            if len(found) >= most:
                return found, False
    return found, True


def utf16_order(path: str) -> bytes:
    """A sort key giving JavaScript's `Array.prototype.sort()` order of strings: by UTF-16 code units."""
    return path.encode("utf-16-be", "surrogatepass")


def lines_within(text: str, length: int) -> int:
    """How many whole lines of `text` lie within its first `length` characters."""
    count, position = 0, 0
    for line in split_lines(text):
        position += len(line)
        if position > length:
            break
        count += 1
    return count


def line_at(text: str, offset: int) -> int:
    """The 1-based line holding the character at `offset` (the line after the last, past the end)."""
    return text.count("\n", 0, offset) + 1


def head_cap(text: str, loaded_chars: int, description: str, measures: tuple[tuple[str, int, int], ...] = ()
             ) -> CapResult:
    """The lines of `text` a host loads when it keeps its first `loaded_chars` characters."""
    total = len(split_lines(text))
    return CapResult(description, whole(total, lines_within(text, loaded_chars) if loaded_chars < len(text)
                                        else total), total, None, measures)


def full_cap(text: str, description: str = "loaded in full", stripped: tuple[tuple[int, int], ...] = ()
             ) -> CapResult:
    """The whole file loads; `stripped`: the runs of its lines the host leaves out of what it sends."""
    total = len(split_lines(text))
    return CapResult(description, whole(total), total, stripped=stripped)


def none_cap(text: str, description: str) -> CapResult:
    return CapResult(description, (), len(split_lines(text)))


class TextDoc:
    """A file's text in the shape a `Cap` reads (memctl.hosts.base.Doc), for a file of the stack
    that is not the home's index: its front matter's lines and its code and HTML blocks."""

    def __init__(self, rel: str, text: str, home: Home | None = None):
        self.rel = rel
        self.text = text
        self.front_matter_lines, self.blocks = outline(text, home)


def outline(text: str, home: Home | None = None) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    """How many lines the front matter takes, and the code and HTML blocks (first and last line,
    1-based, and kind), as the home model reads them; kept in the home's cache by the text's digest,
    so that a dispatch parses no file it has seen."""
    key = ""
    if home is not None:
        from memctl.safe.keys import digest

        key = f"stack-outline:1:{digest(text)}"
        cached = home.cache.get(key, _valid_outline)
        if cached is not None:
            return cached[0], tuple((a, b, kind) for a, b, kind in cached[1])
    from memctl.markup.markdown import front_matter_span
    from memctl.markup.structure import structure

    lines = split_lines(text)
    first = front_matter_span(lines)
    blocks = tuple((a + 1, b, kind) for a, b, kind in structure(lines, first, 2)["blocks"])
    if home is not None:
        home.cache.put(key, [first, [list(block) for block in blocks]])
    return first, blocks


def _valid_outline(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2 and type(value[0]) is int and isinstance(value[1], list)
            and all(isinstance(b, list) and len(b) == 3 and type(b[0]) is int and type(b[1]) is int
                    and isinstance(b[2], str) for b in value[1]))


def index_doc(home: Home, path: str) -> Doc | None:
    """The home's index when `path` is it (its Doc has the sizes and parts already)."""
    return home.index if os.path.realpath(os.path.join(home.root, home.index.rel)) == path else None


def later(path: str, role: str, unit: str, size: int, why: str, text: str = "", depth: int = 0,
          parent: str | None = None) -> Loaded:
    """A file the host loads only on a condition (`why`): listed, never counted as always loaded."""
    return Loaded(path, role, "later", unit, size, 0, text, "later", why, none_cap(text, why), depth, parent)


def never(path: str, role: str, unit: str, size: int, cause: str, why: str, text: str = "") -> Loaded:
    """A file the host passes over (shadowed by another, ignored by name, below the working folder)."""
    return Loaded(path, role, "never", unit, size, 0, "", cause, why, none_cap(text, why))


def rule_front_matter(text: str) -> tuple[dict[str, tuple[str, int, bool]], int]:
    """The front matter's `key: value` lines as {key: (value, line, quoted)} and the lines it takes.

    Read line by line, not as YAML: Cursor's globs (`*.ts`) are not valid YAML, and a quoted value
    must stay told apart from a bare one (`alwaysApply: "true"`). A list (`globs: [a, b]` or `- a`
    lines) is joined with commas."""
    lines = split_lines(text)
    if not lines or lines[0].strip() != "---":
        return {}, 0
    found: dict[str, tuple[str, int, bool]] = {}
    key = None
    for number, line in enumerate(lines[1:], start=2):
        stripped = line.strip()
        if stripped == "---":
            return found, number
        item = re.match(r"\s*-\s+(.*)$", line.rstrip("\n"))
        if item and key is not None:
            value, at, quoted = found[key]
            found[key] = (", ".join(filter(None, (value, _unquote(item.group(1))[0]))), at, quoted)
            continue
        match = re.match(r"([A-Za-z_][\w-]*)\s*:\s*(.*)$", line.rstrip("\n"))
        if match:
            key, raw = match.group(1), match.group(2).strip()
            if raw.startswith("[") and raw.endswith("]"):
                parts = [_unquote(p.strip())[0] for p in raw[1:-1].split(",")]
                found[key] = (", ".join(p for p in parts if p), number, False)
            else:
                value, quoted = _unquote(raw)
                found[key] = (value, number, quoted)
    return {}, 0  # no closing line: no front matter


def _unquote(raw: str) -> tuple[str, bool]:
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1], True
    return raw, False


def globs_of(value: str) -> list[str]:
    return [g.strip().strip("\"'") for g in value.split(",") if g.strip().strip("\"'")]
