"""A Typer-free parser for `memctl assemble`, the command that runs before every dispatch.

Importing Typer alone takes longer than a warm `assemble` run, so the entry point parses
`assemble`'s options here with argparse. Anything it does not handle (help, a usage error)
returns None and falls through to the Typer command in main.py, which stays the reference;
tests/test_cli_fast.py checks that the two accept the same options and read them alike.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memctl.cli.dispatch import AssembleArgs, run_assemble as run

FLAGS = {  # option -> (AssembleArgs field, kind)
    "--skill": ("skills", "append"),
    "--topic": ("topics", "append"),
    "--query": ("query", "str"),
    "--budget": ("budget", "int"),
    "--format": ("format", "choice"),
    "--manifest": ("manifest", "path"),
    "--record": ("record", "flag"),
    "--strict": ("strict", "flag"),
    "--quiet": ("quiet", "flag"),
    "--include-expired": ("include_expired", "flag"),
    "--tokenizer": ("tokenizer", "str"),
    "--profile": ("profile", "str"),
    "--config": ("config", "path"),
}
SHORT = {"-s": "--skill", "-t": "--topic", "-q": "--query", "-b": "--budget", "-f": "--format"}


class _Fallback(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Fallback(message)


def _parser() -> _Parser:
    parser = _Parser(prog="memctl assemble", add_help=False, allow_abbrev=False, exit_on_error=False)
    parser.add_argument("path", nargs="?", default=".")
    for flag, (dest, kind) in FLAGS.items():
        shorts = [s for s, long in SHORT.items() if long == flag]
        if kind == "flag":
            parser.add_argument(*shorts, flag, dest=dest, action="store_true")
        elif kind == "append":
            parser.add_argument(*shorts, flag, dest=dest, action="append", default=[])
        elif kind == "int":
            parser.add_argument(*shorts, flag, dest=dest, type=int)
        elif kind == "choice":
            parser.add_argument(*shorts, flag, dest=dest, choices=["md", "xml", "json"], default="md")
        else:
            parser.add_argument(*shorts, flag, dest=dest)
    return parser


def parse(argv: list[str]) -> AssembleArgs | None:
    """AssembleArgs for these arguments, or None when Typer should handle them."""
    if any(a in ("-h", "--help") for a in argv):
        return None
    try:
        ns = _parser().parse_args(argv)
    except (_Fallback, argparse.ArgumentError, ValueError):
        return None
    values = vars(ns)
    return AssembleArgs(
        path=Path(values.pop("path")),
        skills=tuple(values.pop("skills")),
        topics=tuple(values.pop("topics")),
        manifest=Path(values.pop("manifest")) if values.get("manifest") else values.pop("manifest"),
        config=Path(values.pop("config")) if values.get("config") else values.pop("config"),
        **values,
    )


def run_assemble(argv: list[str]) -> int | None:
    args = parse(argv)
    return None if args is None else run(args)
