"""`memctl split`: a fat index (or topic) becomes a slim one and topic files, losing nothing.

Each section that moves goes, byte for byte, to its own topic file under new front matter, and
leaves one line behind: `- [Title](topics/slug.md) — summary (~N tokens)`. The guarantees are
checked on the planned texts before anything is written.
"""

from __future__ import annotations

import os
import re
from datetime import date, datetime
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

from memctl.errors import GuaranteeError, MemctlError
from memctl.fsutil import Guard, check_destination, current_text
from memctl.home import Doc, MemoryHome, Part, doc_from_text, load_doc
from memctl.markdown import front_matter_span, split_lines
from memctl.writer import FileChange, WritePlan, archive_name, check_plan

KEEP_MARK = "<!-- memctl-keep -->"
_LINK_LINE = re.compile(r"^- \[.*\]\(.*\)(?: — .*)? \(~[\d,]+ tokens\)\r?\n?$")  # as link_line() writes them
MAX_LINE = 149  # index lines stay under 150 characters


class Move(NamedTuple):
    heading: str
    level: int
    start_line: int
    end_line: int
    tokens: int
    dest: str  # relative to the home
    action: str  # "create" or "append"
    link_line: str  # the line left in the source, newline included
    section_text: str  # the section, byte for byte, as it lands in `dest`


class SplitPlan(NamedTuple):
    source: str
    level: int
    moves: tuple[Move, ...]
    kept: tuple[str, ...]  # headings of the sections that stay
    before: dict[str, int]  # lines and tokens of the source
    after: dict[str, int]
    write: WritePlan
    tokenizer: str = "cl100k_base"
    archive: str | None = None  # where the original is copied before anything else is written


def slugify(heading: str) -> str:
    """An ASCII, lower-case file name stem for a heading in any script."""
    from anyascii import anyascii

    ascii_text = anyascii(heading).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:60].rstrip("-")
    return slug or "section"


def first_sentence(text: str) -> str:
    """The first sentence of a section's body, without markdown list or quote markers."""
    for line in split_lines(text)[1:]:
        stripped = re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", line.strip())
        stripped = re.sub(r"^\[[A-Z]+:[^\]]*\]\s*", "", stripped)
        if stripped and not stripped.startswith(("#", "```", "~~~", "<!--", "|", "---")):
            match = re.match(r"(.+?[.!?。！？])(\s|$)", stripped)
            return (match.group(1) if match else stripped).strip()
    return ""


def _shorten(text: str, room: int) -> str:
    return text if len(text) <= room else text[: max(room - 1, 0)].rstrip() + "…"


def link_line(title: str, href: str, summary: str, tokens: int, newline: str) -> str:
    tail = f" (~{tokens:,} tokens)"
    title = _shorten(title.replace("[", "(").replace("]", ")"), 60)
    head = f"- [{title}]({href})"
    room = MAX_LINE - len(head) - len(tail) - len(" — ")
    text = head + (f" — {_shorten(summary, room)}" if summary and room > 10 else "") + tail
    return text + newline


def _front_matter(title: str, summary: str, slug: str, today: date, newline: str) -> str:
    from io import StringIO

    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    data = CommentedMap()
    data["title"] = title
    if summary:
        data["summary"] = summary
    skills = CommentedSeq([slug])
    skills.fa.set_flow_style()
    data["skills"] = skills
    data["updated"] = today
    yaml = YAML()
    yaml.width = 4096
    buffer = StringIO()
    yaml.dump(data, buffer)
    body = buffer.getvalue()
    return ("---\n" + body + "---\n").replace("\n", newline)


def _kept(part: Part, text: str, keep: set[str]) -> bool:
    return (part.heading or "").strip().lower() in keep or KEEP_MARK in text


def split_target(home: MemoryHome, path: Path) -> Doc:
    """The document `memctl split PATH` splits: the index, or the markdown file PATH names."""
    if not path.is_file() or path.resolve() == Path(home.index.path).resolve():
        return home.index
    rel = Guard(home.root).rel(path)
    if rel is None:
        raise MemctlError("lies outside the home", path)
    return home.find_topic(rel) or load_doc(str(path), rel, home.counter, home.config.section_level, home.cache)


def plan_split(home: MemoryHome, doc: Doc, *, keep: list[str], level: int, into: Path | None,
               today: date, now: datetime) -> SplitPlan:
    """The split of `doc` (the index, or a topic) as a plan; nothing is written."""
    if not 1 <= level <= 6:
        raise MemctlError(f"--level must be between 1 and 6, not {level}")
    guard = Guard(home.root)
    root = Path(home.root)
    folder = Path(doc.path).parent if doc.rel != home.index.rel else root
    target = into if into is not None else (folder / "topics" if doc.rel == home.index.rel else folder)
    into_rel = guard.rel(target if target.is_absolute() else Path.cwd() / target)
    if into_rel is None:
        raise MemctlError(f"--into {target} lies outside the home", home.root)
    into_rel = "" if into_rel == "." else into_rel + "/"
    parsed = doc_from_text(doc.text, doc.path, doc.rel, home, level)
    newline = doc.newline
    keep_set = {k.strip().lower() for k in (*keep, *home.config.core)}
    moves, kept = _moves(home, parsed, level, keep_set, into_rel)
    before = {"lines": doc.lines, "tokens": doc.tokens}
    if not moves:
        return SplitPlan(doc.rel, level, (), tuple(kept), before, before, WritePlan(()), home.counter.name)
    new_source = _rebuild(doc, parsed, moves)
    changes = [FileChange(doc.rel, doc.text, new_source)]
    for move in moves:
        if move.action == "append":
            old = current_text(home.root, move.dest) or ""
            joiner = "" if not old or old.endswith("\n") else newline
            changes.append(FileChange(move.dest, old, old + joiner + move.section_text))
        else:
            fm = _front_matter(move.heading or move.dest, first_sentence(move.section_text),
                               move.dest.rsplit("/", 1)[-1][:-3], today, newline)
            changes.append(FileChange(move.dest, None, fm + move.section_text))
    copy = archive_name(doc.rel, now, taken={d.rel for d in home.archived})
    write = WritePlan((FileChange(copy, None, doc.text), *changes))
    check_plan(home.root, write)
    after = {"lines": len(split_lines(new_source)), "tokens": home.counter.count(new_source)}
    plan = SplitPlan(doc.rel, level, tuple(moves), tuple(kept), before, after, write, home.counter.name, copy)
    verify(home, doc, plan, keep_set, into_rel)
    return plan


def _moves(home: MemoryHome, doc: Doc, level: int, keep: set[str], into_rel: str) -> tuple[list[Move], list[str]]:
    """The sections of `doc` (parsed at `level`) that move, and the headings of those that stay.

    A section stays when it is not at `level`, is kept (`--keep`, config `core`, the keep mark),
    or is so small that the line replacing it would cost as many tokens as it does (index lines an
    earlier split left in it do not count, so a second split makes the same choice).
    """
    newline = doc.newline
    doc_dir = doc.rel.rsplit("/", 1)[0] + "/" if "/" in doc.rel else ""
    taken: set[str] = set()
    moves: list[Move] = []
    kept: list[str] = []
    for part in doc.sections:
        section = doc.text[part.start : part.end]
        if part.level != level or _kept(part, section, keep):
            if part.heading:
                kept.append(part.heading)
            continue
        base = slugify(part.heading or "section")
        slug, n = base, 1
        while slug in taken or f"{into_rel}{slug}.md" == doc.rel:
            n += 1
            slug = f"{base}-{n}"
        dest = f"{into_rel}{slug}.md"
        ending = newline if section.endswith("\n") else ""
        summary = first_sentence(section)
        line = link_line(part.heading or slug, _relative(dest, doc_dir), summary, part.tokens, ending)
        # Whether the section pays for its line is judged on the line it would get without a numbered
        # slug, so the choice does not hang on which other sections move (and a second run agrees).
        judged = link_line(part.heading or slug, _relative(f"{into_rel}{base}.md", doc_dir), summary,
                           home.counter.count(section), ending)
        own = "".join(x for x in split_lines(section) if not _LINK_LINE.match(x))  # lines split left aside
        if home.counter.count(own) <= home.counter.count(judged):
            kept.append(part.heading or "")
            continue
        taken.add(slug)
        action = "append" if os.path.lexists(check_destination(home.root, dest)) else "create"
        moves.append(Move(part.heading or "", part.level, part.start_line, part.end_line, part.tokens, dest,
                          action, line, section.lstrip("\ufeff")))
    return _apart_from_setext(doc, moves), kept


def _apart_from_setext(doc: Doc, moves: list[Move]) -> list[Move]:
    """A link line right above a setext heading (`Title` over `---`) would turn the heading's
    text into a continuation of the list item; a blank line after the link line keeps it a heading."""
    moved = {m.start_line for m in moves}
    following = {a.start_line: b for a, b in pairwise(doc.parts)}
    out = []
    for move in moves:
        after = following.get(move.start_line)
        if (after is not None and after.start_line not in moved and after.level > 0
                and not doc.text[after.start : after.end].lstrip().startswith("#")
                and move.link_line.endswith("\n")):
            move = move._replace(link_line=move.link_line + doc.newline)
        out.append(move)
    return out


def _relative(dest: str, doc_dir: str) -> str:
    import posixpath

    return posixpath.relpath(dest, doc_dir or ".")


def _rebuild(doc: Doc, parsed: Doc, moves: list[Move]) -> str:
    by_start = {m.start_line: m for m in moves}
    out = []
    for part in parsed.parts:
        move = by_start.get(part.start_line) if part.level >= 0 else None
        piece = doc.text[part.start : part.end]
        if move is None:
            out.append(piece)
        else:
            out.append(("\ufeff" if piece.startswith("\ufeff") else "") + move.link_line)
    return "".join(out)


def verify(home: MemoryHome, doc: Doc, plan: SplitPlan, keep: set[str], into_rel: str) -> None:
    """The guarantees, checked on the planned texts: raise GuaranteeError if one fails."""
    changes = {c.rel: c for c in plan.write.changes}
    restored = changes[doc.rel].after
    if plan.archive is None or changes[plan.archive].after != doc.text:
        raise GuaranteeError("the archive copy would not hold the original byte for byte", plan.archive)
    for move in plan.moves:
        change = changes[move.dest]
        if move.action == "append":
            if not (change.before is not None and change.after.startswith(change.before)):
                raise GuaranteeError("an append would change existing text", move.dest)
            tail = change.after[len(change.before) :]
            joiner = tail[: len(tail) - len(move.section_text)]
            landed = tail[len(joiner) :] if joiner in ("", "\n", "\r\n") else tail
        else:
            lines = split_lines(change.after)
            landed = "".join(lines[front_matter_span(lines) :])
        if landed != move.section_text:
            raise GuaranteeError("a moved section would not land byte for byte", move.dest)
        if restored.count(move.link_line) != 1:
            raise GuaranteeError("the index line of a moved section is not unique", doc.rel)
        bom = "\ufeff" if restored.startswith("\ufeff" + move.link_line) else ""
        restored = restored.replace(bom + move.link_line, bom + move.section_text, 1)
    if restored != doc.text:
        raise GuaranteeError("conservation: the original cannot be rebuilt from the outputs", doc.rel)
    again = doc_from_text(changes[doc.rel].after, doc.path, doc.rel, home, plan.level)
    if _moves(home, again, plan.level, keep, into_rel)[0]:
        raise GuaranteeError("a second split would move more: the plan is not stable", doc.rel)


def plan_data(plan: SplitPlan, applied: bool) -> dict[str, object]:
    """The plan as JSON data (documented in the README)."""
    return {
        "source": plan.source,
        "tokenizer": plan.tokenizer,
        "level": plan.level,
        "moves": [{"heading": m.heading, "start_line": m.start_line, "end_line": m.end_line, "tokens": m.tokens,
                   "dest": m.dest, "action": m.action} for m in plan.moves],
        "kept": list(plan.kept),
        "before": plan.before,
        "after": plan.after,
        "archive": [plan.archive] if plan.archive else [],
        "applied": applied,
    }


def render_plan_text(plan: SplitPlan, applied: bool) -> str:
    if not plan.moves:
        return f"nothing to split: {plan.source} has no level-{plan.level} section that is not kept\n"
    lines = [f"split {plan.source} at level {plan.level}: {len(plan.moves)} sections move, {len(plan.kept)} stay"]
    for m in plan.moves:
        where = f"lines {m.start_line}–{m.end_line}, ~{m.tokens:,} tokens"
        lines.append(f"  § {m.heading} ({where}) → {m.dest} ({m.action})")
    b, a = plan.before, plan.after
    lines.append(f"{plan.source}: {b['lines']:,} → {a['lines']:,} lines, {b['tokens']:,} → {a['tokens']:,} tokens "
                 f"({plan.tokenizer})")
    lines.append(f"original copied to {plan.archive}" if applied
                 else "dry run: nothing written (--apply writes, --diff shows the changes)")
    return "\n".join(lines) + "\n"
