from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date

import pytest

from memctl.cli.views import render_fleet_text, render_status_text
from memctl.commands.status import build_status
from memctl.model.home import load_home

from .conftest import FIXTURES, ROOT, check_golden

HOMES = {"arc": "fixtures/arc/memory", "openclaw": "fixtures/openclaw", "volute": "fixtures/volute/home",
         "fat": "fixtures/fat", "claude-emoji": "fixtures/hosts/claude-emoji",
         "volute-budgets": "fixtures/hosts/volute-budgets", "openclaw-starved": "fixtures/hosts/openclaw-starved",
         "arc-repo": "fixtures/hosts/arc-repo/memory"}
TODAY = date(2026, 11, 29)


@pytest.mark.parametrize("name", sorted(HOMES))
def test_status_golden_json_and_text(name):
    report = build_status(load_home(HOMES[name]), TODAY)
    check_golden(f"status-{name}.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    check_golden(f"status-{name}.txt", render_status_text(report))


@pytest.mark.parametrize("render", [render_status_text, lambda r: render_fleet_text([r])])
def test_every_text_renderer_names_the_home(render):
    report = build_status(load_home(HOMES["arc"]), TODAY)
    assert "fixtures/arc/memory" in render(report)


def test_fat_index_is_cut_by_the_load_cap():
    report = build_status(load_home(HOMES["fat"]), TODAY)
    index = report["index"]
    # Claude Code counts 327: the closing HTML comment is stripped and the blank line before it trimmed
    assert index["headroom"]["lines"] == {"used": 327, "limit": 200, "left": -127, "over": True}
    cap = index["load_cap"]
    assert cap["capped"] and cap["loaded_lines"] == 200 and cap["cut_section"] == "Notes" and cap["cut_line"] == 201
    states = [s["loaded"] for s in index["sections"]]
    assert states.count("partial") == 1 and states[-1] == "none"
    assert sum(s["tokens"] for s in index["sections"]) == index["tokens"]


def test_openclaw_profile_keeps_head_and_tail():
    report = build_status(load_home(HOMES["fat"], overrides={"profile": "openclaw"}), TODAY)
    states = [s["loaded"] for s in report["index"]["sections"]]
    assert states[0] == "full" and states[-1] == "full" and "none" in states


def test_cli_status_json_is_the_only_stdout(cli):
    result = cli("status", HOMES["arc"], "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout)["index"]["lines"] == 32


def test_cli_fleet_gives_a_list(cli):
    result = cli("status", HOMES["arc"], HOMES["openclaw"], "--format", "json")
    assert result.exit_code == 0
    assert [r["home"] for r in json.loads(result.stdout)] == [HOMES["arc"], HOMES["openclaw"]]
    text = cli("status", HOMES["arc"], HOMES["openclaw"])
    assert "Memory homes" in text.stdout and "fixtures/openclaw" in text.stdout


def test_among_several_homes_each_warning_names_its_home(cli, tmp_path, monkeypatch):
    """`warning: MEMORY.md:3: …` after `status a b` did not say which MEMORY.md; one home's
    warnings stay as they were."""
    for name in ("ops", "dev"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "MEMORY.md").write_text(f"# {name}\n\n- [runbook](../runbook.md)\n")
    monkeypatch.chdir(tmp_path)
    why = "MEMORY.md:3: link resolves outside the home, skipped: ../runbook.md"
    for command in (("status",), ("status", "--format", "json"), ("lint", "--exit-zero")):
        result = cli(*command, "ops", "dev")
        assert result.exit_code == 0, result.stderr
        assert [line for line in result.stderr.splitlines() if line.startswith("warning:")] == [
            f"warning: ops: {why}", f"warning: dev: {why}"], command
        alone = cli(*command, "ops")
        assert [line for line in alone.stderr.splitlines() if line.startswith("warning:")] == [f"warning: {why}"]
        fast = subprocess.run([sys.executable, "-m", "memctl", *command, "ops", "dev"], capture_output=True,
                              text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert fast.stderr.splitlines()[:2] == [f"warning: ops: {why}", f"warning: dev: {why}"], command


def test_a_topic_with_broken_front_matter_is_a_row_not_an_error(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n")
    (tmp_path / "topics").mkdir()
    (tmp_path / "topics" / "a.md").write_text("---\nalways: perhaps\n---\n# A\n")
    result = cli("status", str(tmp_path))
    assert result.exit_code == 0 and "Problems" in result.stdout
    assert "front matter always must be a bool, not 'perhaps'" in result.stdout


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({}, "MEMORY.md: no MEMORY.md in this home"),
        ({"MEMORY.md": b"\xfe\xff"}, "MEMORY.md:1: not valid UTF-8 at byte 0"),
        ({"MEMORY.md": b"# I\n", ".memctl.yaml": b"profile: nope\n"}, "unknown profile 'nope'"),
    ],
)
def test_cli_unusable_home_is_one_line_and_exit_2(cli, tmp_path, setup, message):
    for name, data in setup.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    result = cli("status", str(tmp_path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_cli_version_and_unknown_tokenizer(cli):
    assert cli("--version").stdout.startswith("memctl ")
    bad = cli("status", HOMES["arc"], "--tokenizer", "nope")
    assert bad.exit_code == 2 and "unknown tokenizer 'nope'" in bad.stderr


def test_headings_are_shown_without_control_characters(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Evil\x1b[31m red\x07\n")
    report = build_status(load_home(tmp_path), TODAY)
    assert report["index"]["sections"][0]["heading"] == "Evil[31m red"


def test_warnings_for_skipped_links_go_to_stderr(cli, tmp_path):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "MEMORY.md").write_text("# I\n[x](../out.md)\n")
    (tmp_path / "out.md").write_text("# out\n")
    result = cli("status", str(tmp_path / "home"), "--format", "json")
    assert result.exit_code == 0 and "link resolves outside the home" in result.stderr
    assert json.loads(result.stdout)["topics"] == []


def test_fixtures_exist():
    assert (FIXTURES / "fat" / "MEMORY.md").read_bytes().count(b"\r\n") >= 300


def test_a_large_home_lists_its_largest_topics_and_counts_the_rest(cli, tmp_path):
    home = tmp_path / "fleet"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Index\n\n- [t0](topics/t00.md)\n")
    for n in range(30):
        (home / "topics" / f"t{n:02}.md").write_text(f"# Topic {n}\n\n" + "- a fact worth keeping\n" * (n + 1))
    text = cli("status", str(home)).stdout
    listed = [n for n in range(30) if f"topics/t{n:02}.md" in text]
    assert listed == list(range(5, 30))  # the largest 25
    assert "Topics: the largest 25 of 30" in text
    assert "… and 5 more topics, " in text and "(4 not linked): --all to list them" in text
    every = cli("status", str(home), "--all").stdout
    assert [n for n in range(30) if f"topics/t{n:02}.md" in every] == list(range(30))
    assert "topics/t00.md " in every and "topics/t01.md *" in every and "--all" not in every
    rows = [line for line in every.splitlines() if line.startswith("topics/")]
    assert len(rows) == 30 and len({line.index("on demand") for line in rows}) == 1  # columns line up
    report = json.loads(cli("status", str(home), "--format", "json", "--all").stdout)
    assert len(report["topics"]) == 30
    assert len(json.loads(cli("status", str(home), "--format", "json").stdout)["topics"]) == 30


def test_a_fat_index_lists_every_section_in_plain_columns(cli, tmp_path):
    """Past 200 sections rich's table (which measures every cell again and again) gives way to
    plain columns: every section, in order, with where the load cap cuts."""
    from rich.cells import cell_len

    from memctl.cli.views import PLAIN_PAST

    count = PLAIN_PAST + 50
    (tmp_path / "MEMORY.md").write_text("# Memory\n" + "".join(f"\n## Part {n}\n\n- a fact\n" for n in range(count))
                                        + "\n## 部署メモ\n\n- 日本語のメモ\n")
    text = cli("status", str(tmp_path)).stdout
    rows = [line for line in text.splitlines() if line.startswith("  Part ")]
    assert [row.split()[1] for row in rows] == [str(n) for n in range(count)]  # every one, in order
    assert len({row.index("%") for row in rows}) == 1  # the columns line up
    assert rows[0].endswith("yes") and rows[-1].endswith("no")
    assert sum("cut: " in row for row in rows) == 1  # the cap cuts one section, and says where
    assert "┃" not in text.split("Sections", 1)[1].split("No topic files", 1)[0]
    wide = next(line for line in text.splitlines() if line.startswith("  部署メモ"))
    assert cell_len(wide.split("%")[0]) == cell_len(rows[0].split("%")[0])  # aligned in terminal cells


def test_the_progress_bar_shows_only_on_a_terminal_and_after_its_delay():
    import io

    from rich.console import Console

    from memctl.cli.common import ProgressBar

    def run(**options) -> str:
        screen = io.StringIO()
        bar = ProgressBar(console=Console(file=screen, force_terminal=True, width=80), **options)
        for n in range(1, 4):
            bar("reading files", n, 3)
        bar.stop()
        return screen.getvalue()

    assert "reading files" in run(enabled=True, delay=0)
    assert run(enabled=True, delay=60) == ""  # a quick run never shows it
    assert run(enabled=False, delay=0) == ""  # not a terminal, or CI
    assert not ProgressBar().enabled  # pytest's stderr is no terminal


def test_volute_chars4_counts_are_said_to_be_volutes_own(cli, tmp_path):
    """chars/4 is how Volute counts: not an estimate of anything, for a Volute home."""
    home = "fixtures/volute/home"
    text = " ".join(cli("status", home).stdout.split())
    assert "tokenizer chars4 (token counts are Volute's own count)" in text
    page = cli("report", home, "-o", str(tmp_path / "page.html"))
    assert page.exit_code == 0, page.stderr
    assert "tokenizer chars4 (token counts are Volute&#x27;s own count)" in (tmp_path / "page.html").read_text()
    other = " ".join(cli("status", home, "--tokenizer", "cl100k_base").stdout.split())  # not Volute's count
    assert "tokenizer cl100k_base (token counts are estimates for Claude models)" in other
    arc = " ".join(cli("status", HOMES["arc"]).stdout.split())
    assert "tokenizer cl100k_base (token counts are estimates for Claude models)" in arc
