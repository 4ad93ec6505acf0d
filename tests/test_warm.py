"""A warm run does only what the files' changes call for (issue 27), and prints what it printed before."""

from __future__ import annotations

import json

import pytest

from memctl.cli import dispatch, fast
from memctl.model import secrets

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
