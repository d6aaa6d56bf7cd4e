"""The direct paths of the meld code give what its general paths give, in the same order.

extensions() adds a card to a table meld by a direct path for runs and for sets with different
suits (cards/combos.py: _run_extensions, _set_extensions), and the general path (re-reading every
card) otherwise; here both are asked about every card of a double pack with wild cards, for melds
found in random hands and for melds grown from those (so long runs, runs with the Ace at either
end and full-length runs come up), under several meld rules.
"""
from __future__ import annotations

import random

import pytest

from interpreter.cards.combos import _general_extensions, extensions, find_melds
from interpreter.cards.melds import CardInfo, MeldFinder, RunRules, SetRules

INFO = CardInfo(rank_of=[c % 13 if c < 104 else -1 for c in range(108)],
                suit_of=[(c // 13) % 4 if c < 104 else -1 for c in range(108)],
                wild=[c >= 104 for c in range(108)])
SEQ = tuple(range(13))

RULES = [
    ("ace-both-ends", RunRules(SEQ, high_wrap_rank=0), SetRules()),
    ("ace-low-only", RunRules(SEQ, full_length=False), SetRules(max_wilds=2)),
    ("wrap", RunRules(SEQ, wrap=True, max_wilds=None), SetRules(max_wilds=0)),
    ("short-capped", RunRules(SEQ, min_len=2, max_len=5, max_wilds=2), SetRules(min_size=2, max_size=3)),
    ("one-card-runs", RunRules(SEQ, high_wrap_rank=0, min_len=1, max_wilds=3), SetRules(max_wilds=None)),
    ("sets-any-suits", RunRules(SEQ[2:], max_wilds=0), SetRules(min_size=2, max_size=5, max_wilds=None,
                                                                distinct_suits=False)),
    ("two-wilds", RunRules(SEQ, high_wrap_rank=0, max_len=7, max_wilds=2), SetRules(max_wilds=2)),
]


def _hands(seed, count):
    rng = random.Random(seed)
    yield tuple(range(13)) + (52, 104)
    yield (0, 1, 2, 12, 52, 64, 104, 105, 106)
    for _ in range(count):
        suits = rng.sample(range(4), rng.choice([1, 2, 4]))
        pool = [c for c in range(104) if (c // 13) % 4 in suits] + [104, 105, 106, 107]
        yield tuple(sorted(rng.sample(pool, rng.choice([3, 5, 8, 13, 15]))))


@pytest.mark.parametrize("name,runs,sets", RULES, ids=[r[0] for r in RULES])
def test_extensions_direct_paths_match_the_general_path(name, runs, sets):
    rng = random.Random(sum(map(ord, name)))
    compared = grown = 0
    for hand in _hands(rng.randrange(10 ** 6), 50):
        melds = find_melds(hand, INFO, runs, sets)
        melds = rng.sample(melds, min(len(melds), 8))
        frontier = list(melds)
        for _ in range(4):                       # melds grown from those, up to four cards more
            bigger = []
            for m in frontier:
                rules = runs if m.kind == "run" else sets
                for card in range(108):
                    got = extensions(m, card, INFO, rules)
                    assert got == _general_extensions(m, card, INFO, rules), (name, m, card)
                    compared += 1
                    grown += bool(got)
                    bigger += got
            frontier = rng.sample(bigger, min(len(bigger), 6))
    assert compared > 10000 and grown > 500


@pytest.mark.parametrize("name,runs,sets", RULES, ids=[r[0] for r in RULES])
def test_remembered_set_patterns_give_the_sets_found_afresh(name, runs, sets):
    """A finder that lays the sets of a rank from patterns it remembers (made on other cards and
    other ranks) gives what a new finder, which has seen nothing, finds."""
    shared = MeldFinder(INFO, runs, sets)
    patterned = 0
    for hand in _hands(sum(map(ord, name)), 150):
        for distinct in (False, True):
            assert shared.parts(hand, distinct) == MeldFinder(INFO, runs, sets).parts(hand, distinct), hand
    assert len(shared._set_patterns) < len(shared._rank_parts)     # patterns were laid again


def _meld_rules(runs, sets):
    from interpreter.expr.functions_melds import MeldRules
    return MeldRules(INFO, runs, sets, lambda rank, suit, place: rank + 1, [c % 52 if c < 104 else c for c in range(108)],
                     None, [104, 105, 106, 107], False)


def _with_card_before(mr, card, cards):
    """MeldRules.with_card as it was written before (issue 18, session 9)."""
    info = mr.info
    if info.wild[card]:
        pool = cards
    else:
        suit, rank = info.suit_of[card], info.rank_of[card]
        pool = tuple(c for c in cards if info.wild[c] or info.suit_of[c] == suit or info.rank_of[c] == rank)
    key = -1 if info.wild[card] else mr.face[card]
    found = mr.find(tuple(sorted(pool + (card,))))
    return tuple(m for m in found if any((-1 if info.wild[c] else mr.face[c]) == key for c in m.cards))


@pytest.mark.parametrize("name,runs,sets", RULES, ids=[r[0] for r in RULES])
def test_melds_with_a_card_as_before(name, runs, sets):
    mr = _meld_rules(runs, sets)
    rng = random.Random(sum(map(ord, name)))
    found = 0
    for hand in _hands(rng.randrange(10 ** 6), 60):
        for card in rng.sample(range(108), 12) + [104, hand[0]]:
            got = mr.melds_with(card, hand)
            assert got == list(_with_card_before(mr, card, tuple(hand))), (hand, card)
            found += bool(got)
    assert found > 20


@pytest.mark.parametrize("name,runs,sets", RULES[:3], ids=[r[0] for r in RULES[:3]])
def test_partners_as_before(name, runs, sets):
    """partners() by the ids of the partner faces gives the cards the test by faces gave."""
    mr = _meld_rules(runs, sets)
    key = mr._face_keys
    some = 0
    for hand in _hands(sum(map(ord, name)), 40):
        for card in hand:
            faces = mr.partners_of(card)
            expected = [d for d in hand if d != card and key[d] in faces]
            assert mr.partners(card, list(hand)) == expected
            some += bool(expected)
    assert some > 100
