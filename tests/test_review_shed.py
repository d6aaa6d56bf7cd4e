"""Correctness on climbing and shedding games the engine has never seen (tests/rulesets_review7/, each
says what it is and which rules it keeps), judged against the rules as a card game designer means them.

Scripted deals: the legal plays offered at each turn, who plays next, who leads after a round, the
finishing order and the scores are worked out by hand from the rules, in the comments.  Random games
are followed move by move by small referees written here from the rules (sharing no code with the
engine): each decision must be the referee's player with exactly the referee's legal moves, and the
scores must come out as the referee counts them.  The games are also played every way the engine
can play them (tests/test_review_unseen.py's `_compare`).
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

HERE = Path(__file__).resolve().parent / "rulesets_review7"
RULESETS = sorted(p.stem for p in HERE.glob("*.yaml"))


def _load(name, **options):
    loaded = load_ruleset(str(HERE / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _legal(s):
    return sorted(_text(s, a) for a in G.legal_actions(s))


def _text(s, a):
    """An action as text with the cards of a set sorted, so that an order of cards never matters."""
    name, value = a
    if isinstance(value, (list, tuple)):
        return " ".join([name] + sorted(S.names(s, value)))
    return S.describe(s, a)


def _v(s, name):
    return S.var(s, name)


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def _do(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (texts as _text gives them, in any order); then the
    action whose text is `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who, _legal(s))
    assert _legal(s) == _norm(legal), _legal(s)
    key = " ".join([move.split()[0]] + sorted(move.split()[1:]))
    for a in G.legal_actions(s):
        if _text(s, a) == key:
            G.apply(s, a)
            return
    raise AssertionError(move)


def _norm(texts):
    return sorted(" ".join([m.split()[0]] + sorted(m.split()[1:])) for m in texts)


def _set_hands(s, hands, rest="out"):
    """Every seat holds exactly the named cards (in that order); every other card of the hands goes to
    the zone `rest`.  The legal moves are worked out once, at the end."""
    hand, other = S.zone(s, "hand"), S.zone(s, rest)
    for p in range(s.n):
        other.extend(hand[p])
        hand[p].clear()
    for p, names in hands.items():
        ids = S.cards(s.rules, names)
        for c in ids:
            other.remove(c)
        hand[p].extend(ids)
    S.refresh(s)


# -- President: climbing by sets, passing, going out, finishing order, the exchange --------------------

PRES = {
    1: ["3♣", "9♠", "9♥", "K♣"],
    2: ["4♦", "10♣", "10♦", "A♠"],
    3: ["6♣", "6♦", "J♥", "2♣"],
    0: ["7♠", "8♠", "Q♥", "Q♦", "2♦"],
}


def _president(name):
    rules = _load(name)
    # the deal starts on the dealer's (0) left: the first card, 3♣, goes to seat 1, who leads
    s = S.stacked_game(rules, 4, ["3♣"])
    assert G.current_player(s) == 1
    _set_hands(s, PRES)
    return s


def test_president_a_round_with_a_pass_that_may_come_back():
    s = _president("president")
    # seat 1 leads on an empty table: any single or set of one rank
    _do(s, 1, ["play 3♣", "play 9♠", "play 9♥", "play 9♠ 9♥", "play K♣"], "play 3♣")
    # singles higher than a 3 (seat 2's two Tens may not go as a pair); passing is allowed
    _do(s, 2, ["play 4♦", "play 10♣", "play 10♦", "play A♠", "pass"], "play 10♣")
    _do(s, 3, ["play J♥", "play 2♣", "pass"], "play 2♣")
    # nothing beats a Two
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    _do(s, 2, ["pass"], "pass")
    # everyone else passed: the table is cleared and seat 3, the last to play, leads
    assert _z(s, "pile") == [] and sorted(_z(s, "out")[-3:]) == ["10♣", "2♣", "3♣"]
    _do(s, 3, ["play 6♣", "play 6♦", "play 6♣ 6♦", "play J♥"], "play 6♣ 6♦")
    # only pairs above Sixes: seat 0's Queens; seat 0 passes for now
    _do(s, 0, ["play Q♥ Q♦", "pass"], "pass")
    _do(s, 1, ["play 9♠ 9♥", "pass"], "play 9♠ 9♥")
    _do(s, 2, ["pass"], "pass")
    _do(s, 3, ["pass"], "pass")
    # seat 0 passed earlier in this round but may come back
    _do(s, 0, ["play Q♥ Q♦", "pass"], "play Q♥ Q♦")
    _do(s, 1, ["pass"], "pass")
    _do(s, 2, ["pass"], "pass")
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["play 7♠", "play 8♠", "play 2♦"], "play 7♠")
    # seat 1 plays its last card and goes out first
    _do(s, 1, ["play K♣", "pass"], "play K♣")
    assert _v(s, "finished") == [0, 1, 0, 0]
    _do(s, 2, ["play A♠", "pass"], "play A♠")
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["play 2♦", "pass"], "pass")
    # seat 1 is out and skipped: seats 3 and 0 passed, so seat 2 takes the lead
    _do(s, 2, ["play 4♦", "play 10♦"], "play 4♦")
    _do(s, 3, ["play J♥", "pass"], "pass")
    _do(s, 0, ["play 8♠", "play 2♦", "pass"], "play 8♠")
    _do(s, 2, ["play 10♦", "pass"], "pass")
    _do(s, 3, ["play J♥", "pass"], "pass")
    # seats 2 and 3 passed: seat 0 leads again and goes out second on its Two
    _do(s, 0, ["play 2♦"], "play 2♦")
    assert _v(s, "finished") == [2, 1, 0, 0]
    # the next player is seat 2 (seat 1 is out); nobody can beat a Two
    _do(s, 2, ["pass"], "pass")
    _do(s, 3, ["pass"], "pass")
    # the last to play (seat 0) is out: the next player on its left still holding cards leads (seat 2,
    # seat 1 being out)
    _do(s, 2, ["play 10♦"], "play 10♦")
    # seat 2 went out third; only seat 3 holds cards: the hand is over, seat 3 is the Scum
    assert s.hand_no == 2
    assert _v(s, "last_place") == [2, 1, 3, 4]
    assert _v(s, "score") == [2, 3, 1, 0]
    # the second hand: the Scum (3) gives its two best cards to the President (1), the second to last
    # (2) its best card to the Vice-President (0); the winners then give back any cards.  Seat 2 picks
    # first (seat order), then seat 3
    _set_hands(s, {2: ["5♣", "K♦", "K♥", "9♣"], 3: ["2♠", "A♦", "A♣", "3♦", "4♠"],
                   1: ["3♥", "4♥", "Q♠"], 0: ["5♠", "6♥"]})
    _do(s, 2, ["select K♦", "select K♥"], "select K♥")
    # the best card first, then the best of what is left (either Ace)
    _do(s, 3, ["select 2♠"], "select 2♠")
    _do(s, 3, ["select A♦", "select A♣"], "select A♣")
    assert sorted(_z(s, "hand", 1)) == sorted(["3♥", "4♥", "Q♠", "2♠", "A♣"])
    assert sorted(_z(s, "hand", 0)) == sorted(["5♠", "6♥", "K♥"])
    # the President gives any two of its five cards, the Vice-President any one of its three
    _do(s, 0, ["select 5♠", "select 6♥", "select K♥"], "select 5♠")
    _do(s, 1, [f"select {c}" for c in ["3♥", "4♥", "Q♠", "2♠", "A♣"]], "select 3♥")
    _do(s, 1, [f"select {c}" for c in ["4♥", "Q♠", "2♠", "A♣"]], "select 4♥")
    assert sorted(_z(s, "hand", 3)) == sorted(["A♦", "3♦", "4♠", "3♥", "4♥"])
    assert sorted(_z(s, "hand", 2)) == sorted(["5♣", "K♦", "9♣", "5♠"])
    # the Scum leads the second hand
    assert G.current_player(s) == 3
    assert _legal(s) == _norm(["play A♦", "play 3♦", "play 4♠", "play 3♥", "play 4♥", "play 3♦ 3♥",
                               "play 4♠ 4♥"])


def test_president_a_pass_is_final_until_the_table_is_cleared():
    s = _president("president-final")
    _do(s, 1, ["play 3♣", "play 9♠", "play 9♥", "play 9♠ 9♥", "play K♣"], "play 3♣")
    _do(s, 2, ["play 4♦", "play 10♣", "play 10♦", "play A♠", "pass"], "play 10♣")
    _do(s, 3, ["play J♥", "play 2♣", "pass"], "play 2♣")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    _do(s, 2, ["pass"], "pass")
    _do(s, 3, ["play 6♣", "play 6♦", "play 6♣ 6♦", "play J♥"], "play 6♣ 6♦")
    _do(s, 0, ["play Q♥ Q♦", "pass"], "pass")
    _do(s, 1, ["play 9♠ 9♥", "pass"], "play 9♠ 9♥")
    _do(s, 2, ["pass"], "pass")
    # seat 3 passes: seat 0's pass was final, so nobody but seat 1 is left in the round: seat 1 leads
    _do(s, 3, ["pass"], "pass")
    _do(s, 1, ["play K♣"], "play K♣")
    assert _v(s, "finished") == [0, 1, 0, 0]
    _do(s, 2, ["play A♠", "pass"], "play A♠")
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["play 2♦", "pass"], "pass")
    _do(s, 2, ["play 4♦", "play 10♦"], "play 4♦")
    _do(s, 3, ["play J♥", "pass"], "pass")
    _do(s, 0, ["play 7♠", "play 8♠", "play Q♥", "play Q♦", "play 2♦", "pass"], "play 8♠")
    _do(s, 2, ["play 10♦", "pass"], "play 10♦")
    # seat 2 is out; seat 3 passed in this round and is skipped: seat 0 plays
    assert _v(s, "finished") == [0, 1, 2, 0]
    _do(s, 0, ["play Q♥", "play Q♦", "play 2♦", "pass"], "play Q♥")
    # nobody is left to answer seat 0 (seat 3 passed): seat 0 leads again
    _do(s, 0, ["play 7♠", "play Q♦", "play 2♦"], "play 2♦")
    # the table was cleared, so seat 3 is back in the next round
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["play 7♠", "play Q♦"], "play 7♠")
    _do(s, 3, ["play J♥", "pass"], "play J♥")
    assert s.hand_no == 2
    assert _v(s, "last_place") == [4, 1, 2, 3]
    assert _v(s, "score") == [0, 3, 2, 1]
