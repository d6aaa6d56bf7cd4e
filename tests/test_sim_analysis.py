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
    return result.stdout    # the JSON; warnings go to stderr


def _records(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_distributions_agree_with_scipy():
    scipy = pytest.importorskip("scipy.stats")
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


def test_paired_comparison_recomputed_from_records(tmp_path):
    rec = tmp_path / "r.jsonl"
    out = json.loads(_simulate(SW, "-n", "150", "--compare-option", "target=39,41", "--json",
                               "--records", str(rec)))
    comp = out["comparison"]
    assert comp["paired"] and comp["correction"] == "Holm"
    records = _records(rec)
    base = {r["game"]: r for r in records if r["variant"] == "target=39"}
    other = {r["game"]: r for r in records if r["variant"] == "target=41"}
    d = [other[g]["hands"] - base[g]["hands"] for g in sorted(base)]
    n = len(d)
    mean = sum(d) / n
    sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5
    rows = {r["name"]: r for r in comp["rows"]}
    hands = rows["hands per game"]
    st = hands["paired"][1]
    assert st["pairs"] == n == 150 and st["test"] == "paired t"
    assert st["difference"] == pytest.approx(mean) and st["effect_size"] == pytest.approx(mean / sd)
    t = mean / (sd / n ** 0.5)
    assert st["p"] == pytest.approx(2 * dist.t_sf(abs(t), n - 1))
    half = dist.t_quantile(0.975, n - 1) * sd / n ** 0.5
    assert st["low"] == pytest.approx(mean - half) and st["high"] == pytest.approx(mean + half)
    assert st["detectable"] == pytest.approx(half + dist.normal_quantile(0.8) * sd / n ** 0.5)
    # paired is far sharper than unpaired for the same data (the games are strongly correlated)
    assert st["p"] < hands["p_unpaired"][1] / 100 and st["correlation"] > 0.8
    assert hands["significant"][1] and hands["text"][1].endswith("**")
    # Holm: the adjusted p is at least the raw one, times the number of tests for the smallest
    ps = [r["p"][1] for r in comp["rows"]]
    smallest = min(range(len(ps)), key=ps.__getitem__)
    assert comp["rows"][smallest]["p_adjusted"][1] == pytest.approx(min(1, ps[smallest] * comp["tests"]))
    # a seat's win/loss row with no shared wins uses McNemar on the discordant games
    seat0 = rows["seat 0 win rate"]["paired"][1]
    w = lambda r: 1.0 if 0 in r["winners"] else 0.0   # noqa: E731
    if all(len(r["winners"]) == 1 for r in records):
        up = sum(1 for g in base if w(other[g]) > w(base[g]))
        down = sum(1 for g in base if w(other[g]) < w(base[g]))
        assert seat0["test"] == "McNemar (exact)" and seat0["p"] == pytest.approx(dist.binom_two_sided(up, up + down))
    assert comp["verdicts"][0].startswith("target=41 vs target=39: ") and "figures differ" in comp["verdicts"][0]


def test_a_ruleset_compared_with_itself_shows_no_change(tmp_path):
    out = json.loads(_simulate(UNFAIR, UNFAIR, "-n", "60", "--json"))
    comp = out["comparison"]
    assert not any(any(r["significant"]) for r in comp["rows"])
    assert all(r["paired"][1]["difference"] == 0 for r in comp["rows"])
    assert "no figure differs" in comp["verdicts"][0]
    table = _simulate(UNFAIR, "-n", "60", "--compare-option", "bonus=0,4")
    assert "verdict: bonus=4 vs bonus=0:" in table and "detectable" in table


def test_comparison_plot_draws_the_paired_changes(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "c.png"
    _simulate(UNFAIR, "-n", "40", "--compare-option", "bonus=0,4,8", "--plot", str(out))
    from tests.test_sim_run import _png_text
    panels = _png_text(out)["Panels"].split("; ")
    assert panels[0] == "first-seat win rate by variant" and "paired change vs baseline (effect size)" in panels


def test_figures_by_side_drama_and_certainty_on_hand_made_scores():
    from interpreter.sim.metrics import certain_steps, drama, hand_lead_changes, side_lead_changes
    teams = [[0, 2], [1, 3]]
    hands = [[5, 0, 5, 0], [5, 9, 5, 9], [12, 9, 12, 9]]      # partners share their total
    assert lead_changes_by_seat(hands) == 0                   # always a tie between partners
    assert side_lead_changes(hands, teams, True) == 2         # team 0 -> team 1 -> team 0
    assert hand_lead_changes([hands, hands[:1]], teams, True) == 2
    # the winners (team 0) were 4 behind at worst; the widest gap between the teams was 5 (5 - 0)
    assert drama(hands, [0, 2], teams, True) == pytest.approx(4 / 5)
    assert drama(hands, [1, 3], teams, True) == pytest.approx(5 / 5)
    seats = [[0], [1], [2], [3]]
    seq = [[10, 0, 0, 0], [20, 0, 5, 0], [30, 0, 5, 0]]
    steps = certain_steps(seq, [0], seats, True)
    # leads as a share of the widest gap (30): 10/30 after point 1, 15/30 after point 2
    assert steps[0] == pytest.approx(1 / 3) and steps[6] == pytest.approx(2 / 3) and steps[-1] == 1.0
    # low scores win
    assert side_lead_changes([[3, 1], [3, 5]], seats[:2], False) == 1


def lead_changes_by_seat(hands):
    from interpreter.sim.metrics import lead_changes
    return lead_changes(hands, True)


def _leader(values):
    known = [v for v in values if v is not None]
    best = max(known)
    top = [i for i, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def _changes(seq):
    changes, last = 0, None
    for vals in seq:
        now = _leader(vals)
        if now is None:
            continue
        changes += last is not None and now != last
        last = now
    return changes


@pytest.mark.parametrize("ruleset,games", [(SW, 120), (str(ROOT / "tests" / "analysis" / "escalation-evaluated.yaml"), 60)])
def test_new_figures_recomputed_from_records(tmp_path, ruleset, games):
    rec = tmp_path / "r.jsonl"
    data = json.loads(_simulate(ruleset, "-n", str(games), "--json", "--records", str(rec)))
    records = _records(rec)
    side_lc, hand_lc, dramas = [], [], []
    points, held, certain = [0] * 20, [0] * 20, [0.0] * 20
    for r in records:
        assert r["winners"] and all(v is not None for v in r["scores"])
        assert max(r["scores"]) in [r["scores"][w] for w in r["winners"]]     # high scores win in both games
        side_lc.append(_changes(r["hand_scores"]))
        assert r["side_lead_changes"] == side_lc[-1]
        hand_lc.append(sum(_changes(h) for h in r["progress"]))
        assert r["hand_lead_changes"] == hand_lc[-1]
        seq = r["hand_scores"] if len(r["hand_scores"]) > 1 else r["progress"][0]
        span = max(max(v) - min(v) for v in seq)
        worst = max(max(v) - max(v[w] for w in r["winners"]) for v in seq)
        dramas.append(worst / span if span else 0.0)
        assert r["drama"] == pytest.approx(dramas[-1])
        first = [len(seq)] * 20
        for i, v in enumerate(seq[:-1]):
            top = sorted(v, reverse=True)
            if top[0] == top[1] or not span:
                continue
            lead, won = (top[0] - top[1]) / span, v.index(top[0]) in r["winners"]
            for k in range(20):
                if lead >= (k + 1) / 20 - 1e-12:
                    points[k] += 1
                    held[k] += won
                    if won and first[k] == len(seq):
                        first[k] = i + 1
        for k in range(20):
            certain[k] += first[k] / len(seq)
    n = len(records)
    f = data["figures"]
    assert f["side_lead_changes"]["mean"] == pytest.approx(sum(side_lc) / n)
    assert f["hand_lead_changes"]["mean"] == pytest.approx(sum(hand_lc) / n)
    assert f["drama"]["mean"] == pytest.approx(sum(dramas) / n)
    dec = data["decisiveness"]
    assert [row["points"] for row in dec["leads"]] == points and [row["leader_won"] for row in dec["leads"]] == held
    k = next((k for k in range(20) if points[k] >= 20 and held[k] / points[k] >= 0.95), None)
    assert dec["threshold"] == (None if k is None else (k + 1) / 20)
    assert dec["certain_fraction"] == pytest.approx(1.0 if k is None else certain[k] / n)
    if "escalation" in ruleset:
        assert f["hand_lead_changes"]["mean"] > 0.5 and f["lead_changes"]["mean"] == 0


def test_ladder_seating_is_balanced_and_depth_is_the_longest_chain():
    from interpreter.sim.ladder import Rung, seating, summarize
    for players in (2, 3, 4):
        counts = {0: [0] * players, 1: [0] * players}
        for i in range(2 * players):
            for seat, r in enumerate(seating(0, 1, players, i)):
                counts[r][seat] += 1
        assert counts[0] == counts[1] and len(set(counts[0])) == 1      # same seats, each equally often
    rungs = [Rung("a"), Rung("b"), Rung("c"), Rung("d")]
    # b no better than a; c beats a and b; d beats c
    wins = [[0, 50, 20, 10], [50, 0, 20, 10], [80, 80, 0, 25], [90, 90, 75, 0]]
    played = [[100] * 4 for _ in range(4)]
    out = summarize(rungs, wins, played, 2, 100, 0, 0)
    assert out["skill_depth"] == 3 and out["chain"] == ["a", "c", "d"]
    assert out["matrix"][2][0]["beats"] and out["matrix"][0][2]["loses"] and not out["matrix"][1][0]["beats"]


def test_ladder_command_recomputed_from_records(tmp_path):
    rec = tmp_path / "l.jsonl"
    result = CliRunner().invoke(cli, ["ladder", UNFAIR, "-p", "2", "-n", "12", "--json", "--records", str(rec),
                                      "--rungs", "random,greedy,search:playouts=6:worlds=2"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["rungs"] == ["random", "greedy", "search(playouts=6,worlds=2)"]
    lines = _records(rec)
    assert len(lines) == 3 * 12
    for a, la in enumerate(out["rungs"]):
        for b, lb in enumerate(out["rungs"]):
            if a == b:
                continue
            games = [r for r in lines if set(r["pair"]) == {la, lb}]
            won = sum(sum(1 / len(r["winners"]) for w in r["winners"] if r["seats"][w] == la) for r in games)
            cell = out["matrix"][a][b]
            assert cell["games"] == len(games) == 12 and cell["win_rate"] == pytest.approx(won / 12)
            assert cell["win_rate"] + out["matrix"][b][a]["win_rate"] == pytest.approx(1)
    rec2 = tmp_path / "l2.jsonl"
    result = CliRunner().invoke(cli, ["ladder", UNFAIR, "-p", "2", "-n", "12", "--json", "--records", str(rec2),
                                      "--rungs", "random,greedy,search:playouts=6:worlds=2", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert rec2.read_text() == rec.read_text() and json.loads(result.stdout) == out     # any number of workers
    table = CliRunner().invoke(cli, ["ladder", UNFAIR, "-p", "2", "-n", "4", "--rungs", "random,random"])
    assert table.exit_code == 0 and "skill depth 1 of 2" in table.output


def test_coverage_finds_the_planted_dead_rule_and_counts_only_the_real_game(tmp_path):
    from interpreter.engine import fold
    rec = tmp_path / "r.jsonl"
    data = json.loads(_simulate(UNFAIR, "-n", "20", "--coverage", "--json", "--records", str(rec),
                                "--bots", "search,random", "--bot-option", "playouts=4", "--bot-option", "worlds=1"))
    assert fold.GENERATE is True                     # the counted load switched it off for itself only
    cov = data["coverage"]
    lines = Path(UNFAIR).read_text().splitlines()
    line_of = {r["where"]: int(r["where"].rsplit(":", 2)[1]) for r in cov["steps"] + cov["conditions"]}
    dead = [w for w in cov["never"] if "add" in w or "never true" in w]
    assert len(dead) == 2
    assert any("count(won[p]) > 99" in lines[line_of[w.split()[0]] - 1] for w in dead)
    assert any("score[p]\": 100" in lines[line_of[w.split()[0]] - 1] for w in dead)
    # recomputed from the records: the bots' look-ahead is not counted
    records = _records(rec)
    hands = sum(r["hands"] for r in records)
    steps = {lines[line_of[r["where"]] - 1].strip(): r for r in cov["steps"]}
    assert steps['- deal: {from: stock, to: hand, count: 4}']["fired"] == hands
    assert steps['- add: {"score[0]": bonus}']["fired"] == hands
    assert steps['- add: {"score[p]": "count(won[p])"}']["fired"] == 3 * hands
    assert "option spare: no rule reads it" in cov["never"]
    reads = {o["option"]: o["read_at"] for o in cov["options"]}
    assert ["bonus" in lines[int(w.rsplit(":", 2)[1]) - 1] for w in reads["bonus"]] == [True]
    table = _simulate(UNFAIR, "-n", "5", "--coverage")
    dead_line = next(i for i, line in enumerate(lines, 1) if "count(won[p]) > 99" in line)
    assert "never fired:" in table and f"unfair-seat.yaml:{dead_line}:" in table


TUNABLE = str(ROOT / "tests" / "analysis" / "scotch-whist-tunable.yaml")


def test_tune_finds_the_target_that_makes_scotch_whist_last_two_hands(tmp_path):
    goals = tmp_path / "goals.yaml"
    goals.write_text("goals:\n  hands: 2\n")
    result = CliRunner().invoke(cli, ["tune", TUNABLE, "--goals", str(goals), "-n", "150", "--trials", "12",
                                      "--search", "builtin", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    best = out["best"]
    target = best["options"]["target"]
    hands = best["figures"]["hands"]
    assert 30 <= target <= 36 and hands["low"] <= 2 <= hands["high"] and hands["met"]
    assert out["goals"] == ["hands = 2"] and out["trials"] <= 14
    # the held-out figure is an ordinary run on other seeds: recompute it with rules simulate
    again = json.loads(_simulate(SW, "-o", f"target={target}", "-n", str(out["check_games"]),
                                 "-s", str(out["check_seed"]), "--json"))
    assert again["figures"]["hands"]["mean"] == pytest.approx(hands["value"])
    half = 1.96 * again["figures"]["hands"]["sd"] / out["check_games"] ** 0.5
    assert hands["high"] - hands["value"] == pytest.approx(half)
    # every candidate was played on the same seeds: the search loss is a function of the options
    seen = {}
    for h in out["history"]:
        seen.setdefault(h["options"]["target"], h["loss"])
        assert seen[h["options"]["target"]] == h["loss"]


def test_tune_goals_and_parameters_are_parsed_and_checked(tmp_path):
    from interpreter.sim.tune import goals_from_yaml, parse_goal
    assert parse_goal("hands=3..5").text == "hands in 3..5"
    assert parse_goal("first_seat_advantage=-0.02..0.02").low == -0.02
    assert parse_goal("skill_gap>=0.1").text == "skill_gap >= 0.1"
    assert [g.text for g in goals_from_yaml({"drama": {"max": 0.5}, "hands": [3, 5]})] == ["drama <= 0.5",
                                                                                          "hands in 3..5"]
    with pytest.raises(ValueError, match="unknown figure"):
        parse_goal("length=3")
    from interpreter.sim.tune import interval, loss
    depth = parse_goal("skill_depth>=3")
    ladder = {"ladder": {"skill_depth": 2}}
    assert interval({"games": 10}, "skill_depth", ladder) == (2, 2, 2)
    assert loss({"games": 10}, [depth], ladder) == pytest.approx(4.0)        # one rung short = 2 "sd"
    assert loss({"games": 10}, [depth], {"ladder": {"skill_depth": 3}}) == 0
    plain = tmp_path / "no-ranges.yaml"           # the bundled target declares a range: take it away
    plain.write_text(f"extends: {SW}\nname: no ranges\noptions:\n  target: {{range: null}}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["tune", str(plain), "--goal", "hands=2"])
    assert result.exit_code == 2 and "declares no option with a range" in result.output


def test_tune_with_optuna_meets_two_goals():
    pytest.importorskip("optuna")
    result = CliRunner().invoke(cli, ["tune", UNFAIR, "--goal", "first_seat_advantage=-0.05..0.05", "--goal",
                                      "max_seat_advantage<=0.08", "--param", "bonus=0:6", "-n", "100",
                                      "--trials", "7", "--search", "optuna", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["method"] == "optuna TPE" and out["best"]["options"]["bonus"] <= 3
    assert all(f["met"] for f in out["best"]["figures"].values())
    assert out["candidates"][0]["check_loss"] <= out["candidates"][-1]["check_loss"]


def test_holm_keeps_false_marks_rare_when_nothing_changes():
    """Null comparisons: 14 rows, every variant drawn like its baseline.  Without correction about half
    of the tables mark some row; with Holm's correction about one in twenty."""
    import random
    from interpreter.sim.compare import paired
    rng = random.Random(5)
    tables, any_raw, any_holm = 200, 0, 0
    for _ in range(tables):
        ps = []
        for row in range(14):
            base = [rng.random() < 0.3 if row < 5 else rng.gauss(10, 3) for _ in range(120)]
            other = [(rng.random() < 0.3 if rng.random() < 0.2 else b) if row < 5 else b + rng.gauss(0, 1) for b in base]
            st = paired([float(b) for b in base], [float(o) for o in other])
            assert st["test"] == ("McNemar (exact)" if row < 5 else "paired t")
            ps.append(st["p"])
        any_raw += min(ps) < 0.05
        any_holm += min(dist.holm(ps)) < 0.05
    assert any_raw / tables > 0.3
    assert any_holm / tables < 0.09


def test_the_figures_of_one_run_recomputed_from_records(tmp_path):
    import statistics
    from interpreter.sim.stats import wilson
    rec = tmp_path / "r.jsonl"
    data = json.loads(_simulate(SW, "-n", "80", "--json", "--records", str(rec), "--bots", "random,greedy",
                                "--rotate-seats"))
    records = _records(rec)
    n, players = len(records), 4
    wins = [0.0] * players
    bot_wins, bot_seats = {}, {}
    for r in records:
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
        for p, b in enumerate(r["bots"]):
            bot_seats[b] = bot_seats.get(b, 0) + 1
            bot_wins[b] = bot_wins.get(b, 0) + (1 / len(r["winners"]) if p in r["winners"] else 0)
    for p, seat in enumerate(data["seats"]):
        assert seat["win_rate"] == pytest.approx(wins[p] / n)
        assert (seat["win_low"], seat["win_high"]) == pytest.approx(wilson(wins[p], n))
        scores = [r["scores"][p] for r in records]
        assert seat["score_mean"] == pytest.approx(statistics.mean(scores))
        assert seat["score_sd"] == pytest.approx(statistics.stdev(scores))
    first = data["first_seat"]
    assert first["seat"] == 1 and first["advantage"] == pytest.approx(wins[1] / n - 0.25)
    for key in ("hands", "tricks", "turns", "lead_changes", "decided_hand", "decided_fraction"):
        values = [r[key] for r in records]
        assert data["figures"][key]["mean"] == pytest.approx(statistics.mean(values)), key
        assert data["figures"][key]["sd"] == pytest.approx(statistics.stdev(values)), key
    for r in records:       # the per-game figures themselves, from the running scores
        hs = r["hand_scores"]
        assert r["lead_changes"] == _changes(hs)
        behind = [h for h, v in enumerate(hs, 1) if max(v) > max(v[w] for w in r["winners"])]
        assert r["decided_hand"] == min(len(hs), (behind[-1] if behind else 0) + 1)
        assert r["decided_fraction"] == pytest.approx(r["decided_hand"] / len(hs))
    hist = {}
    for r in records:
        hist[str(r["hands"])] = hist.get(str(r["hands"]), 0) + 1
    assert data["histograms"]["hands"] == dict(sorted(hist.items(), key=lambda kv: int(kv[0])))
    for b, stats in data["by_bot"].items():
        assert stats["seat_games"] == bot_seats[b] and stats["wins"] == pytest.approx(bot_wins[b])
        assert stats["skill_gap"] == pytest.approx(bot_wins[b] / bot_seats[b] - 0.25)
    trumps = {}
    for r in records:
        for t in r["metrics"]["trumps"]:
            trumps[t] = trumps.get(t, 0) + 1
    assert data["metrics"]["trumps"]["counts"] == trumps
