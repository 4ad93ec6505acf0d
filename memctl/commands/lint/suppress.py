"""Suppression comments: `<!-- memctl-disable MEM206 -->` and its kin, read from the markdown."""

from __future__ import annotations

import re
from typing import NamedTuple

from memctl.commands.lint.registry import Finding, resolve_code
from memctl.model.home import Doc, code_lines
from memctl.text import split_lines

_DIRECTIVE = re.compile(r"<!--\s*memctl-(disable-next-line|disable-line|disable-file|disable|enable)\b(.*?)-->")
_CODES_SPLIT = re.compile(r"[\s,]+")


class Directive(NamedTuple):
    kind: str
    line: int
    column: int
    codes: tuple[str, ...]


class Suppressions:
    """The directives of one file, and which of them suppressed something."""

    def __init__(self, doc: Doc):
        self.doc = doc
        self.directives: list[Directive] = []
        self.problems: list[Finding] = []  # MEM902: directives naming unknown rules, or none
        self.used: set[tuple[int, str]] = set()
        if not doc.may_hold("memctl-"):  # no directive can be here: no line-by-line pass, no read
            return
        skip = code_lines(doc)
        for number, line in enumerate(split_lines(doc.text), start=1):
            if number in skip:
                continue
            for match in _DIRECTIVE.finditer(line):
                tokens = [t for t in _CODES_SPLIT.split(match.group(2).strip()) if t]
                codes = []
                for token in tokens:
                    code = resolve_code(token)
                    if code is None:
                        self.problems.append(Finding(doc.rel, number, match.start() + 1,
                                                     f"suppression names unknown rule {token!r}"))
                    else:
                        codes.append(code)
                if not tokens:
                    self.problems.append(Finding(doc.rel, number, match.start() + 1,
                                                 f"memctl-{match.group(1)} names no rule"))
                self.directives.append(Directive(match.group(1), number, match.start() + 1, tuple(codes)))

    def suppresses(self, code: str, line: int) -> bool:
        """Whether a finding of `code` at `line` is suppressed; the directive is marked used."""
        active: Directive | None = None
        hit: Directive | None = None
        for directive in self.directives:
            if code not in directive.codes:
                continue
            if directive.kind == "disable-file" or (directive.kind == "disable-line" and directive.line == line) or (
                directive.kind == "disable-next-line" and directive.line + 1 == line
            ):
                hit = directive
                break
            if directive.line <= line:
                if directive.kind == "disable":
                    active = directive
                elif directive.kind == "enable":
                    active = None
        hit = hit or active
        if hit is not None:
            self.used.add((hit.line, code))
        return hit is not None

    def unused(self) -> list[Finding]:
        """MEM901: directives (other than enable) that suppressed nothing."""
        out = []
        for directive in self.directives:
            if directive.kind == "enable":
                continue
            for code in directive.codes:
                if (directive.line, code) not in self.used:
                    out.append(Finding(self.doc.rel, directive.line, directive.column,
                                       f"memctl-{directive.kind} {code} suppressed nothing"))
        return out
