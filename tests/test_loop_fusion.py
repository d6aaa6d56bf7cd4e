"""A `for_each` over `filter(...)` in generated steps tests each item inside the loop (stepgen.py),
but only when the loop's body changes nothing the filter reads: otherwise the filter is worked out
whole before the loop starts, as the closures do.  Games come out the same either way."""
import random
import re

import pytest

from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.engine.effects import fusable_filter
from interpreter.expr import compiler
from interpreter.expr.codegen import makes_new_list
from interpreter.ruleset.loader import load_ruleset
from tests.test_codegen import TINY, _functions

# After each hand: every player whose score is at most `x` gets a point, and `x` goes up by one.
# The body writes score and x; what the filter reads decides whether the loop may be fused.
LOOPS = {
    # reads `hand`, body writes score: fused
    "reads what the body leaves alone": ("filter(players, p => count(won[p]) >= 0)", "p", True),
    # reads score, which the body adds to: the filter is worked out first
    "reads a variable the body sets": ("filter(players, p => score[p] <= x)", "p", False),
    # reads x, which the body sets: worked out first
    "reads a number the body sets": ("filter(players, p => x == 0)", "p", False),
    # reads score[p] only, which the body sets at p only: fused, the players are all different
    "reads a variable at the item": ("filter(players, p => score[p] >= 0)", "p", True),
    # the same over a list naming a player twice: worked out first
    "reads at the item, items repeated": ("filter([0, 0, 1], p => score[p] == 0)", "p", False),
}
BODY = """\
  - for_each:
      in: "%s"
      as: %s
      do:
        - add: {"score[p]": 1}
        - set: {x: "x + 1"}"""


def _load(path, generate):
    with pytest.MonkeyPatch.context() as m:
        m.setattr(compiler, "GENERATE", generate)
        m.setattr(fold, "GENERATE", generate)
        return load_ruleset(str(path)).rules


def _play(rules, seed):
    s = G.new_game(rules, 3, seed)
    rng = random.Random(seed)
    while not s.over:
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return s.v, G.result(s)


@pytest.mark.parametrize("case", sorted(LOOPS))
def test_fused_or_not_the_loop_plays_as_the_closures_do(tmp_path, case):
    items, name, fused = LOOPS[case]
    path = tmp_path / "loop.yaml"
    path.write_text(TINY % (BODY % (items, name), ""), encoding="utf-8")
    generated = _load(path, True)
    source = "".join(getattr(f, "source", "") for f in _functions(generated))
    assert ("continue" in source) == fused, source
    closures = _load(path, False)
    for seed in range(4):
        assert _play(generated, seed) == _play(closures, seed)


def test_a_filter_whose_body_sets_what_it_reads_is_worked_out_first(tmp_path):
    """x starts at 0, so in the first hand `x == 0` chooses every player, although the body makes x 1
    after the first of them; in the second hand x is 3 and nobody is chosen.  Tested item by item,
    only the first player would score."""
    items, name, _ = LOOPS["reads a number the body sets"]
    path = tmp_path / "loop.yaml"
    path.write_text(TINY % (BODY % (items, name), ""), encoding="utf-8")
    rules = _load(path, True)
    s = G.new_game(rules, 3, 1)
    while not s.over:
        G.apply_index(s, 0)
    assert s.v[rules.vars["score"].index] == [1, 1, 1]
    assert s.v[rules.vars["x"].index] == 3


class _Key:
    """A key expression that is the local name `l` (its generated source reads it from e)."""
    source, consts = "e[_k9]", {"_k9": "l"}


class _Assign:
    def __init__(self, *indexes, key=None):
        self.ops = [(i, key, None, "", None) for i in indexes]


class _Zone:
    def __init__(self, source):
        self.source = source


class _Move:
    def __init__(self, src, tgt):
        self.move = (None, True, src and _Zone(src), _Zone(tgt), False)


@pytest.mark.parametrize("items, body, expected", [
    ("[_p1 for _p1 in range(s.n) if s.z[5][_p1]]", [_Assign(1)], ("range(s.n)", "_p1", "(s.z[5][_p1])")),
    ("[_p1 for _p1 in _k1 if s.z[5]]", [_Move("s.z[1]", "s.z[2][e[_k3]]")], ("_k1", "_p1", "(s.z[5])")),
    ("[_p1 for _p1 in _k1 if s.z[5]]", [_Move("s.z[1]", "s.z[5]")], None),     # moves cards into zone 5
    ("[_p1 for _p1 in _k1 if s.z[5]]", [_Move(None, "s.z[2]")], None),         # from anywhere
    ("[_p1 for _p1 in _k1 if s.v[5]]", [_Move(None, "s.z[2]")], ("_k1", "_p1", "(s.v[5])")),
    ("[_p1 for _p1 in _k1 if (s.v[3][_p1] > 0)]", [_Assign(4)], ("_k1", "_p1", "(s.v[3][_p1] > 0)")),
    ("[_p1 for _p1 in _k1 if (s.v[3][_p1] > 0)]", [_Assign(3)], None),          # the body sets v[3]
    ("[_p1 for _p1 in s.z[2] if (_k4[_p1] > 0)]", [_Assign(3)], ("s.z[2]", "_p1", "(_k4[_p1] > 0)")),
    ("[_p1 for _p1 in _k1 if _k2(s, _p1)]", [_Assign(4)], None),               # a helper given the state
    ("[_p1 + 1 for _p1 in _k1 if _p1]", [], None),                              # not a plain filter
    ("[_p1 for _p1 in _k1 if _p1 if _p1]", [], None),
    ("[_p1 for _p1 in _k1]", [], None),
    ("_k1", [], None),
    ("[_p1 for _p1 in _k1 if s.v[1]]", [object()], None),                      # a step it cannot read
])
def test_which_filters_are_fused(items, body, expected):
    assert fusable_filter(items, body, "l", {"_k1": ["a", "b"]}) == expected


AT_ITEM = "[_p1 for _p1 in _k1 if (len(s.v[5][_p1]) > 0)]"


@pytest.mark.parametrize("items, body, consts, fused", [
    (AT_ITEM, [_Assign(5, key=_Key())], {"_k1": ["a", "b"]}, True),       # climb[l] set, climb[l] read
    (AT_ITEM, [_Assign(5, key=_Key())], {"_k1": ["a", "a"]}, False),      # an item twice
    (AT_ITEM, [_Assign(5)], {"_k1": ["a", "b"]}, False),                  # the whole variable set
    (AT_ITEM, [_Assign(5, key=_Key()), _Assign(5)], {"_k1": ["a", "b"]}, False),
    ("[_p1 for _p1 in _k1 if (s.v[5][_k2] > 0)]", [_Assign(5, key=_Key())], {"_k1": ["a", "b"]}, False),
    ("[_p1 for _p1 in range(s.n) if s.v[5][_p1]]", [_Assign(5, key=_Key())], {}, True),
])
def test_a_variable_set_at_the_loop_item_may_be_read_at_each_item(items, body, consts, fused):
    """The test for item k reads only k's entry, which the body changes only while at item k."""
    assert (fusable_filter(items, body, "l", consts) is not None) is fused


@pytest.mark.parametrize("source, new", [
    ("[1, 2]", True), ("[_p1 for _p1 in _k1]", True), ("list(_k1)", True), ("sorted(s.z[1])", True),
    ("_k1", False), ("s.z[1]", False), ("list(_k1)[1:]", False), ("[1][0]", False), ("listing(_k1)", False),
])
def test_which_sources_make_a_new_list(source, new):
    """A loop over a new list is not copied first; anything else may be changed by the body."""
    assert makes_new_list(source) is new


# A loop whose body passes `e` on (`reveal` is called as a step, and reads p through its closure):
# the name is bound in `e` just before, and only there.
REVEAL = """\
  - for_each:
      in: players
      as: p
      do:
        - add: {"score[p]": "count(won[p])"}
        - if: "count(hand[p]) > 0"
          then:
            - reveal: "first(hand[p])"
        - for_each:
            in: players
            as: q
            do:
              - add: {"score[q]": 1}"""


def test_a_loop_binds_its_name_where_a_called_step_reads_it(tmp_path):
    path = tmp_path / "reveal.yaml"
    path.write_text(TINY % (REVEAL, ""), encoding="utf-8")
    generated = _load(path, True)
    source = "".join(getattr(f, "source", "") for f in _functions(generated))
    lines = source.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("if ((len(s.z["))
    assert [re.sub(r"\d+", "N", line.strip()) for line in lines[at + 1:at + 5]] == [
        "_w = N", "if _savedN is _UNSET: _savedN = e.get(_sN, _NO)", "e[_sN] = _itemN", "_sN(s, e)"]
    # bound for the called step and for the logged path of each add, nowhere else
    assert sum(bool(re.fullmatch(r"\s*e\[_s\d+\] = _item\d+", line)) for line in lines) == 4
    closures = _load(path, False)
    for seed in range(4):
        assert _play(generated, seed) == _play(closures, seed)
