"""A copy of a game shares nothing mutable with the original, on every ruleset the tests hold.

tests/test_state_copy.py checks the property on the bundled rulesets; the blocks the review games use
(tables of melds, values picked in secret, procedures, tricks among some players, hooks that pause)
reach state the bundled games never build.  The same check here, over every game of
tests/rulesets_*/: at decisions of a seeded game the full state is the same before and after the bots
watch and decide, after random moves are played in a copy, and (in a second copy) after the real move.
Random moves in copies at every decision; the greedy bot, which plays whole hands out in copies of
sampled worlds, at every few decisions; the search bot in the soak run.
"""
from __future__ import annotations

import pytest

from tests import sweep_hidden as H
from tests.test_state_copy import play_and_compare

RULESETS = H.every_ruleset()
# games whose greedy bot takes seconds a decision (many combinations to weigh): in the soak run only
SLOW = {"tichu", "phase-10", "canasta", "tractor", "palace", "rubber-bridge", "preferans"}


def _ids(paths):
    return [str(p.relative_to(H.TESTS)) for p in paths]


def _rules_or_skip(path):
    rules = H.load(path)
    if rules is None:
        pytest.skip("not a game that loads (kept broken on purpose, or scenarios)")
    return rules


@pytest.mark.parametrize("path", RULESETS, ids=_ids(RULESETS))
def test_copies_and_bots_leave_every_game_alone(path):
    rules = _rules_or_skip(path)
    play_and_compare(rules, "random", 50, 1)
    if path.stem not in SLOW:
        play_and_compare(rules, "greedy", 26, 13)


@pytest.mark.soak
@pytest.mark.parametrize("path", RULESETS, ids=_ids(RULESETS))
def test_copies_and_bots_leave_every_game_alone_soak(path):
    rules = _rules_or_skip(path)
    play_and_compare(rules, "random", 400, 1, seed=5)
    play_and_compare(rules, "greedy", 200, 5, seed=5)
    play_and_compare(rules, "search", 120, 20, seed=5)
