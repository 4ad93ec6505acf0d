"""memctl/model/jsonout.py writes what json.dumps(indent=2, ensure_ascii=False) writes, byte for byte."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.model.jsonout import dumps

# every character class the encoders treat apart: ASCII, control characters (escaped), the quote and
# the backslash, non-ASCII (kept), surrogates (escaped), and the hole the encoder makes itself ("\x00")
TEXT = st.text(st.one_of(st.characters(), st.sampled_from(["\x00", '"', "\\", "\n", "\t", "\x7f", "é", "—", "😀",
                                                            "\ud800", "\u2028"])), max_size=12)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**30), max_value=10**30),
                    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.1, 1e16, 1e-7, -0.0, 1e300]),
                    TEXT)
KEYS = st.one_of(TEXT, st.integers(), st.floats(allow_nan=False), st.booleans(), st.none())
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.tuples(inner, inner), st.dictionaries(KEYS, inner, max_size=5),
    st.lists(st.dictionaries(TEXT, inner, min_size=1, max_size=4), min_size=1, max_size=4)),  # rows, as status has
    max_leaves=40)


def reference(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=1500, deadline=None)
@given(VALUES)
def test_the_same_text_as_json_dumps(value):
    assert dumps(value) == reference(value)


ROWS = st.lists(st.dictionaries(TEXT, st.one_of(SCALARS, st.lists(st.one_of(SCALARS, st.just([]), st.just({})),
                                                                  min_size=1, max_size=3)), min_size=1, max_size=4),
                min_size=2, max_size=6)  # status's topics: rows whose lists hold scalars, or empty containers


@settings(max_examples=800, deadline=None)
@given(ROWS)
def test_rows_the_same_text_as_json_dumps(value):
    assert dumps(value) == reference(value)
    assert dumps({"topics": value}) == reference({"topics": value})


@pytest.mark.parametrize("value", [
    [], {}, "", 0, -0.0, math.nan, math.inf, -math.inf, [math.nan, {"inf": math.inf}], [[]], [{}], {"a": []},
    "\x00", ["\x00"], {"\x00": "\x00"}, [{"a": "\x00", "b": [1, "\x00"]}, {"c": {"d": ["\x00"]}}],
    [{"a": 1}, {"b": {}}], [{"a": [{"b": [{"c": 1}]}]}], {3: [], 2.5: {}, True: [1], None: "x", False: [[2]]},
    [{"}": "},\n    {"}, {"x": "]"}], {"skills": ["a", "b"], "path": "t.md", "budget": None},
    [{"s": ["a", "b"]}, {"s": ["]", "["], "t": [True]}, {"s": [1, None, 2.5, "],\n      ["]}],
    [{"s": ["a"]}, {"s": [[]]}], [{"s": ["a"]}, {"s": [{}]}, {"s": ["\x00"]}],
])
def test_the_cases_the_encoder_treats_apart(value):
    assert dumps(value) == reference(value)


def test_a_value_json_cannot_write_fails_as_json_dumps_fails():
    for value in ([object()], {"a": {1, 2}}, [{"a": object()}], {(1, 2): 3}):
        with pytest.raises(TypeError) as ours:
            dumps(value)
        with pytest.raises(TypeError) as theirs:
            reference(value)
        assert str(ours.value) == str(theirs.value)


def test_a_status_report_of_a_fixture_home(tmp_path, monkeypatch):
    from memctl.commands.status import build_status
    from memctl.model.config import today
    from memctl.model.home import load_home

    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(tmp_path / "cache"))
    report = build_status(load_home("fixtures/arc/memory"), today())
    assert len(report["topics"]) > 1 and dumps(report) == reference(report)
