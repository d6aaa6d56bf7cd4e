"""The shuffle and the cut written out (engine/steps.py shuffle_cards, below) draw exactly what
random.Random's own shuffle and randrange draw: same seed, same games."""
from __future__ import annotations

import random

from interpreter.engine.steps import below, shuffle_cards


def test_shuffle_cards_is_random_shuffle():
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 28, 52, 104, 130):
            a, b = list(range(size)), list(range(size))
            shuffle_cards(mine, a)
            theirs.shuffle(b)
            assert a == b, (seed, size)
        assert mine.getstate() == theirs.getstate()


def test_below_is_randrange():
    mine, theirs = random.Random(7), random.Random(7)
    for n in list(range(1, 70)) * 20 + [2**40 + 3, 1000003]:
        assert below(mine, n) == theirs.randrange(n)
    assert mine.getstate() == theirs.getstate()


def test_another_generator_shuffles_itself():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()
    cards = [1, 2, 3]
    shuffle_cards(Reversing(1), cards)
    assert cards == [3, 2, 1]
    assert below(Reversing(1), 1) == 0
