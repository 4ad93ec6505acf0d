"""`memctl assemble` as Typer sees it: the reference for the fast path in fast.py, and its --help."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import ConfigOpt, ProfileOpt, TokenizerOpt, app, number_option, path_argument, path_option


class BundleFormat(str, Enum):
    md = "md"
    xml = "xml"
    json = "json"


@app.command(short_help='The context bundle for one dispatch, on stdout, within a budget.')
def assemble(
    path: Annotated[
        Path, path_argument("The memory home (a folder or its index file).")
    ] = Path("."),
    skill: Annotated[
        list[str] | None, typer.Option("--skill", "-s", metavar="SKILL",
                                       help="Load the topics for this skill (repeatable, or a,b).")
    ] = None,
    topic: Annotated[
        list[str] | None, typer.Option("--topic", "-t", metavar="TOPIC", help="Load this topic (stem or path).")
    ] = None,
    query: Annotated[
        str | None, typer.Option("--query", "-q", metavar="TEXT", help="Add the sections most relevant to it.")
    ] = None,
    budget: Annotated[
        int | None, number_option("--budget", "-b", metavar="TOKENS", low=1,
                                  help="Token budget (default: the profile's).")
    ] = None,
    format: Annotated[BundleFormat, typer.Option("--format", "-f", help="md, xml or json.")] = BundleFormat.md,
    manifest: Annotated[
        Path | None, path_option("--manifest", metavar="FILE", help="Also write the JSON, without contents.",
                                 reads=False)
    ] = None,
    record: Annotated[bool, typer.Option(
        "--record", help="Append this dispatch to .memctl/dispatches.jsonl (a failure is a warning).")] = False,
    record_strict: Annotated[bool, typer.Option(
        "--record-strict", help="Record, and exit 1 if the record cannot be written.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 if anything selected was left out.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No summary or warnings on stderr.")] = False,
    include_expired: Annotated[bool, typer.Option("--include-expired", help="Load expired topics too.")] = False,
    keep_front_matter: Annotated[bool, typer.Option(
        "--keep-front-matter", help="Bundle topics with their YAML front matter (stripped by default).")] = False,
    max_sections: Annotated[int | None, number_option(
        "--max-sections", metavar="N", low=0, help="At most N query excerpts (default 8).")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="On stderr, every candidate: why it was chosen or left out, its score and terms.")] = False,
    allow_secrets: Annotated[bool, typer.Option(
        "--allow-secrets", help="Bundle a query excerpt even when it holds what looks like a credential.")] = False,
    tokenizer: TokenizerOpt = None,
    profile: ProfileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Write the context bundle for one dispatch to stdout, within a token budget.

    The index always comes first (up to the host's load cap), then always-loaded and
    machine-written topics, the topics of each --skill, each --topic, and with --query the
    sections that match it best. What does not fit is named in a notice, never cut silently.
    A query excerpt holding what looks like a credential is held back, with a warning, unless
    --allow-secrets; files named with --skill or --topic are bundled verbatim.
    The bundle is written even when --record cannot write its line.

    \b
    Examples:
      memctl assemble memory/ --skill deploy > context.md
      memctl assemble memory/ --query "queue stalled" --budget 8000 --format xml
    """
    from memctl.cli.dispatch import AssembleArgs, run_assemble

    args = AssembleArgs(
        path=str(path), skills=tuple(skill or ()), topics=tuple(topic or ()), query=query, budget=budget,
        format=format.value, manifest=str(manifest) if manifest else None, record=record,
        record_strict=record_strict, strict=strict, keep_front_matter=keep_front_matter, max_sections=max_sections,
        explain=explain, allow_secrets=allow_secrets,
        quiet=quiet, include_expired=include_expired, tokenizer=tokenizer, profile=profile,
        config=str(config) if config else None,
    )
    raise typer.Exit(run_assemble(args))
