"""`assemble --query` with a misspelt word (issue 31): "how do I cut a relase" loaded nothing, since
its rarest word is in no file of the home; it is read as the home's `release`, and --explain says
so. Each on a small home through the CLI; the rule's guards (an English word, a short word, an id
are never misspelt) beside it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from .test_ranking import _home, _loaded

RELEASES = {  # an Arc-style repository's release notes and a booking rule
    "topics/process.md": "# Process\n\n## How to cut a release\n\nTag `vX.Y.Z` on main, push the tag, wait for "
                         "the publish job.\n\n## Signing\n\nThe signing key is on the build box.\n",
    "topics/booking.md": "# Booking\n\n## Reminders\n\nSMS reminders go out 48 hours ahead (was 24 until May).\n\n"
                         "## Lighting\n\nThe waiting room lighting is on a timer.\n",
    "topics/ops.md": "# Ops\n\n## Disk\n\nThe database disk was pruned in March.\n",
}


def test_a_misspelt_word_is_read_as_the_homes_word_one_slip_from_it(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2027-05-20")
    home = _home(tmp_path, RELEASES)
    result = cli("assemble", str(home), "--query", "how do I cut a relase", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/process.md § How to cut a release"]
    row = next(line for line in result.stderr.splitlines() if "How to cut a release" in line)
    assert "'relase' read as 'release'" in row and row.endswith("loaded")
    # a query no word of which any section holds: every file is searched for its reading
    assert _loaded(cli("assemble", str(home), "--query", "relase?").stdout) == [
        "topics/process.md § How to cut a release"]
    # a word left out ("remiders"), as the hook gets it too
    assert _loaded(cli("assemble", str(home), "--query", "how far ahead do the SMS remiders go out now?").stdout) == [
        "topics/booking.md § Reminders"]


def test_an_english_word_a_short_word_or_an_id_is_never_taken_for_a_slip(tmp_path, cli, monkeypatch):
    """`Lightning` is an English word one slip from the home's `lighting`: the question asks about
    what the memory lacks, and loads nothing. `rlse` (four letters) is too short to tell a slip
    from another word; `relase2`, written with a digit, is an id."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-05-20")
    home = _home(tmp_path, RELEASES)
    assert _loaded(cli("assemble", str(home), "--query", "Set up a Lightning node").stdout) == []
    for query in ("cut a rlse", "cut relase2"):
        result = cli("assemble", str(home), "--query", query, "--explain")
        assert result.exit_code == 0, result.stderr
        assert "read as" not in result.stderr, query


def test_a_word_found_as_written_is_never_corrected(tmp_path, cli, monkeypatch):
    """A home that writes `relase` itself (its own typo) is searched for it, not for `release`."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-05-20")
    home = _home(tmp_path, {**RELEASES, "topics/notes.md": "# Notes\n\n## Odd\n\nThe relase of the old box.\n"})
    result = cli("assemble", str(home), "--query", "how do I cut a relase", "--explain")
    assert result.exit_code == 0, result.stderr
    assert "read as" not in result.stderr
    assert "topics/notes.md § Odd" in _loaded(result.stdout)


@given(st.text(alphabet="abcdefgh", min_size=1, max_size=8))
def test_each_candidate_is_one_edit_from_the_word(word):
    from memctl.commands.query_spelling import _edits

    def distance(a: str, b: str) -> int:  # Damerau-Levenshtein (optimal string alignment)
        d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
        for i in range(1, len(a) + 1):
            for j in range(1, len(b) + 1):
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
                if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        return d[len(a)][len(b)]

    edits = _edits(word)
    assert word not in edits
    assert all(distance(word, near) == 1 for near in edits)
    assert word[1:] in edits  # a letter left out is one of them


def test_a_slip_is_read_as_a_word_the_home_writes_in_another_form(tmp_path, cli, monkeypatch):
    """The home says `releases`, two edits from `relase`; `release`, one edit from it, is the word
    `releases` is a form of, and the query finds it as it finds any word by its stem."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-05-20")
    home = _home(tmp_path, {"topics/changes.md": "# Changes\n\n## Changelog\n\nAll releases are listed in "
                                                 "CHANGES.md, newest first.\n\n## Style\n\nPlain verbs.\n"})
    result = cli("assemble", str(home), "--query", "where is each relase listed?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/changes.md § Changelog"]
    assert "'relase' read as 'release'" in result.stderr
