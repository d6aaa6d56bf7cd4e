"""The end-to-end benchmark script runs (a few games only: speed targets live in the script)."""
import json
import subprocess
import sys

from tests.helpers import ROOT


def test_end_to_end_quick_run():
    parts = ["--part", "ratios", "--part", "scala40", "--part", "workers", "--part", "memory"]
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "end_to_end.py"), "--quick", "--json", *parts],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert {r["game"] for r in out["ratios"]} == {"Scotch Whist", "Static Scalade", "Escalation",
                                                  "Escalative scoring", "Hearts", "Spades"}
    assert all(r["ratio"] > 0 and r["ratio_low"] <= r["ratio"] <= r["ratio_high"] for r in out["ratios"])
    assert out["scala40"]["games_s"] > 0
    # One worker and two play the same games.
    assert out["workers"]["same_results"] is True
    assert [r["games"] for r in out["memory"]] == [10, 100]
    assert all(r["peak_rss_kib"] >= r["rss_after_load_kib"] > 0 for r in out["memory"])


def test_sampling_profiler_sees_the_busy_function():
    from benchmarks.sample_profile import sample

    def busy_loop():
        x = 0
        for i in range(3_000_000):
            x += i * i
        return x
    inclusive, own, total = sample(busy_loop)
    assert total > 0
    assert own["test_end_to_end_benchmark.py:busy_loop"] >= total * 0.8


def test_footprint_counts_the_code_each_side_runs():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "end_to_end.py"), "--quick", "--json",
                           "--part", "footprint"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)["footprint"]
    assert len(rows) == 6
    for r in rows:
        for side in ("interpreter", "handwritten"):
            f = r[side]
            assert f["functions"] > 1 and f["bytecode_bytes"] > 10 * f["functions"] and f["calls"] > 1, r
        # the hand-written simulators are a handful of functions; the engine runs many more
        assert r["interpreter"]["functions"] > r["handwritten"]["functions"], r


def test_cachegrind_reads_valgrinds_counts():
    import shutil

    import pytest
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    from benchmarks.choose_ab import cachegrind
    small = [sys.executable, "-c", "pass"]
    big = [sys.executable, "-c", "sum(i * i for i in range(200000))"]
    plain, counts = cachegrind(small), cachegrind(big, caches=True)
    assert set(plain) == {"instructions"}
    assert set(counts) == {"instructions", "i1_misses", "d1_misses", "mispredicts"}
    assert counts["instructions"] > plain["instructions"] + 1_000_000
    assert all(v > 0 for v in counts.values())
