"""Each hostile situation the safety probe found, built in a temporary home (issues 17 and 18)."""

from __future__ import annotations

import errno
import json
import os
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from memctl.commands.consolidate import Options, plan_consolidate, verify
from memctl.errors import GuaranteeError
from memctl.model.cache import Cache, cache_file
from memctl.model.home import load_home
from memctl.safe.journal import apply_plan
from tests.secrets_corpus import SHAPES

TODAY = date(2026, 11, 29)
SUMMARIZERS = Path(__file__).parent / "summarizers"
FACTS = "".join(f"- fact {n}: the build cache lives on the scratch disk of every runner.\n" for n in range(8))


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY.isoformat())


def fat_home(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text(f"# Memory\n\n## Fleet notes\n{FACTS}\n## Deploys\n{FACTS}", encoding="utf-8")
    return root


def files_outside(tmp_path: Path, home: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and home not in p.parents}


# --- writes never follow a symlink out of the home -------------------------------------------------

@pytest.mark.parametrize("link", ["archive", ".memctl"])
def test_a_symlinked_archive_or_state_folder_is_refused(cli, tmp_path, link):
    home = fat_home(tmp_path / "home")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / link).symlink_to(elsewhere, target_is_directory=True)
    before = (home / "MEMORY.md").read_bytes()
    result = cli("split", str(home), "--apply")
    error = result.stderr.splitlines()[-1]
    assert result.exit_code == 2 and error.startswith("error: ")
    assert "is a symlink" in error and "nothing was written" in error
    assert list(elsewhere.iterdir()) == [] and (home / "MEMORY.md").read_bytes() == before


def test_a_split_destination_that_links_outside_is_never_read_nor_written(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    outside = tmp_path / "passwd"
    outside.write_text("root:x:0:0:root:/root:/bin/bash\n")
    (home / "topics").mkdir()
    (home / "topics" / "deploys.md").symlink_to(outside)
    for flags in (["--diff"], ["--apply"], ["--format", "json"]):
        result = cli("split", str(home), *flags)
        assert result.exit_code == 2 and "root:x:0" not in result.stdout + result.stderr
        assert "topics/deploys.md is a symlink" in result.stderr
    assert outside.read_text() == "root:x:0:0:root:/root:/bin/bash\n"


def test_a_fifo_or_device_destination_is_refused_without_a_hang(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    os.mkfifo(home / "topics" / "deploys.md")
    (home / "topics" / "fleet-notes.md").symlink_to("/dev/zero")
    result = cli("split", str(home), "--diff")
    assert result.exit_code == 2 and result.stdout == ""
    assert "not a regular file" in result.stderr or "is a FIFO" in result.stderr or "symlink" in result.stderr


def test_an_archive_file_that_is_a_fifo_never_hangs_consolidate(cli, copy_fixture):
    root = copy_fixture("consolidate")
    (root / "archive").mkdir()
    os.mkfifo(root / "archive" / "incidents.md")
    result = cli("consolidate", str(root), "--apply")
    assert result.exit_code == 2 and "archive/incidents.md" in result.stderr and "FIFO" in result.stderr


def test_the_record_never_follows_a_link_or_waits_on_a_fifo(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    (home / ".memctl").mkdir()
    target = tmp_path / "victim.jsonl"
    target.write_text("")
    (home / ".memctl" / "dispatches.jsonl").symlink_to(target)
    result = cli("assemble", str(home), "--record")
    assert result.exit_code == 0 and result.stdout.startswith("<!-- memctl: MEMORY.md")
    assert "warning: .memctl/dispatches.jsonl" in result.stderr and target.read_text() == ""
    (home / ".memctl" / "dispatches.jsonl").unlink()
    os.mkfifo(home / ".memctl" / "dispatches.jsonl")
    result = cli("assemble", str(home), "--record-strict")
    assert result.exit_code == 1 and result.stdout and "dispatches.jsonl: is a FIFO" in result.stderr


# --- an agent writing at the same time ---------------------------------------------------------

def test_an_agents_write_in_the_window_before_the_rename_is_kept(copy_fixture, monkeypatch):
    root = copy_fixture("consolidate")
    home = load_home(root)
    options = Options()
    plan = plan_consolidate(home, options, TODAY)
    verify(home, plan, options, TODAY)
    target = root / "topics" / "incidents.md"
    original_replace = os.replace
    appended = []

    def agent_then_replace(src, dst, *args, **kwargs):
        if str(dst) == str(target) and not appended:  # the agent appends between memctl's check and rename
            with open(target, "a", encoding="utf-8") as handle:
                handle.write("- 2026-11-29: an agent's own line.\n")
            appended.append(True)
        return original_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", agent_then_replace)
    with pytest.raises(GuaranteeError, match="changed on disk while memctl was writing"):
        apply_plan(home.root, plan.write, "consolidate")
    monkeypatch.setattr(os, "replace", original_replace)
    assert target.read_text().endswith("- 2026-11-29: an agent's own line.\n")
    assert not (root / "archive").exists() or not any((root / "archive").iterdir())
    assert not (root / ".memctl" / "journal").exists() or not os.listdir(root / ".memctl" / "journal")


def test_memctl_append_waits_for_the_lock_and_keeps_line_endings(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    (home / "topics" / "lessons.md").write_bytes(b"# Lessons\r\n- first")
    result = cli("append", str(home / "topics" / "lessons.md"), "- 2026-11-29 Lesson: second")
    assert result.exit_code == 0 and result.stderr == "appended 1 line to topics/lessons.md\n"
    assert (home / "topics" / "lessons.md").read_bytes() == b"# Lessons\r\n- first\r\n- 2026-11-29 Lesson: second\r\n"
    outside = cli("append", str(tmp_path / "elsewhere.md"), "x")
    assert outside.exit_code == 2 and "not inside a memory home" in outside.stderr


def _tree(root: Path) -> dict[str, object]:
    """Every entry under `root`, links as links: what a refused write must leave exactly as it was."""
    seen: dict[str, object] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        seen[rel] = ("link", os.readlink(path)) if path.is_symlink() else \
            ("file", path.read_bytes()) if path.is_file() else ("folder", None)
    return seen


def test_memctl_append_never_writes_through_a_symlink(cli, tmp_path):
    """Trial 5: `append` resolved the file's name, so a link to a topic wrote the topic and a dangling
    link made the file it names (`notes/new.md`), exit 0. Every link inside the home is refused now,
    the file's own or a folder's on its way, in one line naming it."""
    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    (home / "topics" / "a.md").write_text("# A\n")
    (home / "topics" / "alias.md").symlink_to("a.md")
    (home / "topics" / "dangling.md").symlink_to("../notes/new.md")
    (home / "elsewhere").mkdir()
    (home / "linked").symlink_to("elsewhere", target_is_directory=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (home / "out").symlink_to(outside, target_is_directory=True)  # a folder link out of the home
    (home / "index-link.md").symlink_to("MEMORY.md")
    before, outside_before = _tree(home), _tree(tmp_path)
    cases = {
        "topics/alias.md": "is a symlink (to a.md)",
        "topics/dangling.md": "is a symlink (to ../notes/new.md, which does not exist)",
        "linked/new.md": "lies in linked/, a symlink (to elsewhere)",
        "out/new.md": f"lies in out/, a symlink (to {outside})",
        "index-link.md": "is a symlink (to MEMORY.md)",
    }
    for rel, why in cases.items():
        shown = str(home / rel)
        result = cli("append", shown, "- a line through a link")
        assert result.exit_code == 2, (rel, result.stderr)
        assert result.stdout == ""
        assert result.stderr == f"error: {shown}: {why}; memctl never writes through a link; nothing was written\n"
        assert _tree(home) == before and _tree(tmp_path) == outside_before, rel
    assert not (home / "notes").exists()
    # the same files named without the links are written as ever, and so through a link above the home
    ok = cli("append", str(home / "topics" / "a.md"), "- a line")
    assert ok.exit_code == 0 and (home / "topics" / "a.md").read_text() == "# A\n- a line\n"
    (tmp_path / "mem").symlink_to(home, target_is_directory=True)  # `~/mem` naming the home
    (tmp_path / "lessons").symlink_to(home / "topics", target_is_directory=True)  # a folder of it
    for via in (tmp_path / "mem" / "topics" / "a.md", tmp_path / "lessons" / "a.md"):
        ok = cli("append", str(via), "- from above")
        assert (ok.exit_code, ok.stderr) == (0, "appended 1 line to topics/a.md\n")
    assert (home / "topics" / "a.md").read_text() == "# A\n- a line\n- from above\n- from above\n"
    refused = cli("append", str(tmp_path / "mem" / "topics" / "alias.md"), "- x")
    assert refused.exit_code == 2 and "topics/alias.md: is a symlink (to a.md)" in refused.stderr


def test_memctl_append_refuses_a_symlinked_state_folder(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / ".memctl").symlink_to(elsewhere, target_is_directory=True)
    before = (home / "MEMORY.md").read_bytes()
    result = cli("append", str(home / "MEMORY.md"), "- x")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert ".memctl is a symlink" in result.stderr and "nothing was written" in result.stderr
    assert list(elsewhere.iterdir()) == [] and (home / "MEMORY.md").read_bytes() == before


@pytest.mark.parametrize("rel, why", [
    (".memctl.yaml", ".memctl.yaml is hidden; memory never reads or writes a dot-file or dot-folder"),
    ("pyproject.toml", "memory keeps markdown files only"),
    (".memctl/notes.md", ".memctl is hidden"),
    (".git/config.md", ".git is hidden"),
    (".claude/settings.json", ".claude is hidden"),
    ("settings.json", "memory keeps markdown files only"),
    ("topics/.draft.md", ".draft.md is hidden"),
    ("topics/run.sh", "memory keeps markdown files only"),
])
def test_memctl_append_writes_memory_files_only_never_the_config(cli, tmp_path, rel, why):
    """Trial 6: `memctl append .memctl.yaml "embedder: touch PWNED"` exited 0, and the next `hook
    user-prompt` ran the command; `append .memctl.yaml "- note"` broke every command after. append
    refuses, as MCP memory_append and the memory tool do, anything but a markdown file of the home."""
    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    (home / ".memctl.yaml").write_text("tokenizer: cl100k_base\n")
    before = _tree(home)
    shown = str(home / rel)
    result = cli("append", shown, "embedder: touch /tmp/PWNED")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {shown}: ") and result.stderr.count("\n") == 1
    assert why in result.stderr and result.stderr.endswith("; nothing was written\n")
    assert _tree(home) == before
    ok = cli("status", str(home))
    assert ok.exit_code == 0, ok.stderr


def test_memctl_append_to_a_folder_says_it_wants_a_file(cli, tmp_path):
    """Trial 5: `append HOME/ TEXT` said `PARENT: no MEMORY.md in this folder or above it`."""
    home = fat_home(tmp_path / "home")
    before = _tree(home)
    result = cli("append", f"{home}/", "- x")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"error: {home}: is a folder; memctl append adds lines to a markdown file: name the "
                             f"file (its index {home}/MEMORY.md, or a topic such as {home}/topics/NAME.md); "
                             "nothing was written\n")
    (home / "topics").mkdir()
    result = cli("append", str(home / "topics"), "- x")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {home}/topics: is a folder; memctl append adds lines to a markdown file: "
                             f"name the file (such as {home}/topics/NAME.md); nothing was written\n")
    assert _tree(home) == {**before, "topics": ("folder", None)}


def test_the_memory_tool_and_mcp_append_refuse_a_dangling_link_too(tmp_path):
    """What `memctl append` now does, the memory tool and MCP `memory_append` already did: a link
    on the way is refused, a dangling one included, and nothing is made."""
    from datetime import datetime, timezone

    from memctl.commands.mcp import Homes
    from memctl.commands.mcp import append as mcp_append
    from memctl.commands.memory_store import Refused
    from memctl.commands.memory_tool import memory_tool

    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    (home / "topics" / "dangling.md").symlink_to("../notes/new.md")
    before = _tree(home)
    now = datetime(2026, 11, 29, tzinfo=timezone.utc)
    for tool_input in ({"command": "create", "path": "/memories/topics/dangling.md", "file_text": "# x\n"},
                       {"command": "insert", "path": "/memories/topics/dangling.md", "insert_line": 0,
                        "insert_text": "x"}):
        result = memory_tool(str(home), tool_input, now=now)
        assert result["is_error"] is True
        assert "topics/dangling.md is a symlink; memory never follows a link" in result["content"]
    with pytest.raises(Refused, match="topics/dangling.md is a symlink; memory never follows a link"):
        mcp_append(Homes(str(home)), {"path": "topics/dangling.md", "text": "- x"}, TODAY)
    assert _tree(home) == before and not (home / "notes").exists()


# --- repeated consolidation -----------------------------------------------------------------------

def test_consolidate_runs_again_months_later_with_new_entries(cli, copy_fixture, monkeypatch):
    root = copy_fixture("consolidate")
    assert cli("consolidate", str(root), "--apply").exit_code == 0
    incidents = root / "topics" / "incidents.md"
    first = incidents.read_text()
    assert " older entries (" in first
    new = "".join(f"- 2027-0{m}-1{d}: queue stalled on runner {m}{d}; drained it by hand.\n"
                  for m in range(1, 5) for d in range(4))
    incidents.write_text(first + new)
    monkeypatch.setenv("MEMCTL_TODAY", "2027-08-01")
    again = cli("consolidate", str(root), "--apply")
    assert again.exit_code == 0, again.stderr
    text = incidents.read_text()
    assert text.count(" older entries (") == 1  # one summary line, adding up both runs
    archive = (root / "archive" / "incidents.md").read_text()
    for line in new.splitlines():
        assert line in text or line in archive


# --- I/O errors are one line ----------------------------------------------------------------------

@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EIO])
def test_an_io_error_is_one_line_naming_the_file_and_what_was_written(cli, tmp_path, monkeypatch, code):
    home = fat_home(tmp_path / "home")
    before = (home / "MEMORY.md").read_bytes()
    original = os.link

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", refuse)
    result = cli("split", str(home), "--apply")
    monkeypatch.setattr(os, "link", original)
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: archive/MEMORY.") and os.strerror(code) in result.stderr
    assert "nothing was changed (no file had been written)" in result.stderr
    assert (home / "MEMORY.md").read_bytes() == before and not (home / "topics").exists()


def test_a_full_disk_never_costs_the_dispatch_nor_tears_the_record(cli, tmp_path, monkeypatch):
    home = fat_home(tmp_path / "home")
    assert cli("assemble", str(home), "--record").exit_code == 0
    record = home / ".memctl" / "dispatches.jsonl"
    whole = record.read_bytes()
    original = os.write
    calls = []

    def short_then_full(fd, data):
        calls.append(len(data))
        if len(calls) == 1:
            return original(fd, bytes(data[:10]))  # a short write…
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # …then the disk is full

    monkeypatch.setattr(os, "write", short_then_full)
    result = cli("assemble", str(home), "--record")
    monkeypatch.setattr(os, "write", original)
    assert result.exit_code == 0 and result.stdout.startswith("<!-- memctl: MEMORY.md")
    assert "warning: .memctl/dispatches.jsonl: cannot write the dispatch record (No space left" in result.stderr
    assert record.read_bytes() == whole  # the torn half line was cut off again


# --- the cache cannot be poisoned, and never crashes --------------------------------------------

def test_a_forged_or_copied_cache_is_ignored(cli, tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# I\n- [gone](topics/gone.md)\n" + FACTS)
    (home / "topics" / "keys.md").write_text("# Keys\nDB_PASSWORD: hunter2222\n")
    truth = json.loads(cli("status", str(home), "--format", "json").stdout)
    path = cache_file(str(home.resolve()))
    data = Path(path).read_bytes()
    head, _, payload = data.partition(b"\n")
    forged = "".join(f"{key}\t{'[1]' if key.startswith('tok:') else text}\n" for key, text in
                     (line.split("\t", 1) for line in payload.decode().splitlines()))
    Path(path).write_bytes(head + b"\n" + forged.encode())  # well formed, right keys, wrong values
    again = json.loads(cli("status", str(home), "--format", "json").stdout)
    assert again["index"]["tokens"] == truth["index"]["tokens"] > 1
    lint = cli("lint", str(home))
    assert lint.exit_code == 1 and "MEM301" in lint.stdout and "MEM501" in lint.stdout


def test_a_signed_cache_with_entries_of_the_wrong_shape_is_a_miss(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    truth = cli("status", str(home), "--format", "json").stdout
    cache = Cache(cache_file(str(home.resolve())))
    for key, _ in list(cache.items()):
        cache.put(key, {"entries": []} if key.startswith("doc:") else "many")
    cache.save()
    assert cli("status", str(home), "--format", "json").stdout == truth
    assert cli("assemble", str(home), "--budget", "3000").exit_code == 0


def test_lint_findings_come_from_the_cache_unchanged_and_a_bad_entry_is_a_miss(cli, tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# I\n- [keys](topics/keys.md)\n")
    (home / "topics" / "keys.md").write_text("# Keys\nDB_PASSWORD: hunter2222\nok\ntoken = ghp_" + "a1" * 20 + "\n")
    cold = cli("lint", str(home), "--format", "json").stdout
    cache = Cache(cache_file(str(home.resolve())))
    cached = {key: value for key, value in cache.items() if key.startswith("sec:")}
    assert len(cached) == 2 and sorted(len(v) for v in cached.values()) == [0, 2]  # the index and the topic
    assert cli("lint", str(home), "--format", "json").stdout == cold
    for key in cached:
        cache.put(key, [["seed phrase", "0", 4]])  # signed, but of the wrong shape
    cache.save()
    assert cli("lint", str(home), "--format", "json").stdout == cold
    assert json.loads(cold)["diagnostics"][0]["code"] == "MEM501"


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_cache_that_is_a_special_file_never_hangs(cli, tmp_path, kind):
    home = fat_home(tmp_path / "home")
    path = Path(cache_file(str(home.resolve())))
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    os.mkfifo(path) if kind == "fifo" else path.symlink_to("/dev/zero")
    result = cli("status", str(home))
    assert result.exit_code == 0
    path.unlink()


# --- config and discovery ---------------------------------------------------------------------------

def test_a_yaml_alias_bomb_in_the_config_is_refused_at_once(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
    (home / ".memctl.yaml").write_text(bomb)
    started = time.monotonic()
    result = cli("lint", str(home))
    assert time.monotonic() - started < 10
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert ".memctl.yaml:2: YAML aliases (*name) are not allowed" in result.stderr


def test_symlinked_folders_inside_the_home_count_each_file_once(tmp_path):
    home = fat_home(tmp_path / "home")
    (home / "topics").mkdir()
    (home / "topics" / "fleet.md").write_text("# Fleet\n" + FACTS)
    (home / "memory").symlink_to("topics", target_is_directory=True)
    (home / "topics" / "loop").symlink_to("..", target_is_directory=True)
    loaded = load_home(home)
    assert [d.rel for d in loaded.topics] == ["topics/fleet.md"]


def test_deep_folders_are_walked_without_recursion(tmp_path):
    home = fat_home(tmp_path / "home")
    deep = str(home / "topics")
    os.mkdir(deep)
    for _ in range(1200):  # one folder at a time: pathlib's and os.makedirs' own recursion is not under test
        deep += "/d"
        os.mkdir(deep)
    Path(deep, "bottom.md").write_text("# Bottom\n- reached.\n")
    try:
        assert [d.rel.rsplit("/", 1)[-1] for d in load_home(home).topics] == ["bottom.md"]
    finally:  # pytest's own clean-up recurses, so the tree goes the way it came
        os.unlink(Path(deep, "bottom.md"))
        while deep != str(home / "topics"):
            os.rmdir(deep)
            deep = os.path.dirname(deep)


# --- bounded summarizers, names that never collide -----------------------------------------------

def test_a_summarizer_flooding_its_output_is_stopped(cli, copy_fixture):
    root = copy_fixture("consolidate")
    result = cli("consolidate", str(root), "--topic", "deploys", "--target", "60", "--older-than", "10000",
                 "--summarizer", f"{sys.executable} {SUMMARIZERS / 'flood.py'}", "--timeout", "20")
    assert result.exit_code == 0 and "summarizer wrote more than" in result.stderr


def test_a_summarizers_grandchildren_die_with_it(cli, copy_fixture, tmp_path, monkeypatch):
    root = copy_fixture("consolidate")
    pid_file = tmp_path / "pid"
    monkeypatch.setenv("SPAWNED_PID_FILE", str(pid_file))
    result = cli("consolidate", str(root), "--topic", "deploys", "--target", "60", "--older-than", "10000",
                 "--summarizer", f"{sys.executable} {SUMMARIZERS / 'spawner.py'}", "--timeout", "2")
    assert result.exit_code == 0 and "summarizer ran past 2 s" in result.stderr
    grandchild = int(pid_file.read_text())
    for _ in range(50):
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the summarizer's grandchild outlived it")


def test_a_second_split_the_same_day_gets_its_own_archive_name(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    assert cli("split", str(home), "--apply").exit_code == 0
    with open(home / "MEMORY.md", "a", encoding="utf-8") as handle:
        handle.write(f"\n## Later\n{FACTS}")
    again = cli("split", str(home), "--apply")
    assert again.exit_code == 0, again.stderr
    names = sorted(p.name for p in (home / "archive").iterdir())
    assert names == ["MEMORY.20261129T235959Z-2.md", "MEMORY.20261129T235959Z.md"]


# --- secrets are never echoed ---------------------------------------------------------------------

SECRETS = ["sk-ant-api03-" + "Q" * 40, "ghp_" + "a1B2" * 10, "AKIAIOSFODNN7EXAMPLE", "hunter2hunter2",
           "xoxb-123456789012-abcdefghijkl"]


def test_no_output_of_any_command_holds_a_secret_in_full(cli, tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    index = (f"# Memory\n\n## Keys\n- anthropic: {SECRETS[0]}\n- [gh](../{SECRETS[1]}.md)\n"
             f"- aws {SECRETS[2]}\n\n## Ops\n- DB_PASSWORD={SECRETS[3]}\n- slack {SECRETS[4]}\n{FACTS}")
    (home / "MEMORY.md").write_text(index)
    (home / "topics" / "ops.md").write_text(f"---\nexpires: {SECRETS[0]}\n---\n# Ops\n- token: {SECRETS[4]}\n")
    runs = [("status",), ("status", "--format", "json"), ("lint",), ("lint", "--format", "json"),
            ("lint", "--format", "github"), ("lint", "--format", "sarif"), ("split",), ("split", "--diff"),
            ("split", "--format", "json"), ("consolidate", "--target", "10"), ("consolidate", "--diff"),
            ("history",), ("recover",), ("report",)]
    for args in runs:
        result = cli(args[0], str(home), *args[1:])
        assert result.exit_code in (0, 1), (args, result.stderr[-300:])
        for secret in SECRETS:
            assert secret not in result.stdout + result.stderr, (args, secret)


def test_a_credential_typed_into_the_query_is_recorded_and_explained_by_four_characters(cli, tmp_path):
    home = fat_home(tmp_path / "home")
    key = "sk-ant-api03-" + "Zq8".join("abcdefghij") + "_x9"
    query = f"fleet notes deploy ANTHROPIC_API_KEY={key}"
    result = cli("assemble", str(home), "--query", query, "--record", "--explain")
    assert result.exit_code == 0 and key[4:] not in result.stderr
    record = json.loads((home / ".memctl" / "dispatches.jsonl").read_text(encoding="utf-8"))
    assert record["query"] == "fleet notes deploy ANTHROPIC_API_KEY=sk-a…"
    assert key[4:12] not in json.dumps(record)


@pytest.mark.parametrize("existing", [None, 0o644, 0o666])
def test_a_plan_file_is_readable_by_its_owner_alone(cli, tmp_path, existing):
    """A plan file holds the text verbatim, secrets too (it must, to be applied): mode 0600."""
    home = fat_home(tmp_path / "home")
    plan = tmp_path / "plan.json"
    if existing is not None:
        plan.write_text("{}")
        plan.chmod(existing)
    result = cli("split", str(home), "--plan-out", str(plan))
    assert result.exit_code == 0 and "plan written to" in result.stderr
    assert plan.stat().st_mode & 0o777 == 0o600
    assert cli("split", str(home), "--apply-plan", str(plan)).exit_code == 0


def _shown_in_part(secret: str, output: str) -> bool:
    """Whether any twelve characters of `secret` past its first four are in `output` (a cut-off
    table cell or a wrapped line would still give part of it away)."""
    tail = secret[4:]
    width = min(12, len(tail))
    return any(tail[i : i + width] in output for i in range(len(tail) - width + 1))


def corpus_home(root: Path) -> list[str]:
    """A home whose index, topics, headings, links, front matter and journal hold every shape of
    the corpus (tests/secrets_corpus.py); the secrets, each part that must not be printed."""
    (root / "topics").mkdir(parents=True)
    (root / "journal").mkdir()
    first, second = SHAPES[: len(SHAPES) // 2], SHAPES[len(SHAPES) // 2 :]
    anthropic = next(parts[0] for name, _, parts in SHAPES if name == "Anthropic API key")
    github = next(parts[0] for name, _, parts in SHAPES if name == "GitHub classic token")
    index = [f"# Memory\n\n## Keys {anthropic}\n- [gh](topics/{github}.md)\n{FACTS}\n"]
    index += [f"## {name}\n\n{text}\n\n{FACTS}\n" for name, text, _ in first]
    (root / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    for n, (name, text, _) in enumerate(second):
        (root / "topics" / f"t{n}.md").write_text(
            f"---\ntitle: {name}\nupdated: 2026-11-20\n---\n# {name}\n\n## Where\n\n{text}\n\n## More\n\n{FACTS}",
            encoding="utf-8")
    for day, (_, text, _) in zip(("2026-11-02", "2026-11-03", "2026-11-04"), SHAPES[:3], strict=True):
        (root / "journal" / f"{day}.md").write_text(f"# {day}\n\n{text}\n", encoding="utf-8")
    (root / ".memctl.yaml").write_text("rollup: [journal/*.md]\nbudgets: {topic_tokens: 60}\n", encoding="utf-8")
    return [part for _, _, parts in SHAPES for part in parts]


def test_no_output_of_any_command_holds_a_corpus_secret(cli, tmp_path, monkeypatch):
    """Every read command in every format, every write command's plan, diff and JSON, lint's step
    summary, assemble's --explain and its dispatch record, over a home holding every shape of the
    corpus: no secret past its first four characters. The bundle `assemble` prints is the user's
    memory, verbatim by design, so its stdout is not checked (its stderr is)."""
    home = tmp_path / "home"
    secrets = corpus_home(home)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    transcript = tmp_path / "session.txt"
    runs = [("status",), ("status", "--all"), ("status", "--format", "json"), ("lint",),
            ("lint", "--format", "json"), ("lint", "--format", "github"), ("lint", "--format", "sarif"),
            ("lint", "--statistics"), ("split",), ("split", "--diff"), ("split", "--format", "json"),
            ("split", "--allow-secrets"), ("split", "--allow-secrets", "--diff"),
            ("split", "--allow-secrets", "--format", "json"), ("consolidate",), ("consolidate", "--diff"),
            ("consolidate", "--target", "10"), ("consolidate", "--target", "10", "--diff"),
            ("consolidate", "--target", "10", "--format", "json"), ("rollup",), ("rollup", "--diff"),
            ("rollup", "--format", "json"), ("history",), ("recover",), ("report",)]
    seen = []
    for args in runs:
        result = cli(args[0], str(home), *args[1:])
        assert result.exit_code in (0, 1), (args, result.stderr[-300:])
        seen.append((args, result.stdout + result.stderr))
    lines = "".join(f"Lesson: {text.splitlines()[0]}\n" for _, text, _ in SHAPES)
    transcript.write_text(lines, encoding="utf-8")
    from typer.testing import CliRunner

    from memctl.cli.main import app

    for args in (("--diff",), ("--format", "json"), ()):
        result = CliRunner().invoke(app, ["capture", str(home), *args], input=lines, catch_exceptions=False)
        seen.append((("capture", *args), result.stdout + result.stderr))
    report = tmp_path / "report.sarif"
    seen.append((("lint", "--output-file"), cli("lint", str(home), "--format", "sarif", "--output-file",
                                                 str(report)).stderr + report.read_text(encoding="utf-8")))
    page = tmp_path / "report.html"
    seen.append((("report", "-o"), cli("report", "--fleet", str(home), "-o", str(page)).stderr
                 + page.read_text(encoding="utf-8")))
    for name, text, _ in SHAPES:  # each shape typed into --query as memory writes it, explained, recorded
        query = f"{name}: {text}"
        result = cli("assemble", str(home), "--query", query, "--explain", "--record", "--budget", "3000")
        assert result.exit_code == 0, result.stderr[-300:]
        seen.append((("assemble", name), result.stderr))
    seen.append((("step summary",), summary.read_text(encoding="utf-8")))
    seen.append((("dispatch record",), (home / ".memctl" / "dispatches.jsonl").read_text(encoding="utf-8")))
    leaks = [(args, secret[:4]) for args, output in seen for secret in secrets if _shown_in_part(secret, output)]
    assert leaks == []
    assert "MEM501" in dict(seen)[("lint",)] and dict(seen)[("split", "--allow-secrets", "--diff")].count("\n") > 100


def _secrets_in(root: Path, secrets: list[str]) -> dict[str, set[str]]:
    """Each file of the home (memctl's own state aside) and the corpus secrets it shows in part."""
    found = {}
    for path in root.rglob("*"):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith(".memctl/"):
            text = path.read_text(encoding="utf-8")
            found[rel] = {secret for secret in secrets if _shown_in_part(secret, text)}
    return found


def test_no_write_copies_a_corpus_secret_and_no_hook_adds_one(cli, tmp_path, monkeypatch):
    """consolidate, rollup and split applied to a home holding every shape of the corpus (and old
    dated entries, days and a summarizer to give them work): no file they write holds a secret it
    did not hold before, the summarizer never gets one, and with --allow-secrets the index split
    writes holds none; the hooks print none, on stdout (the model's context) or stderr."""
    import shutil

    from typer.testing import CliRunner

    from memctl.cli.main import app

    pristine = tmp_path / "pristine"
    secrets = corpus_home(pristine)
    log = "".join(f"- 2025-0{1 + n % 9}-1{n % 10}: {text.splitlines()[0]}\n- 2025-0{1 + n % 9}-2{n % 10}: the build "
                  "queue stalled; restarted the worker and expired the stale leases.\n"
                  for n, (_, text, _) in enumerate(SHAPES) if "\n" not in text.strip())
    (pristine / "topics" / "log.md").write_text(f"# Log\n\n{log}- 2026-11-25: all quiet.\n", encoding="utf-8")
    for day in ("2026-11-05", "2026-11-06"):
        (pristine / "journal" / f"{day}.md").write_text(f"# {day}\n\n- quiet day.\n", encoding="utf-8")
    given = tmp_path / "summarizer-input.txt"
    monkeypatch.setenv("SUMMARIZER_INPUT", str(given))
    summarize = ("--summarizer", f"{sys.executable} {SUMMARIZERS / 'record_input.py'}")
    runs = [("consolidate", "--apply"), ("consolidate", "--target", "10", "--apply"),
            ("consolidate", "--target", "10", *summarize, "--apply"), ("rollup", "--apply"),
            ("rollup", *summarize, "--apply"), ("split", "--apply"), ("split", "--allow-secrets", "--apply")]
    leaks, outputs = [], []
    for number, args in enumerate(runs):
        home = tmp_path / f"home{number}"
        shutil.copytree(pristine, home)
        before = _secrets_in(home, secrets)
        result = cli(args[0], str(home), *args[1:])
        assert result.exit_code == 0, (args, result.stderr[-300:])
        outputs.append((args, result.stdout + result.stderr))
        for rel, held in _secrets_in(home, secrets).items():
            allowed = before.get(rel, set())
            if rel.startswith("archive/MEMORY."):  # split's copy of the index it rewrites, made first
                allowed = before["MEMORY.md"]
            elif "--allow-secrets" in args and rel != "MEMORY.md":
                continue  # the topic files split writes get their sections verbatim: allowed
            leaks += [(args, rel, secret[:4]) for secret in held - allowed]
        if "--allow-secrets" in args:
            index = (home / "MEMORY.md").read_text(encoding="utf-8")
            leaks += [(args, "MEMORY.md", secret[:4]) for secret in secrets if _shown_in_part(secret, index)]
            assert index.count("](topics/") > len(SHAPES) // 3  # the sections did move
    assert given.exists()  # a summarizer ran, on what holds no secret
    leaks += [("summarizer's stdin", s[:4]) for s in secrets if _shown_in_part(s, given.read_text(encoding="utf-8"))]
    runner = CliRunner()
    for name, text, _ in SHAPES:
        prompt = json.dumps({"prompt": f"{name}: {text}"})
        result = runner.invoke(app, ["hook", "user-prompt", str(pristine)], input=prompt, catch_exceptions=False)
        assert result.exit_code == 0
        outputs.append((("hook user-prompt", name), result.stdout + result.stderr))
    start = runner.invoke(app, ["hook", "session-start", str(pristine)], input="{}", catch_exceptions=False)
    outputs.append((("hook session-start",), start.stdout + start.stderr))
    leaks += [(args, secret[:4]) for args, output in outputs for secret in secrets if _shown_in_part(secret, output)]
    assert leaks == []
    assert sum("held back" in output for args, output in outputs if args[0] == "hook user-prompt") > len(SHAPES) // 2


def test_a_diff_hunk_that_shows_only_the_middle_of_a_key_block_hides_it(cli, tmp_path):
    """A key pasted cut off (no END line) into a topic whose old entries after it are archived: the
    hunk's context is the key's last lines, neither its BEGIN nor its END line in the diff."""
    import base64
    import random

    rng = random.Random(7)
    body = [base64.b64encode(bytes(rng.randrange(256) for _ in range(48))).decode() for _ in range(12)]
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n- [ops](topics/ops.md)\n")
    old = "".join(f"- 2025-0{m}-1{d}: the build queue stalled on runner {m}{d}; restarted the worker.\n"
                  for m in range(2, 7) for d in range(3))
    (home / "topics" / "ops.md").write_text(
        "# Ops\n\n- 2026-11-21: the bastion's key, pasted from the terminal (cut off):\n\n"
        "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(body) + "\n\n" + old + "- 2026-11-20: all quiet.\n")
    result = cli("consolidate", str(home), "--target", "100", "--diff")
    assert result.exit_code == 0 and "BEGIN" not in result.stdout
    assert [line for line in body if _shown_in_part(line, result.stdout)] == []
    assert result.stdout.startswith("--- a/topics/ops.md\n+++ b/topics/ops.md\n@@ -16,19 +16,5 @@\n …\n …\n \n-- 2025-")


@pytest.mark.parametrize("name", ["MEMORY.md", ".memctl.yaml"])
def test_an_index_or_config_that_is_a_fifo_is_one_line_not_a_hang(cli, tmp_path, name):
    home = fat_home(tmp_path / "home")
    (home / name).unlink(missing_ok=True)
    os.mkfifo(home / name)
    result = cli("status", str(home))
    assert result.exit_code == 2 and result.stderr == f"error: {home / name}: " \
        "is a FIFO, not a regular file; memctl reads only regular files\n"


@pytest.mark.parametrize("pattern", ["topics/**/*.md", "memory/*.md", "*.md", "a/**/b/*.md", "t?pics/[ab]*.md",
                                     "**/*.md", "notes/**/*-x.md"])
def test_glob_matchers_agree_with_the_regex(pattern):
    from memctl.markup.globs import glob_regex, matcher

    paths = ["topics/a.md", "topics/x/y/a.md", "memory/a.md", "memory/x/a.md", "a.md", "a/b/c.md", "a/x/b/c.md",
             "tapics/b.md", "notes/q-x.md", "notes/x/.md", "topics/.md", "x.mdx", "topicsa.md"]
    fast, slow = matcher(pattern), glob_regex(pattern)
    assert [bool(fast(p)) for p in paths] == [bool(slow.match(p)) for p in paths]


def test_cache_entries_are_decoded_when_asked_for_and_kept_as_they_were(tmp_path):
    """One line an entry: a run decodes the values it asks for; the others are written back byte
    for byte; a line without a tab, or a value that is not JSON, is a miss, never a crash."""
    from memctl.model.cache import Cache

    path = str(tmp_path / "home.cache")
    cache = Cache(path)
    cache.put("tok:a", [1, 2])
    cache.put("doc:b", {"headings": []})
    cache.save()
    head, _, payload = Path(path).read_bytes().partition(b"\n")
    assert payload == b'tok:a\t[1,2]\ndoc:b\t{"headings":[]}\n'
    again = Cache(path)
    assert again.get("tok:a") == [1, 2] and "doc:b" not in again._data  # never decoded
    again.put("tok:c", [3])
    again.save()
    assert b'doc:b\t{"headings":[]}\n' in Path(path).read_bytes()
    with pytest.raises(ValueError):
        again.put("bad\tkey", 1)
    # a damaged payload under a valid signature can only come from memctl itself; still, no crash
    from memctl.model.cache import _MAGIC, CACHE_VERSION, _sign

    damaged = b"no tab here\ntok:x\t[1,\ntok:y\t[5]\n"
    header = b" ".join((_MAGIC, str(CACHE_VERSION).encode(), _sign(again._key, damaged).encode()))
    Path(path).write_bytes(header + b"\n" + damaged)
    read = Cache(path)
    assert read.get("tok:x") is None and read.get("tok:y") == [5] and read.get("no tab here") is None


def test_two_runs_that_save_one_cache_keep_each_other_s_entries(tmp_path):
    """Two runs read the cache, each adds its own entries, both save: the second keeps the first's."""
    from memctl.model.cache import Cache

    path = str(tmp_path / "home.cache")
    start = Cache(path)
    start.put("tok:shared", [1])
    start.save()
    first, second = Cache(path), Cache(path)
    first.put("tok:first", [2])
    second.put("tok:second", [3])
    first.save()
    second.save()
    merged = Cache(path)
    assert merged.get("tok:shared") == [1] and merged.get("tok:first") == [2] and merged.get("tok:second") == [3]
