"""`assemble --format json` and `--explain` name a section one way and measure it one way, loaded or
not (a new-user trial: `files[].heading` was `"Manual cases (lines 7–9)"` where `omitted[].heading`
was `"Rule"`; `--explain` named a file without headings `preamble` when loaded and nothing when
not, with 35 tokens against 14)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

FILES = {
    "MEMORY.md": "# Index\n\nsee topics/\n",
    "topics/stops.md": "# Stops\n\n## Rule\n\nMerge stops within 25 m when names match.\n\n## Manual cases\n\n"
                       "Hospital stop not merged: 60 m apart, merge refused.\n",
    "topics/headless.md": "Merge requests need one review; stop the merge if CI is red.\n",
    **{f"topics/{t}.md": f"# {t}\n\nUnrelated notes about {t}.\n" for t in ("alpha", "beta", "gamma", "delta")},
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    root = Path(os.path.realpath(tmp_path)) / "memory"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_json_gives_a_sections_heading_as_written_and_its_lines_apart(cli, home, capsys):
    args = (str(home), "--query", "merge stops", "--budget", "60", "--format", "json")
    result = cli("assemble", *args)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [(f["path"], f["heading"], f["lines"]) for f in data["files"]] == [
        ("MEMORY.md", None, None), ("topics/stops.md", "Manual cases", [7, 9])]
    assert [(o["path"], o["heading"], o["lines"], o["reason"]) for o in data["omitted"]] == [
        ("topics/stops.md", "Rule", [3, 6], "query excerpt over budget"),
        ("topics/headless.md", "preamble", [1, 1], "query excerpt over budget")]
    bundle = cli("assemble", *args[:-2]).stdout  # the md bundle names it as it did
    assert "<!-- memctl: topics/stops.md § Manual cases (lines 7–9) (query) -->\n" in bundle
    from memctl.cli import fast

    capsys.readouterr()
    assert fast.run_assemble(list(args)) == 0
    assert capsys.readouterr().out == result.stdout  # the fast path's, byte for byte


def _rows(stderr: str) -> dict[tuple[str, str], list[str]]:
    """--explain's rows by file and section: each one's cells from `why` on (its outcome last)."""
    lines = stderr.splitlines()
    header = next(line for line in lines if line.startswith("file "))
    start, why = header.index("section"), header.index("why")
    rows = {}
    for line in lines[lines.index(header) + 1:]:
        if line.startswith(("MEMORY.md", "topics/")):
            tokens, outcome = line[header.index("tokens"):].split(None, 1)
            rows[(line[:start].strip(), line[start:why].strip())] = [line[why:].split()[0], tokens, outcome]
    return rows


def test_explain_names_and_measures_a_section_alike_loaded_or_not(cli, home):
    two = cli("assemble", str(home), "--query", "merge stops", "--explain", "--max-sections", "2")
    three = cli("assemble", str(home), "--query", "merge stops", "--explain", "--max-sections", "3")
    assert two.exit_code == three.exit_code == 0
    assert _rows(two.stderr)[("topics/headless.md", "preamble")] == ["query", "14",
                                                                      "not chosen: past --max-sections 2"]
    assert _rows(three.stderr)[("topics/headless.md", "preamble")] == ["query", "14", "loaded"]
    left_out = cli("assemble", str(home), "--query", "merge stops", "--explain", "--budget", "60")
    assert _rows(left_out.stderr)[("topics/headless.md", "preamble")] == ["query", "14",
                                                                          "left out: query excerpt over budget"]
    for result in (two, three, left_out):  # and the same measure for each section, whatever its outcome
        rows = _rows(result.stderr)
        assert rows[("topics/stops.md", "Rule")][1] == "13" and rows[("topics/stops.md", "Manual cases")][1] == "17"
        total = result.stderr.split(" tokens (cl100k_base)")[0].rsplit(", ", 1)[1].split(" / ")[0]
        assert result.stderr.endswith(f"tokens: each one's own text, as the notice counts them; the bundle's {total} "
                                      "count the lines that wrap each block too\n")


def test_explain_says_why_a_query_matched_nothing(tmp_path, cli, monkeypatch):
    """`--explain` printed only the index's row for a query of stop words, an emoji, a date no note
    is on, or words no topic holds: nothing said whether the query was searched at all."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Index\n\n- [Cats](topics/cats.md)\n")
    (home / "topics" / "cats.md").write_text("# Cats\n\nMiso eats at 7.\n")
    said = {}
    for query in ("", "🚍", "the and of is what it", "yesterday", "rotate the telegram token", "when does Miso eat?"):
        result = cli("assemble", str(home), "--query", query, "--explain")
        assert result.exit_code == 0, result.stderr
        said[query] = [line for line in result.stderr.splitlines() if line.startswith("query: ")]
    nothing = ["query: nothing to search: its words are all stop words, one-letter words or symbols"]
    assert said["🚍"] == said["the and of is what it"] == nothing
    assert said[""] == ["query: nothing to search: the query is empty"]
    assert said["yesterday"] == ["query: no section is on 2026-03-17"]
    assert said["rotate the telegram token"] == [  # its words as written, not their stems (`rotat`)
        "query: no topic section holds any of its terms ('rotate', 'telegram', 'token')"]
    assert said["when does Miso eat?"] == []  # it found its section: the table says the rest
