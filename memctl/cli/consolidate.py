"""`memctl consolidate`: topic files kept under their token target by archiving."""

from __future__ import annotations

import functools
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
    TokenizerOpt,
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
from memctl.words import plural

if TYPE_CHECKING:
    from memctl.model.home import MemoryHome

@app.command(short_help='Topic files kept under their token target by archiving, never deleting.')
def consolidate(
    path: HomeArg = Path("."),
    topic: Annotated[list[str] | None, typer.Option(
        "--topic", "-t", metavar="TOPIC", help="Only this topic (repeatable).")] = None,
    target: Annotated[int | None, number_option(
        "--target", metavar="TOKENS", low=1,
        help="Token target of a topic (default: the profile's topic budget).")] = None,
    older_than: Annotated[int, number_option(
        "--older-than", metavar="DAYS", low=0, help="Dated entries older than this are archived.")] = 90,
    summarizer: Annotated[str | None, command_option(
        "--summarizer", help="A command that rewrites a topic's body (stdin to stdout).")] = None,
    timeout: Annotated[float, number_option(
        "--timeout", metavar="SECONDS", kind=float, above=True, help="How long the summarizer may run.")] = 120.0,
    allow_secrets: Annotated[bool, typer.Option(
        "--allow-secrets", help="Archive entries holding what looks like a credential too.")] = False,
    apply: ApplyOpt = False,
    plan_out: PlanOutOpt = None,
    apply_plan_file: ApplyPlanOpt = None,
    check: Annotated[bool, typer.Option(
        "--check", help="Exit 1 if any topic is over its target, or could not be read.")] = False,
    diff: DiffOpt = False,
    format: FormatOpt = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Keep topic files under their token target by archiving, never deleting.

    For each topic over target, while it is still over: duplicate entries are archived with where
    they came from; dated entries older than --older-than days move, oldest first, to
    archive/<stem>.md, leaving one line; with --summarizer, your command rewrites the body (the
    previous version archived first). Unless --allow-secrets, an entry holding what looks like a
    credential stays where it is, and a body holding one is not sent to the summarizer (each is
    named on stderr). Nothing is lost: checked before anything is written.

    \b
    Examples:
      memctl consolidate memory/
      memctl consolidate memory/ --check
      memctl consolidate memory/ --summarizer "llm -m haiku -s 'Shorten this'" --plan-out plan.json
      memctl consolidate memory/ --apply-plan plan.json
    """
    from memctl.commands.consolidate import (
        Options,
        plan_consolidate,
        plan_data,
        render_held,
        render_plan_text,
        saved_options,
        verify,
        verify_saved,
    )
    from memctl.errors import EXIT_FINDINGS
    from memctl.safe.journal import apply_fresh
    options = Options(topics=tuple(topic or ()), target=target, older_than=older_than, summarizer=summarizer,
                      timeout=timeout, allow_secrets=allow_secrets)
    when = today()

    def planned(home: MemoryHome | None = None) -> tuple[MemoryHome, Any]:
        home = home or open_home(path, config, tokenizer, profile)
        plan = plan_consolidate(home, options, when)
        verify(home, plan, options, when)
        return home, plan

    try:
        home = open_home(path, config, tokenizer, profile)
        if apply_plan_file is not None:
            apply_saved_plan(home, apply_plan_file, "consolidate", functools.partial(verify_saved, home))
            return
        if plan_out is not None:  # refused before the summarizer runs, as every output file is
            check_output(plan_out, [home], "plan")
        home, plan = planned(home)
        if apply and plan_out is None:
            home, plan = apply_fresh(home.root, (home, plan), lambda done: done[1].write, planned, "consolidate")
        for warning in [*plan.warnings, *render_held(plan)]:
            err(f"warning: {warning}")
        if allow_secrets:  # which credential went to which file, one line each
            from memctl.model.secrets import carried

            for line in carried(plan.write.changes, "archived to" if apply and plan_out is None else "goes to"):
                err(line)
        save_or_apply(home, plan.write, "consolidate", plan_out, False,
                      {**plan_data(plan, False), "options": saved_options(options, when)},
                      " (the summarizer does not run again)")
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and plan_out is None and bool(plan.write.changes)
    if applied:  # on stderr, as every command that writes says it (the payload is stdout's)
        err(f"wrote {plural(sum(1 for c in plan.write.changes if c.before != c.after), 'file')}")
    emit_plan(plan.write, diff, format, plan_data(plan, applied),
              render_plan_text(plan, applied, requested=apply and plan_out is None))
    # a topic over target that memctl will not touch is still over; one it could not read is not known within
    if check and (plan.topics or plan.held or plan.unread):
        raise typer.Exit(EXIT_FINDINGS)
