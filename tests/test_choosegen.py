"""A choice written out as one generated function (engine/choosegen.py) plays what Choose.enter plays.

Every shape of move (one action with or without a legal test, options with no test, a test that does
not read the option, a test that does) and every way a choice can fail (an expression that cannot be
worked out, a chooser who is not a seat, no legal move) is played seven ways by the review harness
(tests/test_review_unseen.py: engine answering, stops, step by step, logged, the rules check, and
closures only, where no choice is generated), and the outcomes, errors included, must be equal.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine.vm import Choose
from tests.test_review_unseen import _compare, _load

BASE = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"

# a variant of tiny-base: a choice by `chooser` before the tricks; %s is the moves
VARIANT = """extends: %s
state:
  who: {type: player, initial: none, scope: hand}
  level: {initial: 0, scope: hand}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - choose:
      player: %s
      moves:
%s
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""

EVERY_SHAPE = """
        raise:
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

CASES = {
    "every shape": ("dealer", EVERY_SHAPE),
    "options fail": ("dealer", """
        bid:
          options: range(0, score[who])
          as: x
        hold:
"""),
    "legal fails": ("dealer", """
        bid:
          options: range(0, 3)
          as: x
          legal: score[who] > x
        hold:
"""),
    "single legal fails": ("dealer", """
        hold:
          legal: score[who] > 1
"""),
    "chooser is no seat": ("who", EVERY_SHAPE),
    "no legal move": ("dealer", """
        bid:
          options: range(0, 3)
          as: x
          legal: x > count(hand[dealer])
        hold:
          legal: count(stock) > 99
"""),
}


def _path(tmp_path, name):
    player, moves = CASES[name]
    path = tmp_path / f"{name.replace(' ', '-')}.yaml"
    path.write_text(VARIANT % (BASE, player, moves), encoding="utf-8")
    return path


def _chooses(rules):
    """The Choose nodes of the hand's program."""
    seen, out, todo = set(), [], [rules.program]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Choose):
            out.append(node)
            todo += [move[4] for move in node.moves]
        todo += list(getattr(node, "children", ()))
        todo += [getattr(node, a, None) for a in ("then", "other", "body", "hand", "setup", "target")]
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_a_generated_choice_plays_what_the_plain_one_plays(tmp_path, name):
    path = _path(tmp_path, name)
    fast, plain = _load(path), _load(path, plain=True)
    chooses = _chooses(fast)
    assert chooses and all(hasattr(node.enter, "source") for node in chooses), "the choice is generated"
    outcomes = [_compare(fast, plain, n, seed, name) for n in (2, 3, 4) for seed in range(6)]
    errors = [o[1] for o in outcomes if o[0] == "error"]
    if name == "every shape":
        assert not errors
        # every move was played somewhere
        played = {action[0] for o in outcomes for _, action in o[4]}
        assert {"raise", "drop", "give", "hold", "nothing", "play"} <= played, played
    else:
        assert len(errors) == len(outcomes), "every game stops at the choice"
        unset = "'who' is none, so 'score[who]' has no value"
        expected = {"options fail": unset, "legal fails": unset, "single legal fails": unset,
                    "chooser is no seat": "the player who chooses is None, not a seat from 0 to",
                    "no legal move": "a player has no legal move"}[name]
        assert all(expected in e and f"{path}:" in e for e in errors), errors[:2]


def test_without_generated_code_the_choice_is_not_written_out(tmp_path, monkeypatch):
    monkeypatch.setattr(fold, "GENERATE", False)
    rules = _load(_path(tmp_path, "every shape"))
    assert all("enter" not in vars(node) for node in _chooses(rules))
