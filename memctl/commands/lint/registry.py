"""The rule registry: each rule is one small function with its metadata beside it.

The registry imports no rule: `memctl.commands.lint` (the package's face) imports the rule
modules, so arrows run one way, from the rules down to the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import NamedTuple

from memctl.model.home import MemoryHome


class Context(NamedTuple):
    home: MemoryHome
    today: date
    max_index_lines: int | None


class Finding(NamedTuple):
    path: str  # relative to the home
    line: int
    column: int
    message: str


Check = Callable[[Context], Iterator[Finding]]


class Rule(NamedTuple):
    code: str
    name: str
    severity: str  # "error" or "warning"
    summary: str  # the docstring's first line
    explanation: str  # the whole docstring, for --explain
    check: Check
    fixable: bool = False  # `lint --fix` rewrites what it finds


RULES: dict[str, Rule] = {}


def rule(code: str, name: str, severity: str, fixable: bool = False) -> Callable[[Check], Check]:
    """Register a rule (`fixable`: `lint --fix` rewrites what it finds). Codes are never reused: a
    retired rule keeps its code out of use."""

    def register(check: Check) -> Check:
        doc = (check.__doc__ or "").strip()
        lines = [line.strip() for line in doc.splitlines()]
        RULES[code] = Rule(code, name, severity, lines[0] if lines else name, "\n".join(lines), check, fixable)
        return check

    return register


def all_rules() -> dict[str, Rule]:
    """Every rule, by code. The package's face imports the rule modules, which register themselves."""
    return dict(sorted(RULES.items()))


def resolve_code(token: str) -> str | None:
    """The code for a code or a rule name (`MEM201`, `index-over-line-limit`), or None."""
    rules = all_rules()
    token = token.strip()
    if token.upper() in rules:
        return token.upper()
    token = RENAMED.get(token.lower(), token.lower())
    return next((r.code for r in rules.values() if r.name == token), None)


RENAMED = {"index-over-byte-limit": "index-over-size-limit",  # old names keep working
           "dangling-index-link": "dangling-link"}
