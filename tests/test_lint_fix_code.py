"""`lint --fix` (MEM207's stale `(~N tokens)`) reads the index as the link rules read it: an example
written in a code block, a code span or an HTML comment is text, never a link to count (trial 8, r13)."""

from __future__ import annotations

from pathlib import Path

from memctl.model.counts import refresh_counts, stale_counts

EXAMPLES = ("An index line looks like this:\n\n"
            "```md\n- [a](topics/a.md) — example (~5 tokens)\n```\n\n"
            "    - [a](topics/a.md) — indented example (~5 tokens)\n\n"
            "Written inline: `- [a](topics/a.md) (~5 tokens)`.\n\n"
            "<!-- - [a](topics/a.md) — commented out (~5 tokens) -->\n")


def _home(root: Path) -> Path:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# M\n\n- [a](topics/a.md) — a (~5 tokens)\n\n" + EXAMPLES)
    (root / "topics" / "a.md").write_text("# A\n" + "".join(f"- fact {i} about deploys\n" for i in range(50)))
    return root


def test_lint_fix_rewrites_the_index_line_and_leaves_the_examples_in_code_alone(cli, tmp_path):
    home = _home(tmp_path / "home")
    found = cli("lint", str(home), "--select", "MEM207")
    assert found.exit_code == 0, found.stderr
    findings = [line for line in found.stdout.splitlines() if "MEM207" in line]
    assert len(findings) == 1 and findings[0].startswith(f"{home / 'MEMORY.md'}:3:"), found.stdout
    fixed = cli("lint", str(home), "--select", "MEM207", "--fix")
    assert fixed.exit_code == 0, fixed.stderr
    assert fixed.stderr.splitlines()[0] == "fixed 1 token count in MEMORY.md"
    text = (home / "MEMORY.md").read_text()
    first, rest = text.split("\n\n", 2)[1:]
    assert first.startswith("- [a](topics/a.md) — a (~") and "(~5 tokens)" not in first
    assert rest == EXAMPLES  # byte for byte
    again = cli("lint", str(home), "--select", "MEM207", "--fix")
    assert again.stderr.splitlines()[0] == (
        "--fix: nothing to fix in MEMORY.md (it rewrites MEM207's stale token counts)")


def test_the_counts_skip_code_and_front_matter_wherever_they_are_kept_current():
    """`refresh_counts` is what `consolidate` keeps the counts with too: the same reading."""
    index = "---\nnote: \"[a](topics/a.md) (~5 tokens)\"\n---\n# M\n\n- [a](topics/a.md) (~5 tokens)\n\n" + EXAMPLES
    stale = stale_counts(index, "MEMORY.md", {"topics/a.md": 400})
    assert [s.line for s in stale] == [6]
    assert refresh_counts(index, "MEMORY.md", {"topics/a.md": 400}) == index.replace(
        "- [a](topics/a.md) (~5 tokens)\n", "- [a](topics/a.md) (~400 tokens)\n", 1)
    # a count after a code span on a line that links for real is still the line's count
    inline = "# M\n\n- [a](topics/a.md) — run `make (~5 tokens)` first (~5 tokens)\n"
    (only,) = stale_counts(inline, "MEMORY.md", {"topics/a.md": 400})
    assert refresh_counts(inline, "MEMORY.md", {"topics/a.md": 400}) == inline.replace(
        "first (~5 tokens)", "first (~400 tokens)")
    assert only.column == inline.splitlines()[2].index("(~5 tokens)", 40) + 1
