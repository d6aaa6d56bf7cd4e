"""The cheaper bookkeeping around the engine gives what the plain code gives: bots made without the
calls around their seeding draw the same numbers, Progress.hand_starts' one loop keeps the samples
_add keeps, and the figures with maxima worked out once are the definitions'."""
from __future__ import annotations

import math
import random

import pytest

from interpreter.bots.base import BOTS, Bot, RandomBot, make_bot
from interpreter.engine.state import seeded_random
from interpreter.sim import metrics as M
from interpreter.sim import plainrows as PR


@pytest.mark.parametrize("seed", [0, 1, 31 * 12345 + 3, -7, 2 ** 40 + 5, 2 ** 63 * 31 + 2, 10 ** 30])
def test_a_random_bot_draws_what_a_bot_seeded_by_its_constructor_draws(seed):
    made = make_bot("random", seed)
    plain = RandomBot(seed)         # Bot.__init__: seeded_random
    assert type(made) is RandomBot and made.rng.getstate() == plain.rng.getstate()
    assert made.rng.gauss_next is None
    assert [made.rng.random() for _ in range(5)] == [plain.rng.random() for _ in range(5)]


def test_bots_with_settings_or_their_own_constructor_are_made_by_it():
    class Careful(RandomBot):
        name = "careful-test"
        settings = {"depth": 2}

    class Counting(RandomBot):
        name = "counting-test"

        def __init__(self, seed=0):
            super().__init__(seed)
            self.made = True

    BOTS.update({Careful.name: Careful, Counting.name: Counting})
    try:
        careful = make_bot("careful-test", 5, {"depth": "4"})
        assert careful.depth == 4 and careful.rng.getstate() == seeded_random(5).getstate()
        assert make_bot("counting-test", 5).made
        assert make_bot("random", "a text seed").rng.getstate() == random.Random("a text seed").getstate()
    finally:
        del BOTS[Careful.name], BOTS[Counting.name]
    with pytest.raises(ValueError, match="unknown bot 'randon'; did you mean 'random'"):
        make_bot("randon", 1)
    assert isinstance(make_bot("random", 1), Bot)


class _Rules:
    def __init__(self):
        self.final_score = lambda s, env: 0
        self.max_hands = 5


def _rows(rng, kind):
    n = rng.choice([2, 3, 4])
    values = {"ints": lambda: rng.choice([0, 1, 5, -3, 12]),
              "floats": lambda: rng.choice([0, 1.5, 5.0, -3.25, 5]),
              "odd": lambda: rng.choice([0, 5, 2.5, None, True, 10 ** 400, math.nan, "x"])}[kind]
    rows, row = [], [values() for _ in range(n)]
    for _ in range(rng.choice([1, 1, 2, 4, 7])):
        if rng.random() < 0.6:        # the scores moved during the hand
            row = [values() for _ in range(n)]
        rows.append(list(row))
    return rows, [values() for _ in range(n)] if rng.random() < 0.5 else list(rows[-1])


@pytest.mark.parametrize("kind", ["ints", "floats", "odd"])
def test_hand_starts_keeps_the_samples_added_one_by_one(kind):
    rng = random.Random(kind)
    for _ in range(300):
        rows, final = _rows(rng, kind)
        quick, slow = M.Progress(_Rules()), M.Progress(_Rules())
        quick.hand_starts(rows)
        for i, raw in enumerate(rows):
            slow._add(-1 - i, raw)
        assert repr(quick.hands) == repr(slow.hands)
        assert repr(quick.finish(final)) == repr(slow.finish(final))


def test_leads_of_huge_scores_are_the_definitions():
    rows = [[10 ** 400, 0, 3], [0, 10 ** 401, 3], [1, 2, 3]]
    sides = [[0], [1], [2]]
    assert PR.plain_leads(rows, [1]) == M.leads(rows, [1], sides, True)
    assert PR.plain_leads(rows, [1])[0] == (0.1, False)


def test_maxima_and_leaders_are_the_rows_maxima_and_their_sole_holders():
    rows = [[3, 1, 3], (2, 5.0, 5), [0, -1, 4], (7,)]
    assert PR.maxima_and_leaders(rows) == ([3, 5.0, 4, 7], [None, None, 2, 0])
    assert PR.maxima_and_leaders(rows)[1] == PR.leaders(rows)
