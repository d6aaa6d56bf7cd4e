"""Analysis of runs: seat fairness, paired comparisons, figures recomputed from --records."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.cli import main as _main  # noqa: F401  (registers the commands)
from interpreter.cli.app import cli
from interpreter.sim import dist

ROOT = Path(__file__).resolve().parent.parent
SW = str(ROOT / "rulesets" / "scotch-whist.yaml")
UNFAIR = str(ROOT / "tests" / "analysis" / "unfair-seat.yaml")
PARTNERS = str(ROOT / "rulesets" / "scalade" / "scalade-partnerships.yaml")


def _simulate(*args):
    result = CliRunner().invoke(cli, ["simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def _records(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_fallback_distributions_agree_with_scipy(monkeypatch):
    scipy = pytest.importorskip("scipy.stats")
    monkeypatch.setattr(dist, "_scipy", None)
    for x, df in ((0.5, 1), (3.84, 1), (36.97, 2), (7.8, 3), (20.0, 6)):
        assert dist.chi2_sf(x, df) == pytest.approx(scipy.chi2.sf(x, df), rel=1e-7, abs=1e-14)
    for t, df in ((0.3, 5), (2.0, 10), (-1.5, 40), (4.0, 999)):
        assert dist.t_sf(t, df) == pytest.approx(scipy.t.sf(t, df), rel=1e-7)
    assert dist.t_quantile(0.975, 20) == pytest.approx(scipy.t.ppf(0.975, 20), rel=1e-6)
    for q in (0.001, 0.05, 0.5, 0.8, 0.975):
        assert dist.normal_quantile(q) == pytest.approx(scipy.norm.ppf(q), rel=1e-8)
    for k, n in ((0, 5), (3, 10), (12, 40)):
        assert dist.binom_two_sided(k, n) == pytest.approx(scipy.binomtest(k, n).pvalue, rel=1e-9)
    assert dist.holm([0.01, None, 0.04, 0.03]) == [0.03, None, 0.06, 0.06]


def test_a_planted_unfair_seat_is_flagged_and_recomputed_from_records(tmp_path):
    rec = tmp_path / "r.jsonl"
    data = json.loads(_simulate(UNFAIR, "-n", "150", "--json", "--records", str(rec)))
    fair = data["fairness"]
    assert fair["by"] == "seat" and fair["significant"] and fair["p"] < 0.001
    # recompute from the records: shared wins count 1/k, expected = games / players
    wins = [0.0] * 3
    for r in _records(rec):
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    chi = sum((w - 50) ** 2 / 50 for w in wins)
    assert fair["wins"] == pytest.approx(wins) and fair["chi_square"] == pytest.approx(chi)
    assert fair["p"] == pytest.approx(dist.chi2_sf(chi, 2))
    table = _simulate(UNFAIR, "-n", "150")
    assert "UNFAIR" in table and "above !" in table
    fair0 = json.loads(_simulate(UNFAIR, "-n", "150", "--json", "-o", "bonus=0"))["fairness"]
    assert not fair0["significant"]


def test_fairness_with_teams_counts_a_partnership_win_once():
    data = json.loads(_simulate(PARTNERS, "-n", "12", "--json"))
    fair = data["fairness"]
    assert fair["by"] == "team" and fair["sides"] == [[0, 2], [1, 3]] and fair["df"] == 1
    assert sum(fair["wins"]) == pytest.approx(12) and fair["expected"] == [6, 6]
    assert not fair["reliable"] or fair["expected"][0] >= 5
