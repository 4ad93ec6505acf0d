"""The Claude API's memory tool (`memory_20250818`) served from a memctl home: `/memories` is the home.

Claude sends one command at a time (`view`, `create`, `str_replace`, `insert`, `delete`, `rename`,
each on a path under `/memories`); the client carries it out and answers with a `tool_result`
(https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool). `memory_tool(home,
tool_input)` is that client, in-process: it returns `{"content": ..., "is_error": ...}`, which
`memctl memory-tool` prints. The answers are worded as the documentation's (and the Anthropic
SDK's own `BetaLocalFilesystemMemoryTool`) so the model reads what it was trained on; the paths,
checks and writes are memctl's (`memory_store`): every write is journaled under the home's lock, a
delete moves the file to the archive and takes its line out of the index, and a write that would
grow the index past its host's load cap is refused with the count.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timezone
from typing import Any

from memctl.commands.memory_store import (
    Refused,
    Store,
    decoded,
    existing,
    home_root,
    in_archive,
    inside,
    is_markdown,
    markdown_only,
    write,
)
from memctl.errors import InputError, MemctlError
from memctl.hosts import archive_suffix
from memctl.safe.fsutil import current_text
from memctl.safe.writer import FileChange, WritePlan
from memctl.text import split_lines

ROOT = "/memories"
WIDTH = 6  # line numbers, right-aligned, as `cat -n` and the documentation's examples show them
MAX_CHARS = 16_000  # a view longer than this is cut, and says how to see the rest
SKIPPED = ("node_modules",)
BOM = "\ufeff"  # a UTF-8 byte order mark, as strict UTF-8 decoding keeps it (memctl.safe.fsutil.decode)


def memory_tool(home: str, tool_input: Mapping[str, Any], now: datetime | None = None) -> dict[str, Any]:
    """Carry out one memory-tool command on the home `home`; the tool_result's content and is_error.

    Anything the model asked for that cannot be done is a result with `is_error: true` and a
    message the model can act on. Only a `home` that is not a folder raises (InputError): that is
    the caller's mistake, not the model's.
    """
    root = home_root(home)
    try:
        if not isinstance(tool_input, Mapping):
            raise Refused("the memory tool's input must be a JSON object with a `command`")
        command = tool_input.get("command")
        handler = COMMANDS.get(command) if isinstance(command, str) else None
        if handler is None:
            raise Refused(f"unknown command {command!r}; the memory tool's commands are {', '.join(COMMANDS)}")
        if now is None:
            from memctl.model.config import now as moment

            now = moment()  # MEMCTL_TODAY, for runs that must be reproducible
        return {"content": handler(root, tool_input, now), "is_error": False}
    except MemctlError as error:
        return {"content": _message(error), "is_error": True}


def _message(error: MemctlError) -> str:
    """The model's view of an error: paths as /memories/… (never where the home lies on disk)."""
    if isinstance(error, Refused) or not error.path:
        return f"Error: {error.message}"
    return f"Error: {memory_path(error.path)}{f':{error.line}' if error.line else ''}: {error.message}"


def memory_path(rel: str) -> str:
    return f"{ROOT}/{rel}" if rel else ROOT


def tool_rel(root: str, value: object, what: str = "path") -> str:
    """The home-relative path a `/memories/…` path names (decoded, resolved, kept inside)."""
    if not isinstance(value, str) or not value:
        raise Refused(f"`{what}` must be a path under {ROOT}, such as {ROOT}/notes.md")
    plain = decoded(value)
    if plain != ROOT and not plain.startswith(ROOT + "/"):
        raise Refused(f"{value}: memory paths start with {ROOT}; nothing outside {ROOT} is read or written")
    return inside(root, plain[len(ROOT) + 1 :], value)


def _text(tool_input: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = tool_input.get(key, default)
    if key.endswith("path") and (not isinstance(value, str) or not value):
        raise Refused(f"`{key}` must be a path under {ROOT}, such as {ROOT}/notes.md")
    if not isinstance(value, str):
        raise Refused(f"`{key}` must be a string")
    return value


def _number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(f"`{what}` must be a whole number")
    return value


def numbered(lines: list[str], first: int) -> str:
    return "\n".join(f"{n:>{WIDTH}}\t{line.rstrip(chr(10)).rstrip(chr(13))}" for n, line in enumerate(lines, first))


def _cut(rows: list[str], more: Callable[[int], str]) -> str:
    """Rows joined, at most MAX_CHARS of them; `more(shown)` says how to see the rest."""
    out: list[str] = []
    size = 0
    for number, row in enumerate(rows):
        if size + len(row) + 1 > MAX_CHARS and out:
            return "\n".join(out) + "\n" + more(number)
        out.append(row)
        size += len(row) + 1
    return "\n".join(out)


# --- view ------------------------------------------------------------------------------------------

def view(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    path = _text(tool_input, "path")
    rel = tool_rel(root, path)
    full = os.path.join(root, rel)
    try:
        mode = os.lstat(full).st_mode
    except FileNotFoundError:
        raise Refused(f"The path {path} does not exist. Please provide a valid path.") from None
    span = tool_input.get("view_range")
    if stat.S_ISDIR(mode):
        if span is not None:
            raise Refused("The `view_range` parameter is not allowed when `path` points to a directory.")
        return _listing(full, path.rstrip("/") or ROOT)
    text = existing(root, rel, path).removeprefix(BOM)  # the file's first line is its text, not a mark
    from memctl.model.secrets import redact

    lines = split_lines(text)
    first, last = 1, len(lines)
    if span is not None:
        first, last = _span(span, len(lines))
    rows = numbered(lines[first - 1 : last], first).split("\n") if last >= first else []
    body = _cut(rows, lambda shown: f"(cut at {MAX_CHARS:,} characters: view_range [{first + shown}, -1] shows "
                                    "the rest)")
    return redact(f"Here's the content of {path} with line numbers:\n{body}")


def _span(span: object, total: int) -> tuple[int, int]:
    if not isinstance(span, list) or len(span) != 2 or any(isinstance(v, bool) or not isinstance(v, int)
                                                            for v in span):
        raise Refused("`view_range` must be two line numbers, [start, end] (end -1: to the end of the file)")
    first, last = span
    if not 1 <= first <= max(total, 1):
        raise Refused(f"Invalid `view_range`: {span}. Its first element `{first}` should be within the range of "
                      f"lines of the file: [1, {total}]")
    if last == -1:
        return first, total
    if not first <= last <= total:
        raise Refused(f"Invalid `view_range`: {span}. Its second element `{last}` should be -1 or within "
                      f"[{first}, {total}]")
    return first, last


def size_label(size: int) -> str:
    """`du -h`'s way: 512B, 1.5K, 4.0K, 2.3M."""
    for unit in ("B", "K", "M", "G"):
        if size < 1024 or unit == "G":
            return f"{size}B" if unit == "B" else f"{size:.1f}{unit}"
        size /= 1024  # type: ignore[assignment]
    return f"{size}"  # pragma: no cover - the loop always returns


def _listing(folder: str, shown: str) -> str:
    """Files and folders two levels deep (hidden ones, symlinks and node_modules left out), each
    with its size; a folder's size is what its files hold."""
    rows: list[tuple[str, int]] = []

    def walk(here: str, label: str, depth: int) -> int:
        total = 0
        try:
            entries = sorted(os.scandir(here), key=lambda e: e.name)
        except OSError:
            return 0
        for entry in entries:
            if entry.name.startswith(".") or entry.name in SKIPPED or entry.is_symlink():
                continue
            name = f"{label}/{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                at = len(rows)
                if depth <= 2:
                    rows.append((name + "/", 0))
                size = walk(entry.path, name, depth + 1)
                if depth <= 2:
                    rows[at] = (name + "/", size)
            elif entry.is_file(follow_symlinks=False):
                size = entry.stat(follow_symlinks=False).st_size
                if depth <= 2:
                    rows.append((name, size))
            else:
                continue
            total += size
        return total

    total = walk(folder, shown, 1)
    lines = [f"{size_label(size)}\t{name}" for name, size in [(shown, total), *rows]]
    header = (f"Here're the files and directories up to 2 levels deep in {shown}, excluding hidden items and "
              "node_modules:")
    return header + "\n" + _cut(lines, lambda n: f"({len(lines) - n:,} more not shown: view a folder inside)")


# --- create, str_replace, insert ------------------------------------------------------------------

def create(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    path = _text(tool_input, "path")
    text = _text(tool_input, "file_text")
    rel = tool_rel(root, path)
    if not rel:
        raise Refused(f"{path} is the memory folder itself; name a file in it")

    def plan(store: Store) -> WritePlan:
        if os.path.lexists(os.path.join(root, rel)):
            raise Refused(f"File {path} already exists (str_replace or insert change it; delete it first to "
                          "replace it whole)")
        markdown_only(rel, path)
        return WritePlan((FileChange(rel, None, text),))

    write(root, plan, "memory-tool create")
    return f"File created successfully at: {path}"


def _edit(root: str, path: str, change: Callable[[str, str], tuple[str, str]], command: str) -> str:
    """Rewrite the file at `path` with `change(text, newline) -> (new text, answer)`. A byte order
    mark is no text of the file (`view` does not show it): `change` gets the text after it, and it
    stays at byte 0, whatever goes in at the top."""
    rel = tool_rel(root, path)
    answer = ""

    def plan(store: Store) -> WritePlan:
        nonlocal answer
        before = existing(root, rel, path)
        markdown_only(rel, path)
        bom = BOM if before.startswith(BOM) else ""
        after, answer = change(before[len(bom):], "\r\n" if "\r\n" in before else "\n")
        return WritePlan((FileChange(rel, before, bom + after),))

    write(root, plan, command)
    return answer


def str_replace(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    path = _text(tool_input, "path")
    old = _text(tool_input, "old_str")
    new = _text(tool_input, "new_str", "")
    if not old:
        raise Refused("`old_str` must not be empty: give the exact text to replace")

    def change(text: str, newline: str) -> tuple[str, str]:
        find, put = (old, new) if newline == "\n" else (_crlf(old), _crlf(new))
        at = [m.start() for m in re.finditer(re.escape(find), text)]
        if not at:
            raise Refused(f"No replacement was performed, old_str `{old}` did not appear verbatim in {path}.")
        if len(at) > 1:
            where = ", ".join(str(text.count("\n", 0, a) + 1) for a in at)
            raise Refused(f"No replacement was performed. Multiple occurrences of old_str `{old}` in lines: "
                          f"{where}. Please ensure it is unique")
        after = text[: at[0]] + put + text[at[0] + len(find) :]
        line = text.count("\n", 0, at[0])
        lines = split_lines(after)
        first = max(0, line - 2)
        snippet = numbered(lines[first : line + put.count("\n") + 3], first + 1)
        return after, ("The memory file has been edited. Here is the snippet showing the change (with line "
                       f"numbers):\n{snippet}")

    from memctl.model.secrets import redact

    return redact(_edit(root, path, change, "memory-tool str_replace"))


def _crlf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def insert(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    path = _text(tool_input, "path")
    body = _text(tool_input, "insert_text")
    where = _number(tool_input.get("insert_line"), "insert_line")

    def change(text: str, newline: str) -> tuple[str, str]:
        lines = split_lines(text)
        if not 0 <= where <= len(lines):
            raise Refused(f"Invalid `insert_line` parameter: {where}. It should be within the range of lines of "
                          f"the file: [0, {len(lines)}]")
        added = body.replace("\r\n", "\n").replace("\n", newline)
        if not added.endswith(newline):
            added += newline
        head = "".join(lines[:where])
        if head and not head.endswith("\n"):
            head += newline
        return head + added + "".join(lines[where:]), f"The file {path} has been edited."

    return _edit(root, path, change, "memory-tool insert")


# --- delete, rename: whole files, with the index's links to them -----------------------------------

_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_REF_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:")
_LINK = re.compile(r"(!?)\[([^\]\n]*)\]\([ \t]*(<[^>\n]*>|[^()\s]+)((?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?[ \t]*)\)")
_REF_LINK = re.compile(r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)")
_WIKILINK = re.compile(r"\[\[([^\]\n]+)\]\]")


def _files(root: str, rel: str, shown: str) -> list[str]:
    """The files a delete or rename of `rel` moves: the file, or every file in the folder (each one
    memctl may write: markdown, no link, nothing hidden)."""
    full = os.path.join(root, rel)
    try:
        mode = os.lstat(full).st_mode
    except FileNotFoundError:
        raise Refused(f"The path {shown} does not exist") from None
    if stat.S_ISREG(mode):
        markdown_only(rel, shown)
        return [rel]
    if not stat.S_ISDIR(mode):
        raise Refused(f"{shown} is neither a file nor a folder")
    found, other = [], []
    for folder, dirs, names in os.walk(full):
        here = posixpath.relpath(folder.replace(os.sep, "/"), root.replace(os.sep, "/"))
        for name in sorted(names) + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            item = f"{here}/{name}"
            if name.startswith(".") or os.path.islink(os.path.join(folder, name)) or not is_markdown(name):
                other.append(memory_path(item))
            else:
                found.append(item)
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
    if other:
        raise Refused(f"{shown} holds {', '.join(other[:3])}{' …' if len(other) > 3 else ''}, which memory does "
                      "not manage (markdown files only, no links, nothing hidden); nothing was changed")
    return sorted(found)


def _targets(store: Store, index_text: str) -> dict[int, list[str | None]]:
    """Each line of the index with links: the home-relative files they point to (None: elsewhere)."""
    lines: dict[int, list[str | None]] = {}
    for link in store.home(index_text).index.links:
        lines.setdefault(link.line, []).append(link.target if link.status in ("file", "missing") else None)
    return lines


def _resolve(href: str, index_dir: str) -> str | None:
    from urllib.parse import unquote

    bare = href[1:-1] if href.startswith("<") else href
    path = re.split(r"[#?]", bare, maxsplit=1)[0]
    if not path or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:|^/", path):
        return None
    return posixpath.normpath(posixpath.join(index_dir, unquote(path)))


def _stem(rel: str) -> str:
    return posixpath.basename(rel).rsplit(".", 1)[0].lower()


def _index_without(store: Store, text: str, gone: set[str]) -> tuple[str, dict[str, list[str]]]:
    """The index without its links to the files `gone`. A list item or link definition whose every
    link points to one is taken out whole (returned by the file it linked, for its archive copy);
    elsewhere a link to one becomes its text, so no word of the index is lost."""
    from memctl.markup.markdown import wikilink_target

    index_dir = posixpath.dirname(store.index_rel)
    stems = {_stem(rel): rel for rel in gone}
    lines = split_lines(text)
    removed: dict[str, list[str]] = {}
    by_line = _targets(store, text)
    for number, row in enumerate(lines, 1):
        wikis = [stems.get(wikilink_target(m.group(1)).lower()) for m in _WIKILINK.finditer(row)]
        links = by_line.get(number, []) + wikis
        hit = [t for t in links if t in gone]
        if not hit:
            continue
        if (_LIST_ITEM.match(row) or _REF_DEFINITION.match(row)) and len(hit) == len(links):
            removed.setdefault(hit[0], []).append(row)  # type: ignore[arg-type]
            lines[number - 1] = ""
            continue
        row = _LINK.sub(lambda m: m.group(2) if _resolve(m.group(3), index_dir) in gone else m.group(0), row)
        row = _WIKILINK.sub(lambda m: (m.group(1).split("|", 1)[-1] if stems.get(
            wikilink_target(m.group(1)).lower()) else m.group(0)), row)
        lines[number - 1] = row
    return "".join(lines), removed


def _index_moved(store: Store, text: str, moves: dict[str, str]) -> str:
    """The index with its links to moved files pointing where they went."""
    from memctl.markup.markdown import wikilink_target

    index_dir = posixpath.dirname(store.index_rel)
    stems = {_stem(old): _stem(new) for old, new in moves.items()}

    def wiki(match: re.Match[str]) -> str:
        inner = match.group(1)
        target = wikilink_target(inner)
        new = stems.get(target.lower())
        return f"[[{inner.replace(target, new, 1)}]]" if new and new != target.lower() else match.group(0)

    return "".join(_WIKILINK.sub(wiki, row) for row in split_lines(_links_moved(text, moves, index_dir, index_dir)))


def _links_moved(text: str, moves: Mapping[str, str], from_dir: str, to_dir: str,
                 found: Iterable[tuple[str, int]] | None = None) -> str:
    """`text`, a file of the folder `from_dir` that now lies in `to_dir` (the same folder for the
    index), with each relative link to a file that `moves` moves pointing where that file went (two
    files archived or renamed together still link each other), and each other relative link still
    pointing where it pointed. `found`: the links markdown-it found in the file, (href, line), the
    only ones rewritten (so a line of code is left as written); None: every link."""
    from urllib.parse import quote, unquote

    from memctl.model.relink import moved_href

    seen = None if found is None else {(unquote(href), line) for href, line in found}
    hrefs = {href for href, _ in seen or ()}  # a definition's link is found on the line that uses it

    def href_for(href: str, line: int | None) -> str:
        bare = href[1:-1] if href.startswith("<") else href
        if seen is not None and ((unquote(bare), line) not in seen if line else unquote(bare) not in hrefs):
            return href
        target = _resolve(href, from_dir)
        if target is None or target not in moves:
            return href if from_dir == to_dir else moved_href(href, from_dir, to_dir)
        cut = min((i for i in (bare.find("#"), bare.find("?")) if i >= 0), default=len(bare))
        new = posixpath.relpath(moves[target], to_dir or ".")
        if new == posixpath.normpath(unquote(bare[:cut])):
            return href  # it still leads there as written
        new = (quote(new, safe="/._-~") if "%" in bare[:cut] or " " in new else new) + bare[cut:]
        return f"<{new}>" if href.startswith("<") else new

    def inline(match: re.Match[str], line: int) -> str:
        whole, start = match.group(0), match.start()
        return whole[: match.start(3) - start] + href_for(match.group(3), line) + whole[match.end(3) - start :]

    rows = []
    for number, row in enumerate(split_lines(text), 1):
        row = _LINK.sub(functools.partial(inline, line=number), row)
        rows.append(_REF_LINK.sub(lambda m: m.group(1) + href_for(m.group(2), None), row))
    return "".join(rows)


def _archive_for(root: str, rel: str, now: datetime, taken: set[str], suffix: str = ".md") -> str:
    """Where a deleted file goes: `archive/<its path>` with the home's archive `suffix` for `.md`
    (MemoryHome.archived_as), or that with a UTC time when taken."""
    wanted = f"archive/{rel[: -len('.md')] + suffix if rel.endswith('.md') else rel}"
    stem, suffix = posixpath.splitext(wanted)
    stamp = now.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for candidate in (wanted, f"{stem}.{stamp}{suffix}", *(f"{stem}.{stamp}-{n}{suffix}" for n in range(2, 1000))):
        if candidate not in taken and not os.path.lexists(os.path.join(root, candidate)):
            taken.add(candidate)
            return candidate
    raise Refused(f"{memory_path(wanted)}: a thousand archive copies of it already; nothing was deleted")


def _not_index(store: Store, rels: list[str], shown: str, what: str) -> None:
    if store.index_rel in rels:
        raise Refused(f"{shown} is (or holds) {memory_path(store.index_rel)}, the index the host loads first; "
                      f"it is not {what} (str_replace or insert change its lines)")


def delete(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    path = _text(tool_input, "path")
    rel = tool_rel(root, path)
    if not rel:
        raise Refused(f"Cannot delete the {ROOT} directory itself")
    if in_archive(rel):
        raise Refused(f"{path} is in the archive, where memory keeps what was deleted; it is never deleted")
    stamp = now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

    def plan(store: Store) -> WritePlan:
        files = _files(root, rel, path)
        _not_index(store, files, path, "deleted")
        index = current_text(root, store.index_rel)
        changes: list[FileChange] = []
        kept: dict[str, list[str]] = {}
        if index is not None:
            after, kept = _index_without(store, index, set(files))
            changes.append(FileChange(store.index_rel, index, after))
        taken: set[str] = set()
        suffix = archive_suffix(store.config.profile, root)
        moves = {item: _archive_for(root, item, now, taken, suffix) for item in files}
        for item, archived in moves.items():
            text = current_text(root, item) or ""
            found = [(link.href, link.line) for link in store.doc(item).links]
            # links still lead home, and a file archived beside it is linked where it lies in the archive
            copy = _links_moved(text, moves, posixpath.dirname(item), posixpath.dirname(archived), found)
            if kept.get(item):
                newline = "\r\n" if "\r\n" in text else "\n"
                copy = (copy + ("" if not copy or copy.endswith("\n") else newline) + newline
                        + f"<!-- memctl memory-tool delete, {stamp}: the index line that linked here, taken out of "
                        f"{store.index_rel}:{newline}" + "".join(row.rstrip("\r\n") + newline for row in kept[item])
                        + f"-->{newline}")
            changes += [FileChange(archived, None, copy), FileChange(item, text, "", removed=True)]
        return WritePlan(tuple(changes))

    written = write(root, plan, "memory-tool delete")
    _prune(root, rel)
    copies = [c.rel for c in written.changes if c.before is None]
    return f"Successfully deleted {path} (kept in {', '.join(memory_path(c) for c in copies)})"


def rename(root: str, tool_input: Mapping[str, Any], now: datetime) -> str:
    old_path, new_path = _text(tool_input, "old_path"), _text(tool_input, "new_path")
    old_rel, new_rel = tool_rel(root, old_path, "old_path"), tool_rel(root, new_path, "new_path")
    if not old_rel or not new_rel:
        raise Refused(f"{ROOT} itself is not renamed, nor replaced")
    if new_rel == old_rel or new_rel.startswith(old_rel + "/"):
        raise Refused(f"{new_path} is {old_path} or inside it")

    def plan(store: Store) -> WritePlan:
        if os.path.lexists(os.path.join(root, new_rel)):
            raise Refused(f"The destination {new_path} already exists")
        files = _files(root, old_rel, old_path)
        _not_index(store, files, old_path, "renamed")
        moves = {item: new_rel + item[len(old_rel):] for item in files}
        for new in moves.values():
            markdown_only(new, memory_path(new))
        _not_index(store, list(moves.values()), new_path, "replaced")
        changes: list[FileChange] = []
        for old, new in moves.items():
            text = current_text(root, old) or ""
            found = [(link.href, link.line) for link in store.doc(old).links]
            moved = _links_moved(text, moves, posixpath.dirname(old), posixpath.dirname(new), found)
            changes += [FileChange(new, None, moved), FileChange(old, text, "", removed=True)]
        index = current_text(root, store.index_rel)
        if index is not None:
            changes.append(FileChange(store.index_rel, index, _index_moved(store, index, moves)))
        return WritePlan(tuple(changes))

    write(root, plan, "memory-tool rename")
    _prune(root, old_rel)
    return f"Successfully renamed {old_path} to {new_path}"


def _prune(root: str, rel: str) -> None:
    """Remove the folders a delete or rename emptied (an empty folder holds no words), up to the home."""
    start = os.path.join(root, rel)
    if os.path.isdir(start) and not os.path.islink(start):
        for folder, _, _ in os.walk(start, topdown=False):
            _rmdir(folder)
    folder = rel
    while folder:
        full = os.path.join(root, folder)
        if os.path.isdir(full) and not os.path.islink(full) and not _rmdir(full):
            return
        folder = posixpath.dirname(folder)


def _rmdir(path: str) -> bool:
    try:
        os.rmdir(path)
    except OSError:
        return False
    return True


COMMANDS: dict[str, Callable[[str, Mapping[str, Any], datetime], str]] = {
    "view": view, "create": create, "str_replace": str_replace, "insert": insert, "delete": delete, "rename": rename,
}
__all__ = ["COMMANDS", "ROOT", "InputError", "memory_tool"]
