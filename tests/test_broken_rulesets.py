"""Broken rulesets: each kind of mistake gives the expected located message (golden files).

Every tests/broken/NAME.yaml holds one kind of mistake (its second line says
which); NAME.txt is what `rules validate` prints for it.  A line
'# options: name=value ...' sets options as on the command line.  After an
intended change of wording, regenerate with UPDATE_GOLDEN=1.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.cli.main import cli
from interpreter.diagnostics import format_diagnostics
from interpreter.ruleset.loader import load_ruleset
from tests.conftest import check_golden

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "broken"
CASES = sorted(p.stem for p in BROKEN.glob("*.yaml"))
LOCATED = re.compile(r"^(tests/broken/[\w/.-]+\.yaml):(\d+):(\d+): (error|warning): .+ \([a-z-]+\)$")


def _options(path):
    m = re.search(r"^# options: (.*)$", path.read_text(encoding="utf-8"), re.M)
    return dict(item.split("=", 1) for item in m.group(1).split()) if m else {}


def _diagnostics(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = Path("tests/broken") / f"{name}.yaml"
    return load_ruleset(str(path), _options(ROOT / path), dry_run=True).diagnostics


def test_there_are_at_least_thirty_kinds_of_mistake():
    assert len(CASES) >= 30
    for name in CASES:
        second = (BROKEN / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[1]
        assert second.startswith("# Mistake: "), f"{name}.yaml: the second line should say what the mistake is"


@pytest.mark.parametrize("name", CASES)
def test_broken_ruleset_message(name, monkeypatch):
    diags = _diagnostics(name, monkeypatch)
    assert diags, f"{name}.yaml: no problem was found"
    text = format_diagnostics(diags) + "\n"
    for d in diags:
        header = d.format().splitlines()[0]
        assert LOCATED.match(header), header
        assert d.source_line is not None, f"{header}: no source line shown"
    check_golden(BROKEN / f"{name}.txt", text)


def test_all_problems_of_one_kind_come_in_one_run(monkeypatch):
    diags = _diagnostics("unknown-keys-everywhere", monkeypatch)
    assert [d.rule for d in diags] == ["unknown-key"] * 3
    assert len(_diagnostics("duplicate-keys", monkeypatch)) == 2


def test_an_error_in_an_extended_file_names_that_file(monkeypatch):
    [d] = _diagnostics("extends-error-in-parent", monkeypatch)
    assert d.file == "tests/broken/parents/broken-parent.yaml" and d.severity == "error"


def test_json_format_for_tools(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["validate", "--format", "json", "tests/broken/unknown-function.yaml",
                                      "tests/broken/zone-never-filled.yaml"])
    assert result.exit_code == 1
    items = json.loads(result.output)
    assert [(i["file"], i["line"], i["col"], i["severity"], i["rule"]) for i in items] == [
        ("tests/broken/unknown-function.yaml", 32, 32, "error", "unknown-name"),
        ("tests/broken/zone-never-filled.yaml", 15, 3, "warning", "unused")]
    assert items[0]["hint"] == "did you mean 'count'?"


def test_warnings_alone_do_not_fail_validation(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["validate", "--quick", "tests/broken/procedure-never-called.yaml"])
    assert result.exit_code == 0


def test_yaml_pitfalls_in_flow_lists_and_values_say_to_quote():
    from interpreter.diagnostics import RulesetError
    from interpreter.ruleset.yamlsource import load_yaml_text
    cases = {"order: [min(a, b), c]\n": ("min(a, b)", 1, 9),
             "x: {when: all(players, p => score[p] > 0)}\n": ("all(players, p => score[p] > 0)", 1, 11),
             "x: {ok: 'min(a, b)', also: [1, 2], fine: f(a)}\n": None}
    for text, want in cases.items():
        if want is None:
            load_yaml_text(text)
            continue
        with pytest.raises(RulesetError) as info:
            load_yaml_text(text)
        [d] = info.value.diagnostics
        assert (d.line, d.col) == want[1:] and f'put the text in quotes: "{want[0]}"' in d.hint, d.format()
