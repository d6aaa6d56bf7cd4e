"""Review of the session 9 speed work (issue 18): cases the bundled rulesets do not exercise, each
compared with the general (or plain) path that the speed work stands in for."""
from __future__ import annotations

import random

import pytest

from interpreter.cards.combos import _general_extensions, extensions, find_melds
from interpreter.cards.melds import RunRules, SetRules
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
