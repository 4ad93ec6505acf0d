"""Moved text keeps its meaning: relative links are rewritten so they point where they pointed.

When a section moves from `MEMORY.md` to `topics/fleet.md`, its `[roster](topics/roster.md)`
would point at `topics/topics/roster.md`; `relink` rewrites it to `roster.md`. Only the links that
markdown-it found (so nothing inside code) are touched, each edit is recorded so that the
original bytes can be rebuilt exactly (`unlink`), and `targets` lets a guarantee check prove that
every link still resolves where it did.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from typing import NamedTuple
from urllib.parse import quote, unquote

_INLINE = re.compile(r"(!?\[[^\]\n]*\]\()[ \t]*(<[^>\n]*>|[^()\s]+)")  # [text](href …) and ![alt](src …)
_REFDEF = re.compile(r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)", re.M)  # [label]: href
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class Edit(NamedTuple):
    start: int  # offset in the original text
    old: str
    new: str


def _relative(href: str) -> bool:
    return bool(href) and not href.startswith(("#", "/", "//")) and not _SCHEME.match(href)


def _split(href: str) -> tuple[str, str]:
    cut = min((i for i in (href.find("#"), href.find("?")) if i >= 0), default=len(href))
    return href[:cut], href[cut:]


def moved_href(href: str, from_dir: str, to_dir: str) -> str:
    """`href`, written in a file of `from_dir`, as a file of `to_dir` must write it."""
    bare = href[1:-1] if href.startswith("<") and href.endswith(">") else href
    path, suffix = _split(bare)
    if not _relative(bare) or not path:
        return href
    target = posixpath.normpath(posixpath.join(from_dir, unquote(path)))
    new_path = posixpath.relpath(target, to_dir or ".")
    if "%" in path or " " in new_path:
        new_path = quote(new_path, safe="/._-~")
    new = new_path + suffix
    return f"<{new}>" if href.startswith("<") else new


def relink(text: str, hrefs: set[str], from_dir: str, to_dir: str) -> tuple[str, tuple[Edit, ...]]:
    """`text` with every relative link in `hrefs` rewritten from `from_dir` to `to_dir`."""
    if from_dir == to_dir or not hrefs:
        return text, ()
    found = {unquote(h) for h in hrefs}  # markdown-it percent-encodes what it returns
    edits = []
    for pattern in (_INLINE, _REFDEF):
        for match in pattern.finditer(text):
            href = match.group(2)
            bare = href[1:-1] if href.startswith("<") else href
            if unquote(bare) not in found:
                continue
            new = moved_href(href, from_dir, to_dir)
            if new != href:
                edits.append(Edit(match.start(2), href, new))
    edits.sort()
    out, last = [], 0
    for edit in edits:
        out.append(text[last : edit.start])
        out.append(edit.new)
        last = edit.start + len(edit.old)
    out.append(text[last:])
    return "".join(out), tuple(edits)


def unlink(text: str, edits: tuple[Edit, ...]) -> str:
    """The original text back from the relinked one (the edits undone)."""
    out, last, shift = [], 0, 0
    for edit in edits:
        at = edit.start + shift
        if text[at : at + len(edit.new)] != edit.new:
            return ""  # the relinked text is not what the edits made: the caller's check fails
        out.append(text[last:at])
        out.append(edit.old)
        last = at + len(edit.new)
        shift += len(edit.new) - len(edit.old)
    out.append(text[last:])
    return "".join(out)


def targets(hrefs: list[str], in_dir: str) -> Counter[str]:
    """Where each relative link resolves, relative to the home (`..` kept for what lies outside)."""
    found: Counter[str] = Counter()
    for href in hrefs:
        path, _ = _split(href[1:-1] if href.startswith("<") else href)
        if _relative(href) and path:
            found[posixpath.normpath(posixpath.join(in_dir, unquote(path)))] += 1
        else:
            found[href] += 1
    return found
