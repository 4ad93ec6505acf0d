"""A warm run does only what the files' changes call for (issue 27), and prints what it printed before."""

from __future__ import annotations

import gc
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.cli import dispatch, fast
from memctl.model import secrets
from memctl.model.cache import _decoded

TOKEN = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"  # a GitHub token's shape: 36 characters after ghp_


def fleet(root, topics: int = 100, heading: str = "Topics") -> None:
    """A home whose index has a section headed `heading` (status and lint show the index's headings)
    and links half its topics (lint says so of each of the others)."""
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text(f"# Index\n\n## {heading}\n\n"
                                    + "".join(f"- [t{n}](topics/t{n}.md)\n" for n in range(0, topics, 2)))
    for n in range(topics):
        (root / "topics" / f"t{n}.md").write_text(f"# Topic {n}\n\n## Notes\n\n- lesson {n}: drain first.\n")


@pytest.fixture
def scans(monkeypatch, tmp_path):
    """How often the secret detector redacts a text of at least 4,096 characters (an output, not a warning)."""
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    calls: list[int] = []
    real = secrets.redact

    def counted(text: str) -> str:
        if len(text) >= 4096:
            calls.append(len(text))
        return real(text)

    monkeypatch.setattr(secrets, "redact", counted)
    return calls


@pytest.mark.parametrize("argv", [["status", "--format", "json"], ["status", "--all"], ["lint", "--format", "json"],
                                  ["lint", "--exit-zero"]])
def test_a_warm_run_does_not_scan_an_output_it_printed_clean_before(argv, scans, capsys, tmp_path):
    fleet(tmp_path / "home")
    run = fast.run_status_fast if argv[0] == "status" else fast.run_lint_fast
    run([*argv[1:], str(tmp_path / "home")])
    first = capsys.readouterr().out
    assert len(first) >= 4096 and scans  # scanned once, and found clean
    scans.clear()
    run([*argv[1:], str(tmp_path / "home")])
    assert capsys.readouterr().out == first and scans == []
    (tmp_path / "home" / "topics" / "new.md").write_text("# New\n\n## More\n\n- not linked yet\n")
    run([*argv[1:], str(tmp_path / "home")])
    assert capsys.readouterr().out != first and len(scans) == 1  # another text: scanned


def test_an_output_with_a_secret_is_scanned_on_every_run_and_never_shows_it(scans, capsys, tmp_path):
    fleet(tmp_path / "home", heading=f"deploy with {TOKEN}")
    outputs = []
    for _ in range(3):
        fast.run_status_fast(["--format", "json", str(tmp_path / "home")])
        outputs.append(capsys.readouterr().out)
    assert TOKEN not in "".join(outputs) and TOKEN[:4] + "…" in outputs[0]
    assert outputs[0] == outputs[1] == outputs[2] and len(scans) == 3
    json.loads(outputs[0])


def test_a_secret_written_after_a_clean_run_is_hidden(scans, capsys, tmp_path):
    fleet(tmp_path / "home")
    fast.run_status_fast([str(tmp_path / "home"), "--format", "json"])
    assert len(capsys.readouterr().out) >= 4096
    index = tmp_path / "home" / "MEMORY.md"
    index.write_text(index.read_text().replace("## Topics", f"## Deploy with {TOKEN}"))
    fast.run_status_fast([str(tmp_path / "home"), "--format", "json"])
    out = capsys.readouterr().out
    assert TOKEN not in out and TOKEN[:4] + "…" in out


def test_another_detector_scans_again(scans, capsys, tmp_path, monkeypatch):
    fleet(tmp_path / "home")
    fast.run_status_fast(["--format", "json", str(tmp_path / "home")])
    fast.run_status_fast(["--format", "json", str(tmp_path / "home")])
    assert len(scans) == 1
    real = dispatch._rules_identity()
    assert real.startswith(secrets.ruleset() + ":")  # named as lint's cached findings are, and by its source
    monkeypatch.setattr(dispatch, "_rules_identity", lambda: real + "-edited")
    fast.run_status_fast(["--format", "json", str(tmp_path / "home")])
    assert len(scans) == 2
    capsys.readouterr()


# --- the cache's values, read without json.loads' Python layers ----------------------------------

JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                     max_size=4), max_leaves=12)


def loads_or_none(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return None


@settings(max_examples=400, deadline=None)
@given(st.one_of(JSON_VALUES.map(lambda v: json.dumps(v, separators=(",", ":"))), st.text(max_size=12),
                 st.tuples(JSON_VALUES, st.sampled_from(["", " ", "\n", ",1", "]", "x"]),
                           st.sampled_from(["", " ", "\t"])).map(lambda t: t[2] + json.dumps(t[0]) + t[1])))
def test_a_cache_value_reads_as_json_loads_reads_it(text):
    got, want = _decoded(text), loads_or_none(text)
    assert json.dumps(got) == json.dumps(want)  # NaN compares unequal to itself; its text does not


def test_a_fast_path_runs_without_the_cycle_collector_and_turns_it_on_again(scans, capsys, tmp_path, monkeypatch):
    from memctl.commands import status

    fleet(tmp_path / "home", topics=4)
    seen = []
    original = status.build_status

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return original(*args, **kwargs)

    monkeypatch.setattr(status, "build_status", watched)  # run_status imports it when it runs
    assert gc.isenabled()
    assert fast.run_status_fast([str(tmp_path / "home")]) == 0
    capsys.readouterr()
    assert seen == [False] and gc.isenabled()


# --- lint's paths as shown ------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["root", "parent", "grandparent", "child", "sibling"])
def test_lint_shows_each_path_as_relpath_would(where, tmp_path, monkeypatch):
    from types import SimpleNamespace

    from memctl.commands.lint.engine import _shown, _shown_paths

    root = tmp_path / "a" / "home"
    (root / "topics").mkdir(parents=True)
    (tmp_path / "a" / "other").mkdir()
    cwd = {"root": root, "parent": root.parent, "grandparent": tmp_path, "child": root / "topics",
           "sibling": tmp_path / "a" / "other"}[where]
    monkeypatch.chdir(cwd)
    home = SimpleNamespace(root=str(root))
    shown = _shown_paths(home)  # type: ignore[arg-type]
    for rel in ["MEMORY.md", "topics/t.md", "topics/../t.md", "../t.md", "../../t.md", "..t/x.md", "./t.md",
                "/etc/t.md", "topics//t.md", "topics/t.md"]:
        assert shown(rel) == _shown(home, rel), rel  # type: ignore[arg-type]


def test_outputs_that_take_turns_are_each_remembered(scans, capsys, tmp_path, monkeypatch):
    fleet(tmp_path / "home", topics=300)
    for _ in range(3):  # one command from two folders in turn: two texts (the paths differ), one cache
        for where in (tmp_path, tmp_path / "home"):
            monkeypatch.chdir(where)
            fast.run_lint_fast(["--exit-zero", str(tmp_path / "home")])
    outputs = capsys.readouterr().out
    assert len(scans) == 2 and outputs.count("MEM302") == 3 * 2 * 150
