"""The command line: parse, call the core, render, exit. Only this layer knows the terminal."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from memctl import __version__
from memctl.config import today
from memctl.errors import EXIT_ERROR, EXIT_INTERRUPTED, MemctlError
from memctl.home import MemoryHome, load_home

app = typer.Typer(
    name="memctl",
    help="Keep an LLM agent's markdown memory lean: measure it, assemble it per dispatch, lint it in CI.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class TextOrJson(str, Enum):
    text = "text"
    json = "json"


ConfigOpt = Annotated[
    Path | None, typer.Option("--config", metavar="FILE", help="Use this config file instead of .memctl.yaml.")
]
TokenizerOpt = Annotated[
    str | None, typer.Option("--tokenizer", metavar="NAME", help="cl100k_base (default), o200k_base or chars4.")
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", metavar="NAME", help="Host profile: generic, claude-code, openclaw, volute or arc."),
]
DiffOpt = Annotated[bool, typer.Option("--diff", help="Print the unified diff of every file it would write.")]


class PlanFormat(str, Enum):
    text = "text"
    json = "json"


PlanFormatOpt = Annotated[PlanFormat, typer.Option("--format", "-f", help="text or json.")]


def err(message: str) -> None:
    """Messages for people go to stderr; stdout carries only the payload."""
    sys.stderr.write(message.rstrip("\n") + "\n")


def fail(error: MemctlError) -> NoReturn:
    err(f"error: {error}")
    raise typer.Exit(EXIT_ERROR)


def open_home(path: str | Path, config: Path | None, tokenizer: str | None, profile: str | None) -> MemoryHome:
    home = load_home(path, config_file=config, overrides={"tokenizer": tokenizer, "profile": profile})
    for warning in home.warnings():
        err(f"warning: {warning}")
    return home


def emit(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")


def color_wanted() -> bool:
    return sys.stdout.isatty()


def table_width() -> int:
    """The terminal's width on a terminal; a fixed 120 columns in a pipe or a file."""
    import shutil

    return shutil.get_terminal_size((120, 24)).columns if sys.stdout.isatty() else 120


def _version(value: bool) -> None:
    if value:
        emit(f"memctl {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Keep an LLM agent's markdown memory lean."""


@app.command()
def status(
    paths: Annotated[
        list[Path] | None, typer.Argument(metavar="PATH", help="Memory homes (folders or index files).")
    ] = None,
    format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")] = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Headroom against every budget, and the size of every section and topic.

    \b
    Examples:
      memctl status memory/
      memctl status agents/*/memory --format json
    """
    from memctl.cli.views import render_fleet_text, render_status_text
    from memctl.status import build_status, check_usable

    reports: list[dict[str, Any]] = []
    try:
        for path in paths or [Path(".")]:
            home = open_home(path, config, tokenizer, profile)
            check_usable(home)
            reports.append(build_status(home, today()))
            home.save_cache()
    except MemctlError as error:
        fail(error)
    if format is TextOrJson.json:
        emit(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2, ensure_ascii=False))
    elif len(reports) == 1:
        emit(render_status_text(reports[0], color_wanted(), table_width()))
    else:
        emit(render_fleet_text(reports, color_wanted(), table_width()))


class BundleFormat(str, Enum):
    md = "md"
    xml = "xml"
    json = "json"


@app.command()
def assemble(
    path: Annotated[
        Path, typer.Argument(metavar="PATH", help="The memory home (a folder or its index file).")
    ] = Path("."),
    skill: Annotated[
        list[str] | None, typer.Option("--skill", "-s", metavar="SKILL", help="Load the topics for this skill.")
    ] = None,
    topic: Annotated[
        list[str] | None, typer.Option("--topic", "-t", metavar="TOPIC", help="Load this topic (stem or path).")
    ] = None,
    query: Annotated[
        str | None, typer.Option("--query", "-q", metavar="TEXT", help="Add the sections most relevant to it.")
    ] = None,
    budget: Annotated[
        int | None, typer.Option("--budget", "-b", metavar="TOKENS", help="Token budget (default: the profile's).")
    ] = None,
    format: Annotated[BundleFormat, typer.Option("--format", "-f", help="md, xml or json.")] = BundleFormat.md,
    manifest: Annotated[
        Path | None, typer.Option("--manifest", metavar="FILE", help="Also write the JSON, without contents.")
    ] = None,
    record: Annotated[bool, typer.Option("--record", help="Append this dispatch to .memctl/dispatches.jsonl.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 if anything selected was left out.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No summary or warnings on stderr.")] = False,
    include_expired: Annotated[bool, typer.Option("--include-expired", help="Load expired topics too.")] = False,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Write the context bundle for one dispatch to stdout, within a token budget.

    The index always comes first (up to the host's load cap), then always-loaded and
    machine-written topics, the topics of each --skill, each --topic, and with --query the
    sections that match it best. What does not fit is named in a notice, never cut silently.

    \b
    Examples:
      memctl assemble memory/ --skill deploy > context.md
      memctl assemble memory/ --query "queue stalled" --budget 8000 --format xml
    """
    from memctl.cli.dispatch import AssembleArgs, run_assemble

    args = AssembleArgs(
        path=str(path), skills=tuple(skill or ()), topics=tuple(topic or ()), query=query, budget=budget,
        format=format.value, manifest=str(manifest) if manifest else None, record=record, strict=strict,
        quiet=quiet, include_expired=include_expired, tokenizer=tokenizer, profile=profile,
        config=str(config) if config else None,
    )
    raise typer.Exit(run_assemble(args))


class LintFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"


def _codes(value: str | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(c for c in value.replace(" ", ",").split(",") if c)


@app.command()
def lint(
    paths: Annotated[list[Path] | None, typer.Argument(metavar="PATH", help="Memory homes to lint.")] = None,
    format: Annotated[
        LintFormat, typer.Option("--format", "-f", help="text, json, github or sarif.")
    ] = LintFormat.text,
    select: Annotated[str | None, typer.Option(
        "--select", metavar="CODES", help="Only these rules (codes, prefixes or names, comma-separated).")] = None,
    ignore: Annotated[str | None, typer.Option("--ignore", metavar="CODES", help="Skip these rules.")] = None,
    max_index_lines: Annotated[int | None, typer.Option(
        "--max-index-lines", metavar="N", help="Line limit of the index (MEM201).")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on any finding, warnings included.")] = False,
    exit_zero: Annotated[bool, typer.Option(
        "--exit-zero", help="Exit 0 even with errors (2 still means lint failed).")] = False,
    statistics: Annotated[bool, typer.Option(
        "--statistics", help="Add a count of findings per rule (text format).")] = False,
    list_rules: Annotated[bool, typer.Option("--list-rules", help="List the rules and exit.")] = False,
    explain: Annotated[str | None, typer.Option(
        "--explain", metavar="CODE", help="Explain one rule and exit.")] = None,
    output_file: Annotated[Path | None, typer.Option(
        "--output-file", "-o", metavar="FILE", help="Write the report here, not to stdout.")] = None,
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
      memctl lint --explain MEM205
    """
    from memctl.errors import EXIT_FINDINGS
    from memctl.fsutil import atomic_write
    from memctl.lint import LintOptions, all_rules, lint_home
    from memctl.lint.engine import expand
    from memctl.lint.output import render, render_explanation, render_rules, summary

    rules = all_rules()
    if list_rules:
        emit(render_rules(rules))
        return
    if explain is not None:
        from memctl.lint.registry import resolve_code

        code = resolve_code(explain)
        if code is None:
            fail(MemctlError(f"unknown rule {explain!r}; `memctl lint --list-rules` lists them"))
        emit(render_explanation(rules[code]))
        return
    options = LintOptions(select=_codes(select), ignore=_codes(ignore) or (), max_index_lines=max_index_lines)
    diagnostics = []
    files = 0
    try:
        for token_list, where in ((options.select or (), "--select"), (options.ignore, "--ignore")):
            expand(token_list, where)
        when = today()
        for path in paths or [Path(".")]:
            home = open_home(path, config, tokenizer, profile)
            found, checked = lint_home(home, when, options)
            diagnostics.extend(found)
            files += checked
            home.save_cache()
    except MemctlError as error:
        fail(error)
    report = render(format.value, diagnostics, files, rules, color=output_file is None and color_wanted(),
                    statistics=statistics)
    if output_file is not None:
        try:
            atomic_write(output_file, report)
        except OSError as exc:
            fail(MemctlError(f"cannot write the report ({exc.strerror})", output_file))
    else:
        emit(report)
    errors, warnings = summary(diagnostics)
    if format is not LintFormat.text or output_file is not None:
        err(f"memctl lint: {errors} errors, {warnings} warnings in {files} files")
    failed = (errors + warnings) if strict else errors
    if failed and not exit_zero:
        raise typer.Exit(EXIT_FINDINGS)


def emit_plan(write_plan: Any, diff: bool, format: PlanFormat, data: dict[str, Any], text: str) -> None:
    """What `split` and `consolidate` print: the diff, the plan as JSON, or the plan in words."""
    from memctl.writer import unified_diff

    if diff:
        emit(unified_diff(write_plan))
    elif format is PlanFormat.json:
        emit(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        emit(text)


@app.command()
def split(
    path: Annotated[Path, typer.Argument(
        metavar="PATH", help="A home (its index is split) or a markdown file inside it.")] = Path("."),
    keep: Annotated[list[str] | None, typer.Option(
        "--keep", metavar="HEADING", help="Keep this section in place (repeatable; adds to config `core`).")] = None,
    level: Annotated[int, typer.Option("--level", metavar="N", help="Heading level of the sections that move.")] = 2,
    into: Annotated[Path | None, typer.Option(
        "--into", metavar="DIR", help="Folder for the new topic files (default: topics/ beside the index).")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Write the files (without it, only the plan).")] = False,
    diff: DiffOpt = False,
    format: PlanFormatOpt = PlanFormat.text,
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
    from memctl.split import plan_data, plan_split, render_plan_text, split_target
    from memctl.writer import apply_plan

    try:
        home = open_home(find_home(path) if path.is_file() else path, config, tokenizer, profile)
        doc = split_target(home, path)
        plan = plan_split(home, doc, keep=list(keep or ()), level=level, into=into, today=today(), now=now())
        if apply and plan.moves:
            written = apply_plan(home.root, plan.write)
            err(f"wrote {len(written)} files")
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and bool(plan.moves)
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_plan_text(plan, applied))


@app.command()
def consolidate(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="The memory home.")] = Path("."),
    topic: Annotated[list[str] | None, typer.Option(
        "--topic", "-t", metavar="TOPIC", help="Only this topic (repeatable).")] = None,
    target: Annotated[int | None, typer.Option(
        "--target", metavar="TOKENS", help="Token target of a topic (default: the profile's topic budget).")] = None,
    older_than: Annotated[int, typer.Option(
        "--older-than", metavar="DAYS", help="Dated entries older than this are archived.")] = 90,
    summarizer: Annotated[str | None, typer.Option(
        "--summarizer", metavar="CMD", help="A command that rewrites a topic's body (stdin to stdout).")] = None,
    timeout: Annotated[float, typer.Option(
        "--timeout", metavar="SECONDS", help="How long the summarizer may run.")] = 120.0,
    apply: Annotated[bool, typer.Option("--apply", help="Write the changes (without it, only the plan).")] = False,
    check: Annotated[bool, typer.Option("--check", help="Exit 1 if any topic is over its target.")] = False,
    diff: DiffOpt = False,
    format: PlanFormatOpt = PlanFormat.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Keep topic files under their token target by archiving, never deleting.

    For each topic over target, while it is still over: duplicate entries are archived with where
    they came from; dated entries older than --older-than days move, oldest first, to
    archive/<stem>.md, leaving one line; with --summarizer, your command rewrites the body (the
    previous version archived first). Nothing is lost: checked before anything is written.

    \b
    Examples:
      memctl consolidate memory/
      memctl consolidate memory/ --check
      memctl consolidate memory/ --summarizer "llm -m haiku -s 'Shorten this'" --apply
    """
    from memctl.consolidate import Options, plan_consolidate, plan_data, render_plan_text, verify
    from memctl.errors import EXIT_FINDINGS
    from memctl.writer import apply_plan

    options = Options(topics=tuple(topic or ()), target=target, older_than=older_than, summarizer=summarizer,
                      timeout=timeout)
    try:
        home = open_home(path, config, tokenizer, profile)
        when = today()
        plan = plan_consolidate(home, options, when)
        verify(home, plan, options, when)
        for warning in plan.warnings:
            err(f"warning: {warning}")
        if apply and plan.write.changes:
            apply_plan(home.root, plan.write)
        home.save_cache()
    except MemctlError as error:
        fail(error)
    applied = apply and bool(plan.write.changes)
    emit_plan(plan.write, diff, format, plan_data(plan, applied), render_plan_text(plan, applied))
    if check and plan.topics:
        raise typer.Exit(EXIT_FINDINGS)


class Period(str, Enum):
    hour = "hour"
    day = "day"
    week = "week"
    month = "month"


@app.command()
def history(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="The memory home.")] = Path("."),
    period: Annotated[Period, typer.Option("--period", "-p", help="hour, day, week or month.")] = Period.day,
    since: Annotated[str | None, typer.Option(
        "--since", metavar="DATE",
        help="First period (default: 24 hours, 14 days, 12 weeks or 12 months back).")] = None,
    until: Annotated[str | None, typer.Option("--until", metavar="DATE", help="Last period (default: now).")] = None,
    dispatches: Annotated[bool, typer.Option(
        "--dispatches", help="Roll up .memctl/dispatches.jsonl (written by assemble --record).")] = False,
    format: Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")] = TextOrJson.text,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """How the memory grew, from git, and what dispatches loaded, by hour, day, week or month.

    Growth is read from the git history of the home's files, commit by commit, without checking
    anything out; each file version is counted once (cached by blob id). The forecast says when,
    at the recent rate, the index reaches its line, byte or load-cap limit.

    \b
    Examples:
      memctl history memory/
      memctl history memory/ --period week --since 2026-06-01
      memctl history memory/ --dispatches --format json
    """
    from memctl.cli.views import render_history_text
    from memctl.config import now
    from memctl.history import build_report, parse_moment

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
        emit(json.dumps(report, indent=2, ensure_ascii=False))
    elif not empty:
        emit(render_history_text(report, color_wanted(), table_width()))


def run(argv: list[str] | None = None) -> int:
    """Run the Typer app and return its exit code."""
    try:
        app(args=argv, prog_name="memctl", standalone_mode=True)
    except SystemExit as exit_:
        return int(exit_.code or 0) if not isinstance(exit_.code, str) else EXIT_ERROR
    except KeyboardInterrupt:
        err("interrupted")
        return EXIT_INTERRUPTED
    return 0
