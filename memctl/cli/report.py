"""`memctl report`: the memory as one self-contained HTML page, for a home or a fleet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import (
    ConfigOpt,
    ProfileOpt,
    TokenizerOpt,
    app,
    check_output,
    emit,
    err,
    fail,
    open_home,
    path_argument,
    path_option,
    progress,
)
from memctl.cli.history import Period
from memctl.errors import EXIT_FINDINGS, MemctlError


@app.command(short_help="The memory as one HTML page: headroom, start-up, sizes, growth, findings.")
def report(
    path: Annotated[Path | None, path_argument("The memory home.")] = None,
    fleet: Annotated[Path | None, path_option(
        "--fleet", metavar="DIR", help="Every memory home under DIR, one row each, on one page.")] = None,
    output: Annotated[Path | None, path_option(
        "--output", "-o", metavar="FILE",
        help="Write the page here (its folder must exist), not to stdout; - is stdout.", reads=False)] = None,
    period: Annotated[Period, typer.Option(
        "--period", "-p", help="Growth by hour, day, week or month (as history).")] = Period.day,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """The memory as one self-contained HTML page: headroom against each of the host's limits, what
    the host loads at start and where it cuts, the index's sections and the topics against their
    budget, growth from git with the forecast, the dispatch record's loads, and lint's findings.

    The figures are those of `status`, `history --dispatches` and `lint` (--format json). The page
    needs no network and no JavaScript. Memory text is escaped and credentials cut as in every
    output. With --fleet, a table of every home under DIR (a folder holding MEMORY.md or
    .memctl.yaml), each row linking to its home's section; a home that cannot be read is listed
    on the page with its error (also on stderr), the others shown, and the exit code is 1.

    \b
    Examples:
      memctl report memory/ -o memory-report.html
      memctl report --fleet agents/ -o fleet.html
      memctl report memory/ --period week > report.html
    """
    from memctl.commands.report import find_homes, fleet_report, home_report, single_report
    from memctl.model.config import now, today
    from memctl.model.secrets import redact
    from memctl.render.html import render_html
    from memctl.safe.fsutil import atomic_write

    if fleet is not None and path is not None:
        fail(MemctlError("give a PATH or --fleet DIR, not both"))
    if output is not None and str(output) == "-":  # `-o -`: stdout, as without -o
        output = None
    try:
        paths = find_homes(str(fleet)) if fleet is not None else [str(path or Path("."))]
        if output is not None:  # before the work; again below with each home's own files
            check_output(output, paths)
        day, until = today(), now()
        reports = []
        unreadable: list[dict[str, str]] = []
        for one in paths:
            try:
                home = open_home(one, config, tokenizer, profile, several=len(paths or []) > 1)
                reports.append(home_report(home, day, until, period.value, progress()))
                for warning in reports[-1]["history"].get("warnings", ()):  # what it could only peek at
                    err(f"warning: {warning}")
            except MemctlError as error:
                if fleet is None:
                    raise
                # one broken home is a finding on the fleet's page, not the end of it
                unreadable.append({"home": one, "error": str(error)})
                err(f"error: {redact(str(error) if error.path else f'{one}: {error}')}")  # the file, else the home
                continue
            if output is not None:
                check_output(output, [home])
            home.save_cache()
        value = fleet_report(reports, str(fleet), unreadable) if fleet is not None else single_report(reports[0])
        page = redact(render_html(value))
        if output is not None:
            atomic_write(output, page)
        else:
            emit(page)
    except MemctlError as error:
        fail(error)
    if output is not None:
        missed = f"; {len(unreadable):,} could not be read" if unreadable else ""
        err(f"report of {len(reports)} {'home' if len(reports) == 1 else 'homes'} written to {output}{missed}")
    if unreadable:
        raise typer.Exit(EXIT_FINDINGS)
