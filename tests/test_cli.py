"""The `rules` command: exit codes, located messages, the simulate output and records contract."""
import json

from tests.helpers import ROOT, run_cli

SW = str(ROOT / "rulesets" / "scotch-whist.yaml")


def rules(*args, cwd=None):
    proc = run_cli(*args, cwd=cwd)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr
    return proc


def test_validate_ok():
    proc = rules("validate", SW)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 error(s)" in proc.stdout + proc.stderr


def test_validate_broken_files_exit_1_with_location(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: " + SW + "\nend:\n  after_hand: any(players, p => scroe[p] >= 41)\n", encoding="utf-8")
    proc = rules("validate", str(bad))
    assert proc.returncode == 1
    out = proc.stdout + proc.stderr
    assert f"{bad}:3:" in out
    assert "unknown name 'scroe'" in out and "did you mean 'score'?" in out
    assert "^" in out


def test_validate_reports_yaml_errors_and_unknown_keys(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\npack:\n  ranks: [A, K]\n  suites: [hearts]\nhand: []\nhand: []\n", encoding="utf-8")
    proc = rules("validate", str(bad))
    assert proc.returncode == 1
    out = proc.stdout + proc.stderr
    assert "duplicate" in out and f"{bad}:6:1" in out


def test_validate_json_format(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: " + SW + "\npack:\n  suites: [hearts]\n", encoding="utf-8")
    proc = rules("validate", "--format", "json", str(bad))
    assert proc.returncode == 1
    items = json.loads(proc.stdout)
    assert items and items[0]["line"] == 3 and items[0]["rule"] == "unknown-key"
    assert "did you mean 'suits'?" in items[0]["hint"]


def test_usage_errors_exit_2():
    assert rules("simulate").returncode == 2
    assert rules("simulate", SW, "--games", "0").returncode == 2
    assert rules("simulate", SW, "--players", "9").returncode == 2
    assert rules("frobnicate").returncode == 2


def test_missing_file_is_a_located_error():
    proc = rules("validate", "no-such-file.yaml")
    assert proc.returncode == 1
    assert "no-such-file.yaml" in proc.stdout + proc.stderr


def test_simulate_table():
    proc = rules("simulate", SW, "--games", "60", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    assert "win rate" in proc.stdout and "95% interval" in proc.stdout and "games per second" in proc.stdout


def test_simulate_counts_lead_changes_between_sides_in_a_partnership_game():
    """Partners share one total, so no seat ever leads alone: the headline counts the lead changing
    between the sides (the JSON's side_lead_changes), not the seats' count, which is always 0 there."""
    spades = ("simulate", str(ROOT / "rulesets" / "spades" / "spades.yaml"), "--games", "60", "--seed", "3")
    proc = rules(*spades)
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(rules(*spades, "--json").stdout)["figures"]
    assert figures["lead_changes"]["mean"] == 0 < figures["side_lead_changes"]["mean"]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("lead changes per game"))
    assert line.startswith(f"lead changes per game {figures['side_lead_changes']['mean']:.2f} (between sides);"), line
    solo = rules("simulate", SW, "--games", "60", "--seed", "3")
    assert "between sides);" not in solo.stdout and "lead changes per game" in solo.stdout


def test_simulate_json_and_records(tmp_path):
    records = tmp_path / "games.jsonl"
    proc = rules("simulate", SW, "--games", "40", "--seed", "5", "--players", "5", "--json", "--records",
                 str(records), "--option", "target=30")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["games"] == 40 and summary["players"] == 5 and len(summary["seats"]) == 5
    for key in ("win_rate", "win_low", "win_high", "score_mean", "score_sd"):
        assert key in summary["seats"][0]
    assert abs(sum(s["win_rate"] for s in summary["seats"]) - 1) < 1e-9
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(lines) == 40
    for rec in lines:
        assert set(rec) >= {"winners", "scores", "hands", "tricks", "metrics"}
        assert len(rec["scores"]) == 5 and max(rec["scores"]) >= 30
        assert len(rec["metrics"]["trumps"]) == rec["hands"]


def test_same_seed_same_records(tmp_path):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    rules("simulate", SW, "-n", "30", "-s", "9", "--records", str(a))
    rules("simulate", SW, "-n", "30", "-s", "9", "--records", str(b))
    rules("simulate", SW, "-n", "30", "-s", "10", "--records", str(c))
    assert a.read_text() == b.read_text()
    assert a.read_text() != c.read_text()


def test_unknown_option_is_reported():
    proc = rules("simulate", SW, "-n", "5", "--option", "targte=30")
    assert proc.returncode == 1
    assert "unknown option 'targte'" in proc.stdout + proc.stderr and "target" in proc.stdout + proc.stderr


def test_resolve_prints_merged_ruleset(tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: " + SW + "\nname: Scotch Whist to 31\noptions:\n  target: {default: 31}\n",
                       encoding="utf-8")
    proc = rules("resolve", str(variant))
    assert proc.returncode == 0
    assert "name: Scotch Whist to 31" in proc.stdout and "default: 31" in proc.stdout and "tricks:" in proc.stdout


def test_endless_ruleset_stops_with_seed_and_place(tmp_path):
    loop = tmp_path / "loop.yaml"
    loop.write_text("extends: " + SW + "\noptions:\n  target: {default: 1000}\nend:\n  after_hand: 'false'\n  max_hands: 3\n", encoding="utf-8")
    proc = rules("simulate", str(loop), "-n", "2")
    assert proc.returncode == 1
    err = proc.stderr
    assert "did not end within 3 hands" in err and "seed" in err


def test_a_run_where_every_game_stopped_shows_no_table_of_zeros_and_points_at_the_move():
    proc = rules("simulate", str(ROOT / "tests" / "broken" / "nothing-allowed.yaml"), "-n", "3")
    assert proc.returncode == 1
    assert "no game finished: all 3 stopped with an error" in proc.stdout
    assert "win rate" not in proc.stdout and "games per second" not in proc.stdout
    # the move whose options were all refused, not the 'player:' line above it
    assert "player 0 has no legal move: play offers nothing allowed here at " in proc.stderr
    assert "nothing-allowed.yaml:18:9 in hand 1" in proc.stderr


def test_an_option_set_outside_its_range_or_values_is_warned_of_and_played(tmp_path):
    proc = rules("simulate", str(ROOT / "rulesets" / "scalade" / "scalade.yaml"), "-n", "2", "-o", "escalation_goal=5")
    assert proc.returncode == 0, proc.stderr
    assert "option 'escalation_goal' is set to 5 (with --option), outside its range [1, 4]" in proc.stderr
    variant = tmp_path / "v.yaml"
    variant.write_text(f"extends: {SW}\noptions:\n  style: {{default: plain, values: [plain, fancy]}}\n",
                       encoding="utf-8")
    proc = rules("simulate", str(variant), "-n", "2", "-o", "style=fancey")
    assert proc.returncode == 0, proc.stderr
    assert "option 'style' is set to 'fancey' (with --option), which is not among its values" in proc.stderr
    assert "did you mean 'fancy'?" in proc.stderr
    quiet = rules("simulate", str(variant), "-n", "2", "-o", "style=fancy")
    assert "with --option" not in quiet.stderr


def test_an_output_file_in_a_missing_folder_is_refused_before_any_game(tmp_path):
    missing = tmp_path / "no-such-folder"
    for args in (("simulate", SW, "-n", "5", "--records", str(missing / "r.jsonl")),
                 ("simulate", SW, "-n", "5", "--log", str(missing / "game")),
                 ("simulate", SW, "-n", "5", "--plot", str(missing / "p.png")),
                 ("ladder", SW, "-n", "2", "--records", str(missing / "r.jsonl")),
                 ("explain", SW, "--output", str(missing / "rules.md"))):
        proc = rules(*args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert str(missing) in proc.stderr and "does not exist" in proc.stderr and "internal error" not in proc.stderr
        assert "games per second" not in proc.stdout           # refused before playing
    assert not missing.exists()


def test_an_output_path_under_a_plain_file_is_refused(tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    proc = rules("simulate", SW, "-n", "3", "--records", str(blocker / "r.jsonl"))
    assert proc.returncode == 2 and "is a file, not a folder" in proc.stderr, proc.stderr


def test_a_file_that_fails_to_be_written_during_the_run_is_an_error_not_a_bug(monkeypatch, capsys, tmp_path):
    # the folder passes the check, then the write fails (a full disk, a read-only mount, /proc as root)
    import pytest

    from interpreter.cli.main import main
    from interpreter.sim import records

    def refuse(path, rules):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(records, "open_records", refuse)
    target = tmp_path / "r.jsonl"
    with pytest.raises(SystemExit) as stop:
        main(["simulate", SW, "-n", "2", "--records", str(target)])
    err = capsys.readouterr().err
    assert stop.value.code == 1 and f"cannot use {target}: Permission denied" in err and "internal error" not in err


def test_a_bot_setting_no_seated_bot_has_or_of_the_wrong_kind_is_a_usage_error_before_any_game():
    cases = [
        (("--bots", "search", "--bot-option", "playout=5"), "did you mean 'playouts'?"),
        (("--bots", "search", "--bot-option", "playouts=abc"), "'playouts' needs a number, not 'abc'"),
        (("--bots", "search", "--bot-option", "horizon=round"), "'horizon' is one of hand, game, not 'round'"),
        (("--bots", "random", "--bot-option", "playouts=5"), "not a setting of the bot random; these bots have no"),
    ]
    for args, said in cases:
        proc = rules("simulate", SW, "-n", "2", *args)
        assert proc.returncode == 2 and said in proc.stderr, (args, proc.stderr)
        assert "games per second" not in proc.stdout
    # a setting known to one of the seated bots is fine; --skill-gap seats the search bot
    assert rules("simulate", SW, "-n", "1", "--bots", "random,greedy", "--bot-option", "samples=1").returncode == 0
    assert rules("simulate", SW, "-n", "2", "--skill-gap", "--bot-option", "playouts=2").returncode == 0
    proc = rules("ladder", SW, "-n", "2", "--rungs", "random,search:worlds=x")
    assert proc.returncode == 2 and "search(worlds=x): bot setting 'worlds' needs a number" in proc.stderr


def test_a_scenario_file_given_to_validate_says_to_run_it_with_test():
    path = str(ROOT / "tests" / "rulesets_review6" / "widow.scenario.yaml")
    proc = rules("validate", path)
    assert proc.returncode == 1
    out = proc.stdout + proc.stderr
    assert "this is a scenario file (it has 'scenarios:'), not a ruleset" in out and f"rules test {path}" in out
    assert out.count("error:") == 1
