"""The hand variables reset by one generated function per ruleset and player count (engine/program.py
_hand_reset) get the values initial_value gives them, fresh lists included."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine.program import initial_value, start_hand
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset

REVIEW = sorted((Path(__file__).resolve().parent / "rulesets_review").glob("*.yaml"))
PATHS = [str(p) for p in bundled_rulesets().values()] + [str(p) for p in REVIEW]


def _counts(rules):
    count = rules.data["players"]["count"]
    return count if isinstance(count, list) else [count]


@pytest.mark.parametrize("path", PATHS, ids=[Path(p).stem for p in PATHS])
def test_the_generated_reset_gives_every_hand_variable_its_initial_value(path):
    rules = load_ruleset(path).rules
    for n in _counts(rules):
        s = G.new_game(rules, n, 1)
        for info in rules.hand_vars:          # spoil every hand variable
            s.v[info.index] = "spoilt"
        start_hand(s)
        for info in rules.hand_vars:
            assert s.v[info.index] == initial_value(s, info), (info.name, n)
        # a list made for the hand is its own: changing it changes no other variable or later hand
        lists = [s.v[i.index] for i in rules.hand_vars if isinstance(s.v[i.index], (list, dict))]
        before = [repr(x) for x in lists]
        start_hand(s)
        again = [s.v[i.index] for i in rules.hand_vars if isinstance(s.v[i.index], (list, dict))]
        assert all(a is not b for a, b in zip(lists, again))
        for x in lists:
            if isinstance(x, list):
                x.append("changed")
        start_hand(s)
        assert [repr(s.v[i.index]) for i in rules.hand_vars if isinstance(s.v[i.index], (list, dict))] == before


def test_a_list_per_player_is_one_list_for_each_player(tmp_path):
    base = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"
    path = tmp_path / "lists.yaml"
    path.write_text(f"extends: {base}\nstate:\n  seen: {{per: player, type: list, initial: '[1, 2]', scope: hand}}\n"
                    "  marks: {per: suit, type: list, initial: '[]', scope: hand}\n"
                    "  count_of: {per: suit, initial: 0, scope: hand}\n", encoding="utf-8")
    rules = load_ruleset(str(path)).rules
    s = G.new_game(rules, 3, 1)
    start_hand(s)
    seen = s.v[rules.vars["seen"].index]
    marks = s.v[rules.vars["marks"].index]
    assert seen == [[1, 2]] * 3 and len({id(x) for x in seen}) == 3
    assert set(marks) == set(rules.universe.suits) and len({id(x) for x in marks.values()}) == len(marks)
    assert s.v[rules.vars["count_of"].index] == dict.fromkeys(rules.universe.suits, 0)
