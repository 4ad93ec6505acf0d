"""`memctl rollup`: daily notes and journals folded into weeks and months, nothing lost."""

from __future__ import annotations

import functools
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from memctl.cli.common import (
    ApplyOpt,
    ApplyPlanOpt,
    ConfigOpt,
    DiffOpt,
    FormatOpt,
    HomeArg,
    PlanOutOpt,
    ProfileOpt,
    TextOrJson,
    app,
    apply_saved_plan,
    check_output,
    command_option,
    emit_plan,
    err,
    fail,
    number_option,
    open_home,
    save_or_apply,
)
from memctl.errors import MemctlError
from memctl.model.config import today

if TYPE_CHECKING:
    from memctl.model.home import MemoryHome


class Period(str, Enum):
    week = "week"
    month = "month"


@app.command(short_help="Daily notes and journals folded into one file a week or a month, nothing lost.")
def rollup(
    path: HomeArg = Path("."),
    period: Annotated[Period, typer.Option("--period", help="Fold days into weeks, or days and weeks into months.")]
    = Period.week,
    keep_days: Annotated[int, number_option(
        "--keep-days", metavar="DAYS", low=0, help="A period that ended within this many days is left alone.")] = 7,
    summarizer: Annotated[str | None, command_option(
        "--summarizer", help="A command that shortens a period's text (stdin to stdout).")] = None,
    timeout: Annotated[float, number_option(
        "--timeout", metavar="SECONDS", kind=float, above=True, help="How long the summarizer may run.")] = 120.0,
    allow_secrets: Annotated[bool, typer.Option(
        "--allow-secrets", help="Roll up files holding what looks like a credential too.")] = False,
    apply: ApplyOpt = False,
    plan_out: PlanOutOpt = None,
    apply_plan_file: ApplyPlanOpt = None,
    diff: DiffOpt = False,
    format: FormatOpt = TextOrJson.text,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Fold dated files (2026-11-23.md, 2026-11-23-standup.md, 2026-W47.md) into one file a week or a month.

    Every closed period with more than one file in a folder becomes one file there (2026-W47.md or
    2026-11.md) holding each source under a heading naming its date, in date order, with front
    matter naming the period and the sources. The sources move to archive/<folder>/; the index's
    links to them point at the period's file. The folders are the config's `rollup` globs (Volute
    and OpenClaw: memory/journal/*.md and memory/*.md). Unless --allow-secrets, a file holding what
    looks like a credential stays where it is (named on stderr). Checked before anything is
    written: every source's text is in the new file or the archive, and a second run changes nothing.

    \b
    Examples:
      memctl rollup home/
      memctl rollup home/ --apply
      memctl rollup home/ --period month --diff
      memctl rollup home/ --summarizer "llm -s 'Summarize this week of journal'" --plan-out week.json
    """
    from memctl.commands.rollup import (
        links_left,
        plan_data,
        plan_rollup,
        read_dated,
        render_held,
        render_text,
        saved_options,
        verify,
        verify_saved,
        written_line,
    )
    from memctl.safe.journal import apply_fresh

    try:
        home = open_home(path, config, None, profile)
        if apply_plan_file is not None:
            apply_saved_plan(home, apply_plan_file, "rollup", functools.partial(verify_saved, home))
            return
        if plan_out is not None:  # refused before the summarizer runs, as every output file is
            check_output(plan_out, [home], "plan")
        if not home.config.rollup:
            err(f"no dated folders to roll up for the {home.config.profile} profile: set `rollup:` in the config "
                "(globs such as memory/journal/*.md)")
            return
        when = today()

        def planned(home: MemoryHome) -> tuple[MemoryHome, Any, list[str]]:
            files, texts, unreadable = read_dated(home)
            plan = plan_rollup(texts, files, home.index.rel, period.value, when, keep_days, summarizer, timeout,
                               home.counter.count, home.config.budgets.topic_tokens or 1000, allow_secrets,
                               home.archived_as)
            verify(plan, texts, files, home.index.rel, when, keep_days, allow_secrets, home.archived_as)
            return home, plan, unreadable

        home, plan, unreadable = planned(home)
        if apply and plan_out is None:  # an agent that wrote meanwhile: read again and plan again
            home, plan, unreadable = apply_fresh(home.root, (home, plan, unreadable), lambda done: done[1].write,
                                                 lambda: planned(open_home(path, config, None, profile)), "rollup")
        for warning in [*unreadable, *plan.warnings, *render_held(plan), *links_left(home, plan)]:
            err(f"warning: {warning}")
        save_or_apply(home, plan.write, "rollup", plan_out, False,
                      {**plan_data(plan, False), "options": saved_options(when, keep_days, allow_secrets)},
                      " (the summarizer does not run again)")
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and plan_out is None and bool(plan.write.changes)
    if applied:  # on stderr, as every command that writes says it (the payload is stdout's)
        err(written_line(plan))
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_text(plan, applied, keep_days))
