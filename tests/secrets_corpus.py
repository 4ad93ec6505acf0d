"""A corpus of credential shapes as people paste them into memory, and look-alikes that are not.

Every value is made here, at test time, from a seeded random source: well-formed (the provider's
published prefix, length and alphabet; a checksum where the format has one) but never a real
credential. Prefixes are joined from parts so that no literal in this file is a token a secret
scanner (GitHub's push protection) would take for a real one. The comment beside each shape names
where its format is published.

`SHAPES` holds (name, text, secrets): `text` is what a memory file says, `secrets` the parts of it
that must never be printed past their first four characters. `LOOK_ALIKES` holds texts that must
raise nothing.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string

R = random.Random(26)
UPPER, LOWER, DIGITS = string.ascii_uppercase, string.ascii_lowercase, string.digits
ALNUM = UPPER + LOWER + DIGITS
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "-_"
BASE64 = ALNUM + "+/"


def pick(alphabet: str, n: int) -> str:
    """`n` characters of `alphabet`, with at least one digit and one letter where the alphabet has both."""
    while True:
        value = "".join(R.choice(alphabet) for _ in range(n))
        if n < 8 or not (set(alphabet) & set(DIGITS)) or not (set(alphabet) & set(ALNUM) - set(DIGITS)):
            return value
        if set(value) & set(DIGITS) and set(value) & (set(ALNUM) - set(DIGITS)):
            return value


def random_bytes(n: int) -> bytes:
    return bytes(R.getrandbits(8) for _ in range(n))


def j(*parts: str) -> str:
    return "".join(parts)


# --- encodings with checksums, so that the values are valid, not just the right length -------------

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58check(payload: bytes) -> str:
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    number, out = int.from_bytes(raw, "big"), ""
    while number:
        number, rest = divmod(number, 58)
        out = _B58[rest] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def bech32(hrp: str, data: bytes) -> str:
    """BIP-173's bech32 (https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki), as NIP-19 and age use it."""
    def polymod(values: list[int]) -> int:
        generator = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
        chk = 1
        for value in values:
            top = chk >> 25
            chk = (chk & 0x1FFFFFF) << 5 ^ value
            for i in range(5):
                chk ^= generator[i] if (top >> i) & 1 else 0
        return chk

    acc, bits, five = 0, 0, []
    for byte in data:
        acc, bits = (acc << 8) | byte, bits + 8
        while bits >= 5:
            bits -= 5
            five.append((acc >> bits) & 31)
    if bits:
        five.append((acc << (5 - bits)) & 31)
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    check = polymod(expanded + five + [0] * 6) ^ 1
    five += [(check >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(_BECH32[d] for d in five)


def seed_phrase() -> str:
    from mnemonic import Mnemonic

    return Mnemonic("english").to_mnemonic(random_bytes(16))


def pem(label: str, lines: int) -> tuple[str, list[str]]:
    body = [pick(BASE64, 64) for _ in range(lines)] + [pick(BASE64, 20) + "=="]
    return "\n".join([f"-----BEGIN {label}-----", *body, f"-----END {label}-----"]), body


# --- the shapes ------------------------------------------------------------------------------------

def _shapes() -> list[tuple[str, str, list[str]]]:
    s: list[tuple[str, str, list[str]]] = []

    def add(name: str, template: str, *secrets: str) -> None:
        s.append((name, template.format(*secrets), list(secrets)))

    # AWS: access key ids start AKIA (long-term) or ASIA (temporary), 20 characters of A-Z and 2-7;
    # the secret access key is 40 characters of base64.
    # https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids
    # https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html
    add("AWS access key id", "deploy user's key is {0}", j("AK", "IA", pick(UPPER + "234567", 16)))
    add("AWS temporary key id", "AWS_ACCESS_KEY_ID={0}", j("AS", "IA", pick(UPPER + "234567", 16)))
    add("AWS secret access key (credentials file)", "[default]\naws_secret_access_key = {0}", pick(BASE64, 40))
    add("AWS secret access key (environment)", "export AWS_SECRET_ACCESS_KEY={0}", pick(BASE64, 40))
    # https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-envvars.html (AWS_SESSION_TOKEN)
    add("AWS session token", "AWS_SESSION_TOKEN={0}", j("IQoJb3JpZ2luX2Vj", pick(BASE64, 300)))
    # GitHub: ghp_ (classic), gho_ (OAuth), ghs_ (app installation), 36 base62 characters after the
    # prefix; fine-grained tokens are github_pat_ + 22 + _ + 59.
    # https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/
    # https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats
    add("GitHub classic token", "GITHUB_TOKEN={0}", j("gh", "p_", pick(ALNUM, 36)))
    add("GitHub OAuth token", "oauth token for the bot: {0}", j("gh", "o_", pick(ALNUM, 36)))
    add("GitHub app token in a clone URL", "git clone https://x-access-token:{0}@github.com/acme/infra.git",
        j("gh", "s_", pick(ALNUM, 36)))
    add("GitHub fine-grained token", "- fine-grained PAT (expires March): {0}",
        j("github", "_pat_", pick(ALNUM, 22), "_", pick(ALNUM, 59)))
    # GitLab: glpat- personal, glptt- trigger (40 hex), glrt- runner, gldt- deploy tokens.
    # https://docs.gitlab.com/security/tokens/#token-prefixes
    add("GitLab personal token", "gitlab: {0}", j("gl", "pat-", pick(URLSAFE, 20)))
    add("GitLab trigger token", "curl -F token={0} -F ref=main", j("gl", "ptt-", pick(HEX, 40)))
    add("GitLab runner token", "runner registered with {0}", j("gl", "rt-", pick(URLSAFE, 20)))
    # Slack: xoxb- (bot) and xoxp- (user) tokens; incoming webhooks are hooks.slack.com/services/T…/B…/….
    # https://docs.slack.dev/authentication/tokens  https://docs.slack.dev/messaging/sending-messages-using-incoming-webhooks
    add("Slack bot token", "SLACK_BOT_TOKEN={0}", j("xo", "xb-", pick(DIGITS, 12), "-", pick(DIGITS, 13), "-",
                                                      pick(ALNUM, 24)))
    add("Slack user token", "slack user token {0}", j("xo", "xp-", pick(DIGITS, 12), "-", pick(DIGITS, 12), "-",
                                                      pick(DIGITS, 13), "-", pick(HEX, 32)))
    add("Slack incoming webhook", "alerts go to {0}",
        j("https://hooks.", "slack.com/services/T", pick(UPPER + DIGITS, 8), "/B", pick(UPPER + DIGITS, 10), "/",
          pick(ALNUM, 24)))
    # Stripe: secret keys sk_live_, restricted keys rk_live_. https://docs.stripe.com/keys
    add("Stripe secret key", "stripe: {0}", j("sk", "_live_", pick(ALNUM, 24)))
    add("Stripe restricted key", "STRIPE_KEY={0}", j("rk", "_live_", pick(ALNUM, 99)))
    # Google: API keys are AIza + 35 characters of [0-9A-Za-z_-]; OAuth client secrets start GOCSPX-;
    # a service account's JSON key holds a PKCS#8 PEM in "private_key", its newlines written \n.
    # https://cloud.google.com/docs/authentication/api-keys  https://cloud.google.com/iam/docs/keys-create-delete
    # https://developers.google.com/identity/protocols/oauth2 (client secret) and Google's note on the GOCSPX- prefix
    add("Google API key", "maps key {0}", j("AI", "za", pick(URLSAFE, 35)))
    add("Google OAuth client secret", '"client_secret": "{0}"', j("GOC", "SPX-", pick(URLSAFE, 28)))
    body = [pick(BASE64, 64) for _ in range(3)]
    s.append(("Google service-account JSON private_key",
              '{"type": "service_account", "private_key_id": "' + pick(HEX, 40) + '", "private_key": '
              '"-----BEGIN PRIVATE KEY-----\\n' + "\\n".join(body) + '\\n-----END PRIVATE KEY-----\\n"}', body))
    # OpenAI: keys start sk-proj- (project) or sk-svcacct-; older ones sk- + 20 + T3BlbkFJ + 20.
    # https://platform.openai.com/docs/api-reference/authentication
    add("OpenAI project key", "OPENAI_API_KEY={0}", j("sk", "-proj-", pick(URLSAFE, 156)))
    add("OpenAI legacy key", "openai {0}", j("sk", "-", pick(ALNUM, 20), "T3Blbk", "FJ", pick(ALNUM, 20)))
    # Anthropic: sk-ant-api03- + 93 characters + AA; admin keys sk-ant-admin01-.
    # https://docs.anthropic.com/en/api/overview#authentication (x-api-key) and the key format Anthropic
    # registers with GitHub secret scanning (https://docs.github.com/en/code-security/secret-scanning/introduction/supported-secret-scanning-patterns)
    add("Anthropic API key", "export ANTHROPIC_API_KEY={0}", j("sk", "-ant-api03-", pick(URLSAFE, 93), "AA"))
    add("Anthropic admin key", "admin key: {0}", j("sk", "-ant-admin01-", pick(URLSAFE, 93), "AA"))
    # Hugging Face: hf_ + 34 letters. https://huggingface.co/docs/hub/security-tokens
    add("Hugging Face token", "HF_TOKEN={0}", j("hf", "_", pick(UPPER + LOWER, 34)))
    # OpenRouter: sk-or-v1- + 64 hex. https://openrouter.ai/docs/api-reference/authentication
    add("OpenRouter key", "openrouter {0}", j("sk", "-or-v1-", pick(HEX, 64)))
    # Groq: gsk_ + 52. https://console.groq.com/docs/quickstart
    add("Groq key", "GROQ_API_KEY={0}", j("gs", "k_", pick(ALNUM, 52)))
    # Replicate: r8_ + 37. https://replicate.com/docs/reference/http#authentication
    add("Replicate token", "REPLICATE_API_TOKEN={0}", j("r8", "_", pick(ALNUM, 37)))
    # npm: npm_ + 36 base62; in .npmrc as //registry/:_authToken=.
    # https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/  https://docs.npmjs.com/cli/configuring-npm/npmrc
    add("npm token", "//registry.npmjs.org/:_authToken={0}", j("np", "m_", pick(ALNUM, 36)))
    # PyPI: pypi- + a macaroon whose base64 starts AgEIcHlwaS5vcmc ("pypi.org"). https://pypi.org/help/#apitoken
    add("PyPI token", "TWINE_PASSWORD={0}", j("pypi", "-AgEIcHlwaS5vcmc", pick(URLSAFE, 150)))
    # Telegram: the bot's id, a colon, 35 characters. https://core.telegram.org/bots/api#authorizing-your-bot
    add("Telegram bot token", "telegram bot {0}", j(pick("123456789", 1), pick(DIGITS, 9), ":AA", pick(URLSAFE, 33)))
    # Discord bot tokens: base64 user id . timestamp . HMAC. https://discord.com/developers/docs/reference#authentication
    add("Discord bot token", "DISCORD_TOKEN={0}",
        j("MT", pick(ALNUM, 24), ".", pick(URLSAFE, 6), ".", pick(URLSAFE, 38)))
    # Azure Storage: a connection string's AccountKey is 64 bytes in base64 (88 characters).
    # https://learn.microsoft.com/en-us/azure/storage/common/storage-configure-connection-string
    add("Azure storage connection string",
        "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={0};EndpointSuffix=core.windows.net",
        pick(BASE64, 86) + "==")
    # Shopify: shpat_ (admin API), shpss_ (shared secret), 32 hex.
    # https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/generate-app-access-tokens-admin
    add("Shopify admin token", "shopify {0}", j("sh", "pat_", pick(HEX, 32)))
    add("Shopify shared secret", "SHOPIFY_API_SECRET={0}", j("sh", "pss_", pick(HEX, 32)))
    # Ethereum: a private key is 64 hex characters (32 bytes), often written 0x….
    # https://ethereum.org/en/developers/docs/accounts/#account-creation
    add("Ethereum private key (variable)", "ETH_PRIVATE_KEY=0x{0}", pick(HEX, 64))
    add("Ethereum private key (prose)", "the deployer wallet's private key is {0}", "0x" + pick(HEX, 64))
    # URLs with a password: RFC 3986 §3.2.1 userinfo; each database's URI form.
    # https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS
    # https://www.mongodb.com/docs/manual/reference/connection-string/  https://www.iana.org/assignments/uri-schemes/prov/redis
    # https://dev.mysql.com/doc/refman/8.4/en/connecting-using-uri-or-key-value-pairs.html  https://www.rabbitmq.com/docs/uri-spec
    add("Postgres URL", "DATABASE_URL=postgres://app:{0}@db.internal:5432/app", pick(ALNUM, 16))
    add("Postgres URL (postgresql, query)", "psql 'postgresql://report:{0}@10.0.4.12/metrics?sslmode=require'",
        pick(ALNUM + "!*-", 20))
    add("MongoDB SRV URL", "mongo: mongodb+srv://svc-api:{0}@cluster0.ab1cd.mongodb.net/?retryWrites=true",
        pick(ALNUM, 18))
    add("Redis URL with only a password", "REDIS_URL=redis://:{0}@cache.internal:6379/0", pick(ALNUM, 24))
    add("HTTPS URL with user and password", "mirror at https://deploy:{0}@artifacts.acme.dev/simple/", pick(ALNUM, 14))
    add("MySQL URL", "mysql://root:{0}@127.0.0.1:3306/shop", pick(ALNUM, 12))
    add("AMQP URL", "broker amqps://worker:{0}@mq.acme.dev/vhost", pick(ALNUM, 20))
    # PEM and OpenSSH key blocks: RFC 7468 (PRIVATE KEY), OpenSSL's RSA/EC labels (RFC 8017 A.1.2, RFC 5915),
    # OpenSSH's PROTOCOL.key, OpenPGP's armor (RFC 4880 §6.2).
    for label, name in (("RSA PRIVATE KEY", "RSA private key block"), ("OPENSSH PRIVATE KEY", "OpenSSH private key"),
                        ("EC PRIVATE KEY", "EC private key block"), ("PGP PRIVATE KEY BLOCK", "PGP private key")):
        block, lines = pem(label, 4)
        s.append((name, f"Key for the bastion:\n\n```\n{block}\n```\n", lines))
    # JSON Web Tokens: RFC 7519 (three base64url parts, the first two JSON).
    add("JSON web token", "session cookie: {0}", j("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI",
                                                    pick(ALNUM, 20), "In0.", pick(URLSAFE, 43)))
    # HTTP authorization: RFC 6750 §2.1 (Bearer), RFC 7617 §2 (Basic, base64 of user:password).
    add("Bearer header", "curl -H 'Authorization: Bearer {0}' https://api.acme.dev", pick(URLSAFE, 40))
    add("Basic auth header", "Authorization: Basic {0}",
        base64.b64encode(f"deploy:{pick(ALNUM, 18)}".encode()).decode())
    # SendGrid: SG. + 22 + . + 43. https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys
    add("SendGrid key", "SENDGRID_API_KEY={0}", j("S", "G.", pick(URLSAFE, 22), ".", pick(URLSAFE, 43)))
    # Twilio: auth tokens are 32 hex characters. https://www.twilio.com/docs/iam/api/authtoken
    add("Twilio auth token", "TWILIO_AUTH_TOKEN={0}", pick(HEX, 32))
    # Mailchimp: 32 hex + -us + data centre. https://mailchimp.com/developer/marketing/guides/quick-start/
    add("Mailchimp key", "mailchimp {0}", pick(HEX, 32) + "-us21")
    # DigitalOcean: dop_v1_ + 64 hex. https://docs.digitalocean.com/reference/api/create-personal-access-token/
    add("DigitalOcean token", "do token {0}", j("do", "p_v1_", pick(HEX, 64)))
    # Doppler: dp.pt. + 43. https://docs.doppler.com/docs/token-formats
    add("Doppler token", "DOPPLER_TOKEN={0}", j("dp", ".pt.", pick(ALNUM, 43)))
    # Linear: lin_api_ + 40. https://linear.app/developers/graphql#personal-api-keys
    add("Linear key", "linear {0}", j("lin", "_api_", pick(ALNUM, 40)))
    # Databricks: dapi + 32 hex. https://docs.databricks.com/aws/en/dev-tools/auth/pat
    add("Databricks token", "databricks token {0}", j("da", "pi", pick(HEX, 32)))
    # HashiCorp Vault: service tokens hvs. + 90+. https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes
    add("Vault token", "VAULT_TOKEN={0}", j("hv", "s.", pick(URLSAFE, 92)))
    # age: AGE-SECRET-KEY-1 + bech32 of 32 bytes, upper case. https://age-encryption.org/v1
    add("age secret key", "# age key\n{0}", bech32("age-secret-key-", random_bytes(32)).upper())
    # Docker Hub: dckr_pat_ + 27. https://docs.docker.com/security/for-developers/access-tokens/
    add("Docker Hub token", "docker login -u acme -p {0}", j("dc", "kr_pat_", pick(URLSAFE, 27)))
    # Grafana: service account tokens glsa_ + 32 + _ + 8 hex.
    # https://grafana.com/docs/grafana/latest/administration/service-accounts/
    add("Grafana service account token", "grafana {0}", j("gl", "sa_", pick(ALNUM, 32), "_", pick(HEX, 8)))
    # Postman: PMAK- + 24 hex + - + 34 hex. https://learning.postman.com/docs/developer/postman-api/authentication/
    add("Postman key", "postman {0}", j("PM", "AK-", pick(HEX, 24), "-", pick(HEX, 34)))
    # Perplexity pplx- + 48 (https://docs.perplexity.ai/guides/getting-started); xAI xai- + 80 (https://docs.x.ai/docs/tutorial)
    add("Perplexity key", "pplx {0}", j("pp", "lx-", pick(ALNUM, 48)))
    add("xAI key", "XAI_API_KEY={0}", j("xa", "i-", pick(ALNUM, 80)))
    # Mapbox secret tokens: sk. + a base64url JSON + . + 22. https://docs.mapbox.com/help/glossary/access-token/
    add("Mapbox secret token", "mapbox {0}",
        j("sk", ".eyJ1IjoiYWNtZSIsImEiOiJ", pick(ALNUM, 20), "In0.", pick(URLSAFE, 22)))
    # .netrc: machine … login … password …. https://www.gnu.org/software/inetutils/manual/html_node/The-_002enetrc-file.html
    add(".netrc password", "machine api.heroku.com login ops@acme.dev password {0}", pick(ALNUM, 20))
    # Named values: a .env, YAML, JSON, TOML or code assignment whose name says secret.
    # https://docs.djangoproject.com/en/stable/ref/settings/#secret-key  https://devcenter.heroku.com/articles/authentication
    # https://developers.cloudflare.com/fundamentals/api/get-started/create-token/  https://docs.datadoghq.com/account_management/api-app-keys/
    add("password in .env", "DB_PASSWORD={0}", pick(ALNUM + "!@#%", 14))
    add("password in YAML", "db:\n  user: app\n  password: {0}", pick(ALNUM, 12))
    add("password in JSON", '{{"user": "app", "password": "{0}"}}', pick(ALNUM + "!#%", 16))
    add("api_key in TOML", 'api_key = "{0}"', pick(HEX, 32))
    add("apiKey in code", "const client = new Client({{ apiKey: '{0}' }})", pick(ALNUM, 32))
    add("client secret", "OAUTH_CLIENT_SECRET={0}", pick(URLSAFE, 40))
    add("Django SECRET_KEY", "SECRET_KEY = '{0}'", pick(ALNUM + "!@#$%^&*(-_=+)", 50))
    add("Heroku API key (a UUID, named)", "HEROKU_API_KEY={0}",
        "-".join(pick(HEX, n) for n in (8, 4, 4, 4, 12)))
    add("Cloudflare API token", "CLOUDFLARE_API_TOKEN={0}", pick(URLSAFE, 40))
    add("Datadog API key", "DD_API_KEY: {0}", pick(HEX, 32))
    add("Mistral key in prose", "mistral_api_key: {0} (the team's)", pick(ALNUM, 32))
    add("Kubernetes secret", "kind: Secret\nstringData:\n  token: {0}", pick(ALNUM, 48))
    # Crypto wallets: WIF private keys are Base58Check of 0x80 + 32 bytes (https://en.bitcoin.it/wiki/Wallet_import_format);
    # seed phrases are 12-24 words of BIP-39's list (https://github.com/bitcoin/bips/blob/master/bip-0039.mediawiki);
    # Nostr private keys are bech32 nsec (https://github.com/nostr-protocol/nips/blob/master/19.md).
    add("Bitcoin WIF key", "cold wallet: {0}", base58check(b"\x80" + random_bytes(32)))
    add("BIP-39 seed phrase", "recovery words: {0}", seed_phrase())
    add("Nostr private key", "nostr {0}", bech32("nsec", random_bytes(32)))
    # AWS secret access keys written bare, with `aws` near them (memctl's context rule, as gitleaks
    # and detect-secrets find them): https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html
    add("AWS secret access key (bare, after AWS)", "- AWS key {0}", pick(BASE64, 40))
    add("AWS secret access key (quoted, in prose)", 'aws secret key "{0}" for the deploy user', pick(BASE64, 40))
    add("AWS secret access key (under an AWS heading)", "## AWS\n- rotate {0} next week", pick(BASE64, 40))
    add("AWS secret access key (AWS_SECRET_ACCESS_KEY, quoted)", 'AWS_SECRET_ACCESS_KEY="{0}"', pick(BASE64, 40))
    return s


SHAPES = _shapes()

LOOK_ALIKES = [
    "API_KEY=<your-key>",
    "aws_secret_access_key = " + "x" * 40,
    "password=changeme",
    "DB_PASSWORD=${DB_PASSWORD}",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "apiKey: {{ .Values.apiKey }}",
    "const key = process.env.OPENAI_API_KEY",
    "SECRET_KEY=",
    'password: ""',
    "export GITHUB_TOKEN=$(gh auth token)",
    "OPENAI_API_KEY=op://Private/OpenAI/credential",
    "api_key: <from vault>",
    "clone https://github.com/acme/infra.git, then postgres://app@db.internal:5432/app",
    "redis://cache.internal:6379/0 and https://ops@artifacts.acme.dev/simple/",
    "commit 3f2a9c1d2e8b7a6f5e4d3c2b1a0f9e8d7c6b5a49 fixed the build",
    "request id 123e4567-e89b-12d3-a456-426614174000",
    "sha256: " + hashlib.sha256(b"memctl").hexdigest(),
    "tx 0x" + hashlib.sha256(b"tx").hexdigest() + " confirmed in block 19000000",
    "We rotate the password every week and keep it in the vault.",
    "password: stored in 1Password under prod-db",
    "The agents that run the deploys have their own keys; ask arc-1 for a new one when it expires.",
    "max_tokens: 4096\ntoken_budget: 2000\nsort_key: created_at",
    "GitHub classic tokens start with ghp_ and are 40 characters long.",
    "We use sk-learn-pipeline-tuning-notes for the model.",
    "token: abc",
    "secret: xxxxxxxx",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + "A" * 28 + "\n-----END PUBLIC KEY-----",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK" + "b" * 30 + " ops@bastion",
    "logo: data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk",
    "Authorization: Bearer <token>",
    # near `aws`, and no AWS secret: a git SHA, a SHA-1 in upper case, AWS's own example key, prose,
    # base64 of text; a 40-character base64 run with no `aws` near it; part of a longer run
    "aws: deployed 3f2a9c1d2e8b7a6f5e4d3c2b1a0f9e8d7c6b5a49 to the AWS account",
    "AWS request " + hashlib.sha1(b"request").hexdigest().upper(),
    "AWS docs' example secret key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "Read the AWS docs on IAM roles before rotating keys: docs.aws.amazon.com/IAM/latest/UserGuide/id_roles.html",
    "aws note " + base64.b64encode(b"the quick brown fox jumps over").decode(),
    "attachment " + base64.b64encode(hashlib.sha256(b"attachment").digest()[:30]).decode() + " uploaded",
    "AWS blob " + base64.b64encode(hashlib.sha512(b"blob").digest()).decode(),
    "the laws of " + base64.b64encode(hashlib.sha256(b"laws").digest()[:30]).decode(),
    "- upgraded the aws cli\n- attachment " + base64.b64encode(hashlib.sha256(b"next").digest()[:30]).decode(),
]
