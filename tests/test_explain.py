"""`rules explain`: the rules text of every bundled ruleset, checked as golden output.

The goldens live in tests/golden/explain/; regenerate them after an intended
change with UPDATE_GOLDEN=1 (and read the diff: it is the rules text players see).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.authoring.explain import explain
from interpreter.cli.main import cli
from interpreter.resources import data_dir
from interpreter.ruleset.loader import load_ruleset
from tests.conftest import check_golden

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "explain"
RULESETS = data_dir("rulesets")
BUNDLED = sorted(str(p.relative_to(RULESETS)) for p in RULESETS.rglob("*.yaml"))


def _golden_name(rel):
    return rel.replace("/", "__").replace(".yaml", ".md")


@pytest.mark.parametrize("rel", BUNDLED)
def test_explain_bundled_ruleset(rel):
    loaded = load_ruleset(str(RULESETS / rel))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    check_golden(GOLDEN / _golden_name(rel), explain(loaded.rules))


def test_no_golden_is_left_over():
    wanted = {_golden_name(rel) for rel in BUNDLED}
    extra = sorted(p.name for p in GOLDEN.glob("*.md") if p.name not in wanted)
    assert not extra, f"goldens for rulesets that no longer exist: {extra}; delete them"


def test_explain_states_the_pack_per_player_count_and_the_order_of_the_trump_suit():
    text = explain(load_ruleset(str(RULESETS / "scotch-whist.yaml")).rules)
    assert "| 5 | 35 | 6♣ | 7 in hand |" in text
    assert "| 4 | 36 | - | 9 in hand |" in text
    assert "- **trump**, low to high: 6, 7, 8, 9, 10, Q, K, A, J" in text
    assert "| target | `41` |" in text


def test_explain_shows_an_option_set_on_the_command_line_and_names_the_parent_of_a_variant(tmp_path):
    child = tmp_path / "short.yaml"
    child.write_text(f"extends: {RULESETS / 'scotch-whist.yaml'}\nname: Short Whist\n"
                     "options:\n  target: {default: 21}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["explain", str(child), "-o", "target=31"])
    assert result.exit_code == 0, result.output
    assert "| target | `31` |" in result.output
    assert "These rules change **scotch-whist**" in result.output and "rewrites: `options`" in result.output


def test_explain_of_a_broken_ruleset_prints_the_errors_and_fails():
    result = CliRunner().invoke(cli, ["explain", str(ROOT / "tests/broken/unknown-name.yaml")])
    assert result.exit_code == 1
    assert "unknown name 'scor'" in result.stderr and result.stdout == ""
