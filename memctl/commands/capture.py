"""`memctl capture`: the lessons and decisions of a session, saved before compaction loses them.

The text comes from a Claude Code transcript (JSONL: the user's and the assistant's text, by
default since the last compaction) or from stdin. Candidates are the lines an agent marked
(`Lesson:`, `Decision:`, `Root cause:` …, also after a time stamp, `- 07:22 Decision: …`), or the
lines a user's extractor command printed. Each new
one becomes one dated list item at the end of the lessons file, with where it came from; one
already there (dates, markers, punctuation and white space aside) is not added again, one that
holds a credential is never written, and nothing already in the file is rewritten.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date

from memctl.errors import GuaranteeError, InputError, MemctlError
from memctl.safe.writer import FileChange, WritePlan, check_plan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.model.home import MemoryHome

MARKERS = ("Lesson", "Learned", "Decision", "Decided", "Root cause", "Dead end", "Remember")
_NAMES = "|".join(m.replace(" ", r"\s+") for m in MARKERS)
# a time stamp before the label, as in daily notes (`- 07:22 Decision: …`): HH:MM or HH:MM:SS,
# am/pm after it or not, then white space or a dash (`07:22 — Lesson: …`, `7:22pm - Decision: …`)
_STAMP = r"(?:\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?:\s*[-–—]\s*|\s+))?"
# `Lesson: …`, `- Decision: …`, `**Root cause:** …`, `**Dead end**: …`, `> Remember: …`, `1. Learned: …`
_MARKED = re.compile(
    rf"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[[ xX]\]\s+)?{_STAMP}"
    rf"(?:(?P<b>\*\*|__)(?P<m1>{_NAMES})(?::(?P=b)|(?P=b)\s*:)|(?P<m2>{_NAMES})\s*:)\s*(?P<body>.*)$",
    re.IGNORECASE)
# a reason on the next line: `Because …`, `Since …`, `Reason: …`, `Why: …`, `So that …`
_REASON = re.compile(r"^\s*(?:[-*+]\s+)?(?:because|since|so that|reason\s*:|why\s*:)", re.IGNORECASE)
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_ORIGIN = re.compile(r"\((?:session|stdin|transcript|from)\b[^()]*\)\s*$", re.IGNORECASE)
_MARKER_WORD = re.compile(rf"\b(?:{_NAMES})\s*:", re.IGNORECASE)
_WORDS = re.compile(r"[^\W_]+")
MAX_CANDIDATE = 1000  # characters; a longer "lesson" from an extractor is not one
MAX_EXTRACTED = 50  # an extractor that prints more candidates than this is flooding


@dataclass
class Turn:
    number: int  # 1-based, counted over the whole transcript, so it is the same on every run
    role: str  # user or assistant
    text: str


@dataclass
class Source:
    """Where the text came from, for each lesson's provenance."""

    label: str  # "session 3f2a1b2c" or "stdin"
    turns: list[Turn]
    window: str  # "turns 12–41, since the last compaction", "42 lines"
    skipped: int = 0  # transcript lines that were not JSON


@dataclass
class Candidate:
    marker: str
    body: str
    origin: str  # "session 3f2a1b2c, turn 41"
    kept: bool = False
    why: str = ""  # "new", "already in LESSONS.md (line 12)", "holds a credential …"

    @property
    def text(self) -> str:
        return f"{self.marker}: {self.body}"


@dataclass
class CapturePlan:
    lessons: str  # the lessons file, relative to the home
    source: Source
    candidates: list[Candidate]
    write: WritePlan
    warnings: list[str] = field(default_factory=list)
    link_line: int = 0  # where the index gets its link to a new lessons file (0: it gets none)
    link_refused: str = ""  # why it gets none, when the lessons file is new and the index does not link it

    @property
    def added(self) -> list[Candidate]:
        return [c for c in self.candidates if c.kept]


def lessons_file(home: MemoryHome) -> str:
    """The config's `lessons`, else the host's (`Host.lessons`: OpenClaw's LESSONS.md beside
    MEMORY.md, Volute's memory/topics/lessons.md, lessons.md in Claude Code's flat memory folder,
    topics/lessons.md for the rest)."""
    return home.config.lessons or home.host.lessons


# --- reading the session -----------------------------------------------------------------------


def _text_of(content: object) -> str:
    """The text of a message's content: a string, or the `text` blocks of a list (tool calls,
    tool results, images and thinking are not what was said)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(block["text"] for block in content if isinstance(block, dict)
                         and block.get("type") == "text" and isinstance(block.get("text"), str))
    return ""


def read_transcript(path: str, last: int | None = None) -> Source:
    """The user and assistant turns of a Claude Code transcript: the last `last`, or (by default)
    those after the last compaction boundary (`{"type": "system", "subtype": "compact_boundary"}`).

    The summary Claude Code writes after compacting (`isCompactSummary`) and meta messages are not
    turns of the session; lines that are not JSON objects (a line being written) are skipped and
    counted, but a file with no JSON line at all is not a transcript.
    """
    from memctl.safe.fsutil import read_bytes

    raw = read_bytes(path, path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError("the transcript is not UTF-8 text", path, raw[: exc.start].count(b"\n") + 1) from None
    turns: list[Turn] = []
    boundary = 0  # turns before the last compaction boundary
    session = ""
    skipped, seen = 0, 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            skipped += 1
            continue
        if not isinstance(event, dict):
            skipped += 1
            continue
        seen += 1
        session = session or str(event.get("sessionId") or event.get("session_id") or "")
        kind = event.get("type")
        if kind == "system" and (event.get("subtype") == "compact_boundary"
                                 or (isinstance(event.get("message"), dict)
                                     and event["message"].get("subtype") == "compact_boundary")):
            boundary = len(turns)
            continue
        if kind not in ("user", "assistant") or event.get("isCompactSummary") or event.get("isMeta"):
            continue
        message = event.get("message")
        said = _text_of(message.get("content") if isinstance(message, dict) else None).strip()
        if said:
            turns.append(Turn(len(turns) + 1, str(kind), said))
    if seen == 0 and text.strip():
        raise InputError("not a Claude Code transcript: no line is a JSON object", path, 1)
    if last is not None:
        chosen = turns[-last:] if last > 0 else []
        window = f"the last {len(chosen)} turns"
    else:
        chosen = turns[boundary:]
        window = "since the last compaction" if boundary else "the whole session"
    if chosen:
        window = f"turns {chosen[0].number}–{chosen[-1].number}, {window}" if len(chosen) > 1 \
            else f"turn {chosen[0].number}, {window}"
    label = f"session {session[:8]}" if session else f"transcript {os.path.basename(path)}"
    return Source(label, chosen, window, skipped)


def from_text(text: str, label: str = "stdin") -> Source:
    """Plain text or markdown (stdin): one turn."""
    from memctl.words import plural

    return Source(label, [Turn(0, "text", text)] if text.strip() else [], plural(len(text.splitlines()), "line"))


def lesson_count(home: MemoryHome, lessons_rel: str) -> int:
    """How many list items the lessons file holds (an extractor is told, to judge what is new)."""
    text = next((d.text for d in home.topics if d.rel == lessons_rel), "")
    return sum(1 for line in text.splitlines() if line.lstrip()[:2] in ("- ", "* "))


# --- finding candidates ------------------------------------------------------------------------


def _canonical(marker: str) -> str:
    spaced = " ".join(marker.split())
    return next(m for m in MARKERS if m.lower() == spaced.lower())


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of the lines outside code and HTML blocks."""
    from memctl.markup.structure import structure
    from memctl.text import split_lines

    lines = split_lines(text)
    inside: set[int] = set()
    for first, last, _ in structure(lines, 0, 2)["blocks"]:
        inside.update(range(first, last))
    return [(i + 1, line.rstrip("\r\n")) for i, line in enumerate(lines) if i not in inside]


def _one_line(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def marked(text: str) -> Iterator[tuple[int, str, str]]:
    """(line, marker, body) for each marked line of `text`, with its reason when the next line
    gives one (`Because …`) and its body from the next line when the marker stands alone."""
    lines = _prose_lines(text)
    i = 0
    while i < len(lines):
        number, line = lines[i]
        match = _MARKED.match(line)
        i += 1
        if match is None:
            continue
        marker = _canonical(match.group("m1") or match.group("m2"))
        body = _one_line(match.group("body"))
        if not body and i < len(lines) and lines[i][1].strip() and not _MARKED.match(lines[i][1]):
            body = _one_line(lines[i][1].lstrip("-*+ "))
            i += 1
        if body and i < len(lines) and _REASON.match(lines[i][1]):
            body = f"{body} {_one_line(lines[i][1].strip().lstrip('-*+ '))}"
            i += 1
        if body:
            yield number, marker, body


def find_candidates(source: Source) -> list[Candidate]:
    """The offline extractor: the marked lines of every turn, in order."""
    out = []
    for turn in source.turns:
        for line, marker, body in marked(turn.text):
            where = f"turn {turn.number}" if turn.number else f"line {line}"
            out.append(Candidate(marker, body, f"{source.label}, {where}"))
    return out


def run_extractor(command: str, source: Source, lessons_rel: str, existing: int, timeout: float,
                  ) -> tuple[list[Candidate], list[str]]:
    """The user's extractor: the session's text on stdin, one candidate a line on stdout.

    Raises MemctlError when it cannot run, fails, hangs or writes what is not UTF-8 text; lines it
    printed that are not one lesson (control characters, over MAX_CANDIDATE characters, past
    MAX_EXTRACTED) are dropped with a warning.
    """
    from memctl.commands.proc import filter_text

    text = "".join(f"## {t.role} (turn {t.number})\n\n{t.text}\n\n" if t.number else t.text for t in source.turns)
    env = {**os.environ, "MEMCTL_LESSONS_FILE": lessons_rel, "MEMCTL_LESSONS_COUNT": str(existing)}
    out, problem = filter_text(command, text, timeout, env, what="the extractor", allow_empty=True)
    if out is None:
        raise MemctlError(f"{problem}; nothing was written")
    candidates: list[Candidate] = []
    warnings: list[str] = []
    dropped = 0
    for number, line in enumerate(out.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if any(ord(c) < 32 and c != "\t" for c in line) or len(line) > MAX_CANDIDATE:
            warnings.append(f"extractor line {number} is not a one-line lesson (control characters or over "
                            f"{MAX_CANDIDATE:,} characters); dropped")
            continue
        if len(candidates) >= MAX_EXTRACTED:
            dropped += 1
            continue
        match = _MARKED.match(line)
        if match is not None and (match.group("body") or "").strip():
            marker, body = _canonical(match.group("m1") or match.group("m2")), _one_line(match.group("body"))
        else:
            marker, body = "Lesson", _one_line(re.sub(r"^(?:[-*+]\s+|\d+[.)]\s+)", "", line))
        candidates.append(Candidate(marker, body, f"{source.label}, extractor"))
    if dropped:
        warnings.append(f"the extractor printed {dropped + MAX_EXTRACTED:,} candidates; only the first "
                        f"{MAX_EXTRACTED} are considered")
    return candidates, warnings


# --- deciding what is new ----------------------------------------------------------------------


def lesson_key(text: str) -> str:
    """What makes two lessons the same: their words, without dates, markers, provenance, case,
    punctuation or white space."""
    text = _ORIGIN.sub("", text.strip())
    text = _MARKER_WORD.sub(" ", _DATE.sub(" ", text))
    return " ".join(_WORDS.findall(text.lower()))


def _existing(text: str) -> dict[str, int]:
    """The key of each line already in the lessons file, and its line number (front matter aside)."""
    from memctl.markup.markdown import front_matter_span
    from memctl.text import split_lines

    lines = split_lines(text)
    start = front_matter_span(lines)
    keys: dict[str, int] = {}
    for number, line in enumerate(lines[start:], start + 1):
        if line.lstrip().startswith("#"):
            continue
        key = lesson_key(line)
        if key:
            keys.setdefault(key, number)
    return keys


CAPTURED = "## Captured"  # the section captured lessons go to, so they never land under another topic's heading


def _last_heading(text: str) -> str | None:
    """The file's last heading below the title (`## …` or deeper), as written; None when it has none."""
    from memctl.markup.markdown import front_matter_span
    from memctl.markup.structure import structure
    from memctl.text import split_lines

    lines = split_lines(text)
    headings = [h for h in structure(lines, front_matter_span(lines), 6)["headings"] if h[1] >= 2]
    return lines[headings[-1][0]].strip() if headings else None


@dataclass
class IndexView:
    """The index as capture needs it: its path and text, and which lines of a text of it the host
    loads (`CapResult.loaded`; None: all of them)."""

    rel: str
    text: str
    loaded: Callable[[str], tuple[tuple[int, int], ...]] | None = None
    heading: str = "Topics"  # the config's index_heading: the section whose links a new one joins first


LESSONS_TITLE = "Lessons"
LESSONS_HOOK = "lessons and decisions captured from sessions"


def index_view(home: MemoryHome) -> IndexView:
    """The home's index, with the host's load cap worked out for any text it may be given."""
    from memctl.hosts import apply_cap, injection
    from memctl.model.home import doc_from_text

    index = home.index

    def loaded(text: str) -> tuple[tuple[int, int], ...]:
        if text == index.text:
            return home.index_cap.loaded
        injected = injection(home)  # OpenClaw: what the files before MEMORY.md leave it
        doc = doc_from_text(text, index.path, index.rel, home, home.config.section_level)
        return apply_cap(doc, home.config.budgets, home.counter,
                         injected.memory_chars if injected is not None else None).loaded

    return IndexView(index.rel, index.text, loaded, home.config.index_heading)


def lessons_front_matter(home: MemoryHome, lessons_rel: str, today: date) -> str:
    """The front matter a new lessons file gets: the host's topic front matter where its topics
    carry it (Claude Code's recall reads each memory file's `description` and `type`), else none."""
    if not home.host.lessons_front_matter:
        return ""
    from memctl.markup.markdown import front_matter_text

    stem = posixpath.basename(lessons_rel).rsplit(".", 1)[0]
    return front_matter_text(home.host.front_matter_of(LESSONS_TITLE, LESSONS_HOOK, stem, today))


_TOP_LINK = re.compile(r"^[-*+][ \t]+\[[^\]\n]*\]\([^)\n]*\)")
TRIES = 5  # places tried for the link, each checked against the host's cap


def _spans(ranges: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in ranges) or "none"


def place_link(index: IndexView, line: str) -> tuple[str | None, int, str]:
    """The index with `line` added where its host loads it, the line's number, and a note: in the
    index heading's section (config `index_heading`, which `split` keeps) when it has one in the
    loaded part, after its last link or right under the heading; with no such section, a new one at
    the end when the end loads; else after the last link line of the loaded part; the new text's cap
    checked each time.
    (None, 0, why) when no place inside the loaded part takes it."""
    from memctl.commands.memory_store import appended
    from memctl.markup.structure import structure
    from memctl.text import split_lines

    lines = split_lines(index.text)
    newline = "\r\n" if "\r\n" in index.text else "\n"
    loaded = index.loaded(index.text) if index.loaded is not None else ((1, len(lines)),) if lines else ()

    def within(ranges: tuple[tuple[int, int], ...], number: int) -> bool:
        return any(a <= number <= b for a, b in ranges)

    facts = structure(lines, 0, 6)
    inside = {n for first, last, _ in facts["blocks"] for n in range(first + 1, last + 1)}
    links = [n for n, text in enumerate(lines, 1) if n not in inside and within(loaded, n) and _TOP_LINK.match(text)]
    section = next(((at + 1, nxt) for (at, _, title), nxt in zip(
        facts["headings"], [*(h[0] for h in facts["headings"][1:]), len(lines)], strict=True)
        if title.strip().lower() == index.heading.strip().lower()), None)
    if section is not None and any(section[0] < n <= section[1] for n in links):
        links = [n for n in links if section[0] < n <= section[1]]
    places = [len(lines)] if not lines or within(loaded, len(lines)) else []
    if section is not None and within(loaded, section[0]):  # the index heading's section first
        ours = [n for n in links if section[0] < n <= section[1]]
        places = [ours[-1] if ours else section[0], *places]  # after its last link, or right under its heading
    last = next((h for h in reversed(facts["headings"]) if h[1] <= 2), None)
    in_movable_section = last is not None and last[1] == 2  # the end lies in a section `split` may move
    for after in reversed(links[-TRIES:]):
        while after < len(lines) and lines[after].strip() and lines[after][:1] in " \t":
            after += 1  # past the item's indented continuation lines
        if after not in places:
            places.append(after)
    for after in places:
        if after == len(lines) and section is None and in_movable_section:
            # No section of links yet: the link opens one under the index heading, which `split` keeps
            # (appended into the last section, the next split would move it out with that section).
            text = appended(index.text, f"\n## {index.heading}\n\n{line.rstrip()}")
            number = len(split_lines(text))
            now = index.loaded(text) if index.loaded is not None else ((1, number),)
            if within(now, number):
                return text, number, ""
            continue
        if after == len(lines):
            text = appended(index.text, line)
        else:
            text = "".join(lines[:after]) + line.rstrip("\n") + newline + "".join(lines[after:])
        now = index.loaded(text) if index.loaded is not None else ((1, len(lines) + 1),)
        if not within(now, after + 1):
            continue
        pushed = [n for n in range(1, len(lines) + 1) if within(loaded, n)
                  and not within(now, n if n <= after else n + 1)]
        note = ""
        if pushed:
            shown = lines[pushed[0] - 1].strip()
            shown = shown if len(shown) <= 60 else shown[:59] + "…"
            note = (f"{index.rel} is cut by its host's load cap (lines {_spans(loaded)} of {len(lines)} load): the "
                    f"link goes in at line {after + 1}, inside what loads, and pushes "
                    f"{'line' if len(pushed) == 1 else f'{len(pushed)} lines from'} {pushed[0]} ({shown!r}) out of "
                    "it; `memctl split` slims the index")
        return text, after + 1, note
    why = (f"no link to it was added to {index.rel}: its host loads only lines {_spans(loaded)} of {len(lines)}, and "
           f"no place among the links there keeps a new line inside what loads; link it by hand within those "
           f"lines, or slim the index (`memctl split`)")
    return None, 0, why


def plan_capture(root: str, lessons_rel: str, source: Source, candidates: list[Candidate], today: date,
                 index: IndexView | None = None, front_matter: str = "") -> CapturePlan:
    """Decide each candidate (new, already there, a credential) and the text to append. `index`:
    when the lessons file is new and the index does not link to it, a link line is added where the
    host loads the index (`place_link`), so that the host's agent (and memctl) can find the lessons;
    with no such place the lessons are still captured and a warning says why the link is not.
    `front_matter` heads a new lessons file (the host's, `lessons_front_matter`)."""
    from memctl.commands.memory_store import appended
    from memctl.model.secrets import find_secrets
    from memctl.safe.fsutil import check_destination, current_text

    check_destination(root, lessons_rel)
    before = current_text(root, lessons_rel)
    seen = _existing(before or "")
    batch: dict[str, int] = {}
    new_lines = []
    for i, candidate in enumerate(candidates, 1):
        key = lesson_key(candidate.text)
        secret = next(iter(find_secrets(candidate.text)), None)
        if secret is not None:
            candidate.why = f"holds what looks like a credential ({secret[0]}); never written"
        elif not key:
            candidate.why = "no words"
        elif key in seen:
            candidate.why = f"already in {lessons_rel} (line {seen[key]})"
        elif key in batch:
            candidate.why = f"the same as candidate {batch[key]}"
        else:
            batch[key] = i
            candidate.kept, candidate.why = True, "new"
            new_lines.append(f"- {today.isoformat()} — {candidate.text} ({candidate.origin})")
    warnings = [f"dropped a candidate from {c.origin}: it {c.why.split(';')[0]}" for c in candidates
                if c.why.startswith("holds")]
    link_line, refused = 0, ""
    if not new_lines:
        write = WritePlan(())
    else:
        body = "\n".join(new_lines) + "\n"
        if before is None:
            after = f"{front_matter}# Lessons\n\n{CAPTURED}\n\n{body}"
        else:
            after = appended(before, body if _last_heading(before) in (None, CAPTURED) else f"\n{CAPTURED}\n\n{body}")
        if before is not None and not after.startswith(before):
            raise GuaranteeError("the new lessons would change text already in the file; nothing was written",
                                 lessons_rel)
        changes = [FileChange(lessons_rel, before, after)]
        if before is None and index is not None and not _links_to(index.text, index.rel, lessons_rel):
            href = posixpath.relpath(lessons_rel, posixpath.dirname(index.rel) or ".")
            linked, link_line, note = place_link(index, f"- [{LESSONS_TITLE}]({href}) — {LESSONS_HOOK}\n")
            if linked is not None:
                changes.append(FileChange(index.rel, index.text, linked))
            else:
                refused = note = f"{lessons_rel} is new, but {note}"
            if note:
                warnings.append(note)
        write = WritePlan(tuple(changes))
        check_plan(root, write)
    return CapturePlan(lessons_rel, source, candidates, write, warnings, link_line, refused)


def _links_to(index_text: str, index_rel: str, rel: str) -> bool:
    href = posixpath.relpath(rel, posixpath.dirname(index_rel) or ".")
    return re.search(rf"\]\(\s*<?(?:\./)?{re.escape(href)}[)#\s>]", index_text) is not None


def plan_data(plan: CapturePlan, applied: bool) -> dict[str, object]:
    """The plan as JSON data (documented in docs/commands.md)."""
    return {
        "lessons_file": plan.lessons,
        "source": plan.source.label,
        "window": plan.source.window,
        "candidates": [{"marker": c.marker, "text": c.body, "origin": c.origin, "kept": c.kept, "why": c.why}
                       for c in plan.candidates],
        "added": len(plan.added),
        "index_linked": len(plan.write.changes) > 1,
        "index_link_line": plan.link_line or None,
        "index_link_refused": plan.link_refused or None,
        "applied": applied,
    }


def render_text(plan: CapturePlan, applied: bool) -> str:
    from memctl.model.secrets import redact
    from memctl.words import plural

    lines = [f"capture: {plural(len(plan.candidates), 'candidate')} from {plan.source.label} ({plan.source.window})"]
    for c in plan.candidates:
        mark = "+" if c.kept else ("!" if c.why.startswith("holds") else "=")
        shown = redact(c.text) if not c.why.startswith("holds") else f"{c.marker}: (not shown)"
        lines.append(f"  {mark} {shown}" + ("" if c.kept else f"  [{c.why}]"))
    if len(plan.write.changes) > 1:
        lines.append(f"  {plan.write.changes[1].rel}: a link to {plan.lessons}, which is new, at line {plan.link_line}")
    elif plan.link_refused:
        lines.append(f"  {plan.lessons} is new, and not linked from the index (see the warning)")
    count = plural(len(plan.added), "new lesson")
    if not plan.added:
        lines.append(f"nothing new for {plan.lessons}")
    elif applied:  # what was written is said on stderr (`written_line`): stdout holds the plan
        lines.append(f"{count} for {plan.lessons}")
    else:
        lines.append(f"{count} for {plan.lessons}; --apply writes {'it' if len(plan.added) == 1 else 'them'}")
    return "\n".join(lines) + "\n"


def written_line(plan: CapturePlan) -> str:
    """What an applied capture says on stderr, last, as every command that writes says what it wrote."""
    from memctl.words import plural

    linked = [f", a link to it in {c.rel}" for c in plan.write.changes[1:]]
    return (f"wrote {plural(len(plan.write.changes), 'file')}: {plural(len(plan.added), 'new lesson')} added to "
            f"{plan.lessons}" + "".join(linked))
