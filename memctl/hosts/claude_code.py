"""Claude Code: what memctl knows about it.

- Auto memory lives outside the project, in `~/.claude/projects/<slug>/memory/`, the slug being
  the project's path with every character that is not a letter or a digit made `-`.
- At session start it loads MEMORY.md: front matter and block HTML comments are stripped, the
  rest trimmed; the first 200 lines load, then at most 25,000 UTF-16 code units, cut at the last
  line end before them; a warning line is appended when it cuts.
- Lessons go to `lessons.md` beside MEMORY.md (the folder is flat).
- Hooks: every hook gets `session_id`, `transcript_path`, `cwd` and `hook_event_name` on stdin,
  UserPromptSubmit `prompt`, SessionStart `source`, PreCompact `trigger`; a hook adds context by
  printing `{"hookSpecificOutput": {"hookEventName": …, "additionalContext": …}}` (at most 10,000
  characters reach the model). Hooks are read from `~/.claude/settings.json` (user),
  `.claude/settings.json` (project) and `.claude/settings.local.json`; each event holds a list of
  matcher groups, each with a list of `{"type": "command", "command": …, "timeout": …}` hooks.
  Merging memctl's hooks in never drops a key, a group or another tool's hook, and adds a memctl
  hook only where the same command is not there already, so running it twice changes nothing.

Sources, and what was checked against them: docs/hosts.md.
"""

from __future__ import annotations

import json
import os
import re

from memctl.errors import InputError, WriteError
from memctl.hosts.base import Budgets, Cap, CapResult, Host, kib, whole
from memctl.text import utf16_len

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.hosts.base import Counter, Doc

NAME = "claude-code"
# memctl's hook event -> Claude Code's
HOOK_EVENTS = {"user-prompt": "UserPromptSubmit", "session-start": "SessionStart", "pre-compact": "PreCompact"}


def describe(budgets: Budgets) -> str:
    limits = [f"{budgets.load_cap_lines:,} lines" if budgets.load_cap_lines else "",
              f"{budgets.load_cap_units:,} UTF-16 code units" if budgets.load_cap_units else ""]
    shown = " then ".join(x for x in limits if x)
    return f"first {shown}, front matter and HTML comments free" if shown else "no load cap"


def load(doc: Doc, lines: list[str], budgets: Budgets, counter: Counter, file_chars: int | None) -> CapResult:
    """Front matter and block HTML comments stripped, the rest trimmed; the first `load_cap_lines`
    lines, then at most `load_cap_units` UTF-16 code units cut at the last line end before them;
    a warning line appended when it cuts."""
    description, total = describe(budgets), len(lines)
    free = set(range(doc.front_matter_lines))
    for first, last, kind in doc.blocks:
        if kind == "html" and lines[first - 1].lstrip().startswith("<!--"):
            free.update(range(first - 1, last))
    kept = [(i, line.rstrip("\n")) for i, line in enumerate(lines) if i not in free]
    while kept and not kept[0][1].strip():
        kept.pop(0)
    while kept and not kept[-1][1].strip():
        kept.pop()
    if kept:  # trim(): the white space before the first character and after the last
        kept[0] = (kept[0][0], kept[0][1].lstrip())
        kept[-1] = (kept[-1][0], kept[-1][1].rstrip())
    sizes = [utf16_len(text) for _, text in kept]
    units = sum(sizes) + max(len(kept) - 1, 0)
    max_lines, max_units = budgets.load_cap_lines, budgets.load_cap_units
    measures = tuple((name, used, limit) for name, used, limit in (("lines", len(kept), max_lines),
                                                                     ("units", units, max_units)) if limit)
    over_lines = bool(max_lines and len(kept) > max_lines)
    over_units = bool(max_units and units > max_units)
    if not over_lines and not over_units:
        return CapResult(description, whole(total), total, None, measures)
    take = kept[:max_lines] if over_lines else kept
    if max_units and sum(sizes[: len(take)]) + len(take) - 1 > max_units:
        end, count = -1, 0  # the newline after line k stands at this many units
        for k, size in enumerate(sizes[: len(take)]):
            end += size + 1
            if end > max_units:
                break
            count = k + 1
        take = take[:count]  # no line end in reach (one giant line): nothing loads whole
    if over_units and not over_lines:
        reason = f"{kib(units)} (limit: {kib(max_units or 0)}) — index entries are too long"
    elif over_lines and not over_units:
        reason = f"{len(kept)} lines (limit: {max_lines})"
    else:
        reason = f"{len(kept)} lines and {kib(units)}"
    name = doc.rel.rsplit("/", 1)[-1]
    notice = (f"> WARNING: {name} is {reason}. Only part of it was loaded. Keep index entries to one line "
              "under ~200 chars; move detail into topic files.")
    return CapResult(description, whole(total, take[-1][0] + 1 if take else 0), total, notice, measures)



CAP = Cap(NAME, describe, load, trimmed_sizes=True)


def detect_auto_memory(home: str) -> str:
    parts = home.replace(os.sep, "/").split("/")
    if len(parts) >= 4 and parts[-1] == "memory" and parts[-3] == "projects" and parts[-4] == ".claude":
        return "detected: a Claude Code auto-memory folder (~/.claude/projects/*/memory)"
    return ""


def detect_project(home: str) -> str:
    parent = os.path.dirname(home)
    if os.path.isdir(os.path.join(home, ".claude")) or os.path.isdir(os.path.join(parent, ".claude")):
        return "detected: a .claude/ folder"
    return ""


def hook_answer(event: str, context: str) -> str:
    """What a hook prints for Claude Code: the context as the event's additionalContext."""
    return json.dumps({"hookSpecificOutput": {"hookEventName": HOOK_EVENTS[event], "additionalContext": context}},
                      ensure_ascii=False) + "\n"


HOST = Host(NAME, note="loads the first 200 lines, then 25,000 UTF-16 code units, of MEMORY.md", preset={},
            lessons="lessons.md")


# --- `memctl hook install`: memctl's three hooks merged into Claude Code's settings.json ---------

# event -> (memctl hook event, timeout in seconds)
HOOKS = {"UserPromptSubmit": ("user-prompt", 10), "SessionStart": ("session-start", 10),
         "PreCompact": ("pre-compact", 60)}


def settings_path(scope: str, project: str) -> str:
    if scope == "user":
        return os.path.join(os.path.expanduser("~"), ".claude", "settings.json")
    return os.path.join(project, ".claude", "settings.json")


def project_of(home: str) -> str:
    """The project a home belongs to: the nearest folder at or above it with `.claude/` or `.git`."""
    folder = home
    while True:
        if os.path.isdir(os.path.join(folder, ".claude")) or os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return home
        folder = parent


def commands(executable: str, home: str) -> dict[str, str]:
    import shlex  # only `hook install` asks: not on the path every dispatch takes

    return {event: f"{shlex.quote(executable)} hook {name} {shlex.quote(home)}"
            for event, (name, _) in HOOKS.items()}


def merged(text: str | None, path: str, executable: str, home: str) -> tuple[str, list[str]]:
    """The settings with memctl's hooks added, and the events it added them to."""
    if text is None or not text.strip():
        data: dict[str, Any] = {}
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"is not valid JSON ({exc.msg}); nothing was written", path, exc.lineno) from None
        if not isinstance(data, dict):
            raise InputError("is not a JSON object; nothing was written", path, 1)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InputError("its `hooks` is not an object; nothing was written", path)
    added = []
    for event, command in commands(executable, home).items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise InputError(f"its hooks.{event} is not a list; nothing was written", path)
        present = any(isinstance(g, dict) and isinstance(g.get("hooks"), list)
                      and any(isinstance(h, dict) and h.get("command") == command for h in g["hooks"])
                      for g in groups)
        if not present:
            groups.append({"hooks": [{"type": "command", "command": command, "timeout": HOOKS[event][1]}]})
            added.append(event)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", added


def write_settings(path: str, text: str) -> str:
    """Write the settings atomically where they are (through a symlink to its target: a settings
    file kept in a dotfiles repository stays linked). Returns the file written."""
    from memctl.safe.fsutil import atomic_write

    target = os.path.realpath(path)
    atomic_write(target, text)
    return target


def _temp_name(name: str) -> re.Pattern[str]:
    """The names memctl.safe.fsutil.atomic_write gives its temporary files for the file `name`:
    `tempfile.mkstemp(prefix=f".{name}.", suffix=".memctl.tmp")`, whose random part is eight of
    a-z, 0-9 and _."""
    return re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]{{8}}\.memctl\.tmp")


def settings_temps(path: str) -> list[str]:
    """The temporary files an interrupted write of the settings file at `path` left beside it (or
    beside its symlink's target, where write_settings writes): regular files with memctl's own
    temporary name for that file, nothing else."""
    found = []
    for target in dict.fromkeys((os.path.abspath(path), os.path.realpath(path))):
        folder, name = os.path.split(target)
        pattern = _temp_name(name)
        try:
            entries = list(os.scandir(folder))
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise WriteError(f"cannot list the folder for temporary files ({exc.strerror or exc})", folder) from None
        found += [e.path for e in entries if pattern.fullmatch(e.name) and e.is_file(follow_symlinks=False)]
    return sorted(found)


def sweep_settings_temps(path: str) -> list[str]:
    """Remove what `settings_temps(path)` finds; returns the paths removed. For `hook install` and
    `memctl recover`: a temporary file is left only by a write that died (atomic_write removes its
    own on any error), so none is removed from under a write in progress unless two memctl
    processes install hooks into the same file at the same moment (that write then fails, and
    leaves the settings as they were)."""
    removed = []
    for temp in settings_temps(path):
        try:
            os.unlink(temp)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise WriteError(f"cannot remove this temporary file an interrupted write left ({exc.strerror or exc})",
                             temp) from None
        removed.append(temp)
    return removed
