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
from functools import lru_cache
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


def _act(s, text):
    """Apply the legal action described as `text` (as S.describe writes it)."""
    for a in G.legal_actions(s):
        if S.describe(s, a) == text:
            return G.apply(s, a)
    raise AssertionError(f"{text!r} not among {_legal(s)}")




def _tables(s):
    u = s.rules.universe
    return [sorted(sorted(u.names[c] for c in g) for g in t if g) for t in S.zone(s, "table")]


# -- Gin Rummy --------------------------------------------------------------------------------------

GIN = {
    1: ["A♣", "2♣", "3♣", "8♦", "8♥", "8♠", "J♠", "Q♠", "K♠", "5♥"],
    0: ["4♣", "5♣", "8♣", "9♠", "10♠", "2♥", "2♦", "2♠", "K♦", "Q♦"],
}


def _gin(hands=GIN, stock=("7♥", "4♦"), **options):
    return S.stacked_game(_load("gin", **options), 2, _deck(hands, [1, 0], stock))


def test_gin_knocking_laying_off_and_the_difference_of_deadwood():
    s = _gin()
    assert G.current_player(s) == 1 and _legal(s) == ["draw", "take"]
    S.play(s, ("draw",))
    # seat 1 holds A-2-3♣, 8♦ 8♥ 8♠, J-Q-K♠ and 5♥ 4♦ unmatched (9): knocking discards 5♥ (4 left) or
    # 4♦ (5 left); any other discard breaks a meld and leaves more than 10
    knocks = sorted(a for a in _legal(s) if a.startswith("knock"))
    assert knocks == ["knock 4♦", "knock 5♥"]
    assert len([a for a in _legal(s) if a.startswith("discard")]) == 11
    S.play(s, ("knock", "5♥"))
    # the knocker lays all three melds (4 left) or leaves A-2-3♣ unlaid (4 + 6 = 10, still allowed)
    assert sorted(_legal(s)) == ["lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠]", "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣]"]
    _act(s, "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣]")
    assert _z(s, "hand", 1) == ["4♦"] and not _v(s, "gin")
    # the defender: its own set of Twos, and lay-offs on the knocker's melds (4♣ low? no: after 3♣;
    # 8♣ on the Eights; 10♠ below J♠); 5♣ and 9♠ only once 4♣ and 10♠ lie there
    assert G.current_player(s) == 0
    assert sorted(_legal(s)) == sorted(["meld [2♦ 2♥ 2♠]", "lay_off 4♣ -> [A♣ 2♣ 3♣ 4♣]",
                                        "lay_off 8♣ -> [8♣ 8♦ 8♥ 8♠]", "lay_off 10♠ -> [10♠ J♠ Q♠ K♠]", "done"])
    _act(s, "meld [2♦ 2♥ 2♠]")
    _act(s, "lay_off 4♣ -> [A♣ 2♣ 3♣ 4♣]")
    assert "lay_off 5♣ -> [A♣ 2♣ 3♣ 4♣ 5♣]" in _legal(s)
    _act(s, "lay_off 5♣ -> [A♣ 2♣ 3♣ 4♣ 5♣]")
    _act(s, "lay_off 10♠ -> [10♠ J♠ Q♠ K♠]")
    _act(s, "lay_off 9♠ -> [9♠ 10♠ J♠ Q♠ K♠]")
    _act(s, "lay_off 8♣ -> [8♣ 8♦ 8♥ 8♠]")
    assert sorted(_legal(s)) == ["done"]
    _act(s, "done")
    # the defender keeps K♦ Q♦ (20) against the knocker's 4: the knocker scores 16
    assert _v(s, "score") == [0, 16]
    assert s.hand_no == 2 and G.all_cards(s) == sorted(s.rules.deck(2))


@pytest.mark.parametrize("knock, want", [("5♥", [25, 0]), ("4♦", [26, 0])])
def test_gin_an_undercut_scores_for_the_defender(knock, want):
    # the defender keeps A♦ 3♦ (4): against a knock with 4 (an equal count is an undercut) it scores
    # 0 + 25; against 5, 1 + 25
    hands = dict(GIN)
    hands[0] = ["4♣", "5♣", "8♣", "9♠", "10♠", "2♥", "2♦", "2♠", "A♦", "3♦"]
    s = _gin(hands)
    S.play(s, ("draw",), ("knock", knock))
    _act(s, "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣]")
    _act(s, "meld [2♦ 2♥ 2♠]")
    for text in ("lay_off 4♣ -> [A♣ 2♣ 3♣ 4♣]", "lay_off 5♣ -> [A♣ 2♣ 3♣ 4♣ 5♣]",
                 "lay_off 10♠ -> [10♠ J♠ Q♠ K♠]", "lay_off 9♠ -> [9♠ 10♠ J♠ Q♠ K♠]",
                 "lay_off 8♣ -> [8♣ 8♦ 8♥ 8♠]", "done"):
        _act(s, text)
    assert _v(s, "score") == want


def test_gin_no_lay_off_on_a_gin_hand_and_the_bonus():
    # seat 1 draws 4♣: A-2-3-4♣ with the Eights and J-Q-K♠ leave 5♥ alone; discarding it is gin
    hands = dict(GIN)
    hands[0] = ["6♦"] + GIN[0][1:]
    s = _gin(hands, stock=("7♥", "4♣"))
    S.play(s, ("draw",))
    assert sorted(a for a in _legal(s) if a.startswith("knock")) == ["knock 4♣", "knock 5♥", "knock A♣"]
    S.play(s, ("knock", "5♥"))
    # the Eights and J-Q-K♠ (54 of 64) must be laid; with them A-2-3-4♣, A-2-3♣, 2-3-4♣ or no club
    assert sorted(_legal(s)) == sorted(["lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣ 4♣]",
                                        "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣]",
                                        "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [2♣ 3♣ 4♣]",
                                        "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠]"])
    _act(s, "lay [J♠ Q♠ K♠] [8♦ 8♥ 8♠] [A♣ 2♣ 3♣ 4♣]")
    assert _v(s, "gin")
    # the defender may meld but never lay off (5♣ would follow 4♣, 10♠ precede J♠)
    assert not any(a.startswith("lay_off") for a in _legal(s))
    _act(s, "meld [2♦ 2♥ 2♠]")
    _act(s, "done")
    # 6♦ 5♣ 8♣ 9♠ 10♠ K♦ Q♦ left: 6+5+8+9+10+10+10 = 58, plus 25
    assert _v(s, "score") == [0, 83]


def test_gin_the_discard_just_taken_may_not_be_thrown_again():
    s = _gin()
    S.play(s, ("take",))                     # the up card 7♥
    assert "discard 7♥" not in _legal(s) and "knock 7♥" not in _legal(s)
    assert "discard 5♥" in _legal(s)
    # with 7♥ in hand the deadwood is 5♥ 7♥ (12): no knock until one goes
    assert [a for a in _legal(s) if a.startswith("knock")] == ["knock 5♥"]


# -- Rummy 500 --------------------------------------------------------------------------------------

R500 = {
    1: ["Q♥", "K♥", "4♣", "9♦", "2♠", "6♣", "J♣"],
    2: ["A♠", "2♦", "3♦", "7♥", "8♣", "10♦", "5♠"],
    0: ["9♠", "10♠", "J♠", "K♣", "K♦", "K♠", "Joker"],
}


def test_rummy500_deep_discard_aces_high_and_low_and_the_scores():
    s = S.stacked_game(_load("rummy500"), 3, _deck(R500, [1, 2, 0], ["4♦", "A♥", "Q♠"]))
    assert _z(s, "discard") == ["4♦"] and _legal(s) == ["draw", "take 4♦"]
    S.play(s, ("draw",))
    # Q-K-A♥: the Ace high after the King
    assert [a for a in _legal(s) if a.startswith("meld")] == ["meld [Q♥ K♥ A♥]"]
    _act(s, "meld [Q♥ K♥ A♥]")
    assert _v(s, "laid") == [0, 35, 0]                  # 10 + 10 + 15
    S.play(s, ("discard", "2♠"))
    # seat 2 may take 2♠ (the top), or 4♦ from below with 2♠: it melds with 2♦ 3♦ (A-2-3 low)
    assert _legal(s) == ["draw", "take 4♦", "take 2♠"]
    S.play(s, ("take", "4♦"))
    assert _z(s, "discard") == [] and _v(s, "must_use") is not None
    # 4♦ must be melded now: the only meld holding it, and no discard meanwhile
    assert _legal(s) == ["meld [2♦ 3♦ 4♦]"]
    _act(s, "meld [2♦ 3♦ 4♦]")
    # nothing fits any meld (no lay-off), nothing else melds: the six cards may be discarded
    assert sorted(_legal(s)) == sorted(f"discard {c}" for c in ["A♠", "7♥", "8♣", "10♦", "5♠", "2♠"])
    S.play(s, ("discard", "10♦"))
    S.play(s, ("draw",))                                 # seat 0 draws Q♠
    # the joker on Q-K-A♥ can only be J♥ (never after the Ace: no K-A-2); on 2-3-4♦ A♦ or 5♦
    S.play(s, ("lay_off", 1))
    assert _legal(s) == ["add Joker -> [Joker=J♥ Q♥ K♥ A♥]", "back"]
    S.play(s, ("back",))
    S.play(s, ("lay_off", 2))
    assert _legal(s) == ["add Joker -> [Joker=A♦ 2♦ 3♦ 4♦]", "add Joker -> [2♦ 3♦ 4♦ Joker=5♦]", "back"]
    _act(s, "add Joker -> [Joker=A♦ 2♦ 3♦ 4♦]")
    assert _v(s, "laid") == [1, 35, 9]                  # the joker as a low Ace: 1
    _act(s, "meld [9♠ 10♠ J♠ Q♠]")
    _act(s, "meld [K♣ K♦ K♠]")
    # seat 0 is out without a discard: 1 + 39 + 30; seat 1 keeps 4♣ 9♦ 6♣ J♣ (29) against 35; seat 2
    # keeps A♠ 7♥ 8♣ 5♠ 2♠ (15 + 22) against 9
    assert _v(s, "score") == [70, 6, -28]
    assert s.hand_no == 2


def test_rummy500_no_run_round_the_corner_and_no_run_of_fourteen():
    rules = _load("rummy500")
    mr, u = rules.meld_rules, rules.universe
    names = lambda ms: sorted(" ".join(u.names[c] for c in m.cards) for m in ms)   # noqa: E731
    assert names(mr.melds_in(S.cards(rules, ["K♦", "A♦", "2♦"]))) == []
    assert names(mr.melds_in(S.cards(rules, ["K♦", "A♦", "Q♦", "2♦"]))) == ["Q♦ K♦ A♦"]
    assert names(mr.melds_in(S.cards(rules, ["A♦", "2♦", "3♦"]))) == ["A♦ 2♦ 3♦"]
    # the whole suit and a joker as the second Ace: full_length false refuses it
    suit = S.cards(rules, [f"{r}♣" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]])
    assert not mr.is_meld(suit + S.cards(rules, ["Joker"]))
    assert mr.is_meld(suit)


# -- Canasta-like: sets of any size, wild cards limited per meld -----------------------------------

def test_a_set_without_a_largest_size_takes_every_copy_of_its_rank():
    # `sets: {max: none}` (the reference allows none) must mean no limit, not stop every game with
    # "cannot compare none with a number"; `min: none` means no minimum beyond one card
    rules = _load("canasta")
    mr, u = rules.meld_rules, rules.universe
    fives = S.cards(rules, ["5♣", "5♣", "5♦", "5♥", "5♠", "5♠", "Joker", "2♥"])
    biggest = max(mr.melds_in(fives), key=lambda m: len(m.cards))
    assert len(biggest.cards) == 8 and mr.is_meld(fives)
    # three wild cards at most: a fourth is refused
    assert not mr.is_meld(S.cards(rules, ["5♣", "5♦", "Joker", "Joker", "2♥", "2♠"]))
    assert mr.is_meld(S.cards(rules, ["5♣", "5♦", "Joker", "Joker", "2♥"]))
    assert u.size == 108


LIST_TYPES = """
name: list types
players: {count: 2}
pack: {ranks: ["7", "8", "9"], suits: [clubs, hearts], copies: 2}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
hand:
  - gather: {from: [hand, pile], to: stock}
  - deal: {from: stock, to: hand, count: 3}
  - move: {cards: last(stock), from: stock, to: pile}
  - choose:
      player: 0
      moves:
        pair:
          options: "[] if count(pile) == 0 else groups(hand[0], c => c.rank, 2, 2)"
          do:
            - add: {"score[0]": "count(option + pile)"}
            - add: {"score[1]": "count(pile + option)"}
        none: {}
end:
  after_hand: hand_number >= 1
  winners: players
  score: score[p]
"""


def test_an_empty_list_in_one_branch_keeps_the_kind_of_the_other_and_joins(tmp_path):
    # `[] if c else groups(...)` is a list of lists of cards (the empty list says nothing of its
    # items), so `option + pile` joins two lists of cards; it was refused at load ("the right side of
    # '+' must be a number").  Seat 0 holds 7♣ 7♣ 9♥? no: see the deal below.
    path = tmp_path / "types.yaml"
    path.write_text(LIST_TYPES, encoding="utf-8")
    rules = _load(path)
    # the deal starts at seat 1: seat 0 gets 7♣ 8♥ 7♥, the pile 9♣
    s = S.stacked_game(rules, 2, ["8♣", "7♣", "9♥", "8♥", "9♣", "7♥", "9♣"])
    assert _z(s, "hand", 0) == ["7♣", "8♥", "7♥"] and _z(s, "pile") == ["9♣"]
    assert _legal(s) == ["pair 7♣ 7♥", "none"]
    S.play(s, ("pair", ["7♣", "7♥"]))
    assert _v(s, "score") == [3, 3]


CANASTA = {1: "9♣ 9♦ K♣ K♣ K♦ K♥ K♠ 2♥ Joker 5♠ 6♠".split(),
           2: "4♣ 4♦ 7♣ 8♦ 10♥ J♠ Q♣ A♦ 6♥ 9♥ 2♠".split(),
           3: "Q♦ Q♥ 8♣ 8♥ 10♣ 10♦ J♥ 7♦ 6♣ 4♥ A♠".split(),
           0: "A♣ A♥ 5♥ 6♦ 7♥ 7♠ 8♠ 10♠ J♣ J♦ Q♠".split()}


def _canasta():
    # dealer 0: seat 1 plays first; the up card 9♥, then the stock gives 4♠, J♣, 9♠
    return S.stacked_game(_load("canasta"), 4, _deck(CANASTA, [1, 2, 3, 0], ["9♥", "4♠", "J♣", "9♠"]))


def _first_turn(s):
    # seat 1 takes the pile (just 9♥) with its natural pair of Nines: a new meld in front of seat 1
    assert G.current_player(s) == 1 and _legal(s) == ["draw", "take_with_pair 9♣ 9♦"]
    _act(s, "take_with_pair 9♣ 9♦")
    assert _tables(s)[1] == [["9♣", "9♥", "9♦"]] and _z(s, "discard") == []
    # the five natural Kings (both K♣) in one meld; the wild cards go on one at a time
    _act(s, "meld [K♣ K♣ K♦ K♥ K♠]")
    _act(s, "add 2♥ -> [K♣ K♣ 2♥=K♣ K♦ K♥ K♠]")
    _act(s, "add Joker -> [K♣ K♣ 2♥=K♣ Joker=K♣ K♦ K♥ K♠]")
    assert sorted(_legal(s)) == ["discard 5♠", "discard 6♠"]
    S.play(s, ("discard", "5♠"))


def test_canasta_a_hand_the_frozen_pile_and_the_scores():
    s = _canasta()
    _first_turn(s)
    # seat 2 draws 4♠ and throws the wild 2♠: the pile is frozen
    S.play(s, ("draw",), ("discard", "2♠"))
    # a wild card on top: the pile cannot be taken at all
    assert _legal(s) == ["draw"]
    S.play(s, ("draw",), ("discard", "A♠"))
    # frozen, but seat 0 holds a natural pair of Aces: it takes the pile (A♠ melded with the pair; 5♠
    # and the 2♠ come to hand)
    assert _legal(s) == ["draw", "take_with_pair A♣ A♥"]
    _act(s, "take_with_pair A♣ A♥")
    assert _tables(s)[0] == [["A♠", "A♣", "A♥"]]
    assert sorted(_z(s, "hand", 0)) == sorted("5♥ 6♦ 7♥ 7♠ 8♠ 10♠ J♣ J♦ Q♠ 5♠ 2♠".split())
    S.play(s, ("discard", "Q♠"))
    # seat 1 draws 9♠; with a canasta on its side it may go out: 9♠ on the Nines, then its last card
    S.play(s, ("draw",))
    assert sorted(_legal(s)) == ["add 9♠ -> [9♣ 9♦ 9♥ 9♠]", "discard 6♠", "discard 9♠"]
    _act(s, "add 9♠ -> [9♣ 9♦ 9♥ 9♠]")
    S.play(s, ("discard", "6♠"))
    # seats 1 and 3: Nines 40, Kings 5 x 10 + 20 + 50 and 300 for a mixed canasta, 100 for going out,
    # less seat 3's Q♦ Q♥ 8♣ 8♥ 10♣ 10♦ J♥ J♣ (80) 7♦ 6♣ 4♥ (15): 560 - 95
    # seats 0 and 2: Aces 60, less seat 0's 5♥ 6♦ 7♥ 7♠ 5♠ (25) 8♠ 10♠ J♣ J♦ (40) 2♠ (20) and seat 2's
    # 4♣ 4♦ 7♣ 6♥ 4♠ (25) 8♦ 10♥ J♠ Q♣ 9♥ (50) A♦ (20): 60 - 85 - 95
    assert _v(s, "score") == [-120, 465]
    assert s.hand_no == 2 and G.all_cards(s) == sorted(s.rules.deck(4))
    assert G.result(s)["team_scores"] == [-120, 465]


def test_canasta_an_unfrozen_pile_goes_onto_the_teams_meld():
    s = _canasta()
    _first_turn(s)
    # seat 2 throws 9♥: seat 3's side holds the Nines and the pile is not frozen; no pair is needed
    # (and a pair would not do: the side has that rank already)
    S.play(s, ("draw",), ("discard", "9♥"))
    assert _legal(s) == ["draw", "take_onto_meld"]
    S.play(s, ("take_onto_meld",))
    assert sorted(_tables(s)[1]) == sorted([["9♣", "9♥", "9♥", "9♦"], ["2♥", "Joker", "K♠", "K♣", "K♣", "K♥", "K♦"]])
    assert "5♠" in _z(s, "hand", 3) and _z(s, "discard") == []
    assert G.current_player(s) == 3 and _v(s, "score") == [0, 0]


# -- Contract Rummy ---------------------------------------------------------------------------------

CONTRACT = {1: "7♣ 7♦ 7♣ K♥ K♠ 8♠ 3♠ 7♥ 2♥ K♣".split(),
            2: "3♣ 3♦ 3♥ Joker 8♥ 8♦ 10♠ Q♠ 6♦ 7♠".split(),
            3: "A♦ 2♣ 4♥ 6♣ 9♦ 10♥ J♦ Q♥ 5♠ 9♣".split(),
            0: "2♦ 4♣ 5♥ 6♠ 9♥ 10♣ J♥ Q♣ A♠ 4♠".split()}


def _distinct_plays(s, move):
    """The card sets of the `move` actions offered, each meld's cards sorted, wild readings dropped."""
    out = set()
    for text in _legal(s):
        if text.startswith(move + " "):
            melds = text[len(move) + 2:-1].split("] [")
            out.add(tuple(sorted(" ".join(sorted(c.split("=")[0] for c in m.split())) for m in melds)))
    return out


def test_contract_the_first_deal_two_sets_then_lay_offs_and_out():
    s = S.stacked_game(_load("contract"), 4, _deck(CONTRACT, [1, 2, 3, 0], "6♥ K♦ A♣ J♠ Q♦ K♣".split()))
    assert len(_z(s, "hand", 1)) == 10
    S.play(s, ("draw",))                                 # K♦
    # two sets exactly: any three or all four of the Sevens (7♣ twice: the copies are one choice),
    # with any three or all four Kings: 4 x 5 plays; no run (8♠ 3♠ are alone), no third set
    plays = _distinct_plays(s, "go_down")
    sevens = {"7♣ 7♣ 7♦ 7♥", "7♣ 7♦ 7♥", "7♣ 7♣ 7♦", "7♣ 7♣ 7♥"}
    kings = {"K♣ K♦ K♥ K♠", "K♣ K♦ K♥", "K♣ K♦ K♠", "K♣ K♥ K♠", "K♦ K♥ K♠"}
    norm = lambda m: " ".join(sorted(m.split()))      # noqa: E731
    assert plays == {tuple(sorted([norm(a), norm(b)])) for a in sevens for b in kings}
    assert len([a for a in _legal(s) if a.startswith("go_down")]) == 20
    _act(s, "go_down [K♣ K♦ K♥ K♠] [7♣ 7♣ 7♦ 7♥]")
    # no lay-off in the turn of going down, and no second go-down
    assert sorted(_legal(s)) == ["discard 2♥", "discard 3♠", "discard 8♠"]
    S.play(s, ("discard", "2♥"))
    S.play(s, ("draw",))                                 # seat 2: A♣
    # the Eights need the joker: one play, [3♣ 3♦ 3♥] with [8♦ 8♥ joker]
    assert _distinct_plays(s, "go_down") == {("3♣ 3♥ 3♦", "8♥ 8♦ Joker")}
    _act(s, "go_down [3♣ 3♦ 3♥] [Joker=8♣ 8♦ 8♥]")     # suits may repeat: the joker has one reading
    S.play(s, ("discard", "A♣"))
    S.play(s, ("draw",), ("discard", "J♠"))             # seat 3
    S.play(s, ("draw",), ("discard", "Q♦"))             # seat 0
    S.play(s, ("draw",))                                 # seat 1: K♣, the second copy
    # lay-offs onto anyone's melds: the Eights take 8♠ (a natural beside the joker standing for it:
    # suits may repeat), the Threes 3♠, its own Kings the other K♣
    assert sorted(_legal(s)) == ["discard 3♠", "discard 8♠", "discard K♣", "lay_off 1", "lay_off 2"]
    S.play(s, ("lay_off", 2))
    assert sorted(_legal(s)) == ["add 3♠ -> [3♣ 3♦ 3♥ 3♠]", "add 8♠ -> [Joker=8♣ 8♦ 8♥ 8♠]"]
    _act(s, "add 8♠ -> [Joker=8♣ 8♦ 8♥ 8♠]")
    S.play(s, ("lay_off", 2))
    _act(s, "add 3♠ -> [3♣ 3♦ 3♥ 3♠]")
    S.play(s, ("lay_off", 1))
    [king] = _legal(s)
    _act(s, king)
    # seat 1 is out with no discard; the others score what they hold
    assert _v(s, "score") == [75, 0, 30, 75]
    # the second deal: a set and a run, ten cards, seat 2 (left of dealer 1) first
    assert s.hand_no == 2 and G.current_player(s) == 2
    assert all(len(_z(s, "hand", p)) == 10 for p in range(4))


# -- random games: invariants and an independent referee -------------------------------------------
#
# The referee reads cards by their names only (rank and suit) and recomputes, with its own small
# meld logic, what the rules say: it shares no code with the engine's meld finder.

from interpreter.sim.rulecheck import RuleCheck  # noqa: E402
from tests.scripted import deal_order as _deck, legal_texts as _legal, var as _v, zone_names as _z

ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _card(name):
    """(rank, suit symbol) of a card name; ("Joker", None) for a joker."""
    return ("Joker", None) if name == "Joker" else (name[:-1], name[-1])


def _names(s, ids):
    return [s.rules.universe.names[c] for c in ids]


def _groups(s, owner=None):
    z = S.zone(s, "table", owner)
    return [_names(s, g) for g in z if g]


def _games(name, counts, seeds, watch, prefer=(), policy=None, **options):
    """Random games: after every move every card is in exactly one zone and the rules check finds no
    move that was not offered; `watch(before, action, after)` sees every move (`before` a copy of the
    state it was made in).  Moves are random, those named in `prefer` chosen (when offered) three
    times in four, so that random play reaches them; `policy(state, legal, rng)` may pick instead
    (an index, or None).  Returns the number of finished games."""
    rules = _load(name, **options)
    played = 0
    for n in counts:
        pack = sorted(rules.deck(n))
        for seed in seeds:
            rng, check = random.Random(seed), RuleCheck(seed)
            s = G.new_game(rules, n, seed)
            while not G.is_over(s):
                before = G.clone(s)
                legal = G.legal_actions(s)
                wanted = [j for j, a in enumerate(legal) if a[0] in prefer]
                i = policy(s, legal, rng) if policy else None
                if i is None:
                    i = rng.choice(wanted) if wanted and rng.random() < 0.75 else rng.randrange(len(legal))
                action = legal[i]
                check.apply(s, i)
                assert G.all_cards(s) == pack, (name, n, seed, len(s.history))
                watch(before, action, s)
            report = check.report()
            assert not report["violations"], (name, n, seed, report["violations"][:2])
            assert set(G.result(s)["winners"]) <= set(range(n))
            played += 1
    return played


# Gin: deadwood by brute force over every way to lay disjoint melds

GIN_PIPS = {r: min(i + 1, 10) for i, r in enumerate(ORDER)}


def _gin_melds(cards):
    """Every set (3-4 of a rank) and run (3+ in a suit, Ace low only) among the card names."""
    out = []
    by_rank = {}
    for c in cards:
        by_rank.setdefault(_card(c)[0], []).append(c)
    for same in by_rank.values():
        for k in (3, 4):
            out += [frozenset(m) for m in combinations(same, k)]
    by_suit = {}
    for c in cards:
        r, su = _card(c)
        by_suit.setdefault(su, {})[ORDER.index(r)] = c
    for ranks in by_suit.values():
        for lo in range(13):
            for hi in range(lo + 2, 13):
                if all(x in ranks for x in range(lo, hi + 1)):
                    out.append(frozenset(ranks[x] for x in range(lo, hi + 1)))
    return out


def _gin_plays(cards):
    """Every collection of disjoint melds (the empty one included), as frozensets of melds."""
    melds = _gin_melds(cards)
    out = []

    def grow(start, used, chosen):
        out.append(frozenset(chosen))
        for j in range(start, len(melds)):
            if not melds[j] & used:
                grow(j + 1, used | melds[j], chosen + [melds[j]])
    grow(0, frozenset(), [])
    return out


def _pips(cards):
    return sum(GIN_PIPS[_card(c)[0]] for c in cards)


def _deadwood(cards):
    return _least_deadwood(frozenset(cards))


@lru_cache(maxsize=100000)
def _least_deadwood(cards):
    return _pips(cards) - max(sum(_pips(m) for m in play) for play in _gin_plays(cards))


def _gin_policy(s, legal, rng):
    """Mostly the discard leaving the least deadwood, so that random games knock, go gin and get
    undercut: gin whenever possible, another knock four times in ten."""
    if rng.random() < 0.25 or not any(a[0] == "discard" for a in legal):
        return None
    hand = _names(s, S.zone(s, "hand", G.current_player(s)))
    u = s.rules.universe
    options = [(j, a[0], _deadwood([c for c in hand if c != u.names[a[1]]])) for j, a in enumerate(legal)]
    least = min(d for _, _, d in options)
    knock = [j for j, move, d in options if move == "knock" and d == least]
    if knock and (least == 0 or rng.random() < 0.4):
        return rng.choice(knock)
    return rng.choice([j for j, move, d in options if move == "discard" and d == least])


def _gin_watch(before, action, after):
    who = G.current_player(before)
    hand = _names(before, S.zone(before, "hand", who))
    moves = {a[0] for a in G.legal_actions(before)}
    if "knock" in moves or "discard" in moves:
        # the turn's second decision: the discard just taken (if any) may not go; knocking needs
        # deadwood at most 10 after the discard
        last = before.history[-1]
        taken = hand[-1] if last[1][0] == "take" else None
        legal = {S.describe(before, a) for a in G.legal_actions(before)}
        assert {a for a in legal if a.startswith("discard")} == {f"discard {c}" for c in hand if c != taken}
        want = {f"knock {c}" for c in hand if c != taken and _deadwood([d for d in hand if d != c]) <= 10}
        assert {a for a in legal if a.startswith("knock")} == want, (hand, taken)
    if "lay" in moves or "lay_nothing" in moves:
        total = _pips(hand)
        want = {play for play in _gin_plays(hand) if total - sum(_pips(m) for m in play) <= 10}
        got = set()
        for a in G.legal_actions(before):
            if a[0] == "lay":
                got.add(frozenset(frozenset(_names(before, m.cards)) for m in a[1]))
            else:
                got.add(frozenset())
        assert got == want, hand
    if "lay_off" in moves and not S.var(before, "gin"):
        # every card of the defender that fits a knocker's meld at one end (runs: Ace low only) or
        # as the fourth of a set
        knocker = S.var(before, "knocker")
        want = set()
        for group in _groups(before, knocker):
            ranks = {_card(c)[0] for c in group}
            for c in hand:
                r, su = _card(c)
                if len(ranks) == 1:
                    fits = r in ranks and len(group) < 4
                else:
                    idx = sorted(ORDER.index(_card(g)[0]) for g in group)
                    fits = su == _card(group[0])[1] and ORDER.index(r) in (idx[0] - 1, idx[-1] + 1)
                if fits:
                    want.add((c, frozenset(group + [c])))
        got = set()
        for a in G.legal_actions(before):
            if a[0] == "lay_off":
                text = S.describe(before, a)
                card, _, result = text[len("lay_off "):].partition(" -> ")
                got.add((card, frozenset(result.strip("[]").split())))
        assert got == want, (hand, _groups(before, knocker))
    if after.hand_no != before.hand_no or G.is_over(after):
        score = [b - a for a, b in zip(S.var(before, "score"), S.var(after, "score"))]
        knocker = S.var(before, "knocker")
        if knocker is None:
            assert score == [0, 0] and len(S.zone(before, "stock")) <= 3
            return
        assert action[0] == "done"
        other = 1 - knocker
        kd = _pips(_names(before, S.zone(before, "hand", knocker)))
        dd = _pips(_names(before, S.zone(before, "hand", other)))
        want = [0, 0]
        if kd == 0:                      # gin: every card laid
            want[knocker] = dd + 25
        elif dd <= kd:
            want[other] = kd - dd + 25
        else:
            want[knocker] = dd - kd
        assert score == want, (kd, dd)


def test_gin_random_games_against_the_referee():
    assert _games("gin", [2], range(3), _gin_watch, prefer=("meld", "lay_off"), policy=_gin_policy,
                  target=100) == 3


@pytest.mark.soak
def test_gin_random_games_against_the_referee_soak():
    _games("gin", [2], range(3, 60), _gin_watch, prefer=("meld", "lay_off"), policy=_gin_policy, target=100)


# Rummy 500: runs with the Ace high or low, one joker a meld; deep takes; points laid

def _r500_run(cards):
    """A valid run (Ace low or high, not round the corner, at most one joker, 3 to 13 cards)?"""
    naturals = [_card(c) for c in cards if c != "Joker"]
    size = len(cards)
    if size - len(naturals) > 1 or not naturals or len({su for _, su in naturals}) != 1 or not 3 <= size <= 13:
        return False
    for ace in (0, 13):                 # positions 0..13: the Ace below the Two or above the King
        pos = sorted(ace if r == "A" else ORDER.index(r) for r, _ in naturals)
        if len(set(pos)) == len(pos) and max(0, pos[-1] - size + 1) <= min(pos[0], 14 - size):
            return True                 # a window of `size` places holds them all
    return False


def _r500_set(cards):
    naturals = [_card(c) for c in cards if c != "Joker"]
    jokers = len(cards) - len(naturals)
    return (jokers <= 1 and bool(naturals) and len({r for r, _ in naturals}) == 1
            and len({su for _, su in naturals}) == len(naturals) and 3 <= len(cards) <= 4)


def _r500_meld(cards):
    return _r500_run(cards) or _r500_set(cards)


def _r500_usable(c, cards):
    return any(_r500_meld([c, a, b]) for a, b in combinations(cards, 2))


R500_HAND = {r: (15 if r == "A" else min(ORDER.index(r) + 1, 10)) for r in ORDER}
R500_HAND["Joker"] = 15


def _r500_value(readings):
    """The points of the cards of a meld as read, in meld order (each 'X' or 'Joker=X'): in a run
    the Ace is 1 at the low end, 15 at the high end; 15 in a set."""
    stands = [_card(x.split("=")[-1]) for x in readings]
    is_set = len({r for r, _ in stands}) == 1
    return sum(1 if r == "A" and not is_set and i == 0 else R500_HAND[r] for i, (r, _) in enumerate(stands))


class _R500:
    def __init__(self):
        self.laid, self.deep = {}, None

    def __call__(self, before, action, after):
        who = G.current_player(before)
        hand = _names(before, S.zone(before, "hand", who))
        pile = _names(before, S.zone(before, "discard"))
        legal = [S.describe(before, a) for a in G.legal_actions(before)]
        if before.hand_no not in self.laid:
            self.laid = {before.hand_no: [0] * before.n}
        laid = self.laid[before.hand_no]
        if any(a == "draw" for a in legal):
            took = {a[len("take "):] for a in legal if a.startswith("take ")}
            tables = [g for p in range(before.n) for g in _groups(before, p)]
            sure = {pile[-1]} | {c for i, c in enumerate(pile) if _r500_usable(c, hand + pile[i + 1:])}
            maybe = sure | {c for c in pile if any(_r500_meld(g + [c]) for g in tables)}
            assert sure <= took <= maybe, (hand, pile, took, tables)
            if action[0] == "take":
                name = before.rules.universe.names[action[1]]
                self.deep = name if name != pile[-1] else None
        for text in legal:
            if text.startswith("meld "):
                assert _r500_meld([x.split("=")[0] for x in text[len("meld ["):-1].split()]), text
        if action[0] == "discard" and self.deep:
            # the card taken from deep in the pile was melded (or laid off) before the discard
            assert any(self.deep in g for p in range(before.n) for g in _groups(before, p)), self.deep
        if action[0] == "discard" or after.hand_no != before.hand_no:
            self.deep = None
        text = S.describe(before, action)
        if action[0] == "meld":
            laid[who] += _r500_value(text[len("meld ["):-1].split())
        elif action[0] == "add":
            card, _, result = text[len("add "):].partition(" -> ")
            readings = result.strip("[]").split()
            rest = list(readings)
            rest.remove(next(x for x in readings if x.split("=")[0] == card))
            # the added card's worth where it joined (an Ace low or high by its place)
            laid[who] += _r500_value(readings) - _r500_value(rest)
        if after.hand_no != before.hand_no or G.is_over(after):
            hands = [_names(before, S.zone(before, "hand", p)) for p in range(before.n)]
            if action[0] == "discard":
                hands[who].remove(text[len("discard "):])
            elif action[0] in ("meld", "add"):
                hands[who] = []
            delta = [b - a for a, b in zip(S.var(before, "score"), S.var(after, "score"))]
            assert delta == [laid[p] - sum(R500_HAND[_card(c)[0]] for c in hands[p]) for p in range(before.n)]


def test_rummy500_random_games_against_the_referee():
    assert _games("rummy500", [2, 3, 4], range(2), _R500(), prefer=("take", "meld", "lay_off", "add"),
                  target=150) == 6


@pytest.mark.soak
def test_rummy500_random_games_against_the_referee_soak():
    _games("rummy500", [2, 3, 4], range(2, 40), _R500(), prefer=("take", "meld", "lay_off", "add"), target=300)


# Canasta-like: team melds of a rank, wild cards limited, the frozen pile, going out with a canasta

CANASTA_VALUE = {"Joker": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
                 "7": 5, "6": 5, "5": 5, "4": 5}


def _wild(name):
    return name == "Joker" or _card(name)[0] == "2"


def _plain(text):
    """Card names of a meld as described ('Joker=K♣' read as the joker)."""
    return [x.split("=")[0] for x in text.strip("[]").split()]


def _team_groups(s, p):
    return _groups(s, p % 2)            # partners 0-2 and 1-3: a team's melds lie before seat 0 or 1


def _canasta_watch(before, action, after):
    who = G.current_player(before)
    n = before.n
    for p in range(n):
        if p > 1:
            assert not _groups(after, p)
    for home in (0, 1):
        groups = _groups(after, home)
        ranks = []
        for g in groups:
            naturals = [c for c in g if not _wild(c)]
            assert len({_card(c)[0] for c in naturals}) == 1 and len(naturals) >= 2, g
            assert len(g) - len(naturals) <= 3 and len(g) >= 3, g
            ranks.append(_card(naturals[0])[0])
        assert len(ranks) == len(set(ranks)), groups          # one meld of each rank per team
    hand = _names(before, S.zone(before, "hand", who))
    pile = _names(before, S.zone(before, "discard"))
    mine = _team_groups(before, who)
    canasta = any(len(g) >= 7 for g in mine)
    keep = 0 if canasta else 2
    legal = [S.describe(before, a) for a in G.legal_actions(before)]
    if "draw" in legal:
        top = pile[-1] if pile else None
        has = top is not None and any(_card(top)[0] in {_card(c)[0] for c in g if not _wild(c)} for g in mine)
        onto = (top is not None and not _wild(top) and not any(_wild(c) for c in pile) and has
                and len(hand) + len(pile) - 1 >= keep)
        assert ("take_onto_meld" in legal) == onto, (pile, hand, mine)
        pairs = set()
        if top is not None and not _wild(top) and not has and len(hand) + len(pile) - 3 >= keep:
            same = [c for c in hand if not _wild(c) and _card(c)[0] == _card(top)[0]]
            pairs = {"take_with_pair " + " ".join(sorted(p)) for p in combinations(same, 2)}
        assert {" ".join(a.split()[:1] + sorted(a.split()[1:])) for a in legal
                if a.startswith("take_with_pair")} == pairs, (pile, hand)
    elif any(a.startswith("discard") for a in legal) or any(a.startswith(("meld", "add")) for a in legal):
        assert any(a.startswith("discard") for a in legal) == (len(hand) > 1 or canasta), (hand, legal)
    # the move, as the referee applies it: the hands and the team's melds after it
    hands = [_names(before, S.zone(before, "hand", p)) for p in range(n)]
    teams = [[list(g) for g in _groups(before, home)] for home in (0, 1)]
    text = S.describe(before, action)
    if action[0] == "discard":
        hands[who].remove(text.split()[1])
    elif action[0] == "meld":
        cards = _plain(text[len("meld "):])
        for c in cards:
            hands[who].remove(c)
        teams[who % 2].append(cards)
    elif action[0] == "add":
        card, _, result = text[len("add "):].partition(" -> ")
        rest = _plain(result)
        rest.remove(card)
        [g] = [g for g in teams[who % 2] if sorted(g) == sorted(rest)] or [None]
        assert g is not None, (text, teams[who % 2])
        g.append(card)
        hands[who].remove(card)
    elif action[0] == "take_with_pair":
        pair = text.split()[1:]
        for c in pair:
            hands[who].remove(c)
        teams[who % 2].append(pair + [pile[-1]])
        hands[who] += pile[:-1]
    elif action[0] == "take_onto_meld":
        [g] = [g for g in teams[who % 2] if _card(pile[-1])[0] in {_card(c)[0] for c in g if not _wild(c)}]
        g.append(pile[-1])
        hands[who] += pile[:-1]
    if not hands[who] and action[0] != "draw":
        assert canasta, ("out without a canasta", hand, text)
    if after.hand_no != before.hand_no or G.is_over(after):
        out = who if not hands[who] else None
        want = []
        for t in (0, 1):
            melded = sum(CANASTA_VALUE[_card(c)[0]] for g in teams[t] for c in g)
            bonus = sum((300 if any(_wild(c) for c in g) else 500) for g in teams[t] if len(g) >= 7)
            held = sum(CANASTA_VALUE[_card(c)[0]] for p in (t, t + 2) for c in hands[p])
            want.append(melded + bonus + (100 if out is not None and out % 2 == t else 0) - held)
        delta = [b - a for a, b in zip(S.var(before, "score"), S.var(after, "score"))]
        assert delta == want, (teams, hands, text)


def test_canasta_random_games_against_the_referee():
    assert _games("canasta", [4], range(2), _canasta_watch,
                  prefer=("take_with_pair", "take_onto_meld", "meld", "add"), target=1500) == 2


@pytest.mark.soak
def test_canasta_random_games_against_the_referee_soak():
    _games("canasta", [4], range(2, 30), _canasta_watch,
           prefer=("take_with_pair", "take_onto_meld", "meld", "add"), target=3000)


# Contract Rummy: the contract of each deal, lay-offs after going down, the cards held

CONTRACT_SETS, CONTRACT_RUNS = [2, 1, 0, 3, 2, 1, 0], [0, 1, 2, 0, 1, 2, 3]
CONTRACT_PIPS = {r: 15 if r == "A" else 10 if r in ("10", "J", "Q", "K") else 5 for r in ORDER}
CONTRACT_PIPS["Joker"] = 25


def _contract_set(cards):
    naturals = [_card(c) for c in cards if c != "Joker"]
    return len(cards) - len(naturals) <= 1 and bool(naturals) and len({r for r, _ in naturals}) == 1 \
        and len(cards) >= 3


def _contract_run(cards):
    size = len(cards)
    return size >= 4 and _r500_run(cards) if size <= 13 else False


def _minimal_melds(cards):
    """Every three-card set and four-card run among the cards (as tuples of positions in `cards`)."""
    idx = range(len(cards))
    sets = [m for m in combinations(idx, 3) if _contract_set([cards[i] for i in m])]
    runs = [m for m in combinations(idx, 4) if _contract_run([cards[i] for i in m])]
    return sets, runs


def _contract_possible(cards, k_sets, k_runs):
    sets, runs = _minimal_melds(cards)

    def search(used, k, m, start_s, start_r):
        if k == 0 and m == 0:
            return True
        if k:
            return any(search(used | set(x), k - 1, m, j + 1, start_r)
                       for j, x in enumerate(sets) if j >= start_s and not used & set(x))
        return any(search(used | set(x), 0, m - 1, start_s, j + 1)
                   for j, x in enumerate(runs) if j >= start_r and not used & set(x))
    return search(set(), k_sets, k_runs, 0, 0)


def _contract_watch(before, action, after):
    who = G.current_player(before)
    hand = _names(before, S.zone(before, "hand", who))
    deal = (before.hand_no - 1) % 7
    legal = [S.describe(before, a) for a in G.legal_actions(before)]
    for p in range(after.n):
        for g in _groups(after, p):
            assert _contract_set(g) or _contract_run(g), g
    if any(a.startswith("discard") for a in legal):
        down = S.var(before, "down")[who]
        downs = [a for a in legal if a.startswith("go_down")]
        for a in downs:
            melds = [_plain(m) for m in a[len("go_down ["):-1].split("] [")]
            assert sum(map(_contract_set, melds)) == CONTRACT_SETS[deal], a
            assert sum(map(_contract_run, melds)) == CONTRACT_RUNS[deal], a
            assert len(melds) == CONTRACT_SETS[deal] + CONTRACT_RUNS[deal]
        if not down:
            assert bool(downs) == _contract_possible(hand, CONTRACT_SETS[deal], CONTRACT_RUNS[deal]), hand
            assert not any(a.startswith("lay_off") for a in legal)
        else:
            assert not downs
            if S.var(before, "down_now"):
                assert not any(a.startswith("lay_off") for a in legal)
    if after.hand_no != before.hand_no or G.is_over(after):
        hands = [_names(before, S.zone(before, "hand", p)) for p in range(before.n)]
        text = S.describe(before, action)
        if action[0] == "discard":
            hands[who].remove(text.split()[1])
        elif action[0] == "add":
            hands[who].remove(text.split()[1])
        delta = [b - a for a, b in zip(S.var(before, "score"), S.var(after, "score"))]
        assert delta == [sum(CONTRACT_PIPS[_card(c)[0]] for c in h) for h in hands], (hands, text)


def test_contract_random_games_against_the_referee():
    assert _games("contract", [3, 5], range(1), _contract_watch, prefer=("go_down", "lay_off", "add"),
                  deals=7) == 2


@pytest.mark.soak
def test_contract_random_games_against_the_referee_soak():
    _games("contract", [3, 4, 5], range(1, 12), _contract_watch, prefer=("go_down", "lay_off", "add"))


# -- the same games every way (tests/test_review_unseen.py: autoplay, stops, logged, step by step,
# the rules check, closures only) ------------------------------------------------------------------

RULESETS = ["canasta", "contract", "gin", "rummy500"]


SHORT = {"gin": {"target": 5}, "canasta": {"target": 1000}, "rummy500": {"target": 200}, "contract": {"deals": 3}}


def _sweep(name, seeds):
    from tests.test_review_unseen import _Plain, _compare, _counts
    path, options = str(HERE / f"{name}.yaml"), SHORT[name]
    fast = load_ruleset(path, options).rules
    with _Plain():
        plain = load_ruleset(path, options).rules
    return [_compare(fast, plain, n, seed, name) for n in _counts(fast) for seed in seeds]


@pytest.mark.parametrize("name", RULESETS)
def test_review9_rulesets_play_the_same_games_every_way(name):
    outcomes = _sweep(name, range(3))
    assert all(o[0] != "error" for o in outcomes), [o[:2] for o in outcomes if o[0] == "error"]


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_review9_rulesets_play_the_same_games_every_way_soak(name):
    _sweep(name, range(1, 40))


# -- explain says what a meld is ---------------------------------------------------------------------

def test_explain_says_what_a_meld_is():
    # `rules explain` wrote everything but the melds section: what runs and sets are, the wild cards,
    # the Ace high or low, how melded cards count; for a rummy these are the rules themselves
    from interpreter.authoring.explain import explain
    text = explain(_load("rummy500"))
    melds = text[text.index("## Melds"):].split("\n## ")[0]
    assert "**Wild cards**: the jokers" in melds
    assert "at least 3 cards of one suit in sequence (A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K)" in melds
    assert "A may also follow the last rank (a run of every rank with it at both ends is not allowed)" in melds
    assert "runs do not go round the corner; wild cards in one run: 1." in melds
    assert "**Sets**: 3 or more cards of one rank, at most 4, all of different suits" in melds
    assert "in a run by **low**, in a set by **high**, after the last rank by **high**" in melds
    canasta = explain(_load("canasta"))
    assert "- No runs.\n- **Sets**: 3 or more cards of one rank, suits may repeat; wild cards in one set: 3." \
        in canasta
    assert "- No wild cards." in explain(_load("gin"))


def test_a_wild_card_in_a_set_of_repeating_suits_is_one_meld_not_one_per_suit():
    rules = _load("canasta")
    mr = rules.meld_rules
    assert len(mr.melds_in(S.cards(rules, ["5♣", "5♦", "Joker"]))) == 1
    assert len(mr.melds_in(S.cards(rules, ["5♣", "2♣", "2♦"]))) == 1


def test_any_natural_of_the_rank_takes_a_wild_cards_place_in_a_set_of_repeating_suits():
    # with one reading, the joker of [5♣ 5♦ Joker] stands for 'a Five': wild_swaps lets a Five of any
    # suit take its place (a Five of clubs, like the suit it is read as, and a Five of hearts alike),
    # and no card of another rank
    from interpreter.expr.functions_tables import _swaps, _with_wilds
    rules = _load("canasta")
    mr = rules.meld_rules
    (meld,) = mr.melds_in(S.cards(rules, ["5♣", "5♦", "Joker"]))
    joker = S.cards(rules, ["Joker"])[0]
    for name in ("5♥", "5♣"):
        card = next(c for c in S.cards(rules, [name, name]) if c not in meld.cards)
        (change,) = _swaps(_with_wilds([(0, meld)], mr), [card], mr)
        (new,) = change.pieces
        assert sorted(new.cards) == sorted([c for c in meld.cards if c != joker] + [card])
        assert change.freed == (joker,)
        assert new.stands_for[new.cards.index(card)] == (mr.info.rank_of[card], mr.info.suit_of[card])
    assert _swaps(_with_wilds([(0, meld)], mr), S.cards(rules, ["6♥"]), mr) == []


@pytest.mark.parametrize("old, new, says", [
    ("    min: 3\n    max: 4\n", "    min: 3\n    max: 2\n", "sets of at most 2 cards but at least 3: none can ever be made"),
    ("  sets:\n    min: 3\n    max: 4\n", "  sets:\n    min: 5\n",
     "sets (max, not given, is the number of suits) of at most 4 cards but at least 5"),
    ("    min: 3\n    wilds: 1\n  sets:", "    min: 3\n    max: 2\n    wilds: 1\n  sets:",
     "runs of at most 2 cards but at least 3"),
    ("    wilds: 1\n  sets:", "    wilds: -1\n  sets:", "expected a number of cards, 0 or more, not -1"),
    ("{run: low,", "{run: lowe,", "did you mean 'low'?"),
])
def test_meld_settings_that_no_meld_could_meet_are_reported(tmp_path, old, new, says):
    # Accepted before without a word: a set or run whose largest size is below its smallest (no meld
    # can ever be made), a negative number of cards; an unknown point table got no did-you-mean.
    text = (HERE / "rummy500.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mistake.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert not loaded.ok
    shown = "\n".join(d.format() for d in loaded.diagnostics)
    assert says in shown and "mistake.yaml:" in shown, shown


def test_explain_says_the_meld_functions_in_words():
    # position(items, x) was said "the position of items and x"; the meld built-ins as "the extends
    # table of ...", "the table additions of ..."; partners(card, cards), a meld function, as "the
    # partners of" a player
    from interpreter.authoring.explain import explain
    text = explain(_load("rummy500"))
    assert "whose position in *discard* (from 0) is more than the position of *c* in *discard*" in text
    assert "*c* can be added to a meld in the player's *table*" in text
    assert "the ways to add one of the cards in the current player's *hand* to a meld in their *table*" in text
    from interpreter.authoring.phrasing import Lexicon, words
    said = words("count(partners(c, hand[0]), x => x.is_joker)", Lexicon.of({}))
    assert "cards" in said and "player" not in said, said
