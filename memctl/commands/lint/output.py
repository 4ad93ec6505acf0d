"""Lint renderers: pure functions from diagnostics to the text of one format."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from memctl import __version__
from memctl.commands.lint.engine import Diagnostic
from memctl.commands.lint.registry import Rule
from memctl.errors import MemctlError
from memctl.model.jsonout import dumps
from memctl.safe.keys import digest
from memctl.words import plural

FORMATS = ("text", "json", "github", "sarif")
_RED, _YELLOW, _BOLD, _RESET = "\033[31m", "\033[33m", "\033[1m", "\033[0m"


def summary(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for d in diagnostics if d.severity == "error")
    return errors, len(diagnostics) - errors


_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")  # C0, DEL, C1, the line and paragraph separators
_QUOTED = re.compile(r'[\x00-\x1f\x7f-\x9f\u2028\u2029"\\]')  # ...and, inside quotes, `"` and `\`
_ESCAPES = {"\n": r"\n", "\r": r"\r", "\t": r"\t", '"': r"\"", "\\": r"\\"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def _one_line(text: str, quoted: bool = False) -> str:
    r"""`text` as the text format prints it, on its one line: a character that would break the line
    or drive the terminal (a newline in a folder's name, an escape sequence) as a C escape (`\n`,
    `\x1b`, `\u2028`) and, `quoted` (a path holding one), the whole in double quotes with its `"`
    and `\` escaped too, as git quotes such a path, so that it reads back. Else as it is."""
    if not _UNPRINTABLE.search(text):
        return text
    return f'"{_QUOTED.sub(_escape, text)}"' if quoted else _UNPRINTABLE.sub(_escape, text)


def render_text(diagnostics: Sequence[Diagnostic], files: int, color: bool = False, statistics: bool = False,
                unlinted: str = "") -> str:
    """The text report; `unlinted`, what the summary adds when homes of a fleet could not be read
    (`; 1 of 3 homes could not be linted`): then nothing says all checks passed."""
    lines = []
    for d in diagnostics:
        code = d.code
        if color:
            code = f"{_BOLD}{_RED if d.severity == 'error' else _YELLOW}{code}{_RESET}"
        lines.append(f"{_one_line(d.path, quoted=True)}:{d.line}:{d.column}: {code} {_one_line(d.message)}")
    if statistics and diagnostics:
        counts = Counter((d.code, d.name, d.severity) for d in diagnostics)
        width = len(f"{max(counts.values()):,}")
        for (code, name, severity), n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            lines.append(f"{n:>{width},}  {code}  {name} ({severity})")
    errors, warnings = summary(diagnostics)
    if diagnostics:
        where = len({d.path for d in diagnostics})
        lines.append(f"Found {plural(errors, 'error')} and {plural(warnings, 'warning')} "
                     f"in {plural(where, 'file')} ({files:,} checked){unlinted}.")
    elif unlinted:
        lines.append(f"No findings in the homes linted ({files:,} files checked){unlinted}.")
    else:
        lines.append("All checks passed!")
    return "\n".join(lines) + "\n"


def json_data(diagnostics: Sequence[Diagnostic], files: int) -> dict[str, Any]:
    """The JSON format's value (`memctl report` shows the same figures)."""
    errors, warnings = summary(diagnostics)
    return {
        "version": 1,
        "diagnostics": [d._asdict() for d in diagnostics],
        "summary": {"errors": errors, "warnings": warnings, "files": files},
    }


def render_json(diagnostics: Sequence[Diagnostic], files: int) -> str:
    return dumps(json_data(diagnostics, files)) + "\n"


def _escape_data(text: str) -> str:
    """As the Actions toolkit's escapeData: the message of a workflow command."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """As the Actions toolkit's escapeProperty: a property value of a workflow command."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


ANNOTATIONS_PER_TYPE = 10  # GitHub shows at most 10 of each type a step (and 50 a job), dropping the rest


def ranked(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Errors first, then by rule, then by place: the order in which they matter."""
    return sorted(diagnostics, key=lambda d: (d.severity != "error", d.code, d.path, d.line, d.column))


def render_github(diagnostics: Sequence[Diagnostic], files: int,
                  unlinted: Sequence[tuple[str, MemctlError]] = ()) -> str:
    """Workflow commands, the most important first and at most ANNOTATIONS_PER_TYPE of each type
    (GitHub would drop the rest at random); a last notice says how many more the summary lists.
    Before them, an error for each home of `unlinted` (its path as given, and why it could not be
    read), on its file and line where the error names them: a pull request shows it, as it shows
    the findings (a line on stderr it does not)."""
    lines, shown = [], Counter[str]()
    for home, error in unlinted[:ANNOTATIONS_PER_TYPE]:
        shown["error"] += 1
        where = (("file", error.path or home), *((("line", error.line),) if error.line is not None else ()))
        props = ",".join(f"{k}={_escape_property(str(v))}" for k, v in (("title", "memctl"), *where))
        lines.append(f"::error {props}::{_escape_data(f'the memory home {home} could not be linted: {error.message}')}")
    for d in ranked(diagnostics):
        if shown[d.severity] >= ANNOTATIONS_PER_TYPE:
            continue
        shown[d.severity] += 1
        props = ",".join(f"{k}={_escape_property(str(v))}" for k, v in (
            ("title", f"memctl ({d.code})"), ("file", d.path), ("line", d.line), ("col", d.column)))
        lines.append(f"::{d.severity} {props}::{_escape_data(f'{d.code} {d.message}')}")
    hidden = len(diagnostics) + min(len(unlinted), ANNOTATIONS_PER_TYPE) - sum(shown.values())
    if hidden:
        lines.append(f"::notice title=memctl::{hidden} more findings are not annotated (GitHub shows "
                     f"{ANNOTATIONS_PER_TYPE} of each type); the job summary lists all {len(diagnostics)}")
    return "".join(line + "\n" for line in lines)


def render_summary(diagnostics: Sequence[Diagnostic], files: int) -> str:
    """Every finding as a markdown table, for `$GITHUB_STEP_SUMMARY`."""
    errors, warnings = summary(diagnostics)
    where = len({d.path for d in diagnostics})
    lines = [f"### memctl lint: {errors} {'error' if errors == 1 else 'errors'}, {warnings} "
             f"{'warning' if warnings == 1 else 'warnings'} in {where} {'file' if where == 1 else 'files'} "
             f"({files} checked)", ""]
    if diagnostics:
        lines += ["| | rule | file | line | message |", "|---|---|---|---|---|"]
        for d in ranked(diagnostics):
            cell = d.message.replace("|", "\\|")
            lines.append(f"| {'❌' if d.severity == 'error' else '⚠️'} | {d.code} | `{d.path}` | {d.line} | {cell} |")
    return "\n".join(lines) + "\n"


def render_sarif(diagnostics: Sequence[Diagnostic], rules: dict[str, Rule]) -> str:
    order = list(rules)
    driver = {
        "name": "memctl",
        "version": __version__,
        "informationUri": "https://pypi.org/project/memctl-md/",
        "rules": [
            {
                "id": rule.code,
                "name": rule.name,
                "shortDescription": {"text": rule.summary},
                "fullDescription": {"text": rule.explanation.replace("\n", " ")},
                "defaultConfiguration": {"level": rule.severity},
                "help": {"text": rule.explanation},
            }
            for rule in rules.values()
        ],
    }
    results = [
        {
            "ruleId": d.code,
            "ruleIndex": order.index(d.code),
            "level": d.severity,
            "message": {"text": d.message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": d.path},
                "region": {"startLine": d.line, "startColumn": d.column},
            }}],
            # code scanning matches a finding across commits by this, not by its line
            "partialFingerprints": {"memctl/v1": digest(f"{d.code}\0{d.path}\0{d.message}")},
        }
        for d in diagnostics
    ]
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }
    return dumps(sarif) + "\n"


def render(fmt: str, diagnostics: Sequence[Diagnostic], files: int, rules: dict[str, Rule], color: bool = False,
           statistics: bool = False, unlinted: str = "", unread: Sequence[tuple[str, MemctlError]] = ()) -> str:
    """The report in one of FORMATS (`unlinted`: `render_text`'s; `unread`: `render_github`'s
    homes that could not be linted, each with its error)."""
    if fmt == "json":
        return render_json(diagnostics, files)
    if fmt == "github":
        return render_github(diagnostics, files, unread)
    if fmt == "sarif":
        return render_sarif(diagnostics, rules)
    return render_text(diagnostics, files, color=color, statistics=statistics, unlinted=unlinted)


def render_explanation(rule: Rule) -> str:
    return f"{rule.code} {rule.name} ({rule.severity})\n\n{rule.explanation}\n"


def render_rules(rules: dict[str, Rule]) -> str:
    """One rule a line: code, name, severity, `--fix` where `lint --fix` rewrites what it finds, summary."""
    width = max(len(r.name) for r in rules.values())
    return "".join(f"{r.code}  {r.name:<{width}}  {r.severity:<7}  {'--fix' if r.fixable else '':<5}  {r.summary}\n"
                   for r in rules.values())
