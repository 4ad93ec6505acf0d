"""Writes memctl/commands/background.py: how common each English word stem is, for `--query`.

    pip install wordfreq==3.1.1 && python benchmarks/make_background.py

The source is wordfreq 3.1.1's English `best` word list (Robyn Speer et al.,
https://github.com/rspeer/wordfreq; its data is CC BY-SA 4.0, so the table it writes is too). Each
word of letters a-z at a Zipf frequency of MIN_ZIPF or more (about 29,000 words) is stemmed with
the Snowball English stemmer memctl uses; a stem's frequency is the sum of its words' (`cancel`
counts `cancel`, `cancelled`, `cancellation`), written as its Zipf value (log10 of its frequency
per billion words) to one decimal. A stem not in the table is rarer than MIN_ZIPF.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "memctl" / "commands" / "background.py"
MIN_ZIPF = 3.0
WIDTH = 110

HEAD = '''"""How common each English word stem is: its Zipf frequency, log10 of its uses per billion words.

Written by benchmarks/make_background.py from wordfreq {version}'s English word list (Robyn Speer et
al., https://github.com/rspeer/wordfreq); like that data, this table is licensed CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/). Words of letters a-z at Zipf {floor} or more,
stemmed with Snowball English; a stem's frequency is the sum of its words'. A stem not here is
rarer than Zipf {floor}. Parsed on the first look-up only (`--query` asks when a word of a short
query is in no section of the home).
"""

from __future__ import annotations

FLOOR = {floor}  # a stem not in the table is rarer than this
_TABLE = """
'''

TAIL = '''"""
_zipf: dict[str, float] | None = None


def zipf(stem: str) -> float | None:
    """The stem's Zipf frequency in English, or None when it is rarer than FLOOR (or no English word)."""
    global _zipf
    if _zipf is None:
        table: dict[str, float] = {}
        for line in _TABLE.splitlines():
            if line:
                value, _, stems = line.partition(":")
                table.update(dict.fromkeys(stems.split(), int(value) / 10))
        _zipf = table
    return _zipf.get(stem)
'''


def main() -> int:
    import wordfreq
    from wordfreq import iter_wordlist, word_frequency, zipf_frequency

    sys.path.insert(0, str(ROOT))
    from memctl.commands.relevance import stem

    total: dict[str, float] = {}
    for word in iter_wordlist("en", "best"):
        if zipf_frequency(word, "en") < MIN_ZIPF:
            break
        if re.fullmatch(r"[a-z]+", word):
            s = stem(word)
            total[s] = total.get(s, 0.0) + word_frequency(word, "en")
    buckets: dict[int, list[str]] = {}
    for s, freq in total.items():
        buckets.setdefault(round(math.log10(freq * 1e9) * 10), []).append(s)
    lines = []
    for value in sorted(buckets, reverse=True):
        line = f"{value}:"
        for s in sorted(buckets[value]):
            if len(line) + 1 + len(s) > WIDTH:
                lines.append(line)
                line = f"{value}:"
            line += " " + s
        lines.append(line)
    version = getattr(wordfreq, "__version__", "3.1.1")
    OUT.write_text(HEAD.format(version=version, floor=MIN_ZIPF) + "\n".join(lines) + "\n" + TAIL, encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(total):,} stems, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
