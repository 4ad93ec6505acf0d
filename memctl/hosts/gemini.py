"""Gemini CLI (google-gemini/gemini-cli): what it loads at session start, as v0.44 and later do
(`packages/core/src/utils/memoryDiscovery.ts`, `memoryImportProcessor.ts` at 5411f113, 2026-08-21).

- The context file names are `context.fileName` from the settings (a name or a list; user
  `~/.gemini/settings.json`, then the project's `.gemini/settings.json`), put in front of
  `GEMINI.md`, which always stays one of them.
- Global: `~/.gemini/<name>` for each name.
- Project: from the working folder up to the nearest folder holding a `context.memoryBoundaryMarkers`
  entry (`.git`), inclusive (only the working folder without one), every name found in every folder;
  the list is then sorted by full path (JavaScript's sort: `/r/Api/GEMINI.md` before `/r/GEMINI.md`).
  Folders below the working folder load later, when a tool reads or lists a file there ("JIT").
- Each file is trimmed, an empty one skipped; `@path` imports are expanded in it: an `@` at the
  start or after white space, a path starting with `.`, `/` or a letter, running to the next white
  space, relative to the importing file; not inside backticks (a code span or fence); only inside
  the project root (the git root of the top file's folder, else that folder); at most 5 levels (a
  file at depth 5 is included with its imports left as text); a file already processed is not
  included again.
- There is no size cap. Project files load only in a trusted folder (memctl assumes it is trusted).

Older releases loaded differently (v0.39 and before: also every GEMINI.md below the working folder,
200 folders at most, and one folder above the git root; up to v0.43 `context.fileName` replaced
`GEMINI.md`): memctl models the current release only. Sources: docs/hosts.md.
"""

from __future__ import annotations

import json
import os
import re

from memctl.hosts.base import Host, Loaded, Problem, Stack
from memctl.hosts.startup import (
    below,
    find_up,
    folders_down,
    full_cap,
    index_doc,
    later,
    read_str,
    real,
    shown,
    utf16_order,
    working_folder,
)
from memctl.text import utf16_len

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.hosts.base import Home

NAME = "gemini"
DEFAULT = "GEMINI.md"
MAX_DEPTH = 5
ADDED_MEMORIES = "## Gemini Added Memories"
_CODE = re.compile(r"(`+)[\s\S]*?\1")
_IMPORT = re.compile(r"(?:^|(?<=\s))@(\S+)")


def gemini_dir() -> str:
    return real(os.path.join("~", ".gemini"))


def _settings(path: str) -> dict[str, Any]:
    text = read_str(path)
    if text is None:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        stripped = re.sub(r"^\s*//.*$", "", text, flags=re.M)  # settings may hold // comments
        try:
            data = json.loads(stripped)
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def settings(cwd: str | None) -> dict[str, Any]:
    """The `context` settings: the user's, then the project's over them."""
    merged: dict[str, Any] = {}
    paths = [os.path.join(gemini_dir(), "settings.json")]
    if cwd:
        paths.append(os.path.join(cwd, ".gemini", "settings.json"))
    for path in paths:
        context = _settings(path).get("context")
        if isinstance(context, dict):
            merged.update(context)
    return merged


def names(context: dict[str, Any]) -> tuple[str, ...]:
    """The configured names, then GEMINI.md (v0.44: names are added in front of the default)."""
    configured = context.get("fileName")
    given = [configured] if isinstance(configured, str) else (configured if isinstance(configured, list) else [])
    return tuple(dict.fromkeys([*(n for n in given if isinstance(n, str) and n.strip()), DEFAULT]))


def index_names(folder: str) -> tuple[str, ...]:
    return ("MEMORY.md", *names(settings(folder)))


def imports_of(text: str) -> list[tuple[int, str]]:
    """The `@path` imports of a text, outside backtick code, as (offset of the `@`, path)."""
    if "@" not in text:
        return []
    code = [(m.start(), m.end()) for m in _CODE.finditer(text)]
    found = []
    for match in _IMPORT.finditer(text):
        start, path = match.start(), match.group(1)
        if not (path[0] in "./" or ("a" <= path[0].lower() <= "z")):
            continue
        if any(a <= start < b for a, b in code):
            continue
        found.append((start, path))
    return found


class _Expander:
    """Expands a file's imports the way Gemini's tree format does, listing each file it includes."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        self.rows: list[Loaded] = []

    def file(self, path: str, text: str, role: str, root: str, home: Home) -> None:
        trimmed = text.strip()
        doc = index_doc(home, path)
        cap = full_cap(doc.text) if doc is not None else full_cap(text)
        if not trimmed:
            self.rows.append(Loaded(path, role, "start", "characters", 0, 0, "", "empty", "blank: Gemini skips it",
                                   cap))
            return
        self.rows.append(Loaded(path, role, "start", "characters", utf16_len(trimmed), utf16_len(trimmed), trimmed,
                                "ok", "", cap))
        self._expand(path, trimmed, text, root, 0, {path}, (path,))

    def _expand(self, path: str, trimmed: str, raw: str, root: str, depth: int, processed: set[str],
                chain: tuple[str, ...]) -> None:
        offset = raw.find(trimmed[:1]) if trimmed else 0  # lines are the file's: the trimmed text starts here
        for start, target in imports_of(trimmed):
            line = raw.count("\n", 0, offset + start) + 1
            where = f"@{target}"
            if depth >= MAX_DEPTH:
                self.problems.append(Problem("import-too-deep", path, line, f"{where} is not followed: this file "
                                             f"is {MAX_DEPTH} imports deep, and Gemini stops there (the line stays as "
                                             "text)"))
                continue
            if re.match(r"(?:file|https?)://", target):
                self.problems.append(Problem("import-escapes", path, line, f"{where} is a URL: Gemini imports "
                                             "files only, and leaves an 'Import failed' comment"))
                continue
            resolved = os.path.realpath(os.path.join(os.path.dirname(path), os.path.expanduser(target)))
            if resolved != root and not resolved.startswith(root.rstrip(os.sep) + os.sep):
                self.problems.append(Problem("import-escapes", path, line, f"{where} lies outside the project root "
                                             f"({shown(root)}): Gemini refuses it ('Path traversal attempt') and "
                                             "loads nothing"))
                continue
            if resolved in processed:
                if resolved in chain:
                    self.problems.append(Problem("import-loop", path, line, f"{where} imports a file that imports "
                                                 f"it: a loop, which Gemini breaks ('File already processed')"))
                continue
            text = read_str(resolved)
            if text is None:
                if "/" in target or "." in target:  # `@alice` is a mention, not meant as an import
                    self.problems.append(Problem("import-missing", path, line, f"{where} names no file: Gemini "
                                                 "leaves an 'Import failed' comment and loads nothing"))
                continue
            processed.add(resolved)
            size = utf16_len(text)
            self.rows.append(Loaded(resolved, "import", "start", "characters", size, size, text, "ok",
                                    f"imported by {shown(path)}", full_cap(text), depth + 1, path))
            self._expand(resolved, text, text, root, depth + 1, processed, (*chain, resolved))


def _project_root(folder: str) -> str:
    """The root an import must stay in: the git root of `folder`, else `folder`."""
    return find_up(folder, (".git",)) or folder


def stack(home: Home, everything: bool = True) -> Stack:
    cwd = working_folder(home)
    context = settings(cwd)
    wanted = names(context)
    problems: list[Problem] = []
    expander = _Expander(problems)
    folder = gemini_dir()
    for name in wanted:
        path = os.path.join(folder, name)
        text = read_str(path)
        if text is not None:
            expander.file(os.path.realpath(path), text, "global", _project_root(folder), home)
    markers = context.get("memoryBoundaryMarkers")
    markers = markers if isinstance(markers, list) and all(isinstance(m, str) for m in markers) else [".git"]
    ceiling = find_up(cwd, markers) or cwd
    found: dict[tuple[int, int], str] = {}
    for current in reversed(folders_down(ceiling, cwd)):
        if current == folder:
            break
        for name in wanted:
            path = os.path.join(current, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            if os.path.isfile(path):
                found.setdefault((info.st_dev, info.st_ino), os.path.realpath(path))
    for path in sorted(found.values(), key=utf16_order):
        expander.file(path, read_str(path) or "", "project", _project_root(os.path.dirname(path)), home)
    rows = expander.rows
    for path in below(cwd, wanted) if everything else ():
        text = read_str(path) or ""
        rows.append(later(path, "subfolder", "characters", utf16_len(text.strip()),
                          "when a tool reads or lists a file in its folder (JIT), once per session"))
    notes = ["Gemini CLI v0.44 and later: older releases also loaded every GEMINI.md below the working folder "
             "(v0.39 and before), and `context.fileName` replaced GEMINI.md instead of adding to it (up to v0.43)",
             "project files load only in a trusted folder: memctl assumes this one is trusted",
             "each file is wrapped in `--- Context from: <path> ---` lines (not counted)"]
    memories = next((r for r in rows if r.role == "global" and ADDED_MEMORIES in r.text), None)
    if memories is not None:
        facts = memories.text.split(ADDED_MEMORIES, 1)[1].split("\n## ", 1)[0]
        count = sum(1 for line in facts.splitlines() if line.startswith("- "))
        notes.append(f"{shown(memories.path)} holds {count} fact{'s' * (count != 1)} under '{ADDED_MEMORIES}' "
                     "(written by `/memory add`, which v0.44 removed): they load with it")
    return Stack("Gemini CLI", cwd, tuple(rows), None, tuple(notes), tuple(problems))


def detect(home: str) -> str:
    if os.path.isfile(os.path.join(home, DEFAULT)):
        return f"detected: {DEFAULT}"
    if os.path.isdir(os.path.join(home, ".gemini")):
        return "detected: a .gemini/ folder"
    return ""


HOST = Host(NAME, note="loads ~/.gemini/GEMINI.md and every GEMINI.md from the git root down to the working "
                       "folder, @imports expanded (5 deep, inside the project), no size cap",
            preset={"load_cap_mode": "head", "load_cap_lines": None, "load_cap_units": None,
                    "index_max_lines": None, "index_max_units": None},
            lessons="topics/lessons.md", topic_folder="topics",
            init_notes=("# workspace: .  # the folder Gemini CLI is started in (default: this one), e.g. frontend",
                        "# context file names come from ~/.gemini/settings.json and .gemini/settings.json "
                        "(context.fileName)"),
            stack=stack, index_names=index_names, label="Gemini CLI",
            own_folders=(".gemini",), startup_names=(DEFAULT,))
