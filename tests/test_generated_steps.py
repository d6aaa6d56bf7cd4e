"""The steps written out as one generated function each play what the machine's own methods play.

- a `choose` step's enter (engine/choosegen.py): every shape of move (one action with or without a
  legal test, options with no test, a test that does not read the option, a test that does), and
  every way a choice fails (an expression that cannot be worked out, a chooser who is not a seat, no
  legal move);
- a `turns` block's step (engine/turngen.py): a body of one step or of several (a turn stopped part
  way by a choice goes on), an `until` or `next` that fails, the turn limit;
- the step of a `repeat` that can stop for a decision (engine/loopgen.py): until and while, a
  condition that fails, the loop limit.

Each variant of tests/broken/parents/tiny-base.yaml is played seven ways by the review harness
(tests/test_review_unseen.py: the engine answering, its stops, step by step, logged, under the rules
check, and closures only, where nothing is generated), and the outcomes, errors included, must agree.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine.turns import Turns
from interpreter.engine.vm import Choose, While
from tests.test_review_unseen import _compare, _load

BASE = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"

# the hand of every variant: a deal, the steps of the case, the tricks
VARIANT = """extends: %s
state:
  who: {type: player, initial: none, scope: hand}
  level: {initial: 0, scope: hand}
  passes: {initial: 0, scope: hand}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
%s
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""

UNSET = "'who' is none, so 'score[who]' has no value"


def _choice(player, moves):
    return f"  - choose:\n      player: {player}\n      moves:\n{moves}"


EVERY_SHAPE = """        raise:
          options: range(level + 1, 6)
          as: x
          do:
            - set: {level: x}
        drop:
          options: hand[dealer]
          as: c
          legal: plain(c) >= 4
          do:
            - move: {cards: c, from: "hand[dealer]", to: stock}
            - move: {cards: "first(stock)", from: stock, to: "hand[dealer]"}
        give:
          options: players
          as: p
          legal: count(stock) > 10
          do:
            - add: {"score[p]": 1}
        hold:
          legal: level == 0
        nothing:
"""

# a turn's choice: swap a low card with the stock's first, or pass
TURN = """        - choose:
            player: current
            moves:
              swap:
                options: hand[current]
                as: c
                legal: plain(c) < 3
                do:
                  - move: {cards: c, from: "hand[current]", to: stock}
                  - move: {cards: "first(stock)", from: stock, to: "hand[current]"}
              pass:
                do:
                  - add: {passes: 1}
"""


def _turns(settings, body=TURN):
    return "  - turns:\n      first: left_of(dealer)\n" + "".join(f"      {line}\n" for line in settings) + \
        "      do:\n" + body


def _repeat(settings):
    return "  - repeat:\n" + "".join(f"      {line}\n" for line in settings) + "      do:\n" + \
        TURN.replace("current", "left_of(dealer, level)").replace("add: {passes: 1}", "add: {level: 0}") + \
        "        - add: {level: 1}\n"


# name -> (the case's steps, the kind of node generated, its generated method, the error every game
# ends with or None, the moves that games without an error must have made)
CASES = {
    "choice of every shape": (_choice("dealer", EVERY_SHAPE), Choose, "enter", None,
                              {"raise", "drop", "give", "hold", "nothing"}),
    "choice options fail": (_choice("dealer", "        bid:\n          options: range(0, score[who])\n"
                                    "          as: x\n        hold:\n"), Choose, "enter", UNSET, None),
    "choice legal fails": (_choice("dealer", "        bid:\n          options: range(0, 3)\n          as: x\n"
                                   "          legal: score[who] > x\n        hold:\n"), Choose, "enter", UNSET, None),
    "choice single legal fails": (_choice("dealer", "        hold:\n          legal: score[who] > 1\n"),
                                  Choose, "enter", UNSET, None),
    "chooser is no seat": (_choice("who", EVERY_SHAPE), Choose, "enter",
                           "the player who chooses is none, not a seat from 0 to", None),
    "no legal move": (_choice("dealer", "        bid:\n          options: range(0, 3)\n          as: x\n"
                              "          legal: x > count(hand[dealer])\n        hold:\n"
                              "          legal: count(stock) > 99\n"), Choose, "enter", "has no legal move",
                      None),
    # the body is the choice alone (entered directly)
    "turns of one step": (_turns(["until: passes >= 3", "next: left_of(current)"]), Turns, "step", None,
                          {"swap", "pass"}),
    # several steps, two of them choices: a turn stops part way and goes on
    "turns of several steps": (_turns(["until: passes >= 4 or turn_number >= 12",
                                       "next: left_of(current, 2) if passes == 1 else left_of(current)"],
                                      '        - add: {"score[current]": 0}\n' + TURN
                                      + TURN.replace("swap", "change").replace("pass:", "hold:")),
                               Turns, "step", None, {"swap", "pass", "change", "hold"}),
    "turns until fails": (_turns(["until: score[who] > 0"]), Turns, "step", UNSET, None),
    "turns next fails": (_turns(["until: passes >= 3", "next: left_of(current, score[who])"]), Turns, "step",
                         UNSET, None),
    "turn limit": (_turns(["until: passes >= 99", "limit: 7"]), Turns, "step",
                   "no end after 7 turns (the turn limit)", None),
    "repeat until": (_repeat(["until: level >= 5"]), While, "step", None, {"swap", "pass"}),
    "repeat while": (_repeat(["while: level < player_count + 1"]), While, "step", None, {"swap", "pass"}),
    "repeat until fails": (_repeat(["until: score[who] > 0"]), While, "step", UNSET, None),
    "repeat while fails": (_repeat(["while: score[who] > 0"]), While, "step", UNSET, None),
    "repeat until limit": (_repeat(["until: level > 99", "limit: 6"]), While, "step",
                           "a loop ran 6 times without ending", None),
    "repeat while limit": (_repeat(["while: level < 99", "limit: 6"]), While, "step",
                           "a loop ran 6 times without ending", None),
}


def _path(tmp_path, name):
    path = tmp_path / f"{name.replace(' ', '-')}.yaml"
    path.write_text(VARIANT % (BASE, CASES[name][0]), encoding="utf-8")
    return path


def nodes_of(rules, kind):
    """The nodes of class `kind` in the rules' program."""
    seen, out, todo = set(), [], [rules.program]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, kind):
            out.append(node)
        todo += [move[4] for move in getattr(node, "moves", ())]
        todo += list(getattr(node, "children", ()))
        todo += [getattr(node, a, None) for a in ("then", "other", "body", "hand", "setup", "target")]
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_a_generated_step_plays_what_the_plain_one_plays(tmp_path, name):
    _, kind, method, expected, moves = CASES[name]
    path = _path(tmp_path, name)
    fast, plain = _load(path), _load(path, plain=True)
    nodes = nodes_of(fast, kind)
    assert nodes and all(hasattr(getattr(node, method), "source") for node in nodes), "the step is generated"
    outcomes = [_compare(fast, plain, n, seed, name) for n in (2, 3, 4) for seed in range(6)]
    errors = [o[1] for o in outcomes if o[0] == "error"]
    if expected is None:
        assert not errors, errors[:2]
        played = {action[0] for o in outcomes for _, action in o[4]}
        assert moves <= played, played           # every move was made somewhere
    else:
        assert len(errors) == len(outcomes), "every game stops at the step"
        assert all(expected in e and f"{path}:" in e for e in errors), errors[:2]


@pytest.mark.parametrize("name", ["choice of every shape", "turns of one step", "repeat until"])
def test_without_generated_code_nothing_is_written_out(tmp_path, monkeypatch, name):
    _, kind, method, _, _ = CASES[name]
    monkeypatch.setattr(fold, "GENERATE", False)
    rules = _load(_path(tmp_path, name))
    nodes = nodes_of(rules, kind)
    assert nodes and all(method not in vars(node) for node in nodes)
