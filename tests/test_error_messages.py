"""Errors said as a demanding user expects them (found by a new-user trial): one line naming the
file and line as the user would look for them, never a traceback, never a path that does not exist."""

from __future__ import annotations


def test_the_config_select_error_names_its_file_and_line(tmp_path, cli):
    """`lint: {select: [NOPE]}` named neither the file nor the line, as the config's other errors do."""
    (tmp_path / "MEMORY.md").write_text("# i\n")
    (tmp_path / ".memctl.yaml").write_text("# memctl\nlint: {select: [MEM2, NOPE]}\n")
    result = cli("lint", str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"error: {tmp_path}/.memctl.yaml:2: unknown rule 'NOPE' in lint.select; "
                             "`memctl lint --list-rules` lists them\n")
    for config, line, said in (("lint:\n  severity:\n    MEM2: error\n    NOPE: warning\n", 4, "in lint.severity"),
                               ("lint:\n  per_file_ignores:\n    'topics/*.md': [MEM2,\n      NOPE]\n", 4,
                                "in lint.per_file_ignores[topics/*.md]"),
                               ("lint:\n  ignore: [MEM2]\n  bogus: 1\n", 3, "unknown lint key 'bogus'")):
        (tmp_path / ".memctl.yaml").write_text(config)
        result = cli("lint", str(tmp_path))
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {tmp_path}/.memctl.yaml:{line}: ")
        assert said in result.stderr
    assert "in --select" in cli("lint", str(tmp_path), "--select", "NOPE").stderr
