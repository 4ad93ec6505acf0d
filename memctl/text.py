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



def columns(text: str) -> int:
    """How many terminal columns the text takes: a wide East Asian character or an emoji two, a
    combining mark none (as wcwidth counts them, near enough for aligning a table)."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def fit(text: str, width: int) -> str:
    """The text cut to at most `width` columns, with `…` where it was cut."""
    if columns(text) <= width:
        return text
    out, used = [], 0
    for c in text:
        w = columns(c)
        if used + w > width - 1:
            break
        out.append(c)
        used += w
    return "".join(out) + "…"


def pad(text: str, width: int) -> str:
    """The text padded with spaces to `width` columns."""
    return text + " " * max(0, width - columns(text))


_colour = None


def uncoloured(text: str, into: str = "") -> str:
    """The text without a terminal's control sequences (ECMA-48: `\x1b[31m`, `\x1b[0m`), each
    replaced by `into`: a prompt pasted from a terminal, or a command's stderr."""
    global _colour
    if "\x1b" not in text:
        return text
    if _colour is None:
        import re

        _colour = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]")
    return _colour.sub(into, text)
