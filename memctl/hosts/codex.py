"""Codex (openai/codex): what it loads at session start, as `codex-rs/core/src/agents_md.rs` does.

- The global file: in `$CODEX_HOME` (default `~/.codex`), `AGENTS.override.md`, else `AGENTS.md`,
  the first whose trimmed text is not empty; trimmed; never counted against the budget below.
- The project root is the nearest folder at or above the working folder holding a
  `project_root_markers` entry (`[".git"]` by default; `[]` turns the walk off); without one, only
  the working folder is read. From the root down to the working folder, each folder gives at most
  one file: the first of `AGENTS.override.md`, `AGENTS.md`, then `project_doc_fallback_filenames`
  that is a regular file. A blank file is skipped (a blank `AGENTS.override.md` still takes its
  folder: that folder's `AGENTS.md` is not read). Nothing below the working folder is read.
- The project files share `project_doc_max_bytes` (32 KiB; memctl's budget `total_bytes`), spent
  root first in raw bytes: the file that crosses it is cut at that byte (mid-line, maybe mid-
  character, which the lossy decode makes U+FFFD), and no file after it is read. Only a log line
  says so: the model and the user are not told.
- Memories (`[features] memories = true`): `memories/memory_summary.md`, trimmed, is injected,
  cut to 2,500 tokens at 4 bytes a token by keeping its head and tail (half each, on character
  boundaries) around `…N tokens truncated…`; `MEMORY.md` and the rollout summaries beside it are
  read on demand.
- Settings come from `$CODEX_HOME/config.toml` (a project's `.codex/config.toml` is not read here).

Sources, and what was checked against them: docs/hosts.md.
"""

from __future__ import annotations

import json
import os

from memctl.errors import ConfigError
from memctl.hosts.base import CapResult, Host, Loaded, Problem, Stack, whole
from memctl.hosts.startup import (
    below,
    find_up,
    folders_down,
    full_cap,
    index_doc,
    line_at,
    lines_within,
    never,
    read_bytes,
    real,
    shown,
    working_folder,
)
from memctl.text import split_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.hosts.base import Home

NAME = "codex"
OVERRIDE, DEFAULT = "AGENTS.override.md", "AGENTS.md"
MAX_BYTES = 32 * 1024  # DEFAULT_PROJECT_DOC_MAX_BYTES
SUMMARY_TOKENS = 2_500  # memory_summary.md's budget, at APPROX_BYTES_PER_TOKEN = 4
BYTES_PER_TOKEN = 4


def codex_home() -> str:
    """`$CODEX_HOME`, else `~/.codex`."""
    configured = os.environ.get("CODEX_HOME")
    return real(configured) if configured else real(os.path.join("~", ".codex"))


def home_folders() -> tuple[tuple[str, str], ...]:
    """Codex's own folder where `$CODEX_HOME` moves it (config.toml, sessions, its global
    AGENTS.md): `Host.own_paths`. `~/.codex` is refused by its name (`own_folders`)."""
    if not os.environ.get("CODEX_HOME"):
        return ()
    return ((codex_home(), "Codex's own folder ($CODEX_HOME: its config, sessions and global AGENTS.md)"),)


def settings() -> dict[str, Any]:
    """`$CODEX_HOME/config.toml` as a table ({} when there is none); a broken one is a ConfigError,
    as Codex refuses to start on it."""
    path = os.path.join(codex_home(), "config.toml")
    data = read_bytes(path)
    if data is None:
        return {}
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError("not valid UTF-8", path) from None
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        raise ConfigError(f"not valid TOML: {str(exc).split(' (at line')[0]}", path, line) from None
    return table


def home_budgets(home: str, warnings: list[str]) -> dict[str, Any]:
    """`project_doc_max_bytes` from config.toml, as the budget `total_bytes` (0 turns project docs
    off); one that is not a whole number of bytes is said, and the default (MAX_BYTES) counted."""
    table = settings()
    if "project_doc_max_bytes" not in table:
        return {}
    value = table["project_doc_max_bytes"]
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return {"total_bytes": value}
    path = os.path.join(codex_home(), "config.toml")
    text = (read_bytes(path) or b"").decode("utf-8", "replace")
    line = next((n for n, row in enumerate(text.splitlines(), 1)
                 if row.lstrip().startswith("project_doc_max_bytes") and "=" in row), None)
    written = json.dumps(value, default=str)  # as the TOML has it: "32k", 1.5, true
    warnings.append(str(ConfigError(f"project_doc_max_bytes is {written}, not a whole number of bytes: memctl counts "
                                    f"Codex's default, {MAX_BYTES:,}", shown(path), line)))
    return {}


def _names(table: dict[str, Any]) -> tuple[str, ...]:
    fallbacks = table.get("project_doc_fallback_filenames")
    extra = [n for n in fallbacks if isinstance(n, str) and n.strip()] if isinstance(fallbacks, list) else []
    return tuple(dict.fromkeys((OVERRIDE, DEFAULT, *extra)))


def _markers(table: dict[str, Any]) -> list[str]:
    markers = table.get("project_root_markers")
    if isinstance(markers, list) and all(isinstance(m, str) for m in markers):
        return markers
    return [".git"]


def index_names(folder: str) -> tuple[str, ...]:
    """The file Codex takes from a folder, as the index when the config names none (MEMORY.md first:
    a memctl memory kept in a Codex project)."""
    try:
        names = _names(settings())
    except ConfigError:
        names = (OVERRIDE, DEFAULT)
    if os.path.basename(folder) == "memories" and os.path.isfile(os.path.join(folder, "memory_summary.md")):
        return ("memory_summary.md",)
    return ("MEMORY.md", *names)


def _global(folder: str) -> list[Loaded]:
    """The first of AGENTS.override.md and AGENTS.md in $CODEX_HOME whose trimmed text is not empty."""
    rows: list[Loaded] = []
    taken = None
    for name in (OVERRIDE, DEFAULT):
        path = os.path.join(folder, name)
        data = read_bytes(path)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        size = len(text.strip().encode("utf-8"))
        if taken is not None:
            rows.append(never(path, "global", "bytes", size, "shadowed",
                              f"not read: Codex takes one global file, and {taken} comes first", text))
        elif not text.strip():
            rows.append(never(path, "global", "bytes", 0, "empty", "blank: Codex passes over it", text))
        else:
            taken = name
            rows.append(Loaded(path, "global", "start", "bytes", size, size, text.strip(), "ok",
                               "trimmed; not counted against project_doc_max_bytes", full_cap(text)))
    return rows


def _folder_file(home: Home, path: str, data: bytes, limit: int | None, remaining: int | None,
                 problems: list[Problem]) -> tuple[Loaded, int | None]:
    """The file Codex takes from one folder, as it reads it within what is left of the budget; and
    what is left after it."""
    taken = os.path.basename(path)
    role = "project" if taken in (OVERRIDE, DEFAULT) else "fallback"
    whole_text = data.decode("utf-8", "replace")
    if remaining is not None and remaining <= 0:
        why = ("project_doc_max_bytes is 0: Codex reads no project file" if limit == 0 else
               f"not read: the files before it spent all {limit:,} bytes of project_doc_max_bytes")
        if limit:
            problems.append(Problem("cut", path, 1, f"{taken} ({len(data):,} bytes) is never loaded: the project "
                                    f"files before it take all {limit:,} bytes of Codex's project_doc_max_bytes, "
                                    "and Codex says nothing"))
        return Loaded(path, role, "start", "bytes", len(data), 0, "", "dropped", why,
                      CapResult(why, (), len(split_lines(whole_text)))), remaining
    kept = data if remaining is None or len(data) <= remaining else data[:remaining]
    text = kept.decode("utf-8", "replace")
    if not text.strip():
        why = "blank after the cut: skipped" if len(kept) < len(data) else "blank: Codex skips it"
        return Loaded(path, role, "start", "bytes", len(data), 0, "", "empty", why,
                      CapResult(why, (), len(split_lines(whole_text)))), remaining
    before = remaining
    after = None if remaining is None else remaining - len(kept)
    description = (f"{limit:,} bytes of project files in all, root first: {before:,} left for this one"
                   if limit is not None else "no project_doc_max_bytes")
    doc = index_doc(home, path)
    total = doc.lines if doc is not None else len(split_lines(whole_text))
    if len(kept) == len(data):
        measures = (("bytes", len(data), before),) if before is not None else ()
        return Loaded(path, role, "start", "bytes", len(data), len(data), text, "ok", "",
                      CapResult(description, whole(total), total, None, measures)), after
    line = kept.count(b"\n") + 1
    mid = "at a line end" if kept.endswith(b"\n") else (
        "mid-character" if data[len(kept)] & 0xC0 == 0x80 else "mid-line")
    why = (f"cut at byte {len(kept):,} of {len(data):,} (line {line:,}, {mid}): project_doc_max_bytes "
           f"({limit:,}) had {before:,} bytes left; silently")
    problems.append(Problem("cut", path, line, f"{taken} is {len(data):,} bytes and the project files before it "
                            f"leave {before:,} of Codex's {limit:,}-byte project_doc_max_bytes: it is cut at byte "
                            f"{len(kept):,} (line {line:,}, {mid}), silently, and no file after it is read"))
    cap = CapResult(description, whole(total, lines_within(whole_text, len(text))), total, None,
                    (("bytes", len(data), before or 0),))
    return Loaded(path, role, "start", "bytes", len(data), len(kept), text, "cut", why, cap), after


def _project(home: Home, cwd: str, table: dict[str, Any], problems: list[Problem], everything: bool = True
             ) -> tuple[list[Loaded], int | None, int]:
    """The project files from the root down to `cwd`, with the budget: (rows, limit, bytes used)."""
    limit = home.config.budgets.total_bytes
    names = _names(table)
    root = find_up(cwd, _markers(table))
    folders = folders_down(root, cwd) if root else [cwd]
    rows: list[Loaded] = []
    remaining = limit
    for folder in folders:
        found = [os.path.join(folder, n) for n in names if os.path.isfile(os.path.join(folder, n))]
        if not found:
            continue
        path, data = found[0], read_bytes(found[0]) or b""
        row, remaining = _folder_file(home, path, data, limit, remaining, problems)
        rows.append(row)
        taken = os.path.basename(path)
        for other in found[1:]:
            size = len(read_bytes(other) or b"")
            rows.append(never(other, "project", "bytes", size, "shadowed",
                              f"not read: Codex takes one file a folder, and {taken} comes first"))
            if not data.strip() and os.path.basename(other) == DEFAULT and size:
                problems.append(Problem("shadowed", other, 1, f"{os.path.basename(other)} ({size:,} bytes) is never "
                                        f"read: {taken} beside it is blank, and Codex takes that one (one file a "
                                        "folder) and then skips it as empty"))
    for path in below(cwd, names) if everything else ():
        size = len(read_bytes(path) or b"")
        rows.append(never(path, "project", "bytes", size, "not loaded",
                          "below the working folder: Codex reads the folders from the project root down to it only"))
    used = (limit - remaining) if limit is not None and remaining is not None else sum(
        r.loaded for r in rows if r.role in ("project", "fallback"))
    return rows, limit, used


def summary_cut(text: str, tokens: int = SUMMARY_TOKENS) -> tuple[str, int, int]:
    """memory_summary.md as Codex injects it (`truncate_middle_with_token_budget`): within
    `tokens` × 4 bytes it is whole; else the characters that end within the first half of those
    bytes and those that start within the last half, `…N tokens truncated…` between them, N being
    the bytes over the budget / 4 rounded up. Returns the text, and how many characters of the file
    its head and its tail keep."""
    data = text.encode("utf-8")
    budget = tokens * BYTES_PER_TOKEN
    if len(data) <= budget:
        return text, len(text), 0
    left, right = budget // 2, budget - budget // 2
    head = data[:left].decode("utf-8", "ignore")
    tail_start = len(data) - right
    while tail_start < len(data) and (data[tail_start] & 0xC0) == 0x80:  # start on a character
        tail_start += 1
    tail = data[tail_start:].decode("utf-8")
    removed = -(-(len(data) - budget) // BYTES_PER_TOKEN)
    return f"{head}…{removed} tokens truncated…{tail}", len(head), len(tail)


def _memories(folder: str, table: dict[str, Any], problems: list[Problem]) -> tuple[list[Loaded], list[str]]:
    features = table.get("features")
    enabled = isinstance(features, dict) and features.get("memories") is True
    summary = os.path.join(folder, "memory_summary.md")
    data = read_bytes(summary)
    rows: list[Loaded] = []
    notes: list[str] = []
    if data is None:
        return rows, notes
    text = data.decode("utf-8", "replace").strip()
    size = -(-len(text.encode("utf-8")) // BYTES_PER_TOKEN)
    unit = "tokens (bytes/4)"
    if not enabled:
        notes.append("Codex memories are off ([features] memories = true in config.toml turns them on): "
                     "memory_summary.md is not loaded")
        rows.append(never(summary, "memory summary", unit, size, "not loaded", "memories are off", text))
        return rows, notes
    injected, head, tail = summary_cut(text)
    if text == injected:
        rows.append(Loaded(summary, "memory summary", "start", unit, size, size, text, "ok" if text else "empty",
                           "developer instructions, trimmed", full_cap(text)))
    else:
        first, last = line_at(text, head), line_at(text, len(text) - tail - 1)
        total = len(split_lines(text))
        loaded = [*whole(total, first - 1)]
        if last < total:
            loaded.append((last + 1, total))
        half = SUMMARY_TOKENS * BYTES_PER_TOKEN // 2
        why = (f"{size:,} tokens at 4 bytes a token, over Codex's {SUMMARY_TOKENS:,}: its first and last {half:,} "
               f"bytes are kept, lines {first:,}–{last:,} are dropped")
        cap = CapResult(why, tuple(loaded), total, None, (("tokens", size, SUMMARY_TOKENS),))
        rows.append(Loaded(summary, "memory summary", "start", unit, size, SUMMARY_TOKENS, injected, "cut", why, cap))
        problems.append(Problem("cut", summary, first, f"memory_summary.md is {size:,} tokens (bytes/4), over the "
                                f"{SUMMARY_TOKENS:,} Codex injects: it keeps the first and last {half:,} bytes and "
                                f"drops lines {first:,}–{last:,} between them"))
    for name in ("MEMORY.md", "raw_memories.md"):
        path = os.path.join(folder, name)
        extra = read_bytes(path)
        if extra is not None:
            rows.append(Loaded(path, "memory registry", "later", unit, -(-len(extra) // BYTES_PER_TOKEN), 0, "",
                               "later", "on demand: the model is told to search it", None))
    return rows, notes


def stack(home: Home, everything: bool = True) -> Stack:
    table = settings()
    folder = codex_home()
    rows = _global(folder)
    problems: list[Problem] = []
    notes = []
    in_memories = os.path.realpath(home.root) == os.path.join(folder, "memories")
    budget = None
    cwd: str | None = None
    if not in_memories:
        cwd = working_folder(home)
        project, limit, used = _project(home, cwd, table, problems, everything)
        rows += project
        if limit is not None:
            budget = ("project_doc_max_bytes", used, limit)
    else:
        notes.append("this is Codex's memories folder: the project files depend on where Codex is started, "
                     "and are not shown")
    memory_rows, memory_notes = _memories(os.path.join(folder, "memories"), table, problems)
    rows += memory_rows
    notes += memory_notes
    notes.append("Codex joins the global text and the project files with a `--- project-doc ---` line and sends "
                 "them as one user message (the wrapper is not counted)")
    return Stack("Codex", cwd, tuple(rows), budget, tuple(notes), tuple(problems))


def detect(home: str) -> str:
    if os.path.basename(home) == "memories" and os.path.isfile(os.path.join(home, "memory_summary.md")):
        return "detected: a Codex memories folder (memory_summary.md)"
    found = [n for n in (OVERRIDE, DEFAULT) if os.path.isfile(os.path.join(home, n))]
    claude = any(os.path.lexists(os.path.join(home, n)) for n in ("CLAUDE.md", ".claude"))
    if found and not claude:
        return f"detected: {found[0]} and no CLAUDE.md or .claude/"
    return ""


HOST = Host(NAME, note="loads ~/.codex/AGENTS.md, then one AGENTS.md a folder from the git root down, "
                       "32 KiB of project files in all, cut silently",
            preset={"load_cap_mode": "head", "load_cap_lines": None, "load_cap_units": None,
                    "index_max_lines": None, "index_max_units": None, "total_bytes": MAX_BYTES},
            lessons="topics/lessons.md", topic_folder="topics",
            init_notes=("# workspace: .  # the folder Codex is started in (default: this one), e.g. services/api: "
                        "the AGENTS.md files from the git root down to it load",
                        "# the budget total_bytes is Codex's project_doc_max_bytes (32,768, or what "
                        "$CODEX_HOME/config.toml says)"),
            home_budgets=home_budgets, stack=stack, index_names=index_names, label="Codex",
            own_folders=(".codex",), startup_names=(OVERRIDE, DEFAULT, "MEMORY.md"), own_paths=home_folders)
