"""Claude Code: what memctl knows about it.

- Auto memory lives outside the project, in `~/.claude/projects/<slug>/memory/` (`$CLAUDE_CONFIG_DIR`
  replaces `~/.claude`), the slug being the project's path (its canonical git root: a worktree's
  main repository; outside git, the folder itself) with every character that is not an ASCII letter
  or digit made `-`; a slug over 200 characters is cut there and gets a hash memctl cannot compute,
  so such a folder is matched by its first 200 characters.
- Topics are flat files beside MEMORY.md with `name`, `description` and `type` (user, feedback,
  project, reference) front matter, linked from the index as `- [Title](file.md) — one-line hook`.
- Its front-matter parser retries a failed YAML parse once with each simple `key: value` line whose
  value holds `: ` or a YAML indicator double-quoted (memctl.markup.markdown reads it the same way).
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
from memctl.hosts.base import Budgets, Cap, CapResult, Host, kib, runs, whole
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


def _kept(doc: Doc, lines: list[str]) -> list[tuple[int, str]]:
    """The lines Claude Code measures and loads of a memory file, each (0-based line, text without its
    `\n`): front matter and block HTML comments stripped, then the rest trimmed (`trim()`: the
    white space before the first character and after the last)."""
    free = set(range(doc.front_matter_lines))
    for first, last, kind in doc.blocks:
        if kind == "html" and lines[first - 1].lstrip().startswith("<!--"):
            free.update(range(first - 1, last))
    kept = [(i, line.rstrip("\n")) for i, line in enumerate(lines) if i not in free]
    while kept and not kept[0][1].strip():
        kept.pop(0)
    while kept and not kept[-1][1].strip():
        kept.pop()
    if kept:
        kept[0] = (kept[0][0], kept[0][1].lstrip())
        kept[-1] = (kept[-1][0], kept[-1][1].rstrip())
    return kept


def sent(doc: Doc, lines: list[str], cap: CapResult) -> str:
    """What Claude Code sends of MEMORY.md: the lines it keeps (`_kept`) among those it loads,
    joined by `\n`, then, when it cuts, `\n\n` and its warning (truncateEntrypointContent)."""
    loaded = {n - 1 for first, last in cap.loaded for n in range(first, last + 1)}
    text = "\n".join(line for i, line in _kept(doc, lines) if i in loaded)
    return text + "\n\n" + cap.notice if cap.notice else text


def load(doc: Doc, lines: list[str], budgets: Budgets, counter: Counter, file_chars: int | None) -> CapResult:
    """Front matter and block HTML comments stripped, the rest trimmed; the first `load_cap_lines`
    lines, then at most `load_cap_units` UTF-16 code units cut at the last line end before them;
    a warning line appended when it cuts."""
    description, total = describe(budgets), len(lines)
    kept = _kept(doc, lines)
    stripped = _stripped(kept, total)
    sizes = [utf16_len(text) for _, text in kept]
    units = sum(sizes) + max(len(kept) - 1, 0)
    max_lines, max_units = budgets.load_cap_lines, budgets.load_cap_units
    measures = tuple((name, used, limit) for name, used, limit in (("lines", len(kept), max_lines),
                                                                     ("units", units, max_units)) if limit)
    over_lines = bool(max_lines and len(kept) > max_lines)
    over_units = bool(max_units and units > max_units)
    if not over_lines and not over_units:
        return CapResult(description, whole(total), total, None, measures, stripped)
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
    return CapResult(description, whole(total, take[-1][0] + 1 if take else 0), total, notice, measures, stripped)


def _stripped(kept: list[tuple[int, str]], total: int) -> tuple[tuple[int, int], ...]:
    """The 1-based runs of the lines Claude Code leaves out of a file of `total` lines, given those it keeps."""
    if len(kept) == total:
        return ()
    held = {i for i, _ in kept}
    return runs(n + 1 for n in range(total) if n not in held)



CAP = Cap(NAME, describe, load, trimmed_sizes=True, text=sent)


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


def config_folders() -> tuple[tuple[str, str], ...]:
    """Claude Code's own folder where `$CLAUDE_CONFIG_DIR` moves it (its settings.json, projects/
    with every session's transcript and auto memory, rules): `Host.own_paths`. `~/.claude` is
    refused by its name (`own_folders`)."""
    if not os.environ.get("CLAUDE_CONFIG_DIR"):
        return ()
    return ((config_dir(), "Claude Code's own folder ($CLAUDE_CONFIG_DIR: its settings, sessions and rules)"),)


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


# --- the whole start-up: CLAUDE.md files, rules, imports and the auto memory, in Claude Code's order ---

MANAGED = {"linux": "/etc/claude-code/CLAUDE.md", "darwin": "/Library/Application Support/ClaudeCode/CLAUDE.md"}
MAX_INCLUDE_DEPTH = 5  # processMemoryFile stops at depth >= 5: the file itself is depth 0, so four hops
LARGE_FILE = 40_000  # MAX_MEMORY_CHARACTER_COUNT: Claude Code warns past it
SKIPPED_OVER = 4 * 1024 * 1024  # later releases skip a CLAUDE.md over 4 MiB
_IMPORT = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_COMMENT = re.compile(r"<!--.*?-->")
BINARY = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".ico", ".pdf", ".zip", ".gz", ".tar", ".tgz",
                    ".mp3", ".mp4", ".mov", ".wav", ".woff", ".woff2", ".ttf", ".otf", ".exe", ".bin", ".so",
                    ".dylib", ".dll", ".class", ".jar", ".pyc", ".sqlite", ".db"})


def imports_of(text: str, home: Any = None) -> list[tuple[str, int]]:
    """The `@path` imports of a text with their 1-based lines, as Claude Code finds them: an `@` at
    the start of a line or after white space, the path running to white space (`\\ ` a space in
    it, `#…` dropped), outside code blocks, code spans and HTML comments, and front matter. (`home`:
    whose cache keeps the file's outline.)"""
    if "@" not in text:
        return []
    from memctl.hosts.startup import outline
    from memctl.text import split_lines

    lines = split_lines(text)
    first, blocks = outline(text, home)
    skipped = {n for a, b, kind in blocks if kind == "code" or (kind == "html" and lines[a - 1].lstrip().startswith(
        "<!--")) for n in range(a - 1, b)}
    found = []
    for number, line in enumerate(lines):
        if number in skipped or number < first or "@" not in line:
            continue
        for match in _IMPORT.finditer(_COMMENT.sub(" ", _CODE_SPAN.sub(" ", line))):
            path = match.group(1).replace("\\ ", " ").split("#", 1)[0]
            if _import_form(path):
                found.append((path, number + 1))
    return found


def _import_form(path: str) -> bool:
    """The forms Claude Code takes for an import: `./x`, `~/x`, `/x`, or a name starting with a
    letter, digit, `.`, `_` or `-`."""
    if path.startswith(("./", "~/")) or (path.startswith("/") and path != "/"):
        return True
    return bool(path) and not path.startswith("@") and re.match(r"[A-Za-z0-9._-]", path) is not None


def _measured(text: str, strip_front_matter: bool, home: Any = None) -> tuple[str, tuple[tuple[int, int], ...]]:
    """What Claude Code keeps of a memory file: without its block HTML comments (and, for a rule,
    its front matter), trimmed; and the runs of lines it leaves out (those, and the blank lines of
    the trim)."""
    from memctl.hosts.startup import TextDoc
    from memctl.text import split_lines

    doc = TextDoc("", text, home)
    lines = split_lines(text)
    free = set(range(doc.front_matter_lines)) if strip_front_matter else set()
    for first, last, kind in doc.blocks:
        if kind == "html" and lines[first - 1].lstrip().startswith("<!--"):
            free.update(range(first - 1, last))
    kept = [i for i in range(len(lines)) if i not in free]
    while kept and not lines[kept[0]].strip():
        free.add(kept.pop(0))
    while kept and not lines[kept[-1]].strip():
        free.add(kept.pop())
    return "".join(lines[i] for i in kept).strip(), runs(n + 1 for n in free)


def _paths_of(text: str) -> list[str] | None:
    """A rule's `paths:` front matter (a list or one string), or None when it has none."""
    from memctl.hosts.startup import globs_of, rule_front_matter

    meta, _ = rule_front_matter(text)
    value = meta.get("paths")
    return globs_of(value[0]) if value is not None and value[0].strip() else None


class _Walker:
    """Reads each memory file once, with its imports after it (depth first), as getMemoryFiles does."""

    def __init__(self, home: Any, cwd: str | None, roots: tuple[str, ...] = ()):
        self.home, self.cwd = home, cwd
        self.roots = roots  # where an import from a project file may be read: the project, the user's folder
        self.rows: list[Any] = []
        self.problems: list[Any] = []
        self.seen: set[str] = set()

    def file(self, path: str, role: str, rule: bool = False, depth: int = 0, parent: str | None = None,
             chain: tuple[str, ...] = ()) -> None:
        from memctl.hosts.base import Loaded
        from memctl.hosts.startup import full_cap, index_doc, later, read_bytes

        path = os.path.realpath(path)
        if path in self.seen:
            return
        data = read_bytes(path)
        if data is None:
            return
        self.seen.add(path)
        raw = data.decode("utf-8", "replace")
        paths = _paths_of(raw) if rule else None
        text, stripped = _measured(raw, rule, self.home)
        size = utf16_len(text)
        if paths is not None:
            self.rows.append(later(path, "path-scoped rule", "characters", size,
                                   f"when Claude reads a file matching {', '.join(paths)}", text))
            return
        if not text:
            return  # an empty file is not loaded, and imports nothing
        doc = index_doc(self.home, path)
        cap = full_cap(doc.text if doc is not None else raw, stripped=stripped)
        if len(data) > SKIPPED_OVER:
            why = f"{len(data):,} bytes, over 4 MiB: Claude Code skips it"
            self.rows.append(Loaded(path, role, "start", "characters", size, 0, "", "skipped", why, cap, depth,
                                    parent))
            return
        why = f"{size:,} characters, over the {LARGE_FILE:,} past which Claude Code warns" if size > LARGE_FILE else ""
        self.rows.append(Loaded(path, role, "start", "characters", size, size, text, "ok", why, cap, depth, parent))
        for target, line in imports_of(raw, self.home):
            resolved = os.path.realpath(os.path.join(os.path.dirname(path), os.path.expanduser(target)))
            where = f"@{target}"
            if resolved in (*chain, path):
                self.problems.append(_problem("import-loop", path, line, f"{where} imports a file that imports it: "
                                              "a loop, which Claude Code breaks by loading each file once"))
                continue
            if not os.path.isfile(resolved):
                if "/" in target or "." in target:  # `@alice` is a mention, not meant as an import
                    self.problems.append(_problem("import-missing", path, line, f"{where} names no file: Claude "
                                                  "Code skips it silently"))
                continue
            if os.path.splitext(resolved)[1].lower() in BINARY:
                continue
            if depth + 1 >= MAX_INCLUDE_DEPTH:
                self.problems.append(_problem("import-too-deep", path, line, f"{where} is not loaded: it would be "
                                              f"{MAX_INCLUDE_DEPTH} imports deep, and Claude Code follows four hops"))
                continue
            kind = "user import" if role.startswith("user") else "import"
            if kind == "import" and not any(_inside(resolved, root) for root in self.roots):
                if resolved not in self.seen:  # a repository's file names it: memctl reads none outside
                    self.seen.add(resolved)
                    self.rows.append(later(resolved, "import", "characters", 0, "outside the project: Claude Code "
                                           "loads it once you approve it (memctl does not read it)",
                                           depth=depth + 1, parent=path))
                continue
            self.file(resolved, kind, False, depth + 1, path, (*chain, path))


def _problem(kind: str, path: str, line: int, message: str) -> Any:
    from memctl.hosts.base import Problem

    return Problem(kind, path, line, message)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _rules(folder: str) -> list[str]:
    """`*.md` under a rules folder, every depth (sorted: Claude Code takes readdir's order)."""
    found = []
    for current, dirs, names in os.walk(folder, followlinks=True):
        dirs.sort()
        found += [os.path.join(current, n) for n in sorted(names) if n.endswith(".md")]
    return found


def _project_of_memory(home: Any) -> str | None:
    """The project whose auto memory the home is: the current folder's, else the one folder whose
    path gives the folder's name (kept in the home's cache: the walk is not made on every dispatch);
    None when there is none or more than one."""
    name = auto_memory_name(home.root) or ""
    for project in project_candidates(os.getcwd()):
        if slug_matches(name, project):
            return project
    key = f"cc-project:{name}"
    cached = home.cache.get(key, lambda v: isinstance(v, str) and slug_matches(name, v) and os.path.isdir(v))
    if cached is not None:
        return str(cached)
    found = decode_slug(name)
    if len(found) == 1:
        home.cache.put(key, found[0])
        return found[0]
    return None


def _auto_memory(config: str, cwd: str) -> str | None:
    """The auto-memory folder Claude Code keeps under `config` for a session in `cwd`."""
    projects = os.path.join(config, "projects")
    for name in slugs(git_root(cwd) or cwd):
        if len(name) > MAX_SLUG:
            try:
                names = sorted(n for n in os.listdir(projects) if n.startswith(name[:MAX_SLUG] + "-"))
            except OSError:
                names = []
            name = names[0] if len(names) == 1 else ""
        folder = os.path.join(projects, name, "memory") if name else ""
        if folder and os.path.isdir(folder):
            return os.path.realpath(folder)
    return None


def _memory_row(home: Any, folder: str) -> Any:
    """The auto memory's MEMORY.md as Claude Code loads it (the home's own figures when it is the index)."""
    from memctl.hosts.base import Loaded
    from memctl.hosts.startup import TextDoc, index_doc, read_str
    from memctl.text import split_lines

    path = os.path.join(folder, "MEMORY.md")
    text = read_str(path)
    if text is None:
        return None
    doc = index_doc(home, path)
    budgets = home.config.budgets if doc is not None else Budgets()
    lines = split_lines(text)
    source: Any = doc if doc is not None else TextDoc("MEMORY.md", text, home)  # what a Cap reads of a file
    cap = load(source, lines, budgets, home.counter, None)
    units = next((used for name, used, _ in cap.measures if name == "units"), utf16_len(text.strip()))
    shown_text = sent(source, lines, cap)  # what reaches the model: its tokens are counted on it
    loaded = utf16_len(shown_text) if cap.capped else units
    why = ""
    if cap.capped:
        last = cap.loaded[-1][1] if cap.loaded else 0
        why = (f"{cap.description}: lines {last + 1:,}–{cap.total_lines:,} are not loaded, and Claude Code adds a "
               "warning")
    if cap.capped and doc is None:  # the index's own cut is MEM201/MEM205's
        last = cap.loaded[-1][1] if cap.loaded else 0
        problem = _problem("cut", path, last + 1, f"the auto memory's MEMORY.md is {cap.total_lines:,} lines and "
                           f"{units:,} UTF-16 units: Claude Code loads the first 200 lines and 25,000 units, so "
                           f"lines {last + 1:,}–{cap.total_lines:,} never reach it")
    else:
        problem = None
    return Loaded(path, "auto memory", "start", "UTF-16 units", units, loaded, shown_text,
                  "cut" if cap.capped else "ok", why, cap), problem


def stack(home: Any, everything: bool = True) -> Any:
    """Claude Code's start-up for the home: managed, user and project memory, each file's imports
    after it, rules without `paths:`, CLAUDE.local.md, then the auto memory's MEMORY.md."""
    import sys

    from memctl.hosts.base import Stack
    from memctl.hosts.startup import below, later, read_str, working_folder

    notes: list[str] = []
    memory_home = auto_memory_name(home.root) is not None
    if home.config.workspace:
        cwd: str | None = working_folder(home)
    elif memory_home:
        cwd = _project_of_memory(home)
        if cwd is None:
            notes.append(f"the project this auto memory is for was not found (its folder name, "
                         f"{auto_memory_name(home.root)}, is the slug of its path): its CLAUDE.md files are not "
                         "shown; run `memctl status` in the project, or set `workspace:` to it")
    else:
        cwd = home.root
    config = os.path.dirname(os.path.dirname(os.path.dirname(home.root))) if memory_home else config_dir()
    project = (git_root(cwd) or cwd) if cwd is not None else None
    walker = _Walker(home, cwd, tuple(r for r in (cwd, project, config, home.root) if r))
    managed = MANAGED.get(sys.platform)
    if managed:
        walker.file(managed, "managed")
    walker.file(os.path.join(config, "CLAUDE.md"), "user")
    for rule in _rules(os.path.join(config, "rules")):
        walker.file(rule, "user rule", rule=True)
    if cwd is not None:
        chain = [cwd]
        while os.path.dirname(chain[-1]) != chain[-1]:
            chain.append(os.path.dirname(chain[-1]))
        folders = chain[-2::-1]  # root first; the file system's root itself is not read
        before = len(walker.rows)
        for folder in folders:
            walker.file(os.path.join(folder, "CLAUDE.md"), "project")
            walker.file(os.path.join(folder, ".claude", "CLAUDE.md"), "project")
            for rule in _rules(os.path.join(folder, ".claude", "rules")):
                walker.file(rule, "project rule", rule=True)
            walker.file(os.path.join(folder, "CLAUDE.local.md"), "local")
        if not any(r.role in ("project", "local") for r in walker.rows[before:]):
            for folder in folders:  # v2.1.277: AGENTS.md, in a project with no CLAUDE.md
                walker.file(os.path.join(folder, "AGENTS.md"), "project (AGENTS.md)")
            if any(r.role == "project (AGENTS.md)" for r in walker.rows[before:]):
                notes.append("no CLAUDE.md in the working folder or above it: Claude Code v2.1.277 and later read "
                             "AGENTS.md instead (earlier releases do not)")
        for path in below(cwd, ("CLAUDE.md", "CLAUDE.local.md")) if everything else ():
            text = read_str(path) or ""
            walker.rows.append(later(path, "subfolder", "characters", utf16_len(text.strip()),
                                     "when Claude reads a file in its folder", text))
    memory = home.root if memory_home else (_auto_memory(config, cwd) if cwd is not None else None)
    if memory is not None:
        found = _memory_row(home, memory)
        if found is not None:
            row, problem = found
            walker.rows.append(row)
            walker.problems += [problem] if problem is not None else []
            topics = sum(1 for n in os.listdir(memory) if n.endswith(".md") and n != "MEMORY.md")
            if topics and not memory_home:
                notes.append(f"{topics} topic file{'s' * (topics != 1)} beside the auto memory's MEMORY.md "
                             "load on demand, when Claude judges them relevant")
    notes.append("each file reaches the model as `Contents of <path> (<what it is>):` and its text, after a line "
                 "asking Claude to follow them (not counted)")
    return Stack("Claude Code", cwd, tuple(walker.rows), None, tuple(notes), tuple(walker.problems))


def home_budgets(home: str, warnings: list[str]) -> dict[str, Any]:
    """A project folder's CLAUDE.md as the index (no MEMORY.md beside it) loads in full: no line or
    size limit, no load cap."""
    if os.path.isfile(os.path.join(home, "MEMORY.md")) or auto_memory_name(home) is not None:
        return {}
    return {"load_cap_mode": "head", "load_cap_lines": None, "load_cap_units": None, "index_max_lines": None,
            "index_max_units": None}


def auto_memory_topics(home: str) -> tuple[str, ...]:
    """An auto-memory folder's topics are every markdown file in it (flat, as `split` writes them;
    Claude Code's recall reads them all); a project folder keeps memctl's own globs."""
    return ("**/*.md",) if detect_auto_memory(home) else ()


def index_names(folder: str) -> tuple[str, ...]:
    return ("MEMORY.md", "CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md")


def archive_suffix(home: str) -> str:
    """`.markdown` in an auto-memory folder: Claude Code's recall lists every `*.md` file under it but
    MEMORY.md, newest 200 first (memoryScan.ts: `readdir(memoryDir, {recursive: true})`), so an
    archived `.md` file would be offered to the model again, and a fresh one would push a live
    topic out of the 200. A project's folder keeps `.md`."""
    return ".markdown" if auto_memory_name(home) is not None else ".md"


HOST = Host(NAME, note="loads the first 200 lines, then 25,000 UTF-16 code units, of MEMORY.md", preset={},
            lessons="lessons.md", topic_folder="", topics=auto_memory_topics, topic_front_matter=front_matter,
            lessons_front_matter=True,
            project_memory=project_memory, stack=stack, index_names=index_names, home_budgets=home_budgets,
            archive_suffix=archive_suffix,
            own_folders=(".claude",), startup_names=("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "MEMORY.md"),
            own_paths=config_folders,
            init_notes=("# `memctl status` lists all Claude Code loads at start: CLAUDE.md files, rules, imports, "
                        "the auto memory",),
            label="Claude Code")


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


def commands(launcher: str, home: str) -> dict[str, str]:
    """The hooks' commands: `launcher` is the shell words that start memctl (quoted already)."""
    import shlex  # only `hook install` asks: not on the path every dispatch takes

    return {event: f"{launcher} hook {name} {shlex.quote(home)}" for event, (name, _) in HOOKS.items()}


def _memctl_hook(command: object, event: str, home: str) -> bool:
    """Whether `command` is memctl's own hook for `event` and `home`, started some other way (a bare
    `memctl`, another path to a `memctl`, `python -m memctl`): `hook install` replaces it rather
    than adding a second one beside it."""
    import shlex

    if not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return len(words) >= 4 and words[-3:] == ["hook", HOOKS[event][0], home] and os.path.basename(words[-4]) == "memctl"


def json_object(text: str | None, path: str) -> dict[str, Any]:
    """A JSON settings file's object (empty for no file or an empty one); anything else is one line."""
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"is not valid JSON ({exc.msg}); nothing was written", path, exc.lineno) from None
    if not isinstance(data, dict):
        raise InputError("is not a JSON object; nothing was written", path, 1)
    return data


def merged(text: str | None, path: str, launcher: str, home: str) -> tuple[str, list[str], list[tuple[str, str]]]:
    """The settings with memctl's hooks added, the events it added them to, and the (event, command)
    of each hook of memctl's own for this home it replaced (started another way: `_memctl_hook`)."""
    data = json_object(text, path)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InputError("its `hooks` is not an object; nothing was written", path)
    added: list[str] = []
    replaced: list[tuple[str, str]] = []
    for event, command in commands(launcher, home).items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise InputError(f"its hooks.{event} is not a list; nothing was written", path)
        entries = [h for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                   for h in g["hooks"] if isinstance(h, dict)]
        if any(h.get("command") == command for h in entries):
            continue
        stale = [h for h in entries if _memctl_hook(h.get("command"), event, home)]
        replaced += [(event, h["command"]) for h in stale]
        if stale:  # the first takes the new command; a second copy of memctl's hook would run it twice
            stale[0]["command"] = command
            emptied = []
            for group in groups:
                if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                    kept = [h for h in group["hooks"] if not any(h is other for other in stale[1:])]
                    if len(kept) < len(group["hooks"]):
                        group["hooks"] = kept
                        emptied += [group] if not kept else []
            groups[:] = [g for g in groups if not any(g is e for e in emptied)]
        else:
            groups.append({"hooks": [{"type": "command", "command": command, "timeout": HOOKS[event][1]}]})
            added.append(event)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", added, replaced


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
