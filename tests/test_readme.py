"""docs/reference.md's command reference and rule table are generated; these tests keep them in step,
and the README's command table and exit codes with the CLI."""

from __future__ import annotations

import os
import re

import typer.main
from typer.testing import CliRunner

from memctl import errors
from memctl.cli.main import app
from memctl.commands.lint import all_rules

from .conftest import ROOT

README = ROOT / "README.md"
REFERENCE = ROOT / "docs" / "reference.md"


def help_text(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    return result.stdout


def generated() -> dict[str, str]:
    commands = []
    for name, command in typer.main.get_command(app).commands.items():  # type: ignore[attr-defined]
        commands.append((name,))
        commands += [(name, sub) for sub in getattr(command, "commands", {})]  # a group: `cache path`, …
    blocks = ["```text\n$ memctl --help\n" + help_text() + "```\n"]
    blocks += [f"```text\n$ memctl {' '.join(c)} --help\n" + help_text(*c) + "```\n" for c in commands]
    rules = ["| code | name | severity | fix | summary |", "|---|---|---|---|---|"]
    rules += [f"| {r.code} | {r.name} | {r.severity} | {'--fix' if r.fixable else ''} | {r.summary} |"
              for r in all_rules().values()]
    return {"help": "\n".join(blocks), "rules": "\n".join(rules) + "\n"}


def test_reference_matches_the_cli():
    text = REFERENCE.read_text(encoding="utf-8")
    updated = text
    for name, content in generated().items():
        pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
        assert pattern.search(updated), f"docs/reference.md lacks the {name} markers"
        updated = pattern.sub(lambda m, c=content: m.group(1) + c + m.group(2), updated)
    if os.environ.get("MEMCTL_UPDATE_GOLDEN") == "1":
        REFERENCE.write_text(updated, encoding="utf-8")
        return
    assert updated == text, "docs/reference.md is out of date: run MEMCTL_UPDATE_GOLDEN=1 make test"


def test_readme_lists_every_command():
    listed = set(re.findall(r"^\| `memctl ([a-z-]+)` \|", README.read_text(encoding="utf-8"), re.M))
    assert listed == set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_readme_documents_the_exit_codes():
    section = README.read_text(encoding="utf-8").split("## Exit codes\n", 1)[1].split("\n## ", 1)[0]
    codes = [errors.EXIT_OK, errors.EXIT_FINDINGS, errors.EXIT_ERROR, errors.EXIT_INTERRUPTED]
    assert re.findall(r"^\| (\d+) \|", section, re.M) == [str(code) for code in codes]
