import random
import time
from itertools import combinations

import pytest

from interpreter.cards.combos import (
    CardInfo, RunRules, SetRules, disjoint_combinations, extensions,
    find_melds, groups_by_key, interpret_run, interpret_set, meld_value,
    rank_points, replace_wild, run_positions, split_run,
)

# 108-card universe: two packs of 52 (rank indices 0..12 = A,2..10,J,Q,K;
# suits 0..3 = clubs, diamonds, hearts, spades) plus 4 wild cards.
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
A, J, Q, K = 0, 10, 11, 12
WILDS = [104, 105, 106, 107]
INFO = CardInfo(
    rank_of=[i % 13 for i in range(104)] + [-1] * 4,
    suit_of=[(i % 52) // 13 for i in range(104)] + [-1] * 4,
    wild=[False] * 104 + [True] * 4,
)
W1, W2 = WILDS[0], WILDS[1]


def c(face, suit, copy=0):
    """Card id of a face value (1=A .. 13=K) in a suit, from pack ``copy``."""
    return copy * 52 + suit * 13 + (face - 1)


RUNS = RunRules(sequence=range(13), high_wrap_rank=A)
SETS = SetRules()
POINTS = rank_points([min(r + 1, 10) for r in range(13)], high={A: 11})


def value(meld):
    return meld_value(meld, POINTS)


def sig_key(meld):
    return (meld.kind, meld.stands_for, tuple(INFO.signature(x) for x in meld.cards))


# ------------------------------------------------------------------- runs

def test_wild_with_two_naturals_has_two_readings():
    readings = interpret_run([W1, c(9, CLUBS), c(8, CLUBS)], INFO, RUNS)
    assert {m.stands_for for m in readings} == {
        ((6, 0), (7, 0), (8, 0)),   # 7-8-9
        ((7, 0), (8, 0), (9, 0)),   # 8-9-10
    }
    by_low = {m.low: m for m in readings}
    assert by_low[6].cards == (W1, c(8, CLUBS), c(9, CLUBS))
    assert by_low[7].cards == (c(8, CLUBS), c(9, CLUBS), W1)
    assert by_low[7].high == 9 and by_low[7].suit == CLUBS


def test_opening_combination_totals_42():
    hand = [W1, c(9, CLUBS), c(8, CLUBS), c(5, DIAMONDS), c(5, HEARTS), c(5, SPADES)]
    melds = find_melds(hand, INFO, RUNS, SETS)
    plays = list(disjoint_combinations(melds, value, minimum=40))
    assert plays
    best = max(plays, key=lambda p: sum(map(value, p)))
    assert sum(map(value, best)) == 42
    run = next(m for m in best if m.kind == "run")
    assert dict(zip(run.cards, run.stands_for))[W1] == (9, CLUBS)  # the wild is the 10
    assert all(sum(map(value, p)) >= 40 for p in plays)
    # the 7-8-9 reading of the same cards only reaches 39
    low = next(m for m in melds if m.kind == "run" and m.low == 6 and len(m) == 3
               and W1 in m.cards)
    assert value(low) == 24


def test_ace_low_and_high_but_no_wrap_through():
    assert interpret_run([c(13, CLUBS), c(1, CLUBS), c(2, CLUBS)], INFO, RUNS) == []
    low = interpret_run([c(1, CLUBS), c(2, CLUBS), c(3, CLUBS)], INFO, RUNS)
    high = interpret_run([c(12, CLUBS), c(13, CLUBS), c(1, CLUBS)], INFO, RUNS)
    assert len(low) == 1 and len(high) == 1
    assert run_positions(low[0]) == (False, False, False)
    assert run_positions(high[0]) == (False, False, True)
    assert high[0].cards == (c(12, CLUBS), c(13, CLUBS), c(1, CLUBS))
    assert (high[0].low, high[0].high) == (11, 13)
    assert value(low[0]) == 6 and value(high[0]) == 31
    # without the high rank rule Q-K-A is refused
    assert interpret_run([c(12, CLUBS), c(13, CLUBS), c(1, CLUBS)], INFO,
                         sequence=range(13)) == []


def test_free_wrap_allows_k_a_2():
    readings = interpret_run([c(13, CLUBS), c(1, CLUBS), c(2, CLUBS)], INFO,
                             RUNS, wrap=True)
    assert len(readings) == 1
    assert readings[0].positions == (12, 13, 14)
    assert run_positions(readings[0]) == (False, True, True)


def test_full_length_run_with_wild():
    naturals = [c(f, HEARTS) for f in range(1, 14)]
    readings = interpret_run(naturals + [W1], INFO, RUNS)
    assert len(readings) == 2            # wild as low Ace or as high Ace
    assert {m.stands_for[0] for m in readings} == {(A, HEARTS)}
    assert {m.stands_for[-1] for m in readings} == {(A, HEARTS)}
    assert {m.cards[0] for m in readings} == {W1, c(1, HEARTS)}
    assert all(len(m) == 14 for m in readings)
    # not allowed without the high rank, nor when the option is off
    assert interpret_run(naturals + [W1], INFO, sequence=range(13)) == []
    assert interpret_run(naturals + [W1], INFO, RUNS, full_length=False) == []
    # 13 ranks alone read as A..K or 2..K,A; two Aces from two packs fill both ends
    assert {m.low for m in interpret_run(naturals, INFO, RUNS)} == {0, 1}
    both = interpret_run(naturals + [c(1, HEARTS, 1)], INFO, RUNS)
    assert len(both) == 1 and both[0].cards[-1] == c(1, HEARTS, 1)
    # a rank may not repeat in a shorter run
    assert interpret_run([c(1, HEARTS), c(2, HEARTS), c(1, HEARTS, 1)], INFO, RUNS) == []


def test_two_wilds_need_permission():
    cards = [W1, W2, c(5, CLUBS)]
    assert interpret_run(cards, INFO, RUNS) == []
    for limit in (None, 2):
        readings = interpret_run(cards, INFO, RUNS, max_wilds=limit)
        assert {m.low for m in readings} == {2, 3, 4}
    assert interpret_set([W1, W2, c(5, CLUBS)], INFO, SETS) == []
    assert len(interpret_set([W1, W2, c(5, CLUBS)], INFO, SETS, max_wilds=2)) == 3


def test_run_shape_rules():
    cards = [c(f, SPADES) for f in (4, 5, 6, 7)]
    assert interpret_run(cards, INFO, RUNS, max_len=3) == []
    assert interpret_run(cards[:2], INFO, RUNS) == []
    assert interpret_run(cards[:2] + [c(7, HEARTS)], INFO, RUNS) == []  # mixed suits
    assert interpret_run([c(4, SPADES), c(6, SPADES), c(7, SPADES)], INFO, RUNS) == []
    assert interpret_run([W1, W2, WILDS[2]], INFO, RUNS, max_wilds=None) == []


# ------------------------------------------------------------------- sets

def test_sets():
    assert interpret_set([c(9, HEARTS), c(9, CLUBS), c(9, CLUBS, 1)], INFO, SETS) == []
    assert len(interpret_set([c(9, HEARTS), c(9, CLUBS), c(9, CLUBS, 1)], INFO, SETS,
                             distinct_suits=False)) == 1
    readings = interpret_set([c(9, HEARTS), W1, c(9, CLUBS)], INFO, SETS)
    assert len(readings) == 2
    assert {dict(zip(m.cards, m.stands_for))[W1] for m in readings} == {
        (8, DIAMONDS), (8, SPADES)}
    assert all(m.rank == 8 for m in readings)
    assert interpret_set([c(9, HEARTS), c(8, CLUBS), c(9, SPADES)], INFO, SETS) == []
    four = interpret_set([c(9, s) for s in range(4)], INFO, SETS)
    assert len(four) == 1
    assert extensions(four[0], W1, INFO, SETS) == []
    assert extensions(four[0], c(9, HEARTS, 1), INFO, SETS) == []
    assert interpret_set([c(9, s) for s in range(4)] + [W1], INFO, SETS) == []


def test_set_extension_and_wild_replacement():
    three = interpret_set([c(4, CLUBS), c(4, HEARTS), c(4, SPADES)], INFO, SETS)[0]
    grown = extensions(three, c(4, DIAMONDS), INFO, SETS)
    assert len(grown) == 1 and len(grown[0]) == 4
    assert extensions(three, c(4, CLUBS, 1), INFO, SETS) == []
    with_wild = extensions(three, W1, INFO, SETS)
    assert [dict(zip(m.cards, m.stands_for))[W1] for m in with_wild] == [(3, DIAMONDS)]
    new, freed = replace_wild(with_wild[0], c(4, DIAMONDS, 1), INFO)
    assert freed == W1 and W1 not in new.cards and c(4, DIAMONDS, 1) in new.cards
    assert replace_wild(with_wild[0], c(4, CLUBS, 1), INFO) is None


# ------------------------------------------------------------- table play

def test_extending_a_run_with_a_wild_low():
    meld = next(m for m in interpret_run([W1, c(7, CLUBS), c(8, CLUBS)], INFO, RUNS)
                if m.cards[0] == W1)
    assert meld.stands_for[0] == (5, CLUBS)      # the wild is the 6
    five = extensions(meld, c(5, CLUBS), INFO, RUNS)
    nine = extensions(meld, c(9, CLUBS), INFO, RUNS)
    assert [m.cards for m in five] == [(c(5, CLUBS), W1, c(7, CLUBS), c(8, CLUBS))]
    assert [m.cards for m in nine] == [(W1, c(7, CLUBS), c(8, CLUBS), c(9, CLUBS))]
    assert extensions(meld, c(6, CLUBS), INFO, RUNS) == []
    assert extensions(meld, c(10, CLUBS), INFO, RUNS) == []
    assert extensions(meld, c(5, HEARTS), INFO, RUNS) == []
    assert extensions(meld, W2, INFO, RUNS) == []                      # one wild max
    two_wilds = extensions(meld, W2, INFO, {"sequence": range(13), "max_wilds": None})
    assert {m.low for m in two_wilds} == {4, 5}                       # 5 or 9
    assert all(dict(zip(m.cards, m.stands_for))[W1] == (5, CLUBS) for m in two_wilds)
    assert extensions(nine[0], c(10, CLUBS), INFO, RunRules(range(13), max_len=4)) == []
    new, freed = replace_wild(meld, c(6, CLUBS), INFO)
    assert freed == W1
    assert new.cards == (c(6, CLUBS), c(7, CLUBS), c(8, CLUBS))
    assert new.stands_for == meld.stands_for
    assert interpret_run(new.cards, INFO, RUNS) == [new]
    assert replace_wild(meld, c(6, HEARTS), INFO) is None
    assert replace_wild(meld, c(9, CLUBS), INFO) is None


def test_extend_queen_king_with_high_ace():
    qk = interpret_run([c(11, DIAMONDS), c(12, DIAMONDS), c(13, DIAMONDS)], INFO, RUNS)[0]
    ace = extensions(qk, c(1, DIAMONDS), INFO, RUNS)
    assert len(ace) == 1 and run_positions(ace[0])[-1]
    assert extensions(ace[0], c(2, DIAMONDS), INFO, RUNS) == []


def test_split_run():
    run = interpret_run([c(f, HEARTS) for f in range(3, 9)], INFO, RUNS)[0]
    splits = split_run(run)
    assert len(splits) == 1
    left, right = splits[0]
    assert left.cards == run.cards[:3] and right.cards == run.cards[3:]
    assert left.positions == (2, 3, 4) and right.low == 5
    assert all(interpret_run(p.cards, INFO, RUNS) == [p] for p in splits[0])
    seven = interpret_run([c(f, HEARTS) for f in range(3, 10)], INFO, RUNS)[0]
    assert sorted(tuple(map(len, s)) for s in split_run(seven)) == [(3, 4), (4, 3)]
    assert split_run(seven, min_len=4, max_len=5) == []
    wild_end = interpret_run([c(5, HEARTS), c(6, HEARTS), c(7, HEARTS),
                              c(8, HEARTS), W1, W2, WILDS[2]], INFO, RUNS, max_wilds=3)
    top = min(wild_end, key=lambda m: -m.low)   # 5-6-7-8-W-W-W
    assert sorted(tuple(map(len, s)) for s in split_run(top)) == [(3, 4), (4, 3)]
    assert [tuple(map(len, s)) for s in split_run(top, info=INFO)] == [(3, 4)]


# ------------------------------------------------------------------ groups

def test_groups_by_key_value():
    points = [min(r + 1, 10) for r in range(13)]
    points[3] = points[4] = points[5] = 5       # 4, 5 and 6 share a value
    value_of = [points[INFO.rank_of[i]] if i < 104 else 0 for i in range(108)]
    cards = [c(4, CLUBS), c(5, DIAMONDS), c(6, HEARTS), c(9, SPADES), c(9, CLUBS, 1)]
    groups = groups_by_key(cards, value_of, min_size=2)
    assert (c(4, CLUBS), c(5, DIAMONDS)) in groups
    assert set(groups) == {
        (c(4, CLUBS), c(5, DIAMONDS)), (c(4, CLUBS), c(6, HEARTS)),
        (c(5, DIAMONDS), c(6, HEARTS)), (c(4, CLUBS), c(5, DIAMONDS), c(6, HEARTS)),
        (c(9, SPADES), c(9, CLUBS, 1)),
    }
    by_rank = groups_by_key(cards + [c(9, SPADES, 1)], lambda x: INFO.rank_of[x], 2, 2)
    assert len(by_rank) == 3                    # identical cards still distinct ids
    assert len(groups_by_key(cards, value_of)) == 7 + 3


# -------------------------------------------------------------- multi-meld

def _all_disjoint(melds):
    out = []

    def rec(start, used, chosen):
        for j in range(start, len(melds)):
            if used.isdisjoint(melds[j].cards):
                chosen.append(melds[j])
                out.append(frozenset(chosen))
                rec(j + 1, used | set(melds[j].cards), chosen)
                chosen.pop()
    rec(0, set(), [])
    return out


def test_disjoint_combinations():
    rng = random.Random(7)
    pool = [c(f, s, k) for f in range(1, 9) for s in (0, 1) for k in (0, 1)] + WILDS[:2]
    for _ in range(15):
        hand = rng.sample(pool, 10)
        melds = find_melds(hand, INFO, RUNS, SETS)
        plays = list(disjoint_combinations(melds, value))
        for play in plays:
            ids = [x for m in play for x in m.cards]
            assert len(ids) == len(set(ids))
        expected = _all_disjoint(melds)
        assert len(plays) == len(expected)
        assert set(map(frozenset, plays)) == set(expected)
        for minimum in (20, 40):
            got = list(disjoint_combinations(melds, value, minimum=minimum))
            want = [p for p in expected if sum(map(value, p)) >= minimum]
            assert len(got) == len(want)
            assert set(map(frozenset, got)) == set(want)
        assert len(list(disjoint_combinations(melds, value, limit=3))) == min(3, len(expected))


# ------------------------------------------------------------- enumeration

def _brute(hand, run_rules, set_rules, max_size=5):
    found = set()
    for size in range(3, max_size + 1):
        for cards in combinations(hand, size):
            found.update(interpret_run(cards, INFO, run_rules))
            found.update(interpret_set(cards, INFO, set_rules))
    return found


def _random_hand(rng, dense):
    if dense:   # few suits and ranks, both packs: many melds
        pool = [c(f, s, k) for f in range(1, 14) for s in (0, 1) for k in (0, 1)
                if f <= 6 or f >= 11]
    else:
        pool = list(range(104))
    naturals = rng.sample(pool, 12)
    return naturals + rng.sample(WILDS, 2)


@pytest.mark.parametrize("run_rules,set_rules", [
    (RUNS, SETS),
    (RunRules(range(13), high_wrap_rank=A, max_wilds=None), SetRules(max_wilds=None)),
    (RunRules(range(13), wrap=True, max_wilds=2), SetRules(distinct_suits=False, max_size=5)),
])
def test_find_melds_matches_brute_force(run_rules, set_rules):
    rng = random.Random(2024)
    for trial in range(12):
        hand = _random_hand(rng, dense=trial % 2 == 0)
        exact = find_melds(hand, INFO, run_rules, set_rules, distinct_ids=True)
        assert len(exact) == len(set(exact))
        for m in exact:
            assert m in (interpret_run if m.kind == "run" else interpret_set)(
                m.cards, INFO, run_rules if m.kind == "run" else set_rules)
        assert {m for m in exact if len(m) <= 5} == _brute(hand, run_rules, set_rules)
        dedup = find_melds(hand, INFO, run_rules, set_rules)
        keys = [sig_key(m) for m in dedup]
        assert len(keys) == len(set(keys))
        assert set(keys) == {sig_key(m) for m in exact}
        assert set(dedup) <= set(exact)


def test_find_melds_full_length_run():
    hand = [c(f, SPADES) for f in range(1, 14)] + [W1]
    melds = find_melds(hand, INFO, RUNS, None)
    assert sum(len(m) == 14 for m in melds) == 2
    assert all(m.kind == "run" for m in melds)


def test_find_melds_speed():
    rng = random.Random(99)
    hands = [_random_hand(rng, dense=i % 2 == 0) for i in range(50)]
    start = time.perf_counter()
    for hand in hands:
        find_melds(hand, INFO, RUNS, SETS)
    per_hand = (time.perf_counter() - start) / len(hands)
    assert per_hand < 0.2
