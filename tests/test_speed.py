"""What the fast paths must keep: each one gives what the slow path it stands in for gives.

The quick front matter reader against ruamel.yaml, on generated front matter; `updated:` set in
place against ruamel.yaml's round trip; the stat-keyed cache against reading every file.
"""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.model import markdown

KEYS = ["title", "summary", "skills", "updated", "expires", "name", "description", "type", "topics", "always",
        "machine_written", "created", "consolidate", "extra", "tags", "x-y_z"]
WORDS = ["Node", "release", "#30", "a#b", "#", "café", "Größe", "部署", "🚀", "it's", 'say "hi"', "a: b", "x:y",
         "-dash", "yes", "no", "null", "~", "1", "2026", "2026-11-29", ".5", "true", "[x]", "{y}", "*star", "&amp",
         "!tag", "|", ">", "%", "@at", "`tick`", "\\", "''", "back\\slash", "tab\there", "\u00a0nbsp", "\u2028",
         "\x07", "e\u0301", "", " ", "  "]


def _plain(words: list[str]) -> str:
    return " ".join(words)


def _double(words: list[str]) -> str:
    return '"' + " ".join(words).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _double_raw(words: list[str]) -> str:
    return '"' + " ".join(words) + '"'  # escapes as they come: some are not JSON's, some not even YAML's


def _single(words: list[str]) -> str:
    return "'" + " ".join(words).replace("'", "''") + "'"


def _listed(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


words = st.lists(st.sampled_from(WORDS), min_size=0, max_size=4)
scalar = st.one_of(words.map(_plain), words.map(_double), words.map(_double_raw), words.map(_single),
                   st.dates(datetime.date(1999, 1, 1), datetime.date(2030, 12, 31)).map(datetime.date.isoformat),
                   st.sampled_from(["true", "false", "True", "yes", "2026-02-30", "2026-1-2", ""]))
value = st.one_of(scalar, st.lists(scalar, max_size=3).map(_listed))
comment = st.sampled_from(["", "", "", " # a comment", "  #x", "#glued", " # Node release #30", "\t# tab"])
key_line = st.builds(lambda k, sep, v, c, end: f"{k}:{sep}{v}{c}{end}", st.sampled_from(KEYS),
                     st.sampled_from([" ", " ", " ", "  ", "", " \t"]), value, comment,
                     st.sampled_from(["\n", "\n", "\n", "\r\n", " \n"]))
other_line = st.sampled_from(["# written by the agent\n", "\n", "  # indented comment\n", "  - item\n",
                              "  nested: x\n", "list:\n", "---\n", "\u00a0\n", "key\n"])
front_matter = st.lists(st.one_of(key_line, key_line, key_line, key_line, key_line, other_line),
                        min_size=1, max_size=6).map("".join)
# The usual shapes, each value hard for a quick reader: the test above sees few whole texts it reads
usual_value = st.one_of(words.map(_double), words.map(_single), words.map(_plain),
                        st.lists(st.sampled_from(["deploy", "a-b", '"x #1"', "c d", '"é"']), max_size=3).map(_listed))
usual = st.lists(st.builds(lambda k, v, c: f"{k}: {v}{c}\n", st.sampled_from(KEYS), usual_value,
                           st.sampled_from(["", "", " # why", "  # Node release #30"])),
                 min_size=1, max_size=5).map("".join)


def _ruamel(text: str) -> object:
    from ruamel.yaml import YAML

    try:
        return YAML(typ="rt").load(text.replace("\r\n", "\n"))
    except Exception as exc:
        return exc


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")  # `&amp` twice, on purpose
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(front_matter, usual))
def test_quick_front_matter_reader_reads_what_ruamel_reads(text):
    """Where the quick reader gives values, they are ruamel.yaml's, key for key; and the front matter
    memctl reads is the same with it and without it (errors and their lines included)."""
    quick = markdown.simple_front_matter(text)
    if quick is not None:
        loaded = _ruamel(text)
        assert not isinstance(loaded, Exception), (text, loaded)
        slow = {} if loaded is None else {str(k): list(v) if isinstance(v, list) else v for k, v in loaded.items()}
        assert quick == slow, text
        assert all(type(v) is type(slow[k]) or isinstance(v, list) for k, v in quick.items()), text


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(front_matter, usual))
def test_front_matter_is_read_alike_with_and_without_the_quick_reader(text):
    fast = markdown.parse_front_matter(text, 2)
    original = markdown.simple_front_matter
    markdown.simple_front_matter = lambda text: None  # type: ignore[assignment]
    try:
        slow = markdown.parse_front_matter(text, 2)
    finally:
        markdown.simple_front_matter = original
    assert fast == slow, text


@pytest.mark.parametrize("text", ['title: "Node release #30"\n', "title: 'Node release #30'\n",
                                  'summary: "What we learnt: café (ticket #1288)"  # why\n',
                                  "skills: [deploy, auth] # two\n", "title: 'it''s #1'\r\n"])
def test_quick_front_matter_reader_takes_quoted_values_holding_a_hash(text):
    """A `#` inside quotes is no comment: these are read without ruamel.yaml, as ruamel.yaml reads them."""
    quick = markdown.simple_front_matter(text)
    assert quick is not None
    assert quick == {str(k): list(v) if isinstance(v, list) else v for k, v in _ruamel(text).items()}


def _release_home(root, topics: int = 3):
    """Topics as an agent writes them: a quoted title holding `#`, a comment, over their budget."""
    (root / "topics" / "releases").mkdir(parents=True)
    index = ["# Index\n\n"]
    for n in range(topics):
        entries = "".join(f"- 2024-0{1 + k % 9}-1{k % 10}: released node {n}.{k} to the fleet, rolled back once.\n"
                          for k in range(60))
        (root / "topics" / "releases" / f"node-{n}.md").write_text(
            f'---\ntitle: "Node release #{30 + n}"\n# kept by the agent\nskills: [deploy]\nupdated: 2026-01-02\n'
            f"---\n# Node release #{30 + n}\n\n## Log\n\n{entries}", encoding="utf-8")
        index.append(f"- [Node release #{30 + n}](topics/releases/node-{n}.md)\n")
    (root / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    (root / ".memctl.yaml").write_text("budgets: {topic_tokens: 300}\n")


def test_consolidate_sets_updated_in_place_beside_a_quoted_title_holding_a_hash(tmp_path, cli, monkeypatch):
    """`title: "Node release #30"` once sent every topic through a ruamel.yaml round trip (77% of a
    warm consolidate at 10,000 topics): the quick reader now reads it, and `updated:` is set in place."""
    from memctl.commands import consolidate

    _release_home(tmp_path)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")

    def no_round_trip(*args, **kwargs):
        raise AssertionError("updated: set through a ruamel.yaml round trip")

    monkeypatch.setattr(consolidate, "_set_updated_yaml", no_round_trip)
    result = cli("consolidate", str(tmp_path), "--diff")
    assert result.exit_code == 0, result.stdout
    for n in range(3):  # the date changes, nothing else of the front matter
        assert (f' title: "Node release #{30 + n}"\n # kept by the agent\n skills: [deploy]\n'
                "-updated: 2026-01-02\n+updated: 2026-11-29\n ---\n") in result.stdout


class _CountedText(str):
    """A file's text that counts how often it is lower-cased whole."""

    lowered = 0

    def lower(self) -> str:
        _CountedText.lowered += 1
        return str.lower(self)


def test_a_query_lowercases_each_file_once_however_many_of_its_sections_it_reports(tmp_path, cli):
    """A 30 MB topic took 16.4 s to query warm, 11 s of it `str.lower` of the whole file, once for
    every section reported. Each file is now lower-cased once to search it and once to list the
    words of the sections shown, whatever their number."""
    from memctl.commands.query import rank_sections
    from memctl.model.home import load_home

    (tmp_path / "topics").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Index\n\n- [log](topics/log.md)\n")
    sections = "".join(f"\n## Part {n}\n\n- the bastion migration {n} was rolled back; Größe {n}\n" for n in range(60))
    (tmp_path / "topics" / "log.md").write_text(f"# Log\n{sections}", encoding="utf-8")
    assert cli("assemble", str(tmp_path), "--query", "bastion migration", "--explain").exit_code == 0
    home = load_home(tmp_path)
    doc = home.topics[0]
    doc.text = _CountedText(doc.text)
    _CountedText.lowered = 0
    ranked = rank_sections("bastion migration", [doc], most=20)
    assert len(ranked) >= 30  # the chosen and those --explain lists
    assert _CountedText.lowered == 2
