"""`split` keeps the meaning of what it moves: the parts of a split topic are selected, loaded and
judged as the topic was, and the index's new links land where the host loads them."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TODAY = date(2026, 11, 29)
NOW = datetime(2026, 11, 29, 15, 0, tzinfo=timezone.utc)


def _big_topic(home: Path, front_matter: list[str], parts: int = 5, facts: int = 15) -> None:
    lines = ["---", "title: Big", *front_matter, "---", "", "# Big", ""]
    for part in range(parts):
        lines += [f"## Part {part}", ""]
        lines += [f"- part {part} fact {i} with enough words to be worth moving out of here, truly"
                  for i in range(facts)]
        lines.append("")
    (home / "topics").mkdir(parents=True, exist_ok=True)
    (home / "topics" / "big.md").write_text("\n".join(lines) + "\n")
    (home / "MEMORY.md").write_text("# i\n\n- [big](topics/big.md)\n")


def _facts_in(bundle: str) -> int:
    return sum(1 for line in bundle.splitlines() if line.startswith("- part ") and " fact " in line)


@pytest.mark.parametrize("selector", [
    ["skills: [ops]"],  # the topic's own skills
    [],  # the config's skills naming it (written below)
])
def test_the_parts_of_a_split_topic_load_with_the_skill_the_topic_loaded_with(cli, tmp_path, monkeypatch, selector):
    """The trial: `skills: [ops]` on topics/big.md, then `split topics/big.md --apply`: the five new
    files said `skills: [part-0]` … `[part-4]`, and `assemble --skill ops` went from 75 facts to the
    five link lines, without a warning."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    home = tmp_path / "home"
    _big_topic(home, selector)
    if not selector:
        (home / ".memctl.yaml").write_text("skills: {ops: [big]}\n")
    before = cli("assemble", str(home), "--skill", "ops")
    assert before.exit_code == 0 and _facts_in(before.stdout) == 75
    done = cli("split", str(home / "topics" / "big.md"), "--apply")
    assert done.exit_code == 0, done.stderr
    part = (home / "topics" / "part-0.md").read_text()
    assert part.startswith("---\ntitle: Part 0\nsummary: part 0 fact 0 with enough words to be worth moving out of "
                           "here, truly\nskills: [ops, big, part-0]\nupdated: 2026-11-29\n---\n## Part 0\n")
    after = cli("assemble", str(home), "--skill", "ops", "--format", "json")
    assert after.exit_code == 0, after.stderr
    data = json.loads(after.stdout)
    assert sum(_facts_in(f["content"]) for f in data["files"]) == 75  # every fact still loads with the skill
    assert {f["path"] for f in data["files"]} >= {f"topics/part-{n}.md" for n in range(5)}
    by_stem = cli("assemble", str(home), "--skill", "big")  # the topic's stem selected it whole, and still does
    assert by_stem.exit_code == 0 and _facts_in(by_stem.stdout) == 75


@pytest.mark.parametrize("marked", ["front matter", "config"])
def test_the_parts_of_an_always_loaded_topic_are_always_loaded(cli, tmp_path, monkeypatch, marked):
    """The trial: with `always: true`, status went from `1,549 always loaded` to `197` after the split."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    home = tmp_path / "home"
    _big_topic(home, ["always: true"] if marked == "front matter" else [])
    if marked == "config":
        (home / ".memctl.yaml").write_text("always: [big]\n")
    before = json.loads(cli("status", str(home), "--format", "json").stdout)
    assert before["totals"]["on_demand_tokens"] == 0
    done = cli("split", str(home / "topics" / "big.md"), "--apply")
    assert done.exit_code == 0, done.stderr
    after = json.loads(cli("status", str(home), "--format", "json").stdout)
    assert after["totals"]["on_demand_tokens"] == 0  # nothing the topic held stopped loading every time
    assert after["totals"]["always_loaded_tokens"] > before["totals"]["always_loaded_tokens"]
    assert {t["path"] for t in after["topics"] if t["always"]} == {"topics/big.md",
                                                                   *(f"topics/part-{n}.md" for n in range(5))}
    bundle = cli("assemble", str(home))
    assert bundle.exit_code == 0 and _facts_in(bundle.stdout) == 75


def test_the_parts_of_a_claude_code_memory_keep_its_type_expiry_and_date(cli, tmp_path, monkeypatch):
    """A Claude Code memory of type `feedback`, with an expiry and the day it was written: each part
    is feedback too (not `project`, the type a heading names no other), expires when the memory did,
    and is as old as it was (MEM402 judges it by that day); a key memctl does not know stays behind."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    project = tmp_path / "home" / ".claude" / "projects" / "-work-app"
    home = project / "memory"
    home.mkdir(parents=True)
    lines = ["---", "name: Review habits", "description: how reviews go here", "type: feedback",
             "expires: 2027-06-30", "updated: 2026-10-01", "owner: sam", "---", "", "# Review habits", ""]
    for part in ("Naming", "Tests"):
        lines += [f"## {part}", ""] + [f"- {part.lower()} rule {i}: say it once, in the review, with the "
                                       "reason and a link" for i in range(12)] + [""]
    (home / "review-habits.md").write_text("\n".join(lines) + "\n")
    (home / "MEMORY.md").write_text("# Memory\n\n- [Review habits](review-habits.md) — how reviews go here\n")
    done = cli("split", str(home / "review-habits.md"), "--apply")
    assert done.exit_code == 0, done.stderr
    assert (home / "naming.md").read_text().startswith(
        '---\nname: Naming\ndescription: "naming rule 0: say it once, in the review, with the reason and a link"\n'
        "type: feedback\nexpires: 2027-06-30\nupdated: 2026-10-01\n---\n## Naming\n")
    assert "owner" not in (home / "tests.md").read_text()
    monkeypatch.setenv("MEMCTL_TODAY", "2027-07-01")
    lint = cli("lint", str(home), "--select", "MEM401")
    assert lint.exit_code == 0 and "naming.md:5:1: MEM401 topic expired on 2027-06-30" in lint.stdout
    assert "tests.md:5:1: MEM401 topic expired on 2027-06-30" in lint.stdout


def test_the_parts_of_a_lessons_file_are_deduplicated_only(cli, tmp_path, monkeypatch):
    """lessons.md is never thinned by age (a lesson is learned once): neither are its parts, which are
    not named lessons.md."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    lines = ["# Lessons", ""]
    for part in ("Deploys", "Billing"):
        lines += [f"## {part}", ""] + [f"- 2024-01-{i + 10:02d}: {part.lower()} lesson {i}, learned the hard "
                                       "way and written down" for i in range(15)] + [""]
    (home / "topics" / "lessons.md").write_text("\n".join(lines) + "\n")
    (home / "MEMORY.md").write_text("# i\n\n- [lessons](topics/lessons.md)\n")
    assert cli("split", str(home / "topics" / "lessons.md"), "--apply").exit_code == 0
    assert "consolidate: dedupe-only\n" in (home / "topics" / "deploys.md").read_text()
    plan = cli("consolidate", str(home), "--target", "100", "--format", "json")
    assert plan.exit_code == 0, plan.stderr
    assert all(step["name"] != "older" for topic in json.loads(plan.stdout)["topics"] for step in topic["steps"])


def test_splitting_the_index_gives_its_topics_the_host_front_matter_alone(cli, tmp_path, monkeypatch):
    """The index has no front matter to pass on: its sections get the host's own, as before."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    home = tmp_path / "home"
    home.mkdir()
    body = "".join(f"- deploy fact {i}: the runner image is pinned to 2.3 because 2.4 broke the cache\n"
                   for i in range(12))
    (home / "MEMORY.md").write_text(f"---\nalways: true\n---\n# Memory\n\n## Deploy notes\n\n{body}")
    assert cli("split", str(home), "--apply").exit_code == 0
    assert (home / "topics" / "deploy-notes.md").read_text().startswith(
        '---\ntitle: Deploy notes\nsummary: "deploy fact 0: the runner image is pinned to 2.3 because 2.4 broke the '
        'cache"\nskills: [deploy-notes]\nupdated: 2026-11-29\n---\n## Deploy notes\n')


def _fat_first_section(home: Path, links: int = 205, linked: bool = True) -> None:
    """The trial's index: a first section that alone runs past Claude Code's 200 lines, then two
    sections worth moving."""
    home.mkdir(parents=True, exist_ok=True)
    lines = ["# Memory", ""]
    for i in range(1, links + 1):
        lines.append(f"- [t{i}](t{i}.md) — note {i}" if linked else f"- note {i}: kept in the index, no link")
        if linked:
            (home / f"t{i}.md").write_text(f"# t{i}\n")
    lines += ["", "## Deploy notes", ""]
    lines += [f"- deploy fact {i}: the runner image is pinned to 2.3 because 2.4 broke the cache" for i in range(12)]
    lines += ["", "## Billing notes", ""]
    lines += [f"- billing fact {i}: invoices are sent on the 1st, retries on the 3rd" for i in range(12)]
    (home / "MEMORY.md").write_text("\n".join(lines) + "\n")


def test_split_puts_the_new_links_where_claude_code_loads_them_and_says_what_that_costs(cli, tmp_path):
    """The trial: the plan said `MEMORY.md: 237 → 212 lines`, the links landed on lines 211-212, and
    lint then reported them dropped (MEM205), with nothing said. The links go in after the last link
    line Claude Code loads, the plan names the two lines that pushes out, and says the index is still
    cut."""
    home = tmp_path / "home" / ".claude" / "projects" / "-tmp-rsplit" / "memory"
    _fat_first_section(home)
    done = cli("split", str(home), "--apply", "--format", "json")
    assert done.exit_code == 0, done.stderr
    data = json.loads(done.stdout)
    lines = (home / "MEMORY.md").read_text().splitlines()
    assert lines[198].startswith("- [Deploy notes](deploy-notes.md) — deploy fact 0: ")
    assert lines[199].startswith("- [Billing notes](billing-notes.md) — billing fact 0: ")
    assert lines[200:202] == ["- [t197](t197.md) — note 197", "- [t198](t198.md) — note 198"]
    assert data["after"]["lines"] == len(lines) == 210 and "## Topics" not in lines
    cap = "first 200 lines then 25,000 UTF-16 code units, front matter and HTML comments free"
    moved = (f"the end of MEMORY.md lies past its host's load cap ({cap}): the new links go in at lines 199–200, "
             "after the last link line it loads, not under 'Topics', and push lines 201–202 ('- [t197](t197.md) — "
             "note 197') out of what it loads")
    cut = (f"MEMORY.md is still past its host's load cap after the split ({cap}): lines 201–210 of 210 are not "
           "loaded ('Memory'); slim the sections that stay by hand, or let split move more of them (fewer --keep or "
           "config `core` headings, or another --level)")
    assert data["warnings"] == [moved, cut]
    assert done.stderr == f"warning: {moved}\nwarning: {cut}\noriginal copied to {data['archive'][0]}\nwrote 4 files\n"
    lint = cli("lint", str(home), "--select", "MEM205")
    assert "drops lines 201–210 of the index" in lint.stdout  # the new links are not among them
    again = cli("split", str(home))
    assert again.exit_code == 0 and again.stdout == "nothing to split: MEMORY.md has no level-2 section to move\n"


def test_split_says_so_when_no_place_the_host_loads_can_take_the_new_links(cli, tmp_path):
    """A first section of 205 plain notes: no link line to put the new ones after. They go under
    `## Topics` at the end as before, and the plan warns that the host will not see them."""
    home = tmp_path / "home"
    _fat_first_section(home, linked=False)
    done = cli("split", str(home), "--apply")
    assert done.exit_code == 0, done.stderr
    lines = (home / "MEMORY.md").read_text().splitlines()
    assert lines[208:210] == ["## Topics", ""] and lines[210].startswith("- [Deploy notes](topics/deploy-notes.md)")
    assert ("warning: the new links (lines 211–212 of MEMORY.md) lie past its host's load cap (first 200 lines then "
            "25,000 UTF-16 code units, front matter and HTML comments free) and no place among the links it loads "
            "takes them: the host will not see the topics this split makes; link them by hand within lines 1–200, "
            "or slim what stays\n") in done.stderr
    assert "warning: MEMORY.md is still past its host's load cap after the split" in done.stderr


def test_a_split_whose_index_loads_whole_says_nothing_more(cli, tmp_path):
    home = tmp_path / "home"
    _fat_first_section(home, links=150)
    done = cli("split", str(home), "--apply", "--format", "json")
    data = json.loads(done.stdout)
    assert done.exit_code == 0 and done.stderr == f"original copied to {data['archive'][0]}\nwrote 4 files\n"
    assert data["warnings"] == []
    assert (home / "MEMORY.md").read_text().splitlines()[153:155] == ["## Topics", ""]


CAPPED_BLOCKS = st.sampled_from([
    "# Title\n", "- [t](t.md) — a note\n", "- [t](t.md)\n  carried on\n", "text line.\n", "\n", "- plain item\n",
    "## Alpha\n\n- a fact long enough to be worth moving out of the index, into a topic file of its own\n"
    "- another fact long enough to be worth moving, truly, with more words than its index line\n",
    "```\n- [x](y.md)\n```\n", "## Kept\n- [k](k.md)\n", "<!-- memctl-keep -->\n", "no newline",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(CAPPED_BLOCKS, max_size=30), st.integers(3, 14), st.sampled_from(["\n", "\r\n"]))
def test_a_capped_index_splits_with_its_links_where_the_host_loads_them(tmp_path_factory, blocks, cap, newline):
    """Whatever the index and its cap: the split conserves every line and is stable (verify() raises
    otherwise), and the new links load unless the plan says no place takes them."""
    from memctl.commands.capture import index_view
    from memctl.commands.split import Options, plan_split
    from memctl.model.home import load_home
    from memctl.safe.journal import apply_plan

    root = tmp_path_factory.mktemp("home")
    (root / ".memctl.yaml").write_text(f"core: [Kept]\nbudgets: {{load_cap_lines: {cap}}}\n")
    (root / "MEMORY.md").write_bytes("".join(blocks).replace("\n", newline).encode())
    home = load_home(root)
    result = plan_split(home, home.index, Options(), today=TODAY, now=NOW)
    if not result.moves:
        return
    apply_plan(home.root, result.write)
    after = load_home(root)
    lines = after.index.text.splitlines()
    links = [n for n, line in enumerate(lines, 1) for m in result.moves if line == m.link_line.rstrip("\r\n")]
    assert len(links) == len(result.moves)
    loaded = index_view(after).loaded(after.index.text)
    if not any("no place among the links it loads takes them" in w for w in result.warnings):
        assert all(any(a <= n <= b for a, b in loaded) for n in links), result.warnings
    assert (not after.index_cap.capped) == (not any("still past" in w for w in result.warnings))
    assert plan_split(after, after.index, Options(), today=TODAY, now=NOW).moves == ()
