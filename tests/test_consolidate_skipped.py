"""`consolidate` as a new user met it: a `--check` that passed over topics it could not read, an
archive whose line ends it changed, and a `wrote N files` on the other stream than `split`'s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TODAY = "2026-11-29"


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY)


@pytest.mark.parametrize("format", ["text", "json"])
def test_split_and_consolidate_say_what_they_wrote_last_on_stderr(cli, copy_fixture, tmp_path, format):
    """The trial: `wrote 24 files` was the last line on stdout for `consolidate --apply`, and on
    stderr for `split --apply`. Both say it on stderr, last, as `init`, `append` and `--apply-plan`
    do: stdout holds the plan, in text or JSON, and nothing else."""
    home = copy_fixture("consolidate")
    done = cli("consolidate", str(home), "--apply", "--format", format)
    assert done.exit_code == 0 and done.stderr == "wrote 4 files\n"
    assert "wrote" not in done.stdout
    if format == "json":
        assert json.loads(done.stdout)["applied"] is True
    else:
        assert done.stdout.endswith("  archived to archive/incidents.md\n")
    fat = copy_fixture("fat")
    split = cli("split", str(fat), "--apply", "--format", format)
    assert split.exit_code == 0 and split.stderr == "wrote 17 files\n" and "wrote" not in split.stdout
    nothing = cli("consolidate", str(home), "--apply")
    assert nothing.exit_code == 0 and nothing.stderr == "" and nothing.stdout.endswith("nothing to change\n")
