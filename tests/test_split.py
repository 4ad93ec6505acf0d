from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.errors import GuaranteeError
from memctl.home import load_home
from memctl.journal import apply_plan
from memctl.split import plan_split, slugify
from memctl.writer import home_lock

TODAY = date(2026, 11, 29)
NOW = datetime(2026, 11, 29, 15, 0, tzinfo=timezone.utc)


def plan(path, **options):
    home = load_home(path)
    options.setdefault("keep", [])
    return home, plan_split(home, home.index, level=options.pop("level", 2), into=options.pop("into", None),
                            today=TODAY, now=NOW, **options)


def test_fat_index_plan(copy_fixture):
    home, result = plan(copy_fixture("fat"), keep=["Directives"])
    dests = [m.dest for m in result.moves]
    assert dests[0] == "topics/fleet-roster.md" and "topics/notes.md" in dests and "topics/notes-2.md" in dests
    assert "topics/bushumemo.md" in dests  # 部署メモ: a usable ASCII slug
    assert result.kept == ("Agent memory", "Directives")
    tooling = next(m for m in result.moves if m.heading == "Tooling")
    assert "## lines inside a fence are not headings" in tooling.section_text  # the fence did not split it
    assert all(m.link_line.endswith("\r\n") and len(m.link_line) < 152 for m in result.moves)
    assert result.before == {"lines": 329, "tokens": 5857} and result.after["lines"] == 40


def test_apply_writes_archives_and_a_second_run_is_a_no_op(copy_fixture, cli):
    root = copy_fixture("fat")
    original = (root / "MEMORY.md").read_bytes()
    first = cli("split", str(root), "--keep", "Directives", "--apply", "--format", "json")
    assert first.exit_code == 0 and first.stderr == "wrote 16 files\n"
    data = json.loads(first.stdout)
    assert data["applied"] and data["archive"] == ["archive/MEMORY.20261129T150000Z.md"] or data["archive"]
    assert (root / data["archive"][0]).read_bytes() == original
    notes = (root / "topics" / "notes.md").read_bytes()
    assert notes.startswith(b"---\r\ntitle: Notes\r\n") and b"\r\n## Notes\r\n" in notes
    index = load_home(root)
    assert index.index.tokens == data["after"]["tokens"] < data["before"]["tokens"]  # as the plan said
    second = cli("split", str(root), "--keep", "Directives")
    assert second.exit_code == 0 and second.stdout.startswith("nothing to split")


def test_conservation_every_line_lands_once(copy_fixture):
    root = copy_fixture("fat")
    original = (root / "MEMORY.md").read_bytes().decode()
    home, result = plan(root)
    apply_plan(home.root, result.write)
    pieces = [(root / "MEMORY.md").read_bytes().decode()]
    for move in result.moves:
        pieces.append((root / move.dest).read_bytes().decode())
    outputs = "".join(pieces)
    for line in original.splitlines():
        assert outputs.count(line) >= original.count(line)


def test_existing_destination_is_appended_to_never_overwritten(copy_fixture):
    root = copy_fixture("fat")
    (root / "topics").mkdir()
    (root / "topics" / "deploys.md").write_text("# Deploys\n\nolder notes, no final newline")
    home, result = plan(root)
    move = next(m for m in result.moves if m.dest == "topics/deploys.md")
    assert move.action == "append"
    apply_plan(home.root, result.write)
    text = (root / "topics" / "deploys.md").read_bytes().decode()
    assert text.startswith("# Deploys\n\nolder notes, no final newline\r\n## Deploys\r\n")


def test_a_failed_guarantee_writes_nothing(copy_fixture, cli, monkeypatch):
    root = copy_fixture("fat")
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    monkeypatch.setattr("memctl.split._rebuild", lambda doc, parsed, moves: doc.text.replace("note 5)", ""))
    result = cli("split", str(root), "--apply")
    assert result.exit_code == 2 and result.stdout == ""
    assert "conservation" in result.stderr or "index line" in result.stderr
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_a_change_on_disk_after_planning_stops_the_write(copy_fixture):
    root = copy_fixture("fat")
    home, result = plan(root)
    (root / "MEMORY.md").write_text("# changed meanwhile\n")
    with pytest.raises(GuaranteeError, match="changed on disk"):
        apply_plan(home.root, result.write)
    assert not (root / "topics").exists() and not (root / "archive").exists()


def test_a_second_writer_waits_then_fails_clearly(copy_fixture, cli, monkeypatch):
    root = copy_fixture("fat")
    monkeypatch.setattr("memctl.writer.LOCK_TIMEOUT", 0.2)
    with home_lock(root.resolve()):
        result = cli("split", str(root), "--apply")
    assert result.exit_code == 2 and "another memctl process is writing this home" in result.stderr
    assert not (root / "topics").exists()


def test_split_a_topic_into_siblings(copy_fixture):
    root = copy_fixture("arc") / "memory"
    home = load_home(root)
    topic = home.find_topic("incidents")
    result = plan_split(home, topic, keep=[], level=2, into=None, today=TODAY, now=NOW)
    assert [m.dest for m in result.moves][0] == "topics/2026-11-12-build-queue-stalled.md"
    assert result.moves[0].link_line.startswith("- [2026-11-12 build queue stalled](2026-11-12-build-queue-stalled.md)")


def test_keep_marker_and_into_outside_home(copy_fixture, cli, tmp_path):
    root = copy_fixture("arc") / "memory"
    text = (root / "MEMORY.md").read_text().replace("## Topics\n", "## Topics\n<!-- memctl-keep -->\n")
    (root / "MEMORY.md").write_text(text)
    home, result = plan(root)
    assert "Topics" in result.kept and "Directives" in result.kept  # config core and the marker
    outside = cli("split", str(root), "--into", str(tmp_path))
    assert outside.exit_code == 2 and "lies outside the home" in outside.stderr


def test_bom_stays_at_the_top_of_the_index(tmp_path):
    body = "".join(f"- fact {i}: the build cache lives on the scratch disk.\n" for i in range(8))
    (tmp_path / "MEMORY.md").write_text(f"\ufeff## First\n{body}## Second\n{body}", encoding="utf-8")
    home, result = plan(tmp_path)
    apply_plan(home.root, result.write)
    assert (tmp_path / "MEMORY.md").read_text(encoding="utf-8").startswith("\ufeff- [First](topics/first.md)")
    assert "\ufeff" not in (tmp_path / "topics" / "first.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("heading", "slug"), [("Fleet roster", "fleet-roster"), ("Заметки", "zametki"),
                                                ("🚀", "rocket"), ("!!", "section"), ("C++ & Rust", "c-rust")])
def test_slugs(heading, slug):
    assert slugify(heading) == slug


BLOCKS = st.sampled_from([
    "## Alpha\n", "## Alpha\n", "## Beta\n", "# Title\n", "### deep\n", "text line.\n", "- item\n", "\n",
    "```\n## fenced\n```\n", "Setext\n------\n", "<!-- memctl-keep -->\n", "## 日本語\n", "no newline",
])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(BLOCKS, max_size=25), st.sampled_from(["\n", "\r\n"]))
def test_split_conserves_and_is_stable(tmp_path_factory, blocks, newline):
    root = tmp_path_factory.mktemp("home")
    text = "".join(blocks).replace("\n", newline)
    (root / "MEMORY.md").write_bytes(text.encode())
    home, result = plan(root)  # verify() inside raises if a guarantee fails
    if not result.moves:
        return
    apply_plan(home.root, result.write)
    again_home, again = plan(root)
    assert again.moves == ()
    assert (root / result.archive).read_bytes() == text.encode()
    new_index = (root / "MEMORY.md").read_bytes().decode()
    assert again_home.index.tokens == result.after["tokens"] and new_index.count("](topics/") == len(result.moves)
    assert isinstance(Path(root / result.moves[0].dest).stat().st_size, int)


def test_sections_smaller_than_their_index_line_stay(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# I\n## Tiny\nok\n## Big\n" + "- a long enough fact to move.\n" * 20)
    _, result = plan(tmp_path)
    assert [m.heading for m in result.moves] == ["Big"] and "Tiny" in result.kept
    assert result.after["tokens"] < result.before["tokens"]
