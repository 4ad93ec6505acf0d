"""Running `assemble` for both command-line paths (the fast one and Typer's), and `status` and `lint`
on the fast one (their Typer commands in status.py and lint.py stay the reference).

No Typer and no rich here: this runs before every dispatch.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime, timezone

from memctl.errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_INTERRUPTED, EXIT_OK, GuaranteeError, MemctlError, WriteError
from memctl.model.jsonout import dumps  # json.dumps(indent=2, ensure_ascii=False), at C speed
from memctl.record import record

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


@record
class AssembleArgs:
    path: str = "."
    skills: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    query: str | None = None
    budget: int | None = None
    format: str = "md"
    manifest: str | None = None
    record: bool = False
    record_strict: bool = False
    strict: bool = False
    quiet: bool = False
    include_expired: bool = False
    keep_front_matter: bool = False
    max_sections: int | None = None
    explain: bool = False
    allow_secrets: bool = False
    tokenizer: str | None = None
    profile: str | None = None
    config: str | None = None


def redact(text: str, typed: str | None = None) -> str:
    """`text` as it may be printed or stored: secrets cut to four characters, and those the user
    typed into --query hidden wherever a word of them shows (an explanation lists query terms)."""
    from memctl.model.secrets import redact as cut  # only when there is a message to print or a record
    from memctl.model.secrets import redact_typed

    return redact_typed(text, typed) if typed else cut(text)


def redacted(value: Any, typed: str | None) -> Any:
    """`value` (the record's JSON data) with every string in it redacted."""
    if isinstance(value, str):
        return redact(value, typed)
    if isinstance(value, list):
        return [redacted(item, typed) for item in value]
    if isinstance(value, dict):
        return {key: redacted(item, typed) for key, item in value.items()}
    return value


def manifest_of(bundle: Any, with_content: bool) -> dict[str, Any]:
    """The bundle as JSON data: documented in docs/commands.md, stable."""
    from memctl.commands.bundle import bundled

    files = []
    for entry in bundle.entries:
        if entry.path.startswith("memctl:"):
            continue
        item: dict[str, Any] = {"path": entry.path, "reasons": entry.reasons, "tokens": entry.tokens,
                                "truncated": entry.truncated, "heading": entry.heading,
                                "lines": list(entry.lines) if entry.lines else None, "score": entry.score,
                                "terms": entry.terms}
        if with_content:
            item["content"] = bundled(entry.content)  # as the md and xml bundles hold it
        files.append(item)
    return {
        "tokenizer": bundle.tokenizer,
        "budget": bundle.budget,
        "tokens": bundle.tokens,
        "files": files,
        "omitted": [{"path": o.path, "heading": o.heading, "lines": list(o.lines) if o.lines else None,
                     "tokens": o.tokens, "reason": o.reason} for o in bundle.omitted],
        "context": [{"path": path, "tokens": tokens} for path, tokens in bundle.context],
    }


def check_output(path: Any, homes: Sequence[Any] = (), what: str = "report") -> None:
    """The one check of a file memctl is told to write its output to (`report -o`, `lint
    --output-file`, `--plan-out`, `assemble --manifest`), `memctl.safe.fsutil.check_output_file`:
    never in `.git/` or `.memctl/`, never over a symlink or a folder, never onto a file memctl
    manages in one of `homes` (a home, or only its folder before it is read) or reads for it
    (`files_read`: its topics, config, the host's context and bootstrap files, wherever they lie),
    nor in a home's folder, a host's own folder or under a name a host loads at start
    (`output_refusals`: what every host says in `Host.own_folders`, `Host.startup_names` and
    `Host.own_paths`). Here, without Typer, for the fast path of `assemble`."""
    from memctl.hosts import output_refusals
    from memctl.model.context import files_read

    if what == "plan" and str(path) == "-":  # `report -o -` is stdout; a plan is not printed there
        raise GuaranteeError("--plan-out takes a file: a plan holds the files' text verbatim, credentials too, so "
                             "memctl writes it to a file of mode 0600 only, never to stdout (`--format json` prints "
                             "the plan's summary); nothing was written", "-")
    from memctl.safe.fsutil import check_output_file

    roots = [home if isinstance(home, str) else home.shown for home in homes]  # named as the user did
    files = {file: home.shown for home in homes if not isinstance(home, str) for file in files_read(home)}
    folders, names, paths = output_refusals()
    check_output_file(str(path), roots, files, what, folders, names, paths, folder_keeps(homes))


def folder_keeps(homes: Sequence[Any]) -> dict[str, str]:
    """What each home's host keeps in its folder (`Host.folder_keeps`), by the home's name in
    `check_output_file`: a folder not read yet, by the host detected there."""
    from memctl.hosts import detect, host

    found = {}
    for home in homes:
        if not isinstance(home, str):
            found[home.shown] = home.host.folder_keeps
            continue
        try:
            found[home] = host(detect(home)[0]).folder_keeps
        except (OSError, MemctlError):  # a folder that cannot be read: the check says so itself
            continue
    return found


RECORD_REL = ".memctl/dispatches.jsonl"


def record_dispatch(root: str, args: AssembleArgs, bundle: Any) -> None:
    """Append one JSON line to .memctl/dispatches.jsonl, whole or not at all, under an exclusive lock.

    The record is never written through a link or into anything but a regular file; a short
    write is completed, and a write that fails is cut back off, so no torn line is left. A
    credential in it (typed into --query, or in a heading) is kept to its first four characters.
    """
    import fcntl
    import stat

    from memctl.safe.fsutil import check_destination, make_folders

    entry = {"time": datetime.now(timezone.utc).isoformat(timespec="seconds"), "skills": list(args.skills),
             "topics": list(args.topics), "query": args.query, **manifest_of(bundle, with_content=False)}
    entry = redacted(entry, " ".join([args.query or "", *args.skills, *args.topics]))
    line = (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    try:
        make_folders(root, ".memctl")
        path = check_destination(root, RECORD_REL)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        raise WriteError(f"cannot write the dispatch record ({exc.strerror or exc})", RECORD_REL) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise WriteError("is not a regular file; the dispatch was not recorded", RECORD_REL)
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        try:
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view):]
        except OSError as exc:
            os.ftruncate(fd, size)  # no torn line: what was written of this one is cut off again
            raise WriteError(f"cannot write the dispatch record ({exc.strerror or exc})", RECORD_REL) from None
    except OSError as exc:
        raise WriteError(f"cannot write the dispatch record ({exc.strerror or exc})", RECORD_REL) from None
    finally:
        os.close(fd)


def collect_later(run: Callable[[Any], int]) -> Callable[[Any], int]:
    """`run` with Python's cycle collector off while it runs (a fast path's whole life).

    A warm run builds one acyclic value per file and section (the cache's facts decoded, a report's
    rows): at 10,000 topics the collector ran hundreds of times over them, each pass longer than the
    last, for a quarter of `status`'s load and build (0.48 s against 0.36 s), and found nothing to
    free; memory is still freed by reference counts. It is turned on again when `run` returns (the
    tests call the fast paths in their own process)."""

    def without_collector(args: Any) -> int:
        import gc

        paused = gc.isenabled()
        gc.disable()
        try:
            return run(args)
        finally:
            if paused:
                gc.enable()

    without_collector.__doc__ = run.__doc__
    return without_collector


@collect_later
def run_assemble(args: AssembleArgs) -> int:
    from memctl.commands.assemble import AssembleOptions, assemble
    from memctl.model.config import today
    from memctl.model.home import load_home
    from memctl.safe.fsutil import atomic_write

    try:
        home = load_home(args.path, config_file=args.config,
                         overrides={"tokenizer": args.tokenizer, "profile": args.profile})
        if args.manifest is not None:  # a report: where it may go is checked as every output file is
            check_output(args.manifest, [home])
        options = AssembleOptions(skills=args.skills, topics=args.topics, query=args.query, budget=args.budget,
                                  format=args.format, include_expired=args.include_expired,
                                  keep_front_matter=args.keep_front_matter, max_sections=args.max_sections,
                                  allow_secrets=args.allow_secrets)
        bundle = assemble(home, options, today())
        if args.format == "json":
            payload = dumps(manifest_of(bundle, with_content=True)) + "\n"
        else:
            payload = bundle.text
        if args.manifest is not None:  # a report, redacted as the record is (the bundle itself is verbatim)
            manifest = redacted(manifest_of(bundle, False), " ".join([args.query or "", *args.skills, *args.topics]))
            atomic_write(args.manifest, dumps(manifest) + "\n")
        record_failed = None
        if args.record or args.record_strict:
            try:
                record_dispatch(home.root, args, bundle)
            except MemctlError as error:  # the record never costs the dispatch its bundle
                record_failed = error
        home.save_cache()
    except MemctlError as error:
        sys.stderr.write(f"error: {redact(str(error))}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return EXIT_INTERRUPTED
    try:
        sys.stdout.write(payload)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as the Typer commands do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    if record_failed is not None:
        sys.stderr.write(f"warning: {redact(str(record_failed))}\n")
    if not args.quiet:
        for warning in (*home.warnings(), *bundle.warnings):
            sys.stderr.write(f"warning: {redact(warning)}\n")
        files = sum(1 for e in bundle.entries if not e.path.startswith("memctl:"))
        context = (f"; the context files take {bundle.context_tokens:,} more of "
                   f"{bundle.budget + bundle.context_tokens:,}") if bundle.context else ""
        sys.stderr.write(f"assembled {files} {'file' if files == 1 else 'files'}, {bundle.tokens:,} / "
                         f"{bundle.budget:,} tokens ({bundle.tokenizer}), {len(bundle.omitted)} omitted{context}\n")
    if record_failed is not None and args.record_strict:
        return EXIT_FINDINGS
    if args.explain:
        from memctl.commands.explain import render_explain
        from memctl.model.config import today

        asked = today() if args.query is not None else None
        sys.stderr.write(redact(render_explain(bundle, home.counter.count, args.query, asked), args.query))
        home.save_cache()  # the sections --explain sized (a 30 MB topic's, counted again on every run: 1.2 s)
    if args.strict and (bundle.strict_failures or bundle.unknown_skills):
        if not args.quiet:
            failures = len(bundle.strict_failures)
            unknown = ", ".join(bundle.unknown_skills)
            sys.stderr.write("strict: " + "; ".join(x for x in (
                f"{failures} selected {'item was' if failures == 1 else 'items were'} left out" if failures else "",
                f"unknown {'skill' if len(bundle.unknown_skills) == 1 else 'skills'}: {unknown}" if unknown else "")
                if x) + "\n")
        return EXIT_FINDINGS
    return EXIT_OK


@record
class StatusArgs:
    paths: tuple[str, ...] = ()
    format: str = "text"
    tokenizer: str | None = None
    profile: str | None = None
    config: str | None = None
    all_topics: bool = False


@record
class LintArgs:
    paths: tuple[str, ...] = ()
    format: str = "text"
    select: str | None = None
    ignore: str | None = None
    strict: bool = False
    exit_zero: bool = False
    statistics: bool = False
    tokenizer: str | None = None
    profile: str | None = None
    config: str | None = None


def _err(message: str) -> None:
    sys.stderr.write(redact(message.rstrip("\n")) + "\n")  # as cli/common.py's err


def _rules_identity() -> str:
    """What names the secret detector: its rule set (as `secrets.ruleset()` names it, without
    building its automaton) and the source of the two modules that find and hide secrets, so an
    edit to either, bumped or not, is a new detector."""
    from memctl.model import secret_rules, secrets
    from memctl.safe.keys import digest

    sources = []
    for module in (secrets, secret_rules):
        try:
            with open(module.__file__ or "", "rb") as handle:
                sources.append(handle.read().decode("utf-8", "replace"))
        except OSError:
            return ""  # nothing to name it by: no memo
    return f"{secret_rules.table_key()}:{secrets.ENGINE}:{digest(''.join(sources))}"


RECENT_OUTPUTS = 4  # clean outputs remembered per command: `status` and `status --all` in turn, from two folders


def redact_output(text: str, home: Any = None, name: str = "") -> str:
    """`redact(text)`, remembered in the home's cache when it hid nothing: a warm `status` or
    `lint` prints the same megabytes again and again, and scanning them took 0.2-0.3 s at 10,000
    topics. The cache keeps one entry per command: the detector's identity and the digests of the
    last few outputs that `redact` left as they were with that detector. The same text and the
    same detector give the same result, so an output whose digest is among them is printed as it
    is. An output with a secret in it is never remembered: it is scanned on every run."""
    if home is None or not name or len(text) < 4096:
        return redact(text)
    from memctl.safe.keys import digest

    identity = _rules_identity()
    if not identity:
        return redact(text)
    key = f"clean-output:{name}"
    seen = home.cache.get(key)
    known = seen[1:] if type(seen) is list and seen[:1] == [identity] else []
    text_digest = digest(text)
    if text_digest in known:
        return text
    cut = redact(text)
    if cut == text:
        home.cache.put(key, [identity, text_digest, *known[: RECENT_OUTPUTS - 1]], shared=True)
        home.save_cache()
    return cut


def _emit(text: str, home: Any = None, name: str = "") -> int:
    """As cli/common.py's emit: redacted, one line end; a reader gone (`| head`) is exit 1, as click's."""
    text = redact_output(text, home, name)
    try:
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    return EXIT_OK


def _homes(paths: tuple[str, ...], args: StatusArgs | LintArgs, failed: list[str],
           unread: list[tuple[str, MemctlError]] | None = None) -> Any:
    """Each home in turn with its PATH, its warnings said, as cli/common.py's open_home. Among several, one that
    cannot be read is said (`home_error`), added to `failed` (and to `unread`, with its error), and passed over."""
    from memctl.model.home import load_home

    for path in paths or (".",):
        try:
            home = load_home(path, config_file=args.config,
                             overrides={"tokenizer": args.tokenizer, "profile": args.profile})
        except MemctlError as error:
            if len(paths) < 2:
                raise
            failed.append(home_error(path, error))
            if unread is not None:
                unread.append((path, error))
            _err(failed[-1])
            continue
        for warning in home.warnings():
            _err(f"warning: {home.shown}: {warning}" if len(paths) > 1 else f"warning: {warning}")
        yield path, home


def home_error(path: str, error: MemctlError) -> str:
    """The line that says a home of several could not be read (`status`, `lint`, `report --fleet`):
    the error naming its file (`agents/ops/MEMORY.md:2: not valid UTF-8 at byte 4`), else its home."""
    return f"error: {error}" if error.path else f"error: {path}: {error}"


def not_linted(failed: int, given: int) -> str:
    """What the summary of `lint` adds when homes of a fleet could not be read."""
    return f"; {failed:,} of {given:,} homes could not be linted" if failed else ""


def table_width() -> int:
    """The terminal's width on a terminal; else $COLUMNS, or 80 (a pipe, a file, a CI log). Here,
    not in cli/common.py, so that the fast paths, which never import Typer, share it."""
    if sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size((80, 24)).columns
    try:
        return max(int(os.environ.get("COLUMNS", "80")), 40)
    except ValueError:
        return 80


@collect_later
def run_status(args: StatusArgs) -> int:
    """`memctl status` as cli/status.py runs it."""
    from memctl.commands.status import build_status
    from memctl.model.config import today

    reports: list[dict[str, Any]] = []
    homes = []
    failed: list[str] = []
    several = len(args.paths) > 1
    try:
        for path, home in _homes(args.paths, args, failed):
            try:
                reports.append(build_status(home, today()))
            except MemctlError as error:
                if not several:
                    raise
                failed.append(home_error(path, error))
                _err(failed[-1])
                continue
            home.save_cache()
            homes.append(home)
    except MemctlError as error:
        _err(f"error: {error}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        _err("interrupted")
        return EXIT_INTERRUPTED
    if not reports:
        return EXIT_ERROR
    memo = homes[0] if not several else None  # one home's output is remembered in its cache
    if args.format == "json":
        code = _emit(dumps(reports if several else reports[0]), memo, "status-json")
    else:
        from memctl.cli.views import render_fleet_text, render_status_text

        code = _emit(render_fleet_text(reports, sys.stdout.isatty(), table_width()) if several else
                     render_status_text(reports[0], sys.stdout.isatty(), table_width(), args.all_topics),
                     memo, "" if several else "status-text")
    return EXIT_ERROR if failed else code


def _codes(value: str | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(c for c in value.replace(" ", ",").split(",") if c)


def _annotate_unlinted(fmt: str, unread: list[tuple[str, MemctlError]]) -> None:
    """With `--format github`, when no home could be linted: an annotation for each on stdout (what a
    pull request shows; the lines on stderr it does not), as the report holds them when some could."""
    if fmt == "github" and unread:
        from memctl.commands.lint.output import render_github

        _emit(render_github([], 0, unread))


@collect_later
def run_lint(args: LintArgs) -> int:
    """`memctl lint` as cli/lint.py runs it (without --fix, --output-file, --list-rules, --explain
    or --max-index-lines: those take Typer's path)."""
    from memctl.commands.lint import LintOptions, all_rules, lint_home
    from memctl.commands.lint.engine import expand
    from memctl.commands.lint.output import render, summary
    from memctl.model.config import today
    from memctl.words import plural

    rules = all_rules()
    options = LintOptions(select=_codes(args.select), ignore=_codes(args.ignore) or (), max_index_lines=None)
    diagnostics: list[Any] = []
    files = 0
    homes = []
    failed: list[str] = []
    unread: list[tuple[str, MemctlError]] = []  # the homes that could not be linted, with why
    several = len(args.paths) > 1
    reading = None  # the one home given, while it is read and linted
    try:
        for token_list, where in ((options.select or (), "--select"), (options.ignore, "--ignore")):
            expand(token_list, where)
        when = today()
        reading = None if several else (args.paths[0] if args.paths else ".")
        for path, home in _homes(args.paths, args, failed, unread):
            try:
                found, checked = lint_home(home, when, options)
            except MemctlError as error:
                if not several:
                    raise
                failed.append(home_error(path, error))  # one bad home of several: the others are linted
                unread.append((path, error))
                _err(failed[-1])
                continue
            diagnostics.extend(found)
            files += checked
            home.save_cache()
            homes.append(home)
    except MemctlError as error:
        _err(f"error: {error}")
        if reading is not None:
            _annotate_unlinted(args.format, [(reading, error)])
        return EXIT_ERROR
    except KeyboardInterrupt:
        _err("interrupted")
        return EXIT_INTERRUPTED
    if failed and not homes:
        _annotate_unlinted(args.format, unread)
        return EXIT_ERROR
    report = render(args.format, diagnostics, files, rules, color=sys.stdout.isatty(), statistics=args.statistics,
                    unlinted=not_linted(len(failed), len(args.paths)), unread=unread)
    if _emit(report, homes[0] if not several else None, f"lint-{args.format}") != EXIT_OK:
        return EXIT_FINDINGS
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if args.format == "github" and step_summary:  # every finding, where annotations show only some
        from memctl.commands.lint.output import render_summary

        try:
            with open(step_summary, "a", encoding="utf-8") as handle:
                handle.write(render_summary(diagnostics, files))
        except OSError as exc:
            _err(f"warning: cannot write the job summary {step_summary} ({exc.strerror})")
    errors, warnings = summary(diagnostics)
    if args.format != "text":
        _err(f"memctl lint: {plural(errors, 'error')}, {plural(warnings, 'warning')} "
             f"in {plural(files, 'file')} checked{not_linted(len(failed), len(args.paths))}")
    elif failed:
        _err(f"memctl lint: {not_linted(len(failed), len(args.paths))[2:]}")
    if failed:
        return EXIT_ERROR
    found_errors = (errors + warnings) if args.strict else errors
    return EXIT_FINDINGS if found_errors and not args.exit_zero else EXIT_OK
