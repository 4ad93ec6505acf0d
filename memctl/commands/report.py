"""`memctl report`: one home, or a fleet of them, as a plain value for the HTML page.

The figures are not computed here: each home's part is exactly what `status --format json`,
`history --dispatches --format json` and `lint --format json` give (the same core functions,
called with the same arguments), so the page can never disagree with them. What this adds is a
fleet's summary row per home, read from those values.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from memctl.errors import InputError
from memctl.model.home import ARCHIVE_DIRS, MemoryHome

REPORT_VERSION = 1
HOME_MARKERS = ("MEMORY.md", ".memctl.yaml")  # a folder holding one of these is a home
SKIPPED = frozenset({".git", ".memctl", "node_modules", "__pycache__", *(p.rsplit("/", 1)[-1] for p in ARCHIVE_DIRS)})
MAX_DEPTH = 8  # how far below the fleet's folder a home is looked for


def home_report(home: MemoryHome, today: date, until: datetime, period: str = "day",
                progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """One home: its status, history (with the dispatch record) and lint values, unchanged."""
    from memctl.commands.history import build_report
    from memctl.commands.lint import LintOptions, lint_home
    from memctl.commands.lint.output import json_data
    from memctl.commands.status import build_status

    status = build_status(home, today, progress)
    history = build_report(home, period, None, until, True, peek=True)
    diagnostics, files = lint_home(home, today, LintOptions())
    lint = json_data(diagnostics, files)
    return {"home": home.shown, "status": status, "history": history, "lint": lint,
            "summary": summary(status, history, lint)}


def tightest(status: dict[str, Any]) -> dict[str, Any] | None:
    """The headroom with the least room left, as a share of its limit, over every limit the host
    sets (the index's lines, units, bytes and tokens, the load cap's measures, what every request
    carries); None when the host sets none."""
    rooms = limits(status)
    return min(rooms, key=lambda room: (room["left"] / room["limit"], room["name"])) if rooms else None


def limits(status: dict[str, Any]) -> list[dict[str, Any]]:
    """Every limit of the home's host, with its headroom (`status`'s entries, each named)."""
    index = status["index"]
    found = []
    for measure, room in index["headroom"].items():
        if room:
            found.append({"name": f"index {measure}", "key": f"status.index.headroom.{measure}", **room})
    for n, measure in enumerate(index["load_cap"]["measures"]):
        own = index["headroom"].get(measure["measure"])
        if measure.get("limit") and not (own and own["limit"] == measure["limit"]):  # as status shows it
            found.append({"name": f"load cap {measure['measure']}", "key": f"status.index.load_cap.measures.{n}",
                          **{k: v for k, v in measure.items() if k != "measure"}})
    chars = status["totals"]["always_loaded_chars"]
    if chars.get("limit"):
        found.append({"name": "every request (characters)", "key": "status.totals.always_loaded_chars", **chars})
    stack = status.get("stack")
    if stack and stack["budget"] and stack["budget"].get("limit") and "left" in stack["budget"]:
        found.append({"name": stack["budget"]["what"], "key": "status.stack.budget",
                      **{k: v for k, v in stack["budget"].items() if k != "what"}})
    return found


def summary(status: dict[str, Any], history: dict[str, Any], lint: dict[str, Any]) -> dict[str, Any]:
    """A fleet's row for one home: its tightest headroom, topics over budget, findings, growth."""
    return {
        "limits": limits(status),
        "tightest": tightest(status),
        "over_budget": sum(1 for topic in status["topics"] if topic["over_budget"]),
        "capped": status["index"]["load_cap"]["capped"],
        "errors": lint["summary"]["errors"],
        "warnings": lint["summary"]["warnings"],
        "growth": [row["index"]["tokens"] if row["index"] else None for row in history["periods"]],
        "forecast": history["forecast"],
    }


def fleet_report(reports: list[dict[str, Any]], folder: str,
                 unreadable: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """A fleet's page: the homes read, and those that could not be ({home, error}, each the home's
    path as found under the fleet's folder and the one-line error)."""
    return {"version": REPORT_VERSION, "fleet": folder, "homes": reports, "unreadable": unreadable or []}


def single_report(report: dict[str, Any]) -> dict[str, Any]:
    return {"version": REPORT_VERSION, "fleet": None, "homes": [report]}


def find_homes(folder: str) -> list[str]:
    """The memory homes under `folder`, sorted: each folder that holds a MEMORY.md or a
    .memctl.yaml (a repository's root config that names its index below), itself or below it, to
    MAX_DEPTH folders down. Nothing is looked for inside a home (its topics), nor in .git/,
    .memctl/ or an archive; dot folders are walked (a Claude Code auto memory lives in
    ~/.claude/projects/*/memory); symlinked folders are not followed."""
    if not os.path.isdir(folder):
        raise InputError("no such folder" if not os.path.lexists(folder) else "is not a folder", folder)
    found = []
    base = folder.rstrip("/") or "/"
    for current, dirs, files in os.walk(base):
        depth = 0 if current == base else os.path.relpath(current, base).count(os.sep) + 1
        if any(marker in files for marker in HOME_MARKERS):
            found.append(current)
            dirs[:] = []
            continue
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED) if depth < MAX_DEPTH else []
    if not found:
        raise InputError(f"no memory home here (a folder holding {' or '.join(HOME_MARKERS)}, "
                         f"up to {MAX_DEPTH} folders down)", folder)
    return sorted(found)
