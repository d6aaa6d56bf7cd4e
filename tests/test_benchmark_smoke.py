"""The benchmark script runs (a few games only: speed targets live in the benchmark, not in tests)."""
import json
import subprocess
import sys

from tests.helpers import ROOT


def test_benchmark_quick_run():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--json"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    whist = next(r for r in out["pairs"] if r["game"] == "Scotch Whist")
    assert whist["interpreter_games_s"] > 0 and whist["handwritten_games_s"] > 0 and whist["ratio_tricks"] > 0
    assert any(r["ruleset"] == "scotch-whist" and "games_s" in r for r in out["rulesets"])
