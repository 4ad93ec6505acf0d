"""What looks like a credential, found the same way for lint's MEM501 and for every message.

memctl never prints a secret it finds in memory: lint shows its first four characters, and every
message that quotes a file (errors, warnings, plans, diffs, reports in every format) goes through
`redact`, which keeps those four and hides the rest.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Iterator

SHOWN = 4  # characters of a secret that a finding or a message may show
_PLACEHOLDER = (r"(?![<$*{(\[%]|x{3,}|X{3,}|\.{3}|example|changeme|redacted|your[_-]|none\b|null\b|\"\"|''"
                r"|true\b|false\b)")
PATTERNS = (
    ("private key", r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ("AWS access key id", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b"),
    ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
    ("OpenAI API key", r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}"),
    ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}\b"),
    ("Stripe secret key", r"\b[sr]k_live_[0-9A-Za-z]{20,}"),
    ("Nostr private key", r"\bnsec1[02-9ac-hj-np-z]{58}\b"),
    ("bearer token", r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*"),
    ("JSON web token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    # NAME_API_KEY=…, DB_PASSWORD: …, export GITHUB_TOKEN=… (`_` joins words, so no `\b` before the name)
    ("password or secret assignment",
     r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_-])*(?:password|passwd|pwd|secret|secret[_-]?key|api[_-]?key|"
     r"access[_-]?token|auth[_-]?token|token|private[_-]?key)\b[\"']?\s*[:=]\s*" + _PLACEHOLDER
     + r"[\"']?([^\s\"'`]{6,})"),
)
_KINDS = [kind for kind, _ in PATTERNS]
_ANY = re.compile("|".join(f"(?P<p{i}>{pattern.replace('(?i)', '')})" for i, (_, pattern) in enumerate(PATTERNS)),
                  re.IGNORECASE)
_EXACT = [re.compile(pattern) for _, pattern in PATTERNS]


def find_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each credential-like run in `text`, in order; `start` is where the secret is."""
    if not text:
        return
    position = 0
    while True:
        match = _ANY.search(text, position)
        if match is None:
            return
        number = int(match.lastgroup[1:]) if match.lastgroup else 0
        exact = _EXACT[number].match(text, match.start())  # case matters for all but the case-free ones
        if exact is not None:
            start = exact.start(1) if exact.re.groups else exact.start()
            kind = _KINDS[number]
            if exact.re.groups:  # an assignment: name the value's own kind when it has one (`=sk-ant-…`)
                kind = next((k for k, p in zip(_KINDS, _EXACT, strict=True)
                             if not p.groups and p.match(text, start)), kind)
            yield kind, start, exact.end()
            position = exact.end()
        else:
            position = match.start() + 1


def shown(secret: str) -> str:
    return secret[:SHOWN] + "…"


def redact(text: str) -> str:
    """`text` with each credential-like run cut to its first four characters."""
    if not text:
        return text
    out, last = [], 0
    for _, start, end in find_secrets(text):
        out.append(text[last:start])
        out.append(shown(text[start:end]))
        last = end
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
