"""Simulation runs: same results for any number of workers, records, plots, logs, comparisons, Ctrl-C."""
from __future__ import annotations

import csv
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.cli.app import cli
from interpreter.cli import main as _main  # noqa: F401  (registers the commands)
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run

ROOT = Path(__file__).resolve().parent.parent
SW = str(ROOT / "rulesets" / "scotch-whist.yaml")


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(SW).rules


def _records(rules, workers, games, bots, bot_options=None, backend="local", data=None):
    out = []
    summary = run(rules, games, seed=11, players=4, bots=bots, workers=workers, path=SW, options={},
                  on_record=out.append, bot_options=bot_options, rotate=True, backend=backend, data=data)
    return out, summary


def _same(a, b):
    return [json.dumps(r, sort_keys=True) for r in a] == [json.dumps(r, sort_keys=True) for r in b]


def test_one_and_two_workers_give_identical_records(rules):
    one, s1 = _records(rules, 1, 120, ["random"])
    two, s2 = _records(rules, 2, 120, ["random"])
    assert [r["game"] for r in two] == list(range(120))
    assert _same(one, two)
    assert s1["seats"] == s2["seats"] and s1["figures"] == s2["figures"]
    # bots with their own random choices and searches too
    opts = {"playouts": 8, "worlds": 2}
    one, _ = _records(rules, 1, 6, ["search", "greedy", "random"], opts)
    two, _ = _records(rules, 2, 6, ["search", "greedy", "random"], opts)
    assert _same(one, two)
    assert {b for r in one for b in r["bots"]} == {"search", "greedy", "random"}


def test_a_different_seed_gives_different_games(rules):
    a = run(rules, 30, seed=1, players=4)
    b = run(rules, 30, seed=2, players=4)
    assert a["seats"] != b["seats"]


def test_jsonl_and_csv_records(tmp_path):
    runner = CliRunner()
    jl, cs = tmp_path / "r.jsonl", tmp_path / "r.csv"
    for path in (jl, cs):
        result = runner.invoke(cli, ["simulate", SW, "-n", "25", "--records", str(path), "--json"])
        assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in jl.read_text().splitlines()]
    assert len(lines) == 25
    for rec in lines:
        for key in ("game", "seed", "winners", "scores", "hands", "tricks", "turns", "metrics", "bots",
                    "hand_scores", "lead_changes", "decided_hand", "decided_fraction"):
            assert key in rec
        assert len(rec["hand_scores"]) == rec["hands"]
        assert rec["hand_scores"][-1] == rec["scores"]
        assert len(rec["metrics"]["trumps"]) == rec["hands"]
    rows = list(csv.DictReader(cs.open(encoding="utf-8")))
    assert len(rows) == 25
    assert list(rows[0])[:14] == ["game", "variant", "seed", "players", "bots", "winners", "scores", "hands",
                                  "tricks", "turns", "lead_changes", "decided_hand", "decided_fraction", "error"]
    assert "metric:trumps" in rows[0]
    for row, rec in zip(rows, lines):          # same seed: the same games either way
        assert row["scores"] == " ".join(str(s) for s in rec["scores"])
        assert json.loads(row["metric:trumps"]) == rec["metrics"]["trumps"]


def test_json_summary_holds_the_figures():
    result = CliRunner().invoke(cli, ["simulate", SW, "-n", "40", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 40 and len(data["seats"]) == 4
    assert abs(sum(s["win_rate"] for s in data["seats"]) - 1) < 1e-9
    assert data["first_seat"]["seat"] == 1
    for key in ("hands", "tricks", "turns", "lead_changes", "decided_hand", "decided_fraction"):
        assert key in data["figures"]
    assert set(data["metrics"]["trumps"]["counts"]) <= {"clubs", "diamonds", "hearts", "spades"}
    assert sum(data["histograms"]["hands"].values()) == 40


def _png_text(path):
    """The tEXt chunks of a PNG file."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, out = 8, {}
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
        if kind == b"IHDR":
            out["_size"] = (int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big"))
        pos += 12 + length
    return out


def test_plot_is_a_png_with_the_panels(tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install '.[plot]')")
    out = tmp_path / "run.png"
    result = CliRunner().invoke(cli, ["simulate", SW, "-n", "60", "--plot", str(out)])
    assert result.exit_code == 0, result.output
    text = _png_text(out)
    assert text["Panels"].split("; ") == ["final scores", "game length (hands)", "win rate by seat",
                                          "game length (turns)"]
    assert text["_size"][0] > 500 and text["_size"][1] > 400
    out2 = tmp_path / "compare.png"
    result = CliRunner().invoke(cli, ["simulate", SW, "-n", "40", "--compare-option", "target=21,41",
                                      "--plot", str(out2)])
    assert result.exit_code == 0, result.output
    assert "first-seat win rate by variant" in _png_text(out2)["Panels"]


def test_compare_marks_a_real_difference():
    result = CliRunner().invoke(cli, ["simulate", SW, "-n", "150", "--compare-option", "target=11,41", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [v["variant"] for v in data["variants"]] == ["target=11", "target=41"]
    rows = {r["name"]: r for r in data["comparison"]["rows"]}
    hands = rows["hands per game"]
    assert hands["values"][0] < hands["values"][1]
    assert hands["p"][1] < 0.01 and hands["text"][1].endswith("**")
    # the same rules twice: nothing should be marked at the 1% level on the win rates
    result = CliRunner().invoke(cli, ["simulate", SW, SW, "-n", "100", "--json"])
    data = json.loads(result.output)
    assert data["comparison"]["variants"] == ["Scotch Whist", "Scotch Whist (2)"]
    rows = {r["name"]: r for r in data["comparison"]["rows"]}
    assert rows["hands per game"]["p"][1] == 1.0      # same seed, same games: identical
    table = CliRunner().invoke(cli, ["simulate", SW, "-n", "30", "--compare-option", "target=11,41"])
    assert "hands per game" in table.output and "two-proportion z-test" in table.output


def test_log_and_replay(tmp_path):
    log = tmp_path / "game.log"
    result = CliRunner().invoke(cli, ["simulate", SW, "-n", "3", "--log", str(log), "--log-game", "2"])
    assert result.exit_code == 0, result.output
    text = log.read_text(encoding="utf-8")
    doc = json.loads((tmp_path / "game.log.json").read_text(encoding="utf-8"))
    assert doc["game"] == 2
    kinds = {e["event"] for e in doc["events"]}
    assert {"hand", "deal", "holdings", "reveal", "set", "choice", "trick", "add", "result"} <= kinds
    plays = [e for e in doc["events"] if e["event"] == "choice"]
    assert all(e["text"].startswith("plays ") for e in plays)
    tricks = [e for e in doc["events"] if e["event"] == "trick"]
    assert len(plays) == 4 * len(tricks)
    assert "== hand 1 ==" in text and "-> P" in text and "trumps = " in text
    assert plays[0]["text"] in text
    shown = CliRunner().invoke(cli, ["replay", str(log)])
    assert shown.exit_code == 0 and shown.output == text
    one = CliRunner().invoke(cli, ["replay", str(tmp_path / "game.log.json"), "--hand", "1"])
    assert "== hand 1 ==" in one.output and "== hand 2 ==" not in one.output
    missing = CliRunner().invoke(cli, ["replay", str(tmp_path / "nothing.log")])
    assert missing.exit_code == 1


def test_a_deal_into_a_public_zone_names_its_cards_in_the_log(tmp_path):
    # Scalade deals the grounding face up: the log says which cards (a deal into hands only counts)
    log = tmp_path / "game.log"
    result = CliRunner().invoke(cli, ["simulate", str(ROOT / "rulesets" / "scalade" / "scalade.yaml"), "-n", "1",
                                      "--log", str(log)])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "game.log.json").read_text(encoding="utf-8"))
    deals = [e for e in doc["events"] if e["event"] == "deal"]
    grounding = [e for e in deals if e["to"] == "grounding"]
    assert grounding and all(len(e["cards"]) == e["count"] for e in grounding)
    assert all("cards" not in e for e in deals if e["to"] == "hand")
    text = log.read_text(encoding="utf-8")
    assert f"deal {grounding[0]['count']} card(s) to grounding: {' '.join(grounding[0]['cards'])}" in text


@pytest.mark.parametrize("content", [b'{"a": 1}', b"[1, 2]", b"\xff\xfe not text", b"plain text",
                                     b'{"events": [5, {"event": "choice", "player": "x"}]}'])
def test_replay_of_a_file_that_is_not_a_game_log_says_so(tmp_path, content):
    path = tmp_path / "other.json"
    path.write_bytes(content)
    shown = CliRunner().invoke(cli, ["replay", str(path)])
    assert shown.exit_code == 1 and "internal error" not in shown.output and shown.exception is not None
    assert isinstance(shown.exception, SystemExit)
    assert "no game log found" in shown.output or "this game log cannot be shown" in shown.output


def _interrupt(args, tmp_path):
    records = tmp_path / "r.jsonl"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "interpreter", "simulate", SW, "-n", "1000000",
                             "--records", str(records), *args], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 30
    while time.time() < deadline and (not records.exists() or records.stat().st_size < 20000):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    done = len(records.read_text().splitlines())
    return proc.returncode, out, err, done


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_cleanly_and_reports(tmp_path, workers):
    code, out, err, done = _interrupt(["--workers", workers], tmp_path)
    assert code == 130, err
    assert "Traceback" not in err
    assert "interrupted" in err
    assert f": {done} games," in out      # the table covers exactly the games written
    assert done > 0


@pytest.mark.soak   # starting a local Ray instance takes 10-40 s: run with -m soak
def test_ray_backend_gives_the_same_records(rules):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install '.[ray]')")
    data = load_ruleset(SW).data
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        local, _ = _records(rules, 1, 40, ["random"])
        remote, summary = _records(rules, 1, 40, ["random"], backend="ray", data=data)
    finally:
        ray.shutdown()
    assert summary["games"] == 40
    assert _same(local, remote)


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="finds the workers as the run's own child processes, as fork starts them")
def test_a_worker_killed_mid_run_is_reported_plainly(tmp_path):
    records = tmp_path / "r.jsonl"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "interpreter", "simulate", SW, "-n", "1000000",
                             "--records", str(records), "--workers", "2"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 30
        while time.time() < deadline and (not records.exists() or records.stat().st_size < 20000):
            time.sleep(0.1)
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        assert children
        os.kill(int(children[0]), signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert "stopped unexpectedly (killed by signal 9" in err
    assert len(records.read_text().splitlines()) > 0
