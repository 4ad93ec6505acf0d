from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.errors import InputError, MemctlError
from memctl.model.cache import Cache
from memctl.model.home import load_doc, load_home
from memctl.model.tokens import TokenCounter

from .conftest import FIXTURES


def doc_of(tmp_path: Path, text: str | bytes, level: int = 2):
    path = tmp_path / "MEMORY.md"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return load_doc(path, "MEMORY.md", TokenCounter(), level, Cache(None))


def headings(doc):
    return [(p.heading, p.level, p.start_line, p.end_line) for p in doc.parts]


def test_three_layouts_are_read():
    arc = load_home(FIXTURES / "arc" / "memory")
    assert [t.rel for t in arc.topics] == [
        "topics/cost.md", "topics/deploys.md", "topics/fleet.md", "topics/incidents.md", "topics/publishing.md"]
    assert [a.rel for a in arc.archived] == ["archive/incidents.md"]
    assert arc.config.profile == "arc" and arc.config.budgets.index_warn_lines == 180
    openclaw = load_home(FIXTURES / "openclaw")
    assert [t.rel for t in openclaw.topics] == ["CORE_MEMORY.md", "LESSONS.md", "RUNTIME_REALITY.md"]
    assert openclaw.linked == {"CORE_MEMORY.md", "LESSONS.md", "RUNTIME_REALITY.md"}
    assert openclaw.find_topic("RUNTIME_REALITY").front_matter.machine_written
    volute = load_home(FIXTURES / "volute" / "home")
    assert [t.rel for t in volute.topics] == [
        "memory/dreams/2026-11-28.md", "memory/journal/2026-11-28.md",
        "memory/topics/plots.md", "memory/topics/watering.md"]
    assert volute.linked == {"memory/topics/plots.md", "memory/topics/watering.md"}


def test_index_file_path_is_accepted():
    home = load_home(FIXTURES / "arc" / "memory" / "MEMORY.md")
    assert home.index.rel == "MEMORY.md" and len(home.topics) == 5


def test_missing_index_names_the_file_and_hints(tmp_path):
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "MEMORY.md").write_text("# x\n")
    with pytest.raises(InputError, match=r"MEMORY.md: no MEMORY.md in this home \(found memory/MEMORY.md"):
        load_home(tmp_path)


def test_fat_index_sections_ignore_fences_and_keep_crlf():
    doc = load_home(FIXTURES / "fat").index
    titles = [p.heading for p in doc.sections]
    assert titles.count("Notes") == 2 and "部署メモ" in titles
    assert not any("lines inside a fence" in (t or "") for t in titles)
    assert doc.newline == "\r\n" and doc.lines == 329
    assert sum(p.bytes for p in doc.parts) == doc.bytes == (FIXTURES / "fat" / "MEMORY.md").stat().st_size


def test_setext_html_and_quoted_headings(tmp_path):
    text = "intro\n\nTitle\n=====\n\n<div>\n# not a heading\n</div>\n\n> ## quoted\n\nSub\n---\n### deep\n"
    doc = doc_of(tmp_path, text)
    assert headings(doc) == [(None, 0, 1, 2), ("Title", 1, 3, 11), ("Sub", 2, 12, 14)]


def test_front_matter_is_its_own_part(tmp_path):
    doc = doc_of(tmp_path, "---\ntitle: T\nskills: [a, b]\nupdated: 2026-01-02\ncustom: kept\n---\n# T\nbody\n")
    assert [p.level for p in doc.parts] == [-1, 1]
    fm = doc.front_matter
    assert fm.title == "T" and fm.skills == ("a", "b") and str(fm.updated) == "2026-01-02"
    assert fm.extra_keys == ("custom",) and fm.error is None


def test_bad_front_matter_is_reported_with_its_line(tmp_path):
    doc = doc_of(tmp_path, "---\ntitle: T\nupdated: someday\n---\n# T\n")
    assert str(doc.front_matter.error) == "MEMORY.md:3: front matter updated must be a date, not 'someday'"
    broken = doc_of(tmp_path, "---\n title: [unclosed\n---\n# T\n")  # indented: even Claude Code's retry fails
    assert broken.front_matter.error is not None and broken.front_matter.error.path == "MEMORY.md"


def test_bom_empty_and_no_trailing_newline(tmp_path):
    bom = doc_of(tmp_path, "\ufeff# Title\ntext")
    assert headings(bom) == [("Title", 1, 1, 2)] and bom.bytes == len("\ufeff# Title\ntext".encode())
    empty = doc_of(tmp_path, "")
    assert empty.parts == () and empty.lines == 0 and empty.tokens == 0


def test_invalid_utf8_names_file_and_line(tmp_path):
    with pytest.raises(InputError, match=r"^MEMORY.md:2: not valid UTF-8 at byte 5$"):
        doc_of(tmp_path, b"# ok\n\xff bad\n")


def test_links_and_symlinks_outside_are_skipped(tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    secret = tmp_path / "secret.md"
    secret.write_text("# secret\n")
    (home / "MEMORY.md").write_text("# I\n\n- [out](../secret.md)\n- [gone](topics/gone.md)\n- [web](https://x.io/a.md)\n")
    os.symlink(secret, home / "topics" / "linked.md")
    loaded = load_home(home)
    assert loaded.topics == ()
    assert loaded.warnings() == [
        "MEMORY.md:3: link resolves outside the home, skipped: ../secret.md",
        f"topics/linked.md: symlink resolves outside the home, skipped: {secret}",
    ]
    statuses = {link.href: link.status for link in loaded.index.links}
    assert statuses == {"../secret.md": "outside", "topics/gone.md": "missing", "https://x.io/a.md": "external"}


def test_unknown_config_key_is_one_line_with_file_and_line(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    (tmp_path / ".memctl.yaml").write_text("profile: arc\ntopcis: [x]\n")
    with pytest.raises(MemctlError) as caught:
        load_home(tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / '.memctl.yaml'}:2: unknown key 'topcis'; valid keys: profile,")


def test_config_precedence_defaults_file_env_flags(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    (tmp_path / ".memctl.yaml").write_text("profile: volute\nbudgets: {topic_tokens: 700}\n")
    home = load_home(tmp_path, env={})
    assert home.config.tokenizer == "chars4" and home.config.budgets.topic_tokens == 700
    home = load_home(tmp_path, env={"MEMCTL_BUDGET_TOPIC_TOKENS": "800", "MEMCTL_TOKENIZER": "cl100k_base"})
    assert home.config.budgets.topic_tokens == 800 and home.config.tokenizer == "cl100k_base"
    home = load_home(tmp_path, env={"MEMCTL_PROFILE": "arc"}, overrides={"profile": "openclaw"})
    assert home.config.profile == "openclaw" and home.config.budgets.load_cap_chars == 12_000


def test_broken_yaml_config(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    (tmp_path / ".memctl.yaml").write_text("profile: [arc\n")
    with pytest.raises(MemctlError, match=r"\.memctl\.yaml:\d+: not valid YAML"):
        load_home(tmp_path)


LINE = st.one_of(
    st.sampled_from(["# H1", "## H2", "### H3", "Setext", "===", "---", "```", "~~~", "<div>", "</div>",
                     "", "    # indented code", "> # quoted", "- item", "text", "\ufeff", "---\r"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=20),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINE, max_size=30), st.sampled_from(["\n", "\r\n"]), st.booleans(), st.integers(1, 3))
def test_parts_tile_the_file(tmp_path, lines, newline, trailing, level):
    text = newline.join(lines) + (newline if trailing and lines else "")
    doc = doc_of(tmp_path, text, level)
    assert sum(p.bytes for p in doc.parts) == doc.bytes == len(text.encode("utf-8"))
    assert sum(p.chars for p in doc.parts) == doc.chars
    assert sum(p.lines for p in doc.parts) == doc.lines
    assert sum(p.tokens for p in doc.parts) == doc.tokens == TokenCounter().count(text)
    assert "".join(text[p.start : p.end] for p in doc.parts) == text
    for before, after in pairwise(doc.parts):
        assert before.end_line + 1 == after.start_line
    # what a query reads without building the parts: the same sections, at the same offsets
    assert [list(span) for span in doc.spans()] == [[p.start, p.end, p.heading] for p in doc.sections]
    assert doc.outline() == (len(doc.sections), sum(p.chars for p in doc.sections))


def test_config_can_live_in_pyproject_toml(tmp_path, cli):
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "MEMORY.md").write_text("# I\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.memctl]\nprofile = "openclaw"\n'
                                             'budgets = {topic_tokens = 700}\n')
    (tmp_path / ".git").mkdir()
    config = load_home(tmp_path / "memory").config
    assert config.profile == "openclaw" and config.budgets.topic_tokens == 700
    assert config.source == str(tmp_path / "pyproject.toml")
    (tmp_path / "pyproject.toml").write_text('[tool.memctl]\nprofle = "arc"\n')
    result = cli("status", str(tmp_path / "memory"))
    assert result.exit_code == 2 and "pyproject.toml:2: unknown key 'profle'" in result.stderr


@pytest.mark.parametrize("home", ["fixtures/arc/memory", "fixtures/fat", "fixtures/messy",
                                  "fixtures/hosts/claude-emoji"])
def test_a_file_s_tokens_are_its_parts_tokens_whether_or_not_the_parts_were_built(home):
    fresh = load_home(home)
    before = {doc.rel: doc.tokens for doc in (fresh.index, *fresh.topics)}  # the parts not built
    assert not any("parts" in doc.__dict__ for doc in fresh.topics)
    loaded = load_home(home)
    after = {doc.rel: sum(part.tokens for part in doc.parts) for doc in (loaded.index, *loaded.topics)}
    assert before == after and all(before.values())


def test_a_topic_is_found_by_path_then_by_stem_the_first_in_topic_order(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Index\n")
    for rel in ("topics/a.md", "topics/a.md.md", "notes/deploy.md", "topics/deploy.md", "topics/b/deploy.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\n")
    home = load_home(tmp_path)
    order = [doc.rel for doc in home.topics]

    def slow(name: str) -> str | None:  # the rule, one topic at a time
        wanted = name.strip().removeprefix("./")
        found = next((d.rel for d in home.topics if d.rel in (wanted, f"{wanted}.md")), None)
        return found or next((d.rel for d in home.topics if d.stem == wanted), None)

    for name in ("topics/a", "topics/a.md", "./topics/a.md", " a ", "deploy", "topics/deploy", "b/deploy", "nope",
                 "a.md"):
        found = home.find_topic(name)
        assert (found.rel if found else None) == slow(name), (name, order)
    assert home.find_topic("deploy").rel == next(rel for rel in order if rel.endswith("/deploy.md"))
