"""Correctness on games of the rummy family the engine has never seen (tests/rulesets_review9/, each
says at its top what game it is and which rules it keeps), judged against the rules as a designer
means them: Gin Rummy (knocking, laying off on the knocker's melds, gin and undercut), Rummy 500
(taking from deep in the discard pile, Aces high or low), a Canasta-like partnership game (melds of
equal rank per team, wild cards limited per meld, a frozen pile, going out only with a canasta) and
Contract Rummy (a different contract every deal).

Scripted deals: the moves offered and the scores are worked out by hand from the rules, in the
comments.  Random games: every card in exactly one zone, every move one the rules offered, the game
ends, and an independent referee (sharing no code with the engine) recomputes the outcomes.
"""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

HERE = Path(__file__).resolve().parent / "rulesets_review9"


def _load(name, **options):
    path = name if isinstance(name, Path) else HERE / f"{name}.yaml"
    loaded = load_ruleset(str(path), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _v(s, name):
    return S.var(s, name)


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


# -- identical cards: two jokers of one pack, and none, compare as a designer means ------------------

TWINS = """
name: identical cards
players: {{count: 2}}
pack:
  ranks: ["7", "8", "9"]
  suits: [clubs, hearts]
  copies: {copies}
  jokers: {jokers}
zones:
  stock: {{visibility: hidden}}
  hand: {{per: player, visibility: owner}}
  pile: {{visibility: public}}
state:
  dealer: {{type: player, initial: 0}}
  taken: {{type: card, initial: none}}
  score: {{per: player, initial: 0}}
hand:
  - gather: {{from: [hand, pile], to: stock}}
  - deal: {{from: stock, to: hand, count: 3}}
  - choose:
      player: 0
      moves:
        play:
          options: hand[0]
          legal: option != taken and not (taken in hand[1])
          do:
            - move: {{cards: option, from: "hand[0]", to: pile}}
            - set: {{taken: option}}
  - if: last(pile) == first(hand[1]) or last(pile) in hand[1] or contains(hand[1], last(pile))
    then:
      - add: {{"score[0]": 1}}
end:
  after_hand: hand_number >= 1
  winners: players
  score: score[p]
"""


def _twins(tmp_path, copies, jokers):
    path = tmp_path / "twins.yaml"
    path.write_text(TWINS.format(copies=copies, jokers=jokers), encoding="utf-8")
    return _load(path)


def test_the_two_jokers_of_one_pack_are_the_same_card_in_expressions(tmp_path):
    # One pack and two jokers: the jokers are identical cards (they look alike, melds treat them
    # alike), so `==`, `in` and contains() must find the one joker equal to the other, as they do
    # for the two copies of a card in a double pack.  (Before the fix they compared card ids, so a
    # rummy's "the joker taken from the pile must be melded now" refused every meld holding the other
    # joker, and a game stopped with no legal move.)
    rules = _twins(tmp_path, 1, 2)
    # the deal starts at seat 1: seat 1 gets Joker 7♣ 9♣, seat 0 Joker 8♣ 7♥
    s = S.stacked_game(rules, 2, ["Joker", "Joker", "7♣", "8♣", "9♣", "7♥"])
    assert _z(s, "hand", 0) == ["Joker", "8♣", "7♥"] and _z(s, "hand", 1)[0] == "Joker"
    S.play(s, ("play", "Joker"))
    # seat 0's joker is == seat 1's, in its hand, and contains() finds it: scores 1
    assert G.is_over(s) and _v(s, "score") == [1, 0]
    s = S.stacked_game(rules, 2, ["Joker", "Joker", "7♣", "8♣", "9♣", "7♥"])
    S.play(s, ("play", "8♣"))
    assert G.is_over(s) and _v(s, "score") == [0, 0]


def test_a_card_variable_holding_none_compares_with_a_card_in_a_double_pack(tmp_path):
    # `option != taken` while `taken` is still none, `taken in hand[1]`: fine with one copy of each
    # card, and must be fine with two (it stopped the game: "a list position must be a number, not
    # none").
    rules = _twins(tmp_path, 2, 0)
    # seat 1 gets 7♣ 8♣ 9♣, seat 0 the other 7♣, 9♥ 8♥
    s = S.stacked_game(rules, 2, ["7♣", "7♣", "8♣", "9♥", "9♣", "8♥"])
    assert sorted(_legal(s)) == ["7♣", "8♥", "9♥"]
    S.play(s, ("play", "7♣"))
    # the other copy of 7♣ is in seat 1's hand
    assert G.is_over(s) and _v(s, "score") == [1, 0]
