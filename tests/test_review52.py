"""An independent check of the engine against docs/reference.md: each test names a sentence of the
reference (a section, a construct of the expressions, a built-in function, a step kind) and compares the
engine with what that sentence says, on ordinary and edge inputs (empty lists, none, ties, positions
out of range, negative numbers, identical copies).  The expected values are written here from the
docs, never computed by the engine.  Rulesets are tiny and written inline."""
from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

_DIR = Path(tempfile.mkdtemp(prefix="review52-"))
_count = [0]

# Nine ranks in four suits, two jokers of one kind: `plain` ranks them, `value` gives points.
PACK = """name: Probe
players: {count: [2, 3, 4], default: 3}
pack: {ranks: ["9", "10", J, Q, K, A], jokers: 2}
orders: {plain: ["9", "10", J, Q, K, A]}
points: {value: {values: {A: 11, "10": 10, K: 4}}}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
  trick: {visibility: public}
  won: {per: player, visibility: hidden}
"""


def _load(text):
    """The load result of a ruleset written out to a file of its own."""
    _count[0] += 1
    path = _DIR / f"game{_count[0]}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _rules(text):
    loaded = _load(text)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _errors(text):
    """The errors of a ruleset, each as (line, message, hint)."""
    loaded = _load(text)
    return [(d.line, d.message, d.hint or "") for d in loaded.diagnostics if d.severity == "error"]


def _error(text):
    errors = _errors(text)
    assert len(errors) == 1, errors
    return errors[0]


def _names(s, value):
    """Card ids as names (a card, a list of cards, a list of lists of cards); other values as they are."""
    u = s.rules.universe
    if isinstance(value, (list, tuple)):
        return [_names(s, v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return u.names[value]
    return value


@lru_cache(maxsize=None)
def _value_rules(expr, head, n):
    return _rules(head + "state:\n  out: {type: any, initial: none}\n"
                  "setup:\n  - deal: {from: stock, to: hand, count: 3}\n"
                  f"  - set: {{out: {json.dumps(expr)}}}\n"
                  "hand:\n  - choose: {player: 0, moves: {stop: {}}}\n")


# the hands dealt by _value: seat 1 first (left of the dealer, seat 0), one card at a time
HANDS = {0: ["A♥", "J♠", "A♠"], 1: ["Joker", "K♠", "10♠"], 2: ["9♣", "Q♦", "K♥"]}


def _value(expr, cards=False, head=PACK, n=3, hands=None):
    """The value of `expr` worked out in a setup step, after a deal of three cards each (HANDS, each
    hand listed in the order dealt); card ids as names with cards=True."""
    hands = hands or HANDS
    rules = _value_rules(expr, head, n)
    order = [hands[(1 + i) % n][k] for k in range(3) for i in range(n)]
    s = S.stacked_game(rules, n, order)
    value = S.var(s, "out")
    return _names(s, value) if cards else value


def _run_error(expr, head=PACK):
    """The message of the error that stops a game at `expr`."""
    with pytest.raises(G.GameError) as err:
        _value(expr, head=head)
    return str(err.value)


# -- Kinds of value: a YAML number or boolean is checked as an expression is -------------------------

@pytest.mark.parametrize("step,line_text", [
    ("- if: 3\n    then: []", "if"),
    ("- end_hand: {when: 3}", "end_hand"),
    ("- turns: {until: 3, do: [{shuffle: stock}]}", "turns"),
    ("- repeat: {while: 2, do: [{shuffle: stock}]}", "repeat"),
    ("- choose: {player: 0, moves: {a: {legal: 1}}}", "choose"),
])
def test_a_number_written_where_a_condition_is_needed_is_an_error_when_the_rules_load(step, line_text):
    line, message, hint = _error(PACK + "hand:\n  " + step + "\n")
    assert line == 13 and "must give a boolean, but it gives a number" in message, message


def test_a_number_given_as_the_winners_is_an_error_when_the_rules_load():
    for section in ("hand: [{shuffle: stock}]\nend: {winners: 1}\n",
                    "hand:\n  - end_game: {when: true, winners: 0}\n"):
        line, message, hint = _error(PACK + section)
        assert line == 13 and "must give a list of players, but it gives a number" in message, message


def test_numbers_and_booleans_where_they_belong_still_load():
    _rules(PACK + "state:\n  n: {initial: 0}\n  flag: {type: boolean, initial: false}\n"
           "hand:\n  - deal: {from: stock, to: hand, count: 2}\n  - set: {n: 4, flag: true}\n"
           "  - end_hand: {when: true}\n  - choose: {player: 0, moves: {a: {legal: true}}}\n"
           "end: {winners: '[0]'}\n")


# -- Sections: pack, orders, points ---------------------------------------------------------------

NAMED = PACK.replace("jokers: 2}", "jokers: {Small: 2, Big: 1}}").replace(
    'plain: ["9", "10", J, Q, K, A]}', 'plain: ["9", "10", J, Q, K, A, Small, Big]}').replace(
    'K: 4}}}', 'K: 4, Big: 50}, default: 1}}')


def test_a_jokers_name_is_its_rank_for_an_order_and_a_point_table():
    # pack: jokers: "A joker's name is its rank (c.rank) and its printed name, and orders and point
    # tables may list it"; orders: "order_name(rank) the position of a rank"; points: "table_name(rank)
    # the points given to a rank (the default for a rank not listed)"
    hands = {0: ["Big", "A♠", "9♣"], 1: ["Small", "K♠", "10♠"], 2: ["9♦", "Q♦", "K♥"]}
    assert _value("[plain('Big'), plain('Small'), plain('A')]", head=NAMED, hands=hands) == [7, 6, 5]
    assert _value("[value('Big'), value('Small'), value('A'), value('Q')]", head=NAMED,
                  hands=hands) == [50, 1, 11, 1]
    assert _value("[plain(card('Big', none)), value(card('Big', none))]", head=NAMED, hands=hands) == [7, 50]
    assert _value("map(hand[0] + hand[1], c => plain(c.rank))", head=NAMED, hands=hands) == [7, 5, 0, 6, 4, 1]


def test_a_rank_an_order_does_not_list_is_an_error_naming_the_ranks():
    _, message, hint = _error(NAMED.replace(", Small, Big]", "]") + "hand:\n  - set: {x: \"plain('Big')\"}\n"
                              "state:\n  x: {initial: 0}\n")
    assert "'Big' is not a rank of the order plain" in message and "9, 10, J, Q, K, A" in hint


# -- Messages: common mistakes of a designer, each located and with a hint --------------------------

def test_a_choice_by_nobody_says_none_not_pythons_none():
    # a choose step whose player is none (a variable not set yet): the message speaks the language's word
    for moves in ("{a: {}}", "{a: {options: '[1, 2]'}, b: {}}"):
        rules = _rules(PACK + "state:\n  who: {type: player, initial: none}\n"
                       f"hand:\n  - choose: {{player: who, moves: {moves}}}\n")
        with pytest.raises(G.GameError) as err:
            G.new_game(rules, 3, 0)
        assert "the player who chooses is none, not a seat from 0 to 2" in str(err.value), str(err.value)
        assert "None" not in str(err.value)


def test_a_next_dealer_that_is_no_seat_is_named_in_the_languages_words():
    rules = _rules(PACK + "state:\n  nobody: {type: player, initial: none}\n"
                   "hand:\n  - choose: {player: 0, moves: {a: {}}}\n"
                   "dealer: {next: nobody}\nend: {after_hand: 'hand_number > 2'}\n")
    s = G.new_game(rules, 3, 0)
    with pytest.raises(G.GameError) as err:
        G.apply(s, G.legal_actions(s)[0])
    assert "dealer: next gave none, not a seat" in str(err.value), str(err.value)


def test_reset_of_a_misspelt_variable_or_of_a_zone_has_a_hint():
    _, message, hint = _error(PACK + "state:\n  score: {per: player, initial: 0}\nhand:\n  - reset: [scor]\n")
    assert "unknown state variable 'scor'" in message and "did you mean 'score'?" in hint
    _, message, hint = _error(PACK + "hand:\n  - reset: [pile]\n")
    assert "'pile' is a zone" in hint and "gather" in hint


@pytest.mark.parametrize("step", ["shuffle: [stock]", "cut: {zone: stock}",
                                  "gather: {from: [pile], to: [stock]}",
                                  "deal: {from: [stock], to: pile, count: 1}"])
def test_a_list_or_mapping_where_one_zone_is_named_is_said_plainly(step):
    line, message, hint = _error(PACK + f"hand:\n  - {step}\n")
    assert line == 13 and "one zone is named here" in message and "[" not in message, message
    assert "write the zone's name alone" in hint


@pytest.mark.parametrize("word,meant", [("suits", "suit"), ("Suit", "suit"), ("anything", "any")])
def test_a_misspelt_follow_word_suggests_suit_or_any(word, meant):
    line, message, hint = _error(PACK + "hand:\n  - tricks: {hand: hand, trick: trick, order: plain, "
                                 f"collect: 'won[winner]', follow: {word}}}\n")
    assert line == 13 and f"'follow' is 'suit', 'any' or a condition on card, not '{word}'" in message
    assert hint == f"did you mean '{meant}'?"


def test_a_follow_condition_that_is_one_name_still_loads():
    _rules(PACK + "define: {strict: 'true'}\nhand:\n  - deal: {from: stock, to: hand, count: 2}\n"
           "  - tricks: {hand: hand, trick: trick, order: plain, collect: 'won[winner]', follow: strict}\n")
