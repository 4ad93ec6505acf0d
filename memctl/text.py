"""Plain measures of text that every layer shares: lines as hosts split them, and length as the
hosts written in JavaScript count it."""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    """The lines of `text`, each with its `\\n` (only `\\n` ends a line, as hosts count them)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
        return [line + "\n" for line in lines]
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]



def utf16_len(text: str) -> int:
    """The text's length in UTF-16 code units: JavaScript's `string.length`, which hosts written in
    JavaScript (Claude Code, OpenClaw, Volute) count their limits in. An emoji is 2."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2

