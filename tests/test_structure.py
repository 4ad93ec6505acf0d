"""The fast structure path (pulldown-cmark through pyromark) gives markdown-it-py's answers."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.markup.markdown import front_matter_span, parse_body
from memctl.markup.structure import structure
from memctl.text import split_lines

from .conftest import ROOT

CORPUS = sorted(ROOT.glob("fixtures/**/*.md"))  # the sample homes too: fixtures/relevance/sample-homes
BLOCKS = ["# Title\n", "## Sec [link](a.md)\n", "### deep\n", "text [x](b/c.md) more.\n", "- item [y](d.md)\n",
          "- [[wiki]] item\n", "  - nested [z](e.md)\n", "> # quoted\n", "> quote [q](q.md)\n", "\n",
          "```\n## fenced [no](no.md) [[nowiki]]\n```\n", "    indented [no](x.md)\n", "<div>\n[html](h.md)\n</div>\n",
          "<!-- comment [[c]] -->\n", "Setext **bold**\n---\n", "Other\n===\n", "# Trailing ##\n", "#\n",
          "see `[[code]]` and [[real|label]] and \\[[esc]]\n", "![img](i.png) <http://x.io/é> <a@b.co>\n",
          "[ref]: r.md\n", "use [r][ref] [ref]\n", "## 日本語 [リンク](日本.md)\n", "1. one [o](o.md)\n2. two\n",
          "| a | b |\n|---|---|\n| [t](t.md) | x |\n", "* * *\n", "- # heading in list\n", "no newline",
          "[bad](javascript:alert(1))\n", "text with [[a]] and [[b]] twice [[a]]\n", "\t# tab heading\n",
          "  ## indented heading\n", "    ## code not heading\n", "#hashtag not heading\n", "line\\\n",
          "<span>[[inline]]</span> x\n", "[a](<with space.md>)\n", "[a](b.md \"title\")\n", "> - quoted item [[w2]]\n",
          "~~~md\n# tilde fence\n~~~\n", "```\nunclosed fence\n"]


@pytest.mark.parametrize("path", CORPUS, ids=[str(p.relative_to(p.parents[2])) for p in CORPUS])
def test_every_real_file_reads_the_same(path: Path):
    lines = split_lines(path.read_text(encoding="utf-8"))
    first = front_matter_span(lines)
    for level in (1, 2, 6):
        assert structure(lines, first, level) == parse_body(lines, first, level)


def test_a_generated_corpus_reads_the_same():
    """Headings and blocks exactly; links and wikilinks exactly, but for the line markdown-it guesses for
    a link whose (percent-encoded) href is not written as such in the text: it takes the paragraph's
    first line there, and the two parsers' paragraphs may begin on different lines of a list item."""
    rng = random.Random(20261129)
    for _ in range(1500):
        text = "".join(rng.choice(BLOCKS) for _ in range(rng.randint(1, 14)))
        if rng.random() < 0.3:
            text = text.replace("\n", "\r\n")
        lines = split_lines(text)
        for level in (2, 6):
            fast, reference = structure(lines, 0, level), parse_body(lines, 0, level)
            assert fast["headings"] == reference["headings"] and fast["blocks"] == reference["blocks"], text
            for key, written in (("links", "{}"), ("wikilinks", "[[{}]]")):
                assert Counter(h for h, _ in fast[key]) == Counter(h for h, _ in reference[key]), text
                # where the link stands on one line only, both give that line
                once = {h for h, _ in reference[key] if sum(written.format(h) in line for line in lines) == 1}
                assert sorted(x for x in fast[key] if x[0] in once) == sorted(x for x in reference[key] if x[0] in once)


def test_entries_read_without_the_inline_pass_are_the_full_parse_s_blocks():
    """consolidate's reference reads block tokens alone; they are the full parse's, token for token."""
    from markdown_it import MarkdownIt

    from memctl.model.entries import _block_tokens

    full = MarkdownIt("commonmark")
    for text in _outline_corpus():
        lines = split_lines(text)
        shape = [(t.type, t.map, t.level, t.tag) for t in _block_tokens(lines, 0) if t.type != "inline"]
        body = "".join(line.rstrip("\r\n").replace("\r", " ") + "\n" for line in lines)
        assert shape == [(t.type, t.map, t.level, t.tag) for t in full.parse(body) if t.type != "inline"], text


def test_entries_found_with_pulldown_cmark_are_markdown_it_s():
    """consolidate's top-level headings, items and paragraphs: pulldown-cmark gives markdown-it's, but
    for trailing blank lines (which an entry never keeps), wherever memctl uses it (no reference
    definitions); so the entries, which are made from the outline, are the reference's."""
    from memctl.markup.structure import _REFERENCE_DEFINITION, block_outline
    from memctl.model.entries import outline, reference_outline

    def trimmed(blocks, lines):
        return [(kind, a, b if kind == "heading" else _last_text(lines, a, b), c) for kind, a, b, c in blocks]

    compared = 0
    for text in _outline_corpus():
        lines = split_lines(text)
        first = front_matter_span(lines)
        reference = reference_outline(lines, first)
        assert trimmed(outline(lines, first), lines) == trimmed(reference, lines), text
        if not any(_REFERENCE_DEFINITION.match(line) for line in lines):
            compared += 1
            assert trimmed(block_outline(lines, first), lines) == trimmed(reference, lines), text
    assert compared > 1000


def _last_text(lines: list[str], start: int, end: int) -> int:
    while end > start and not lines[end - 1].strip():
        end -= 1
    return end


def _outline_corpus() -> list[str]:
    rng = random.Random(7)
    texts = [path.read_text(encoding="utf-8") for path in CORPUS]
    texts += ["".join(rng.choice(BLOCKS) for _ in range(rng.randint(1, 14))) for _ in range(1500)]
    texts += ["".join(rng.choice(ENTRY_BLOCKS) for _ in range(rng.randint(1, 12))) for _ in range(500)]
    return texts


ENTRY_BLOCKS = ["- 2026-01-02: item\n", "- item\n  continued\n", "lazy continuation\n", "\n", "\n\n",
                "1. first\n", "10) tenth\n", "* star\n", "+ plus\n", "## 2025-03-04 dated\n", "### 2025-03-05 deeper\n",
                "- item\n\n  second paragraph\n", "    code\n", "```\n- not an item\n```\n", "> - quoted item\n",
                "<!-- note -->\n", "---\n", "para\n===\n", "- \n", "-\n  late\n", "  - indented item\n",
                "- a\n  - b\n    - c\n", "text ending\r\n", "- é ü 日本 item\n"]


FRONT_LINES = ["title: Deploys\n", "title:   Spaced out\n", "updated: 2026-11-02\n", "updated: 2026-02-30\n",
               "skills: [deploy, ops]\n", "skills: []\n", "skills: [1, 2]\n", "skills: [yes, no]\n",
               "always: true\n", "always: false\n", "always: yes\n", "machine_written: true\n", "# comment\n",
               "summary: text # with a comment\n", "summary: a: b\n", "summary: 'quoted'\n", "summary: \"dq\"\n",
               "expires: 2027-01-01\n", "title: 2026\n", "title: null\n", "title:\n", "title: ~\n", "\n",
               "updated:\t2026-11-02\n", "  indented: x\n", "tags:\n  - a\n", "type: feedback\n", "name: x-y_z\n",
               "description: Ünïcode ✓ text\n", "title: *alias\n", "title: &anchor x\n", "key: {a: 1}\n",
               "summary: value with #hash\n", "summary: -dash\n", "topics: [a.md, b/c.md]\n", "title: .5\n",
               'title: "2026-11-23 part 5"\n', 'title: "say \\"hi\\""\n', 'title: "tab\\there"\n',
               'title: "\\u00e9"\n', 'title: "é # not a comment"\n', 'title: "x" # comment\n',
               'title: "a\\/b"\n', 'title: "\\x41"\n', 'title: "\\ud83d\\ude00"\n', 'title: "😀"\n',
               'title: ""\n', 'summary: "a: b"\n', 'title: "\\u0007"\n', 'title: "open\n',
               'skills: ["2021-02-11-part-1", deploy]\n', 'skills: ["a, b"]\n', 'skills: ["x", "\\u00e9"]\n',
               'skills: ["yes"]\n', 'skills: ["1"]\n', "skills: ['single']\n"]


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")  # the corpus repeats `&anchor` on purpose
def test_front_matter_read_without_a_yaml_parser_is_ruamel_s(monkeypatch):
    """The quick reader of usual front matter gives exactly what ruamel.yaml gives, errors included
    (it hands ruamel.yaml anything it is not sure of)."""
    from memctl.markup import markdown

    rng = random.Random(11)
    texts = ["".join(rng.choice(FRONT_LINES) for _ in range(rng.randint(1, 6))) for _ in range(1500)]
    texts += [line for line in FRONT_LINES]
    quick = [markdown.parse_front_matter(text, 2) for text in texts]
    monkeypatch.setattr(markdown, "simple_front_matter", lambda text: None)
    for text, fast in zip(texts, quick, strict=True):
        assert fast == markdown.parse_front_matter(text, 2), text


_JOURNAL = ["# 2026-01-02 a\n", "## 2026-01-03 b\n", "### c\n", "## d\n", "# e\n", "- 2026-02-02 x\n", "- y\n",
            "para\n", "\n", "```\n# 2026-01-01 no\n```\n", "  cont\n", "#### 2025-01-01 deep\n", "> q\n",
            "[r]: x.md\n", "1. one\n", "Setext\n---\n", "- item\n\n  more\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_JOURNAL), max_size=30))
def test_entries_are_the_blocks_outside_dated_sections_and_the_sections(parts):
    """entries_and_headings reads the outline in one pass; it gives what the rule says, read the
    slow way: a heading that opens with a date is an entry up to the next heading of its level or
    above, and a block is an entry of its own unless such a section holds it."""
    from memctl.model.entries import _HEADING_DATE, entries_and_headings, entry_date, outline

    lines = split_lines("".join(parts))
    first = front_matter_span(lines)
    blocks = list(outline(lines, first))
    headings = [(line, level) for kind, line, level, _ in blocks if kind == "heading"]
    sections = []
    for i, (line, level) in enumerate(headings):
        if _HEADING_DATE.match(lines[line]):
            stop = next((at for at, lvl in headings[i + 1 :] if lvl <= level), len(lines))
            sections.append((line, stop, "section", entry_date(lines[line], "".join(lines[line:stop]))))
    expected = list(sections)
    for kind, start, end, _ in blocks:
        if kind != "heading" and not any(a <= start < b for a, b, _, _ in sections):
            while end > start and not lines[end - 1].strip():
                end -= 1
            expected.append((start, end, kind, entry_date(lines[start], "".join(lines[start:end]))))
    entries, found_headings = entries_and_headings(lines, first)
    assert found_headings == headings
    assert [tuple(e) for e in entries] == sorted(expected)
    undated, _ = entries_and_headings(lines, first, dates=False)  # what keys the entries: the same, no dates
    assert undated == [e._replace(day=None) for e in entries]
