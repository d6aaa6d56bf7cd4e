"""Fast paths give what the paths they stand in for give, on cases the bundled rulesets do not
exercise: trick blocks played through (Tricks.play_through) against one-by-one play and closures,
generated expressions with memos against the closures, and direct run extensions against the
general path (issue 18's speed work, reviewed)."""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from interpreter.cards.combos import _general_extensions, extensions, find_melds
from interpreter.cards.melds import RunRules, SetRules
from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.engine.autoplay import play_picked, random_picker
from interpreter.engine.tricks import Tricks
from interpreter.expr import compiler, hoist
from interpreter.expr.hoist import item_selector, plain_selector
from interpreter.ruleset.loader import load_ruleset
from tests.test_melds_fastpaths import INFO, SEQ, _hands

# `runs: after_last` may name any rank (docs/reference.md), not only the first of the order: e.g.
# order 2..A with after_last 2 is the usual, but order A..K with after_last 5 is legal too; then that
# rank has its two places at position 4 and after the King, not at both ends of the sequence.
AFTER_LAST = [
    ("after-last-mid", RunRules(SEQ, high_wrap_rank=5, min_len=1, max_wilds=None)),
    ("after-last-mid-capped", RunRules(SEQ, high_wrap_rank=11, max_len=6, max_wilds=2)),
    ("after-last-not-in-order", RunRules(SEQ[1:], high_wrap_rank=0)),    # Ace after the King only
    ("ace-high-order", RunRules(SEQ[1:] + SEQ[:1], high_wrap_rank=1)),  # 3..A, then 2 after the Ace
]


@pytest.mark.parametrize("name,runs", AFTER_LAST, ids=[r[0] for r in AFTER_LAST])
def test_run_extensions_with_any_after_last_rank_match_the_general_path(name, runs):
    rng = random.Random(name)
    sets = SetRules()
    compared = grown = 0
    for hand in _hands(rng.randrange(10 ** 6), 40):
        melds = [m for m in find_melds(hand, INFO, runs, sets) if m.kind == "run"]
        frontier = rng.sample(melds, min(len(melds), 8))
        for _ in range(4):
            bigger = []
            for m in frontier:
                for card in range(108):
                    want = _general_extensions(m, card, INFO, runs)
                    assert extensions(m, card, INFO, runs) == want, (name, m, card)
                    compared += 1
                    grown += bool(want)
                    bigger += want
            frontier = rng.sample(bigger, min(len(bigger), 6))
    assert compared > 5000 and grown > 200


# ---------------------------------------------------------------------------
# Tricks.play_through (the engine playing a whole trick block for random seats) against one
# decision at a time through game.apply_index, and against closures only (no generated code, no
# folding, no hoisting): the same games, stops and errors, on blocks the bundled games do not have.
# ---------------------------------------------------------------------------

BASE = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"

HEAD = """
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
  trumps: {type: suit, initial: hearts}
  ends: {initial: 0}
"""
TR = '  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"%s}\n'
VARIANTS = {
    "dir": TR % ", direction: -1",
    "count": TR % ", count: 3",
    "trumps": TR % ", trumps: trumps",
    "follow-cond": TR % (", follow: 'led_suit == none or card.suit == led_suit or count(trick_players) == 2 and "
                      "current != 0 or not any(hand[current], d => d.suit == led_suit)'"),
    "before-trumps": """  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: "won[winner]"
      trumps: trumps
      direction: -1
      before_trick:
        - set: {trumps: "first(hand[leader]).suit"}
""",
    "after-plays-move": """  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: "won[winner]"
      after_plays:
        - if: "count(stock) > 0"
          then:
            - move: {cards: "first(stock)", from: stock, to: "hand[current]"}
""",
    "after-trick-end": """  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: "won[winner]"
      after_trick:
        - add: {"score[winner]": 3}
        - end_game:
            when: "score[winner] >= 12"
            winners: "[winner]"
""",
    "after-trick-take": """  - tricks:
      hand: hand
      trick: trick
      order: plain
      direction: -1
      count: 4
      collect: "won[winner]"
      after_trick:
        - if: "count(hand[winner]) > 1"
          then:
            - move: {cards: "last(hand[winner])", from: "hand[winner]", to: "hand[left_of(winner)]"}
""",
    "reveal": "  - reveal: last(hand[dealer])\n  - reveal: first(hand[left_of(dealer)])\n" + TR % ", direction: -1",
    "no-collect": '  - tricks: {hand: hand, trick: trick, order: plain, trumps: trumps}\n',
    "after-plays-end": """  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: "won[winner]"
      after_plays:
        - end_game:
            when: "count(won[0]) + count(won[1]) >= 8"
            winners: "[current]"
""",
}



def _trick_rules(tmp_path, name, body, plain):
    text = (f"extends: {BASE}\n{HEAD}hand:\n  - gather: {{from: [hand, trick, won], to: stock}}\n"
            f"  - shuffle: stock\n  - deal: {{from: stock, to: hand, count: 5}}\n{body}  - call: score_hand\n")
    folder = tmp_path / ("plain" if plain else "fast")
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as m:
        if plain:
            m.setattr(compiler, "GENERATE", False)
            m.setattr(fold, "GENERATE", False)
            m.setattr(hoist, "HOIST", False)
        loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.rules


def _played(rules, n, seed, auto):
    s = G.new_game(rules, n, seed)
    rng = random.Random(seed)
    try:
        if auto:
            play_picked(s, [random_picker(rng)] * n)
        else:
            while not s.over:
                G.apply_index(s, rng.randrange(len(s.pending.actions)))
    except G.GameError as err:
        return ("error", str(err).replace("/plain/", "/fast/"), s.hand_no, s.turns, list(s.history))
    return (s.over, s.hand_no, s.turns, s.tricks, list(s.history), repr(s.z), repr(s.v))


@pytest.mark.parametrize("name", list(VARIANTS))
def test_trick_blocks_played_through_give_the_games_played_one_by_one(tmp_path, monkeypatch, name):
    fast = _trick_rules(tmp_path, name, VARIANTS[name], False)
    plain = _trick_rules(tmp_path, name, VARIANTS[name], True)
    through = []
    original = Tricks.play_through

    def counting(self, *args):
        through.append(1)
        return original(self, *args)
    monkeypatch.setattr(Tricks, "play_through", counting)
    for n in (2, 3, 4):
        for seed in range(8):
            got = _played(fast, n, seed, True)
            assert got == _played(fast, n, seed, False) == _played(plain, n, seed, False), (name, n, seed)
    assert len(through) > 20, "the blocks were played through by play_through"


# ---------------------------------------------------------------------------
# Random typed expressions (lambdas in lambdas, a lambda variable shadowing another, any/all/sum/
# count/filter/sort/argmax/max, and/or/not/if, divisions that fail for x == 0, float sums, none):
# generated with memos and loops as statements (hoist.with_memos, codegen.test_statements) against
# the closures, whole and as a condition on each card (hoist.item_selector against the plain loop).
# ---------------------------------------------------------------------------

_VARS = ["d2", "f", "g"]


def _cards(rng, depth, bound):
    options = ["hand[p]", "trick", "cs", "stock", "hand[left_of(p)]"]
    if depth < 3:
        v = rng.choice(_VARS)
        inner = _cards(rng, depth + 1, bound)
        options += [f"filter({inner}, {v} => {_bool(rng, depth + 1, bound + [v])})",
                    f"sort({inner}, {v} => {_num(rng, depth + 1, bound + [v])})",
                    f"argmax({inner}, {v} => {_num(rng, depth + 1, bound + [v])})"]
    return rng.choice(options)


def _card(rng, depth, bound):
    options = ["card", "d"] + bound * 3
    if depth < 3:
        options.append(f"first({_cards(rng, depth + 1, bound)})")
    return rng.choice(options)


def _num(rng, depth, bound):
    options = ["x", "1", "3", "score[p]", "target", f"plain({_card(rng, depth, bound)})", "nums[x]",
               "count(hand[p])", "sum(nums)"]
    if depth < 3:
        v = rng.choice(_VARS)

        def n():
            return _num(rng, depth + 1, bound)
        cards = _cards(rng, depth + 1, bound)
        options += [f"({n()} + {n()})", f"({n()} // {n()})", f"({n()} * {n()})", f"({n()} / {n()})",
                    f"count({cards})", f"count({cards}, {v} => {_bool(rng, depth + 1, bound + [v])})",
                    f"sum({cards}, {v} => {_num(rng, depth + 1, bound + [v])})",
                    f"max(map({cards}, {v} => {_num(rng, depth + 1, bound + [v])}))",
                    f"({n()} if {_bool(rng, depth + 1, bound)} else {n()})",
                    f"score[first(filter(players, q => {_bool(rng, depth + 1, bound)}))]"]
    return rng.choice(options)


def _bool(rng, depth, bound):
    def c():
        return _card(rng, depth, bound)
    options = [f"{c()}.suit == led", f"{c()}.suit == trumps", f"plain({c()}) > {_num(rng, depth + 1, bound)}",
               f"{c()} in cs", "led == none", "x > 2"]
    if depth < 3:
        v = rng.choice(_VARS)

        def b():
            return _bool(rng, depth + 1, bound)
        cards = _cards(rng, depth + 1, bound)
        options += [f"({b()} and {b()})", f"({b()} or {b()})", f"not {b()}", f"({b()} if {b()} else {b()})",
                    f"any({cards}, {v} => {_bool(rng, depth + 1, bound + [v])})",
                    f"all({cards}, {v} => {_bool(rng, depth + 1, bound + [v])})",
                    f"{_num(rng, depth + 1, bound)} > {_num(rng, depth + 1, bound)}",
                    f"{_num(rng, depth + 1, bound)} == {_num(rng, depth + 1, bound)}"]
    return rng.choice(options)


def _called(fn, state, env):
    env = copy.deepcopy(env)
    try:
        return ("value", repr(fn(state, env)), env)
    except Exception as err:   # noqa: BLE001 - compared between the two ways
        return ("error", type(err).__name__, str(err))


@pytest.mark.parametrize("part", range(4))
def test_random_expressions_generated_with_memos_give_the_closures_values_and_errors(monkeypatch, part):
    from tests.test_hoist import ITEM_LOCALS, outcome, random_state
    from tests.test_hoist_split import compiled
    rng = random.Random(part)
    rewritten = selected = 0
    kinds = set()
    for _ in range(60):
        text = _bool(rng, 0, []) if rng.random() < 0.7 else _num(rng, 0, [])
        closures, generated = compiled(monkeypatch, text, False), compiled(monkeypatch, text, True)
        rewritten += hasattr(generated, "body")              # with_memos wrote it anew
        select, plain = item_selector(generated, "card"), plain_selector(closures, "card")
        selected += hasattr(select, "source")
        for _ in range(20):
            state, env, items = random_state(rng)
            env["card"] = items[0] if items else 5
            want = _called(closures, state, env)
            assert _called(generated, state, env) == want, (text, env, getattr(generated, "body", None))
            kinds.add(want[0])
            assert outcome(select, state, env, items) == outcome(plain, state, env, items), (text, env)
    assert rewritten > 10 and selected > 50 and kinds == {"value", "error"}


@pytest.mark.parametrize("name", ["dir", "count", "after-plays-move"])
def test_the_decision_limit_stops_a_block_played_through_where_one_by_one_play_stops(tmp_path, name):
    """end: max_turns 4 (16 decisions): the limit falls inside a trick block."""
    rules = _trick_rules(tmp_path, name, VARIANTS[name], False)
    rules.max_turns = 4
    limits = 0
    for n in (2, 3, 4):
        for seed in range(4):
            got = _played(rules, n, seed, True)
            assert got == _played(rules, n, seed, False), (name, n, seed)
            assert got[0] == "error"
            assert "decision limit" in got[1] or "no card to play" in got[1]
            limits += "decision limit" in got[1]
    assert limits > 4
