"""A config value of the wrong type is one line naming the file and line, exit 2, in every command
(a new-user trial, r14: `budgets: 5`, `budgets: null`, `lint: [1]` and `[tool.memctl] budgets = 5`
crashed with `KeyError: 'map'`; `lint: {severity: 5}`, `{select: [5]}`, `{per_file_ignores: 5}` with
AttributeError or TypeError, exit 1, "lint found errors" to CI; `split` took them silently;
`lint: {select: ALL}` read the text letter by letter: `unknown rule 'A'`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.errors import ConfigError, MemctlError
from memctl.model.config import BUDGET_FIELDS, LINT_SCHEMA, SCHEMA, load_config

WRONG = [
    ("budgets: [1,2]", "budgets must be a mapping, such as {topic_tokens: 800} (got a list)"),
    ("budgets: 5", "budgets must be a mapping, such as {topic_tokens: 800} (got 5)"),
    ("budgets: null", "budgets must be a mapping, such as {topic_tokens: 800} (got null)"),
    ("lint: null", "lint must be a mapping, such as {select: [ALL]} (got null)"),
    ("lint: [1]", "lint must be a mapping, such as {select: [ALL]} (got a list)"),
    ("lint: {severity: 5}", "lint.severity must be a mapping of names to texts, such as {MEM206: error} (got 5)"),
    ("lint: {select: [5]}", 'lint.select must be a list of texts, such as ["ALL"] (got 5 in the list)'),
    ("lint: {select: ALL}", 'lint.select must be a list of texts, such as ["ALL"] (got \'ALL\')'),
    ("lint: {ignore: MEM302}", 'lint.ignore must be a list of texts, such as ["MEM302"] (got \'MEM302\')'),
    ("lint: {per_file_ignores: 5}", 'lint.per_file_ignores must be a mapping of names to lists of texts, such as '
                                    '{"memory/*": ["MEM302"]} (got 5)'),
    ('lint: {per_file_ignores: {"a": 5}}', 'lint.per_file_ignores must be a mapping of names to lists of texts, '
                                           'such as {"memory/*": ["MEM302"]} (got 5 for \'a\')'),
    ("lint: {severity: {MEM101: loud}}", "lint.severity of MEM101 must be error or warning, not 'loud'"),
    ("lint: {colour: red}", "unknown lint key 'colour'; valid keys: select, ignore, severity, per_file_ignores"),
    ("map: {Notes: [a.md]}", "map must be a mapping of names to texts (got a list for 'Notes')"),
]

INDEX = "# I\n\n## A\n\nx\n"


def _invocations(home: Path) -> dict[str, tuple[list[str], str | None]]:
    """Every command that reads a home's config, as a user runs it."""
    return {
        "lint": (["lint", str(home)], None),
        "status": (["status", str(home)], None),
        "assemble": (["assemble", str(home)], None),
        "assemble --query": (["assemble", str(home), "--query", "x"], None),
        "split": (["split", str(home)], None),
        "split --apply": (["split", str(home), "--apply"], None),
        "consolidate": (["consolidate", str(home)], None),
        "rollup": (["rollup", str(home)], None),
        "report": (["report", str(home)], None),
        "capture": (["capture", str(home)], "Lesson: x\n"),
    }


COMMANDS = list(_invocations(Path("home")))


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("line", "message"), WRONG)
def test_a_wrong_type_is_one_line_naming_the_file_and_line_in_every_command(cli, tmp_path, command, line, message):
    (tmp_path / "MEMORY.md").write_text(INDEX)
    cfg = tmp_path / ".memctl.yaml"
    cfg.write_text(f"# memctl\n{line}\n")
    args, stdin = _invocations(tmp_path)[command]
    result = cli(*args, input=stdin)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {cfg}:2: {message}\n"
    assert (tmp_path / "MEMORY.md").read_text() == INDEX  # nothing was written


@pytest.mark.parametrize(("line", "message"), WRONG[:8])
def test_a_hook_says_it_in_one_line_and_adds_nothing(cli, tmp_path, line, message):
    """A hook never fails its host's prompt: exit 0, nothing added, the one line on stderr."""
    (tmp_path / "MEMORY.md").write_text(INDEX)
    cfg = tmp_path / ".memctl.yaml"
    cfg.write_text(f"# memctl\n{line}\n")
    result = cli("hook", "user-prompt", str(tmp_path), input=json.dumps({"prompt": "x"}))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == f"memctl hook user-prompt: {cfg}:2: {message} (nothing added)\n"


@pytest.mark.parametrize(("table", "line", "message"), [
    ("[tool.memctl]\nbudgets = 5\n", 5, "budgets must be a mapping, such as {topic_tokens: 800} (got 5)"),
    ('[tool.memctl]\nlint = "ALL"\n', 5, "lint must be a mapping, such as {select: [ALL]} (got 'ALL')"),
    ('[tool.memctl.lint]\nselect = "ALL"\n', 5, 'lint.select must be a list of texts, such as ["ALL"] (got \'ALL\')'),
    ("[tool.memctl.lint]\nseverity = 5\n", 5, "lint.severity must be a mapping of names to texts, such as "
                                              "{MEM206: error} (got 5)"),
])
@pytest.mark.parametrize("command", ["status", "lint", "split"])
def test_a_wrong_type_in_pyproject_names_its_line(cli, tmp_path, table, line, message, command):
    (tmp_path / "MEMORY.md").write_text(INDEX)
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\n\n{table}')
    result = cli(command, str(tmp_path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {tmp_path}/pyproject.toml:{line}: {message}\n"


def test_select_all_as_a_list_is_what_it_always_was(cli, tmp_path):
    (tmp_path / "MEMORY.md").write_text(INDEX)
    (tmp_path / ".memctl.yaml").write_text("lint: {select: [ALL], severity: {MEM206: error}, "
                                           "per_file_ignores: {'topics/*.md': [MEM302]}}\nbudgets: {}\n")
    result = cli("lint", str(tmp_path))
    assert result.exit_code in (0, 1)
    assert "error: " not in result.stderr


# --- every key, every wrong value: a ConfigError naming the file and line, never another exception ----

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=8))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.text(st.characters(min_codepoint=97, max_codepoint=122), min_size=1, max_size=6), inner,
                    max_size=3)), max_leaves=6)
KEYS = st.one_of(
    st.sampled_from(sorted(SCHEMA)).map(lambda key: (key,)),
    st.sampled_from(sorted(LINT_SCHEMA)).map(lambda key: ("lint", key)),
    st.sampled_from(sorted(BUDGET_FIELDS)).map(lambda key: ("budgets", key)),
)


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=KEYS, value=VALUES)
def test_any_value_for_any_key_loads_or_is_one_config_error_naming_its_line(tmp_path, path, value):
    """JSON is YAML: each drawn value is written as the config's only key (`lint.select: ...` nested)."""
    from memctl.commands.lint.engine import LintOptions, Policy

    home = tmp_path / "fuzz"
    home.mkdir(exist_ok=True)
    (home / "MEMORY.md").write_text(INDEX)
    text = json.dumps(_nest(path, value))
    if "NaN" in text or "Infinity" in text:
        return  # YAML has no NaN or inf in JSON's spelling
    cfg = home / ".memctl.yaml"
    cfg.write_text(text + "\n")
    try:
        config = load_config(str(home), env={})
        Policy(config.lint, LintOptions(), str(cfg), config.lines)  # what lint makes of it
    except ConfigError as error:
        assert error.path == str(cfg) and error.line == 1, str(error)
        assert "\n" not in str(error)
    except MemctlError as error:  # not the config's: the home, as the config says to read it
        assert "\n" not in str(error)
