"""The shape of the house: a thin CLI over a terminal-free core, and one parser kept honest."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import typer.main

from memctl.cli import fast
from memctl.cli.dispatch import AssembleArgs
from memctl.cli.main import app

PACKAGE = Path(__file__).resolve().parent.parent / "memctl"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_cli_imports_typer_or_rich():
    offenders = [
        str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
        if imported_modules(path) & {"typer", "rich", "click"}
        and path.relative_to(PACKAGE).parts[0] != "cli"
    ]
    assert offenders == []
    fast_path = {"__init__.py", "fast.py", "dispatch.py"}
    heavy = [name for name in fast_path if imported_modules(PACKAGE / "cli" / name) & {"typer", "rich"}]
    assert heavy == []


def test_one_function_counts_tokens():
    callers = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
               if "encode_ordinary" in p.read_text(encoding="utf-8")]
    assert callers == ["model/tokens.py"]


def typer_assemble_options() -> set[str]:
    command = typer.main.get_command(app).commands["assemble"]  # type: ignore[attr-defined]
    return {opt for param in command.params for opt in param.opts if opt.startswith("-")} - {"--help"}


def test_fast_parser_accepts_exactly_the_typer_options():
    fast_options = set(fast.FLAGS) | set(fast.SHORT)
    assert fast_options == typer_assemble_options()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], AssembleArgs()),
        (["home", "-s", "a", "--skill=b", "-t", "x", "-q", "some words", "-b", "900", "-f", "xml"],
         AssembleArgs(path="home", skills=("a", "b"), topics=("x",), query="some words", budget=900,
                      format="xml")),
        (["--record", "--strict", "--quiet", "--include-expired", "--manifest", "m.json", "--config", "c.yaml",
          "--tokenizer", "chars4", "--profile", "volute"],
         AssembleArgs(record=True, strict=True, quiet=True, include_expired=True, manifest="m.json",
                      config="c.yaml", tokenizer="chars4", profile="volute")),
    ],
)
def test_fast_parser_reads_arguments_as_typer_does(argv, expected, monkeypatch):
    assert fast.parse(argv) == expected
    seen: list[AssembleArgs] = []
    monkeypatch.setattr("memctl.cli.dispatch.run_assemble", lambda args: seen.append(args) or 0)
    from typer.testing import CliRunner

    assert CliRunner().invoke(app, ["assemble", *argv]).exit_code == 0
    assert seen == [expected]


@pytest.mark.parametrize("argv", [["--help"], ["--budget", "many"], ["--format", "yaml"], ["--bogus"], ["a", "b"]])
def test_fast_parser_leaves_help_and_usage_errors_to_typer(argv):
    assert fast.parse(argv) is None


def test_every_command_help_has_an_example():
    from typer.testing import CliRunner

    for name in ("status", "assemble", "lint", "split", "consolidate", "history"):
        assert "Examples:\n    memctl " + name in CliRunner().invoke(app, [name, "--help"]).stdout


def test_one_module_per_command():
    """Each command lives in memctl/cli/<command>.py and is registered in --help's order."""
    from memctl.cli.main import COMMANDS

    commands = [c.callback for c in app.registered_commands]
    groups = [g.typer_instance.registered_commands[0].callback for g in app.registered_groups]
    assert [f.__module__ for f in commands + groups] == [f"memctl.cli.{name}" for name in COMMANDS]
    assert [f.__name__ for f in commands] == list(COMMANDS[: len(commands)])


def test_shell_completion_works_through_the_fast_path(tmp_path):
    import os
    import shlex
    import subprocess
    import sys

    env = {**os.environ, "_MEMCTL_COMPLETE": "complete_bash", "COMP_WORDS": "memctl assemble --sk", "COMP_CWORD": "2"}
    done = subprocess.run([sys.executable, "-m", "memctl"], env=env, capture_output=True, text=True, check=False)
    assert "--skill" in done.stdout.split()
    # `--show-completion` takes no shell: Typer names it from the process tree (shellingham), so a
    # word after it is ignored, and run from `make`'s /bin/sh it says "Shell sh not supported".
    # Run it from bash, as a user's terminal would (`&& :` keeps bash from exec'ing the command in
    # its own place, which would leave /bin/sh its parent again).
    shown = subprocess.run(["bash", "-c", f"{shlex.quote(sys.executable)} -m memctl --show-completion && :"],
                           capture_output=True, text=True, check=False)
    assert shown.returncode == 0 and "_memctl_completion" in shown.stdout


def test_help_summaries_are_whole_sentences(cli):
    listing = cli("--help").stdout.split("Commands:", 1)[1]
    assert "..." not in listing and "Where the cache of derived facts is, and clearing it." in listing


USAGE_ERRORS = [
    (["status", ".", "--format", "bogus"], "error: --format: 'bogus' is not one of 'text', 'json'\n"),
    (["lint", ".", "-f", "bogus"], "error: --format: 'bogus' is not one of 'text', 'json', 'github', 'sarif'\n"),
    (["assemble", ".", "--format", "bogus"], "error: --format: 'bogus' is not one of 'md', 'xml', 'json'\n"),
    (["rollup", "--period", "year"], "error: --period: 'year' is not one of 'week', 'month'\n"),
    (["history", "--period", "fortnight"], "error: --period: 'fortnight' is not one of 'hour', 'day', 'week', "
                                           "'month'\n"),
    (["status", "--bogus"], "error: no such option: --bogus\n"),
    (["assemble", "--bogus"], "error: no such option: --bogus\n"),
    (["bogus"], "error: no such command 'bogus'\n"),
    (["cache", "bogus"], "error: no such command 'bogus'\n"),
]


@pytest.mark.parametrize(("argv", "said"), USAGE_ERRORS)
def test_a_usage_error_is_one_line_and_exit_2(argv, said, cli):
    """As every other bad input: `error: …`, one line, no usage block, exit 2."""
    result = cli(*argv)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", said)


@pytest.mark.parametrize(("argv", "said"), [USAGE_ERRORS[0], USAGE_ERRORS[1], USAGE_ERRORS[2], USAGE_ERRORS[6]])
def test_a_usage_error_is_one_line_through_the_fast_paths_too(argv, said):
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "memctl", *argv], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "CI": "1"}, cwd=PACKAGE.parent)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", said)


def test_help_and_a_bare_group_still_print_their_help(cli):
    helped = cli("status", "--help")
    assert helped.exit_code == 0 and helped.stdout.startswith("Usage: memctl status [OPTIONS] [PATH]...")
    bare = cli("cache")
    assert bare.exit_code == 2 and "Usage: memctl cache [OPTIONS] COMMAND [ARGS]..." in bare.output
