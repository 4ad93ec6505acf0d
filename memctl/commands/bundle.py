"""The bundle's blocks and how each is written, in md, xml or json's md.

Pure functions: `assemble` decides what goes in, these decide how it reads. Every block ends
with a newline and the next starts with `<`, where the BPE pre-tokenizer always splits, so a
bundle's token count is the sum of its blocks' counts.
"""

from __future__ import annotations

from memctl.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

FORMATS = ("md", "xml", "json")
MAX_NAMED = 20
MACHINE_NOTE = (
    "Files marked machine-written are regenerated from live state: "
    "where they disagree with prose, the machine-written file is current."
)


class Entry:
    """One block of the bundle: a file, part of one, or memctl's own note or notice."""

    def __init__(self, path: str, reasons: list[str], content: str, tokens: int = 0, truncated: bool = False,
                 heading: str | None = None, machine_written: bool = False, lines: tuple[int, int] | None = None,
                 text_tokens: int | None = None):
        self.path = path
        self.reasons = reasons
        self.content = content
        self.tokens = tokens  # of the block as rendered: what it takes of the budget
        self.truncated = truncated
        self.heading = heading  # set for a query excerpt: the section loaded (`section_label`)
        self.lines = lines  # and its first and last line in the file
        self.machine_written = machine_written
        # of the text it holds, as the notice counts what it leaves out (its sections' tokens);
        # None where not known without counting (the index: `--explain` counts it)
        self.text_tokens = text_tokens
        self.score: float | None = None  # a query excerpt's BM25 score, and the words that matched
        self.terms: list[str] = []


@record
class Omission:
    path: str
    heading: str | None
    tokens: int
    reason: str
    selected: bool  # something the task asked for (counts for --strict), not a ranked excerpt
    excerpt: bool = False  # a query excerpt that did not fit: listed by --explain, not in the notice
    lines: tuple[int, int] | None = None  # a section's first and last line in the file (None: a whole file)


def section_label(heading: str | None, level: int) -> str:
    """How a section is named wherever memctl names one (the bundle, the notice, `--explain`, json's
    `heading`): its heading as written, else `preamble` (the text before a file's first heading) or
    `front matter`."""
    return heading or ("front matter" if level < 0 else "preamble")


def _attr(text: str) -> str:
    return text.replace("-->", "-- >").replace("\n", " ")


# What XML 1.0 cannot hold at all, not even as a character reference (its `Char` production): the
# C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF and lone surrogates. Each C0
# control is shown by its picture (U+2400 + its code: ESC is `␛`), the rest as U+FFFD. Compiled
# when an xml bundle is first rendered: a compiled pattern costs the md dispatch a millisecond.
_NOT_XML = "[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]"
_not_xml: list[re.Pattern[str]] = []


def _xml_chars(text: str) -> str:
    if not _not_xml:
        import re

        _not_xml.append(re.compile(_NOT_XML))
    return _not_xml[0].sub(_xml_char, text)


def _xml_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


def _xml(text: str) -> str:
    """`text` as XML character data: `&`, `<` and `>` escaped, a carriage return as `&#13;` (a
    parser reads a bare one as a line feed)."""
    text = _xml_chars(text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def _cdata(text: str) -> str:
    """`text` as one CDATA section, so that a parser reads it back as it is and the model reads it
    verbatim: a `]]>` in it is split across two sections, and a carriage return (which a parser
    would read as a line feed) is a `&#13;` between two."""
    text = _xml_chars(text).replace("]]>", "]]]]><![CDATA[>").replace("\r", "]]>&#13;<![CDATA[")
    return f"<![CDATA[{text}]]>"


def _ensure_newline(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def bundled(content: str) -> str:
    """A file's text as the bundle holds it, in every format: CRLF made LF, no byte-order mark."""
    return content.replace("\r\n", "\n").lstrip("\ufeff")


def render_block(entry: Entry, number: int, fmt: str) -> str:
    content = _ensure_newline(bundled(entry.content))
    if fmt == "xml":
        return (f'<document index="{number}">\n<source>{_xml(entry.path)}</source>\n'
                f"<document_content>{_cdata(chr(10) + content)}</document_content>\n</document>\n")
    if entry.path.startswith("memctl:"):  # memctl's own note and notice
        return f"<!-- memctl: {_attr(', '.join(entry.reasons))} -->\n{content}\n"
    where = entry.path + (f" § {entry.heading}" if entry.heading else "")
    where += f" (lines {entry.lines[0]}–{entry.lines[1]})" if entry.lines else ""
    state = "; truncated, see the notice" if entry.truncated else ""
    return f"<!-- memctl: {_attr(where)} ({_attr(', '.join(entry.reasons))}{state}) -->\n{content}\n"


def frame(fmt: str) -> tuple[str, str]:
    return ("<documents>\n", "</documents>\n") if fmt == "xml" else ("", "")


def notice_lines(omitted: list[Omission]) -> list[str]:
    lines = []
    for omission in omitted[:MAX_NAMED]:
        where = omission.path + (f" § {omission.heading}" if omission.heading else "")
        lines.append(f"- {where} (~{omission.tokens:,} tokens): {omission.reason}")
    rest = omitted[MAX_NAMED:]
    if rest:
        lines.append(f"- and {len(rest)} more sections (~{sum(o.tokens for o in rest):,} tokens)")
    return lines


def render_notice(omitted: list[Omission], number: int, fmt: str, budget: int, tokenizer: str) -> str:
    omitted = [o for o in omitted if not o.excerpt]
    if not omitted:
        return ""
    body = f"Not loaded into this bundle (budget {budget:,} tokens, {tokenizer}):\n"
    body += "".join(line + "\n" for line in notice_lines(omitted))
    return render_block(Entry("memctl:notice", ["what did not load"], body), number, fmt)


def render_note(number: int, fmt: str) -> str:
    return render_block(Entry("memctl:note", ["read first"], MACHINE_NOTE + "\n"), number, fmt)
