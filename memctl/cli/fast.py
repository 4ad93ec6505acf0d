"""A Typer-free parser for `memctl assemble`, the command that runs before every dispatch.

Importing Typer alone takes longer than a warm `assemble` run, so the entry point parses
`assemble`'s options here with a small parser driven by one table. Anything it does not handle (help, a usage error)
returns None and falls through to the Typer command in assemble.py, which stays the reference;
tests/test_cli_fast.py checks that the two accept the same options and read them alike.
"""

from __future__ import annotations

from memctl.cli.dispatch import AssembleArgs
from memctl.cli.dispatch import run_assemble as run

FLAGS = {  # option -> (AssembleArgs field, kind)
    "--skill": ("skills", "append"),
    "--topic": ("topics", "append"),
    "--query": ("query", "str"),
    "--budget": ("budget", "int"),
    "--format": ("format", "choice"),
    "--manifest": ("manifest", "path"),
    "--record": ("record", "flag"),
    "--record-strict": ("record_strict", "flag"),
    "--strict": ("strict", "flag"),
    "--quiet": ("quiet", "flag"),
    "--include-expired": ("include_expired", "flag"),
    "--keep-front-matter": ("keep_front_matter", "flag"),
    "--max-sections": ("max_sections", "int"),
    "--explain": ("explain", "flag"),
    "--tokenizer": ("tokenizer", "str"),
    "--profile": ("profile", "str"),
    "--config": ("config", "path"),
}
SHORT = {"-s": "--skill", "-t": "--topic", "-q": "--query", "-b": "--budget", "-f": "--format"}
LOWEST = {"--budget": 1, "--max-sections": 0}  # as assemble.py declares them; a number below is Typer's to report


FORMATS = ("md", "xml", "json")


def parse(argv: list[str]) -> AssembleArgs | None:
    """AssembleArgs for these arguments, or None when Typer should handle them.

    Takes `--flag value`, `--flag=value`, `-s value`, one PATH and `--`; anything else (help,
    an unknown or repeated single option, a bad or out-of-range number, a bad format) is left to Typer.
    """
    values: dict[str, object] = {}
    lists: dict[str, list[str]] = {"skills": [], "topics": []}
    paths: list[str] = []
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            paths.extend(rest)
            break
        if not arg.startswith("-") or arg == "-":
            paths.append(arg)
            continue
        flag, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        flag = SHORT.get(flag, flag)
        if flag not in FLAGS:
            return None
        dest, kind = FLAGS[flag]
        if kind == "flag":
            if inline:
                return None
            values[dest] = True
            continue
        if not inline:
            if not rest:
                return None
            inline = rest.pop(0)
        if kind == "append":
            lists[dest].append(inline)
        elif dest in values:
            return None
        elif kind == "int":
            try:
                number = int(inline)  # as Typer's path reads it (numbers.check_number)
            except ValueError:
                return None
            if number < LOWEST[flag]:
                return None
            values[dest] = number
        elif kind == "choice":
            if inline not in FORMATS:
                return None
            values[dest] = inline
        elif kind == "path":
            values[dest] = inline
        else:
            values[dest] = inline
    if len(paths) > 1:
        return None
    return AssembleArgs(path=paths[0] if paths else ".", skills=tuple(lists["skills"]),
                        topics=tuple(lists["topics"]), **values)  # type: ignore[arg-type]


def run_assemble(argv: list[str]) -> int | None:
    args = parse(argv)
    return None if args is None else run(args)
