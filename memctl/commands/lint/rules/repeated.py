"""A rule on the whole start-up: the same instruction paid for twice on every request."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.commands.lint.rules.startup import where
from memctl.text import split_lines

MIN_WORDS = 4  # a shorter line ("## Rules", "- be terse") is too common to be one instruction
_MARKER = re.compile(r"^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_COMMENT = re.compile(r"<!--.*?-->")


def normalized(line: str) -> str:
    """A line as an instruction: without its list marker, HTML comments, case or trailing punctuation."""
    text = _MARKER.sub("", _COMMENT.sub("", line).strip())
    return " ".join(text.split()).casefold().rstrip(".;:!")


def _candidates(text: str, loaded: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, str, str]]:
    """The loaded lines of a file that can be instructions: not blank, a heading, code, front
    matter, an HTML comment or a table rule; at least MIN_WORDS words."""
    from memctl.markup.markdown import front_matter_span
    from memctl.markup.structure import structure

    lines = split_lines(text)
    first = front_matter_span(lines)
    skipped = {n for a, b, kind in structure(lines, first, 1)["blocks"] for n in range(a, b)}
    for start, end in loaded:
        for number in range(start, end + 1):
            if number - 1 < first or number - 1 in skipped or number > len(lines):
                continue
            line = lines[number - 1].strip()
            if not line or line.startswith(("#", "|", "<!--", "@", ">")):
                continue
            words = normalized(line)
            if len(words.split()) >= MIN_WORDS:
                yield number, words, _MARKER.sub("", _COMMENT.sub("", line).strip())


@rule("MEM502", "repeated-instruction", "warning")
def repeated_instruction(ctx: Context) -> Iterator[Finding]:
    """The same instruction line is in two files loaded on every request (a CLAUDE.md line also in MEMORY.md).

    The host sends every file of its start-up with every request (Claude Code's CLAUDE.md files,
    rules and auto memory; Codex's AGENTS.md files; Gemini CLI's GEMINI.md files; Cursor's
    always-applied rules), and the index with them: a line in two of them is paid twice, and when
    one copy is edited the two disagree. Lines are compared without list markers, case and
    trailing punctuation; headings, code, tables and lines under four words are not. The finding
    is at the later copy, in the host's order, and names the first. Fix: keep the line in one file.
    """
    from memctl.hosts.startup import read_str, shown

    home = ctx.home
    stack = home.stack
    if stack is None:
        return
    index = os.path.realpath(os.path.join(home.root, home.index.rel))
    files: list[tuple[str, str, tuple[tuple[int, int], ...]]] = []
    for row in stack.start:
        text = home.index.text if row.path == index else read_str(row.path)
        if text is not None and row.cap is not None and all(row.path != f[0] for f in files):
            files.append((row.path, text, row.cap.loaded))
    if all(path != index for path, _, _ in files):
        files.append((index, home.index.text, home.index_cap.loaded))
    seen: dict[str, tuple[str, int]] = {}
    for path, text, loaded in files:
        here: set[str] = set()
        for number, words, said in _candidates(text, loaded):
            first = seen.get(words)
            if first is None:
                seen[words] = (path, number)
            elif first[0] != path and words not in here:
                here.add(words)
                line = said if len(said) <= 60 else said[:57] + "..."
                yield Finding(where(home.root, path), number, 1, f"{line!r} is also in {shown(first[0])}:{first[1]}: "
                              f"{stack.host} loads both on every request, so it is paid for twice")
