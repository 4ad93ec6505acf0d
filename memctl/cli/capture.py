"""`memctl capture`: lessons and decisions from a session into the home's lessons file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from memctl.cli.common import (
    ApplyOpt,
    ConfigOpt,
    DiffOpt,
    FormatOpt,
    HomeArg,
    ProfileOpt,
    TextOrJson,
    app,
    command_option,
    emit_plan,
    err,
    fail,
    number_option,
    open_home,
    path_option,
)
from memctl.errors import MemctlError
from memctl.model.config import today
from memctl.words import plural

if TYPE_CHECKING:
    from memctl.model.home import MemoryHome


@app.command(short_help="Lessons and decisions from a session, saved before compaction loses them.")
def capture(
    path: HomeArg = Path("."),
    transcript: Annotated[Path | None, path_option(
        "--transcript", metavar="FILE", help="A Claude Code transcript (JSONL); without it, text on stdin.")] = None,
    last: Annotated[int | None, number_option(
        "--last", metavar="N", low=0, help="The last N turns (default: those since the last compaction).")] = None,
    extractor: Annotated[str | None, command_option(
        "--extractor", help="A command that prints one lesson a line (the text on its stdin).")] = None,
    timeout: Annotated[float, number_option(
        "--timeout", metavar="SECONDS", kind=float, above=True, help="How long the extractor may run.")] = 60.0,
    apply: ApplyOpt = False,
    diff: DiffOpt = False,
    format: FormatOpt = TextOrJson.text,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Save a session's lessons and decisions in the home's lessons file before compaction loses them.

    Candidates are the lines marked `Lesson:`, `Learned:`, `Decision:`, `Decided:`, `Root cause:`,
    `Dead end:` or `Remember:` (also as list items or **bold** labels), with the reason on the next
    line when it starts `Because`, `Since`, `So that`, `Reason:` or `Why:`; or, with --extractor,
    the lines your command prints. Each new one is appended as a dated list item with where it came
    from. One already in the file is not added again; one holding a credential is never written;
    nothing in the file is rewritten. Plans by default; --apply writes.

    \b
    Examples:
      memctl capture memory/ --transcript ~/.claude/projects/my-app/3f2a….jsonl
      memctl capture memory/ --transcript session.jsonl --last 40 --apply
      echo "Decision: pin the runner image. Because: 2.4 broke the cache." | memctl capture memory/ --apply
      memctl capture memory/ --transcript s.jsonl --extractor "llm -m haiku -s 'List the lessons, one a line'"
    """
    from memctl.commands.capture import (
        find_candidates,
        from_text,
        index_view,
        lesson_count,
        lessons_file,
        lessons_front_matter,
        plan_capture,
        plan_data,
        read_transcript,
        render_text,
        run_extractor,
        written_line,
    )
    from memctl.safe.journal import apply_fresh

    try:
        home = open_home(path, config, None, profile)
        lessons = lessons_file(home)
        if transcript is not None:
            source = read_transcript(str(transcript), last)
            if source.skipped:
                err(f"warning: {transcript}: {plural(source.skipped, 'line')} skipped, not JSON objects "
                    "(a last line still being written is normal)")
        elif sys.stdin.isatty():
            raise MemctlError("nothing to read: give --transcript FILE, or pipe the session's text on stdin")
        else:
            from memctl.commands.append import stdin_text

            source = from_text(stdin_text(sys.stdin.buffer.read()))
        if extractor is not None:
            candidates, warnings = run_extractor(extractor, source, lessons, lesson_count(home, lessons), timeout)
            for warning in warnings:
                err(f"warning: {warning}")
        else:
            candidates = find_candidates(source)
        def planned(home: MemoryHome) -> Any:
            return plan_capture(home.root, lessons, source, candidates, today(), index_view(home),
                                lessons_front_matter(home, lessons, today()))

        plan = planned(home)
        if apply and plan.write.changes:  # an agent that wrote meanwhile: read again and plan again
            plan = apply_fresh(home.root, plan, lambda plan: plan.write,
                               lambda: planned(open_home(path, config, None, profile)), "capture")
        for warning in plan.warnings:
            err(f"warning: {warning}")
    except MemctlError as error:
        fail(error)
    applied = apply and bool(plan.write.changes)
    if applied:  # on stderr, as every command that writes says it (the payload is stdout's)
        err(written_line(plan))
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_text(plan, applied))
