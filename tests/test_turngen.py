"""A `turns` block's step written out as one generated function (engine/turngen.py) plays what
Turns.step plays: turns with one step or several (a turn stopped part way by a choice goes on), an
`until` or `next` that cannot be worked out, and the turn limit, each played seven ways by the review
harness (tests/test_review_unseen.py), closures only among them, with equal outcomes and errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine.turns import Turns
from tests.test_review_unseen import _compare, _load

BASE = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"

VARIANT = """extends: %s
state:
  who: {type: player, initial: none, scope: hand}
  passes: {initial: 0, scope: hand}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - turns:
      first: left_of(dealer)
%s
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""

ONE_CHOICE = """
        - choose:
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
                  - add: {passes: 1}"""

CASES = {
    # the body is the choice alone (entered directly)
    "one step": ("until: passes >= 3\n      next: left_of(current)\n      do:" + ONE_CHOICE, None),
    # the body is several steps, two of them choices: a turn stops part way and goes on
    "several steps": ("until: passes >= 4 or turn_number >= 12\n      next: left_of(current, 2) if passes == 1 "
                      "else left_of(current)\n      do:\n        - add: {\"score[current]\": 0}" + ONE_CHOICE
                      + ONE_CHOICE.replace("swap", "change").replace("pass:", "hold:"), None),
    "until fails": ("until: score[who] > 0\n      do:" + ONE_CHOICE, "'who' is none, so 'score[who]' has no value"),
    "next fails": ("until: passes >= 3\n      next: left_of(current, score[who])\n      do:" + ONE_CHOICE,
                   "'who' is none, so 'score[who]' has no value"),
    "turn limit": ("until: passes >= 99\n      limit: 7\n      do:" + ONE_CHOICE, "no end after 7 turns (the turn limit)"),
}


def _path(tmp_path, name):
    path = tmp_path / f"{name.replace(' ', '-')}.yaml"
    path.write_text(VARIANT % (BASE, "      " + CASES[name][0]), encoding="utf-8")
    return path


def _turns(rules):
    seen, out, todo = set(), [], [rules.program]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Turns):
            out.append(node)
        todo += list(getattr(node, "children", ()))
        todo += [getattr(node, a, None) for a in ("then", "other", "body", "hand", "setup", "target")]
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_a_generated_turn_step_plays_what_the_plain_one_plays(tmp_path, name):
    path = _path(tmp_path, name)
    fast, plain = _load(path), _load(path, plain=True)
    blocks = _turns(fast)
    assert blocks and all(hasattr(block.step, "source") for block in blocks), "the step is generated"
    outcomes = [_compare(fast, plain, n, seed, name) for n in (2, 3, 4) for seed in range(6)]
    errors = [o[1] for o in outcomes if o[0] == "error"]
    expected = CASES[name][1]
    if expected is None:
        assert not errors, errors[:2]
        assert all(sum(a[0] != "play" for _, a in o[4]) > 3 for o in outcomes), "turns were taken"
    else:
        assert len(errors) == len(outcomes), "every game stops in the turns"
        assert all(expected in e and f"{path}:" in e for e in errors), errors[:2]


def test_without_generated_code_the_step_is_not_written_out(tmp_path, monkeypatch):
    monkeypatch.setattr(fold, "GENERATE", False)
    rules = _load(_path(tmp_path, "one step"))
    assert all("step" not in vars(block) for block in _turns(rules))
