"""Correctness on games whose scoring counts combinations in a hand, written from the engine's docs
only (tests/rulesets_review23/, each says at its top what game it is and which rules it keeps):
full Cribbage for two (the show: fifteens, pairs, runs and double runs, flushes in hand and crib, his
nobs; game to 121 at once) and Piquet (the exchange, declarations of point, sequence and sets,
carte blanche, repique and pique, the trick play and capot).

Scripted deals: the show counts and declarations are worked out by hand in the comments.  Random
games: referees written here from the rules (sharing no code with the engine) follow every move and
recompute every score.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review23"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _rs(name):
    return name[:-1], name[-1]


# -- Cribbage: the show ------------------------------------------------------------------------------

def _lay_away(s, away):
    for _ in range(4):
        who = G.current_player(s)
        left = [c for c in away[who] if c in _z(s, "hand", who)]
        S.play(s, ("select", left[0]))


def _peg_out(s, hand_no):
    """Plays the pegging with the first move offered until the hand is over."""
    while not s.over and s.hand_no == hand_no:
        G.apply(s, G.legal_actions(s)[0])


def _show(keep, away, starter, target=None):
    """Deals seat 1 (the dealer's left) keep[1] + away[1] and seat 0 (the dealer) keep[0] + away[0],
    the starter cut from the stock; lays away, pegs; gives the state after the show."""
    rules = _load("cribbage", **({"target": target} if target else {}))
    hands = {p: keep[p] + away[p] for p in (0, 1)}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], [starter]))
    _lay_away(s, away)
    assert _z(s, "starter") == [starter]
    assert sorted(_z(s, "hand", 1)) == sorted(keep[1]) and sorted(_z(s, "hand", 0)) == sorted(keep[0])
    _peg_out(s, 1)
    return s


def test_cribbage_the_twenty_nine_hand_and_a_double_run_of_four():
    # starter 5♠.  Seat 1: 5♥ 5♦ 5♣ J♠ - four fives, six pairs 12; J with each five 4 x 2 = 8, each
    # three of the fives 4 x 2 = 8; the Jack of spades, the starter's suit, his nobs 1: 29.
    # Seat 0: 6♣ 7♦ 7♥ 8♠ + 5♠ - 5-6-7-8 twice (a double run of four) 8, the pair of sevens 2,
    # 7+8 twice 4: 14.  The crib K♣ Q♦ 2♥ 9♣ + 5♠: K+5, Q+5: 4.
    s = _show({1: ["5♥", "5♦", "5♣", "J♠"], 0: ["6♣", "7♦", "7♥", "8♠"]},
              {1: ["K♣", "Q♦"], 0: ["2♥", "9♣"]}, "5♠")
    assert _v(s, "shown") == [14, 29] and _v(s, "crib_points") == 4


def test_cribbage_a_flush_of_four_counts_in_hand_but_not_in_the_crib():
    # starter K♦.  Seat 1: 3♣ 4♦ 5♥ 5♠ - 3-4-5 twice 6, the pair 2, 5+K twice 4: 12.
    # Seat 0: 2♥ 6♥ 9♥ Q♥ - four hearts 4 (the starter is a diamond: not 5), 6+9 2: 6.
    # The crib A♣ 7♣ 8♣ 10♣ is four clubs, but a crib counts only a flush of five: 7+8 2 only.
    s = _show({1: ["3♣", "4♦", "5♥", "5♠"], 0: ["2♥", "6♥", "9♥", "Q♥"]},
              {1: ["A♣", "7♣"], 0: ["8♣", "10♣"]}, "K♦")
    assert _v(s, "shown") == [6, 12] and _v(s, "crib_points") == 2


def test_cribbage_a_double_double_run_a_triple_run_and_a_crib_flush_of_five():
    # starter 4♣.  Seat 1: 5♦ 5♥ 6♠ 6♦ - 4-5-6 four ways 12, two pairs 4, 4+5+6 four ways 8: 24.
    # Seat 0: 2♠ 3♠ 4♥ 4♦ + 4♣ - 2-3-4 three ways 9, three fours (three pairs) 6, 4+4+4+3 2: 17.
    # The crib 2♣ 9♣ J♣ K♣ + 4♣: five clubs 5, 2+9+4 2, the Jack of clubs his nobs 1: 8.
    s = _show({1: ["5♦", "5♥", "6♠", "6♦"], 0: ["2♠", "3♠", "4♥", "4♦"]},
              {1: ["2♣", "9♣"], 0: ["J♣", "K♣"]}, "4♣")
    assert _v(s, "shown") == [17, 24] and _v(s, "crib_points") == 8


def test_cribbage_a_hand_flush_with_the_starter_and_a_run_of_five():
    # starter 7♥.  Seat 1: 3♥ 4♥ 5♥ 6♥ - a run of five 3-4-5-6-7 5, five hearts 5, 3+5+7 and 4+5+6 4: 14.
    # Seat 0: 9♣ 9♠ 10♦ J♦ + 7♥ - 9-10-J twice 6 and the pair 2: 8, no fifteen (7+... needs 8), no nobs
    # (the Jack is a diamond, the starter a heart).
    # The crib K♣ Q♠ 8♦ A♣ + 7♥: K Q 8 A 7 - 7+8 2 only (no run: Q K lacks J; A+7+... none): 2.
    s = _show({1: ["3♥", "4♥", "5♥", "6♥"], 0: ["9♣", "9♠", "10♦", "J♦"]},
              {1: ["K♣", "Q♠"], 0: ["8♦", "A♣"]}, "7♥")
    assert _v(s, "shown") == [8, 14] and _v(s, "crib_points") == 2
