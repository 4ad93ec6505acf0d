"""`memctl lint`: the CI gate."""

from __future__ import annotations

import functools
import os
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.common import (
    ConfigOpt,
    ProfileOpt,
    TokenizerOpt,
    app,
    check_output,
    color_wanted,
    emit,
    err,
    fail,
    number_option,
    open_home,
    path_argument,
    path_option,
)
from memctl.cli.dispatch import home_error, not_linted
from memctl.errors import EXIT_ERROR, MemctlError
from memctl.model.config import today
from memctl.model.home import MemoryHome
from memctl.model.secrets import redact
from memctl.words import plural

if TYPE_CHECKING:
    from collections.abc import Callable

    from memctl.model.counts import StaleCount
    from memctl.safe.writer import WritePlan


class LintFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"


def _codes(value: str | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(c for c in value.replace(" ", ",").split(",") if c)


@app.command(short_help='The CI gate: index size and load cap, links, secrets, stale facts.')
def lint(
    paths: Annotated[list[Path] | None, path_argument("Memory homes to lint.")] = None,
    format: Annotated[
        LintFormat, typer.Option("--format", "-f", help="text, json, github or sarif.")
    ] = LintFormat.text,
    select: Annotated[str | None, typer.Option(
        "--select", metavar="CODES", help="Only these rules (codes, prefixes or names, comma-separated).")] = None,
    ignore: Annotated[str | None, typer.Option("--ignore", metavar="CODES", help="Skip these rules.")] = None,
    max_index_lines: Annotated[int | None, number_option(
        "--max-index-lines", metavar="N", low=1, help="Line limit of the index (MEM201).")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on any finding, warnings included.")] = False,
    exit_zero: Annotated[bool, typer.Option(
        "--exit-zero", help="Exit 0 even with errors (2 still means lint failed).")] = False,
    statistics: Annotated[bool, typer.Option(
        "--statistics", help="Add a count of findings per rule (text format).")] = False,
    fix: Annotated[bool, typer.Option(
        "--fix", help="First rewrite what can be fixed safely (MEM207's stale token counts).")] = False,
    list_rules: Annotated[bool, typer.Option("--list-rules", help="List the rules and exit.")] = False,
    explain: Annotated[str | None, typer.Option(
        "--explain", metavar="CODE", help="Explain one rule and exit.")] = None,
    output_file: Annotated[Path | None, path_option(
        "--output-file", "-o", metavar="FILE",
        help="Write the report here (its folder must exist), not to stdout; - is stdout.", reads=False)] = None,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Check memory homes for what makes an agent quietly dumber: the CI gate.

    Exit codes: 0 no errors (warnings allowed), 1 errors (with --strict, any finding), 2 could not lint.

    \b
    Examples:
      memctl lint memory/
      memctl lint agents/*/memory --format github --select MEM2,MEM501
      memctl lint memory/ --fix
      memctl lint --explain MEM205
    """
    from memctl.commands.lint import LintOptions, all_rules, lint_home
    from memctl.commands.lint.engine import expand
    from memctl.commands.lint.output import render, render_explanation, render_rules, summary
    from memctl.errors import EXIT_FINDINGS
    from memctl.safe.fsutil import atomic_write

    rules = all_rules()
    if list_rules:
        emit(render_rules(rules))
        return
    if explain is not None:
        from memctl.commands.lint.registry import resolve_code

        code = resolve_code(explain)
        if code is None:
            fail(MemctlError(f"unknown rule {explain!r}; `memctl lint --list-rules` lists them"))
        emit(render_explanation(rules[code]))
        return
    options = LintOptions(select=_codes(select), ignore=_codes(ignore) or (), max_index_lines=max_index_lines)
    diagnostics = []
    files = 0
    if output_file is not None and str(output_file) == "-":  # `-o -`: stdout, as without -o
        output_file = None
    failed: list[str] = []
    unread: list[tuple[str, MemctlError]] = []  # the homes that could not be linted, with why
    reading = None  # the one home given, while it is read and linted
    try:
        if output_file is not None:  # before any work (--fix writes); again below with each home's files
            check_output(output_file, [str(path) for path in paths or [Path(".")]])
        for token_list, where in ((options.select or (), "--select"), (options.ignore, "--ignore")):
            expand(token_list, where)
        when = today()
        several = len(paths or []) > 1
        for path in paths or [Path(".")]:
            reading = None if several else os.fspath(path)
            try:
                home = open_home(path, config, tokenizer, profile, several)
                if fix and _fix_counts(home, functools.partial(open_home, path, config, tokenizer, profile, several)):
                    home = open_home(path, config, tokenizer, profile, several)
                found, checked = lint_home(home, when, options)
            except MemctlError as error:
                if not several:
                    raise
                failed.append(home_error(os.fspath(path), error))  # one bad home of several: the others are linted
                unread.append((os.fspath(path), error))
                err(failed[-1])
                continue
            reading = None  # the output file's check below is not the home's
            if output_file is not None:
                check_output(output_file, [home])
            diagnostics.extend(found)
            files += checked
            home.save_cache()
        if failed and len(failed) == len(paths or []):
            _annotate_unlinted(format, unread, output_file)
            raise typer.Exit(EXIT_ERROR)
    except MemctlError as error:
        if reading is not None:
            _annotate_unlinted(format, [(reading, error)], output_file)
        fail(error)
    report = render(format.value, diagnostics, files, rules, color=output_file is None and color_wanted(),
                    statistics=statistics, unlinted=not_linted(len(failed), len(paths or [])), unread=unread)
    if output_file is not None:
        try:
            atomic_write(output_file, redact(report))
        except OSError as exc:
            fail(MemctlError(f"cannot write the report ({exc.strerror})", output_file))
    else:
        emit(report)
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if format is LintFormat.github and step_summary:  # every finding, where annotations show only some
        from memctl.commands.lint.output import render_summary

        try:
            with open(step_summary, "a", encoding="utf-8") as handle:
                handle.write(redact(render_summary(diagnostics, files)))
        except OSError as exc:
            err(f"warning: cannot write the job summary {step_summary} ({exc.strerror})")
    errors, warnings = summary(diagnostics)
    if format is not LintFormat.text or output_file is not None:
        err(f"memctl lint: {plural(errors, 'error')}, {plural(warnings, 'warning')} in {plural(files, 'file')} checked"
            f"{not_linted(len(failed), len(paths or []))}")
    elif failed:
        err(f"memctl lint: {not_linted(len(failed), len(paths or []))[2:]}")
    if failed:
        raise typer.Exit(EXIT_ERROR)
    found_errors = (errors + warnings) if strict else errors
    if found_errors and not exit_zero:
        raise typer.Exit(EXIT_FINDINGS)


def _annotate_unlinted(format: LintFormat, unread: list[tuple[str, MemctlError]], output_file: Path | None) -> None:
    """With `--format github`, when no home could be linted: an annotation for each on stdout (what
    a pull request shows; the lines on stderr it does not), as the report holds them when some
    could. Never into an --output-file: unread, the home's files are not known, so neither is
    whether that file is one of them (its config)."""
    if format is LintFormat.github and unread and output_file is None:
        from memctl.commands.lint.output import render_github

        emit(render_github([], 0, unread))


def _fix_counts(home: MemoryHome, reopen: Callable[[], MemoryHome]) -> bool:
    """`--fix`: the index's stale `(~N tokens)` rewritten, through the journal (read again and planned
    again if an agent wrote to the index meanwhile). Whether it wrote."""
    from memctl.safe.journal import apply_fresh

    stale, plan = _count_fix(home)
    if not stale:
        err(f"--fix: nothing to fix in {home.index.rel} (it rewrites MEM207's stale token counts)")
        return False
    stale, plan = apply_fresh(home.root, (stale, plan), lambda done: done[1], lambda: _count_fix(reopen()),
                              "lint --fix")
    err(f"fixed {len(stale)} token {'count' if len(stale) == 1 else 'counts'} in {home.index.rel}")
    return True


def _count_fix(home: MemoryHome) -> tuple[list[StaleCount], WritePlan]:
    from memctl.model.counts import TOLERANCE, refresh_counts, stale_counts
    from memctl.safe.writer import FileChange, WritePlan

    index = home.index
    tokens = {doc.rel: doc.tokens for doc in home.topics}
    stale = stale_counts(index.text, index.rel, tokens)
    fixed = refresh_counts(index.text, index.rel, tokens, TOLERANCE) if stale else index.text
    return stale, WritePlan((FileChange(index.rel, index.text, fixed),))
