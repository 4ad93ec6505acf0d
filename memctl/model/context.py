"""Context files: what the host loads on every request besides the memory (config `context:`,
and what its start-up loads besides the index: `loaded_anyway`).

An Arc agent's dispatch holds SOUL.md, CLAUDE.md and each SKILL.md besides the memory; Claude Code
loads CLAUDE.md and what it imports with `@path`. memctl reads these only because the user named
them (globs relative to the config file), never treats them as topics, and counts them: `status`
shows their cost, and `assemble` takes it off its budget (a SKILL.md only when its skill is
requested). `@path` imports are followed as Claude Code does (relative to the importing file, not
inside code, at most 4 hops, each file once), but only into the home or the files the user named.
"""

from __future__ import annotations

import glob
import os

from memctl.errors import InputError
from memctl.model.home import MemoryHome, display_path
from memctl.record import record
from memctl.safe.fsutil import Guard, read_text
from memctl.safe.keys import digest

MAX_HOPS = 4


@record
class ContextFile:
    path: str  # as shown: relative to the current folder
    tokens: int
    skill: str | None  # a SKILL.md counts only when this skill is requested
    imports: tuple[ContextFile, ...] = ()

    @property
    def total_tokens(self) -> int:
        return self.tokens + sum(i.total_tokens for i in self.imports)


@record
class Context:
    files: tuple[ContextFile, ...]
    problems: tuple[str, ...]  # imports that loop, leave what was named, or name no file

    def tokens(self, skills: tuple[str, ...] = (), every_skill: bool = False) -> int:
        """What the host loads of them: every file but a SKILL.md, and the SKILL.md of these skills."""
        return sum(f.total_tokens for f in self.files if f.skill is None or every_skill or f.skill in skills)


def load_context(home: MemoryHome) -> Context:
    patterns = home.config.context
    if not patterns:
        return Context((), ())
    base = os.path.dirname(home.config.source) if home.config.source else home.root
    named: list[str] = []
    problems: list[str] = []
    from memctl.model.config import context_folder

    folder, what = context_folder(home.root, os.path.realpath(base))
    bound = Guard(folder)  # the config dropped the globs that reach outside; a symlink may still lead out
    for pattern in patterns:
        found = sorted(glob.glob(os.path.join(base, os.path.expanduser(pattern))))
        if not found:
            problems.append(f"context {pattern!r} matches no file")
        for path in (p for p in found if os.path.isfile(p)):
            if bound.inside(path):
                named.append(os.path.realpath(path))
            else:
                shown = display_path(os.path.normpath(path))
                problems.append(f"context {pattern!r}: {shown} resolves outside {what} ({folder}); not read")
    allowed = set(named)
    guard = Guard(home.root)
    seen: set[str] = set()
    files = []
    for path in dict.fromkeys(named):
        item = _read(path, home, allowed, guard, seen, 0, problems)
        if item is not None:
            files.append(item)
    return Context(tuple(files), tuple(problems))


def _read(path: str, home: MemoryHome, allowed: set[str], guard: Guard, seen: set[str], hops: int,
          problems: list[str]) -> ContextFile | None:
    if path in seen:
        return None
    seen.add(path)
    shown = display_path(path)
    try:
        text = read_text(path, shown)
    except InputError as error:
        problems.append(f"{error}; not counted")
        return None
    imports = []
    cached = home.cache.get(f"imports:2:{digest(text)}", _valid_imports)
    found = cached if cached is not None else imports_of(text)
    if cached is None:
        home.cache.put(f"imports:2:{digest(text)}", [list(x) for x in found])
    for target, line in found:
        resolved = os.path.realpath(os.path.join(os.path.dirname(path), os.path.expanduser(target)))
        where = f"{shown}:{line}: @{target}"
        if not os.path.isfile(resolved):
            if "/" in target or "." in target:  # `@alice` is a mention, not an import
                problems.append(f"{where} names no file")
        elif resolved in seen:
            problems.append(f"{where} imports a file already loaded (a loop, or twice); counted once")
        elif not (resolved in allowed or guard.inside(resolved)):
            problems.append(f"{where} leaves the home and the context files you named; not read")
        elif hops + 1 > MAX_HOPS:
            problems.append(f"{where} is more than {MAX_HOPS} imports deep; the host stops there")
        else:
            item = _read(resolved, home, allowed, guard, seen, hops + 1, problems)
            if item is not None:
                imports.append(item)
    skill = os.path.basename(os.path.dirname(path)) if os.path.basename(path) == "SKILL.md" else None
    return ContextFile(shown, home.counter.count(text), skill, tuple(imports))


def loaded_anyway(home: MemoryHome, skills: tuple[str, ...] = ()) -> tuple[tuple[str, int], ...]:
    """What the host loads on every request besides the bundle, file by file with its tokens: the
    files of its start-up other than the index (Codex's AGENTS.md files, Claude Code's CLAUDE.md
    files, OpenClaw's bootstrap files), each as it loads it, then the context files (a SKILL.md
    only with its skill) not among them. `assemble` takes them off its budget."""
    from memctl.hosts import injection
    from memctl.hosts.startup import shown

    index = os.path.realpath(os.path.join(home.root, home.index.rel))
    found: list[tuple[str, int]] = []
    taken = {index}
    if home.start_up is not None:
        for row in home.start_up.start:
            if row.path not in taken:
                taken.add(row.path)
                found.append((shown(row.path), home.counter.count(row.text)))
    boot = injection(home)
    for item in boot.files if boot is not None else ():
        path = os.path.realpath(os.path.join(home.root, item.name))
        if item.injected and path not in taken:
            taken.add(path)
            found.append((item.name, home.counter.count(item.text)))
    if home.config.context:
        loaded = load_context(home)
        found += [(f.path, f.total_tokens) for f in loaded.files
                  if (f.skill is None or f.skill in skills) and os.path.realpath(f.path) not in taken]
    return tuple(found)


def _valid_imports(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and type(x[1]) is int for x in value)


def imports_of(text: str) -> list[tuple[str, int]]:
    """The `@path` imports of a text with their 1-based lines, as Claude Code finds them (outside
    code blocks, code spans and HTML comments): memctl.hosts.claude_code's rule, one for both."""
    from memctl.hosts.claude_code import imports_of as found

    return found(text)


def files_read(home: MemoryHome) -> tuple[str, ...]:
    """The real path of every file memctl reads for the home, or the host loads with it: the index,
    topics and archive, the config, the context files and their imports, every file of the host's
    start-up (loaded at start, later, or passed over) and what it injects with the index (OpenClaw's
    bootstrap files, a missing one too: a file made there would be injected). What no output of
    memctl may replace (`memctl.safe.fsutil.check_output_file`)."""
    from memctl.hosts import injection

    found = [os.path.join(home.root, doc.rel) for doc in (home.index, *home.topics, *home.archived)]
    found += [os.path.join(home.root, error.path) for error in home.unreadable if error.path]  # unreadable: still one
    if home.config.source:
        found.append(home.config.source)
    if home.config.context:
        todo = list(load_context(home).files)
        while todo:
            item = todo.pop()
            found.append(item.path)
            todo.extend(item.imports)
    if home.stack is not None:
        found += [row.path for row in home.stack.files]
    boot = injection(home)
    found += [os.path.join(home.root, item.name) for item in (boot.files if boot is not None else ())]
    return tuple(dict.fromkeys(os.path.realpath(path) for path in found))
