"""What `status`, `lint` and `assemble` say about a host's figures, as a user meets them on the
host homes of fixtures/homes (README.md there: OC1–OC4, V3) and on small homes built here."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memctl.model.tokens import TokenCounter

from .conftest import FIXTURES

HOMES = FIXTURES / "homes"
GIGS = "'Gigs this season' (13 of its 58 lines), 'Gear', 'Open loops' and 'Setlist notes' (1 of its 9 lines)"
LOADED_WHOLE = ("Things Noor said", "Routines Noor likes", "Weekly folds")  # after the dropped middle


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the OpenClaw workspace, on the day its findings were written down."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    target = tmp_path / "workspace"
    shutil.copytree(HOMES / "openclaw" / "workspace", target)
    return target


def trimmed(path: Path) -> str:
    return path.read_text(encoding="utf-8").rstrip()


def utf16_slice(text: str, start: int, stop: int | None = None) -> str:
    data = text.encode("utf-16-le", "surrogatepass")
    return data[2 * start : None if stop is None else 2 * stop].decode("utf-16-le", "surrogatepass")


# --- OC1: every request carries every bootstrap file, not MEMORY.md alone -------------------------

def test_status_counts_every_file_openclaw_injects_as_always_loaded(cli, workspace):
    result = cli("status", str(workspace), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    rows = data["totals"]["always_loaded"]
    chars = {"AGENTS.md": 1_521, "SOUL.md": 317, "TOOLS.md": 11_999, "IDENTITY.md": 143, "USER.md": 649,
             "HEARTBEAT.md": 260, "MEMORY.md": 11_999}
    assert [(r["path"], r["kind"], r["chars"]) for r in rows] == [(n, "bootstrap", c) for n, c in chars.items()]
    assert sum(r["chars"] for r in rows) == data["totals"]["always_loaded_chars"]["used"] == 26_888

    count = TokenCounter("cl100k_base").count
    tokens = {r["path"]: r["tokens"] for r in rows}
    for name in ("AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md"):  # injected whole
        assert tokens[name] == count(trimmed(workspace / name)) > 0
    tools = trimmed(workspace / "TOOLS.md")  # head 8,919 + marker + tail 2,973, as OpenClaw injects it
    marker = ("\n[...truncated, read TOOLS.md for full content...]\n"
              "…(truncated TOOLS.md: kept 8919+2973 chars of 12928)…\n")
    injected = utf16_slice(tools, 0, 8_919) + "\n" + marker + "\n" + utf16_slice(tools, 12_928 - 2_973)
    assert tokens["TOOLS.md"] == count(injected)
    total = sum(tokens.values())
    assert data["totals"]["always_loaded_tokens"] == data["bootstrap"]["tokens"] == total
    assert total > data["index"]["load_cap"]["loaded_tokens"] + 3_000  # MEMORY.md alone was 4,021
    assert [f["tokens"] for f in data["bootstrap"]["files"] if f["name"] == "TOOLS.md"] == [tokens["TOOLS.md"]]

    text = cli("status", str(workspace))
    assert text.exit_code == 0 and text.stderr == ""
    flat = " ".join(text.stdout.split())  # rich wraps long lines
    assert f"26,888 of 60,000 characters in all, {total:,} tokens (cl100k_base)" in flat
    assert f"Tokens: {total:,} always loaded (7 bootstrap files {total:,})," in flat


def test_a_host_that_injects_nothing_else_counts_the_index_alone(cli):
    data = json.loads(cli("status", "fixtures/fat", "--format", "json").stdout)
    assert data["bootstrap"] is None
    assert data["totals"]["always_loaded"] == [
        {"path": "MEMORY.md", "kind": "index", "chars": data["totals"]["always_loaded"][0]["chars"],
         "tokens": data["index"]["load_cap"]["loaded_tokens"]}]
    assert data["totals"]["always_loaded_tokens"] == data["index"]["load_cap"]["loaded_tokens"]


# --- OC2: the range the host drops, the same in status, lint and assemble --------------------------

def test_status_lint_and_assemble_name_the_same_dropped_middle(cli, workspace):
    bundle = cli("assemble", str(workspace))
    assert bundle.exit_code == 0
    assert "<!-- memctl: lines 137–163 of MEMORY.md not loaded (load cap) -->" in bundle.stdout

    status = cli("status", str(workspace))
    assert status.exit_code == 0
    flat = " ".join(status.stdout.split())  # rich wraps the sentence
    assert f"only 194 of the file's 221 lines load; lines 137–163 are not loaded: {GIGS}." in flat
    assert "at line 137" not in flat

    data = json.loads(cli("status", str(workspace), "--format", "json").stdout)
    cap = data["index"]["load_cap"]
    assert [(d["first_line"], d["last_line"], d["lines"]) for d in cap["dropped"]] == [(137, 163, 27)]
    assert [(s["heading"], s["loaded"], s["dropped_lines"]) for s in cap["dropped"][0]["sections"]] == [
        ("Gigs this season", "partial", 13), ("Gear", "none", 6), ("Open loops", "none", 7),
        ("Setlist notes", "partial", 1)]
    assert (cap["cut_section"], cap["cut_line"]) == ("Gigs this season", 137)

    lint = cli("lint", str(workspace), "--select", "MEM205")
    assert lint.exit_code == 1
    [finding] = [line for line in lint.stdout.splitlines() if "MEM205" in line]
    assert finding.endswith(f"drops lines 137–163 of the index: sections {GIGS} are not loaded in full")
    assert finding.startswith(f"{workspace}/MEMORY.md:137:1: MEM205 ")
    assert not any(name in finding for name in LOADED_WHOLE)
    assert "6 sections after it" not in finding


def test_a_head_cap_still_drops_everything_from_the_cut_on(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Index\n\n## Notes\n" + "".join(f"- fact {n}\n" for n in range(250))
                                        + "## More\n- x\n## Last\n- y\n")
    status = cli("status", str(tmp_path))
    flat = " ".join(status.stdout.split())
    assert "lines 201–257 are not loaded: 'Notes' (53 of its 251 lines) and the 2 sections after it." in flat
    lint = cli("lint", str(tmp_path), "--select", "MEM205")
    assert lint.exit_code == 1
    assert (f"{tmp_path}/MEMORY.md:201:1: MEM205 the host's load cap (first 200 lines then 25,000 UTF-16 code "
            "units, front matter and HTML comments free) drops lines 201–257 of the index: section 'Notes' and "
            "2 sections after it are not loaded in full") in lint.stdout
    bundle = cli("assemble", str(tmp_path))
    assert "- fact 196\n" in bundle.stdout and "- fact 197\n" not in bundle.stdout  # line 200 is fact 196
    assert "not loaded (load cap)" not in bundle.stdout  # nothing loads after the cut: no gap to mark


# --- OC3: a bootstrap file the host cuts is a finding ---------------------------------------------

def test_lint_names_tools_md_truncated_by_the_per_file_cap(cli, workspace):
    result = cli("lint", str(workspace))
    assert result.exit_code == 1
    tools = [line for line in result.stdout.splitlines() if "TOOLS.md" in line]
    assert tools == [f"{workspace}/TOOLS.md:182:1: MEM209 TOOLS.md is 12,928 characters, over the host's 12,000 a "
                     "file: the host injects its first 8,919 and last 2,973 characters, so 1,036 characters, lines "
                     "182–200, never reach the agent"]
    text = trimmed(workspace / "TOOLS.md")
    head, tail = utf16_slice(text, 0, 8_919), utf16_slice(text, 12_928 - 2_973)
    assert head.count("\n") + 1 == 182  # the line the head stops in
    assert text[: len(text) - len(tail)].count("\n") + 1 == 200  # the line the tail starts in
    assert "MEMORY.md" not in " ".join(line for line in result.stdout.splitlines() if "MEM209" in line)


def test_lint_names_files_the_total_starves(cli, tmp_path):
    """The 60,000 in all is spent in order: HEARTBEAT.md gets what is left, BOOTSTRAP.md nothing."""
    sizes = {"AGENTS.md": 12_000, "SOUL.md": 12_000, "TOOLS.md": 12_000, "IDENTITY.md": 11_000,
             "USER.md": 11_000, "HEARTBEAT.md": 3_000, "BOOTSTRAP.md": 500}
    for name, size in sizes.items():
        (tmp_path / name).write_text("".join("x" * 99 + "\n" for _ in range(size // 100)))
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    result = cli("lint", str(tmp_path), "--select", "MEM209")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [  # 3 × 11,999 + 2 × 10,999 = 57,995 spent: 2,005 left
        f"{tmp_path}/BOOTSTRAP.md:1:1: MEM209 BOOTSTRAP.md (499 characters) is not injected at all: the files "
        "before it take 60,000 of the 60,000 characters in all, and the host injects no file once less than 64 "
        "are left (lines 1–5 never reach the agent)",
        f"{tmp_path}/HEARTBEAT.md:15:1: MEM209 HEARTBEAT.md is 2,999 characters, and the files before it leave "
        "it 2,005 of the 60,000 in all: the host injects its first 1,419 and last 473 characters, so 1,107 "
        "characters, lines 15–26, never reach the agent",  # characters 1,419 to 2,525: lines of 100
        "Found 2 errors and 0 warnings in 2 files (1 checked)."]


def test_no_finding_for_a_host_that_injects_no_other_files(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    (tmp_path / "TOOLS.md").write_text("x" * 20_000 + "\n")  # not a file this host injects
    result = cli("lint", str(tmp_path), "--select", "MEM209")
    assert (result.exit_code, result.stdout) == (0, "All checks passed!\n")


# --- OC4 and V3: dated notes, journals and dreams are not unlinked topics -------------------------

def test_openclaw_daily_notes_are_not_unlinked_topics(cli, workspace):
    (workspace / "memory" / "gear-list.md").write_text("# Gear\n- the blue Stratocaster\n")  # a real topic
    result = cli("lint", str(workspace), "--select", "MEM302")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{workspace}/memory/gear-list.md:1:1: MEM302 memory/gear-list.md is not linked from MEMORY.md",
        "Found 0 errors and 1 warning in 1 file (46 checked)."]
    data = json.loads(cli("status", str(workspace), "--format", "json").stdout)
    notes = [t["path"] for t in data["topics"] if t["dated_note"]]
    assert len(notes) == 44 and "memory/2026-11-14-gig.md" in notes
    assert [t["path"] for t in data["topics"] if not t["dated_note"]] == ["memory/gear-list.md"]
    text = cli("status", str(workspace)).stdout
    assert "(8 dated files) *" not in text and "memory/2026-W42 (8 dated files)" in text


def test_volute_journals_and_dreams_are_not_unlinked_topics(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-10")
    home = tmp_path / "home"
    shutil.copytree(HOMES / "volute" / "home", home)
    (home / "memory" / "topics" / "bees.md").write_text("# Bees\n- two hives by the wall\n")
    (home / "memory" / "dreams" / "notes-on-dreaming.md").write_text("# How I dream\n")  # no date: a topic
    result = cli("lint", str(home), "--select", "MEM302")
    assert result.exit_code == 0
    assert sorted(line.split(":")[0] for line in result.stdout.splitlines()[:-1]) == [
        f"{home}/memory/dreams/notes-on-dreaming.md", f"{home}/memory/topics/bees.md"]
    data = json.loads(cli("status", str(home), "--format", "json").stdout)
    notes = {t["path"].split("/")[1] for t in data["topics"] if t["dated_note"]}
    assert notes == {"journal", "dreams"}
    assert sum(t["dated_note"] for t in data["topics"]) == 30 + 4


def test_a_generic_home_still_warns_about_an_unlinked_dated_file(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text("# Memory\n")
    (tmp_path / "topics").mkdir()
    (tmp_path / "topics" / "2026-11-14.md").write_text("# a day\n")  # no host writes dated notes here
    result = cli("lint", str(tmp_path), "--select", "MEM302")
    assert "topics/2026-11-14.md is not linked from MEMORY.md" in result.stdout


# --- Everywhere: one lines row, one count, and which ---------------------------------------------

def test_the_lines_row_shows_the_count_its_headroom_is_measured_on(cli):
    text = cli("status", "fixtures/fat").stdout  # 329 lines; Claude Code counts 327 (front matter, comments)
    row = next(line for line in text.splitlines() if line.startswith("│ lines"))
    assert row.split("│")[1:5] == [" lines ¹        ", "    327 ", "    200 ", "          OVER by 127 "]
    assert ("¹ as Claude Code counts them: front matter and HTML comments stripped, the rest trimmed; the file "
            "itself has 329 lines.") in " ".join(text.split())
    fleet = cli("status", "fixtures/fat", "fixtures/arc/memory").stdout
    assert "│ fixtures/fat" in fleet and " 327 │" in fleet and "329" not in fleet
    data = json.loads(cli("status", "fixtures/fat", "--format", "json").stdout)
    room = data["index"]["headroom"]["lines"]
    assert (data["index"]["lines"], data["index"]["counted_lines"], room["used"], room["left"]) == (329, 327, 327, -127)
    assert data["index"]["counted_as"].startswith("as Claude Code counts them")


def test_a_host_that_counts_the_file_as_it_is_says_nothing_more(cli):
    data = json.loads(cli("status", "fixtures/hosts/openclaw-starved", "--format", "json").stdout)
    assert data["index"]["counted_as"] is None and data["index"]["counted_lines"] == data["index"]["lines"]
    assert "¹" not in cli("status", "fixtures/hosts/openclaw-starved").stdout
