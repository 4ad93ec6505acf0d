"""MEM501 and the redaction of every message: real credentials found, look-alikes left alone."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memctl.model.secrets import find_secrets, redact

SEED = ("legal winner thank year wave sausage worth useful legal winner thank yellow")  # BIP-39's test vector
TRUE = [
    ("HIRO_API_KEY=9f8e7d6c5b4a3f2e", "password or secret assignment"),
    ("DB_PASSWORD: hunter2222", "password or secret assignment"),
    ("export ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "Anthropic API key"),
    ("GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB", "GitHub token"),
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIzNA", "JSON web token"),
    ("Authorization: Bearer 9f8e7d6c5b4a3f2e1d0c9b8a", "bearer token"),
    ("session: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIzNA", "JSON web token"),
    ("nostr: nsec1" + "q" * 58, "Nostr private key"),
    ("key sk-proj-abcdefghijklmnopqrstuvwx", "OpenAI API key"),
    ("AKIAIOSFODNN7EXAMPLE is the deploy user", "AWS access key"),
    ("slack xoxb-123456789012-abcdefghijkl", "Slack token"),
    ("stripe sk_live_abcdefghijklmnopqrstuvwx", "Stripe access key"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----", "private key"),
    (f"wallet seed: {SEED}", "seed phrase"),
    ("1. legal 2. winner 3. thank 4. year 5. wave 6. sausage 7. worth 8. useful 9. legal 10. winner "
     "11. thank 12. yellow", "seed phrase"),
    ("wif 5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ", "WIF private key"),
]
LOOK_ALIKES = [
    "API_KEY=<your key>",
    "password: ${DB_PASSWORD}",
    "api_key: <from vault>",
    "We rotate the password every week and keep it in the vault.",
    "token: abc",
    "commit 3f2a9c1d2e8b7a6f5e4d3c2b1a0f9e8d7c6b5a49 fixed the build",
    "request id 123e4567-e89b-12d3-a456-426614174000",
    "The agents that run the deploys have their own keys; ask arc-1 for a new one when it expires.",
    "I learned that we should wait for one green run, then tag the release and write the changelog entry.",
    "password=changeme",
    "secret: xxxxxxxx",
]


@pytest.mark.parametrize(("text", "kind"), TRUE)
def test_real_credentials_are_found_and_shown_by_four_characters(text, kind):
    found = list(find_secrets(text))
    assert found and found[0][0] == kind
    _, start, end = found[0]
    assert text[start:end] not in redact(text) and redact(text).count("…") >= 1


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes_pass(text):
    assert list(find_secrets(text)) == [] and redact(text) == text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from([
    "token", "TOKEN", "api_key", "Secret", "passwd", "pwd", "password", "key", "tokens", "monkey",
    ": ", "=", " = ", "\"", "'", " ", "\n", "hunter2222", "s3cr3t-value-9", "ghp_", "gh", "sk-", "bearer ",
    "AKIA", "ABCDEFGHIJKLMNOP", "x" * 6, "<token>", "example", "${TOKEN}", "github_pat_", "a1" * 20,
    "ghu_", "ghs_", "ghr_", "gho_", "GHP_", "xoxb-", "AIza", "sk_live_", "nsec1", "eyJ", "-----BEGIN PRIVATE KEY-----",
    "AC", "SK", "ab12" * 8, "glpat-", "https://", "u:", "p4ss", "@db", "AccountKey=", "A1b2C3d4" * 11, "MIIE" * 16,
    "-----END PRIVATE KEY-----", "\\n", "+", "shpat_", "0x", "deadbeef" * 8, "private key ", "12345678:",
    "AP0", "Basic ", "dXNlcjpwYXNzd29yZA==", "machine h login u password ", "DB_PASSWORD=", "apiKey: ", "İ",
    "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ", "KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617",
    "legal ", "winner ", "thank ", "year ", "wave, ", "sausage-", "1. worth ", "useful\n", "Legal ", "yellow ",
    SEED, SEED.replace(" ", ", "), SEED.replace(" ", "\n"),
    " ".join(f"{n}. {w}" for n, w in enumerate(SEED.split(), 1)),
]), max_size=30))
@example([" ", "ghu_", "a1" * 20]).via("a token kind the old need missed")
@example(["GHS_", "a1" * 20])
@example(['"tokens"', ": ", "12"])
@example(["api_key", "=", "s3cr3t-value-9"])
@example([SEED])
def test_the_prefilter_never_hides_what_the_full_search_finds(monkeypatch, parts):
    """The literal checks that let a text skip a pattern are necessary conditions: with them off
    (every pattern searched on every text), or reading the text in pieces, the findings are the same."""
    from memctl.model import secret_rules, secrets

    text = "".join(parts)
    fast = list(secrets.find_secrets(text))
    if text == " ghu_" + "a1" * 20:
        assert fast and fast[0][0] == "GitHub token"
    with monkeypatch.context() as patched:  # the prefilters read a long text in pieces: cut it everywhere
        patched.setattr(secrets, "_CHUNK", 3)
        assert list(secrets.find_secrets(text)) == fast
        assert "".join(secrets._chunks(text)) == text
    with monkeypatch.context() as patched:  # every rule searched in every text, no prefilter at all
        key, table = secret_rules.load_table()
        patched.setattr(secrets, "_RULES", secrets._Rules(key, [[*row[:4], [], 0, row[6], [], False] for row in table]))
        patched.setattr(secrets, "_may_hold_seed", lambda text: True)
        patched.setattr(secrets, "_longest_run", lambda text: 1 << 30)
        assert list(secrets.find_secrets(text)) == fast


# --- diffs: a credential is found in the file, not in the hunk -------------------------------------

KEY_BODY = ["MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi" + f"{n:02d}" + "Zq8xWvYtRsPqOnMlKjIhGfEdCbA0123456789"
            for n in range(20)]
KEY = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(KEY_BODY) + "\n-----END RSA PRIVATE KEY-----\n"


def test_a_hunk_inside_a_key_block_hides_every_line_and_still_shows_the_change():
    """A line in the middle of a key block changes: the hunk shows neither the BEGIN nor the END
    line, and every line of it is still hidden, the changed one as a change."""
    from memctl.commands.diff import text_diff

    before = f"# Keys\n\n{KEY}\nmore\n"
    after = before.replace(KEY_BODY[10], KEY_BODY[10][::-1])
    diff = text_diff(before, after, "a/keys.md", "b/keys.md")
    assert "BEGIN" not in diff and "END" not in diff
    assert not [line for line in KEY_BODY if line[4:16] in diff]
    assert diff.splitlines() == ["--- a/keys.md", "+++ b/keys.md", "@@ -11,7 +11,7 @@", " …", " …", " …", "-…", "+…",
                                 " …", " …", " …"]


def test_a_key_block_in_a_file_of_lone_cr_line_ends_is_hidden_in_a_diff_too():
    """Redaction keeps a block's `\\n`s; with lone CRs the redacted file has fewer lines than the
    diff's, and each line is hidden on its own when it is part of a finding of the whole file."""
    from memctl.commands.diff import text_diff

    before = f"# Keys\n\n{KEY}\nmore\n".replace("\n", "\r")
    after = before.replace(KEY_BODY[10], KEY_BODY[10][::-1])
    diff = text_diff(before, after, "a/keys.md", "b/keys.md")
    assert not [line for line in KEY_BODY if line[4:16] in diff]
    assert "\n-…\r\n" in diff and "\n+…\r\n" in diff and diff.count("…") == 8


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["a\n", "b\n", "c", "\n", "d\r\n", "# h\n", "x y z\n", "é\n", ""]), max_size=25),
       st.lists(st.sampled_from(["a\n", "b\n", "c", "\n", "d\r\n", "# h\n", "q\n", ""]), max_size=25))
def test_a_diff_without_secrets_is_the_one_difflib_writes(old, new):
    import difflib

    from memctl.commands.diff import text_diff

    before, after = "".join(old), "".join(new)
    expected = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                       for line in difflib.unified_diff(before.splitlines(keepends=True),
                                                        after.splitlines(keepends=True), "a/x.md", "b/x.md"))
    assert text_diff(before, after, "a/x.md", "b/x.md") == expected
