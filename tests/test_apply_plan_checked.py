"""`--apply-plan FILE` as a new user met it (trial 8, r01): a plan saved by `--plan-out` and edited
since (a topic cut short, the archive copy replaced) was written with exit 0, and 17 lines of the
original were in no file of the home; `rollup --apply-plan` deleted daily notes whose text was
then only in `.memctl/undo/`. A saved plan now passes the checks `--apply` runs on the plan it
makes, or is refused whole: one line naming the plan file, exit 2, nothing written."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SUMMARIZERS = Path(__file__).parent / "summarizers"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")


def tree(root: Path) -> dict[str, bytes]:
    """Every file of the home but memctl's own folder (its lock may be made), and what it holds."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".memctl" not in p.relative_to(root).parts}


def edit(plan_file: Path, change: Callable[[dict], None]) -> None:
    data = json.loads(plan_file.read_text())
    change(data)
    plan_file.write_text(json.dumps(data))


def changed(path: str, after: Callable[[str], str]) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        found = [c for c in data["changes"] if c["path"] == path or (path == "archive" and
                                                                     c["path"].startswith("archive/"))]
        assert found, path
        for c in found:
            c["after"] = after(c["after"])
    return edit


def added(path: str, before: str | None, after: str, removed: bool = False) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        data["changes"].append({"path": path, "before_digest": None, "before": before, "after": after,
                                "removed": removed})
    return edit


def assert_refused(result, plan_file: Path, root: Path, before: dict[str, bytes], check: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {plan_file}: not applied: the plan fails a check --apply runs (")
    assert check in result.stderr and result.stderr.endswith("; nothing was written\n")
    assert tree(root) == before  # nothing written, no folder made
    assert not list((root / ".memctl").glob("journal/*.json")) and not (root / ".memctl" / "undo").exists()


# --- split -------------------------------------------------------------------------------------


def split_home(root: Path) -> Path:
    """The trial's home: three sections of twenty items, and a topic a section is mapped into."""
    out = ["# Memory", ""]
    for name in ["Directives", "Fleet", "Misc"]:
        out += [f"## {name}", "", f"First sentence about {name}."] + [f"- item {j} of {name}" for j in range(20)] + [""]
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("\n".join(out) + "\n")
    (root / "topics" / "fleet.md").write_text("# Fleet\n\n- the fleet's own note, written before the split\n")
    (root / "topics" / "people.md").write_text("# People\n\n- Dana runs the deploys\n")
    return root


def split_plan(cli, tmp_path: Path) -> tuple[Path, Path]:
    root = split_home(tmp_path / "home")
    plan_file = tmp_path / "plan.json"
    made = cli("split", str(root), "--profile", "generic", "--keep", "Directives", "--map",
               "Fleet=topics/fleet.md", "--plan-out", str(plan_file))
    assert made.exit_code == 0 and plan_file.exists(), made.output
    paths = {c["path"] for c in json.loads(plan_file.read_text())["changes"]}
    assert {"MEMORY.md", "topics/misc.md", "topics/fleet.md"} <= paths
    return root, plan_file


def test_split_applies_a_saved_plan_nobody_edited(cli, tmp_path):
    """The plan made with --keep and --map passes every check, the second split's too (the plan
    file records how the split was asked for)."""
    root, plan_file = split_plan(cli, tmp_path)
    reviewed = {c["path"]: c["after"] for c in json.loads(plan_file.read_text())["changes"]}
    result = cli("split", str(root), "--profile", "generic", "--apply-plan", str(plan_file))
    assert result.exit_code == 0 and result.stderr == f"applied {plan_file}: wrote 4 files\n"
    assert {rel: (root / rel).read_text() for rel in reviewed} == reviewed


SPLIT_EDITS = {
    "a topic cut short": (changed("topics/misc.md", lambda t: t.split("- item 3")[0]),
                          "topics/misc.md: a moved section would not land whole"),
    "the archive copy replaced": (changed("archive", lambda t: "nothing here\n"),
                                  "the archive copy would not hold the original byte for byte"),
    "a line of a section that stays dropped": (
        changed("MEMORY.md", lambda t: t.replace("- item 5 of Directives\n", "")),
        "MEMORY.md: conservation: a section that stays would change"),
    "a line of a section that stays reworded": (
        changed("MEMORY.md", lambda t: t.replace("- item 5 of Directives", "- item five")),
        "MEMORY.md: conservation: a section that stays would change"),
    "a moved section left in no file": (changed("MEMORY.md", lambda t: t + "## Misc\n\n- kept by hand\n"),
                                        "MEMORY.md: conservation: a section that stays would change"),
    "an append that rewrites the topic": (
        changed("topics/fleet.md", lambda t: t.replace("- the fleet's own note, written before the split\n", "")),
        "topics/fleet.md: a moved section would not land whole"),
    "another topic removed": (added("topics/people.md", "# People\n\n- Dana runs the deploys\n", "", removed=True),
                              "topics/people.md: it writes a file into which no section moves"),
    "another topic overwritten": (added("topics/people.md", "# People\n\n- Dana runs the deploys\n", "# People\n"),
                                  "topics/people.md: it writes a file into which no section moves"),
}


@pytest.mark.parametrize("name", SPLIT_EDITS)
def test_split_refuses_a_saved_plan_that_loses_text(cli, tmp_path, name):
    root, plan_file = split_plan(cli, tmp_path)
    how, check = SPLIT_EDITS[name]
    edit(plan_file, how)
    before = tree(root)
    result = cli("split", str(root), "--profile", "generic", "--apply-plan", str(plan_file))
    assert_refused(result, plan_file, root, before, check)


def test_the_trials_split_plan_is_refused_and_no_line_is_lost(cli, tmp_path):
    """r01 as the trial ran it: the plan's topic cut short and its archive copy replaced."""
    root = split_home(tmp_path / "home")
    original = (root / "MEMORY.md").read_text()
    plan_file = tmp_path / "plan.json"
    assert cli("split", str(root), "--profile", "generic", "--plan-out", str(plan_file)).exit_code == 0
    edit(plan_file, changed("topics/misc.md", lambda t: t.split("- item 3")[0]))
    edit(plan_file, changed("archive", lambda t: "nothing here\n"))
    result = cli("split", str(root), "--profile", "generic", "--apply-plan", str(plan_file))
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {plan_file}: not applied")
    kept = "".join(p.read_text() for p in root.rglob("*.md"))
    assert [line for line in original.splitlines() if line and line not in kept] == []


def test_split_a_plan_file_stale_since_it_was_made_says_so_first(cli, tmp_path):
    root, plan_file = split_plan(cli, tmp_path)
    edit(plan_file, changed("topics/misc.md", lambda t: t.split("- item 3")[0]))
    with open(root / "MEMORY.md", "a") as index:
        index.write("- a line an agent added meanwhile\n")
    result = cli("split", str(root), "--apply-plan", str(plan_file))
    assert result.exit_code == 2
    assert result.stderr == "error: MEMORY.md: changed on disk while memctl was planning; nothing was written\n"


# --- rollup ------------------------------------------------------------------------------------


def rollup_home(root: Path) -> Path:
    """The trial's OpenClaw home: four daily notes of a closed week."""
    (root / "memory").mkdir(parents=True)
    (root / "AGENTS.md").write_text("# AGENTS\n")
    (root / "SOUL.md").write_text("# SOUL\n")
    (root / "MEMORY.md").write_text("# Memory\n\n- x\n- [the 3rd](memory/2026-11-03.md)\n")
    for day in ("02", "03", "04", "05"):
        (root / "memory" / f"2026-11-{day}.md").write_text(f"# 2026-11-{day}\n\n- precious note {day}\n")
    (root / "memory" / "people.md").write_text("# People\n\n- Dana runs the deploys\n")
    return root


def rollup_plan(cli, tmp_path: Path, *extra: str) -> tuple[Path, Path]:
    root = rollup_home(tmp_path / "home")
    plan_file = tmp_path / "week.json"
    made = cli("rollup", str(root), *extra, "--plan-out", str(plan_file))
    assert made.exit_code == 0 and plan_file.exists(), made.output
    return root, plan_file


def test_rollup_applies_a_saved_plan_nobody_edited(cli, tmp_path):
    root, plan_file = rollup_plan(cli, tmp_path)
    result = cli("rollup", str(root), "--apply-plan", str(plan_file))
    assert result.exit_code == 0, result.output
    assert not (root / "memory" / "2026-11-03.md").exists()
    assert "- precious note 03" in (root / "memory" / "2026-W45.md").read_text()


def test_rollup_applies_a_saved_summarized_plan(cli, tmp_path):
    """A summarized period's text is checked in its verbatim copy in the archive."""
    summarizer = f"{sys.executable} {SUMMARIZERS / 'keep_first_lines.py'}"
    (tmp_path / "home").mkdir()
    root = rollup_home(tmp_path / "home")
    for day in ("02", "03", "04", "05"):  # enough text that the summary is shorter
        with open(root / "memory" / f"2026-11-{day}.md", "a") as note:
            note.write("".join(f"- detail {n} of the day, with a few more words in it\n" for n in range(12)))
    plan_file = tmp_path / "week.json"
    made = cli("rollup", str(root), "--summarizer", summarizer, "--plan-out", str(plan_file))
    assert made.exit_code == 0, made.output
    assert json.loads(plan_file.read_text())["summary"]["groups"][0]["summarized"] is True
    result = cli("rollup", str(root), "--apply-plan", str(plan_file))
    assert result.exit_code == 0, result.output
    assert "precious note 03" in (root / "archive" / "memory" / "2026-W45.verbatim.md").read_text()


def summarized_without_verbatim(data: dict) -> None:
    """The summary says the period was summarized (so its text need not be in the period's file),
    the period's file loses a note, and no verbatim copy is written."""
    data["summary"]["groups"][0]["summarized"] = True
    changed("memory/2026-W45.md", lambda t: t.replace("- precious note 03\n", ""))(data)


RELINKED = "- [2026-W45](memory/2026-W45.md)"
ROLLUP_EDITS = {
    "a note's line dropped from the period's file": (
        changed("memory/2026-W45.md", lambda t: t.replace("- precious note 03\n", "")),
        "memory/2026-11-03.md: its text would not be in memory/2026-W45.md"),
    "the archive copies replaced": (changed("archive", lambda t: "gone\n"),
                                    "memory/2026-11-02.md: its text would not be in the archive"),
    "called summarized to pass the check": (summarized_without_verbatim,
                                            "memory/2026-W45.md: summarized, but its text as rolled up would not be"),
    "another note removed": (added("memory/people.md", "# People\n\n- Dana runs the deploys\n", "", removed=True),
                             "memory/people.md: it removes a file it does not roll up"),
    "the index removed": (lambda data: next(c for c in data["changes"] if c["path"] == "MEMORY.md").update(
        after="", removed=True), "MEMORY.md: it removes a file it does not roll up"),
    "a file written twice": (added("MEMORY.md", "# Memory\n\n- x\n- [the 3rd](memory/2026-11-03.md)\n", ""),
                             "it writes a file twice"),
    "a host's file overwritten": (added("SOUL.md", "# SOUL\n", "# SOUL\n\nobey\n"),
                                  "SOUL.md: it writes a file the roll-up does not"),
    "the index rewritten beyond its links": (changed("MEMORY.md", lambda t: t.replace("- x\n", "")),
                                             "MEMORY.md: the index would change in more than its links"),
}


@pytest.mark.parametrize("name", ROLLUP_EDITS)
def test_rollup_refuses_a_saved_plan_that_loses_text(cli, tmp_path, name):
    root, plan_file = rollup_plan(cli, tmp_path)
    assert RELINKED in next(c["after"] for c in json.loads(plan_file.read_text())["changes"]
                            if c["path"] == "MEMORY.md")
    how, check = ROLLUP_EDITS[name]
    edit(plan_file, how)
    before = tree(root)
    result = cli("rollup", str(root), "--apply-plan", str(plan_file))
    assert_refused(result, plan_file, root, before, check)
    assert (root / "memory" / "2026-11-03.md").exists()


# --- consolidate -------------------------------------------------------------------------------


def consolidate_plan(cli, copy_fixture, tmp_path: Path) -> tuple[Path, Path]:
    root = copy_fixture("consolidate")
    plan_file = tmp_path / "plan.json"
    made = cli("consolidate", str(root), "--plan-out", str(plan_file))
    assert made.exit_code == 0 and plan_file.exists(), made.output
    return root, plan_file


def test_consolidate_applies_a_saved_plan_nobody_edited(cli, copy_fixture, tmp_path):
    root, plan_file = consolidate_plan(cli, copy_fixture, tmp_path)
    result = cli("consolidate", str(root), "--apply-plan", str(plan_file))
    assert result.exit_code == 0 and result.stderr == f"applied {plan_file}: wrote 4 files\n"


def emptied_archive(data: dict) -> None:
    for c in data["changes"]:
        if c["path"].startswith("archive/"):
            c["after"] = c["before"] or "# archive\n"


CONSOLIDATE_EDITS = {
    "the archive left without what moved": (emptied_archive, "would leave without reaching the archive"),
    "a topic removed": (lambda data: data["changes"][-1].update(removed=True),
                        "it removes a file, which consolidate never does"),
    "a file that is no topic written": (added("notes/todo.md", None, "- a new file\n"),
                                        "notes/todo.md: it writes a file that is not a topic of this home"),
}


@pytest.mark.parametrize("name", CONSOLIDATE_EDITS)
def test_consolidate_refuses_a_saved_plan_that_loses_text(cli, copy_fixture, tmp_path, name):
    root, plan_file = consolidate_plan(cli, copy_fixture, tmp_path)
    how, check = CONSOLIDATE_EDITS[name]
    edit(plan_file, how)
    before = tree(root)
    result = cli("consolidate", str(root), "--apply-plan", str(plan_file))
    assert_refused(result, plan_file, root, before, check)


# --- every plan memctl makes passes the check of a saved plan -----------------------------------


def saved(tmp_path: Path, command: str, home, write, summary: dict):
    """The plan as `--plan-out` writes it and `--apply-plan` reads it back."""
    from memctl.safe.planfile import load_plan, save_plan

    path = tmp_path / f"{command}-plan.json"
    save_plan(str(path), command, home.root, write, summary)
    return load_plan(str(path), command, home.root)


def check_split(tmp_path: Path, home, doc, options) -> bool:
    """Whether split moves anything of `doc`; if it does, its plan, saved, passes `verify_saved`."""
    from datetime import date, datetime, timezone

    from memctl.commands.split import plan_data, plan_split, saved_options, verify_saved

    now = datetime(2026, 11, 29, 15, tzinfo=timezone.utc)
    result = plan_split(home, doc, options, today=date(2026, 11, 29), now=now)
    if not result.moves:
        return False
    write, summary = saved(tmp_path, "split", home, result.write,
                           {**plan_data(result, False), "options": saved_options(options)})
    verify_saved(home, write, summary)
    return True


SPLIT_HOMES = [  # (home, profile, the file split): the fixtures' own layouts, a load cap the index is past among them
    ("fat", None, None), ("messy", None, None), ("homes/recipes", None, "topics/weeknight-recipes.md"),
    ("homes/claude-code/home/.claude/projects/-work-acme-billing/memory", "claude-code", None),
    ("homes/openclaw/workspace", None, None), ("homes/volute/home", None, None), ("homes/arc-repo", None, None),
]


@pytest.mark.parametrize(("name", "profile", "target"), SPLIT_HOMES)
def test_every_split_plan_of_the_fixture_homes_passes_the_saved_plan_check(tmp_path, name, profile, target):
    from memctl.commands.split import Options
    from memctl.model.home import load_home

    from .conftest import FIXTURES

    home = load_home(FIXTURES / name, overrides={"profile": profile} if profile else None)
    doc = home.index if target is None else home.find_topic(target)
    assert doc is not None
    moved = [check_split(tmp_path, home, doc, Options(level=level)) for level in (2, 3)]
    assert moved[0] or name == "homes/volute/home"


FACTS = "".join(f"- a fact {n} long enough to be worth a topic file of its own, see [r](../runbooks/r{n}.md)\n"
                for n in range(6))
BLOCKS = st.sampled_from([
    "## Alpha\n", "## Beta\n", "# Title\n", "### deep\n", "text line.\n", "- item\n", "\n", "## Topics\n",
    "- [old](topics/old.md) — an earlier split's line (~12 tokens)\n", "```\n## fenced\n```\n", "Setext\n------\n",
    "<!-- memctl-keep -->\n", "## 日本語\n", "no newline", FACTS, "## Gamma\n" + FACTS, "### Delta\n" + FACTS,
    "## Alpha\n" + FACTS, FACTS.rstrip("\n"),
])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(BLOCKS, min_size=4, max_size=24), st.sampled_from(["\n", "\r\n"]), st.booleans(),
       st.sampled_from([None, "claude-code", "volute"]), st.sampled_from([2, 3]))
def test_every_split_plan_passes_the_saved_plan_check(tmp_path_factory, blocks, newline, bom, profile, level):
    from memctl.commands.split import Options
    from memctl.model.home import load_home

    root = tmp_path_factory.mktemp("home")
    text = ("\ufeff" if bom else "") + "".join(blocks).replace("\n", newline)
    (root / "MEMORY.md").write_bytes(text.encode())
    home = load_home(root, overrides={"profile": profile} if profile else None)
    check_split(root.parent, home, home.index, Options(level=level))


@pytest.mark.parametrize("period", ["week", "month"])
@pytest.mark.parametrize("name", ["rollup/home", "homes/openclaw/workspace", "homes/volute/home"])
def test_every_rollup_plan_of_the_fixture_homes_passes_the_saved_plan_check(tmp_path, name, period):
    from datetime import date

    from memctl.commands.rollup import plan_data, plan_rollup, read_dated, saved_options, verify_saved
    from memctl.model.home import load_home

    from .conftest import FIXTURES

    home = load_home(FIXTURES / name)
    files, texts, _ = read_dated(home)
    when = date(2026, 11, 29)
    result = plan_rollup(texts, files, home.index.rel, period, when, 7, archived_as=home.archived_as)
    assert result.write.changes
    write, summary = saved(tmp_path, "rollup", home, result.write,
                           {**plan_data(result, False), "options": saved_options(when, 7, False)})
    verify_saved(home, write, summary)


@pytest.mark.parametrize("name", ["consolidate", "messy", "homes/recipes", "homes/volute/home"])
def test_every_consolidate_plan_of_the_fixture_homes_passes_the_saved_plan_check(tmp_path, name):
    from datetime import date

    from memctl.commands.consolidate import Options, plan_consolidate, plan_data, saved_options, verify_saved
    from memctl.model.home import load_home

    from .conftest import FIXTURES

    home = load_home(FIXTURES / name)
    when = date(2026, 11, 29)
    options = Options(target=150)
    result = plan_consolidate(home, options, when)
    if name == "consolidate":
        assert result.write.changes
    write, summary = saved(tmp_path, "consolidate", home, result.write,
                           {**plan_data(result, False), "options": saved_options(options, when)})
    verify_saved(home, write, summary)
