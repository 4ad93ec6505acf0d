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
from memctl.hosts.base import MOST, Budgets, Cap, CapResult, Host, Loaded, Stack, line_ends, whole
from memctl.hosts.startup import full_cap, read_str
from memctl.safe.fsutil import read_text
from memctl.text import utf16_len

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from memctl.hosts.base import Counter, Doc, Home

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


def home_budgets(home: str, warnings: list[str]) -> dict[str, Any]:
    """Volute's memory budgets from the mind's `.config/config.json` (defaults when it is missing).

    Volute reads `memory.softBudgetTokens` (default 5,000) and `memory.hardCapTokens` (25,000);
    a value that is not a positive number falls back to the default, as Volute does, and memctl
    counts with the default too, but says so in `warnings` (the file, the value's line, the key,
    what it holds and the default in effect).
    """
    import json

    path = os.path.join(home, CONFIG)
    if not os.path.lexists(path):
        return {}
    try:
        text = read_text(path, CONFIG)
        data = json.loads(text)
    except InputError as error:
        raise ConfigError(error.message, path, error.line) from None
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        raise ConfigError(f"not valid JSON: {getattr(exc, 'msg', exc)}", path, line) from None
    memory = data.get("memory") if isinstance(data, dict) else None
    found: dict[str, Any] = {}
    if memory is not None and not isinstance(memory, dict):
        warnings.append(str(ConfigError(
            f"memory is {_shown(memory)}, not an object; Volute uses its default budgets "
            f"(softBudgetTokens {DEFAULTS['softBudgetTokens']:,}, hardCapTokens {DEFAULTS['hardCapTokens']:,})",
            path, value_line(text, ("memory",)))))
    if isinstance(memory, dict):
        for key, budget in (("softBudgetTokens", "index_tokens"), ("hardCapTokens", "load_cap_tokens")):
            if key not in memory:
                continue
            value = memory[key]
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:  # nan is not
                found[budget] = int(min(value, MOST))  # 1e999 (Infinity) or more than any file: no cap in effect
            else:
                warnings.append(str(ConfigError(
                    f"memory.{key} is {_shown(value)}, not a positive number of tokens; Volute uses its default, "
                    f"{DEFAULTS[key]:,}", path, value_line(text, ("memory", key)))))
    return found


# What Volute takes when the mind's config gives no usable figure (the preset below says the same).
DEFAULTS = {"softBudgetTokens": 5_000, "hardCapTokens": 25_000}


def _shown(value: object) -> str:
    """A JSON value as the user wrote it (`"25k"`, `true`, `-3`, `null`), cut short when long."""
    import json

    text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    return text if len(text) <= 40 else text[:37] + "..."


def value_line(text: str, keys: tuple[str, ...]) -> int | None:
    """The line of the value at `keys` (object keys from the top) in the JSON `text`, the last
    one when a key is written twice (as `json.loads` keeps); None when it is not there."""
    import json
    import re

    decoder, space = json.JSONDecoder(), re.compile(r"[ \t\n\r]*")
    pos = space.match(text, 1 if text.startswith("\ufeff") else 0).end()  # type: ignore[union-attr]

    def find(pos: int, keys: tuple[str, ...]) -> int | None:
        if not keys:
            return pos
        if text[pos:pos + 1] != "{":
            return None
        pos, at = space.match(text, pos + 1).end(), None  # type: ignore[union-attr]
        while text[pos:pos + 1] == '"':
            key, pos = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]
            pos = space.match(text, space.match(text, pos).end() + 1).end()  # type: ignore[union-attr]
            if key == keys[0]:
                at = find(pos, keys[1:])
            _, pos = decoder.raw_decode(text, pos)
            pos = space.match(text, pos).end()  # type: ignore[union-attr]
            if text[pos:pos + 1] == ",":
                pos = space.match(text, pos + 1).end()  # type: ignore[union-attr]
        return at

    try:
        at = find(pos, keys)
    except (ValueError, IndexError):
        return None
    return None if at is None else text.count("\n", 0, at) + 1


# The files of the mind's system prompt before its memory, as Volute's `loadSystemPrompt` reads
# them (templates/_base/src/lib/startup.ts): SOUL.md, which a mind cannot start without, and VOLUTE.md.
PROMPT_FILES = (("SOUL.md", "soul"), ("VOLUTE.md", "volute"))


def stack(home: Home, everything: bool = True) -> Stack | None:
    """What every request of the mind carries besides its memory: SOUL.md and VOLUTE.md, whole (no
    cap), before `## Memory` and MEMORY.md, all joined by `---` lines; None when the home has neither
    (a memory folder alone)."""
    rows = []
    notes = ["the prompt joins SOUL.md, VOLUTE.md and `## Memory` + MEMORY.md with `---` lines, which are not "
             "counted"]
    for name, role in PROMPT_FILES:
        path = os.path.realpath(os.path.join(home.root, name))
        text = read_str(path)
        if text is None:
            if name == "SOUL.md":
                notes.append("no SOUL.md: Volute does not start a mind without one")
            continue
        size = utf16_len(text)  # JavaScript's `.length`, as Volute (and Claude Code's rows) measure it
        rows.append(Loaded(path, role, "start", "characters", size, size, text, "ok", "", full_cap(text)))
    return Stack("Volute", home.root, tuple(rows), None, tuple(notes)) if rows else None


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
            home_budgets=home_budgets, stack=stack, label="Volute",
            startup_names=("MEMORY.md", *(name for name, _ in PROMPT_FILES)),
            folder_keeps="Volute keeps the mind's own files there: .config/, .local/hooks/, memory/journal/",
            hook_scripts="Volute runs hook scripts from the mind's .local/hooks/ folder: the README shows the two "
                         "scripts to add (`memctl hook install` writes Claude Code's settings only)")
