"""A fast way to the same structure: pulldown-cmark (through pyromark) instead of markdown-it-py.

memctl needs only a file's top-level headings, its code and HTML blocks and its links; markdown-it-py
finds them by parsing everything in Python, about 1 ms per 4 KB file and 4 s for a 7 MB one.
pyromark parses CommonMark in Rust, some 40 times faster, and gives each element's byte range. This
module turns its events into exactly what `memctl.markup.markdown.parse_body` returns (line numbers,
heading text as written, hrefs normalized as markdown-it normalizes them, the same `[[wikilink]]`
rule), and `tests/test_structure.py` holds it to that on every fixture and a generated corpus;
markdown-it-py stays the reference.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

_CONTAINERS = frozenset({"List", "Item", "BlockQuote", "FootnoteDefinition", "DefinitionList",
                         "DefinitionListTitle", "DefinitionListDefinition", "Table", "TableHead", "TableRow",
                         "TableCell"})
_LEAVES = frozenset({"Paragraph", "Heading"})  # the blocks whose inline content holds links
_ATX_OPEN = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)")
_ATX_CLOSE = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")
_WIKI = re.compile(r"\[\[")
_NEWLINE = re.compile(rb"\n")
_BAD_PROTOCOL = re.compile(r"^(?:vbscript|javascript|file|data):", re.IGNORECASE)
_GOOD_DATA = re.compile(r"^data:image/(?:gif|png|jpeg|webp);", re.IGNORECASE)


def _block(event: Any) -> tuple[str, str, Any]:
    """("Start" or "End", the element's name, its details) of one pyromark event; ("", "", None) for
    one that neither opens nor closes an element (inline code, HTML, a footnote reference)."""
    value = event.get("Start")
    kind = "Start"
    if value is None:
        value = event.get("End")
        kind = "End"
        if value is None:
            return "", "", None
    if type(value) is str:  # {'Start': 'Item'}, {'End': 'Item'}: most events of a list-heavy file
        return kind, value, None
    (name, details), = value.items()
    return kind, name, details


_REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:", re.M)


def structure(lines: list[str], first: int, level: int) -> dict[str, Any]:
    """A file's headings, links, wikilinks and blocks: from pulldown-cmark, or from markdown-it-py
    where the two parsers read CommonMark differently (a link reference definition followed by an
    indented line; the comparison test found no other difference)."""
    from memctl.markup.markdown import parse_body

    if any(_REFERENCE_DEFINITION.match(line) for line in lines[first:] if "]:" in line):
        return parse_body(lines, first, level)
    return scan_body(lines, first, level)


def scan_body(lines: list[str], first: int, level: int) -> dict[str, Any]:
    """What parse_body(lines, first, level) returns, found with pulldown-cmark."""
    import pyromark

    from memctl.markup.markdown import _line_of

    body = _body(lines, first)
    body = body.lstrip("\ufeff") if first == 0 else body
    data = body.encode("utf-8")
    # Where each line of the body starts, in bytes: an array, not a list of lines (a 31 MB topic's
    # 600,000 lines as strings and offsets as ints took 150 MB); a heading's line is read from `data`.
    starts = _line_starts(data)

    def line_at(byte: int) -> int:
        return bisect_right(starts, byte) - 1

    def span(start: int, end: int) -> list[int]:
        return [line_at(start) + first, line_at(max(end - 1, start)) + first + 1]

    def body_line(number: int) -> str:
        stop = starts[number + 1] - 1 if number + 1 < len(starts) else len(data) - data.endswith(b"\n")
        return data[starts[number] : stop].decode("utf-8")

    headings: list[list[Any]] = []
    links: list[list[Any]] = []
    blocks: list[list[Any]] = []
    depth = 0  # container blocks (lists, quotes): a heading inside one is not a top-level heading
    verbatim = 0  # inside a code or HTML block: its text is not inline text
    open_leaves: list[tuple[int, int]] = []  # (start byte, end byte) of the open inline blocks, innermost last
    # Inline text as runs of adjacent pieces (pulldown-cmark splits `[[wikilink]]` at its brackets):
    # the run being read, [start, end, holds a "[", its innermost block]; the runs with a "[" are kept.
    run: list[Any] = [-1, -1, False, None]
    bracketed: list[tuple[int, int, tuple[int, int] | None]] = []
    normalize: Any = None
    for event, where in pyromark.events_with_range(body):
        if type(event) is not dict:  # SoftBreak, HardBreak, Rule
            continue
        text: Any = event.get("Text")  # most events: read without unpacking them (a fleet has a million)
        if text is not None:
            if not verbatim:
                if run[1] == where["start"]:
                    run[1] = where["end"]
                else:
                    if run[2]:
                        bracketed.append((run[0], run[1], run[3]))
                    run = [where["start"], where["end"], False, open_leaves[-1] if open_leaves else None]
                if "[" in text:
                    run[2] = True
            continue
        kind, name, details = _block(event)
        if kind == "Start":
            if name in ("CodeBlock", "HtmlBlock"):
                blocks.append([*span(where["start"], where["end"]), "html" if name == "HtmlBlock" else "code"])
                verbatim += 1
                continue
            if name in _CONTAINERS:
                depth += 1
            if name in _LEAVES or name == "Item":  # a tight list item's text has no paragraph of its own
                open_leaves.append((where["start"], where["end"]))  # its lines are found if a link needs them
            if name == "Heading" and depth == 0 and int(details["level"][1]) <= level:
                top, stop = span(where["start"], where["end"])
                headings.append([top, int(details["level"][1]), _heading_text(body_line, top - first, stop - first)])
            elif name in ("Link", "Image") and open_leaves:
                href = details["dest_url"]
                if details["link_type"] == "Email":
                    href = "mailto:" + href
                if _BAD_PROTOCOL.match(href) and not (name == "Image" and _GOOD_DATA.match(href)):
                    continue
                if normalize is None:
                    from markdown_it.common.normalize_url import normalizeLink

                    normalize = normalizeLink
                href = normalize(href)
                leaf = span(*open_leaves[-1])
                links.append([href, _line_of(lines, [leaf[0] - first, leaf[1] - first], first, href)])
        elif kind == "End":
            if name in ("CodeBlock", "HtmlBlock"):
                verbatim -= 1
                continue
            if name in _CONTAINERS:
                depth -= 1
            if (name in _LEAVES or name == "Item") and open_leaves:
                open_leaves.pop()
    if run[2]:
        bracketed.append((run[0], run[1], run[3]))
    wikilinks = _wikilinks(data, bracketed, span, lines, first)
    return {"headings": headings, "links": links, "blocks": blocks, "wikilinks": wikilinks}


def _body(lines: list[str], first: int) -> str:
    """lines[first:] as the parsers read them: each line ending with `\n`, a lone `\r` a space."""
    body = "".join(lines[first:])
    if "\r" in body:  # CRLF or a lone CR: line by line
        return "".join(line.rstrip("\r\n").replace("\r", " ") + "\n" for line in lines[first:])
    return body if not body or body.endswith("\n") else body + "\n"  # joined once, not line by line


def _line_starts(data: bytes) -> array[int]:
    """Where each line of `data` (a body: each line ends with a newline) starts, in bytes."""
    starts = array("q", [0])
    starts.extend(m.end() for m in _NEWLINE.finditer(data, 0, max(len(data) - 1, 0)))
    return starts


def _heading_text(body_line: Callable[[int], str], start: int, stop: int) -> str:
    """The heading's content as markdown-it gives it: the source, less the marks around it."""
    from memctl.markup.markdown import clean_heading

    line = body_line(start)
    if _ATX_OPEN.match(line):
        text = _ATX_OPEN.sub("", line, count=1)
        text = _ATX_CLOSE.sub("", text) if text.strip().strip("#") else ""
        return clean_heading(text.strip())
    return clean_heading("\n".join(body_line(n) for n in range(start, stop - 1)).strip())


def _wikilinks(data: bytes, runs: list[tuple[int, int, tuple[int, int] | None]],
               span: Callable[[int, int], list[int]], lines: list[str], first: int) -> list[list[Any]]:
    """`[[…]]` as memctl's markdown-it rule finds them: in inline text (never in code), one line, no
    `[` inside; each with the line markdown-it gives it. `runs` are the runs of inline text that hold
    a `[`, each with the innermost block it stands in."""
    from memctl.markup.markdown import _line_of

    found: list[list[Any]] = []
    for start, end, inside in runs:
        piece = data[start:end]
        if b"[[" not in piece or inside is None:
            continue
        text = piece.decode("utf-8", "replace")
        for match in _WIKI.finditer(text):
            close = text.find("]]", match.start() + 2)
            inner = text[match.start() + 2 : close] if close >= 0 else ""
            if not inner.strip() or "\n" in inner or "[" in inner:
                continue
            at = start + len(text[: match.start()].encode("utf-8"))
            if at and data[at - 1 : at] == b"\\":  # `\[[`: an escaped bracket, not a wikilink
                continue
            leaf = span(*inside)
            found.append([inner, _line_of(lines, [leaf[0] - first, leaf[1] - first], first, f"[[{inner}]]")])
    return found


def block_outline(lines: list[str], first: int) -> Iterator[tuple[str, int, int, int]]:
    """The top-level blocks consolidate works on, in file order: ("heading", line, level, 0),
    ("item", start, end, 0) for an item of a top-level list and ("paragraph", start, end, 0), with
    0-based lines of the file and `end` exclusive. The same as markdown-it-py's block tokens give
    (`memctl.model.entries` keeps that as the reference, and for files with link reference definitions).
    Given one at a time: a 31 MB topic's 600,000 blocks, listed, took 80 MB."""
    import pyromark

    body = _body(lines, first)
    starts = _line_starts(body.encode("utf-8"))
    stack: list[str] = []  # the open container blocks
    verbatim = 0
    for event, where in pyromark.events_with_range(body):
        if type(event) is not dict or "Text" in event:  # breaks, rules and text: no block starts or ends
            continue
        kind, name, details = _block(event)
        if kind == "Start":
            if name in ("CodeBlock", "HtmlBlock"):
                verbatim += 1
            elif verbatim:
                pass
            elif name == "Heading" and not stack:
                yield ("heading", bisect_right(starts, where["start"]) - 1 + first, int(details["level"][1]), 0)
            elif (name == "Paragraph" and not stack) or (name == "Item" and stack == ["List"]):
                yield ("paragraph" if name == "Paragraph" else "item", bisect_right(starts, where["start"]) - 1 + first,
                       bisect_right(starts, max(where["end"] - 1, where["start"])) + first, 0)
            if name in _CONTAINERS:
                stack.append(name)
        elif kind == "End":
            if name in ("CodeBlock", "HtmlBlock"):
                verbatim -= 1
            elif name in _CONTAINERS and stack:
                stack.pop()
