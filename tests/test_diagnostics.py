import json

import pytest

from interpreter.diagnostics import (
    Diagnostic, RulesetError, did_you_mean, format_diagnostics, sort_diagnostics,
)


def make(**kw):
    base = dict(file="rulesets/x.yaml", line=12, col=15,
                message="unknown key 'folow' in 'tricks'", rule="unknown-key")
    base.update(kw)
    return Diagnostic(**base)


def test_format_with_caret_and_hint():
    d = make(col=5, hint="did you mean 'follow'?", source_line="    folow: suit", length=5)
    assert d.format() == (
        "rulesets/x.yaml:12:5: error: unknown key 'folow' in 'tricks' (unknown-key)\n"
        "        folow: suit\n"
        "        ^^^^^\n"
        "  hint: did you mean 'follow'?"
    )


def test_format_without_source_or_hint():
    d = make(severity="warning")
    assert d.format() == (
        "rulesets/x.yaml:12:15: warning: unknown key 'folow' in 'tricks' (unknown-key)")


def test_caret_keeps_tabs_and_clamps_length():
    d = make(line=1, col=3, source_line="\tx: ab", length=50)
    lines = d.format().splitlines()
    assert lines[1] == "    \tx: ab"
    assert lines[2] == "    \t ^^^^"     # clamped to the end of the line


def test_caret_past_end_of_line():
    d = make(line=1, col=4, source_line="m:")
    assert d.format().splitlines()[2] == "       ^"


def test_to_dict_and_json():
    d = make(hint="h")
    assert d.to_dict() == {"file": "rulesets/x.yaml", "line": 12, "col": 15,
                           "severity": "error", "message": "unknown key 'folow' in 'tricks'",
                           "rule": "unknown-key", "hint": "h"}
    assert json.loads(format_diagnostics([d, d], "json")) == [d.to_dict(), d.to_dict()]


def test_format_text_joins_blocks():
    a, b = make(line=1), make(line=2)
    assert format_diagnostics([a, b]) == a.format() + "\n" + b.format()
    with pytest.raises(ValueError):
        format_diagnostics([a], "xml")


def test_sort_and_dedupe():
    a = make(file="b.yaml", line=1, col=1)
    b = make(file="a.yaml", line=9, col=2)
    c = make(file="a.yaml", line=9, col=1)
    assert sort_diagnostics([a, b, c, make(file="a.yaml", line=9, col=2)]) == [c, b, a]


def test_did_you_mean():
    assert did_you_mean("folow", ["follow", "lead", "trump"]) == "did you mean 'follow'?"
    assert did_you_mean("Follow", ["follow", "lead"]) == "did you mean 'follow'?"
    assert did_you_mean("TRMP", ["follow", "trump"]) == "did you mean 'trump'?"
    assert did_you_mean("zzz", ["follow", "lead"]) is None
    assert did_you_mean("lead", ["follow", "lead"]) is None
    assert did_you_mean("x", []) is None


def test_ruleset_error_carries_diagnostics():
    d = make()
    err = RulesetError([d])
    assert err.diagnostics == [d]
    assert str(err) == d.format()
