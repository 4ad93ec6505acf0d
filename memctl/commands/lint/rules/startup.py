"""Rules on what the host loads at session start besides the index (`Host.stack`): files its budget
cuts, rules that never fire, imports that load nothing. Each reads the problems the host's model
found (memctl.hosts.base.Problem), by kind."""

from __future__ import annotations

import os
from collections.abc import Iterator

from memctl.commands.lint.registry import Context, Finding, rule


def problems(ctx: Context, kind: str, skip_index: bool = False) -> Iterator[Finding]:
    """The stack's problems of one kind, as findings: a file inside the home by its path there,
    one outside (`~/.codex/AGENTS.md`, a parent folder's CLAUDE.md) by its real path."""
    home = ctx.home
    stack = home.stack
    if stack is None:
        return
    index = os.path.realpath(os.path.join(home.root, home.index.rel))
    for problem in stack.problems:
        if problem.kind != kind or (skip_index and problem.path == index):
            continue
        yield Finding(where(home.root, problem.path), problem.line, 1, problem.message)


def where(root: str, path: str) -> str:
    """A finding's path: relative to the home when the file lies inside it, else the real path."""
    inside = path == root or path.startswith(root.rstrip(os.sep) + os.sep)
    return os.path.relpath(path, root).replace(os.sep, "/") if inside else path


@rule("MEM210", "start-file-cut", "error")
def start_file_cut(ctx: Context) -> Iterator[Finding]:
    """A file the host loads at session start is cut or dropped by the host's budget, silently.

    Codex loads one AGENTS.md a folder from the project root down to the working folder, all of
    them within `project_doc_max_bytes` (32 KiB; `total_bytes` here): the file that crosses it is
    cut at that byte, mid-line, and no file after it is read, so the working folder's own file is
    the first to be lost. Codex memories' `memory_summary.md` is cut to 2,500 tokens (bytes/4),
    its middle dropped. Claude Code's auto memory MEMORY.md loads its first 200 lines and 25,000
    UTF-16 units. The finding names the file, its size, what is left for it and where it is cut;
    the index's own cut is MEM205. Fix: move detail out of the files nearer the root (or into
    files read on demand), or raise the host's limit (and the budget here to match).
    """
    yield from problems(ctx, "cut", skip_index=True)


@rule("MEM211", "rule-never-fires", "error")
def rule_never_fires(ctx: Context) -> Iterator[Finding]:
    """A rules file the host never loads the way it is written to: it never fires, or never as meant.

    Cursor applies a `.cursor/rules/*.mdc` rule always only for `alwaysApply: true` (the string
    `"true"` is not the boolean), attaches one by `globs` only when a matching file is in the
    context (a glob matching no file of the project never attaches), and ignores a plain `.md` in
    `.cursor/rules`. Nothing says so when it happens. Fix: write the boolean, a glob that matches
    a file, `.mdc`.
    """
    yield from problems(ctx, "never-fires")


@rule("MEM213", "shadowed-file", "error")
def shadowed_file(ctx: Context) -> Iterator[Finding]:
    """A file the host would load is never read, because a blank file beside it takes its place.

    Codex takes one file a folder, the first of `AGENTS.override.md`, `AGENTS.md` and the fallback
    names that exists, and skips it when it is blank: a blank (or white-space-only)
    `AGENTS.override.md` hides the folder's `AGENTS.md` entirely. Fix: delete the blank override,
    or put the override's text in it.
    """
    yield from problems(ctx, "shadowed")


@rule("MEM212", "rule-manual-only", "warning")
def rule_manual_only(ctx: Context) -> Iterator[Finding]:
    """A Cursor rule has no `alwaysApply: true`, no `globs` and no `description`: it loads only when @-mentioned.

    Cursor documents this as the "manual" kind, and it is often a rule whose author meant it to
    apply always (a missing or misspelt key). Give it `alwaysApply: true`, `globs`, or a
    description the agent can judge relevance by; or, when manual is meant, say so with
    `lint.per_file_ignores`.
    """
    yield from problems(ctx, "manual-only")


@rule("MEM304", "import-missing", "error")
def import_missing(ctx: Context) -> Iterator[Finding]:
    """An `@path` import in a file the host loads names no file, so nothing is loaded in its place.

    Claude Code skips it silently; Gemini CLI leaves an "Import failed" comment. Paths are relative
    to the importing file (`~/` the home folder). An `@name` without `/` or `.` is taken for a
    mention, not an import, and not reported.
    """
    yield from problems(ctx, "import-missing")


@rule("MEM305", "import-loop", "warning")
def import_loop(ctx: Context) -> Iterator[Finding]:
    """An `@path` import names a file that imports the importing file: a loop.

    Hosts load each file once (Claude Code, Gemini CLI), so nothing is lost, but the loop hides
    which file is meant to hold the text. The finding is at the import that closes the loop.
    """
    yield from problems(ctx, "import-loop")


@rule("MEM306", "import-escapes", "error")
def import_escapes(ctx: Context) -> Iterator[Finding]:
    """An `@path` import leaves the folders the host imports from, so the host refuses it.

    Gemini CLI imports only from inside the project root (the git root of the importing file's
    folder, else that folder) and only files, not URLs: anything else becomes an "Import failed"
    comment and loads nothing. Fix: move the file into the project, or copy what is needed.
    """
    yield from problems(ctx, "import-escapes")


@rule("MEM307", "import-too-deep", "error")
def import_too_deep(ctx: Context) -> Iterator[Finding]:
    """An `@path` import lies deeper than the host follows imports, so it is not loaded.

    Claude Code follows four hops from the file it loads (`MAX_INCLUDE_DEPTH` 5, the file itself
    depth 0); Gemini CLI five levels, leaving the deepest file's imports as text. Fix: import the
    file from nearer the top, or merge the chain.
    """
    yield from problems(ctx, "import-too-deep")
