"""The rules MEM501 and every message's redaction find credentials with, and their prefilters.

Two sources. The provider shapes detect-secrets keeps (its regex plugins: AWS, Azure, GitHub, GitLab,
Slack, Stripe, Telegram, Twilio, SendGrid, npm, PyPI, IBM, …) are taken from the installed package
at run time, so an upgrade of it brings its new rules. `OWN` adds the shapes detect-secrets lacks
(each with where its provider publishes the format) and the key blocks memctl must hide whole.

Each rule gets a prefilter derived from its own pattern (`needs`): the lower-cased literals one of
which every match contains, and, for a pattern that never matches white space, the shortest run
of non-space characters a match is. A text that offers neither skips the rule. Importing
detect-secrets costs 80 ms (it imports `requests`), more than a warm `memctl lint` on a small home
takes, so the derived table is kept in the user's signed cache (`rules.cache`), keyed by
memctl's own rules and the installed package's version and files: a run reads it and imports
nothing.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from typing import Any

# (kind, pattern, check). `(?P<s>…)`, when there, is the secret; else the whole match. `check`
# names a test the match must also pass (see secrets.CHECKS).
OWN: tuple[tuple[str, str, str], ...] = (
    # AWS secret access keys: 40 characters of base64's alphabet, with nothing to say what they are
    # (https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html#sec-access-keys-and-secret-access-keys);
    # as gitleaks and detect-secrets do, context decides: `aws` (not the end of a word: laws, jaws)
    # earlier on the same line, or on the line just above when that is no list item (`## AWS`,
    # `AWS:`; a blank line between or not): an entry's finding must not hang on which entry is
    # next to it, or consolidate, archiving one, would change another's; and the run (no longer
    # one: a path, a blob) passes `aws` (mixed case and digits, a secret's entropy, no
    # placeholder, not base64 of text)
    ("AWS secret access key", r"(?i)(?<![a-z])aws[^\n]{0,60}?(?<![a-z0-9/+])(?P<s>[a-z0-9/+]{40})(?![a-z0-9/+=])",
     "aws"),
    ("AWS secret access key", r"(?im)^(?![ \t]*(?:[-*+]|\d+[.)])[ \t])[^\n]{0,80}?(?<![a-z])aws(?![a-z])"
     r"[^\n]{0,80}\r?\n(?:[ \t]*\r?\n)?[^\n]{0,60}?(?<![a-z0-9/+])(?P<s>[a-z0-9/+]{40})(?![a-z0-9/+=])", "aws"),
    # https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats
    ("GitHub fine-grained token", r"\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\b", ""),
    # https://cloud.google.com/docs/authentication/api-keys ; OAuth client secrets start GOCSPX-
    ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])", ""),
    ("Google OAuth client secret", r"\bGOCSPX-[0-9A-Za-z_-]{28}(?![0-9A-Za-z_-])", ""),
    # https://docs.anthropic.com/en/api/overview#authentication (sk-ant-api03-…, sk-ant-admin01-…)
    ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{20,}", "token"),
    # https://platform.openai.com/docs/api-reference/authentication (sk-proj-…, sk-svcacct-…, sk-…)
    ("OpenAI API key", r"\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}", "token"),
    ("OpenAI API key", r"\bsk-[A-Za-z0-9]{32,}(?![A-Za-z0-9_-])", "token"),
    # https://openrouter.ai/docs/api-reference/authentication
    ("OpenRouter API key", r"\bsk-or-v1-[0-9a-f]{64}\b", ""),
    # https://huggingface.co/docs/hub/security-tokens
    ("Hugging Face token", r"\bhf_[A-Za-z]{34}\b", ""),
    # https://console.groq.com/docs/quickstart ; https://replicate.com/docs/reference/http#authentication
    ("Groq API key", r"\bgsk_[A-Za-z0-9]{52}\b", ""),
    ("Replicate token", r"\br8_[A-Za-z0-9]{37}\b", ""),
    # https://docs.perplexity.ai/guides/getting-started ; https://docs.x.ai/docs/tutorial
    ("Perplexity API key", r"\bpplx-[A-Za-z0-9]{48}\b", ""),
    ("xAI API key", r"\bxai-[A-Za-z0-9]{80}\b", ""),
    # https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/
    ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b", ""),
    # https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/generate-app-access-tokens-admin
    ("Shopify token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", ""),
    # https://docs.digitalocean.com/reference/api/create-personal-access-token/
    ("DigitalOcean token", r"\bdo[opr]_v1_[a-f0-9]{64}\b", ""),
    # https://docs.doppler.com/docs/token-formats
    ("Doppler token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b", ""),
    # https://linear.app/developers/graphql#personal-api-keys ; https://docs.databricks.com/aws/en/dev-tools/auth/pat
    ("Linear API key", r"\blin_api_[A-Za-z0-9]{40}\b", ""),
    ("Databricks token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b", ""),
    # https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes
    ("Vault token", r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}", "token"),
    # https://age-encryption.org/v1 (a bech32 X25519 identity, upper case)
    ("age secret key", r"\bAGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}\b", ""),
    # https://docs.docker.com/security/for-developers/access-tokens/
    ("Docker Hub token", r"\bdckr_pat_[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])", ""),
    # https://grafana.com/docs/grafana/latest/administration/service-accounts/
    ("Grafana service account token", r"\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b", ""),
    # https://learning.postman.com/docs/developer/postman-api/authentication/
    ("Postman API key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b", ""),
    # https://docs.mapbox.com/help/glossary/access-token/ (sk. is secret; pk. is public)
    ("Mapbox secret token", r"\bsk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}", ""),
    # NIP-19 (https://github.com/nostr-protocol/nips/blob/master/19.md): bech32 nsec
    ("Nostr private key", r"\bnsec1[02-9ac-hj-np-z]{58}\b", ""),
    # RFC 7519: header and claims are base64url JSON objects
    ("JSON web token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", ""),
    # RFC 6750 §2.1 and RFC 7617 §2 (base64 of user:password)
    ("bearer token", r"(?i)\bbearer[ \t]+(?P<s>[A-Za-z0-9._~+/-]{16,}=*)", "token"),
    ("basic auth credentials", r"(?i)\bbasic[ \t]+(?P<s>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", "basic"),
    # RFC 3986 §3.2.1 userinfo: scheme://user:password@host (postgres, mongodb+srv, redis, https, …)
    ("password in a URL", r"\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:@/]*:(?P<s>[^\s@/]+)@(?=[\w\[])", "value"),
    # https://ethereum.org/en/developers/docs/accounts/#account-creation: 64 hex, named as a private key
    ("Ethereum private key",
     r"(?i)(?<![a-z])priv(?:ate)?[ _-]?key(?![a-z])[^\n]{0,40}?(?<![0-9a-fA-Fx])(?P<s>(?:0x)?[0-9a-fA-F]{64})"
     r"(?![0-9a-fA-F])", ""),
    # .netrc (https://www.gnu.org/software/inetutils/manual/html_node/The-_002enetrc-file.html)
    (".netrc password", r"\bmachine[ \t]+\S+[ \t]+login[ \t]+\S+[ \t]+password[ \t]+(?P<s>\S+)", "value"),
    (".netrc password", r"(?im)^[ \t]*password[ \t]+(?P<s>\S+)[ \t]*$", "value"),
    # Key blocks (RFC 7468, OpenSSH's PROTOCOL.key, RFC 4880 §6.2, PuTTY's format): the secret is the
    # body, to the END line; `block` extends the match over it (see secrets._block_end).
    ("private key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----", "block"),
    ("private key", r"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----", "block"),
    ("PuTTY private key", r"(?m)^Private-Lines:[ \t]*\d+[ \t]*$", "block"),
    # the end of a block whose header is not in the text (a diff's hunk that starts inside it)
    ("private key", r"(?m)^(?P<s>(?:[+\- >]?[ \t]*[A-Za-z0-9+/=]{16,}[ \t]*\r?\n){1,100})[+\- >]?[ \t]*"
     r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----", "block-end"),
)
# detect-secrets' regex plugins memctl does not take: a public IP address is no credential
SKIPPED = frozenset({"Public IP (ipv4)"})
OWN_VERSION = 7  # bump when the engine reads the rules differently


# --- detect-secrets, found without importing it ---------------------------------------------------

def package_folder() -> str | None:
    """Where the installed detect_secrets package is (its folder), found without importing it."""
    for entry in sys.path:
        folder = os.path.join(entry or ".", "detect_secrets")
        if os.path.isfile(os.path.join(folder, "plugins", "base.py")):
            return folder
    return None


def package_identity(folder: str | None) -> str:
    """The installed package's version and files, so a new release rebuilds the derived table."""
    if folder is None:
        return "none"
    parts = [folder]
    for name in ("__version__.py", "plugins"):
        try:
            info = os.stat(os.path.join(folder, name))
            parts.append(f"{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            parts.append("-")
    try:
        with open(os.path.join(folder, "__version__.py"), encoding="utf-8") as handle:
            parts.append(handle.read(200).strip())
    except OSError:
        pass
    return "|".join(parts)


def package_rules() -> list[tuple[str, str, int]]:
    """detect-secrets' regex plugins as (kind, pattern, flags), asked through its own registry."""
    try:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
        from detect_secrets.plugins.base import RegexBasedDetector
    except ImportError:  # pragma: no cover - it is a dependency; without it, memctl's own rules
        return []
    rules = []
    plugin: Any
    for secret_type, plugin in sorted(get_mapping_from_secret_type_to_class().items()):
        if secret_type in SKIPPED or not issubclass(plugin, RegexBasedDetector):
            continue  # the keyword and entropy plugins: memctl's own named-value rule does their work
        for regex in plugin().denylist:
            kind = kind_name(secret_type)
            if kind == "AWS access key" and "{40}" in regex.pattern:
                kind = "AWS secret access key"  # the plugin names its secret-key pattern as its key id's
            rules.append((kind, regex.pattern, regex.flags & ~0x20))  # 0x20: re.UNICODE
    return rules


def kind_name(secret_type: str) -> str:
    """detect-secrets' "Slack Token" as memctl writes kinds: "Slack token" (names in capitals stay)."""
    first, *rest = secret_type.split(" ")
    return " ".join([first, *(w.lower() if w[:1].isupper() and w[1:].islower() else w for w in rest)])


# --- prefilters, derived from each pattern ----------------------------------------------------------

def _parser() -> Any:
    try:
        import re._parser as parser  # type: ignore[import-not-found]
    except ImportError:  # Python 3.10
        import sre_parse as parser
    return parser


_MAX_VARIANTS = 16


def needs(pattern: str, flags: int = 0, fold: bool = True) -> list[str]:
    """Literals one of which every match of `pattern` contains (lower-cased, unless `fold` is
    False); [] when there is none of two characters or more."""
    parser = _parser()
    best = _required(parser.parse(pattern, flags), parser, fold)
    return sorted(best) if best and min(map(len, best)) >= 2 else []


def _required(items: Any, parser: Any, fold: bool = True) -> set[str] | None:
    """The best set of literals (any of which a match holds) that a sequence of items requires."""
    constants = parser  # sre_constants' names are re-exported by the parser module
    candidates: list[set[str]] = []
    run: set[str] = {""}

    def close() -> None:
        nonlocal run
        if run != {""}:
            candidates.append(run)
        run = {""}

    for op, arg in items:
        chars = _chars(op, arg, constants, fold)
        if chars is not None and len(run) * len(chars) <= _MAX_VARIANTS:
            run = {prefix + c for prefix in run for c in chars}
            continue
        if op in (constants.AT, constants.ASSERT, constants.ASSERT_NOT):
            continue  # zero-width: the characters on either side stay next to each other
        if op is constants.SUBPATTERN or op is constants.BRANCH:
            starts, whole = _prefixes([(op, arg)], constants, fold)
            if len(run) * len(starts) <= _MAX_VARIANTS:
                run = {prefix + start for prefix in run for start in starts}  # (ghp|gho)_ -> ghp_, gho_
                if whole:
                    continue
        close()
        if op is constants.SUBPATTERN:
            inner = _required(arg[-1], parser, fold)
        elif op in (constants.MAX_REPEAT, constants.MIN_REPEAT) and arg[0] >= 1:
            inner = _required(arg[2], parser, fold)
        elif op is constants.BRANCH:
            branches = [_required(branch, parser, fold) for branch in arg[1]]
            inner = set().union(*branches) if all(branches) else None  # type: ignore[arg-type]
        else:
            inner = None
        if inner:
            candidates.append(inner)
    close()
    if not candidates:
        return None
    return max(candidates, key=lambda found: (min(map(len, found)), -len(found)))


def _prefixes(items: Any, c: Any, fold: bool) -> tuple[set[str], bool]:
    """The literal strings every match of `items` starts with, and whether they are the whole match."""
    run = {""}
    for op, arg in items:
        chars = _chars(op, arg, c, fold)
        if chars is not None:
            if len(run) * len(chars) > _MAX_VARIANTS:
                return run, False
            run = {prefix + char for prefix in run for char in chars}
            continue
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue
        if op is c.SUBPATTERN or op is c.BRANCH:
            parts = [_prefixes(branch, c, fold) for branch in ([arg[-1]] if op is c.SUBPATTERN else arg[1])]
            starts = set().union(*(found for found, _ in parts))
            if len(run) * len(starts) > _MAX_VARIANTS:
                return run, False
            run = {prefix + start for prefix in run for start in starts}
            if all(whole for _, whole in parts):
                continue
        return run, False
    return run, True


def _chars(op: Any, arg: Any, constants: Any, fold: bool = True) -> set[str] | None:
    """The characters (lower-cased when `fold`) one item matches, when it is one of a few literals."""
    if op is constants.LITERAL:
        return {chr(arg).lower() if fold else chr(arg)}
    if op is constants.IN and all(kind is constants.LITERAL for kind, _ in arg) and len(arg) <= 8:
        return {chr(value).lower() if fold else chr(value) for _, value in arg}
    return None


def shortest_run(pattern: str, flags: int = 0) -> int:
    """The length of a run of non-space characters that every match of `pattern` holds (0: none
    known): the whole match for a pattern that never matches white space, else its longest
    guaranteed stretch (`AccountKey=` + 88 characters, a keyword rule's 44-character value)."""
    parser = _parser()
    parsed = parser.parse(pattern, flags)
    return _run(list(parsed), parsed.state, parser)


def _run(items: list[Any], state: Any, parser: Any) -> int:
    c = parser
    best = current = 0
    for op, arg in items:
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue  # zero-width: the characters on either side stay next to each other
        if _no_space([(op, arg)], parser):
            current += parser.SubPattern(state, [(op, arg)]).getwidth()[0]
            best = max(best, current)
            continue
        current = 0
        if op is c.SUBPATTERN:
            best = max(best, _run(list(arg[-1]), state, parser))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT) and arg[0] >= 1:
            best = max(best, _run(list(arg[2]), state, parser))
        elif op is c.BRANCH:
            best = max(best, min(_run(list(branch), state, parser) for branch in arg[1]))
    return best


def _no_space(items: Any, parser: Any) -> bool:
    c = parser
    for op, arg in items:
        if op is c.LITERAL:
            if chr(arg).isspace():
                return False
        elif op is c.NOT_LITERAL or op is c.ANY:
            return False
        elif op is c.IN:
            if not _class_without_space(arg, c):
                return False
        elif op is c.SUBPATTERN:
            if not _no_space(arg[-1], parser):
                return False
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
            if not _no_space(arg[2], parser):
                return False
        elif op is c.BRANCH:
            if not all(_no_space(branch, parser) for branch in arg[1]):
                return False
        elif op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            continue
        else:
            return False  # a back reference, a conditional: not worth reasoning about
    return True


def _class_without_space(items: Any, c: Any) -> bool:
    if items and items[0][0] is c.NEGATE:  # [^…]: space-free when it excludes \s
        return any(op is c.CATEGORY and arg is c.CATEGORY_SPACE for op, arg in items[1:])
    for op, arg in items:
        if op is c.LITERAL and chr(arg).isspace():
            return False
        if op is c.RANGE and any(chr(n).isspace() for n in range(arg[0], arg[1] + 1)):
            return False
        if op is c.CATEGORY and arg not in (c.CATEGORY_DIGIT, c.CATEGORY_WORD, c.CATEGORY_NOT_SPACE):
            return False
    return True


def within_a_word(pattern: str, flags: int = 0) -> bool:
    """Whether every match lies inside one run of non-space characters and nothing in the pattern
    looks at where lines begin or end: such a rule may search only a text's long runs."""
    parser = _parser()
    parsed = parser.parse(pattern, flags)
    anchors = {getattr(parser, name) for name in ("AT_BEGINNING", "AT_BEGINNING_LINE", "AT_BEGINNING_STRING",
                                                  "AT_END", "AT_END_LINE", "AT_END_STRING")}

    def anchored(items: Any) -> bool:
        for op, arg in items:
            if op is parser.AT and arg in anchors:
                return True
            inner = (arg[-1] if op is parser.SUBPATTERN else arg[2] if op in (parser.MAX_REPEAT, parser.MIN_REPEAT)
                     else arg[1] if op in (parser.ASSERT, parser.ASSERT_NOT) else None)
            if inner is not None and anchored(inner):
                return True
            if op is parser.BRANCH and any(anchored(branch) for branch in arg[1]):
                return True
        return False

    return _no_space(parsed, parser) and not anchored(parsed)


def has_back_reference(pattern: str, flags: int = 0) -> bool:
    """A pattern with a numbered back reference cannot be one branch of the combined search."""
    parser = _parser()

    def walk(items: Any) -> bool:
        for op, arg in items:
            if op in (parser.GROUPREF, getattr(parser, "GROUPREF_EXISTS", None)):
                return True
            if op is parser.SUBPATTERN and walk(arg[-1]):
                return True
            if op in (parser.MAX_REPEAT, parser.MIN_REPEAT) and walk(arg[2]):
                return True
            if op is parser.BRANCH and any(walk(branch) for branch in arg[1]):
                return True
            if op in (parser.ASSERT, parser.ASSERT_NOT) and walk(arg[1]):
                return True
        return False

    return walk(parser.parse(pattern, flags))


# --- the table, built once and kept in the user's cache -------------------------------------------

_FLAGS = {"i": 2, "m": 8, "s": 16, "x": 64}  # re.IGNORECASE, MULTILINE, DOTALL, VERBOSE


def split_flags(pattern: str) -> tuple[str, int]:
    """`(?im)…` as (`…`, its flags): the combined search gives each rule its flags in a scoped group."""
    import re

    lead = re.match(r"\(\?([imsx]+)\)", pattern)
    if lead is None:
        return pattern, 0
    flags = 0
    for letter in lead.group(1):
        flags |= _FLAGS[letter]
    return pattern[lead.end():], flags


WEAK = 3  # literals shorter than this are common in prose ("ap", "key"): a long run filters better
STRONG_RUN = 20


def build_table() -> list[list[Any]]:
    """Every rule as [kind, pattern, flags, check, needs, shortest run, alone, exact needs, in words]:
    memctl's own, then detect-secrets'. `alone`: searched by itself, not as a branch of the combined
    search; exact needs: for a pattern that minds case, the same literals as it writes them; in
    words: every match lies in one run without spaces (see `within_a_word`)."""
    rows = []
    for kind, pattern, check in OWN:
        body, flags = split_flags(pattern)
        rows.append((kind, body, flags, check, True))
    for kind, pattern, flags in package_rules():
        body, more = split_flags(pattern)
        rows.append((kind, body, flags | more, "", False))
    table = []
    for kind, pattern, flags, check, own in rows:
        row = _row(kind, pattern, flags, check)
        if own or not keyword_only(row):
            table.append(row)
    return table


def _row(kind: str, pattern: str, flags: int, check: str) -> list[Any]:
    found, run = needs(pattern, flags), shortest_run(pattern, flags)
    if found and min(map(len, found)) < WEAK and run >= STRONG_RUN:
        found = []  # dropping a prefilter only ever searches more, never less
    minds_case = not flags & 2 and "(?i" not in pattern
    exact = needs(pattern, flags, fold=False) if found and minds_case else []
    return [kind, pattern, flags, check, found, run, has_back_reference(pattern, flags), exact,
            within_a_word(pattern, flags)]


NAME_WORDS = frozenset({"key", "pass", "password", "passwd", "pwd", "pw", "token", "secret"})


def keyword_only(row: list[Any]) -> bool:
    """A pattern of detect-secrets' keyword kind (`ibm_cloud_iam_api_key = …`): no literal but a
    secret's name, or a short one, filters it and it may span spaces, so it would be searched in
    nearly every text (a fleet's status report took three times as long). memctl leaves these out:
    its named-value rule finds the same assignments, with placeholders and entropy."""
    found, exact, in_words = row[4], row[7], row[8]
    names = all("".join(c for c in needle if c.isalpha()) in NAME_WORDS for needle in found)
    strong = bool(found) and min(map(len, found)) >= WEAK and not names
    return not (strong or exact or in_words)


def valid_table(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(row, list) and len(row) == 9 and isinstance(row[0], str) and isinstance(row[1], str)
        and type(row[2]) is int and isinstance(row[3], str) and isinstance(row[4], list)
        and all(isinstance(n, str) and n for n in row[4]) and type(row[5]) is int and type(row[6]) is bool
        and isinstance(row[7], list) and all(isinstance(n, str) and n for n in row[7]) and type(row[8]) is bool
        for row in value)


def table_key() -> str:
    from memctl.safe.keys import digest

    return f"rules:{OWN_VERSION}:{digest(repr(OWN))[:16]}:{digest(package_identity(package_folder()))[:16]}"


def load_table() -> tuple[str, list[list[Any]]]:
    """The rules and the key naming them: from the user's signed cache when it has them, else built
    (importing detect-secrets) and kept there for the next run."""
    from memctl.model.cache import Cache
    from memctl.safe.keys import cache_folder, user_key

    key = table_key()
    secret, problem = user_key()
    cache = Cache(None) if problem else Cache(os.path.join(cache_folder(), "rules.cache"), secret)
    table = cache.get(key, valid_table)
    if table is None:
        table = build_table()
        for old, _ in list(cache.items()):
            if old.startswith("rules:") and old != key:
                cache.put(old, None)
        cache.put(key, table)
        cache.save()
    return key, table
