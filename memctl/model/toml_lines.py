"""The line of each key and array item of a pyproject.toml's `[tool.memctl]` table, named as the
YAML config's are (`lint`, `lint.select`, `lint.select[1]`, `lint.severity.MEM101`), so that an
error in `[tool.memctl.lint]` names its line as one in `.memctl.yaml` does.

`tomllib` gives the values but no positions; this reads the text (already parsed by `tomllib`, so
valid TOML) once more for where each key and item starts: table headers, dotted and quoted keys,
arrays over several lines, inline tables.
"""

from __future__ import annotations

import json
import re

_BARE = re.compile(r"[A-Za-z0-9_-]+")
# a number, true or false, a date and time (the one value that may hold a space)
_SCALAR = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?|[^,\]}\s#]+")
TABLE = ("tool", "memctl")


class _Text:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.found: dict[str, int] = {}

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def peek(self, count: int = 1) -> str:
        return self.text[self.pos : self.pos + count]

    def blank(self, newlines: bool) -> None:
        """Past white space and comments (and line ends, when `newlines`)."""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t" or (newlines and char in "\r\n"):
                self.pos += 1
            elif char == "#":
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            else:
                return

    def note(self, path: list[str], start: int | None = None) -> None:
        """The current line as that of `path`, when it lies in [tool.memctl] (the first one wins),
        and of the tables it makes on the way from `start` parts of it (`a.b.c = 1`: `a`, `a.b`)."""
        for depth in range(len(path) if start is None else max(start, len(TABLE) + 1), len(path) + 1):
            if depth > len(TABLE) and tuple(path[: len(TABLE)]) == TABLE:
                self.found.setdefault(".".join(path[len(TABLE) : depth]).replace(".[", "["), self.line())

    def string(self, decode: bool = False) -> str:
        """A quoted string at `pos` (basic, literal, or either over several lines), and past it;
        with `decode`, a basic one's escapes read (a key's)."""
        text = self.text
        for quote in ('"""', "'''"):
            if text.startswith(quote, self.pos):
                end = text.find(quote, self.pos + 3)
                while quote == '"""' and end > 0 and _escaped(text, end):
                    end = text.find(quote, end + 1)
                while text.startswith(quote[0], end + 3):  # up to two quotes may close it: `""""`
                    end += 1
                value = text[self.pos + 3 : end]
                self.pos = end + 3
                return value
        quote = text[self.pos]
        end = self.pos + 1
        while text[end] != quote or (quote == '"' and _escaped(text, end)):
            end += 1
        raw = text[self.pos + 1 : end]
        self.pos = end + 1
        return json.loads(f'"{raw}"') if quote == '"' and decode and "\\" in raw else raw

    def key(self) -> list[str]:
        """A dotted key (`a."b c".d`) at `pos`, and past it."""
        parts = []
        while True:
            self.blank(False)
            if self.peek() in ('"', "'"):
                parts.append(self.string(decode=True))
            else:
                match = _BARE.match(self.text, self.pos)
                if match is None:
                    raise ValueError(f"no key at {self.pos}")
                parts.append(match[0])
                self.pos = match.end()
            self.blank(False)
            if self.peek() != ".":
                return parts
            self.pos += 1

    def value(self, path: list[str]) -> None:
        """Past the value at `pos`, noting the lines of its array items and inline table keys."""
        self.blank(False)
        char = self.peek()
        if char == "[":
            self.pos += 1
            number = 0
            while True:
                self.blank(True)
                if self.peek() == "]":
                    self.pos += 1
                    return
                item = [*path, f"[{number}]"]
                self.note(item)
                self.value(item)
                self.blank(True)
                if self.peek() == ",":
                    self.pos += 1
                    number += 1
        elif char == "{":
            self.pos += 1
            while True:
                self.blank(False)
                if self.peek() == "}":
                    self.pos += 1
                    return
                inner = [*path, *self.key()]
                self.note(inner, len(path) + 1)
                self.expect("=")
                self.value(inner)
                self.blank(False)
                if self.peek() == ",":
                    self.pos += 1
        elif char in ('"', "'"):
            self.string()
        else:
            match = _SCALAR.match(self.text, self.pos)
            if match is None:
                raise ValueError(f"no value at {self.pos}")
            self.pos = match.end()

    def expect(self, char: str) -> None:
        self.blank(False)
        if self.peek() != char:
            raise ValueError(f"{char!r} expected at {self.pos}")
        self.pos += 1


def _escaped(text: str, at: int) -> bool:
    """Whether the quote at `at` is escaped (an odd run of backslashes before it)."""
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def toml_lines(text: str) -> dict[str, int]:
    """The 1-based line of every key, table and array item under `[tool.memctl]` in `text`, by its
    path below the table (`lint.per_file_ignores.topics/*.md[0]`). `text` is valid TOML."""
    scan = _Text(text)
    table: list[str] = []
    while True:
        scan.blank(True)
        if scan.pos >= len(text):
            return scan.found
        if scan.peek() == "[":
            double = scan.peek(2) == "[["
            scan.pos += 2 if double else 1
            table = scan.key()
            scan.note(table, 0)  # `[tool.memctl.lint.severity]` makes `lint` too
            scan.expect("]")
            if double:
                scan.expect("]")
            continue
        path = [*table, *scan.key()]
        scan.note(path, len(table) + 1)
        scan.expect("=")
        scan.value(path)
