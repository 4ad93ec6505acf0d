"""`memctl split`: a fat index becomes a slim one and topic files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import (
    ApplyOpt,
    ConfigOpt,
    DiffOpt,
    FormatOpt,
    ProfileOpt,
    TextOrJson,
    TokenizerOpt,
    app,
    emit_plan,
    err,
    fail,
    open_home,
)
from memctl.config import today
from memctl.errors import MemctlError


@app.command()
def split(
    path: Annotated[Path, typer.Argument(
        metavar="PATH", help="A home (its index is split) or a markdown file inside it.")] = Path("."),
    keep: Annotated[list[str] | None, typer.Option(
        "--keep", metavar="HEADING", help="Keep this section in place (repeatable; adds to config `core`).")] = None,
    level: Annotated[int, typer.Option("--level", metavar="N", help="Heading level of the sections that move.")] = 2,
    into: Annotated[Path | None, typer.Option(
        "--into", metavar="DIR", help="Folder for the new topic files (default: topics/ beside the index).")] = None,
    apply: ApplyOpt = False,
    diff: DiffOpt = False,
    format: FormatOpt = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Move the sections of a fat MEMORY.md into topic files, leaving one index line for each.

    Sections kept in place: the preamble, headings named by --keep or the config's `core`, and any
    section holding <!-- memctl-keep -->. Before writing, memctl checks that every line of the
    original lands in exactly one output and that a second split would change nothing; the
    original is copied to archive/ first. Without --apply nothing is written.

    \b
    Examples:
      memctl split memory/ --keep Directives --keep "Fleet roster"
      memctl split memory/ --diff
      memctl split memory/ --apply
    """
    from memctl.config import now
    from memctl.home import find_home
    from memctl.journal import apply_plan
    from memctl.split import plan_data, plan_split, render_plan_text, split_target

    try:
        home = open_home(find_home(path) if path.is_file() else path, config, tokenizer, profile)
        doc = split_target(home, path)
        plan = plan_split(home, doc, keep=list(keep or ()), level=level, into=into, today=today(), now=now())
        if apply and plan.moves:
            written = apply_plan(home.root, plan.write, "split")
            err(f"wrote {len(written)} files")
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and bool(plan.moves)
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_plan_text(plan, applied))
