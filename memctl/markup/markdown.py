"""Markdown structure: front matter, top-level headings, links and code blocks.

Headings come from markdown-it-py, so a `#` line inside a fenced code block or an HTML block
is never taken for a heading. Every result is plain data, cached by the text's digest.
"""

from __future__ import annotations

import re
from datetime import date, datetime

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

FRONT_MATTER_KEYS = {
    "title": "str",
    "summary": "str",
    "skills": "list",
    "always": "bool",
    "machine_written": "bool",
    "updated": "date",
    "expires": "date",
    # other hosts' keys: Claude Code's and Letta's name, description and type; Arc's created and topics
    "name": "str",
    "description": "str",
    "type": "str",
    "created": "date",
    "topics": "list",
    "consolidate": "str",  # `dedupe-only`: consolidate deduplicates the topic, never thins it by age
}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_heading(text: str) -> str:
    """A heading as it is safe to show: no control or bidi-override characters."""
    return _CONTROL.sub("", text).strip()


_CLOSING = re.compile(r"^(?:---|\.\.\.)\r*$", re.MULTILINE)


def front_matter_chars(text: str) -> int:
    """Where the body starts, in characters: `front_matter_span` without splitting the text."""
    first = text.find("\n")
    if first < 0 or text[:first].lstrip("\ufeff").rstrip("\r") != "---":
        return 0
    closing = _CLOSING.search(text, first + 1)
    return 0 if closing is None else min(closing.end() + 1, len(text))


def front_matter_span(lines: list[str]) -> int:
    """How many lines the YAML front matter takes at the top (0 when there is none)."""
    if not lines or lines[0].lstrip("\ufeff").rstrip("\r\n") != "---":
        return 0
    for number, line in enumerate(lines[1:], start=1):
        if line.rstrip("\r\n") in ("---", "..."):
            return number + 1
    return 0  # no closing line: the `---` is a thematic break, not front matter


def _md() -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    md.inline.ruler.before("link", "wikilink", _wikilink)
    return md


def _wikilink(state: Any, silent: bool) -> bool:
    """`[[target]]`, `[[target|label]]`, `[[target#heading]]`: an inline token of type `wikilink`.

    An inline rule, so a wikilink in a code span or a code block is text, as it is to its host.
    """
    src, start = state.src, state.pos
    if not src.startswith("[[", start):
        return False
    end = src.find("]]", start + 2)
    inner = src[start + 2 : end] if end >= 0 else ""
    if not inner.strip() or "\n" in inner or "[" in inner:
        return False
    if not silent:
        token = state.push("wikilink", "", 0)
        token.content = inner
    state.pos = end + 2
    return True


def wikilink_target(inner: str) -> str:
    """The page a wikilink names: `[[fleet#roster|the fleet]]` → `fleet`."""
    return inner.split("|", 1)[0].split("#", 1)[0].strip()


def parse_body(lines: list[str], first: int, level: int) -> dict[str, Any]:
    """Headings (level <= `level`, top level only), links and code/HTML blocks of lines[first:].

    Line numbers in the result are 0-based indexes into `lines`.
    """
    body = "".join(line.rstrip("\r\n").replace("\r", " ") + "\n" for line in lines[first:])
    body = body.lstrip("\ufeff") if first == 0 else body
    tokens = _md().parse(body)
    headings: list[list[Any]] = []
    links: list[list[Any]] = []
    wikilinks: list[list[Any]] = []
    blocks: list[list[Any]] = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.level == 0 and token.map:
            depth = int(token.tag[1])
            if depth <= level:
                inline = tokens[i + 1]
                headings.append([token.map[0] + first, depth, clean_heading(inline.content)])
        elif token.type in ("fence", "code_block", "html_block") and token.map:
            kind = "html" if token.type == "html_block" else "code"
            blocks.append([token.map[0] + first, token.map[1] + first, kind])
        elif token.type == "inline" and token.children and token.map:
            for child in token.children:
                if child.type in ("link_open", "image"):
                    href = str(child.attrs.get("href" if child.type == "link_open" else "src", ""))
                    links.append([href, _line_of(lines, token.map, first, href)])
                elif child.type == "wikilink":
                    wikilinks.append([child.content, _line_of(lines, token.map, first, f"[[{child.content}]]")])
    return {"headings": headings, "links": links, "blocks": blocks, "wikilinks": wikilinks}


def _line_of(lines: list[str], span: list[int], first: int, href: str) -> int:
    start, end = span[0] + first, span[1] + first
    for number in range(start, min(end, len(lines))):
        if href and href in lines[number]:
            return number
    return start


def yaml_alias_line(text: str) -> int | None:
    """The 0-based line of the first YAML alias (`*name`) in `text`, or None.

    memctl refuses aliases in the files it reads (config and front matter): a few lines of nested
    aliases expand to billions of nodes (the "billion laughs"), and no memory file needs them.
    """
    if "*" not in text:
        return None
    from ruamel.yaml import YAML
    from ruamel.yaml.events import AliasEvent

    try:
        for event in YAML(typ="rt").parse(text):
            if isinstance(event, AliasEvent):
                return int(event.start_mark.line)
    except Exception:  # broken YAML: the loader that follows reports it, with its line
        return None
    return None


# Patterns as strings, compiled on first use by `re`'s own cache: a warm dispatch reads no front
# matter and should not pay for compiling them at import.
_SIMPLE_KEY = r"^([A-Za-z_][A-Za-z0-9_-]*):(?=[ \t]|$)"
_PLAIN = r"^[^-?:,\[\]{}#&*!|>'\"%@`\s](?:[^:#\n]|:(?!\s)|(?<!\s)#)*$"
_NUMBERISH = r"^[-+.0-9]|^(?:\.inf|\.nan|null|Null|NULL|~|y|Y|n|N|on|On|ON|off|Off|OFF)$"
_FLOW_ITEM = r"^[A-Za-z_][A-Za-z0-9_./ -]*$"
_DOUBLE_QUOTED = r'"(?:[^"\\]|\\.)*"'  # a double-quoted scalar on one line, escapes skipped over
_SINGLE_QUOTED = r"'(?:[^']|'')*'"  # a single-quoted one: `''` stands for a quote
_AFTER_VALUE = r"[ \t]*(?:(?<=[ \t])#.*)?$"  # what may follow a value: blanks, then a comment after a blank
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


def _json_string(raw: str) -> str | None:
    """A double-quoted scalar written as JSON writes it (`"2026-11-23 part 5"`, `"a \\"b\\""`): its
    value, which YAML reads alike; None for anything else (YAML-only escapes, `\\u` pairs)."""
    import json

    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, str) and json.dumps(value, ensure_ascii=False) == raw else None


def _single_quoted(raw: str) -> str:
    """A single-quoted scalar's value (`'it''s'` is `it's`), on a line of printable characters only."""
    return raw[1:-1].replace("''", "'")


def _value_text(rest: str) -> str | None:
    """The value of a `key: value` line, from what follows the colon, less a trailing comment:
    the quoted scalar whole (a `#` in quotes is no comment: `title: "Node release #30"`), a plain
    one up to ` #`; None when it cannot be told without a parser (text after a closing quote)."""
    value = rest.strip(" ")
    if value[:1] == '"':
        quoted = re.match(_DOUBLE_QUOTED, value)
        if quoted is None or not re.match(_AFTER_VALUE, value[quoted.end():]):
            return None
        return quoted.group(0)
    if value[:1] == "'":
        quoted = re.match(_SINGLE_QUOTED, value)
        if quoted is None or not re.match(_AFTER_VALUE, value[quoted.end():]):
            return None
        return quoted.group(0)
    if value[:1] == "[" and "#" in value:
        close = value.find("]")
        if close < 0 or "#" in value[:close] or not re.match(_AFTER_VALUE, value[close + 1 :]):
            return None
        return value[: close + 1]
    if value[:1] == "#":
        return ""  # `key: # comment`: no value
    return value.split(" #", 1)[0].rstrip(" ") if " #" in value else value


def yaml_string(value: str) -> str:
    """`value` as a double-quoted YAML scalar that simple_front_matter reads back without a parser."""
    import json

    return json.dumps(value, ensure_ascii=False)


def simple_front_matter(text: str) -> dict[str, Any] | None:
    """The values of front matter written the usual way (`key: word`, `key: 2026-11-29`,
    `key: [a, b]`, `key: true`, `key: "quoted # text"`, comments), without a YAML parser; None for
    anything else, which ruamel.yaml then reads. Parsing YAML costs ~2 ms a file, which a fleet of
    10,000 notices."""
    if "\t" in text:  # YAML takes a tab in some places and not others: ruamel.yaml decides
        return None
    values: dict[str, Any] = {}
    for line in text.split("\n"):
        line = line[:-1] if line[-1:] == "\r" else line
        stripped = line.strip(" ")
        if not stripped or stripped[0] == "#":
            continue
        match = re.match(_SIMPLE_KEY, line)
        if match is None or not line.isprintable():  # other white space, control characters, line separators
            return None
        key, raw = match.group(1), _value_text(line[match.end():])
        if raw is None or key in values:
            return None
        if raw in _BOOLS:
            values[key] = _BOOLS[raw]
        elif re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
            try:
                values[key] = date.fromisoformat(raw)
            except ValueError:
                return None
        elif raw.startswith("[") and raw.endswith("]"):
            items = [item.strip() for item in raw[1:-1].split(",")] if raw[1:-1].strip() else []
            read = [item if re.fullmatch(_FLOW_ITEM, item) and not re.match(_NUMBERISH, item) and item not in _BOOLS
                    else _json_string(item) if len(item) > 1 and item[0] == item[-1] == '"' else None
                    for item in items]
            if any(item is None for item in read):
                return None
            values[key] = read
        elif raw and re.match(_PLAIN, raw) and not re.match(_NUMBERISH, raw):
            values[key] = raw
        elif len(raw) > 1 and raw[0] == raw[-1] == '"' and (quoted := _json_string(raw)) is not None:
            values[key] = quoted
        elif len(raw) > 1 and raw[0] == raw[-1] == "'":
            values[key] = _single_quoted(raw)
        else:
            return None
    return values


# Claude Code's front-matter parser (`quoteProblematicValues` in its frontmatterParser.ts): when the
# YAML does not parse, each line `key: value` (a key of letters, `_` and `-`, not indented) whose value
# is not quoted and holds `: ` or one of these indicators is double-quoted, and the YAML parsed once
# more. JavaScript's `.` stops at a carriage return, so a CRLF line is never rewritten.
_HOST_KEY_LINE = r"^([a-zA-Z_-]+):\s+([^\n\r\u2028\u2029]+)$"
_HOST_SPECIAL = r"[{}[\]*&#!|>%@`]|: "


def quote_problematic_values(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """`text` with the lines Claude Code's parser quotes on its retry quoted, and those lines
    (0-based line, key, value as written)."""
    lines = text.split("\n")
    rewritten = []
    for number, line in enumerate(lines):
        match = re.match(_HOST_KEY_LINE, line)
        if match is None:
            continue
        key, value = match.group(1), match.group(2)
        if (value.startswith('"') and value.endswith('"')) or (value.startswith("'") and value.endswith("'")):
            continue
        if re.search(_HOST_SPECIAL, value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines[number] = f'{key}: "{escaped}"'
            rewritten.append((number, key, value))
    return "\n".join(lines), rewritten


def _lenient_note(rewritten: list[tuple[int, str, str]], first_line: int) -> dict[str, Any]:
    """What lint says of front matter only the host's retry reads."""
    colons = [key for _, key, value in rewritten if ": " in value]
    keys = colons or [key for _, key, _ in rewritten]
    named = ", ".join(keys[:-1]) + f" and {keys[-1]}" if len(keys) > 1 else keys[0]
    what = f"an unquoted ': ' in {named}" if colons else f"a YAML indicator character in {named}"
    line = next(number for number, key, _ in rewritten if key == keys[0])
    return {"message": f"front matter is not valid YAML ({what}); memctl reads it as Claude Code does, quoting "
                       f"the value, but stricter readers ignore it: quote the value", "line": first_line + line}


def _load_yaml(text: str, first_line: int) -> tuple[Any, dict[str, Any] | None]:
    """ruamel.yaml's reading of `text` (aliases refused), or the error, with its line."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    alias = yaml_alias_line(text)
    if alias is not None:
        return None, {"message": "front matter uses a YAML alias (*name); memctl reads no aliases",
                      "line": first_line + alias}
    try:
        return YAML(typ="rt").load(text), None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + mark.line if mark is not None else first_line
        return None, {"message": f"front matter is not valid YAML: {exc.problem or exc.context}", "line": line}
    except YAMLError as exc:
        return None, {"message": f"front matter is not valid YAML: {exc}", "line": first_line}
    except Exception as exc:  # ruamel.yaml fails some odd input with a bare AssertionError
        bad = _no_such_day(text) if isinstance(exc, ValueError) else None
        if bad is not None:  # a date YAML reads as one (unquoted) that is no day: its own line, said so
            line, key, value, why = bad
            return None, {"message": f"front matter {key}: {value} is not a date ({why})", "line": first_line + line}
        return None, {"message": f"front matter cannot be parsed as YAML ({type(exc).__name__})", "line": first_line}


_DAY_VALUE = re.compile(r"^[ \t]*([^\s#:][^:]*?):[ \t]+([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?=$|[ \tTt])")


def _no_such_day(text: str) -> tuple[int, str, str, str] | None:
    """The first value YAML takes for a date (`updated: 2026-02-30`, unquoted) that is no day: its
    0-based line, key, value as written and why, from `datetime.date`; ruamel.yaml fails it with a
    bare ValueError, no line."""
    for number, line in enumerate(text.split("\n")):
        match = _DAY_VALUE.match(line)
        if match is None:
            continue
        try:
            date(*(int(match.group(i)) for i in (2, 3, 4)))
        except ValueError as exc:
            value = line[match.start(2):].split("#", 1)[0].strip()
            return number, match.group(1).strip(), value, str(exc)
    return None


def parse_front_matter(text: str, first_line: int,
                       ) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]:
    """Known front matter values as plain data (dates as ISO strings), an error if any, and a note
    when the values were read only as Claude Code reads them (strict YAML fails; its retry, with the
    problem values quoted, parses): the values are kept, and lint warns (MEM102).

    `first_line` is the 1-based line of the YAML's first line in the file, for messages.
    """
    simple = simple_front_matter(text)
    if simple == {}:  # comments or blank lines only: YAML reads nothing
        return {}, None, None
    if simple is not None:
        quick: dict[str, Any] = {"extra_keys": [k for k in simple if k not in FRONT_MATTER_KEYS]}
        for key, kind in FRONT_MATTER_KEYS.items():
            if simple.get(key) is None:
                continue
            converted = _convert(simple[key], kind)
            if converted is None:
                break  # a key of the wrong type: ruamel.yaml reads it, and names its line
            quick[key] = converted
        else:
            return quick, None, None
    from ruamel.yaml.comments import CommentedMap

    data, error = _load_yaml(text, first_line)
    note = None
    if error is not None and not error["message"].startswith("front matter uses a YAML alias"):
        quoted, rewritten = quote_problematic_values(text)
        if rewritten:
            retried, again = _load_yaml(quoted, first_line)
            if again is None and isinstance(retried, CommentedMap):
                data, error, note = retried, None, _lenient_note(rewritten, first_line)
    if error is not None:
        return {}, error, None
    if data is None:
        return {}, None, None
    if not isinstance(data, CommentedMap):
        return {}, {"message": "front matter must be a mapping of keys to values", "line": first_line}, None
    values: dict[str, Any] = {"extra_keys": [str(k) for k in data if k not in FRONT_MATTER_KEYS]}
    for key, kind in FRONT_MATTER_KEYS.items():
        if key not in data or data[key] is None:
            continue
        value = data[key]
        line = first_line + data.lc.key(key)[0]
        converted = _convert(value, kind)
        if converted is None:
            shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
            return values, {"message": f"front matter {key} must be a {kind}, not {shown}", "line": line}, note
        values[key] = converted
    return values, None, note


def front_matter_text(pairs: Sequence[tuple[str, Any]], newline: str = "\n") -> str:
    """Front matter for these (key, value) pairs, `---` lines included: written by hand where each
    value is a plain YAML scalar, a flow list of them, a date, or one in double quotes (the quick
    reader reads either back to the same values), else by ruamel.yaml. Values that need quoting are
    quoted, so that every YAML reader, not only the lenient ones, reads them."""

    def scalar(value: str, listed: bool = False) -> str:
        """Plain where YAML reads it back as the same string, else in JSON-style double quotes."""
        shown = f"[{value}]" if listed else value
        return value if simple_front_matter(f"k: {shown}\n") == {"k": [value] if listed else value} \
            else yaml_string(value)

    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return "[" + ", ".join(scalar(v, listed=True) for v in value) + "]"
        return value.isoformat() if isinstance(value, date) else scalar(value)

    text = "".join(f"{key}: {shown(value)}\n" for key, value in pairs)
    if simple_front_matter(text) == dict(pairs):
        return ("---\n" + text + "---\n").replace("\n", newline)
    return front_matter_yaml(pairs, newline)


def front_matter_yaml(pairs: Sequence[tuple[str, Any]], newline: str = "\n") -> str:
    """Front matter for these pairs as ruamel.yaml writes it (lists in flow style)."""
    from io import StringIO

    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    data = CommentedMap()
    for key, value in pairs:
        if isinstance(value, list):
            value = CommentedSeq(value)
            value.fa.set_flow_style()
        data[key] = value
    yaml = YAML()
    yaml.width = 4096
    buffer = StringIO()
    yaml.dump(data, buffer)
    return ("---\n" + buffer.getvalue() + "---\n").replace("\n", newline)


def _convert(value: Any, kind: str) -> Any:
    if kind == "str":
        return str(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None
    if kind == "bool":
        return value if isinstance(value, bool) else None
    if kind == "list":
        if isinstance(value, str):
            return [value]
        if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
            return [str(v) for v in value]
        return None
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            return None
    return None
