"""Plans and changes as unified diffs, as they may be printed: every line redacted from its file."""

from __future__ import annotations

import difflib
from typing import Any

from memctl.safe.writer import WritePlan


def unified_diff(plan: WritePlan) -> str:
    """The unified diff of every change in the plan, as it may be printed: see `text_diff`."""
    out = []
    for change in plan.changes:
        source = f"a/{change.rel}" if change.before is not None else "/dev/null"
        out.append(text_diff(change.before or "", change.after, source,
                             "/dev/null" if change.removed else f"b/{change.rel}"))
    return "".join(out)


def text_diff(before: str, after: str, source: str, target: str, context: int = 3) -> str:
    """The unified diff of two texts, as it may be printed: its lines taken from the texts
    redacted whole (and its file names redacted), so a credential is found in the file, not in
    the hunk, and a hunk that shows only the middle of a key block (neither its BEGIN nor its END
    line) hides it too. The changes are those of the texts as they are, so a rotated token still
    shows as a changed line."""
    from memctl.model.secrets import redact

    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    shown_old, shown_new = _shown_lines(before, old, redact), _shown_lines(after, new, redact)
    out: list[str] = []
    for group in difflib.SequenceMatcher(None, old, new).get_grouped_opcodes(context):
        if not out:
            out += [redact(f"--- {source}\n"), redact(f"+++ {target}\n")]
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + line for line in shown_old[i1:i2]]
                continue
            if tag in ("replace", "delete"):
                out += ["-" + line for line in shown_old[i1:i2]]
            if tag in ("replace", "insert"):
                out += ["+" + line for line in shown_new[j1:j2]]
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in out)


def _shown_lines(text: str, lines: list[str], redact: Any) -> list[str]:
    """`text`'s lines redacted, line for line. When the redacted text does not have as many (a key
    block in a file whose lines end in a lone CR, a secret holding a form feed: redaction keeps the
    `\\n`s only), each line alone, and a line that is part of a finding of the whole text but
    shows nothing on its own is hidden whole."""
    shown = redact(text).splitlines(keepends=True)
    if len(shown) == len(lines):
        return shown
    from memctl.model.secrets import find_secrets

    spans = [(start, end) for _, start, end in find_secrets(text)]
    out, at = [], 0
    for line in lines:
        end = at + len(line)
        hidden = redact(line)
        if hidden == line and any(start < end and at < stop for start, stop in spans):
            body = line.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
            hidden = "…" + line[len(body):]
        out.append(hidden)
        at = end
    return out


def _range(start: int, stop: int) -> str:
    """A hunk's range as unified diffs write it (difflib's own, which is private)."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1  # an empty range begins at the line before it
    return f"{beginning},{length}"
