"""`memctl split`: a fat index (or topic) becomes a slim one and topic files, losing nothing.

Each section that moves goes to its own topic file, in the host's topic folder under the host's
front matter (`Host.topic_folder`, `Host.front_matter_of`: `topics/` with title, summary, skills and
updated; flat beside Claude Code's MEMORY.md with name, description and type; Volute's
`memory/topics/`), or into an existing one (`--map`), with its relative links rewritten so they
point where they pointed. The index keeps its other sections as they were, and gains one line per
moved section under its `## Topics` heading (config `index_heading`), in the order the sections
stood: `- [Title](topics/slug.md) — summary (~N tokens)` (Claude Code's `- [Title](file.md) —
one-line hook`, the hook ending in the topic's size), N being the topic file's own count. The
guarantees are checked on the planned texts before anything is written.
"""

from __future__ import annotations

import os
import posixpath
import re
from bisect import bisect_left, bisect_right
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from memctl.commands.split_links import place_links
from memctl.errors import GuaranteeError, MemctlError
from memctl.model.home import Doc, MemoryHome, doc_from_text, load_doc
from memctl.model.relink import Edit, relink, targets, unlink
from memctl.safe.fsutil import Guard, check_destination, current_text
from memctl.safe.writer import FileChange, WritePlan, archive_name, check_plan
from memctl.text import split_lines

if TYPE_CHECKING:
    from collections.abc import Callable

    from memctl.hosts.base import Host

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
    summary: str
    section_text: str  # the section as it lands in `dest`: links rewritten for its folder
    original: str  # the section as it stood in the source
    edits: tuple[Edit, ...]  # the link rewrites, to rebuild `original` from `section_text`
    link_line: str = ""  # the line the index gets, newline included (known once the topic's count is)
    offset: int = 0  # where the section starts in the destination's planned text
    title: str = ""  # the heading as the index line shows it (a credential in it cut to four characters)


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
    held: tuple[tuple[str, str], ...] = ()  # sections kept because they hold a secret: (heading, why)
    at_level: int = 0  # how many sections are at the level (all of them stay when nothing moves)
    # the possible credentials of the source, which its archive copy holds too: (line, kind, shown)
    archive_secrets: tuple[tuple[int, str, str], ...] = ()
    carried: tuple[str, ...] = ()  # with --allow-secrets, each credential a moved section takes, and where
    warnings: tuple[str, ...] = ()  # where the index's new links went, when not under its heading; a cut left


class Options(NamedTuple):
    keep: tuple[str, ...] = ()
    level: int = 2
    into: Path | None = None  # relative to the home
    mapping: tuple[tuple[str, str], ...] = ()  # (heading, topic path) from --map and config `map`
    allow_secrets: bool = False


def slugify(heading: str) -> str:
    """An ASCII, lower-case file name stem for a heading in any script. Symbols (✓, →, ★, emoji)
    beside words are dropped first: anyascii spells them as letters (`✓` is `v`), which a file
    name cannot tell from a word; a heading of symbols alone is spelled (`🚀` is `rocket`)."""
    import unicodedata

    from anyascii import anyascii

    words = "".join(c for c in heading if not unicodedata.category(c).startswith("S"))
    if not any(c.isalnum() for c in words):
        words = heading
    ascii_text = anyascii(words).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:60].rstrip("-")
    return slug or "section"


# A tag such as `[SKILLS: deploy]`, `[EXPIRES: 2027-03-01]` or `[STATE: 2026-11-02]`, wherever it
# stands on a line: not prose, so a summary leaves it out (the section keeps it, verbatim, in the
# topic, where lint reads an expiry; a new topic's front matter gets the skills).
_TAG = re.compile(r"\s*\[[A-Z][A-Z_]*:[^\]\n]*\]")
_SKILLS = re.compile(r"\[SKILLS:([^\]\n]*)\]")


def tagged_skills(text: str) -> tuple[str, ...]:
    """The skills the `[SKILLS: a, b]` tags of a section name, in the order they first appear."""
    found = (name.strip() for match in _SKILLS.finditer(text) for name in match.group(1).split(","))
    return tuple(dict.fromkeys(name for name in found if name))


def first_sentence(text: str) -> str:
    """The first sentence of a section's body, as prose: no list or quote markers, checkboxes,
    tags, or link syntax (a link keeps its words)."""
    for line in split_lines(text)[1:]:
        stripped = re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", line.strip())
        stripped = re.sub(r"^\[[ xX]\]\s+", "", stripped)
        stripped = _TAG.sub("", stripped).strip()  # `[SKILLS: …]`, `[EXPIRES: …]`: meaning kept elsewhere
        stripped = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", stripped)
        stripped = re.sub(r"\[\[([^\]|]*)(?:\|([^\]]*))?\]\]", lambda m: m.group(2) or m.group(1), stripped)
        stripped = stripped.replace("**", "").replace("`", "").strip()
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


Pairs = tuple[tuple[str, Any], ...]


def _front_matter(title: str, summary: str, slug: str, today: date, newline: str, host: Host | None = None,
                  skills: tuple[str, ...] = (), inherited: Pairs = ()) -> str:
    """A new topic's front matter, the keys the host's topics have (`Host.front_matter_of`: memctl's
    title, summary, skills and updated; Claude Code's name, description and type) and those it takes
    from the topic it was split from (`inherited_front_matter`), written by hand where each value is
    a plain YAML scalar or one in double quotes, else by ruamel.yaml."""
    from memctl.markup.markdown import front_matter_text

    return front_matter_text(_pairs(title, summary, slug, today, host, skills, inherited), newline)


def _front_matter_yaml(title: str, summary: str, slug: str, today: date, newline: str,
                       host: Host | None = None, skills: tuple[str, ...] = (), inherited: Pairs = ()) -> str:
    from memctl.markup.markdown import front_matter_yaml

    return front_matter_yaml(_pairs(title, summary, slug, today, host, skills, inherited), newline)


def _pairs(title: str, summary: str, slug: str, today: date, host: Host | None,
           skills: tuple[str, ...] = (), inherited: Pairs = ()) -> Pairs:
    """The host's front matter pairs; where they have `skills` (memctl's own, what `assemble --skill`
    selects by), the skills the section's `[SKILLS: …]` tags name join the topic's own slug. The
    pairs `inherited` from a split topic come in: its skills first in `skills`, its values for the
    keys the host writes too (`type`, `updated`), the rest after them."""
    if host is None:
        from memctl.hosts.base import memctl_front_matter

        pairs = memctl_front_matter(title, summary, slug, today)
    else:
        pairs = host.front_matter_of(title, summary, slug, today)
    taken = dict(inherited)
    if "skills" in taken:  # the parent's skills, whether the host's topics carry skills or not
        own = next((value for key, value in pairs if key == "skills" and isinstance(value, list)), [])
        taken["skills"] = list(dict.fromkeys([*taken["skills"], *own, *skills]))
    merged = [(key, taken.pop(key)) if key in taken else
              (key, list(dict.fromkeys([*value, *skills])) if key == "skills" and isinstance(value, list) else value)
              for key, value in pairs]
    return (*merged, *taken.items())


def inherited_front_matter(home: MemoryHome, doc: Doc, today: date) -> Pairs:
    """What each new topic split makes of a topic takes from it, so that the moved text keeps its
    meaning: every skill that selects the topic (its own `skills`, the config's `skills` that name
    it, its stem), `always` (front matter or the config's `always`), `machine_written`, its `type`
    (Claude Code's memory type), `consolidate: dedupe-only` when consolidate treats it so (a lessons
    file), `expires` and `updated` (the moved facts are as old as they were). Its title, summary or
    description are its own, and other keys, whose meaning memctl does not know, are not copied.
    Nothing for the index, whose sections have no front matter to take."""
    if doc.rel == home.index.rel:
        return ()
    from memctl.commands.consolidate import is_dedupe_only

    fm = doc.front_matter
    named = [skill for skill, names in home.config.skills.items()
             if any(found.rel == doc.rel for name in names for found in home.topics_named(name))]
    pairs: list[tuple[str, Any]] = []
    uses_skills = any(key == "skills" for key, _ in home.host.front_matter_of("t", "", "t", today))
    if fm.skills or named or uses_skills:
        pairs.append(("skills", list(dict.fromkeys([*fm.skills, *named, doc.stem]))))
    if fm.always or doc.rel in {found.rel for name in home.config.always for found in home.topics_named(name)}:
        pairs.append(("always", True))
    if fm.machine_written:
        pairs.append(("machine_written", True))
    if isinstance(fm.kind, str) and fm.kind.strip():
        pairs.append(("type", fm.kind.strip()))
    if is_dedupe_only(home, doc) and not fm.machine_written:
        pairs.append(("consolidate", "dedupe-only"))
    if fm.expires:
        pairs.append(("expires", fm.expires))
    if fm.updated:
        pairs.append(("updated", fm.updated))
    return tuple(pairs)


def split_target(home: MemoryHome, path: Path) -> Doc:
    """The document `memctl split PATH` splits: the index, or the markdown file PATH names."""
    if not path.is_file() or path.resolve() == Path(home.index.path).resolve():
        return home.index
    rel = Guard(home.root).rel(path)
    if rel is None:
        raise MemctlError("lies outside the home", path)
    return home.find_topic(rel) or load_doc(str(path), rel, home.counter, home.config.section_level, home.cache)


def _into(home: MemoryHome, doc: Doc, into: Path | None) -> str:
    """The folder new topics go to, relative to the home, with a trailing `/` ("" for the home)."""
    if into is None:  # the host's topic folder (`Host.topic_folder`) beside the index; a topic's siblings
        folder = posixpath.dirname(doc.rel)
        own = home.host.topic_folder.strip("/") if doc.rel == home.index.rel else ""
        target = posixpath.normpath(posixpath.join(folder, own)) if folder or own else ""
        return "" if target in ("", ".") else target + "/"
    path = into if into.is_absolute() else Path(home.root) / into
    rel = Guard(home.root).rel(path)
    if rel is None:
        raise MemctlError(f"--into {into} lies outside the home", home.root)
    return "" if rel == "." else rel + "/"


def _mapping(home: MemoryHome, options: Options) -> dict[str, str]:
    found = {}
    for heading, dest in (*home.config.split_map.items(), *options.mapping):
        dest = dest.strip().removeprefix("./")
        if not dest.endswith(".md"):
            raise MemctlError(f"--map {heading}={dest}: a topic is a .md file inside the home")
        check_destination(home.root, dest)
        found[heading.strip().lower()] = dest
    return found


def plan_split(home: MemoryHome, doc: Doc, options: Options, *, today: date, now: datetime) -> SplitPlan:
    """The split of `doc` (the index, or a topic) as a plan; nothing is written."""
    if not 1 <= options.level <= 6:
        raise MemctlError(f"--level must be between 1 and 6, not {options.level}")
    into_rel = _into(home, doc, options.into)
    mapping = _mapping(home, options)
    parsed = doc_from_text(doc.text, doc.path, doc.rel, home, options.level)
    keep = {k.strip().lower() for k in (*options.keep, *home.config.core, home.config.index_heading)}
    moves, kept, held = _moves(home, parsed, options, keep, into_rel, mapping)
    before = {"lines": doc.lines, "tokens": doc.tokens}
    inherited = inherited_front_matter(home, doc, today) if moves else ()
    if not moves:
        return SplitPlan(doc.rel, options.level, (), tuple(kept), before, before, WritePlan(()), home.counter.name,
                         held=tuple(held), at_level=sum(part.level == options.level for part in parsed.sections))
    newline = doc.newline
    dest_texts: dict[str, tuple[str | None, str]] = {}  # dest -> (text before, text after)
    dest_pieces: dict[str, list[str]] = {}  # what each dest's text is joined from (to count it)
    offsets: dict[int, int] = {}
    for move in moves:
        old, new = dest_texts.get(move.dest, (None, None))
        if new is None:
            old = current_text(home.root, move.dest) if move.action == "append" else None
            new = old if old is not None else _front_matter(move.heading or move.dest, move.summary,
                                                             move.dest.rsplit("/", 1)[-1][:-3], today, newline,
                                                             home.host, tagged_skills(move.original), inherited)
        joiner = "" if not new or new.endswith("\n") else newline
        offsets[move.start_line] = len(new) + len(joiner)
        dest_texts[move.dest] = (old, new + joiner + move.section_text)
        dest_pieces[move.dest] = [*dest_pieces.get(move.dest, [new]), joiner, move.section_text]
    doc_dir = posixpath.dirname(doc.rel)
    counts = {dest: home.counter.count_joined(pieces) for dest, pieces in dest_pieces.items()}
    moves = [m._replace(offset=offsets[m.start_line],
                        link_line=link_line(m.title or m.dest, posixpath.relpath(m.dest, doc_dir or "."),
                                            m.summary, counts[m.dest], newline))
             for m in moves]
    new_source, inserted = _rebuild(parsed, moves, home.config.index_heading)
    if not _heads(home, doc, new_source, home.config.index_heading):
        # the source ends inside an open code fence: the list goes before its last section instead
        new_source, inserted = _rebuild(parsed, moves, home.config.index_heading, before_last=True)
    block = "".join(m.link_line if m.link_line.endswith("\n") else m.link_line + doc.newline for m in moves)
    new_source, inserted, warnings = place_links(
        home, parsed, options.level, {m.start_line for m in moves}, keep, block,
        lambda line: _rebuild(parsed, moves, home.config.index_heading, after=line), (new_source, inserted))
    changes = [FileChange(doc.rel, doc.text, new_source)]
    changes += [FileChange(dest, old, new) for dest, (old, new) in dest_texts.items()]
    copy = archive_name(doc.rel, now, taken={d.rel for d in home.archived}, suffix=home.archive_suffix)
    write = WritePlan((FileChange(copy, None, doc.text), *changes))
    check_plan(home.root, write)
    after = {"lines": len(split_lines(new_source)), "tokens": home.counter.count(new_source)}
    archive_secrets, carried = _secrets_of(home, doc, moves)
    plan = SplitPlan(doc.rel, options.level, tuple(moves), tuple(kept), before, after, write, home.counter.name, copy,
                     tuple(held), archive_secrets=archive_secrets, carried=carried, warnings=tuple(warnings))
    verify(home, parsed, plan, inserted, options, keep, into_rel, mapping)  # its parts at the level that moves
    return plan


def _secrets_of(home: MemoryHome, doc: Doc, moves: list[Move]
                ) -> tuple[tuple[tuple[int, str, str], ...], tuple[str, ...]]:
    """The source's possible credentials (line, kind, first four characters), which the archive
    copy of it holds as it does, and, for a section --allow-secrets moves, one line for each
    credential it takes: `MEMORY.md:5: § Keys ghp_… moved to topics/keys-ghp.md with a possible …`."""
    from memctl.model.secrets import cached_findings, finding_lines, redact, shown

    found = finding_lines(doc.text, cached_findings(doc.text, doc.digest, home.cache))
    secrets = tuple((first + 1, kind, shown(secret)) for first, _, kind, secret in found)
    carried = tuple(f"{doc.rel}:{line}: § {redact(m.heading)} moved to {m.dest} with a possible {kind} ({seen}) "
                    "(--allow-secrets)"
                    for m in moves for line, kind, seen in secrets if m.start_line <= line <= m.end_line)
    return secrets, carried


def archive_note(plan: SplitPlan, applied: bool) -> str:
    """What the archive copy of the source holds: the credentials the source holds, named."""
    if not plan.archive_secrets or plan.archive is None:
        return ""
    count = len(plan.archive_secrets)
    named = "; ".join(f"{plan.source}:{line} {seen}" for line, _, seen in plan.archive_secrets)
    what = f"{count} possible {'credential' if count == 1 else 'credentials'}"
    if applied:
        return (f"{plan.archive}, the copy of the original, holds {what} as {plan.source} did ({named}); "
                "`memctl undo` takes the split back, the copy too; else delete the copy when you no longer need it")
    return f"--apply first copies {plan.source} to {plan.archive}, which will hold its {what} ({named})"


def _moves(home: MemoryHome, doc: Doc, options: Options, keep: set[str], into_rel: str, mapping: dict[str, str],
           ) -> tuple[list[Move], list[str], list[tuple[str, str]]]:
    """The sections of `doc` (parsed at the level) that move, the headings of those that stay, and
    those held back because they hold a secret.

    A section stays when it is not at the level, is kept (`--keep`, config `core`, the index
    heading, the keep mark, a heading the host reads from the index itself: `Host.kept_sections`),
    holds a secret (unless `--allow-secrets`), or is so small that the line
    replacing it would cost as many tokens as it does (index lines an earlier split left in it do not
    count, so a second split makes the same choice).
    """
    from memctl.model.secrets import find_secrets, held_back, redact

    doc_dir = posixpath.dirname(doc.rel)
    taken: set[str] = set()
    moves: list[Move] = []
    kept: list[str] = []
    held: list[tuple[str, str]] = []
    counter = home.counter
    links = _Links(doc)
    dests: set[str] = set()  # of the moves so far
    # the parts were counted each on its own: their counts stand for their texts (not encoded again)
    exact = counter.exact_parts(doc.text, [part.start for part in doc.parts[1:]])
    for part in doc.sections:
        section = doc.text[part.start : part.end]
        if exact:
            counter.remember(section, part.tokens)
        heading = (part.heading or "").strip()
        if (part.level != options.level or heading.lower() in keep or KEEP_MARK in section
                or heading.startswith(home.host.kept_sections)):
            if part.heading:
                kept.append(part.heading)
            continue
        secret = None if options.allow_secrets else next(find_secrets(section), None)
        if secret is not None:
            kind, start, end = secret
            held.append((heading, held_back(kind, section[start:end], "moves it")))
            kept.append(heading)
            continue
        # The index is sent with every request: what of a moved section it keeps (the line's title,
        # the file's name, the summary) holds no secret, even when --allow-secrets moves one.
        title = redact(heading) if options.allow_secrets else heading
        base = slugify(title or "section")
        dest = mapping.get(heading.lower())
        if dest is None:
            slug, n = base, 1
            while slug in taken or f"{into_rel}{slug}.md".lower() == doc.rel.lower():  # not the index (macOS)
                n += 1
                slug = f"{base}-{n}"
            dest = f"{into_rel}{slug}.md"
        summary = _summary(home, dest, section, options.allow_secrets)
        # Whether the section pays for its line is judged on the line it would get without a numbered
        # slug and with its own first sentence as the summary (not that of a topic an earlier run made),
        # and on its text without the white space around it, so the choice does not hang on which
        # other sections move, on what exists already, or on the line ends a split adds (and a second
        # run agrees).
        judged = link_line(heading or base, posixpath.relpath(mapping.get(heading.lower(), f"{into_rel}{base}.md"),
                                                              doc_dir or "."), first_sentence(section),
                           counter.count(section), "\n")
        own = "".join(x for x in split_lines(section) if not _LINK_LINE.match(x))  # lines split left aside
        if counter.count_prefix(own.strip(), section) <= counter.count(judged):
            kept.append(heading)
            continue
        taken.add(dest.rsplit("/", 1)[-1][:-3])
        original = section.lstrip("\ufeff")
        hrefs = set(links.within(part.start_line, part.end_line))
        landed, edits = relink(original, hrefs, doc_dir, posixpath.dirname(dest))
        exists = os.path.lexists(check_destination(home.root, dest)) or dest in dests
        dests.add(dest)
        action = "append" if exists else "create"
        moves.append(Move(heading, part.level, part.start_line, part.end_line, part.tokens, dest, action, summary,
                          landed, original, edits, title=title))
    return moves, kept, held


class _Links:
    """A document's links by line: those on a part's lines found by bisection, not by a pass over
    all of them for each part (6,000 parts and as many links)."""

    def __init__(self, doc: Doc):
        self.links = sorted(doc._facts["links"], key=lambda link: link[1])
        self.lines = [line for _, line in self.links]  # 0-based

    def within(self, start_line: int, end_line: int) -> list[str]:
        """The hrefs on 1-based lines start_line to end_line."""
        low, high = bisect_left(self.lines, start_line - 1), bisect_right(self.lines, end_line - 1)
        return [href for href, _ in self.links[low:high]]


def _summary(home: MemoryHome, dest: str, section: str, allow_secrets: bool = False) -> str:
    """The index line's summary: an existing topic's front matter summary (or description) wins.
    A credential in it is cut to four characters (a section holding one moves only with
    --allow-secrets; a topic's front matter is not checked before)."""
    from memctl.model.secrets import redact

    topic = home.find_topic(dest)
    if topic is not None and topic.front_matter.summary:
        return redact(topic.front_matter.summary.strip())
    sentence = first_sentence(section)
    return redact(sentence) if allow_secrets else sentence


def _heads(home: MemoryHome, doc: Doc, text: str, heading: str) -> bool:
    """Whether `heading` is a heading of `text` (and not, say, a line inside a code fence)."""
    parsed = doc_from_text(text, doc.path, doc.rel, home, 6)
    return any((p.heading or "").strip().lower() == heading.strip().lower() for p in parsed.sections)


def _rebuild(doc: Doc, moves: list[Move], index_heading: str, before_last: bool = False, after: int | None = None,
             ) -> tuple[str, list[tuple[int, str]]]:
    """The source without the moved sections, with their index lines under the index heading (or,
    with `after`, right after that line of the source, in a part that stays: where the host loads
    them, `split_links.place_links`).

    Returns the text and what memctl inserted into it (offset, text): the index lines, the heading
    (when the source had none), line ends, a blank line that keeps a setext heading apart from the
    paragraph that now precedes it, and a BOM that stood on a moved first section.
    """
    moved = {m.start_line for m in moves}
    out: list[str] = []
    inserted: list[tuple[int, str]] = []
    length = 0

    def put(text: str, ours: bool) -> None:
        nonlocal length
        if ours and text:
            inserted.append((length, text))
        out.append(text)
        length += len(text)

    parts = list(doc.parts)
    if parts and parts[0].start_line in moved and doc.text.startswith("\ufeff"):
        put("\ufeff", True)
    block = "".join(m.link_line if m.link_line.endswith("\n") else m.link_line + doc.newline for m in moves)
    home_part = None if after is not None else next(
        (p for p in parts if p.start_line not in moved and p.level > 0
         and (p.heading or "").strip().lower() == index_heading.strip().lower()), None)
    previous_removed = False
    kept_parts = [p for p in parts if not (p.level >= 0 and p.start_line in moved)]
    last = kept_parts[-1] if before_last and home_part is None and kept_parts else None
    for part in parts:
        if part.level >= 0 and part.start_line in moved:
            previous_removed = True
            continue
        piece = doc.text[part.start : part.end]
        if part is last:
            text = "".join(out).lstrip("\ufeff")
            lead = "" if not text or text.endswith(("\n\n", "\r\n\r\n")) else (
                doc.newline if text.endswith("\n") else doc.newline * 2)
            put(lead + f"## {index_heading}{doc.newline}{doc.newline}" + block + doc.newline, True)
            home_part = part  # placed: nothing more to add at the end
            previous_removed = False
        if previous_removed and out and part.level > 0 and not piece.lstrip().startswith("#") \
                and not "".join(out).endswith(("\n\n", "\r\n\r\n")):
            put(doc.newline, True)  # a setext heading must not follow a paragraph line
        previous_removed = False
        if part is home_part and part is not last:
            _join_list(piece, block, doc.newline, put, following=part is not kept_parts[-1])
        elif after is not None and part.start_line <= after <= part.end_line:
            cut = len("".join(split_lines(piece)[: after - part.start_line + 1]))
            put(piece[:cut], False)
            if not piece[:cut].endswith("\n"):  # the file's last line, without its line end
                put(doc.newline, True)
            put(block, True)
            put(piece[cut:], False)
        else:
            put(piece, False)
    if home_part is None and after is None:
        text = "".join(out).lstrip("\ufeff")
        if not text or text.endswith(("\n\n", "\r\n\r\n")):
            lead = ""
        else:
            lead = doc.newline if text.endswith("\n") else doc.newline * 2
        put(lead + f"## {index_heading}{doc.newline}{doc.newline}" + block, True)
    return "".join(out), inserted


_LIST_LINE = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]|[ \t]+\S")  # an item, or a line carrying one on


def _join_list(piece: str, block: str, newline: str, put: Callable[[str, bool], None], following: bool) -> None:
    """The index heading's section with the new index lines after its own: at the end of its list
    (before the blank lines that end the section), one list; after a blank line when the section
    ends in anything else (its heading, a paragraph); and a blank line before the heading that
    follows, when the section had none."""
    lines = split_lines(piece)
    blank = len(lines)
    while blank > 1 and not lines[blank - 1].strip():
        blank -= 1
    body, trailing = "".join(lines[:blank]), "".join(lines[blank:])
    put(body, False)
    if not body.endswith("\n"):  # the file's last line, without its line end
        put(newline, True)
    if not _LIST_LINE.match(lines[blank - 1]):
        put(newline, True)
    put(block, True)
    put(trailing, False)
    if following and not trailing:
        put(newline, True)


def verify(home: MemoryHome, doc: Doc, plan: SplitPlan, inserted: list[tuple[int, str]], options: Options,
           keep: set[str], into_rel: str, mapping: dict[str, str], stable: bool = True) -> None:
    """The guarantees, checked on the planned texts (`doc` parsed at the level that moves): raise
    GuaranteeError if one fails. `stable`: also that a second split would move nothing."""
    changes = {c.rel: c for c in plan.write.changes}
    if plan.archive is None or changes[plan.archive].after != doc.text:
        raise GuaranteeError("the archive copy would not hold the original byte for byte", plan.archive)
    new_source = changes[doc.rel].after
    kept_text, last = [], 0
    for at, text in inserted:  # what remains once memctl's own insertions are taken out
        if new_source[at : at + len(text)] != text:
            raise GuaranteeError("conservation: the index's new lines are not where the plan put them", doc.rel)
        kept_text.append(new_source[last:at])
        last = at + len(text)
    kept_text.append(new_source[last:])
    by_start = {m.start_line: m for m in plan.moves}
    links = _Links(doc)
    kept_source = "".join(kept_text)
    position = rebuilt = 0  # how far the kept text is matched, and the original rebuilt (never copied whole)
    for change in (changes[m.dest] for m in plan.moves):
        if change.before is not None and not change.after.startswith(change.before):
            raise GuaranteeError("an append would change existing text", change.rel)
    for part in doc.parts:
        move = by_start.get(part.start_line) if part.level >= 0 else None
        if move is None:
            piece = doc.text[part.start : part.end]
            if not kept_source.startswith(piece, position):
                raise GuaranteeError("conservation: a section that stays would change", doc.rel)
            if not doc.text.startswith(piece, rebuilt):
                raise GuaranteeError("conservation: the original cannot be rebuilt from the outputs", doc.rel)
            position += len(piece)
            rebuilt += len(piece)
            continue
        landed = changes[move.dest].after[move.offset : move.offset + len(move.section_text)]
        restored = unlink(landed, move.edits)
        if restored != move.original:
            raise GuaranteeError("a moved section would not land whole (its text, links aside)", move.dest)
        if doc.text.startswith("\ufeff", part.start, part.end):
            restored = "\ufeff" + restored
        if not doc.text.startswith(restored, rebuilt):
            raise GuaranteeError("conservation: the original cannot be rebuilt from the outputs", doc.rel)
        rebuilt += len(restored)
        moved_in = doc_from_text(landed, os.path.join(home.root, move.dest), move.dest, home, options.level)
        if targets([h for h, _ in moved_in._facts["links"]], posixpath.dirname(move.dest)) != \
                targets(links.within(part.start_line, part.end_line), posixpath.dirname(doc.rel)):
            raise GuaranteeError("a moved link would point somewhere else", move.dest)
    if position != len(kept_source) or rebuilt != len(doc.text):
        raise GuaranteeError("conservation: the original cannot be rebuilt from the outputs", doc.rel)
    if not stable:
        return
    again = doc_from_text(new_source, doc.path, doc.rel, home, options.level)
    if _moves(home, again, options, keep, into_rel, mapping)[0]:
        raise GuaranteeError("a second split would move more: the plan is not stable", doc.rel)


def saved_options(options: Options) -> dict[str, object]:
    """What a plan file records of how its split was asked for (`--plan-out`), so that
    `--apply-plan` checks a second split would move nothing, as `--apply` does."""
    return {"keep": list(options.keep), "level": options.level,
            "into": None if options.into is None else options.into.as_posix(),
            "mapping": [list(pair) for pair in options.mapping], "allow_secrets": options.allow_secrets}


def _options_of(saved: object) -> Options | None:
    """The options a plan file records; None when it records none (or not as `saved_options` writes them)."""
    if not isinstance(saved, dict):
        return None
    keep, level, into, mapping, secrets = (saved.get(k) for k in ("keep", "level", "into", "mapping",
                                                                     "allow_secrets"))
    good = (isinstance(keep, list) and all(isinstance(k, str) for k in keep) and isinstance(level, int)
            and 1 <= level <= 6 and (into is None or isinstance(into, str)) and isinstance(mapping, list)
            and all(isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m) for m in mapping)
            and isinstance(secrets, bool))
    if not good:
        return None
    return Options(tuple(keep), level, None if into is None else Path(into),  # type: ignore[arg-type]
                   tuple((m[0], m[1]) for m in mapping), bool(secrets))  # type: ignore[union-attr]


def _inserted(kept: str, new: str, index_heading: str) -> list[tuple[int, str]] | None:
    """Where `new`, the source a saved plan writes, holds more than `kept`, the text of the sections
    that stay: (offset, text) of each line split adds (blank lines, the index heading, index link
    lines; a line end after a last line that had none, a byte-order mark a moved first section
    had). None when `new` is not `kept` with such lines added: a section that stays was changed."""
    heading = re.compile(rf"^#{{1,6}}[ \t]+{re.escape(index_heading.strip())}[ \t]*#*[ \t]*\r?\n?$", re.IGNORECASE)
    inserted: list[tuple[int, str]] = []
    at = position = 0
    if new.startswith("\ufeff") and not kept.startswith("\ufeff"):
        inserted.append((0, "\ufeff"))
        at = 1
    for line in split_lines(new[at:]):
        bare = line.rstrip("\r\n")
        if kept.startswith(line, position):
            position += len(line)
        elif not line.strip() or _LINK_LINE.match(line) or heading.match(line):
            inserted.append((at, line))
        elif bare != line and kept[position:] == bare:  # the last line, now with a line end
            position = len(kept)
            inserted.append((at + len(bare), line[len(bare):]))
        else:
            return None
        at += len(line)
    return inserted if position == len(kept) else None


def verify_saved(home: MemoryHome, write: WritePlan, summary: dict[str, Any]) -> None:
    """The checks `verify` runs on a plan split makes, run on a plan read from a file
    (`--apply-plan`), which anyone may have edited since: the archive copy holds the original byte
    for byte, the sections that stay are unchanged, each moved section lands whole (its links
    rewritten, nothing else) in its topic, appends only add, the plan writes no other file, and
    (when the plan file says how the split was asked for) a second split would move nothing.
    Raises GuaranteeError naming the check that fails."""
    source, level, archive, saved = (summary.get(k) for k in ("source", "level", "archive", "moves"))
    if not (isinstance(source, str) and isinstance(level, int) and 1 <= level <= 6 and isinstance(archive, list)
            and len(archive) == 1 and isinstance(archive[0], str) and isinstance(saved, list)
            and all(isinstance(m, dict) and isinstance(m.get("start_line"), int) and isinstance(m.get("dest"), str)
                    for m in saved)):
        raise GuaranteeError("it does not say what it splits (its summary is not as --plan-out writes it)")
    changes = {c.rel: c for c in write.changes}
    if len(changes) != len(write.changes):
        raise GuaranteeError("it writes a file twice")
    change = changes.get(source)
    if change is None or change.before is None or change.removed:
        raise GuaranteeError("it does not rewrite the file it splits", source)
    path = home.index.path if source == home.index.rel else os.path.join(home.root, source)
    doc = doc_from_text(change.before, path, source, home, level)
    copy = changes.get(archive[0])
    if copy is None or copy.before is not None or copy.removed:
        raise GuaranteeError("the archive copy would not hold the original byte for byte", archive[0])
    options = _options_of(summary.get("options"))
    parts = {part.start_line: part for part in doc.sections if part.level == level}
    links = _Links(doc)
    doc_dir = posixpath.dirname(source)
    cursor: dict[str, int] = {}
    moves = []
    for item in sorted(saved, key=lambda m: m["start_line"]):
        part, dest = parts.get(item["start_line"]), changes.get(item["dest"])
        if part is None:
            raise GuaranteeError(f"it moves a section that does not start at line {item['start_line']}", source)
        if dest is None or dest.removed or dest.rel in (source, archive[0]):
            raise GuaranteeError(f"the section at line {part.start_line} would land in no topic", item["dest"])
        original = doc.text[part.start : part.end].lstrip("\ufeff")
        landed, edits = relink(original, set(links.within(part.start_line, part.end_line)), doc_dir,
                               posixpath.dirname(dest.rel))
        offset = dest.after.find(landed, cursor.get(dest.rel, len(dest.before or "")))
        if offset < 0:
            raise GuaranteeError("a moved section would not land whole (its text, links aside)", dest.rel)
        cursor[dest.rel] = offset + len(landed)
        moves.append(Move(part.heading or "", part.level, part.start_line, part.end_line, part.tokens, dest.rel,
                          "create" if dest.before is None else "append", "", landed, original, edits,
                          offset=offset))
    for rel, other in changes.items():
        if rel not in (source, archive[0], *cursor):
            raise GuaranteeError("it writes a file into which no section moves", rel)
        if other.removed:
            raise GuaranteeError("it removes a file, which split never does", rel)
    moved = {m.start_line for m in moves}
    kept = "".join(doc.text[p.start : p.end] for p in doc.parts if not (p.level >= 0 and p.start_line in moved))
    inserted = _inserted(kept, change.after, home.config.index_heading)
    if inserted is None:
        raise GuaranteeError("conservation: a section that stays would change", source)
    plan = SplitPlan(source, level, tuple(moves), (), {}, {}, write, home.counter.name, archive[0])
    if options is None:
        verify(home, doc, plan, inserted, Options(level=level), set(), "", {}, stable=False)
        return
    keep = {k.strip().lower() for k in (*options.keep, *home.config.core, home.config.index_heading)}
    verify(home, doc, plan, inserted, options, keep, _into(home, doc, options.into), _mapping(home, options))


def plan_data(plan: SplitPlan, applied: bool) -> dict[str, object]:
    """The plan as JSON data (documented in docs/commands.md)."""
    return {
        "source": plan.source,
        "tokenizer": plan.tokenizer,
        "level": plan.level,
        "moves": [{"heading": m.heading, "start_line": m.start_line, "end_line": m.end_line, "tokens": m.tokens,
                   "dest": m.dest, "action": m.action, "links_rewritten": len(m.edits)} for m in plan.moves],
        "kept": list(plan.kept),
        "held": [{"heading": h, "reason": why} for h, why in plan.held],
        "before": plan.before,
        "after": plan.after,
        "archive": [plan.archive] if plan.archive else [],
        "archive_secrets": [{"path": plan.archive, "line": line, "kind": kind, "shown": seen}
                            for line, kind, seen in plan.archive_secrets] if plan.archive else [],
        "warnings": list(plan.warnings),
        "applied": applied,
    }


def render_plan_text(plan: SplitPlan, applied: bool) -> str:
    held = [f"  kept § {heading}: {why}" for heading, why in plan.held]
    if not plan.moves:
        why = (f"{plan.source} has no level-{plan.level} section to move" if not plan.at_level else
               f"none of the {plan.at_level} level-{plan.level} sections of {plan.source} is worth moving (each is "
               "kept by name or mark, or no larger than the index line that would replace it)")
        return "\n".join([f"nothing to split: {why}", *held]) + "\n"
    count = len(plan.moves)
    lines = [f"split {plan.source} at level {plan.level}: {count} {'section moves' if count == 1 else 'sections move'}"
             f", {len(plan.kept)} stay"]
    for m in plan.moves:
        where = f"lines {m.start_line}–{m.end_line}, ~{m.tokens:,} tokens"
        links = f", {len(m.edits)} {'link' if len(m.edits) == 1 else 'links'} rewritten" if m.edits else ""
        lines.append(f"  § {m.heading} ({where}) → {m.dest} ({m.action}{links})")
    lines += held
    b, a = plan.before, plan.after
    lines.append(f"{plan.source}: {b['lines']:,} → {a['lines']:,} lines, {b['tokens']:,} → {a['tokens']:,} tokens "
                 f"({plan.tokenizer})")
    if not applied:  # once applied, what was written is said on stderr (`written_lines`): stdout holds the plan
        lines.append("dry run: nothing written (--apply writes, --diff shows the changes)")
        if archive_note(plan, applied):
            lines.append(archive_note(plan, applied))
    return "\n".join(lines) + "\n"


def written_lines(plan: SplitPlan) -> list[str]:
    """What an applied split says on stderr, last `wrote N files`, as every command that writes says it."""
    from memctl.words import plural

    copied = [f"original copied to {plan.archive}"] if plan.archive else []
    note = [archive_note(plan, True)] if archive_note(plan, True) else []
    return [*copied, *note, f"wrote {plural(sum(1 for c in plan.write.changes if c.before != c.target), 'file')}"]
