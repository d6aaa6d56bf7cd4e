"""Regression tests for the places where a mistaken ruleset once ended in "internal error" (issue 19).

Each case changes a bundled ruleset the way a fuzzer's mutation did and checks that `rules validate`
(or `rules simulate`) ends with exit 0 or 1 and, when it rejects the file, a located message that says
what is wrong.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from tests.fuzzing import LOCATED, RULESETS, run_cli

SCOTCH = yaml.safe_load((RULESETS / "scotch-whist.yaml").read_text(encoding="utf-8"))
SCALADE = yaml.safe_load((RULESETS / "scalade" / "scalade.yaml").read_text(encoding="utf-8"))


def _write(tmp_path, data, name="case.yaml") -> Path:
    path = tmp_path / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10**6)
    path.write_text(text, encoding="utf-8")
    return path


def _validate(tmp_path, data, *extra, quick=False):
    path = _write(tmp_path, data)
    out = run_cli(["validate", *(["--quick"] if quick else []), *extra, path], timeout=120)
    assert out.code in (0, 1), out.out
    assert "internal error" not in out.out, out.out
    if out.code == 1:
        assert LOCATED.search(out.out), out.out
    return out


def _scotch(change):
    data = copy.deepcopy(SCOTCH)
    change(data)
    return data


# -- extends ------------------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["x" * 5000, "(" * 300 + "a", "a\x00b", "/", "..", 7, ["a.yaml"]])
def test_extends_value_that_is_not_a_file_name(tmp_path, ref):
    out = _validate(tmp_path, {"extends": ref, "name": "x"}, quick=True)
    assert out.code == 1 and "case.yaml:" in out.out and "extend" in out.out


def test_extends_chain_too_long(tmp_path):
    for i in range(12):
        _write(tmp_path, {"extends": f"p{i + 1}.yaml", "name": f"p{i}"}, f"p{i}.yaml")
    _write(tmp_path, SCOTCH, "p12.yaml")
    out = run_cli(["validate", "--quick", tmp_path / "p0.yaml"])
    assert out.code == 1 and "at most 10 files" in out.out and LOCATED.search(out.out)


def test_extends_cycle(tmp_path):
    _write(tmp_path, {"extends": "b.yaml"}, "a.yaml")
    _write(tmp_path, {"extends": "a.yaml"}, "b.yaml")
    out = run_cli(["validate", tmp_path / "a.yaml"])
    assert out.code == 1 and "circle" in out.out and LOCATED.search(out.out)


# -- nesting and sizes --------------------------------------------------------------------

@pytest.mark.parametrize("expr", ["(" * 3000 + "1" + ")" * 3000, "not " * 2000 + "true", "-" * 2000 + "1",
                                  " + ".join(["1"] * 3000), "max(" * 500 + "1" + ", 2)" * 500, "x" * 5000])
def test_deeply_nested_or_huge_expression(tmp_path, expr):
    out = _validate(tmp_path, _scotch(lambda d: d["end"].__setitem__("after_hand", expr)), quick=True)
    assert out.code == 1 and ("nested too deeply" in out.out or "too long" in out.out), out.out


def test_deeply_nested_yaml(tmp_path):
    text = (RULESETS / "scotch-whist.yaml").read_text(encoding="utf-8") + "description: " + "[" * 200 + "]" * 200 + "\n"
    out = _validate(tmp_path, text, quick=True)
    assert out.code == 1 and "nested" in out.out


def test_number_too_long_for_python(tmp_path):
    out = _validate(tmp_path, _scotch(lambda d: d["end"].__setitem__("after_hand", "score[0] > 1" + "0" * 5000)),
                    quick=True)
    assert out.code == 1 and "too long" in out.out or "too large" in out.out


def test_yaml_line_separator_characters(tmp_path):
    """YAML breaks lines at U+2028 too: positions must still fall on a line of the file."""
    text = (RULESETS / "scotch-whist.yaml").read_text(encoding="utf-8").replace(
        "name: Scotch Whist", "name: \"Scotch\u2028Whist\"\nname: again", 1)
    out = _validate(tmp_path, text, quick=True)
    assert out.code == 1 and "duplicate key 'name'" in out.out


def test_file_too_large(tmp_path):
    text = "# " + "x" * 2_100_000 + "\n" + (RULESETS / "scotch-whist.yaml").read_text(encoding="utf-8")
    out = _validate(tmp_path, text, quick=True)
    assert out.code == 1 and "too large" in out.out


@pytest.mark.parametrize("copies", [10**6, 10**18])
def test_huge_number_of_copies(tmp_path, copies):
    out = _validate(tmp_path, _scotch(lambda d: d["pack"].__setitem__("copies", copies)), quick=True)
    assert out.code == 1 and "copies" in out.out


def test_huge_range(tmp_path):
    data = _scotch(lambda d: d["hand"].insert(5, {"set": {"dealt": "count(range(1, 1000000000000))"}}))
    out = _validate(tmp_path, data)
    assert out.code == 1 and "range" in out.out


def test_huge_deal_count(tmp_path):
    data = _scotch(lambda d: d["hand"][2]["deal"].__setitem__("count", 10**30))
    out = _validate(tmp_path, data)
    assert out.code == 1


def test_huge_scores_in_a_simulation(tmp_path):
    data = _scotch(lambda d: d["procedures"]["score_hand"][0]["for_each"]["do"][0]["then"][0]["for_each"]["do"][0]
                   ["add"].__setitem__("score[p]", "max(0, count(won[p]) - dealt) * 10 ** 0 + 10 * 100000000000000000000"))
    path = _write(tmp_path, data)
    out = run_cli(["simulate", "-n", "3", path])
    assert out.code in (0, 1) and "internal error" not in out.out, out.out


# -- objects and types ---------------------------------------------------------------------

def test_object_entry_missing_a_field(tmp_path):
    data = copy.deepcopy(SCALADE)
    del data["objects"]["ladders"][1]["suit"]
    path = tmp_path / "scalade"
    path.mkdir()
    out = _validate(path, data, quick=True)
    assert out.code == 1 and "has no 'suit'" in out.out


@pytest.mark.parametrize("value", ["-none", "none + 1", "-'x'", "'a' * 2"])
def test_constant_of_the_wrong_type_in_arithmetic(tmp_path, value):
    out = _validate(tmp_path, _scotch(lambda d: d["hand"][4]["set"].__setitem__("dealt", value)), quick=True)
    assert out.code == 1


@pytest.mark.parametrize("value", [{"a": 1}, ["x"], 5, None])
def test_call_of_something_that_is_not_a_name(tmp_path, value):
    out = _validate(tmp_path, _scotch(lambda d: d["hand"].append({"call": value})), quick=True)
    assert out.code == 1


@pytest.mark.parametrize("teams", [{"x": [[0, 1]]}, {"4": [[0, "a"]]}, {"4": 5}])
def test_teams_of_the_wrong_kind(tmp_path, teams):
    out = _validate(tmp_path, _scotch(lambda d: d["players"].__setitem__("teams", teams)), quick=True)
    assert out.code == 1


# -- failures while a game runs -------------------------------------------------------------

def test_runtime_error_names_the_expression_and_the_value(tmp_path):
    """issue 22: 'list indices must be integers or slices, not NoneType' said which expression, where."""
    data = _scotch(lambda d: d["hand"].insert(5, {"set": {"dealt": "count(won[owner(won, 6♣)])"}}))
    out = _validate(tmp_path, data)
    assert out.code == 1
    header = next(line for line in out.out.splitlines() if ": error: " in line)
    assert "case.yaml:" in header and "hand:1:1" not in header
    assert "count(won[owner(won, 6♣)])" in header and "none" in header and "seed" in header, header
    assert "TypeError" not in out.out and "NoneType" not in out.out


def test_runtime_error_in_the_end_condition_is_located(tmp_path):
    data = _scotch(lambda d: d["end"].__setitem__("after_hand", "score[owner(won, 6♣)] > 3"))
    out = _validate(tmp_path, data)
    assert out.code == 1
    header = next(line for line in out.out.splitlines() if ": error: " in line)
    assert "end:1:1" not in header and "hand:1:1" not in header and "owner(won, 6♣)" in header and "none" in header, out.out


def test_long_play_is_a_warning_at_the_limit(tmp_path):
    data = _scotch(lambda d: (d["end"].update(after_hand="false", max_hands=3), d["options"]["target"].update(default=10**6)))
    out = _validate(tmp_path, data)
    assert out.code == 0 and "warning" in out.out and "(play-length)" in out.out
    assert "max_hands: 3" in out.out


def test_bundled_variant_with_a_long_trial_game_validates():
    out = run_cli(["validate", RULESETS / "scala40" / "scala40-no-elimination.yaml"], timeout=300)
    assert out.code == 0, out.out


def test_debug_after_the_command_is_accepted(tmp_path):
    out = run_cli(["validate", "--quick", RULESETS / "scotch-whist.yaml", "--debug"])
    assert out.code == 0, out.out


def test_debug_after_the_command_shows_the_traceback(monkeypatch):
    """The internal-error message says 'run again with --debug': that works after the command too."""
    import interpreter.ruleset.loader as loader

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(loader, "load_ruleset", broken)
    out = run_cli(["validate", RULESETS / "scotch-whist.yaml"])
    assert out.code == 3 and "--debug" in out.out
    with pytest.raises(RuntimeError, match="a bug"):
        run_cli(["validate", RULESETS / "scotch-whist.yaml", "--debug"])


def test_simulate_log_is_written_up_to_a_failure(tmp_path):
    data = _scotch(lambda d: d["hand"].insert(5, {"set": {"dealt": "count(won[owner(won, 6♣)])"}}))
    path = _write(tmp_path, data)
    log = tmp_path / "game.log"
    out = run_cli(["simulate", "-n", "1", "--log", log, path])
    assert out.code == 1 and "internal error" not in out.out
    assert log.exists() and log.read_text(encoding="utf-8").strip(), out.out
    assert "stopped" in log.read_text(encoding="utf-8")


@pytest.mark.parametrize("move", [5, [1], "x", {"options": "[1, 2]", "as": [1]}])
def test_choose_move_of_the_wrong_kind(tmp_path, move):
    data = _scotch(lambda d: d["hand"].insert(5, {"choose": {"player": "dealer", "moves": {"pick": move}}}))
    out = _validate(tmp_path, data, quick=True)
    assert out.code == 1


def test_procedure_that_calls_itself(tmp_path):
    data = _scotch(lambda d: (d["procedures"].__setitem__("a", [{"call": "b"}]),
                              d["procedures"].__setitem__("b", [{"call": "a"}]), d["hand"].append({"call": "a"})))
    out = _validate(tmp_path, data, quick=True)
    assert out.code == 1 and "calls itself through 'b'" in out.out


@pytest.mark.parametrize("change, words", [
    (lambda d: d["procedures"]["score_hand"][0]["for_each"].__setitem__("as", [1]), "'as' needs a name"),
    (lambda d: d["hand"][2]["deal"].__setitem__("count", -3), "not a whole number"),
    (lambda d: d["hand"].insert(5, {"choose": {"player": "7", "moves": {"pass": {}}}}), "not a seat"),
])
def test_values_of_the_wrong_kind_in_steps(tmp_path, change, words):
    out = _validate(tmp_path, _scotch(change))
    assert out.code == 1 and words in out.out, out.out


def test_huge_final_scores_do_not_break_the_summary(tmp_path):
    data = _scotch(lambda d: d["end"].__setitem__("score", "score[p] * 1000000000000000" * 1 + " * 1000000000000000" * 24))
    out = run_cli(["simulate", "-n", "3", _write(tmp_path, data)])
    assert out.code == 0, out.out


@pytest.mark.parametrize("command", ["validate", "explain"])
def test_file_name_too_long_on_the_command_line(command):
    out = run_cli([command, "x" * 5000])
    assert out.code == 1 and "internal error" not in out.out and LOCATED.search(out.out), out.out


def test_never_set_warning_shows_beside_errors(tmp_path):
    """issue 16: the warning that explains a never-ending game is kept when a trial game fails too."""
    def change(d):
        d["state"]["rounds"] = {"initial": 0}
        d["end"]["after_hand"] = "rounds >= 3"
        d["hand"].insert(5, {"set": {"dealt": "count(won[owner(won, 6♣)])"}})
    out = _validate(tmp_path, _scotch(change))
    assert out.code == 1 and ": error: " in out.out
    assert "warning: state variable 'rounds' is never set" in out.out, out.out


def test_attribute_of_no_card_names_the_part(tmp_path):
    out = _validate(tmp_path, _scotch(lambda d: d["hand"].insert(5, {"set": {"trumps": "first(trick).suit"}})))
    assert out.code == 1 and "'first(trick)' is none (trick has no cards here), not a card, so it has no suit" in out.out, out.out


def _simulate(tmp_path, data, *extra):
    out = run_cli(["simulate", "-n", "3", *extra, _write(tmp_path, data)])
    assert out.code in (0, 1) and "internal error" not in out.out, out.out
    return out


def test_failure_while_the_result_is_worked_out(tmp_path):
    """The winners of the end section are worked out after the last hand: a failure there is located too."""
    data = _scotch(lambda d: (d["procedures"]["score_hand"][0]["for_each"]["do"].pop(),
                              d["end"].__setitem__("winners", "filter(players, p => score[p] // 0 > 1)")))
    out = _simulate(tmp_path, data)
    assert out.code == 1 and "division by zero in 'filter(players, p => score[p] // 0 > 1)' at " in out.out


@pytest.mark.parametrize("each", ["game", "hand"])
def test_failure_in_a_metric(tmp_path, each):
    data = _scotch(lambda d: d["metrics"].__setitem__("m", {"each": each, "value": "score[owner(won, 6♣)]"}))
    out = _simulate(tmp_path, data, "-p", "5")
    assert out.code == 1 and "'owner(won, 6♣)' is none" in out.out


def test_comparison_with_none_in_words(tmp_path):
    data = _scotch(lambda d: d["hand"].insert(5, {"if": "owner(won, 6♣) > 1", "then": [{"set": {"dealt": 1}}]}))
    out = _validate(tmp_path, data)
    assert out.code == 1 and "cannot compare none with a number using '>'" in out.out, out.out


def test_number_with_thousands_of_digits_in_the_yaml(tmp_path):
    """Past 4,300 digits Python refuses to read a whole number: found by fuzzing, now a located error
    (or the size limit, where the CLI lifts Python's limit first)."""
    text = (Path(__file__).resolve().parent.parent / "rulesets" / "scotch-whist.yaml").read_text(encoding="utf-8")
    text = text.replace("count: [2, 3, 4, 5, 6, 7]", "count: [2, " + "1" * 5001 + "]")
    out = _validate(tmp_path, text, quick=True)
    assert out.code == 1 and ":10:" in out.out, out.out
    from interpreter.ruleset.yamlsource import RulesetError, load_yaml_text
    import sys
    if hasattr(sys, "get_int_max_str_digits"):
        saved = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(4300)
        try:
            with pytest.raises(RulesetError) as err:
                load_yaml_text(text, "big.yaml")
            assert "5001 digits" in err.value.diagnostics[0].message
        finally:
            sys.set_int_max_str_digits(saved)


def test_numbers_that_grow_past_thousands_of_digits_still_print(tmp_path):
    grow = {"set": {"big": "big * " + " * ".join(["1000000000000000"] * 40)}}     # 600 digits more each time
    data = _scotch(lambda d: (d["state"].__setitem__("big", {"initial": 1}),
                              [d["procedures"]["score_hand"].insert(0, dict(grow)) for _ in range(8)],
                              d.setdefault("metrics", {}).__setitem__("big", {"each": "game", "value": "big"})))
    records = tmp_path / "games.jsonl"
    out = run_cli(["simulate", "-n", "2", "--records", str(records), _write(tmp_path, data)])
    assert out.code == 0 and "internal error" not in out.out, out.out
    assert len(records.read_text(encoding="utf-8")) > 4800      # the number itself, every digit


def test_number_too_large_in_the_yaml(tmp_path):
    out = _validate(tmp_path, _scotch(lambda d: d["points"]["honour"]["values"].__setitem__("A", 10**30)), quick=True)
    assert out.code == 1 and "too large" in out.out and "(limit)" in out.out
