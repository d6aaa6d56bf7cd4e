"""The engine answering random seats itself (engine/autoplay.py) plays exactly the games that answering
every decision one at a time plays: same records, same stops, same errors, same log."""
from __future__ import annotations

import random

import pytest

from interpreter.bots.base import RandomBot
from interpreter.engine import game as G
from interpreter.engine.autoplay import play_picked, random_picker
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.play import play_game

RULESETS = sorted(bundled_rulesets())


def _rules(name, **options):
    return load_ruleset(str(bundled_rulesets()[name]), options).rules


def _bots(rules):
    """Random play never ends a rummy game: there a priority bot sits beside the random ones."""
    return ["priority", "random"] if (rules.data.get("bots") or {}).get("prefer") else ["random"]


def _one_by_one(s, rng, stop):
    """The reference: every decision through game.apply_index, with rng.randrange."""
    while not s.over and not stop(s):
        G.apply_index(s, rng.randrange(len(s.pending.actions)))


def _snapshot(s):
    return (s.over, s.hand_no, s.turns, s.tricks, list(s.history), repr(s.z), repr(s.v),
            None if s.pending is None else (s.pending.player, list(s.pending.actions)))


@pytest.mark.parametrize("name", RULESETS)
def test_records_are_the_same_with_and_without_autoplay(name, monkeypatch):
    rules = _rules(name)
    bots = _bots(rules)
    games = 1 if bots[0] == "priority" else 4
    fast = [play_game(rules, rules.default_players, seed, bots) for seed in range(games)]
    monkeypatch.setattr(RandomBot, "picker", lambda self: None)     # every decision through the loop
    slow = [play_game(rules, rules.default_players, seed, bots) for seed in range(games)]
    assert fast == slow


@pytest.mark.parametrize("name", ["scotch-whist", "scalade", "escalation", "escalative", "hearts", "euchre"])
def test_every_stop_leaves_the_game_where_one_by_one_play_does(name):
    rules = _rules(name)
    n = rules.default_players
    stops = [
        ("hand", lambda s: dict(hand=s.hand_no), lambda s0: (lambda s: s.hand_no != s0.hand_no)),
        ("trick", lambda s: dict(tricks=s.tricks), lambda s0: (lambda s: s.tricks != s0.tricks)),
        ("turn", lambda s: dict(turns=s.turns), lambda s0: (lambda s: s.turns != s0.turns)),
        ("moves", lambda s: dict(moves=7), lambda s0: (lambda s: len(s.history) >= len(s0.history) + 7)),
        ("game", lambda s: {}, lambda s0: (lambda s: False)),
    ]
    for seed in range(3):
        start = G.new_game(rules, n, seed)
        for label, kwargs, stop in stops:
            a, b = start.clone(), start.clone()
            for _ in range(4):                   # several stretches in a row
                if a.over:
                    break
                r1, r2 = random.Random(seed * 10 + _), random.Random(seed * 10 + _)
                play_picked(a, [random_picker(r1)] * n, **kwargs(a))
                _one_by_one(b, r2, stop(b.clone()))
                assert _snapshot(a) == _snapshot(b), (name, seed, label)
                assert r1.getstate() == r2.getstate()


def test_a_seat_without_a_picker_stops_the_engine_at_its_decision():
    rules = _rules("scotch-whist")
    s = G.new_game(rules, 4, 2)
    rng = random.Random(1)
    pickers = [random_picker(rng), random_picker(rng), None, random_picker(rng)]
    asked = 0
    while not s.over:
        play_picked(s, pickers)
        if s.over:
            break
        assert s.pending.player == 2
        asked += 1
        G.apply_index(s, 0)
    assert asked > 0 and s.over


def test_the_decision_limit_is_the_same_error_either_way(monkeypatch):
    rules = _rules("scotch-whist")
    monkeypatch.setattr(rules, "max_turns", 5)           # 20 decisions
    errors = []
    for play in (lambda s, r: play_picked(s, [random_picker(r)] * 4),
                 lambda s, r: _one_by_one(s, r, lambda s: False)):
        s = G.new_game(rules, 4, 0)
        with pytest.raises(G.GameError) as info:
            play(s, random.Random(3))
        errors.append((str(info.value), len(s.history), s.turns))
    assert errors[0] == errors[1]
    assert "decision limit" in errors[0][0] and errors[0][1] == 20


def test_a_logged_game_writes_the_same_log():
    rules = _rules("scotch-whist")
    logs = []
    for play in (lambda s, r: play_picked(s, [random_picker(r)] * 4),
                 lambda s, r: _one_by_one(s, r, lambda s: False)):
        s = G.new_game(rules, 4, 4, log=True)
        play(s, random.Random(9))
        logs.append(s.events)
        assert sum(1 for e in s.events if e["event"] == "choice") == len(s.history)   # every decision logged
    assert logs[0] == logs[1]
    assert any(e["event"] == "trick" for e in logs[0])


def test_the_random_picker_draws_what_randrange_draws():
    a, b = random.Random(11), random.Random(11)
    pick = random_picker(a)
    assert pick is not a._randbelow                 # the written-out draw for the standard generator
    counts = list(range(1, 200)) + [2 ** k for k in range(1, 80)] + [2 ** 70 + 3, 10 ** 20, 1, 1, 2]
    assert [pick(n) for n in counts] == [b.randrange(n) for n in counts]
    assert a.getstate() == b.getstate()


def test_a_generator_with_its_own_draw_keeps_it():
    class Counting(random.Random):
        def _randbelow(self, n):
            return n - 1                            # a generator of another kind: its own rule

    pick = random_picker(Counting(3))
    assert [pick(n) for n in (1, 5, 9)] == [0, 4, 8]


@pytest.mark.parametrize("name", ["escalation", "scotch-whist"])
def test_a_stop_handled_in_place_sees_the_positions_returning_would_show(name):
    """at_stop is called exactly where play_picked would return for a trick or turn stop: the same
    zones, variables, history and counts.  The decision there may not be offered yet (a `choose` step
    asks the Autopilot before it makes its Choice), so the pending choice is not compared there."""
    rules = _rules(name)
    n = rules.default_players

    def next_stops(s):
        return (None if s.tricks else s.turns), s.tricks

    for seed in range(3):
        a, b = G.new_game(rules, n, seed), G.new_game(rules, n, seed)
        r1, r2 = random.Random(seed), random.Random(seed)
        seen_a, seen_b = [], []

        def at_stop(s):
            seen_a.append(_snapshot(s)[:-1])
            return next_stops(s)
        hand = a.hand_no
        play_picked(a, [random_picker(r1)] * n, hand, *next_stops(a), at_stop=at_stop)
        while not b.over and b.hand_no == hand:
            play_picked(b, [random_picker(r2)] * n, hand, *next_stops(b))
            if not b.over and b.hand_no == hand:
                seen_b.append(_snapshot(b)[:-1])
        assert seen_a == seen_b and len(seen_a) > 5
        assert _snapshot(a) == _snapshot(b)


SHORT_HAND = """
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - move: {cards: "last(hand[1])", from: "hand[1]", to: stock}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]", count: 5, follow: FOLLOW}
  - call: score_hand
"""


@pytest.mark.parametrize("follow", ["suit", 'card.rank != "9" or trick_number > 0'])
def test_a_player_without_a_card_is_the_same_error_either_way(tmp_path, follow):
    """Seat 1 holds a card fewer: in the fifth trick it has nothing to play, whether it leads or
    follows.  Played through by the engine or one decision at a time, the error is the same."""
    from tests.helpers import ROOT
    path = tmp_path / "short.yaml"
    base = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"
    path.write_text(f"extends: {base}\n" + SHORT_HAND.replace("FOLLOW", f"'{follow}'"), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    seen = set()
    for seed in range(12):
        errors = []
        for play in (lambda s, r: play_picked(s, [random_picker(r)] * 3),
                     lambda s, r: _one_by_one(s, r, lambda s: False)):
            s = G.new_game(loaded.rules, 3, seed)
            with pytest.raises(G.GameError) as info:
                play(s, random.Random(seed))
            errors.append((str(info.value), len(s.history), s.turns, s.tricks))
        assert errors[0] == errors[1]
        assert "player 1 has no card to play" in errors[0][0]
        seen.add(errors[0][1] % 3)          # where in the trick seat 1 was asked
    assert len(seen) > 1


@pytest.mark.parametrize("name", ["escalative", "hearts", "scotch-whist", "spades"])
def test_at_hand_sees_each_new_hand_where_a_hand_stop_would_stop(name):
    """play_picked with at_hand plays on through the hands, calling it where a hand stop returns: the
    same positions seen (hand, history, zones, variables), the same game in the end."""
    rules = _rules(name, **({"deals": 4} if name == "escalative" else {}))    # games of several hands
    n = rules.default_players
    hands = 0
    for seed in range(6):
        a, b = G.new_game(rules, n, seed), G.new_game(rules, n, seed)
        seen_a, seen_b = [], []

        def look(s):
            return (s.hand_no, len(s.history), repr(s.z), repr(s.v))
        r1, r2 = random.Random(seed), random.Random(seed)
        play_picked(a, [random_picker(r1)] * n, a.hand_no, at_hand=lambda s: seen_a.append(look(s)))
        while not b.over:
            play_picked(b, [random_picker(r2)] * n, b.hand_no)
            if not b.over:
                seen_b.append(look(b))
        assert seen_a == seen_b and len(seen_a) == a.hand_no - 1
        assert _snapshot(a) == _snapshot(b) and r1.getstate() == r2.getstate()
        hands += len(seen_a)
    assert hands > 0
