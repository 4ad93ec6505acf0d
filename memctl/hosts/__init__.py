"""The hosts memctl measures for, one module each, and the one registry that lists them.

Each module (`claude_code`, `openclaw`, `volute`, `arc`, `codex`, `gemini`, `cursor`, `generic`)
names the same things: its `HOST` (figures, lessons file, dated notes, hook shape, what `init`
offers, what it loads at session start), how it is detected, and, where it loads files its own
way, its `CAP`. A new host is a new module here, added to the
lists below, and its fixtures. Nothing outside this package branches on a host's name.
"""

from __future__ import annotations

import os

from memctl.hosts import arc, claude_code, codex, cursor, gemini, generic, openclaw, volute
from memctl.hosts.base import Budgets, Cap, CapResult, Host, Stack
from memctl.text import split_lines, utf16_len

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from memctl.hosts.base import Counter, Doc, Home

HOSTS: dict[str, Host] = {h.name: h for h in (generic.HOST, claude_code.HOST, openclaw.HOST, volute.HOST, arc.HOST,
                                               codex.HOST, gemini.HOST, cursor.HOST)}
# `profile: auto` asks these in turn; the first that answers names the host (and says why). The
# hosts that read instruction files come after those that keep a memory folder, so that a layout
# told before is told the same (OpenClaw's AGENTS.md beside SOUL.md, a .claude/ project).
DETECT: tuple[tuple[str, Callable[[str], str]], ...] = (
    (volute.NAME, volute.detect),
    (openclaw.NAME, openclaw.detect),
    (claude_code.NAME, claude_code.detect_auto_memory),
    (arc.NAME, arc.detect),
    (claude_code.NAME, claude_code.detect_project),
    (cursor.NAME, cursor.detect),
    (gemini.NAME, gemini.detect),
    (codex.NAME, codex.detect),
)
CAPS: dict[str, Cap] = {c.mode: c for c in (claude_code.CAP, openclaw.CAP, volute.CAP, generic.HEAD, generic.HEAD_TAIL)}
# The JSON a hook prints, by the host that reads it (`Host.hook_shape`).
HOOK_ANSWERS: dict[str, Callable[[str, str], str]] = {claude_code.NAME: claude_code.hook_answer,
                                                       volute.NAME: volute.hook_answer}
# How a load cap with `trimmed_sizes` counts the index's lines and units, by its mode.
COUNTED_AS = {claude_code.CAP.mode: "as Claude Code counts them: front matter and HTML comments stripped, "
                                    "the rest trimmed"}
# A host's first-class notes besides its dated notes (`Host.dated`, which `rollup` folds): files it
# writes by date that no index links to, and that `rollup` leaves alone (Volute's dreams).
NOTES: dict[str, tuple[str, ...]] = {volute.NAME: volute.DREAMS}

__all__ = ["CAPS", "DETECT", "HOOK_ANSWERS", "HOSTS", "Budgets", "Cap", "CapResult", "Host", "Stack", "apply_cap",
           "archive_suffix",
           "counted_as", "describe", "detect", "host", "index_cap", "index_file", "index_sizes", "index_text",
           "injection", "loaded_at_start", "loaded_besides", "measure", "notes", "output_refusals", "stack",
           "version_cap"]


def host(name: str) -> Host:
    """The host a profile names (the names are checked when the config is read)."""
    return HOSTS[name]


def archive_suffix(name: str, folder: str) -> str:
    """The ending of the markdown files memctl archives in the home `folder` of host `name`
    (`Host.archive_suffix`; `.md` when the host has no say)."""
    made = HOSTS[name].archive_suffix
    return made(folder) if made is not None else ".md"


def detect(home: str) -> tuple[str, str]:
    """The host that loads the home folder `home`, told from its layout, and why (`profile: auto`)."""
    for name, found in DETECT:
        reason = found(home)
        if reason:
            return name, reason
    return generic.NAME, "no host detected (Claude Code's limits are used)"


def describe(budgets: Budgets) -> str:
    """The load cap in words."""
    return CAPS[budgets.load_cap_mode].describe(budgets)


def apply_cap(doc: Doc, budgets: Budgets, counter: Counter, file_chars: int | None = None) -> CapResult:
    """Which lines of `doc` the host loads. `file_chars` is OpenClaw's cap for this file when the
    total budget leaves it less than `load_cap_chars`."""
    return CAPS[budgets.load_cap_mode].apply(doc, split_lines(doc.text), budgets, counter, file_chars)


def injection(home: Home) -> Any:
    """What the host injects with the index every turn (OpenClaw's bootstrap files), or None."""
    found = CAPS[home.config.budgets.load_cap_mode].injection
    return found(home) if found is not None else None


def stack(home: Home, everything: bool = True) -> Stack | None:
    """Every file the home's host loads at session start, in its order (`Host.stack`), and with
    `everything` those it loads later and all the problems; None for a host that loads the index
    alone. `MemoryHome.stack` (everything) and `MemoryHome.start_up` work it out once."""
    made = home.host.stack
    return made(home, everything) if made is not None else None


def loaded_at_start(home: Home) -> frozenset[str]:
    """The real paths of the files the home's host loads at session start, paid for on every
    request: the index, the start-up stack's files (`Host.stack`: Claude Code's CLAUDE.md files and
    their imports, Codex's AGENTS.md files) and what it injects with the index (OpenClaw's
    bootstrap files). Every other memory file reaches the model only when a task loads it."""
    found = {os.path.realpath(os.path.join(home.root, home.index.rel))}
    start = home.start_up
    if start is not None:
        found.update(row.path for row in start.start)
    boot = injection(home)
    for item in boot.files if boot is not None else ():
        if item.injected:
            found.add(os.path.realpath(os.path.join(home.root, item.name)))
    return frozenset(found)


def loaded_besides(home: Home) -> dict[str, bool]:
    """The files the host loads besides the home's index and topics (a CLAUDE.md of its stack,
    in the home or in the project beside it, the user's ~/.claude/CLAUDE.md, a rule, an `@import`ed
    file, Codex's AGENTS.md, OpenClaw's bootstrap files, Volute's SOUL.md): each file's real path,
    and whether it is sent with every request (loaded at session start) rather than when a task
    loads it. A file the host passes over is left out, and so is one the stack did not read: an
    import that a repository's file names outside the project (Claude Code asks before it loads
    one, and memctl reads none)."""
    root = os.path.realpath(home.root).rstrip(os.sep) + os.sep
    found: dict[str, bool] = {}
    stack = home.stack
    for row in stack.files if stack is not None else ():
        if row.text and (row.when == "later" or (row.when == "start" and row.loaded)):  # later: counted once loaded
            found[row.path] = found.get(row.path, False) or row.when == "start"
    boot = injection(home)
    for item in boot.files if boot is not None else ():
        if item.injected:
            found[os.path.realpath(os.path.join(home.root, item.name))] = True
    return {path: every for path, every in sorted(found.items())
            if os.path.isfile(path) and not (path.startswith(root) and _is_memory_file(home, path, root))}


def _is_memory_file(home: Home, path: str, root: str) -> bool:
    """Whether the real path `path`, inside the home `root`, is its index or one of its topics: by
    the path in the home, else (a topic reached through a symlink) by the real path of each file
    of the same name (a home of 10,000 topics asked each one's real path: 100,000 lstat calls)."""
    rel = path[len(root):].replace(os.sep, "/")
    docs = (home.index, *home.topics)
    if any(doc.rel == rel for doc in docs):
        return True
    name = os.path.basename(path)
    return any(os.path.basename(doc.rel) == name and os.path.realpath(os.path.join(home.root, doc.rel)) == path
               for doc in docs)


def index_file(found: Host, folder: str) -> str:
    """The index of `folder` when the config names none: the first of the host's index names there
    (`Host.index_names`: Codex's AGENTS.md, a project's CLAUDE.md), else MEMORY.md."""
    names = found.index_names(folder) if found.index_names is not None else ()
    return next((n for n in names if os.path.isfile(os.path.join(folder, n))), "MEMORY.md")


def index_cap(home: Home) -> CapResult:
    """What the host loads of the home's index: as its start-up loads it when the index is one of
    those files (Codex's cut at the byte budget, a CLAUDE.md whole), else by its `Cap` (for
    OpenClaw, after the bootstrap files before it)."""
    found = home.start_up
    row = found.row(os.path.realpath(os.path.join(home.root, home.index.rel))) if found is not None else None
    if row is not None and row.cap is not None and row.when == "start":
        return row.cap
    return version_cap(home)(home.index)


def index_text(home: Home, boot: Any = None) -> str:
    """What of the home's index reaches the model, as its host sends it (its tokens are what every
    request pays for the index): the start-up stack's text of it when it is one of those files (the
    auto memory's MEMORY.md, a cut AGENTS.md), OpenClaw's injected text (head, marker, tail; `boot`:
    the injection worked out already), else the lines its `Cap` loads (`Cap.sent`: Claude Code's
    stripped and trimmed, with its warning when it cuts)."""
    index = home.index
    found = home.start_up
    path = os.path.realpath(os.path.join(home.root, index.rel))
    row = found.row(path) if found is not None else None
    if row is not None and row.cap is not None and row.when == "start":
        return row.text if row.loaded else ""
    mode = CAPS[home.config.budgets.load_cap_mode]
    if mode.injection is not None:
        boot = boot if boot is not None else mode.injection(home)
        item = next((f for f in boot.files if f.name == index.rel), None)
        if item is not None:
            return item.text if item.injected else ""
    return mode.sent(index, split_lines(index.text), home.index_cap)


def version_cap(home: Home) -> Callable[[Doc], CapResult]:
    """What the host loads of a version of the home's index (the index itself, or one `history`
    sizes from git): by its `Cap`, with the room the index has now (for OpenClaw, what the
    bootstrap files before it leave), worked out once for every version."""
    injected = injection(home)
    file_chars = injected.memory_chars if injected is not None else None
    budgets, counter = home.config.budgets, home.counter
    return lambda doc: apply_cap(doc, budgets, counter, file_chars)


def counted_as(budgets: Budgets) -> str | None:
    """How the host counts the index's lines and UTF-16 units when that is not the file as it is
    (`index_sizes`), in words; None when it counts the file."""
    cap = CAPS[budgets.load_cap_mode]
    return COUNTED_AS.get(cap.mode, "as the host counts them") if cap.trimmed_sizes else None


def notes(host: Host) -> tuple[str, ...]:
    """Globs of the host's dated notes, journals and dreams: first-class files it writes by date,
    which no index is expected to link (lint's MEM302 passes over those with a date for a name)."""
    return (*host.dated, *NOTES.get(host.name, ()))


def index_sizes(home: Home) -> dict[str, int]:
    """The index's size as its host measures it, so that status, lint and history agree."""
    return measure(home.index, home.index_cap, home.config.budgets)


def measure(doc: Doc, cap: CapResult, budgets: Budgets, tokens: bool = True) -> dict[str, int]:
    """A version of the index sized as its host measures it, given what the host loads of it
    (`index_cap`, `version_cap`): for Claude Code, lines and UTF-16 units after front matter and
    HTML comments are stripped and the rest trimmed; otherwise the file's own lines and length.
    Without `tokens`, its tokens are not counted (and not in the answer)."""
    measured = {name: used for name, used, _ in cap.measures}
    trimmed = CAPS[budgets.load_cap_mode].trimmed_sizes
    sizes = {"lines": measured["lines"] if trimmed and "lines" in measured else doc.lines,
             "units": measured["units"] if trimmed and "units" in measured else utf16_len(doc.text),
             "bytes": doc.bytes, "chars": doc.chars}
    if tokens:
        sizes["tokens"] = doc.tokens
    return sizes


def output_refusals() -> tuple[frozenset[str], frozenset[str], tuple[tuple[str, str], ...]]:
    """The folder names and the file names (lower case) no output of memctl may be written in or
    as, for every host at once (`Host.own_folders`, `Host.startup_names`): a plan made as
    CLAUDE.local.md or in .claude/rules/ would be loaded by the next session, whichever host's home
    the command was given; and the hosts' own folders by path, each with the words naming it
    (`Host.own_paths`: the folder `$CLAUDE_CONFIG_DIR` names, whatever its name)."""
    folders = frozenset(name.lower() for h in HOSTS.values() for name in h.own_folders)
    names = frozenset(name.lower() for h in HOSTS.values() for name in h.startup_names)
    paths = tuple(found for h in HOSTS.values() if h.own_paths is not None for found in h.own_paths())
    return folders, names, paths
