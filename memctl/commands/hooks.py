"""`memctl hook EVENT`: memory delivered through the host's own hooks.

A host runs the hook with JSON on stdin and reads JSON on stdout: what each host sends and reads
is its module's in memctl/hosts/ (`hook_answer`); the events are Claude Code's (`HOOK_EVENTS`).

No Typer and no rich here: `user-prompt` runs before every prompt.
"""

from __future__ import annotations

import json
import os
from datetime import date, datetime, timezone

from memctl.errors import MemctlError
from memctl.hosts import HOOK_ANSWERS
from memctl.hosts.claude_code import HOOK_EVENTS as EVENTS
from memctl.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.model.home import Doc, MemoryHome

HOSTS = tuple(HOOK_ANSWERS)  # the shapes a hook's output can take
MAX_CHARS = 10_000  # what Claude Code passes on of a hook's additionalContext
CHARS = 8_000  # --chars by default
BUDGET = 2_000  # --budget (tokens) by default
SNAPSHOTS = "archive/snapshots"


@record
class HookOptions:
    chars: int = CHARS
    budget: int = BUDGET
    host: str | None = None  # the output shape; None: the home's host's (`Host.hook_shape`)
    max_sections: int = 4
    extractor: str | None = None
    timeout: float = 20.0


def read_input(raw: bytes) -> dict[str, Any]:
    """The hook's stdin: a JSON object (empty input is an empty object)."""
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise MemctlError(f"the hook input on stdin is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise MemctlError("the hook input on stdin is not a JSON object")
    return data


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words: `a number (42)`, `null`, `a list`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({json.dumps(value)})"
    if isinstance(value, (int, float)):
        return f"a number ({json.dumps(value)})"
    return "a list" if isinstance(value, list) else "an object"


def host_of(home: MemoryHome, options: HookOptions) -> str:
    return options.host if options.host is not None else home.host.hook_shape


def answer(event: str, context: str, host: str) -> str:
    """What the hook prints: nothing for no context; else the host's JSON."""
    return HOOK_ANSWERS[host](event, context) if context else ""


def _fits(pieces: list[str], piece: str, chars: int) -> bool:
    return sum(map(len, pieces)) + len(piece) <= chars


def _secret_in(home: MemoryHome, doc: Doc, start: int, end: int) -> str | None:
    """Why the hook holds back `doc.text[start:end]`, when it holds what looks like a credential
    (`secrets.held_in`). A hook adds text to the model's context on its own, on every prompt: it
    never adds a secret. `memctl assemble`, run by a person or a script that asks for the file,
    bundles it verbatim."""
    from memctl.model.secrets import held_in

    return held_in(doc, start, end, home.cache, "a hook never adds a credential to the model's context")


def relevant_context(home: MemoryHome, prompt: str, options: HookOptions, today: date,
                     notes: list[str] | None = None) -> str:
    """The topic sections the prompt is about, best first, within --chars and --budget tokens;
    "" when none is relevant enough. The index is not repeated: the host loads it already. An
    embedder's warning goes to `notes` (stderr: the hook still answers)."""
    from memctl.commands.query import rank_home
    from memctl.commands.semantic import HOOK_TIMEOUT

    if not prompt.strip():
        return ""
    ranked, warnings = rank_home(home, prompt, options.max_sections, today, embed_timeout=HOOK_TIMEOUT)
    ranked = [s for s in ranked if s.chosen]
    if notes is not None:
        notes += [f"warning: {w}" for w in warnings]
    if not ranked:
        return ""
    chars = min(options.chars, MAX_CHARS)
    header = "Memory that may bear on this prompt (memctl; the index is loaded already):\n"
    pieces = [header]
    tokens = home.counter.count(header)
    for scored in ranked:
        part = scored.part
        held = _secret_in(home, scored.doc, part.start, part.end)
        if held is not None:
            if notes is not None:
                notes.append(held)
            continue
        text = scored.doc.text[part.start : part.end].replace("\r\n", "\n").rstrip("\n")
        piece = f"\n<!-- {scored.doc.rel}, lines {part.start_line}–{part.end_line} -->\n{text}\n"
        cost = home.counter.count(piece)
        if _fits(pieces, piece, chars) and tokens + cost <= options.budget:
            pieces.append(piece)
            tokens += cost
    return "".join(pieces) if len(pieces) > 1 else ""


def start_context(home: MemoryHome, options: HookOptions, notes: list[str] | None = None) -> str:
    """The always and machine-written topics (front matter stripped), and, when the host's load
    cap cuts the index, which of its sections the host did not load. A section that holds what
    looks like a credential is left out, and said in `notes` (stderr)."""
    from memctl.commands.assemble import AssembleOptions, select_topics
    from memctl.model.secrets import redact

    chars = min(options.chars, MAX_CHARS)
    pieces: list[str] = []
    left_out: list[str] = []
    cap = home.index_cap
    if cap.capped:
        missing = [p for p in home.index.parts if cap.state_of(p) != "full" and p.level >= 0]
        lines = [f"{os.path.join(home.root, home.index.rel)} is cut by the host ({cap.description}); these "
                 "sections of it are not loaded (read the file when the task needs them):"]
        room = chars // 2  # the list never crowds out the topics, nor passes the host's cap
        for number, part in enumerate(missing):
            got = cap.lines_loaded_in(part)
            label = redact(part.heading) if part.heading else "preamble"
            line = (f"- § {label} (lines {part.start_line}–{part.end_line})"
                    + (f", {got} of {part.lines} lines loaded" if got else ""))
            rest = missing[number:]
            if sum(map(len, lines)) + len(line) + 80 > room and len(rest) > 1:
                lines.append(f"- and {len(rest)} more sections (lines {rest[0].start_line}–{rest[-1].end_line})")
                break
            lines.append(line)
        pieces.append("\n".join(lines) + "\n")
    candidates, _, _ = select_topics(home, AssembleOptions())
    tokens = 0
    for candidate in candidates:
        doc = candidate.doc
        sections = []
        for section in doc.sections:
            held = _secret_in(home, doc, section.start, section.end)
            if held is None:
                sections.append(doc.text[section.start : section.end])
            elif notes is not None:
                notes.append(held)
        body = "".join(sections).replace("\r\n", "\n").strip("\n")
        if not body and len(sections) < len(doc.sections):
            continue  # every section held back: no empty piece
        piece = f"\n<!-- {doc.rel} ({', '.join(candidate.reasons)}) -->\n{body}\n"
        cost = home.counter.count(piece)
        if _fits(pieces, piece, chars) and tokens + cost <= options.budget:
            pieces.append(piece)
            tokens += cost
        else:
            left_out.append(doc.rel)
    if left_out:
        note = f"\nNot included (over {chars:,} characters or {options.budget:,} tokens): {', '.join(left_out)}\n"
        if _fits(pieces, note, chars):
            pieces.append(note)
    return "".join(pieces).lstrip("\n")


def snapshot_plan(home: MemoryHome, when: datetime, changing: dict[str, str] | None = None) -> Any:
    """A WritePlan copying every memory file (index and topics) whose text differs from its latest
    snapshot, or that has none, into archive/snapshots/<UTC timestamp>/ under its own path.

    `changing` (path: new text) are the files a change in the same plan writes: each is copied as
    it will be once written, and a new one is copied too (it is a topic by then: a capture links a
    new lessons file from the index)."""
    from memctl.safe.fsutil import current_text
    from memctl.safe.writer import FileChange, WritePlan, check_plan

    folder = os.path.join(home.root, SNAPSHOTS)
    try:
        taken = sorted((n for n in os.listdir(folder) if not n.startswith(".")), reverse=True)
    except FileNotFoundError:
        taken = []
    stamp = when.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    name, number = stamp, 1
    while name in taken:
        number += 1
        name = f"{stamp}-{number}"
    texts = {doc.rel: doc.text for doc in (home.index, *home.topics)}
    texts.update(changing or {})
    changes = []
    for rel, text in texts.items():
        latest = None
        for earlier in taken:
            copy = home.archived_as(f"{SNAPSHOTS}/{earlier}/{rel}")
            if os.path.isfile(os.path.join(home.root, copy)):
                latest = current_text(home.root, copy)
                break
        if latest != text:
            changes.append(FileChange(home.archived_as(f"{SNAPSHOTS}/{name}/{rel}"), None, text))
    plan = WritePlan(tuple(changes))
    check_plan(home.root, plan)
    return plan


def capture_plan(home: MemoryHome, transcript: str, options: HookOptions, today: date) -> Any:
    """The CapturePlan of the transcript's lessons into the home's lessons file (nothing written)."""
    from memctl.commands.capture import (
        find_candidates,
        index_view,
        lesson_count,
        lessons_file,
        lessons_front_matter,
        plan_capture,
        read_transcript,
        run_extractor,
    )

    lessons = lessons_file(home)
    source = read_transcript(os.path.expanduser(transcript))
    if options.extractor:
        candidates, _ = run_extractor(options.extractor, source, lessons, lesson_count(home, lessons),
                                      options.timeout)
    else:
        candidates = find_candidates(source)
    return plan_capture(home.root, lessons, source, candidates, today, index_view(home),
                        lessons_front_matter(home, lessons, today))


def pre_compact(home: MemoryHome, data: dict[str, Any], options: HookOptions, today: date, now: datetime,
                ) -> list[str]:
    """Lessons from the transcript into the lessons file and a snapshot of what changed, as one
    journaled change: a kill part-way leaves both or neither. Returns what was done, one line each
    (for stderr)."""
    from memctl.safe.journal import apply_plan
    from memctl.safe.writer import WritePlan
    from memctl.words import plural

    done = []
    captured = None
    transcript = data.get("transcript_path")
    if isinstance(transcript, str) and transcript:
        try:
            captured = capture_plan(home, transcript, options, today)
        except MemctlError as error:  # the snapshot below still protects what the host may delete
            done.append(f"no lessons captured: {error}")
    lessons = captured.write.changes if captured is not None else ()
    snapshot = snapshot_plan(home, now, {c.rel: c.after for c in lessons})  # the files as the lessons leave them
    if lessons or snapshot.changes:  # one journaled change: both or neither, even if killed part-way
        apply_plan(home.root, WritePlan((*lessons, *snapshot.changes)), "hook pre-compact")
    if lessons and captured is not None:
        done.append(f"captured {plural(len(captured.added), 'new lesson')} into {captured.lessons}")
        done += captured.warnings  # a credential dropped; a link to a new lessons file the index could not take
    if snapshot.changes:
        folder = snapshot.changes[0].rel.split("/")[2]
        done.append(f"snapshot of {plural(len(snapshot.changes), 'changed file')} in {SNAPSHOTS}/{folder}/")
    return done


def home_of_cwd(cwd: str) -> MemoryHome:
    """The home a hook given no PATH reads: the hook input's `cwd` when it is one; else, when `cwd`
    holds no index nor config, the memory a host keeps outside the project for it (`Host.project_memory`:
    Claude Code's `~/.claude/projects/<slug>/memory/`, `$CLAUDE_CONFIG_DIR` honoured)."""
    from memctl.errors import InputError
    from memctl.hosts import HOSTS as ALL_HOSTS
    from memctl.model.config import find_config
    from memctl.model.home import load_home

    if os.path.lexists(os.path.join(cwd, "MEMORY.md")) or find_config(os.path.abspath(cwd)) is not None:
        return load_home(cwd)  # a home (a broken one is said as it is); a project's CLAUDE.md is not memory
    for host in ALL_HOSTS.values():
        found = host.project_memory(cwd) if host.project_memory is not None else None
        if found is not None:
            return load_home(found)
    raise InputError("no MEMORY.md in this home, and no host keeps memory for this project elsewhere (as Claude "
                     "Code's auto memory in ~/.claude/projects/)", os.path.normpath(os.path.join(cwd, "MEMORY.md")))


def run_hook(event: str, path: str | None, raw: bytes, options: HookOptions, today: date, now: datetime,
             ) -> tuple[str, list[str]]:
    """(stdout, stderr lines) of one hook run. Raises MemctlError; the caller turns any failure into
    one line on stderr and exit 0, so a hook never blocks the host."""
    from memctl.model.home import load_home

    if event not in EVENTS:
        raise MemctlError(f"unknown hook event {event!r}; choose one of {', '.join(EVENTS)}")
    data = read_input(raw)
    if path:
        home = load_home(path)
    else:
        cwd = data.get("cwd")
        home = home_of_cwd(cwd if isinstance(cwd, str) and cwd else ".")
    host = host_of(home, options)
    if event == "user-prompt":
        prompt = data.get("prompt")
        notes: list[str] = []
        if isinstance(prompt, str):
            context = relevant_context(home, prompt, options, today, notes)
        else:
            context = ""
            if "prompt" in data:  # a host's input that is not what it documents: said, never a failure
                notes.append(f"the hook input's \"prompt\" is {_json_kind(prompt)}, not text; nothing added")
        home.save_cache()
        return answer(event, context, host), notes
    if event == "session-start":
        notes = []
        context = start_context(home, options, notes)
        home.save_cache()
        return answer(event, context, host), notes
    return "", pre_compact(home, data, options, today, now)
