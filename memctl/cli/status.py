"""`memctl status`: headroom against every budget, and the size of every section and topic."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from memctl.cli.common import (
    ConfigOpt,
    FormatOpt,
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
    path_argument,
    progress,
)
from memctl.cli.dispatch import home_error, table_width
from memctl.errors import EXIT_ERROR, MemctlError
from memctl.model.config import today


@app.command(short_help="Headroom against every budget, and each section's and topic's size.")
def status(
    paths: Annotated[
        list[Path] | None, path_argument("Memory homes (folders or index files).")
    ] = None,
    format: FormatOpt = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
    all_topics: Annotated[
        bool, typer.Option("--all", help="List every topic (by default the largest 25 when there are more).")
    ] = False,
) -> None:
    """Headroom against every budget, and the size of every section and topic.

    \b
    Examples:
      memctl status memory/
      memctl status agents/*/memory --format json
      memctl status fleet/memory --all
    """
    from memctl.cli.views import render_fleet_text, render_status_text
    from memctl.commands.status import build_status

    reports: list[dict[str, Any]] = []
    failed = []
    several = len(paths or []) > 1
    try:
        for path in paths or [Path(".")]:
            try:
                home = open_home(path, config, tokenizer, profile, several=several)
                reports.append(build_status(home, today(), progress()))
            except MemctlError as error:
                if not several:
                    raise
                failed.append(home_error(os.fspath(path), error))  # one bad home of several: the others are shown
                err(failed[-1])
                continue
            home.save_cache()
    except MemctlError as error:
        fail(error)
    if not reports:
        raise typer.Exit(EXIT_ERROR)
    if format is TextOrJson.json:
        emit_json(reports if several else reports[0])
    elif not several:
        emit(render_status_text(reports[0], color_wanted(), table_width(), all_topics))
    else:
        emit(render_fleet_text(reports, color_wanted(), table_width()))
    if failed:
        raise typer.Exit(EXIT_ERROR)
