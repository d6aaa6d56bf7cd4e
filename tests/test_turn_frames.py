"""Turns run a body of several steps from their own frame, and a sequence of one step is that step
(engine/turns.py, engine/fold.py): the steps run in the same order, a turn pauses where the body
pauses, and the machine keeps one frame fewer while a player decides."""
from __future__ import annotations

import pytest

from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.engine.turns import Turns
from interpreter.ruleset.loader import load_ruleset

RULES = """\
name: Turn Frames
players: {count: [3], default: 3}
pack:
  ranks: ["9", "10", J, Q, K, A]
  suits: [clubs, diamonds, hearts, spades]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
  log: {type: list, initial: "[]"}
  asked: {initial: 0}
hand:
  - gather: {from: [hand], to: stock}
  - deal: {from: stock, to: hand, count: 2}
  - turns:
      first: left_of(dealer)
      until: turn_number >= 5
      do:
        - set: {log: "log + [current * 10]"}
        - repeat:
            until: asked % 2 == 0
            do:
              - choose:
                  player: current
                  moves:
                    low:
                      do:
                        - add: {asked: 1}
                    high:
                      do:
                        - set: {asked: 0}
                        - add: {"score[current]": turn_number}
        - set: {log: "log + [current * 10 + turn_number]"}
        - if: "turn_number == 4"
          then:
            - add: {"score[current]": 100}
end:
  after_hand: true
  winners: argmax(players, p => score[p])
  score: score[p]
"""


@pytest.fixture(params=[True, False], ids=["generated", "closures"])
def rules(request, tmp_path, monkeypatch):
    monkeypatch.setattr(fold, "GENERATE", request.param)
    path = tmp_path / "turn-frames.yaml"
    path.write_text(RULES, encoding="utf-8")
    result = load_ruleset(str(path))
    assert result.ok, "\n".join(d.format() for d in result.diagnostics)
    return result.rules


def _var(s, name):
    return s.v[s.rules.vars[name].index]


def test_steps_of_a_turn_run_in_order_around_the_pauses(rules):
    s = G.new_game(rules, seed=1)
    # choices: low (asked odd: the repeat asks again), high, then high every turn
    script = ["low", "high", "high", "high", "high", "high"]
    depths = []
    for name in script:
        assert s.pending is not None
        depths.append(len(s.stack))
        G.apply(s, (name, None))
    assert s.over
    # each turn logs current*10 before its choices and current*10 + turn after them
    assert _var(s, "log") == [10, 11, 20, 22, 0, 3, 10, 14, 20, 25]
    # score: turn number for each high (turn 1 by seat 1, ...), and 100 on turn 4 (seat 1)
    assert _var(s, "score") == [3, 1 + 4 + 100, 2 + 5]
    assert s.turns == 5
    # at a decision: the game loop, the hand, the turns, the repeat and the choice (no frame for the
    # turn's sequence, none for the repeat's one-step body)
    assert set(depths) == {5}, depths


def test_a_turn_that_ends_the_game_stops_at_once(tmp_path):
    text = RULES.replace("            - add: {\"score[current]\": 100}",
                         "            - end_game: {winners: \"[current]\"}\n            - set: {log: \"[]\"}")
    path = tmp_path / "turn-end.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path)).rules
    s = G.new_game(rules, seed=1)
    for name in ["high"] * 4:
        G.apply(s, (name, None))
    assert s.over and s.winners == [1]
    assert _var(s, "log") == [10, 11, 20, 22, 0, 3, 10, 14]     # the step after end_game never ran
    assert s.turns == 4          # the fourth turn, which ended the game, counts (test_review_layouts.py)


def test_the_turn_block_keeps_its_place_in_the_body(rules):
    s = G.new_game(rules, seed=1)
    turns = [f for f in s.stack if isinstance(f[0], Turns)]
    assert len(turns) == 1 and turns[0][3] == 2     # paused inside the body's second step
