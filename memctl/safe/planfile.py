"""Plan files: review a plan, then apply exactly that plan (`--plan-out FILE`, `--apply-plan FILE`).

A plan file holds every file's text before and after, so what is written is what was reviewed
(a summarizer is not run again), and a plan made from inputs that have changed since is refused
whole: `apply_plan` compares each file with its `before` first.
"""

from __future__ import annotations

import json
import os
from typing import Any

from memctl.errors import InputError, MemctlError
from memctl.safe.fsutil import atomic_write, read_text
from memctl.safe.keys import digest
from memctl.safe.writer import FileChange, WritePlan

PLAN_VERSION = 1


def save_plan(path: str, command: str, root: str, plan: WritePlan, summary: dict[str, Any]) -> None:
    """Write the plan to `path`, mode 0600 whatever mode a file there had: it holds the files' text
    verbatim (what makes it applicable), credentials too, so only its owner may read it."""
    data = {"memctl_plan": PLAN_VERSION, "command": command, "home": root, "summary": summary,
            "changes": [{"path": c.rel, "before_digest": digest(c.before) if c.before is not None else None,
                         "before": c.before, "after": c.after, "removed": c.removed} for c in plan.changes]}
    # the temporary file is made 0600 before the rename: no chmod ever touches the name given, which
    # may be a second name of another file until the rename replaces it
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n", mode=0o600)


def load_plan(path: str, command: str, root: str) -> tuple[WritePlan, dict[str, Any]]:
    """The plan in `path`, made by `memctl COMMAND` for the home `root`; a one-line error otherwise."""
    try:
        data = json.loads(read_text(path))
    except ValueError as exc:
        raise InputError(f"not a memctl plan file ({exc})", path) from None
    if not isinstance(data, dict) or data.get("memctl_plan") != PLAN_VERSION:
        raise InputError("not a memctl plan file (made by --plan-out)", path)
    if data.get("command") != command:
        raise MemctlError(f"a plan made by `memctl {data.get('command')}`, not by `memctl {command}`", path)
    if os.path.realpath(str(data.get("home"))) != os.path.realpath(root):
        raise MemctlError(f"a plan for the home {data.get('home')}, not this one", path)
    try:
        changes = tuple(FileChange(c["path"], c["before"], c["after"], c.get("removed", False))
                        for c in data["changes"])
    except (KeyError, TypeError):
        raise InputError("a damaged plan file: its changes are not as --plan-out writes them", path) from None
    for change in changes:
        good = isinstance(change.rel, str) and isinstance(change.after, str) and isinstance(change.removed, bool) and (
            change.before is None or isinstance(change.before, str))
        if not good:
            raise InputError("a damaged plan file: its changes are not as --plan-out writes them", path)
    return WritePlan(changes), data.get("summary") or {}
