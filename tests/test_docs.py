"""Every relative link and #anchor in the README and docs/ resolves, as GitHub renders them."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt

from .conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "RESULTS.md"]
PARSER = MarkdownIt("commonmark").enable("table")


def slug(text: str) -> str:
    """GitHub's anchor for a heading: lower case, only letters, digits, `_`, `-` and spaces, spaces to `-`."""
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a markdown file's headings; a repeated one gets `-1`, `-2`, … as on GitHub."""
    tokens = PARSER.parse(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set()
    for opening, inline in zip(tokens, tokens[1:], strict=False):
        if opening.type != "heading_open":
            continue
        text = "".join(child.content for child in inline.children or [] if child.type in ("text", "code_inline"))
        base = slug(text)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[str]:
    """Every link and image target in a markdown file, outside code."""
    targets = []
    for token in PARSER.parse(path.read_text(encoding="utf-8")):
        for child in token.children or []:
            if child.type == "link_open":
                targets.append(str(child.attrs["href"]))
            elif child.type == "image":
                targets.append(str(child.attrs["src"]))
    return targets


def broken_links(path: Path) -> list[str]:
    """The relative links of a page that name no file, or a heading its file does not have."""
    broken = []
    for target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:|//", target, re.I):  # https:, mailto:, …: not ours to check
            continue
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest):
            broken.append(f"{target}: no such heading in {dest.name}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(page: Path):
    assert broken_links(page) == []


def test_the_readme_links_into_docs_and_the_checker_sees_anchors():
    targets = links(ROOT / "README.md")
    for page in PAGES[1:]:
        assert page.relative_to(ROOT).as_posix() in {t.partition("#")[0] for t in targets}
    assert any("#" in t for p in PAGES for t in links(p) if not t.startswith("http"))


def test_a_broken_link_or_anchor_is_found(tmp_path: Path):
    other = "# Other\n\n## Profiles: each host's loading algorithm\n\n## Notes\n\n## Notes\n"
    (tmp_path / "other.md").write_text(other)
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "[ok](other.md#profiles-each-hosts-loading-algorithm) [dup](other.md#notes-1) [self](#page)\n"
        "[gone](missing.md) [no anchor](other.md#nowhere) [no self](#nowhere) [web](https://example.com/x#y)\n\n"
        "```md\n[in code](missing-too.md)\n```\n"
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "other.md#nowhere: no such heading in other.md",
        "#nowhere: no such heading in page.md",
    ]


@pytest.mark.parametrize(("heading", "anchor"), [
    ("Profiles: each host's loading algorithm", "profiles-each-hosts-loading-algorithm"),
    ("What a repository can and cannot make memctl do", "what-a-repository-can-and-cannot-make-memctl-do"),
    ("`memctl lint` and MEM205", "memctl-lint-and-mem205"),
    ("部署メモ", "部署メモ"),
    ("Speed (warm, 10,000 topics)", "speed-warm-10000-topics"),
])
def test_slug_follows_github(heading: str, anchor: str):
    assert slug(heading) == anchor


def test_readme_is_a_front_door():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    top = readme.splitlines()[:30]
    assert any(line.startswith("make demo") for line in top) and any(line.startswith("make test") for line in top)
