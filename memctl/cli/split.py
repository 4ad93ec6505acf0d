"""`memctl split`: a fat index becomes a slim one and topic files."""

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
    PlanOutOpt,
    ProfileOpt,
    TextOrJson,
    TokenizerOpt,
    app,
    apply_saved_plan,
    check_output,
    emit_plan,
    err,
    fail,
    number_option,
    open_home,
    path_argument,
    path_option,
    save_plan_out,
)
from memctl.errors import MemctlError
from memctl.model.config import today

if TYPE_CHECKING:
    from memctl.model.home import MemoryHome


@app.command(short_help='A fat MEMORY.md becomes a slim index and topic files, losing nothing.')
def split(
    path: Annotated[Path, path_argument("A home (its index is split) or a markdown file inside it.")] = Path("."),
    keep: Annotated[list[str] | None, typer.Option(
        "--keep", metavar="HEADING", help="Keep this section in place (repeatable; adds to config `core`).")] = None,
    level: Annotated[int, number_option(
        "--level", metavar="N", low=1, high=6, help="Heading level of the sections that move.")] = 2,
    into: Annotated[Path | None, path_option(
        "--into", metavar="DIR", help="Folder for new topic files, relative to the home (default: topics/).",
        reads=False)] = None,
    map_: Annotated[list[str] | None, typer.Option(
        "--map", metavar="HEADING=TOPIC",
        help="Send this section into an existing topic (repeatable; adds to config `map`).")] = None,
    allow_secrets: Annotated[bool, typer.Option(
        "--allow-secrets", help="Move sections holding what looks like a credential too.")] = False,
    apply: ApplyOpt = False,
    diff: DiffOpt = False,
    plan_out: PlanOutOpt = None,
    apply_plan_file: ApplyPlanOpt = None,
    format: FormatOpt = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Move the sections of a fat MEMORY.md into topic files, listing them under the index's ## Topics.

    Sections kept in place: the preamble, headings named by --keep or the config's `core`, the
    index heading, any section holding <!-- memctl-keep -->, and (unless --allow-secrets) any
    holding what looks like a credential. Moved text keeps its meaning: its relative links are
    rewritten to point where they pointed. Before writing, memctl checks that the original can be
    rebuilt from the outputs, that every link still resolves to the same file, and that a second
    split would change nothing; the original is copied to archive/ first. Without --apply (or
    --apply-plan) nothing is written.

    \b
    Examples:
      memctl split memory/ --keep Directives --keep "Fleet roster"
      memctl split memory/ --map "Fleet notes=topics/fleet.md" --diff
      memctl split memory/ --plan-out split.json && memctl split memory/ --apply-plan split.json
    """
    from memctl.commands.split import (
        Options,
        archive_note,
        plan_data,
        plan_split,
        render_plan_text,
        saved_options,
        split_target,
        verify_saved,
        written_lines,
    )
    from memctl.model.config import now
    from memctl.model.home import find_home
    from memctl.safe.journal import apply_fresh

    def planned(home: MemoryHome | None = None) -> tuple[MemoryHome, Any]:
        home = home or open_home(find_home(path) if path.is_file() else path, config, tokenizer, profile)
        return home, plan_split(home, split_target(home, path), options, today=today(), now=now())

    try:
        home = open_home(find_home(path) if path.is_file() else path, config, tokenizer, profile)
        if apply_plan_file is not None:
            apply_saved_plan(home, apply_plan_file, "split", functools.partial(verify_saved, home))
            return
        if plan_out is not None:  # refused before the work, as every output file is
            check_output(plan_out, [home], "plan")
        mapping = []
        for item in map_ or ():
            heading, sep, dest = item.partition("=")
            if not sep or not heading.strip() or not dest.strip():
                raise MemctlError(f"--map takes HEADING=TOPIC, not {item!r}")
            mapping.append((heading, dest))
        options = Options(keep=tuple(keep or ()), level=level, into=into, mapping=tuple(mapping),
                          allow_secrets=allow_secrets)
        home, plan = planned(home)
        if plan_out is not None and plan.moves:
            save_plan_out(home, plan.write, "split", plan_out,
                          {**plan_data(plan, False), "options": saved_options(options)})
        elif apply and plan.moves:
            home, plan = apply_fresh(home.root, (home, plan), lambda done: done[1].write, planned, "split")
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and plan_out is None and bool(plan.moves)
    for warning in plan.warnings:  # where the index's new links went, and a cut the split leaves
        err(f"warning: {warning}")
    for line in plan.carried:  # --allow-secrets: which credential went to which file
        err(line)
    if not applied and (diff or format is TextOrJson.json) and archive_note(plan, applied):
        err(archive_note(plan, applied))  # the text plan says it; a diff shows the copy redacted
    for line in written_lines(plan) if applied else ():  # on stderr, `wrote N files` last: stdout holds the plan
        err(line)
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_plan_text(plan, applied))
