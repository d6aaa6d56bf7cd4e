"""Correctness on trick-taking games the engine has never seen (tests/rulesets_review10/, each says what
it is and which rules it keeps): trumps made of cards of every printed suit with card points and a
61-point threshold, no obligation to follow suit, a last-trick bonus and a penalty for taking no trick,
tricks of two cards per player, a partner revealed only when a called card is played.

Scripted deals: the legal cards offered at every play, trick winners, who leads next and the scores are
worked out by hand from the rules (in the comments).  Random games are checked against a small referee
written here, sharing no code with the engine: at every decision it works out the legal cards from the
hands and the trick, and at the end of each hand the trick winners and the scores from the plays.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

HERE = Path(__file__).resolve().parent / "rulesets_review10"


def _load(name, **options):
    loaded = load_ruleset(str(HERE / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _deck(hands, seats, rest=()):
    size = len(hands[seats[0]])
    return [hands[p][i] for i in range(size) for p in seats] + list(rest)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _v(s, name):
    return S.var(s, name)


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def _turn(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (in any order); then `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert sorted(_legal(s)) == sorted(legal), _legal(s)
    S.play(s, move)


# -- Sheepshead: Queens, Jacks and diamonds are trumps; card points; 61 to win ------------------------

SHEEP = {
    1: ["Q♣", "Q♠", "J♦", "A♦", "10♦", "A♣", "10♣", "7♠", "8♥", "9♥"],
    2: ["Q♥", "J♣", "K♦", "9♦", "K♣", "A♠", "10♠", "K♠", "A♥", "7♣"],
    0: ["Q♦", "J♠", "J♥", "8♦", "7♦", "9♣", "8♣", "9♠", "8♠", "10♥"],
}
BLIND = ["7♥", "K♥"]        # dealt last: the top of the stock is dealt first, so these two are left


def _sheep():
    return S.stacked_game(_load("sheepshead"), 3, _deck(SHEEP, [1, 2, 0], BLIND))


def test_sheepshead_a_scripted_hand():
    s = _sheep()
    assert _z(s, "hand", 1)[:10] == SHEEP[1] and sorted(_z(s, "hand", 1)[10:]) == sorted(BLIND)
    # the picker (1, left of the dealer) took the blind and buries two cards, one at a time
    _turn(s, 1, [f"bury {c}" for c in SHEEP[1] + BLIND], ("bury", "K♥"))
    _turn(s, 1, [f"bury {c}" for c in SHEEP[1] + ["7♥"]], ("bury", "7♥"))
    assert sorted(_z(s, "won", 1)) == ["7♥", "K♥"]
    # 1: Q♣ led asks for trumps: seat 2's trumps are Q♥ J♣ K♦ 9♦ (not K♣ 7♣); seat 0's Q♦ J♠ J♥ 8♦ 7♦
    _turn(s, 1, SHEEP[1], "Q♣")
    _turn(s, 2, ["Q♥", "J♣", "K♦", "9♦"], "9♦")
    _turn(s, 0, ["Q♦", "J♠", "J♥", "8♦", "7♦"], "J♥")
    # Q♣ is the highest trump: seat 1 wins 3 + 0 + 2 = 5 and leads
    # 2: A♣ led: seat 2's clubs are K♣ 7♣ (J♣ is a trump); seat 0's 9♣ 8♣; A♣ wins 11 + 4 + 0
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦", "A♣", "10♣", "7♠", "8♥", "9♥"], "A♣")
    _turn(s, 2, ["K♣", "7♣"], "K♣")
    _turn(s, 0, ["9♣", "8♣"], "8♣")
    # 3: 7♠ led: seat 2 A♠ 10♠ K♠; seat 0 9♠ 8♠ (J♠ is a trump); A♠ wins 11 for seat 2
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦", "10♣", "7♠", "8♥", "9♥"], "7♠")
    _turn(s, 2, ["A♠", "10♠", "K♠"], "A♠")
    _turn(s, 0, ["9♠", "8♠"], "9♠")
    # 4: seat 2 leads J♣ (a trump): seat 0 Q♦ J♠ 8♦ 7♦; seat 1 Q♠ J♦ A♦ 10♦.  J♣ beats J♦: 2 + 0 + 2
    _turn(s, 2, ["Q♥", "J♣", "K♦", "10♠", "K♠", "A♥", "7♣"], "J♣")
    _turn(s, 0, ["Q♦", "J♠", "8♦", "7♦"], "7♦")
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦"], "J♦")
    # 5: A♥ led: seat 0's only heart is 10♥; seat 1 8♥ 9♥.  A♥ wins 11 + 10 + 0 for seat 2
    _turn(s, 2, ["Q♥", "K♦", "10♠", "K♠", "A♥", "7♣"], "A♥")
    _turn(s, 0, ["10♥"], "10♥")
    _turn(s, 1, ["8♥", "9♥"], "8♥")
    # 6: 10♠ led: seat 0 8♠; seat 1 has no spade (Q♠ is a trump): any card; A♦ trumps: 10 + 0 + 11
    _turn(s, 2, ["Q♥", "K♦", "10♠", "K♠", "7♣"], "10♠")
    _turn(s, 0, ["8♠"], "8♠")
    _turn(s, 1, ["Q♠", "A♦", "10♦", "10♣", "9♥"], "A♦")
    assert S.names(s, S.zone(s, "won", 1)).count("A♦") == 1
    # 7: seat 1 leads Q♠: seat 2 Q♥ K♦; seat 0 Q♦ J♠ 8♦.  Q♠ beats Q♦ and K♦: 3 + 4 + 3
    _turn(s, 1, ["Q♠", "10♦", "10♣", "9♥"], "Q♠")
    _turn(s, 2, ["Q♥", "K♦"], "K♦")
    _turn(s, 0, ["Q♦", "J♠", "8♦"], "Q♦")
    # 8: 10♣ led: 7♣ and 9♣ forced; the ten wins 10 for seat 1 (61 in tricks now)
    _turn(s, 1, ["10♦", "10♣", "9♥"], "10♣")
    _turn(s, 2, ["7♣"], "7♣")
    _turn(s, 0, ["9♣"], "9♣")
    # 9: 9♥ led: seat 2 holds Q♥ and K♠ and no heart (Q♥ is a trump): either; seat 0 J♠ 8♦ neither a
    # heart; 8♦ trumps and wins 4 for seat 0
    _turn(s, 1, ["10♦", "9♥"], "9♥")
    _turn(s, 2, ["Q♥", "K♠"], "K♠")
    _turn(s, 0, ["J♠", "8♦"], "8♦")
    # 10: seat 0 leads J♠; 10♦ and Q♥ forced; Q♥ wins 2 + 10 + 3 for seat 2
    _turn(s, 0, ["J♠"], "J♠")
    _turn(s, 1, ["10♦"], "10♦")
    assert G.current_player(s) == 2 and _legal(s) == ["Q♥"]
    S.play(s, "Q♥")
    # picker 4 buried + 5 + 15 + 21 + 10 + 10 = 65 >= 61; the defenders 51 + 4 = 55 (no schneider)
    assert _v(s, "score") == [-1, 2, -1]
    # the next hand: dealer 1, picker 2, who buries first
    assert G.current_player(s) == 2 and _legal(s)[0].startswith("bury")
    assert sorted(_z(s, "won", 2)) == [] and len(_z(s, "hand", 2)) == 12
