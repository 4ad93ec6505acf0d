"""What memctl's memory tools share: a home's paths as an agent names them, and the checks and
writes behind every change an agent asks for (the MCP server's `memory_append`, the Claude API
memory tool's `create`, `str_replace`, `insert`, `delete` and `rename`, and `memctl append`).

An agent's path is decoded (`%2e%2e` is `..`), resolved, and refused when it leaves the home, goes
through a symlink or into a dot-folder (`.git/`, `.memctl/`). A change is refused when it would put
a credential into memory (`memctl.model.secrets`), or grow the index past what its host loads
(`MemoryHome.index_cap` of the index as it would be). Every change is one journaled write under the
home's lock (`memctl.safe.journal.apply_fresh`), waited for as long as a memctl write may hold it
(AGENT_WAIT), and planned again under it when a file changed meanwhile.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Callable
from urllib.parse import unquote

from memctl.errors import InputError, MemctlError
from memctl.model.home import ARCHIVE_DIRS, Doc, MemoryHome, doc_from_text, load_doc
from memctl.safe.fsutil import MANAGED_SUFFIXES, Guard, check_destination, current_text, kind_of
from memctl.safe.writer import FileChange, WritePlan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.model.cache import Cache
    from memctl.model.config import Config
    from memctl.model.tokens import TokenCounter

DECODINGS = 4  # `%252e` is decoded to `%2e`, then to `.`: a path is decoded until it stays the same
MARGIN = 512  # characters around a change searched for a credential it may complete
AGENT_WAIT = 300.0  # seconds an agent's write waits for memctl's own (a split of 3,000 topics takes 20 s)
UNITS = {"lines": "lines", "units": "UTF-16 code units", "bytes": "bytes", "chars": "characters",
         "characters": "characters", "tokens": "tokens"}


class Refused(MemctlError):
    """What an agent asked for cannot be done: the message says why, in the agent's own path."""


def home_root(home: str) -> str:
    """The home folder, every symlink resolved: a folder (its index may not exist yet)."""
    root = os.path.realpath(os.fspath(home))
    if os.path.isfile(root):
        root = os.path.dirname(root)
    if not os.path.isdir(root):
        raise InputError("no such folder: the memory home must be a folder", home)
    return root


def decoded(path: str) -> str:
    for _ in range(DECODINGS):
        plain = unquote(path)
        if plain == path:
            return path
        path = plain
    raise Refused(f"{path}: encoded more than {DECODINGS} times; give the path as it is")


def inside(root: str, path: str, shown: str) -> str:
    """`path` (decoded, `/`-separated, relative to the home) as a clean relative path; "" for the
    home itself. Refused when it leaves the home, names a dot-file or dot-folder, or passes through
    a symlink (or a file) on its way."""
    if "\0" in path or "\\" in path:
        raise Refused(f"{shown}: a path with a NUL or a backslash is not a memory path")
    rel = posixpath.normpath(path) if path else "."
    if rel.startswith("/") or rel == ".." or rel.startswith("../"):
        raise Refused(f"{shown} would leave the memory folder; nothing outside it is read or written")
    parts = rel.split("/") if rel != "." else []
    not_hidden(parts, shown)
    here = root
    for number, part in enumerate(parts, 1):
        here = os.path.join(here, part)
        try:
            mode = os.lstat(here).st_mode
        except FileNotFoundError:
            break
        except OSError as exc:
            raise Refused(f"{shown}: cannot look at it ({exc.strerror or exc})") from None
        if stat.S_ISLNK(mode):
            raise Refused(f"{shown}: {'/'.join(parts[:number])} is a symlink; memory never follows a link")
        if number < len(parts) and not stat.S_ISDIR(mode):
            raise Refused(f"{shown}: {'/'.join(parts[:number])} is {kind_of(mode)}, not a folder")
    return "/".join(parts)


def not_hidden(parts: list[str], shown: str) -> None:
    """Refuse a path (its `/` parts, relative to the home) with a dot-file or dot-folder in it: the
    config `.memctl.yaml`, `.git/`, `.memctl/`, a host's `.claude/` are never memory."""
    hidden = next((p for p in parts if p.startswith(".")), None)
    if hidden is not None:
        raise Refused(f"{shown}: {hidden} is hidden; memory never reads or writes a dot-file or dot-folder "
                      "(.memctl.yaml, .git/, .memctl/)")


def memory_file(rel: str, shown: str) -> None:
    """The one rule of what an agent may write: a markdown file of the home, nothing hidden on its
    way. The config (`.memctl.yaml`, `pyproject.toml`, whose `embedder:` memctl runs), a host's
    settings (`settings.json`) and memctl's own `.memctl/` are refused (`Refused`, exit 2)."""
    not_hidden(rel.split("/"), shown)
    markdown_only(rel, shown)


def home_rel(root: str, path: object, what: str = "path") -> str:
    """A path an MCP client names, relative to the home: relative, a `memory://` resource URI, or
    absolute inside the home's folder."""
    if not isinstance(path, str) or not path.strip():
        raise Refused(f"`{what}` must be a path inside the memory home, such as topics/deploy.md")
    plain = decoded(path.removeprefix("memory://"))
    if plain.startswith("/"):
        if not plain.startswith(root + "/"):
            raise Refused(f"{path} lies outside the memory home; nothing outside it is read or written")
        plain = plain[len(root) + 1 :]
    rel = inside(root, plain, path)
    if not rel:
        raise Refused(f"{path} is the memory home itself, not a file in it")
    return rel


def is_markdown(rel: str) -> bool:
    return rel.lower().endswith(MANAGED_SUFFIXES)


def markdown_only(rel: str, shown: str) -> None:
    if not is_markdown(rel):
        stem = posixpath.splitext(shown)[0] if posixpath.splitext(rel)[1] else shown
        raise Refused(f"{shown}: memory keeps markdown files only (memctl measures, lints and loads .md); "
                      f"use {stem}.md instead")


def in_archive(rel: str) -> bool:
    return any(rel == folder or rel.startswith(folder + "/") for folder in ARCHIVE_DIRS)


def new_secrets(before: str | None, after: str, moved: frozenset[str] = frozenset()) -> None:
    """Refuse a change that brings a credential into memory. Only the changed part of the file (and
    a margin around it) is searched, so appending to a large file costs what the text costs; one
    already in the file, or in a file the same write moves here (`moved`), is lint's to report
    (MEM501), not a reason to refuse every later edit."""
    from memctl.model.secrets import find_secrets, shown

    old = before or ""
    head = len(old) if after.startswith(old) else _common_prefix(old, after)
    tail = _common_suffix(old, after, min(len(old), len(after)) - head)
    start = max(0, head - MARGIN)
    was = old[start : len(old) - tail + MARGIN]
    seen = {was[s:e] for _, s, e in find_secrets(was)} | moved
    now = after[start : len(after) - tail + MARGIN]
    for kind, s, e in find_secrets(now):
        if now[s:e] not in seen:
            article = "an" if kind[0] in "aeiouAEIOU" else "a"
            raise Refused(f"the text holds what looks like {article} {kind} ({shown(now[s:e])}); memory is loaded into "
                          "requests and often kept in git, so no credential is written to it; nothing was written")


def _common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # halving, each step one comparison in C
        mid = (low + high + 1) // 2
        low, high = (mid, high) if a[:mid] == b[:mid] else (low, mid - 1)
    return low


def _common_suffix(a: str, b: str, most: int) -> int:
    low, high = 0, most
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if a[len(a) - mid :] == b[len(b) - mid :] else (low, mid - 1)
    return low


class Store:
    """A home as the tools write it: its config, counter and cache, and its index, read per call
    (a tool never loads every topic to write one file)."""

    def __init__(self, root: str):
        from memctl.model.cache import Cache
        from memctl.model.config import load_config
        from memctl.model.tokens import TokenCounter

        self.root = root
        cache = Cache.for_home(root)
        self.config: Config = load_config(root, cache=cache)
        self.cache: Cache = cache if self.config.cache else Cache(None)
        self.counter: TokenCounter = TokenCounter(self.config.tokenizer, self.cache)
        self.index_rel = self.config.index_file

    def home(self, index_text: str | None) -> MemoryHome:
        """A home holding only this index text (no topics): what `index_cap` needs to measure it."""
        bare = MemoryHome(self.root, self.config, self.counter, self.cache, None, (), (),  # type: ignore[arg-type]
                          frozenset(), (), (), ())
        index = doc_from_text(index_text or "", os.path.join(self.root, self.index_rel), self.index_rel, bare,
                              self.config.section_level)
        measured = MemoryHome(self.root, self.config, self.counter, self.cache, index, (), (), frozenset(), (), (),
                              ())
        vars(measured)["start_up"] = None  # the start-up stack reads the index on disk: measure this text instead
        return measured

    def doc(self, rel: str) -> Doc:
        return load_doc(os.path.join(self.root, rel), rel, self.counter, self.config.section_level, self.cache,
                        Guard(self.root))

    def cap_refusal(self, before: str | None, after: str) -> None:
        """Refuse an index that its host would cut where it did not before, or cut more of: a line
        past Claude Code's 200 never reaches the model. An index already over may still shrink."""
        cap = self.home(after).index_cap
        if not cap.capped:
            return
        was = self.home(before).index_cap
        old = {name: used for name, used, _ in was.measures}
        host = self.config.profile
        for name, used, limit in cap.measures:
            if used > limit and used > old.get(name, 0):
                raise Refused(f"{self.index_rel} would be {used:,} {UNITS.get(name, name)}; {host} loads "
                              f"{limit:,} ({cap.description}); nothing was written: move detail into a topic "
                              "file and keep one line for it in the index")
        if not was.capped or cap.loaded_lines_total < was.loaded_lines_total:
            raise Refused(f"{self.index_rel} would be cut by its host ({cap.description}): "
                          f"{cap.loaded_lines_total:,} of its {cap.total_lines:,} lines would load; "
                          "nothing was written")

    def check(self, changes: tuple[FileChange, ...]) -> None:
        """The checks every planned change passes: a managed destination, no new credential, the index cap."""
        from memctl.model.secrets import find_secrets

        gone = [c.before for c in changes if c.removed and c.before]  # a rename's sources: moved, not new
        moved = frozenset(text[s:e] for text in gone for _, s, e in find_secrets(text))
        for change in changes:
            check_destination(self.root, change.rel)
            if not change.removed and not in_archive(change.rel):
                new_secrets(change.before, change.after, moved)
            if change.rel == self.index_rel and not change.removed:
                self.cap_refusal(change.before, change.after)


def write(root: str, plan: Callable[[Store], WritePlan], command: str) -> WritePlan:
    """Plan with a fresh Store, check, and write through the journal; planned again (under the
    home's lock) when a file changed between the plan and its write. An agent's write waits for
    any memctl write that holds the lock, up to AGENT_WAIT: memctl's own work never fails it."""

    def planned() -> WritePlan:
        store = Store(root)
        made = plan(store)
        store.check(made.changes)
        return made

    from memctl.safe.journal import apply_fresh

    return apply_fresh(root, planned(), lambda made: made, planned, command, wait=AGENT_WAIT)


def appended(before: str | None, text: str) -> str:
    """`before` with `text` added as whole lines, in the file's own line endings."""
    old = before or ""
    newline = "\r\n" if "\r\n" in old else "\n"
    body = text.replace("\r\n", "\n").replace("\n", newline)
    if not body.endswith(newline):
        body += newline
    joiner = newline if old.removeprefix("\ufeff") and not old.endswith("\n") else ""  # a BOM alone is no line
    return old + joiner + body


def append_plan(store: Store, rel: str, text: str) -> WritePlan:
    """`text` added as whole lines at the end of `rel` (made if missing), in its own line endings."""
    if not text.strip():
        raise Refused("nothing to append: the text is empty")
    memory_file(rel, rel)
    before = current_text(store.root, rel)
    return WritePlan((FileChange(rel, before, appended(before, text)),))


def existing(root: str, rel: str, shown: str) -> str:
    """The text of the regular file `rel`; a missing one, a folder or anything else is refused."""
    path = os.path.join(root, rel)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        raise Refused(f"The path {shown} does not exist. Please provide a valid path.") from None
    if not stat.S_ISREG(mode):
        raise Refused(f"The path {shown} is {kind_of(mode)}, not a file.")
    text = current_text(root, rel) if is_markdown(rel) else _read_other(path, shown)
    if text is None:
        raise Refused(f"The path {shown} does not exist. Please provide a valid path.")
    return text


def _read_other(path: str, shown: str) -> str:
    from memctl.safe.fsutil import read_text

    return read_text(path, shown)
