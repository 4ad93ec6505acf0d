"""Globs as memctl reads them: `**` (any number of folders), `*`, `?` and `[…]` over `/` paths."""

from __future__ import annotations

import re
from collections.abc import Callable


def is_wild(text: str) -> bool:
    return "*" in text or "?" in text or "[" in text


def matcher(pattern: str) -> Callable[[str], bool]:
    """A test for paths matching the glob. The usual shapes (`topics/**/*.md`, `memory/*.md`) are
    plain string tests; others compile to a regex (which costs about a millisecond a run)."""
    folder, _, name = pattern.rpartition("/")
    if name.startswith("*") and not is_wild(name[1:]):
        suffix = name[1:]
        if folder.endswith("**") and not is_wild(folder[:-2]):
            prefix = folder[:-2]
            return lambda rel: (rel.startswith(prefix) and rel.endswith(suffix)
                                and len(rel) - rel.rfind("/") - 1 >= len(suffix))
        if not is_wild(folder):
            prefix = folder + "/" if folder else ""
            return lambda rel: (rel.startswith(prefix) and rel.endswith(suffix)
                                and "/" not in rel[len(prefix):])
    return glob_regex(pattern).match  # type: ignore[return-value]


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob with `**` (any number of folders), `*`, `?` and `[…]`, as one regex over `/` paths."""
    return re.compile("".join(_glob_pieces(pattern)) + r"\Z")


def _glob_pieces(pattern: str) -> list[str]:
    """The regex of each piece of the glob; a `[…]` set's is the one that starts with `[`."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body).replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return out


def glob_problem(pattern: str) -> str | None:
    """Why the glob cannot be used (`[z-a]`: a bad character range), or None. Only a `[…]` set
    can be wrong: everything else in a glob is a literal or a wildcard."""
    if "[" not in pattern:
        return None
    for piece in _glob_pieces(pattern):
        if piece.startswith("["):  # each set alone, so the message is about it (`[!]`: no characters)
            try:
                re.compile(piece)
            except re.error as exc:
                return str(exc.msg)
    return None
