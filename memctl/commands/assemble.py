"""`memctl assemble`: the context bundle for one dispatch, within a token budget.

The bundle is a sequence of blocks (one a file, plus frame, note and notice blocks). Every block
ends with a newline and the next starts with `<`, where the BPE pre-tokenizer always splits, so
the bundle's token count is the sum of its blocks' counts, each cached by digest: an unchanged
folder is assembled without loading the tokenizer.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date
from itertools import accumulate

from memctl.commands.bundle import (
    FORMATS,
    MACHINE_NOTE,
    Entry,
    Omission,
    frame,
    render_block,
    render_note,
    render_notice,
    section_label,
)
from memctl.commands.query import MAX_SECTIONS, Scored, rank_home
from memctl.errors import MemctlError
from memctl.hosts import CapResult
from memctl.model.home import Doc, MemoryHome, Part
from memctl.record import record
from memctl.safe.fsutil import Guard
from memctl.text import split_lines
from memctl.words import plural

NO_ROOM = "did not fit the dispatch budget"  # what was selected and left out for want of room (not a topic budget)


@record
class AssembleOptions:
    skills: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    query: str | None = None
    budget: int | None = None
    format: str = "md"
    include_expired: bool = False
    keep_front_matter: bool = False
    max_sections: int | None = None  # query excerpts at most (default 8)
    allow_secrets: bool = False  # bundle a query excerpt even when it holds what looks like a credential


@record
class Bundle:
    """What assemble made: the text written to stdout, and what went in and what did not."""

    tokenizer: str
    budget: int
    format: str
    entries: list[Entry]
    omitted: list[Omission]
    text: str
    tokens: int
    warnings: list[str]
    context: tuple[tuple[str, int], ...] = ()  # context files the host loads besides the bundle, with tokens
    ranked: tuple[Scored, ...] = ()  # the sections the query matched, chosen or not (for --explain)
    unknown_skills: tuple[str, ...] = ()

    @property
    def context_tokens(self) -> int:
        return sum(tokens for _, tokens in self.context)

    @property
    def strict_failures(self) -> list[Omission]:
        return [o for o in self.omitted if o.selected]


@record
class Candidate:
    doc: Doc
    reasons: list[str]


def skill_names(skills: tuple[str, ...]) -> tuple[str, ...]:
    """`--skill a,b` and repeated `--skill`, each name once, in order."""
    return tuple(dict.fromkeys(name.strip() for item in skills for name in item.split(",") if name.strip()))


def select_topics(home: MemoryHome, opts: AssembleOptions) -> tuple[list[Candidate], list[str], list[str]]:
    """Topics in load order (always, machine-written, skills, explicit), each once; the warnings;
    and the skills that matched no topic."""
    chosen: dict[str, Candidate] = {}
    warnings: list[str] = []
    unknown: list[str] = []

    def add(doc: Doc, reason: str) -> None:
        candidate = chosen.setdefault(doc.rel, Candidate(doc, []))
        if reason not in candidate.reasons:
            candidate.reasons.append(reason)

    for name in home.config.always:
        named = home.topics_named(name)
        if not named:
            warnings.append(f"config always names {name!r}, which is not a topic of this home")
        for doc in named:
            add(doc, "always")
    for doc in home.topics:
        if doc.front_matter.machine_written:
            add(doc, "machine-written")
        elif home.is_always(doc):
            add(doc, "always")
    for skill in skill_names(opts.skills):
        matched = False
        for name in home.config.skills.get(skill, ()):
            named = home.topics_named(name)
            if not named:
                warnings.append(f"skill {skill!r} names {name!r} in the config, which is not a topic")
            for doc in named:
                add(doc, f"skill {skill}")
                matched = True
        for doc in home.topics:
            if skill in doc.front_matter.skills or doc.stem == skill:
                add(doc, f"skill {skill}")
                matched = True
        if not matched:
            warnings.append(f"skill {skill!r} matches no topic")
            unknown.append(skill)
    for name in opts.topics:
        topic = home.find_topic(name)
        if topic is None:
            if _outside(home, name):  # never a topic (those all lie inside): refused, and never read
                raise MemctlError(f"--topic {name!r} points outside the home; only topics inside it are loaded")
            unreadable = next((e for e in home.unreadable if e.path in (name, f"{name}.md")
                               or (e.path or "").rsplit("/", 1)[-1] in (name, f"{name}.md")), None)
            if unreadable is not None:
                raise unreadable
            raise MemctlError(f"no topic {name!r} in this home (try `memctl status` for the list)")
        add(topic, "requested")
    return list(chosen.values()), warnings, unknown


def _outside(home: MemoryHome, name: str) -> bool:
    """Whether a topic's name, taken as a path relative to the home (or absolute), resolves outside it."""
    guard = Guard(home.root)
    return any(guard.rel(os.path.join(home.root, path)) is None for path in (name, f"{name}.md"))


class Packer:
    """Adds blocks while the budget lasts; every count is of the block exactly as rendered.

    A block fits when the bundle with it, and with the notice naming everything omitted so far,
    stays within the budget less `reserve` (room kept for what later blocks may add to the notice).
    """

    def __init__(self, home: MemoryHome, fmt: str, budget: int, reserve: int,
                 memo: dict[tuple[object, ...], int] | None = None):
        self.home, self.fmt, self.budget, self.reserve = home, fmt, budget, reserve
        # counts of a topic's blocks, by where they lie in the file, kept from one packing to the
        # next (a 30 MB topic's block was rendered and hashed again for each of them: 1.4 s warm)
        self.memo = memo if memo is not None else {}
        self.count: Callable[[str], int] = home.counter.count
        head, tail = frame(fmt)
        self.used = (self.count(head) if head else 0) + (self.count(tail) if tail else 0)
        self.entries: list[Entry] = []
        self.omitted: list[Omission] = []
        self.note_added = False
        self._notice_memo: dict[tuple[int, int], int] = {}

    def _number(self) -> int:
        return len(self.entries) + 1

    def cost(self, entry: Entry, key: tuple[object, ...] | None = None) -> int:
        """Tokens the entry adds: its block, and the note before the first machine-written file.
        `key` names the entry's content (a file and offsets), so that its count is kept in `memo`."""
        number = self._number()
        noted = entry.machine_written and not self.note_added
        if key is not None:
            key = (*key, number, noted, self.fmt)
            if key in self.memo:
                return self.memo[key]
        if noted:
            tokens = self.count(render_note(number, self.fmt)) + self.count(render_block(entry, number + 1, self.fmt))
        else:
            tokens = self.count(render_block(entry, number, self.fmt))
        if key is not None:
            self.memo[key] = tokens
        return tokens

    def notice_cost(self, omitted: list[Omission], extra_entries: int) -> int:
        notice = render_notice(omitted, self._number() + extra_entries, self.fmt, self.budget,
                               self.home.counter.name)
        return self.count(notice) if notice else 0

    def fits(self, entry: Entry, would_omit: list[Omission] | None = None, key: tuple[object, ...] | None = None
             ) -> bool:
        """Whether the entry fits; if so its cost is kept for add()."""
        if would_omit:
            notice = self.notice_cost(self.omitted + would_omit, 1)
        else:  # `omitted` only ever grows, so its length and the block number name the notice
            named = (len(self.omitted), self._number())
            if named not in self._notice_memo:
                self._notice_memo[named] = self.notice_cost(self.omitted, 1)
            notice = self._notice_memo[named]
        entry.tokens = self.cost(entry, key)
        return self.used + entry.tokens + notice + self.reserve <= self.budget

    def add(self, entry: Entry) -> None:
        """Add an entry that fits() just accepted."""
        self.used += entry.tokens
        if entry.machine_written and not self.note_added:
            self.note_added = True
            note = Entry("memctl:note", ["read first"], MACHINE_NOTE + "\n")
            note.tokens = self.count(render_note(self._number(), self.fmt))
            entry.tokens -= note.tokens
            self.entries.append(note)
        self.entries.append(entry)


def _lines_text(lines: list[str], doc: Doc, cap: CapResult, ranges: list[tuple[int, int]] | None = None) -> str:
    """The lines the host loads (or, given `ranges`, those of them the bundle keeps), as the host
    sends them: without the lines it strips (Claude Code's front matter and block HTML comments,
    `CapResult.stripped`), with a note where it drops a run between them (a head and tail cap)."""
    out: list[str] = []
    before = {run.last_line + 1: run for run in doc.dropped(cap)}
    stripped = {n for first, last in cap.stripped for n in range(first, last + 1)}
    for i, (first, last) in enumerate(cap.loaded if ranges is None else ranges):
        run = before.get(first)
        if i and run is not None:
            out.append(f"<!-- memctl: lines {run.first_line}–{run.last_line} of {doc.rel} not loaded (load cap) -->\n")
        out.extend(lines[n - 1] for n in range(first, last + 1) if n not in stripped)
    return "".join(out)


def _index_omissions(doc: Doc, cap: CapResult, ranges: list[tuple[int, int]]) -> list[Omission]:
    """The index's sections that do not load in full when only `ranges` of its lines do."""
    omitted = []
    for part in doc.parts:
        got = sum(max(0, min(b, part.end_line) - max(a, part.start_line) + 1) for a, b in ranges)
        if got == part.lines:
            continue
        reason = NO_ROOM if cap.lines_loaded_in(part) > got else f"past the load cap ({cap.description})"
        tokens = part.tokens
        if got:  # what is left out of it: its share of the lines not loaded (the notice says `~`)
            reason += f"; {got} of {part.lines} lines loaded"
            tokens = -(-part.tokens * (part.lines - got) // part.lines)
        omitted.append(Omission(doc.rel, _label(part), tokens, reason, True, lines=_lines(part)))
    return omitted


def _pack_index(p: Packer) -> None:
    home = p.home
    doc = home.index
    cap = home.index_cap
    lines = split_lines(doc.text)
    ranges = list(cap.loaded)
    text = _lines_text(lines, doc, cap)
    if cap.notice:  # what the host itself adds when it cuts, so the bundle reads as the host's prompt
        text += ("" if not text or text.endswith("\n") else "\n") + "\n" + cap.notice + "\n"
    entry = Entry(doc.rel, ["index"], text, truncated=cap.capped)
    if not p.fits(entry, _index_omissions(doc, cap, ranges)):
        low, high = 0, ranges[0][1] if ranges else 0  # the most lines of the head that fit
        while low < high:
            mid = (low + high + 1) // 2
            trial = Entry(doc.rel, ["index"], _lines_text(lines, doc, cap, [(1, mid)]), truncated=True)
            low, high = (mid, high) if p.fits(trial, _index_omissions(doc, cap, [(1, mid)])) else (low, mid - 1)
        ranges = [(1, low)] if low else []
        entry = Entry(doc.rel, ["index"], _lines_text(lines, doc, cap, ranges), truncated=True)
        entry.tokens = p.cost(entry)
    p.omitted.extend(_index_omissions(doc, cap, ranges))
    if ranges:
        p.add(entry)


def _label(part: Part) -> str:
    return section_label(part.heading, part.level)


def _lines(part: Part) -> tuple[int, int]:
    return part.start_line, part.end_line


def _pack_topic(p: Packer, candidate: Candidate, keep_front_matter: bool) -> None:
    doc = candidate.doc
    parts = list(doc.parts)
    if not keep_front_matter and parts and parts[0].level < 0:  # hosts strip it; the model needs none
        parts = parts[1:]
    start = parts[0].start if parts else len(doc.text)
    body_tokens = sum(part.tokens for part in parts)
    entry = Entry(doc.rel, candidate.reasons, doc.text[start:], machine_written=doc.front_matter.machine_written,
                  text_tokens=body_tokens)
    where = (doc.rel, tuple(candidate.reasons))  # one run: the file does not change under it
    if p.fits(entry, key=(*where, start, len(doc.text), False)):
        p.add(entry)
        return
    keep = _longest_head_estimate(p, parts, entry.tokens - body_tokens)
    while keep > 0:  # the longest run of leading parts (front matter, sections) that fits
        trial = Entry(doc.rel, candidate.reasons, doc.text[start : parts[keep - 1].end], truncated=True,
                      machine_written=entry.machine_written, text_tokens=sum(part.tokens for part in parts[:keep]))
        head = (*where, start, parts[keep - 1].end, True)
        if any(_says_something(doc.text, part) for part in parts[:keep]) and p.fits(trial, key=head):
            p.add(trial)
            for part in parts[keep:]:
                p.omitted.append(Omission(doc.rel, _label(part), part.tokens, NO_ROOM, True, lines=_lines(part)))
            return
        keep -= 1
    p.omitted.append(Omission(doc.rel, None, body_tokens, NO_ROOM, True))


def _says_something(text: str, part: Part) -> bool:
    """Whether a part of a topic holds more than its heading: a topic cut down to its title (`#
    Incidents` and nothing under it) tells the agent nothing, and takes room a query excerpt could
    use; front matter says nothing to the model either."""
    if part.level < 0:
        return False
    body = text[part.start : part.end]
    if part.heading is not None:
        newline = body.find("\n")
        body = body[newline + 1 :] if newline >= 0 else ""
    return bool(body.strip())


def _longest_head_estimate(p: Packer, parts: list[Part], overhead: int) -> int:
    """How many leading parts of a topic that does not fit whole should fit, by their additive counts.

    Each part's tokens are known already, so the cut is found by a binary search over a running
    sum instead of counting every shorter head in full (which is quadratic in a large topic); the
    caller then checks the estimate with one exact count, and steps back only if it is off.
    """
    prefix = [0, *accumulate(part.tokens for part in parts)]
    room = p.budget - p.reserve - p.used - p.notice_cost(p.omitted, 1) - max(overhead, 0)
    low, high = 0, len(parts) - 1
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if prefix[mid] <= room else (low, mid - 1)
    return low


def _pack_query(p: Packer, ranked: list[Scored], warnings: list[str], allow_secrets: bool) -> None:
    """Query excerpts, best first, in the room the selected files left: one that does not fit is
    left out (named in --explain and the manifest, not in the notice, so it costs nothing). One
    that holds what looks like a credential is held back, with a warning, unless `allow_secrets`:
    ranking chose it, not the user (a dispatch script runs `--query "$TASK_TITLE"` before each request)."""
    from memctl.model.secrets import held_in  # only with --query: the detector stays off the plain dispatch

    for scored in ranked:
        if not scored.chosen:
            continue
        doc, part = scored.doc, scored.part
        held = None if allow_secrets else held_in(doc, part.start, part.end, p.home.cache,
                                                  "a query excerpt never adds a credential to the bundle "
                                                  "(--allow-secrets bundles it)")
        if held is not None:
            warnings.append(held)
            p.omitted.append(Omission(doc.rel, _label(part), part.tokens, "held back: holds a possible credential "
                                      "(--allow-secrets bundles it)", False, excerpt=True, lines=_lines(part)))
            continue
        entry = Entry(doc.rel, ["query"], doc.text[part.start : part.end], heading=_label(part), lines=_lines(part),
                      text_tokens=part.tokens)
        entry.score, entry.terms = scored.score, list(scored.terms)
        if p.fits(entry):
            p.add(entry)
        else:
            p.omitted.append(Omission(doc.rel, _label(part), part.tokens, "query excerpt over budget", False,
                                      excerpt=True, lines=_lines(part)))


def _pack(home: MemoryHome, opts: AssembleOptions, fmt: str, budget: int, reserve: int,
          candidates: list[Candidate], today: date, memo: dict[tuple[object, ...], int]) -> Packer:
    p = Packer(home, fmt, budget, reserve, memo)
    _pack_index(p)
    for candidate in candidates:
        expires = candidate.doc.front_matter.expires
        if expires and expires < today and not opts.include_expired:
            p.omitted.append(Omission(candidate.doc.rel, None, candidate.doc.tokens,
                                      f"expired {expires.isoformat()} (--include-expired loads it)", False))
        else:
            _pack_topic(p, candidate, opts.keep_front_matter)
    return p


def assemble(home: MemoryHome, opts: AssembleOptions, today: date) -> Bundle:
    """Select and pack the bundle; its token count never exceeds the budget."""
    fmt = opts.format
    if fmt not in FORMATS:
        raise MemctlError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    budget = opts.budget if opts.budget is not None else home.config.budgets.bundle_tokens
    if budget <= 0:
        raise MemctlError(f"the budget must be a positive number of tokens, not {budget}")
    from memctl.model.context import loaded_anyway  # the host loads these besides the bundle

    context = loaded_anyway(home, opts.skills)  # its start-up's other files, context files: the bundle gets the rest
    spent = sum(tokens for _, tokens in context)
    if context and spent >= budget:
        raise MemctlError(f"the context files alone take {spent:,} tokens of the {budget:,}-token budget "
                          f"(largest: {_largest(context)})")
    budget -= spent
    candidates, warnings, unknown = select_topics(home, opts)
    warnings = [f"{doc.front_matter.error}; its front matter is ignored" for doc in (home.index, *home.topics)
                if doc.front_matter.error is not None] + warnings
    count_fmt = "md" if fmt == "json" else fmt  # json's budget is that of the bundle it carries
    ranked: list[Scored] = []
    if opts.query:
        taken = {c.doc.rel for c in candidates}
        most = opts.max_sections if opts.max_sections is not None else MAX_SECTIONS
        ranked, warned = rank_home(home, opts.query, most, today, taken, opts.include_expired)
        warnings += warned
    memo: dict[tuple[object, ...], int] = {}
    p, text, tokens = _fit(home, opts, count_fmt, budget, candidates, today, memo)
    warnings += _requested_left_out(home, opts, count_fmt, budget, spent, candidates, today, memo, p)
    if ranked:  # then query excerpts, in what is left: they never displace what was selected
        selected = len(p.entries)
        _pack_query(p, ranked, warnings, opts.allow_secrets)
        text, tokens = _render(p, count_fmt, budget, home)
        while tokens > budget and len(p.entries) > selected:
            _drop_last(p)
            text, tokens = _render(p, count_fmt, budget, home)
    return Bundle(home.counter.name, budget, fmt, p.entries, p.omitted, text, tokens, warnings, context,
                  tuple(ranked), tuple(unknown))


def _fit(home: MemoryHome, opts: AssembleOptions, fmt: str, budget: int, candidates: list[Candidate], today: date,
         memo: dict[tuple[object, ...], int]) -> tuple[Packer, str, int]:
    """What the task selected, packed until it fits the budget with its notice: (packer, text, tokens)."""
    reserve = 0
    for _ in range(100):
        p = _pack(home, opts, fmt, budget, reserve, candidates, today, memo)
        text, tokens = _render(p, fmt, budget, home)
        if tokens <= budget:
            return p, text, tokens
        if not p.entries:
            break
        reserve += tokens - budget  # even the index must make room: pack again, keeping more
    raise MemctlError(f"a budget of {plural(budget, 'token')} cannot hold even the bundle's wrapper and notice")


def _requested_left_out(home: MemoryHome, opts: AssembleOptions, fmt: str, budget: int, spent: int,
                        candidates: list[Candidate], today: date, memo: dict[tuple[object, ...], int],
                        p: Packer) -> list[str]:
    """A warning for each topic asked for by --topic, and for each --skill, whose topics the budget
    left out, whole or in part: a topic named, or a skill's one topic, with the --budget that
    bundles it whole (found by packing again, so only when one was left out); a skill with several
    left out as one line with their count and tokens (packing again for each is what a large home
    cannot afford before every dispatch: a skill of 300 topics took minutes). A topic asked for
    both ways is said once, as a --topic."""
    left: dict[str, list[Omission]] = {}
    for omission in p.omitted:
        if omission.reason == NO_ROOM:
            left.setdefault(omission.path, []).append(omission)
    if not left:
        return []
    named: dict[str, str] = {}  # a named topic's path: how it was named
    for name in opts.topics:
        doc = home.find_topic(name)
        if doc is not None:
            named.setdefault(doc.rel, name)
    by_skill: dict[str, list[str]] = {}
    for candidate in candidates:
        skill = next((r.removeprefix("skill ") for r in candidate.reasons if r.startswith("skill ")), None)
        if skill is not None and candidate.doc.rel in left and candidate.doc.rel not in named:
            by_skill.setdefault(skill, []).append(candidate.doc.rel)
    room = f"the {budget + spent:,}-token dispatch budget beside the index and what loads before"
    warnings = []
    singles = [(f"--topic {name}", rel) for rel, name in named.items() if rel in left]
    singles += [(f"--skill {skill}", rels[0]) for skill, rels in by_skill.items() if len(rels) == 1]
    for how, rel in singles:
        gone = left[rel]
        need = _budget_for(home, opts, fmt, budget, candidates, today, memo, rel)
        what = (f"{rel} (~{gone[0].tokens:,} tokens) was left out" if gone[0].heading is None else
                f"only part of {rel} was bundled, {plural(len(gone), 'section')} (~"
                f"{sum(o.tokens for o in gone):,} tokens) left out")
        fits = f"; --budget {need + spent:,} bundles it whole" if need is not None else ""
        warnings.append(f"{how}: {what}: it does not fit in {room} it{fits}")
    for skill, rels in by_skill.items():
        if len(rels) > 1:
            tokens = sum(o.tokens for rel in rels for o in left[rel])
            warnings.append(f"--skill {skill}: {len(rels):,} of its topics (~{tokens:,} tokens) were left out, whole "
                            f"or in part: they do not fit in {room} them")
    return warnings


def _budget_for(home: MemoryHome, opts: AssembleOptions, fmt: str, budget: int, candidates: list[Candidate],
                today: date, memo: dict[tuple[object, ...], int], rel: str) -> int | None:
    """The least budget that bundles the topic `rel` whole (a binary search over packings), or None."""

    def whole(room: int) -> bool:
        try:
            packed = _fit(home, opts, fmt, room, candidates, today, memo)[0]
        except MemctlError:
            return False
        return not any(o.path == rel and o.reason == NO_ROOM for o in packed.omitted)

    low, high = budget, budget * 2  # `low` does not fit it
    for _ in range(40):
        if whole(high):
            break
        low, high = high, high * 2
    else:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if whole(middle) else (middle, high)
    return high


def _largest(files: tuple[tuple[str, int], ...], named: int = 3) -> str:
    """The largest files first, with their tokens: `SOUL.md 2,104, AGENTS.md 1,380; 2 more take 412`."""
    ordered = sorted(files, key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{path} {tokens:,}" for path, tokens in ordered[:named])
    rest = ordered[named:]
    return shown + (f"; {len(rest)} more take {sum(tokens for _, tokens in rest):,}" if rest else "")


def _drop_last(p: Packer) -> None:
    entry = p.entries.pop()
    query = entry.reasons == ["query"]
    reason = "query excerpt over budget" if query else NO_ROOM
    tokens = entry.text_tokens if entry.text_tokens is not None else entry.tokens  # as every omission counts
    p.omitted.append(Omission(entry.path, entry.heading, tokens, reason, not query, excerpt=query, lines=entry.lines))
    if p.entries and p.entries[-1].path == "memctl:note":
        p.entries.pop()


def _render(p: Packer, fmt: str, budget: int, home: MemoryHome) -> tuple[str, int]:
    head, tail = frame(fmt)
    blocks = [head] if head else []
    for number, entry in enumerate(p.entries, start=1):
        blocks.append(render_block(entry, number, fmt))
    notice = render_notice(p.omitted, len(p.entries) + 1, fmt, budget, home.counter.name)
    if notice:
        blocks.append(notice)
    if tail:
        blocks.append(tail)
    text = "".join(blocks)
    counter = home.counter
    tokens = sum(counter.count(b) for b in blocks) if counter.additive else counter.count(text)
    return text, tokens
