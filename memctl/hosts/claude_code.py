"""Claude Code: what memctl knows about it.

- Auto memory lives outside the project, in `~/.claude/projects/<slug>/memory/` (`$CLAUDE_CONFIG_DIR`
  replaces `~/.claude`), the slug being the project's path (its canonical git root: a worktree's
  main repository; outside git, the folder itself) with every character that is not an ASCII letter
  or digit made `-`; a slug over 200 characters is cut there and gets a hash memctl cannot compute,
  so such a folder is matched by its first 200 characters.
- Topics are flat files beside MEMORY.md with `name`, `description` and `type` (user, feedback,
  project, reference) front matter, linked from the index as `- [Title](file.md) — one-line hook`.
- Its front-matter parser retries a failed YAML parse once with each simple `key: value` line whose
  value holds `: ` or a YAML indicator double-quoted (memctl.model.markdown reads it the same way).
- At session start it loads MEMORY.md: front matter and block HTML comments are stripped, the
  rest trimmed; the first 200 lines load, then at most 25,000 UTF-16 code units, cut at the last
  line end before them; a warning line is appended when it cuts.
- Lessons go to `lessons.md` beside MEMORY.md (the folder is flat), with the topics' front matter.
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
    if auto_memory_name(home) is not None:
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


# --- auto memory: the folder Claude Code keeps for a project, and the project a folder is for ---

MAX_SLUG = 200  # sanitizePath: a longer slug is cut here and a hash of the path appended
MEMORY_TYPES = ("user", "feedback", "project", "reference")


def config_dir() -> str:
    """Claude Code's own folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return os.path.expanduser(configured) if configured else os.path.join(os.path.expanduser("~"), ".claude")


def slug(path: str) -> str:
    """`path.replace(/[^a-zA-Z0-9]/g, '-')`: every UTF-16 code unit that is not an ASCII letter or
    digit becomes `-` (a character outside the BMP, two units, becomes `--`). Uncut: compare with
    `slug_matches`."""
    return "".join(c if c.isascii() and c.isalnum() else ("--" if ord(c) > 0xFFFF else "-") for c in path)


def slugs(path: str) -> tuple[str, ...]:
    """The slugs Claude Code may have given `path`: of the path as it is and NFC-normalized (Claude
    Code normalizes its paths to NFC; a file system may hand back another form)."""
    import unicodedata

    return tuple(dict.fromkeys((slug(unicodedata.normalize("NFC", path)), slug(path))))


def slug_matches(name: str, path: str) -> bool:
    """Whether the projects/ folder `name` is the one Claude Code keeps for the project `path`."""
    for made in slugs(path):
        if name == made or (len(made) > MAX_SLUG and name.startswith(made[:MAX_SLUG] + "-")):
            return True
    return False


def _main_worktree(folder: str, marker: str) -> str:
    """The main repository's folder for a worktree whose `.git` file is `marker` (`gitdir: …`, a
    folder holding `commondir`); `folder` itself for anything else (a submodule, an odd file)."""
    try:
        with open(marker, encoding="utf-8") as handle:
            first = handle.read(4096).partition("\n")[0]
        if not first.startswith("gitdir:"):
            return folder
        gitdir = os.path.join(folder, first[len("gitdir:"):].strip())
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as handle:
            common = os.path.normpath(os.path.join(gitdir, handle.read(4096).strip()))
    except (OSError, UnicodeDecodeError):
        return folder
    return os.path.dirname(common) if os.path.basename(common) == ".git" else folder


def git_root(folder: str) -> str | None:
    """The canonical git root of `folder`: the nearest folder at or above it holding `.git`, or, for a
    worktree, its main repository's folder (all worktrees share one auto memory); None outside git."""
    current = os.path.abspath(folder)
    while True:
        marker = os.path.join(current, ".git")
        if os.path.isdir(marker):
            return current
        if os.path.isfile(marker):
            return _main_worktree(current, marker)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def project_candidates(cwd: str) -> tuple[str, ...]:
    """The folders Claude Code may take for the project of a session in `cwd`, likeliest first: its
    canonical git root, `cwd` itself (outside git), then the nearest folder above `cwd` holding
    `.claude/` (a session started there and moved down) other than the one holding the user's own
    Claude Code folder."""
    cwd = os.path.abspath(cwd)
    found = [root] if (root := git_root(cwd)) else []
    found.append(cwd)
    own = os.path.realpath(config_dir())
    folder = cwd
    while True:
        marker = os.path.join(folder, ".claude")
        if os.path.isdir(marker) and os.path.realpath(marker) != own:
            found.append(folder)
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return tuple(dict.fromkeys(found))


def auto_memory_name(home: str) -> str | None:
    """The projects/ folder name (the slug) when `home` is an auto-memory folder
    (`<config>/projects/<slug>/memory`, `<config>` being a `.claude` folder or `$CLAUDE_CONFIG_DIR`)."""
    memory = os.path.abspath(home)
    project = os.path.dirname(memory)
    projects = os.path.dirname(project)
    if os.path.basename(memory) != "memory" or os.path.basename(projects) != "projects":
        return None
    config = os.path.dirname(projects)
    if os.path.basename(config) == ".claude" or os.path.realpath(config) == os.path.realpath(config_dir()):
        return os.path.basename(project) or None
    return None


def project_memory(cwd: str) -> str | None:
    """The auto-memory folder of the project `cwd` lies in, when it holds a MEMORY.md: what
    `memctl hook` reads when the hook's `cwd` is the project and no PATH is given."""
    projects = os.path.join(config_dir(), "projects")
    for project in project_candidates(cwd):
        for name in slugs(project):
            if len(name) > MAX_SLUG:  # cut, with a hash memctl cannot compute: found by its prefix
                try:
                    names = sorted(n for n in os.listdir(projects) if n.startswith(name[:MAX_SLUG] + "-"))
                except OSError:
                    names = []
                name = names[0] if len(names) == 1 else ""
            folder = os.path.join(projects, name, "memory") if name else ""
            if folder and os.path.isfile(os.path.join(folder, "MEMORY.md")):
                return folder
    return None


def decode_slug(name: str, most: int = 20_000) -> list[str]:
    """The folders on this machine whose slug is exactly `name`, found by walking down from `/`
    along real folder names (a `-` in a slug is a `/`, a `.`, a `-`, a space…: only names that are
    there decide). At most `most` folder entries are looked at; a cut slug (over 200 characters,
    with a hash) decodes to nothing."""
    if len(name) > MAX_SLUG or not name.startswith("-") or os.sep != "/":
        return []
    found: list[str] = []
    budget = [most]

    def walk(folder: str, rest: str) -> None:
        if not rest:
            found.append(folder)
            return
        if rest[0] != "-" or budget[0] <= 0:
            return
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        budget[0] -= len(entries)
        for entry in entries:
            made = slug(entry.name)
            if rest.startswith(made, 1) and rest[1 + len(made):1 + len(made) + 1] in ("", "-"):
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    walk(os.path.join(folder, entry.name), rest[1 + len(made):])

    walk("/", name)
    return found


def memory_project(home: str, cwd: str) -> tuple[str, str]:
    """The project whose auto memory the folder `home` is, and how it was found: the current folder's
    project when its slug is the folder's name, else the one folder on this machine whose path gives
    that name. Raises InputError when there is none, or more than one."""
    name = auto_memory_name(home) or ""
    for project in project_candidates(cwd):
        if slug_matches(name, project):
            return project, "the current folder's project"
    hint = "run `memctl hook install` in the project, or pass --settings FILE or --scope user"
    if len(name) > MAX_SLUG:
        raise InputError(f"is the auto memory of a project whose path is too long to read back from the folder "
                         f"name (cut at 200 characters, with a hash): {hint}", home)
    found = decode_slug(name)
    if len(found) == 1:
        return found[0], f"the folder whose path gives the name {name}"
    if found:
        raise InputError(f"is the auto memory of one of {len(found)} folders whose path gives the name {name} "
                         f"({', '.join(found[:3])}{', …' if len(found) > 3 else ''}): {hint}", home)
    here = project_candidates(cwd)[0]
    raise InputError(f"is the auto memory of the project whose path gives the name {name}, and neither the current "
                     f"folder's project ({here}, which gives {slugs(here)[0]}) nor any folder on this machine gives "
                     f"it: {hint}", home)


def front_matter(title: str, summary: str, stem: str, today: Any) -> tuple[tuple[str, Any], ...]:
    """Claude Code's memory front matter: `name`, `description` (the one line its recall judges
    relevance by: the summary, else the title) and `type`: the one a heading names when it is one of
    Claude Code's four types alone (`## User`, `## Feedback`, `## References`), else `project`."""
    words = re.sub(r"[^a-z]+", " ", title.lower()).split()
    kind = next((t for t in MEMORY_TYPES if words in ([t], [t + "s"])), "project")
    return (("name", title), ("description", summary or title), ("type", kind))


HOST = Host(NAME, note="loads the first 200 lines, then 25,000 UTF-16 code units, of MEMORY.md", preset={},
            lessons="lessons.md", topic_folder="", topics=("**/*.md",), topic_front_matter=front_matter,
            lessons_front_matter=True,
            project_memory=project_memory)


# --- `memctl hook install`: memctl's three hooks merged into Claude Code's settings.json ---------

# event -> (memctl hook event, timeout in seconds)
HOOKS = {"UserPromptSubmit": ("user-prompt", 10), "SessionStart": ("session-start", 10),
         "PreCompact": ("pre-compact", 60)}


def settings_path(scope: str, project: str) -> str:
    if scope == "user":
        return os.path.join(config_dir(), "settings.json")
    return os.path.join(project, ".claude", "settings.json")


def settings_target(scope: str, home: str, cwd: str) -> tuple[str, str]:
    """The settings file `hook install` edits for the memory home `home`, run in `cwd`, and why that
    one. The project scope of an auto-memory folder is the project it belongs to (`memory_project`),
    not the folder's own surroundings; of any other home, the nearest folder at or above it with
    `.claude/` or `.git`."""
    if scope == "user":
        return settings_path(scope, home), "the user settings"
    if auto_memory_name(home) is not None:
        project, how = memory_project(home, cwd)
        return settings_path(scope, project), f"the project settings of {project} ({how}, whose auto memory this is)"
    project = project_of(home)
    return settings_path(scope, project), f"the project settings of {project}"


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
