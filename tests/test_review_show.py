"""Correctness on games whose scoring counts combinations in a hand, written from the engine's docs
only (tests/rulesets_review23/, each says at its top what game it is and which rules it keeps):
full Cribbage for two (the show: fifteens, pairs, runs and double runs, flushes in hand and crib, his
nobs; game to 121 at once), Piquet (the exchange, declarations of point, sequence and sets, carte
blanche, repique and pique, the trick play and capot) and a two-hand Pinochle whose meld is counted
from the hand (classes of meld, a double pack).  Also the fixes this review made (explain, validate
messages, play, simulate, and the bots' sampled worlds).

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
from tests.scripted import deal_order as _deck, load_from, var as _v, zone_names as _z

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


# -- the referees' driver ----------------------------------------------------------------------------

def _move_text(s, a):
    return S.describe(s, a)


def _drive(rules, n, seed, referee):
    """A random game: the referee is asked before each decision (who moves, the moves offered), told
    of each move, and checks the outcome at the end."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = referee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        ref.before(s, G.current_player(s), sorted(_move_text(s, a) for a in actions))
        action = actions[rng.randrange(len(actions))]
        text = _move_text(s, action)
        G.apply(s, action)
        ref.after(s, text)
        moves += 1
        assert moves < 20000, "the game ends"
    ref.finish(s)
    return s


# -- Cribbage referee --------------------------------------------------------------------------------

CRIB_SEQ = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _pip(c):
    r = _rs(c)[0]
    return {"A": 1, "J": 10, "Q": 10, "K": 10}.get(r) or int(r)


def _is_run(cards):
    idx = sorted(CRIB_SEQ.index(_rs(c)[0]) for c in cards)
    return idx == list(range(idx[0], idx[0] + len(idx)))


def crib_show(four, starter, is_crib):
    """The show of four cards with the starter, counted from the rules."""
    five = four + [starter]
    pts = 2 * sum(1 for k in range(2, 6) for g in combinations(five, k) if sum(map(_pip, g)) == 15)
    pts += 2 * sum(1 for a, b in combinations(five, 2) if _rs(a)[0] == _rs(b)[0])
    for k in (5, 4, 3):
        runs = sum(1 for g in combinations(five, k) if _is_run(g))
        if runs:
            pts += k * runs
            break
    suits = {_rs(c)[1] for c in four}
    if len(suits) == 1:
        if _rs(starter)[1] in suits:
            pts += 5
        elif not is_crib:
            pts += 4
    pts += any(_rs(c)[0] == "J" and _rs(c)[1] == _rs(starter)[1] for c in four)
    return pts


def _peg(pile, total):
    pts = 2 * (total == 15) + 2 * (total == 31)
    ranks = [_rs(c)[0] for c in pile]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(pile), 2, -1):
        if _is_run(pile[-k:]):
            pts += k
            break
    return pts


class CribbageReferee:
    def __init__(self, s, target=121):
        self.target = target
        self.score, self.dealer, self.over, self.winner = [0, 0], 0, False, None
        self.phase = "done"
        self.shows = 0

    def add(self, p, pts):
        if self.over:
            return
        self.score[p] += pts
        if self.score[p] >= self.target:
            self.over, self.winner = True, p

    def before(self, s, who, legal):
        assert not self.over
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        if self.phase == "done":
            assert legal[0].startswith("select"), legal
            self.hands = [list(_z(s, "hand", p)) for p in (0, 1)]
            assert all(len(h) == 6 for h in self.hands)
            self.away, self.phase = [[], []], "away"
        if self.phase == "away":
            assert legal == sorted("select " + c for c in self.hands[who] if c not in self.away[who]), legal
            self.who = who
            return
        assert who == self.turn, (who, self.turn)
        if self.can(who):
            assert legal == sorted("lay " + c for c in self.hands[who] if self.total + _pip(c) <= 31), legal
        else:
            assert legal == ["go"]

    def can(self, p):
        return any(self.total + _pip(c) <= 31 for c in self.hands[p])

    def settle(self):
        while not self.can(self.turn) and not self.can(1 - self.turn) and (self.pile or any(self.hands)):
            if self.pile:
                self.add(self.last, 1)
            self.total, self.pile, self.turn = 0, [], 1 - self.last

    def after(self, s, text):
        if self.phase == "away":
            card = text.split()[1]
            self.away[self.who].append(card)
            if sum(map(len, self.away)) == 4:
                self.crib = self.away[0] + self.away[1]
                self.hands = [[c for c in self.hands[p] if c not in self.away[p]] for p in (0, 1)]
                self.kept = [list(h) for h in self.hands]
                self.starter = _z(s, "starter")[0]
                assert self.starter not in self.crib + self.hands[0] + self.hands[1]
                if _rs(self.starter)[0] == "J":
                    self.add(self.dealer, 2)
                self.total, self.pile, self.last, self.turn = 0, [], None, 1 - self.dealer
                self.phase = "play"
                self.settle()
        else:
            who = self.turn
            if text.startswith("lay"):
                card = text.split()[1]
                self.hands[who].remove(card)
                self.pile.append(card)
                self.total += _pip(card)
                self.last = who
                self.add(who, _peg(self.pile, self.total))
                if self.total == 31:
                    self.total, self.pile = 0, []
            self.turn = 1 - who
            self.settle()
            if not any(self.hands) and not self.pile:
                pone = 1 - self.dealer
                self.add(pone, crib_show(self.kept[pone], self.starter, False))
                self.add(self.dealer, crib_show(self.kept[self.dealer], self.starter, False))
                self.add(self.dealer, crib_show(self.crib, self.starter, True))
                self.shows += 1
                self.dealer = 1 - self.dealer
                self.phase = "done"
        if self.over:
            assert s.over, "the game ends as soon as a player reaches the target"

    def finish(self, s):
        assert self.over
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        assert G.result(s)["winners"] == [self.winner]


def test_cribbage_the_show_counts_agree_with_known_hands():
    # the referee's own count on the famous hands: 29, 28 (5 5 5 5 + 10), 24 (4 5 5 6 6), 0 (19)
    assert crib_show(["5♥", "5♦", "5♣", "J♠"], "5♠", False) == 29
    assert crib_show(["5♥", "5♦", "5♣", "5♠"], "10♦", False) == 28
    assert crib_show(["4♣", "5♦", "5♥", "6♠"], "6♦", False) == 24
    assert crib_show(["2♣", "4♦", "6♥", "8♠"], "K♦", False) == 0


@pytest.mark.parametrize("seed", range(4))
def test_cribbage_random_games_agree_with_the_referee(seed):
    _drive(_load("cribbage"), 2, seed, CribbageReferee)


@pytest.mark.soak
def test_cribbage_random_games_agree_with_the_referee_soak():
    for seed in range(4, 80):
        _drive(_load("cribbage"), 2, seed, CribbageReferee)


# -- Piquet: scripted deals ------------------------------------------------------------------------

def _piquet(elder, younger, talon):
    """Seat 0 deals: twelve each in twos from elder (seat 1); talon[0] is the top of the talon."""
    assert len(elder) == len(younger) == 12 and len(talon) == 8
    order = []
    for i in range(0, 12, 2):
        order += elder[i:i + 2] + younger[i:i + 2]
    s = S.stacked_game(_load("piquet"), 2, order + talon)
    assert sorted(_z(s, "hand", 1)) == sorted(elder) and sorted(_z(s, "hand", 0)) == sorted(younger)
    return s


def _exchange(s, who, cards):
    for c in cards:
        assert G.current_player(s) == who
        S.play(s, ("discard", c))
    if len(cards) < 5 or who == 0:
        assert G.current_player(s) == who
        S.play(s, ("keep",))


def test_piquet_a_repique_from_a_septieme_and_a_quatorze():
    # elder: ♠ A K Q J 10 9, the four Aces, 7♥ 8♥ 7♦; younger: ♥ K Q J 10 9, ♣ K Q J 10, ♦ K Q J.
    # Elder throws 7♥ and takes 8♠: ♠ A K Q J 10 9 8.  Point: elder 7 cards to younger's 5: 7.
    # Sequence: the septième (17) beats younger's quint.  Elder 24 so far, younger nothing.  Sets: a
    # quatorze of Aces (14) beats trios of Kings, Queens, Jacks: 38, the other still at 0: repique, 60.
    s = _piquet(["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "A♥", "A♦", "A♣", "7♥", "8♥", "7♦"],
                ["K♥", "Q♥", "J♥", "10♥", "9♥", "K♣", "Q♣", "J♣", "10♣", "K♦", "Q♦", "J♦"],
                ["8♠", "7♠", "9♣", "8♣", "7♣", "10♦", "9♦", "8♦"])
    _exchange(s, 1, ["7♥"])
    assert "8♠" in _z(s, "hand", 1)
    _exchange(s, 0, [])
    assert _v(s, "declared") == [[0, 0, 0, 0], [0, 7, 17, 14]]
    assert _v(s, "score") == [0, 98]
    # the play: elder leads (1), the trick won by its leader gives no more
    assert G.current_player(s) == 1
    S.play(s, "A♠")
    S.play(s, "K♥")
    assert _v(s, "score") == [0, 99]


def test_piquet_carte_blanche_spoils_the_repique_and_younger_wins_sequence_and_sets():
    # younger holds no King, Queen or Jack: carte blanche, 10 at once.  Elder throws 8♥ 7♥ and takes
    # 7♦ J♣.  Point: elder ♦ K Q J 9 8 7 (6) beats ♠ A 10 9 8 7 (5): 6.  Sequence: younger's quart
    # 10-9-8-7 beats elder's tierces: 4 (only the winner's sequences count).  Sets: younger's two
    # quatorzes (Aces, Tens) beat elder's trios: 28.  Younger 42, but elder scored the point (6) before
    # younger reached 30: no repique.
    s = _piquet(["K♥", "Q♥", "J♥", "8♥", "7♥", "K♦", "Q♦", "J♦", "9♦", "8♦", "K♣", "Q♣"],
                ["A♠", "10♠", "9♠", "8♠", "7♠", "A♥", "10♥", "9♥", "A♦", "10♦", "A♣", "10♣"],
                ["7♦", "J♣", "K♠", "Q♠", "J♠", "9♣", "8♣", "7♣"])
    assert _v(s, "score") == [10, 0]
    _exchange(s, 1, ["8♥", "7♥"])
    _exchange(s, 0, [])
    assert _v(s, "declared") == [[10, 0, 4, 28], [0, 6, 0, 0]]
    assert _v(s, "score") == [42, 6]


def test_piquet_a_pique_on_the_first_lead():
    # elder: ♠ A K Q J 10, ♥ A K Q, ♦ A K, ♣ 8 7; throws 7♣ for 7♥.  Point 5 (younger has 4s),
    # sequences: the quint 15 and the tierce 3 = 18; sets: trios of Aces and Kings 6 (younger's best is
    # a trio of Jacks): 29, younger nothing.  Elder leads A♠: 1 for the lead, 30 with younger at 0:
    # pique, 30 more: 60.
    s = _piquet(["A♠", "K♠", "Q♠", "J♠", "10♠", "A♥", "K♥", "Q♥", "A♦", "K♦", "8♣", "7♣"],
                ["J♥", "10♥", "9♥", "8♥", "Q♦", "J♦", "10♦", "9♦", "A♣", "K♣", "Q♣", "J♣"],
                ["7♥", "9♠", "8♠", "7♠", "8♦", "7♦", "10♣", "9♣"])
    _exchange(s, 1, ["7♣"])
    _exchange(s, 0, [])
    assert _v(s, "declared") == [[0, 0, 0, 0], [0, 5, 18, 6]]
    assert _v(s, "score") == [0, 29]
    S.play(s, "A♠")
    assert _v(s, "score") == [0, 29]        # scored when the trick is complete
    S.play(s, "8♥")
    assert _v(s, "score") == [0, 60]


# -- Piquet referee --------------------------------------------------------------------------------

PQ_RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
PQ_PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10}


def _pq_pip(c):
    r = _rs(c)[0]
    return PQ_PIPS.get(r) or int(r)


def pq_point(hand):
    """(length, pip total) of the best suit."""
    return max((sum(1 for c in hand if _rs(c)[1] == su), sum(_pq_pip(c) for c in hand if _rs(c)[1] == su))
               for su in "♣♦♥♠")


def pq_sequences(hand):
    """Every maximal sequence of three or more: (length, top rank index)."""
    out = []
    for su in "♣♦♥♠":
        have = [PQ_RANKS[i] + su in hand for i in range(8)]
        i = 0
        while i < 8:
            if have[i]:
                j = i
                while j + 1 < 8 and have[j + 1]:
                    j += 1
                if j - i + 1 >= 3:
                    out.append((j - i + 1, j))
                i = j + 1
            else:
                i += 1
    return out


def pq_sets(hand):
    """Every set of three or four of a rank 10 or higher: (size, rank index)."""
    counts = Counter(_rs(c)[0] for c in hand)
    return [(n, PQ_RANKS.index(r)) for r, n in counts.items() if n >= 3 and PQ_RANKS.index(r) >= 3]


class PiquetReferee:
    def __init__(self, s):
        self.score, self.hand_no, self.dealer = [0, 0], 0, 0

    def new_hand(self, s):
        assert s.hand_no == self.hand_no + 1
        self.hand_no = s.hand_no
        if self.hand_no > 1:
            self.dealer = 1 - self.dealer
        self.elder, self.younger = 1 - self.dealer, self.dealer
        self.hands = [list(_z(s, "hand", p)) for p in (0, 1)]
        assert all(len(h) == 12 for h in self.hands)
        self.talon = list(_z(s, "stock"))            # bottom first
        assert len(self.talon) == 8
        self.pts, self.tricks, self.bonus_done = [0, 0], [0, 0], False
        for p in (self.elder, self.younger):
            if not any(_rs(c)[0] in "JQK" for c in self.hands[p]):
                self.gain(p, 10)
        self.who, self.most, self.fewest, self.out = self.elder, 5, 1, []
        self.trick, self.trick_no = [], 0

    def gain(self, p, n):
        self.pts[p] += n
        self.score[p] += n

    def bonus(self, n):
        if self.bonus_done:
            return
        for p in (0, 1):
            if self.pts[p] >= 30 and self.pts[1 - p] == 0:
                self.gain(p, n)
                self.bonus_done = True

    def end_exchange(self):
        k = len(self.out)
        drawn = self.talon[len(self.talon) - k:] if k else []
        self.talon = self.talon[:len(self.talon) - k]
        self.hands[self.who] = [c for c in self.hands[self.who] if c not in self.out] + drawn
        if self.who == self.elder:
            self.who, self.most, self.fewest, self.out = self.younger, len(self.talon), 0, []
            if self.most == 0:
                self.end_exchange()
        else:
            self.who = None
            self.declare()

    def declare(self):
        e, y = self.elder, self.younger
        pe, py = pq_point(self.hands[e]), pq_point(self.hands[y])
        if pe != py:
            w = e if pe > py else y
            self.gain(w, max(pe, py)[0])
        self.bonus(60)
        se, sy = pq_sequences(self.hands[e]), pq_sequences(self.hands[y])
        be, by = max(se, default=(0, 0)), max(sy, default=(0, 0))
        if be != by:
            w, seqs = (e, se) if be > by else (y, sy)
            self.gain(w, sum(n if n < 5 else n + 10 for n, _ in seqs))
        self.bonus(60)
        te, ty = pq_sets(self.hands[e]), pq_sets(self.hands[y])
        be, by = max(te, default=(0, 0)), max(ty, default=(0, 0))
        if be != by:
            w, sets = (e, te) if be > by else (y, ty)
            self.gain(w, sum(14 if n == 4 else 3 for n, _ in sets))
        self.bonus(60)
        self.turn = e

    def before(self, s, who, legal):
        if s.hand_no != self.hand_no:
            self.new_hand(s)
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score, self.hand_no)
        if self.who is not None:
            assert who == self.who
            want = ["discard " + c for c in self.hands[who] if c not in self.out]
            if len(self.out) >= self.fewest:
                want.append("keep")
            assert legal == sorted(want), (legal, want)
            return
        assert who == self.turn
        hand = self.hands[who]
        follow = [c for c in hand if self.trick and _rs(c)[1] == _rs(self.trick[0][1])[1]]
        assert legal == sorted(follow or hand), (legal, follow or hand)

    def after(self, s, text):
        if self.who is not None:
            if text == "keep":
                self.end_exchange()
            else:
                self.out.append(text.split()[1])
                if len(self.out) == self.most:
                    self.end_exchange()
            return
        card = text
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card))
        if len(self.trick) == 1:
            self.turn = 1 - self.turn
            return
        (leader, a), (other, b) = self.trick
        win = other if _rs(b)[1] == _rs(a)[1] and PQ_RANKS.index(_rs(b)[0]) > PQ_RANKS.index(_rs(a)[0]) else leader
        self.trick_no += 1
        self.gain(leader, 1)
        self.bonus(30)
        if win != leader:
            self.gain(win, 1)
            self.bonus(30)
        if self.trick_no == 12:
            self.gain(win, 1)
            self.bonus(30)
        self.tricks[win] += 1
        self.trick, self.turn = [], win
        if self.trick_no == 12:
            for p in (0, 1):
                self.score[p] += 40 if self.tricks[p] == 12 else 10 if self.tricks[p] >= 7 else 0

    def finish(self, s):
        assert self.hand_no == 6 and self.trick_no == 12
        assert _v(s, "score") == self.score
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in (0, 1) if self.score[p] == best]


def test_piquet_the_referee_counts_the_declarations():
    hand = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "A♥", "A♦", "A♣", "7♥", "8♥", "7♦"]
    assert pq_point(hand) == (6, 60)
    assert pq_sequences(hand) == [(6, 7)]
    assert pq_sets(hand) == [(4, 7)]


@pytest.mark.parametrize("seed", range(3))
def test_piquet_random_games_agree_with_the_referee(seed):
    _drive(_load("piquet"), 2, seed, PiquetReferee)


@pytest.mark.soak
def test_piquet_random_games_agree_with_the_referee_soak():
    for seed in range(3, 60):
        _drive(_load("piquet"), 2, seed, PiquetReferee)


def test_piquet_capot_after_a_repique():
    # elder: all eight spades, the Aces of hearts and diamonds and clubs, K♥; throws K♥ for K♣.
    # Point 8, the huitième 18, the quatorze of Aces 14: 40 with younger at 0, repique 60: 100.
    # Elder leads every trick and wins it (1 each, 12), the last 1 more, and all twelve: capot 40.
    s = _piquet(["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "A♥", "A♦", "A♣", "K♥"],
                ["Q♥", "J♥", "10♥", "9♥", "8♥", "7♥", "K♦", "Q♦", "J♦", "10♦", "9♦", "8♦"],
                ["K♣", "7♦", "Q♣", "J♣", "10♣", "9♣", "8♣", "7♣"])
    _exchange(s, 1, ["K♥"])
    _exchange(s, 0, [])
    assert _v(s, "declared") == [[0, 0, 0, 0], [0, 8, 18, 14]]
    assert _v(s, "score") == [0, 100]
    for _ in range(12):
        assert G.current_player(s) == 1
        G.apply(s, G.legal_actions(s)[0])          # any lead: younger can never beat it
        G.apply(s, G.legal_actions(s)[0])
    assert s.hand_no == 2
    assert _v(s, "score") == [0, 153]


def test_cribbage_the_first_to_the_target_wins_in_the_show_before_the_dealer_counts():
    keep = {1: ["5♥", "5♦", "5♣", "J♠"], 0: ["6♣", "7♦", "7♥", "8♠"]}
    away = {1: ["K♣", "Q♦"], 0: ["2♥", "9♣"]}
    s = _show(keep, away, "5♠")
    # the pegging with the first moves offered, worked back from the show (29 and 14, crib 4)
    pegged = [_v(s, "score")[0] - 14 - 4, _v(s, "score")[1] - 29]
    assert max(pegged) < 29
    # a target the non-dealer reaches with the 29 hand: the game ends there, before the dealer (who
    # would reach more with 14 and the crib) counts
    s = _show(keep, away, "5♠", target=pegged[1] + 29)
    assert s.over and G.result(s)["winners"] == [1]
    assert _v(s, "score") == [pegged[0], pegged[1] + 29]


# -- every way the engine plays them -----------------------------------------------------------------

GAMES = ["cribbage", "piquet", "pinochle"]


def _every_way(name, seeds):
    from tests.test_review_unseen import _compare, _load as _load_both
    path = HERE / f"{name}.yaml"
    fast, plain = _load_both(path), _load_both(path, plain=True)
    return [_compare(fast, plain, 2, seed, name) for seed in seeds]


@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way(name):
    outcomes = _every_way(name, range(2))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way_soak(name):
    outcomes = _every_way(name, range(2, 25))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


# -- what a designer sees ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, said", [
    # a set of cards from groups() is 'a set', not 'a cards' ('the cardses of ...', 'for some cards of')
    ("count(filter(groups(cs, c => c.rank, 2, 5), g => count(g) > 2))",
     "the number of the sets of 2 to 5 cards from *cs* with the same rank for which the number of cards in it is more than 2"),
    ("any(groups(cs, c => c.rank, 2), g => count(g) == 3)",
     "for some set of the sets of 2 or more cards from *cs* with the same rank, the number of cards in the set is 3"),
    # a key that is the same for every card gives every set of the cards: not 'with the same 0'
    ("groups(cs, c => 0, 2, 5)", "the sets of 2 to 5 cards from *cs*"),
    ("groups(cs, c => c.rank, 2, 2)", "the sets of 2 cards from *cs* with the same rank"),
])
def test_explain_reads_the_sets_of_groups_as_sets(text, said):
    from interpreter.authoring.phrasing import Lexicon, words
    assert words(text, Lexicon()) == said


def test_explain_says_a_call_of_a_procedure_described_earlier_is_above():
    from interpreter.authoring.explain import explain
    text = explain(_load("cribbage"))
    section = text[text.index("### end_count"):]
    assert "Do **check_win** (above)." in section and "(below)" not in section
    assert "Do **check_win** (below)." in text[:text.index("### check_win")]


@pytest.mark.parametrize("text, said", [
    # a list joined to a list is not a sum: "the largest of 0 plus the numbers ..." read as arithmetic
    ("max([0] + filter(range(3, 5), k => k > x))", "the largest of (0 together with the numbers from 3 to 5 that are more than *x*)"),
    ("cs + [cut]", "*cs* together with *cut*"),
    ("x + 1", "*x* plus 1"),
    # a choice inside a list keeps its brackets: it is one item, not 'otherwise' the rest of the list
    ("[1 if a else 0, 0, 0]", "the list (1 if *a*, otherwise 0), 0 and 0"),
    ("[1 if a else 0]", "1 if *a*, otherwise 0"),
])
def test_explain_reads_lists_joined_and_a_choice_in_a_list(text, said):
    from interpreter.authoring.phrasing import Lexicon, words
    assert words(text, Lexicon()) == said


def test_play_does_not_tell_of_an_add_of_nothing():
    # Piquet adds each player's declarations after each kind is compared: the loser's line adds 0, and
    # Cribbage's pegging adds 0 after most cards; play told 'pts[P0] += 0' / 'score[P1] += 0' every time
    from interpreter.playtest.terminal import brief_lines
    events = [{"event": "add", "var": "score", "key": 0, "value": 0},
              {"event": "add", "var": "score", "key": 1, "value": 2},
              {"event": "add", "var": "score", "key": 0, "value": -3}]
    lines = brief_lines(events, {"score"})
    assert len(lines) == 2 and not any("+= 0" in line for line in lines), lines


def test_a_value_called_as_a_function_is_named_as_a_value(tmp_path):
    # a definition given a key to compare by (best(key): ... key(p) ...) was refused with "unknown
    # function 'key'" and a hint to a similarly named definition; the parameter is known, but a value
    path = tmp_path / "g.yaml"
    path.write_text("""\
name: Called values
players: {count: 2}
pack: {ranks: ["7", "8"], suits: [clubs, hearts]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  score: {per: player, initial: 0}
define:
  set_key(p): count(hand[p])
  best(key): "first(argmax(players, p => key(p)))"
hand:
  - deal: {from: stock, to: hand, count: 2}
  - add: {"score[best(1)]": 1}
  - add: {"score[0]": "score(1)"}
""", encoding="utf-8")
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(path))
    text = "\\n".join(d.format() for d in loaded.diagnostics)
    assert "'key' is a value, not a function" in text and "set_key" not in text, text
    assert "'score' is a value, not a function" in text, text


# -- Pinochle: the meld ----------------------------------------------------------------------------

def _pinochle(hands, upcard):
    """Seat 0 deals: twelve each in threes from seat 1, then the upcard."""
    order = []
    for i in range(0, 12, 3):
        order += hands[1][i:i + 3] + hands[0][i:i + 3]
    s = S.stacked_game(_load("pinochle"), 2, order + [upcard])
    assert _z(s, "upcard") == [upcard]
    assert sorted(_z(s, "hand", 1)) == sorted(hands[1]) and sorted(_z(s, "hand", 0)) == sorted(hands[0])
    return s


def test_pinochle_a_run_with_an_extra_royal_marriage_and_a_double_pinochle():
    # trumps hearts (10♥ turned).  Seat 1: A 10 K Q J of hearts and another K Q of hearts - a run 15 and
    # a royal marriage 4 (the run's King and Queen count once in class A); an Ace of each suit 10 (A♥
    # of the run counts again: another class): 29.
    # Seat 0: Q♠ Q♠ J♦ J♦ a double pinochle 30; K♠ with a Q♠ 2 and K♣ Q♣ 2 (marriages, another class
    # than the pinochles); 9♥ the dix 1; a Jack of each suit 4: 39.
    s = _pinochle({1: ["A♥", "10♥", "K♥", "Q♥", "J♥", "K♥", "Q♥", "10♠", "10♦", "A♠", "A♦", "A♣"],
                   0: ["Q♠", "Q♠", "J♦", "J♦", "K♠", "K♣", "Q♣", "J♣", "J♥", "J♠", "9♥", "9♣"]}, "10♥")
    assert _v(s, "trumps") == "hearts" and _v(s, "score") == [0, 0]
    assert _v(s, "meld") == [39, 29]


def test_pinochle_a_double_run_and_the_dix_turned_up():
    # 9♥ turned: the dix, 1 for the dealer.  Seat 1: both runs of hearts 150 (no royal marriage beyond
    # them) and a dix 1: 151.  Seat 0: Kings and Queens of spades, diamonds and clubs twice - two
    # marriages in each suit, 12; no King of hearts, so no Kings around; no J♦, so no pinochle: 12.
    s = _pinochle({1: ["A♥", "A♥", "10♥", "10♥", "K♥", "K♥", "Q♥", "Q♥", "J♥", "J♥", "9♥", "A♠"],
                   0: ["K♠", "K♠", "K♦", "K♦", "K♣", "K♣", "Q♠", "Q♠", "Q♦", "Q♦", "Q♣", "Q♣"]}, "9♥")
    assert _v(s, "score") == [1, 0]
    assert _v(s, "meld") == [12, 151]


# -- Pinochle referee ------------------------------------------------------------------------------

PN_ORDER = ["9", "J", "Q", "K", "10", "A"]
PN_AROUND = {"A": 10, "K": 8, "Q": 6, "J": 4}


def pinochle_meld(hand, trumps):
    """The meld of a hand, class by class, from the rules."""
    have = Counter(_rs(c) for c in hand)
    runs = min(have[(r, trumps)] for r in ("A", "10", "K", "Q", "J"))
    a = [0, 15, 150][runs]
    for su in "♣♦♥♠":
        pairs = min(have[("K", su)], have[("Q", su)])
        a += 4 * (pairs - runs) if su == trumps else 2 * pairs
    a += have[("9", trumps)]
    b = [0, 4, 30][min(have[("Q", "♠")], have[("J", "♦")])]
    c = sum([0, 1, 10][min(have[(r, su)] for su in "♣♦♥♠")] * v for r, v in PN_AROUND.items())
    return a + b + c


class PinochleReferee:
    def __init__(self, s, target=100):
        self.score, self.hand_no, self.dealer, self.target = [0, 0], 0, 0, target

    def new_hand(self, s):
        assert s.hand_no == self.hand_no + 1
        if self.hand_no:
            self.dealer = 1 - self.dealer
        self.hand_no = s.hand_no
        self.hands = [list(_z(s, "hand", p)) for p in (0, 1)]
        assert all(len(h) == 12 for h in self.hands)
        up = _z(s, "upcard")[0]
        self.trumps = _rs(up)[1]
        if _rs(up)[0] == "9":
            self.score[self.dealer] += 1
        self.meld = [pinochle_meld(self.hands[p], self.trumps) for p in (0, 1)]
        assert _v(s, "meld") == self.meld, (_v(s, "meld"), self.meld, self.hands, up)
        self.won, self.tricks, self.trick, self.turn, self.trick_no = [[], []], [0, 0], [], 1 - self.dealer, 0

    def power(self, c):
        return PN_ORDER.index(_rs(c)[0])

    def beats(self, b, a):
        """b, played second, beats a."""
        if _rs(b)[1] == _rs(a)[1]:
            return self.power(b) > self.power(a)
        return _rs(b)[1] == self.trumps

    def before(self, s, who, legal):
        if s.hand_no != self.hand_no:
            self.new_hand(s)
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        assert who == self.turn, (who, self.turn)
        hand = self.hands[who]
        if not self.trick:
            want = hand
        else:
            lead = self.trick[0][1]
            suit = [c for c in hand if _rs(c)[1] == _rs(lead)[1]]
            trumps = [c for c in hand if _rs(c)[1] == self.trumps]
            if suit:
                want = [c for c in suit if self.beats(c, lead)] or suit
            else:
                want = trumps or hand
        assert legal == sorted(want), (legal, sorted(want))

    def after(self, s, text):
        self.hands[self.turn].remove(text)
        self.trick.append((self.turn, text))
        if len(self.trick) == 1:
            self.turn = 1 - self.turn
            return
        (p, a), (q, b) = self.trick
        win = q if self.beats(b, a) else p
        self.won[win] += [a, b]
        self.tricks[win] += 1
        self.trick_no += 1
        if self.trick_no == 12:
            self.score[win] += 1
            for x in (0, 1):
                self.score[x] += sum(_rs(c)[0] in ("A", "10", "K") for c in self.won[x])
                self.score[x] += self.meld[x] if self.tricks[x] else 0
        self.trick, self.turn = [], win

    def finish(self, s):
        assert self.trick_no == 12
        assert _v(s, "score") == self.score
        assert max(self.score) >= self.target
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in (0, 1) if self.score[p] == best]


def test_pinochle_the_referee_counts_known_melds():
    assert pinochle_meld(["A♥", "A♥", "10♥", "10♥", "K♥", "K♥", "Q♥", "Q♥", "J♥", "J♥", "9♥", "A♠"], "♥") == 151
    assert pinochle_meld(["A♣", "A♦", "A♥", "A♠", "K♣", "K♦", "K♥", "K♠", "Q♠", "J♦", "9♣", "9♣"], "♣") == 10 + 8 + 4 + 2 + 2


@pytest.mark.parametrize("seed", range(3))
def test_pinochle_random_games_agree_with_the_referee(seed):
    _drive(_load("pinochle"), 2, seed, PinochleReferee)


@pytest.mark.soak
def test_pinochle_random_games_agree_with_the_referee_soak():
    for seed in range(3, 60):
        _drive(_load("pinochle"), 2, seed, PinochleReferee)


# -- scenario files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("cribbage", 1), ("piquet", 2)])
def test_the_scenario_files_of_the_review_pass(name, count):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    result = CliRunner().invoke(cli, ["test", str(HERE / "scenarios" / f"{name}.yaml")])
    assert result.exit_code == 0, result.output
    assert f"{count} passed, 0 failed" in result.output


@pytest.mark.parametrize("text, said", [
    # a position worked out by a function is bracketed: 'the smaller of a and b of xs' read as a and
    # (b of xs); Pinochle's [0, 1, 10][min(...)] ran into 'of the list 0, 1 and 10'
    ("xs[min(a, b)]", "the item at position (the smaller of *a* and *b*) of *xs* (counting from 0)"),
    ("[0, 15, 150][runs(p)]", "the item at position (the runs of *p*) of the list 0, 15 and 150 (counting from 0)"),
    ("xs[i]", "the item at position *i* of *xs* (counting from 0)"),
])
def test_explain_brackets_a_position_worked_out_by_a_function(text, said):
    from interpreter.authoring.phrasing import Lexicon, words
    assert words(text, Lexicon()) == said


def test_setting_one_item_of_a_list_variable_is_named_as_such(tmp_path):
    # Piquet keeps each player's declarations as a list [carte blanche, point, sequence, sets]; setting
    # one item was refused with "'parts' is a single value and cannot be indexed" (it is a list) and
    # "'declared[0][1]' is not a state variable" without a word on what to do
    path = tmp_path / "g.yaml"
    path.write_text("""\
name: Items
players: {count: 2}
pack: {ranks: ["7", "8"], suits: [clubs, hearts]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  score: {per: player, initial: 0}
  declared: {type: list, per: player, initial: "[0, 0, 0, 0]"}
  parts: {type: list, initial: "[0, 0]"}
  one: {initial: 0}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - set: {"declared[0][1]": 5}
  - set: {"parts[1]": 3}
  - set: {"one[1]": 3}
""", encoding="utf-8")
    from interpreter.ruleset.loader import load_ruleset
    diags = load_ruleset(str(path)).diagnostics
    text = "\\n".join(d.format() for d in diags)
    assert "'parts' holds a list: a step sets the whole list, not one item of it" in text, text
    assert "one item of a list cannot be set alone" in text, text
    assert "'one' is a single value and cannot be indexed" in text, text


# -- what the bots know ------------------------------------------------------------------------------

def test_a_sampled_world_deals_anew_the_cards_a_state_variable_holds_too():
    # Cribbage keeps each player's four cards in a variable (kept[p]) for the show.  A bot's sampled
    # world dealt the opponent's hidden hand anew but left kept[opponent] as the real cards: the bot
    # counted the opponent's show with cards it never saw (and a card could be in two places at once)
    from interpreter.bots.sampling import Watcher
    rules = _load("cribbage")
    checked = 0
    for seed in range(6):
        s = G.new_game(rules, 2, seed)
        watcher = Watcher(0, random.Random(seed))
        rng = random.Random(seed)
        while not s.over and s.hand_no == 1:
            watcher.observe(s)
            if s.pending.player == 0 and s.pending.actions[0][0] == "lay":
                kept = [list(k) for k in S.var(s, "kept")]
                for _ in range(5):
                    world = watcher.sample(s)
                    wk = S.var(world, "kept")
                    assert sorted(wk[0]) == sorted(kept[0])               # its own cards: as they are
                    # the other's kept cards are its hand and the cards it laid, in the world
                    laid = [c for c in S.zone(world, "count_pile") + S.zone(world, "played") if c in kept[1]]
                    assert sorted(wk[1]) == sorted(S.zone(world, "hand", 1) + laid)
                    checked += 1
                assert S.var(s, "kept") == kept                                 # the real game untouched
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
    assert checked > 10


def test_a_bots_rank_reading_hidden_cards_through_a_variable_is_warned_of(tmp_path):
    # the check that a bots: rank reads only what the player sees shuffles the hidden cards among their
    # places; a variable naming them (kept[p]) kept the real cards, so a rank peeking at the other's
    # kept cards passed unwarned
    path = tmp_path / "peek.yaml"
    path.write_text(f"""\
extends: {HERE / 'cribbage.yaml'}
name: Peeking Cribbage
bots:
  rank:
    lay: "count(filter(kept[left_of(p)], c => c.rank == option.rank))"
""", encoding="utf-8")
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(path), dry_run=True)
    text = "\\n".join(d.format() for d in loaded.diagnostics)
    assert "the bots' rank of move 'lay' reads cards or values player" in text, text


def test_simulate_does_not_count_tricks_of_a_game_without_tricks():
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    out = CliRunner().invoke(cli, ["simulate", str(HERE / "cribbage.yaml"), "--games", "3", "--seed", "1"]).output
    line = next(x for x in out.splitlines() if x.startswith("per game:"))
    assert "tricks" not in line and "turns" in line, line
    out = CliRunner().invoke(cli, ["simulate", str(HERE / "pinochle.yaml"), "--games", "2", "--seed", "1"]).output
    line = next(x for x in out.splitlines() if x.startswith("per game:"))
    assert " tricks, " in line, line
