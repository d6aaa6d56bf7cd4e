"""Every seat knows only what it may know, on every ruleset the tests hold (about 180 games of 40
families written by reviews from their rules, plus the engine's own test rulesets).

For each ruleset, seeded random games stop at decisions of each seat; the cards that seat never saw are
exchanged among the places holding them, in copies of every position of the hand so far
(tests/sweep_hidden.py).  Then the seat's observations and offered moves are the same, its bots decide
the same, and the worlds its bots sample keep every card once, every place its size and every card it
sees in place.  The sweep is checked to catch a bot that peeks at another hand.
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine import game as G
from tests import sweep_hidden as H

RULESETS = H.every_ruleset()
OPTIONS = {"playouts": 16, "worlds": 3, "samples": 2}
# games whose greedy bot takes seconds a decision (many combinations to weigh): their bots are compared
# in the soak run only; their observations and worlds are checked in every run
SLOW_BOTS = {"tichu", "phase-10", "canasta", "tractor", "palace", "hand-and-foot", "shanghai"}


def _ids(paths):
    return [str(p.relative_to(H.TESTS)) for p in paths]


def _problems(path, seeds, bots):
    rules = H.load(path)
    if rules is None:
        pytest.skip("not a game that loads (kept broken on purpose, or scenarios)")
    n = rules.default_players
    problems, cases = [], H.exchanges(rules, n, seeds, random.Random(5))
    for states, moved, seat in cases:
        if any(G.observation(a, seat) != G.observation(b, seat) for a, b in zip(states, moved)):
            problems.append(f"seat {seat}: the observation changed")
        if states[-1].pending.actions != moved[-1].pending.actions:
            problems.append(f"seat {seat}: the moves offered changed")
        for bot in bots:
            x, y = (H.bot_choice(bot, sts, seat, OPTIONS) for sts in (states, moved))
            if x != y:
                problems.append(f"seat {seat}: the {bot} bot chose {x}, then {y}")
        watcher = H.Watcher(seat, random.Random(1))
        for st in states:
            watcher.observe(st)
        for _ in range(2):
            problems += [f"seat {seat}: world: {p}" for p in H.world_problems(watcher.sample(states[-1]), states[-1], seat)]
        if watcher.fallbacks:
            problems.append(f"seat {seat}: {watcher.fallbacks} worlds drawn without the inferred voids")
    return cases, problems


@pytest.mark.parametrize("path", RULESETS, ids=_ids(RULESETS))
def test_a_seat_sees_and_decides_the_same_whatever_it_cannot_see(path):
    _, problems = _problems(path, range(1), [] if path.stem in SLOW_BOTS else ["greedy"])
    assert not problems, problems


@pytest.mark.soak
@pytest.mark.parametrize("path", RULESETS, ids=_ids(RULESETS))
def test_a_seat_sees_and_decides_the_same_whatever_it_cannot_see_soak(path):
    _, problems = _problems(path, range(4), ["greedy", "search"])
    assert not problems, problems


def test_the_sweep_reaches_most_rulesets_and_compares_many_positions():
    games = cases = 0
    for path in RULESETS[::6]:
        rules = H.load(path)
        if rules is None:
            continue
        found = H.exchanges(rules, rules.default_players, range(1), random.Random(5))
        games += bool(found)
        cases += len(found)
    assert games >= 22 and cases >= 80, (games, cases)


def test_the_sweep_catches_a_bot_that_peeks_at_another_hand():
    """A bot whose choice hangs on the cards of the next seat's hand: exchanging what the seat cannot see
    changes its choice on most games where a hand is hidden."""
    class Peeker:
        def observe(self, state):
            pass

        def decide(self, s, seat, actions):
            hand = s.rules.zones.get("hand")
            if hand is None or hand.per != "player":
                return 0
            return sum(s.z[hand.index][(seat + 1) % s.n]) % len(actions)

    caught = 0
    for path in RULESETS[::5]:
        rules = H.load(path)
        if rules is None:
            continue
        for states, moved, seat in H.exchanges(rules, rules.default_players, range(1), random.Random(5)):
            caught += Peeker().decide(states[-1], seat, states[-1].pending.actions) != \
                Peeker().decide(moved[-1], seat, moved[-1].pending.actions)
    assert caught >= 20, caught
