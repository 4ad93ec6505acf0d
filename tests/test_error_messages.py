"""Errors said as a demanding user expects them (found by a new-user trial): one line naming the
file and line as the user would look for them, never a traceback, never a path that does not exist."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest


def test_the_config_select_error_names_its_file_and_line(tmp_path, cli):
    """`lint: {select: [NOPE]}` named neither the file nor the line, as the config's other errors do."""
    (tmp_path / "MEMORY.md").write_text("# i\n")
    (tmp_path / ".memctl.yaml").write_text("# memctl\nlint: {select: [MEM2, NOPE]}\n")
    result = cli("lint", str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"error: {tmp_path}/.memctl.yaml:2: unknown rule 'NOPE' in lint.select; "
                             "`memctl lint --list-rules` lists them\n")
    for config, line, said in (("lint:\n  severity:\n    MEM2: error\n    NOPE: warning\n", 4, "in lint.severity"),
                               ("lint:\n  per_file_ignores:\n    'topics/*.md': [MEM2,\n      NOPE]\n", 4,
                                "in lint.per_file_ignores[topics/*.md]"),
                               ("lint:\n  ignore: [MEM2]\n  bogus: 1\n", 3, "unknown lint key 'bogus'")):
        (tmp_path / ".memctl.yaml").write_text(config)
        result = cli("lint", str(tmp_path))
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {tmp_path}/.memctl.yaml:{line}: ")
        assert said in result.stderr
    assert "in --select" in cli("lint", str(tmp_path), "--select", "NOPE").stderr


@pytest.mark.parametrize(("table", "line", "said"), [
    ('[tool.memctl.lint]\nselect = ["MEM2", "NOPE"]\n', 5, "unknown rule 'NOPE' in lint.select"),
    ('[tool.memctl.lint]\nselect = [\n  "MEM2",\n  "NOPE",  # new\n]\n', 7, "unknown rule 'NOPE' in lint.select"),
    ('[tool.memctl.lint]\nignore = ["MEM2"]\nbogus = 1\n', 6, "unknown lint key 'bogus'"),
    ('[tool.memctl.lint.severity]\nMEM2 = "error"\nNOPE = "warning"\n', 6, "in lint.severity"),
    ('[tool.memctl.lint.severity]\nMEM2 = "loud"\n', 5, "lint.severity of MEM2 must be error or warning"),
    ('[tool.memctl.lint.per_file_ignores]\n"topics/*.md" = ["MEM2",\n  "NOPE"]\n', 6,
     "in lint.per_file_ignores[topics/*.md]"),
    ('[tool.memctl]\nlint = { ignore = ["NOPE"] }\n', 5, "unknown rule 'NOPE' in lint.ignore"),
])
def test_a_lint_error_in_pyproject_names_its_line(tmp_path, cli, table, line, said):
    """Trial 6: an error in `[tool.memctl.lint]` of a pyproject.toml named the file without a line
    (`error: pyproject.toml: unknown rule 'NOPE' in lint.select`), where `.memctl.yaml` names it."""
    (tmp_path / "MEMORY.md").write_text("# i\n")
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\n\n{table}')
    result = cli("lint", str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {tmp_path}/pyproject.toml:{line}: ") and said in result.stderr
    assert result.stderr.count("\n") == 1


# --- a path that is there but cannot be read ------------------------------------------------------
# The tests run as root, for whom mode 000 changes nothing: `unreadable` makes the operating system
# answer for a path as it does for another user's file or folder at mode 000 (EACCES from every
# call that opens, lists or enters it, and os.access saying no), for memctl and Typer alike.

@pytest.fixture
def unreadable(monkeypatch):
    """Call it with a path to make that path unreadable: a file cannot be opened; a folder cannot
    be listed, and nothing in it opened or looked at; os.access says no for both."""
    denied: list[str] = []
    real = {name: getattr(os, name) for name in ("open", "stat", "lstat", "scandir", "listdir", "access")}

    def where(path: Any) -> tuple[bool, bool]:
        """Whether `path` is a denied path itself, and whether it lies inside a denied folder."""
        if isinstance(path, int):  # a file descriptor
            return False, False
        full = os.path.abspath(os.fspath(path))
        return full in denied, any(full.startswith(p + os.sep) for p in denied)

    def refuse(path: Any) -> None:
        raise PermissionError(13, "Permission denied", os.fspath(path))

    def looked_at(name: str) -> Any:  # stat, lstat: the path itself can be looked at, what is inside not
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if where(path)[1]:
                refuse(path)
            return real[name](path, *args, **kwargs)
        return call

    def opened(name: str) -> Any:  # open, scandir, listdir
        def call(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            if any(where(path)):
                refuse(path)
            return real[name](path, *args, **kwargs)
        return call

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        return False if any(where(path)) else real["access"](path, mode, *args, **kwargs)

    for name in ("stat", "lstat"):
        monkeypatch.setattr(os, name, looked_at(name))
    for name in ("open", "scandir", "listdir"):
        monkeypatch.setattr(os, name, opened(name))
    monkeypatch.setattr(os, "access", access)
    return lambda path: denied.append(os.path.abspath(path))


def small_home(root: Path) -> Path:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# i\n\n- [a](topics/a.md)\n")
    (root / "topics" / "a.md").write_text("# A\n\n- a\n")
    return root


def test_append_to_a_file_that_cannot_be_read_is_one_line(cli, tmp_path, unreadable):
    home = small_home(tmp_path / "h")
    unreadable(home / "topics" / "a.md")
    result = cli("append", str(home / "topics" / "a.md"), "- x")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {home}/topics/a.md: cannot read (Permission denied)\n"


@pytest.mark.parametrize("argv", [["split"], ["consolidate"], ["history"], ["report"], ["capture"], ["recover"],
                                  ["undo"], ["init"], ["cache", "path"], ["cache", "clear"], ["mcp", "serve"],
                                  ["memory-tool"], ["status"], ["lint"], ["assemble"], ["rollup"],
                                  ["hook", "install"], ["split", "--config", "{config}"],
                                  ["report", "--fleet", "{home}"]])
def test_a_home_that_cannot_be_read_is_one_line_for_every_command(cli, tmp_path, unreadable, argv):
    home = small_home(tmp_path / "h")
    config = tmp_path / "c.yaml"
    config.write_text("profile: generic\n")
    if "{config}" in argv:
        unreadable(config)
        argv, shown = [argv[0], str(home), *argv[1:-1], str(config)], config
    elif "{home}" in argv:
        unreadable(home)
        argv, shown = [*argv[:-1], str(home)], home
    else:
        unreadable(home)
        argv, shown = [*argv, str(home)], home
    result = cli(*argv, input="")
    assert (result.exit_code, result.stdout) == (2, ""), result.output
    assert result.stderr == f"error: {shown}: cannot read (Permission denied)\n"


@pytest.mark.parametrize("command", ["status", "lint", "assemble"])
def test_the_fast_paths_say_a_home_or_index_cannot_be_read(tmp_path, unreadable, capsys, command):
    """Without Typer (`status`, `lint`, `assemble` off a terminal), the home model says it: a folder at
    mode 000 is not a home without an index, and the index given as PATH is named once
    (`…/MEMORY.md/MEMORY.md: cannot read` named a file that does not exist)."""
    from memctl.cli import fast

    run = {"status": fast.run_status_fast, "lint": fast.run_lint_fast, "assemble": fast.run_assemble}[command]
    home = small_home(tmp_path / "h")
    unreadable(home / "MEMORY.md")
    assert run([str(home / "MEMORY.md")]) == 2
    assert capsys.readouterr() == ("", f"error: {home}/MEMORY.md: cannot read (Permission denied)\n")
    unreadable(home)
    assert run([str(home)]) == 2
    assert capsys.readouterr() == ("", f"error: {home}: cannot read (Permission denied)\n")


def test_an_index_given_as_path_is_named_once_in_its_error(cli, tmp_path):
    home = tmp_path / "h"
    home.mkdir()
    (home / "MEMORY.md").write_bytes(b"# i\n\n- caf\xe9\n")
    for command in ("status", "lint", "assemble"):
        result = cli(command, str(home / "MEMORY.md"))
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"error: {home}/MEMORY.md:3: not valid UTF-8 at byte 10\n"


def test_a_usage_error_on_an_argument_is_one_line():
    """Typer 0.29's arguments have no `human_readable_name`: a bad value of one was a traceback."""
    from typer.main import get_command

    from memctl.cli.common import _CLICK, app, usage_message
    from memctl.cli.main import app as registered

    assert registered is app
    argument = next(p for p in get_command(app).commands["undo"].params if p.param_type_name == "argument")
    assert usage_message(_CLICK.BadParameter("is not a write's id", param=argument)) == "PATH: is not a write's id"


# --- front matter ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "value", "why"), [("updated", "2026-02-30", "day is out of range for month"),
                                                   ("updated", "2026-13-01", "month must be in 1..12"),
                                                   ("expires", "2027-04-31", "day is out of range for month")])
def test_a_front_matter_date_that_is_no_day_is_named_at_its_line(cli, tmp_path, key, value, why):
    """`updated: 2026-02-30` was `topics/a.md:2:1: MEM101 front matter cannot be parsed as YAML
    (ValueError)`: the fence's line, and not a word of what is wrong."""
    (tmp_path / "topics").mkdir()
    (tmp_path / "MEMORY.md").write_text("# i\n\n- [a](topics/a.md)\n")
    (tmp_path / "topics" / "a.md").write_text(f"---\ntitle: Deploys\nsummary: how we deploy\n{key}: {value}\n---\n"
                                              "\n# Deploys\n\n- one\n")
    result = cli("lint", str(tmp_path), "--select", "MEM101")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{tmp_path}/topics/a.md:4:1: MEM101 front matter {key}: {value} is not a date "
                                    f"({why})\n")
    status = cli("status", str(tmp_path), "--format", "json")
    assert [(p["path"], p["line"]) for p in json.loads(status.stdout)["problems"]] == [("topics/a.md", 4)]


# --- a file of NUL bytes --------------------------------------------------------------------------

def test_a_topic_of_nul_bytes_is_not_a_text_file(cli, tmp_path):
    """A file of 4,096 NUL bytes (a crash can leave one) was text: status counted it 4,096 tokens,
    lint called it over budget, assemble put the NUL bytes in the bundle. It is a topic that cannot
    be read, as one that is not UTF-8 is."""
    (tmp_path / "topics").mkdir()
    (tmp_path / "MEMORY.md").write_text("# i\n\n- [nul](topics/nul.md)\n")
    (tmp_path / "topics" / "nul.md").write_bytes(b"\0" * 4096)
    said = "topics/nul.md:1: not a text file (a NUL byte at byte 0)"
    status = json.loads(cli("status", str(tmp_path), "--format", "json").stdout)
    assert status["topics"] == []
    assert status["problems"] == [{"path": "topics/nul.md", "line": 1,
                                   "message": "not a text file (a NUL byte at byte 0)"}]
    lint = cli("lint", str(tmp_path))
    assert lint.exit_code == 1
    assert lint.stdout.splitlines()[0] == (f"{tmp_path}/topics/nul.md:1:1: MEM101 not a text file (a NUL byte at "
                                           "byte 0); the file is skipped")
    bundle = cli("assemble", str(tmp_path))
    assert bundle.exit_code == 0 and "\0" not in bundle.stdout and f"warning: {said}; skipped\n" in bundle.stderr
    asked = cli("assemble", str(tmp_path), "--topic", "nul")
    assert (asked.exit_code, asked.stdout, asked.stderr) == (2, "", f"error: {said}\n")


def test_an_index_with_a_nul_byte_is_one_line(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_bytes(b"# i\n\n- one\n- tw\0o\n")
    result = cli("status", str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {tmp_path}/MEMORY.md:4: not a text file (a NUL byte at byte 15)\n"


# --- lint's text format, one finding a line -------------------------------------------------------

@pytest.mark.parametrize(("name", "shown"), [("my home\nline2", r'"my home\nline2/MEMORY.md"'),
                                             ("ansi\x1b[31mred", r'"ansi\x1b[31mred/MEMORY.md"'),
                                             ('quo"te\\\u2028', r'"quo\"te\\\u2028/MEMORY.md"'),
                                             ("plain home", "plain home/MEMORY.md")])
def test_lint_text_prints_a_path_with_a_newline_on_one_line(cli, tmp_path, monkeypatch, capsys, name, shown):
    """A folder whose name holds a newline made one finding two lines (the github format escaped it
    as %0A); it is quoted as git quotes such a path, its characters escaped."""
    from memctl.cli import fast

    home = tmp_path / name
    home.mkdir()
    (home / "MEMORY.md").write_text("# i\n\n- [gone](topics/gone.md)\n")
    monkeypatch.chdir(tmp_path)
    result = cli("lint", name)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{shown}:3:10: MEM301 link to topics/gone.md points to no file",
                                          "Found 1 error and 0 warnings in 1 file (1 checked)."]
    assert fast.run_lint_fast([name]) == 1 and capsys.readouterr().out == result.stdout
    assert cli("lint", name, "--format", "github").stdout.count("\n") == 1  # as the Actions toolkit escapes


def test_every_key_and_item_of_tool_memctl_gets_its_line():
    """The pyproject reading behind the lines above: every key, table and array item of
    `[tool.memctl]` that tomllib reads has a line, and the right one, whatever TOML's shape."""
    import tomllib

    from memctl.model.toml_lines import toml_lines

    text = ('[project]\nname = "x"\n\n[tool.memctl]\nprofile = "generic"  # a comment\n'
            'lint = { select = ["MEM1",\n  "MEM2"], ignore = [] }\nwhen = 1979-05-27 07:32:00Z\n'
            's = """a\n\\""" b"""\n"odd \\u0041" = \'x\'\ntool.memctl = 1\n[tool.memctl.skills]\ndeploy = ["a", "b"]\n'
            '[tool.memctl.rollup.per_file]\n"topics/*.md" = [\n  "x",  # why\n  \'y\',\n]\n[[tool.other]]\nx = 1\n')

    def paths(value: Any, name: str = "") -> set[str]:
        found = {name} if name else set()
        if isinstance(value, dict):
            for key, item in value.items():
                found |= paths(item, f"{name}.{key}" if name else key)
        elif isinstance(value, list):
            for number, item in enumerate(value):
                found |= paths(item, f"{name}[{number}]")
        return found

    lines = toml_lines(text)
    assert set(lines) == paths(tomllib.loads(text)["tool"]["memctl"])
    assert (lines["lint.select[1]"], lines["s"], lines["odd A"], lines["tool.memctl"], lines["rollup"],
            lines["rollup.per_file.topics/*.md[1]"]) == (7, 9, 11, 12, 15, 18)
