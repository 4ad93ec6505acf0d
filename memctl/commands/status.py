"""`memctl status`: headroom against every budget, and the size of every section and topic.

The report is plain data; its JSON form is documented in docs/commands.md and kept stable.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from memctl.hosts import CapResult, index_sizes, injection
from memctl.model.home import Doc, MemoryHome, Part, display_path

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


def _topic(home: MemoryHome, doc: Doc, today: date) -> dict[str, Any]:
    fm = doc.front_matter
    budget = home.config.budgets.topic_tokens
    return {
        "path": doc.rel,
        "lines": doc.lines,
        "bytes": doc.bytes,
        "tokens": doc.tokens,
        "budget": budget,
        "over_budget": bool(budget and doc.tokens > budget),
        "linked": doc.rel in home.linked,
        "always": home.is_always(doc),
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
    loaded_tokens = sum(p.tokens * cap.lines_loaded_in(p) // p.lines for p in index.parts if p.lines)
    topics = []
    weeks = _weeks_of_dated(home)
    for number, doc in enumerate(home.topics, 1):
        if number % 512 == 1:  # the next topics counted together (on threads, cold), the progress kept moving
            home.count_tokens(home.topics[number - 1 : number + 511])
        if progress is not None:
            progress("counting tokens", number, len(home.topics))
        week = weeks.get(doc.rel)
        topics.append({**_topic(home, doc, today), **({"week": week} if week else {})})
    always = [t for t in topics if t["always"]]
    always_chars = index.chars + sum(d.chars for d in home.topics if home.is_always(d))
    cut = index.first_cut(cap)
    boot = _bootstrap(home)
    context = _context(home)
    context_tokens = sum(f["total_tokens"] for f in context["files"] if f["skill"] is None)
    if boot is not None:
        always_loaded_chars = headroom(boot["used"], boot["total"])
    else:
        always_loaded_chars = headroom(always_chars, budgets.total_chars) or {"used": always_chars}
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
                "cut_line": cut.start_line + cap.lines_loaded_in(cut) if cut else None,
            },
            "sections": [_part(p, index.tokens, cap) for p in index.parts],
        },
        "topics": topics,
        "archive": {"files": len(home.archived), "tokens": sum(d.tokens for d in home.archived)},
        "totals": {
            "always_loaded_tokens": loaded_tokens + sum(t["tokens"] for t in always) + context_tokens,
            "context_tokens": context_tokens,
            "on_demand_tokens": sum(t["tokens"] for t in topics if not t["always"]),
            "archived_tokens": sum(d.tokens for d in home.archived),
            "always_loaded_chars": always_loaded_chars,
        },
        "bootstrap": boot,
        "context": context,
        "problems": problems(home),
        "warnings": home.warnings() + context["problems"],
    }


def _context(home: MemoryHome) -> dict[str, Any]:
    """The files the host loads besides the memory (config `context`), each with what it imports."""
    from memctl.model.context import ContextFile, load_context

    def row(item: ContextFile) -> dict[str, Any]:
        return {"path": item.path, "tokens": item.tokens, "total_tokens": item.total_tokens, "skill": item.skill,
                "imports": [row(i) for i in item.imports]}

    loaded = load_context(home)
    return {"files": [row(f) for f in loaded.files], "problems": list(loaded.problems)}


def _bootstrap(home: MemoryHome) -> dict[str, Any] | None:
    """OpenClaw's bootstrap files, as `openclaw doctor` lists them: raw and injected sizes, and why."""
    boot = injection(home)
    if boot is None:
        return None
    return {"total": boot.total, "used": boot.used, "memory_chars": boot.memory_chars,
            "files": [{"name": f.name, "raw": f.raw, "injected": f.injected, "cause": f.cause} for f in boot.files]}


def problems(home: MemoryHome) -> list[dict[str, Any]]:
    """Files that could not be read, and front matter that could not be understood: each its own row."""
    found = [error for doc in (home.index, *home.topics) if (error := doc.front_matter.error) is not None]
    found += home.unreadable
    return sorted(({"path": e.path, "line": e.line, "message": e.message} for e in found),
                  key=lambda p: (p["path"] or "", p["line"] or 0))
