from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.commands.assemble import AssembleOptions, assemble
from memctl.errors import MemctlError
from memctl.model.home import load_home

from .conftest import ROOT, check_golden

TODAY = date(2026, 11, 29)
ARC = "fixtures/arc/memory"


def bundle(path: str = ARC, **options):
    home = load_home(path)
    return home, assemble(home, AssembleOptions(**options), TODAY)


def reasons(result) -> dict[str, list[str]]:
    return {e.path: e.reasons for e in result.entries}


def test_index_and_always_topics_come_first():
    _, result = bundle()
    assert list(reasons(result)) == ["MEMORY.md", "topics/fleet.md"]
    assert result.text.startswith("<!-- memctl: MEMORY.md (index) -->\n# Arc memory index\n")


def test_skill_from_config_front_matter_and_stem():
    _, result = bundle(skills=("deploy", "triage", "publishing", "cost"))
    assert reasons(result) == {
        "MEMORY.md": ["index"],
        "topics/fleet.md": ["always", "skill deploy"],
        "topics/deploys.md": ["skill deploy"],
        "topics/incidents.md": ["skill triage"],
        "topics/publishing.md": ["skill publishing"],
        "topics/cost.md": ["skill cost"],
    }


def test_unknown_skill_warns_and_unknown_topic_fails():
    _, result = bundle(skills=("astrology",))
    assert result.warnings == ["skill 'astrology' matches no topic"]
    with pytest.raises(MemctlError, match="no topic 'nope'"):
        bundle(topics=("nope",))


def test_explicit_topic_by_stem_and_path_loads_once():
    _, result = bundle(topics=("cost", "topics/cost.md"), skills=("cost",))
    assert reasons(result)["topics/cost.md"] == ["skill cost", "requested"]
    assert result.text.count("# Cost\n") == 1


def test_query_loads_relevant_sections_with_path_and_heading():
    _, result = bundle(query="build queue stalled lease")
    excerpt = [e for e in result.entries if e.reasons == ["query"]][0]
    assert excerpt.path == "topics/incidents.md"
    assert (excerpt.heading, excerpt.lines) == ("2026-11-12 build queue stalled", (9, 14))
    assert "<!-- memctl: topics/incidents.md § 2026-11-12 build queue stalled (lines 9–14) (query) -->" in result.text


def test_machine_written_comes_before_prose_with_one_note():
    _, result = bundle("fixtures/openclaw", skills=("email",))
    order = [e.path for e in result.entries]
    assert order == ["MEMORY.md", "CORE_MEMORY.md", "memctl:note", "RUNTIME_REALITY.md", "LESSONS.md"]
    assert result.text.count("the machine-written file is current") == 1


def test_expired_topic_is_named_not_loaded():
    _, result = bundle("fixtures/volute/home", skills=("watering",))
    assert "memory/topics/watering.md" not in reasons(result)
    assert [(o.path, o.reason) for o in result.omitted] == [
        ("memory/topics/watering.md", "expired 2026-09-30 (--include-expired loads it)")]
    _, loaded = bundle("fixtures/volute/home", skills=("watering",), include_expired=True)
    assert "memory/topics/watering.md" in reasons(loaded)


def test_load_cap_notice_names_the_cut_and_the_lost_sections():
    _, result = bundle("fixtures/fat")
    index = result.entries[0]
    lines = index.content.splitlines()
    assert index.truncated and len(lines) == 202 and lines[200] == ""  # 200 lines, then the host's warning
    assert lines[201] == ("> WARNING: MEMORY.md is 327 lines (limit: 200). Only part of it was loaded. Keep index "
                          "entries to one line under ~200 chars; move detail into topic files.")
    cap = "first 200 lines then 25,000 UTF-16 code units, front matter and HTML comments free"
    lost = [(o.heading, o.reason) for o in result.omitted]
    assert lost[0] == ("Notes", f"past the load cap ({cap}); 15 of 25 lines loaded")
    assert [h for h, _ in lost[1:]] == ["Tooling", "部署メモ", "On-call", "Dependencies", "Security"]
    assert result.text.rstrip().endswith(f"- MEMORY.md § Security (~464 tokens): past the load cap ({cap})")


def test_notice_names_at_most_twenty():
    home = load_home("fixtures/fat", overrides={"section_level": 1})
    lines = "".join(f"# S{i}\n" + "word " * 50 + "\n" for i in range(40))
    del home
    from memctl.commands.bundle import Omission, notice_lines

    omitted = [Omission("MEMORY.md", f"S{i}", 10, "over budget", True) for i in range(25)]
    rendered = notice_lines(omitted)
    assert len(rendered) == 21 and rendered[-1] == "- and 5 more sections (~50 tokens)"
    assert lines  # the long index above is what such a notice describes


def test_topic_over_budget_is_cut_at_a_section_boundary():
    home, full = bundle(skills=("triage",))
    incidents = home.find_topic("incidents")
    budget = full.tokens - incidents.parts[-1].tokens - 5
    _, cut = bundle(skills=("triage",), budget=budget)
    entry = [e for e in cut.entries if e.path == "topics/incidents.md"][0]
    body = incidents.sections  # the front matter is not bundled
    kept = [p for p in body if p.end - body[0].start <= len(entry.content)]
    assert entry.truncated and entry.content == incidents.text[body[0].start : kept[-1].end]  # a section boundary
    dropped = [(o.path, o.heading) for o in cut.omitted]
    assert dropped == [("topics/incidents.md", p.heading) for p in body[len(kept):]]
    assert ("topics/incidents.md", "2025-02-02 expired TLS certificate") in dropped
    assert cut.tokens <= budget and cut.strict_failures


def test_tiny_budget_cuts_the_index_and_says_so():
    _, result = bundle(budget=250)
    assert result.tokens <= 250 and result.entries[0].path == "MEMORY.md" and result.entries[0].truncated
    assert any(o.reason.startswith("did not fit the dispatch budget") for o in result.omitted)
    with pytest.raises(MemctlError, match="cannot hold even"):
        bundle(budget=3)


@pytest.mark.parametrize("fmt", ["md", "xml", "json"])
def test_formats_golden_and_deterministic(fmt, cli):
    args = ("assemble", ARC, "--skill", "deploy", "--query", "queue stalled", "--format", fmt, "--budget", "1200")
    first, second = cli(*args), cli(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    check_golden(f"assemble-arc.{fmt}", first.stdout)
    assert first.stderr.startswith("assembled ")


def test_xml_layout_is_files_to_prompt_cxml_with_each_content_a_cdata_section():
    """files-to-prompt's `--cxml` layout, each file's text in a CDATA section so that the bundle is
    well-formed XML whatever the file holds (tests/test_assemble_xml.py)."""
    _, result = bundle(format="xml", skills=("cost",))
    assert result.text.startswith('<documents>\n<document index="1">\n<source>MEMORY.md</source>\n'
                                  "<document_content><![CDATA[\n# Arc memory index\n")
    assert result.text.endswith("\n]]></document_content>\n</document>\n</documents>\n")


def test_json_fields(cli):
    data = json.loads(cli("assemble", ARC, "--format", "json", "--budget", "400").stdout)
    assert set(data) == {"tokenizer", "budget", "tokens", "files", "omitted", "context"}
    assert set(data["files"][0]) == {"path", "reasons", "tokens", "truncated", "content", "heading", "lines", "score",
                                     "terms"}
    assert data["omitted"] and set(data["omitted"][0]) == {"path", "heading", "lines", "tokens", "reason"}


def test_strict_exits_1_but_writes_the_bundle(cli):
    result = cli("assemble", ARC, "--skill", "triage", "--budget", "500", "--strict")
    assert result.exit_code == 1 and result.stdout.startswith("<!-- memctl: MEMORY.md")
    assert "strict:" in result.stderr


def test_errors_write_nothing_to_stdout(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_bytes(b"# I \xff\n")
    result = cli("assemble", str(tmp_path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {tmp_path}/MEMORY.md:1: not valid UTF-8 at byte 4\n"


def test_an_unreadable_index_is_named_from_where_the_user_stands(cli, tmp_path, monkeypatch):
    """`memctl status bad/home` said `MEMORY.md:2`, a file not there from where the user stands
    (and in a fleet, no home at all); lint names files this way too."""
    (tmp_path / "bad" / "home").mkdir(parents=True)
    (tmp_path / "bad" / "home" / "MEMORY.md").write_bytes(b"# I\nok \xff\n")
    monkeypatch.chdir(tmp_path)
    for command in ("status", "assemble", "lint"):
        result = cli(command, "bad/home")
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == "error: bad/home/MEMORY.md:2: not valid UTF-8 at byte 7\n", command
    monkeypatch.chdir(tmp_path / "bad" / "home")
    assert cli("status").stderr == "error: MEMORY.md:2: not valid UTF-8 at byte 7\n"


def test_a_bad_topic_the_task_does_not_need_is_only_a_warning(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    (tmp_path / "topics").mkdir()
    (tmp_path / "topics" / "bad.md").write_bytes(b"# bad \xff\n")
    (tmp_path / "topics" / "odd.md").write_text("---\nexpires: next tuesday\n---\n# Odd\n- a fact.\n")
    result = cli("assemble", str(tmp_path), "--topic", "odd")
    assert result.exit_code == 0 and "- a fact." in result.stdout
    assert "warning: topics/bad.md:1: not valid UTF-8 at byte 6; skipped\n" in result.stderr
    assert "warning: topics/odd.md:2: front matter expires must be a date, not 'next tuesday'" in result.stderr
    status = cli("status", str(tmp_path), "--format", "json")
    assert status.exit_code == 0
    problems = json.loads(status.stdout)["problems"]
    assert [(p["path"], p["line"]) for p in problems] == [("topics/bad.md", 1), ("topics/odd.md", 2)]


def test_manifest_and_quiet(cli, tmp_path):
    manifest = tmp_path / "m.json"
    result = cli("assemble", ARC, "--quiet", "--manifest", str(manifest))
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(manifest.read_text())
    assert all("content" not in f for f in data["files"]) and data["files"][0]["path"] == "MEMORY.md"


def test_the_manifest_is_a_report_redacted_while_the_bundle_stays_verbatim(cli, tmp_path):
    token, key = "ghp_" + "a1B2" * 9, "sk-ant-api03-" + "Zq8".join("abcdefghij") + "_x9"
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- [ops](topics/ops.md)\n")
    (home / "topics" / "ops.md").write_text(f"# Ops\n\n## Deploy token {token}\n\n- rotate the deploy token "
                                            "monthly with `fleetctl rotate`.\n\n## Other\n\n- unrelated.\n")
    manifest = tmp_path / "m.json"
    result = cli("assemble", str(home), "--query", f"rotate deploy token {key}", "--manifest", str(manifest),
                 "--allow-secrets")  # without it, the excerpt holding the token is held back
    assert result.exit_code == 0 and token in result.stdout  # the bundle is the memory itself
    written = manifest.read_text()
    data = json.loads(written)
    assert [(f["heading"], f["lines"]) for f in data["files"] if f["heading"]] == [("Deploy token ghp_…", [3, 6])]
    assert token[4:16] not in written and key[4:16] not in written and "rotate" in written


def test_record_appends_whole_lines_under_concurrency(copy_fixture):
    home = copy_fixture("arc")
    command = [sys.executable, "-m", "memctl", "assemble", str(home / "memory"), "--record", "--quiet",
               "--skill", "deploy"]

    def run(_: int) -> int:
        return subprocess.run(command, capture_output=True, cwd=ROOT).returncode

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert list(pool.map(run, range(12))) == [0] * 12
    lines = (home / "memory" / ".memctl" / "dispatches.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == 12 and {r["skills"][0] for r in records} == {"deploy"}
    assert all(r["files"][1]["path"] == "topics/fleet.md" and "time" in r for r in records)


def test_fast_path_stdout_is_the_bundle_alone_and_matches_typer(cli, copy_fixture):
    home = str(copy_fixture("arc") / "memory")
    args = ["assemble", home, "--skill", "deploy", "--query", "queue stalled", "--budget", "1200"]
    cold = subprocess.run([sys.executable, "-m", "memctl", *args], capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-X", "importtime", "-m", "memctl", *args],
                          capture_output=True, text=True, check=True)
    assert warm.stdout == cold.stdout == cli(*args).stdout
    check_golden("assemble-arc.md", warm.stdout)
    imported = {line.split("|")[-1].strip() for line in warm.stderr.splitlines() if line.startswith("import time")}
    # what a warm dispatch must not pay for on every request (see memctl/record.py and cache.py)
    assert not imported & {"typer", "rich", "typing", "pathlib", "dataclasses", "tiktoken", "markdown_it",
                           "ruamel"}
    assert warm.stderr.splitlines()[-1].startswith("assembled ")


def test_never_reads_outside_the_home(tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (tmp_path / "outside.md").write_text("# SECRET\n")
    (home / "MEMORY.md").write_text("# I\n[o](../outside.md)\n")
    (home / "topics" / "deploy.md").symlink_to(tmp_path / "outside.md")
    loaded = load_home(home)
    result = assemble(loaded, AssembleOptions(skills=("deploy",), query="secret"), TODAY)
    assert "SECRET" not in result.text


WORDS = st.sampled_from(["deploy", "queue", "cost", "release", "lease", "disk", "agent", "note", "日本"])


@st.composite
def homes(draw):
    index = "# Index\n" + "".join(f"## S{i}\n" + " ".join(draw(st.lists(WORDS, max_size=40))) + "\n"
                                  for i in range(draw(st.integers(0, 12))))
    topics = {}
    for i in range(draw(st.integers(0, 6))):
        body = "".join(f"## T{j}\n" + " ".join(draw(st.lists(WORDS, max_size=60))) + "\n"
                       for j in range(draw(st.integers(0, 5))))
        skills = draw(st.lists(st.sampled_from(["a", "b"]), max_size=2, unique=True))
        topics[f"t{i}"] = f"---\nskills: [{', '.join(skills)}]\nalways: {draw(st.booleans())}\n---\n" + body
    return index, topics


def write_home(root, home_spec):
    """The files of a home drawn by `homes()`, written under `root`."""
    index, topics = home_spec
    (root / "MEMORY.md").write_text(index)
    (root / "topics").mkdir()
    for name, text in topics.items():
        (root / "topics" / f"{name}.md").write_text(text)
    return root


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(homes(), st.integers(10, 3000), st.sampled_from(["md", "xml", "json"]), st.sampled_from(
    ["cl100k_base", "chars4"]), st.one_of(st.none(), WORDS), st.booleans())
def test_bundle_never_exceeds_its_budget(tmp_path_factory, home_spec, budget, fmt, tokenizer, query, front):
    root = write_home(tmp_path_factory.mktemp("home"), home_spec)
    home = load_home(root, overrides={"tokenizer": tokenizer})
    try:
        result = assemble(home, AssembleOptions(skills=("a", "b"), query=query, budget=budget, format=fmt,
                                                keep_front_matter=front), TODAY)
    except MemctlError as error:
        assert "cannot hold even" in str(error)
        return
    assert result.tokens == home.counter.count(result.text) <= budget
    if not front:
        assert "skills: [" not in result.text  # front matter stays out, and out of the count
    if home.counter.additive:  # each file's tokens are its block's share of the total
        assert sum(e.tokens for e in result.entries) <= result.tokens
    paths = [e.path for e in result.entries if e.heading is None]
    assert len(paths) == len(set(paths))


def test_assemble_help_has_an_example(cli):
    assert "Examples:\n    memctl assemble" in cli("assemble", "--help").stdout


def test_bundle_names_path_that_does_not_exist(cli):
    result = cli("assemble", "no/such/home")
    assert result.exit_code == 2 and result.stderr == "error: no/such/home: no such file or folder\n"
    assert Path("no").exists() is False


def test_query_terms_are_stemmed_words_without_stop_words_or_possessives():
    from memctl.commands.relevance import fold, query_terms

    assert query_terms("Write this week's post") == {"write", "week", "post"}
    assert query_terms("Status check: is the gate open?") == {"status", "check", "gate", "open"}
    assert query_terms("deploys, deployment, deployed") == {"deploy"} and query_terms("s") == set()
    assert query_terms("デプロイ") == {"デ", "プ", "ロ", "イ"}
    assert fold("leases", {"leas"}) == "leas" and fold("least", {"leas"}) is None


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="abdeimr_1 '’\n-éß日", max_size=80),
       terms=st.sets(st.from_regex(r"[abdeimré]{1,3}(?:'[abdeimr]{1,2})?", fullmatch=True) | st.just("日"),
                     min_size=1, max_size=4),  # terms as query_terms makes them
       cut=st.tuples(st.integers(0, 80), st.integers(0, 80)))
def test_term_finder_finds_what_one_word_start_pattern_finds(text, terms, cut):
    """The per-stem literal scans (a stem another stem starts not searched) find the same words,
    as many times, as the one alternation of word-start patterns (longest first; `_` starts a word,
    as in `feedback_branch_names`) that they replace for speed, in the whole text and between two
    offsets."""
    import re
    from collections import Counter

    from memctl.commands.relevance import _CJK, TermFinder

    reference = re.compile("|".join(re.escape(t) if _CJK.fullmatch(t) else rf"(?<![^\W_]){re.escape(t)}[^\W_]*"
                                    for t in sorted(terms, key=len, reverse=True)))
    finder = TermFinder(terms)
    start, end = sorted(cut)
    assert Counter(finder.words(text)) == Counter(reference.findall(text))
    assert Counter(finder.words(text, start, end)) == Counter(reference.findall(text, start, end))


def test_bom_and_crlf_do_not_reach_the_bundle(tmp_path):
    (tmp_path / "MEMORY.md").write_bytes("\ufeff# Title\r\n\r\nline\r\n".encode())
    result = assemble(load_home(tmp_path), AssembleOptions(), TODAY)
    assert "\ufeff" not in result.text and "\r" not in result.text
    assert result.text.startswith("<!-- memctl: MEMORY.md (index) -->\n# Title\n\nline\n")


def test_a_reader_that_goes_away_is_not_a_traceback(copy_fixture):
    root = copy_fixture("fat")
    process = subprocess.Popen([sys.executable, "-m", "memctl", "assemble", str(root), "--budget", "100000"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                               env={**__import__("os").environ, "PYTHONUNBUFFERED": "0"})
    process.stdout.close()  # before memctl writes anything
    stderr = process.stderr.read().decode()
    assert process.wait() in (0, 1) and "Traceback" not in stderr


def test_openclaw_cap_keeps_head_and_tail_and_marks_the_gap():
    home = load_home("fixtures/fat", overrides={"profile": "openclaw"})
    result = assemble(home, AssembleOptions(), TODAY)
    index = result.entries[0].content
    # 17,240 characters over a 12,000 cap: 75% of what the marker leaves from the head, 25% from the tail
    assert "<!-- memctl: lines 171–274 of MEMORY.md not loaded (load cap) -->\n" in index
    assert index.rstrip().endswith("<!-- end of memory -->")
    assert [o.heading for o in result.omitted if "load cap" in o.reason][:2] == ["Customers", "Notes"]


def test_token_load_cap_cuts_the_index_by_tokens():
    home = load_home("fixtures/fat", overrides={"profile": "volute"},
                     env={"MEMCTL_BUDGET_LOAD_CAP_TOKENS": "1000"})
    result = assemble(home, AssembleOptions(), TODAY)
    loaded, notice = result.entries[0].content.rsplit("\n\n", 1)
    assert home.counter.name == "chars4" and 0 < home.counter.count(loaded) <= 1000
    assert notice.startswith("⚠ MEMORY.md is ~4.3k tokens — only the first ~1k tokens are loaded.")
    assert result.omitted[0].reason.startswith("past the load cap (first 1,000 tokens (chars/4))")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(homes(), st.integers(10, 3000), st.lists(WORDS, min_size=1, max_size=4))
def test_query_excerpts_never_displace_what_the_task_selected(tmp_path_factory, home_spec, budget, words):
    root = write_home(tmp_path_factory.mktemp("home"), home_spec)
    home = load_home(root)
    try:
        without = assemble(home, AssembleOptions(skills=("a",), budget=budget), TODAY)
    except MemctlError:
        return
    with_query = assemble(home, AssembleOptions(skills=("a",), budget=budget, query=" ".join(words)), TODAY)
    selected = [(e.path, e.content) for e in with_query.entries if e.reasons != ["query"]]
    assert selected == [(e.path, e.content) for e in without.entries]
    assert with_query.strict_failures == without.strict_failures and with_query.tokens <= budget


LABELLED = [  # query on fixtures/arc/memory -> the sections it should load (and nothing else)
    ("Status check: is the gate open?", []),
    ("Write this week's post", []),
    ("s", []),
    ("build queue stalled", [("topics/incidents.md", "2026-11-12 build queue stalled")]),
    ("the build queue stalls again", [("topics/incidents.md", "2026-11-12 build queue stalled")]),
    ("expired TLS certificate renewal", [("topics/incidents.md", "2025-02-02 expired TLS certificate")]),
    ("how much did we spend on hosts this month", [("topics/cost.md", "Monthly spend")]),
    ("rollback a bad release", [("topics/deploys.md", "Rollback"), ("topics/deploys.md", "Release steps"),
                                ("topics/incidents.md", "2026-10-03 release tagged twice")]),
    ("the changelog of the docs site", [("topics/publishing.md", "Changelog"), ("topics/publishing.md", "Docs site")]),
]


@pytest.mark.parametrize(("query", "sections"), LABELLED)
def test_labelled_queries_load_what_they_are_about_and_nothing_else(query, sections):
    home = load_home(ARC)
    result = assemble(home, AssembleOptions(query=query), TODAY)
    loaded = [(e.path, e.heading.rsplit(" (lines ", 1)[0]) for e in result.entries if e.reasons == ["query"]]
    assert sorted(loaded) == sorted(sections)


def test_explain_lists_every_candidate_and_the_manifest_carries_scores(cli):
    result = cli("assemble", ARC, "--skill", "deploy,triage", "--query", "build queue stalled", "--explain",
                 "--format", "json")
    assert result.exit_code == 0
    explain = result.stderr.split("file ", 1)[1]
    assert "topics/deploys.md" in explain and "skill deploy" in explain and "skill triage" in explain
    data = json.loads(result.stdout)
    excerpts = [f for f in data["files"] if f["reasons"] == ["query"]]
    assert all(f["score"] > 0 and f["terms"] for f in excerpts)
    assert any("not chosen: covers" in line for line in explain.splitlines())


def test_an_unknown_skill_fails_strict_but_the_bundle_is_written(cli):
    loose = cli("assemble", ARC, "--skill", "deploy,nosuch")
    assert loose.exit_code == 0 and "warning: skill 'nosuch' matches no topic" in loose.stderr
    strict = cli("assemble", ARC, "--skill", "deploy", "--skill", "nosuch", "--strict")
    assert strict.exit_code == 1 and strict.stdout.startswith("<!-- memctl: MEMORY.md")
    assert "strict: unknown skill: nosuch" in strict.stderr


def _keys_home(root):
    token = "gh" + "p_R7kLm2Qx9VtB4nW8sY1dH6fJ3gC5aE0uZp7K"
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- [bot](topics/bot.md): the github bot\n", encoding="utf-8")
    (root / "topics" / "bot.md").write_text(
        "# Bot\n\n## Token\n\n- the github bot token: " + token + "\n\n## Rotation\n\n"
        "- the github bot token rotates monthly; ask ops for the new one\n", encoding="utf-8")
    (root / "topics" / "ops.md").write_text("# Ops\n\n" + "".join(
        f"## {name}\n\n- {text}\n\n" for name, text in (
            ("Deploys", "deploys go out on Tuesdays after the gate passes"),
            ("Rollback", "roll back with the previous image tag"),
            ("Queue", "the build queue stalls when the cache disk fills"),
            ("Billing", "the cost report lands on the first of the month"))), encoding="utf-8")
    return token


def test_a_query_excerpt_holding_a_credential_is_held_back_as_the_hook_does(cli, tmp_path):
    """`assemble --query "$TASK_TITLE"` (the README's dispatch script) bundled a ranked section
    holding a token without a word, while `hook user-prompt` held the same section back: ranking
    chose it, not the user. Held back with one warning line; --allow-secrets bundles it; a file
    named with --topic stays verbatim."""
    import os
    import subprocess
    import sys

    home = tmp_path / "home"
    token = _keys_home(home)
    result = cli("assemble", str(home), "--query", "github bot token")
    assert result.exit_code == 0
    assert token not in result.stdout and "rotates monthly" in result.stdout
    held = [line for line in result.stderr.splitlines() if "held back" in line]
    assert held == ["warning: topics/bot.md:5: held back: holds a possible GitHub token (ghp_…); a query excerpt "
                    "never adds a credential to the bundle (--allow-secrets bundles it)"]
    assert token[4:] not in result.stderr
    fast = subprocess.run([sys.executable, "-m", "memctl", "assemble", str(home), "-q", "github bot token"],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert fast.returncode == 0 and token not in fast.stdout and held[0] in fast.stderr.splitlines()
    allowed = cli("assemble", str(home), "--query", "github bot token", "--allow-secrets")
    assert allowed.exit_code == 0 and token in allowed.stdout and "held back" not in allowed.stderr
    named = cli("assemble", str(home), "--topic", "bot")
    assert named.exit_code == 0 and token in named.stdout and "held back" not in named.stderr


def _crowded(tmp_path, topics: dict[str, str]):
    """A home whose index (80 facts, ~1,000 tokens) leaves a 1,000-token budget no room for its topics."""
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    facts = "".join(f"- fact {n}: the build cache for runner {n} lives on its scratch disk.\n" for n in range(80))
    links = "".join(f"- [{name}](topics/{name}.md)\n" for name in topics)
    (home / "MEMORY.md").write_text(f"# Memory\n\n## Facts\n\n{facts}\n## Topics\n\n{links}")
    for name, text in topics.items():
        (home / "topics" / f"{name}.md").write_text(text)
    return home


def test_a_named_topic_the_index_leaves_no_room_for_is_said_with_the_budget_that_fits_it(cli, tmp_path):
    home = _crowded(tmp_path, {"payments": "# Payments\n\n## Webhooks\n\nStripe retries a webhook.\n\n"
                                           "## Retries\n\nPayment retries run at 1 h, 6 h and 24 h.\n"})
    manifest = tmp_path / "m.json"
    result = cli("assemble", str(home), "--topic", "payments", "--budget", "1000", "--manifest", str(manifest))
    assert result.exit_code == 0 and "# Payments" not in result.stdout  # the bundle is still written
    said = [line for line in result.stderr.splitlines() if line.startswith("warning: --topic")]
    match = re.fullmatch(r"warning: --topic payments: topics/payments\.md \(~\d+ tokens\) was left out: it does not "
                         r"fit in the 1,000-token dispatch budget beside the index and what loads before it; --budget "
                         r"([\d,]+) bundles it whole", said[0] if said else "")
    assert match, result.stderr
    omitted = json.loads(manifest.read_text())["omitted"]
    assert {"path": "topics/payments.md", "heading": None, "reason": "did not fit the dispatch budget"} in [
        {k: o[k] for k in ("path", "heading", "reason")} for o in omitted]
    assert "- topics/payments.md (~" in result.stdout and "): did not fit the dispatch budget\n" in result.stdout
    assert cli("assemble", str(home), "--topic", "payments", "--budget", "1000", "--strict").exit_code == 1
    need = int(match.group(1).replace(",", ""))
    fits = cli("assemble", str(home), "--topic", "payments", "--budget", str(need))
    assert fits.exit_code == 0 and "## Retries" in fits.stdout and "--topic" not in fits.stderr
    short = cli("assemble", str(home), "--topic", "payments", "--budget", str(need - 1))
    assert "## Retries" not in short.stdout and "warning: --topic payments: " in short.stderr


def test_a_skills_topic_the_index_leaves_no_room_for_is_said_too(cli, tmp_path):
    """`--skill billing` asks for the topics of that skill as `--topic` asks for one: one left out
    for want of room is a warning naming the skill and the --budget that bundles it whole."""
    home = _crowded(tmp_path, {"payments": "---\nskills: [billing]\n---\n# Payments\n\n"
                                           "Payment retries run at 1 h, 6 h and 24 h.\n"})
    result = cli("assemble", str(home), "--skill", "billing", "--budget", "1000")
    assert result.exit_code == 0 and "# Payments" not in result.stdout
    said = [line for line in result.stderr.splitlines() if line.startswith("warning: --skill")]
    assert len(said) == 1 and re.fullmatch(
        r"warning: --skill billing: topics/payments\.md \(~\d+ tokens\) was left out: it does not fit in the "
        r"1,000-token dispatch budget beside the index and what loads before it; --budget [\d,]+ bundles it whole",
        said[0]), result.stderr
    both = cli("assemble", str(home), "--skill", "billing", "--topic", "payments", "--budget", "1000")
    assert [line.split(":")[1] for line in both.stderr.splitlines() if "was left out" in line] == [" --topic payments"]


def test_a_topic_is_never_cut_down_to_its_title(cli, tmp_path):
    """With room for the index, `# Incidents` and little else, the skill's topic was bundled as its
    title alone (telling the agent nothing) and took the room of the query's excerpt that fits;
    it is now left out whole, said as such, and the excerpt loads."""
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    steps = "".join(f"- step {n}: check the runner pool and worker {n}.\n" for n in range(12))
    (home / "topics" / "incidents.md").write_text(f"---\nskills: [triage]\n---\n# Incidents\n\n## Runbook\n\n{steps}\n"
                                                  f"## Old\n\n{steps}")
    (home / "topics" / "builds.md").write_text("# Builds\n\n## Build queue stalled\n\nThe build queue stalled on "
                                               "2026-11-12: restart the runner pool.\n")
    for name in ("cooking", "garden", "travel"):
        (home / "topics" / f"{name}.md").write_text(f"# {name.title()}\n\n## Notes\n\nSome notes about {name}.\n")
    (home / "MEMORY.md").write_text("# Memory\n\n" + "".join(f"- [{p.stem}](topics/{p.name})\n"
                                                             for p in sorted((home / "topics").iterdir())))
    result = cli("assemble", str(home), "--skill", "triage", "--query", "build queue stalled", "--budget", "150")
    assert result.exit_code == 0, result.stderr
    assert "# Incidents" not in result.stdout and "The build queue stalled on 2026-11-12" in result.stdout
    assert "warning: --skill triage: topics/incidents.md (~" in result.stderr and "was left out" in result.stderr


def test_a_skill_whose_topics_do_not_fit_is_one_line(cli, tmp_path):
    """A skill of many topics, left out for want of room, is one warning with their count and tokens,
    not one a topic with the --budget for each (each found by packing again: a skill of 470 topics
    on a 10,000-topic home ran for over 20 minutes and 17 GB before the dispatch)."""
    home = _crowded(tmp_path, {f"pay{n}": f"---\nskills: [billing]\n---\n# Payments {n}\n\nPayment retries for "
                                          f"region {n} run at 1 h, 6 h and 24 h.\n" for n in range(5)})
    result = cli("assemble", str(home), "--skill", "billing", "--budget", "1000")
    assert result.exit_code == 0
    said = [line for line in result.stderr.splitlines() if line.startswith("warning: --skill")]
    assert len(said) == 1 and re.fullmatch(
        r"warning: --skill billing: 5 of its topics \(~\d+ tokens\) were left out, whole or in part: they do not "
        r"fit in the 1,000-token dispatch budget beside the index and what loads before them", said[0]), said


def test_always_and_skills_take_patterns_as_the_config_docs_say(cli, tmp_path):
    """docs/configuration.md: an entry of `always` or `skills` without a `/` is a topic's stem or a
    pattern such as `*lessons*`. A pattern named no topic ("config always names 'pub*', which is
    not a topic of this home"); it now names every topic it matches, by stem, or by path when it
    holds a `/`."""
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    for name in ("deploys", "deploy-windows", "publishing", "team-lessons", "cooking"):
        (home / "topics" / f"{name}.md").write_text(f"# {name}\n\nNotes on {name}.\n")
    (home / "MEMORY.md").write_text("# Memory\n\n" + "".join(f"- [{p.stem}](topics/{p.name})\n"
                                                             for p in sorted((home / "topics").iterdir())))
    (home / ".memctl.yaml").write_text('always: ["*lessons*"]\nskills:\n  ship: ["deploy*", "topics/pub?ishing.md"]\n')
    result = cli("assemble", str(home), "--skill", "ship", "--format", "json")
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    loaded = {e["path"]: e["reasons"] for e in json.loads(result.stdout)["files"]}
    assert loaded == {"MEMORY.md": ["index"], "topics/team-lessons.md": ["always"],
                      "topics/deploy-windows.md": ["skill ship"], "topics/deploys.md": ["skill ship"],
                      "topics/publishing.md": ["skill ship"]}


def test_a_section_the_load_cap_cuts_is_said_with_what_it_leaves_out(cli):
    """fixtures/fat's § Notes loads 15 of its 25 lines under Claude Code's 200-line cap: the notice
    gave the whole section's tokens (~455) as what was left out; it now gives its 10 lines' share."""
    data = json.loads(cli("assemble", "fixtures/fat", "--profile", "claude-code", "--format", "json").stdout)
    notes = next(o for o in data["omitted"] if o["heading"] == "Notes")
    assert notes["reason"].endswith("; 15 of 25 lines loaded")
    from memctl.model.home import load_home

    home = load_home("fixtures/fat", overrides={"profile": "claude-code"})
    whole = next(p for p in home.index.parts if p.heading == "Notes" and p.lines == 25).tokens  # the second § Notes
    assert notes["tokens"] == -(-whole * 10 // 25) < whole


def _auto_memory(tmp_path: Path, newline: str = "\n") -> Path:
    """A Claude Code auto-memory folder whose MEMORY.md has front matter and block HTML comments,
    which Claude Code strips before it sends the index (docs/hosts.md)."""
    folder = tmp_path / "home" / ".claude" / "projects" / "-work-shop" / "memory"
    folder.mkdir(parents=True)
    lines = ["---", "name: index", "description: the shop's memory", "---", "<!-- for people: keep each line short,",
             "and link every topic -->", "# Index", "", *(f"- [Topic {i}](topic-{i}.md) — what {i} holds" for i in
                                                          range(12)),
             "", "<!-- reviewed 2026-11 -->", "", "## Later", "", "- [Late](late.md) — still sent"]
    (folder / "MEMORY.md").write_bytes((newline.join(lines) + newline).encode())
    return folder


def test_the_index_is_bundled_as_claude_code_sends_it(cli, tmp_path, capsys):
    """An auto memory's MEMORY.md was bundled with its YAML front matter and block HTML comments,
    which Claude Code strips before sending it and `status` does not count (found by a new-user
    trial: 2,843 tokens bundled where status said 2,814 load); the index's block is now what the host
    sends, its tokens those status counts, on both command-line paths."""
    from memctl.cli import fast

    folder = _auto_memory(tmp_path)
    status = cli("status", str(folder), "--format", "json")
    assert status.exit_code == 0, status.stderr
    loaded = json.loads(status.stdout)["index"]["load_cap"]["loaded_tokens"]
    result = cli("assemble", str(folder), "--format", "json")
    assert result.exit_code == 0, result.stderr
    index = json.loads(result.stdout)["files"][0]
    assert index["path"] == "MEMORY.md"
    content = index["content"]
    assert content.startswith("# Index\n\n- [Topic 0](topic-0.md)")
    assert content.endswith("- [Late](late.md) — still sent\n")
    for gone in ("name: index", "---", "<!--", "keep each line short", "reviewed"):
        assert gone not in content
    assert load_home(str(folder)).counter.count(content.rstrip("\n")) == loaded
    md = cli("assemble", str(folder))
    assert md.exit_code == 0 and md.stdout.startswith("<!-- memctl: MEMORY.md (index) -->\n" + content + "\n")
    capsys.readouterr()
    assert fast.run_assemble([str(folder)]) == 0
    assert capsys.readouterr().out == md.stdout  # the fast path's bundle, byte for byte


def test_a_budget_cut_index_is_cut_from_what_the_host_sends(cli, tmp_path):
    """Where the budget cuts the index further, its head is still without the front matter and
    comments (what was sent was the file's first lines, as they stand)."""
    folder = _auto_memory(tmp_path)
    data = json.loads(cli("assemble", str(folder), "--budget", "120", "--format", "json").stdout)
    index = data["files"][0]
    assert index["truncated"] and index["content"].startswith("# Index\n\n- [Topic 0]")
    assert "name: index" not in index["content"] and "<!--" not in index["content"]
    assert any(o["path"] == "MEMORY.md" for o in data["omitted"])


def test_a_claude_md_index_is_bundled_without_its_block_comments(cli, tmp_path):
    """A project whose index is CLAUDE.md: Claude Code strips its block HTML comments too."""
    project = tmp_path / "shop"
    (project / ".claude").mkdir(parents=True)
    (project / "CLAUDE.md").write_text("# Shop\n\n<!-- maintainers: keep this under 50 lines -->\n\n"
                                       "- Run `make check` before a push.\n")
    result = cli("assemble", str(project), "--profile", "claude-code", "--format", "json")
    assert result.exit_code == 0, result.stderr
    index = json.loads(result.stdout)["files"][0]
    assert index["path"] == "CLAUDE.md"
    assert index["content"] == "# Shop\n\n\n- Run `make check` before a push.\n"


def test_crlf_becomes_lf_in_the_json_bundle_as_in_the_text_one(cli, tmp_path):
    """docs/commands.md: CRLF in files becomes LF in the bundle. `--format json` kept the CRs."""
    folder = _auto_memory(tmp_path, "\r\n")
    (folder / "topic-1.md").write_bytes(b"# Topic 1\r\n\r\nWhat 1 holds.\r\n")
    data = json.loads(cli("assemble", str(folder), "--topic", "topic-1", "--format", "json").stdout)
    contents = {f["path"]: f["content"] for f in data["files"]}
    assert contents["topic-1.md"] == "# Topic 1\n\nWhat 1 holds.\n"
    assert "\r" not in contents["MEMORY.md"] and contents["MEMORY.md"].startswith("# Index\n\n")
    md = cli("assemble", str(folder), "--topic", "topic-1").stdout
    assert contents["MEMORY.md"] in md and contents["topic-1.md"] in md
