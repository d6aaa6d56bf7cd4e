"""Correctness on trick-taking games whose card orders and card values change with the contract, on
games the engine has never seen (tests/rulesets_review13/, each says at its top what game it is and
which rules it keeps): Belote (trumps J 9 A 10 K Q 8 7, must overtrump, belote-rebelote), Jass with
Obenabe and Undenufe (no trumps, high or low wins, chosen per hand; trumps at any time, no
undertrumping, the Buur never forced), Five Hundred (the joker above the bowers, a kitty, misere
played alone: tricks of three, the hand stopping at the declarer's first trick) and Ninety-Nine
(bids made by laying away three cards in secret, trumps going round).

Scripted deals: the legal cards offered, the trick winners, who leads next and the scores are worked
out by hand from the rules, in the comments.  Random games are followed move by move by small
referees written here from the rules (sharing no code with the engine): every decision must be the
referee's player with exactly the referee's legal moves, the trick winners and the scores must come
out as the referee counts them, and every card is in exactly one zone after every move.  The games
are also played every way the engine can play them (tests/test_review_unseen.py's `_compare`).
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import deal_order, legal_texts, load_from, turn, var as _v, zone_names as _z

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "rulesets_review13"
RULESETS = sorted(p.stem for p in HERE.glob("*.yaml") if not p.stem.endswith(".scenario"))


def _load(name, **options):
    return load_from(HERE, name, **options)


def _card(name):
    """'10♦' -> ('10', '♦'); the joker -> ('Joker', None)."""
    if name.lower() == "joker":
        return "Joker", None
    return name[:-1], name[-1]


SUIT = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠", None: None}


# -- the referee: plain Python, sharing no code with the engine ---------------------------------------

class _Referee:
    """Follows a game answered at random one decision at a time.  `expect(who, offered)` checks the
    decision (returns nothing); `played(who, text)` follows the move; `hand_over()` is called when a
    hand's last decision has been made (before the next hand's first decision) to compare the
    scores; subclasses know one game."""

    players = 4

    def __init__(self, s):
        self.s = s
        self.pack = sorted(G.all_cards(s))
        self.trick = []          # (player, card name) of the trick being played
        self.next = None         # who must play next, when known
        self.tricks_checked = 0

    def hand(self, p):
        return _z(self.s, "hand", p)

    def run(self, seed):
        s, rng = self.s, random.Random(seed)
        decisions = 0
        while not G.is_over(s):
            who = G.current_player(s)
            offered = sorted(legal_texts(s))
            self.expect(who, offered)
            actions = G.legal_actions(s)
            action = actions[rng.randrange(len(actions))]
            text = S.describe(s, action)
            G.apply(s, action)
            assert sorted(G.all_cards(s)) == self.pack, (seed, decisions)
            self.played(who, text)
            decisions += 1
        self.hand_over()
        return decisions

    # trick play shared by the games: `legal_cards`, `winner` and `trick_size` come from the subclass
    def expect_play(self, who, offered):
        if self.next is not None:
            assert who == self.next, (who, self.next, self.trick)
        want = sorted(self.legal_cards(who, self.hand(who)))
        assert offered == want, (who, self.trick, self.hand(who), offered, want)

    def play(self, who, card):
        self.trick.append((who, card))
        if len(self.trick) < self.trick_size():
            self.next = self.after(who)
            return None
        winner = self.winner()
        self.tricks_checked += 1
        self.trick = []
        self.next = winner
        return winner

    def after(self, who):
        return (who + 1) % self.players


def _team(p):
    return p % 2


# -- Belote ---------------------------------------------------------------------------------------------

BEL_TRUMP = ["7", "8", "Q", "K", "10", "A", "9", "J"]
BEL_PLAIN = ["7", "8", "9", "J", "Q", "K", "10", "A"]
BEL_TP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
BEL_PP = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


class _BeloteReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0]
        self.hand_no = 0
        self.trumps = None

    def expect(self, who, offered):
        if offered[0].startswith("trumps "):
            assert who == (self.hand_no + 1) % 4, (who, self.hand_no)     # the dealer's left
            assert offered == sorted(f"trumps {x}" for x in SUIT if x), offered
            return
        self.expect_play(who, offered)

    def played(self, who, text):
        if text.startswith("trumps "):
            self.hand_no += 1
            self.trumps = SUIT[text.split()[1]]
            self.taker = who
            self.points = [0, 0]
            self.tricks = 0
            self.next = who
            self.belote = -1
            for p in range(4):
                if {f"K{self.trumps}", f"Q{self.trumps}"} <= set(self.hand(p)):
                    self.belote = _team(p)
            return
        cards = [c for _, c in self.trick] + [text]
        winner = self.play(who, text)
        if winner is not None:
            self.tricks += 1
            self.points[_team(winner)] += sum(self.pts(c) for c in cards) + (10 if self.tricks == 8 else 0)
            if self.tricks == 8:
                self.score_hand()

    def pts(self, c):
        r, s = _card(c)
        return (BEL_TP if s == self.trumps else BEL_PP).get(r, 0)

    def score_hand(self):
        made = list(self.points)
        if self.belote >= 0:
            made[self.belote] += 20
        t = _team(self.taker)
        if made[t] > made[1 - t]:
            self.score = [self.score[0] + made[0], self.score[1] + made[1]]
        else:
            self.score[1 - t] += 162 + (20 if self.belote == 1 - t else 0)
            self.score[t] += 20 if self.belote == t else 0
        assert sum(self.points) == 162
        assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, self.points, self.belote)

    def hand_over(self):
        assert max(self.score) >= 501
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[_team(p)] == best]

    def trick_size(self):
        return 4

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        T, led = self.trumps, _card(self.trick[0][1])[1]
        tops = [BEL_TRUMP.index(_card(c)[0]) for _, c in self.trick if _card(c)[1] == T]
        top = max(tops) if tops else -1
        mine = [c for c in hand if _card(c)[1] == T]
        higher = [c for c in mine if BEL_TRUMP.index(_card(c)[0]) > top]
        if led == T:
            return (higher or mine) if mine else hand
        follow = [c for c in hand if _card(c)[1] == led]
        if follow:
            return follow
        if self.current_winner() == (p + 2) % 4:
            return hand
        return (higher or mine) if mine else hand

    def current_winner(self):
        T, led = self.trumps, _card(self.trick[0][1])[1]

        def key(pc):
            r, s = _card(pc[1])
            return 100 + BEL_TRUMP.index(r) if s == T else BEL_PLAIN.index(r) if s == led else -1
        return max(self.trick, key=key)[0]

    def winner(self):
        return self.current_winner()


NATURAL = ["7", "8", "9", "10", "J", "Q", "K", "A"]


def _roem(cards, trumps):
    """Klaverjas roem of one trick's cards: sequences in the natural order, stuk, four of a kind."""
    ranks = [_card(c)[0] for c in cards]
    if len(set(ranks)) == 1:
        return 200 if ranks[0] == "J" else 100
    longest = 0
    for suit in {_card(c)[1] for c in cards}:
        steps = sorted(NATURAL.index(_card(c)[0]) for c in cards if _card(c)[1] == suit)
        run = 1
        for a, b in zip(steps, steps[1:]):
            run = run + 1 if b == a + 1 else 1
            longest = max(longest, run)
    out = 50 if longest >= 4 else 20 if longest == 3 else 0
    return out + (20 if {f"K{trumps}", f"Q{trumps}"} <= set(cards) else 0)


class _KlaverjasReferee(_BeloteReferee):
    """Rotterdam rules: no exception for a winning partner; roem per trick; pit; no belote held."""

    def played(self, who, text):
        if text.startswith("trumps "):
            super().played(who, text)
            self.belote, self.roem, self.won = -1, [0, 0], [0, 0]
            return
        cards = [c for _, c in self.trick] + [text]
        if len(cards) == 4:
            winner = self.play(who, text)
            self.tricks += 1
            t = _team(winner)
            self.won[t] += 1
            self.roem[t] += _roem(cards, self.trumps)
            self.points[t] += sum(self.pts(c) for c in cards) + (10 if self.tricks == 8 else 0)
            if self.tricks == 8:
                self.score_hand()
        else:
            self.play(who, text)

    def score_hand(self):
        made = [self.points[t] + self.roem[t] + (100 if self.won[t] == 8 else 0) for t in (0, 1)]
        t = _team(self.taker)
        if made[t] > made[1 - t]:
            self.score = [self.score[0] + made[0], self.score[1] + made[1]]
        else:
            self.score[1 - t] += 162 + sum(self.roem) + (100 if self.won[1 - t] == 8 else 0)
        assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, self.points, self.roem)

    def hand_over(self):
        best = max(self.score)
        assert best >= 1500
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[_team(p)] == best]

    def current_winner(self):
        return super().current_winner()

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        T, led = self.trumps, _card(self.trick[0][1])[1]
        tops = [BEL_TRUMP.index(_card(c)[0]) for _, c in self.trick if _card(c)[1] == T]
        top = max(tops) if tops else -1
        mine = [c for c in hand if _card(c)[1] == T]
        higher = [c for c in mine if BEL_TRUMP.index(_card(c)[0]) > top]
        follow = [c for c in hand if _card(c)[1] == led]
        if led != T and follow:
            return follow
        return (higher or mine) if mine else hand


# -- Jass -----------------------------------------------------------------------------------------------

JASS_UP = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
JASS_TRUMP = ["6", "7", "8", "10", "Q", "K", "A", "9", "J"]
JASS_POINTS = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3},
    "plain": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
    "up": {"A": 11, "10": 10, "8": 8, "K": 4, "Q": 3, "J": 2},
    "down": {"6": 11, "10": 10, "8": 8, "K": 4, "Q": 3, "J": 2},
}


class _JassReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0]
        self.hand_no = 0

    def expect(self, who, offered):
        if any(o in ("obenabe", "undenufe") for o in offered):
            assert who == (self.hand_no + 1) % 4
            assert offered == sorted(["obenabe", "undenufe"] + [f"trumps {x}" for x in SUIT if x])
            return
        self.expect_play(who, offered)

    def played(self, who, text):
        if text in ("obenabe", "undenufe") or text.startswith("trumps "):
            self.hand_no += 1
            self.game = {"obenabe": "up", "undenufe": "down"}.get(text, "trumps")
            self.trumps = SUIT[text.split()[1]] if self.game == "trumps" else None
            self.points, self.won, self.tricks, self.next = [0, 0], [0, 0], 0, who
            return
        cards = [c for _, c in self.trick] + [text]
        winner = self.play(who, text)
        if winner is not None:
            self.tricks += 1
            t = _team(winner)
            self.won[t] += 1
            self.points[t] += sum(self.pts(c) for c in cards) + (5 if self.tricks == 9 else 0)
            if self.tricks == 9:
                assert sum(self.points) == 157
                for t in (0, 1):
                    self.score[t] += self.points[t] + (100 if self.won[t] == 9 else 0)
                assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, self.game)

    def pts(self, c):
        r, s = _card(c)
        table = self.game if self.game != "trumps" else "trump" if s == self.trumps else "plain"
        return JASS_POINTS[table].get(r, 0)

    def hand_over(self):
        best = max(self.score)
        assert best >= 1000
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[_team(p)] == best]

    def trick_size(self):
        return 4

    def is_trump(self, c):
        return self.trumps is not None and _card(c)[1] == self.trumps

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        lead = self.trick[0][1]
        if self.is_trump(lead):
            others = [c for c in hand if self.is_trump(c) and _card(c)[0] != "J"]
            return [c for c in hand if self.is_trump(c)] if others else hand
        tops = [JASS_TRUMP.index(_card(c)[0]) for _, c in self.trick if self.is_trump(c)]
        top = max(tops) if tops else -1
        follow = [c for c in hand if _card(c)[1] == _card(lead)[1]]
        only_trumps = all(self.is_trump(c) for c in hand)
        out = []
        for c in hand:
            if follow and c not in follow and not self.is_trump(c):
                continue
            if self.is_trump(c) and JASS_TRUMP.index(_card(c)[0]) < top and not only_trumps:
                continue                  # no undertrumping
            out.append(c)
        return out

    def winner(self):
        led = _card(self.trick[0][1])[1]
        trumps = [(p, c) for p, c in self.trick if self.is_trump(c)]
        if trumps:
            return max(trumps, key=lambda pc: JASS_TRUMP.index(_card(pc[1])[0]))[0]
        sign = -1 if self.game == "down" else 1
        return max((pc for pc in self.trick if _card(pc[1])[1] == led),
                   key=lambda pc: sign * JASS_UP.index(_card(pc[1])[0]))[0]


class _SlalomReferee(_JassReferee):
    """Jass Slalom: no trumps, Obenabe on the odd tricks and Undenufe on the even ones, each trick's
    cards counted by its own way."""

    def expect(self, who, offered):
        if "slalom" in offered:
            assert who == (self.hand_no + 1) % 4 and offered == ["slalom"]
            return
        self.expect_play(who, offered)

    def played(self, who, text):
        if text == "slalom":
            self.hand_no += 1
            self.trumps = None
            self.points, self.won, self.tricks, self.next = [0, 0], [0, 0], 0, who
            self.game = "up"
            return
        cards = [c for _, c in self.trick] + [text]
        winner = self.play(who, text)
        if winner is not None:
            self.tricks += 1
            t = _team(winner)
            self.won[t] += 1
            self.points[t] += sum(JASS_POINTS[self.game].get(_card(c)[0], 0) for c in cards)
            self.points[t] += 5 if self.tricks == 9 else 0
            self.game = "up" if self.tricks % 2 == 0 else "down"       # the next trick's way
            if self.tricks == 9:
                for t in (0, 1):
                    self.score[t] += self.points[t] + (100 if self.won[t] == 9 else 0)
                assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score)


class _JassRightReferee(_JassReferee):
    """Jass played to the right: the dealer's right chooses and leads; the deal passes to the right."""

    def expect(self, who, offered):
        if any(o in ("obenabe", "undenufe") for o in offered):
            assert who == (-self.hand_no - 1) % 4, (who, self.hand_no)   # dealer 0, 3, 2, ...: its right
            return
        self.expect_play(who, offered)

    def after(self, who):
        return (who - 1) % 4


# -- Five Hundred ---------------------------------------------------------------------------------------

FH_PLAIN = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
FH_SUITS = ["♠", "♣", "♦", "♥", None]          # the bid suits in order (None: no trumps)


def _fh_value(b):
    return 250 if b == 25 else 40 + 20 * (b % 5) + 100 * (b // 5)


class _FiveHundredReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0]
        self.hand_no = 0
        self.start_hand()

    def start_hand(self):
        self.hand_no += 1
        self.dealer = (self.hand_no - 1) % 4
        self.bids = 0
        self.high, self.declarer = -1, None
        self.discards = 0
        self.trick, self.next = [], None
        self.taken, self.decl_tricks, self.tricks = [0, 0], 0, 0
        self.playing = False

    def expect(self, who, offered):
        if self.bids < 4:
            assert who == (self.dealer + 1 + self.bids) % 4, (who, self.dealer, self.bids)
            floor = _fh_value(self.high) if self.high >= 0 else 0
            want = [f"bid {b}" for b in range(25) if _fh_value(b) > floor]
            want += ["misere"] if 250 > floor else []
            assert offered == sorted(want + ["pass"]), (offered, self.high)
            return
        if self.discards < 3:
            assert who == self.declarer
            assert offered == sorted(f"discard {c}" for c in self.hand(who))
            assert len(self.hand(who)) == 13 - self.discards
            return
        if not self.playing:
            self.playing, self.next = True, self.declarer
            if self.misere:
                assert self.hand((self.declarer + 2) % 4) == [], "the partner's hand is laid down"
        self.expect_play(who, offered)

    def played(self, who, text):
        if self.bids < 4:
            self.bids += 1
            if text != "pass":
                self.high = 25 if text == "misere" else int(text.split()[1])
                self.declarer = who
            if self.bids == 4 and self.declarer is None:
                self.hand_done()
            elif self.bids == 4:
                self.misere = self.high == 25
                self.trumps = None if self.misere else FH_SUITS[self.high % 5]
            return
        if self.discards < 3:
            self.discards += 1
            return
        winner = self.play(who, text)
        if winner is None:
            return
        self.tricks += 1
        self.taken[_team(winner)] += 1
        self.decl_tricks += winner == self.declarer
        if self.tricks == 10 or (self.misere and self.decl_tricks):
            self.score_hand()
            self.hand_done()

    def score_hand(self):
        t = _team(self.declarer)
        if self.misere:
            self.score[t] += 250 if self.decl_tricks == 0 else -250
        else:
            value = _fh_value(self.high)
            if self.taken[t] >= 6 + self.high // 5:
                self.score[t] += max(value, 250) if self.taken[t] == 10 else value
            else:
                self.score[t] -= value
            self.score[1 - t] += 10 * self.taken[1 - t]
        assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, self.high, self.taken)

    def hand_done(self):
        self.last_declarer = self.declarer
        if not G.is_over(self.s):
            assert max(self.score) < 500 and min(self.score) > -500, self.score
            self.start_hand()

    def hand_over(self):
        sc = self.score
        if max(sc) >= 500:
            t = _team(self.last_declarer)
            team = t if sc[t] >= 500 else 1 - t
        else:
            team = 0 if sc[1] <= -500 else 1
        assert sorted(G.result(self.s)["winners"]) == [team, team + 2], (sc, G.result(self.s)["winners"])

    def trick_size(self):
        return 3 if self.misere else 4

    def after(self, who):
        nxt = (who + 1) % 4
        if self.misere and nxt == (self.declarer + 2) % 4:
            nxt = (nxt + 1) % 4
        return nxt

    def eff(self, c):
        r, s = _card(c)
        T = self.trumps
        if r == "Joker":
            return T
        if T is not None and r == "J" and s != T and (s in "♥♦") == (T in "♥♦"):
            return T
        return s

    def strength(self, c, lead):
        r, s = _card(c)
        T = self.trumps
        if r == "Joker":
            return 300
        if T is not None and r == "J" and s == T:
            return 290
        if T is not None and self.eff(c) == T and s != T:
            return 280
        if T is not None and s == T:
            return 200 + FH_PLAIN.index(r)
        return FH_PLAIN.index(r) if s == lead else -1

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        led = self.eff(self.trick[0][1])
        if led is None:
            return hand
        follow = [c for c in hand if self.eff(c) == led]
        return follow or hand

    def winner(self):
        led = self.eff(self.trick[0][1])
        return max(self.trick, key=lambda pc: self.strength(pc[1], led))[0]


# -- Ninety-Nine ----------------------------------------------------------------------------------------

NN_ORDER = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NN_TRUMPS = ["♦", "♠", "♥", "♣"]
NN_BID = {"♦": 0, "♠": 1, "♥": 2, "♣": 3}


class _NinetyNineReferee(_Referee):

    players = 3

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0, 0]
        self.hand_no = 0
        self.start_hand()

    def start_hand(self):
        self.hand_no += 1
        self.dealer = (self.hand_no - 1) % 3
        self.trumps = NN_TRUMPS[(self.hand_no - 1) % 4]
        self.picks = [[], [], []]
        self.taken = [0, 0, 0]
        self.tricks = 0
        self.trick, self.next = [], None

    def expect(self, who, offered):
        if sum(map(len, self.picks)) < 9:
            assert offered == sorted(f"select {c}" for c in self.hand(who)), offered
            assert len(self.picks[who]) < 3
            return
        if self.next is None:
            self.next = (self.dealer + 1) % 3
            for p in range(3):     # the bids laid away are in the player's own zone, out of the hand
                assert sorted(_z(self.s, "bidcards", p)) == sorted(self.picks[p])
                assert len(self.hand(p)) == 9
            assert _v(self.s, "bid") == [sum(NN_BID[_card(c)[1]] for c in self.picks[p]) for p in range(3)]
        self.expect_play(who, offered)

    def played(self, who, text):
        if text.startswith("select "):
            self.picks[who].append(text.split()[1])
            return
        winner = self.play(who, text)
        if winner is None:
            return
        self.taken[winner] += 1
        self.tricks += 1
        if self.tricks == 9:
            bids = [sum(NN_BID[_card(c)[1]] for c in self.picks[p]) for p in range(3)]
            made = sum(self.taken[p] == bids[p] for p in range(3))
            for p in range(3):
                self.score[p] += self.taken[p] + ((40 - 10 * made) if self.taken[p] == bids[p] else 0)
            assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, bids, self.taken)
            if not G.is_over(self.s):
                self.start_hand()

    def hand_over(self):
        best = max(self.score)
        assert best >= 100
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(3) if self.score[p] == best]

    def trick_size(self):
        return 3

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        led = _card(self.trick[0][1])[1]
        return [c for c in hand if _card(c)[1] == led] or hand

    def winner(self):
        led = _card(self.trick[0][1])[1]
        T = self.trumps

        def key(pc):
            r, s = _card(pc[1])
            return 100 + NN_ORDER.index(r) if s == T else NN_ORDER.index(r) if s == led else -1
        return max(self.trick, key=key)[0]


# -- Euchre (the bundled ruleset): going alone, tricks of three ------------------------------------------

EU_PLAIN = ["9", "10", "J", "Q", "K", "A"]
EU_PARTNER = {"♣": "♠", "♠": "♣", "♥": "♦", "♦": "♥"}


class _EuchreReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0]
        self.hand_no = 0
        self.start_hand()

    def start_hand(self):
        self.hand_no += 1
        self.dealer = (self.hand_no - 1) % 4
        self.turned = _card(_z(self.s, "upcard")[0])[1]
        self.maker = self.trumps = None
        self.alone = False
        self.asked = 0                 # decisions of the two rounds so far
        self.discarded = None          # None: no discard due yet
        self.trick, self.next, self.tricks, self.taken = [], None, 0, [0, 0]

    @property
    def sits_out(self):
        return (self.maker + 2) % 4 if self.alone else None

    def expect(self, who, offered):
        if self.maker is None:
            assert who == (self.dealer + 1 + self.asked % 4) % 4, (who, self.dealer, self.asked)
            if self.asked < 4:
                assert offered == ["order_up", "order_up_alone", "pass"], offered
            else:
                names = [f"{m} {x}" for m in ("name", "name_alone") for x, sym in SUIT.items()
                         if x and sym != self.turned]
                assert offered == sorted(names + ([] if who == self.dealer else ["pass"])), offered
            return
        if self.discarded is False:
            assert who == self.dealer and len(self.hand(who)) == 6
            assert offered == sorted(f"discard {c}" for c in self.hand(who))
            return
        if self.next is None:
            self.next = (self.dealer + 1) % 4
            if self.next == self.sits_out:
                self.next = (self.next + 1) % 4
        self.expect_play(who, offered)

    def played(self, who, text):
        if self.maker is None:
            self.asked += 1
            if text != "pass":
                self.maker, self.alone = who, text.split()[0].endswith("alone")
                self.trumps = self.turned if self.asked <= 4 else SUIT[text.split()[1]]
                if self.asked <= 4 and self.dealer != self.sits_out:
                    self.discarded = False
            return
        if self.discarded is False:
            self.discarded = True
            return
        winner = self.play(who, text)
        if winner is None:
            return
        self.tricks += 1
        self.taken[_team(winner)] += 1
        if self.tricks == 5:
            t = _team(self.maker)
            if self.taken[t] >= 3:
                self.score[t] += (4 if self.alone else 2) if self.taken[t] == 5 else 1
            else:
                self.score[1 - t] += 2
            assert _v(self.s, "score") == self.score, (_v(self.s, "score"), self.score, self.taken, self.alone)
            if not G.is_over(self.s):
                self.start_hand()

    def hand_over(self):
        assert max(self.score) >= 10
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[_team(p)] >= 10]

    def trick_size(self):
        return 3 if self.alone else 4

    def after(self, who):
        nxt = (who + 1) % 4
        return (nxt + 1) % 4 if nxt == self.sits_out else nxt

    def eff(self, c):
        r, s = _card(c)
        return self.trumps if r == "J" and s == EU_PARTNER[self.trumps] else s

    def legal_cards(self, p, hand):
        if not self.trick:
            return hand
        led = self.eff(self.trick[0][1])
        return [c for c in hand if self.eff(c) == led] or hand

    def winner(self):
        led, T = self.eff(self.trick[0][1]), self.trumps

        def key(pc):
            r, s = _card(pc[1])
            if r == "J" and s == T:
                return 300
            if r == "J" and s == EU_PARTNER[T]:
                return 290
            return 200 + EU_PLAIN.index(r) if s == T else EU_PLAIN.index(r) if s == led else -1
        return max(self.trick, key=key)[0]


REFEREES = {"euchre": _EuchreReferee, "jass-ccw": _JassRightReferee, "belote": _BeloteReferee, "klaverjas": _KlaverjasReferee, "jass": _JassReferee, "slalom": _SlalomReferee, "five-hundred": _FiveHundredReferee,
            "ninety-nine": _NinetyNineReferee}


def _refereed(name, seeds):
    rules = _load(ROOT / "rulesets/euchre/euchre.yaml") if name == "euchre" else _load(name)
    n = 3 if name == "ninety-nine" else 4
    tricks = decisions = 0
    for seed in seeds:
        s = G.new_game(rules, n, seed)
        ref = REFEREES[name](s)
        decisions += ref.run(seed)
        tricks += ref.tricks_checked
    return tricks, decisions


@pytest.mark.parametrize("name", sorted(REFEREES))
def test_random_games_agree_with_the_referee(name):
    tricks, decisions = _refereed(name, range(3))
    assert tricks > 20 and decisions > 100


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(REFEREES))
def test_random_games_agree_with_the_referee_soak(name):
    _refereed(name, range(3, 203))


# -- every way of playing gives the same games ------------------------------------------------------------

def _sweep(name, seeds):
    from tests.test_review_unseen import _compare, _load as _load_unseen
    path = HERE / f"{name}.yaml"
    fast, plain = _load_unseen(path), _load_unseen(path, plain=True)
    n = 3 if name == "ninety-nine" else 4
    return [_compare(fast, plain, n, seed, name) for seed in seeds]


@pytest.mark.parametrize("name", RULESETS)
def test_the_games_are_the_same_every_way(name):
    outcomes = _sweep(name, range(2))
    assert all(o[0] != "error" for o in outcomes), outcomes[0][:2]


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_the_games_are_the_same_every_way_soak(name):
    _sweep(name, range(2, 42))


# -- fixes: orders and messages ---------------------------------------------------------------------------

def _variant(tmp_path, base, text, name="variant.yaml"):
    path = tmp_path / name
    path.write_text(f"extends: {HERE / base}.yaml\nname: A variant\n" + text)
    return path


def _validate(path):
    proc = subprocess.run([sys.executable, "-m", "interpreter", "validate", str(path)], capture_output=True,
                          text=True, cwd=ROOT)
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.parametrize("written", ["joker", "Joker", "JOKER"])
def test_an_order_ranks_the_joker_however_its_name_is_capitalised(tmp_path, written):
    # Five Hundred in no trumps: the joker is above the Ace.  The card prints as 'Joker', and `rules
    # validate` accepts 'Joker' in an order: it must then rank the joker there (it was left at -1, below
    # every card, without a word).
    path = _variant(tmp_path, "five-hundred", f"orders:\n  nt: [\"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"10\", "
                    f"J, Q, K, A, {written}]\n")
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rules = loaded.rules
    s = G.new_game(rules, 4, 0)
    nt = rules.namespace.names["nt"].value
    joker, ace = S.cards(rules, ["joker", "A♥"])
    assert nt(s, joker) == 11 and nt(s, ace) == 10


def test_a_rank_written_as_a_name_gets_a_hint_to_quote_it(tmp_path):
    # belote-rebelote: a designer writes card(K, trumps); K is a rank, and ranks are text
    path = _variant(tmp_path, "belote", "end:\n  after_hand: any(players, p => contains(hand[p], card(K, trumps)))\n")
    code, out = _validate(path)
    assert code != 0
    assert "variant.yaml:4:" in out and "unknown name 'K'" in out
    assert 'hint: a rank is text, in quotes: "K"' in out, out


def test_a_definition_given_as_a_key_gets_a_hint_to_write_a_function(tmp_path):
    # the Jass points depend on the contract, so they are a definition pts(c); total(won[p], pts) reads
    # like total(won[p], uppoints) but a definition is not a table: the hint says how to write it
    path = _variant(tmp_path, "jass", "end:\n  after_hand: any(players, p => total(won[p], pts) > 100)\n")
    code, out = _validate(path)
    assert code != 0
    assert "variant.yaml:4:" in out and "'pts' is a definition" in out
    assert "hint: write it as a function: c => pts(c)" in out, out


# -- scripted deals ---------------------------------------------------------------------------------------
# The dealer is seat 0 in the first hand; cards are dealt one at a time from the dealer's left.

BELOTE = {
    1: ["J♥", "9♥", "A♠", "10♠", "K♣", "7♣", "8♦", "7♥"],
    2: ["A♥", "7♦", "K♠", "Q♠", "A♣", "10♣", "9♦", "J♦"],
    3: ["K♥", "Q♥", "8♥", "7♠", "8♠", "Q♣", "A♦", "10♦"],
    0: ["10♥", "J♠", "9♠", "J♣", "9♣", "8♣", "K♦", "Q♦"],
}


def test_belote_a_scripted_hand():
    s = S.stacked_game(_load("belote"), 4, deal_order(BELOTE, [1, 2, 3, 0]))
    turn(s, 1, ["trumps clubs", "trumps diamonds", "trumps hearts", "trumps spades"], ("trumps", "hearts"))
    assert _v(s, "belote") == 1                  # seat 3 holds K♥ and Q♥: belote for 1 and 3
    # 1: J♥ led (trumps): nobody can beat the Jack, so any trump; seat 2's only trump is A♥
    turn(s, 1, BELOTE[1], "J♥")
    turn(s, 2, ["A♥"], "A♥")
    turn(s, 3, ["K♥", "Q♥", "8♥"], "8♥")
    turn(s, 0, ["10♥"], "10♥")
    # the Jack wins: 20 + 11 + 0 + 10 = 41 for 1 and 3
    # 2: 9♥ led: seat 2 has no trump left, so any card; K♥ Q♥ cannot beat the 9 (J 9 A 10 K Q 8 7)
    turn(s, 1, ["9♥", "A♠", "10♠", "K♣", "7♣", "8♦", "7♥"], "9♥")
    turn(s, 2, ["7♦", "K♠", "Q♠", "A♣", "10♣", "9♦", "J♦"], "7♦")
    turn(s, 3, ["K♥", "Q♥"], "Q♥")
    turn(s, 0, ["J♠", "9♠", "J♣", "9♣", "8♣", "K♦", "Q♦"], "K♦")
    # the 9 wins: 14 + 0 + 3 + 4 = 21 (62)
    # 3: A♠: 11 + 3 + 0 + 0 (76)
    turn(s, 1, ["A♠", "10♠", "K♣", "7♣", "8♦", "7♥"], "A♠")
    turn(s, 2, ["K♠", "Q♠"], "Q♠")
    turn(s, 3, ["7♠", "8♠"], "7♠")
    turn(s, 0, ["J♠", "9♠"], "9♠")
    # 4: 7♣ led; A♣ wins for seat 2: 0 + 11 + 3 + 0 = 14 for 0 and 2
    turn(s, 1, ["10♠", "K♣", "7♣", "8♦", "7♥"], "7♣")
    turn(s, 2, ["A♣", "10♣"], "A♣")
    turn(s, 3, ["Q♣"], "Q♣")
    turn(s, 0, ["J♣", "9♣", "8♣"], "8♣")
    # 5: seat 2 leads K♠; the ten is above the King in a plain suit: 10♠ wins, 4 + 0 + 2 + 10 (92)
    turn(s, 2, ["K♠", "10♣", "9♦", "J♦"], "K♠")
    turn(s, 3, ["8♠"], "8♠")
    turn(s, 0, ["J♠"], "J♠")
    turn(s, 1, ["10♠"], "10♠")
    # 6: 8♦ led; A♦ wins for seat 3: 0 + 0 + 11 + 3 (106)
    turn(s, 1, ["K♣", "8♦", "7♥"], "8♦")
    turn(s, 2, ["9♦", "J♦"], "9♦")
    turn(s, 3, ["A♦", "10♦"], "A♦")
    turn(s, 0, ["Q♦"], "Q♦")
    # 7: 10♦ led by seat 3; seat 0 has no diamond and no trump: anything; seat 1 has no diamond but
    # a trump: his partner (seat 3) is winning, so he need not trump
    turn(s, 3, ["K♥", "10♦"], "10♦")
    turn(s, 0, ["J♣", "9♣"], "9♣")
    turn(s, 1, ["K♣", "7♥"], "K♣")
    turn(s, 2, ["J♦"], "J♦")
    # 10 + 0 + 4 + 2 = 16 (122); 8: K♥ led, 10♣ is plain: 4 + 2 + 0 + 10 and 10 for the last (148)
    turn(s, 3, ["K♥"], "K♥")
    turn(s, 0, ["J♣"], "J♣")
    turn(s, 1, ["7♥"], "7♥")
    turn(s, 2, ["10♣"], "10♣")
    # 14 + 148 = 162; the takers made 148 + 20 > 14: each side scores its own
    assert _v(s, "score") == [14, 168]
    assert G.current_player(s) == 2 and legal_texts(s)[0] == "trumps clubs"   # dealer 1, taker 2


BELOTE_VOIDS = {
    1: ["A♣", "K♣", "Q♣", "J♣", "10♣", "9♣", "8♣", "7♣"],
    2: ["8♥", "K♥", "A♠", "K♠", "Q♠", "J♠", "10♠", "9♠"],
    3: ["7♥", "9♥", "8♠", "7♠", "A♦", "K♦", "Q♦", "J♦"],
    0: ["J♥", "A♥", "10♥", "Q♥", "10♦", "9♦", "8♦", "7♦"],
}


def test_belote_void_players_must_trump_and_overtrump_an_opponent():
    s = S.stacked_game(_load("belote"), 4, deal_order(BELOTE_VOIDS, [1, 2, 3, 0]))
    S.play(s, ("trumps", "hearts"))
    # 1: A♣ led; seat 2 has no club and the opponent is winning: any trump (none in the trick yet)
    turn(s, 1, BELOTE_VOIDS[1], "A♣")
    turn(s, 2, ["8♥", "K♥"], "8♥")
    # seat 3 has no club; his partner is not winning (8♥ is): he must go over the 8 (7♥ would not)
    turn(s, 3, ["9♥"], "9♥")
    # seat 0: the opponent's 9♥ wins: of J♥ A♥ 10♥ Q♥ only the Jack is above the 9
    turn(s, 0, ["J♥"], "J♥")
    # 2: seat 0 leads 10♦; seat 1 has neither diamond nor trump: any card; seat 2 has no diamond but
    # his partner is winning: any card, trump or not; seat 3 follows suit
    turn(s, 0, ["A♥", "10♥", "Q♥", "10♦", "9♦", "8♦", "7♦"], "10♦")
    turn(s, 1, BELOTE_VOIDS[1][1:], "7♣")
    turn(s, 2, ["K♥", "A♠", "K♠", "Q♠", "J♠", "10♠", "9♠"], "9♠")
    turn(s, 3, ["A♦", "K♦", "Q♦", "J♦"], "A♦")
    # 3: seat 3 (A♦ won) leads 7♥: A♥ 10♥ Q♥ all go over it; seat 1 has no trump; seat 2 must go
    # over the Queen: K♥ (K above Q in J 9 A 10 K Q 8 7)
    turn(s, 3, ["7♥", "8♠", "7♠", "K♦", "Q♦", "J♦"], "7♥")
    turn(s, 0, ["A♥", "10♥", "Q♥"], "Q♥")
    turn(s, 1, ["K♣", "Q♣", "J♣", "10♣", "9♣", "8♣"], "8♣")
    turn(s, 2, ["K♥"], "K♥")
    # K♥ wins for seat 2: 0 + 3 + 0 + 4 = 7 in the trick; seat 2 leads
    assert G.current_player(s) == 2
    assert sorted(_z(s, "won", 2)) == sorted(["K♥", "7♥", "Q♥", "8♣"])


JASS = {
    1: ["A♠", "6♠", "K♥", "6♥", "8♦", "9♣", "10♣", "Q♦", "7♥"],
    2: ["J♠", "A♥", "Q♥", "10♦", "6♣", "7♣", "A♦", "K♦", "9♦"],
    3: ["9♠", "7♠", "8♠", "J♥", "8♥", "6♦", "7♦", "8♣", "J♣"],
    0: ["10♠", "Q♠", "K♠", "9♥", "10♥", "J♦", "Q♣", "K♣", "A♣"],
}


def _jass(contract):
    s = S.stacked_game(_load("jass"), 4, deal_order(JASS, [1, 2, 3, 0]))
    offered = ["obenabe", "undenufe"] + [f"trumps {x}" for x in ("clubs", "diamonds", "hearts", "spades")]
    turn(s, 1, offered, contract)
    return s


def test_jass_a_trump_game_the_buur_and_no_undertrumping():
    s = _jass(("trumps", "spades"))
    # 1: A♠ led (a trump): seat 2's only trump is the Buur J♠: he need not play it (any card);
    # seat 3 holds other trumps: he must play a trump
    turn(s, 1, JASS[1], "A♠")
    turn(s, 2, JASS[2], "A♥")
    turn(s, 3, ["9♠", "7♠", "8♠"], "9♠")
    turn(s, 0, ["10♠", "Q♠", "K♠"], "K♠")
    # the Nell (9) is above the Ace: seat 3 wins 11 + 11 + 14 + 4 = 40
    assert sorted(_z(s, "won", 3)) == sorted(["A♠", "A♥", "9♠", "K♠"])
    # 2: 8♥ led: seat 0 may follow or trump at will (9♥ 10♥ or 10♠ Q♠)
    turn(s, 3, ["7♠", "8♠", "J♥", "8♥", "6♦", "7♦", "8♣", "J♣"], "8♥")
    turn(s, 0, ["9♥", "10♥", "10♠", "Q♠"], "Q♠")
    # seat 1: 6♠ would go under the Queen of trumps (an undertrump) while he has other cards
    turn(s, 1, ["K♥", "6♥", "7♥"], "7♥")
    # seat 2: the Buur goes over the Queen: allowed, as is following with Q♥
    turn(s, 2, ["J♠", "Q♥"], "J♠")
    assert sorted(_z(s, "won", 2)) == sorted(["8♥", "Q♠", "7♥", "J♠"])
    assert G.current_player(s) == 2
    assert _v(s, "tricks_won") == [1, 1]


def test_jass_undenufe_the_low_card_wins_and_the_six_counts_eleven():
    s = _jass(("undenufe",))
    # no trumps: follow suit; the lowest card of the suit led wins, the Ace lowest of all
    turn(s, 1, JASS[1], "A♠")
    turn(s, 2, ["J♠"], "J♠")
    turn(s, 3, ["9♠", "7♠", "8♠"], "7♠")
    turn(s, 0, ["10♠", "Q♠", "K♠"], "K♠")
    assert G.current_player(s) == 3           # 7♠ is below every other spade played: seat 3 wins
    turn(s, 3, ["9♠", "8♠", "J♥", "8♥", "6♦", "7♦", "8♣", "J♣"], "6♦")
    turn(s, 0, ["J♦"], "J♦")
    turn(s, 1, ["8♦", "Q♦"], "8♦")
    turn(s, 2, ["10♦", "A♦", "K♦", "9♦"], "9♦")
    assert G.current_player(s) == 3
    assert sorted(_z(s, "won", 3)) == sorted(["A♠", "J♠", "7♠", "K♠", "6♦", "J♦", "8♦", "9♦"])


def test_jass_obenabe_the_ace_wins():
    s = _jass(("obenabe",))
    turn(s, 1, JASS[1], "A♠")
    turn(s, 2, ["J♠"], "J♠")
    turn(s, 3, ["9♠", "7♠", "8♠"], "7♠")
    turn(s, 0, ["10♠", "Q♠", "K♠"], "K♠")
    assert G.current_player(s) == 1 and sorted(_z(s, "won", 1)) == sorted(["A♠", "J♠", "7♠", "K♠"])


FH_MISERE = {
    1: ["4♥", "5♥", "6♥", "5♠", "6♠", "5♣", "A♣", "4♦", "5♦", "10♠"],
    2: ["A♥", "K♥", "Q♥", "A♠", "K♠", "8♠", "6♣", "K♣", "Q♣", "A♦"],
    3: ["7♥", "8♥", "9♥", "10♥", "J♥", "7♠", "9♠", "Q♠", "J♠", "Q♦"],
    0: ["Joker", "J♦", "K♦", "10♦", "9♦", "8♦", "7♦", "6♦", "7♣", "8♣"],
}
FH_KITTY = ["9♣", "10♣", "J♣"]


def _bids_over(value):
    vals = {b: 40 + 20 * (b % 5) + 100 * (b // 5) for b in range(25)}
    return [f"bid {b}" for b in range(25) if vals[b] > value] + (["misere"] if 250 > value else []) + ["pass"]


def test_five_hundred_misere_alone_stops_at_the_declarers_first_trick():
    s = S.stacked_game(_load("five-hundred"), 4, deal_order(FH_MISERE, [1, 2, 3, 0], FH_KITTY))
    turn(s, 1, _bids_over(0), ("misere",))
    # above misere (250): eight clubs (260) and up
    turn(s, 2, [f"bid {b}" for b in range(11, 25)] + ["pass"], ("pass",))
    turn(s, 3, [f"bid {b}" for b in range(11, 25)] + ["pass"], ("pass",))
    turn(s, 0, [f"bid {b}" for b in range(11, 25)] + ["pass"], ("pass",))
    # the declarer takes the kitty and lays three cards away
    turn(s, 1, [f"discard {c}" for c in FH_MISERE[1] + FH_KITTY], ("discard", "9♣"))
    S.play(s, ("discard", "10♣"))
    S.play(s, ("discard", "J♣"))
    assert sorted(_z(s, "discards")) == sorted(FH_KITTY)
    # the partner (seat 3) lays the hand down and sits out: tricks of three, 1 then 2 then 0
    assert _z(s, "hand", 3) == [] and sorted(_z(s, "out")) == sorted(FH_MISERE[3])
    turn(s, 1, FH_MISERE[1], "5♠")
    turn(s, 2, ["A♠", "K♠", "8♠"], "8♠")
    # seat 0 has no spade: anything, the joker too
    turn(s, 0, FH_MISERE[0], "8♣")
    # 8♠ wins for seat 2; 2: A♦ led: seat 0 holds diamonds, so the joker may not be played (no trumps)
    turn(s, 2, ["A♥", "K♥", "Q♥", "A♠", "K♠", "6♣", "K♣", "Q♣", "A♦"], "A♦")
    turn(s, 0, ["J♦", "K♦", "10♦", "9♦", "8♦", "7♦", "6♦"], "6♦")
    turn(s, 1, ["4♦", "5♦"], "5♦")
    # 3: seat 2 leads 6♣; seat 0's only club 7♣; the declarer's A♣ takes the trick: the hand stops
    turn(s, 2, ["A♥", "K♥", "Q♥", "A♠", "K♠", "6♣", "K♣", "Q♣"], "6♣")
    turn(s, 0, ["7♣"], "7♣")
    turn(s, 1, ["5♣", "A♣"], "A♣")
    assert _v(s, "score") == [0, -250]
    # the next hand: dealer 1, seat 2 bids first
    assert G.current_player(s) == 2 and "misere" in legal_texts(s)
    assert len(_z(s, "hand", 2)) == 10


FH_HEARTS = {
    1: ["4♥", "5♥", "6♥", "A♠", "K♠", "A♣", "K♣", "A♦", "K♦", "4♦"],
    2: ["J♦", "Q♦", "10♦", "9♦", "5♠", "6♠", "7♠", "5♣", "6♣", "7♣"],
    3: ["Joker", "8♦", "7♦", "6♦", "5♦", "8♠", "9♠", "8♣", "9♣", "10♣"],
    0: ["J♥", "7♥", "8♥", "9♥", "10♥", "Q♥", "K♥", "A♥", "J♠", "10♠"],
}
FH_HEARTS_KITTY = ["Q♠", "J♣", "Q♣"]


def test_five_hundred_the_joker_and_the_left_bower_are_trumps():
    s = S.stacked_game(_load("five-hundred"), 4, deal_order(FH_HEARTS, [1, 2, 3, 0], FH_HEARTS_KITTY))
    turn(s, 1, _bids_over(0), ("bid", 3))             # six hearts: 100
    turn(s, 2, _bids_over(100), ("pass",))
    turn(s, 3, _bids_over(100), ("pass",))
    turn(s, 0, _bids_over(100), ("pass",))
    for c in FH_HEARTS_KITTY:
        S.play(s, ("discard", c))
    assert _v(s, "trumps") == "hearts"
    # 1: 4♥ led: seat 2's only trump is the left bower J♦, seat 3's the joker: both must play them
    turn(s, 1, FH_HEARTS[1], "4♥")
    turn(s, 2, ["J♦"], "J♦")
    turn(s, 3, ["Joker"], "Joker")
    # seat 0 follows with a heart, not the black J♠
    turn(s, 0, ["J♥", "7♥", "8♥", "9♥", "10♥", "Q♥", "K♥", "A♥"], "J♥")
    # the joker beats the right bower: seat 3 leads; 2: 8♠: J♠ is a plain spade in hearts
    turn(s, 3, ["8♦", "7♦", "6♦", "5♦", "8♠", "9♠", "8♣", "9♣", "10♣"], "8♠")
    turn(s, 0, ["J♠", "10♠"], "10♠")
    turn(s, 1, ["A♠", "K♠"], "K♠")
    turn(s, 2, ["5♠", "6♠", "7♠"], "5♠")
    # K♠ wins for seat 1; 3: 4♦ led: seat 0 has no diamond and trumps with 7♥
    turn(s, 1, ["5♥", "6♥", "A♠", "A♣", "K♣", "A♦", "K♦", "4♦"], "4♦")
    turn(s, 2, ["Q♦", "10♦", "9♦"], "9♦")
    turn(s, 3, ["8♦", "7♦", "6♦", "5♦"], "5♦")
    turn(s, 0, ["7♥", "8♥", "9♥", "10♥", "Q♥", "K♥", "A♥", "J♠"], "7♥")
    assert G.current_player(s) == 0
    assert _v(s, "taken") == [1, 2]


NINETY_NINE = {
    1: ["A♦", "K♦", "Q♦", "J♦", "10♦", "9♦", "A♠", "K♠", "Q♠", "6♣", "7♣", "8♣"],
    2: ["8♦", "7♦", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "A♥", "K♥", "Q♥", "J♥"],
    0: ["6♦", "10♥", "9♥", "8♥", "7♥", "6♥", "A♣", "K♣", "Q♣", "J♣", "10♣", "9♣"],
}
NINETY_NINE_AWAY = {0: ["6♦", "10♥", "9♥"], 1: ["6♣", "7♣", "8♣"], 2: ["8♦", "7♦", "6♠"]}


def test_ninety_nine_bids_by_laying_cards_away():
    s = S.stacked_game(_load("ninety-nine"), 3, deal_order(NINETY_NINE, [1, 2, 0]))
    for p in (0, 1, 2):
        for i, c in enumerate(NINETY_NINE_AWAY[p]):
            left = [x for x in NINETY_NINE[p] if x not in NINETY_NINE_AWAY[p][:i]]
            turn(s, p, [f"select {x}" for x in left], ("select", c))
    # a diamond 0, a spade 1, a heart 2, a club 3: seat 0 bids 0 + 2 + 2, seat 1 nine, seat 2 one
    assert _v(s, "bid") == [4, 9, 1]
    assert _v(s, "trumps") == "diamonds"
    # 1: seat 1 (the dealer's left) leads A♦: nobody else has a diamond left: anything
    turn(s, 1, [c for c in NINETY_NINE[1] if c not in NINETY_NINE_AWAY[1]], "A♦")
    turn(s, 2, ["J♠", "10♠", "9♠", "8♠", "7♠", "A♥", "K♥", "Q♥", "J♥"], "7♠")
    turn(s, 0, ["8♥", "7♥", "6♥", "A♣", "K♣", "Q♣", "J♣", "10♣", "9♣"], "9♣")
    # seat 1 holds every trump left and the top spades: he leads and wins every trick
    for c in ["K♦", "Q♦", "J♦", "10♦", "9♦", "A♠", "K♠", "Q♠"]:
        assert G.current_player(s) == 1
        S.play(s, c)
        S.play(s, G.legal_actions(s)[0])
        S.play(s, G.legal_actions(s)[0])
    # seat 1 took nine as bid and is the only one: 9 + 30; the others took none and bid more
    assert _v(s, "score") == [0, 39, 0]
    # the next hand: spades are trumps, seat 1 deals, seat 2 leads after the bids
    assert _v(s, "trumps") == "spades"


@pytest.mark.parametrize("name, count", [("jass", 3), ("five-hundred", 2)])
def test_the_scenarios_pass_with_rules_test(name, count):
    proc = subprocess.run([sys.executable, "-m", "interpreter", "test", str(HERE / f"{name}.scenario.yaml")],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{count} scenario(s): {count} passed, 0 failed" in proc.stdout


def _commands(name):
    path = str(HERE / f"{name}.yaml")
    for args in (["validate", path], ["explain", path], ["simulate", path, "-n", "20", "--check", "--seed", "3"]):
        proc = subprocess.run([sys.executable, "-m", "interpreter", *args], capture_output=True, text=True,
                              cwd=ROOT)
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, (args, proc.stdout, proc.stderr)
        if args[0] == "simulate":
            assert "no violation" in proc.stdout, proc.stdout


@pytest.mark.parametrize("name", ["five-hundred", "jass"])
def test_the_commands_run_on_the_rulesets(name):
    _commands(name)


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_the_commands_run_on_the_rulesets_soak(name):
    _commands(name)


def test_an_order_by_cases_without_otherwise_is_warned_about(tmp_path):
    # Belote's order with the plain suits forgotten: every plain card would rank alike (-1), so the
    # first card of the suit led would win every trick without a trump, without a word
    path = _variant(tmp_path, "belote", "orders:\n  power:\n    otherwise: null\n")
    code, out = _validate(path)
    assert code == 0
    assert "variant.yaml:4:3: warning: order 'power' has no 'otherwise'" in out, out
    assert "hint: add otherwise:" in out
    code, out = _validate(HERE / "belote.yaml")
    assert "0 warning(s)" in out


def test_explain_brackets_a_sum_followed_by_more_arithmetic():
    # Jass: sum(team_members(t), p => total(...)) + (5 if last == t else 0) + ...: the 5 for the last
    # trick is added once to the side's sum, not to each player's total
    proc = subprocess.run([sys.executable, "-m", "interpreter", "explain", str(HERE / "jass.yaml")],
                          capture_output=True, text=True, cwd=ROOT)
    line = next(x for x in proc.stdout.splitlines() if "Set the team's *made*" in x)
    assert "*made* to (the sum, over the players of the team, of the total of the pts of the cards in the " \
           "player's *won*) plus (5 if" in line, line


def test_an_order_listing_a_rank_twice_is_warned_about(tmp_path):
    # the Belote trump order with the Jack written twice: the Jack would rank at its last place
    path = _variant(tmp_path, "belote", 'orders:\n  trumporder: ["7", "8", Q, K, "10", A, "9", J, J]\n')
    code, out = _validate(path)
    assert code == 0
    assert "variant.yaml:4:3: warning: order 'trumporder' lists the rank(s) J more than once" in out, out


def test_a_list_of_ranks_as_a_tricks_order_says_to_name_it(tmp_path):
    # a designer writes the Obenabe order in place in the tricks step
    path = _variant(tmp_path, "belote", 'hand:\n  $items:\n    6:\n      tricks:\n'
                    '        order: ["7", "8", "9", J, Q, K, "10", A]\n')
    code, out = _validate(path)
    assert code != 0
    assert "variant.yaml:7:16: error: 'order' takes the name of an order, not a list of ranks" in out, out
    assert "hint: declare the list under 'orders:' with a name" in out


def test_explain_reads_the_winner_of_a_trick_by_strength():
    # trick_players[position(trick, first(argmax(trick, c => strength(c))))], the usual winner rule of
    # a game with bowers or a joker: it read "the item of trick_players in the place the first of the
    # cards with the highest strength of it among trick has in trick"
    proc = subprocess.run([sys.executable, "-m", "interpreter", "explain", str(ROOT / "rulesets/euchre/euchre.yaml")],
                          capture_output=True, text=True, cwd=ROOT)
    assert "The trick goes to the player who played the first of the cards with the highest strength " \
           "among *trick*." in proc.stdout, proc.stdout
    proc = subprocess.run([sys.executable, "-m", "interpreter", "explain", str(HERE / "belote.yaml")],
                          capture_output=True, text=True, cwd=ROOT)
    assert "- **best**: the first of the cards with the highest strength among *trick*" in proc.stdout


def test_a_card_of_a_suit_not_chosen_yet_says_none(tmp_path):
    # belote-rebelote looked for before trumps are named: card("K", trumps) with trumps none
    path = _variant(tmp_path, "belote", 'hand:\n  $items:\n    3:\n      set: {taker: left_of(dealer), belote: '
                    '"1 if contains(hand[0], card(\\"K\\", trumps)) else -1"}\n')
    code, out = _validate(path)
    assert code != 0
    assert "no card of rank 'K' and suit none (not set yet?)" in out, out
    assert "suit None" not in out


def test_a_rank_named_joker_hints_is_joker(tmp_path):
    # Five Hundred: a designer tests c.rank == "Joker"; the hint was "did you mean "J"?"
    path = _variant(tmp_path, "five-hundred", 'end:\n  after_hand: any(players, p => any(hand[p], '
                    'c => c.rank == "Joker")) or any(teams, t => score[t] >= target)\n')
    code, out = _validate(path)
    assert code != 0 and 'there is no rank "Joker" in this pack' in out, out
    assert "hint: a joker has no rank or suit of its own: test it with c.is_joker" in out


def _marks_hold(name, seeds):
    """Every seat watches random games; what it marks as not held must be true of the real cards:
    a mark (q, card, zone) says card is not in q's part of zone."""
    from interpreter.bots.sampling import Watcher, _private_owner_zones
    rules = _load(name)
    marks = fallbacks = 0
    for seed in seeds:
        s, rng = G.new_game(rules, 3, seed), random.Random(seed)
        watchers = [Watcher(p, random.Random(p)) for p in range(3)]
        while not G.is_over(s):
            for w in watchers:
                w.observe(s)
                for m in w.excluded:
                    q, c = m[0], m[1]
                    zones = [m[2]] if len(m) == 3 else _private_owner_zones(rules)
                    assert all(c not in s.z[z][q] for z in zones), (seed, w.player, q, S.names(s, [c]))
                    marks += 1
            if G.current_player(s) == 0 and s.tricks:
                watchers[0].sample(s)
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
        fallbacks += watchers[0].fallbacks
    return marks, fallbacks


def test_a_void_shown_in_the_hand_says_nothing_of_the_cards_laid_away():
    # Ninety-Nine: a player who lays three clubs away to bid and then shows a void in clubs still holds
    # those clubs face down: the watchers marked the void against all of the player's private zones,
    # so worlds never put clubs among the bid cards (and the real deal was ruled out: fallbacks)
    marks, fallbacks = _marks_hold("ninety-nine", range(2))
    assert marks > 100 and fallbacks == 0
