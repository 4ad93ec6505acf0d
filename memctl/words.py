"""Counts in words: `1 file`, `2 files`."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """`count` and the noun, singular for one: plural(1, "entry", "entries") == "1 entry"."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"
