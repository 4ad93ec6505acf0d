"""`memctl status`: headroom against every budget, and the size of every section and topic.

The report is plain data; its JSON form is documented in docs/commands.md and kept stable.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from datetime import date
from typing import Any

from memctl.commands.notes import dated_notes
from memctl.hosts import CapResult, counted_as, index_sizes, index_text, injection
from memctl.model.home import Doc, Dropped, MemoryHome, Part, display_path
from memctl.text import utf16_len

REPORT_VERSION = 1


def headroom(used: int, limit: int | None) -> dict[str, Any] | None:
    if not limit:
        return None
    return {"used": used, "limit": limit, "left": limit - used, "over": used > limit}


def part_kind(part: Part) -> str:
    return "front_matter" if part.level < 0 else ("preamble" if part.level == 0 else "section")


def _part(part: Part, total_tokens: int, cap: CapResult) -> dict[str, Any]:
    return {
        "kind": part_kind(part),
        "heading": part.heading,
        "level": max(part.level, 0),
        "start_line": part.start_line,
        "end_line": part.end_line,
        "lines": part.lines,
        "bytes": part.bytes,
        "chars": part.chars,
        "tokens": part.tokens,
        "share": round(part.tokens / total_tokens, 4) if total_tokens else 0.0,
        "loaded": cap.state_of(part),
        "loaded_lines": cap.lines_loaded_in(part),
    }


def _topic(home: MemoryHome, doc: Doc, today: date, notes: frozenset[str], always: bool) -> dict[str, Any]:
    fm = doc.front_matter
    budget = home.config.budgets.topic_tokens
    tokens = doc.tokens
    return {
        "path": doc.rel,
        "lines": doc.lines,
        "bytes": doc.bytes,
        "tokens": tokens,
        "budget": budget,
        "over_budget": bool(budget and tokens > budget),
        "linked": doc.rel in home.linked,
        "dated_note": doc.rel in notes,  # one of the host's dated notes: no link expected
        "always": always,
        "machine_written": fm.machine_written,
        "skills": list(fm.skills),
        "updated": fm.updated.isoformat() if fm.updated else None,
        "expires": fm.expires.isoformat() if fm.expires else None,
        "expired": bool(fm.expires and fm.expires < today),
    }


def _weeks_of_dated(home: MemoryHome) -> dict[str, str]:
    """The ISO week of each dated day file in the rollup folders (the text table groups them)."""
    from memctl.commands.rollup import dated, dated_files, period_of

    weeks = {}
    for rel in dated_files(home):
        item = dated(rel)
        week = period_of(item, "week") if item is not None and item.kind == "day" else None
        if week is not None:
            weeks[rel] = week[0]
    return weeks


def build_status(home: MemoryHome, today: date,
                 progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """The status report of one home. `progress` is told ("counting tokens", done, total) per topic."""
    budgets = home.config.budgets
    index = home.index
    cap = home.index_cap
    sizes = index_sizes(home)
    injected = injection(home)  # OpenClaw's bootstrap files, worked out once
    boot = _bootstrap(home, injected)
    loaded_text = index_text(home, injected)  # the index as the host sends it: its tokens counted, exactly
    loaded_tokens = index.tokens if loaded_text == index.text else home.counter.count(loaded_text)
    topics = []
    always = {doc.rel for doc in home.topics if home.is_always(doc)}  # asked three times a topic below
    weeks = _weeks_of_dated(home)
    notes = dated_notes(home)
    for number, doc in enumerate(home.topics, 1):
        if number % 512 == 1:  # the next topics counted together (on threads, cold), the progress kept moving
            home.count_tokens(home.topics[number - 1 : number + 511], totals=True)
        if progress is not None:
            progress("counting tokens", number, len(home.topics))
        week = weeks.get(doc.rel)
        topics.append({**_topic(home, doc, today, notes, doc.rel in always), **({"week": week} if week else {})})
    cut = index.first_cut(cap)
    dropped = index.dropped(cap)
    context = _context(home)
    start_up = _stack(home)
    every_request = _every_request(home, cap, (loaded_text, loaded_tokens), boot, context, start_up, always)
    if boot is not None:
        always_loaded_chars = headroom(boot["used"], boot["total"])
    else:  # what every request carries, in UTF-16 code units: the rows' own (context files have none)
        always_chars = sum(row["chars"] for row in every_request if row["chars"] is not None)
        always_loaded_chars = headroom(always_chars, budgets.total_chars) or {"used": always_chars}
    context_tokens = sum(row["tokens"] for row in every_request if row["kind"] == "context")
    return {
        "version": REPORT_VERSION,
        "home": home.shown,
        "profile": home.config.profile,
        "profile_reason": home.config.profile_reason,
        "tokenizer": home.counter.name,
        "config": display_path(home.config.source) if home.config.source else None,
        "index": {
            "path": index.rel,
            "lines": index.lines,
            "bytes": index.bytes,
            "chars": index.chars,
            "units": sizes["units"],
            "tokens": index.tokens,
            "counted_lines": sizes["lines"],
            "counted_as": counted_as(home.config.budgets),
            "headroom": {
                "lines": headroom(sizes["lines"], budgets.index_max_lines),
                "units": headroom(sizes["units"], budgets.index_max_units),
                "bytes": headroom(index.bytes, budgets.index_max_bytes),
                "tokens": headroom(index.tokens, budgets.index_tokens),
            },
            "load_cap": {
                "description": cap.description,
                "measures": [{"measure": name, **(headroom(used, limit) or {})} for name, used, limit in cap.measures],
                "notice": cap.notice,
                "capped": cap.capped,
                "loaded_lines": cap.loaded_lines_total,
                "loaded_tokens": loaded_tokens,
                "cut_section": (cut.heading or part_kind(cut)) if cut else None,
                "cut_line": dropped[0].first_line if dropped else None,
                "dropped": [_dropped(run, cap) for run in dropped],
            },
            "sections": [_part(p, index.tokens, cap) for p in index.parts],
        },
        "topics": topics,
        "archive": {"files": len(home.archived), "tokens": sum(d.tokens for d in home.archived)},
        "totals": {
            "always_loaded_tokens": sum(row["tokens"] for row in every_request),
            "context_tokens": context_tokens,
            "on_demand_tokens": sum(t["tokens"] for t in topics if not t["always"]),
            "archived_tokens": sum(d.tokens for d in home.archived),
            "always_loaded_chars": always_loaded_chars,
            "always_loaded": every_request,
        },
        "bootstrap": boot,
        "stack": start_up,
        "context": context,
        "problems": problems(home),
        "warnings": home.warnings() + context["problems"],
    }


def _dropped(run: Dropped, cap: CapResult) -> dict[str, Any]:
    """A run of the index's lines the host does not load, and the sections it takes lines from."""
    return {"first_line": run.first_line, "last_line": run.last_line, "lines": run.lines,
            "sections": [{"kind": part_kind(p), "heading": p.heading, "start_line": p.start_line,
                          "end_line": p.end_line, "loaded": cap.state_of(p), "dropped_lines": run.lines_in(p)}
                         for p in run.parts]}


def _every_request(home: MemoryHome, cap: CapResult, loaded: tuple[str, int], boot: dict[str, Any] | None,
                   context: dict[str, Any], start_up: dict[str, Any] | None,
                   always: AbstractSet[str]) -> list[dict[str, Any]]:
    """What every request carries, file by file: the files the host loads at session start (its
    stack: Codex's AGENTS.md files, Claude Code's CLAUDE.md files and auto memory, each as it loads
    it, the index among them when it is one: kind `index`, the others `stack`), or the files it
    injects with the index (OpenClaw's bootstrap files), else the part of the index the host loads
    (`loaded`: its text as the host sends it, and that text's tokens); the topics loaded always; the
    context files (a SKILL.md only with its skill). `chars` are UTF-16 code units of what is sent."""
    rows: list[dict[str, Any]] = []
    injected: set[str] = set()
    if start_up is not None and home.stack is not None:
        for file, row in zip(home.stack.files, start_up["files"], strict=True):
            if row["loads"] == "start":
                injected.add(file.path)
                if row["loaded"] and row["index"]:
                    rows.append({"path": row["path"], "kind": "index", "chars": utf16_len(loaded[0]),
                                 "tokens": loaded[1]})
                elif row["loaded"]:
                    rows.append({"path": row["path"], "kind": "stack", "chars": utf16_len(file.text),
                                 "tokens": row["tokens"]})
    if boot is not None:
        for row in boot["files"]:
            if row["injected"]:
                injected.add(os.path.realpath(os.path.join(home.root, row["name"])))
                rows.append({"path": row["name"], "kind": "bootstrap", "chars": row["injected"],
                             "tokens": row["tokens"]})
    index = home.index
    if os.path.realpath(os.path.join(home.root, index.rel)) not in injected and (boot is None or cap.loaded):
        rows.append({"path": index.rel, "kind": "index", "chars": utf16_len(loaded[0]), "tokens": loaded[1]})
    rows += [{"path": doc.rel, "kind": "topic", "chars": utf16_len(doc.text), "tokens": doc.tokens}
             for doc in home.topics if doc.rel in always]
    rows += [{"path": f["path"], "kind": "context", "chars": None, "tokens": f["total_tokens"]}
             for f in context["files"] if f["skill"] is None and os.path.realpath(f["path"]) not in injected]
    return rows


def _context(home: MemoryHome) -> dict[str, Any]:
    """The files the host loads besides the memory (config `context`), each with what it imports."""
    from memctl.model.context import ContextFile, load_context

    def row(item: ContextFile) -> dict[str, Any]:
        return {"path": item.path, "tokens": item.tokens, "total_tokens": item.total_tokens, "skill": item.skill,
                "imports": [row(i) for i in item.imports]}

    loaded = load_context(home)
    return {"files": [row(f) for f in loaded.files], "problems": list(loaded.problems)}


def _stack(home: MemoryHome) -> dict[str, Any] | None:
    """Every file the host loads at session start, in its order, with its size in the host's unit,
    what of it loads and why; the files it loads later or passes over; what lint will say of them."""
    from memctl.hosts.startup import shown

    found = home.stack
    if found is None:
        return None
    index = os.path.realpath(os.path.join(home.root, home.index.rel))
    files = []
    for row in found.files:
        counted = row.when != "never" and bool(row.text)
        files.append({"path": shown(row.path), "role": row.role, "loads": row.when,
                      "unit": row.unit, "size": row.size, "loaded": row.loaded,
                      "tokens": home.counter.count(row.text) if counted else 0, "cause": row.cause,
                      "why": row.why, "depth": row.depth, "parent": shown(row.parent) if row.parent else None,
                      "index": row.path == index})
    budget = None
    if found.budget is not None:
        what, used, limit = found.budget
        budget = {"what": what, **(headroom(used, limit) or {"used": used, "limit": limit})}
    return {"host": found.host, "working_folder": shown(found.cwd) if found.cwd else None, "budget": budget,
            "tokens": sum(f["tokens"] for f in files if f["loads"] == "start" and f["loaded"]),
            "files": files, "notes": list(found.notes),
            "problems": [{"kind": p.kind, "path": shown(p.path), "line": p.line, "message": p.message}
                         for p in found.problems]}


def _bootstrap(home: MemoryHome, boot: Any) -> dict[str, Any] | None:
    """OpenClaw's bootstrap files, as `openclaw doctor` lists them: raw and injected sizes, and why;
    and what each costs in tokens, counted on the text as the host injects it (a cut file's head,
    the marker and its tail). `boot`: `injection(home)`, None for a host that injects nothing."""
    if boot is None:
        return None
    files = [{"name": f.name, "raw": f.raw, "injected": f.injected, "cause": f.cause,
              "tokens": home.counter.count(f.text) if f.text else 0}
             for f in boot.files]
    return {"total": boot.total, "used": boot.used, "memory_chars": boot.memory_chars,
            "tokens": sum(f["tokens"] for f in files), "files": files}


def problems(home: MemoryHome) -> list[dict[str, Any]]:
    """Files that could not be read, and front matter that could not be understood: each its own row."""
    found = [error for doc in (home.index, *home.topics) if (error := doc.front_matter.error) is not None]
    found += home.unreadable
    return sorted(({"path": e.path, "line": e.line, "message": e.message} for e in found),
                  key=lambda p: (p["path"] or "", p["line"] or 0))
