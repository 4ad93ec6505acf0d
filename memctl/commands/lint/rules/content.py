"""Rules on what memory says: secrets must never be sent with every request."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.model.secrets import RULESET, find_secrets, shown
from memctl.safe.keys import digest
from memctl.text import split_lines

_KEY = f"sec:{digest(RULESET)[:12]}:"


@rule("MEM501", "secret-in-memory", "error")
def secret_in_memory(ctx: Context) -> Iterator[Finding]:
    """Something that looks like a credential: a private key block, a cloud or API key, `password=`.

    Memory is sent to a model provider on every request, and often committed to git. Move the
    secret to a secret store and write down where it lives, not what it is. Placeholders such as
    `password=<from vault>` or `api_key: ${API_KEY}` are not flagged. A finding shows only the
    secret's first four characters.
    """
    cache = ctx.home.cache
    for doc in (ctx.home.index, *ctx.home.topics):
        starts: list[int] | None = None
        last_line = 0
        key = _KEY + doc.digest
        found = cache.get(key, _valid)  # most files hold none, and their bytes decide it: cached by digest
        if found is None:
            found = [list(hit) for hit in find_secrets(doc.text)]  # the whole file in one pass
            cache.put(key, found)
        for kind, start, end in found:
            if starts is None:
                starts = [0, *accumulate(map(len, split_lines(doc.text)))]
            line = bisect_right(starts, start)
            if line == last_line:
                continue  # one finding a line
            last_line = line
            yield Finding(doc.rel, line, start - starts[line - 1] + 1,
                          f"possible {kind} ({shown(doc.text[start:end])}) would be sent to the model provider "
                          "with every request")


def _valid(value: object) -> bool:
    return type(value) is list and all(
        type(hit) is list and len(hit) == 3 and type(hit[0]) is str and type(hit[1]) is int and type(hit[2]) is int
        for hit in value)
