"""What looks like a credential, found the same way for lint's MEM501 and for every message.

memctl never prints a secret it finds in memory: lint shows its first four characters, and every
message that quotes a file (errors, warnings, plans, diffs, reports in every format) goes through
`redact`, which keeps those four and hides the rest (every line of a key block).

The rules are detect-secrets' provider patterns and memctl's own (memctl/model/secret_rules.py),
searched in one pass per text after cheap prefilters, plus what patterns cannot say alone: a value
named as a secret (`DB_PASSWORD=…`, `"apiKey": "…"`, `AccountKey=…`) is a finding when it is not a
placeholder, a reference or a plain word and has the entropy of a secret; a seed phrase is twelve
or more words of BIP-39's list; a WIF key passes its Base58Check checksum.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

SHOWN = 4  # characters of a secret that a finding or a message may show
ENGINE = 8  # bump when findings for the same rules would differ
NAMED_KIND = "password or secret assignment"
# kinds that say where a secret sits, not what it is: a provider's shape found in the same place names it
_GENERIC = frozenset({NAMED_KIND, "password in a URL", ".netrc password", "bearer token", "basic auth credentials",
                      "Basic auth credentials"})


class _Rules:
    """The rule table compiled: each rule's exact pattern, and the prefilters' lookup structures."""

    def __init__(self, key: str, table: list[list[Any]]):
        import ahocorasick

        self.key = f"{key}:{ENGINE}"
        self.kinds = [row[0] for row in table]
        self.checks = [row[3] for row in table]
        self.runs = [row[5] for row in table]
        self.alone = [row[6] for row in table]
        self.exact_needs = [row[7] for row in table]
        self.in_words = [row[8] and not row[6] for row in table]
        self.patterns = [(row[1], row[2]) for row in table]
        self.exact: dict[int, re.Pattern[str]] = {}
        self.combined: dict[tuple[int, ...], re.Pattern[str]] = {}
        self.open = [i for i, row in enumerate(table) if not row[4]]  # no literal: the run decides
        self.needles = ahocorasick.Automaton()
        owners: dict[str, list[int]] = {}
        for i, row in enumerate(table):
            for needle in row[4]:
                owners.setdefault(needle, []).append(i)
        for needle, rules in owners.items():
            self.needles.add_word(needle, tuple(rules))
        if owners:
            self.needles.make_automaton()
        self.any_needle = bool(owners)
        self.longest_needle = max(map(len, owners), default=0)

    def pattern(self, i: int) -> re.Pattern[str]:
        if i not in self.exact:
            pattern, flags = self.patterns[i]
            self.exact[i] = re.compile(pattern, flags)
        return self.exact[i]

    def search(self, numbers: tuple[int, ...]) -> re.Pattern[str]:
        """One search for the rules `numbers`, each a named branch with its own flags."""
        if numbers not in self.combined:
            branches = []
            for i in numbers:
                pattern, flags = self.patterns[i]
                letters = "".join(c for c, f in (("i", 2), ("m", 8), ("s", 16), ("x", 64)) if flags & f)
                body = _UNNAME.sub("(", pattern) + ("\n" if flags & 64 else "")
                branches.append(f"(?P<p{i}>(?{letters}:{body}))" if letters else f"(?P<p{i}>{body})")
            self.combined[numbers] = re.compile("|".join(branches))
        return self.combined[numbers]


class _Lazy:
    """A pattern compiled when first used: a run that redacts one short message (a dispatch's
    record) should not pay for compiling the twenty patterns of this module (1.5 ms)."""

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags = pattern, flags
        self.compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self.compiled is None:
            self.compiled = re.compile(self.pattern, self.flags)
        return getattr(self.compiled, name)


_UNNAME = _Lazy(r"\(\?P<[A-Za-z_]\w*>")
_RULES: _Rules | None = None


def _rules() -> _Rules:
    global _RULES
    if _RULES is None:
        from memctl.model.secret_rules import load_table

        _RULES = _Rules(*load_table())
    return _RULES


def ruleset() -> str:
    """Names the rules and the engine in cache keys, so findings cached by another rule set are not reused."""
    return _rules().key


# --- the search -------------------------------------------------------------------------------------

def find_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each credential-like run in `text`, in order; `start` is where the secret is."""
    if not text:
        return
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter whose lower case is longer (İ): positions would shift
        lowered = ""
    longest = _longest_run(text)
    found = [*_patterns(text, lowered, longest), *_named(text, lowered)]
    if longest >= 51:
        found += [("WIF private key", m.start(), m.end(), m.start()) for m in _WIF.finditer(text)
                  if _base58check(m.group(0))]
    if _may_hold_seed(text):
        found += [(kind, start, end, start) for kind, start, end in _seed_phrases(text)]
    yield from _merged(found)


def _merged(found: list[tuple[str, int, int, int]]) -> Iterator[tuple[str, int, int]]:
    """Overlapping findings as one (a key block and its header; `KEY=sk-ant-…` named and shaped),
    named by the first that starts, unless a provider's shape inside a generic one names it."""
    found.sort(key=lambda f: (f[3], f[0] in _GENERIC, -f[2]))
    current: list[Any] | None = None
    for kind, start, end, cover in found:
        if current is not None and cover < current[2]:
            if current[3] <= start and end <= current[1]:
                continue  # inside a key block's header (detect-secrets' `BEGIN RSA PRIVATE KEY`): not shown anyway
            if current[0] in _GENERIC and kind not in _GENERIC:
                current[0] = kind
            current[1], current[2] = min(current[1], start), max(current[2], end)
            continue
        if current is not None:
            yield current[0], current[1], current[2]
        current = [kind, start, end, cover]
    if current is not None:
        yield current[0], current[1], current[2]


def wanted(text: str, lowered: str, longest: int) -> list[int]:
    """The rules whose prefilters `text` passes: one of its literals is there (in the case it
    minds), and a run without spaces as long as its matches hold."""
    rules = _rules()
    found: set[int] = set(rules.open)
    if rules.any_needle:
        low = lowered or text.lower()
        # in pieces that overlap by the longest literal: the automaton copies its input four bytes a
        # character, and a 31 MB topic at once raised lint's peak by 80 MB
        for start in range(0, max(len(low), 1), _CHUNK):
            for _, owners in rules.needles.iter(low[start : start + _CHUNK + rules.longest_needle]):
                found.update(owners)
    numbers = []
    for i in sorted(found):
        if longest < rules.runs[i]:
            continue  # every match holds a run of that many characters without a space
        if rules.exact_needs[i] and not any(needle in text for needle in rules.exact_needs[i]):
            continue  # the literal is there, but not in the case the pattern asks for
        numbers.append(i)
    return numbers


def _patterns(text: str, lowered: str, longest: int) -> Iterator[tuple[str, int, int, int]]:
    rules = _rules()
    numbers = wanted(text, lowered, longest)
    if not numbers:
        return
    for i in numbers:
        if rules.alone[i]:
            for match in rules.pattern(i).finditer(text):
                yield from _checked(rules, i, match, text)
    in_words = tuple(i for i in numbers if rules.in_words[i])
    anywhere = tuple(i for i in numbers if not rules.in_words[i] and not rules.alone[i])
    if anywhere:
        yield from _search(rules, anywhere, text)
    if in_words:  # searched in the text's long runs only: most memory is short words
        shortest = min(rules.runs[i] for i in in_words)
        view, starts, origins = _long_runs(text, shortest)
        from bisect import bisect_right

        for kind, start, end, cover in _search(rules, in_words, view):
            run = bisect_right(starts, start) - 1
            shift = origins[run] - starts[run]
            yield kind, start + shift, end + shift, cover + shift


_RUNS: dict[int, re.Pattern[str]] = {}


def _long_runs(text: str, shortest: int) -> tuple[str, list[int], list[int]]:
    """The runs of `shortest` or more non-space characters, one a line, with where each starts in
    that view and in `text`."""
    if shortest not in _RUNS:
        _RUNS[shortest] = re.compile(rf"\S{{{shortest},}}")
    pieces, starts, origins, at = [], [], [], 0
    for match in _RUNS[shortest].finditer(text):
        pieces.append(match.group(0))
        starts.append(at)
        origins.append(match.start())
        at += len(pieces[-1]) + 1
    return "\n".join(pieces), starts, origins


def _search(rules: _Rules, numbers: tuple[int, ...], text: str) -> Iterator[tuple[str, int, int, int]]:
    search = rules.search(numbers).search
    position = 0
    while position <= len(text):
        hit = search(text, position)
        if hit is None:
            return
        at = hit.start()
        for i in numbers:  # every rule that matches here, not only the branch the search took
            exact = rules.pattern(i).match(text, at)
            if exact is not None:
                yield from _checked(rules, i, exact, text)
        # on from the next character, not the match's end: a match may start inside another (a
        # URL's password with a shape of its own, a key header right after a token); overlaps merge
        position = at + 1


def _checked(rules: _Rules, i: int, match: re.Match[str], text: str) -> Iterator[tuple[str, int, int, int]]:
    """The finding a match makes, once its rule's own check passes; the secret is the named group
    `s`, or a long first group (detect-secrets' patterns capture the value so), or the whole match."""
    start, end = match.span()
    if "s" in match.re.groupindex and match.start("s") >= 0:
        start, end = match.span("s")
    elif match.re.groups and match.start(1) >= 0 and match.end(1) - match.start(1) >= 8:
        start, end = match.span(1)
    check = rules.checks[i]
    if check == "block":
        body = _block(text, match.end())
        if body is not None:
            start, end = body
        yield rules.kinds[i], start, end, match.start()
        return
    if check == "block-end":
        yield rules.kinds[i], start, end, start
        return
    if rules.kinds[i] not in _GENERIC and end > start and (text[end - 1].isalnum() or text[end - 1] == "_"):
        # a provider's token longer than its pattern says (Stripe's rk_live_ keys are 107 characters now)
        while end < len(text) and (text[end].isalnum() or text[end] in "_-"):
            end += 1
    secret = text[start:end]
    if _placeholder_token(secret):
        return
    if check == "value" and _placeholder(secret):
        return
    if check == "basic" and not _basic_credentials(secret):
        return
    if check == "aws" and not _aws_secret(secret):
        return
    yield rules.kinds[i], start, end, match.start()


# --- key blocks ---------------------------------------------------------------------------------

_BLOCK_END = _Lazy(r"(?:-----|---- )END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?(?:-----| ----)|^Private-MAC:", re.M)
_AFTER_HEADER = _Lazy(r"(?:[ \t]*(?:\\r)?\\n|[ \t]*\r?\n[+\- ]?[ \t>]*|[ \t]+)+")
_BLOCK_LIMIT = 1 << 16


def _block(text: str, header_end: int) -> tuple[int, int] | None:
    """Where a key block's body is: from the line after its header to its END line (every line of
    it, through diff markers, quote marks and a JSON string's `\\n`), or to the next blank line."""
    lead = _AFTER_HEADER.match(text, header_end)
    start = lead.end() if lead else header_end
    end_mark = _BLOCK_END.search(text, start, start + _BLOCK_LIMIT)
    if end_mark is not None:
        end = end_mark.start()
    else:
        blank = re.compile(r"\n[ \t+\->]*\n").search(text, start, start + _BLOCK_LIMIT)
        end = blank.start() if blank else min(len(text), start + _BLOCK_LIMIT)
    while end > start and text[end - 1] in " \t\r\n+->":
        end -= 1
    return (start, end) if end > start else None


# --- values named as secrets ------------------------------------------------------------------------

_NAMED_PATTERN = (r"(?P<word>password|passwd|passphrase|pwd|pass|secret|token|key|credentials?|pat)"
                  r"(?P<rest>[a-z0-9_.-]*)[\\\"'\]*`]{0,4}[ \t]*(?::=|=>|=(?!=)|:(?![:/]))[ \t]*")
_NAMED = _Lazy(_NAMED_PATTERN)  # searched in the lower-cased text: ten times faster than (?i)
_NAMED_ANY_CASE = _Lazy(_NAMED_PATTERN, re.IGNORECASE)
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_WORDS_OF_NAME = _Lazy(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_SECRET_WORDS = frozenset({"password", "passwd", "passphrase", "pwd", "pass", "secret", "token", "credential",
                           "credentials", "apikey", "privatekey", "secretkey", "accesskey", "accountkey",
                           "authtoken"})
_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "pwd", "pass"})
_LAST_WORDS = frozenset({"key", "pat"})  # API_KEY, AccountKey, GITLAB_PAT
# a name that ends so says what the secret is about, not what it is: TOKEN_URL, key_id, password_file
_NOT_SECRET = frozenset({
    "id", "ids", "name", "names", "file", "files", "path", "paths", "url", "uri", "urls", "dir", "type", "types",
    "length", "len", "count", "size", "max", "min", "limit", "budget", "format", "field", "env", "var", "vars",
    "header", "prefix", "ref", "expires", "expiry", "expiration", "ttl", "rotation", "hint", "policy", "usage",
    "scope", "scopes", "endpoint", "location", "manager", "source", "provider", "version", "algorithm", "alg",
    "mode", "kind", "label", "description", "pattern", "regex", "rule", "rules", "enabled", "required", "tokens",
    "keys", "secrets", "passwords", "store", "reset", "change", "changed", "strength", "prompt",
    "question", "sha", "checksum", "fingerprint", "user", "username", "login", "email", "account", "host"})
_VALUE = _Lazy(r"[^\s\"'`]+")


def _named(text: str, lowered: str) -> Iterator[tuple[str, int, int, int]]:
    """Values named as secrets: `NAME = value`, `name: value`, `"name": "value"`, `name := value`."""
    for match in (_NAMED.finditer(lowered) if lowered else _NAMED_ANY_CASE.finditer(text)):
        name_start = match.start()
        while name_start > 0 and text[name_start - 1] in _NAME_CHARS:
            name_start -= 1
        name = text[name_start:match.end("rest")]
        words = [w.lower() for w in _WORDS_OF_NAME.findall(name)]
        if not words or words[-1] in _NOT_SECRET:
            continue
        password = any(w in _PASSWORD_WORDS for w in words)
        if not (password or words[-1] in _LAST_WORDS or any(w in _SECRET_WORDS for w in words)):
            continue
        span = _value_span(text, match.end())
        if span is None:
            continue
        start, end = span
        value = text[start:end]
        line_end = text.find("\n", end)
        after = text[end:line_end if line_end >= 0 else len(text)]
        if _secret_value(value, password, after):
            yield NAMED_KIND, start, end, start


def _value_span(text: str, at: int) -> tuple[int, int] | None:
    if at + 1 < len(text) and text[at] == "\\" and text[at + 1] in "\"'":
        at += 1  # a quote escaped in a JSON string: `\"password\": \"…\"`
    if at >= len(text):
        return None
    quote = text[at]
    if quote in "\"'`":
        close = text.find(quote, at + 1)
        line = text.find("\n", at + 1)
        if close > at + 1 and (line < 0 or close < line):
            return at + 1, close - 1 if text[close - 1] == "\\" else close
        at += 1
    value = _VALUE.match(text, at)
    if value is None:
        return None
    start, end = value.span()
    while end > start and text[end - 1] in ",;)}]>.":
        end -= 1
    return (start, end) if end > start else None


_PLACEHOLDER_MARKS = ("${", "{{", "}}", "$(", "process.env", "os.environ", "getenv", "env[", "env.", "secrets.",
                      "vars.", "example", "changeme", "change_me", "change-me", "redacted", "placeholder", "your_",
                      "your-", "yourkey", "yourtoken", "yourpassword", "xxx", "***", "...", "<", ">")
_PLACEHOLDER_WORDS = frozenset({
    "password", "passwd", "pass", "secret", "token", "key", "apikey", "none", "null", "nil", "undefined", "true",
    "false", "yes", "no", "on", "off", "required", "optional", "empty", "unset", "hidden", "masked", "rotated",
    "n/a", "na", "tbd", "todo", "string", "value", "default", "test", "dummy", "sample", "foo", "bar", "foobar"})
_REFERENCE = ("/", "./", "../", "~/", "file:", "http:", "https:", "op://", "vault:", "sm://", "arn:", "env:",
              "keyring:", "gs://", "s3://", "ssm:", "azurekeyvault:", "secret:")
_IDENTIFIER = _Lazy(r"[a-z]+(?:[_.-][a-z]+)*|[A-Z]+(?:_[A-Z0-9]+)*|[a-z]+(?:[A-Z][a-z]+)+")
_NUMBERISH = _Lazy(r"[\d.,:_+-]+")
_REFERENCE_NAME = _Lazy(r"[a-z]+(?:[_.][a-z]+)+|[A-Z]+(?:_[A-Z0-9]+)+")  # a field or variable's name


def _placeholder(value: str) -> bool:
    """A stand-in for a secret, not one: `<your-key>`, `${VAR}`, `{{ .Values.x }}`, `xxxx`, `changeme`, …"""
    low = value.lower()
    if not value or value[0] in "<$%{[(*#":
        return True
    if any(mark in low for mark in _PLACEHOLDER_MARKS):
        return True
    return len(value) >= 4 and len(set(low)) <= 2 or low in _PLACEHOLDER_WORDS


def _placeholder_token(secret: str) -> bool:
    """A provider-shaped token filled with a stand-in (`ghp_xxxx…`, `AKIA${ID}`)."""
    low = secret.lower()
    return any(mark in low for mark in ("xxxx", "****", "${", "{{", "<"))


def _secret_value(value: str, password: bool, after: str) -> bool:
    """Whether a value named as a secret is one: long enough, no placeholder or reference, not a
    number or a plain word, not prose going on; a key or token also needs a secret's entropy."""
    if len(value) < (6 if password else 8) or _placeholder(value) or value.lower().startswith(_REFERENCE):
        return False
    if _NUMBERISH.fullmatch(value):
        return False
    if value.isalpha() and value.islower() and re.match(r"[ \t]+[A-Za-z]", after):
        return False  # `password: stored in the vault`: prose
    if _IDENTIFIER.fullmatch(value) and len(value) < 20 and (not password or _REFERENCE_NAME.fullmatch(value)):
        return False  # `sort_key: created_at`, `key: OPENAI_API_KEY`, `password: db.password`
    if password:
        return True
    return _entropy(value) >= min(3.0, _log2(len(value)) - 0.5)


def _log2(n: int) -> float:
    import math

    return math.log2(n)


def _entropy(value: str) -> float:
    """Shannon entropy in bits a character."""
    import math

    counts: dict[str, int] = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def _aws_secret(value: str) -> bool:
    """Whether a 40-character run found near `aws` looks like a secret access key: upper and lower
    case and digits (a SHA-1 in hex has no upper case), a random string's entropy, no placeholder
    (AWS's own docs' `…EXAMPLEKEY`), and not base64 of printable text."""
    import base64
    import binascii

    if not (any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)):
        return False
    if _placeholder(value) or _entropy(value) < 4.2:
        return False
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return True
    return not (raw.isascii() and raw.decode("ascii").isprintable())


def _basic_credentials(value: str) -> bool:
    """Whether `value` is base64 of `user:password` (RFC 7617), as a Basic authorization carries."""
    import base64
    import binascii

    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    user, colon, password = raw.partition(":")
    return bool(colon and password) and raw.isprintable()


# --- wallets: WIF keys and seed phrases -----------------------------------------------------------

_WORDS_RUN = _Lazy(r"(?<![a-zA-Z])(?:[a-z]{3,8}[^a-zA-Z\n]{1,6}){11,}[a-z]{3,8}(?![a-zA-Z])")
_WORD = _Lazy(r"[a-z]+")
_WIF = _Lazy(r"\b[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}\b")
_BIP39: frozenset[str] | None = None
SEED_LENGTHS = (12, 15, 18, 21, 24)


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


_LETTERS = _Lazy(r"[A-Za-z]+")


def _may_hold_seed(text: str) -> bool:
    """Whether twelve words of the BIP-39 list follow one another anywhere (only letters counted):
    what a seed phrase needs, found three times faster than the seed search itself, which then runs
    only on text that passes (a fleet's 40 MB of short lowercase words cost it 2.5 s). A short text,
    a message or a dispatch's record, is asked first whether it has twelve words in a row at all,
    before the list is read (13 ms); on a longer one that search is the slower of the two."""
    if len(text) < 12 * 3 + 11:
        return False
    if len(text) < 1024 and _WORDS_RUN.search(text) is None:
        return False
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


def _longest_run(text: str) -> int:
    """The longest run of characters without white space: what a WIF key (51) or a space-free
    pattern needs (`secret_rules.shortest_run`)."""
    return max((max(map(len, chunk.split()), default=0) for chunk in _chunks(text)), default=0)


_SPACE = _Lazy(r"\s")
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


# --- what the write commands hold back --------------------------------------------------------------

def cached_findings(text: str | Callable[[], str], text_digest: str, cache: Any) -> list[tuple[str, int, int]]:
    """`find_secrets(text)` as a list, cached by the text's digest and the rule set (lint's MEM501
    and the commands that hold a secret back share the entries: most files hold none). `text` may
    be a function that reads it, called only when the cache does not know the digest's findings."""
    from memctl.safe.keys import digest

    current = f"sec:{digest(ruleset())[:12]}:"  # findings cached by another rule set are not reused
    cache.retire("sec:", current)
    key = current + text_digest
    found = cache.get(key, _valid_findings)
    if found is None:
        found = [list(hit) for hit in find_secrets(text if isinstance(text, str) else text())]  # in one pass
        cache.put(key, found)
    return [(kind, start, end) for kind, start, end in found]


def held_in(doc: Any, start: int, end: int, cache: Any, why: str) -> str | None:
    """Why `doc.text[start:end]` is held back, when it holds what looks like a credential (found in
    the whole file, cached by its digest as lint's MEM501 finds it), in the words assemble's query
    excerpts and the hooks say it: `topics/keys.md:3: held back: holds a possible GitHub token
    (ghp_…); ` then `why`. None when it holds none."""
    for kind, first, last in cached_findings(doc.text, doc.digest, cache):
        if first < end and start < last:
            line = doc.text.count("\n", 0, max(first, start)) + 1
            return f"{doc.rel}:{line}: held back: holds a possible {kind} ({shown(doc.text[first:last])}); {why}"
    return None


def _valid_findings(value: object) -> bool:
    return type(value) is list and all(
        type(hit) is list and len(hit) == 3 and type(hit[0]) is str and type(hit[1]) is int and type(hit[2]) is int
        for hit in value)


def finding_lines(text: str, found: list[tuple[str, int, int]]) -> list[tuple[int, int, str, str]]:
    """Each finding as (first line, last line, kind, secret), lines 0-based: what a command that
    moves lines asks to hold back a line range that holds a secret."""
    if not found:
        return []
    from bisect import bisect_right

    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return [(bisect_right(starts, start) - 1, bisect_right(starts, max(start, end - 1)) - 1, kind, text[start:end])
            for kind, start, end in found]


def held_back(kind: str, secret: str, does: str) -> str:
    """Why a write command left something where it is: `holds a possible GitHub token (ghp_…);
    --allow-secrets moves it` (split's wording, each command saying what it would do)."""
    return f"holds a possible {kind} ({shown(secret)}); --allow-secrets {does}"


def carried(changes: Any, does: str) -> list[str]:
    """One line for each credential a write gives a file that did not hold it, named where it
    came from (`topics/ops.md:30: archived to archive/ops.md with a possible GitHub token (ghp_…)
    (--allow-secrets)`): what a command that --allow-secrets let move them says. `changes` are
    (rel, before, after) triples (safe.writer's FileChange)."""
    sources = [(change[0], change[1]) for change in changes if change[1]]
    lines = []
    for rel, before, after in ((change[0], change[1] or "", change[2]) for change in changes):
        for kind, start, end in find_secrets(after):
            secret = after[start:end]
            if secret in before:
                continue
            origin = next(((where, text) for where, text in sources if where != rel and secret in text), None)
            at = "" if origin is None else f"{origin[0]}:{origin[1].count(chr(10), 0, origin[1].find(secret)) + 1}: "
            lines.append(f"{at}{does} {rel} with a possible {kind} ({shown(secret)}) (--allow-secrets)")
    return lines


# --- what is shown --------------------------------------------------------------------------------

_LINE_PREFIX = _Lazy(r"[+\- \t>]*")


def shown(secret: str) -> str:
    return secret[:SHOWN] + "…"


def _hidden(secret: str) -> str:
    """A secret as messages show it: its first four characters; a later line of it (a key block's)
    keeps only its diff marker, indentation or quote mark, so a diff keeps its lines."""
    first, *rest = secret.split("\n")
    lines = [shown(first.rstrip("\r")) + ("\r" if first.endswith("\r") else "")]
    for line in rest:
        prefix = _LINE_PREFIX.match(line)
        lead = prefix.group(0) if prefix else ""
        lines.append(line if not line.strip() else lead + "…" + ("\r" if line.endswith("\r") else ""))
    return "\n".join(lines)


def redact(text: str) -> str:
    """`text` with each credential-like run cut to its first four characters, and so is a token a
    table or an excerpt cut off with `…` before memctl saw it whole (`sk-ant-api03-aUI7…`)."""
    if not text:
        return text
    spans = [(start, end) for _, start, end in find_secrets(text)]
    if "…" in text:
        spans = _with_cut_tokens(text, spans)
    if not spans:
        return text
    out, last = [], 0
    for start, end in spans:
        out.append(text[last:start])
        out.append(_hidden(text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


_NAMED_BEFORE = _Lazy(r"(?i)(?:password|passwd|secret|token|key|credential)[^\n]{0,24}$")
_CUT = _Lazy(r"[^\s…│|`'\"()\[\]<>=:,;]{8,}…")


def _with_cut_tokens(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` and the runs cut off by `…` that start like a provider's token (a literal of a rule
    whose matches are one word: `sk-ant-`, `ghp_`, `nsec1`), those not already hidden."""
    rules = _rules()
    cut = []
    for match in _CUT.finditer(text):
        run = match.group(0)[:-1]
        if any(match.start() < end and start < match.end() for start, end in spans):
            continue
        hits = [owners for _, owners in rules.needles.iter(run.lower())] if rules.any_needle else []
        if any(rules.in_words[i] and rules.kinds[i] not in _GENERIC for owners in hits for i in owners):
            cut.append(match.span())
            continue
        line = text.rfind("\n", 0, match.start()) + 1
        named = _NAMED_BEFORE.search(text[max(line, match.start() - 60) : match.start()])
        if named and _entropy(run) >= 3.0:  # `private key is 0xd459…`, `AWS_SECRET_ACCESS_KEY=O8EX…`
            cut.append(match.span())
    return sorted([*spans, *cut])


def redact_typed(text: str, typed: str) -> str:
    """`text` redacted, and the secrets found in `typed` (what the user typed: a query) hidden
    wherever one of their words appears in it, whole or cut off by `…`: a report shows a query's
    terms one by one, where no rule would know `9a44…` from a checksum any more."""
    text = redact(text)
    words = {word for _, start, end in find_secrets(typed) for word in _WORDS_OF_SECRET.findall(typed[start:end])
             if len(word) > SHOWN}  # a shorter one shows no more than its first four (`ghp` of `ghp_…`)
    if not words:
        return text
    alternatives = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    # in any case: a query's terms are shown lower-cased (`"terms": ["p4zxn3…"]`)
    text = re.sub(rf"(?i)(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])", lambda m: shown(m.group(0)), text)
    lowered = {word.lower() for word in words}

    def cut_off(match: re.Match[str]) -> str:
        part = match.group(1).lower()
        return shown(match.group(1)) if any(word.startswith(part) for word in lowered) else match.group(0)

    return re.sub(r"(?<![A-Za-z0-9])([A-Za-z0-9]{5,})…", cut_off, text)


_WORDS_OF_SECRET = _Lazy(r"[A-Za-z0-9]{3,}")
