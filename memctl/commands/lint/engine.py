"""Running the rules over homes: selection, severities, suppressions."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from fnmatch import fnmatch
from typing import Any, NamedTuple

from memctl.commands.lint.registry import Context, Finding, Rule, all_rules, resolve_code
from memctl.commands.lint.suppress import Suppressions
from memctl.errors import ConfigError
from memctl.hosts import loaded_besides
from memctl.model.config import shown_config
from memctl.model.home import Doc, MemoryHome

SUPPRESSION_RULES = ("MEM901", "MEM902")


class Diagnostic(NamedTuple):
    code: str
    name: str
    severity: str
    message: str
    path: str  # relative to the current folder, with `/`
    line: int
    column: int


class LintOptions(NamedTuple):
    select: tuple[str, ...] | None = None  # codes, prefixes or rule names; None: the config's, or all
    ignore: tuple[str, ...] = ()
    max_index_lines: int | None = None


def expand(tokens: Iterable[str], where: str, source: str | None = None,
           lines: Mapping[str, int] | None = None, key: str | None = None) -> set[str]:
    """Codes for a list of codes, code prefixes (`MEM2`), rule names or `ALL`; unknown is an error
    saying `where` they were, and from a config file `source`, naming it and the token's line there
    (`lines`, by the config's key: `key`, by default `where`)."""
    rules = all_rules()
    codes: set[str] = set()
    for number, token in enumerate(tokens):
        token = token.strip()
        if not token:
            continue
        if token.upper() == "ALL":
            codes.update(rules)
            continue
        code = resolve_code(token)
        prefixed = {c for c in rules if c.startswith(token.upper())} if token.upper().startswith("MEM") else set()
        if code is None and not prefixed:
            key = key or where
            line = (lines or {}).get(f"{key}[{number}]", (lines or {}).get(key))
            raise ConfigError(f"unknown rule {token!r} in {where}; `memctl lint --list-rules` lists them",
                              source, line if source else None)
        codes.update({code} if code else prefixed)
    return codes


class Policy:
    """Which rules run, at which severity, and where they are ignored, from config and flags."""

    def __init__(self, config: Mapping[str, Any], options: LintOptions, source: str | None = None,
                 lines: Mapping[str, int] | None = None):
        """`config`: the config's `lint:` table, from the file `source` (as messages name it), whose
        keys are on `lines` (`lint.select[0]`: see memctl.model.config), so an error names both."""
        rules = all_rules()
        lines = lines or {}

        def line(key: str) -> int | None:
            return lines.get(key, lines.get("lint")) if source else None

        for key in config:
            if key not in ("select", "ignore", "severity", "per_file_ignores"):
                raise ConfigError(f"unknown lint key {key!r}; valid keys: select, ignore, severity, per_file_ignores",
                                  source, line(f"lint.{key}"))
        if options.select is not None:
            self.enabled = expand(options.select, "--select") if options.select else set(rules)
        else:
            select = config.get("select")
            self.enabled = expand(select, "lint.select", source, lines) if select else set(rules)
        self.enabled -= expand(config.get("ignore", ()), "lint.ignore", source, lines) | expand(options.ignore,
                                                                                                  "--ignore")
        self.severity = {code: rule.severity for code, rule in rules.items()}
        for token, level in (config.get("severity") or {}).items():
            if level not in ("error", "warning"):
                raise ConfigError(f"lint.severity of {token} must be error or warning, not {level!r}", source,
                                  line(f"lint.severity.{token}"))
            for code in expand([token], "lint.severity", source, lines, f"lint.severity.{token}"):
                self.severity[code] = level
        self.per_file = [(glob, expand(codes, f"lint.per_file_ignores[{glob}]", source, lines,
                                       f"lint.per_file_ignores.{glob}"))
                         for glob, codes in (config.get("per_file_ignores") or {}).items()]

    def applies(self, code: str, rel: str) -> bool:
        if not self.per_file:  # the common case, asked once a finding twice: no generator to start
            return code in self.enabled
        return code in self.enabled and not any(code in codes and fnmatch(rel, glob) for glob, codes in self.per_file)


def _shown(home: MemoryHome, rel: str) -> str:
    full = os.path.join(home.root, rel)
    relative = os.path.relpath(full)
    return (relative if not relative.startswith("..") else str(full)).replace(os.sep, "/")


def _shown_paths(home: MemoryHome) -> Callable[[str], str]:
    """`_shown(home, rel)` for many files, each worked out once: a home at or below the current
    folder is joined to its own relative path lexically, as relpath would (10,000 findings called
    os.getcwd 20,000 times)."""
    base = os.path.relpath(home.root)
    memo: dict[str, str] = {}

    def shown(rel: str) -> str:
        found = memo.get(rel)
        if found is None:
            if base.startswith("..") or os.path.isabs(rel):
                found = _shown(home, rel)
            else:
                relative = os.path.normpath(os.path.join(base, rel))
                found = (relative if not relative.startswith("..")
                         else str(os.path.join(home.root, rel))).replace(os.sep, "/")
            memo[rel] = found
        return found

    return shown


def lint_home(home: MemoryHome, today: date, options: LintOptions) -> tuple[list[Diagnostic], int]:
    """The diagnostics for one home, sorted, and how many files were checked."""
    rules = all_rules()
    source = home.config.source
    policy = Policy(home.config.lint, options, shown_config(source) if source else None, home.config.lines)
    context = Context(home, today, options.max_index_lines)
    docs: dict[str, Doc] = {doc.rel: doc for doc in (home.index, *home.topics)}
    suppressions = {rel: Suppressions(doc) for rel, doc in docs.items()}
    raw: list[tuple[Rule, Finding]] = []
    for code, rule in rules.items():
        if code in SUPPRESSION_RULES or code not in policy.enabled:
            continue
        for finding in rule.check(context):
            if not policy.applies(code, finding.path):
                continue
            table = suppressions.get(finding.path)
            if table is not None and table.suppresses(code, finding.line):
                continue
            raw.append((rule, finding))
    for table in suppressions.values():
        raw.extend((rules["MEM902"], f) for f in table.problems)
        raw.extend((rules["MEM901"], f) for f in table.unused())
    shown = _shown_paths(home)
    diagnostics = [
        Diagnostic(rule.code, rule.name, policy.severity[rule.code], f.message, shown(f.path), f.line, f.column)
        for rule, f in raw
        if policy.applies(rule.code, f.path)
    ]
    diagnostics.sort(key=lambda d: (d.path, d.line, d.column, d.code))
    # MEM501 reads the other files the host loads too (memctl.hosts.loaded_besides)
    return diagnostics, len(docs) + (len(loaded_besides(home)) if "MEM501" in policy.enabled else 0)
