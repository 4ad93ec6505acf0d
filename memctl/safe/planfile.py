"""Plan files: review a plan, then apply exactly that plan (`--plan-out FILE`, `--apply-plan FILE`).

A plan file holds every file's text before and after, so what is written is what was reviewed
(a summarizer is not run again), and a plan made from inputs that have changed since is refused
whole: `apply_plan` compares each file with its `before` first. A plan file is text anyone can
edit, so before it is written it is checked as `--apply` checks the plan it makes (`check_saved`
runs the command's own check on it): a plan that would lose text is refused whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from memctl.errors import GuaranteeError, InputError, MemctlError, StaleError
from memctl.safe.fsutil import atomic_write, current_text, read_text
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


def check_saved(path: str, root: str, plan: WritePlan, summary: dict[str, Any],
                check: Callable[[WritePlan, dict[str, Any]], None]) -> None:
    """Refuse the plan in `path` unless it passes `check`, the command's own check of a plan (what
    `--apply` runs on the plan it makes: every source in the archive byte for byte, the original
    rebuildable, no text lost). A file changed since the plan was made is said as the write would
    say it; a failed check is one line naming the plan file and the check."""
    try:
        for change in plan.changes:
            try:
                now = current_text(root, change.rel)
            except InputError as exc:
                raise GuaranteeError(f"cannot be compared with the plan ({exc.message})", change.rel) from None
            if now != change.before:
                what = "removed" if now is None else "changed on disk"
                raise StaleError(f"{what} while memctl was planning; nothing was written", change.rel)
        check(plan, summary)
    except StaleError:
        raise
    except GuaranteeError as exc:
        detail = str(exc).removesuffix("; nothing was written")
        raise GuaranteeError(f"not applied: the plan fails a check --apply runs ({detail}); nothing was written",
                             path) from None
