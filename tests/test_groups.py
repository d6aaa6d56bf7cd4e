"""Built-ins for sets of equal value: groups(), total(), same_key()."""
from itertools import combinations

import pytest

from interpreter.cards.pack import CardUniverse
from interpreter.expr import types as T
from interpreter.expr.compiler import Binding, Compiled, Namespace, compile_expression
from interpreter.expr.errors import ExprError

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
WORTH = {"4": 6, "5": 6, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


class FakeState:
    n = 4


def space(copies=1):
    u = CardUniverse(ranks=RANKS, suits=["clubs", "diamonds", "hearts", "spades"], copies=copies)
    ns = Namespace(universe=u)
    table = [WORTH.get(u.rank_of[c], 0) for c in range(u.size)]

    def call(ctx, node, args):
        f = ctx.compile(args[0]).fn
        return Compiled(lambda s, e: table[f(s, e)], T.NUM)
    ns.add("value", Binding("points", T.NUM, value=lambda s, c: table[c], call=call))
    order = [u.rank_index[c] for c in range(u.size)]
    ns.add("rank_order", Binding("order", T.NUM, value=lambda s, c: order[c], call=call))
    return ns


def ids(ns, names):
    """Card ids; a name given twice means the second copy."""
    u = ns.universe
    out = []
    for name in names:
        cid = u.parse_card(name)
        copies = [c for c in range(u.size) if u.face[c] == u.face[cid]]
        out.append(next(c for c in copies if c not in out))
    return out


def ev(text, ns, **locals_):
    compiled = compile_expression(text, ns, {k: T.CARDS for k in locals_})
    return compiled.fn(FakeState(), dict(locals_))


def named(ns, sets):
    return sorted(tuple(sorted(ns.universe.names[c] for c in g)) for g in sets)


def test_groups_by_point_table_join_cards_of_equal_value():
    ns = space()
    hand = ids(ns, ["4♣", "5♦", "6♥", "K♠", "K♦", "2♣"])
    got = ev("groups(hand, value)", ns, hand=hand)
    # Every group is a sorted tuple of ids: one action per exact set of cards.
    assert all(list(g) == sorted(g) for g in got)
    assert len(got) == len(set(got))
    expected = [("2♣",), ("K♠",), ("K♦",), ("K♦", "K♠"), ("4♣",), ("5♦",), ("6♥",),
                ("4♣", "5♦"), ("4♣", "6♥"), ("5♦", "6♥"), ("4♣", "5♦", "6♥")]
    assert named(ns, got) == named(ns, [ids(ns, g) for g in expected])


def test_groups_match_a_brute_force_count():
    ns = space()
    hand = ids(ns, ["4♣", "5♦", "6♥", "6♠", "K♠", "K♦", "K♥", "9♣"])
    got = ev("groups(hand, value)", ns, hand=hand)
    brute = [c for k in range(1, 9) for c in combinations(sorted(hand), k)
             if len({WORTH[ns.universe.rank_of[x]] for x in c}) == 1]
    assert sorted(got) == sorted(brute)


def test_groups_size_bounds_and_a_lambda_key():
    ns = space()
    hand = ids(ns, ["4♣", "5♦", "6♥", "6♠", "K♠"])
    pairs = ev("groups(hand, value, 2, 2)", ns, hand=hand)
    assert all(len(g) == 2 for g in pairs) and len(pairs) == 6
    at_least_three = ev("groups(hand, value, 3)", ns, hand=hand)
    assert sorted(len(g) for g in at_least_three) == [3, 3, 3, 3, 4]
    # By rank (c.rank) only the two sixes pair up.
    by_rank = ev("groups(hand, c => c.rank, 2)", ns, hand=hand)
    assert named(ns, by_rank) == [("6♠", "6♥")]
    # An order name works as a key too.
    assert sorted(ev("groups(hand, rank_order, 2)", ns, hand=hand)) == sorted(by_rank)


def test_cards_whose_key_is_none_are_left_out():
    ns = space()
    hand = ids(ns, ["2♣", "2♦", "3♥", "K♠"])
    got = ev('groups(hand, c => none if c.rank == "2" or c.rank == "3" else value(c))', ns, hand=hand)
    assert named(ns, got) == [("K♠",)]


def test_identical_cards_of_two_packs_give_distinct_sets():
    ns = space(copies=2)
    hand = ids(ns, ["Q♠", "Q♠", "Q♥"])
    got = ev("groups(hand, value, 2, 2)", ns, hand=hand)
    assert len(got) == 3 and len(set(got)) == 3


def test_groups_of_no_cards():
    assert ev("groups(hand, value)", space(), hand=[]) == []


def test_total_is_the_value_of_a_play():
    ns = space()
    assert ev("total(cards, value)", ns, cards=ids(ns, ["4♣", "5♦"])) == 12
    assert ev("total(cards, value)", ns, cards=ids(ns, ["4♣", "4♦", "5♣", "5♦", "6♣"])) == 30
    assert ev("total(cards, value)", ns, cards=ids(ns, ["A♠", "A♥"])) == 28
    assert ev("total(cards, c => 1)", ns, cards=ids(ns, ["A♠", "2♥"])) == 2
    assert ev("total(cards, value)", ns, cards=[]) == 0


def test_same_key():
    ns = space()
    assert ev("same_key(cards, value)", ns, cards=ids(ns, ["4♣", "5♦", "6♠"])) is True
    assert ev("same_key(cards, value)", ns, cards=ids(ns, ["4♣", "7♦"])) is False
    assert ev("same_key(cards, c => c.rank)", ns, cards=ids(ns, ["4♣", "5♦"])) is False
    assert ev("same_key(cards, value)", ns, cards=[]) is False


def test_groups_type_is_a_list_of_card_sets():
    ns = space()
    compiled = compile_expression("groups(hand, value)", ns, {"hand": T.CARDS})
    assert compiled.type == T.list_of(T.CARDS)
    assert T.element_of(compiled.type) == T.CARDS


@pytest.mark.parametrize("text,message", [
    ("groups(3, value)", "must be a list"),
    ("groups(hand, 3)", "expected a function"),
    ("groups(hand)", "takes 2 to 4"),
    ("total(hand, hand)", "expected a function"),
    ('groups(hand, value, "x")', "the smallest size must be a number"),
])
def test_mistakes_are_reported_with_a_message(text, message):
    with pytest.raises(ExprError) as err:
        compile_expression(text, space(), {"hand": T.CARDS})
    assert message in err.value.message
