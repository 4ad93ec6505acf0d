"""`memctl init`: a config for the detected host, `.memctl/` out of git, and CI snippets."""

from __future__ import annotations

from pathlib import Path

from memctl.cli.common import DiffOpt, HomeArg, app, emit, err, fail
from memctl.errors import MemctlError


@app.command(short_help='A config for the detected host, .memctl/ out of git, CI snippets.')
def init(path: HomeArg = Path("."), diff: DiffOpt = False) -> None:
    """Write a commented .memctl.yaml for the host detected here, and keep .memctl/ out of git.

    The host is told from the layout (a Volute .config/config.json, OpenClaw's bootstrap files,
    a Claude Code memory folder or .claude/, Arc's memory/ beside skills/, Cursor's
    .cursor/rules/, a GEMINI.md or .gemini/, Codex's AGENTS.md). In a folder without MEMORY.md
    the index is the host's own file there (AGENTS.md, GEMINI.md, CLAUDE.md). An existing config
    is never overwritten. The pre-commit and CI snippets for this layout go to stdout; for a home
    in no git repository (Claude Code's auto memory in ~/.claude) there are none, and one line on
    stderr says why.

    \b
    Examples:
      memctl init memory/
      memctl init memory/ --diff
    """
    from memctl.commands.diff import unified_diff
    from memctl.commands.init import plan_init
    from memctl.model.home import resolve_home
    from memctl.safe.journal import apply_plan

    try:
        root, _ = resolve_home(str(path))
        plan = plan_init(root)
        if diff:
            emit(unified_diff(plan.write), redacted=True)
            return
        written = apply_plan(root, plan.write, "init")
    except MemctlError as error:
        fail(error)
    err(f"wrote {', '.join(written)} (profile {plan.profile}: {plan.reason})")
    if plan.snippets:
        emit(plan.snippets)
    else:
        err(plan.no_snippets)
