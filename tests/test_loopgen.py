"""The step of a loop that can stop for a decision, written out per loop (engine/loopgen.py), plays
what While.step and the repeat-until step play: `repeat: until` and `repeat: while` around a choice,
a condition that cannot be worked out, and the loop limit, each played seven ways by the review
harness (tests/test_review_unseen.py), closures only among them, with equal outcomes and errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine.vm import While
from tests.test_review_unseen import _compare, _load

BASE = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"

VARIANT = """extends: %s
state:
  who: {type: player, initial: none, scope: hand}
  swaps: {initial: 0, scope: hand}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - repeat:
%s
      do:
        - choose:
            player: left_of(dealer, swaps)
            moves:
              swap:
                options: hand[left_of(dealer, swaps)]
                as: c
                legal: plain(c) < 4
                do:
                  - move: {cards: c, from: "hand[left_of(dealer, swaps)]", to: stock}
                  - move: {cards: "first(stock)", from: stock, to: "hand[left_of(dealer, swaps)]"}
              keep:
        - add: {swaps: 1}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""

CASES = {
    "until": ("until: swaps >= 5", None),
    "while": ("while: swaps < player_count + 1", None),
    "until fails": ("until: score[who] > 0", "'who' is none, so 'score[who]' has no value"),
    "while fails": ("while: score[who] > 0", "'who' is none, so 'score[who]' has no value"),
    "until limit": ("until: swaps > 99\n      limit: 6", "a loop ran 6 times without ending"),
    "while limit": ("while: swaps < 99\n      limit: 6", "a loop ran 6 times without ending"),
}


def _path(tmp_path, name):
    path = tmp_path / f"{name.replace(' ', '-')}.yaml"
    path.write_text(VARIANT % (BASE, "      " + CASES[name][0]), encoding="utf-8")
    return path


def _loops(rules):
    seen, out, todo = set(), [], [rules.program]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, While):
            out.append(node)
        todo += list(getattr(node, "children", ()))
        todo += [getattr(node, a, None) for a in ("then", "other", "body", "hand", "setup", "target")]
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_a_generated_loop_step_plays_what_the_plain_one_plays(tmp_path, name):
    path = _path(tmp_path, name)
    fast, plain = _load(path), _load(path, plain=True)
    loops = _loops(fast)
    assert loops and all(hasattr(loop.step, "source") for loop in loops), "the step is generated"
    outcomes = [_compare(fast, plain, n, seed, name) for n in (2, 3, 4) for seed in range(6)]
    errors = [o[1] for o in outcomes if o[0] == "error"]
    expected = CASES[name][1]
    if expected is None:
        assert not errors, errors[:2]
        assert all(sum(a[0] in ("swap", "keep") for _, a in o[4]) >= 4 for o in outcomes), "the loop ran"
    else:
        assert len(errors) == len(outcomes), "every game stops in the loop"
        assert all(expected in e and f"{path}:" in e for e in errors), errors[:2]


def test_without_generated_code_the_step_is_not_written_out(tmp_path, monkeypatch):
    monkeypatch.setattr(fold, "GENERATE", False)
    rules = _load(_path(tmp_path, "until"))
    assert all("step" not in vars(loop) for loop in _loops(rules))
