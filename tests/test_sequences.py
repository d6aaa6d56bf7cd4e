"""Built-ins for (cyclic) sequences: position, smallest, cyclic_next, cyclic_distance, cyclic_passes, cyclic_run."""
import pytest

from interpreter.cards.pack import CardUniverse
from interpreter.expr import types as T
from interpreter.expr.compiler import Binding, Namespace, compile_expression
from interpreter.expr.errors import EvalError, ExprError
from interpreter.expr.functions import BUILTINS

U = CardUniverse(ranks=["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                 suits=["clubs", "diamonds", "hearts", "spades"])
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class FakeState:
    n = 3


def ev(text):
    space = Namespace(universe=U)
    space.add("ranks", Binding("const", T.list_of(T.RANK), value=list(RANKS)))
    for suit in U.suits:
        space.add(suit, Binding("const", T.SUIT, value=suit))
    return compile_expression(text, space).fn(FakeState(), {})


@pytest.mark.parametrize("text,value", [
    ('position([clubs, spades, hearts, diamonds], hearts)', 2),
    ('position([clubs, spades, hearts, diamonds], clubs)', 0),
    ('position([1, 2], 3)', None),
    ('smallest([5, 1, 18, 1, 7], 2)', [1, 1]),
    ('smallest([5, 1, 18], 1)', [1]),
    ('smallest([5], 3)', [5]),
    ('sum(smallest([12, 6, 9, 15], 2))', 15),
    # first/last with a count: a list of that many items from either end, in order
    ('first([5, 1, 18, 7], 2)', [5, 1]),
    ('last([5, 1, 18, 7], 3)', [1, 18, 7]),
    ('first([5, 1], 4)', [5, 1]),
    ('last([5, 1], 0)', []),
    ('first([5, 1], -2)', []),
    ('last([5, 1], -2)', []),
    ('first([5, 1, 18])', 5),
    ('last(first([5, 1, 18], 2))', 1),
    ('reverse([5, 1, 18])', [18, 1, 5]),
    ('reverse([])', []),
    ('first(reverse(ranks))', "A"),
    ('cyclic_next(ranks, "5")', "6"),
    ('cyclic_next(ranks, "A")', "4"),             # the lowest rank follows the Ace
    ('cyclic_next(ranks, "K", 3)', "5"),
    ('cyclic_next(ranks, "4", -1)', "A"),
    ('cyclic_distance(ranks, "5", "7")', 2),
    ('cyclic_distance(ranks, "Q", "5")', 4),      # Q K A 4 5
    ('cyclic_distance(ranks, "9", "9")', 0),
    ('cyclic_passes(ranks, "5", "7", "7")', True),   # reaching counts
    ('cyclic_passes(ranks, "5", "7", "6")', True),
    ('cyclic_passes(ranks, "5", "7", "5")', False),  # the starting point is not passed
    ('cyclic_passes(ranks, "5", "7", "8")', False),
    ('cyclic_passes(ranks, "K", "5", "4")', True),   # round the corner
    ('cyclic_passes(ranks, "K", "5", "6")', False),
    ('cyclic_passes(ranks, "9", "9", "9")', False),  # no move passes nothing
    ('cyclic_run(ranks, "5", ["6", "7", "9"])', ["6", "7"]),
    ('cyclic_run(ranks, "5", ["7", "8"])', []),       # the next rank is missing
    ('cyclic_run(ranks, "K", ["A", "4", "6"])', ["A", "4"]),
    ('last(cyclic_run(ranks, "Q", ["K", "A", "4", "5"]))', "5"),
    # A run never comes round to its own start again.
    ('cyclic_run(ranks, "4", ranks)', ["5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]),
])
def test_values(text, value):
    assert ev(text) == value


def test_items_not_in_the_sequence_are_reported():
    with pytest.raises(EvalError, match="not in the sequence"):
        ev('cyclic_next(ranks, "2")')
    with pytest.raises(EvalError, match="not in the sequence"):
        ev('cyclic_run(ranks, "3", ["4"])')


def test_argument_checks_at_load_time():
    with pytest.raises(ExprError):
        ev('cyclic_next(5, "4")')          # not a list
    with pytest.raises(ExprError):
        ev('smallest([1, 2], "two")')      # not a number
    with pytest.raises(ExprError):
        ev('cyclic_run(ranks, "4")')       # too few arguments


def test_documented():
    for name in ("position", "smallest", "cyclic_next", "cyclic_distance", "cyclic_passes", "cyclic_run"):
        spec = BUILTINS[name]
        assert spec.doc and spec.usage.startswith(name + "(")
        assert spec.category == "sequences"


@pytest.mark.parametrize("items, x, expected", [
    ([3, 1, 2], 2, 2), ((3, 1), 1, 1), (range(5), 4, 4), ([1], 7, None),
    ({"a": 1, "b": 2}.keys(), "b", 1), ("abc", 1, None),      # no .index, or one that refuses x
])
def test_position_of_any_iterable(items, x, expected):
    from interpreter.expr.functions_sequences import position
    assert position(items, x) == expected


def test_first_and_last_with_a_count_need_a_whole_number():
    with pytest.raises(Exception) as raised:
        ev("first([1, 2, 3], 3 / 2)")
    assert "whole number" in str(raised.value)
    with pytest.raises(ExprError):
        ev('last([1, 2, 3], "two")')
