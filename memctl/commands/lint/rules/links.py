"""Rules on links: what the index points to, and what points outside the home."""

from __future__ import annotations

from collections.abc import Iterator

from memctl.commands.lint.registry import Context, Finding, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.model.home import Doc


@rule("MEM301", "dangling-link", "error")
def dangling_link(ctx: Context) -> Iterator[Finding]:
    """The index or a topic links to a file that does not exist, or a `[[wikilink]]` names no topic.

    The agent is told to open a file that is not there. Fix the link or restore the file (from
    `archive/`, if memctl archived it). A `[[slug]]` names the topic whose file is `slug.md`, or
    whose front matter `title` (or `name`) is `slug`, case folded.
    """
    index = ctx.home.index
    unread = [e.path for e in ctx.home.unreadable if e.path and e.path.endswith("/")]  # MEM101 names them
    for doc in (index, *ctx.home.topics):
        for link in doc.links:
            if link.status == "missing":
                if link.target and any(link.target.startswith(folder) or folder == "./" for folder in unread):
                    continue  # in a folder that cannot be read: whether the file is there is not known
                column = _column(doc, link.line, link.href)
                yield Finding(doc.rel, link.line, column, f"link to {link.href} points to no file")
    for inner, line, target in ctx.home.wikilinks:
        if target is None:
            yield Finding(index.rel, line, _column(index, line, f"[[{inner}]]"),
                          f"[[{inner}]] names no topic (no file of that name, no topic of that title)")


@rule("MEM302", "unindexed-topic", "warning")
def unindexed_topic(ctx: Context) -> Iterator[Finding]:
    """A topic file that the index does not link to.

    The agent only learns a topic exists from the index; an unlinked topic is loaded only when a
    skill names it. Link it from the index, or archive it. The host's dated notes are not topics
    and never need a link: files named by a date (`2026-11-14.md`, `2026-11-14-gig.md`,
    `2026-W46.md`) in its daily-note, journal and dream folders (OpenClaw's `memory/`, Volute's
    `memory/journal/` and `memory/dreams/`, or the config's `rollup` globs).
    """
    from memctl.commands.notes import dated_notes

    notes = dated_notes(ctx.home)
    for doc in ctx.home.topics:
        if doc.rel not in ctx.home.linked and doc.rel not in notes:
            yield Finding(doc.rel, 1, 1, f"{doc.rel} is not linked from {ctx.home.index.rel}")


@rule("MEM303", "link-outside-home", "error")
def link_outside_home(ctx: Context) -> Iterator[Finding]:
    """A link or symlink that resolves outside the home.

    memctl never reads outside the home, so the agent will not get that file; and a memory folder
    that reaches out of itself can leak what it should not.
    """
    home = ctx.home
    seen = set()
    for skipped in home.skipped:
        seen.add((skipped.path, skipped.line))
        yield Finding(skipped.path, skipped.line or 1, 1, f"{skipped.target} resolves outside the home")
    for doc in home.topics:
        for link in doc.links:
            if link.status == "outside" and (doc.rel, link.line) not in seen:
                column = _column(doc, link.line, link.href)
                yield Finding(doc.rel, link.line, column, f"link to {link.href} resolves outside the home")


def _column(doc: Doc, line: int, needle: str) -> int:
    """Where `needle` starts on the line (1-based), else 1."""
    return doc.line(line).find(needle) + 1 or 1
