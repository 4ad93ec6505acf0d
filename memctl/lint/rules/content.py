"""Rules on what memory says: secrets must never be sent with every request."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memctl.lint.registry import Context, Finding, rule
from memctl.markdown import split_lines

SECRETS = [
    ("private key", re.compile(r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("AWS access key id", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b")),
    ("Anthropic API key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("OpenAI API key", re.compile(r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}")),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("Stripe secret key", re.compile(r"\b[sr]k_live_[0-9A-Za-z]{20,}")),
    ("password or secret assignment", re.compile(
        r"(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)\b\s*[:=]\s*"
        r"(?![<$*{(\[]|x{3,}|\.{3}|example|changeme|redacted|none\b|null\b|\"\"|'')[\"']?([^\s\"'`]{6,})")),
]


@rule("MEM501", "secret-in-memory", "error")
def secret_in_memory(ctx: Context) -> Iterator[Finding]:
    """Something that looks like a credential: a private key block, a cloud or API key, `password=`.

    Memory is sent to a model provider on every request, and often committed to git. Move the
    secret to a secret store and write down where it lives, not what it is. Placeholders such as
    `password=<from vault>` or `api_key: ${API_KEY}` are not flagged.
    """
    for doc in (ctx.home.index, *ctx.home.topics):
        for number, line in enumerate(split_lines(doc.text), start=1):
            for kind, pattern in SECRETS:
                match = pattern.search(line)
                if match:
                    shown = match.group(0)[:6] + "…"
                    yield Finding(doc.rel, number, match.start() + 1, f"possible {kind} ({shown}) would be sent "
                                  "to the model provider with every request")
                    break
