"""A `choose` step answered where it is made (vm.Choose.enter, while engine/autoplay.py plays) plays
the games that pausing at every choice plays: the same draws, the same moves, the same errors, and
the same Choice whenever play stops at it."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine.autoplay import play_picked, random_picker
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import ROOT

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"

# Each turn the player to move chooses among moves of every kind enter() knows: a single action
# with a test, options with a test that reads the option (asked per option), options with a test
# that does not (asked once), options without a test.  `stop` ends the game; the step after the
# choice must then not run.
GAME = """
state:
  after: {initial: 0}
  total: {initial: 0}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - turns:
      until: "false"
      do:
        - choose:
            player: current
            moves:
              stop:
                legal: total > 3
                do: [{end_game: {when: "true"}}]
              discard:
                options: hand[current]
                as: card
                legal: card.suit != hearts or total > 1
                do: [{move: {cards: card, to: trick}}]
              bid:
                options: range(total + 1, total + 3)
                as: amount
                legal: count(hand[current]) > 1
                do: [{set: {total: amount}}]
              wait:
                options: "[1, 2]"
                as: n
                do: [{add: {"score[current]": n}}]
        - add: {after: 1}
"""


def _rules(tmp_path):
    path = Path(tmp_path) / "game.yaml"
    path.write_text(f"extends: {BASE}\n" + GAME, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.rules


def _one_by_one(s, rngs):
    while not s.over:
        choice = s.pending
        G.apply_index(s, rngs[choice.player].randrange(len(choice.actions)))


def test_nothing_after_a_choice_that_ends_the_game_runs_either_way(tmp_path):
    rules = _rules(tmp_path)
    after = rules.vars["after"].index
    for seed in range(30):
        a, b = G.new_game(rules, 3, seed), G.new_game(rules, 3, seed)
        play_picked(a, [random_picker(random.Random(seed))] * 3)
        rng = random.Random(seed)
        _one_by_one(b, [rng] * 3)
        assert a.over and b.over
        assert a.history == b.history and a.v == b.v and a.z == b.z
        moves = [action[0] for _, action in a.history]
        assert moves[-1] == "stop"
        assert a.v[after] == len(moves) - 1        # every turn but the one that ended the game


def test_every_kind_of_move_gives_the_actions_enter_gives(tmp_path):
    rules = _rules(tmp_path)
    kinds = set()
    for seed in range(40):
        a, b = G.new_game(rules, 3, seed), G.new_game(rules, 3, seed)
        # seat 1 decides for itself: the engine must stop there, with the Choice enter() makes
        a_seat, b_seat = random.Random(100 + seed), random.Random(100 + seed)
        a_rest, b_rest = random.Random(seed), random.Random(seed)
        pickers = [random_picker(a_rest), None, random_picker(a_rest)]
        while True:
            play_picked(a, pickers)
            while len(b.history) < len(a.history):        # the reference, one choice at a time
                rng = b_seat if b.pending.player == 1 else b_rest
                G.apply_index(b, rng.randrange(len(b.pending.actions)))
            assert (a.over, a.history, a.v, a.z) == (b.over, b.history, b.v, b.z)
            if a.over:
                break
            assert a.pending.player == b.pending.player == 1
            assert a.pending.actions == b.pending.actions and a.pending.handlers == b.pending.handlers
            assert a.pending.label == b.pending.label and a.stack[-1][0] is b.stack[-1][0]
            kinds.update(name for name, _ in a.pending.actions)
            G.apply_index(a, a_seat.randrange(len(a.pending.actions)))
    assert kinds == {"stop", "discard", "bid", "wait"}


@pytest.mark.parametrize("name", ["escalation", "escalative", "escalative-points"])
def test_the_decision_limit_in_a_choose_step_is_the_same_error(name, monkeypatch):
    rules = load_ruleset(str(bundled_rulesets()[name])).rules
    monkeypatch.setattr(rules, "max_turns", 3)                 # 12 decisions
    n = rules.default_players
    errors = []
    for seed in range(3):
        for play in ("picked", "one by one"):
            s = G.new_game(rules, n, seed)
            rng = random.Random(seed)
            with pytest.raises(G.GameError) as info:
                if play == "picked":
                    play_picked(s, [random_picker(rng)] * n)
                else:
                    _one_by_one(s, [rng] * n)
            errors.append((str(info.value), info.value.where, len(s.history)))
        assert errors[-1] == errors[-2]
        assert "decision limit" in errors[-1][0] and errors[-1][2] == 12


# Control steps that go on in their own loop while what they enter is done at once (vm.done_at_once):
# a for_each of choices, turns whose body repeats a choice, and a move whose steps hold a choice of
# their own (a frame left on the stack: the loops must hand back to run()).  Seat 1 may decide for
# itself, so play also stops inside each of them.
LOOPS = """
state:
  total: {initial: 0}
  done: {type: boolean, initial: false}
  score: {per: player, initial: 0}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - set: {total: 0}
  - for_each:
      in: players
      as: p
      do:
        - choose:
            player: p
            moves:
              pass: {legal: "true"}
              bid:
                options: range(1, 3)
                as: n
                do: [{add: {total: n}}]
  - turns:
      until: count(hand[current]) == 0 or total > 40
      do:
        - set: {done: false}
        - repeat:
            until: done
            do:
              - choose:
                  player: current
                  moves:
                    play:
                      options: hand[current]
                      as: card
                      do:
                        - move: {cards: card, from: "hand[current]", to: trick}
                        - set: {done: true}
                    ask:
                      legal: total < 6
                      do:
                        - add: {total: 1}
                        - choose:
                            player: left_of(current)
                            moves:
                              "yes": {do: [{add: {"score[current]": 1}}]}
                              "no": {legal: "true"}
        - add: {total: 1}
  - for_each:
      in: players
      as: p
      do:
        - add: {"score[p]": "count(won[p]) + total"}
"""


def test_loops_that_go_on_at_once_play_the_same_games(tmp_path):
    path = Path(tmp_path) / "loops.yaml"
    path.write_text(f"extends: {BASE}\n" + LOOPS, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rules = loaded.rules
    stops, moves = 0, set()
    for seed in range(40):
        a, b = G.new_game(rules, 3, seed), G.new_game(rules, 3, seed)
        a_seat, b_seat = random.Random(100 + seed), random.Random(100 + seed)
        a_rest, b_rest = random.Random(seed), random.Random(seed)
        pickers = [random_picker(a_rest), None if seed % 2 else random_picker(a_rest), random_picker(a_rest)]
        while True:
            play_picked(a, pickers)
            while len(b.history) < len(a.history):        # the reference, one choice at a time
                rng = b_seat if b.pending.player == 1 and seed % 2 else b_rest
                G.apply_index(b, rng.randrange(len(b.pending.actions)))
            assert (a.over, a.history, a.v, a.z, a.turns) == (b.over, b.history, b.v, b.z, b.turns)
            if a.over:
                break
            assert a.pending.player == b.pending.player == 1
            assert a.pending.actions == b.pending.actions
            assert [f[:2] for f in a.stack] == [f[:2] for f in b.stack]
            stops += 1
            G.apply_index(a, a_seat.randrange(len(a.pending.actions)))
        moves |= {action[0] for _, action in a.history}
    assert {"pass", "bid", "play", "ask", "yes", "no"} <= moves
    assert stops > 100
