"""Running `assemble` for both command-line paths (the fast one and Typer's).

No Typer and no rich here: this runs before every dispatch.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime, timezone

from memctl.errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_INTERRUPTED, EXIT_OK, MemctlError, WriteError
from memctl.record import record

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
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
    files = []
    for entry in bundle.entries:
        if entry.path.startswith("memctl:"):
            continue
        item: dict[str, Any] = {"path": entry.path, "reasons": entry.reasons, "tokens": entry.tokens,
                                "truncated": entry.truncated, "heading": entry.heading, "score": entry.score,
                                "terms": entry.terms}
        if with_content:
            item["content"] = entry.content
        files.append(item)
    return {
        "tokenizer": bundle.tokenizer,
        "budget": bundle.budget,
        "tokens": bundle.tokens,
        "files": files,
        "omitted": [{"path": o.path, "heading": o.heading, "tokens": o.tokens, "reason": o.reason}
                    for o in bundle.omitted],
        "context": [{"path": path, "tokens": tokens} for path, tokens in bundle.context],
    }


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


def run_assemble(args: AssembleArgs) -> int:
    from memctl.commands.assemble import AssembleOptions, assemble
    from memctl.model.config import today
    from memctl.model.home import load_home
    from memctl.safe.fsutil import atomic_write

    try:
        home = load_home(args.path, config_file=args.config,
                         overrides={"tokenizer": args.tokenizer, "profile": args.profile})
        options = AssembleOptions(skills=args.skills, topics=args.topics, query=args.query, budget=args.budget,
                                  format=args.format, include_expired=args.include_expired,
                                  keep_front_matter=args.keep_front_matter, max_sections=args.max_sections)
        bundle = assemble(home, options, today())
        if args.format == "json":
            payload = json.dumps(manifest_of(bundle, with_content=True), indent=2, ensure_ascii=False) + "\n"
        else:
            payload = bundle.text
        if args.manifest is not None:  # a report, redacted as the record is (the bundle itself is verbatim)
            manifest = redacted(manifest_of(bundle, False), " ".join([args.query or "", *args.skills, *args.topics]))
            atomic_write(args.manifest, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
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

        sys.stderr.write(redact(render_explain(bundle), args.query))
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
