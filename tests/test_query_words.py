"""`assemble --query` as a user meets two rules of its words (issue 31): a stem Snowball spells with
a final `i` still finds its words, and a short question about a word the home never uses loads
nothing. Each on a small home, through the CLI, with --explain saying why."""

from __future__ import annotations

import os
from pathlib import Path

from .test_ranking import _home, _loaded

INCIDENTS = {  # an Arc-style incidents topic: one dated entry a section
    "topics/incidents.md": "# Incidents\n\n"
                           "## 2026-04-19 blog build failed on Netlify\n\n"
                           "- Cause: the Node version pinned in the site's config was dropped upstream.\n"
                           "- Fix: pin Node 20 in `.nvmrc`; rebuild.\n\n"
                           "## 2026-05-02 queue stalled\n\n"
                           "- Cause: a runner lost its token; the build queue waited an hour.\n\n"
                           "## 2026-06-11 disk full\n\n"
                           "- Cause: old build caches; pruned weekly since.\n",
    "topics/cost.md": "# Cost\n\n## Monthly spend\n\nCompute is most of it: the nightly full rebuild.\n\n"
                      "## Retries\n\nEach retry of a flaky build costs a runner hour.\n",
}


def test_a_word_whose_stem_ends_in_i_is_found_as_written(tmp_path, cli, monkeypatch):
    """`Netlify` stems to `netlifi` and `retries` to `retri`: neither is how the memory writes the word
    (`Netlify`, `retry`), and the query found neither."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    result = cli("assemble", str(home), "--query", "Netlify is failing again", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/incidents.md § 2026-04-19 blog build failed on Netlify"]
    row = next(line for line in result.stderr.splitlines() if "blog build failed on Netlify" in line)
    assert " netlify " in f" {row} " and row.endswith("loaded")
    retried = cli("assemble", str(home), "--query", "How many retries does a build get?")
    assert _loaded(retried.stdout) == ["topics/cost.md § Retries"]


def test_a_short_question_whose_rarest_word_the_home_lacks_loads_nothing(tmp_path, cli, monkeypatch):
    """"Resize the database disk": the home has `disk` (a full disk, pruned) and never says `resize`,
    the question's rarest word in English; a careful reader loads nothing, and --explain says why."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    result = cli("assemble", str(home), "--query", "Resize the database disk", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == []
    row = next(line for line in result.stderr.splitlines() if "2026-06-11 disk full" in line)
    assert row.endswith("not chosen: the query's rarest word, 'resize', is in no file of the home")
    # the same question where the home does say it, in a file the query does not rank (the index)
    (Path(os.path.realpath(tmp_path)) / "home" / "MEMORY.md").write_text(
        "# Index\n\n- [incidents](topics/incidents.md): resized the disk once, see there\n"
        "- [cost](topics/cost.md)\n")
    assert _loaded(cli("assemble", str(home), "--query", "Resize the database disk").stdout) == [
        "topics/incidents.md § 2026-06-11 disk full"]


def test_a_common_word_the_home_lacks_does_not_empty_a_question(tmp_path, cli, monkeypatch):
    """"Why did the queue stall so long": `long` is in no section, but it is a common word, not what
    the question is about; the rarest, `queue`, is there."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    assert _loaded(cli("assemble", str(home), "--query", "Why did the queue stall so long").stdout) == [
        "topics/incidents.md § 2026-05-02 queue stalled"]


def test_a_missing_word_about_as_rare_as_the_others_does_not_empty_a_question(tmp_path, cli, monkeypatch):
    """"Mask customer emails in the logs": the memory says "never emails", not `mask`, and `mask` is
    hardly rarer than `log`: the question is about all its words, and the logging rule is loaded."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, {**INCIDENTS, "topics/logging.md": "# Logging\n\n## No PII in logs\n\n"
                            "Log customer ids only: never emails, names or IBANs.\n"})
    assert _loaded(cli("assemble", str(home), "--query", "Mask customer emails in the logs").stdout) == [
        "topics/logging.md § No PII in logs"]
