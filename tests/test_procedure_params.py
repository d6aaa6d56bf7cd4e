"""Procedures with parameters: `pay(payer, payee, amount):` declared, `call: pay(declarer, 10)` run.

The values are bound where the call is made (a loop's item, a move's option) and kept while the
procedure waits for a decision; the body compiles once for each set of kinds of values, and its
mistakes, and the call's, are reported where they are written."""
from __future__ import annotations

import random
from pathlib import Path

from interpreter.authoring.explain import explain
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
OFFERS = ROOT / "tests" / "rulesets_procedures" / "offers.yaml"


def _play(rules, moves, seed=1, players=3):
    """Answer the decisions with the move names given, in order; return the state after them."""
    s = G.new_game(rules, players, seed)
    for name in moves:
        names = [a[0] for a in s.pending.actions]
        G.apply_index(s, names.index(name))
    return s


def test_the_values_given_are_bound_in_the_procedure_also_after_a_decision_inside_it():
    rules = load_ruleset(str(OFFERS)).rules
    score = rules.vars["score"].index
    dealer = rules.vars["dealer"].index
    s = G.new_game(rules, 3, 1)
    assert s.pending.player == 0                     # offer(q) asks q itself, from the loop's first item
    s = _play(rules, ["take", "pass", "pass"])
    # seat 0 took one point (the cards it holds) from the seat to its left, seat 1
    assert s.v[score] == [1, -1, 0]
    assert s.v[dealer] is not None
    s = _play(rules, ["pass", "take", "take"])
    assert s.v[score] == [-1, 1, 0]                  # 1 takes from 2, then 2 takes it back from 0


def test_random_games_keep_the_scores_summing_to_zero_and_end():
    rules = load_ruleset(str(OFFERS)).rules
    score = rules.vars["score"].index
    for seed in range(200):
        rng = random.Random(seed)
        s = G.new_game(rules, 3 + seed % 2, seed)
        takes = 0
        while not s.over:
            i = rng.randrange(len(s.pending.actions))
            takes += s.pending.actions[i][0] == "take"
            G.apply_index(s, i)
        assert sum(s.v[score]) == 0
        assert sum(abs(x) for x in s.v[score]) <= 2 * takes


def _load(tmp_path, procedures, hand, name="p.yaml"):
    text = (f"name: P\nplayers: {{count: 3}}\npack: {{ranks: ['7', '8'], suits: [hearts]}}\n"
            f"zones:\n  stock: {{visibility: hidden}}\n  hand: {{per: player, visibility: owner}}\n"
            f"state:\n  score: {{per: player, initial: 0}}\n"
            f"procedures:\n{procedures}hand:\n{hand}")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path), dry_run=True)
    return [d for d in loaded.diagnostics if d.severity == "error"], loaded


PAY = "  pay(payer, amount):\n    - add: {\"score[payer]\": amount}\n"


def test_a_call_without_its_values_says_how_to_call_it(tmp_path):
    errors, _ = _load(tmp_path, PAY, "  - call: pay\n")
    assert len(errors) == 1
    assert "takes 2 value(s): write call: pay(payer, amount)" in errors[0].message
    assert errors[0].line == 13


def test_a_call_with_the_wrong_number_of_values(tmp_path):
    errors, _ = _load(tmp_path, PAY, "  - call: pay(0)\n")
    assert [e.message for e in errors] == ["procedure 'pay' takes 2 value(s), got 1"]
    assert "call: pay(payer, amount)" in errors[0].hint


def test_a_mistake_in_a_value_is_placed_in_the_call(tmp_path):
    errors, _ = _load(tmp_path, PAY, "  - call: pay(0, scroe[0])\n")
    assert len(errors) == 1
    e = errors[0]
    assert "scroe" in e.message and "did you mean 'score'" in (e.hint or "")
    assert (e.line, e.col) == (13, 18)               # the column of 'scroe' in the YAML line


def test_an_unknown_procedure_suggests_the_call_with_its_parameters(tmp_path):
    errors, _ = _load(tmp_path, PAY, "  - call: pya(0, 1)\n")
    assert [e.message for e in errors] == ["unknown procedure 'pya'"]
    assert errors[0].hint == "did you mean 'pay(payer, amount)'?"


def test_a_mistake_in_the_body_is_reported_once_at_the_procedure_whatever_the_calls(tmp_path):
    body = "  pay(payer, amount):\n    - add: {\"score[payer]\": amount + bonus}\n"
    errors, _ = _load(tmp_path, body, "  - call: pay(0, 1)\n  - call: pay(1, 2)\n  - call: pay(0, 'x')\n")
    assert len(errors) == 1 and "bonus" in errors[0].message
    assert (errors[0].line, errors[0].col) == (11, 38)


def test_a_procedure_never_called_is_still_checked_and_a_parameter_is_not_a_name_outside(tmp_path):
    body = PAY + "  unused(p):\n    - add: {\"score[p]\": nothing}\n"
    errors, loaded = _load(tmp_path, body, "  - call: pay(0, 1)\n  - add: {\"score[0]\": amount}\n")
    messages = [e.message for e in errors]
    assert any("nothing" in m for m in messages)     # in the procedure nobody calls
    outside = [e for e in errors if "amount" in e.message]
    assert outside and "a parameter of procedure 'pay(payer, amount)'" in outside[0].hint
    errors, loaded = _load(tmp_path, PAY + "  unused(p):\n    - add: {\"score[p]\": 1}\n", "  - call: pay(0, 1)\n")
    assert not errors
    warnings = [d.message for d in loaded.diagnostics if d.severity == "warning"]
    assert "procedure 'unused' is never called" in warnings


def test_a_procedure_calling_itself_with_values_is_refused_at_its_key(tmp_path):
    body = "  again(n):\n    - call: again(n - 1)\n"
    errors, _ = _load(tmp_path, body, "  - call: again(3)\n")
    assert any("calls itself" in e.message and e.line == 10 for e in errors)


def test_a_key_that_is_no_name_and_a_parameter_named_twice(tmp_path):
    errors, _ = _load(tmp_path, "  pay(a, a):\n    - add: {\"score[a]\": 1}\n", "  - call: pay(0, 0)\n")
    assert any("named twice" in e.message for e in errors)


def test_explain_names_the_parameters_and_the_values_given():
    text = explain(load_ruleset(str(OFFERS)).rules)
    assert "### pay (given *payer*, *payee* and *amount*)" in text
    assert "### offer (given *p*)" in text
    assert "Do **offer** (below), with *p* being the player." in text
    assert ("Do **pay** (above), with *payer* being the player to the left of *p*, *payee* being *p* and "
            "*amount* being the number of cards in *p*'s *hand*.") in text


def test_a_mistake_the_values_given_cause_in_the_body_names_the_call(tmp_path):
    body = "  pay(payer, amount):\n    - add: {\"score[payer]\": amount}\n"
    errors, _ = _load(tmp_path, body, "  - call: pay(players, 1)\n")
    assert len(errors) == 1 and errors[0].line == 11
    assert errors[0].hint.endswith("with the values given by the call at " + f"{tmp_path / 'p.yaml'}:13:11"
                                   " (payer a list of players; amount a number)")


def test_a_key_written_wrong_is_reported_once_not_again_at_each_call(tmp_path):
    errors, _ = _load(tmp_path, "  pay(payer amount):\n    - add: {\"score[0]\": 1}\n", "  - call: pay(0, 1)\n")
    assert [e.message for e in errors] == ["'pay(payer amount)' is not a name, or a name and parameters such as "
                                           "pay(payer, amount)"]


def test_the_entry_a_step_sets_is_checked_against_the_kind_it_is_kept_per(tmp_path):
    """`add: {"score[players]": 1}` passed validate and stopped the game; the entry is now read as an
    expression is (a player for a value kept per player)."""
    errors, _ = _load(tmp_path, "  noop:\n    - add: {\"score[0]\": 0}\n", "  - call: noop\n"
                      "  - add: {\"score[players]\": 1}\n")
    assert [(e.line, e.message) for e in errors] == [
        (14, "in 'score[players]': the index must be a player, but this is a list of players")]
