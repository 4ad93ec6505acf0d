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
    # NAME_API_KEY=…, DB_PASSWORD: …, export GITHUB_TOKEN=… (`_` joins words, so no `\b` before the
    # name: the word just must not go on to its left, and the match starts at it, which keeps it linear)
    ("password or secret assignment",
     r"(?i)(?<![A-Za-z0-9])(?:password|passwd|pwd|secret|secret[_-]?key|api[_-]?key|"
     r"access[_-]?token|auth[_-]?token|token|private[_-]?key)\b[\"']?\s*[:=]\s*" + _PLACEHOLDER
     + r"[\"']?([^\s\"'`]{6,})"),
)
# What each pattern's match must contain, lower-cased: a text holding none of them skips the pattern, so
# the usual memory file (prose and lists, no credentials) costs a few substring searches, not a regex pass.
_NEEDS = (("private key",), ("akia", "asia"), ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), ("sk-ant-",),
          ("sk-",), ("xox",), ("aiza",), ("k_live_",), ("nsec1",), ("bearer",), ("eyj",),
          ("password", "passwd", "pwd", "secret", "key", "token"))
# The assignment's name always ends in one of its needs, and `["']? *[:=]` follows at once: a text
# whose words `token`, `key` … are never followed so (prose; memctl's own JSON says `"tokens": 12`)
# skips the pattern without a regex pass.
_ASSIGNMENT = len(PATTERNS) - 1
_ASSIGN_TAIL = re.compile(r"[\"']?\s*[:=]")
_KINDS = [kind for kind, _ in PATTERNS]
_EXACT = [re.compile(pattern) for _, pattern in PATTERNS]
_COMBINED: dict[tuple[int, ...], re.Pattern[str]] = {}


def _any(numbers: tuple[int, ...]) -> re.Pattern[str]:
    """One case-free search for the patterns `numbers`; `_EXACT` then checks the case of a hit."""
    if numbers not in _COMBINED:
        _COMBINED[numbers] = re.compile("|".join(f"(?P<p{i}>{PATTERNS[i][1].replace('(?i)', '')})" for i in numbers),
                                        re.IGNORECASE)
    return _COMBINED[numbers]


# 12 whole words or more, maybe numbered; starting only where a word starts keeps the search linear
_WORDS_RUN = re.compile(r"(?<![a-zA-Z])(?:[a-z]{3,8}[^a-zA-Z\n]{1,6}){11,}[a-z]{3,8}(?![a-zA-Z])")
_WORD = re.compile(r"[a-z]+")
_WIF = re.compile(r"\b[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}\b")
_BIP39: frozenset[str] | None = None
SEED_LENGTHS = (12, 15, 18, 21, 24)


# Names this rule set in cache keys, so findings cached by an older memctl are never reused.
RULESET = repr((4, PATTERNS, _NEEDS, _WORDS_RUN.pattern, _WIF.pattern, SEED_LENGTHS))


def _bip39() -> frozenset[str]:
    """The 2,048 words of BIP-39's English list, as the `mnemonic` package ships them."""
    global _BIP39
    if _BIP39 is None:
        from importlib.resources import files

        _BIP39 = frozenset(files("mnemonic").joinpath("wordlist/english.txt").read_text(encoding="utf-8").split())
    return _BIP39


def _seed_phrases(text: str) -> Iterator[tuple[str, int, int]]:
    """Runs of 12 or more words that are all in the BIP-39 list: a wallet's seed phrase."""
    for candidate in _WORDS_RUN.finditer(text):
        words = list(_WORD.finditer(candidate.group(0)))
        run: list[re.Match[str]] = []
        for word in [*words, None]:
            if word is not None and word.group(0) in _bip39():
                run.append(word)
                continue
            if len(run) >= SEED_LENGTHS[0]:
                yield "seed phrase", candidate.start() + run[0].start(), candidate.start() + run[-1].end()
            run = []


_LETTERS = re.compile(r"[A-Za-z]+")


def _may_hold_seed(text: str) -> bool:
    """Whether twelve words of the BIP-39 list follow one another anywhere (only letters counted):
    what a seed phrase needs, found three times faster than the seed search itself, which then runs
    only on text that passes (a fleet's 40 MB of short lowercase words cost it 2.5 s)."""
    words = _bip39()
    run = 0
    for chunk in _chunks(text):
        for word in _LETTERS.findall(chunk):
            if word in words:
                run += 1
                if run >= SEED_LENGTHS[0]:
                    return True
            else:
                run = 0
    return False


def _may_hold_wif(text: str) -> bool:
    """Whether a run of 51 characters without white space is anywhere: what a WIF key needs."""
    return any(max(map(len, chunk.split()), default=0) >= 51 for chunk in _chunks(text))


_SPACE = re.compile(r"\s")


_CHUNK = 1 << 20


def _chunks(text: str) -> Iterator[str]:
    """`text` in pieces of about _CHUNK characters, each cut after white space, so no word is cut: the
    prefilters list a piece's words at a time (a 31 MB topic's 5 million words at once took 250 MB)."""
    start = 0
    while len(text) - start > _CHUNK:
        cut = _SPACE.search(text, start + _CHUNK)
        if cut is None:
            break
        yield text[start : cut.end()]
        start = cut.end()
    yield text[start:]


def _base58check(text: str) -> bool:
    """Whether `text` is Base58Check-encoded (a WIF private key is, with its 4-byte checksum)."""
    import hashlib

    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = 0
    for char in text:
        number = number * 58 + alphabet.index(char)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    payload, check = raw[:-4], raw[-4:]
    return len(raw) > 4 and hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4] == check


def find_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each credential-like run in `text`, in order; `start` is where the secret is."""
    if not text:
        return
    seeds = list(_seed_phrases(text)) if _may_hold_seed(text) else []
    keys = _WIF.finditer(text) if _may_hold_wif(text) else ()
    extra = seeds + [("WIF private key", m.start(), m.end()) for m in keys if _base58check(m.group(0))]
    if extra:
        yield from sorted([*_patterns(text), *extra], key=lambda found: found[1])
        return
    yield from _patterns(text)


def _patterns(text: str) -> Iterator[tuple[str, int, int]]:
    lowered = text.lower()
    numbers = tuple(i for i, needs in enumerate(_NEEDS) if (_assigned(lowered) if i == _ASSIGNMENT
                                                            else any(map(lowered.__contains__, needs))))
    if not numbers:
        return
    search = _any(numbers).search
    position = 0
    while True:
        match = search(text, position)
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


def _assigned(lowered: str) -> bool:
    """Whether a word the assignment pattern ends its name with is followed by `:` or `=`."""
    match = _ASSIGN_TAIL.match
    for word in _NEEDS[_ASSIGNMENT]:
        start = lowered.find(word)
        while start >= 0:
            end = start + len(word)
            if match(lowered, end):
                return True
            start = lowered.find(word, end)
    return False


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
