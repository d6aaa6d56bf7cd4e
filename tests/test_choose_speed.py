"""What the speed work on choices (issue 18) relies on: generated total() and groups() give what
their closures give; the list-building search for meld plays gives the plays of the old
recursive generator in the same order; extends() written out answers as table_readings + grown."""
from __future__ import annotations

import random

import pytest

from interpreter.cards.combos import disjoint_plays, find_melds
from interpreter.cards.melds import CardInfo, RunRules, SetRules
from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.expr.hoist import plain_selector
from interpreter.engine.vm import Choose, may_read
from interpreter.expr import functions_tables as FT
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from tests.test_codegen import ANY_VALUE, U2, _check_same, fallbacks  # noqa: F401 - fallbacks is a fixture

# ------------------------------------------------------------- total() and groups() as source

# (text, expected) on test_codegen's fake state: cs = [A♥, 6♣, Q♥], trick = [Q♠, 8♥, J♥], hand[0] =
# [6♣, Q♥, A♥, 10♠]; plain is the rank order 6 < 7 < ... < A, pts a point table (A 11, 10 10, K 4,
# Q 3, J 2).  Card ids: see test_codegen.U.
GENERATED_SETS = [
    ("total(cs, pts)", 14),
    ("total(cs, pts) > 13", True),
    ("total(trick, c => pts(c) * 2)", 10),
    ("total(filter(hand[0], c => pts(c) > 0), pts)", 24),
    ("total([], pts)", 0),
    ("groups(cs, c => c.suit)", ANY_VALUE),
    ("groups(hand[0], pts)", ANY_VALUE),
    ("groups(trick + cs, c => c.suit, 2)", ANY_VALUE),
    ("groups(trick + cs, c => c.suit, 1, 2)", ANY_VALUE),
    ("groups(trick + cs, c => c.suit, 3, 3)", ANY_VALUE),
    ("groups(filter(hand[0] + trick, c => pts(c) > 0), pts)", ANY_VALUE),
    ("count(groups(trick + cs + hand[0], c => c.suit))", 19),   # 7 distinct cards: 15 + 3 + 1
    ("groups(cs, c => none)", []),
    ("groups(trick + cs, c => c.suit if pts(c) > 2 else none)", ANY_VALUE),
    ("map(groups(trick + cs, c => c.suit), g => total(g, pts))", ANY_VALUE),
]


@pytest.mark.parametrize("text,expected", GENERATED_SETS, ids=[t for t, _ in GENERATED_SETS])
def test_generated_sets_give_the_closure_value(monkeypatch, fallbacks, text, expected):  # noqa: F811
    _check_same(monkeypatch, fallbacks, text, expected)


@pytest.mark.parametrize("text", ["groups(cs + cs, pts)", "total(cs + cs, pts)", "groups(cs, plain, 2)"])
def test_generated_sets_with_two_packs(monkeypatch, fallbacks, text):  # noqa: F811
    _check_same(monkeypatch, fallbacks, text, ANY_VALUE, universe=U2)


# ------------------------------------------------------------- meld plays

def _reference_plays(melds, value, minimum=None, limit=None):
    """disjoint_combinations as it was written before (a recursive generator)."""
    scored = sorted(((value(m), i, m) for i, m in enumerate(melds)), key=lambda t: (-t[0], t[1]))
    values = [v for v, _, _ in scored]
    items = [m for _, _, m in scored]
    masks = [sum(1 << c for c in m.cards) for m in items]
    suffix = [0.0] * (len(items) + 1)
    for j in range(len(items) - 1, -1, -1):
        suffix[j] = suffix[j + 1] + max(0.0, values[j])
    density = {}
    for v, m in zip(values, items):
        per_card = max(0.0, v) / len(m.cards)
        for c in m.cards:
            density[c] = max(density.get(c, 0.0), per_card)
    total_density = sum(density.values())
    produced = [0]
    chosen = []

    def search(start, used, total, used_density):
        for j in range(start, len(items)):
            if minimum is not None and total + min(suffix[j], total_density - used_density) + 1e-9 < minimum:
                return
            if used & masks[j]:
                continue
            chosen.append(items[j])
            new_total = total + values[j]
            if minimum is None or new_total >= minimum:
                yield tuple(chosen)
                produced[0] += 1
                if limit is not None and produced[0] >= limit:
                    return
            yield from search(j + 1, used | masks[j], new_total, used_density + sum(density[c] for c in items[j].cards))
            chosen.pop()
            if limit is not None and produced[0] >= limit:
                return

    if limit is not None and limit <= 0:
        return
    yield from search(0, 0, 0.0, 0.0)


def _info():
    """Two packs of 13 ranks x 4 suits and 4 jokers (ids 104-107)."""
    n = 108
    rank_of = [c % 13 if c < 104 else -1 for c in range(n)]
    suit_of = [(c // 13) % 4 if c < 104 else -1 for c in range(n)]
    wild = [c >= 104 for c in range(n)]
    return CardInfo(rank_of=rank_of, suit_of=suit_of, wild=wild)


@pytest.mark.parametrize("seed", range(12))
def test_list_search_gives_the_plays_of_the_generator_in_order(seed):
    rng = random.Random(seed)
    info = _info()
    runs, sets = RunRules(sequence=tuple(range(13)), min_len=3), SetRules(min_size=3, max_size=4)
    for _ in range(25):
        hand = rng.sample(range(108), rng.choice([9, 12, 14]))
        melds = find_melds(hand, info, runs, sets, distinct_ids=True)
        values = [sum(min(10, r + 1) for r, _ in m.stands_for) for m in melds]
        value = dict(zip(map(id, melds), values))
        for minimum, limit in ((None, None), (None, 7), (20, None), (40, None), (40, 3), (0, 0)):
            expected = list(_reference_plays(melds, lambda m: value[id(m)], minimum, limit))
            assert disjoint_plays(melds, values, minimum, limit) == expected


# ------------------------------------------------------------- extends_table

def test_extends_answers_as_table_readings_and_grown():
    """On positions of Scala 40 games with melds on the table, for every card of the pack."""
    rules = load_ruleset(str(bundled_rulesets()["scala40"])).rules
    mr = rules.meld_rules
    table_zone = rules.zones["table"].index
    checked = 0
    for seed in range(3):
        s = G.new_game(rules, 2, seed)
        bots = [make_bot("priority", seed * 7 + p) for p in range(2)]
        while not s.over and checked < 20 * (seed + 1):
            table = s.z[table_zone]
            if any(table):
                answers = [FT.extends(s, card, table, mr) for card in range(rules.universe.size)]
                assert answers == [any(mr.grown(m, card) for _, m in FT.table_readings(s, table, mr))
                                   for card in range(rules.universe.size)]
                assert any(answers) and not all(answers)
                checked += 1
            G.apply_index(s, bots[s.pending.player].decide(s, s.pending.player, s.pending.actions))
    assert checked == 60


# ------------------------------------------------------------- legal tests asked once per move

@pytest.mark.parametrize("text,name,reads", [
    ("x > 3", "x", True),
    ("x > 3", "c", False),
    ("count(trick) > 1 and score[p] > 2", "c", False),
    ("count(trick) > 1 and score[p] > 2", "p", True),
    ("any(cs, y => y == c)", "c", True),
    ("any(cs, y => y == c)", "x", False),
    ("map(xs, y => y + pack_size)", "x", True),      # calls a closure with the env: may read anything
])
def test_may_read_tells_which_locals_a_generated_expression_reads(monkeypatch, text, name, reads):
    from tests.test_codegen import compile_both
    closures, generated = compile_both(monkeypatch, text)
    assert may_read(closures.fn, name)                 # no source: always counted as a read
    assert may_read(generated.fn, name) == reads


def test_a_legal_test_asked_once_gives_the_actions_asked_option_by_option():
    """Scala 40's discard test does not read the option; on every decision of random games the
    actions are those of the option-by-option test, in the same order."""
    rules = load_ruleset(str(bundled_rulesets()["scala40"])).rules
    rng = random.Random(4)
    seen_once = 0
    for seed in range(4):
        s = G.new_game(rules, 2, seed)
        for _ in range(150):
            if s.over:
                break
            node = s.stack[-1][0]
            if isinstance(node, Choose) and any(step[5] == Choose.ONCE for step in node.plan):
                seen_once += 1
                copy = s.clone()
                frame = copy.stack.pop()
                copy.pending = None
                saved = node.plan
                # asked option by option: the plain loop of an EACH move (expr/hoist.py)
                node.plan = [step[:2] + (plain_selector(step[2], step[3]),) + step[3:5] + (Choose.EACH,)
                             if step[5] == Choose.ONCE else step for step in saved]
                try:
                    node.enter(copy, frame[2])
                finally:
                    node.plan = saved
                assert copy.pending.actions == s.pending.actions
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
    assert seen_once > 50
