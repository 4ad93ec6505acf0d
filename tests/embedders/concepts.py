"""A deterministic embedder for the tests: each text's vector counts the concepts its words name.

It reads JSON lines (one text a line) and writes one JSON array a line, as memctl's `embedder:`
expects. A small table maps words to concepts (`ship`, `deploy`, `release` are one; `refund`,
`money back` another), so paraphrases land near each other, as a real model's would. Options:
`--fail` exits 3; `--slow` sleeps past any timeout; `--garbage` writes what is not JSON;
`--count FILE` appends how many texts it was given to FILE (to see the cache at work).
"""

import hashlib
import json
import re
import sys
import time

CONCEPTS = {
    "deploy": ["ship", "shipping", "deploy", "deploys", "deployment", "release", "prod", "production"],
    "money-back": ["refund", "refunds", "refunded", "money back", "reimburse", "chargeback"],
    "weekend": ["weekend", "saturday", "saturdays", "sunday", "sundays", "rota", "shift", "shifts"],
    "teeth": ["teeth", "tooth", "dental", "dentist", "vet"],
    "friday": ["friday", "fri"],
    "disk": ["disk", "space", "full", "storage"],
    "boat": ["boat", "boats", "rib", "licence", "skipper"],
}
DIMENSIONS = sorted(CONCEPTS)


def vector(text: str) -> list[float]:
    lowered = " ".join(re.findall(r"[a-z]+", text.lower()))
    words = set(lowered.split())
    counts = [sum(1 for w in CONCEPTS[c] if (w in words if " " not in w else w in lowered)) for c in DIMENSIONS]
    noise = hashlib.md5(text.encode()).digest()[:8]  # a text without concepts points somewhere of its own
    return [float(n) for n in counts] + [(b - 127.5) / 12750 for b in noise]


def main(argv: list[str]) -> int:
    if "--fail" in argv:
        return 3
    if "--slow" in argv:
        time.sleep(60)
    texts = [json.loads(line) for line in sys.stdin.read().splitlines() if line.strip()]
    if "--count" in argv:
        with open(argv[argv.index("--count") + 1], "a") as handle:
            handle.write(f"{len(texts)}\n")
    if "--garbage" in argv:
        sys.stdout.write("not json\n")
        return 0
    for text in texts:
        sys.stdout.write(json.dumps(vector(text)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
