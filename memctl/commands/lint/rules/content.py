"""Rules on what memory says: secrets must never be sent with every request."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

from memctl.commands.lint.registry import Context, Finding, rule
from memctl.model.secrets import find_secrets, ruleset, shown
from memctl.safe.keys import digest
from memctl.text import split_lines


@rule("MEM501", "secret-in-memory", "error")
def secret_in_memory(ctx: Context) -> Iterator[Finding]:
    """Something that looks like a credential: a key block, a provider's token, a named secret.

    A private key block (PEM, OpenSSH, PGP, PuTTY, a service account's `private_key`), a
    provider's token (detect-secrets' rules and memctl's own: AWS, GitHub, GitLab, Slack,
    Google, OpenAI, Anthropic, …), a password in a URL, or a value named as a secret
    (`DB_PASSWORD=…`, `"apiKey": "…"`, `AccountKey=…`) with a secret's entropy.

    Memory is sent to a model provider on every request, and often committed to git. Move the
    secret to a secret store and write down where it lives, not what it is. Placeholders and
    references such as `password=<from vault>`, `api_key: ${API_KEY}`, `${{ secrets.TOKEN }}` or
    `process.env.KEY` are not flagged, nor are plain words and numbers. A finding shows only the
    secret's first four characters.
    """
    cache = ctx.home.cache
    prefix = f"sec:{digest(ruleset())[:12]}:"  # findings cached by another rule set are not reused
    for doc in (ctx.home.index, *ctx.home.topics):
        starts: list[int] | None = None
        last_line = 0
        key = prefix + doc.digest
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
