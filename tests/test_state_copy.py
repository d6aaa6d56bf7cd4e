"""A copy of a state shares nothing mutable with the original (State.clone).

Bots try moves in copies of the real game: a list shared between a copy and
the original lets a move tried in the copy change the real game (a trick block
kept its list of who played in a frame env copied shallowly, so tricks tried
by the greedy bot were added to the real trick, which then went to the wrong
player).  The property: over every bundled ruleset and every registered bot, at
many decisions of a game, the full state (zones, variables, every frame's node,
position, env and data, the pending choice, history, revealed cards, extra,
metrics, the random generator) is the same before and after

- the bots watch the position and the deciding bot decides;
- random moves are played in a copy (the original unchanged), and the real game
  goes on (a second copy unchanged).

The state is compared as a plain structure built by `snapshot` below, which
walks every list, dict, set and tuple; anything else (program nodes and
functions, frozen records such as melds) is immutable and compared by identity.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.base import BOTS, load_bots, make_bot
from interpreter.engine import game as G
from interpreter.engine.state import Choice, Shown, State
from tests.helpers import ROOT, rules_of

load_bots()
RULESETS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rulesets").glob("**/*.yaml"))
BOT_OPTIONS = {"playouts": 6, "worlds": 2, "samples": 1}
# Decisions played per game (or to its end), and every how many the bot under test decides (the others
# are random moves, so that the checks reach late positions cheaply).  The searching bots cost most.
DECISIONS, SOAK_DECISIONS = 80, 600
STRIDE = {"random": 1, "priority": 1}   # others: 20 (in the soak test: 3)


def snapshot(x):
    """`x` as nested tuples of plain values: equal snapshots mean equal states, whatever is shared."""
    t = type(x)
    if x is None or t in (int, float, str, bool):
        return x
    if t is list or t is tuple:
        return (t.__name__, tuple(map(snapshot, x)))
    if t is dict:
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in x.items()))
    if t is set or t is frozenset:
        return (t.__name__, frozenset(x))
    if t is Shown:                 # the cards shown, to everyone and to some seats
        return ("Shown", frozenset(x), snapshot(x.to))
    if t is Choice:
        return ("Choice", x.player, snapshot(x.actions), snapshot(x.handlers), x.label)
    if t is random.Random:
        return ("Random", x.getstate())
    if t is State:
        return ("State",) + tuple((k, snapshot(getattr(x, k))) for k in State.__slots__ if k != "rules")
    return ("object", id(x))      # program nodes and functions, frozen records: immutable, shared


def differences(before, after) -> list:
    """The names of the State fields whose snapshots differ."""
    return [k for (k, a), (_, b) in zip(before[1:], after[1:]) if a != b]


def _random_moves(s, rng, limit=40):
    for _ in range(limit):
        if s.over:
            return
        G.apply_index(s, rng.randrange(len(s.pending.actions)))


def _bots():
    """Every registered bot, once per behaviour (a bot registered under a second name, such as mcts
    for search, is the same code)."""
    seen, out = set(), []
    for name in sorted(BOTS, key=lambda name: (len(BOTS[name].__mro__), name)):   # a base class first
        cls = BOTS[name]
        key = (cls.decide, cls.observe, tuple(sorted(cls.settings.items())))
        if key not in seen:
            seen.add(key)
            out.append(name)
    return sorted(out)


def _cases():
    for path in RULESETS:
        for bot in _bots():
            yield pytest.param(path, bot, id=f"{Path(path).stem}-{bot}")


@pytest.mark.parametrize("path,bot", list(_cases()))
def test_bots_and_copies_leave_the_state_alone(path, bot):
    play_and_compare(path, bot, DECISIONS, STRIDE.get(bot, 20))


@pytest.mark.soak
@pytest.mark.parametrize("path,bot", list(_cases()))
def test_bots_and_copies_leave_the_state_alone_long(path, bot):
    play_and_compare(path, bot, SOAK_DECISIONS, STRIDE.get(bot, 3), seed=5)


def play_and_compare(path, bot, limit, stride, seed=11):
    """Play up to `limit` decisions; at every `stride`-th, compare the state before and after the bots
    watch and decide, and (at every third such decision, or every one when the bot decides rarely)
    after random moves in a copy and the real move in the original.  `path`: a bundled ruleset's path,
    or rules already loaded."""
    rules = rules_of(path) if isinstance(path, str) else path
    n = rules.default_players
    s = G.new_game(rules, n, seed)
    seats = [make_bot(bot, seed * 31 + p, BOT_OPTIONS) for p in range(n)]
    for p, b in enumerate(seats):
        b.seat = p
    rng = random.Random(seed)
    decisions = 0
    while not s.over and decisions < limit:
        decisions += 1
        checked = decisions % stride == 0
        before = snapshot(s) if checked else None
        for b in seats:
            b.observe(s)
        choice = s.pending
        if not checked:
            G.apply_index(s, rng.randrange(len(choice.actions)))
            continue
        index = seats[choice.player].decide(s, choice.player, choice.actions)
        assert 0 <= index < len(choice.actions)
        changed = differences(before, snapshot(s))
        assert not changed, f"decision {decisions}: the {bot} bot changed {changed}"
        if stride == 1 and decisions % 3:
            G.apply_index(s, index)
            continue
        tried, kept = s.clone(), s.clone()
        assert snapshot(tried) == before, f"decision {decisions}: the copy differs from the original"
        _random_moves(tried, rng)
        changed = differences(before, snapshot(s))
        assert not changed, f"decision {decisions}: moves in a copy changed the original's {changed}"
        G.apply_index(s, index)
        changed = differences(before, snapshot(kept))
        assert not changed, f"decision {decisions}: a move in the original changed a copy's {changed}"
    assert decisions == limit or s.over


def test_a_trick_tried_in_a_copy_stays_out_of_the_real_trick():
    """The bug as the greedy bot met it: the second player's card is tried in copies, then the real
    trick goes on and must be won by the best card actually played."""
    rules = rules_of("rulesets/scotch-whist.yaml")
    s = G.new_game(rules, 4, 3)
    frame = next(f for f in reversed(s.stack) if f[1] == 1 and "trick_players" in f[2])
    G.apply_index(s, 0)                      # the leader plays
    for i in range(len(s.pending.actions)):  # every answer tried in a copy, to the end of the trick
        trial = s.clone()
        G.apply_index(trial, i)
        _random_moves(trial, random.Random(i), 2)
    assert len(frame[2]["trick_players"]) == 1
    assert s.z[rules.zones["trick"].index] and len(s.z[rules.zones["trick"].index]) == 1
