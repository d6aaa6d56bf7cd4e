"""The meld finder's leaner paths (issue 18) against their plain definitions.

* A suit's runs, now told empty from the ranks held before any grouping and found from the starts
  the finder remembers, are exactly the readings of every subset of the suit's cards and the wild
  cards (`interpret_run`), and in the order of the general path.
* `partners_of`, which now asks once per pair of ranks whether two natural cards of one suit and a
  wild card make a run, gives the faces the plain definition gives (every other card, a spare wild
  card, `interpret_run` or `interpret_set` of the three).
* The search frees everything it built when it returns (no reference cycle left for the garbage
  collector), table views stay few, and a part whose melds the rules all accept is not copied.

Hands are generated: two packs (so twin cards), wild cards, runs with the Ace low only, at both
ends, wrapping, capped, with one, two or any number of wild cards.
"""
from __future__ import annotations

import gc
import random
from collections import Counter
from itertools import combinations

import pytest

from interpreter.cards.combos import disjoint_search
from interpreter.cards.melds import (CardInfo, MeldFinder, RunRules, SetRules, _runs_in_suit, interpret_run,
                                     interpret_set)
from interpreter.expr import functions_melds as FM
from interpreter.expr import functions_tables as FT

SEQ = tuple(range(13))


def _info(packs: int, wilds: int, wild_rank: int | None = None) -> CardInfo:
    """`packs` packs of 13 ranks x 4 suits and `wilds` jokers after them; with `wild_rank`, the
    cards of that rank are wild too (rank and suit -1, as the `melds:` section makes them)."""
    n = 52 * packs
    wild = [c >= n or (wild_rank is not None and c % 13 == wild_rank) for c in range(n + wilds)]
    return CardInfo(rank_of=[-1 if w else c % 13 for c, w in enumerate(wild)],
                    suit_of=[-1 if w else (c // 13) % 4 for c, w in enumerate(wild)],
                    wild=wild)


RUNS = [
    ("ace-both-ends", RunRules(SEQ, high_wrap_rank=0)),
    ("ace-low-only", RunRules(SEQ, full_length=False)),
    ("ace-high-no-full", RunRules(SEQ, high_wrap_rank=0, full_length=False, max_wilds=2)),
    ("wrap-any-wilds", RunRules(SEQ, wrap=True, max_wilds=None)),
    ("capped-two-wilds", RunRules(SEQ, min_len=2, max_len=5, max_wilds=2)),
    ("no-wilds", RunRules(SEQ, high_wrap_rank=0, max_wilds=0)),
]


def _suit_groups(info: CardInfo, seed: int, count: int):
    """(suit, natural ids of that suit, wild ids): small groups, so that every subset can be tried."""
    rng = random.Random(seed)
    wild_ids = [c for c, w in enumerate(info.wild) if w]
    naturals = [c for c, w in enumerate(info.wild) if not w]
    # a few fixed ones: Ace and King with a wild (the Ace after the King), both Aces, a full low end
    yield 0, [0, 12], wild_ids[:1]
    yield 0, [0, 52 if len(info.wild) > 60 else 1, 11, 12], wild_ids[:2]
    for _ in range(count):
        suit = rng.randrange(4)
        pool = [c for c in naturals if info.suit_of[c] == suit]
        ids = sorted(rng.sample(pool, rng.choice([0, 1, 2, 3, 4, 5, 6])))
        yield suit, ids, sorted(rng.sample(wild_ids, rng.choice([0, 1, 1, 2, 3][:len(wild_ids) + 1])))


def _plain_runs(cards, info, rules) -> Counter:
    """The runs in `cards` by definition: the readings of every subset (as kind, cards, stands_for)."""
    found = Counter()
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            for m in interpret_run(subset, info, rules):
                found[(m.cards, m.stands_for, m.positions)] += 1
    return found


@pytest.mark.parametrize("name,runs", RUNS, ids=[r[0] for r in RUNS])
@pytest.mark.parametrize("packs,jokers,wild_rank", [(2, 4, None), (1, 2, None), (2, 2, 1)],
                         ids=["two-packs", "one-pack", "wild-twos"])
def test_suit_runs_are_the_readings_of_every_subset(name, runs, packs, jokers, wild_rank):
    info = _info(packs, jokers, wild_rank)
    finder = MeldFinder(info, runs, None)
    rank_of = info.rank_of
    for suit, ids, wilds in _suit_groups(info, sum(map(ord, name)) + packs, 70):
        got = finder._suit_runs(suit, list(ids), tuple(wilds), True)
        found = Counter((m.cards, m.stands_for, m.positions) for m in got)
        assert found == _plain_runs(tuple(ids) + tuple(wilds), info, runs), (suit, ids, wilds)
        # and in the order of the general path (no starts given, its own grouping and checks)
        by_rank: dict = {}
        for c in ids:
            by_rank.setdefault(rank_of[c], []).append(c)
        for distinct in (True, False):
            general = _runs_in_suit(runs, suit, by_rank, list(wilds), distinct)
            assert list(finder._suit_runs(suit, list(ids), tuple(wilds), distinct)) == general


def _plain_partners(mr: FM.MeldRules, card: int) -> frozenset:
    """partners_of() by definition: the faces of the other cards that make a meld with `card` and a
    spare wild card (under the rules with any number of wild cards)."""
    info = mr.info
    runs, sets = mr._loose
    faces = set()
    for other in range(len(info.wild)):
        if other == card:
            continue
        spare = next((w for w in mr.wild_ids if w not in (card, other)), None)
        if spare is None:
            continue
        trio = (card, other, spare)
        if (runs and interpret_run(trio, info, runs)) or (sets and interpret_set(trio, info, sets)):
            faces.add(-1 if info.wild[other] else mr.face[other])
    return frozenset(faces)


PAIR_RULES = [
    ("ace-both-ends", RunRules(SEQ, high_wrap_rank=0), SetRules()),
    ("wrap", RunRules(SEQ, wrap=True, min_len=4), SetRules(distinct_suits=False)),
    ("two-suits-declared", RunRules(SEQ, full_length=False, min_len=3), SetRules(suits=(0, 1), min_size=3)),
    ("runs-only-short", RunRules(SEQ, min_len=2, max_len=4), None),
    ("sets-only", None, SetRules(min_size=3, max_size=4)),
]


@pytest.mark.parametrize("name,runs,sets", PAIR_RULES, ids=[r[0] for r in PAIR_RULES])
@pytest.mark.parametrize("packs,jokers,wild_rank", [(2, 4, None), (1, 1, None), (2, 0, 1)],
                         ids=["two-packs", "one-joker", "wild-twos"])
def test_partners_of_as_the_plain_definition(name, runs, sets, packs, jokers, wild_rank):
    info = _info(packs, jokers, wild_rank)
    size = len(info.wild)
    face = [c % 52 if not info.wild[c] else size for c in range(size)]
    mr = FM.MeldRules(info, runs, sets, lambda r, s, p: 1, face, None,
                      [c for c in range(size) if info.wild[c]], True)
    for card in range(size):
        assert mr.partners_of(card) == _plain_partners(mr, card), card


def test_the_search_leaves_no_cycle_for_the_garbage_collector():
    # melds as card tuples, most valuable first: several plays reach the minimum
    cards = [(0, 1, 2), (3, 4, 5), (2, 3, 6), (7, 8, 9), (0, 7, 10), (11, 12, 13)]
    vals = [30.0, 25.0, 20.0, 15.0, 12.0, 10.0]
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        found = disjoint_search(vals, cards, 40.0, 1000, list(range(len(cards))), 500)
        assert found and all(sum(vals[i] for i in play) >= 40 for play in found)
        assert gc.collect() == 0              # nothing unreachable: all of the search went at once
    finally:
        if was:
            gc.enable()


class _State:
    def __init__(self, store):
        self.extra = {"readings": store}


def test_table_views_stay_few_and_answer_alike():
    info = _info(2, 4)
    mr = FM.MeldRules(info, RunRules(SEQ, high_wrap_rank=0), SetRules(),
                      lambda r, s, p: 1 if p.kind == "run" else 2, [c % 52 if c < 104 else 104 for c in range(108)],
                      None, [104, 105, 106, 107], False)
    hand = [3, 4, 17, 30, 43, 104, 60, 61]
    answers = set()
    for i in range(60):
        # a new store of readings each time (as engine/melding.py makes one per change of the table)
        zone = [[0, 1, 2], [13 + i % 5, 26 + i % 5, 39 + i % 5]]
        store = {tuple(g): m for g in zone for m in (mr.readings(tuple(g)) or [None])[:1] if m is not None}
        s = _State(store)
        adds = FT.additions(s, hand, zone, mr)
        swaps = FT.swaps(s, hand, zone, mr)
        answers.add((tuple(adds), tuple(swaps)))
        assert all(type(v) is tuple for v in FT.table_view(s, zone, mr).swaps.values() if not v)
        assert len(mr._views) <= 17
    assert len(answers) > 1                  # the tables differed, and so did the answers


def test_a_part_the_rules_accept_whole_is_not_copied():
    info = _info(2, 4)
    runs, sets = RunRules(SEQ, high_wrap_rank=0), SetRules()
    point = lambda r, s, p: 1                       # noqa: E731
    face = [c % 52 if c < 104 else 104 for c in range(108)]
    for twins in (True, False):
        mr = FM.MeldRules(info, runs, sets, point, face, None, [104, 105, 106, 107], twins)
        # the full suit with the Ace twice: with twins refused, some of its runs are not accepted
        for part in mr.finder.parts((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 52, 104), True):
            entry = mr._part(part)
            accepted = tuple(m for m in part if mr.ok(m))
            assert entry[1] == accepted
            assert (entry[1] is part) == (len(accepted) == len(part))

