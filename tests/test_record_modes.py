"""The journal of a write and the undo record it becomes hold every file's text verbatim (a
credential too): mode 0600 whatever the umask, as plan files are (found by a new-user trial:
`.memctl/undo/*.json` at 0644 under umask 022, a token in it)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.conftest import FIXTURES

TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def test_undo_records_are_readable_by_their_owner_alone(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    shutil.copytree(FIXTURES / "fat", tmp_path / "home")
    home = tmp_path / "home"
    index = home / "MEMORY.md"
    index.write_text(index.read_text() + f"\n## Deploy\n\n- the deploy token is {TOKEN}\n")
    old = os.umask(0o022)
    try:
        result = cli("split", str(home), "--apply", "--allow-secrets")
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    records = sorted((home / ".memctl" / "undo").glob("*.json"))
    assert records, sorted(p.name for p in (home / ".memctl").rglob("*"))
    assert any(TOKEN in Path(record).read_text() for record in records)
    assert {oct(record.stat().st_mode & 0o777) for record in records} == {"0o600"}
    assert (index.stat().st_mode & 0o777) == 0o644  # the memory's own files keep the umask's mode
