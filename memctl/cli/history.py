"""`memctl history`: how the memory grew, and what dispatches loaded."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import (
    ConfigOpt,
    FormatOpt,
    HomeArg,
    ProfileOpt,
    TextOrJson,
    TokenizerOpt,
    app,
    color_wanted,
    emit,
    emit_json,
    err,
    fail,
    open_home,
)
from memctl.cli.dispatch import table_width
from memctl.errors import MemctlError


class Period(str, Enum):
    hour = "hour"
    day = "day"
    week = "week"
    month = "month"


@app.command(short_help='How the memory grew (from git), and what dispatches loaded.')
def history(
    path: HomeArg = Path("."),
    period: Annotated[Period, typer.Option("--period", "-p", help="hour, day, week or month.")] = Period.day,
    since: Annotated[str | None, typer.Option(
        "--since", metavar="DATE",
        help="First period (default: 24 hours, 14 days, 12 weeks or 12 months back).")] = None,
    until: Annotated[str | None, typer.Option("--until", metavar="DATE", help="Last period (default: now).")] = None,
    dispatches: Annotated[bool, typer.Option(
        "--dispatches", help="Roll up .memctl/dispatches.jsonl (written by assemble --record).")] = False,
    format: FormatOpt = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """How the memory grew, from git, and what dispatches loaded, by hour, day, week or month.

    Growth is read from the git history of the home's files, commit by commit, without checking
    anything out; each file version is counted once (cached by blob id). The forecast says when,
    at the rate of the last four weeks (the index's size read once a day), the index reaches its
    line, byte or load-cap limit; from less than 7 days or fewer than 2 changes, it says why there
    is none.

    \b
    Examples:
      memctl history memory/
      memctl history memory/ --period week --since 2026-06-01
      memctl history memory/ --dispatches --format json
    """
    from memctl.cli.views import render_history_text
    from memctl.commands.history import build_report, parse_moment
    from memctl.model.config import now

    try:
        home = open_home(path, config, tokenizer, profile)
        end = parse_moment(until, "--until") if until else now()
        start = parse_moment(since, "--since") if since else None
        report = build_report(home, period.value, start, end, dispatches)
        home.save_cache()
    except MemctlError as error:
        fail(error)
    empty = not report["git"] and report["dispatches"] is None
    if empty:
        err(f"{home.shown}: no history: {report['note']}")
    if format is TextOrJson.json:
        emit_json(report)
    elif not empty:
        emit(render_history_text(report, color_wanted(), table_width()))
