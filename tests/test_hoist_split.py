"""The loop item_selector writes (expr/hoist.py) on conditions of every shape it takes apart: a test
that does not read the item worked out once (`t if ... else`, `t or ...`, `... or t`, a part of an
`and` chain), any()/all() written as `for` statements, parts inside a comprehension or a lambda that
the hoisted part runs many times, memos in a lambda or a comprehension's iterable.  Each is compared
with the plain loop over closures only, on random states (values, errors, the item left bound), and
what is worked out is counted: at most once per call, and never when the plain loop would not.
"""
from __future__ import annotations

import random

import pytest

from interpreter.expr import compiler
from interpreter.expr.compiler import compile_expression
from interpreter.expr.hoist import item_selector, plain_selector
from interpreter.ruleset.model import Rules
from tests.test_codegen import FakeState, card, make_ns
from tests.test_hoist import ITEM_LOCALS, WHERE, Counting, outcome, random_state

CONDITIONS = [
    # `a if t else b`, t without the card: t once; the chosen branch raises for x == 1
    "card.suit == led if x > 2 else plain(card) > 10 // (x - 1)",
    # the test itself raises (x == 0): the plain loop raises at the first card, never without cards
    "(10 // x > 1) if led == none else card.suit == led",
    # an `and` chain whose middle does not read the card, and whose last part raises for x == 3
    "card.suit != led and count(hand[p]) > 2 and plain(card) > sum(nums) // (x - 3)",
    # `t or b` with t raising (x == 0)
    "10 // x > 1 or card.suit == led",
    # `a or b or t`, t an any() written as a loop
    "card.suit == led or plain(card) > 5 or not any(hand[p], d => d.suit == led)",
    # all() over a filter: the filter's condition becomes the loop's `if`, and raises for x == 0
    "card.suit == led or all(filter(hand[p], d => d.suit != trumps and 10 // x > 0), d => plain(d) > 3)",
    # `and`, `or`, `not` around any() and all(), as statements
    "card.suit == led or (any(hand[p], d => d.suit == led) and count(trick) > x) or not all(trick, d => plain(d) > 2)",
    # a part the hoisted part runs for each card of the hand (not any(...) inside the filter)
    "plain(card) > 3 and all(filter(hand[p], d => d.suit == led or not any(hand[p], f => f.suit == led)), "
    "d => plain(d) > 2)",
    # the same under `or`, worked out lazily inside an expression (its memo is a `:=`)
    "(card.suit == led or plain(card) > x) and (plain(card) < 4 or all(filter(hand[p], d => d.suit == led "
    "or not any(hand[p], f => f.suit == led)), d => plain(d) > 2))",
    # a lambda (a key) whose body has a part without its variable: a memo in a list, not `:=`
    "card in argmax(hand[p], d => plain(d) + count(filter(trick, f => f.suit == trumps)))",
    "card in argmax(hand[p], d => plain(d) + 10 // x)",
    "plain(card) > plain(first(argmax(hand[p], d => plain(d) * sum(map(trick, f => plain(f))))))",
    # lambdas in lambdas: the innermost count() reads neither d nor f, the max() reads d
    "card in argmax(hand[p], d => plain(d) + max(map(trick, f => plain(f) * plain(d) + "
    "count(filter(cs, g => g.suit == trumps)) // x)))",
    # a comprehension's iterable without the card, inside a comprehension reading it
    "any(filter(trick, f => plain(f) > count(hand[p]) // x), d => plain(d) > plain(card))",
    "any(map(trick, f => plain(f) * sum(nums)), v => v > plain(card) // x)",
    # a closure without source (pack_size) is given the locals: the card is bound before each test
    "card.suit == led if pack_size > 30 else plain(card) > 3",
    "pack_size > count(hand[p]) * 9 and card.suit != led or 10 // x > 1",
    # a sum and a count worked out first for each card, as loops
    "sum(hand[p], d => plain(d) // x) > plain(card) or count(filter(trick, d => d.suit == card.suit)) > 1",
    # nothing apart from the card at all, and no card at all
    "plain(card) > 3",
    "count(hand[p]) > x",
    "(count(hand[p]) > x) == (card.suit == led)",
]


def compiled(monkeypatch, text, generate):
    with monkeypatch.context() as m:
        m.setattr(compiler, "GENERATE", generate)
        return compile_expression(text, make_ns(), dict(ITEM_LOCALS), where=WHERE).fn


@pytest.mark.parametrize("text", CONDITIONS)
def test_the_split_loop_gives_the_plain_loops_cards_and_errors(monkeypatch, text):
    closures = plain_selector(compiled(monkeypatch, text, False), "card")
    select = item_selector(compiled(monkeypatch, text, True), "card")
    assert hasattr(select, "source"), "a condition with source gets one loop"
    rng = random.Random(text)
    kinds = set()
    for _ in range(500):
        state, env, items = random_state(rng)
        want = outcome(closures, state, env, items)
        assert outcome(select, state, env, items) == want, (text, items, env, select.source)
        kinds.add(want[0])
    if "//" in text:
        assert kinds == {"value", "error"}, "these conditions fail in some states and not in others"


def test_memos_where_walrus_cannot_be():
    """In a lambda and in a comprehension's iterable the memo is a place in the list _H."""
    for text in ("card in argmax(hand[p], d => plain(d) + count(filter(trick, f => f.suit == trumps)))",
                 "any(map(trick, f => plain(f) * sum(nums)), v => v > plain(card))"):
        fn = compile_expression(text, make_ns(), dict(ITEM_LOCALS), where=WHERE).fn
        assert "_H[0]" in item_selector(fn, "card").source, text


def _select(text):
    return item_selector(compile_expression(text, make_ns(), dict(ITEM_LOCALS), where=WHERE).fn, "card")


def _reads(select, env, items):
    Counting.reads = 0
    state = Counting()
    out = select(state, dict(env), items)
    return out, Counting.reads


HAND = [card(t) for t in ("6H", "QH", "AS", "10S", "7C", "KD")]


def test_a_part_inside_the_hoisted_part_is_worked_out_once_per_call():
    """card by card, then inside the filter card by card: count(filter(players, ...)) would be
    worked out (and s.n read) 36 times"""
    select = _select("plain(card) >= 0 and all(filter(hand[p], d => d.suit == led or count(filter(players, "
                     "q => q >= 0)) > x), "
                     "d => plain(d) >= 0)")
    state = Counting()
    state.z[0][1] = list(HAND)
    for x in (9, 2):            # the filter keeps 7C only, or every card
        Counting.reads = 0
        assert select(state, {"p": 1, "led": "clubs", "x": x}, HAND) == HAND and Counting.reads == 1


def test_the_same_part_in_two_places_is_worked_out_once():
    text = ("(card.suit == led and count(filter(players, q => q > 0)) > x) or "
            "(plain(card) > 5 and count(filter(players, q => q > 0)) > x)")
    select = _select(text)
    assert select.taken_out == 1 and select.source.count(":= len(") == 2, select.source
    out, counted = _reads(select, {"led": "hearts", "x": 9}, HAND)
    assert out == [] and counted == 1


@pytest.mark.parametrize("text,env,reads", [
    # `and`: no card passes the first part, the second is never needed
    ("card.suit == led and count(players) > x", {"led": "clubs", "x": 1}, 0),
    # `if`: the other branch
    ("(count(players) > x) if led == none else card.suit == led", {"led": "hearts", "x": 1}, 0),
    ("(count(players) > x) if led == none else card.suit == led", {"led": None, "x": 1}, 1),
    # `or`: every card passes the first part
    ("card.suit != led or count(players) > x", {"led": "clubs", "x": 1}, 0),
    ("card.suit != led or count(players) > x", {"led": "hearts", "x": 1}, 1),
    # a test before everything: once
    ("count(players) > x or card.suit == led", {"led": "hearts", "x": 9}, 1),
])
def test_a_part_the_plain_loop_would_not_reach_is_not_worked_out(text, env, reads):
    hearts = [card("6H"), card("QH"), card("AH")]
    out, counted = _reads(_select(text), env, hearts)
    assert counted == reads
    assert out == plain_selector(compile_expression(text, make_ns(), dict(ITEM_LOCALS), where=WHERE).fn,
                                 "card")(FakeState(), dict(env), hearts)
    assert _reads(_select(text), env, [])[1] == 0, "no cards: nothing is worked out"


def test_the_result_is_a_new_list_even_when_every_item_passes():
    select = _select("count(hand[p]) >= 0 or card.suit == led")
    items = list(HAND)
    out = select(FakeState(), {"p": 1, "led": "clubs"}, items)
    assert out == items and out is not items


class _Teams:
    """What team_members reads of the rules."""
    team_list = Rules.team_list

    def __init__(self, teams):
        self.teams = teams


@pytest.mark.parametrize("teams", [{4: [[0, 2], [3, 1]]}, {}])
def test_team_members_in_generated_source_is_the_closure(monkeypatch, teams):
    closures, generated = (compiled(monkeypatch, "team_members(x)", g) for g in (False, True))
    assert hasattr(generated, "source") and "team_members" not in generated.source
    for x in (-1, 0, 1, 2, 3, 4, 5):
        answers = []
        for fn in (closures, generated):
            state = FakeState()
            state.rules = _Teams(teams)
            try:
                answers.append(("value", fn(state, {"x": x})))
            except Exception as err:   # noqa: BLE001 - compared between the two ways
                answers.append(("error", str(err)))
        assert answers[0] == answers[1], (x, answers)
        assert answers[0][0] == ("value" if 0 <= x < (2 if teams else 4) else "error")


# ---------------------------------------------------------------------------
# any() and all() as `for` loops: in a condition of the loop above and in `if` steps (stepgen.py)
# ---------------------------------------------------------------------------

STATEMENT_CASES = [
    "any(xs, v => v > x)", "all(xs, v => 10 // v > 1)", "not any(cs, d => d.suit == trumps)",
    "any(xs, v => v > 2) and all(filter(xs, v => v > 1), v => 9 // (v - 3) > 0) or count(xs) > x",
    "x > 3 or not all(filter(cs, d => d.suit == trumps), d => plain(d) > x) and any(xs, v => v == x)",
    "all([], v => v > 1)", "any(xs)",
    # sum() and count() first in a comparison; a float sum is summed again by sum() itself
    "sum(xs, v => 10 // v) > x", "count(filter(xs, v => v > 1)) == x or sum(xs) < 4",
    "sum(map(xs, v => v / 3)) >= 1", "not sum(filter(xs, v => v > 2), v => v * v) in [0, 9, 16]",
    # a list, alone, indexed, as the first argument of a function
    "filter(xs, v => 10 // v > 1)", "first(filter(xs, v => v > 1))", "max(map(xs, v => v * 2))",
    "count(map(xs, v => 10 // v)) > 1", "sort(filter(cs, d => d.suit != trumps), d => plain(d))",
    # next_player: the first seat meeting the test, else none (the default only then); any start, a
    # direction, a test that fails for some seats
    "next_player(p, q => q != p and xs[0] > q)", "next_player(p, q => 10 // (q - x) > 0, -1)",
    "next_player(x, q => q > 1)", "next_player(p, q => q == 9) == none", "next_player(p, q => q > x, x - 3)",
]


@pytest.mark.parametrize("text", STATEMENT_CASES)
def test_statements_give_the_value_of_the_expression(monkeypatch, text):
    from interpreter.expr.codegen import test_statements
    fn = compiled(monkeypatch, text, True)
    names = iter(range(1000))
    before, value = test_statements(fn.source, lambda: f"_t{next(names)}")
    assert before or text == "any(xs)", "any(), all(), sum(), count() of a comprehension are written as loops"
    body = "\n".join(["def _f(s, e):", *("    " + line for line in before), f"    return {value}"])
    scope = dict(fn.consts)
    exec(compile(body, "<test>", "exec"), scope)
    closures = compiled(monkeypatch, text, False)
    assert "break" in getattr(fn, "body", "") or not before or "any" not in text, "the function has the loops too"
    rng = random.Random(text)
    for _ in range(300):
        state, env, _ = random_state(rng)
        env["xs"] = [rng.randrange(0, 6) for _ in range(rng.randrange(0, 5))]
        answers = []
        for way in (lambda: eval(fn.source, dict(scope, s=state, e=env)), lambda: scope["_f"](state, env),
                    lambda: fn(state, dict(env)), lambda: closures(state, dict(env))):
            try:
                answers.append(("value", way()))
            except Exception as err:   # noqa: BLE001 - compared between the two ways
                answers.append(("error", type(err).__name__, str(err) if len(answers) > 1 else ""))
        assert answers[0] == answers[1], (text, env["xs"])      # the source, and its statements
        assert answers[2] == answers[3], (text, env["xs"])      # the generated function, the closures


STEPS = """\
  - for_each:
      in: players
      as: p
      do:
        - if: "any(won[p], c => c.suit == hearts) and not all(hand[p], c => plain(c) > x)"
          then:
            - add: {"score[p]": 1}
  - if: "count(won[0]) > 2 or any(won[1], c => 10 // x > 0)"
    then:
      - set: {x: "x + 1"}"""


def test_if_steps_with_loops_play_as_the_closures_do(tmp_path):
    from tests.test_codegen import TINY, _functions
    from tests.test_loop_fusion import _load, _play
    path = tmp_path / "loop.yaml"
    path.write_text(TINY % (STEPS, ""), encoding="utf-8")
    generated, closures = _load(path, True), _load(path, False)
    source = "".join(getattr(f, "source", "") for f in _functions(generated))
    assert source.count("break") >= 3, source
    outcomes = set()
    for seed in range(12):
        answers = []
        for rules in (generated, closures):
            try:
                answers.append(_play(rules, seed))
            except Exception as err:   # noqa: BLE001 - compared between the two ways
                answers.append(("error", str(err)))
        assert answers[0] == answers[1], seed
        outcomes.add(answers[0][0] == "error")
    assert outcomes == {True, False}, "some games stop on 10 // x with x == 0, some do not"


# ---------------------------------------------------------------------------
# Any generated expression: parts inside its lambdas and comprehensions worked out once per call
# ---------------------------------------------------------------------------

MEMO_CASES = [
    "argmax(hand[p], d => plain(d) + max(map(trick, f => plain(f) * plain(d) + count(filter(cs, g => "
    "g.suit == trumps)) // x)))",
    "argmax(hand[p], d => plain(d) + count(filter(trick, f => f.suit == trumps)))",
    "filter(hand[p], d => plain(d) > sum(nums) // x)",
    "count(filter(hand[p], d => d.suit == led or not any(hand[p], f => f.suit == led)))",
    "map(hand[p], d => plain(d) * max(map(trick, f => plain(f))) if d.suit == led else 0)",
]


@pytest.mark.parametrize("text", MEMO_CASES)
def test_expressions_with_memos_give_the_closures_values_and_errors(monkeypatch, text):
    closures, generated = (compiled(monkeypatch, text, g) for g in (False, True))
    assert "_U" in generated.body, "a part inside a loop that reads none of its variables has a memo"
    assert "_U" not in generated.source, "the source steps write in place is the expression's"
    rng = random.Random(text)
    kinds = set()
    for _ in range(300):
        state, env, _ = random_state(rng)
        answers = []
        for fn in (closures, generated):
            try:
                answers.append(("value", fn(state, dict(env))))
            except Exception as err:   # noqa: BLE001 - compared between the two ways
                answers.append(("error", type(err).__name__, str(err)))
        assert answers[0] == answers[1], (text, env)
        kinds.add(answers[0][0])
    if "//" in text:
        assert kinds == {"value", "error"}


def test_a_part_inside_a_lambda_is_worked_out_once_per_call():
    fn = compile_expression("argmax(hand[p], d => plain(d) * count(filter(players, q => q > 0)))", make_ns(),
                            dict(ITEM_LOCALS), where=WHERE).fn
    state = Counting()
    Counting.reads = 0
    assert fn(state, {"p": 0}) == [card("AH")] and Counting.reads == 1     # one read of s.n, not four


# ---------------------------------------------------------------------------
# Random conditions of every shape: the selector against the plain loop over closures
# ---------------------------------------------------------------------------

WITH_CARD = ["card.suit == led", "plain(card) > x", "card.suit == trumps", "plain(card) >= 10 // x",
             "any(hand[p], d => plain(d) > plain(card) and count(trick) > x)",
             "card in argmax(hand[p], d => plain(d) + sum(nums) // x)", "sum(trick, d => plain(d)) > plain(card)"]
WITHOUT_CARD = ["led == none", "x > 2", "10 // x > 1", "count(hand[p]) > x", "any(hand[p], d => d.suit == led)",
                "all(trick, d => plain(d) > x)", "sum(nums) // x > 2", "nums[x] > 3",
                "count(filter(hand[p], d => d.suit == led or not any(hand[p], f => f.suit == led))) > 1"]


def _random_condition(rng, depth=0):
    if depth > 2 or rng.random() < 0.3:
        return rng.choice(WITH_CARD if rng.random() < 0.5 else WITHOUT_CARD)
    kind = rng.randrange(4)
    a, b = _random_condition(rng, depth + 1), _random_condition(rng, depth + 1)
    if kind == 0:
        return f"({a}) and ({b})"
    if kind == 1:
        return f"({a}) or ({b})"
    if kind == 2:
        return f"not ({a})"
    return f"({a}) if ({_random_condition(rng, depth + 1)}) else ({b})"


def test_random_conditions_give_the_plain_loops_cards_and_errors(monkeypatch):
    rng = random.Random(18)
    for _ in range(60):
        text = _random_condition(rng)
        closures = plain_selector(compiled(monkeypatch, text, False), "card")
        select = item_selector(compiled(monkeypatch, text, True), "card")
        assert hasattr(select, "source"), text
        for _ in range(60):
            state, env, items = random_state(rng)
            assert outcome(select, state, env, items) == outcome(closures, state, env, items), (text, select.source)
