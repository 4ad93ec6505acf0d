"""The memory home: the one model of a memory folder that every command reads.

A home is the folder holding the index (`MEMORY.md`). Loading it reads the index, finds the topic
files (linked from the index, or matching the config's globs) and the archive, and sizes every
file and section with the one token counter. Nothing outside the home is ever read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from datetime import date
from functools import cached_property
from itertools import accumulate, pairwise
from stat import S_ISREG

from memctl.errors import InputError
from memctl.markup.markdown import front_matter_span, parse_front_matter, wikilink_target
from memctl.model.cache import Cache
from memctl.model.config import Config, load_config
from memctl.model.tokens import TokenCounter
from memctl.model.walk import walk
from memctl.record import record
from memctl.safe.fsutil import MAX_FILE_BYTES, Guard, check_readable, pending_journals, read_text
from memctl.safe.keys import digest
from memctl.text import split_lines

TYPE_CHECKING = False  # typing and pathlib cost milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable
    from os import PathLike
    from typing import Any

    from memctl.hosts import CapResult, Host, Stack

ARCHIVE_DIRS = ("archive", "memory/archive")
# What a file's brief says it holds or not (lower-cased): lint's suppression comments
# (`<!-- memctl-disable … -->`) and inline expiry tags (`[EXPIRES: 2026-09-30]`)
MARKS = ("memctl-", "[expires:")
KEYS = ("updated", "expires")  # the front matter keys whose line a file's brief keeps (lint names them)
PARSE_VERSION = 13  # 11: the file's lines, characters and bytes, so that a file not read is sized; 12: its brief;
# 13: a front matter date that is no day named at its own line, a file holding a NUL byte not a text file
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


@record
class Part:
    """A slice of a file: its front matter or one section. Parts tile the file exactly."""

    heading: str | None  # None for front matter and the preamble
    level: int  # heading level; 0 for the preamble, -1 for front matter
    start_line: int  # 1-based, inclusive
    end_line: int  # 1-based, inclusive
    start: int  # character offsets into the text
    end: int
    lines: int
    bytes: int
    chars: int
    tokens: int


@record
class Dropped:
    """A run of a file's lines that its host does not load, and the parts (front matter, preamble,
    sections) with lines in it: each one is not loaded in full."""

    first_line: int  # 1-based, inclusive
    last_line: int
    parts: tuple[Part, ...]

    @property
    def lines(self) -> int:
        return self.last_line - self.first_line + 1

    def lines_in(self, part: Part) -> int:
        """How many of the part's lines lie in this run."""
        return max(0, min(self.last_line, part.end_line) - max(self.first_line, part.start_line) + 1)


def unloaded_runs(loaded: Sequence[tuple[int, int]], total: int) -> list[tuple[int, int]]:
    """The runs of lines 1..`total` outside the `loaded` ranges (1-based, inclusive): what a head
    cap drops at the end, a head-and-tail cap in the middle."""
    runs, line = [], 1
    for first, last in sorted(loaded):
        if first > line:
            runs.append((line, first - 1))
        line = max(line, last + 1)
    if line <= total:
        runs.append((line, total))
    return runs


@record
class FrontMatter:
    title: str | None = None
    summary: str | None = None
    skills: tuple[str, ...] = ()
    always: bool = False
    machine_written: bool = False
    updated: date | None = None
    expires: date | None = None
    extra_keys: tuple[str, ...] = ()
    error: InputError | None = None
    lenient: InputError | None = None  # read only as Claude Code reads it: strict YAML fails (lint's MEM102)
    kind: str | None = None  # `type` (Claude Code: user, feedback, project, reference)
    created: date | None = None
    topics: tuple[str, ...] = ()
    consolidate: str | None = None


@record
class Link:
    href: str
    line: int  # 1-based
    target: str | None  # path relative to the home, when the link points inside it
    status: str  # "file", "missing", "outside" or "external"


class Doc:
    """One markdown file of a home. Its sizes and structure are worked out when first asked for
    (from facts cached by content digest), since a dispatch needs few of them.

    A file the cache knows by its stat is not read until its text is asked for (`status` sizes a
    fleet of topics from their facts alone). Should the file then not be the one the cache knew (it
    changed since this run looked at it), its facts are made again from the text read.
    """

    def __init__(self, path: str, rel: str, text: str | None, text_digest: str, facts: dict[str, Any] | None,
                 counter: TokenCounter, guard: Guard, level: int = 2, shared: bool = True,
                 brief: list[Any] | None = None):
        self.path = path
        self.rel = rel  # relative to the home, with `/`
        self._text = text
        self._digest = text_digest
        self._full = facts  # None: not decoded yet (see _facts)
        self._brief = brief if brief is not None else _brief_of(facts)  # type: ignore[arg-type]
        self._counter = counter
        self._guard = guard
        self._level = level
        self._shared = shared  # one of the home's files (its facts and counts are the home's), not a planned text

    def __repr__(self) -> str:
        return f"Doc({self.rel!r})"

    @property
    def text(self) -> str:
        if self._text is None:
            text = read_text(self.path, self.rel)
            try:  # still the stat the cache knows (any change since moves the ctime): the text it hashed
                same = self._counter.cache.file_digest(self.rel, os.stat(self.path)) == self._digest
            except OSError:
                same = False
            found = self._digest if same else digest(text)
            if found != self._digest:  # changed since the stat this run trusted: what is read is what counts
                for name in _DERIVED:
                    self.__dict__.pop(name, None)
                self._digest = found
                self._full = _facts(text, found, self._level, self._counter.cache)
                self._brief = _brief_of(self._full)
            self._text = text
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    @property
    def _facts(self) -> dict[str, Any]:
        """Everything derived from the text (its headings, links, blocks: see `_facts()`). A file
        known by its stat comes with its brief alone (sizes, front matter), which is all `status`
        asks of it; the rest is decoded, or made from the text, when first asked for."""
        if self._full is None:
            self._full = self._counter.cache.get(f"doc:{PARSE_VERSION}:{self._digest}:{self._level}", _valid_body)
            if self._full is None:  # not cached at this section level, or gone since: made from the text
                text = self.text
                if self._full is None:  # (reading it found the file changed, and made them)
                    self._full = _facts(text, self._digest, self._level, self._counter.cache, self._shared)
        return self._full

    @property
    def digest(self) -> str:
        """The digest of the text: the key of everything cached about this file."""
        return self._digest

    @cached_property
    def _lines(self) -> list[str]:
        return split_lines(self.text)

    @property
    def lines(self) -> int:
        return int(self._brief[_LINES])

    def line(self, number: int) -> str:
        """Line `number` (1-based) with its line end; "" for a line the file does not have."""
        return self._lines[number - 1] if 0 < number <= len(self._lines) else ""

    @property
    def bytes(self) -> int:
        return int(self._brief[_BYTES])

    @property
    def chars(self) -> int:
        return int(self._brief[_CHARS])

    @property
    def tokens(self) -> int:
        """The sum of the parts' counts, without building the parts when nothing asked for them
        (`status` needs each topic's total only; 10,000 topics' parts cost 0.4 s), nor its headings
        when the cache has the total."""
        total = self.known_total()
        return total if total is not None else sum(self._part_tokens)

    def known_total(self) -> int | None:
        """`tokens`, if the parts are counted or the cache has their total (the text is not read)."""
        total = self.__dict__.get("_total")
        if total is None:
            if "_part_tokens" in self.__dict__:
                total = sum(self.__dict__["_part_tokens"])
            elif self._shared:
                total = self._counter.known_total(self._digest, self._level, self.chars)
            if total is not None:
                self.__dict__["_total"] = total
        return total

    @property
    def token_job(self) -> tuple[str, list[int], str]:
        """What `tokens` and `parts` count: the text, the offsets where its parts start, its digest."""
        return self.text, part_cuts(self._facts), self._digest

    def known_tokens(self) -> list[int] | None:
        """The tokens of each part, if the cache has them (the text is not read)."""
        return self._counter.known_parts(self.chars, part_cuts(self._facts), self._digest)

    @cached_property
    def _part_tokens(self) -> list[int]:
        """The tokens of each part (MemoryHome.count_tokens sets them for many documents at once)."""
        known = self.known_tokens()
        counts = known if known is not None else self._counter.count_parts(*self.token_job, shared=self._shared)
        self._counted(counts)
        return counts

    def _counted(self, counts: list[int]) -> list[int]:
        """Take `counts` as the parts' tokens, their total kept for the next run (see `tokens`)."""
        if self._shared:
            self._counter.remember_total(self._digest, self._level, counts)
        self.__dict__["_part_tokens"] = counts  # what the cached_property would hold
        self.__dict__["_total"] = sum(counts)
        return counts

    @cached_property
    def front_matter(self) -> FrontMatter:
        brief = self._brief
        return _front_matter(brief[_FM], brief[_FM_ERROR], self.rel, brief[_FM_NOTE])

    @cached_property
    def parts(self) -> tuple[Part, ...]:
        """The front matter part (if any), then the sections; they tile the file."""
        return _parts(self.text, self._lines, self._facts, self._part_tokens)

    @cached_property
    def links(self) -> tuple[Link, ...]:
        return tuple(_resolve_link(self.path, self._guard, href, line + 1) for href, line in self._facts["links"])

    @property
    def wikilinks(self) -> tuple[tuple[str, int], ...]:
        """`[[target]]` links: (the text inside the brackets, 1-based line)."""
        return tuple((inner, line + 1) for inner, line in self._facts["wikilinks"])

    def first_cut(self, cap: CapResult) -> Part | None:
        """The part a head cap cuts through, or the first part it drops whole."""
        return next((p for p in self.parts if cap.state_of(p) != "full"), None)

    def dropped(self, cap: CapResult) -> tuple[Dropped, ...]:
        """What the host does not load of this file, run by run: the one place `status`, `lint`
        (MEM205) and `assemble` learn it from. A head cap drops one run at the end; a head and
        tail cap (OpenClaw) one in the middle, so the sections after it load again."""
        return tuple(Dropped(first, last, tuple(p for p in self.parts if p.start_line <= last and p.end_line >= first))
                     for first, last in unloaded_runs(cap.loaded, self.lines))

    @cached_property
    def blocks(self) -> tuple[tuple[int, int, str], ...]:
        """Code and HTML blocks: first and last line (1-based), and kind."""
        return tuple((a + 1, b, kind) for a, b, kind in self._facts["blocks"])

    @property
    def sections(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.level >= 0)

    def spans(self) -> list[tuple[int, int, str | None]]:
        """Each section's character offsets and heading, as `sections` has them, without sizing or
        counting them, or splitting the file into lines (a query looks into 40,000 sections and
        loads eight)."""
        facts = self._facts
        starts, end = facts["heading_chars"], len(self.text)
        if not starts:
            return [(facts["fm_chars"], end, None)] if facts["fm_chars"] < end else []
        preamble = [(facts["fm_chars"], starts[0], None)] if facts["fm_chars"] < starts[0] else []
        return [*preamble, *zip(starts, [*starts[1:], end], (h[2] for h in facts["headings"]), strict=True)]

    def outline(self) -> tuple[int, int]:
        """How many sections the file has and how many characters they hold, without sizing
        them (front matter aside; a blank preamble counts)."""
        if self._brief[_LEVEL] == self._level:  # known from the brief, without the file's headings
            sections, chars = self._brief[_OUTLINE]
            return sections, chars
        return _outline(self._facts)

    def may_hold(self, mark: str) -> bool:
        """Whether the text, lower-cased, holds `mark` (one of MARKS) anywhere: known without
        reading the file, so that a rule looks into only the files where it can find something."""
        if mark not in MARKS:
            raise ValueError(f"{mark!r} is not one of the marks a file's brief keeps")
        return mark in self._brief[_MARKS]

    def key_line(self, key: str) -> int:
        """The line of front matter key `key` (one of KEYS), 1 when the file has none."""
        return int(self._brief[_KEY_LINES][KEYS.index(key)])

    @property
    def front_matter_lines(self) -> int:
        """How many lines the front matter takes at the top (0 when there is none)."""
        return int(self._brief[_FM_LINES])

    @property
    def stem(self) -> str:
        name = self.rel.rsplit("/", 1)[-1]
        return name[:-3] if name.endswith(".md") else name.rsplit(".", 1)[0]

    @property
    def newline(self) -> str:
        return "\r\n" if "\r\n" in self.text else "\n"


_DERIVED = ("_lines", "_part_tokens", "_total", "front_matter", "parts", "links", "blocks")  # Doc's cached properties


def part_cuts(facts: Mapping[str, Any]) -> list[int]:
    """Where each part of the file but the first starts, in characters: `_bounds` from the facts
    alone, without the text or its lines."""
    lines, fm_lines = facts["lines"], facts["fm_lines"]
    starts = {fm_lines: facts["fm_chars"]}
    for (line, _, _), char in zip(facts["headings"], facts["heading_chars"], strict=True):
        starts[line] = char
    starts.pop(lines, None)
    cuts = [starts[line] for line in sorted(starts)]
    return cuts if fm_lines else cuts[1:]


@record
class Skipped:
    """A link or symlink that memctl refused to follow."""

    path: str  # the file holding the link, or the symlink itself
    line: int | None
    target: str
    reason: str


@record
class MemoryHome:
    """A loaded home: its config, token counter and documents. Built by load_home()."""

    root: str  # the home folder, every symlink resolved
    config: Config
    counter: TokenCounter
    cache: Cache
    index: Doc
    topics: tuple[Doc, ...]
    archived: tuple[Doc, ...]
    linked: frozenset[str]  # topics the index links to
    skipped: tuple[Skipped, ...]
    unreadable: tuple[InputError, ...]  # files and folders (`topics/ops/`) that could not be read; skipped
    wikilinks: tuple[tuple[str, int, str | None], ...]  # the index's [[links]]: text, line, topic it names
    shown: str = "."  # the home as the user named it, for reports
    notices: tuple[str, ...] = ()  # said on loading: an unfinished write, config entries dropped, no cache

    @property
    def host(self) -> Host:
        """The host that loads this home (the config's profile): what commands ask instead of its name."""
        from memctl.hosts import host

        return host(self.config.profile)

    @cached_property
    def index_cap(self) -> CapResult:
        """What the host loads of the index (its `Cap` in memctl/hosts/), worked out once."""
        from memctl.hosts import index_cap

        return index_cap(self)

    @cached_property
    def stack(self) -> Stack | None:
        """Every file the host loads at session start and later, and their problems (memctl/hosts/)."""
        from memctl.hosts import stack

        return stack(self)

    @cached_property
    def start_up(self) -> Stack | None:
        """The files the host loads at session start: what a dispatch needs of `stack`, sooner."""
        from memctl.hosts import stack

        return self.__dict__["stack"] if "stack" in self.__dict__ else stack(self, everything=False)

    @cached_property
    def _always(self) -> set[str]:
        return {found.rel for name in self.config.always for found in self.topics_named(name)}

    def count_tokens(self, docs: Sequence[Doc], totals: bool = False) -> None:
        """Count the documents' tokens together, those not counted yet encoded at once (on threads
        past a megabyte: a cold fleet); their `tokens` and `parts` then read the counts. `totals`:
        only `tokens` will be asked for, so a document whose total the cache has is passed over."""
        todo = []
        for doc in docs:
            if "_part_tokens" not in doc.__dict__ and not (totals and doc.known_total() is not None):
                known = doc.known_tokens()  # without reading the file
                if known is None:
                    todo.append(doc)
                else:
                    doc._counted(known)
        for doc, counts in zip(todo, self.counter.count_many([doc.token_job for doc in todo], shared=True),
                               strict=True):
            doc._counted(counts)

    def find_topic(self, name: str) -> Doc | None:
        """A topic by its path relative to the home, or by its file stem (the first in topic order)."""
        wanted = name.strip().removeprefix("./")
        rels, stems = self._names
        found = [at for at in (rels.get(wanted), rels.get(f"{wanted}.md")) if at is not None]
        at = min(found) if found else stems.get(wanted)
        return None if at is None else self.topics[at]

    def topics_named(self, name: str) -> list[Doc]:
        """The topics a config entry of `always` or `skills` names: a path or a stem (`find_topic`),
        or a pattern, every topic whose stem (`*lessons*`) or, for one with a `/`, whose path
        (`topics/t1?.md`) it matches, in topic order."""
        if not any(c in name for c in "*?["):
            found = self.find_topic(name)
            return [found] if found is not None else []
        from fnmatch import fnmatchcase

        wanted = name.strip().removeprefix("./")
        return [doc for doc in self.topics if fnmatchcase(doc.rel if "/" in wanted else doc.stem, wanted)]

    @cached_property
    def _names(self) -> tuple[dict[str, int], dict[str, int]]:
        """Where each topic path, and each stem first, stands in `topics` (split asks for 6,000 names)."""
        stems: dict[str, int] = {}
        for at, doc in enumerate(self.topics):
            stems.setdefault(doc.stem, at)
        return {doc.rel: at for at, doc in enumerate(self.topics)}, stems

    def is_always(self, doc: Doc) -> bool:
        """Loaded on every dispatch: named in the config's `always`, or marked in front matter."""
        fm = doc.front_matter
        return doc.rel in self._always or fm.always or fm.machine_written

    @property
    def archive_suffix(self) -> str:
        """The ending of the markdown files memctl archives in this home: `.md`, or the one its host
        wants (`Host.archive_suffix`: `.markdown` in Claude Code's auto memory, whose recall lists
        every `.md` file to the model)."""
        from memctl.hosts import archive_suffix

        return archive_suffix(self.config.profile, self.root)

    def archived_as(self, rel: str) -> str:
        """The name a markdown file gets in the archive folder (`archive/topic.md`): with the
        home's archive_suffix for its `.md`."""
        suffix = self.archive_suffix
        return rel[: -len(".md")] + suffix if suffix != ".md" and rel.endswith(".md") else rel

    def warnings(self) -> list[str]:
        return [*self.notices, *(
            f"{s.path}{f':{s.line}' if s.line else ''}: {s.reason}, skipped{f': {s.target}' if s.target else ''}"
            for s in self.skipped
        ), *(f"{error}; skipped" for error in self.unreadable)]

    def save_cache(self) -> None:
        self.cache.save()


def _facts(text: str, text_digest: str, level: int, cache: Cache, shared: bool = True) -> dict[str, Any]:
    """What is derived from a file's text, by its digest: its body (structure, at the section
    level) and its brief (sizes, front matter: see _BRIEF), in one dict; `shared`: the text is one
    of the home's files, not a planned one (see Cache).

    The body is cached on its own; a home file's brief is kept with its stat (load_doc), a planned
    text's beside its body. A body found without its brief (a file changed within the second of
    the run that recorded it) has its brief made again from the text, without parsing its structure."""
    lines: list[str] | None = None
    body = cache.get(f"doc:{PARSE_VERSION}:{text_digest}:{level}", _valid_body)
    if body is None:
        from memctl.markup.structure import structure  # a warm run has every file's facts: no parser, no patterns

        lines = split_lines(text)
        fm_lines = front_matter_span(lines)
        body = structure(lines, fm_lines, level)
        body["fm_lines"] = fm_lines
        offsets = [0, *accumulate(map(len, lines))]
        body["fm_chars"] = offsets[fm_lines]  # where the body starts, and each heading, in characters
        body["heading_chars"] = [offsets[line] for line, _, _ in body["headings"]]
        body["lines"], body["chars"] = len(lines), len(text)
        cache.put(f"doc:{PARSE_VERSION}:{text_digest}:{level}", body, shared)
    brief = None if shared else cache.get(f"dl:{PARSE_VERSION}:{text_digest}:{level}", _valid_brief)
    if brief is None:
        brief = _made_brief(text, split_lines(text) if lines is None else lines, body, level)
        if not shared:
            cache.put(f"dl:{PARSE_VERSION}:{text_digest}:{level}", brief, shared)
    return {**body, **dict(zip(_BRIEF, brief, strict=True))}


def _made_brief(text: str, lines: list[str], body: Mapping[str, Any], level: int) -> list[Any]:
    """A text's brief, from its lines and its body (its front matter parsed, not its structure)."""
    fm_lines = body["fm_lines"]
    fm: dict[str, Any] = {}
    fm_error = fm_note = None
    if fm_lines:
        fm, fm_error, fm_note = parse_front_matter("".join(lines[1 : fm_lines - 1]), 2)
    lowered = text.lower()
    return [PARSE_VERSION, body["lines"], body["chars"], len(text.encode("utf-8", "surrogatepass")), fm_lines, level,
            fm, fm_error, fm_note, [mark for mark in MARKS if mark in lowered], _key_lines(lines), list(_outline(body))]


def _outline(facts: Mapping[str, Any]) -> tuple[int, int]:
    """Doc.outline() from the facts: the file's sections (a blank preamble counts), and the
    characters after its front matter."""
    fm_chars, starts, chars = facts["fm_chars"], facts["heading_chars"], facts["chars"]
    return len(starts) + (fm_chars < (starts[0] if starts else chars)), chars - fm_chars


def _key_lines(lines: list[str]) -> list[int]:
    """The line (1-based) of each of KEYS at the start of a line after the first, before the next
    `---` or `...` line (the front matter's end); 1 for a key not there."""
    found = [1] * len(KEYS)
    todo = set(KEYS)
    for number, line in enumerate(lines[1:], start=2):
        for key in [key for key in todo if line.startswith(f"{key}:")]:
            found[KEYS.index(key)] = number
            todo.discard(key)
        if not todo or line.rstrip("\r\n") in ("---", "..."):
            break
    return found


# A file's brief: what it is sized by, whatever its section level, and its outline at the level it
# was read at, as a list (one JSON array a file: a warm run decodes 10,000 of them). A file known by
# its stat is loaded with its brief alone, kept beside its stat (see Doc._facts and load_doc).
_BRIEF = ("v", "lines", "chars", "bytes", "fm_lines", "level", "fm", "fm_error", "fm_note", "marks", "key_lines",
          "outline")
(_V, _LINES, _CHARS, _BYTES, _FM_LINES, _LEVEL, _FM, _FM_ERROR, _FM_NOTE, _MARKS, _KEY_LINES,
 _OUTLINE) = range(len(_BRIEF))
_INTS = (int,) * (_LEVEL + 1)  # v, lines, chars, bytes, fm_lines, level
_INT = frozenset({int})
_MARK_SET = frozenset(MARKS)
_FM_VALUES = frozenset({str, bool, list})


def _brief_of(facts: Mapping[str, Any]) -> list[Any]:
    """The brief of a file, from its facts, marked with the PARSE_VERSION that made it."""
    return [PARSE_VERSION, *(facts[key] for key in _BRIEF[1:])]


def _rows(value: Any, kinds: tuple[type, ...]) -> bool:
    """A list of rows of exactly these types (`type() is`, so a bool is no int). Kept to C-level
    steps: this runs for every file on every dispatch."""
    if type(value) is not list:
        return False
    for row in value:
        if type(row) is not list or tuple(map(type, row)) != kinds:
            return False
    return True


def _valid_body(facts: Any) -> bool:
    """A cached body of the shape _facts() makes; anything else is a miss."""
    return (isinstance(facts, dict) and type(facts.get("lines")) is int and type(facts.get("fm_lines")) is int
            and _rows(facts.get("headings"), (int, int, str)) and _rows(facts.get("links"), (str, int))
            and _rows(facts.get("wikilinks"), (str, int)) and _rows(facts.get("blocks"), (int, int, str))
            and type(facts.get("fm_chars")) is int and type(chars := facts.get("heading_chars")) is list
            and len(chars) == len(facts["headings"]) and _INT.issuperset(map(type, chars)))


def _valid_brief(brief: Any) -> bool:
    """A brief of the shape _brief_of() makes, by this PARSE_VERSION; anything else is a miss.
    Kept to C-level steps where it can be: a warm run checks one brief a file."""
    if type(brief) is not list or len(brief) != len(_BRIEF) or tuple(map(type, brief[: _LEVEL + 1])) != _INTS:
        return False
    marks, at, fm, outline = brief[_MARKS], brief[_KEY_LINES], brief[_FM], brief[_OUTLINE]
    if (brief[_V] != PARSE_VERSION
            or type(marks) is not list or not _MARK_SET.issuperset(marks)
            or type(at) is not list or len(at) != len(KEYS) or not _INT.issuperset(map(type, at))
            or type(outline) is not list or len(outline) != 2 or not _INT.issuperset(map(type, outline))
            or type(fm) is not dict or not _FM_VALUES.issuperset(map(type, fm.values()))):
        return False
    return (all(isinstance(v, str) for k in ("extra_keys", "skills") for v in fm.get(k, ()))
            and all(found is None or (isinstance(found, dict) and isinstance(found.get("message"), str)
                                      and isinstance(found.get("line"), int))
                    for found in (brief[_FM_ERROR], brief[_FM_NOTE])))


def _front_matter(values: Mapping[str, Any], error: Mapping[str, Any] | None, rel: str,
                  note: Mapping[str, Any] | None = None) -> FrontMatter:
    def day(key: str) -> date | None:
        return date.fromisoformat(values[key]) if values.get(key) else None

    return FrontMatter(
        title=values.get("title") or values.get("name"),  # Claude Code and Letta write name/description
        summary=values.get("summary") or values.get("description"),
        skills=tuple(values.get("skills", ())),
        always=bool(values.get("always", False)),
        machine_written=bool(values.get("machine_written", False)),
        updated=day("updated"),
        expires=day("expires"),
        extra_keys=tuple(values.get("extra_keys", ())),
        error=InputError(error["message"], rel, error["line"]) if error else None,
        lenient=InputError(note["message"], rel, note["line"]) if note else None,
        kind=values.get("type"),
        created=day("created"),
        topics=tuple(values.get("topics", ())),
        consolidate=values.get("consolidate"),
    )


def load_doc(path: str, rel: str, counter: TokenCounter, level: int, cache: Cache, guard: Guard | None = None) -> Doc:
    """One markdown file; `guard` knows the home its links may point into. A file whose stat the
    cache knows, with its facts, is not read here (see Doc); any other is read, hashed, and its
    stat recorded with its digest."""
    guard = guard or Guard(os.path.dirname(os.path.realpath(path)))
    try:
        info: os.stat_result | None = os.stat(path)
    except OSError:
        info = None  # read_text says why
    if info is not None and S_ISREG(info.st_mode) and info.st_size <= MAX_FILE_BYTES:
        found = cache.file_record(rel, info)
        if found is not None:
            known, brief = found
            if _valid_brief(brief):
                return Doc(path, rel, None, known, None, counter, guard, level, brief=brief)
    text = read_text(path, rel)
    text_digest = digest(text)
    facts = _facts(text, text_digest, level, cache)
    if info is not None and S_ISREG(info.st_mode):
        cache.remember_file(rel, info, text_digest, _brief_of(facts))
    return Doc(path, rel, text, text_digest, facts, counter, guard, level)


def doc_from_text(text: str, path: str, rel: str, home: MemoryHome, level: int) -> Doc:
    """A Doc for text that is not (yet) on disk, such as the planned result of a write."""
    text_digest = digest(text)
    facts = _facts(text, text_digest, level, home.cache, shared=False)
    return Doc(path, rel, text, text_digest, facts, home.counter, Guard(home.root), level, shared=False)


def find_home(path: str | PathLike[str], index_name: str = "MEMORY.md") -> str:
    """The home holding PATH: the nearest folder at or above it that holds the index."""
    folder = os.path.realpath(path)
    if not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    while True:
        if os.path.isfile(os.path.join(folder, index_name)):
            return folder
        parent = os.path.dirname(folder)
        if os.path.exists(os.path.join(folder, ".git")) or parent == folder:
            break
        folder = parent
    raise InputError(f"no {index_name} in this folder or above it: not inside a memory home", path)


def _bounds(lines: list[str], facts: dict[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """Character offsets of the lines, the first line of each part, and those plus the end."""
    offsets = [0, *accumulate(map(len, lines))]
    fm_lines = facts["fm_lines"]
    starts = sorted({fm_lines, *(h[0] for h in facts["headings"])} - {len(lines)})
    if fm_lines:
        starts = [0, *starts]
    return offsets, starts, [*starts, len(lines)]


def _parts(text: str, lines: list[str], facts: dict[str, Any], token_parts: list[int]) -> tuple[Part, ...]:
    offsets, starts, bounds = _bounds(lines, facts)
    fm_lines = facts["fm_lines"]
    heading_at = {h[0]: h for h in facts["headings"]}
    parts = []
    for i, (first, stop) in enumerate(pairwise(bounds)):
        if first >= stop:
            continue
        piece = text[offsets[first] : offsets[stop]]
        heading = heading_at.get(first)
        level = -1 if (fm_lines and first == 0) else (heading[1] if heading else 0)
        parts.append(
            Part(
                heading=heading[2] if heading and level > 0 else None,
                level=level,
                start_line=first + 1,
                end_line=stop,
                start=offsets[first],
                end=offsets[stop],
                lines=stop - first,
                bytes=len(piece.encode("utf-8")),
                chars=len(piece),
                tokens=token_parts[i],
            )
        )
    return tuple(parts)


def _resolve_link(doc_path: str, guard: Guard, href: str, line: int) -> Link:
    if not href or href.startswith("#") or _SCHEME.match(href) or href.startswith("//"):
        return Link(href, line, None, "external")
    target = href.split("#", 1)[0].split("?", 1)[0]
    if "%" in target:
        from urllib.parse import unquote

        target = unquote(target)
    if not target:
        return Link(href, line, None, "external")
    base = guard.base if target.startswith("/") else os.path.dirname(doc_path)
    shown = guard.rel(os.path.join(base, target.lstrip("/")))
    if shown is None:
        return Link(href, line, None, "outside")
    return Link(href, line, shown, "file" if os.path.exists(os.path.join(guard.base, shown)) else "missing")


def resolve_home(path: str) -> tuple[str, str | None]:
    """The home folder for PATH (a folder or its index file), and the index name if PATH is one.
    A PATH that is there but cannot be read is said so (a folder at mode 000 is not a home
    without an index)."""
    check_readable(path)
    if os.path.isfile(path):
        return os.path.dirname(os.path.realpath(path)), os.path.basename(path)
    if os.path.isdir(path):
        return os.path.realpath(path), None
    raise InputError("no such file or folder", path)


def load_home(
    path: str | PathLike[str] = ".",
    *,
    config_file: str | PathLike[str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> MemoryHome:
    """Read the home at PATH (a folder, or its index file) into a MemoryHome. `progress` is told
    ("reading files", done, total) as topic and archive files are read."""
    given = os.fspath(path)
    root, index_name = resolve_home(given)
    named_index = index_name is not None  # PATH is the index file itself
    notices: tuple[str, ...] = ()
    if pending_journals(root):  # an interrupted write, or a journal that is not ours: said, never acted on
        from memctl.safe.trust import pending_notices

        notices = tuple(pending_notices(root, given))
    cache = Cache.for_home(root)
    if cache.problem:
        notices += (cache.problem,)
    config = load_config(root, os.fspath(config_file) if config_file is not None else None, overrides, env, cache)
    if not config.cache:
        cache = Cache(None)
    if index_name is None and "/" in config.index_file and os.path.isdir(os.path.join(root, config.index_file[
            : config.index_file.rindex("/")])):
        # A config that names its index in a folder below (a repository's root `.memctl.yaml` with
        # `index: memory/MEMORY.md`): the home is the folder holding the index, so that `status .`
        # and `status memory/` are one memory with one lock, journal, archive, record and cache.
        below = _posix(os.path.normpath(os.path.join(given, config.index_file.rsplit("/", 1)[0])))
        return load_home(below, config_file=config_file, overrides=overrides, env=env, progress=progress)
    counter = TokenCounter(config.tokenizer, cache)
    cache.retire("doc:", f"doc:{PARSE_VERSION}:")  # another version's facts: no run of this one reads them
    index_name = index_name or config.index_file
    index_path = os.path.join(root, index_name)
    if not os.path.lexists(index_path):  # one that is there but not a regular file is named below
        hint = next((f" (found {c}/{index_name}: pass that folder)" for c in ("memory", "home")
                     if os.path.isfile(os.path.join(root, c, index_name))), "")
        shown = _posix(os.path.normpath(os.path.join(given, index_name)))
        raise InputError(f"no {index_name} in this home{hint}", shown)
    guard = Guard(root)
    if not guard.inside(index_path):
        raise InputError("the index is a symlink that resolves outside the home", index_path)
    level = config.section_level
    try:
        index = load_doc(index_path, index_name, counter, level, cache, guard)
    except InputError as error:  # named from where the user stands, as lint names files (not `MEMORY.md:2`)
        named = given if named_index else os.path.join(given, index_name)
        raise InputError(error.message, _posix(os.path.normpath(named)), error.line) from None
    skipped: list[Skipped] = []
    unreadable: list[InputError] = []
    linked: set[str] = set()
    for link in index.links:
        if link.status == "outside":
            skipped.append(Skipped(index.rel, link.line, link.href, "link resolves outside the home"))
        elif link.status == "file" and link.target and link.target.endswith(".md") and link.target != index.rel:
            if not in_archive(link.target):
                linked.add(link.target)
    unread: list[tuple[str, str]] = []  # folders the walks could not list: named, never passed over
    found, passed = walk(root, config.topics, guard, unread)
    skipped.extend(Skipped(rel, None, target, reason) for rel, reason, target in passed)
    walked = {r: k for r, k in found.items() if r != index.rel and not in_archive(r)}
    by_stem = _wikilinks_by_stem(root, index, walked, guard)
    linked.update(by_stem.values())
    candidates = _one_path_each(root, walked, linked)

    done, total = 0, len(candidates)

    def read(rels: list[str]) -> list[Doc]:
        nonlocal done
        docs = []
        for rel in rels:
            done += 1
            if progress is not None:
                progress("reading files", done, total)
            try:
                docs.append(load_doc(os.path.join(root, rel), rel, counter, level, cache, guard))
            except InputError as error:  # one bad file never stops a command that does not need it
                unreadable.append(error)
        return docs

    topics = read(candidates)
    wikilinks = _resolve_wikilinks(index, by_stem, topics)
    linked.update(rel for _, _, rel in wikilinks if rel)
    stored, passed = walk(root, tuple(f"{folder}/**/*.{ext}" for folder in ARCHIVE_DIRS for ext in ("md", "markdown")),
                          guard, unread)
    unreadable.extend(_unread_folders(unread))
    skipped.extend(Skipped(rel, None, target, reason) for rel, reason, target in passed)
    total += len(stored)
    archived = read(list(stored))
    shown = _posix(given) if os.path.isdir(given) else (_posix(os.path.dirname(given)) or ".")
    return MemoryHome(root, config, counter, cache, index, tuple(topics), tuple(archived),
                      frozenset(linked) & {d.rel for d in topics}, tuple(skipped), tuple(unreadable), wikilinks,
                      shown, (*notices, *config.warnings))  # the config's paths and globs it dropped


def _unread_folders(unread: list[tuple[str, str]]) -> list[InputError]:
    """The folders the walks could not list, each once, and none inside another (`memory/` at mode
    000 is said, not also the `memory/archive/` that cannot be entered through it)."""
    named = sorted(dict.fromkeys(unread))
    tops = [(folder, why) for folder, why in named
            if folder == "." or not any(f == "." or folder.startswith(f + "/") for f, _ in named)]
    return [InputError(f"cannot read this folder ({why}): the files in it are not measured",
                       "./" if folder == "." else f"{folder}/") for folder, why in tops]


def _stem(rel: str) -> str:
    return rel.rsplit("/", 1)[-1].removesuffix(".md").lower()


def _wikilinks_by_stem(root: str, index: Doc, walked: dict[str, tuple[int, int]], guard: Guard) -> dict[str, str]:
    """The files the index's `[[slug]]` links name by their stem, found among the topics, or else
    anywhere in the home (Arc keeps them under memory/shared/entries/): one walk, only if needed."""
    wanted = {wikilink_target(inner).lower() for inner, _ in index.wikilinks} - {""}
    if not wanted:
        return {}
    stems: dict[str, str] = {}
    for rel in sorted(walked):
        stems.setdefault(_stem(rel), rel)
    missing = wanted - set(stems)
    if missing:
        everywhere, _ = walk(root, ("**/*.md",), guard)
        for rel in sorted(everywhere):
            if rel != index.rel and not in_archive(rel) and _stem(rel) in missing:
                stems.setdefault(_stem(rel), rel)
    return {name: stems[name] for name in wanted if name in stems}


def _resolve_wikilinks(index: Doc, by_stem: dict[str, str], topics: list[Doc],
                       ) -> tuple[tuple[str, int, str | None], ...]:
    """Each `[[link]]` of the index and the topic it names: by file stem, then by front matter
    title or name (`[[Fleet roster]]`), case folded; None when it names none. The topics' titles
    are read only for a link no stem answers (each title is a topic's front matter: 10,000 of them
    took 50 ms of every warm run of an index without `[[links]]`)."""
    names = [(inner, line, wikilink_target(inner).lower()) for inner, line in index.wikilinks]
    titles: dict[str, str] = {}
    if any(not by_stem.get(name) for _, _, name in names):
        for doc in topics:
            if doc.front_matter.title:
                titles.setdefault(doc.front_matter.title.strip().lower(), doc.rel)
    return tuple((inner, line, by_stem.get(name) or titles.get(name)) for inner, line, name in names)


def _one_path_each(root: str, walked: dict[str, tuple[int, int]], linked: set[str]) -> list[str]:
    """The topics to read: each real file once. A file the index links to is known by the path the
    link resolves to; a file found twice by the walk was already kept once there."""
    chosen: dict[tuple[int, int], str] = {}
    for rel in sorted(linked):
        try:
            info = os.stat(os.path.join(root, rel))
        except OSError:
            continue
        chosen.setdefault((info.st_dev, info.st_ino), rel)
    for rel, key in walked.items():
        chosen.setdefault(key, rel)
    return sorted(chosen.values())


def _posix(path: str) -> str:
    return path.replace(os.sep, "/")


def in_archive(rel: str) -> bool:
    """Whether a path relative to the home lies in one of its archive folders."""
    return any(rel == d or rel.startswith(d + "/") for d in ARCHIVE_DIRS)


def display_path(path: str) -> str:
    """A path relative to the current folder when it lies below it, with `/`."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return _posix(path)
    return _posix(path if relative.startswith("..") else relative)


def code_lines(doc: Doc) -> set[int]:
    """The 1-based lines inside fenced or indented code blocks, where nothing is a directive."""
    return {n for first, last, kind in doc.blocks if kind == "code" for n in range(first, last + 1)}
