"""Rules on what memory says: a secret must never reach the model provider."""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Iterator
from functools import partial
from itertools import accumulate

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.errors import InputError
from memctl.hosts import loaded_at_start, loaded_besides
from memctl.model.secrets import cached_findings, shown
from memctl.safe.fsutil import read_text
from memctl.safe.keys import digest
from memctl.text import split_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from memctl.model.home import Doc, MemoryHome


@rule("MEM501", "secret-in-memory", "error")
def secret_in_memory(ctx: Context) -> Iterator[Finding]:
    """Something that looks like a credential: a key block, a provider's token, a named secret.

    A private key block (PEM, OpenSSH, PGP, PuTTY, a service account's `private_key`), a
    provider's token (detect-secrets' rules and memctl's own: AWS, GitHub, GitLab, Slack,
    Google, OpenAI, Anthropic, …), a password in a URL, or a value named as a secret
    (`DB_PASSWORD=…`, `"apiKey": "…"`, `AccountKey=…`) with a secret's entropy.

    The index (within the host's load cap) and the files the host loads at start are sent to a
    model provider with every request, a topic whenever a task loads it (the message says which).
    Besides the index and the topics, every file the host loads is read, in the home or outside
    it: a CLAUDE.md (the project's beside Claude Code's auto memory, the user's
    ~/.claude/CLAUDE.md), a rule or an `@import`ed file of its start-up, Codex's AGENTS.md,
    OpenClaw's SOUL.md or USER.md, Volute's SOUL.md. Memory is often committed to git. Move the
    secret to a secret store and write down where it lives, not what it is. Placeholders and
    references such as `password=<from vault>`, `api_key: ${API_KEY}`, `${{ secrets.TOKEN }}` or
    `process.env.KEY` are not flagged, nor are plain words and numbers. A finding shows only the
    secret's first four characters.
    """
    home = ctx.home
    start_up: frozenset[str] | None = None
    for doc in (home.index, *home.topics):
        for line, column, message in _findings(home, partial(_text, doc), doc.digest):  # read if need be
            if start_up is None:
                start_up = loaded_at_start(home)
            yield Finding(doc.rel, line, column, message + when_sent(home, doc, line, start_up))
    for rel, text, every in startup_files(home):
        for line, column, message in _findings(home, text, digest(text)):
            yield Finding(rel, line, column,
                          message + ("with every request" if every else "whenever a task loads this file"))


def _findings(home: MemoryHome, text_of: str | Callable[[], str], text_digest: str) -> Iterator[tuple[int, int, str]]:
    """Each secret's line, column and message up to when it is sent, one a line. `text_of` may be a
    function that reads the text: called only when the cache does not know the digest's findings,
    or there are some."""
    starts: list[int] | None = None
    last_line = 0
    text = ""
    for kind, start, end in cached_findings(text_of, text_digest, home.cache):
        if starts is None:
            text = text_of if isinstance(text_of, str) else text_of()
            starts = [0, *accumulate(map(len, split_lines(text)))]
        line = bisect_right(starts, start)
        if line == last_line:
            continue  # one finding a line
        last_line = line
        yield line, start - starts[line - 1] + 1, f"possible {kind} ({shown(text[start:end])}) would be sent to " \
                                                  "the model provider "


def startup_files(home: MemoryHome) -> Iterator[tuple[str, str, bool]]:
    """The files the host loads besides the index and the topics (`loaded_besides`): each one's
    path (in the home, relative to it; outside it, its real path, which lint's output shows as
    `status` does), its text, and whether it is sent with every request. Reading one outside the
    home is what `status` does to count it; nothing is written there."""
    root = os.path.realpath(home.root).rstrip(os.sep) + os.sep
    for path, every in loaded_besides(home).items():
        try:
            text = read_text(path)
        except InputError:
            continue  # the host's model names a file it cannot read
        yield (path[len(root):].replace(os.sep, "/") if path.startswith(root) else path), text, every


def _text(doc: Doc) -> str:
    return doc.text


def when_sent(home: MemoryHome, doc: Doc, line: int, start_up: frozenset[str]) -> str:
    """When a line of a memory file reaches the model: with every request when the host loads it at
    session start (the index within its load cap, the files of the host's start-up) or every
    dispatch bundles it (an always-loaded topic); else only when a task loads the file."""
    if doc is home.index:
        every = any(first <= line <= last for first, last in home.index_cap.loaded)
    else:
        every = os.path.realpath(os.path.join(home.root, doc.rel)) in start_up or home.is_always(doc)
    return "with every request" if every else "whenever a task loads this file"
