"""Plain measures of text that every layer shares: lines as hosts split them, length as the hosts
written in JavaScript count it, and text lower-cased as a query matches it."""

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


_fold: dict[int, int] | None = None


def lowered(text: str) -> str:
    """The text lower-cased and its Latin letters' accents dropped (`São João` → `sao joao`, `Zoë`
    → `zoe`), a letter for a letter, so offsets into the lower-cased text hold: a memory and a query
    are matched however either writes a name, as people type it without its accents."""
    global _fold
    low = text.lower()
    if low.isascii():
        return low
    if _fold is None:
        import unicodedata

        _fold = {}
        for code in range(0xC0, 0x250):  # Latin-1 Supplement, Latin Extended-A and -B
            base = unicodedata.normalize("NFKD", chr(code))[:1]
            if base.isascii() and base.isalpha() and chr(code).isalpha() and base != chr(code):
                _fold[code] = ord(base.lower()) if chr(code).islower() else ord(base)
        _fold.update({ord("ø"): ord("o"), ord("Ø"): ord("O"), ord("ł"): ord("l"), ord("Ł"): ord("L"),
                      ord("đ"): ord("d"), ord("Đ"): ord("D"), ord("ħ"): ord("h"), ord("ı"): ord("i")})
    return low.translate(_fold)
