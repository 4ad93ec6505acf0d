"""`memctl hook install`: memctl's three hooks merged into Claude Code's settings.json.

Claude Code reads hooks from `~/.claude/settings.json` (user), `.claude/settings.json` (project)
and `.claude/settings.local.json`; each event holds a list of matcher groups, each with a list of
`{"type": "command", "command": …, "timeout": …}` hooks. Merging never drops a key, a group or
another tool's hook, and adds a memctl hook only where the same command is not there already, so
running it twice changes nothing.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from typing import Any

from memctl.errors import InputError, WriteError

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
