"""Volute: what memctl knows about it.

A Volute mind keeps MEMORY.md, topics in `memory/topics/` (where `split` puts new ones), daily
journals in `memory/journal/` and dreams in `memory/dreams/`; its budgets come from the mind's
`.config/config.json` (`memory.softBudgetTokens`, `memory.hardCapTokens`), in tokens of chars/4. It runs
`.local/hooks/startup-context.*` with `{"source": "startup"}` and reads the same JSON as Claude
Code, and runs `.local/hooks/pre-prompt/*` and reads a top-level `{"additionalContext": …}`.
Sources: docs/hosts.md.
"""

from __future__ import annotations

import json
import os

from memctl.errors import ConfigError, InputError
from memctl.hosts import claude_code
from memctl.hosts.base import MOST, Budgets, Cap, CapResult, Host, line_ends, whole
from memctl.safe.fsutil import read_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.hosts.base import Counter, Doc

NAME = "volute"
CONFIG = ".config/config.json"
# Written by the dreaming skill, one a night it dreams, and listed on waking by the files' own
# names: first-class notes, but not `dated` (rollup would fold them under other names).
DREAMS = ("memory/dreams/*.md",)


def describe(budgets: Budgets) -> str:
    return f"first {budgets.load_cap_tokens:,} tokens (chars/4)" if budgets.load_cap_tokens else "no load cap"


def load(doc: Doc, lines: list[str], budgets: Budgets, counter: Counter, file_chars: int | None) -> CapResult:
    """Sizes are round(UTF-16 length / 4); over `load_cap_tokens` only the head loads, cut at the
    last line end before `load_cap_tokens * 4` units when that lies at least half-way in."""
    description, total = describe(budgets), len(lines)
    ends = line_ends(lines)
    units = ends[-1] if ends else 0
    tokens = (units + 2) // 4
    cap = budgets.load_cap_tokens
    measures = ((("tokens", tokens, cap),) if cap else ())
    if not cap or tokens <= cap:
        return CapResult(description, whole(total), total, None, measures)
    max_units = cap * 4
    # lastIndexOf("\n", max_units): the newline that ends line k stands at ends[k] - 1
    cut, through = -1, 0
    for k, (line, end) in enumerate(zip(lines, ends, strict=True)):
        if end - 1 > max_units:
            break
        if line.endswith("\n"):
            cut, through = end - 1, k + 1
    if cut >= max_units / 2:
        count = through
    else:  # a hard cut: only lines that end inside the head load whole
        count = sum(1 for end in ends if end <= max_units)
    notice = (f"⚠ {doc.rel.rsplit('/', 1)[-1]} is {volute_tokens(tokens)} — only the first {volute_tokens(cap)} "
              "are loaded. The full file is untouched on disk. Consolidate it to restore your full memory.")
    return CapResult(description, whole(total, count), total, notice, measures)


def volute_tokens(tokens: int) -> str:
    """Volute's label: `~850 tokens`, `~5.1k tokens`, `~25k tokens`."""
    if tokens < 1000:
        return f"~{tokens} tokens"
    return f"~{f'{tokens / 1000:.1f}'.removesuffix('.0')}k tokens"



CAP = Cap(NAME, describe, load)


def detect(home: str) -> str:
    path = os.path.join(home, CONFIG)
    if not os.path.exists(path):
        return ""
    try:
        memory_key = '"memory"' in read_text(path)
    except InputError:
        memory_key = False
    return f"detected: {CONFIG} with a memory key" if memory_key else ""


def home_budgets(home: str) -> dict[str, Any]:
    """Volute's memory budgets from the mind's `.config/config.json` (defaults when it is missing).

    Volute reads `memory.softBudgetTokens` (default 5,000) and `memory.hardCapTokens` (25,000);
    a value that is not a number falls back to the default, as Volute does.
    """
    import json

    path = os.path.join(home, CONFIG)
    if not os.path.lexists(path):
        return {}
    try:
        data = json.loads(read_text(path, CONFIG))
    except InputError as error:
        raise ConfigError(error.message, path, error.line) from None
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        raise ConfigError(f"not valid JSON: {getattr(exc, 'msg', exc)}", path, line) from None
    memory = data.get("memory") if isinstance(data, dict) else None
    found: dict[str, Any] = {}
    if isinstance(memory, dict):
        for key, budget in (("softBudgetTokens", "index_tokens"), ("hardCapTokens", "load_cap_tokens")):
            value = memory.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:  # nan is not
                found[budget] = int(min(value, MOST))  # 1e999 (Infinity) or more than any file: no cap in effect
    return found



def hook_answer(event: str, context: str) -> str:
    """What a hook prints for Volute: a pre-prompt hook's top-level additionalContext; else Claude
    Code's shape, which its startup-context hook reads."""
    if event == "user-prompt":
        return json.dumps({"additionalContext": context}, ensure_ascii=False) + "\n"
    return claude_code.hook_answer(event, context)


HOST = Host(NAME, note="warns past softBudgetTokens (5,000), loads the first hardCapTokens (25,000) at chars/4",
            preset={"tokenizer": "chars4", "load_cap_mode": "volute", "load_cap_lines": None,
                    "load_cap_units": None, "load_cap_tokens": 25_000, "index_max_lines": None,
                    "index_max_units": None},
            lessons="memory/topics/lessons.md", topic_folder="memory/topics",
            dated=("memory/journal/*.md", "memory/*.md"), hook_shape=NAME,
            init_notes=("# budgets come from .config/config.json (memory.softBudgetTokens, memory.hardCapTokens)",),
            home_budgets=home_budgets,
            hook_scripts="Volute runs hook scripts from the mind's .local/hooks/ folder: the README shows the two "
                         "scripts to add (`memctl hook install` writes Claude Code's settings only)")
