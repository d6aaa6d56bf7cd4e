"""Initial values of variables: a constant one is made without running its expression
(program.initial_value, used at the start of a game and of each hand).  The result must be what the
expression gives."""
import pytest

from interpreter.engine import game as G
from interpreter.engine.program import expression_value, initial_value, start_hand
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset

BUNDLED = bundled_rulesets()


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_constant_initial_values_are_what_their_expressions_give(name):
    rules = load_ruleset(str(BUNDLED[name])).rules
    for n in rules.player_counts:
        s = G.new_game(rules, n, 3)
        for info in rules.var_list:                 # game and hand scope alike
            assert initial_value(s, info) == expression_value(s, info), (name, info.name)
        start_hand(s)
        for info in rules.var_list:
            if info.scope == "hand":
                assert s.v[info.index] == expression_value(s, info), (name, info.name)


def test_lists_set_at_the_start_of_a_hand_are_not_shared():
    rules = load_ruleset(str(BUNDLED["scalade"])).rules
    info = rules.vars["climb"]
    assert info.fixed == ([], True)               # written `initial: "[]"`: set without its expression
    s = G.new_game(rules, 3, 1)
    start_hand(s)
    climbs = list(s.v[info.index].values())
    assert len({id(x) for x in climbs}) == len(climbs)
    climbs[0].append("9")
    start_hand(s)
    assert all(x == [] for x in s.v[info.index].values())
